package namedraw_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode"

	"github.com/enrich-dev/enrich/demo/namedraw"
	"github.com/enrich-dev/enrich/emulator/search"
	"github.com/enrich-dev/enrich/emulator/world"
	"github.com/enrich-dev/enrich/internal/match"
)

// shapes are the mixes of the four lists of BenchmarkFindByName.
var shapes = []struct {
	name string
	mix  namedraw.Mix
}{
	{"attendee list", namedraw.Mix{City: true}},
	{"CRM export", namedraw.Mix{Title: true}},
	{"badge scan", namedraw.Mix{}},
	{"web addresses", namedraw.Mix{City: true, Web: true}},
}

// applies says whether a list of mix m can hold a row of kind k: a kind
// that changes a column needs the column, and a typo or a short brand
// is lost where the company is a web address.
func applies(k namedraw.Kind, m namedraw.Mix) bool {
	switch k {
	case namedraw.Contradicted:
		return m.City && !m.Web
	case namedraw.LocalPlace:
		return m.City
	case namedraw.SeniorityTitle, namedraw.TitleAgainst:
		return m.Title
	case namedraw.ShortTypo, namedraw.CompanyTypo, namedraw.ShortBrand:
		return !m.Web
	}
	return true
}

// TestFits: Kind.Fits says what applies says.
func TestFits(t *testing.T) {
	for _, k := range namedraw.Kinds {
		for _, s := range shapes {
			if k.Fits(s.mix) != applies(k, s.mix) {
				t.Errorf("%s in a %s: Fits says %v", k, s.name, k.Fits(s.mix))
			}
		}
	}
}

// maxTries bounds the draws of DrawKind one row of a kind may take;
// rowsEach is the rows of each kind drawn in each shape.
const maxTries, rowsEach = 2000, 100

// fixture is the world the rows are drawn from, with what the checks
// read of it.
type fixture struct {
	w     *world.World
	ix    *search.Index
	byKey map[string][]*world.Company // companies by match.CompanyKey of their name
}

var theFixture = sync.OnceValue(func() *fixture {
	w := world.New(world.Config{Seed: 1, People: 20000})
	f := &fixture{w: w, ix: search.New(w), byKey: map[string][]*world.Company{}}
	for _, c := range w.Companies() {
		k := match.CompanyKey(c.Name)
		f.byKey[k] = append(f.byKey[k], c)
	}
	return f
})

// people returns everyone who works or worked at a company whose name
// has the key of company's.
func (f *fixture) people(company string) []int32 {
	var out []int32
	for _, c := range f.byKey[match.CompanyKey(company)] {
		out = append(out, f.w.EmployeeIndexes(c, world.StatusBoth)...)
	}
	return out
}

// agreeing returns the people at a company of the name company whose
// full name agrees with name.
func (f *fixture) agreeing(name match.Name, company string) []int32 {
	var out []int32
	for _, i := range f.people(company) {
		if match.NamesAgree(name, f.w.Person(int(i)).FullName) {
			out = append(out, i)
		}
	}
	return out
}

// TestKinds draws rows of each of the later kinds alone, in each shape of
// list, and checks that each row is what its kind says, within maxTries
// draws where the shape can hold the kind and never where it cannot.
func TestKinds(t *testing.T) {
	f := theFixture()
	for ki, k := range namedraw.Kinds[slices.Index(namedraw.Kinds, namedraw.Initials):] {
		t.Run(string(k), func(t *testing.T) {
			for si, s := range shapes {
				d := namedraw.New(f.w, rand.New(rand.NewPCG(uint64(ki), uint64(si))))
				if !applies(k, s.mix) {
					for range 200 {
						if r, ok := d.DrawKind(k, s.mix); ok {
							t.Fatalf("%s: drew %+v", s.name, r)
						}
					}
					continue
				}
				most, all := 0, 0
				for range rowsEach {
					r, tries := drawKind(t, d, k, s.mix)
					most, all = max(most, tries), all+tries
					if err := f.check(r, s.mix); err != nil {
						t.Errorf("%s: %+v: %v", s.name, r, err)
					}
				}
				t.Logf("%-14s %.1f tries a row, at most %d", s.name, float64(all)/rowsEach, most)
			}
		})
	}
}

func drawKind(t *testing.T, d *namedraw.Drawer, k namedraw.Kind, m namedraw.Mix) (namedraw.Row, int) {
	t.Helper()
	for tries := 1; tries <= maxTries; tries++ {
		if r, ok := d.DrawKind(k, m); ok {
			return r, tries
		}
	}
	t.Fatalf("no row of kind %s in %d tries", k, maxTries)
	return namedraw.Row{}, 0
}

// TestTitleAgainstVariants: rows of TitleAgainst give titles of seniority
// words alone, and titles of other work against people whose title has a
// short word of the work (Tax, HR).
func TestTitleAgainstVariants(t *testing.T) {
	f := theFixture()
	d := namedraw.New(f.w, rand.New(rand.NewPCG(5, 5)))
	bare, short := 0, 0
	for range 60 {
		r, _ := drawKind(t, d, namedraw.TitleAgainst, namedraw.Mix{Title: true})
		if len(work(r.Title)) == 0 {
			bare++
		}
		for _, i := range f.agreeing(match.ParseName(r.Name), r.Company) {
			if slices.ContainsFunc(titles(f.w, i), func(h string) bool {
				return slices.ContainsFunc(work(h), func(x string) bool { return len(x) <= 3 })
			}) {
				short++
			}
		}
	}
	if bare == 0 || short == 0 {
		t.Errorf("of 60 rows, %d give seniority words alone and %d stand against a title with a short word of the work", bare, short)
	}
}

// TestDrawMixDrawsEveryKind draws 5,000 rows of each shape and finds
// every kind of a weight the shape can hold among them.
func TestDrawMixDrawsEveryKind(t *testing.T) {
	f := theFixture()
	for si, s := range shapes {
		d := namedraw.New(f.w, rand.New(rand.NewPCG(2026, uint64(si))))
		n := map[namedraw.Kind]int{}
		for range 5000 {
			r := d.DrawMix(s.mix)
			n[r.Kind]++
			if !applies(r.Kind, s.mix) {
				t.Errorf("%s: a row of kind %s: %+v", s.name, r.Kind, r)
			}
		}
		var counts []string
		for _, k := range namedraw.Kinds {
			counts = append(counts, fmt.Sprintf("%s %d", k, n[k]))
			if k != namedraw.WebAddress && applies(k, s.mix) && n[k] == 0 {
				t.Errorf("%s: no row of kind %s in 5,000", s.name, k)
			}
		}
		t.Logf("%s: %s", s.name, strings.Join(counts, ", "))
	}
}

// check reports how a row is not what its kind and mix say.
func (f *fixture) check(r namedraw.Row, m namedraw.Mix) error {
	if (r.City != "") != m.City || (r.Title != "") != m.Title {
		return fmt.Errorf("city %q and title %q in a mix %+v", r.City, r.Title, m)
	}
	if m.Web && !strings.Contains(r.Company, ".") {
		return fmt.Errorf("company %q in a list of web addresses", r.Company)
	}
	if r.Kind == namedraw.TitleAgainst {
		return f.checkAgainst(r)
	}
	if r.Person < 0 {
		return fmt.Errorf("no person")
	}
	p := f.w.Person(r.Person)
	c := f.w.Company(p.Jobs[0].Company)
	if r.UID != p.UID.String() {
		return fmt.Errorf("uid %s of person %s", r.UID, p.UID)
	}
	if n := len(f.agreeing(match.ParseName(p.FirstName+" "+p.LastName), c.Name)); r.Unique != (n == 1) {
		return fmt.Errorf("unique %v with %d of that name at %q", r.Unique, n, c.Name)
	}
	if !m.Web && r.Kind != namedraw.ShortTypo && r.Kind != namedraw.WebInitials && r.Company != c.Name {
		return fmt.Errorf("company %q of a person at %q", r.Company, c.Name)
	}
	return checks[r.Kind](f, r, p, c)
}

// checks check what makes a row of each kind hard.
var checks = map[namedraw.Kind]func(f *fixture, r namedraw.Row, p *world.Person, c *world.Company) error{
	namedraw.Initials: func(f *fixture, r namedraw.Row, p *world.Person, c *world.Company) error {
		// The given name as the profile spells it (a hyphen too: Tsz-chi),
		// then one capital and a full stop.
		initial, ok := strings.CutPrefix(r.First, p.FirstName+" ")
		if !ok || len(initial) != 2 || initial[1] != '.' || initial[0] < 'A' || initial[0] > 'Z' ||
			r.Last != p.LastName || r.Name != r.First+" "+r.Last {
			return fmt.Errorf("no middle initial between %q and %q", p.FirstName, p.LastName)
		}
		return alone(f.agreeing(match.ParseName(r.Name), c.Name), r.Person)
	},
	namedraw.SeniorityTitle: func(f *fixture, r namedraw.Row, p *world.Person, c *world.Company) error {
		own := strings.Fields(f.w.Title(p.Jobs[0].Title).Name)
		if len(work(r.Title)) > 0 || slices.ContainsFunc(strings.Fields(r.Title), func(x string) bool { return !slices.Contains(own, x) }) {
			return fmt.Errorf("title %q is not the seniority words of %q", r.Title, strings.Join(own, " "))
		}
		return nil
	},
	namedraw.HiddenName: func(f *fixture, r namedraw.Row, p *world.Person, c *world.Company) error {
		if f.ix.Profile(int32(r.Person)).FullName != nil || r.Name != p.FirstName+" "+p.LastName {
			return fmt.Errorf("the search profile shows the name")
		}
		return nil
	},
	namedraw.GermanGiven: func(f *fixture, r namedraw.Row, p *world.Person, c *world.Company) error {
		out := strings.NewReplacer("ä", "ae", "ö", "oe", "ü", "ue", "Ä", "Ae", "Ö", "Oe", "Ü", "Ue").Replace(p.FirstName)
		if out == p.FirstName || r.First != out || r.Last != p.LastName {
			return fmt.Errorf("%q %q for %q %q", r.First, r.Last, p.FirstName, p.LastName)
		}
		return nil
	},
	namedraw.WebInitials: func(f *fixture, r namedraw.Row, p *world.Person, c *world.Company) error {
		head := strings.Fields(c.Name)[0]
		domain := strings.TrimPrefix(strings.TrimPrefix(r.Company, "https://"), "www.")
		if domain != c.Domain || len([]rune(head)) > 3 && strings.ToUpper(head) != head {
			return fmt.Errorf("%q for %q (%s)", r.Company, c.Name, c.Domain)
		}
		return nil
	},
	namedraw.ShortTypo: func(f *fixture, r namedraw.Row, p *world.Person, c *world.Company) error {
		if !swapped(strings.Fields(r.Company), strings.Fields(c.Name)) || len(f.byKey[match.CompanyKey(r.Company)]) > 0 {
			return fmt.Errorf("%q is no typo of a short word of %q, or another company's name", r.Company, c.Name)
		}
		return nil
	},
	namedraw.LocalPlace: func(f *fixture, r namedraw.Row, p *world.Person, c *world.Company) error {
		if place := f.w.Places()[p.City]; match.Fold(r.City) == match.Fold(place.Name) {
			return fmt.Errorf("city %q of a person of %q", r.City, place.Name)
		}
		return nil
	},
	namedraw.GivenInitial: func(f *fixture, r namedraw.Row, p *world.Person, c *world.Company) error {
		initial := match.Fold(p.FirstName)[:1]
		if r.First != strings.ToUpper(initial)+"." || r.Last != p.LastName || r.Name != r.First+" "+r.Last {
			return fmt.Errorf("%q, %q for %q", r.First, r.Last, p.FullName)
		}
		var same []int32
		for _, i := range f.people(c.Name) {
			o := f.w.Person(int(i))
			if strings.HasPrefix(match.Fold(o.FirstName), initial) && match.Fold(o.LastName) == match.Fold(p.LastName) {
				same = append(same, i)
			}
		}
		return alone(same, r.Person)
	},
	namedraw.EmailName: func(f *fixture, r namedraw.Row, p *world.Person, c *world.Company) error {
		if r.Name != r.First+"."+r.Last || r.First != match.Fold(p.FirstName) || r.Last != match.Fold(p.LastName) ||
			strings.ContainsFunc(r.Name, func(x rune) bool { return x != '.' && (x < 'a' || x > 'z') }) {
			return fmt.Errorf("not an e-mail's name of %q", p.FullName)
		}
		return nil
	},
}

// checkAgainst checks a TitleAgainst row: its name and company are those
// of one person of the world, none of whose titles shares a word of the
// work or the post's word with the row's.
func (f *fixture) checkAgainst(r namedraw.Row) error {
	if r.Person != -1 || r.UID != "" || r.Unique || r.Title == "" {
		return fmt.Errorf("a row of someone")
	}
	them := f.agreeing(match.ParseName(r.Name), r.Company)
	if len(them) != 1 {
		return fmt.Errorf("%d people of that name at %q", len(them), r.Company)
	}
	for _, h := range titles(f.w, them[0]) {
		if slices.ContainsFunc(work(r.Title), func(x string) bool { return slices.Contains(work(h), x) }) || lastWord(h) == lastWord(r.Title) {
			return fmt.Errorf("the only person of that name there holds %q", h)
		}
	}
	return nil
}

// alone reports whether the people found are the row's person alone.
func alone(found []int32, person int) error {
	if len(found) != 1 || int(found[0]) != person {
		return fmt.Errorf("%d people there the row may name", len(found))
	}
	return nil
}

// swapped reports whether two names differ by two neighbouring letters
// swapped inside one word of four to six letters.
func swapped(typo, name []string) bool {
	if len(typo) != len(name) {
		return false
	}
	diff := 0
	for i := range name {
		if typo[i] == name[i] {
			continue
		}
		diff++
		a, b := []rune(typo[i]), []rune(name[i])
		if len(b) < 4 || len(b) > 6 || len(a) != len(b) {
			return false
		}
		j := 0
		for j < len(a) && a[j] == b[j] {
			j++
		}
		if j+1 >= len(a) || a[j] != b[j+1] || a[j+1] != b[j] || string(a[j+2:]) != string(b[j+2:]) {
			return false
		}
	}
	return diff == 1
}

// titles returns the titles person i holds or held.
func titles(w *world.World, i int32) []string {
	var out []string
	for _, j := range w.Person(int(i)).Jobs {
		out = append(out, w.Title(j.Title).Name)
	}
	return out
}

// seniority are the words of a title that say how senior a post is, not
// what the work is.
var seniority = strings.Fields(`senior sr junior jr lead principal staff head chief associate assistant deputy
	vice president vp svp evp avp manager mgr director officer of and the for in at to a i ii iii iv global
	regional international national group team owner founder cofounder co partner specialist consultant
	coordinator representative intern trainee apprentice executive general managing board member advisor
	adviser ceo`)

// work returns the folded words of a title that are not seniority's.
func work(title string) []string {
	var out []string
	for _, x := range strings.Fields(match.Fold(title)) {
		if !slices.Contains(seniority, x) {
			out = append(out, x)
		}
	}
	return out
}

func lastWord(title string) string {
	w := strings.FieldsFunc(strings.ToLower(title), func(r rune) bool { return !unicode.IsLetter(r) })
	return w[len(w)-1]
}
