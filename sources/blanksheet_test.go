package sources

import (
	"archive/zip"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// libreSheet is a worksheet of libreBook: rows of text, or data, its
// sheetData element written out as it stands.
type libreSheet struct {
	name string
	rows [][]string
	data string
}

// libreBook writes a workbook the way LibreOffice Calc saves one (its
// parts, their order and their prologues, text in a shared-string table,
// an empty sheet as <sheetData/>) and returns its path.
func libreBook(t *testing.T, sheets ...libreSheet) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "book.xlsx")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z := zip.NewWriter(f)
	put := func(name, body string) {
		w, err := z.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(body)); err != nil {
			t.Fatal(err)
		}
	}
	const head = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n"
	const main = `xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"`
	var types, wbSheets, rels strings.Builder
	var sst []string
	for i, s := range sheets {
		fmt.Fprintf(&types, `<Override PartName="/xl/worksheets/sheet%d.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`, i+1)
		fmt.Fprintf(&wbSheets, `<sheet name="%s" sheetId="%d" state="visible" r:id="rId%d"/>`, s.name, i+1, i+2)
		fmt.Fprintf(&rels, `<Relationship Id="rId%d" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet%d.xml"/>`, i+2, i+1)
		data := s.data
		if s.rows != nil {
			var b strings.Builder
			b.WriteString("<sheetData>")
			for r, row := range s.rows {
				fmt.Fprintf(&b, `<row r="%d" customFormat="false" ht="12.8" hidden="false" customHeight="false" outlineLevel="0" collapsed="false">`, r+1)
				for c, v := range row {
					if v != "" {
						fmt.Fprintf(&b, `<c r="%c%d" s="0" t="s"><v>%d</v></c>`, 'A'+c, r+1, len(sst))
						sst = append(sst, v)
					}
				}
				b.WriteString("</row>")
			}
			b.WriteString("</sheetData>")
			data = b.String()
		}
		put(fmt.Sprintf("xl/worksheets/sheet%d.xml", i+1), head+`<worksheet `+main+`><sheetPr filterMode="false"><pageSetUpPr fitToPage="false"/></sheetPr><dimension ref="A1"/><sheetViews><sheetView showFormulas="false" showGridLines="true" tabSelected="`+fmt.Sprint(i == 0)+`" workbookViewId="0"><selection pane="topLeft" activeCell="A1" activeCellId="0" sqref="A1"/></sheetView></sheetViews><sheetFormatPr defaultColWidth="11.53515625" defaultRowHeight="12.8" zeroHeight="false" outlineLevelRow="0" outlineLevelCol="0"></sheetFormatPr>`+
			data+`<printOptions headings="false" gridLines="false" gridLinesSet="true" horizontalCentered="false" verticalCentered="false"/><pageMargins left="0.7875" right="0.7875" top="1.05277777777778" bottom="1.05277777777778" header="0.7875" footer="0.7875"/><headerFooter differentFirst="false" differentOddEven="false"><oddHeader>&amp;C&amp;A</oddHeader><oddFooter>&amp;CPage &amp;P</oddFooter></headerFooter></worksheet>`)
	}
	var strs strings.Builder
	for _, s := range sst {
		fmt.Fprintf(&strs, `<si><t xml:space="preserve">%s</t></si>`, s)
	}
	n := len(sheets)
	put("[Content_Types].xml", head+`<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>`+types.String()+`</Types>`)
	put("_rels/.rels", head+`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`)
	put("xl/_rels/workbook.xml.rels", head+`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>`+rels.String()+
		fmt.Sprintf(`<Relationship Id="rId%d" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>`, n+2)+`</Relationships>`)
	put("xl/workbook.xml", head+`<workbook `+main+`><fileVersion appName="Calc"/><workbookPr backupFile="false" showObjects="all" date1904="false"/><workbookProtection/><bookViews><workbookView showHorizontalScroll="true" showVerticalScroll="true" showSheetTabs="true" xWindow="0" yWindow="0" windowWidth="16384" windowHeight="8192" tabRatio="500" firstSheet="0" activeTab="0"/></bookViews><sheets>`+wbSheets.String()+`</sheets><calcPr iterateCount="100" refMode="A1" iterate="false" iterateDelta="0.001"/></workbook>`)
	put("xl/styles.xml", head+`<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="General"/></numFmts><fonts count="1"><font><sz val="10"/><name val="Arial"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border diagonalUp="false" diagonalDown="false"><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="164" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="1"><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`)
	put("xl/sharedStrings.xml", head+fmt.Sprintf(`<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="%d" uniqueCount="%d">`, len(sst), len(sst))+strs.String()+`</sst>`)
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// The ways a blank sheet is written: LibreOffice's self-closing element,
// an empty one, rows without cells, and cells without values (a format
// applied to empty cells).
var blankSheets = []struct{ name, data string }{
	{"self-closing", `<sheetData/>`},
	{"empty element", `<sheetData></sheetData>`},
	{"spaced self-closing", "<sheetData\n/>"},
	{"empty rows", `<sheetData><row r="1" customFormat="false" ht="12.8" hidden="false"/><row r="2" ht="12.8"></row></sheetData>`},
	{"cells without values", `<sheetData><row r="1"><c r="A1" s="0"/><c r="B1" s="0"/></row><row r="3"><c r="C3" s="0" t="s"></c></row></sheetData>`},
}

// leadsSheet is a sheet of two leads.
var leadsSheet = libreSheet{name: "Leads", rows: [][]string{
	{"Name", "Email"},
	{"Ann Smith", "ann@example.com"},
	{"Bob Jones", "bob@example.org"},
}}

// TestBlankFirstSheet: a blank first sheet, whichever way it is written,
// is passed over as a cover sheet is: the sheet after it is read, rows
// and all. Once it read as "row 1: unexpected EOF" (a self-closing
// <sheetData/>), or as an error asking for --sheet.
func TestBlankFirstSheet(t *testing.T) {
	for _, blank := range blankSheets {
		t.Run(blank.name, func(t *testing.T) {
			path := libreBook(t, libreSheet{name: "Empty", data: blank.data}, leadsSheet)
			tb, err := Open(path, Options{})
			if err != nil {
				t.Fatalf("Open: %v", err)
			}
			defer tb.Close()
			if l := tb.Layout(); l.Sheet != "Leads" || strings.Join(l.Header, ",") != "Name,Email" {
				t.Errorf("read sheet %q, header %q; want sheet \"Leads\", header Name,Email", l.Sheet, l.Header)
			}
			var got []string
			for {
				row, err := tb.Next()
				if err != nil {
					break
				}
				for _, id := range row.IDs {
					got = append(got, fmt.Sprintf("%d %s", row.Num, id.Value))
				}
			}
			if want := "2 ann@example.com,3 bob@example.org"; strings.Join(got, ",") != want {
				t.Errorf("identifiers %q; want %s", got, want)
			}
		})
	}
}

// TestBlankSheetErrors: what a blank sheet leaves to say, said in words:
// a workbook of blank sheets holds no rows (never "unexpected EOF"); a
// blank sheet named with --sheet names the sheets with rows; a blank
// first sheet before two sheets of leads names both for --sheet; a blank
// first sheet before one sheet of rows without identifiers gives that
// sheet's own refusal.
func TestBlankSheetErrors(t *testing.T) {
	notes := libreSheet{name: "Notes", rows: [][]string{{"Note"}, {"call back on Monday"}}}
	more := leadsSheet
	more.name = "More leads"
	for _, tc := range []struct {
		name   string
		sheets []libreSheet
		opts   Options
		want   string // the error, after "read PATH: " or "PATH: "
	}{
		{"only sheet", []libreSheet{{name: "Empty", data: `<sheetData/>`}}, Options{},
			`the workbook holds no rows: its only sheet "Empty" is blank`},
		{"only sheet, empty rows", []libreSheet{{name: "Empty", data: blankSheets[3].data}}, Options{},
			`the workbook holds no rows: its only sheet "Empty" is blank`},
		{"every sheet", []libreSheet{{name: "One", data: `<sheetData/>`}, {name: "Two", data: blankSheets[4].data}}, Options{},
			`the workbook holds no rows: its sheets "One", "Two" are blank`},
		{"named blank sheet", []libreSheet{leadsSheet, {name: "Empty", data: `<sheetData/>`}}, Options{Sheet: "Empty"},
			`no header row: sheet "Empty" is blank; the sheets with rows are "Leads": name one with --sheet`},
		{"two sheets of leads", []libreSheet{{name: "Empty", data: `<sheetData/>`}, leadsSheet, more}, Options{},
			`sheet "Empty" is blank, and 2 sheets have people to look up: "Leads", "More leads"; name one with --sheet`},
		{"a notes sheet", []libreSheet{{name: "Empty", data: `<sheetData/>`}, notes}, Options{},
			`no identifier column found`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := libreBook(t, tc.sheets...)
			tb, err := Open(path, tc.opts)
			if err == nil && tc.want == "no identifier column found" {
				// A table without identifiers opens; its refusal is the
				// commands' (NoIdentifierColumn), about the sheet read.
				defer tb.Close()
				if l := tb.Layout(); len(tb.Columns()) > 0 || l.Sheet != "Notes" {
					t.Errorf("read sheet %q, columns %v; want the notes sheet, without identifier columns", l.Sheet, tb.Columns())
				}
				return
			}
			if err == nil {
				tb.Close()
				t.Fatalf("Open read sheet %q; want the error %q", tb.Layout().Sheet, tc.want)
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, path) && !strings.HasPrefix(msg, "read "+path+": ") || !strings.Contains(msg, tc.want) || strings.Contains(msg, "EOF") {
				t.Errorf("error %q; want one naming the file and saying %q", msg, tc.want)
			}
		})
	}
}
