package report

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// createMode is the mode os.Create gives a new file under this process's
// umask.
func createMode(t *testing.T) os.FileMode {
	t.Helper()
	f, err := os.Create(filepath.Join(t.TempDir(), "probe"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	return fi.Mode().Perm()
}

// TestWriteFiles writes a run's report beside its output: the JSON reads
// back as the same run, the page is whole, nothing temporary is left, and
// a report that existed keeps its file mode, and a new one gets the mode
// os.Create gives.
func TestWriteFiles(t *testing.T) {
	dir := t.TempDir()
	start := int64(500)
	r := &Run{
		Input: "in.csv", Output: filepath.Join(dir, "out.csv"), Rows: 3,
		RowsByStatus: map[string]int{"success": 3}, MatchRate: map[string]KindMatch{"email": {Tried: 3, Found: 3, Rate: 1}},
		Settings: []Setting{{Flag: "--max-credits", Value: "10"}},
		Credits:  Credits{Pool: "standard", ProfilesReceived: 3, BalanceStart: &start},
		Started:  time.Date(2026, 11, 23, 8, 0, 0, 0, time.UTC), Finished: time.Date(2026, 11, 23, 8, 1, 0, 0, time.UTC),
		Timeline: Timeline{WindowSeconds: 60, Budget: 600, Windows: []Window{{Items: 3, Requests: 1, Results: 3}}},
	}
	if err := os.WriteFile(r.Output+".report.json", []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := r.WriteFiles(); err != nil {
		t.Fatal(err)
	}

	b, err := os.ReadFile(r.Output + ".report.json")
	if err != nil {
		t.Fatal(err)
	}
	var back Run
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(&back, r) {
		t.Errorf("the JSON reads back as\n%+v\nwant\n%+v", back, *r)
	}
	if fi, err := os.Stat(r.Output + ".report.json"); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("the replaced report's mode is %v (%v), want 0600", fi.Mode().Perm(), err)
	}
	if fi, err := os.Stat(r.Output + ".report.html"); err != nil || fi.Mode().Perm() != createMode(t) {
		t.Errorf("the new page's mode is %v (%v); want %v, as os.Create gives", fi.Mode().Perm(), err, createMode(t))
	}
	page, err := os.ReadFile(r.Output + ".report.html")
	if err != nil {
		t.Fatal(err)
	}
	checkRunPage(t, r, page)
	assertOnly(t, dir, "out.csv.report.html", "out.csv.report.json")
}

// TestWriteFilesFails checks the designed outcomes of a report that
// cannot be written: a clear error naming the file, the earlier report
// untouched, and no temporary file left behind.
func TestWriteFilesFails(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.csv.report.html")
	if err := os.WriteFile(path, []byte("the earlier page"), 0o644); err != nil {
		t.Fatal(err)
	}
	broken := errors.New("disk full")
	err := writeAtomic(path, func(w io.Writer) error {
		if _, err := io.WriteString(w, "half a page"); err != nil {
			return err
		}
		return broken
	})
	if !errors.Is(err, broken) || !strings.Contains(err.Error(), path) {
		t.Errorf("error %v, want one that wraps %v and names %s", err, broken, path)
	}
	if b, _ := os.ReadFile(path); string(b) != "the earlier page" {
		t.Errorf("the earlier page became %q", b)
	}
	assertOnly(t, dir, "out.csv.report.html")

	missing := &Run{Output: filepath.Join(dir, "no such dir", "out.csv")}
	if err := missing.WriteFiles(); err == nil || !strings.Contains(err.Error(), missing.Output+".report.json") {
		t.Errorf("writing into a missing directory: %v", err)
	}
	if err := (&Employees{}).WriteFiles(); err == nil || !strings.Contains(err.Error(), "no output path") {
		t.Errorf("a report with no output path: %v", err)
	}
}

// assertOnly fails unless dir holds exactly the named files.
func assertOnly(t *testing.T, dir string, names ...string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	if !reflect.DeepEqual(got, names) {
		t.Errorf("%s holds %q, want %q", dir, got, names)
	}
}
