package sources

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/enrich-dev/enrich/internal/ident"
	"github.com/enrich-dev/enrich/sources/csvfile"
)

// dumpTable renders everything a table yields, for golden comparison.
func dumpTable(t *testing.T, path string, opts Options) string {
	t.Helper()
	tb, err := Open(path, opts)
	if err != nil {
		t.Fatalf("Open(%s): %v", path, err)
	}
	defer tb.Close()
	var b strings.Builder
	l := tb.Layout()
	fmt.Fprintf(&b, "format %s", l.Format)
	if l.Format == CSV {
		fmt.Fprintf(&b, ", encoding %s, bom %v, delimiter %q, sep line %v, crlf %v", l.Encoding, l.BOM, l.Delimiter, l.SepLine, l.CRLF)
	} else {
		fmt.Fprintf(&b, ", sheet %q", l.Sheet)
	}
	fmt.Fprintf(&b, "\nheader (row %d) %q\nnames %q\ncolumns:\n", l.HeaderRow, l.Header, l.Names)
	for _, c := range tb.Columns() {
		fmt.Fprintf(&b, "  %-8s %d %q (%s) by %s\n", c.Kind, c.Index, c.Header, c.Name, c.By)
	}
	b.WriteString("rows:\n")
	for {
		row, err := tb.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("Next: %v", err)
		}
		fmt.Fprintf(&b, "  %d %q\n", row.Num, row.Cells)
		for _, id := range row.IDs {
			fmt.Fprintf(&b, "     id %s %s (column %d, raw %q)\n", id.Kind, id.Value, id.Column, id.Raw)
		}
		for _, inv := range row.Invalid {
			fmt.Fprintf(&b, "     invalid %s %q in %q (column %d): %s\n", inv.Kind, inv.Value, inv.Header, inv.Column, inv.Reason)
		}
	}
	return b.String()
}

// golden compares got with testdata/<name>, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("golden %s: %v (run go test ./sources -update)", name, err)
	}
	if got != string(want) {
		t.Errorf("%s differs from golden file (run go test ./sources -update to accept):\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

func TestTablesGolden(t *testing.T) {
	for _, tc := range []struct {
		golden, file string
		opts         Options
	}{
		{"leads", "leads.csv", Options{}},
		{"leads-region-us", "leads.csv", Options{DefaultRegion: "us"}},
		{"leads-override", "leads.csv", Options{Columns: []string{"phone=phone", "email=Notes"}, Prefer: []ident.Kind{ident.Phone, ident.Email}}},
		{"messy-override", "leads-messy.csv", Options{Columns: []string{"email=Email_2"}}},
		{"messy-override-both", "leads-messy.csv", Options{Columns: []string{"email=EMAIL"}, Prefer: []ident.Kind{ident.Phone}}},
		{"bom-semicolon", "leads-bom-semicolon.csv", Options{DefaultRegion: "DE"}},
		{"utf16le-tab", "leads-utf16le-tab.csv", Options{}},
		{"utf16be-pipe", "leads-utf16be-pipe.csv", Options{}},
		{"cp1252", "leads-cp1252.csv", Options{DefaultRegion: "FR"}},
		{"sep", "leads-sep.csv", Options{DefaultRegion: "GB"}},
		{"messy", "leads-messy.csv", Options{}},
		{"content", "leads-content.csv", Options{}},
		{"xlsx", "leads.xlsx", Options{}},
		{"xlsx-other", "leads.xlsx", Options{Sheet: "other"}},
	} {
		t.Run(tc.golden, func(t *testing.T) {
			golden(t, filepath.Join("tables", tc.golden+".txt"), dumpTable(t, filepath.Join(fixtureDir, tc.file), tc.opts))
		})
	}
}

// readAll reads every row of a fixture.
func readAll(t *testing.T, file string, opts Options) (*Table, []Row) {
	t.Helper()
	tb, err := Open(filepath.Join(fixtureDir, file), opts)
	if err != nil {
		t.Fatalf("Open(%s): %v", file, err)
	}
	t.Cleanup(func() { tb.Close() })
	var rows []Row
	for {
		row, err := tb.Next()
		if errors.Is(err, io.EOF) {
			return tb, rows
		}
		if err != nil {
			t.Fatalf("Next(%s): %v", file, err)
		}
		rows = append(rows, row)
	}
}

// TestEncodingsAndDelimiters checks what a user sees first: the accents
// and scripts come out right whatever the encoding, and the cells split
// where the file's delimiter says.
func TestEncodingsAndDelimiters(t *testing.T) {
	for _, tc := range []struct {
		file      string
		encoding  string
		bom       bool
		delimiter rune
		cell      string // a cell of the first data row
		width     int
	}{
		{"leads.csv", csvfile.EncodingUTF8, false, ',', "García", 8},
		{"leads-bom-semicolon.csv", csvfile.EncodingUTF8, true, ';', "Müller", 7},
		{"leads-utf16le-tab.csv", csvfile.EncodingUTF16LE, true, '\t', "山田 太郎", 4},
		{"leads-utf16be-pipe.csv", csvfile.EncodingUTF16BE, true, '|', "Ada Lovelace", 3},
		{"leads-cp1252.csv", csvfile.EncodingWindows1252, false, ';', "Café Crème SARL", 6},
		{"leads-sep.csv", csvfile.EncodingUTF8, false, ';', "Smith; John", 3},
	} {
		tb, rows := readAll(t, tc.file, Options{})
		l := tb.Layout()
		if l.Encoding != tc.encoding || l.BOM != tc.bom || l.Delimiter != tc.delimiter {
			t.Errorf("%s: encoding %s, bom %v, delimiter %q; want %s, %v, %q", tc.file, l.Encoding, l.BOM, l.Delimiter, tc.encoding, tc.bom, tc.delimiter)
		}
		if len(l.Header) != tc.width {
			t.Errorf("%s: header has %d cells %q; want %d", tc.file, len(l.Header), l.Header, tc.width)
		}
		found := false
		for _, row := range rows {
			for _, c := range row.Cells {
				found = found || c == tc.cell
			}
		}
		if !found {
			t.Errorf("%s: no cell %q in %+v", tc.file, tc.cell, rows)
		}
	}
}

func TestMessyCSV(t *testing.T) {
	tb, rows := readAll(t, "leads-messy.csv", Options{})
	if got := tb.Layout().Names; strings.Join(got, "|") != "Email|Name|Email_2|column_4|Phone|Notes" {
		t.Errorf("names = %q", got)
	}
	if !tb.Layout().CRLF {
		t.Error("CRLF not detected")
	}
	var nums []int
	for _, r := range rows {
		nums = append(nums, r.Num)
	}
	// Blank lines and the all-empty row are not rows of the table, but
	// count as the spreadsheet's rows; the quoted newline of row 3 does
	// not make it two rows.
	if fmt.Sprint(nums) != "[3 5 6 7 9 10 11]" {
		t.Errorf("row numbers = %v", nums)
	}
	// The file ends its lines with CR LF, and so does the quoted cell: it
	// is kept as it is, not turned into an LF by the CSV reader.
	if got := rows[0].Cells[5]; got != "line one\r\nline two, with comma" {
		t.Errorf("quoted cell = %q", got)
	}
	if got := rows[0].Cells[1]; got != `Alice "Al" Liddell` {
		t.Errorf("escaped quotes = %q", got)
	}
	if len(rows[1].Cells) != 2 || len(rows[2].Cells) != 8 {
		t.Errorf("ragged rows not kept as read: %q, %q", rows[1].Cells, rows[2].Cells)
	}
	if got := rows[3].Cells[1]; got != `Dave "the man" Davis` {
		t.Errorf("stray quotes = %q", got)
	}
	if n := len(rows[4].IDs); n != 1 {
		t.Errorf("row with the same address twice in two columns has %d identifiers; want 1", n)
	}
	if ids := rows[0].IDs; len(ids) != 3 || ids[0].Value != "alice@example.com" || ids[1].Value != "alice.personal@example.org" || ids[2].Kind != ident.Phone {
		t.Errorf("work and personal e-mail then phone: got %+v", ids)
	}
}

// TestXLSXCells checks the promises about Excel cells: numeric phones keep
// every digit, dates read as displayed, text stays text, hidden sheets are
// passed over, row numbers are the sheet's.
func TestXLSXCells(t *testing.T) {
	tb, rows := readAll(t, "leads.xlsx", Options{})
	l := tb.Layout()
	if l.Sheet != "Leads" || l.HeaderRow != 2 {
		t.Fatalf("sheet %q header row %d; want the first visible sheet, Leads, header on row 2", l.Sheet, l.HeaderRow)
	}
	byNum := map[int]Row{}
	for _, r := range rows {
		byNum[r.Num] = r
	}
	if len(rows) != 5 || byNum[5].Num != 0 {
		t.Errorf("rows %v: want 3, 4, 6, 7, 8 (blank row 5 skipped)", rows)
	}
	jane := byNum[3]
	if jane.Cells[2] != "14155550123" || jane.IDs[2].Value != "+14155550123" {
		t.Errorf("numeric phone: cell %q ids %+v", jane.Cells[2], jane.IDs)
	}
	if jane.Cells[5] != "03-15-24" {
		t.Errorf("date cell = %q; want it as displayed", jane.Cells[5])
	}
	if ana := byNum[4]; ana.Cells[2] != "415555000000" {
		t.Errorf("number shown as 4.15555E+11 read as %q; want the stored digits", ana.Cells[2])
	}
	wei := byNum[6]
	if len(wei.Invalid) != 1 || !strings.Contains(wei.Invalid[0].Reason, "lost digits") {
		t.Errorf("text cell 4.15555E+11: invalid = %+v", wei.Invalid)
	}
	if wei.Cells[6] != "=1+1" {
		t.Errorf("text starting with = read as %q", wei.Cells[6])
	}
}

func TestOpenErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	fx := func(name string) string { return filepath.Join(fixtureDir, name) }
	for _, tc := range []struct {
		name, path string
		opts       Options
		want       string
	}{
		{"legacy xls", fx("legacy.xls"), Options{}, "legacy Excel 97-2003 workbook (.xls)"},
		{"password", fx("encrypted.xlsx"), Options{}, "password-protected"},
		{"corrupt", fx("corrupt.xlsx"), Options{}, "not a valid .xlsx workbook"},
		{"xlsx not zip", write("junk.xlsx", []byte("hello, world\n")), Options{}, "not a valid .xlsx workbook (it is not a zip archive)"},
		{"html", write("export.xls", []byte("<html><table></table></html>")), Options{}, "HTML or XML file"},
		{"zip not workbook", write("notes.xlsx", zipOf(t, "notes.txt", 10)), Options{}, "not an Excel workbook"},
		{"zip bomb", write("bomb.xlsx", zipBomb(t)), Options{}, "zip bomb"},
		{"empty", write("empty.csv", nil), Options{}, "no header row"},
		{"blank lines", write("blank.csv", []byte("\n\n,,\n")), Options{}, "no header row"},
		{"missing", filepath.Join(dir, "nope.csv"), Options{}, "no such file"},
		{"sheet", fx("leads.xlsx"), Options{Sheet: "Contacts"}, `no sheet named "Contacts"; the sheets are "Lookup", "Leads", "Other"`},
		{"override header", fx("leads.csv"), Options{Columns: []string{"email=E-mail 2"}}, `no column named "E-mail 2"`},
		{"override kind", fx("leads.csv"), Options{Columns: []string{"fax=Phone"}}, "unknown identifier kind"},
		{"override syntax", fx("leads.csv"), Options{Columns: []string{"Phone"}}, "write KIND=HEADER"},
		{"override twice", fx("leads.csv"), Options{Columns: []string{"email=Phone", "phone=Phone"}}, "already given as email"},
		{"region", fx("leads.csv"), Options{DefaultRegion: "UK"}, "did you mean GB?"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb, err := Open(tc.path, tc.opts)
			if err == nil {
				tb.Close()
				t.Fatalf("Open succeeded; want an error containing %q", tc.want)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q; want it to contain %q", err, tc.want)
			}
			var ie *InputError
			if !errors.As(err, &ie) {
				t.Errorf("error %v is not an *InputError", err)
			}
			if tc.name != "region" && !strings.HasPrefix(tc.name, "override") && !strings.Contains(err.Error(), tc.path) {
				t.Errorf("error %q does not name the file", err)
			}
		})
	}
}

// TestXLSXMatchesExcelize reads workbooks with the one-pass reader and
// with excelize's own row iterators: every cell is the same, as displayed
// and as stored.
func TestXLSXMatchesExcelize(t *testing.T) {
	for _, tc := range []struct{ path, sheet string }{{filepath.Join(fixtureDir, "leads.xlsx"), ""}, {typedWorkbook(t), "Data"}} {
		path := tc.path
		var layout Layout
		x, err := openXLSX(path, tc.sheet, &layout)
		if err != nil {
			t.Fatal(err)
		}
		f, err := excelize.OpenFile(path)
		if err != nil {
			t.Fatal(err)
		}
		shown, err := f.GetRows(layout.Sheet)
		if err != nil {
			t.Fatal(err)
		}
		stored, err := f.GetRows(layout.Sheet, excelize.Options{RawCellValue: true})
		if err != nil {
			t.Fatal(err)
		}
		f.Close()
		rows := 0
		for {
			rec, err := x.next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			rows++
			i := rec.num - 1
			if i >= len(shown) {
				t.Fatalf("%s: row %d beyond excelize's %d rows", path, rec.num, len(shown))
			}
			if !slices.Equal(rec.cells, trimTrailingEmpty(shown[i])) || !slices.Equal(rec.values, trimTrailingEmpty(stored[i])) {
				t.Errorf("%s row %d:\n shown %q\n want  %q\n stored %q\n want   %q", path, rec.num, rec.cells, shown[i], rec.values, stored[i])
			}
		}
		x.close()
		if rows < 3 {
			t.Errorf("%s: read %d rows", path, rows)
		}
	}
}

// typedWorkbook writes a workbook whose data sheet holds every type of
// cell: numbers with formats, dates, booleans, formulas, inline and
// shared strings, a long phone stored as a number; a notes sheet comes
// first.
func typedWorkbook(t *testing.T) string {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	if err := f.SetSheetName("Sheet1", "Notes"); err != nil {
		t.Fatal(err)
	}
	_ = f.SetCellValue("Notes", "A1", "read me first")
	if _, err := f.NewSheet("Data"); err != nil {
		t.Fatal(err)
	}
	date, _ := f.NewStyle(&excelize.Style{NumFmt: 14})
	money, _ := f.NewStyle(&excelize.Style{NumFmt: 4})
	custom := "yyyy-mm-dd hh:mm"
	stamp, _ := f.NewStyle(&excelize.Style{CustomNumFmt: &custom})
	rows := [][]any{
		{"Name", "Email", "Phone", "Joined", "Amount", "Active", "Sum", "Stamp"},
		{"Zoë & <Co>", "zoe@example.com", 14155550123, 45292, 1234.5, true, nil, 45292.5},
		{"王伟", "wang@example.com", "+86 138 0013 8000", 45000, 0.1, false, nil, 45001.25},
		{"=not a formula", "x@example.com", 4915112345678, nil, -5, true, nil, nil},
	}
	for i, r := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := f.SetSheetRow("Data", cell, &r); err != nil {
			t.Fatal(err)
		}
	}
	for r := 2; r <= 4; r++ {
		_ = f.SetCellStyle("Data", fmt.Sprintf("D%d", r), fmt.Sprintf("D%d", r), date)
		_ = f.SetCellStyle("Data", fmt.Sprintf("E%d", r), fmt.Sprintf("E%d", r), money)
		_ = f.SetCellStyle("Data", fmt.Sprintf("H%d", r), fmt.Sprintf("H%d", r), stamp)
		_ = f.SetCellFormula("Data", fmt.Sprintf("G%d", r), "=1+2")
		_ = f.SetCellValue("Data", fmt.Sprintf("G%d", r), 3)
	}
	_ = f.SetCellFormula("Data", "G2", "=1+2")
	f.SetActiveSheet(1)
	path := filepath.Join(t.TempDir(), "typed.xlsx")
	if err := f.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestHeaderRowNamed: --header-row names the header by the row a
// spreadsheet shows, blank lines counted; a blank row or one past the end
// is refused saying which.
func TestHeaderRowNamed(t *testing.T) {
	path := filepath.Join(t.TempDir(), "titled.csv")
	if err := os.WriteFile(path, []byte("Leads export\n\nEmail,Name\na@example.com,A\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	tb, err := Open(path, Options{HeaderRow: 3})
	if err != nil {
		t.Fatal(err)
	}
	if l := tb.Layout(); l.HeaderRow != 3 || l.Header[0] != "Email" {
		t.Errorf("header row %d %q; want row 3", l.HeaderRow, l.Header)
	}
	tb.Close()
	for row, want := range map[int]string{2: "row 2 is blank", 9: "has no row 9"} {
		if _, err := Open(path, Options{HeaderRow: row}); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("--header-row %d: %v; want %q", row, err, want)
		}
	}
}
