package state

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/enrich-dev/enrich/api/wire"
)

// TestDropPages reads every result of a journal, releases its pages, and
// reads them again: the same bytes, and (on Linux) the pages left the
// process's resident set.
func TestDropPages(t *testing.T) {
	j, _ := openTemp(t)
	rng := rand.New(rand.NewPCG(1, 2))
	const n = 2000
	items := make([]string, n)
	results := make([]wire.Result, n)
	for i := range n {
		items[i] = fmt.Sprintf("p%d@x.co", i)
		noise := make([]byte, 3000) // does not compress: each result takes its room
		for k := range noise {
			noise[k] = byte('a' + rng.IntN(26))
		}
		results[i] = result(items[i], wire.StatusSuccess, fmt.Sprintf(`{"fullName":%q}`, noise))
	}
	b, _, err := j.Begin(WithContacts, items, false, t0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := j.Deliver(Ref{Seq: b.Seq}, results, t0, policy); err != nil {
		t.Fatal(err)
	}
	readAll := func() (size int64) {
		t.Helper()
		err := j.View(func(r *Reader) error {
			size = r.tx.Size()
			var buf []byte
			for i, item := range items {
				l, ok, err := r.Lookup(WithContacts, item)
				if err != nil || !ok || l.Phase != Found {
					return fmt.Errorf("%s: %+v %v %v", item, l, ok, err)
				}
				raw, err := r.AppendResult(buf[:0], l.Result)
				if err != nil {
					return err
				}
				if !bytes.Equal(raw, results[i].Raw) {
					return fmt.Errorf("%s: stored %.40s…, want %.40s…", item, raw, results[i].Raw)
				}
				buf = raw
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return size
	}
	size := readAll()
	before := rssFile(t)
	if runtime.GOOS == "linux" {
		if m := residentMapped(); m < before/2 || m > 2*before {
			t.Errorf("residentMapped %d KiB, RssFile %d KiB", m>>10, before>>10)
		}
	}
	var dropped bool
	if err := j.View(func(r *Reader) error { dropped = r.ReleasePages(before + size); return nil }); err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS == "linux" && dropped {
		t.Errorf("ReleasePages dropped the pages under its limit")
	}
	if err := j.View(func(r *Reader) error { dropped = r.ReleasePages(0); return nil }); err != nil {
		t.Fatal(err)
	}
	after := rssFile(t)
	if !dropped {
		t.Errorf("ReleasePages(0) did not drop the pages")
	}
	if runtime.GOOS == "linux" && before-after < size/2 {
		t.Errorf("resident file pages %d KiB before, %d KiB after dropping a journal of %d KiB", before>>10, after>>10, size>>10)
	}
	readAll()
}

// rssFile returns the process's resident file-backed memory in bytes, or
// 0 where /proc does not tell.
func rssFile(t *testing.T) int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for line := range strings.Lines(string(b)) {
		if v, ok := strings.CutPrefix(line, "RssFile:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			if err != nil {
				t.Fatalf("RssFile %q: %v", v, err)
			}
			return kb << 10
		}
	}
	return 0
}
