package search

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/enrich-dev/enrich/emulator/world"
)

// testIndex is one small world and its index, shared by the tests.
var testIndex = sync.OnceValue(func() *Index { return New(world.New(world.Config{People: 4000, Seed: 7})) })

// holds evaluates a query over one text the slow, obvious way.
func holds(n *node, toks []string) bool {
	switch n.op {
	case opTerm:
		return containsRun(toks, n.words)
	case opNot:
		return !holds(n.kids[0], toks)
	case opAnd:
		for _, k := range n.kids {
			if !holds(k, toks) {
				return false
			}
		}
		return true
	}
	for _, k := range n.kids {
		if holds(k, toks) {
			return true
		}
	}
	return false
}

// holdsAny evaluates a query over several texts as one document: each term
// may occur in any of them.
func holdsAny(n *node, texts [][]string) bool {
	switch n.op {
	case opTerm:
		for _, t := range texts {
			if containsRun(t, n.words) {
				return true
			}
		}
		return false
	case opNot:
		return !holdsAny(n.kids[0], texts)
	case opAnd:
		for _, k := range n.kids {
			if !holdsAny(k, texts) {
				return false
			}
		}
		return true
	}
	for _, k := range n.kids {
		if holdsAny(k, texts) {
			return true
		}
	}
	return false
}

// keywordTexts are the texts a person's keywords are matched against.
func keywordTexts(w *world.World, p *world.Person) [][]string {
	var out [][]string
	for _, s := range p.Skills {
		out = append(out, Tokens(w.Skills()[s]))
	}
	for _, j := range p.Jobs {
		out = append(out, Tokens(w.Title(j.Title).Name), Tokens(w.Company(j.Company).Name))
	}
	out = append(out, Tokens(w.Industry(p.Industry)), Tokens(w.Headline(p)), Tokens(w.Summary(p)))
	return append(out, educationTexts(w, p)...)
}

func educationTexts(w *world.World, p *world.Person) [][]string {
	var out [][]string
	for _, e := range p.Education {
		out = append(out, Tokens(w.Universities()[e.University].Name), Tokens(w.Fields()[e.Field]), Tokens(w.Degrees()[e.Degree]))
	}
	return out
}

func mustParse(t *testing.T, ix *Index, body string) *Query {
	t.Helper()
	q, err := ix.Parse([]byte(body))
	if err != nil {
		t.Fatalf("%s: %v", body, err)
	}
	return q
}

// laterIndex indexes the world of testIndex 400 days after its start,
// when career events have changed a good part of it.
var laterIndex = sync.OnceValue(func() *Index {
	w, err := testIndex().World().Advance(400)
	if err != nil {
		panic(err)
	}
	return New(w)
})

// TestRunMatchesBruteForce runs queries through the index and compares
// the matches with a person-by-person evaluation of the same filters, on
// a world at its start and the same world later.
func TestRunMatchesBruteForce(t *testing.T) {
	t.Run("start", func(t *testing.T) { runMatchesBruteForce(t, testIndex()) })
	t.Run("400 days later", func(t *testing.T) { runMatchesBruteForce(t, laterIndex()) })
}

func runMatchesBruteForce(t *testing.T, ix *Index) {
	w := ix.World()
	places := w.Places()
	title := func(q string, current bool) func(*world.Person) bool {
		n, _ := parseQuery(q)
		return func(p *world.Person) bool {
			for _, j := range p.Jobs {
				if (j.Current || !current) && holds(n, Tokens(w.Title(j.Title).Name)) {
					return true
				}
			}
			return false
		}
	}
	company := func(q string, current bool) func(*world.Person) bool {
		n, _ := parseQuery(q)
		return func(p *world.Person) bool {
			for _, j := range p.Jobs {
				if current && !currentAt(p, j.Company) {
					continue
				}
				if holds(n, Tokens(w.Company(j.Company).Name)) {
					return true
				}
			}
			return false
		}
	}
	keywords := func(q string) func(*world.Person) bool {
		n, _ := parseQuery(q)
		return func(p *world.Person) bool { return holdsAny(n, keywordTexts(w, p)) }
	}
	education := func(q string) func(*world.Person) bool {
		n, _ := parseQuery(q)
		return func(p *world.Person) bool { return holdsAny(n, educationTexts(w, p)) }
	}
	near := func(lat, lon float64) func(*world.Person) bool {
		return func(p *world.Person) bool {
			pl := places[p.City]
			return distanceKm(lat, lon, pl.Latitude, pl.Longitude) <= RadiusKm
		}
	}
	houston := places[slices.IndexFunc(places, func(p world.Place) bool { return p.Name == "Houston" && p.Admin1 == "TX" })]
	someone := w.Person(123)
	// A query of company words of this world: an ending many firms
	// share, but not one firm's first word ("Logistics NOT Osprey").
	var ending, brand string
	for i := 0; ending == ""; i++ {
		for _, j := range w.Person(i).Jobs {
			if f := strings.Fields(w.Company(j.Company).Name); len(f) >= 2 && len(f[len(f)-1]) > 3 {
				ending, brand = f[len(f)-1], f[0]
				break
			}
		}
	}
	notBrand := ending + " NOT " + brand
	for _, tc := range []struct {
		body string
		want func(*world.Person) bool
	}{
		{`{"currentTitle": "Engineer"}`, title("Engineer", true)},
		{`{"currentTitle": "\"Software Engineer\" OR Recruiter"}`, title(`"Software Engineer" OR Recruiter`, true)},
		{`{"currentTitle": "Manager NOT (Account OR Sales)"}`, title("Manager NOT (Account OR Sales)", true)},
		{`{"currentTitle": "NOT Senior"}`, title("NOT Senior", true)},
		{`{"currentTitle": "Engineer", "currentPastTitle": "Recruiter"}`, title("Recruiter", false)},
		{`{"currentCompany": "Labs OR Capital"}`, company("Labs OR Capital", true)},
		{`{"currentPastCompany": "` + notBrand + `"}`, company(notBrand, false)},
		{`{"keywords": "Python AND (Kubernetes OR Docker)"}`, keywords("Python AND (Kubernetes OR Docker)")},
		{`{"keywords": "\"machine learning\" NOT Python"}`, keywords(`"machine learning" NOT Python`)},
		{`{"keywords": "\"years of\" AND construction"}`, keywords(`"years of" AND construction`)},
		{`{"keywords": "enjoy OR Nursing"}`, keywords("enjoy OR Nursing")},
		{`{"education": "\"Computer Science\" AND (MBA OR Master)"}`, education(`"Computer Science" AND (MBA OR Master)`)},
		{`{"fullName": "` + someone.FullName + `"}`, func(p *world.Person) bool {
			name := append(Tokens(p.FullName), Tokens(p.AltName)...)
			for _, tok := range Tokens(someone.FullName) {
				if !slices.Contains(name, tok) {
					return false
				}
			}
			return true
		}},
		{`{"industry": "Computer Software"}`, func(p *world.Person) bool { return w.Industry(p.Industry) == "Computer Software" }},
		{`{"industries": ["Banking", "insurance"], "industry": "Accounting"}`, func(p *world.Person) bool {
			return slices.Contains([]string{"Banking", "Insurance", "Accounting"}, w.Industry(p.Industry))
		}},
		{`{"department": ["Sales", "Marketing"], "level": ["Senior", "Lead"]}`, func(p *world.Person) bool {
			return (p.Department == world.Sales || p.Department == world.Marketing) && (p.Level == world.Senior || p.Level == world.Lead)
		}},
		{`{"yearsOfCurrentExperienceFrom": 2, "yearsOfCurrentExperienceTo": 4}`, func(p *world.Person) bool {
			years, ok := w.YearsInRole(p)
			return ok && years >= 2 && years <= 4
		}},
		{`{"yearsOfCurrentPastExperienceFrom": 10}`, func(p *world.Person) bool { return w.TotalYears(p) >= 10 }},
		{`{"yearsOfCurrentPastExperienceTo": 3}`, func(p *world.Person) bool { return w.TotalYears(p) <= 3 }},
		{`{"openToWork": true}`, func(p *world.Person) bool { return p.OpenToWork }},
		{`{"openToWork": false, "level": ["VP"]}`, func(p *world.Person) bool { return !p.OpenToWork && p.Level == world.VP }},
		{`{"location": "Germany"}`, func(p *world.Person) bool { return places[p.City].Country == "DE" }},
		{`{"location": ["Texas", "Ontario, Canada"]}`, func(p *world.Person) bool {
			pl := places[p.City]
			return pl.Country == "US" && pl.Admin1 == "TX" || pl.Country == "CA" && pl.Admin1 == "08"
		}},
		{`{"location": "Houston, TX, United States"}`, near(houston.Latitude, houston.Longitude)},
		{`{"latitude": 51.5074, "longitude": -0.1278, "location": "Nowhere at all"}`, near(51.5074, -0.1278)},
		{`{"coordinates": [{"latitude": 48.8566, "longitude": 2.3522}, {"latitude": 52.52, "longitude": 13.405}]}`, func(p *world.Person) bool {
			return near(48.8566, 2.3522)(p) || near(52.52, 13.405)(p)
		}},
		{`{"currentTitle": "Engineer", "location": "United States", "openToWork": false, "keywords": "NOT Java"}`, func(p *world.Person) bool {
			return title("Engineer", true)(p) && places[p.City].Country == "US" && !p.OpenToWork && keywords("NOT Java")(p)
		}},
	} {
		q := mustParse(t, ix, tc.body)
		res := ix.Run(q, Exclusions{})
		var want []int32
		for i := range w.Len() {
			if tc.want(w.Person(i)) {
				want = append(want, int32(i))
			}
		}
		got, _ := res.Page(0, w.Len())
		if res.Total() != len(want) || !slices.Equal(got, want) {
			t.Errorf("%s: %d matches, want %d", tc.body, res.Total(), len(want))
			continue
		}
		if len(want) == 0 {
			t.Errorf("%s: no matches: the test does not test anything", tc.body)
		}
	}
}

// The company and title filters read the world as of its clock: a person
// who moved is found at the company joined, and no longer among the
// current staff of the company left.
func TestSearchFollowsMoves(t *testing.T) {
	ix := laterIndex()
	w := ix.World()
	moves := w.Moves(60)
	if len(moves) < 60 {
		t.Fatalf("only %d moves in 400 days", len(moves))
	}
	matches := func(body string, i int) bool {
		t.Helper()
		res := ix.Run(mustParse(t, ix, body), Exclusions{})
		return res.set.Has(int32(i))
	}
	quote := func(s string) string { b, _ := json.Marshal(`"` + s + `"`); return string(b) }
	for _, m := range moves {
		p := w.Person(m.Person)
		to, from := w.Company(m.To.Company).Name, w.Company(m.From.Company).Name
		if !matches(`{"currentCompany": `+quote(to)+`}`, m.Person) {
			t.Errorf("%s moved to %s but a search for its current staff misses them", p.FullName, to)
		}
		if !matches(`{"currentPastCompany": `+quote(from)+`}`, m.Person) {
			t.Errorf("%s left %s but a search for its current and past staff misses them", p.FullName, from)
		}
		if !matches(`{"currentTitle": `+quote(w.Title(m.To.Title).Name)+`}`, m.Person) {
			t.Errorf("%s is now %s but a search for the title misses them", p.FullName, w.Title(m.To.Title).Name)
		}
		stillThere := false
		for _, j := range p.Jobs {
			stillThere = stillThere || j.Current && strings.Contains(strings.ToLower(w.Company(j.Company).Name), strings.ToLower(from))
		}
		if !stillThere && matches(`{"currentCompany": `+quote(from)+`}`, m.Person) {
			t.Errorf("%s left %s but a search still finds them among its current staff", p.FullName, from)
		}
	}
}

// currentAt reports whether the person holds a current role at a company.
func currentAt(p *world.Person, company int32) bool {
	for _, j := range p.Jobs {
		if j.Company == company && j.Current {
			return true
		}
	}
	return false
}

func TestPhraseOfThreeWordsIsASuperset(t *testing.T) {
	ix := testIndex()
	w := ix.World()
	n, _ := parseQuery(`"years of experience"`)
	res := ix.Run(mustParse(t, ix, `{"keywords": "\"years of experience\""}`), Exclusions{})
	exact := 0
	for i := range w.Len() {
		if holdsAny(n, keywordTexts(w, w.Person(i))) {
			exact++
			if !res.set.Has(int32(i)) {
				t.Fatalf("person %d has the phrase but is not matched", i)
			}
		}
	}
	if exact == 0 || res.Total() != exact {
		t.Errorf("%d matched, %d have the phrase", res.Total(), exact)
	}
}

func TestParseErrors(t *testing.T) {
	ix := testIndex()
	for _, tc := range []struct{ body, want string }{
		{`{}`, "At least one filter other than exclude* is required"},
		{`{"excludeWatched": true, "excludeRevealed": true, "size": 5}`, "At least one filter other than exclude* is required"},
		{`{"currentTitle": "  ", "location": []}`, "At least one filter other than exclude* is required"},
		{`{"currentTitle": "a", "size": 0}`, "size must be between 1 and 100"},
		{`{"currentTitle": "a", "size": 101}`, "size must be between 1 and 100"},
		{`{"currentTitle": "a", "size": "ten"}`, "size must be an integer"},
		{`{"currentTitle": "a", "size": 2.5}`, "size must be an integer"},
		{`{"currentTitle": "(a"}`, `currentTitle: "(" is never closed at position 1`},
		{`{"keywords": "a AND"}`, "keywords: query ends where a term is expected at position 6"},
		{`{"education": "\"\""}`, "education: empty quoted phrase at position 1"},
		{`{"currentPastCompany": "OR x"}`, "currentPastCompany: unexpected OR"},
		{`{"location": "Xyzzyland"}`, "Location is not recognized"},
		{`{"location": ["Germany", "Xyzzyland"]}`, "Location is not recognized"},
		{`{"location": 7}`, "location must be a string or an array of strings"},
		{`{"latitude": 51.5}`, "latitude and longitude must be given together"},
		{`{"longitude": 0.1, "location": "Germany"}`, "latitude and longitude must be given together"},
		{`{"latitude": 91, "longitude": 0}`, "latitude must be between -90 and 90"},
		{`{"coordinates": [{"latitude": 1}]}`, "coordinates[0]: latitude and longitude must be given together"},
		{`{"industry": "Foo"}`, `Unknown industry: "Foo"`},
		{`{"industries": ["Banking", "Bar"]}`, `Unknown industry: "Bar"`},
		{`{"department": ["Engineering"]}`, `Invalid department: "Engineering"`},
		{`{"level": ["Boss"]}`, `Invalid level: "Boss"`},
		{`{"yearsOfCurrentExperienceFrom": -1}`, "yearsOfCurrentExperienceFrom must not be negative"},
		{`{"yearsOfCurrentPastExperienceFrom": 5, "yearsOfCurrentPastExperienceTo": 2}`, "yearsOfCurrentPastExperienceFrom is greater than yearsOfCurrentPastExperienceTo"},
		{`{"fullName": "--"}`, "fullName has no letters or digits"},
		{`{"openToWork": "yes"}`, "openToWork must be a boolean"},
		{`[1]`, "The request body must be a JSON object"},
	} {
		_, err := ix.Parse([]byte(tc.body))
		var br *BadRequest
		if !errors.As(err, &br) || !strings.HasPrefix(br.Msg, tc.want) {
			t.Errorf("%s: err = %v, want %q", tc.body, err, tc.want)
		}
	}
	if _, err := ix.Parse([]byte(`{"currentTitle": `)); !errors.Is(err, ErrInvalidJSON) {
		t.Errorf("truncated body: err = %v, want ErrInvalidJSON", err)
	}
}

func TestResolveLocation(t *testing.T) {
	ix := testIndex()
	l := ix.loc
	placeOf := func(s string) world.Place {
		a, ok := l.resolve(s)
		if !ok || a.kind != areaCity {
			t.Fatalf("%q: %+v %v, want a city", s, a, ok)
		}
		return l.places[a.place]
	}
	for _, tc := range []struct{ in, name, country, admin1 string }{
		{"Austin, Texas", "Austin", "US", "TX"},
		{"Austin, TX", "Austin", "US", "TX"},
		{"austin, tx, usa", "Austin", "US", "TX"},
		{"Austin, Texas, United States", "Austin", "US", "TX"},
		{"Austin, United States", "Austin", "US", "TX"},
		{"Berlin, Germany", "Berlin", "DE", ""},
		{"Paris", "Paris", "FR", ""},
		{"Paris, TX", "Paris", "US", "TX"},
		{"London, England, United Kingdom", "London", "GB", ""},
		{"London, ON", "London", "CA", "08"},
		{"London, Ontario, Canada", "London", "CA", "08"},
		{"Springfield, IL", "Springfield", "US", "IL"},
		{"New York, NY", "New York City", "US", "NY"},
		{"Washington, DC", "Washington, D.C.", "US", "DC"},
		{"Washington, D.C., United States", "Washington, D.C.", "US", "DC"},
		{"  MONTREAL ,  quebec ", "Montréal", "CA", "10"},
		{"Munich, Germany", "Munich", "DE", ""},
	} {
		p := placeOf(tc.in)
		if p.Name != tc.name || p.Country != tc.country || tc.admin1 != "" && p.Admin1 != tc.admin1 {
			t.Errorf("%q resolves to %s (%s %s), want %s (%s %s)", tc.in, p.Display, p.Country, p.Admin1, tc.name, tc.country, tc.admin1)
		}
	}
	for _, tc := range []struct {
		in   string
		kind areaKind
		name string
	}{
		{"Germany", areaCountry, "Germany"},
		{"united states", areaCountry, "United States"},
		{"USA", areaCountry, "United States"},
		{"Türkiye", areaCountry, "Türkiye"},
		{"Turkey", areaCountry, "Türkiye"},
		{"Georgia", areaCountry, "Georgia"},
		{"Georgia, USA", areaRegion, "Georgia"},
		{"GA", areaRegion, "Georgia"},
		{"Texas", areaRegion, "Texas"},
		{"TX", areaRegion, "Texas"},
		{"Texas, United States", areaRegion, "Texas"},
		{"Ontario, Canada", areaRegion, "Ontario"},
		{"QC", areaRegion, "Quebec"},
		{"New York", areaRegion, "New York"},
	} {
		a, ok := l.resolve(tc.in)
		var name string
		switch {
		case !ok || a.kind != tc.kind:
		case a.kind == areaCountry:
			name = l.countries[a.country].Name
		case a.kind == areaRegion:
			name = l.regions[a.region].Name
		}
		if name != tc.name {
			t.Errorf("%q resolves to %+v (%q), want %q", tc.in, a, name, tc.name)
		}
	}
	for _, s := range []string{"", "Xyzzyland", "Austin, Germany", "Austin, CA", "Berlin, Texas, Germany", "Atlantis, Germany", "England", "Texas, Canada"} {
		if a, ok := l.resolve(s); ok {
			t.Errorf("%q resolves to %+v, want not recognized", s, a)
		}
	}
}

func TestLocationsAreRecognizedAndPeopled(t *testing.T) {
	ix := testIndex()
	locs := ix.Locations()
	if len(locs) < 30 {
		t.Fatalf("only %d locations", len(locs))
	}
	for _, s := range locs[:60] {
		body, _ := json.Marshal(map[string]string{"location": s})
		q, err := ix.Parse(body)
		if err != nil {
			t.Errorf("%q: %v", s, err)
			continue
		}
		if n := ix.Run(q, Exclusions{}).Total(); n == 0 {
			t.Errorf("%q: no people", s)
		}
	}
}

func TestExclusions(t *testing.T) {
	ix := testIndex()
	q := mustParse(t, ix, `{"openToWork": false, "excludeWatched": true, "excludeEmailed": true}`)
	all := ix.Run(mustParse(t, ix, `{"openToWork": false}`), Exclusions{})
	watched, emailed := ix.MarkedSet("k1", Watched), ix.MarkedSet("k1", Emailed)
	revealed := ix.PeopleSet([]int32{1, 2, 3, 5, 8})
	res := ix.Run(q, Exclusions{Revealed: revealed, Marked: [NumMarks]*Set{Watched: watched, Emailed: emailed}})
	for _, i := range all.set.Members() {
		out := watched.Has(i) || emailed.Has(i) || revealed.Has(i)
		if res.set.Has(i) == out {
			t.Fatalf("person %d: excluded %v, marked or revealed %v", i, !res.set.Has(i), out)
		}
	}
	rate := float64(watched.Len()) / float64(ix.Len())
	if rate < 0.06 || rate > 0.10 {
		t.Errorf("%.3f of people watched, want about 0.08", rate)
	}
	p := ix.World().Person(int(watched.Members()[0]))
	if !Marked("k1", p.UID, Watched) || Marked("k2", p.UID, Watched) && Marked("k3", p.UID, Watched) && Marked("k4", p.UID, Watched) {
		t.Errorf("Marked does not agree with MarkedSet, or does not depend on the account")
	}
}

func TestProfile(t *testing.T) {
	ix := testIndex()
	nulls := 0
	for i := range int32(ix.Len()) {
		p := ix.World().Person(int(i))
		pr := ix.Profile(i)
		if pr.UID != p.UID.String() || pr.Location == "" || len(pr.Experience) != len(p.Jobs) || len(pr.Skills) != len(p.Skills) {
			t.Fatalf("profile %d: %+v", i, pr)
		}
		if pr.FullName == nil {
			nulls++
		}
	}
	if nulls == 0 || nulls > ix.Len()/30 {
		t.Errorf("%d of %d names null", nulls, ix.Len())
	}
}
