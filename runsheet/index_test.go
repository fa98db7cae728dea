package runsheet

import (
	"fmt"
	"testing"
)

// TestLookupIndex adds identifiers through several growths of the table,
// some after a reserve, and finds each at its lookup, as string and as
// bytes, and none that was not added.
func TestLookupIndex(t *testing.T) {
	for _, tc := range []struct {
		name    string
		reserve int // before the first add; 0: none
		n       int
	}{
		{"grown from empty", 0, 5000},
		{"reserved short", 100, 5000},
		{"reserved enough", 5000, 5000},
		{"one", 0, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var x lookupIndex
			var lookups []Lookup
			if _, ok := x.find(lookups, "a"); ok {
				t.Fatal("an empty index found an identifier")
			}
			if tc.reserve > 0 {
				x.reserve(lookups, tc.reserve)
			}
			for i := range tc.n {
				lookups = append(lookups, Lookup{ID: fmt.Sprintf("person%d@example.com", i)})
				x.add(lookups, int32(i))
			}
			if x.n != tc.n || 2*x.n > len(x.slots) {
				t.Fatalf("%d lookups in %d slots, want %d at most half full", x.n, len(x.slots), tc.n)
			}
			for i, l := range lookups {
				li, ok := x.find(lookups, l.ID)
				lb, okb := x.findBytes(lookups, []byte(l.ID))
				if !ok || !okb || li != int32(i) || lb != int32(i) {
					t.Fatalf("%q found at %d (%v) and %d (%v), want %d", l.ID, li, ok, lb, okb, i)
				}
			}
			for i := range 1000 {
				id := fmt.Sprintf("other%d@example.com", i)
				_, ok := x.find(lookups, id)
				_, okb := x.findBytes(lookups, []byte(id))
				if ok || okb {
					t.Fatalf("%q, never added, found", id)
				}
			}
		})
	}
}
