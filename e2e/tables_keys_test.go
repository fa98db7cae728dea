package e2e

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// TestTableRowsNamedByKey: the rows of a database's table are named by
// their keys where a person looks for them: the report's rows to fix and
// the list of the cells filled (its record_id) give each row's key.
func TestTableRowsNamedByKey(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(10000), 120)
	db := sqliteDB(t, t.TempDir())
	db.load(t, "leads", keyedSheet(t, j))
	db.exec(t, "UPDATE leads SET id = id + 1000") // keys that are not the rows' numbers
	args := j.args("--fill", "blank")
	args[1], args[3] = db.ref("leads"), db.ref("enriched")
	j.enrich(t, args...).expectCode(t, 0)
	// The rows are read in the order of their keys: key 1000+n is row n+1.
	keyOf := func(row int) string { return strconv.Itoa(1000 + row - 1) }
	rep := tableReport(t, j, "enriched")
	if len(rep.Fix.Rows) == 0 {
		t.Fatal("no row to fix: the test tests nothing")
	}
	for _, r := range rep.Fix.Rows {
		if r.Key != keyOf(r.Row) {
			t.Errorf("row to fix %d: key %q, want %q", r.Row, r.Key, keyOf(r.Row))
		}
	}
	_, filled := readCSV(t, filepath.Join(filepath.Dir(j.journal), "enriched.filled.csv"))
	if len(filled) == 0 {
		t.Fatal("no cell filled: the test tests nothing")
	}
	for _, f := range filled {
		if n, _ := strconv.Atoi(f[0]); f[1] != keyOf(n) {
			t.Errorf("filled cell of row %s: record_id %q, want the key %q", f[0], f[1], keyOf(n))
		}
	}
}

// TestReportDir: --report-dir puts the report and the files beside the
// output into its folder, created if missing, for a table and a file
// alike, on run and on export; nothing is written beside the output or
// the journal.
func TestReportDir(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(10000), 60)
	db := sqliteDB(t, t.TempDir())
	db.load(t, "leads", keyedSheet(t, j))
	reports := filepath.Join(j.dir, "reports", "nightly")
	args := j.args("--fill", "blank", "--report-dir", reports)
	args[1], args[3] = db.ref("leads"), db.ref("enriched")
	j.enrich(t, args...).expectCode(t, 0)
	for _, name := range []string{"enriched.report.json", "enriched.report.html", "enriched.filled.csv"} {
		if _, err := os.Stat(filepath.Join(reports, name)); err != nil {
			t.Errorf("%s is not in the report folder: %v", name, err)
		}
		if _, err := os.Stat(filepath.Join(filepath.Dir(j.journal), name)); err == nil {
			t.Errorf("%s was written beside the journal too", name)
		}
	}
	if fi, err := os.Stat(reports); err != nil || fi.Mode().Perm() != 0o700 {
		t.Errorf("the report folder: %v, %v; want one only its owner reads", fi.Mode(), err)
	}
	out := filepath.Join(j.dir, "export.csv")
	j.enrich(t, "export", j.input, "-o", out, "--journal", j.journal, "--fill", "blank", "--report-dir", reports, "--default-region", "US").expectCode(t, 0)
	if _, err := os.Stat(filepath.Join(reports, "export.csv.filled.csv")); err != nil {
		t.Errorf("the export's filled list is not in the report folder: %v", err)
	}
	if _, err := os.Stat(out + ".filled.csv"); err == nil {
		t.Error("the export's filled list was written beside its output too")
	}
}
