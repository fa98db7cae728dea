package state

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/enrich-dev/enrich/api/wire"
)

// buildJournal writes a journal of n lookups, two thirds found with
// profiles of a few kilobytes, some requests still open, closes it, and
// returns the file's bytes.
func buildJournal(t testing.TB, path string, n int) []byte {
	t.Helper()
	j, err := Open(path, Options{Command: "test"})
	if err != nil {
		t.Fatal(err)
	}
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
		var results []wire.Result
		for _, it := range items {
			if r.IntN(3) == 0 {
				results = append(results, result(it, wire.StatusFailed, ""))
				continue
			}
			summary := strings.Repeat(fmt.Sprintf("worked on things %d; ", r.IntN(1e6)), 40)
			results = append(results, result(it, wire.StatusSuccess, fmt.Sprintf(`{"uid":"%032x","fullName":"P %s","summary":%q}`, r.Uint64(), it, summary)))
		}
		if _, err := j.Deliver(Ref{RequestID: int64(b.Seq)}, results, t0, policy); err != nil {
			t.Fatal(err)
		}
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
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
		j.Deliver(Ref{RequestID: 999999}, []wire.Result{result("new@x.co", wire.StatusFailed, "")}, t0, policy)
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
	data := buildJournal(t, clean, 600)
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
			if _, err := Check(context.Background(), path); err != nil && !errors.Is(err, ErrDamaged) && !strings.Contains(err.Error(), "journal") {
				t.Errorf("seed %d: check: %v", seed, err)
			}
			saved := filepath.Join(dir, fmt.Sprintf("s%d.journal", seed))
			if _, err := Salvage(path, saved); err == nil {
				rep, err := Check(context.Background(), saved)
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
//
// Either of the two header pages may count the larger file: the other's
// count is made smaller (and its checksum fails, as a header page
// written last before a crash can).
func TestTruncatedJournal(t *testing.T) {
	for _, larger := range []int{0, 1} {
		t.Run(fmt.Sprintf("header page %d counts the larger file", larger), func(t *testing.T) {
			truncatedJournal(t, larger)
		})
	}
}

func truncatedJournal(t *testing.T, larger int) {
	dir := t.TempDir()
	path := filepath.Join(dir, "job.journal")
	data := buildJournal(t, path, 600)
	if len(data) <= 200000 {
		t.Fatalf("journal of %d bytes is too small for the test", len(data))
	}
	const pages = pageHeader + 40 // a header page's count of pages
	other := (1 - larger) * pageSize
	binary.LittleEndian.PutUint64(data[other+pages:], 2)
	if err := os.WriteFile(path, data[:200000], 0o600); err != nil {
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
	rep, err := Check(context.Background(), path)
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
	if rep, err := Check(context.Background(), saved); err != nil || !rep.OK() || rep.Lookups == 0 {
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
	j.Deliver(Ref{RequestID: 1}, []wire.Result{
		result("a@x.co", wire.StatusSuccess, `{"uid":"aaaa"}`),
		result("b@x.co", wire.StatusSuccess, `{"uid":"bbbb"}`),
	}, t0, policy)
	// Point a's lookup at b's result, as a flipped byte can.
	la := lookup(t, j, WithContacts, "a@x.co")
	lb := lookup(t, j, WithContacts, "b@x.co")
	la.Result = lb.Result
	j.update(func(tx *boltTx) error { return putLookup(lookupBucket(tx, WithContacts), "a@x.co", la) })
	j.Close()
	rep, err := Check(context.Background(), path)
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
	page := filepath.Join(dir, "report.html")
	os.WriteFile(page, []byte("\n<!DOCTYPE html><html><body>report</body></html>"), 0o600)
	for _, tc := range []struct {
		path     string
		readOnly bool
		says     string
		is       error
	}{
		{dir, false, "is a folder", ErrNotJournal},
		{csvPath, false, "not an enrich journal: it is a text file", ErrNotJournal},
		{page, true, "not an enrich journal: it is an HTML page", ErrNotJournal},
		{empty, true, "is empty", ErrEmptyJournal},
		{empty, false, "Remove it to start over", ErrEmptyJournal},
		{foreign, false, "another program's database", ErrNotJournal},
		{foreign, true, "another program's database", ErrNotJournal},
	} {
		_, err := Open(tc.path, Options{ReadOnly: tc.readOnly})
		if err == nil || !strings.Contains(err.Error(), tc.says) || !errors.Is(err, tc.is) || errors.Is(err, ErrDamaged) {
			t.Errorf("%s (read only %v): %v; want it to say %q", tc.path, tc.readOnly, err, tc.says)
		}
	}
	if fi, err := os.Stat(empty); err != nil || fi.Size() != 0 {
		t.Errorf("the empty journal was written: %v", err)
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

// A journal damaged under an open handle (its header pages zeroed in
// place, as another program or a bad disk would) makes bbolt panic while
// it opens a transaction, holding its own locks. Every later call must
// return the damage at once, from every goroutine, and Close must not
// wait: before, the second write waited forever on bbolt's writer lock.
func TestDamagedUnderTheHandleFailsFast(t *testing.T) {
	j, path := openTemp(t)
	b, _, err := j.Begin(WithContacts, []string{"a@x.co", "b@x.co"}, false, t0)
	if err != nil {
		t.Fatal(err)
	}
	j.Accepted(b.Seq, 7, t0)
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteAt(make([]byte, 2*pageSize), 0); err != nil {
		t.Fatal(err)
	}
	f.Close()

	calls := map[string]func() error{
		"begin": func() error { _, _, err := j.Begin(WithContacts, []string{"c@x.co"}, false, t0); return err },
		"deliver": func() error {
			_, err := j.Deliver(Ref{RequestID: 7}, []wire.Result{result("a@x.co", wire.StatusFailed, "")}, t0, policy)
			return err
		},
		"view":  func() error { _, err := j.Token(); return err },
		"flag":  func() error { return j.SetFlag("x", true) },
		"close": j.Close,
	}
	for _, name := range []string{"begin", "deliver", "begin", "view", "deliver", "flag", "close"} {
		done := make(chan error, 1)
		go func() { done <- calls[name]() }()
		select {
		case err := <-done:
			if name != "close" && !errors.Is(err, ErrDamaged) {
				t.Errorf("%s on a journal damaged under it: %v; want the damage", name, err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s on a journal damaged under it has not returned in 10s", name)
		}
	}
	if _, err := os.Stat(OwnerPath(path)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the owner file is left behind: %v", err)
	}
}

// Writes that arrive together share commits, each gets its own answer,
// and one that fails leaves the others committed.
func TestBatchedWrites(t *testing.T) {
	j, _ := openTemp(t)
	var items []string
	for i := range 200 {
		items = append(items, fmt.Sprintf("p%03d@x.co", i))
	}
	b, _, err := j.Begin(WithContacts, items, false, t0)
	if err != nil {
		t.Fatal(err)
	}
	j.Accepted(b.Seq, 9, t0)
	errs := make(chan error, len(items)+1)
	for _, it := range items {
		go func() {
			_, err := j.Deliver(Ref{RequestID: 9}, []wire.Result{result(it, wire.StatusSuccess, `{"uid":"u-`+it+`"}`)}, t0, policy)
			errs <- err
		}()
	}
	failing := errors.New("refused")
	go func() { errs <- j.batch(func(*bolt.Tx) error { return failing }) }()
	refused := 0
	for range len(items) + 1 {
		switch err := <-errs; {
		case errors.Is(err, failing):
			refused++
		case err != nil:
			t.Errorf("deliver: %v", err)
		}
	}
	if refused != 1 {
		t.Errorf("the failing write was answered %d times", refused)
	}
	s, err := j.Summarize()
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Lookups[WithContacts.String()][Found]; got != len(items) {
		t.Errorf("%d found after %d deliveries; want all", got, len(items))
	}
}

// One changed byte, a page's overflow count, made `journal check` build a
// map of billions of pages in bbolt's own check (11 GB in 2.5 minutes).
// The check now walks the tree of pages itself first, in memory bounded
// by the file, and names the page.
func TestCheckBoundedOnDamagedOverflow(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j.journal")
	data := buildJournal(t, path, 600)
	damaged := 0
	for at := 2 * pageSize; at+pageSize <= len(data); at += pageSize {
		id := binary.LittleEndian.Uint64(data[at:])
		flags := binary.LittleEndian.Uint16(data[at+8:])
		if id == uint64(at/pageSize) && flags == leafPage {
			binary.LittleEndian.PutUint32(data[at+12:], 0xFFFFFFF0)
			damaged++
		}
	}
	if damaged == 0 {
		t.Fatal("no leaf page found to damage")
	}
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	rep, err := Check(context.Background(), path)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if rep.OK() || len(rep.Pages) == 0 || !strings.Contains(rep.Pages[0], "runs") {
		t.Errorf("check of a page whose overflow runs past the file: %+v", rep)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 64<<20 {
		t.Errorf("check allocated %d MiB for a %d KiB journal", grew>>20, len(data)>>10)
	}
}

// A check asked to stop stops.
func TestCheckStops(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j.journal")
	buildJournal(t, path, 300)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Check(ctx, path); !errors.Is(err, context.Canceled) {
		t.Errorf("check after Ctrl-C: %v", err)
	}
}

// A bucket small enough to lie in its parent's page (inline) is read by
// bbolt from a copy of its value on the Go heap: a damaged element of it
// would hand out slices into the heap, which the collector stops the
// process for, beyond any recover. Such damage is found before bbolt
// reads the bucket: the journal is refused as damaged, checked, and
// salvaged.
func TestDamagedInlineBucket(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "j.journal")
	data := buildJournal(t, path, 300)
	at, name := inlineElement(t, data)
	sound := bytes.Clone(data)
	// The element's key now starts 64 KiB past the copy of the value.
	binary.LittleEndian.PutUint32(data[at+4:], binary.LittleEndian.Uint32(data[at+4:])+64<<10)
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	checkRefusedAndSalvaged(t, path, fmt.Sprintf("inline bucket %q", name))

	// A page of zeros where the bucket's page was (neither a leaf nor a
	// branch, no elements): bbolt's cursor took it for a branch and read
	// page 0 of the bucket, itself, for ever.
	clear(sound[at-pageHeader : at])
	path = filepath.Join(t.TempDir(), "zeroed.journal")
	if err := os.WriteFile(path, sound, 0o600); err != nil {
		t.Fatal(err)
	}
	checkRefusedAndSalvaged(t, path, fmt.Sprintf("inline bucket %q zeroed", name))
}

// A record whose size, in its page's header, reaches a gigabyte past its
// page would have the first write to that page allocate the gigabyte
// (bbolt copies what the size says), and a branch page that names
// itself would have a cursor descend for ever. A journal so damaged is
// refused as damaged when opened, checked, and salvaged.
func TestDamagedPageRefused(t *testing.T) {
	for _, c := range []struct {
		name   string
		flags  uint16
		damage func(page []byte)
	}{
		{"a record's size a gigabyte past its page", leafPage, func(page []byte) {
			binary.LittleEndian.PutUint32(page[pageHeader+12:], 1<<30)
		}},
		{"a branch page that names itself", branchPage, func(page []byte) {
			copy(page[pageHeader+8:pageHeader+16], page[:8])
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "j.journal")
			data := buildJournal(t, path, 600)
			inTree := treePages(t, path)
			found := false
			for at := 2 * pageSize; at+pageSize <= len(data) && !found; at += pageSize {
				if id := binary.LittleEndian.Uint64(data[at:]); id == uint64(at/pageSize) && inTree(id) &&
					binary.LittleEndian.Uint16(data[at+8:]) == c.flags && binary.LittleEndian.Uint16(data[at+10:]) > 0 {
					c.damage(data[at : at+pageSize])
					found = true
				}
			}
			if !found {
				t.Fatalf("no page with flags %#x to damage", c.flags)
			}
			if err := os.WriteFile(path, data, 0o600); err != nil {
				t.Fatal(err)
			}
			checkRefusedAndSalvaged(t, path, c.name)
		})
	}
}

// treePages walks the tree of pages of the sound journal at path and
// reports whether a page is in it: a page outside it is free, and no
// read meets it.
func treePages(t *testing.T, path string) func(id uint64) bool {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, err := readMeta(f)
	if err != nil {
		t.Fatal(err)
	}
	w := &treeWalk{ctx: context.Background(), f: f, meta: m, seen: make([]uint64, m.pages/64+1)}
	w.bucket(m.root, nil, "the root")
	if len(w.problems) > 0 {
		t.Fatalf("a sound journal's tree: %v", w.problems)
	}
	return func(id uint64) bool { return id != m.freelist && w.seen[id/64]&(1<<(id%64)) != 0 }
}

// checkRefusedAndSalvaged checks that the journal at path, damaged as
// what says, is refused as damaged by Open, reported by Check, and
// salvaged into a sound journal.
func checkRefusedAndSalvaged(t *testing.T, path, what string) {
	t.Helper()
	for _, ro := range []bool{false, true} {
		j, err := Open(path, Options{Command: "test", ReadOnly: ro})
		if err == nil {
			j.Close()
		}
		if !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), "pages are damaged") {
			t.Errorf("open (read-only %v) of a journal with %s: %v; want it refused as damaged", ro, what, err)
		}
	}
	rep, err := Check(context.Background(), path)
	if err != nil || rep.OK() || len(rep.Pages) == 0 {
		t.Errorf("check of a journal with %s: %+v, %v; want its pages reported", what, rep, err)
	}
	saved := filepath.Join(filepath.Dir(path), "saved.journal")
	if _, err := Salvage(path, saved); err != nil {
		t.Fatal(err)
	}
	if rep, err := Check(context.Background(), saved); err != nil || !rep.OK() {
		t.Errorf("salvaged journal not sound: %+v, %v", rep, err)
	}
}

// inlineElement finds, in the root page of the journal in data, a bucket
// that lies inline and holds an element, and returns the offset in data
// of that element's header and the bucket's name.
func inlineElement(t *testing.T, data []byte) (int, string) {
	t.Helper()
	m, err := readMeta(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	page := int(m.root * m.size)
	if flags := binary.LittleEndian.Uint16(data[page+8:]); flags != leafPage {
		t.Fatalf("the root page has flags %#x, not a leaf's", flags)
	}
	for i := range int(binary.LittleEndian.Uint16(data[page+10:])) {
		e := page + pageHeader + i*elementSize
		pos, ksize := int(binary.LittleEndian.Uint32(data[e+4:])), int(binary.LittleEndian.Uint32(data[e+8:]))
		v := e + pos + ksize
		if binary.LittleEndian.Uint32(data[e:])&bucketLeaf == 0 || binary.LittleEndian.Uint64(data[v:]) != inlineRoot {
			continue
		}
		inner := v + bucketValue
		if binary.LittleEndian.Uint16(data[inner+10:]) > 0 {
			return inner + pageHeader, string(data[e+pos : v])
		}
	}
	t.Fatal("no inline bucket with an element in the root page")
	return 0, ""
}

// A journal cut within its two header pages is damaged, and says so with
// its size, whatever words bbolt's error has.
func TestJournalCutWithinItsHeader(t *testing.T) {
	for _, size := range []int{100, pageSize + 10, 2*pageSize - 1} {
		path := filepath.Join(t.TempDir(), "job.journal")
		data := buildJournal(t, path, 10)
		if err := os.WriteFile(path, data[:size], 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := Open(path, Options{})
		if !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), fmt.Sprintf("cut short: %d bytes", size)) {
			t.Errorf("a journal of %d bytes: %v; want it damaged, cut short", size, err)
		}
	}
}
