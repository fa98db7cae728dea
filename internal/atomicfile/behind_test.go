package atomicfile

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// Writes handed to the goroutine come out whole and in order, whatever
// their sizes; a write that fails fails the Commit, which leaves the old
// file and no temporary one.
func TestWriteBehind(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.csv")
	f, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteBehind()
	rng := rand.New(rand.NewPCG(35, 1))
	var want bytes.Buffer
	for i := range 300 {
		p := bytes.Repeat([]byte{byte('a' + i%26)}, rng.IntN(64<<10))
		want.Write(p)
		if n, err := f.Write(p); err != nil || n != len(p) {
			t.Fatalf("write %d: %d, %v", i, n, err)
		}
		clear(p) // the caller reuses its buffer at once
	}
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, want.Bytes()) {
		t.Fatalf("the file holds %d bytes, not the %d written in order", len(got), want.Len())
	}

	f, err = Create(path)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteBehind()
	f.tmp.Close() // every write fails from now on
	var failed error
	for range 100 {
		if _, failed = f.Write([]byte("row\n")); failed != nil {
			break
		}
	}
	if err := f.Commit(); err == nil {
		t.Fatalf("Commit after writes that failed succeeded (a Write said %v)", failed)
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, want.Bytes()) {
		t.Fatal("a failed Commit changed the file")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Fatalf("the folder holds %d entries after a failed Commit; want the file only", len(entries))
	}
}
