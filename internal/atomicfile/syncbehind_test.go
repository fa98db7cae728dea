package atomicfile

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
)

// letters are 1 MiB of the alphabet again and again, and 26 bytes more.
var letters = bytes.Repeat([]byte("abcdefghijklmnopqrstuvwxyz"), 1<<20/26+2)[:1<<20+26]

// A large file is synced behind its writes, every syncEvery bytes, and
// arrives whole; a sync behind the writes that fails fails the Commit,
// though the sync at Commit succeeds (the system reports a failed
// writeback once), leaving the old file and no temporary one. An Abort
// waits for the sync under way.
func TestSyncBehind(t *testing.T) {
	defer func(old int64) { syncEvery = old }(syncEvery)
	syncEvery = 4 << 20
	var syncs atomic.Int32
	fail := false
	defer func(old func(*os.File) error) { syncBehindFile = old }(syncBehindFile)
	syncBehindFile = func(f *os.File) error {
		syncs.Add(1)
		if fail {
			return errors.New("input/output error")
		}
		return f.Sync()
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "out.csv")
	if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	write := func(behind bool) (*File, []byte) {
		f, err := Create(path)
		if err != nil {
			t.Fatal(err)
		}
		if behind {
			f.WriteBehind()
		}
		var want bytes.Buffer
		for i := range 3*int(syncEvery)/len(letters[26:]) + 5 {
			chunk := letters[i%26 : i%26+len(letters)-26]
			want.Write(chunk)
			if _, err := f.Write(chunk); err != nil {
				t.Fatal(err)
			}
		}
		return f, want.Bytes()
	}
	for _, behind := range []bool{false, true} {
		syncs.Store(0)
		f, want := write(behind)
		if err := f.Commit(); err != nil {
			t.Fatal(err)
		}
		if got, _ := os.ReadFile(path); !bytes.Equal(got, want) {
			t.Fatalf("write behind %v: the file is not what was written", behind)
		}
		if n := syncs.Load(); n < 1 || n > 3 {
			t.Errorf("write behind %v: %d syncs behind the writes of %d MiB, one at a time every %d MiB; want 1 to 3", behind, n, len(want)>>20, syncEvery>>20)
		}
	}
	if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	fail = true
	f, _ := write(true)
	if err := f.Commit(); err == nil {
		t.Fatal("a sync behind the writes failed, and Commit succeeded")
	}
	f, _ = write(false)
	f.Abort()
	if got, _ := os.ReadFile(path); string(got) != "old" {
		t.Errorf("the old file reads %.10q", got)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d entries left in the folder; want only the old file", len(entries))
	}
}
