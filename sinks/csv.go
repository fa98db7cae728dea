package sinks

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"strings"

	"github.com/enrich-dev/enrich/sources"
)

// csvWriter writes CSV in UTF-8 with the input's delimiter, line endings,
// sep= line and BOM. An input read from .xlsx gets a BOM and commas: the
// user has Excel, which needs the BOM to read UTF-8.
type csvWriter struct {
	file   *AtomicFile
	buf    *bufio.Writer
	w      *csv.Writer
	layout sources.Layout
}

var _ Writer = (*csvWriter)(nil)

func newCSVWriter(path string, layout sources.Layout) (*csvWriter, error) {
	file, err := CreateAtomic(path)
	if err != nil {
		return nil, err
	}
	c := &csvWriter{file: file, buf: bufio.NewWriterSize(file, 64<<10), layout: layout}
	delim := layout.Delimiter
	if delim == 0 {
		delim = ','
	}
	eol := "\n"
	if layout.CRLF {
		eol = "\r\n"
	}
	if layout.BOM || layout.Format == sources.XLSX {
		_, _ = c.buf.WriteString("\uFEFF")
	}
	if layout.SepLine {
		_, _ = c.buf.WriteString("sep=" + string(delim) + eol)
	}
	c.w = csv.NewWriter(c.buf)
	c.w.Comma = delim
	c.w.UseCRLF = layout.CRLF
	header := append(append([]string(nil), layout.Header...), Columns...)
	if err := c.w.Write(header); err != nil {
		file.Abort()
		return nil, fmt.Errorf("write %s: %w", path, err)
	}
	return c, nil
}

func (c *csvWriter) Write(row sources.Row, out Outcome) error {
	under, beyond := splitCells(c.layout, row.Cells)
	values := appended(out)
	for i, v := range values {
		values[i] = Neutralize(v)
	}
	record := append(append(under, values...), beyond...)
	if err := c.w.Write(record); err != nil {
		return fmt.Errorf("write %s: row %d: %w", c.file.Path(), row.Num, err)
	}
	return nil
}

func (c *csvWriter) Commit() error {
	c.w.Flush()
	if err := c.w.Error(); err != nil {
		c.file.Abort()
		return fmt.Errorf("write %s: %w", c.file.Path(), err)
	}
	if err := c.buf.Flush(); err != nil {
		c.file.Abort()
		return fmt.Errorf("write %s: %w", c.file.Path(), err)
	}
	return c.file.Commit()
}

func (c *csvWriter) Abort() { c.file.Abort() }

// Neutralize defuses a value for a CSV cell that a spreadsheet program
// would otherwise run as a formula (OWASP's rule for CSV injection): a
// value that starts with =, +, -, @, tab or carriage return gets a leading
// apostrophe. Only appended values are neutralized; the user's own cells
// are written back unchanged.
func Neutralize(v string) string {
	if v != "" && strings.ContainsRune("=+-@\t\r", rune(v[0])) {
		return "'" + v
	}
	return v
}
