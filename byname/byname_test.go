package byname

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/demo/namedraw"
	"github.com/enrich-dev/enrich/emulator"
	"github.com/enrich-dev/enrich/emulator/world"
	"github.com/enrich-dev/enrich/internal/match"
	"github.com/enrich-dev/enrich/internal/sheet"
	"github.com/enrich-dev/enrich/state"
)

// service is the emulator on loopback and a client of it.
func service(t *testing.T, queries int) (*emulator.Emulator, *api.Client) {
	return serviceOf(t, 3000, queries)
}

// serviceOf is service over a world of people.
func serviceOf(t *testing.T, people, queries int) (*emulator.Emulator, *api.Client) {
	return serviceWith(t, people, queries, 0)
}

// serviceWith is serviceOf with namesakes people in a thousand given a
// colleague's full name (emulator.Config.Namesakes): namesakes at one
// company are as rare in the world as in life.
func serviceWith(t *testing.T, people, queries, namesakes int) (*emulator.Emulator, *api.Client) {
	t.Helper()
	emu, err := emulator.New(emulator.Config{People: people, Namesakes: namesakes, SearchQueriesPerDay: queries, SearchProfilesPerDay: 10000000,
		Default: emulator.AccountConfig{Name: "default", Key: "k", Credits: 10}})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(emu)
	t.Cleanup(func() { srv.Close(); emu.Close() })
	c, err := api.New(srv.URL, "k")
	if err != nil {
		t.Fatal(err)
	}
	return emu, c
}

// people of the world, found for the cases below.
type cast struct {
	w *world.World
	// alone is someone alone of their name at their current company; moved
	// someone alone of their name at a company they left; twins two
	// people of one name now at one company, living in different cities.
	alone, moved *world.Person
	twins        [2]*world.Person
}

func castOf(w *world.World) cast {
	c := cast{w: w}
	type place struct{ name, company string }
	at := map[place][]*world.Person{}
	for i := range w.Len() {
		p := w.Person(i)
		for _, j := range p.Jobs {
			k := place{match.Fold(p.FullName), match.CompanyKey(w.Company(j.Company).Name)}
			at[k] = append(at[k], p)
		}
	}
	for i := range w.Len() {
		p := w.Person(i)
		if len(p.Jobs) == 0 {
			continue
		}
		people := at[place{match.Fold(p.FullName), match.CompanyKey(w.Company(p.Jobs[0].Company).Name)}]
		switch {
		case len(people) == 1 && c.alone == nil && p.Jobs[0].Current:
			c.alone = p
		case len(people) == 2 && c.twins[0] == nil && people[0] != people[1] && people[0].City != people[1].City &&
			people[0].Jobs[0].Current && people[1].Jobs[0].Current && people[0].Jobs[0].Company == people[1].Jobs[0].Company:
			c.twins = [2]*world.Person{people[0], people[1]}
		}
		last := p.Jobs[len(p.Jobs)-1]
		if c.moved == nil && !last.Current && match.CompanyKey(w.Company(last.Company).Name) != match.CompanyKey(w.Company(p.Jobs[0].Company).Name) &&
			len(at[place{match.Fold(p.FullName), match.CompanyKey(w.Company(last.Company).Name)}]) == 1 {
			c.moved = p
		}
	}
	return c
}

func (c cast) company(p *world.Person, job int) string { return c.w.Company(p.Jobs[job].Company).Name }

// TestFind asks the emulator's people search for people of its world
// and judges what it returns: a person alone of their name at their
// company is matched, at a company they left matched as moved, two of one
// name at one company are ambiguous unless the row's city tells them
// apart, a name nobody has is none; every search is counted.
func TestFind(t *testing.T) {
	emu, c := serviceWith(t, 3000, 1000, 20)
	people := castOf(emu.World())
	if people.alone == nil || people.moved == nil || people.twins[0] == nil {
		t.Fatalf("the world lacks the cast: %+v", people)
	}
	ctx := context.Background()
	now := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	alone, moved, twin := people.alone, people.moved, people.twins[0]
	for _, tc := range []struct {
		name   string
		person sheet.Person
		status state.NameStatus
		uid    string
		agreed string
	}{
		{"alone, last name first and upper case", sheet.Person{Name: strings.ToUpper(alone.LastName + ", " + alone.FirstName), Company: people.company(alone, 0) + " Inc."},
			state.NameMatched, alone.UID.String(), "name, company"},
		{"moved", sheet.Person{First: moved.FirstName, Last: moved.LastName, Company: people.company(moved, len(moved.Jobs)-1)},
			state.NameMatched, moved.UID.String(), "name, past company"},
		{"twins", sheet.Person{Name: twin.FullName, Company: people.company(twin, 0)}, state.NameAmbiguous, "", ""},
		{"twins told apart by the city", sheet.Person{Name: twin.FullName, Company: people.company(twin, 0), Location: emu.World().Places()[twin.City].Name},
			state.NameMatched, twin.UID.String(), "name, company, location"},
		{"nobody", sheet.Person{Name: "Zebulon Quackenbush", Company: people.company(alone, 0)}, state.NameNone, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Find(ctx, c, tc.person, now)
			if err != nil {
				t.Fatal(err)
			}
			if got.Status != tc.status || got.UID != tc.uid || got.Agreed != tc.agreed || got.Queries < 1 || !got.At.Equal(now) {
				t.Errorf("Find(%+v) = %+v; want %s %s %q", tc.person, got, tc.status, tc.uid, tc.agreed)
			}
			if tc.status == state.NameAmbiguous {
				if len(got.Candidates) != 2 {
					t.Errorf("candidates %+v; want the two", got.Candidates)
				}
				if s := got.Reason; !strings.Contains(s, "2 people of this name") || !strings.Contains(s, "a city") {
					t.Errorf("reason: %q", s)
				}
			}
		})
	}
}

// TestFindQuota: a spent daily quota is ErrQuota, not an outcome.
func TestFindQuota(t *testing.T) {
	emu, c := service(t, 1)
	p := castOf(emu.World()).alone
	person := sheet.Person{Name: p.FullName, Company: emu.World().Company(p.Jobs[0].Company).Name}
	if _, err := Find(context.Background(), c, person, time.Now()); err != nil {
		t.Fatal(err)
	}
	if _, err := Find(context.Background(), c, person, time.Now()); !errors.Is(err, ErrQuota) {
		t.Errorf("the second search of a quota of one: %v; want ErrQuota", err)
	}
}

// TestKey: every spelling of a row's person has one key, and a row
// searched for another place or title has another.
func TestKey(t *testing.T) {
	same := []sheet.Person{
		{Name: "Ana García", Company: "Initech"},
		{Name: "GARCÍA, ANA", Company: "Initech, Inc."},
		{First: "ana", Last: "garcia", Company: "The Initech"},
		{Name: "Dr. Ana Garcia, PhD", Company: "initech"},
	}
	key := func(p sheet.Person) string {
		k, ok := match.Key(p)
		if !ok {
			t.Errorf("%+v cannot be searched", p)
		}
		return k
	}
	for _, p := range same[1:] {
		if key(p) != key(same[0]) {
			t.Errorf("Key(%+v) = %q; want %q", p, key(p), key(same[0]))
		}
	}
	other := sheet.Person{Name: "Ana García", Company: "Initech", Location: "Austin"}
	if key(other) == key(same[0]) {
		t.Errorf("a row with a city has the key of one without")
	}
	_, cher := match.Key(sheet.Person{Name: "Cher", Company: "Initech"})
	if _, nobody := match.Key(sheet.Person{Name: "Ana García"}); cher || nobody {
		t.Errorf("a name of one word, or no company, is searchable")
	}
	for s, want := range map[string]bool{"auto": true, "": true, "OFF": false} {
		if got, err := ParseMode(s); err != nil || got != want {
			t.Errorf("ParseMode(%q) = %v, %v", s, got, err)
		}
	}
	if _, err := ParseMode("on"); err == nil {
		t.Errorf("ParseMode(on) is no error")
	}
}

// TestFindHardKinds searches the emulator for rows of each kind that
// makes finding hard (package namedraw), with the row's city and title:
// nobody is matched but the row's own person; a near miss the city or
// title backs is matched with medium confidence, saying which; a row the
// country or city contradicts, a row whose title is another's career, and
// a person the world does not know are never matched, and say why; a row
// costs at most three searches.
func TestFindHardKinds(t *testing.T) {
	emu, c := serviceOf(t, 20000, 100000)
	d := namedraw.New(emu.World(), rand.New(rand.NewPCG(3, 4)))
	ctx, now := context.Background(), time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	for _, k := range namedraw.Kinds {
		t.Run(string(k), func(t *testing.T) {
			matched, unique := 0, 0
			seen := map[int]bool{} // up to twelve rows, of as many people
			for range 12 {
				var r namedraw.Row
				fresh := false
				for tries := 0; !fresh && tries < 200; tries++ {
					var ok bool
					r, ok = d.DrawKind(k, namedraw.Mix{City: true, Title: true})
					fresh = ok && (r.Person < 0 || !seen[r.Person])
				}
				if !fresh {
					break // the world has no more people of this kind
				}
				seen[r.Person] = true
				got, err := Find(ctx, c, sheet.Person{Name: r.Name, Company: r.Company, Location: r.City, Title: r.Title}, now)
				if err != nil {
					t.Fatal(err)
				}
				if got.Queries > 3 {
					t.Errorf("%+v: %d searches", r, got.Queries)
				}
				if got.Status == state.NameMatched {
					if got.UID != r.UID {
						t.Fatalf("%+v matched %s: %+v", r, got.UID, got)
					}
					matched++
					near := got.Confidence == state.ConfidenceMedium
					if got.Confidence != state.ConfidenceHigh && !near || near != strings.Contains(got.Agreed, "(") {
						t.Errorf("%+v: confidence %q, agreed %q", r, got.Confidence, got.Agreed)
					}
				} else if got.Reason == "" {
					t.Errorf("%+v: %s without a reason", r, got.Status)
				}
				if r.Unique {
					unique++
				}
			}
			switch k {
			case namedraw.Unknown, namedraw.Contradicted, namedraw.TitleAgainst:
				if matched > 0 {
					t.Errorf("%d rows matched", matched)
				}
			default:
				if matched*4 < unique*3 {
					t.Errorf("%d of %d rows of people alone of their name there matched", matched, unique)
				}
			}
		})
	}
}

// TestFallbacks: the second search a row's first one calls for, chosen by
// what the row suggests: vowels written out searched with one letter
// each, a typo in a company of several words searched at any of them, one
// of a single word anywhere.
func TestFallbacks(t *testing.T) {
	// Written-out vowels are spelt as one letter; the pairs that are no
	// umlaut keep theirs.
	for w, want := range map[string]string{"Joerg": "Jorg", "Mueller": "Muller", "Jaeger": "Jager", "Aasen": "Asen",
		"Bauer": "Bauer", "Neuer": "Neuer", "Miguel": "Miguel", "Enrique": "Enrique", "Samuel": "Samuel",
		"Manuel": "Manuel", "Noel": "Noel", "Michael": "Michael", "Goetzuel": "Gotzuel", "Guenther": "Gunther"} {
		if got := vowelOf(w); got != want {
			t.Errorf("vowelOf(%q) = %q, want %q", w, got, want)
		}
	}
	for _, tc := range []struct {
		name, company  string
		fullName, atCo string
		total          int64
	}{
		{"Joerg Mueller", "Weber Logistik", "jorg muller", `"weber" "logistik"`, 3},
		{"Joerg Bauer", "Weber Logistik", "jorg bauer", `"weber" "logistik"`, 3},
		{"Samuel Baecker", "Weber Logistik", "samuel backer", `"weber" "logistik"`, 3},
		{"Rohan Mehta", "Rapiur Works", "rohan mehta", `"rapiur" OR "works"`, 0},
		{"Rohan Mehta", "Ioennt", "rohan mehta", "", 0},
	} {
		row := match.RowOf(sheet.Person{Name: tc.name, Company: tc.company})
		first := query(row)
		q, ok := fallback(row, first, wire.SearchPage{Total: tc.total}, []wire.SearchQuery{first})
		if !ok || q.FullName != tc.fullName || q.CurrentPastCompany != tc.atCo {
			t.Errorf("%s at %s: fallback %q at %q (%v), want %q at %q", tc.name, tc.company, q.FullName, q.CurrentPastCompany, ok, tc.fullName, tc.atCo)
		}
	}
	// A hidden company of a search by a web address's beginnings is a near
	// miss, and none where an employer shown holds one of them.
	c := match.Candidate{Jobs: []match.Job{{Company: ""}, {Company: "Ravenland"}}}
	vouchCompany(&c, "pradomanufacturing.com", `"pr" OR "pra" OR "prado"`)
	if !c.Jobs[0].Vouched || c.Jobs[0].Company != "" {
		t.Errorf("a hidden company found by a web address: %+v", c.Jobs)
	}
	c = match.Candidate{Jobs: []match.Job{{Company: ""}, {Company: "Prado Foods"}}}
	vouchCompany(&c, "pradomanufacturing.com", `"pr" OR "pra" OR "prado"`)
	if c.Jobs[0].Vouched {
		t.Errorf("a hidden company vouched for beside an employer the words found: %+v", c.Jobs)
	}
}
