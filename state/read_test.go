package state

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// EachLookupOf answers what Lookup answers of each identifier, for
// identifiers in order or not, held or not, dense or sparse in the
// journal, on drawn sets.
func TestEachLookupOfSameAsLookup(t *testing.T) {
	j, _ := openTemp(t)
	var held []string
	for i := range 3000 {
		held = append(held, fmt.Sprintf("p%05d@x.co", i*2)) // the odd ones are never held
	}
	for start := 0; start < len(held); start += 100 {
		if _, _, err := j.Begin(WithContacts, held[start:start+100], false, t0); err != nil {
			t.Fatal(err)
		}
	}
	for seed := uint64(1); seed <= 40; seed++ {
		rng := rand.New(rand.NewPCG(seed, 35))
		var ids []string
		for range rng.IntN(2000) {
			ids = append(ids, fmt.Sprintf("p%05d@x.co", rng.IntN(6100)))
		}
		if seed%4 != 0 {
			slices.Sort(ids)
		}
		want := map[int]Lookup{}
		got := map[int]Lookup{}
		if err := j.View(func(r *Reader) error {
			for i, id := range ids {
				if l, ok, err := r.Lookup(WithContacts, id); err != nil {
					return err
				} else if ok {
					want[i] = l
				}
			}
			r.EachLookupOf(WithContacts, ids, func(i int, l Lookup) {
				if _, twice := got[i]; twice {
					t.Fatalf("seed %d: identifier %d answered twice", seed, i)
				}
				got[i] = l
			})
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Fatalf("seed %d: %d identifiers answered; Lookup answers %d", seed, len(got), len(want))
		}
		for i, l := range want {
			if g, ok := got[i]; !ok || g.Batch != l.Batch || g.Phase != l.Phase {
				t.Fatalf("seed %d: %s: %+v; Lookup says %+v", seed, ids[i], g, l)
			}
		}
	}
}
