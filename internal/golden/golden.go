// Package golden compares test output with golden files, and rewrites
// them when a test binary runs with -update. Only tests import it.
package golden

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

// Update rewrites the golden files instead of comparing: go test ./pkg -update
var Update = flag.Bool("update", false, "rewrite golden files")

// Check compares got with the file at path, or rewrites it with -update.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	if *Update {
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
		t.Fatalf("golden %s: %v (run the test with -update)", path, err)
	}
	if string(got) != string(want) {
		t.Errorf("%s differs from the golden file (run the test with -update to accept):\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}
