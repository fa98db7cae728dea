package export

import (
	"context"
	"encoding/json"
	"fmt"
	"hash/maphash"
	"slices"
	"testing"

	"github.com/enrich-dev/enrich/state"
	"github.com/enrich-dev/enrich/state/statetest"
)

// TestPreload: every result asked for is decoded into the cache, once;
// with a small cache the preload stops when it is three quarters full,
// before the cache would start again.
func TestPreload(t *testing.T) {
	answers := map[string][]byte{}
	for i := range 600 {
		id := fmt.Sprintf("p%d@x.co", i)
		answers[id], _ = json.Marshal(map[string]any{"item": id, "status": "success",
			"candidate": map[string]any{"uid": fmt.Sprint("u", i), "fullName": fmt.Sprint("Person ", i), "headLine": "Engineer at Acme"}})
	}
	j, err := state.Open(statetest.JournalWith(t, answers), state.Options{Command: "test"})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	var ids []uint64
	err = j.View(func(r *state.Reader) error {
		return r.EachLookup(state.WithContacts, func(_ []byte, l state.Lookup) error {
			ids = append(ids, l.Result)
			return nil
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(ids)
	for _, bound := range []int{maxCachedBytes, 16 << 10} {
		x := &Exporter{mode: state.WithContacts, seed: maphash.MakeSeed(), cacheBytes: bound}
		x.forget()
		if err := x.preload(context.Background(), j, ids, 2); err != nil {
			t.Fatal(err)
		}
		switch {
		case bound == maxCachedBytes && (len(x.profiles) != len(ids) || len(x.records) != len(ids)):
			t.Errorf("preloaded %d results and %d records of %d", len(x.profiles), len(x.records), len(ids))
		case bound < maxCachedBytes && (len(x.profiles) == len(ids) || x.size < bound/4*3 || x.size > bound):
			t.Errorf("with a cache of %d bytes: preloaded %d of %d results, %d bytes", bound, len(x.profiles), len(ids), x.size)
		}
		for id, s := range x.profiles {
			if s.damaged || s.record == nil || s.record.UID == "" {
				t.Fatalf("result %d: %+v", id, s)
			}
		}
	}
}
