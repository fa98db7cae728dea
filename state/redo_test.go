package state

import (
	"path/filepath"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/enrich-dev/enrich/api/wire"
)

// Redo queues again the found lookups it is given, once each, and leaves
// every other lookup as it was; the record keeps Redone through a close
// and an open; and the lookup, answered again, is found with its new
// result.
func TestRedo(t *testing.T) {
	path := filepath.Join(t.TempDir(), "job.journal")
	j, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { j.Close() }()
	var requestID int64
	answer := func(m Mode, results ...wire.Result) {
		t.Helper()
		var items []string
		for _, r := range results {
			items = append(items, r.Item)
		}
		b, _, err := j.Begin(m, items, false, t0)
		if err != nil || b.Seq == 0 {
			t.Fatalf("begin %v: %+v, %v", items, b, err)
		}
		requestID++
		j.Accepted(b.Seq, requestID, t0)
		if _, err := j.Deliver(Ref{RequestID: requestID}, results, t0, policy); err != nil {
			t.Fatal(err)
		}
	}
	found := func(id string) wire.Result { return result(id, wire.StatusSuccess, `{"uid":"`+id+`"}`) }
	answer(WithContacts, found("found@x.co"), found("refreshed@x.co"), found("redone@x.co"),
		result("notfound@x.co", wire.StatusFailed, ""), result("waiting@x.co", wire.StatusDuplicateQuery, ""))
	answer(WithoutContacts, found("found@x.co"))
	// refreshed@x.co was refreshed from a sheet, and found again.
	if err := j.Refresh(WithContacts, []Stale{{ID: "refreshed@x.co", Origin: "leads.csv:4"}}, t0.Add(time.Hour), t0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	answer(WithContacts, found("refreshed@x.co"))
	// redone@x.co was redone once before, and found again.
	if _, err := j.Redo(WithContacts, []string{"redone@x.co"}, t0); err != nil {
		t.Fatal(err)
	}
	answer(WithContacts, found("redone@x.co"))
	if _, _, err := j.Begin(WithContacts, []string{"inflight@x.co"}, false, t0); err != nil {
		t.Fatal(err)
	}

	ids := []string{"found@x.co", "refreshed@x.co", "redone@x.co", "notfound@x.co", "waiting@x.co", "inflight@x.co", "absent@x.co", "found@x.co"}
	before := map[string]Lookup{}
	for _, id := range ids[:6] {
		before[id] = lookup(t, j, WithContacts, id)
	}
	otherMode := lookup(t, j, WithoutContacts, "found@x.co")
	counters, _ := j.Counters()
	redoneBefore := counters[CounterRedone]

	now := t0.Add(2 * time.Hour)
	changes, err := j.Redo(WithContacts, ids, now)
	if err != nil {
		t.Fatal(err)
	}
	changed := map[string]Lookup{}
	for _, c := range changes {
		if c.Mode != WithContacts {
			t.Errorf("change in mode %v", c.Mode)
		}
		if _, twice := changed[c.ID]; twice {
			t.Errorf("%s redone twice in one call", c.ID)
		}
		changed[c.ID] = c.Lookup
	}

	for _, tc := range []struct {
		id     string
		redone int // 0: left as it was
	}{
		{"found@x.co", 1},
		{"refreshed@x.co", 1},
		{"redone@x.co", 2},
		{"notfound@x.co", 0},
		{"waiting@x.co", 0},
		{"inflight@x.co", 0},
	} {
		got := lookup(t, j, WithContacts, tc.id)
		was := before[tc.id]
		if tc.redone == 0 {
			if got != was {
				t.Errorf("%s (%v) changed: %+v → %+v", tc.id, was.Phase, was, got)
			}
			if _, ok := changed[tc.id]; ok {
				t.Errorf("%s (%v) is among the changes", tc.id, was.Phase)
			}
			continue
		}
		want := was
		want.Phase, want.Result, want.NotBefore, want.Updated, want.Attempts, want.Redone = Queued, 0, time.Time{}, now, 0, tc.redone
		if got != want {
			t.Errorf("%s: %+v; want %+v", tc.id, got, want)
		}
		if changed[tc.id] != got {
			t.Errorf("%s: change %+v; the journal holds %+v", tc.id, changed[tc.id], got)
		}
	}
	if r := lookup(t, j, WithContacts, "refreshed@x.co"); r.Previous == 0 || r.Origin != "leads.csv:4" || !r.PreviousAt.Equal(t0) {
		t.Errorf("refreshed@x.co lost its previous answer: %+v", r)
	}
	if len(changed) != 3 {
		t.Errorf("%d changes; want 3", len(changed))
	}
	j.View(func(r *Reader) error {
		if l, ok, _ := r.Lookup(WithContacts, "absent@x.co"); ok {
			t.Errorf("absent@x.co was written: %+v", l)
		}
		return nil
	})
	if got := lookup(t, j, WithoutContacts, "found@x.co"); got != otherMode {
		t.Errorf("the lookup without contacts changed: %+v → %+v", otherMode, got)
	}
	if counters, _ := j.Counters(); counters[CounterRedone]-redoneBefore != 3 {
		t.Errorf("redone counter grew by %d; want 3", counters[CounterRedone]-redoneBefore)
	}
	sum, err := j.Summarize()
	if err != nil || sum.Lookups[WithContacts.String()][Found] != 0 || sum.Lookups[WithContacts.String()][Queued] != 4 {
		t.Errorf("summary after redo: %v, %v", sum.Lookups, err)
	}

	// The records are written in encoding 3 and read back after a reopen.
	j.Close()
	db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	db.View(func(tx *bolt.Tx) error {
		if v := lookupBucket(tx, WithContacts).Get([]byte("redone@x.co")); len(v) == 0 || v[0] != 3 {
			t.Errorf("redone@x.co written as % x; want encoding 3", v)
		}
		return nil
	})
	db.Close()
	if j, err = Open(path, Options{}); err != nil {
		t.Fatal(err)
	}
	if l := lookup(t, j, WithContacts, "redone@x.co"); l.Redone != 2 || l.Phase != Queued {
		t.Errorf("redone@x.co after a reopen: %+v", l)
	}

	// Looked up again, it is found with its new result, and stays redone.
	old := before["found@x.co"].Result
	answer(WithContacts, found("found@x.co"))
	l := lookup(t, j, WithContacts, "found@x.co")
	if l.Phase != Found || l.Redone != 1 || l.Result == old || l.Result == 0 {
		t.Errorf("found@x.co answered again: %+v (result before %d)", l, old)
	}
	j.View(func(r *Reader) error {
		raw, err := r.Result(l.Result)
		var res wire.Result
		if err != nil || res.UnmarshalJSON(raw) != nil || res.Item != "found@x.co" {
			t.Errorf("found@x.co reads result %s, %v", raw, err)
		}
		return nil
	})
}
