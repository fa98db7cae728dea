package sinks

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/xuri/excelize/v2"
)

// TableWriter writes a table whose every cell comes from the service, such
// as a people search export: a header, then rows, in the format the path's
// extension names. Cells are untrusted: CSV cells are neutralized and XLSX
// cells are text. A JSONL row is an object of the cells by header, plus the
// record the row was made from, as the service sent it, under "raw".
type TableWriter struct {
	file   *AtomicFile
	header []string
	write  func(cells []string, raw json.RawMessage) error
	flush  func() error // format's last bytes, before the file is committed
	close  func()       // releases what the format holds, once
	rows   int
}

// CreateTable starts a table at path (.csv, .xlsx or .jsonl).
func CreateTable(path string, header []string) (*TableWriter, error) {
	ext := strings.ToLower(filepath.Ext(path))
	if ext != ".csv" && ext != ".xlsx" && ext != ".jsonl" {
		return nil, fmt.Errorf("output %s: unknown format %q; name the output .csv, .xlsx or .jsonl", path, ext)
	}
	file, err := CreateAtomic(path)
	if err != nil {
		return nil, err
	}
	t := &TableWriter{file: file, header: header, close: func() {}}
	switch ext {
	case ".csv":
		buf := bufio.NewWriterSize(file, 64<<10)
		w := csv.NewWriter(buf)
		t.write = func(cells []string, _ json.RawMessage) error {
			out := make([]string, len(cells))
			for i, c := range cells {
				out[i] = Neutralize(c)
			}
			return w.Write(out)
		}
		t.flush = func() error {
			w.Flush()
			if err := w.Error(); err != nil {
				return err
			}
			return buf.Flush()
		}
		err = w.Write(header)
	case ".xlsx":
		x := &xlsxWriter{file: file, book: excelize.NewFile()}
		t.close = x.closeBook
		if x.sheet, err = x.book.NewStreamWriter("Sheet1"); err != nil {
			break
		}
		t.write = func(cells []string, _ json.RawMessage) error { return x.writeRow(cells) }
		t.flush = func() error {
			if err := x.sheet.Flush(); err != nil {
				return err
			}
			_, err := x.book.WriteTo(file)
			return err
		}
		err = x.writeRow(header)
	case ".jsonl":
		buf := bufio.NewWriterSize(file, 64<<10)
		var line bytes.Buffer
		t.write = func(cells []string, raw json.RawMessage) error {
			line.Reset()
			line.WriteByte('{')
			for i, c := range cells {
				writeString(&line, header[i])
				line.WriteByte(':')
				writeString(&line, c)
				line.WriteByte(',')
			}
			line.WriteString(`"raw":`)
			writeRaw(&line, raw)
			line.WriteString("}\n")
			_, err := buf.Write(line.Bytes())
			return err
		}
		t.flush = buf.Flush
	}
	if err != nil {
		t.Abort()
		return nil, fmt.Errorf("create %s: %w", path, err)
	}
	return t, nil
}

// Write writes one row: cells in header order, and the raw record for JSONL.
func (t *TableWriter) Write(cells []string, raw json.RawMessage) error {
	if len(cells) != len(t.header) {
		return fmt.Errorf("write %s: a row of %d cells for %d columns", t.file.Path(), len(cells), len(t.header))
	}
	t.rows++
	if err := t.write(cells, raw); err != nil {
		return fmt.Errorf("write %s: row %d: %w", t.file.Path(), t.rows, err)
	}
	return nil
}

// Rows returns how many rows were written.
func (t *TableWriter) Rows() int { return t.rows }

// Commit flushes the table and makes it appear at its path.
func (t *TableWriter) Commit() error {
	defer t.close()
	if err := t.flush(); err != nil {
		t.file.Abort()
		return fmt.Errorf("write %s: %w", t.file.Path(), err)
	}
	return t.file.Commit()
}

// Abort throws the table away; it is safe after Commit.
func (t *TableWriter) Abort() {
	t.file.Abort()
	t.close()
}
