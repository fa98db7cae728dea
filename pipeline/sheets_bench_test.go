package pipeline_test

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"text/tabwriter"
	"time"

	"github.com/parquet-go/parquet-go"
	"github.com/xuri/excelize/v2"

	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/emulator/world"
	"github.com/enrich-dev/enrich/internal/pgtest"
	"github.com/enrich-dev/enrich/sinks"
	"github.com/enrich-dev/enrich/sources"
	"github.com/enrich-dev/enrich/state"
)

// BenchmarkSheets measures reading and writing sheets with the real
// binary, each figure against the limit it is held to, and prints one
// table (make bench-sheets). Wall times are the median of three runs;
// peak memory is the child process's maximum resident set, the journal's
// mapped pages included.
//
// The fixtures (genleads sheets, and a journal in which every lookup of
// the 300,000-row sheet is answered) are built once in the system's
// temporary folder (enrich-bench-sheets-v1).
//
// The 100,000 rows of leads-100k.csv are also planned and run as an
// SQLite table, a PostgreSQL table and a Parquet file, against a journal
// that answers them: the plans, the runs' summaries and the enrich_*
// values written must be those of the CSV, or the benchmark fails.
func BenchmarkSheets(b *testing.B) {
	if testing.Short() {
		b.Skip("builds sheets of a million rows and runs the binary on them")
	}
	dir := filepath.Join(os.TempDir(), "enrich-bench-sheets-v1")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.Fatal(err)
	}
	bin, rawBin := filepath.Join(b.TempDir(), "enrich"), filepath.Join(b.TempDir(), "rawcsv")
	for pkg, out := range map[string]string{"../cmd/enrich": bin, "../sources/internal/rawcsv": rawBin} {
		if msg, err := exec.Command("go", "build", "-o", out, pkg).CombinedOutput(); err != nil {
			b.Fatalf("build %s: %v\n%s", pkg, err, msg)
		}
	}
	gen := func(name string, args ...string) string {
		path := filepath.Join(dir, name)
		if _, err := os.Stat(path); err == nil {
			return path
		}
		cmd := exec.Command("go", append([]string{"run", "../sources/internal/genleads", "-o", path + ".tmp" + filepath.Ext(path)}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("genleads %s: %v\n%s", name, err, out)
		}
		if err := os.Rename(path+".tmp"+filepath.Ext(path), path); err != nil {
			b.Fatal(err)
		}
		return path
	}
	sheet300k := gen("leads-300k-30k.csv", "-rows", "300000", "-people", "30000")
	sheet1m := gen("leads-1m-100k.csv", "-rows", "1000000", "-people", "100000")
	csv100k := gen("leads-100k.csv", "-rows", "100000")
	xlsx100k := gen("leads-100k.xlsx", "-rows", "100000")
	journal := filepath.Join(dir, "journal-300k")
	if _, err := os.Stat(journal); err != nil {
		buildCompleteJournal(b, sheet300k, journal+".tmp")
		if err := os.Rename(journal+".tmp", journal); err != nil {
			b.Fatal(err)
		}
	}
	journal1m := filepath.Join(dir, "journal-1m")
	if _, err := os.Stat(journal1m); err != nil {
		buildCompleteJournal(b, sheet1m, journal1m+".tmp")
		if err := os.Rename(journal1m+".tmp", journal1m); err != nil {
			b.Fatal(err)
		}
	}
	// A journal written before flat records is flattened when first
	// opened for writing: once, here, rather than in the first run timed.
	for _, path := range []string{journal, journal1m} {
		j, err := state.Open(path, state.Options{NoSync: true})
		if err != nil {
			b.Fatal(err)
		}
		j.Close()
	}
	// The same rows as SQLite tables, each row's key its place (sqlite3's
	// own import), and a PostgreSQL server for the upsert.
	sqlite300k, sqlite1m := sqliteOf(b, sheet300k), sqliteOf(b, sheet1m)
	pg := pgtest.Start(b)
	pgURL := pg.CreateDB(b, "bench")
	work := b.TempDir()
	env := append(os.Environ(), "ENRICH_API_KEY=bench", "ENRICH_API_URL=http://127.0.0.1:9")
	// The 100,000 rows as CSV, SQLite, PostgreSQL and Parquet.
	forms := inputFixtures(b, bin, csv100k, work, env, pg, pgURL, "bench")
	resetPeakRSS(b)
	// Each command is timed as a whole process, as a user meets it: the
	// bare read too (rawcsv), so that a process's start counts on both
	// sides of the plan's ratio.
	onceOut := func(program string, args ...string) ([]byte, measured) {
		cmd := exec.Command(program, args...)
		cmd.Env = env
		cmd.Dir = work
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		start := time.Now()
		if err := cmd.Run(); err != nil {
			b.Fatalf("enrich %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
		}
		ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
		cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
		return stdout.Bytes(), measured{time.Since(start).Seconds(), float64(ru.Maxrss) / 1024, cpu}
	}
	onceOf := func(program string, args ...string) measured { _, m := onceOut(program, args...); return m }
	once := func(args ...string) measured { return onceOf(bin, args...) }
	run := func(args ...string) measured {
		return median([]measured{once(args...), once(args...), once(args...)})
	}

	// The journals answer every identifier; the rows they found nobody
	// for would then be searched by name, which needs a service these
	// runs do not have: they read and write, with finding by name off
	// (the plans of the rows below keep it on, the default).
	//
	// The figures of the 300,000-row sheet are taken in three rounds, each
	// command once a round, so that the pace of a shared VM, which drifts
	// over a minute, weighs alike on the two sides of each ratio.
	off := []string{"--find-by-name", "off"}
	var raws, plans, runs, exports, xlsxs, sqliteCSVRuns, sqliteRuns, pgRuns []measured
	for range 3 {
		raws = append(raws, onceOf(rawBin, sheet300k))
		plans = append(plans, once(append([]string{"plan", sheet300k, "--journal", journal}, off...)...))
		runs = append(runs, once(append([]string{"run", sheet300k, "-o", "out.csv", "--journal", journal, "--sync"}, off...)...))
		exports = append(exports, once(append([]string{"export", sheet300k, "-o", "export.csv", "--journal", journal}, off...)...))
		xlsxs = append(xlsxs, once(append([]string{"run", sheet300k, "-o", "out.xlsx", "--journal", journal, "--sync"}, off...)...))
		sqliteCSVRuns = append(sqliteCSVRuns, once(append([]string{"run", "sqlite:" + sqlite300k + "?table=leads", "-o", "sqlite-out.csv", "--journal", journal, "--sync"}, off...)...))
		sqliteRuns = append(sqliteRuns, once(append([]string{"run", "sqlite:" + sqlite300k + "?table=leads", "-o", "sqlite:out.db?table=enriched", "--journal", journal, "--sync"}, off...)...))
		pgRuns = append(pgRuns, once(append([]string{"run", "sqlite:" + sqlite300k + "?table=leads", "-o", strings.Replace(pgURL, "?", "?table=enriched&", 1), "--journal", journal, "--sync"}, off...)...))
	}
	runSQLiteCSV, runSQLite, runPostgres := median(sqliteCSVRuns), median(sqliteRuns), median(pgRuns)
	// The tables written hold what the CSV written from the same rows
	// holds, row for row, read back with the databases' own clients.
	sqliteBack := exec.Command("sqlite3", "-csv", "-header", filepath.Join(work, "out.db"), "SELECT * FROM enriched ORDER BY CAST(id AS INTEGER)")
	pgBack := exec.Command("psql", "-X", "-q", "--csv", "-h", "127.0.0.1", "-p", fmt.Sprint(pg.Port), "-U", pgtest.User, "-d", "bench",
		"-c", "SELECT * FROM enriched ORDER BY CAST(id AS INTEGER)")
	pgBack.Env = append(os.Environ(), "PGPASSWORD="+pgtest.Password)
	for _, back := range []*exec.Cmd{sqliteBack, pgBack} {
		sameRows(b, filepath.Join(work, "sqlite-out.csv"), back)
	}
	raw := median(raws)
	rawCSV, rawCPU := raw.secs, raw.cpu
	plan300k, runCSV, exportCSV, runXLSX := median(plans), median(runs), median(exports), median(xlsxs)
	rawCSV100k := median3(func() { readRawCSV(b, csv100k) })
	rawXLSX := median3(func() { readRawXLSX(b, xlsx100k) })
	// The million-row runs likewise, the two outputs in turn.
	var csvs1m, xlsxs1m []measured
	for range 3 {
		csvs1m = append(csvs1m, once(append([]string{"run", sheet1m, "-o", "out1m.csv", "--journal", journal1m, "--sync"}, off...)...))
		xlsxs1m = append(xlsxs1m, once(append([]string{"run", sheet1m, "-o", "out1m.xlsx", "--journal", journal1m, "--sync"}, off...)...))
	}
	runCSV1m, runXLSX1m := median(csvs1m), median(xlsxs1m)
	planCSV100k := run("plan", csv100k, "--journal", "none")
	planXLSX100k := run("plan", xlsx100k, "--journal", "none")
	plan1m := run("plan", sheet1m, "--journal", "none")
	planSQLite1m := run("plan", "sqlite:"+sqlite1m+"?table=leads", "--journal", "none")
	// The same rows in four forms give the same plan, run and output.
	sameOfForms := compareInputs(b, forms, func(args ...string) ([]byte, measured) { return onceOut(bin, args...) })

	var out strings.Builder
	tw := tabwriter.NewWriter(&out, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "figure\tmeasured\tagainst\tlimit\tratio\t")
	row := func(what string, got, base float64, unit, against string, maxRatio float64) {
		ratio := got / base
		limit, mark := "—", ""
		if maxRatio > 0 {
			limit = fmt.Sprintf("≤ %.1f×", maxRatio)
			if ratio > maxRatio {
				mark = " OVER"
			}
		}
		fmt.Fprintf(tw, "%s\t%.2f %s\t%s %.2f %s\t%s\t%.2f×%s\t\n", what, got, unit, against, base, unit, limit, ratio, mark)
	}
	fmt.Fprintf(tw, "raw CSV read (a process), 300k rows\t%.2f s\t\t\t\t\n", rawCSV)
	row("enrich plan, 300k rows", plan300k.secs, rawCSV, "s", "raw CSV read", 5)
	row("enrich run, complete journal, CSV out", runCSV.secs, plan300k.secs, "s", "plan", 2)
	row("enrich export, CSV out", exportCSV.secs, plan300k.secs, "s", "plan", 2)
	row("enrich run, .xlsx out, time", runXLSX.secs, plan300k.secs, "s", "plan", 0)
	row("enrich run, .xlsx out, peak RSS", runXLSX.rss, 250, "MiB", "target", 1)
	row("enrich run, .xlsx out, 1M rows, time", runXLSX1m.secs, runCSV1m.secs, "s", "CSV out", 2)
	row("enrich run, .xlsx out, 1M rows, peak RSS", runXLSX1m.rss, 250, "MiB", "target", 1)
	row("enrich plan, 100k rows .xlsx", planXLSX100k.secs, planCSV100k.secs, "s", "plan of the CSV", 3)
	fmt.Fprintf(tw, "  raw reads, 100k rows: CSV %.2f s, excelize Rows %.2f s\t\t\t\t\t\n", rawCSV100k, rawXLSX)
	row("enrich plan, 1M rows", plan1m.secs, 10, "s", "target", 1)
	row("enrich plan, 1M rows SQLite", planSQLite1m.secs, plan1m.secs, "s", "plan of the CSV", 3)
	row("enrich run, SQLite in, CSV out", runSQLiteCSV.secs, runCSV.secs, "s", "CSV in and out", 0)
	row("enrich run, SQLite in, SQLite table out (upsert)", runSQLite.secs, runSQLiteCSV.secs, "s", "CSV out", 2)
	row("enrich run, SQLite in, PostgreSQL table out", runPostgres.secs, runSQLiteCSV.secs, "s", "CSV out", 2)
	row("enrich run, SQLite table out, peak RSS", runSQLite.rss, runCSV.rss, "MiB", "CSV out", 1.5)
	row("enrich run, PostgreSQL table out, peak RSS", runPostgres.rss, runCSV.rss, "MiB", "CSV out", 1.5)
	tw.Flush()
	// On a busy machine the wall times stretch with the others' work; the
	// processor time each command took (of the run whose wall time is the
	// median) stretches less.
	fmt.Fprintf(&out, "CPU (user + sys): raw CSV read %.2f s; plan %.2f s (%.1f×); run %.2f s (%.2f× the plan); export %.2f s (%.2f×); .xlsx run %.2f s; 1M rows: CSV run %.2f s, .xlsx run %.2f s (%.2f×)\n",
		rawCPU, plan300k.cpu, plan300k.cpu/rawCPU, runCSV.cpu, runCSV.cpu/plan300k.cpu, exportCSV.cpu, exportCSV.cpu/plan300k.cpu,
		runXLSX.cpu, runCSV1m.cpu, runXLSX1m.cpu, runXLSX1m.cpu/runCSV1m.cpu)
	out.WriteString(sameOfForms)
	fmt.Print("\n" + out.String())
	b.ReportMetric(runCSV.secs/plan300k.secs, "run/plan")
	b.ReportMetric(runXLSX.rss, "MiB-xlsx-300k")
}

type measured struct{ secs, rss, cpu float64 }

func median3(f func()) float64 {
	t := []float64{timed(f), timed(f), timed(f)}
	slices.Sort(t)
	return t[1]
}

// timed returns the wall time f takes.
func timed(f func()) float64 {
	start := time.Now()
	f()
	return time.Since(start).Seconds()
}

// median returns the measure of median wall time.
func median(runs []measured) measured {
	runs = slices.Clone(runs)
	slices.SortFunc(runs, func(a, b measured) int { return int((a.secs - b.secs) * 1e6) })
	return runs[len(runs)/2]
}

// readRawCSV reads a CSV file with encoding/csv and nothing else.
func readRawCSV(tb testing.TB, path string) {
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.FieldsPerRecord = -1
	r.ReuseRecord = true
	for {
		if _, err := r.Read(); errors.Is(err, io.EOF) {
			return
		} else if err != nil {
			tb.Fatal(err)
		}
	}
}

// readRawXLSX reads a workbook's first sheet with excelize's Rows
// iterator, raw values, nothing else.
func readRawXLSX(tb testing.TB, path string) {
	f, err := excelize.OpenFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	rows, err := f.Rows(f.GetSheetList()[0])
	if err != nil {
		tb.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		if _, err := rows.Columns(excelize.Options{RawCellValue: true}); err != nil {
			tb.Fatal(err)
		}
	}
}

// sameRows checks that what back prints as CSV (a database's client
// reading a table) holds the rows of the CSV file want, in order.
func sameRows(tb testing.TB, want string, back *exec.Cmd) {
	out, err := back.StdoutPipe()
	if err != nil {
		tb.Fatal(err)
	}
	var stderr bytes.Buffer
	back.Stderr = &stderr
	if err := back.Start(); err != nil {
		tb.Fatal(err)
	}
	f, err := os.Open(want)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	w, g := csv.NewReader(f), csv.NewReader(out)
	w.FieldsPerRecord, g.FieldsPerRecord = -1, -1
	rows := 0
	for ; ; rows++ {
		a, errA := w.Read()
		c, errC := g.Read()
		if errA == io.EOF && errC == io.EOF {
			break
		}
		if rows == 0 && len(a) > 0 {
			a[0] = strings.TrimPrefix(a[0], "\ufeff") // the CSV's byte-order mark, for Excel
		}
		if errA != nil || errC != nil || !slices.Equal(a, c) {
			tb.Fatalf("%s, row %d: %q (%v); the CSV's %q (%v)\n%s", back.Args[0], rows, c, errC, a, errA, stderr.String())
		}
	}
	if err := back.Wait(); err != nil {
		tb.Fatalf("%s: %v\n%s", back.Args[0], err, stderr.String())
	}
	fmt.Printf("%s: %d rows read back, each the CSV's\n", back.Args[0], rows-1)
}

// sqliteOf is a sheet's rows as table leads of an SQLite file beside it,
// imported by sqlite3 itself, each row's key (id) its place: made once.
func sqliteOf(tb testing.TB, sheet string) string {
	path := strings.TrimSuffix(sheet, filepath.Ext(sheet)) + ".db"
	if _, err := os.Stat(path); err == nil {
		return path
	}
	f, err := os.Open(sheet)
	if err != nil {
		tb.Fatal(err)
	}
	header, err := csv.NewReader(f).Read()
	f.Close()
	if err != nil {
		tb.Fatal(err)
	}
	cols := make([]string, len(header))
	for i, h := range header {
		cols[i] = `"` + h + `" TEXT`
	}
	tmp := path + ".tmp"
	os.Remove(tmp)
	script := fmt.Sprintf(".import --csv %s sheet\nCREATE TABLE leads (id INTEGER PRIMARY KEY, %s);\nINSERT INTO leads SELECT rowid, * FROM sheet;\nDROP TABLE sheet;\nVACUUM;\n",
		sheet, strings.Join(cols, ", "))
	cmd := exec.Command("sqlite3", tmp)
	cmd.Stdin = strings.NewReader(script)
	if out, err := cmd.CombinedOutput(); err != nil {
		tb.Fatalf("sqlite3: %v\n%s", err, out)
	}
	if err := os.Rename(tmp, path); err != nil {
		tb.Fatal(err)
	}
	return path
}

// buildCompleteJournal answers every identifier of a sheet in a journal:
// nine in ten found (a world's profile, its item the identifier), the
// others not found.
func buildCompleteJournal(tb testing.TB, sheet, journal string) {
	w := world.New(world.Config{People: 5000})
	t, err := sources.Open(sheet, sources.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	seen := map[string]bool{}
	var ids []string
	for {
		row, err := t.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			tb.Fatal(err)
		}
		for _, id := range row.IDs {
			if !seen[id.Value] {
				seen[id.Value] = true
				ids = append(ids, id.Value)
			}
		}
	}
	t.Close()
	j, err := state.Open(journal, state.Options{NoSync: true})
	if err != nil {
		tb.Fatal(err)
	}
	defer j.Close()
	for start := 0; start < len(ids); start += wire.MaxItems {
		items := ids[start:min(start+wire.MaxItems, len(ids))]
		results := make([]wire.Result, len(items))
		for i, item := range items {
			var raw []byte
			if (start+i)%10 == 9 {
				raw, _ = json.Marshal(map[string]any{"item": item, "status": "failed"})
			} else {
				cand := w.Candidate(w.Person((start+i)%w.Len()), false)
				raw, _ = json.Marshal(map[string]any{"item": item, "status": "success", "candidate": json.RawMessage(cand)})
			}
			if err := json.Unmarshal(raw, &results[i]); err != nil {
				tb.Fatal(err)
			}
		}
		bt, _, err := j.Begin(state.WithContacts, items, false, time.Now().Add(-time.Hour))
		if err != nil {
			tb.Fatal(err)
		}
		if _, err := j.Deliver(state.Ref{Seq: bt.Seq}, results, time.Now().Add(-time.Hour), state.Policy{}); err != nil {
			tb.Fatal(err)
		}
	}
}

// resetPeakRSS resets this process's peak resident memory to what it
// holds now. A child starts from its parent's memory until it execs, and
// Linux counts the parent's peak in the child's (its ru_maxrss): after
// this process built the fixtures (hundreds of MiB), every command it
// measured would show that peak instead of its own.
func resetPeakRSS(b *testing.B) {
	runtime.GC()
	debug.FreeOSMemory()
	if err := os.WriteFile("/proc/self/clear_refs", []byte("5"), 0); err != nil {
		b.Logf("peak memory not reset (%v): the figures may show the fixtures' building", err)
	}
}

// inputs are the same rows as a CSV file, an SQLite table, a PostgreSQL
// table and a Parquet file, and a journal that answers every one of
// their identifiers: what BenchmarkSheets plans and runs from each, and
// holds equal (compareInputs).
type inputs struct {
	journal string
	pg      *pgtest.Server
	pgURL   string // the database's URL, without a table
	cases   []inputCase
}

// inputCase is one form of the rows: the input as enrich names it, and
// the output its run writes, of the same form.
type inputCase struct {
	name, input, output string
	// back reads the output's rows: the header, then each row, in the
	// order of the input's.
	back func(b *testing.B) [][]string
}

// inputFixtures makes the forms of sheet (a CSV file of genleads) that
// compareInputs runs, beside it, once: the journal that answers its
// identifiers, its rows as an SQLite table (sqlite3's own import, each
// row's id its place) and as Parquet (written by enrich export, the
// sheet's columns and nothing else); and loads them into the PostgreSQL
// server's database with psql's \copy, as every benchmark's server is
// new.
func inputFixtures(b *testing.B, bin, sheet, work string, env []string, pg *pgtest.Server, pgURL, pgDB string) *inputs {
	base := strings.TrimSuffix(sheet, filepath.Ext(sheet))
	in := &inputs{journal: base + ".journal", pg: pg, pgURL: pgURL}
	if _, err := os.Stat(in.journal); err != nil {
		buildCompleteJournal(b, sheet, in.journal+".tmp")
		if err := os.Rename(in.journal+".tmp", in.journal); err != nil {
			b.Fatal(err)
		}
		// Flattened once, here, rather than in the first run.
		j, err := state.Open(in.journal, state.Options{NoSync: true})
		if err != nil {
			b.Fatal(err)
		}
		j.Close()
	}
	db := sqliteOf(b, sheet)
	pq := base + ".parquet"
	if _, err := os.Stat(pq); err != nil {
		cmd := exec.Command(bin, "export", sheet, "-o", pq, "--journal", in.journal, "--append", "none", "--no-formula-guard", "--find-by-name", "off", "--progress", "none")
		cmd.Env, cmd.Dir = env, work
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("enrich export %s: %v\n%s", pq, err, out)
		}
	}
	// The SQLite table's rows, id first, into PostgreSQL.
	keyed := filepath.Join(work, "keyed.csv")
	dump := exec.Command("sqlite3", "-csv", "-header", db, "SELECT * FROM leads ORDER BY id")
	f, err := os.Create(keyed)
	if err != nil {
		b.Fatal(err)
	}
	var stderr bytes.Buffer
	dump.Stdout, dump.Stderr = f, &stderr
	err = dump.Run()
	f.Close()
	if err != nil {
		b.Fatalf("sqlite3 %s: %v\n%s", db, err, stderr.String())
	}
	header := readHeader(b, keyed)
	cols := make([]string, len(header))
	for i, h := range header {
		cols[i] = `"` + h + `" TEXT`
	}
	cols[0] = `"id" INTEGER PRIMARY KEY`
	for _, sql := range []string{"CREATE TABLE leads100k (" + strings.Join(cols, ", ") + ")", `\copy leads100k FROM '` + keyed + `' CSV HEADER`} {
		if out, err := pg.Psql(pgDB, sql); err != nil {
			b.Fatalf("psql %s: %v\n%s", sql, err, out)
		}
	}

	pgTable := func(t string) string { return strings.Replace(pgURL, "?", "?table="+t+"&", 1) }
	sqliteOut := filepath.Join(work, "inputs.db")
	in.cases = []inputCase{
		{"CSV", sheet, filepath.Join(work, "inputs.csv"), func(b *testing.B) [][]string {
			return readCSVFile(b, filepath.Join(work, "inputs.csv"))
		}},
		{"SQLite", "sqlite:" + db + "?table=leads", "sqlite:" + sqliteOut + "?table=out_sqlite", func(b *testing.B) [][]string {
			return readClient(b, exec.Command("sqlite3", "-csv", "-header", sqliteOut, "SELECT * FROM out_sqlite ORDER BY CAST(id AS INTEGER)"))
		}},
		{"PostgreSQL", pgTable("leads100k"), pgTable("out_pg"), func(b *testing.B) [][]string {
			back := exec.Command("psql", "-X", "-q", "--csv", "-h", "127.0.0.1", "-p", strconv.Itoa(pg.Port), "-U", pgtest.User, "-d", pgDB,
				"-c", "SELECT * FROM out_pg ORDER BY CAST(id AS INTEGER)")
			back.Env = append(os.Environ(), "PGPASSWORD="+pgtest.Password)
			return readClient(b, back)
		}},
		{"Parquet", pq, filepath.Join(work, "inputs.parquet"), func(b *testing.B) [][]string {
			return readParquetText(b, filepath.Join(work, "inputs.parquet"))
		}},
	}
	return in
}

// compareInputs plans and runs each form of the rows against the journal
// that answers them, and fails the benchmark unless the plans, the runs'
// summaries and the enrich_* values of the outputs, row for row, are the
// same for all; it returns a line for each form, for the figures' table.
func compareInputs(b *testing.B, in *inputs, once func(args ...string) ([]byte, measured)) string {
	var out strings.Builder
	tw := tabwriter.NewWriter(&out, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "100k rows as\tplan\trun\trows\tlookups\tfound\tcredits\t")
	var firstPlan, firstRun []byte
	var first [][]string
	for _, c := range in.cases {
		common := []string{"--journal", in.journal, "--find-by-name", "off"}
		stdout, plan := once(append([]string{"plan", c.input, "--json"}, common...)...)
		_, run := once(append([]string{"run", c.input, "-o", c.output, "--sync", "--progress", "none"}, common...)...)
		planned := planFigures(b, stdout)
		summary, sum := runSummary(b, sinks.Beside(c.output, in.journal)+".report.json")
		rows := enrichColumns(b, c.name, c.back(b))
		switch {
		case firstPlan == nil:
			firstPlan, firstRun, first = planned, summary, rows
		case !bytes.Equal(planned, firstPlan):
			b.Fatalf("the plan of the rows as %s differs from the CSV's:\n %s\n %s", c.name, planned, firstPlan)
		case !bytes.Equal(summary, firstRun):
			b.Fatalf("the run of the rows as %s differs from the CSV's:\n %s\n %s", c.name, summary, firstRun)
		default:
			sameEnrich(b, c.name, rows, first)
		}
		fmt.Fprintf(tw, "%s\t%.2f s\t%.2f s\t%d\t%d\t%d\t%d\t\n", c.name, plan.secs, run.secs, sum.Rows, sum.Lookups, sum.found(), sum.Credits.ProfilesReceived)
	}
	tw.Flush()
	fmt.Fprintf(&out, "  the four plans, runs (credits, matches, rows by status) and enrich_* values of the %d rows written are the same\n", len(first)-1)
	return out.String()
}

// planFigures is a plan's JSON without what names the input and its
// form: what it counts. A column is told by its header, not its place,
// which a table's key column before the sheet's shifts.
func planFigures(b *testing.B, stdout []byte) []byte {
	var p map[string]any
	if err := json.Unmarshal(stdout, &p); err != nil {
		b.Fatalf("plan --json: %v\n%s", err, stdout)
	}
	for _, k := range []string{"input", "format", "encoding", "delimiter", "sheet", "key", "header_row"} {
		delete(p, k)
	}
	for _, list := range []string{"columns", "person_columns"} {
		cols, _ := p[list].([]any)
		for _, c := range cols {
			if c, ok := c.(map[string]any); ok {
				delete(c, "index")
			}
		}
	}
	out, _ := json.Marshal(p)
	return out
}

// summary is what a run's report says of the rows and what they cost.
type summary struct {
	Rows         int            `json:"rows"`
	RowsByStatus map[string]int `json:"rows_by_status"`
	MatchRate    map[string]struct {
		Tried, Found int
	} `json:"match_rate"`
	Lookups   int `json:"lookups"`
	ItemsSent int `json:"items_sent"`
	Credits   struct {
		ProfilesReceived int64 `json:"profiles_received"`
	} `json:"credits"`
	Complete bool `json:"complete"`
}

func (s summary) found() int {
	n := 0
	for _, m := range s.MatchRate {
		n += m.Found
	}
	return n
}

func runSummary(b *testing.B, path string) ([]byte, summary) {
	raw, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	var s summary
	if err := json.Unmarshal(raw, &s); err != nil {
		b.Fatalf("%s: %v", path, err)
	}
	if !s.Complete || s.Rows == 0 {
		b.Fatalf("%s: a run of %d rows, complete %v; want every row final", path, s.Rows, s.Complete)
	}
	out, _ := json.Marshal(s)
	return out, s
}

// enrichColumns keeps of rows (a header, then the rows) the enrich_*
// columns, in the order of their names, each row as one string.
func enrichColumns(b *testing.B, name string, rows [][]string) [][]string {
	if len(rows) < 2 {
		b.Fatalf("the output of the rows as %s holds %d rows", name, max(0, len(rows)-1))
	}
	var at []int
	header := rows[0]
	for i, h := range header {
		if strings.HasPrefix(h, "enrich_") {
			at = append(at, i)
		}
	}
	slices.SortFunc(at, func(x, y int) int { return strings.Compare(header[x], header[y]) })
	out := make([][]string, len(rows))
	for r, row := range rows {
		cells := make([]string, len(at))
		for k, i := range at {
			if i < len(row) {
				cells[k] = row[i]
			}
		}
		out[r] = cells
	}
	return out
}

// sameEnrich fails the benchmark at the first row whose enrich_* values
// differ from the CSV's.
func sameEnrich(b *testing.B, name string, got, want [][]string) {
	if !slices.Equal(got[0], want[0]) {
		b.Fatalf("the output of the rows as %s has the columns %v; the CSV's %v", name, got[0], want[0])
	}
	if len(got) != len(want) {
		b.Fatalf("the output of the rows as %s holds %d rows; the CSV's %d", name, len(got)-1, len(want)-1)
	}
	for r := 1; r < len(want); r++ {
		if !slices.Equal(got[r], want[r]) {
			for k, col := range want[0] {
				if got[r][k] != want[r][k] {
					b.Fatalf("the output of the rows as %s, row %d, %s: %q; the CSV's %q", name, r, col, got[r][k], want[r][k])
				}
			}
		}
	}
}

func readHeader(b *testing.B, path string) []string {
	f, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	h, err := csv.NewReader(f).Read()
	if err != nil {
		b.Fatalf("%s: %v", path, err)
	}
	return h
}

func readCSVFile(b *testing.B, path string) [][]string {
	f, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	return readCSVAll(b, path, f)
}

func readCSVAll(b *testing.B, name string, r io.Reader) [][]string {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	rows, err := cr.ReadAll()
	if err != nil {
		b.Fatalf("%s: %v", name, err)
	}
	if len(rows) > 0 && len(rows[0]) > 0 {
		rows[0][0] = strings.TrimPrefix(rows[0][0], "\ufeff") // the CSV's byte-order mark, for Excel
	}
	return rows
}

// readClient reads what a database's client prints as CSV.
func readClient(b *testing.B, cmd *exec.Cmd) [][]string {
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		b.Fatalf("%s: %v\n%s", cmd.Args[0], err, stderr.String())
	}
	return readCSVAll(b, cmd.Args[0], bytes.NewReader(out))
}

// readParquetText reads a Parquet file's rows as text, as a sheet of
// them shows it: a list its items joined by "; ", null empty.
func readParquetText(b *testing.B, path string) [][]string {
	f, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		b.Fatal(err)
	}
	pf, err := parquet.OpenFile(f, fi.Size())
	if err != nil {
		b.Fatalf("%s: %v", path, err)
	}
	var header []string
	for _, field := range pf.Schema().Fields() {
		header = append(header, field.Name())
	}
	rows := [][]string{header}
	r := parquet.NewReader(pf)
	defer r.Close()
	for {
		m := map[string]any{}
		if err := r.Read(&m); err == io.EOF {
			break
		} else if err != nil {
			b.Fatalf("%s: %v", path, err)
		}
		row := make([]string, len(header))
		for i, h := range header {
			row[i] = parquetText(m[h])
		}
		rows = append(rows, row)
	}
	return rows
}

func parquetText(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	case []any:
		items := make([]string, len(v))
		for i, x := range v {
			items[i] = parquetText(x)
		}
		return strings.Join(items, "; ")
	}
	return fmt.Sprint(v)
}
