package world

import (
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/nyaruka/phonenumbers"
)

var (
	realismSeed   = flag.Int64("realism.seed", 0, "seed of the world TestRealism draws (0: a random one)")
	realismPeople = flag.Int("realism.people", 20000, "people of the world TestRealism draws (make realism: also 1,000,000)")
)

// realismWorld builds a world of 20,000 people (-realism.people) from a seed drawn
// for this run (or given with -realism.seed), and logs the seed so that a
// failure can be replayed.
func realismWorld(t *testing.T) *World {
	t.Helper()
	seed := *realismSeed
	if seed == 0 {
		seed = rand.Int64N(1<<31) + 1
	}
	t.Logf("world seed %d of %d people (replay with -realism.seed=%d -realism.people=%d)", seed, *realismPeople, seed, *realismPeople)
	return New(Config{Seed: seed, People: *realismPeople})
}

// TestRealism checks, over a drawn world, what a careful reader of
// profiles would notice: first the counted points (realismChecks, each
// with the share it may not exceed, at the world's start and ten years
// on), logged as a table; then the checks of single cases.
func TestRealism(t *testing.T) {
	w := realismWorld(t)
	later, err := w.Advance(3650)
	if err != nil {
		t.Fatal(err)
	}
	checks := slices.Concat(careerChecks, careerFlowChecks, companyChecks, companyFitChecks, nameChecks, lifeChecks,
		educationChecks, degreeChecks, timeChecks, phoneChecks, proseChecks, addressChecks)
	table := []string{"| what a reader counts | allowed | at the start | ten years on |", "|---|---|---|---|"}
	for _, c := range checks {
		row := fmt.Sprintf("| %s | %s |", c.name, c.allowed())
		var start tally
		for k, world := range []*World{w, later} {
			if k == 1 && c.startOnly {
				row += " (same) |"
				continue
			}
			if k == 0 && c.laterOnly {
				row += " (later only) |"
				continue
			}
			n := c.count(world)
			row += " " + n.String() + " |"
			if k == 0 {
				start = n
			}
			if !c.ok(n, start, k == 1) {
				when := "at the start"
				if k == 1 {
					when = "ten years on"
				}
				t.Errorf("%s %s: %s, allowed %s; for example %s", c.name, when, n, c.allowed(), strings.Join(n.examples, "; "))
			}
		}
		table = append(table, row)
	}
	t.Logf("counts of a world of %d people:\n%s", w.Len(), strings.Join(table, "\n"))

	t.Run("profile URL among social", func(t *testing.T) { checkProfileURLInSocial(t, w) })
	t.Run("names in Latin script", func(t *testing.T) { checkLatinNames(t, w) })
	t.Run("area codes of the state", func(t *testing.T) { checkAreaCodes(t, w) })
	t.Run("degrees fit fields", func(t *testing.T) { checkDegrees(t, w) })
	t.Run("skills fit jobs", func(t *testing.T) { checkSkills(t, w) })
	t.Run("real schools", func(t *testing.T) { checkSchools(t, w) })
	t.Run("company text", func(t *testing.T) { checkCompanies(t, w) })
	t.Run("place names", func(t *testing.T) { checkPlaceNames(t, w) })
	t.Run("courses distinct", func(t *testing.T) { checkCourses(t, w) })
}

// realismCheck is one point a skeptical reader counts over a world: how
// many of how many things are wrong, and the share of them allowed.
type realismCheck struct {
	name      string  // what is counted, as docs/emulator.md's table says it
	limit     float64 // the share allowed: 0 for none
	startOnly bool    // a property of the generated world that its clock does not change
	laterOnly bool    // a property of the world's clock only: counted ten years on
	// floorOfStart, when not zero, is instead of limit the least share
	// ten years on, as a fraction of the start's share: a share the
	// world's renewal keeps up.
	floorOfStart float64
	// nearChance, when set, is instead of limit that the count (the
	// tally's bad) is what chance gives (the tally's whole), within a
	// factor of 2 or of 3 standard deviations and 3, whichever is wider.
	nearChance bool
	count      func(w *World) tally
}

// allowed says the limit as the table shows it.
func (c realismCheck) allowed() string {
	if c.floorOfStart > 0 {
		return fmt.Sprintf("later ≥ %.4g %% of start", c.floorOfStart*100)
	}
	if c.nearChance {
		return "chance ÷ 2 to × 2, or ± 3 σ"
	}
	if c.limit == 0 {
		return "none"
	}
	return fmt.Sprintf("≤ %.4g %%", c.limit*100)
}

// ok reports whether a count is within the limit; for a floor, whether
// the count ten years on keeps its share of the start's.
func (c realismCheck) ok(n, start tally, later bool) bool {
	if c.floorOfStart > 0 {
		if !later || start.of == 0 {
			return true
		}
		return n.of > 0 && float64(n.bad)*float64(start.of) >= c.floorOfStart*float64(start.bad)*float64(n.of)
	}
	if c.nearChance {
		// Within a factor of 2, or of 3 standard deviations and 3. The
		// things counted come in pairs at least (two namesakes), so
		// their variance is twice a count of single events'.
		got, want := float64(n.bad), float64(n.of)
		return math.Abs(got-want) <= 3*math.Sqrt(2*want)+3 || got >= want/2 && got <= 2*want
	}
	if c.limit == 0 {
		return n.bad == 0
	}
	return n.of > 0 && float64(n.bad) <= c.limit*float64(n.of)
}

// tally is a count of bad things among all those looked at, with the
// first few bad ones described.
type tally struct {
	bad, of  int
	examples []string
}

// maxExamples is how many bad cases a tally describes.
const maxExamples = 5

// add looks at one more thing, bad or not; a bad one is described by
// the format and its arguments while fewer than maxExamples are.
func (n *tally) add(bad bool, format string, args ...any) {
	n.of++
	if !bad {
		return
	}
	n.bad++
	if len(n.examples) < maxExamples {
		n.examples = append(n.examples, fmt.Sprintf(format, args...))
	}
}

// String says "3 of 600 (0.5 %)".
func (n tally) String() string {
	if n.of == 0 {
		return "0 of 0"
	}
	share := 100 * float64(n.bad) / float64(n.of)
	if share >= 10 {
		// Whole percents: two digits of a count past 100 % read "1e+02".
		return fmt.Sprintf("%d of %d (%.0f %%)", n.bad, n.of, share)
	}
	return fmt.Sprintf("%d of %d (%.2g %%)", n.bad, n.of, share)
}

// Everyone is found by their profile URL, so every profile lists it among
// its social links, with contacts and without.
func checkProfileURLInSocial(t *testing.T, w *World) {
	for i := range w.Len() {
		p := w.Person(i)
		if q, ok := w.Find(p.ProfileURL()); !ok || q != p {
			t.Fatalf("person %d is not found by %s", i, p.ProfileURL())
		}
		for _, without := range []bool{false, true} {
			var c struct {
				Social []struct{ Type, Link string }
			}
			if err := json.Unmarshal(w.Candidate(p, without), &c); err != nil {
				t.Fatal(err)
			}
			if !slices.ContainsFunc(c.Social, func(s struct{ Type, Link string }) bool {
				return s.Type == "li" && s.Link == p.ProfileURL()
			}) {
				t.Fatalf("person %d (withoutContacts %v): social %v lacks %s", i, without, c.Social, p.ProfileURL())
			}
		}
	}
}

// Full names are in Latin script; native spellings are rare alternative
// names.
func checkLatinNames(t *testing.T, w *World) {
	native := 0
	for i := range w.Len() {
		p := w.Person(i)
		for _, r := range p.FullName {
			if unicode.IsLetter(r) && !unicode.Is(unicode.Latin, r) {
				t.Fatalf("person %d: %q is not in Latin script", i, p.FullName)
			}
		}
		if strings.ContainsFunc(p.AltName, func(r rune) bool { return unicode.IsLetter(r) && !unicode.Is(unicode.Latin, r) }) {
			native++
		}
	}
	if native == 0 || native > w.Len()/20 {
		t.Errorf("%d native-script alternative names in %d people, want a few", native, w.Len())
	}
}

// A US or Canadian number's area code is of the owner's state or province
// (El Paso gets 915, not Maine's 207), and the country's numbers use many
// area codes.
func checkAreaCodes(t *testing.T, w *World) {
	regionOf := map[string]Region{}
	for _, r := range w.Regions() {
		regionOf[r.Country+"/"+r.Code] = r
	}
	codes := map[uint64]bool{}
	checked, ownCity := 0, 0
	for i := range w.Len() {
		p := w.Person(i)
		pl := w.Places()[p.City]
		reg, ok := regionOf[pl.Country+"/"+pl.Admin1]
		if !ok {
			continue
		}
		for _, ph := range p.Phones {
			num, err := phonenumbers.Parse(ph.E164(), "")
			if err != nil {
				t.Fatal(err)
			}
			desc, _ := phonenumbers.GetGeocodingForNumber(num, "en")
			city, state, isCity := strings.Cut(desc, ", ")
			switch {
			case desc == "Washington D.C." && reg.Abbreviation == "DC":
			case isCity && state == reg.Abbreviation, !isCity && desc == reg.Name:
			default:
				t.Errorf("%s in %s is a number of %q", ph.E164(), pl.Display, desc)
			}
			if isCity && strings.HasPrefix(pl.Name, city) {
				ownCity++
			}
			codes[ph.Number/10_000_000%1000] = true
			checked++
		}
	}
	if checked < 300 || len(codes) < 80 {
		t.Errorf("%d US and Canadian numbers use %d area codes; want many of both", checked, len(codes))
	}
	if ownCity < checked/3 {
		t.Errorf("only %d of %d numbers are of the owner's own city", ownCity, checked)
	}
}

// Degrees fit their field ("Bachelor of Laws" is a law degree) and the
// system of the school's country.
func checkDegrees(t *testing.T, w *World) {
	s := w.schools
	count := 0
	for i := range w.Len() {
		p := w.Person(i)
		for _, ed := range p.Education {
			if ed.Degree == 0 {
				continue
			}
			country := w.Places()[w.Universities()[ed.University].City].Country
			k := s.kinds[ed.Field]
			ok := slices.Contains(bachelorsOf[k], ed.Degree) || slices.Contains(mastersOf[k], ed.Degree) ||
				slices.Contains(doctoratesOf[k], ed.Degree) || slices.Contains(shortDegrees, ed.Degree) ||
				ed.Degree == degMBA && ed.Field == s.businessField ||
				ed.Degree == degBachelor || ed.Degree == degMaster || ed.Degree == degDiploma || ed.Degree == degPhD
			if !ok {
				t.Errorf("person %d: %s in %s", i, degreeNames[ed.Degree], s.fields[ed.Field])
			}
			if !degreeFits(ed.Degree, country) {
				t.Errorf("person %d: a %s in %s", i, degreeNames[ed.Degree], country)
			}
			count++
		}
	}
	if count < w.Len() {
		t.Errorf("only %d degrees in %d people", count, w.Len())
	}
}

// Every skill is a generic one, one of the work of a role the person held,
// or (for someone who has led people) one of running a business: no
// Kubernetes for a civil engineer.
func checkSkills(t *testing.T, w *World) {
	v := w.skills
	for i := range w.Len() {
		p := w.Person(i)
		allowed := map[SkillID]bool{}
		for _, s := range v.generic {
			allowed[s] = true
		}
		for _, j := range p.Jobs {
			for _, s := range v.byFamily[j.fam] {
				allowed[s] = true
			}
			if j.fam == famGeneral || leads(w.Title(j.Title).Level) {
				for _, s := range v.byFamily[famGeneral] {
					allowed[s] = true
				}
			}
		}
		if len(p.Jobs) == 0 {
			continue // not worked yet: the skills of what they studied for
		}
		for _, s := range p.Skills {
			if !allowed[s] {
				var titles []string
				for _, j := range p.Jobs {
					titles = append(titles, w.Title(j.Title).Name)
				}
				t.Fatalf("person %d (%s) lists %q", i, strings.Join(titles, ", "), v.names[s])
			}
		}
	}
	// The cases a reader noticed.
	civil := slices.IndexFunc(w.Titles(), func(t Title) bool { return t.Name == "Junior Civil Engineer" })
	for _, s := range []string{"AWS", "Java", "Rust", "Kubernetes"} {
		id := SkillID(slices.Index(v.names, s))
		if slices.Contains(v.byFamily[w.titles.fam[civil]], id) {
			t.Errorf("a civil engineer's skills include %s", s)
		}
	}
	// A role's skills are not those of another role of its line.
	for _, c := range []struct {
		f       family
		title   string
		foreign []string
	}{
		{famSoftware, "Senior DevOps Engineer", []string{"Swift", "iOS Development", "React"}},
		{famSoftware, "Frontend Developer", []string{"Kubernetes", "Terraform", "Swift"}},
		{famFinance, "Tax Advisor", []string{"Financial Modeling", "Auditing"}},
		{famClinical, "Registered Nurse", []string{"Surgery", "Pharmacy", "Medicine"}},
	} {
		k := slices.IndexFunc(w.Titles(), func(t Title) bool { return t.Name == c.title })
		if k < 0 {
			t.Errorf("no title %q", c.title)
			continue
		}
		for _, s := range c.foreign {
			id := slices.Index(v.names, s)
			if id < 0 {
				t.Errorf("no skill %q", s)
			} else if slices.Contains(v.ofTitle[c.f][k], SkillID(id)) {
				t.Errorf("a %s's skills include %s", c.title, s)
			}
		}
	}
}

// Schools are mostly the country's real, well-known ones.
func checkSchools(t *testing.T, w *World) {
	real, all := 0, 0
	famous := map[int32]bool{}
	for _, ids := range w.schools.famous {
		for _, id := range ids {
			famous[id] = true
		}
	}
	for i := range w.Len() {
		for _, ed := range w.Person(i).Education {
			if famous[ed.University] {
				real++
			}
			all++
		}
	}
	if real < all*3/5 {
		t.Errorf("%d of %d schools are real ones, want most", real, all)
	}
	for _, u := range w.Universities() {
		if strings.HasSuffix(u.Name, " University") && !famous[int32(slices.Index(w.Universities(), u))] {
			t.Errorf("invented school %q reads like a real one", u.Name)
		}
	}
}

// articleSlip finds "is a" before a vowel or "is an" before a consonant:
// the description says what the company "is".
var articleSlip = regexp.MustCompile(` is (a [aeiouAEIOU]|an [^aeiouhAEIOUH])`)

// Company descriptions use the right article; legal forms are those of
// the company's country; foreign employers are multinationals; head
// counts and founding years fit the industry; offices are where the
// company does business.
func checkCompanies(t *testing.T, w *World) {
	forms := map[string]string{} // legal form → country
	for cc, fs := range legalForms {
		for _, f := range fs {
			forms[f] = cc
		}
	}
	homonyms := map[string]int{} // "CC/City" → places of that name
	for _, pl := range w.Places() {
		homonyms[pl.Country+"/"+pl.Name]++
	}
	centres := map[string]bool{}
	for _, key := range businessCentres {
		centres[key] = true
	}
	for _, c := range w.Companies() {
		var info companyInfoJSON
		if err := json.Unmarshal(w.CompanyInfo(c), &info); err != nil {
			t.Fatal(err)
		}
		if m := articleSlip.FindString(info.Description); m != "" {
			t.Errorf("%q: %q", info.Description, m)
		}
		hq := w.Places()[c.City]
		own := slices.ContainsFunc(legalForms[hq.Country], func(f string) bool { return strings.HasSuffix(c.Name, " "+f) })
		for f, cc := range forms {
			if strings.HasSuffix(c.Name, " "+f) && !own {
				t.Errorf("%s (%s) carries the legal form of %s", c.Name, hq.Country, cc)
			}
		}
		ind := w.Industry(c.Industry)
		if limit, ok := industryMaxStaff[ind]; ok && c.StaffCount > limit && c.StaffCount > int32(len(w.Employees(c, ""))) {
			t.Errorf("%s (%s) has %d staff", c.Name, ind, c.StaffCount)
		}
		if first, ok := industryFirstYear[ind]; ok && int(c.Founded) < first {
			t.Errorf("%s (%s) was founded in %d", c.Name, ind, c.Founded)
		}
		cities := map[string]bool{}
		for k, o := range info.ConfirmedLocations {
			if k > 0 && o.Country != hq.Country && !centres[o.Country+"/"+o.City] {
				t.Errorf("%s of %s has an office in %s, %s", c.Name, hq.Country, o.City, o.Country)
			}
			if cities[o.Country+"/"+o.City] && homonyms[o.Country+"/"+o.City] == 1 {
				t.Errorf("%s has two offices in %s, %s", c.Name, o.City, o.Country)
			}
			cities[o.Country+"/"+o.City] = true
		}
	}
	for i := range w.Len() {
		p := w.Person(i)
		country := w.Places()[p.City].Country
		for _, j := range p.Jobs {
			c := w.Company(j.Company)
			if hq := w.Places()[c.City].Country; hq != country && c.StaffCount < multinational {
				t.Fatalf("person %d in %s works for %s, a small company of %s", i, country, c.Name, hq)
			}
		}
	}
}

// Places show their conventional English names: no scholarly
// transliteration marks, no neighbourhood as a home.
func checkPlaceNames(t *testing.T, w *World) {
	for i := range w.Len() {
		pl := w.Places()[w.Person(i).City]
		if transliterated[pl.Country] && strings.ContainsFunc(pl.Name, func(r rune) bool { return r > unicode.MaxASCII }) {
			t.Errorf("%s is not in conventional English", pl.Display)
		}
		if w.geo.cityOf[w.Person(i).City] != w.Person(i).City {
			t.Errorf("person %d lives in the neighbourhood %s", i, pl.Display)
		}
	}
	for _, tc := range []struct{ country, name string }{{"IN", "Bengaluru"}, {"IN", "Mumbai"}} {
		found := false
		for _, pl := range w.Places() {
			if pl.Country == tc.country && pl.Name == tc.name && len(pl.Aliases) > 0 {
				found = true
			}
		}
		if !found {
			t.Errorf("%s has no aliases", tc.name)
		}
	}
}

// A course appears at most once in a profile.
func checkCourses(t *testing.T, w *World) {
	seen := 0
	for i := range w.Len() {
		var c struct{ Course []struct{ Name string } }
		if err := json.Unmarshal(w.Candidate(w.Person(i), false), &c); err != nil {
			t.Fatal(err)
		}
		names := map[string]bool{}
		for _, k := range c.Course {
			if names[k.Name] {
				t.Fatalf("person %d lists the course %q twice", i, k.Name)
			}
			names[k.Name] = true
		}
		if len(c.Course) > 1 {
			seen++
		}
	}
	if seen == 0 {
		t.Error("nobody lists two courses: the check checked nothing")
	}
}
