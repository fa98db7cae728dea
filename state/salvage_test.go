package state

import (
	"context"
	"fmt"
	"maps"
	"path/filepath"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/enrich-dev/enrich/api/wire"
)

// Salvage of a sound journal copies it as it is: the same lookups in the
// same phases, the same results, nothing added by the scan of its pages
// (a profile without contacts found by a lookup with contacts was added
// again as a lookup without contacts), and counts of lookups that agree
// with the records.
func TestSalvageOfSoundJournal(t *testing.T) {
	for _, tc := range []struct {
		name  string
		build func(t *testing.T, path string)
	}{
		{"profiles without contacts, looked up with contacts", func(t *testing.T, path string) { buildJournal(t, path, 300) }},
		{"company requests too", buildWithCompanies},
		{"both modes, profiles with and without contacts", func(t *testing.T, path string) {
			j, err := Open(path, Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer j.Close()
			for n, m := range []Mode{WithContacts, WithoutContacts} {
				var items []string
				var results []wire.Result
				for i := range 20 {
					id := fmt.Sprintf("p%02d@x.co", i)
					items = append(items, id)
					candidate := fmt.Sprintf(`{"uid":"%032x"}`, i)
					if m == WithContacts && i%2 == 0 {
						candidate = fmt.Sprintf(`{"uid":"%032x","contacts":[{"type":"email","value":%q}]}`, i, id)
					}
					results = append(results, result(id, wire.StatusSuccess, candidate))
				}
				b, _, err := j.Begin(m, items, false, t0)
				if err != nil {
					t.Fatal(err)
				}
				j.Accepted(b.Seq, int64(n+1), t0)
				if _, err := j.Deliver(Ref{RequestID: int64(n + 1)}, results, t0, policy); err != nil {
					t.Fatal(err)
				}
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			old, saved := filepath.Join(dir, "old.journal"), filepath.Join(dir, "saved.journal")
			tc.build(t, old)
			rep, err := Salvage(old, saved)
			if err != nil {
				t.Fatal(err)
			}
			if n := rep.Copied["results found by scanning"]; n != 0 {
				t.Errorf("the scan added %d results to a sound journal's copy", n)
			}
			summary := func(path string) Summary {
				j, err := Open(path, Options{ReadOnly: true})
				if err != nil {
					t.Fatal(err)
				}
				defer j.Close()
				s, err := j.Summarize()
				if err != nil {
					t.Fatal(err)
				}
				return s
			}
			was, is := summary(old), summary(saved)
			for _, m := range []Mode{WithContacts, WithoutContacts} {
				if !maps.Equal(was.Lookups[m.String()], is.Lookups[m.String()]) {
					t.Errorf("lookups %v: %v, were %v", m, is.Lookups[m.String()], was.Lookups[m.String()])
				}
				records := 0
				for _, n := range is.Lookups[m.String()] {
					records += n
				}
				if got := is.Counters[lookupsCounter(m)]; got != int64(records) {
					t.Errorf("lookups %v counted %d; the journal holds %d", m, got, records)
				}
			}
			if before, after := readRecords(t, old), readRecords(t, saved); len(after.values["results"]) != len(before.values["results"]) {
				t.Errorf("%d results, were %d", len(after.values["results"]), len(before.values["results"]))
			}
			if r, err := Check(context.Background(), saved); err != nil || !r.OK() {
				t.Errorf("the copy: %+v, %v", r, err)
			}
		})
	}
}

// A lookup in flight whose request did not survive the salvage (its
// page unreadable) is queued again: it would otherwise wait for a
// request that no longer exists, and its rows stay pending on every run
// while the run says running again resumes. Lookups of a request that
// survived stay in flight.
func TestSalvageQueuesLookupsOfLostRequests(t *testing.T) {
	dir := t.TempDir()
	old, saved := filepath.Join(dir, "old.journal"), filepath.Join(dir, "saved.journal")
	j, err := Open(old, Options{})
	if err != nil {
		t.Fatal(err)
	}
	lost, _, err := j.Begin(WithContacts, []string{"a@x.co", "b@x.co"}, false, t0)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := j.Begin(WithContacts, []string{"c@x.co"}, false, t0); err != nil {
		t.Fatal(err)
	}
	// The request's record is gone, as under a damaged page.
	if err := j.update(func(tx *bolt.Tx) error { return tx.Bucket(bucketBatches).Delete(u64(lost.Seq)) }); err != nil {
		t.Fatal(err)
	}
	j.Close()
	if _, err := Salvage(old, saved); err != nil {
		t.Fatal(err)
	}
	s, err := Open(saved, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for id, want := range map[string]Phase{"a@x.co": Queued, "b@x.co": Queued, "c@x.co": InFlight} {
		var l Lookup
		if err := s.View(func(r *Reader) error { l, _, err = r.Lookup(WithContacts, id); return err }); err != nil {
			t.Fatal(err)
		}
		if l.Phase != want {
			t.Errorf("%s: %s after the salvage, want %s", id, l.Phase, want)
		}
	}
}
