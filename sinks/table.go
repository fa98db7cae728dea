package sinks

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"

	"github.com/gocarina/gocsv"

	"github.com/enrich-dev/enrich/internal/atomicfile"
)

// Table writes a typed table whose every cell comes from the service, such
// as a people search export: rows of T, a struct whose `csv` tags are the
// one definition of the columns and their order. gocsv turns each row into
// its cells; the CSV, XLSX and JSONL forms all take that order. Cells are
// untrusted: CSV cells are neutralized (see Formulaic) and XLSX cells are
// text. A JSONL row is an object of the cells by header, plus the record
// the row was made from, as the service sent it, under "raw".
type Table[T any] struct {
	path   string
	format string
	header []string
	cells  capture
	rows   int

	file  *atomicfile.File // CSV and JSONL
	buf   *bufio.Writer
	csv   *csv.Writer
	line  bytes.Buffer
	sheet *streamSheet // XLSX
}

// capture is a gocsv.CSVWriter that keeps the last record written.
type capture struct{ record []string }

func (c *capture) Write(record []string) error {
	c.record = append(c.record[:0], record...)
	return nil
}
func (c *capture) Flush()       {}
func (c *capture) Error() error { return nil }

var _ gocsv.CSVWriter = (*capture)(nil)

// CreateTable starts a table of T at path (.csv, .xlsx or .jsonl).
func CreateTable[T any](path string) (*Table[T], error) {
	format, err := FormatOf(path)
	if err != nil {
		return nil, err
	}
	if format == FormatParquet || format == FormatTable {
		return nil, fmt.Errorf("output %s: name it .csv, .xlsx or .jsonl (the extension says the format)", path)
	}
	t := &Table[T]{path: path, format: format}
	if err := gocsv.MarshalCSV([]T{}, &t.cells); err != nil {
		return nil, fmt.Errorf("create %s: columns of %T: %w", path, *new(T), err)
	}
	t.header = append([]string(nil), t.cells.record...)
	switch format {
	case FormatXLSX:
		if t.sheet, err = newStreamSheet(path, "", 1); err != nil {
			return nil, err
		}
		err = t.sheet.writeRow(t.header)
	default:
		if t.file, err = atomicfile.Create(path); err != nil {
			return nil, err
		}
		t.buf = bufio.NewWriterSize(t.file, 64<<10)
		if format == FormatCSV {
			t.csv = csv.NewWriter(t.buf)
			err = t.csv.Write(t.header)
		}
	}
	if err != nil {
		t.Abort()
		return nil, fmt.Errorf("create %s: %w", path, err)
	}
	return t, nil
}

// Header returns the table's columns, in order.
func (t *Table[T]) Header() []string { return append([]string(nil), t.header...) }

// Write writes one row, and for JSONL the raw record it was made from.
func (t *Table[T]) Write(row T, raw json.RawMessage) error {
	t.rows++
	if err := gocsv.MarshalCSVWithoutHeaders([]T{row}, &t.cells); err != nil {
		return fmt.Errorf("write %s: row %d: %w", t.path, t.rows, err)
	}
	cells := t.cells.record
	var err error
	switch t.format {
	case FormatCSV:
		for i, c := range cells {
			cells[i] = Neutralize(c)
		}
		err = t.csv.Write(cells)
	case FormatXLSX:
		err = t.sheet.writeRow(cells)
	default:
		t.line.Reset()
		t.line.WriteByte('{')
		for i, c := range cells {
			writeString(&t.line, t.header[i])
			t.line.WriteByte(':')
			writeString(&t.line, c)
			t.line.WriteByte(',')
		}
		t.line.WriteString(`"raw":`)
		writeRaw(&t.line, raw)
		t.line.WriteString("}\n")
		_, err = t.buf.Write(t.line.Bytes())
	}
	if err != nil {
		return fmt.Errorf("write %s: row %d: %w", t.path, t.rows, err)
	}
	return nil
}

// Rows returns how many rows were written.
func (t *Table[T]) Rows() int { return t.rows }

// Commit flushes the table and makes it appear at its path.
func (t *Table[T]) Commit() error {
	if t.sheet != nil {
		return t.sheet.commit()
	}
	if t.csv != nil {
		t.csv.Flush()
		if err := t.csv.Error(); err != nil {
			t.file.Abort()
			return fmt.Errorf("write %s: %w", t.path, err)
		}
	}
	if err := t.buf.Flush(); err != nil {
		t.file.Abort()
		return fmt.Errorf("write %s: %w", t.path, err)
	}
	return t.file.Commit()
}

// Abort throws the table away; it is safe after Commit.
func (t *Table[T]) Abort() {
	if t.sheet != nil {
		t.sheet.abort()
	}
	if t.file != nil {
		t.file.Abort()
	}
}
