package pipeline

import (
	"context"
	"encoding/json"
	"fmt"
	"hash/maphash"
	"slices"
	"testing"

	"github.com/enrich-dev/enrich/internal/ident"
	"github.com/enrich-dev/enrich/state"
)

// TestFoundResults: the results preloaded are those the rows' waterfalls
// read: each row's first identifier that found the person, past those
// that found nobody, and none past an identifier still open.
func TestFoundResults(t *testing.T) {
	m := &model{index: map[string]int32{}}
	add := func(id string, phase state.Phase, result uint64) int32 {
		i := m.intern(ident.ID{Kind: ident.Email, Value: id})
		m.lookups[i].phase, m.lookups[i].result = phase, result
		m.lookups[i].settled = phase == state.Found || phase == state.NotFound
		return i
	}
	found1 := add("a@x.co", state.Found, 7)
	found2 := add("b@x.co", state.Found, 3)
	none := add("c@x.co", state.NotFound, 0)
	open := add("d@x.co", state.Queued, 0)
	later := add("e@x.co", state.Found, 9)
	unsettled := add("f@x.co", state.Found, 11)
	m.lookups[unsettled].settled = false // answered during the run: read from the journal
	for _, ids := range [][]int32{
		{none, found1, later}, // 7
		{found2, found1},      // 3
		{open, later},         // nothing: the row waits on open
		{found1},              // 7 again
		{unsettled, later},    // nothing: the row reads unsettled as it is written
	} {
		m.rows = append(m.rows, rowState{first: int32(len(m.ids)), end: int32(len(m.ids) + len(ids))})
		m.ids = append(m.ids, ids...)
	}
	if got, want := m.foundResults(), []uint64{3, 7}; !slices.Equal(got, want) {
		t.Errorf("foundResults = %v, want %v", got, want)
	}
}

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
	j, err := state.Open(journalWith(t, answers), state.Options{Command: "test"})
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
		x := &exporter{mode: state.WithContacts, seed: maphash.MakeSeed(), cacheBytes: bound}
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
