package sinks

import (
	"archive/zip"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"github.com/enrich-dev/enrich/internal/atomicfile"
)

// newBook writes a workbook of leads and returns its path. Row 2 has a
// styled empty Email cell (B2), no Phone cell (C2), a number (D2) and no
// Note (E2); row 3 has every cell but for a styled empty Note.
func newBook(t *testing.T) string {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	for ref, v := range map[string]any{
		"A1": "Name", "B1": "Email", "C1": "Phone", "D1": "Score", "E1": "Note",
		"A2": "Ann", "D2": 42,
		"A3": "Bob", "B3": "bob@x.example", "C3": "+1 650-253-0000", "D3": 7.5,
	} {
		if err := f.SetCellValue("Sheet1", ref, v); err != nil {
			t.Fatal(err)
		}
	}
	yellow, err := f.NewStyle(&excelize.Style{Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"FFFF00"}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, ref := range []string{"B2", "E3"} {
		if err := f.SetCellStyle("Sheet1", ref, ref, yellow); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(t.TempDir(), "leads.xlsx")
	if err := f.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	return path
}

// sheetXML returns the XML of the first worksheet of a workbook.
func sheetXML(t *testing.T, path string) string {
	t.Helper()
	zr, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	for _, f := range zr.File {
		if f.Name == "xl/worksheets/sheet1.xml" {
			rc, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			defer rc.Close()
			b, err := io.ReadAll(rc)
			if err != nil {
				t.Fatal(err)
			}
			return string(b)
		}
	}
	t.Fatalf("%s has no sheet1.xml", path)
	return ""
}

// rowCells returns the XML of each cell of row num, by reference, and the
// references in their order.
func rowCells(t *testing.T, xml string, num int) (map[string]string, []string) {
	t.Helper()
	m := regexp.MustCompile(`<row r="` + regexp.QuoteMeta(strconv.Itoa(num)) + `"[^>]*>(.*?)</row>`).FindStringSubmatch(xml)
	if m == nil {
		t.Fatalf("no row %d in %s", num, xml)
	}
	cells, order := map[string]string{}, []string(nil)
	for at := 0; ; {
		c, ok := nextCell([]byte(m[1]), at, "")
		if !ok {
			return cells, order
		}
		at = c.end
		ref := cellRef.FindStringSubmatch(string(c.tag))
		name := ref[1] + strconv.Itoa(num)
		cells[name] = m[1][c.start:c.end]
		order = append(order, name)
	}
}

// newTestFile is an output file the test throws away.
func newTestFile(t *testing.T) *atomicfile.File {
	t.Helper()
	f, err := atomicfile.Create(filepath.Join(t.TempDir(), "out.xlsx"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(f.Abort)
	return f
}

// TestWorkbookFills fills a styled empty cell, a missing cell and a cell
// that held text, next to a typed number: the filled cells are inline
// text with their style and reference, in column order, and every other
// cell's XML is the input's.
func TestWorkbookFills(t *testing.T) {
	in := newBook(t)
	long := strings.Repeat("é", MaxXLSXCellChars+10)
	out, err := writeFilled(t, in, "out.xlsx", statusOnly, fillsByRow{
		2: {{Column: 2, Value: "+1 415-555-0123"}, {Column: 1, Value: "=ann@x.example"}, {Column: 4, Value: long}},
		3: {{Column: 1, Value: "robert@x.example"}, {Column: 4, Value: "a <b> & c"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	before, after := sheetXML(t, in), sheetXML(t, out)
	style := regexp.MustCompile(`<c r="B2" s="(\d+)"`).FindStringSubmatch(before)
	if style == nil {
		t.Fatalf("the input's B2 has no style: %s", before)
	}
	for num, filled := range map[int][]string{2: {"B2", "C2", "E2"}, 3: {"B3", "E3"}} {
		was, _ := rowCells(t, before, num)
		got, order := rowCells(t, after, num)
		for ref, x := range was {
			if !slices.Contains(filled, ref) && got[ref] != x {
				t.Errorf("%s is %s; want it as it was, %s", ref, got[ref], x)
			}
		}
		if want := []string{"A", "B", "C", "D", "E", "F"}; len(order) != len(want) {
			t.Errorf("row %d cells %v; want A to F in order", num, order)
		} else {
			for i, ref := range order {
				if ref != want[i]+strconv.Itoa(num) {
					t.Errorf("row %d cells %v; want A to F in order", num, order)
					break
				}
			}
		}
	}
	got2, _ := rowCells(t, after, 2)
	if want := `<c r="B2" s="` + style[1] + `" t="inlineStr"><is><t xml:space="preserve">=ann@x.example</t></is></c>`; got2["B2"] != want {
		t.Errorf("B2 is %s; want %s", got2["B2"], want)
	}
	if want := `<c r="C2" t="inlineStr"><is><t xml:space="preserve">+1 415-555-0123</t></is></c>`; got2["C2"] != want {
		t.Errorf("C2 is %s; want %s", got2["C2"], want)
	}
	got3, _ := rowCells(t, after, 3)
	if want := `<c r="E3" s="` + style[1] + `" t="inlineStr"><is><t xml:space="preserve">a &lt;b&gt; &amp; c</t></is></c>`; got3["E3"] != want {
		t.Errorf("E3 is %s; want %s", got3["E3"], want)
	}
	if r1b, r1a := regexp.MustCompile(`<row r="1".*?</row>`).FindString(before), regexp.MustCompile(`<row r="1".*?</row>`).FindString(after); !strings.HasPrefix(r1a, strings.TrimSuffix(r1b, "</row>")) {
		t.Errorf("the header row changed: %s; was %s", r1a, r1b)
	}

	book, err := excelize.OpenFile(out)
	if err != nil {
		t.Fatal(err)
	}
	defer book.Close()
	for ref, want := range map[string]string{"A2": "Ann", "B2": "=ann@x.example", "C2": "+1 415-555-0123", "D2": "42", "F2": "not_found",
		"B3": "robert@x.example", "C3": "+1 650-253-0000", "D3": "7.5", "E3": "a <b> & c"} {
		if got, _ := book.GetCellValue("Sheet1", ref); got != want {
			t.Errorf("%s = %q; want %q", ref, got, want)
		}
	}
	if f, _ := book.GetCellFormula("Sheet1", "B2"); f != "" {
		t.Errorf("B2 is the formula %q; want text", f)
	}
	if typ, _ := book.GetCellType("Sheet1", "D2"); typ != excelize.CellTypeUnset && typ != excelize.CellTypeNumber {
		t.Errorf("D2, next to the filled cells, has type %v; want a number", typ)
	}
	if e2, _ := book.GetCellValue("Sheet1", "E2"); utf8.RuneCountInString(e2) != MaxXLSXCellChars || !strings.HasSuffix(e2, "…") {
		t.Errorf("a fill of %d characters is stored as %d; want cut at %d", MaxXLSXCellChars+10, utf8.RuneCountInString(e2), MaxXLSXCellChars)
	}
}

// TestWorkbookFillCells edits rows' XML as sheets hold it: cells without
// a reference, a self-closing row, a prefix, an extLst after the cells,
// and the first cell of a shared formula, which is refused.
func TestWorkbookFillCells(t *testing.T) {
	for _, tc := range []struct {
		name, prefix, cells string
		fills               []Fill
		want, err           string
	}{
		{
			name:  "cells without references",
			cells: `<c t="s"><v>0</v></c><c><v>2</v></c>`,
			fills: []Fill{{Column: 1, Value: "x"}, {Column: 3, Value: "y"}},
			want:  `<c t="s"><v>0</v></c><c r="B7" t="inlineStr"><is><t xml:space="preserve">x</t></is></c><c r="D7" t="inlineStr"><is><t xml:space="preserve">y</t></is></c>`,
		},
		{
			name:  "a row without cells",
			cells: ``,
			fills: []Fill{{Column: 2, Value: "x"}, {Column: 0, Value: "w"}},
			want:  `<c r="A7" t="inlineStr"><is><t xml:space="preserve">w</t></is></c><c r="C7" t="inlineStr"><is><t xml:space="preserve">x</t></is></c>`,
		},
		{
			name:   "a prefix and an extLst",
			prefix: "x:",
			cells:  `<x:c r="A7" s="3"/> <x:c r="C7" t="n"><x:v>1</x:v></x:c><x:extLst><x:ext uri="u"/></x:extLst>`,
			fills:  []Fill{{Column: 0, Value: "a"}, {Column: 1, Value: "b"}, {Column: 3, Value: "d"}},
			want:   `<x:c r="A7" s="3" t="inlineStr"><x:is><x:t xml:space="preserve">a</x:t></x:is></x:c> <x:c r="B7" t="inlineStr"><x:is><x:t xml:space="preserve">b</x:t></x:is></x:c><x:c r="C7" t="n"><x:v>1</x:v></x:c><x:c r="D7" t="inlineStr"><x:is><x:t xml:space="preserve">d</x:t></x:is></x:c><x:extLst><x:ext uri="u"/></x:extLst>`,
		},
		{
			name:  "a formula cell becomes text",
			cells: `<c r="A7"><f>1+1</f><v>2</v></c>`,
			fills: []Fill{{Column: 0, Value: "=2"}},
			want:  `<c r="A7" t="inlineStr"><is><t xml:space="preserve">=2</t></is></c>`,
		},
		{
			name:  "a shared formula's first cell",
			cells: `<c r="A7"><f t="shared" ref="A7:A9" si="0">1+1</f><v>2</v></c>`,
			fills: []Fill{{Column: 0, Value: "x"}},
			err:   "cell A7 holds a formula other cells share",
		},
		{
			name:  "beyond the sheet's columns",
			cells: ``,
			fills: []Fill{{Column: 5, Value: "x"}},
			err:   "a fill of column 6, beyond the sheet's 5 columns",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := &workbookWriter{prefix: tc.prefix, first: 5, file: newTestFile(t)}
			err := w.writeCells([]byte(tc.cells), 7, tc.fills)
			switch {
			case tc.err != "":
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Errorf("error %v; want %q", err, tc.err)
				}
			case err != nil:
				t.Fatal(err)
			case w.out.String() != tc.want:
				t.Errorf("cells\n%s\nwant\n%s", w.out.String(), tc.want)
			}
		})
	}
}

// TestXLSXFills writes a CSV input as a new workbook with cells filled.
func TestXLSXFills(t *testing.T) {
	in := inputFile(t, "in.csv", []byte("Name,Email,Phone\nAnn,,+1 415 555 0123\nBob\n"))
	out, err := writeFilled(t, in, "out.xlsx", statusOnly, fillsByRow{2: {{Column: 1, Value: "=ann"}}, 3: {{Column: 2, Value: "+1 650-253-0000"}}})
	if err != nil {
		t.Fatal(err)
	}
	book, err := excelize.OpenFile(out)
	if err != nil {
		t.Fatal(err)
	}
	defer book.Close()
	for ref, want := range map[string]string{"A1": "Name", "B1": "Email", "D1": "enrich_status",
		"A2": "Ann", "B2": "=ann", "C2": "+1 415 555 0123", "D2": "not_found",
		"A3": "Bob", "B3": "", "C3": "+1 650-253-0000", "D3": "not_found"} {
		if got, _ := book.GetCellValue("Sheet1", ref); got != want {
			t.Errorf("%s = %q; want %q", ref, got, want)
		}
	}
	if f, _ := book.GetCellFormula("Sheet1", "B2"); f != "" {
		t.Errorf("B2 is the formula %q; want text", f)
	}
}

// TestJSONLFills: "input" holds the cells with the fills.
func TestJSONLFills(t *testing.T) {
	in := inputFile(t, "in.csv", []byte("Name,Email,Phone\nAnn,,+1 415 555 0123\nBob\n"))
	out, err := writeFilled(t, in, "out.jsonl", statusOnly, fillsByRow{2: {{Column: 1, Value: "=ann"}}, 3: {{Column: 2, Value: "+1 650-253-0000"}}})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(out)
	want := `{"row":2,"input":{"Name":"Ann","Email":"=ann","Phone":"+1 415 555 0123"},"enrich_status":"not_found","candidate":null}` + "\n" +
		`{"row":3,"input":{"Name":"Bob","Email":"","Phone":"+1 650-253-0000"},"enrich_status":"not_found","candidate":null}` + "\n"
	if string(got) != want {
		t.Errorf("output\n%s\nwant\n%s", got, want)
	}
	// A workbook's rows too.
	out, err = writeFilled(t, newBook(t), "book.jsonl", statusOnly, fillsByRow{2: {{Column: 2, Value: "+1 415-555-0123"}}})
	if err != nil {
		t.Fatal(err)
	}
	got, _ = os.ReadFile(out)
	if line := `{"row":2,"input":{"Name":"Ann","Email":"","Phone":"+1 415-555-0123","Score":"42","Note":""}`; !strings.HasPrefix(string(got), line) {
		t.Errorf("output\n%s\nwant it to begin %s", got, line)
	}
}

// TestNoColumnsAppended: with no column appended (--append none) every
// format writes the input's own columns, a filled cell in them, and a
// workbook's filter ends at its own last column.
func TestNoColumnsAppended(t *testing.T) {
	none := Options{Columns: []Column{}}
	fills := fillsByRow{2: {{Column: 1, Value: "ann@x.example"}}}
	book, err := writeFilled(t, newBook(t), "out.xlsx", none, fills)
	if err != nil {
		t.Fatal(err)
	}
	x := sheetXML(t, book)
	if !strings.Contains(x, `<autoFilter ref="A1:E3"/>`) || strings.Contains(x, `<col min="6"`) {
		t.Errorf("workbook sheet %s; want its filter over A1:E3 and no new column", x)
	}
	f, err := excelize.OpenFile(book)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if rows, _ := f.GetRows("Sheet1"); len(rows[0]) != 5 || rows[1][1] != "ann@x.example" {
		t.Errorf("workbook rows %q; want the five columns, B2 filled", rows)
	}
	csvIn := inputFile(t, "in.csv", []byte("Name,Email\nAnn,\n"))
	for _, name := range []string{"out.csv", "new.xlsx", "out.jsonl"} {
		out, err := writeFilled(t, csvIn, name, none, fills)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		b, _ := os.ReadFile(out)
		if name == "out.csv" && string(b) != "Name,Email\nAnn,ann@x.example\n" {
			t.Errorf("%s: %q", name, b)
		}
		if name == "out.jsonl" && !strings.Contains(string(b), `"input":{"Name":"Ann","Email":"ann@x.example"}`) {
			t.Errorf("%s: %q", name, b)
		}
	}
}
