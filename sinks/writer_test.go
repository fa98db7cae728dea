package sinks

import (
	"archive/zip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"github.com/enrich-dev/enrich/internal/profile"
	"github.com/enrich-dev/enrich/sources"
)

const fixtureDir = "../testdata"

// journal stands in for the pipeline: what each normalized identifier
// resolved to, as a candidate file under testdata/flatten.
var journal = map[string]string{
	"https://www.linkedin.com/in/jane-doe-42": "full.json",
	"https://www.linkedin.com/in/johnsmith":   "every-script.json",
	"ana.garcia@initech.example":              "unknown-keys.json",
	"ana@initech.example":                     "unknown-keys.json",
	"+8613800138000":                          "string-ratings.json",
	"taro.yamada@example.jp":                  "every-script.json",
	"juergen.mueller@beispiel.example":        "no-current-role.json",
	"alice@example.com":                       "wrong-types.json",
	"john.smith@example.com":                  "missing-everything.json",
}

// outcomeFor decides a row's outcome the way the pipeline will: the first
// identifier in waterfall order that the journal knows; a few rows get the
// other statuses so that every status is written.
func outcomeFor(t *testing.T, row sources.Row) *Outcome {
	t.Helper()
	if len(row.IDs) == 0 {
		if len(row.Invalid) > 0 {
			return &Outcome{Status: StatusInvalidIdentifier}
		}
		return &Outcome{Status: StatusNoIdentifier}
	}
	for _, id := range row.IDs {
		if file, ok := journal[id.Value]; ok {
			raw, err := os.ReadFile(filepath.Join("..", "internal", "profile", "testdata", "flatten", file))
			if err != nil {
				t.Fatal(err)
			}
			rec := profile.Decode(raw)
			return &Outcome{Status: StatusSuccess, Identifier: id.Value, Profile: &rec, Candidate: raw}
		}
	}
	switch first := row.IDs[0].Value; first {
	case "bob@example.com":
		return &Outcome{Status: StatusError, Identifier: first, Error: "the service answered 500 three times"}
	case "zoe@strasse.example", "carol@example.com":
		return &Outcome{Status: StatusCreditsExhausted, Identifier: first}
	case "https://www.linkedin.com/in/ümit-öztürk", "dave@example.com":
		return &Outcome{Status: StatusPending, Identifier: first}
	}
	return &Outcome{Status: StatusNotFound, Identifier: row.IDs[len(row.IDs)-1].Value}
}

// export writes input through a Writer to dir/name and returns the path.
func export(t *testing.T, input string, opts sources.Options, dir, name string) string {
	t.Helper()
	tb, err := sources.Open(filepath.Join(fixtureDir, input), opts)
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	out := filepath.Join(dir, name)
	w, err := Create(out, tb.Layout(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Abort()
	for {
		row, err := tb.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Write(row, outcomeFor(t, row)); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestWritersGolden(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		input  string
		opts   sources.Options
		output string
	}{
		{"leads.csv", sources.Options{}, "leads.csv"},
		{"leads.csv", sources.Options{}, "leads.jsonl"},
		{"leads.csv", sources.Options{}, "leads.xlsx"},
		{"leads-bom-semicolon.csv", sources.Options{DefaultRegion: "DE"}, "leads-bom-semicolon.csv"},
		{"leads-sep.csv", sources.Options{DefaultRegion: "GB"}, "leads-sep.csv"},
		{"leads-messy.csv", sources.Options{}, "leads-messy.csv"},
		{"leads-messy.csv", sources.Options{}, "leads-messy.jsonl"},
		{"leads-cp1252.csv", sources.Options{DefaultRegion: "FR"}, "leads-cp1252.csv"},
		{"leads.xlsx", sources.Options{}, "xlsx-input.csv"},
		{"leads.xlsx", sources.Options{}, "xlsx-input.xlsx"},
		{"leads.xlsx", sources.Options{}, "xlsx-input.jsonl"},
	} {
		t.Run(tc.output, func(t *testing.T) {
			path := export(t, tc.input, tc.opts, dir, tc.output)
			if strings.HasSuffix(path, ".xlsx") {
				golden(t, filepath.Join("golden", tc.output+".txt"), []byte(dumpXLSX(t, path)))
				return
			}
			got, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			golden(t, filepath.Join("golden", tc.output), got)
			if strings.HasSuffix(path, ".jsonl") {
				checkJSONL(t, got)
			}
		})
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*tmp*")); len(left) > 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
}

// dumpXLSX lists every cell of every sheet with its type and formula, and
// fails on an appended cell (any cell named enrich_* in row 1, and the
// cells under it) that is not an inline string or holds a formula.
func dumpXLSX(t *testing.T, path string) string {
	t.Helper()
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatalf("reopen %s: %v", path, err)
	}
	defer f.Close()
	var b strings.Builder
	for _, sheet := range f.GetSheetList() {
		fmt.Fprintf(&b, "sheet %q\n", sheet)
		rows, err := f.GetRows(sheet, excelize.Options{RawCellValue: true})
		if err != nil {
			t.Fatal(err)
		}
		appended := map[int]bool{}
		for r, row := range rows {
			for c, v := range row {
				if r == 0 && strings.HasPrefix(v, "enrich_") {
					appended[c] = true
				}
				if v == "" {
					continue
				}
				ref, _ := excelize.CoordinatesToCellName(c+1, r+1)
				typ, _ := f.GetCellType(sheet, ref)
				formula, _ := f.GetCellFormula(sheet, ref)
				if appended[c] && (formula != "" || typ != excelize.CellTypeInlineString) {
					t.Errorf("%s: appended cell %s has type %v, formula %q; want inline text", path, ref, typ, formula)
				}
				fmt.Fprintf(&b, "%s %q type %d", ref, v, typ)
				if formula != "" {
					fmt.Fprintf(&b, " formula %q", formula)
				}
				b.WriteString("\n")
			}
		}
	}
	return b.String()
}

// checkJSONL checks that every line is one JSON object with the keys the
// contract names.
func checkJSONL(t *testing.T, data []byte) {
	t.Helper()
	for i, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		var obj map[string]json.RawMessage
		if err := json.Unmarshal([]byte(line), &obj); err != nil {
			t.Fatalf("line %d is not a JSON object: %v", i+1, err)
		}
		for _, key := range []string{"row", "input", "enrich_status", "enrich_identifier", "candidate"} {
			if _, ok := obj[key]; !ok {
				t.Errorf("line %d has no %q", i+1, key)
			}
		}
	}
}

// TestCSVKeepsOriginalCells reads the CSV output back and checks, row by
// row, that the original cells are the input's and the appended ones sit
// under their headers, neutralized.
func TestCSVKeepsOriginalCells(t *testing.T) {
	out := export(t, "leads.csv", sources.Options{}, t.TempDir(), "out.csv")
	in, err := sources.Open(filepath.Join(fixtureDir, "leads.csv"), sources.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	back, err := sources.Open(out, sources.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer back.Close()
	width := len(in.Layout().Header)
	if got := back.Layout().Header[width:]; strings.Join(got, ",") != strings.Join(ColumnNames(DefaultColumns()), ",") {
		t.Fatalf("appended headers %q", got)
	}
	for {
		want, err := in.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		got, err2 := back.Next()
		if err != nil || err2 != nil {
			t.Fatal(err, err2)
		}
		for i, c := range want.Cells {
			if got.Cells[i] != c {
				t.Errorf("row %d cell %d = %q; want %q unchanged", want.Num, i, got.Cells[i], c)
			}
		}
		for i, v := range got.Cells[width:] {
			if Formulaic(v) {
				t.Errorf("row %d: appended %s = %q is not neutralized", want.Num, DefaultColumns()[i].Name, v)
			}
		}
	}
	// The user's own formula-looking cell is theirs and goes back as is,
	// byte for byte.
	data, _ := os.ReadFile(out)
	if !strings.Contains(string(data), "\n"+`Bob,Jones,,,n/a,bob@example.com,14155550199,=HYPERLINK("http://evil.example"),error,`) {
		t.Error("the original =HYPERLINK row was changed")
	}
	if !strings.Contains(string(data), `'=HYPERLINK(""http://evil.example"",""click"")`) {
		t.Error("the appended =HYPERLINK headline was not neutralized")
	}
}

func TestNeutralize(t *testing.T) {
	for in, want := range map[string]string{
		"=1+1": "'=1+1", "@SUM(A1)": "'@SUM(A1)", "\tx": "'\tx", "\rx": "'\rx",
		"+A1": "'+A1", "-cmd|' /C calc'!A0": "'-cmd|' /C calc'!A0", "+1+1": "'+1+1", "-": "-", "+": "+",
		// numbers and phones are left alone
		"+1 415 555 9948": "+1 415 555 9948", "+14155550123": "+14155550123", "-2": "-2", "+1.5": "+1.5",
		"+1 (415) 555-0123": "+1 (415) 555-0123", "-1,234.50": "-1,234.50",
		"+14155550123; +14155550100": "+14155550123; +14155550100", "+1 415; -2": "+1 415; -2",
		"+1; =cmd": "'+1; =cmd", "+1;": "'+1;",
		"plain": "plain", "": "", "a=b": "a=b", "'=x": "'=x",
	} {
		if got := Neutralize(in); got != want {
			t.Errorf("Neutralize(%q) = %q; want %q", in, got, want)
		}
	}
}

// TestXLSXHostileText writes values that would be formulas, text longer
// than a cell can hold, and control characters, and checks that Excel's
// format survives: the file reopens, nothing is a formula, text is cut at
// the 32,767-character limit.
func TestXLSXHostileText(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hostile.xlsx")
	layout := sources.Layout{Format: sources.CSV, Header: []string{"Note"}, Names: []string{"Note"}}
	w, err := Create(path, layout, Options{})
	if err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("x", 40000)
	cand, _ := json.Marshal(map[string]any{"fullName": "=cmd|' /C calc'!A0", "headLine": long, "skills": []string{"bell\a", "nul\x00"}})
	rec := profile.Decode(cand)
	if err := w.Write(sources.Row{Num: 2, Cells: []string{"=SUM(1,2)"}}, &Outcome{Status: StatusSuccess, Identifier: "+14155550123", Profile: &rec, Candidate: cand}); err != nil {
		t.Fatal(err)
	}
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	zr, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	for _, f := range zr.File {
		if !strings.HasPrefix(f.Name, "xl/worksheets/") {
			continue
		}
		rc, _ := f.Open()
		xml, _ := io.ReadAll(rc)
		rc.Close()
		if strings.Contains(string(xml), "<f>") || strings.Contains(string(xml), "<f ") {
			t.Errorf("%s holds a formula element", f.Name)
		}
	}
	book, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer book.Close()
	for ref, want := range map[string]string{"A2": "=SUM(1,2)", "B2": "success", "C2": "+14155550123", "F2": "=cmd|' /C calc'!A0"} {
		if got, _ := book.GetCellValue("Sheet1", ref); got != want {
			t.Errorf("%s = %q; want %q", ref, got, want)
		}
	}
	if got, _ := book.GetCellValue("Sheet1", "G2"); utf8.RuneCountInString(got) != 32767 || !strings.HasSuffix(got, "…") {
		t.Errorf("headline of 40,000 characters stored as %d; want cut at 32,767 with an ellipsis", utf8.RuneCountInString(got))
	}
}

func TestCreateErrors(t *testing.T) {
	dir := t.TempDir()
	layout := sources.Layout{Path: filepath.Join(fixtureDir, "leads.csv"), Header: []string{"a"}}
	for _, tc := range []struct {
		path, want string
	}{
		{filepath.Join(dir, "out.txt"), `unknown format ".txt"; name the output .csv, .xlsx or .jsonl`},
		{filepath.Join(dir, "out"), `unknown format ""`},
		{filepath.Join(fixtureDir, "leads.csv"), "it is the input file"},
		{filepath.Join(dir, "missing", "out.csv"), "create temporary file"},
	} {
		if w, err := Create(tc.path, layout, Options{}); err == nil || !strings.Contains(err.Error(), tc.want) {
			if w != nil {
				w.Abort()
			}
			t.Errorf("Create(%s) error = %v; want %q", tc.path, err, tc.want)
		}
	}
}

func TestAbortLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.jsonl")
	if err := os.WriteFile(path, []byte("old\n"), 0o640); err != nil {
		t.Fatal(err)
	}
	w, err := Create(path, sources.Layout{Header: []string{"a"}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write(sources.Row{Num: 2, Cells: []string{"x"}}, &Outcome{Status: StatusPending}); err != nil {
		t.Fatal(err)
	}
	w.Abort()
	w.Abort()
	entries, _ := os.ReadDir(dir)
	if got, _ := os.ReadFile(path); string(got) != "old\n" || len(entries) != 1 {
		t.Errorf("after Abort: %q and %d entries; want the old file alone", got, len(entries))
	}
}

// TestCheckFits: a sheet wider or with longer cells than an .xlsx holds is
// refused for .xlsx output, naming CSV and JSONL; other formats take it.
func TestCheckFits(t *testing.T) {
	for _, tc := range []struct {
		layout sources.Layout
		format string
		want   string
	}{
		{sources.Layout{Path: "wide.csv", Widest: 16380}, FormatXLSX, "16395 columns with the 15 enrich columns, more than the 16384"},
		{sources.Layout{Path: "long.csv", Header: []string{"a"}, Longest: 40000}, FormatXLSX, "a cell of 40000 characters"},
		{sources.Layout{Path: "wide.csv", Widest: 16380}, FormatCSV, ""},
		{sources.Layout{Path: "ok.csv", Widest: 100, Longest: 32767}, FormatXLSX, ""},
	} {
		err := CheckFits(tc.layout, tc.format, 15)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s as %s: %v", tc.layout.Path, tc.format, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), ".csv or .jsonl")):
			t.Errorf("%s as %s: error %v; want %q naming .csv or .jsonl", tc.layout.Path, tc.format, err, tc.want)
		}
	}
}

// TestWindows1252FallsBackToUTF8: a value from the service that
// Windows-1252 cannot hold turns the output of a Windows-1252 input into
// UTF-8 with a BOM, the rows written before it with it.
func TestWindows1252FallsBackToUTF8(t *testing.T) {
	layout := sources.Layout{Format: sources.CSV, Encoding: "windows-1252", Delimiter: ';', Header: []string{"Société"},
		HeaderRecord: "Société", HeaderEOL: "\r\n", CRLF: true}
	row := sources.Row{Num: 2, Cells: []string{"Café"}, Record: "Café", EOL: "\r\n"}
	path := filepath.Join(t.TempDir(), "out.csv")
	w, err := Create(path, layout, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"Zoë", "王伟", "Zoë"} {
		rec := profile.Record{FullName: name}
		if err := w.Write(row, &Outcome{Status: StatusSuccess, Profile: &rec}); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	want := "\uFEFFSociété;enrich_status;"
	if !strings.HasPrefix(string(got), want) || strings.Count(string(got), "Café;success;;;;Zoë") != 2 || !strings.Contains(string(got), "Café;success;;;;王伟") {
		t.Errorf("output %q; want UTF-8 with a BOM, every row", got)
	}
}
