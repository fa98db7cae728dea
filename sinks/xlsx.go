package sinks

import (
	"fmt"

	"github.com/xuri/excelize/v2"

	"github.com/enrich-dev/enrich/sources"
)

// xlsxWriter writes one sheet through excelize's StreamWriter, which
// spills rows to a temporary file instead of keeping them in memory. Every
// cell is written as an inline string: a value that starts with "=" stays
// text, never a formula, and numbers keep their exact digits. Cells longer
// than Excel's limit of 32,767 characters are cut there by excelize.
type xlsxWriter struct {
	file   *AtomicFile
	book   *excelize.File
	sheet  *excelize.StreamWriter
	layout sources.Layout
	row    int
	closed bool
}

var _ Writer = (*xlsxWriter)(nil)

func newXLSXWriter(path string, layout sources.Layout) (*xlsxWriter, error) {
	book := excelize.NewFile()
	name := "Sheet1"
	if layout.Sheet != "" && layout.Sheet != name {
		if err := book.SetSheetName(name, layout.Sheet); err == nil {
			name = layout.Sheet
		}
	}
	sheet, err := book.NewStreamWriter(name)
	if err != nil {
		_ = book.Close()
		return nil, fmt.Errorf("create %s: %w", path, err)
	}
	file, err := CreateAtomic(path)
	if err != nil {
		_ = book.Close()
		return nil, err
	}
	x := &xlsxWriter{file: file, book: book, sheet: sheet, layout: layout}
	if err := x.writeRow(append(append([]string(nil), layout.Header...), Columns...)); err != nil {
		x.Abort()
		return nil, err
	}
	return x, nil
}

func (x *xlsxWriter) Write(row sources.Row, out Outcome) error {
	under, beyond := splitCells(x.layout, row.Cells)
	if err := x.writeRow(append(append(under, appended(out)...), beyond...)); err != nil {
		return fmt.Errorf("row %d: %w", row.Num, err)
	}
	return nil
}

// writeRow writes cells as text; empty cells are left out of the XML.
func (x *xlsxWriter) writeRow(cells []string) error {
	x.row++
	values := make([]any, len(cells))
	for i, c := range cells {
		if c != "" {
			values[i] = c
		}
	}
	cell, err := excelize.CoordinatesToCellName(1, x.row)
	if err == nil {
		err = x.sheet.SetRow(cell, values)
	}
	if err != nil {
		return fmt.Errorf("write %s: sheet row %d: %w", x.file.Path(), x.row, err)
	}
	return nil
}

func (x *xlsxWriter) Commit() error {
	defer x.closeBook()
	if err := x.sheet.Flush(); err != nil {
		x.file.Abort()
		return fmt.Errorf("write %s: %w", x.file.Path(), err)
	}
	if _, err := x.book.WriteTo(x.file); err != nil {
		x.file.Abort()
		return fmt.Errorf("write %s: %w", x.file.Path(), err)
	}
	return x.file.Commit()
}

func (x *xlsxWriter) Abort() {
	x.file.Abort()
	x.closeBook()
}

// closeBook releases excelize's temporary files, once.
func (x *xlsxWriter) closeBook() {
	if !x.closed {
		x.closed = true
		_ = x.book.Close()
	}
}
