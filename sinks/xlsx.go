package sinks

import (
	"archive/zip"
	"bufio"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/klauspost/compress/flate"
	"github.com/xuri/excelize/v2"

	"github.com/enrich-dev/enrich/internal/sheet"
)

// streamSheet writes one new sheet through excelize's StreamWriter, which
// spills rows to a temporary file instead of keeping them in memory. Every
// cell is written as an inline string: a value that starts with "=" stays
// text, never a formula, and numbers keep their exact digits. The header
// row is bold and frozen.
type streamSheet struct {
	file   *AtomicFile
	book   *excelize.File
	sheet  *excelize.StreamWriter
	bold   int
	row    int
	vals   []any
	closed bool
}

// newStreamSheet starts a workbook of one sheet called name at path.
func newStreamSheet(path, name string) (*streamSheet, error) {
	book := excelize.NewFile()
	if name != "" && name != "Sheet1" {
		if err := book.SetSheetName("Sheet1", name); err != nil {
			name = "Sheet1"
		}
	} else {
		name = "Sheet1"
	}
	s := &streamSheet{book: book}
	var err error
	if s.sheet, err = book.NewStreamWriter(name); err == nil {
		s.bold, err = book.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	}
	if err == nil {
		err = s.sheet.SetPanes(&excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"})
	}
	if err != nil {
		_ = book.Close()
		return nil, fmt.Errorf("create %s: %w", path, err)
	}
	if s.file, err = CreateAtomic(path); err != nil {
		_ = book.Close()
		return nil, err
	}
	return s, nil
}

// writeRow writes cells as text; empty cells are left out of the XML, and
// a cell over the .xlsx limit is cut there with an ellipsis (CheckFits
// refuses inputs with such cells before anything is paid; only a value
// from the service can be this long).
func (s *streamSheet) writeRow(cells []string) error {
	s.row++
	s.vals = s.vals[:0]
	for _, c := range cells {
		if c == "" {
			s.vals = append(s.vals, nil)
			continue
		}
		s.vals = append(s.vals, fitCell(c))
	}
	cell, err := excelize.CoordinatesToCellName(1, s.row)
	if err == nil {
		if s.row == 1 {
			err = s.sheet.SetRow(cell, s.vals, excelize.RowOpts{StyleID: s.bold})
		} else {
			err = s.sheet.SetRow(cell, s.vals)
		}
	}
	if err != nil {
		return fmt.Errorf("write %s: sheet row %d: %w", s.file.Path(), s.row, err)
	}
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

// commit writes the workbook and makes it appear. excelize's WriteTo
// builds the whole package in memory first; its zip writer is pointed at
// the file instead, so that the package streams from the sheet's
// temporary file to the output.
func (s *streamSheet) commit() error {
	defer s.closeBook()
	fail := func(err error) error {
		s.file.Abort()
		return fmt.Errorf("write %s: %w", s.file.Path(), err)
	}
	if err := s.sheet.Flush(); err != nil {
		return fail(err)
	}
	buf := bufio.NewWriterSize(s.file, 256<<10)
	zw := zip.NewWriter(buf)
	zw.RegisterCompressor(zip.Deflate, func(out io.Writer) (io.WriteCloser, error) {
		return flate.NewWriter(out, flate.BestSpeed)
	})
	s.book.SetZipWriter(func(io.Writer) excelize.ZipWriter { return zw })
	if _, err := s.book.WriteTo(io.Discard); err != nil {
		return fail(err)
	}
	if err := buf.Flush(); err != nil {
		return fail(err)
	}
	return s.file.Commit()
}

func (s *streamSheet) abort() {
	s.file.Abort()
	s.closeBook()
}

// closeBook releases excelize's temporary files, once.
func (s *streamSheet) closeBook() {
	if !s.closed {
		s.closed = true
		_ = s.book.Close()
	}
}

// xlsxWriter writes an enriched table from a CSV input as a new workbook.
type xlsxWriter struct {
	s       *streamSheet
	layout  sheet.Layout
	columns []Column
	vals    []string
}

var _ Writer = (*xlsxWriter)(nil)

func newXLSXWriter(path string, layout sheet.Layout, opts Options) (*xlsxWriter, error) {
	s, err := newStreamSheet(path, layout.Sheet)
	if err != nil {
		return nil, err
	}
	x := &xlsxWriter{s: s, layout: layout, columns: opts.columns()}
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
