package sinks

import (
	"archive/zip"
	"bufio"
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"sync/atomic"
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
	file   *atomicfile.File
	buf    *bufio.Writer
	zw     *zip.Writer
	sheet  io.Writer
	bold   int
	header int // the header's row
	row    int
	// width is the widest row's cells; rows may be formatted on several
	// goroutines at once (xlsxWriter.FormatRow), so it is kept atomically.
	width   atomic.Int64
	letters []string // column names, as far as the header reaches
	opens   []string // the start of a cell in each of those columns, up to its row
	out     []byte
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
	s.out = append(s.out, xml.Header+`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">`+
		`<sheetViews><sheetView workbookViewId="0"><pane ySplit="`+strconv.Itoa(header)+`" topLeftCell="A`+strconv.Itoa(header+1)+`" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>`+
		`<sheetFormatPr defaultRowHeight="15"/><sheetData>`...)
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

// writeRow writes cells as the sheet's next row.
func (s *streamSheet) writeRow(cells []string) error {
	b, err := s.appendRow(s.out, s.row+1, cells, nil, nil, nil)
	if err != nil {
		return err
	}
	s.out = b
	s.row++
	return s.flushIfFull()
}

// writeRows writes n rows appendRow made, in order, as the sheet's next.
// Many rows at once (a chunk a worker formatted) go straight to the
// sheet, after what it holds, rather than through another copy.
func (s *streamSheet) writeRows(b []byte, n int) error {
	s.row += n
	if len(b) < 256<<10 {
		s.out = append(s.out, b...)
		return s.flushIfFull()
	}
	if err := s.flush(); err != nil {
		return err
	}
	if _, err := s.sheet.Write(b); err != nil {
		return fmt.Errorf("write %s: %w", s.file.Path(), err)
	}
	return nil
}

// appendRow appends to b sheet row num, of the cells under the header,
// then the values of columns for out, then the cells beyond: as text;
// empty cells are left out of the XML, and a cell over the .xlsx limit is
// cut there with an ellipsis (CheckFits refuses inputs with such cells
// before anything is paid; only a value from the service can be this
// long). It changes nothing but the width, atomically: rows may be
// formatted on several goroutines at once.
func (s *streamSheet) appendRow(b []byte, num int, under []string, columns []Column, out *Outcome, beyond []string) ([]byte, error) {
	width := len(under) + len(columns) + len(beyond)
	if num > MaxXLSXRows {
		return b, fmt.Errorf("write %s: more than the %d rows of a sheet", s.file.Path(), MaxXLSXRows)
	}
	if width > MaxXLSXColumns {
		return b, fmt.Errorf("write %s: sheet row %d: %d cells, more than the %d columns of a sheet", s.file.Path(), num, width, MaxXLSXColumns)
	}
	for w := s.width.Load(); int64(width) > w && !s.width.CompareAndSwap(w, int64(width)); w = s.width.Load() {
	}
	row := strconv.Itoa(num)
	style := ""
	if num == s.header {
		style = ` s="` + strconv.Itoa(s.bold) + `"`
	}
	b = append(append(append(b, `<row r="`...), row...), `">`...)
	// at appends the start of a text cell in column i: its reference.
	at := func(i int) {
		if i < len(s.opens) {
			b = append(append(b, s.opens[i]...), row...)
		} else {
			b = append(append(append(b, `<c r="`...), s.letter(i)...), row...)
		}
	}
	cell := func(i int, c string) {
		if c != "" {
			at(i)
			b = appendCellValue(b, style, c)
		}
	}
	for i, c := range under {
		cell(i, c)
	}
	cells := formatted(s, out, columns, appendProfileValue)
	k := 0 // the profile columns passed
	for i, c := range columns {
		if cells == nil || !c.FromProfile || style != "" {
			cell(len(under)+i, c.Value(out))
			continue
		}
		if v := cells.fields(k, 1); len(v) > 0 {
			at(len(under) + i)
			b = append(b, v...)
		}
		k++
	}
	for i, c := range beyond {
		cell(len(under)+len(columns)+i, c)
	}
	return append(b, `</row>`...), nil
}

// cellOpen is what follows the reference of a text cell without a style,
// up to its text.
const cellOpen = `" t="inlineStr"><is><t xml:space="preserve">`

// appendCellValue appends what follows a text cell's reference: its type,
// its style, and its value, escaped.
func appendCellValue(b []byte, style, v string) []byte {
	if style == "" {
		b = append(b, cellOpen...)
	} else {
		b = append(append(append(b, `" t="inlineStr"`...), style...), `><is><t xml:space="preserve">`...)
	}
	return append(appendEscaped(b, fitCell(v)), `</t></is></c>`...)
}

// appendProfileValue appends a profile column's value as appendRow
// writes it after the reference of a cell without a style, or nothing for
// an empty value, which is no cell.
func appendProfileValue(b []byte, v string) []byte {
	if v == "" {
		return b
	}
	return appendCellValue(b, "", v)
}

// letter returns the name of column i (from 0).
func (s *streamSheet) letter(i int) string {
	if i < len(s.letters) {
		return s.letters[i]
	}
	name, _ := excelize.ColumnNumberToName(i + 1)
	return name
}

// flushIfFull writes what the sheet holds once it is large enough.
func (s *streamSheet) flushIfFull() error {
	if len(s.out) >= 256<<10 {
		return s.flush()
	}
	return nil
}

func (s *streamSheet) flush() error {
	if _, err := s.sheet.Write(s.out); err != nil {
		return fmt.Errorf("write %s: %w", s.file.Path(), err)
	}
	s.out = s.out[:0]
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
	s.out = append(s.out, `</sheetData>`...)
	if w := int(s.width.Load()); w > 0 {
		s.out = append(s.out, `<autoFilter ref="A`+strconv.Itoa(s.header)+`:`+s.letter(w-1)+strconv.Itoa(max(s.row, s.header))+`"/>`...)
	}
	s.out = append(s.out, `<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>`...)
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
	first   int // the sheet's rows before the table's first row
	line    []byte
}

var (
	_ Writer       = (*xlsxWriter)(nil)
	_ RowFormatter = (*xlsxWriter)(nil)
)

func newXLSXWriter(path string, layout sheet.Layout, opts Options) (*xlsxWriter, error) {
	s, err := newStreamSheet(path, layout.Sheet, len(layout.Above)+1)
	if err != nil {
		return nil, err
	}
	x := &xlsxWriter{s: s, layout: layout, columns: opts.columns()}
	header := append(append([]string(nil), layout.Header...), ColumnNames(x.columns)...)
	for i := range header {
		s.letters = append(s.letters, s.letter(i))
		s.opens = append(s.opens, `<c r="`+s.letters[i])
	}
	for _, above := range layout.Above { // a title, a note: as they were
		if err := s.writeRow(above.Cells); err != nil {
			s.abort()
			return nil, err
		}
	}
	if err := s.writeRow(header); err != nil {
		s.abort()
		return nil, err
	}
	x.first = s.row
	return x, nil
}

func (x *xlsxWriter) Write(row sheet.Row, out *Outcome) error {
	var err error
	if x.line, err = x.FormatRow(x.line[:0], x.s.row-x.first, row, out); err != nil {
		return err
	}
	return x.WriteFormatted(x.line, 1)
}

// FormatRow appends to b the XML of the table's row n (from 0): its
// cells, with out.Fills applied, then the appended ones. Rows may be formatted on several
// goroutines at once.
func (x *xlsxWriter) FormatRow(b []byte, n int, row sheet.Row, out *Outcome) ([]byte, error) {
	for _, c := range row.Cells {
		if len(c) > MaxXLSXCellChars {
			if n := utf8.RuneCountInString(c); n > MaxXLSXCellChars {
				return b, fmt.Errorf("%s: row %d has a cell of %d characters, more than the %d an .xlsx cell holds; write the output as .csv or .jsonl", x.layout.Path, row.Num, n, MaxXLSXCellChars)
			}
		}
	}
	under, beyond := splitCells(len(x.layout.Header), filledCells(row.Cells, fillsOf(out), false))
	b, err := x.s.appendRow(b, x.first+n+1, under, x.columns, out, beyond)
	if err != nil {
		return b, fmt.Errorf("row %d: %w", row.Num, err)
	}
	return b, nil
}

// WriteFormatted writes n rows FormatRow formatted, in order.
func (x *xlsxWriter) WriteFormatted(b []byte, n int) error { return x.s.writeRows(b, n) }

func (x *xlsxWriter) Commit() error { return x.s.commit() }

func (x *xlsxWriter) Abort() { x.s.abort() }
