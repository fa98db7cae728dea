package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// smallDisk mounts a tmpfs of size bytes at a new folder and unmounts it
// when the test ends: a real filesystem that fills up. The tests run as
// root on the project's machines, as CI does.
func smallDisk(t *testing.T, size int) string {
	t.Helper()
	dir := t.TempDir()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, fmt.Sprintf("size=%d", size)); err != nil {
		t.Fatalf("mount a tmpfs of %d bytes at %s (the test needs root, as CI has): %v", size, dir, err)
	}
	t.Cleanup(func() { syscall.Unmount(dir, syscall.MNT_DETACH) })
	return dir
}

// A journal whose disk fills during the run loses nothing that was paid
// for: submission stops, the results that come are kept beside the
// output, the output holds every profile the service charged, and the
// next run, with room again, takes them into the journal and pays for
// none of them again.
func TestDiskFullLosesNothingPaid(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(100000), 1650)
	disk := smallDisk(t, 1200<<10)
	j.journal = filepath.Join(disk, "job.journal")

	res := j.enrich(t, j.args()...)
	res.expectCode(t, 1)
	if !strings.Contains(res.stderr, "the journal could not be written") {
		t.Errorf("the run does not say why it stopped:\n%s", lastLines(res.stderr, 12))
	}
	kept := j.output + ".results.jsonl"
	if _, err := os.Stat(kept); err != nil {
		t.Fatalf("no results kept beside the output: %v\n%s", err, lastLines(res.stderr, 12))
	}
	r := j.report(t)
	if r.Kept == 0 || !strings.Contains(res.stderr, "kept in") {
		t.Errorf("the report and summary do not say what was kept: kept %d\n%s", r.Kept, lastLines(res.stderr, 12))
	}
	charged := j.stats().CreditsUsed["standard"]
	shown := int64(len(successIdentifiers(t, j.output)))
	t.Logf("first run: %d credits charged, %d profiles in the output, %d results kept", charged, shown, r.Kept)
	if charged > shown {
		t.Errorf("the service charged %d credits; the output shows %d profiles", charged, shown)
	}

	// Room again: the journal moves to a disk with room.
	roomy := filepath.Join(j.dir, "job.journal")
	copyFile(t, j.journal, roomy)
	j.journal = roomy
	j.enrich(t, j.args()...).expectCode(t, 0)
	j.checkRows(t)
	if _, err := os.Stat(kept); !os.IsNotExist(err) {
		t.Errorf("the kept results are still beside the output after a run took them: %v", err)
	}
	total := j.stats().CreditsUsed["standard"]
	distinct := int64(len(successIdentifiers(t, j.output)))
	t.Logf("after the second run: %d credits charged in all, %d distinct identifiers found", total, distinct)
	if total > distinct {
		t.Errorf("%d credits charged for %d identifiers found: some were paid twice", total, distinct)
	}
}

// successIdentifiers returns the identifiers of the success rows of a CSV
// output.
func successIdentifiers(t *testing.T, path string) map[string]bool {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := parseCSV(strings.TrimPrefix(string(b), "\uFEFF"), ',')
	if err != nil {
		t.Fatal(err)
	}
	st, id := column(t, rows[0], "enrich_status"), column(t, rows[0], "enrich_identifier")
	out := map[string]bool{}
	for _, row := range rows[1:] {
		if st < len(row) && row[st] == "success" {
			out[row[id]] = true
		}
	}
	return out
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o600); err != nil {
		t.Fatal(err)
	}
}
