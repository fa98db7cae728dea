package sinks

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

// update rewrites the golden files in testdata: go test ./sinks -update
var update = flag.Bool("update", false, "rewrite golden files")

// golden compares got with testdata/<name>, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("golden %s: %v (run go test ./sinks -update)", name, err)
	}
	if string(got) != string(want) {
		t.Errorf("%s differs from the golden file (go test ./sinks -update to accept):\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}
