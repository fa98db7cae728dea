package export

import (
	"bytes"
	"os"
	"testing"
)

// Exported for the package's external tests, which run the engine.

// ExportWith is the export of one encoding: with cfg.Known, from the
// model; without it, row by row.
var ExportWith = export

// DecodingEach runs f with every stored result decoded, as in a journal
// without flat records.
func DecodingEach(f func()) {
	decodeEach = true
	defer func() { decodeEach = false }()
	f()
}

// FlatReads is how many results exports read from their flat records.
func FlatReads() int64 { return flatReads.Load() }

// SameFiles fails the test when two files differ, showing the first
// line that does.
func SameFiles(t *testing.T, what, got, want string) {
	t.Helper()
	a, err := os.ReadFile(got)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(want)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(a, b) {
		return
	}
	la, lb := bytes.Split(a, []byte("\n")), bytes.Split(b, []byte("\n"))
	for i := range max(len(la), len(lb)) {
		var x, y []byte
		if i < len(la) {
			x = la[i]
		}
		if i < len(lb) {
			y = lb[i]
		}
		if !bytes.Equal(x, y) {
			t.Fatalf("%s differs from the row-by-row export's at line %d:\n got %.300s\nwant %.300s", what, i+1, x, y)
		}
	}
}
