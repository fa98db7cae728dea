package sources

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"github.com/enrich-dev/enrich/internal/ident"
	"github.com/enrich-dev/enrich/sources/csvfile"
)

func writeFile(t *testing.T, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestDistinctNamesLinear: a header of 50,000 copies of one name is named
// in linear time (it took minutes when each copy counted from _2 again).
func TestDistinctNamesLinear(t *testing.T) {
	header := make([]string, 50000)
	for i := range header {
		header[i] = "x"
	}
	start := time.Now()
	names := distinctNames(header)
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("naming took %v", took)
	}
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] {
			t.Fatalf("name %q given twice", n)
		}
		seen[n] = true
	}
	if names[0] != "x" || names[1] != "x_2" || names[49999] != "x_50000" {
		t.Errorf("names %q … %q", names[:2], names[49999])
	}
	if got := distinctNames([]string{"a", "a", "a_2", ""}); strings.Join(got, ",") != "a,a_3,a_2,column_4" {
		t.Errorf("names %q; a made-up name must not take a written one", got)
	}
}

// TestMixedColumn: a CRM's Contact column holding profile URLs, e-mails
// and phones is found by content and each cell read as its own kind; the
// same column can be named with --column auto=Contact.
func TestMixedColumn(t *testing.T) {
	csv := "Name,Contact\n" +
		"Ann,https://www.linkedin.com/in/ann-smith\n" +
		"Bob,bob@example.com\n" +
		"Cy,+1 415 555 0123\n" +
		"Di,linkedin.com/in/di-jones/\n" +
		"Ed,ed@example.org\n" +
		"Flo,not a contact\n" +
		"Gus,https://www.linkedin.com/in/gus-o\n"
	path := writeFile(t, "mixed.csv", []byte(csv))
	for _, opts := range []Options{{}, {Columns: []string{"auto=Contact"}}, {Columns: []string{"AUTO=contact"}}} {
		tb, err := Open(path, opts)
		if err != nil {
			t.Fatal(err)
		}
		cols := tb.Columns()
		if len(cols) != 1 || !cols[0].Mixed || cols[0].Name != "Contact" || cols[0].KindName() != "auto" {
			t.Fatalf("%v: columns %+v; want Contact as a mixed column", opts.Columns, cols)
		}
		var kinds []string
		for {
			row, err := tb.Next()
			if err != nil {
				break
			}
			switch {
			case len(row.IDs) == 1:
				kinds = append(kinds, row.IDs[0].Kind.String())
			case len(row.Invalid) == 1:
				kinds = append(kinds, "invalid:"+row.Invalid[0].Reason)
			}
		}
		tb.Close()
		want := "linkedin,email,phone,linkedin,email,invalid:not a profile URL, e-mail, phone or uid,linkedin"
		if got := strings.Join(kinds, ","); got != want {
			t.Errorf("%v: kinds %s; want %s", opts.Columns, got, want)
		}
	}
	// A column of one kind is still that kind.
	one := writeFile(t, "one.csv", []byte("Name,Contact\nA,a@example.com\nB,b@example.com\nC,c@example.com\n"))
	tb, err := Open(one, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	if cols := tb.Columns(); len(cols) != 1 || cols[0].Mixed || cols[0].Kind != ident.Email {
		t.Errorf("columns %+v; want one e-mail column", cols)
	}
}

// TestSheetOnCSV: --sheet with a CSV input is an error, not ignored.
func TestSheetOnCSV(t *testing.T) {
	path := writeFile(t, "a.csv", []byte("Email\na@example.com\n"))
	_, err := Open(path, Options{Sheet: "Leads"})
	if err == nil || !strings.Contains(err.Error(), "CSV file, which has no sheets") {
		t.Errorf("error %v; want one saying a CSV file has no sheets", err)
	}
}

// TestEmptyDefaultSheet: an empty first sheet, as excelize writes one,
// is passed over for the sheet with rows (it once stopped with an error
// that asked for --sheet; see TestBlankFirstSheet for LibreOffice's).
func TestEmptyDefaultSheet(t *testing.T) {
	f := excelize.NewFile()
	_, _ = f.NewSheet("Leads")
	_ = f.SetCellValue("Leads", "A1", "Email")
	_ = f.SetCellValue("Leads", "A2", "a@example.com")
	path := filepath.Join(t.TempDir(), "book.xlsx")
	if err := f.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	f.Close()
	tb, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	if l := tb.Layout(); l.Sheet != "Leads" || len(tb.Columns()) != 1 {
		t.Errorf("read sheet %q, columns %v; want the e-mail column of \"Leads\"", l.Sheet, tb.Columns())
	}
}

// TestErrorsSayItOnce: the reason of a file that cannot be opened or read
// is said once, not twice.
func TestErrorsSayItOnce(t *testing.T) {
	dir := t.TempDir()
	for path, want := range map[string]string{
		filepath.Join(dir, "nonexist.csv"): "open " + filepath.Join(dir, "nonexist.csv") + ": no such file or directory",
		dir:                                "read " + dir + ": is a directory",
	} {
		_, err := Open(path, Options{})
		if err == nil || err.Error() != want {
			t.Errorf("Open(%s) = %v; want %q", path, err, want)
		}
	}
}

// TestNotText: bytes that are no text, named .csv, are refused, whatever
// the seed draws.
func TestNotText(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, 10))
	for i := 0; i < 20; i++ {
		data := make([]byte, 5000)
		for j := range data {
			data[j] = byte(r.Uint32())
		}
		data[0], data[1] = 'a', 'b' // no BOM
		path := writeFile(t, fmt.Sprintf("random-%d.csv", i), data)
		_, err := Open(path, Options{})
		if !errors.Is(err, csvfile.ErrNotText) {
			t.Fatalf("seed %d, file %d: error %v; want ErrNotText", seed, i, err)
		}
	}
}

// TestEncodingOnTheWholeFile: one byte that is not UTF-8 does not turn a
// UTF-8 sheet into Windows-1252 wherever it falls, and valid cells are
// never re-read; a Windows-1252 file is one wherever its accents fall.
func TestEncodingOnTheWholeFile(t *testing.T) {
	for _, at := range []int{50, 5000} {
		var b strings.Builder
		b.WriteString("Name,Email\n")
		for i := 0; i < 6000; i++ {
			name := "黄勇"
			if i == at {
				name = "bad \xff byte"
			}
			fmt.Fprintf(&b, "%s,p%d@example.com\n", name, i)
		}
		tb, err := Open(writeFile(t, "utf8.csv", []byte(b.String())), Options{})
		if err != nil {
			t.Fatal(err)
		}
		if enc := tb.Layout().Encoding; enc != "utf-8" {
			t.Errorf("bad byte on row %d: encoding %s; want utf-8", at, enc)
		}
		for i := 0; ; i++ {
			row, err := tb.Next()
			if err != nil {
				break
			}
			want := "黄勇"
			if i == at {
				want = "bad ÿ byte"
			}
			if row.Cells[0] != want {
				t.Fatalf("bad byte on row %d: row %d reads %q; want %q", at, i, row.Cells[0], want)
			}
		}
		tb.Close()
	}
	var b strings.Builder
	b.WriteString("Name,Email\n")
	for i := 0; i < 6000; i++ {
		fmt.Fprintf(&b, "Plain,p%d@example.com\n", i)
	}
	b.WriteString("Ren\xe9,rene@example.com\n")
	tb, err := Open(writeFile(t, "cp1252.csv", []byte(b.String())), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	if enc := tb.Layout().Encoding; enc != "windows-1252" {
		t.Errorf("accent past 64 KiB: encoding %s; want windows-1252", enc)
	}
}

// TestSampleBoundedByMemory: rows of very many empty cells end the sample
// early instead of filling memory.
func TestSampleBoundedByMemory(t *testing.T) {
	var b strings.Builder
	b.WriteString("Email,Note\n")
	wide := strings.Repeat(",", 300000)
	for i := 0; i < 40; i++ {
		fmt.Fprintf(&b, "p%d@example.com%s\n", i, wide)
	}
	tb, err := Open(writeFile(t, "wide.csv", []byte(b.String())), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	if n := len(tb.pending); n >= 40 || n == 0 {
		t.Errorf("sampled %d rows of 300,000 cells; want the sample cut by its size", n)
	}
	rows := 0
	for {
		if _, err := tb.Next(); err != nil {
			break
		}
		rows++
	}
	if rows != 40 || tb.Layout().Widest != 300001 {
		t.Errorf("read %d rows, widest %d", rows, tb.Layout().Widest)
	}
}

// TestXLSXCellCap: a cell longer than the cap is refused with its row,
// instead of being read into memory whole.
func TestXLSXCellCap(t *testing.T) {
	old := maxCellChars
	maxCellChars = 1000
	t.Cleanup(func() { maxCellChars = old })
	f := excelize.NewFile()
	_ = f.SetCellValue("Sheet1", "A1", "Email")
	_ = f.SetCellValue("Sheet1", "A2", "a@example.com")
	_ = f.SetCellValue("Sheet1", "B3", strings.Repeat("x", 2000))
	path := filepath.Join(t.TempDir(), "long.xlsx")
	if err := f.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	f.Close()
	tb, err := Open(path, Options{})
	if err == nil {
		defer tb.Close()
		for err == nil {
			_, err = tb.Next()
		}
	}
	if err == nil || !strings.Contains(err.Error(), "more than 1000 characters") {
		t.Errorf("error %v; want one about the long cell", err)
	}
}

// TestWorkbookPartTooLarge: a part larger than enrich reads (a workbook
// of a million styles) is refused in words that say so, never as
// "unexpected EOF", which is what the part cut short used to read as.
func TestWorkbookPartTooLarge(t *testing.T) {
	defer func(n int64) { maxXMLPart = n }(maxXMLPart)
	maxXMLPart = 4 << 10 // the workbook's parts fit, its styles (6 KB) do not
	tbl, err := Open(filepath.Join("..", "testdata", "leads.xlsx"), Options{})
	if err == nil {
		tbl.Close()
		t.Fatal("a workbook whose styles are larger than the bound was read")
	}
	if msg := err.Error(); strings.Contains(msg, "EOF") || !strings.Contains(msg, "xl/styles.xml holds more than") {
		t.Errorf("error %q", msg)
	}
}
