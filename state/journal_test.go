package state

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/api/wire"
)

var t0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

func openTemp(t *testing.T) (*Journal, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "job.journal")
	j, err := Open(path, Options{Command: "test"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { j.Close() })
	return j, path
}

func result(item string, status wire.Status, candidate string) wire.Result {
	raw := fmt.Sprintf(`{"item":%q,"status":%q}`, item, status)
	if candidate != "" {
		raw = fmt.Sprintf(`{"item":%q,"status":%q,"candidate":%s}`, item, status, candidate)
	}
	var r wire.Result
	if err := json.Unmarshal([]byte(raw), &r); err != nil {
		panic(err)
	}
	return r
}

func lookup(t *testing.T, j *Journal, m Mode, id string) Lookup {
	t.Helper()
	var l Lookup
	err := j.View(func(r *Reader) error {
		var ok bool
		var err error
		l, ok, err = r.Lookup(m, id)
		if !ok && err == nil {
			err = fmt.Errorf("no lookup %q", id)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return l
}

var policy = Policy{MaxAttempts: 3, RetryWait: time.Minute}

func TestOpenLockAndPermissions(t *testing.T) {
	j, path := openTemp(t)
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("journal mode %v, %v; want 0600", fi.Mode().Perm(), err)
	}
	_, err = Open(path, Options{LockTimeout: 50 * time.Millisecond})
	var le *LockedError
	if !errors.Is(err, ErrLocked) || !errors.As(err, &le) {
		t.Fatalf("second open: %v, want ErrLocked", err)
	}
	if le.Holder == nil || le.Holder.PID != os.Getpid() || le.Holder.Command != "test" {
		t.Errorf("holder = %+v", le.Holder)
	}
	if !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "pid") {
		t.Errorf("message %q does not name the journal and its holder", err)
	}
	token, _ := j.Token()
	j.Close()
	j2, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer j2.Close()
	if token2, _ := j2.Token(); token2 != token || len(token) != 32 {
		t.Errorf("token %q after reopen, was %q", token2, token)
	}
}

func TestOpenRejectsOtherFiles(t *testing.T) {
	dir := t.TempDir()
	junk := filepath.Join(dir, "notes.txt")
	os.WriteFile(junk, []byte("hello, this is not a database"), 0o600)
	if _, err := Open(junk, Options{}); err == nil {
		t.Error("a text file opened as a journal")
	}
	if _, err := Open(filepath.Join(dir, "missing"), Options{ReadOnly: true}); err == nil {
		t.Error("read-only open of a missing journal succeeded")
	}
}

func TestLifecycle(t *testing.T) {
	j, _ := openTemp(t)
	items := []string{"a@x.co", "b@x.co", "c@x.co"}
	b, _, err := j.Begin(WithContacts, items, false, t0)
	if err != nil {
		t.Fatal(err)
	}
	if l := lookup(t, j, WithContacts, "a@x.co"); l.Phase != InFlight || l.Attempts != 1 || l.Batch != b.Seq {
		t.Fatalf("after Begin: %+v", l)
	}
	if _, err := j.Accepted(b.Seq, 501, t0.Add(time.Second)); err != nil {
		t.Fatal(err)
	}
	cand := `{"uid":"0123456789abcdef0123456789abcdef","fullName":"Ana","extra":{"kept":true}}`
	results := []wire.Result{
		result("a@x.co", wire.StatusSuccess, cand),
		result("b@x.co", wire.StatusFailed, ""),
		result("c@x.co", wire.StatusDuplicateQuery, ""),
	}
	d, err := j.Deliver(Ref{RequestID: 501}, results, t0.Add(5*time.Second), policy)
	if err != nil {
		t.Fatal(err)
	}
	if d.Batch != b.Seq || len(d.Changes) != 3 || d.Stale != 0 {
		t.Fatalf("delivery %+v", d)
	}
	a := lookup(t, j, WithContacts, "a@x.co")
	if a.Phase != Found {
		t.Fatalf("a: %+v", a)
	}
	j.View(func(r *Reader) error {
		raw, err := r.Result(a.Result)
		if err != nil || string(raw) != string(results[0].Raw) {
			t.Errorf("stored result %s, %v; want exactly %s", raw, err, results[0].Raw)
		}
		return nil
	})
	if l := lookup(t, j, WithContacts, "b@x.co"); l.Phase != NotFound {
		t.Errorf("b: %+v", l)
	}
	c := lookup(t, j, WithContacts, "c@x.co")
	if c.Phase != Queued || !c.NotBefore.Equal(t0.Add(5*time.Second+time.Minute)) || c.Attempts != 0 || c.Waits != 1 {
		t.Errorf("c: %+v, want queued a minute later, one wait and no attempt used", c)
	}
	open, _ := j.OpenBatches()
	if len(open) != 0 {
		t.Errorf("batch still open after its callback: %+v", open)
	}

	// The same callback again changes nothing.
	d, err = j.Deliver(Ref{RequestID: 501}, results, t0.Add(9*time.Second), policy)
	if err != nil || len(d.Changes) != 0 || d.Stale != 3 {
		t.Errorf("duplicate delivery: %+v, %v", d, err)
	}
	counters, _ := j.Counters()
	if counters[CounterFound] != 1 || counters[CounterNotFound] != 1 || counters[CounterDuplicate] != 1 || counters[CounterItemsSent] != 3 {
		t.Errorf("counters %v", counters)
	}
}

func TestUnknownRequestIDMatchedByItems(t *testing.T) {
	j, _ := openTemp(t)
	b, _, _ := j.Begin(WithContacts, []string{"+14155550100", "z@x.co"}, false, t0)
	// The process died before journaling requestId 77; its callback arrives.
	d, err := j.Deliver(Ref{RequestID: 77}, []wire.Result{
		result("+14155550100", wire.StatusSuccess, `{"uid":"u"}`),
		result("z@x.co", wire.StatusFailed, ""),
	}, t0.Add(time.Second), policy)
	if err != nil || d.Batch != b.Seq || len(d.Changes) != 2 {
		t.Fatalf("%+v %v", d, err)
	}
	open, _ := j.OpenBatches()
	if len(open) != 0 {
		t.Errorf("batch not settled: %+v", open)
	}
	// Results for identifiers never submitted name no request: refused.
	d, err = j.Deliver(Ref{RequestID: 78}, []wire.Result{result("stranger@x.co", wire.StatusSuccess, `{}`)}, t0, policy)
	if err != nil || d.Refused != 1 || len(d.Changes) != 0 {
		t.Errorf("unknown items: %+v %v", d, err)
	}
}

func TestRejectedAndExpired(t *testing.T) {
	j, _ := openTemp(t)
	b1, _, _ := j.Begin(WithoutContacts, []string{"u1", "u2"}, false, t0)
	changes, err := j.Rejected(b1.Seq, t0, "429")
	if err != nil || len(changes) != 2 {
		t.Fatalf("%v %v", changes, err)
	}
	if l := lookup(t, j, WithoutContacts, "u1"); l.Phase != Queued || l.Attempts != 0 {
		t.Errorf("after a 429: %+v, want queued with no attempt counted", l)
	}
	// Three submissions whose callbacks never come: the third gives up.
	for i := 1; i <= 3; i++ {
		b, _, _ := j.Begin(WithoutContacts, []string{"u1"}, false, t0)
		j.Accepted(b.Seq, int64(100+i), t0)
		if _, err := j.Expire(b.Seq, t0.Add(time.Hour), "no callback within 15m", policy); err != nil {
			t.Fatal(err)
		}
	}
	l := lookup(t, j, WithoutContacts, "u1")
	if l.Phase != Failed || l.Attempts != 3 || !strings.Contains(l.Reason, "no callback within 15m") {
		t.Errorf("after 3 expiries: %+v", l)
	}
	// A late callback for an expired batch still counts.
	b, _, _ := j.Begin(WithoutContacts, []string{"u2"}, false, t0)
	j.Accepted(b.Seq, 200, t0)
	j.Expire(b.Seq, t0.Add(time.Hour), "late", policy)
	d, err := j.Deliver(Ref{RequestID: 200}, []wire.Result{result("u2", wire.StatusSuccess, `{"uid":"u2"}`)}, t0.Add(2*time.Hour), policy)
	if err != nil || len(d.Changes) != 1 || lookup(t, j, WithoutContacts, "u2").Phase != Found {
		t.Errorf("late callback: %+v %v", d, err)
	}
}

func TestStaleTransientIgnored(t *testing.T) {
	j, _ := openTemp(t)
	old, _, _ := j.Begin(WithContacts, []string{"x@y.co"}, false, t0)
	j.Accepted(old.Seq, 1, t0)
	j.Expire(old.Seq, t0.Add(time.Minute), "late", policy)
	newer, _, _ := j.Begin(WithContacts, []string{"x@y.co"}, false, t0.Add(time.Minute))
	j.Accepted(newer.Seq, 2, t0.Add(time.Minute))
	// The old request's timeout_exceeded arrives while the new one is out.
	d, _ := j.Deliver(Ref{RequestID: 1}, []wire.Result{result("x@y.co", wire.StatusTimeoutExceeded, "")}, t0.Add(2*time.Minute), policy)
	if len(d.Changes) != 0 {
		t.Errorf("a stale timeout changed the lookup: %+v", d)
	}
	if l := lookup(t, j, WithContacts, "x@y.co"); l.Phase != InFlight || l.Batch != newer.Seq {
		t.Errorf("lookup %+v, want in flight in the newer batch", l)
	}
}

func TestBatchesSince(t *testing.T) {
	j, _ := openTemp(t)
	for i := 0; i < 5; i++ {
		j.Begin(WithContacts, []string{fmt.Sprintf("p%d@x.co", i)}, false, t0.Add(time.Duration(i)*time.Minute))
	}
	got, err := j.BatchesSince(t0.Add(150 * time.Second))
	if err != nil || len(got) != 2 || got[0].Items[0] != "p3@x.co" {
		t.Errorf("%+v %v", got, err)
	}
}

func TestConcurrentDeliveries(t *testing.T) {
	j, _ := openTemp(t)
	var wg sync.WaitGroup
	for n := 0; n < 8; n++ {
		items := make([]string, 100)
		for i := range items {
			items[i] = fmt.Sprintf("p%d-%d@x.co", n, i)
		}
		b, _, err := j.Begin(WithContacts, items, false, t0)
		if err != nil {
			t.Fatal(err)
		}
		j.Accepted(b.Seq, int64(n+1), t0)
		results := make([]wire.Result, len(items))
		for i, it := range items {
			results[i] = result(it, wire.StatusSuccess, `{"uid":"x"}`)
		}
		wg.Add(1)
		go func(id int64) {
			defer wg.Done()
			if _, err := j.Deliver(Ref{RequestID: id}, results, t0, policy); err != nil {
				t.Error(err)
			}
		}(int64(n + 1))
	}
	wg.Wait()
	counters, _ := j.Counters()
	if counters[CounterFound] != 800 || counters[CounterCallbacks] != 8 {
		t.Errorf("counters %v", counters)
	}
}

func TestLookupEncoding(t *testing.T) {
	for _, l := range []Lookup{
		{},
		{Phase: Failed, Attempts: 7, Waits: 3, Batch: 1 << 40, Result: 12, NotBefore: t0, Updated: t0.Add(time.Second), Reason: "gave up: ✗"},
		{Phase: Found, Result: 40, Updated: t0, Previous: 12, PreviousAt: t0.Add(-time.Hour), Origin: "leads.csv:17"},
		{Phase: Queued, Updated: t0, Previous: 12, PreviousAt: t0.Add(-time.Hour), Origin: "leads.csv:17", Redone: 1},
		{Phase: Found, Result: 1 << 50, Redone: 300},
	} {
		b := l.marshal()
		if b[0] != 3 {
			t.Errorf("record written in encoding %d; want 3", b[0])
		}
		got, err := unmarshalLookup(b)
		if err != nil || got != l {
			t.Errorf("round trip %+v → %+v, %v", l, got, err)
		}
		// A flipped bit anywhere is caught by the checksum.
		for i := 1; i < len(b); i++ {
			bad := bytes.Clone(b)
			bad[i] ^= 0x10
			if _, err := unmarshalLookup(bad); err == nil {
				t.Errorf("%+v with byte %d flipped decoded", l, i)
			}
		}
	}
	// A record of the second encoding, as written before Redone, reads
	// as it did, with Redone 0.
	v2, _ := hex.DecodeString("0202010207280080a8a8949567000c80eef09095670c6c656164732e6373763a31371e782e6f")
	want := Lookup{Phase: Found, Attempts: 1, Waits: 2, Batch: 7, Result: 40, Updated: t0, Previous: 12, PreviousAt: t0.Add(-time.Hour), Origin: "leads.csv:17"}
	if got, err := unmarshalLookup(v2); err != nil || got != want {
		t.Errorf("v2 record: %+v, %v; want %+v", got, err, want)
	}
	if _, err := unmarshalLookup([]byte{4, byte(Found), 0, 0, 0, 0, 0, 0}); err == nil {
		t.Error("a record of an encoding to come decoded")
	}
	if _, err := unmarshalLookup([]byte{2, 2, 0x80}); err == nil {
		t.Error("truncated record decoded")
	}
	// A record of the first encoding, without Waits, still reads.
	v1 := []byte{1, byte(InFlight), 2, 9, 0, 0, 0, 0}
	if got, err := unmarshalLookup(v1); err != nil || got.Phase != InFlight || got.Attempts != 2 || got.Batch != 9 || got.Waits != 0 {
		t.Errorf("v1 record: %+v, %v", got, err)
	}
}

func TestBeginSkipsSettled(t *testing.T) {
	j, _ := openTemp(t)
	b, _, _ := j.Begin(WithContacts, []string{"a@x.co", "b@x.co"}, false, t0)
	j.Accepted(b.Seq, 9, t0)
	j.Expire(b.Seq, t0.Add(time.Minute), "late", policy)
	// The late callback settles a@x.co while the caller still has it queued.
	j.Deliver(Ref{RequestID: 9}, []wire.Result{result("a@x.co", wire.StatusSuccess, `{"uid":"u"}`)}, t0.Add(2*time.Minute), policy)
	b2, settled, err := j.Begin(WithContacts, []string{"a@x.co", "b@x.co"}, false, t0.Add(2*time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	if len(b2.Items) != 1 || b2.Items[0] != "b@x.co" || len(settled) != 1 || settled[0].Lookup.Phase != Found {
		t.Errorf("batch %v, settled %+v", b2.Items, settled)
	}
	b3, settled, err := j.Begin(WithContacts, []string{"a@x.co"}, false, t0)
	if err != nil || b3.Seq != 0 || len(settled) != 1 {
		t.Errorf("all settled: batch %+v, %v, %v", b3, settled, err)
	}
}

// TestNewJournalFolderSynced: a new journal's folder is synced once it
// holds the journal, so that a crash cannot lose its name and with it
// the requests paid since; opening it again syncs nothing.
func TestNewJournalFolderSynced(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "enrich.journal")
	var synced []string
	defer func(f func(string) error) { syncFolder = f }(syncFolder)
	syncFolder = func(d string) error {
		if _, err := os.Stat(path); err != nil {
			t.Errorf("folder synced before the journal is in it: %v", err)
		}
		synced = append(synced, d)
		return nil
	}
	for range 2 {
		j, err := Open(path, Options{})
		if err != nil {
			t.Fatal(err)
		}
		j.Close()
	}
	if len(synced) != 1 || synced[0] != dir {
		t.Errorf("folders synced: %q; want %q once, when the journal was created", synced, dir)
	}
}
