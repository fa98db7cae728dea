package sinks

import (
	"archive/zip"
	"bufio"
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/klauspost/compress/flate"
	"github.com/xuri/excelize/v2"

	"github.com/enrich-dev/enrich/internal/atomicfile"
	"github.com/enrich-dev/enrich/internal/sheet"
)

// streamSheet writes a new workbook of one sheet as a stream: the
// package's other parts come from a template excelize makes (workbook,
// styles with a bold font for the header, content types), and the sheet's
// XML is written row by row straight into the zip, so that memory does not
// depend on the number of rows and nothing is written twice. Every cell is
// an inline string: a value that starts with "=" stays text, never a
// formula, and numbers keep their exact digits. The header row is bold,
// frozen and filtered.
type streamSheet struct {
	file    *atomicfile.File
	buf     *bufio.Writer
	zw      *zip.Writer
	sheet   io.Writer
	bold    int
	header  int // the header's row
	row     int
	width   int
	letters []string
	out     bytes.Buffer
}

// newStreamSheet starts a workbook of one sheet called name at path,
// whose header is row header (1-based): bold, frozen, filtered.
func newStreamSheet(path, name string, header int) (*streamSheet, error) {
	tmpl, bold, err := workbookTemplate(name)
	if err != nil {
		return nil, fmt.Errorf("create %s: %w", path, err)
	}
	file, err := atomicfile.Create(path)
	if err != nil {
		return nil, err
	}
	file.WriteBehind()
	s := &streamSheet{file: file, bold: bold, header: header}
	s.buf = bufio.NewWriterSize(file, 256<<10)
	s.zw = newZipWriter(s.buf)
	zr, err := zip.NewReader(bytes.NewReader(tmpl), int64(len(tmpl)))
	var modified time.Time // the sheet's, as the template dates it
	if err == nil {
		for _, f := range zr.File {
			if f.Name == templateSheet {
				modified = f.Modified
				continue
			}
			if err = s.zw.Copy(f); err != nil {
				break
			}
		}
	}
	if err == nil {
		s.sheet, err = s.zw.CreateHeader(&zip.FileHeader{Name: templateSheet, Method: zip.Deflate, Modified: modified})
	}
	if err != nil {
		s.abort()
		return nil, fmt.Errorf("create %s: %w", path, err)
	}
	s.out.WriteString(xml.Header + `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">` +
		`<sheetViews><sheetView workbookViewId="0"><pane ySplit="` + strconv.Itoa(header) + `" topLeftCell="A` + strconv.Itoa(header+1) + `" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>` +
		`<sheetFormatPr defaultRowHeight="15"/><sheetData>`)
	return s, nil
}

// templateSheet is the part of the template's one sheet.
const templateSheet = "xl/worksheets/sheet1.xml"

// workbookTemplate returns a workbook of one empty sheet called name, and
// the id of its bold style.
func workbookTemplate(name string) ([]byte, int, error) {
	book := excelize.NewFile()
	defer book.Close()
	if name != "" && name != "Sheet1" {
		if err := book.SetSheetName("Sheet1", name); err != nil {
			return nil, 0, err
		}
	}
	bold, err := book.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	if err != nil {
		return nil, 0, err
	}
	buf, err := book.WriteToBuffer()
	if err != nil {
		return nil, 0, err
	}
	return buf.Bytes(), bold, nil
}

// newZipWriter is a zip writer that deflates at the fastest level: a
// sheet's XML compresses well at any level.
func newZipWriter(w io.Writer) *zip.Writer {
	zw := zip.NewWriter(w)
	zw.RegisterCompressor(zip.Deflate, func(out io.Writer) (io.WriteCloser, error) {
		return flate.NewWriter(out, flate.BestSpeed)
	})
	return zw
}

// writeRow writes cells as text; empty cells are left out of the XML, and
// a cell over the .xlsx limit is cut there with an ellipsis (CheckFits
// refuses inputs with such cells before anything is paid; only a value
// from the service can be this long).
func (s *streamSheet) writeRow(cells []string) error {
	s.row++
	if s.row > MaxXLSXRows {
		return fmt.Errorf("write %s: more than the %d rows of a sheet", s.file.Path(), MaxXLSXRows)
	}
	if len(cells) > MaxXLSXColumns {
		return fmt.Errorf("write %s: sheet row %d: %d cells, more than the %d columns of a sheet", s.file.Path(), s.row, len(cells), MaxXLSXColumns)
	}
	for len(s.letters) < len(cells) {
		name, _ := excelize.ColumnNumberToName(len(s.letters) + 1)
		s.letters = append(s.letters, name)
	}
	s.width = max(s.width, len(cells))
	row := strconv.Itoa(s.row)
	style := ""
	if s.row == s.header {
		style = ` s="` + strconv.Itoa(s.bold) + `"`
	}
	s.out.WriteString(`<row r="` + row + `">`)
	for i, c := range cells {
		if c == "" {
			continue
		}
		s.out.WriteString(`<c r="` + s.letters[i] + row + `" t="inlineStr"` + style + `><is><t xml:space="preserve">`)
		escapeText(&s.out, fitCell(c))
		s.out.WriteString(`</t></is></c>`)
	}
	s.out.WriteString(`</row>`)
	if s.out.Len() >= 256<<10 {
		return s.flush()
	}
	return nil
}

func (s *streamSheet) flush() error {
	if _, err := s.sheet.Write(s.out.Bytes()); err != nil {
		return fmt.Errorf("write %s: %w", s.file.Path(), err)
	}
	s.out.Reset()
	return nil
}

// fitCell cuts a value to the characters an .xlsx cell holds.
func fitCell(v string) string {
	if len(v) <= MaxXLSXCellChars || utf8.RuneCountInString(v) <= MaxXLSXCellChars {
		return v
	}
	r := []rune(v)
	return string(r[:MaxXLSXCellChars-1]) + "…"
}

// commit ends the sheet, with an autofilter over the header, and makes
// the file appear.
func (s *streamSheet) commit() error {
	s.out.WriteString(`</sheetData>`)
	if s.width > 0 {
		s.out.WriteString(`<autoFilter ref="A` + strconv.Itoa(s.header) + `:` + s.letters[s.width-1] + strconv.Itoa(max(s.row, s.header)) + `"/>`)
	}
	s.out.WriteString(`<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>`)
	err := s.flush()
	if err == nil {
		err = s.zw.Close()
	}
	if err == nil {
		err = s.buf.Flush()
	}
	if err != nil {
		s.file.Abort()
		return fmt.Errorf("write %s: %w", s.file.Path(), err)
	}
	return s.file.Commit()
}

func (s *streamSheet) abort() { s.file.Abort() }

// xlsxWriter writes an enriched table from a CSV input as a new workbook.
type xlsxWriter struct {
	s       *streamSheet
	layout  sheet.Layout
	columns []Column
	vals    []string
}

var _ Writer = (*xlsxWriter)(nil)

func newXLSXWriter(path string, layout sheet.Layout, opts Options) (*xlsxWriter, error) {
	s, err := newStreamSheet(path, layout.Sheet, len(layout.Above)+1)
	if err != nil {
		return nil, err
	}
	x := &xlsxWriter{s: s, layout: layout, columns: opts.columns()}
	for _, above := range layout.Above { // a title, a note: as they were
		if err := s.writeRow(above.Cells); err != nil {
			s.abort()
			return nil, err
		}
	}
	if err := s.writeRow(append(append([]string(nil), layout.Header...), ColumnNames(x.columns)...)); err != nil {
		s.abort()
		return nil, err
	}
	return x, nil
}

func (x *xlsxWriter) Write(row sheet.Row, out *Outcome) error {
	for _, c := range row.Cells {
		if len(c) > MaxXLSXCellChars {
			if n := utf8.RuneCountInString(c); n > MaxXLSXCellChars {
				return fmt.Errorf("%s: row %d has a cell of %d characters, more than the %d an .xlsx cell holds; write the output as .csv or .jsonl", x.layout.Path, row.Num, n, MaxXLSXCellChars)
			}
		}
	}
	under, beyond := splitCells(len(x.layout.Header), row.Cells)
	x.vals = values(x.columns, out, x.vals)
	if err := x.s.writeRow(append(append(under, x.vals...), beyond...)); err != nil {
		return fmt.Errorf("row %d: %w", row.Num, err)
	}
	return nil
}

func (x *xlsxWriter) Commit() error { return x.s.commit() }

func (x *xlsxWriter) Abort() { x.s.abort() }
