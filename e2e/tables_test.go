package e2e

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"

	"github.com/enrich-dev/enrich/demo/leads"
	"github.com/enrich-dev/enrich/internal/pgtest"
	"github.com/enrich-dev/enrich/report"
)

// The package's PostgreSQL server, started by the first test that needs
// it and stopped after the last (TestMain).
var (
	pgOnce   sync.Once
	pgServer *pgtest.Server
	pgErr    error
)

func postgres(t *testing.T) *pgtest.Server {
	t.Helper()
	pgOnce.Do(func() { pgServer, pgErr = pgtest.New() })
	if pgErr != nil {
		t.Fatal(pgErr)
	}
	return pgServer
}

func stopPostgres() {
	if pgServer != nil {
		pgServer.Close()
	}
}

// tableDB is a database a test's leads are loaded into, and read back
// from with the database's own client.
type tableDB struct {
	name string
	ref  func(table string) string
	// load creates table (id INTEGER PRIMARY KEY and the sheet's columns
	// as text) from a CSV file with that header; query prints a SELECT's
	// rows as CSV with a header.
	load  func(t *testing.T, table, file string)
	query func(t *testing.T, sql string) [][]string
	exec  func(t *testing.T, sql string)
}

func sqliteDB(t *testing.T, dir string) tableDB {
	path := filepath.Join(dir, "crm.db")
	run := func(t *testing.T, args ...string) string {
		t.Helper()
		out, err := exec.Command("sqlite3", append([]string{path}, args...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("sqlite3 %v: %v: %s", args, err, out)
		}
		return string(out)
	}
	return tableDB{
		name: "sqlite",
		ref:  func(table string) string { return "sqlite:" + path + "?table=" + table },
		load: func(t *testing.T, table, file string) {
			run(t, "CREATE TABLE "+table+" (id INTEGER PRIMARY KEY, "+textColumns()+")")
			run(t, ".import --csv --skip 1 "+file+" "+table)
		},
		query: func(t *testing.T, sql string) [][]string { return readCSVText(t, run(t, "-csv", "-header", sql)) },
		exec:  func(t *testing.T, sql string) { run(t, sql) },
	}
}

func postgresDB(t *testing.T) tableDB {
	s := postgres(t)
	db := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			return r
		}
		return '_'
	}, strings.ToLower(t.Name()))
	url := s.CreateDB(t, db)
	run := func(t *testing.T, sql string, args ...string) string {
		t.Helper()
		cmd := exec.Command("psql", append([]string{"-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1", "-p", strconv.Itoa(s.Port),
			"-U", pgtest.User, "-d", db, "-c", sql}, args...)...)
		cmd.Env = append(os.Environ(), "PGPASSWORD="+pgtest.Password)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("psql %s: %v: %s", sql, err, out)
		}
		return string(out)
	}
	return tableDB{
		name: "postgres",
		ref:  func(table string) string { return strings.Replace(url, "?", "?table="+table+"&", 1) },
		load: func(t *testing.T, table, file string) {
			run(t, "CREATE TABLE "+table+" (id INTEGER PRIMARY KEY, "+textColumns()+")")
			run(t, `\copy `+table+" FROM '"+file+"' CSV HEADER")
		},
		query: func(t *testing.T, sql string) [][]string { return readCSVText(t, run(t, sql, "--csv")) },
		exec:  func(t *testing.T, sql string) { run(t, sql) },
	}
}

// textColumns are the sheet's columns as text columns of a table.
func textColumns() string {
	cols := make([]string, len(leads.Header))
	for i, h := range leads.Header {
		cols[i] = `"` + h + `" TEXT`
	}
	return strings.Join(cols, ", ")
}

func readCSVText(t *testing.T, s string) [][]string {
	t.Helper()
	rows, err := csv.NewReader(strings.NewReader(s)).ReadAll()
	if err != nil {
		t.Fatalf("read the client's CSV: %v\n%s", err, s)
	}
	return rows
}

// keyedSheet writes the job's sheet with an id column first, 1 to n.
func keyedSheet(t *testing.T, j *job) string {
	t.Helper()
	path := filepath.Join(j.dir, "keyed.csv")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := csv.NewWriter(f)
	w.Write(append([]string{"id"}, leads.Header...))
	for i, l := range j.sheet {
		w.Write(append([]string{strconv.Itoa(i + 1)}, l.Cells...))
	}
	w.Flush()
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestTablesAsFiles: the same leads as a CSV file, an SQLite table and a
// PostgreSQL table, each enriched against a service of its own: the
// tables' runs spend the credits the file's does, and the output tables,
// read back with sqlite3 and psql, hold every input row once, by key,
// with its cells unchanged and the enrich_* values of the file's output;
// a second run sends nothing. Written back into the input's own table
// with --fill blank, only empty cells are filled and no column is added.
func TestTablesAsFiles(t *testing.T) {
	t.Parallel()
	const rows = 120
	// The file's output, with its id column: what every table's must hold.
	fileRun := newJob(t, fastService(10000), rows)
	fileOut := filepath.Join(fileRun.dir, "keyed-enriched.csv")
	fileArgs := fileRun.args("-o", fileOut)
	fileArgs[1] = keyedSheet(t, fileRun)
	if r := fileRun.enrich(t, fileArgs...); r.code != 0 {
		t.Fatalf("the file run: exit %d\n%s", r.code, r.stderr)
	}
	header, body := readCSV(t, fileOut)
	want := append([][]string{header}, body...)
	wantCredits := readReport(t, fileOut+".report.json").Credits.ProfilesReceived
	// The file written back: its own e-mail cells filled where empty,
	// nothing appended; what each table must hold once written back.
	filledOut := filepath.Join(fileRun.dir, "keyed-filled.csv")
	if r := fileRun.enrich(t, append(slices.Clone(fileArgs), "-o", filledOut, "--fill", "email=blank", "--append", "none")...); r.code != 0 {
		t.Fatalf("the file run with --fill: exit %d\n%s", r.code, r.stderr)
	}
	filledHeader, filledBody := readCSV(t, filledOut)
	wantFilled := append([][]string{filledHeader}, filledBody...)

	for _, mk := range []func(t *testing.T) tableDB{
		func(t *testing.T) tableDB { return sqliteDB(t, t.TempDir()) },
		postgresDB,
	} {
		db := mk(t)
		t.Run(db.name, func(t *testing.T) {
			j := newJob(t, fastService(10000), rows)
			db.load(t, "leads", keyedSheet(t, j))
			args := append(j.args(), "-o", db.ref("leads_enriched"))
			args[1] = db.ref("leads")
			if r := j.enrich(t, args...); r.code != 0 {
				t.Fatalf("exit %d\n%s", r.code, r.stderr)
			}
			got := db.query(t, "SELECT * FROM leads_enriched ORDER BY CAST(id AS INTEGER)")
			if !slices.Equal(got[0], want[0]) {
				t.Fatalf("columns %v; want %v", got[0], want[0])
			}
			if len(got) != len(want) {
				t.Fatalf("%d rows; want %d, every input row once", len(got)-1, len(want)-1)
			}
			for i := 1; i < len(want); i++ {
				if !slices.Equal(got[i], want[i]) {
					t.Errorf("row id %s:\n table %q\n file  %q", want[i][0], got[i], want[i])
				}
			}
			rep := tableReport(t, j, "leads_enriched")
			if rep.Credits.ProfilesReceived != wantCredits {
				t.Errorf("credits spent %d; the file's run spent %d", rep.Credits.ProfilesReceived, wantCredits)
			}
			// No file the run wrote holds the password: the report, the
			// journal's status, the journal itself.
			files, _ := filepath.Glob(filepath.Join(j.dir, "*"))
			for _, f := range files {
				if b, err := os.ReadFile(f); err == nil && bytes.Contains(b, []byte(pgtest.Password)) {
					t.Errorf("%s holds the password", f)
				}
			}

			before := j.stats()
			if r := j.enrich(t, args...); r.code != 0 {
				t.Fatalf("second run: exit %d\n%s", r.code, r.stderr)
			}
			if after := j.stats(); after.ItemsAccepted != before.ItemsAccepted {
				t.Errorf("the second run sent %d items; want none", after.ItemsAccepted-before.ItemsAccepted)
			}

			// Written back into its own table: empty e-mail cells filled,
			// every other cell as it was, no column added.
			back := append(slices.Clone(args), "-o", db.ref("leads"), "--fill", "email=blank")
			if r := j.enrich(t, back...); r.code != 0 {
				t.Fatalf("written back: exit %d\n%s", r.code, r.stderr)
			}
			after := db.query(t, "SELECT * FROM leads ORDER BY id")
			if len(after) != len(wantFilled) {
				t.Fatalf("written back, %d rows; want %d", len(after)-1, len(wantFilled)-1)
			}
			email := slices.Index(after[0], "Email")
			filled := 0
			for i := range after {
				if !slices.Equal(after[i], wantFilled[i]) {
					t.Errorf("written back, row %d:\n table %q\n file  %q", i, after[i], wantFilled[i])
				}
				if i > 0 && after[i][email] != want[i][email] {
					filled++
				}
			}
			if filled == 0 {
				t.Error("no e-mail was filled: the test tests nothing")
			}
		})
	}
}

// TestParquetAsFile: the same leads as a Parquet file give, written as
// Parquet, what the CSV file gives: every cell of every row, the lists
// of e-mails, phones and skills as lists, read back with parquet-go's own
// reader.
func TestParquetAsFile(t *testing.T) {
	t.Parallel()
	const rows = 60
	j := newJob(t, fastService(10000), rows)
	keyed := keyedSheet(t, j)
	csvOut := filepath.Join(j.dir, "keyed-enriched.csv")
	args := j.args("-o", csvOut)
	args[1] = keyed
	if r := j.enrich(t, args...); r.code != 0 {
		t.Fatalf("the CSV run: exit %d\n%s", r.code, r.stderr)
	}
	header, want := readCSV(t, csvOut)

	// The input as Parquet: its columns text, by name.
	in := filepath.Join(j.dir, "leads.parquet")
	group := parquet.Group{}
	for _, h := range append([]string{"id"}, leads.Header...) {
		group[h] = parquet.Optional(parquet.String())
	}
	f, err := os.Create(in)
	if err != nil {
		t.Fatal(err)
	}
	pw := parquet.NewGenericWriter[any](f, parquet.NewSchema("lead", group))
	_, body := readCSV(t, keyed)
	for _, r := range body {
		m := map[string]any{}
		for c, h := range append([]string{"id"}, leads.Header...) {
			if r[c] != "" {
				m[h] = r[c]
			}
		}
		if _, err := pw.Write([]any{m}); err != nil {
			t.Fatal(err)
		}
	}
	if err := pw.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()

	out := filepath.Join(j.dir, "enriched.parquet")
	args = j.args("-o", out)
	args[1] = in
	if r := j.enrich(t, args...); r.code != 0 {
		t.Fatalf("the Parquet run: exit %d\n%s", r.code, r.stderr)
	}
	of, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer of.Close()
	fi, _ := of.Stat()
	pf, err := parquet.OpenFile(of, fi.Size())
	if err != nil {
		t.Fatal(err)
	}
	pr := parquet.NewReader(pf)
	var got []map[string]any
	for {
		m := map[string]any{}
		if err := pr.Read(&m); err != nil {
			break
		}
		got = append(got, m)
	}
	if len(got) != len(want) {
		t.Fatalf("%d rows; want %d", len(got), len(want))
	}
	for i, row := range want {
		for c, name := range header {
			v, ok := got[i][name]
			cell := ""
			switch v := v.(type) {
			case string:
				cell = v
			case int32:
				cell = strconv.Itoa(int(v))
			case []any:
				var items []string
				for _, x := range v {
					items = append(items, x.(string))
				}
				cell = strings.Join(items, "; ")
			}
			if !ok || cell != row[c] {
				t.Errorf("row id %s, %s: %q (%T); the CSV's %q", row[0], name, cell, v, row[c])
			}
		}
	}
	for _, list := range []string{"enrich_emails", "enrich_phones", "enrich_skills"} {
		if _, ok := got[0][list].([]any); !ok {
			t.Errorf("%s is %T; want a list", list, got[0][list])
		}
	}
}

// startReading starts a run in the background and returns once it has
// read its input; wait waits for the run to end, and returns its log and
// how it ended.
func (j *job) startReading(t *testing.T, args []string) (wait func() (string, error)) {
	t.Helper()
	logPath := filepath.Join(j.dir, "run.log")
	logFile, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	cmd := j.command(context.Background(), args...)
	cmd.Stderr = logFile
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	waitFor(t, "the run to read its input", func() bool {
		b, _ := os.ReadFile(logPath)
		return strings.Contains(string(b), "input read")
	})
	return func() (string, error) {
		err := cmd.Wait()
		logFile.Close()
		b, _ := os.ReadFile(logPath)
		return string(b), err
	}
}

// tableReport reads the report of a run whose output is a table: beside
// the journal, named after the table.
func tableReport(t *testing.T, j *job, table string) report.Run {
	t.Helper()
	return readReport(t, filepath.Join(filepath.Dir(j.journal), table+".report.json"))
}

// TestTableRefusals: a wrong password, a missing table, a table without a
// key and a sheet written into a table without --key end at once with
// exit 2, naming what to fix and never the password; a database that
// does not answer ends with exit 3 after --service-wait, having sent
// nothing.
func TestTableRefusals(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(1000), 20)
	pg := postgresDB(t)
	pg.load(t, "leads", keyedSheet(t, j))
	pg.exec(t, "CREATE TABLE nokey (email TEXT)")
	wrong := strings.Replace(pg.ref("leads"), pgtest.Password, "not-the-password", 1)
	closed := "postgres://enrich:pw@" + freePort(t) + "/crm?table=leads"
	for _, c := range []struct {
		input, want string
		code        int
	}{
		{wrong, "refused the user or password", 2},
		{pg.ref("nosuch"), `no table "nosuch"`, 2},
		{pg.ref("nokey"), "no primary key", 2},
		{closed, "does not answer", 3},
	} {
		args := j.args("--service-wait", "2s")
		args[1] = c.input
		start := time.Now()
		r := j.enrich(t, args...)
		took := time.Since(start)
		if r.code != c.code || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%s: exit %d, %q; want exit %d saying %q", c.input, r.code, lastLine(r.stderr), c.code, c.want)
		}
		if strings.Contains(r.stderr, "not-the-password") || strings.Contains(r.stderr, pgtest.Password) {
			t.Errorf("%s: the error shows the password: %s", c.input, r.stderr)
		}
		if c.code == 2 && took > 20*time.Second {
			t.Errorf("%s: refused after %v; want at once", c.input, took)
		}
	}
	// A file's rows written into a table need a key to be written by.
	args := j.args("-o", pg.ref("from_csv"))
	if r := j.enrich(t, args...); r.code != 2 || !strings.Contains(r.stderr, "name its column of unique values with --key") {
		t.Errorf("a CSV into a table without --key: exit %d, %q; want 2, asking for --key", r.code, lastLine(r.stderr))
	}
	if s := j.stats(); s.ItemsAccepted != 0 {
		t.Errorf("%d items sent; want none", s.ItemsAccepted)
	}
}

// TestTableDownMidRun: the database of the input and the output stops
// while the run waits for its callbacks: the run ends with exit 3, having
// written nothing to it and lost nothing; once the database is back, the
// next run writes the output table whole and sends nothing.
func TestTableDownMidRun(t *testing.T) {
	t.Parallel()
	cfg := fastService(10000)
	cfg.CallbackDelay, cfg.MaxCallbackDelay = 1500*time.Millisecond, 2*time.Second
	j := newJob(t, cfg, 40)
	s := pgtest.Start(t)
	url := s.CreateDB(t, "crm")
	ref := func(table string) string { return strings.Replace(url, "?", "?table="+table+"&", 1) }
	if out, err := s.Psql("crm", "CREATE TABLE leads (id INTEGER PRIMARY KEY, "+textColumns()+")"); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if out, err := s.Psql("crm", `\copy leads FROM '`+keyedSheet(t, j)+`' CSV HEADER`); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	args := j.args("--service-wait", "2s", "--callback-timeout", "10s")
	args[1], args[3] = ref("leads"), ref("leads_enriched")
	wait := j.startReading(t, args)
	s.Stop()
	log, err := wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 3 {
		t.Fatalf("the run with its database down: %v; want exit 3\n%s", err, log)
	}
	if strings.Contains(log, pgtest.Password) {
		t.Errorf("the log shows the password:\n%s", log)
	}
	sent := j.stats().ItemsAccepted
	if err := s.Restart(); err != nil {
		t.Fatal(err)
	}
	if out, _ := s.Psql("crm", "SELECT to_regclass('leads_enriched') IS NULL"); strings.TrimSpace(out) != "t" {
		t.Errorf("the run that failed left a table leads_enriched (%q): it must write all or nothing", out)
	}
	if r := j.enrich(t, args...); r.code != 0 {
		t.Fatalf("the run after the database came back: exit %d\n%s", r.code, r.stderr)
	}
	if again := j.stats().ItemsAccepted; again != sent {
		t.Errorf("the run after the database came back sent %d items; the journal held them", again-sent)
	}
	if out, err := s.Psql("crm", "SELECT count(*), count(DISTINCT id) FROM leads_enriched"); err != nil || strings.TrimSpace(out) != "40|40" {
		t.Errorf("the output table holds %q (%v); want every row once", out, err)
	}
}

// TestTableChangedUnderRun: cells of the input's own table changed by
// someone else while the run waits for its callbacks are never
// overwritten: the output judges each row by its cells as they are when
// it is written (a new e-mail first in its row's waterfall is a new
// identifier: the row waits, exit 3, for the next run). A cell changed between
// the output's reading of its row and its writing (here by a trigger that
// fires as the next run writes an earlier row) is not written either: it is
// listed in the conflicts file and counted in the summary.
func TestTableChangedUnderRun(t *testing.T) {
	t.Parallel()
	cfg := fastService(10000)
	cfg.CallbackDelay, cfg.MaxCallbackDelay = 1500*time.Millisecond, 2*time.Second
	j := newJob(t, cfg, 40)
	db := sqliteDB(t, t.TempDir())
	db.load(t, "leads", keyedSheet(t, j))
	var empty []string
	for _, r := range db.query(t, `SELECT id FROM leads WHERE "Email" = '' ORDER BY id`)[1:] {
		empty = append(empty, r[0])
	}
	args := j.args("--fill", "email=blank,phone=blank", "--callback-timeout", "10s")
	args[1], args[3] = db.ref("leads"), db.ref("leads")
	wait := j.startReading(t, args)
	const mine = "set.by.a.person@example.com"
	changed := empty[0]
	db.exec(t, `UPDATE leads SET "Email" = '`+mine+`' WHERE id = `+changed)
	log, err := wait()
	var ee *exec.ExitError
	if err != nil && (!errors.As(err, &ee) || ee.ExitCode() != 3) {
		// 3: the row's new e-mail, first in its waterfall, waits for its
		// lookup.
		t.Fatalf("%v; want exit 0, or 3 for the row's new e-mail\n%s", err, log)
	}
	// The cell changed under the run is kept, and counted with those
	// kept for holding another value before the run.
	if m := regexp.MustCompile(`(\d+) kept for holding a value`).FindStringSubmatch(log); m == nil || m[1] == "0" {
		t.Errorf("the summary does not count the cell kept:\n%s", log)
	}
	_, written := readCSV(t, filepath.Join(filepath.Dir(j.journal), "leads.filled.csv"))
	for _, f := range written {
		if f[1] == changed && f[2] == "Email" {
			t.Errorf("the e-mail changed under the run is listed as filled: %q", f)
		}
	}
	if got := db.query(t, `SELECT "Email" FROM leads WHERE id = `+changed)[1][0]; got != mine {
		t.Errorf("the cell changed under the run holds %q; want the person's %s", got, mine)
	}

	// The e-mails filled emptied again; as the next run writes the
	// output, a trigger gives every later row with an empty e-mail one of
	// the person's.
	db.exec(t, `UPDATE leads SET "Email" = '' WHERE id IN (`+strings.Join(empty[1:], ",")+`)`)
	db.exec(t, `CREATE TRIGGER person AFTER UPDATE ON leads BEGIN UPDATE leads SET "Email" = '`+mine+`' WHERE "Email" = '' AND id > NEW.id; END`)
	r := j.enrich(t, args...)
	if r.code != 0 {
		t.Fatalf("the next run: exit %d\n%s", r.code, r.stderr)
	}
	_, conflicts := readCSV(t, filepath.Join(filepath.Dir(j.journal), "leads.conflicts.csv"))
	if len(conflicts) == 0 {
		t.Fatalf("no conflict listed: the test tests nothing\n%s", r.stderr)
	}
	for _, c := range conflicts {
		if c[2] != "Email" || c[3] != "" || c[4] != mine || !strings.Contains(c[5], "@") {
			t.Errorf("conflict %q; want Email, read empty, now %s, and the address not written", c, mine)
		}
		if got := db.query(t, `SELECT "Email" FROM leads WHERE id = `+c[1]); got[1][0] != mine {
			t.Errorf("row id %s: %q; want the person's value kept", c[1], got[1][0])
		}
	}
	if want := fmt.Sprintf("%d not written, changed in the table since the run read", len(conflicts)); !strings.Contains(r.stderr, want) {
		t.Errorf("the summary does not say %q:\n%s", want, r.stderr)
	}
	_, filled := readCSV(t, filepath.Join(filepath.Dir(j.journal), "leads.filled.csv"))
	for _, f := range filled {
		for _, c := range conflicts {
			if f[0] == c[0] && f[2] == c[2] {
				t.Errorf("row %s's %s is both filled and a conflict", f[0], f[2])
			}
		}
	}
}
