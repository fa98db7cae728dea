package world

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// The rendered profiles of a small world are pinned in testdata/, so that
// a change of output on another platform, Go version or dependency shows
// up as a diff. Run `go test ./emulator/world -run Golden -update` after
// an intended change.
func TestGolden(t *testing.T) {
	w := New(Config{Seed: 1, People: 500})
	var out bytes.Buffer
	for _, i := range []int{0, 1, 2, 42, 499} {
		out.Write(indent(t, w.Candidate(w.Person(i), false)))
		out.WriteByte('\n')
	}
	out.Write(indent(t, w.Candidate(w.Person(42), true)))
	out.WriteByte('\n')
	out.Write(indent(t, w.CompanyInfo(w.Companies()[3])))
	out.WriteByte('\n')
	sample, _ := json.MarshalIndent(w.Sample(3), "", "  ")
	out.Write(sample)
	out.WriteByte('\n')

	path := filepath.Join("testdata", "world-seed1.golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(out.Bytes(), want) {
		t.Errorf("world of seed 1 differs from %s; if intended, rerun with -update and review the diff", path)
	}
}

func indent(t *testing.T, b []byte) []byte {
	t.Helper()
	var out bytes.Buffer
	if err := json.Indent(&out, b, "", "  "); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}
