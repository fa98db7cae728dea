package world

import (
	"bytes"
	"encoding/hex"
	"reflect"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"
	"unicode"
)

func TestDeterministic(t *testing.T) {
	cfg := Config{Seed: 7, People: 3*chunk + 100}
	a := New(cfg)
	// The second build runs on one core: how the work is split must not
	// change the world.
	procs := runtime.GOMAXPROCS(1)
	b := New(cfg)
	runtime.GOMAXPROCS(procs)
	if a.Len() != b.Len() {
		t.Fatalf("Len %d != %d", a.Len(), b.Len())
	}
	for i := range a.Len() {
		if !reflect.DeepEqual(*a.Person(i), *b.Person(i)) {
			t.Fatalf("person %d differs between builds:\n%+v\n%+v", i, *a.Person(i), *b.Person(i))
		}
		if i%4 != 0 {
			continue
		}
		for _, wc := range []bool{false, true} {
			ca, cb := a.Candidate(a.Person(i), wc), b.Candidate(b.Person(i), wc)
			if !bytes.Equal(ca, cb) {
				t.Fatalf("person %d (withoutContacts=%v) differs between builds:\n%s\n%s", i, wc, ca, cb)
			}
		}
	}
	for i, c := range a.Companies() {
		if !bytes.Equal(a.CompanyInfo(c), b.CompanyInfo(b.Companies()[i])) {
			t.Fatalf("company %d differs between builds", i)
		}
	}
	if !reflect.DeepEqual(a.Sample(50), b.Sample(50)) {
		t.Fatal("Sample differs between builds")
	}
	// Rendering twice from one world gives the same bytes too.
	if !bytes.Equal(a.Candidate(a.Person(5), false), a.Candidate(a.Person(5), false)) {
		t.Fatal("Candidate is not stable within one world")
	}

	other := New(Config{Seed: 8, People: 100})
	if other.Person(0).UID == a.Person(0).UID {
		t.Error("seeds 7 and 8 built the same first person")
	}
}

func TestDefaults(t *testing.T) {
	w := testWorld()
	if w.Len() != DefaultPeople {
		t.Errorf("Len = %d, want %d", w.Len(), DefaultPeople)
	}
	if got := w.Now(); got != MonthOf(2026, time.January) {
		t.Errorf("Now = %v-%v, want 2026-01", got.Year(), got.Month())
	}
	// Seed 0 means seed 1.
	a, b := New(Config{People: 50}), New(Config{Seed: 1, People: 50})
	if !bytes.Equal(a.Candidate(a.Person(3), false), b.Candidate(b.Person(3), false)) {
		t.Error("Config{Seed: 0} differs from Config{Seed: 1}")
	}
	if n := len(w.Companies()); n < w.Len()/30 || n > w.Len()/15 {
		t.Errorf("%d companies for %d people, want one per 15 to 30", n, w.Len())
	}
}

var (
	slugRE  = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	emailRE = regexp.MustCompile(`^[a-z0-9._]+@[a-z0-9.-]+\.[a-z]{2,}$`)
	e164RE  = regexp.MustCompile(`^\+[1-9][0-9]{6,14}$`)
)

func TestIdentifiersUnique(t *testing.T) {
	w := testWorld()
	seen := map[string]int{}
	claim := func(kind, v string, i int) {
		t.Helper()
		if j, dup := seen[kind+v]; dup {
			t.Fatalf("%s %q belongs to persons %d and %d", kind, v, j, i)
		}
		seen[kind+v] = i
	}
	for i := range w.Len() {
		p := w.Person(i)
		if p.Index != int32(i) {
			t.Fatalf("Person(%d).Index = %d", i, p.Index)
		}
		uid := p.UID.String()
		if len(uid) != 32 || strings.ToLower(uid) != uid {
			t.Fatalf("uid %q is not 32 lower-case hex digits", uid)
		}
		claim("uid", uid, i)
		if !slugRE.MatchString(p.Slug) {
			t.Fatalf("slug %q is not lower-case ASCII words joined by hyphens", p.Slug)
		}
		claim("slug", p.Slug, i)
		if len(p.Emails) > 3 || len(p.Phones) > 2 {
			t.Fatalf("person %d has %d e-mails and %d phones", i, len(p.Emails), len(p.Phones))
		}
		for _, e := range p.Emails {
			if !emailRE.MatchString(e.Address) {
				t.Fatalf("e-mail %q is not a lower-case address", e.Address)
			}
			claim("email", e.Address, i)
		}
		for _, ph := range p.Phones {
			if !e164RE.MatchString(ph.E164()) {
				t.Fatalf("phone %q is not E.164", ph.E164())
			}
			claim("phone", ph.E164(), i)
		}
	}
}

func TestWorkEmailsAtCurrentEmployer(t *testing.T) {
	w := testWorld()
	works := 0
	for i := range w.Len() {
		p := w.Person(i)
		for _, e := range p.Emails {
			if e.Kind != EmailWork {
				continue
			}
			works++
			job, ok := p.CurrentJob()
			if !ok {
				t.Fatalf("%s has a work e-mail %s but no current job", p.FullName, e.Address)
			}
			if domain := w.Company(job.Company).Domain; !strings.HasSuffix(e.Address, "@"+domain) {
				t.Fatalf("work e-mail %s is not at the employer's domain %s", e.Address, domain)
			}
		}
	}
	if works < w.Len()/4 {
		t.Errorf("only %d work e-mails in %d people", works, w.Len())
	}
}

// Names are written in Latin script, as on a professional network; the
// native spelling of a non-Latin name shows up only now and then, as an
// alternative name.
func TestNamesAndScripts(t *testing.T) {
	w := testWorld()
	tables := map[string]*unicode.RangeTable{
		"Cyrillic": unicode.Cyrillic, "Greek": unicode.Greek, "Arabic": unicode.Arabic,
		"Hebrew": unicode.Hebrew, "Devanagari": unicode.Devanagari, "Han": unicode.Han,
		"Hangul": unicode.Hangul,
	}
	native := map[string]int{}
	diacritics, alt := 0, 0
	// Everyone generated, the newcomers of the next ten years too: a
	// script of few people (Hangul) shows in a few alternative names.
	for i := range w.people {
		p := &w.people[i]
		if p.FullName == "" || p.FirstName == "" || p.LastName == "" {
			t.Fatalf("person %d has an empty name part: %q %q %q", i, p.FirstName, p.LastName, p.FullName)
		}
		if !strings.Contains(p.FullName, p.FirstName) || !strings.Contains(p.FullName, p.LastName) {
			t.Fatalf("full name %q does not contain %q and %q", p.FullName, p.FirstName, p.LastName)
		}
		if p.Script != ScriptLatin {
			t.Fatalf("person %d: %q is in %v script", i, p.FullName, p.Script)
		}
		for _, r := range p.FullName {
			if unicode.IsLetter(r) && !unicode.Is(unicode.Latin, r) {
				t.Fatalf("person %d: full name %q has the non-Latin letter %q", i, p.FullName, r)
			}
		}
		if strings.ContainsFunc(p.FullName, func(r rune) bool { return r > unicode.MaxASCII }) {
			diacritics++
		}
		if p.AltName != "" {
			alt++
		}
		for name, table := range tables {
			if strings.ContainsFunc(p.AltName, func(r rune) bool { return unicode.Is(table, r) }) {
				native[name]++
			}
		}
	}
	for name := range tables {
		if native[name] == 0 {
			t.Errorf("no alternative name in %s script in %d people", name, len(w.people))
		}
	}
	if alt > len(w.people)/10 {
		t.Errorf("%d alternative names in %d people, want them rare", alt, len(w.people))
	}
	if diacritics < w.Len()/20 {
		t.Errorf("only %d Latin names with diacritics", diacritics)
	}
}

func TestSlugify(t *testing.T) {
	for _, tc := range []struct{ in, slug, mail string }{
		{"José", "jose", "jose"},
		{"Łukasz", "lukasz", "lukasz"},
		{"Zoë", "zoe", "zoe"},
		{"Søren", "soren", "soren"},
		{"O'Brien", "obrien", "obrien"},
		{"van den Berg", "van-den-berg", "vandenberg"},
		{"Al-Otaibi", "al-otaibi", "alotaibi"},
		{"Groß", "gross", "gross"},
		{"Nguyễn", "nguyen", "nguyen"},
		{"Đorđević", "dordevic", "dordevic"},
	} {
		if got := slugify(tc.in); got != tc.slug {
			t.Errorf("slugify(%q) = %q, want %q", tc.in, got, tc.slug)
		}
		if got := mailify(tc.in); got != tc.mail {
			t.Errorf("mailify(%q) = %q, want %q", tc.in, got, tc.mail)
		}
	}
}

func TestLocations(t *testing.T) {
	w := testWorld()
	us, other := 0, 0
	for i := range w.Len() {
		pl := w.Places()[w.Person(i).City]
		switch pl.Country {
		case "US", "CA":
			us++
			region := ""
			for _, r := range w.Regions() {
				if r.Country == pl.Country && r.Code == pl.Admin1 {
					region = r.Name
				}
			}
			want := pl.Name + ", " + region + ", " + w.CountryName(pl.Country)
			if strings.Contains(pl.Name, ", ") { // "Washington, D.C." says its region already
				want = pl.Name + ", " + w.CountryName(pl.Country)
			}
			if region == "" || pl.Display != want {
				t.Fatalf("US/CA location %q is not City, State, Country", pl.Display)
			}
		default:
			other++
			if pl.Display != pl.Name+", "+w.CountryName(pl.Country) {
				t.Fatalf("location %q is not City, Country", pl.Display)
			}
		}
	}
	if us == 0 || other == 0 {
		t.Errorf("%d people in the US and Canada, %d elsewhere; want both", us, other)
	}
	for _, tc := range []struct{ name, country, want string }{
		{"Austin", "US", "Austin, Texas, United States"},
		{"Berlin", "DE", "Berlin, Germany"},
		{"Toronto", "CA", "Toronto, Ontario, Canada"},
		{"Washington, D.C.", "US", "Washington, D.C., United States"},
		{"Dhule", "IN", "Dhule, India"},
		{"Ludhiana", "IN", "Ludhiana, India"},
		{"Cologne", "DE", "Cologne, Germany"},
		{"Tolyatti", "RU", "Tolyatti, Russia"},
	} {
		found := false
		for _, pl := range w.Places() {
			if pl.Name == tc.name && pl.Country == tc.country {
				found = true
				if pl.Display != tc.want {
					t.Errorf("%s displays as %q, want %q", tc.name, pl.Display, tc.want)
				}
				break
			}
		}
		if !found {
			t.Errorf("%s, %s not in the gazetteer", tc.name, tc.country)
		}
	}
}

func TestReferenceData(t *testing.T) {
	w := testWorld()
	for _, tc := range []struct {
		what      string
		got, want int
	}{
		{"places", len(w.Places()), 24323},
		{"countries", len(w.Countries()), 252},
		{"regions", len(w.Regions()), 64},
		{"industries", len(w.Industries()), 147},
	} {
		if tc.got != tc.want {
			t.Errorf("%d %s, want %d", tc.got, tc.what, tc.want)
		}
	}
	wantDepts := []string{"Marketing", "Sales", "Product & Project", "Engineering / Development",
		"Data & Analytics", "Design / UX", "HR & Recruitment", "Finance & Accounting", "Legal / Compliance",
		"Customer Support / Success", "Health, Beauty & Hospitality", "Education & Training",
		"Operations & Admin", "Facility Services", "Entertainment / Production"}
	if got := Departments(); !reflect.DeepEqual(got, wantDepts) {
		t.Errorf("Departments() = %q", got)
	}
	wantLevels := []string{"Intern / Entry Level", "Junior", "Mid-Level", "Senior", "Lead", "Head", "VP",
		"C-Level", "Founder / Owner", "Board / Advisory", "Directors"}
	if got := Levels(); !reflect.DeepEqual(got, wantLevels) {
		t.Errorf("Levels() = %q", got)
	}
}

func TestTitlesImplyDepartmentAndLevel(t *testing.T) {
	w := testWorld()
	byName := map[string]Title{}
	for _, tt := range w.Titles() {
		if _, dup := byName[tt.Name]; dup {
			t.Errorf("title %q appears twice", tt.Name)
		}
		byName[tt.Name] = tt
		if tt.Level == NoLevel || tt.Level.String() == "" {
			t.Errorf("title %q has no level", tt.Name)
		}
	}
	for _, tc := range []struct {
		title string
		dept  Department
		level Level
	}{
		{"VP of Sales", Sales, VP},
		{"Senior Software Engineer", Engineering, Senior},
		{"Founder & CEO", NoDepartment, Founder},
		{"Co-Founder & CTO", Engineering, Founder},
		{"Head of Marketing", Marketing, Head},
		{"Director of Finance", FinanceAccounting, Directors},
		{"Chief Technology Officer", Engineering, CLevel},
		{"Junior Data Analyst", DataAnalytics, Junior},
		{"Marketing Intern", Marketing, Entry},
		{"Lead UX Designer", Design, Lead},
		{"Recruiter", HRRecruitment, MidLevel},
		{"Board Member", NoDepartment, Board},
	} {
		got, ok := byName[tc.title]
		if !ok {
			t.Errorf("title %q not in the vocabulary", tc.title)
			continue
		}
		if got.Department != tc.dept || got.Level != tc.level {
			t.Errorf("%q → %q, %q; want %q, %q", tc.title, got.Department, got.Level, tc.dept, tc.level)
		}
	}
}

func TestPersonDerivedFields(t *testing.T) {
	w := testWorld()
	levels := map[Level]int{}
	for i := range w.Len() {
		p := w.Person(i)
		job, working := p.CurrentJob()
		if !working {
			if p.Department != NoDepartment || p.Level != NoLevel || p.YearsInRole != 0 {
				t.Fatalf("person %d has no current job but department %q level %q", i, p.Department, p.Level)
			}
			continue
		}
		title := w.Title(job.Title)
		if p.Department != title.Department || p.Level != title.Level {
			t.Fatalf("person %d: %q but department %q level %q", i, title.Name, p.Department, p.Level)
		}
		if p.Industry != w.Company(job.Company).Industry {
			t.Fatalf("person %d: industry %d, employer's %d", i, p.Industry, w.Company(job.Company).Industry)
		}
		if p.YearsInRole > p.TotalYears+1 {
			t.Fatalf("person %d: %d years in role but %d in total", i, p.YearsInRole, p.TotalYears)
		}
		levels[p.Level]++
		for k, j := range p.Jobs {
			if !j.Start.IsZero() && !j.End.IsZero() && j.End < j.Start {
				t.Fatalf("person %d job %d ends before it starts", i, k)
			}
			if j.Current != (k == 0 || j.Current && p.Jobs[k-1].Current) {
				t.Fatalf("person %d: current roles are not listed first", i)
			}
		}
	}
	for l := Entry; l < numLevels; l++ {
		if levels[l] == 0 {
			t.Errorf("nobody currently at level %q", l)
		}
	}
}

func TestWeighted(t *testing.T) {
	table := newWeighted([]uint64{1, 0, 3, 0})
	r := newRand(42, streamSample)
	var got [4]int
	for range 40000 {
		got[table.draw(r)]++
	}
	if got[1] != 0 || got[3] != 0 {
		t.Fatalf("zero weights drawn: %v", got)
	}
	if ratio := float64(got[2]) / float64(got[0]); ratio < 2.7 || ratio > 3.3 {
		t.Errorf("draws %v, want about 1:3", got)
	}
}

func TestUIDHex(t *testing.T) {
	p := testWorld().Person(0)
	if _, err := hex.DecodeString(p.UID.String()); err != nil {
		t.Fatal(err)
	}
}
