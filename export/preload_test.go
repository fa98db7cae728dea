package export

import (
	"context"
	"encoding/json"
	"fmt"
	"hash/maphash"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/enrich-dev/enrich/internal/ident"
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
			if s.damaged || s.held == nil || s.held.UID == "" {
				t.Fatalf("result %d: %+v", id, s)
			}
		}
	}
}

// TestPreloadFlatGivesEntries: once the table is read, the preload gives
// each found entry the profile its result holds, one record for the
// identifiers that found the same person; an entry whose result spells
// its item otherwise is left for the rows, whose first comparison gives
// it the profile; an entry that found nobody gets none.
func TestPreloadFlatGivesEntries(t *testing.T) {
	answers := map[string][]byte{"nobody@x.co": nil}
	for i := range 300 {
		person := map[string]any{"uid": fmt.Sprint("u", i/3), "fullName": fmt.Sprint("Person ", i/3)} // three identifiers a person
		id, item := fmt.Sprintf("p%d@x.co", i), fmt.Sprintf("p%d@x.co", i)
		if i == 7 {
			item = "P7@X.co"
		}
		answers[id], _ = json.Marshal(map[string]any{"item": item, "status": "success", "candidate": person})
	}
	j, err := state.Open(statetest.JournalWith(t, answers), state.Options{Command: "test"})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	input := filepath.Join(t.TempDir(), "in.csv")
	if err := os.WriteFile(input, []byte("email\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	x := NewExporter(state.WithContacts, 0)
	table, err := readAnswers(context.Background(), j, Config{Input: input}, x)
	if err != nil || table == nil {
		t.Fatalf("readAnswers: %v, %v", table, err)
	}
	defer table.stop()
	if err := table.wait(); err != nil {
		t.Fatal(err)
	}
	<-table.preloaded
	x.table = table
	people := map[*heldRecord]bool{}
	for id := range answers {
		a, ok := table.get(id)
		if !ok {
			t.Fatalf("%s: not in the table", id)
		}
		held := a.entry.found.Load()
		switch {
		case id == "nobody@x.co" || id == "p7@x.co":
			if held != nil {
				t.Errorf("%s: given %s by the preload", id, held.FullName)
			}
		case held == nil:
			t.Errorf("%s: not given its profile", id)
		default:
			people[held] = true
		}
	}
	if len(people) != 100 {
		t.Errorf("the entries hold %d records of 100 people", len(people))
	}
	a, _ := table.get("p7@x.co")
	err = j.View(func(r *state.Reader) error {
		s, same := x.found(&journalScan{Reader: r}, ident.ID{Kind: ident.Email, Value: "p7@x.co"}, a)
		if !same || s.record() == nil || s.record().FullName != "Person 2" || a.entry.found.Load() == nil {
			t.Errorf("p7@x.co, its item spelled P7@X.co: %+v, same %v, kept %v", s, same, a.entry.found.Load() != nil)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
