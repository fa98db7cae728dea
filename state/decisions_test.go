package state

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/internal/clock"
)

// decisionsOf reads every decision of the journal.
func decisionsOf(t *testing.T, j *Journal) []Decision {
	t.Helper()
	var out []Decision
	if err := j.View(func(r *Reader) error {
		return r.EachDecision(func(d Decision) error { out = append(out, d); return nil })
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

// decisionOf reads the decision of a key.
func decisionOf(t *testing.T, j *Journal, key string) (Decision, bool) {
	t.Helper()
	var d Decision
	var ok bool
	if err := j.View(func(r *Reader) error { d, ok = r.Decision(key); return nil }); err != nil {
		t.Fatal(err)
	}
	return d, ok
}

// TestDecisions: a choice is kept by its search's key, with the uid, the
// row and the file it was marked in, and the instant the journal took it;
// putting it again (each run that reads the same file does) changes
// nothing, not even that instant; a choice of another candidate replaces
// it; a key holds one choice; the choices outlive the journal's closing.
func TestDecisions(t *testing.T) {
	path := filepath.Join(t.TempDir(), "job.journal")
	fake := clock.NewFake(t0)
	j, err := Open(path, Options{Command: "test", Clock: fake})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { j.Close() }()
	const jane, john = "jane doe|acme||", "john roe|acme|paris|"
	if _, ok := decisionOf(t, j, jane); ok {
		t.Fatal("a journal without choices has one")
	}
	if err := j.PutDecisions(nil); err != nil {
		t.Fatal(err)
	}
	if err := j.PutDecisions([]Decision{
		{Key: jane, UID: "aaaa", Row: 3, File: "out.csv.candidates.csv"},
		{Key: john, UID: "cccc", Row: 7, File: "out.csv.candidates.xlsx"},
	}); err != nil {
		t.Fatal(err)
	}
	d, ok := decisionOf(t, j, jane)
	if !ok || d.UID != "aaaa" || d.Row != 3 || d.File != "out.csv.candidates.csv" || !d.At.Equal(t0) || d.Key != jane {
		t.Fatalf("decision of %q: %+v, %v", jane, d, ok)
	}

	fake.Advance(time.Hour)
	if err := j.PutDecisions([]Decision{{Key: jane, UID: "aaaa", Row: 9, File: "other.csv"}}); err != nil {
		t.Fatal(err)
	}
	if d, _ := decisionOf(t, j, jane); !d.At.Equal(t0) || d.Row != 3 {
		t.Errorf("the same choice put again changed the record: %+v", d)
	}

	if err := j.PutDecisions([]Decision{{Key: jane, UID: "bbbb", Row: 3}}); err != nil {
		t.Fatal(err)
	}
	if d, _ := decisionOf(t, j, jane); d.UID != "bbbb" || !d.At.Equal(t0.Add(time.Hour)) {
		t.Errorf("another candidate chosen: %+v, want bbbb taken an hour later", d)
	}
	// A key that begins with another is another key.
	if _, ok := decisionOf(t, j, "jane doe|acme|"); ok {
		t.Error("a prefix of a key finds its choice")
	}

	j.Close()
	if j, err = Open(path, Options{Command: "test", Clock: fake}); err != nil {
		t.Fatal(err)
	}
	all := decisionsOf(t, j)
	if len(all) != 2 || all[0].Key != jane || all[0].UID != "bbbb" || all[1].Key != john || all[1].UID != "cccc" {
		t.Errorf("after reopening: %+v", all)
	}
}

// TestDecisionUnreadable: a record that cannot be read is no choice: the
// row is ambiguous again, never another person's.
func TestDecisionUnreadable(t *testing.T) {
	j, _ := openTemp(t)
	if err := j.PutDecisions([]Decision{{Key: "k", UID: "aaaa"}}); err != nil {
		t.Fatal(err)
	}
	if err := j.update(func(tx *boltTx) error {
		return tx.Bucket(bucketDecisions).Put(decisionKey("k", "aaaa"), []byte("{not json"))
	}); err != nil {
		t.Fatal(err)
	}
	if d, ok := decisionOf(t, j, "k"); ok {
		t.Errorf("a damaged record reads as %+v", d)
	}
	if all := decisionsOf(t, j); len(all) != 0 {
		t.Errorf("a damaged record is listed: %+v", all)
	}
}
