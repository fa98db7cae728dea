package state

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/api"
)

// buildJournal writes a journal of n lookups, two thirds found with
// profiles of a few kilobytes, some requests still open, and closes it.
func buildJournal(t testing.TB, path string, n int) {
	t.Helper()
	j, err := Open(path, Options{Command: "test"})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	r := rand.New(rand.NewPCG(1, 2))
	for start := 0; start < n; start += 100 {
		var items []string
		for i := start; i < min(n, start+100); i++ {
			items = append(items, fmt.Sprintf("p%05d@x.co", i))
		}
		b, _, err := j.Begin(WithContacts, items, false, t0)
		if err != nil {
			t.Fatal(err)
		}
		j.Accepted(b.Seq, int64(b.Seq), t0)
		if start+100 >= n {
			break // the last request stays open
		}
		var results []api.Result
		for _, it := range items {
			if r.IntN(3) == 0 {
				results = append(results, result(it, api.StatusFailed, ""))
				continue
			}
			summary := strings.Repeat(fmt.Sprintf("worked on things %d; ", r.IntN(1e6)), 40)
			results = append(results, result(it, api.StatusSuccess, fmt.Sprintf(`{"uid":"%032x","fullName":"P %s","summary":%q}`, r.Uint64(), it, summary)))
		}
		if _, err := j.Deliver(Ref{RequestID: int64(b.Seq)}, results, t0, policy); err != nil {
			t.Fatal(err)
		}
	}
}

// exercise does what commands do with a journal: open it, count it, read
// every lookup and result, resume its open requests, write a request and
// its results. It must never panic; errors are fine.
func exercise(path string) {
	j, err := Open(path, Options{Command: "test"})
	if err != nil {
		return
	}
	defer j.Close()
	j.Summarize()
	j.View(func(r *Reader) error {
		return r.EachLookup(WithContacts, func(id []byte, l Lookup) error {
			if l.Phase == Found {
				r.Result(l.Result)
			}
			r.Lookup(WithContacts, string(id))
			return nil
		})
	})
	j.OpenBatches()
	j.BatchesSince(t0.Add(-time.Hour))
	j.Token()
	b, _, err := j.Begin(WithContacts, []string{"p00001@x.co", "new@x.co"}, false, t0)
	if err == nil && b.Seq > 0 {
		j.Accepted(b.Seq, 999999, t0)
		j.Deliver(Ref{RequestID: 999999}, []api.Result{result("new@x.co", api.StatusFailed, "")}, t0, policy)
		j.Expire(b.Seq, t0, "test", policy)
	}
	j.Flag("x")
	j.Counters()
}

// TestDamagedJournalNeverPanics damages a journal at seeded random places
// (flipped bytes, a cut) and uses it as every command does: nothing may
// panic. Salvage of each damaged copy must give a sound journal.
func TestDamagedJournalNeverPanics(t *testing.T) {
	dir := t.TempDir()
	clean := filepath.Join(dir, "clean.journal")
	buildJournal(t, clean, 600)
	data, err := os.ReadFile(clean)
	if err != nil {
		t.Fatal(err)
	}
	tries := 120
	if testing.Short() {
		tries = 30
	}
	for seed := uint64(1); seed <= uint64(tries); seed++ {
		r := rand.New(rand.NewPCG(seed, 77))
		damaged := append([]byte(nil), data...)
		what := ""
		switch r.IntN(4) {
		case 0:
			cut := r.IntN(len(damaged))
			damaged, what = damaged[:cut], fmt.Sprintf("cut at %d", cut)
		default:
			for range 1 + r.IntN(6) {
				at := r.IntN(len(damaged))
				damaged[at] ^= byte(1 + r.IntN(255))
				what += fmt.Sprintf(" flip at %d", at)
			}
		}
		path := filepath.Join(dir, fmt.Sprintf("d%d.journal", seed))
		if err := os.WriteFile(path, damaged, 0o600); err != nil {
			t.Fatal(err)
		}
		func() {
			defer func() {
				if p := recover(); p != nil {
					t.Fatalf("seed %d (%s): panic: %v\n%s", seed, what, p, debug.Stack())
				}
			}()
			exercise(path)
			if _, err := Check(path); err != nil && !errors.Is(err, ErrDamaged) && !strings.Contains(err.Error(), "journal") {
				t.Errorf("seed %d: check: %v", seed, err)
			}
			saved := filepath.Join(dir, fmt.Sprintf("s%d.journal", seed))
			if _, err := Salvage(path, saved); err == nil {
				rep, err := Check(saved)
				if err != nil || !rep.OK() {
					t.Errorf("seed %d (%s): the salvaged journal is not sound: %+v, %v", seed, what, rep, err)
				}
				exercise(saved)
			}
		}()
	}
}

// A journal cut short to 200,000 bytes: every command says it is damaged
// and how to go on; salvage keeps what comes before the cut.
func TestTruncatedJournal(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "job.journal")
	buildJournal(t, path, 600)
	if fi, _ := os.Stat(path); fi.Size() <= 200000 {
		t.Fatalf("journal of %d bytes is too small for the test", fi.Size())
	}
	if err := os.Truncate(path, 200000); err != nil {
		t.Fatal(err)
	}
	_, err := Open(path, Options{})
	if err == nil {
		j, _ := Open(path, Options{})
		_, err = j.Summarize()
		j.Close()
	}
	if !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), "enrich journal salvage") {
		t.Fatalf("err %v; want ErrDamaged naming the way out", err)
	}
	rep, err := Check(path)
	if err != nil && !errors.Is(err, ErrDamaged) {
		t.Fatal(err)
	}
	if err == nil && rep.OK() {
		t.Errorf("check found nothing wrong: %+v", rep)
	}
	saved := filepath.Join(dir, "saved.journal")
	srep, err := Salvage(path, saved)
	if err != nil {
		t.Fatalf("salvage: %v", err)
	}
	if rep, err := Check(saved); err != nil || !rep.OK() || rep.Lookups == 0 {
		t.Errorf("salvaged journal: %+v, %v (salvage %+v)", rep, err, srep)
	}
	j, err := Open(saved, Options{})
	if err != nil {
		t.Fatal(err)
	}
	tok, _ := j.Token()
	j.Close()
	if tok == "" {
		t.Error("the salvaged journal lost its callback token")
	}
}

// A result whose id was damaged to another's must not show another
// person: Check counts it, and salvage drops the lookup.
func TestMismatchedResult(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "job.journal")
	j, _ := Open(path, Options{})
	b, _, _ := j.Begin(WithContacts, []string{"a@x.co", "b@x.co"}, false, t0)
	j.Accepted(b.Seq, 1, t0)
	j.Deliver(Ref{RequestID: 1}, []api.Result{
		result("a@x.co", api.StatusSuccess, `{"uid":"aaaa"}`),
		result("b@x.co", api.StatusSuccess, `{"uid":"bbbb"}`),
	}, t0, policy)
	// Point a's lookup at b's result, as a flipped byte can.
	la := lookup(t, j, WithContacts, "a@x.co")
	lb := lookup(t, j, WithContacts, "b@x.co")
	la.Result = lb.Result
	j.update(func(tx *boltTx) error { return putLookup(lookupBucket(tx, WithContacts), "a@x.co", la) })
	j.Close()
	rep, err := Check(path)
	if err != nil || rep.Mismatched != 1 {
		t.Fatalf("check: %+v, %v", rep, err)
	}
	srep, err := Salvage(path, filepath.Join(dir, "saved.journal"))
	if err != nil || srep.Dropped["lookups with contacts"] != 1 {
		t.Errorf("salvage: %+v, %v", srep, err)
	}
}

// What is not a journal is refused as such, in words that say so.
func TestNotAJournal(t *testing.T) {
	dir := t.TempDir()
	csvPath := filepath.Join(dir, "leads.csv")
	os.WriteFile(csvPath, []byte("Name,Email\nAna,a@x.co\n"), 0o600)
	empty := filepath.Join(dir, "empty.journal")
	os.WriteFile(empty, nil, 0o600)
	foreign := filepath.Join(dir, "other.db")
	makeForeign(t, foreign)
	for _, tc := range []struct {
		path     string
		readOnly bool
		says     string
	}{
		{dir, false, "is a folder"},
		{csvPath, false, "not an enrich journal"},
		{empty, true, "is empty"},
		{foreign, false, "another program's database"},
		{foreign, true, "another program's database"},
	} {
		_, err := Open(tc.path, Options{ReadOnly: tc.readOnly})
		if err == nil || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%s (read only %v): %v; want it to say %q", tc.path, tc.readOnly, err, tc.says)
		}
	}
	if got := bucketsOf(t, foreign); got != "theirs" {
		t.Errorf("the foreign file's buckets are now %q", got)
	}
}

// Removing the journal while it is open is noticed at the next write.
func TestJournalRemoved(t *testing.T) {
	j, path := openTemp(t)
	os.Remove(path)
	_, _, err := j.Begin(WithContacts, []string{"a@x.co"}, false, t0)
	if !errors.Is(err, ErrGone) {
		t.Fatalf("Begin after the file was removed: %v", err)
	}
	if err := j.Present(); !errors.Is(err, ErrGone) {
		t.Errorf("Present: %v", err)
	}
}
