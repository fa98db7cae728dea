package export

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestIDIndex: every identifier added is found at its place, however the
// index grew, and no other is, over drawn identifiers of drawn lengths
// (the empty one, shared prefixes); the seed is in the failure.
func TestIDIndex(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		rng := rand.New(rand.NewPCG(seed, 0x6964))
		n := rng.IntN(5000)
		x := newIDIndex(rng.IntN(n+1), rng.IntN(64))
		want := map[string]int32{}
		for len(want) < n {
			id := fmt.Sprintf("%s%d", []string{"", "linkedin.com/in/", "+1212555", "a@b.co/"}[rng.IntN(4)], rng.IntN(4*n+1))
			if rng.IntN(50) == 0 {
				id = ""
			}
			if _, ok := want[id]; ok {
				continue
			}
			want[id] = int32(len(want))
			if got := x.add([]byte(id)); got != want[id] {
				t.Fatalf("seed %d: %q added at %d, want %d", seed, id, got, want[id])
			}
		}
		for id, place := range want {
			if got, ok := x.find(id); !ok || got != place {
				t.Fatalf("seed %d: %q found at %d (%v), want %d", seed, id, got, ok, place)
			}
			if _, ok := x.find(id + "x"); ok {
				if _, in := want[id+"x"]; !in {
					t.Fatalf("seed %d: %q found, never added", seed, id+"x")
				}
			}
		}
		if len(x.slots) < 2*n {
			t.Fatalf("seed %d: %d slots for %d identifiers", seed, len(x.slots), n)
		}
		// findAll finds what find finds, among identifiers added, asked
		// again, and never added.
		var ids []string
		for id := range want {
			ids = append(ids, id, id+"x", "z"+id)
			if rng.IntN(4) == 0 {
				ids = append(ids, id)
			}
		}
		rng.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
		places := make([]int32, len(ids))
		x.findAll(ids, make([]uint64, len(ids)), places)
		for i, id := range ids {
			p, ok := x.find(id)
			if !ok {
				p = -1
			}
			if places[i] != p {
				t.Fatalf("seed %d: findAll put %q at %d, find at %d", seed, id, places[i], p)
			}
		}
	}
}
