package match_test

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/enrich-dev/enrich/demo/namedraw"
	"github.com/enrich-dev/enrich/emulator/world"
	"github.com/enrich-dev/enrich/internal/match"
)

var worldSeeds = flag.Int("match-seeds", 3, "worlds of TestNoOneElse")

// TestNoOneElse draws rows from the emulator's world as sheets write them
// (package namedraw: accents stripped, upper case, "Last, First",
// honorifics and degrees, legal forms dropped or added, "The", the
// company's domain, a past employer, the city) and offers each row every
// person of the world who shares a word of its family name, as a people
// search by name would. The row's own person must agree (recall over the
// spellings), and Choose must never pick anyone else (precision). A row
// of a person the world does not know (whose name nobody at that company
// has) is never matched.
func TestNoOneElse(t *testing.T) {
	for seed := int64(1); seed <= int64(*worldSeeds); seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			t.Parallel()
			noOneElse(t, seed)
		})
	}
}

func noOneElse(t *testing.T, seed int64) {
	replay := fmt.Sprintf("replay: go test ./internal/match -run 'TestNoOneElse/^%d$' -match-seeds %d", seed, seed)
	w := world.New(world.Config{Seed: seed, People: 20000})
	d := namedraw.New(w, rand.New(rand.NewPCG(uint64(seed), 0x6e616d65)))
	byFamily := map[string][]int{}
	for i := range w.Len() {
		for _, f := range strings.Fields(match.Fold(w.Person(i).LastName)) {
			byFamily[f] = append(byFamily[f], i)
		}
	}
	candidate := func(i int) match.Candidate {
		p := w.Person(i)
		c := match.Candidate{FullName: p.FullName, Location: w.Places()[p.City].Name}
		for _, j := range p.Jobs {
			c.Jobs = append(c.Jobs, match.Job{Company: w.Company(j.Company).Name, Title: w.Titles()[j.Title].Name})
		}
		return c
	}
	matched, agreed, rows, unknown, unique, uniqueMatched := 0, 0, 0, 0, 0, 0
	for range 3000 {
		r := d.Draw(5)
		row := match.Row{Name: match.ParseName(r.Name), Company: r.Company, Location: r.City, Title: r.Title}
		if r.Name == "" {
			row.Name = match.SplitName(r.First, r.Last)
		}
		var ids []int
		var offered []match.Candidate
		for _, f := range row.Name.Family {
			for _, k := range byFamily[f] {
				if !slices.Contains(ids, k) {
					ids = append(ids, k)
					offered = append(offered, candidate(k))
				}
			}
		}
		ch := match.Choose(row, offered)
		if r.Person < 0 {
			unknown++
			if ch.Index >= 0 {
				t.Errorf("%+v, a person the world does not know, matched %s (%q)\n%s", r, w.Person(ids[ch.Index]).UID, offered[ch.Index].FullName, replay)
			}
			continue
		}
		rows++
		if r.Unique {
			unique++
		}
		if !match.Judge(row, candidate(r.Person)).Agrees {
			t.Errorf("%+v does not agree with %q (%v)\n%s", r, w.Person(r.Person).FullName, candidate(r.Person).Jobs, replay)
			continue
		}
		agreed++
		if ch.Index < 0 {
			continue
		}
		if got := ids[ch.Index]; got != r.Person {
			t.Fatalf("%+v, drawn from %s (%q), matched %s (%q, %v)\n%s",
				r, r.UID, w.Person(r.Person).FullName, w.Person(got).UID, offered[ch.Index].FullName, offered[ch.Index].Jobs, replay)
		}
		matched++
		if r.Unique {
			uniqueMatched++
		}
	}
	t.Logf("%d rows: %d agree with their person, %d matched to them (%d of %d alone of their name at their company), the rest ambiguous; %d rows of people unknown to the world",
		rows, agreed, matched, uniqueMatched, unique, unknown)
	if uniqueMatched < unique*95/100 {
		t.Errorf("only %d of %d rows of people alone of their name at their company matched\n%s", uniqueMatched, unique, replay)
	}
}

// TestNoOneElseHardKinds judges rows of the kinds that make finding hard
// (namedraw.DrawMix: nicknames, short brands, typos, respelt names,
// credentials, names written family first, namesakes' companies that the
// row's city contradicts, people the world does not know) against every
// person of the world who shares a word of the row's family name or of the
// person's own: whoever is matched is the row's own person.
func TestNoOneElseHardKinds(t *testing.T) {
	for seed := int64(1); seed <= int64(*worldSeeds); seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			t.Parallel()
			replay := fmt.Sprintf("replay: go test ./internal/match -run 'TestNoOneElseHardKinds/^%d$' -match-seeds %d", seed, seed)
			w := world.New(world.Config{Seed: seed, People: 20000})
			d := namedraw.New(w, rand.New(rand.NewPCG(uint64(seed), 0x6b696e64)))
			byFamily := map[string][]int{}
			for i := range w.Len() {
				for _, f := range strings.Fields(match.Fold(w.Person(i).LastName)) {
					byFamily[f] = append(byFamily[f], i)
				}
			}
			matched, kinds := 0, map[namedraw.Kind]int{}
			for i := range 3000 {
				mix := namedraw.Mix{City: i%2 == 0, Title: i%3 == 0}
				r := d.DrawMix(mix)
				kinds[r.Kind]++
				row := match.Row{Name: match.ParseName(r.Name), Company: r.Company, Location: r.City, Title: r.Title}
				if i%4 == 0 {
					row.Name = match.SplitName(r.First, r.Last)
				}
				var ids []int
				var offered []match.Candidate
				families := slices.Clone(row.Name.Family)
				if r.Person >= 0 {
					families = append(families, strings.Fields(match.Fold(w.Person(r.Person).LastName))...)
				}
				for _, f := range families {
					for _, k := range byFamily[f] {
						if !slices.Contains(ids, k) {
							ids = append(ids, k)
							p := w.Person(k)
							c := match.Candidate{FullName: p.FullName, Location: w.Places()[p.City].Display}
							for _, j := range p.Jobs {
								c.Jobs = append(c.Jobs, match.Job{Company: w.Company(j.Company).Name, Title: w.Titles()[j.Title].Name})
							}
							offered = append(offered, c)
						}
					}
				}
				ch := match.Choose(row, offered)
				if ch.Index < 0 {
					continue
				}
				matched++
				if got := ids[ch.Index]; got != r.Person {
					t.Errorf("%s row %+v matched %s (%q at %v, %s): %+v\n%s", r.Kind, r, w.Person(got).UID, offered[ch.Index].FullName,
						offered[ch.Index].Jobs[0].Company, offered[ch.Index].Location, ch.Verdict(), replay)
				}
			}
			t.Logf("3,000 rows, %d matched; kinds %v", matched, kinds)
		})
	}
}
