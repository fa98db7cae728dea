package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestProgressModeRefused: every command that shows progress refuses an
// unknown --progress with exit 2 before it reads or sends anything.
func TestProgressModeRefused(t *testing.T) {
	t.Setenv("ENRICH_API_KEY", "k")
	t.Setenv("ENRICH_API_URL", "http://127.0.0.1:9") // nothing listens: nothing is sent
	dir := t.TempDir()
	for _, args := range [][]string{
		{"export", filepath.Join(sharedTestdata, "leads.csv"), "-o", filepath.Join(dir, "out.csv"), "--journal", filepath.Join(dir, "none.journal")},
		{"company", "employees", "acme", "-o", filepath.Join(dir, "staff.csv"), "--journal", filepath.Join(dir, "c.journal")},
		{"run", filepath.Join(sharedTestdata, "leads.csv"), "-o", filepath.Join(dir, "run.csv"), "--journal", filepath.Join(dir, "r.journal")},
	} {
		args = append(args, "--progress", "sometimes")
		_, errOut, code := runEnrich(t, args...)
		if code != 2 || !strings.Contains(errOut, `--progress "sometimes": use auto, bar, log or none`) {
			t.Errorf("enrich %s: exit %d, stderr %q; want 2 and the modes", strings.Join(args, " "), code, errOut)
		}
	}
}
