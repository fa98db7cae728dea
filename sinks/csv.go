package sinks

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	xunicode "golang.org/x/text/encoding/unicode"

	"github.com/enrich-dev/enrich/internal/atomicfile"
	"github.com/enrich-dev/enrich/internal/sheet"
	"github.com/enrich-dev/enrich/internal/textenc"
)

// Encodings of a CSV output (as sheet.Layout names them).
const (
	encUTF8    = "utf-8"
	encUTF16LE = "utf-16le"
	encUTF16BE = "utf-16be"
	encCP1252  = "windows-1252"
)

// csvWriter writes CSV that the program the input came from reads as it
// read the input. A CSV input keeps its bytes: each row is written back
// as the file held it (Row.Record), followed by the delimiter and the
// appended cells and the row's own line ending, in the input's encoding
// (Windows-1252 again while every value fits, else UTF-8 with a BOM; see
// Options.UTF8), with its BOM and sep= line. An input read from .xlsx
// gets UTF-8 with a BOM and commas: the user has Excel, which needs the
// BOM to read UTF-8.
type csvWriter struct {
	file     *atomicfile.File
	buf      *bufio.Writer
	layout   sheet.Layout
	columns  []Column
	guard    bool
	sameKind bool   // the input is CSV: cells are its own, written back as they were
	delim    string // the delimiter, as text
	eol      string
	enc      *encoding.Encoder // nil for UTF-8
	cp1252   bool
	line     bytes.Buffer // the row being written, as UTF-8
	vals     []string
	// quoted marks the bytes that make a field quoted: the quote, line
	// breaks, and a one-byte delimiter.
	quoted [256]bool
}

var _ Writer = (*csvWriter)(nil)

func newCSVWriter(path string, layout sheet.Layout, opts Options) (*csvWriter, error) {
	file, err := atomicfile.Create(path)
	if err != nil {
		return nil, err
	}
	file.WriteBehind()
	c := &csvWriter{
		file: file, buf: bufio.NewWriterSize(file, 256<<10), layout: layout,
		columns: opts.columns(), guard: !opts.NoFormulaGuard, sameKind: layout.Format == sheet.CSV,
		delim: ",", eol: "\n",
	}
	bom := layout.Format != sheet.CSV || layout.BOM
	if c.sameKind {
		if layout.Delimiter != 0 {
			c.delim = string(layout.Delimiter)
		}
		c.eol = layout.EOL()
		switch {
		case opts.UTF8 && layout.Encoding != encUTF8:
			bom = true
		case layout.Encoding == encCP1252:
			c.enc, c.cp1252 = textenc.Windows1252.NewEncoder(), true
		case layout.Encoding == encUTF16LE:
			c.enc = xunicode.UTF16(xunicode.LittleEndian, xunicode.IgnoreBOM).NewEncoder()
		case layout.Encoding == encUTF16BE:
			c.enc = xunicode.UTF16(xunicode.BigEndian, xunicode.IgnoreBOM).NewEncoder()
		}
	}
	c.markQuoted()
	if bom {
		c.line.WriteString("\uFEFF")
	}
	if layout.SepLine {
		c.line.WriteString("sep=" + c.delim + c.eol)
	}
	// The rows above the header (a title, a note) come back as they were.
	for _, above := range layout.Above {
		if c.sameKind {
			c.line.WriteString(above.Blank)
			c.line.WriteString(above.Text)
		} else {
			c.writeCells(above.Cells, c.guard)
		}
		if above.EOL != "" && c.sameKind {
			c.line.WriteString(above.EOL)
		} else {
			c.line.WriteString(c.eol)
		}
	}
	if c.sameKind && layout.HeaderRecord != "" {
		c.line.WriteString(layout.HeaderBlank)
		c.line.WriteString(layout.HeaderRecord)
		c.pad(len(layout.Header))
	} else {
		c.writeCells(layout.Header, c.guard && !c.sameKind)
	}
	for _, col := range c.columns {
		c.line.WriteString(c.delim)
		c.writeField(col.Name, c.guard)
	}
	eol := layout.HeaderEOL
	if eol == "" || !c.sameKind {
		eol = c.eol
	}
	c.line.WriteString(eol)
	if err := c.flushLine(); err != nil {
		file.Abort()
		return nil, fmt.Errorf("write %s: header: %w", path, err)
	}
	return c, nil
}

func (c *csvWriter) Write(row sheet.Row, out *Outcome) error {
	width := len(c.layout.Header)
	c.vals = values(c.columns, out, c.vals)
	eol := c.eol
	if c.sameKind {
		c.line.WriteString(row.Blank)
	}
	if c.sameKind && row.Record != "" && len(row.Cells) <= width {
		c.line.WriteString(row.Record)
		c.pad(len(row.Cells))
		if row.EOL != "" {
			eol = row.EOL
		}
		for _, v := range c.vals {
			c.line.WriteString(c.delim)
			c.writeField(v, c.guard)
		}
	} else {
		// A row wider than the header (its extra cells go after the
		// appended ones), or cells from a workbook: written cell by cell.
		// A workbook's text cell that CSV would run as a formula is
		// neutralized; a CSV input's cells stay as they were.
		under, beyond := splitCells(width, row.Cells)
		original := c.guard && !c.sameKind
		c.writeCells(under, original)
		for _, v := range c.vals {
			c.line.WriteString(c.delim)
			c.writeField(v, c.guard)
		}
		for _, v := range beyond {
			c.line.WriteString(c.delim)
			c.writeField(v, original)
		}
		if c.sameKind && row.EOL != "" {
			eol = row.EOL
		}
	}
	c.line.WriteString(eol)
	if err := c.flushLine(); err != nil {
		return fmt.Errorf("write %s: row %d: %w", c.file.Path(), row.Num, err)
	}
	return nil
}

// pad writes the delimiters that bring a row of n cells to the header's
// width, so that the appended cells land under their headers.
func (c *csvWriter) pad(n int) {
	for i := n; i < len(c.layout.Header); i++ {
		c.line.WriteString(c.delim)
	}
}

// writeCells writes cells separated by the delimiter.
func (c *csvWriter) writeCells(cells []string, guard bool) {
	for i, v := range cells {
		if i > 0 {
			c.line.WriteString(c.delim)
		}
		c.writeField(v, guard)
	}
}

// writeField writes one field, quoted where CSV needs it (a delimiter,
// quote or line break inside, or leading space), and neutralized first if
// guard is set. Line breaks inside are kept as they are.
func (c *csvWriter) writeField(v string, guard bool) {
	if guard {
		v = Neutralize(v)
	}
	if !c.needsQuotes(v) {
		c.line.WriteString(v)
		return
	}
	c.line.WriteByte('"')
	c.line.WriteString(strings.ReplaceAll(v, `"`, `""`))
	c.line.WriteByte('"')
}

func (c *csvWriter) needsQuotes(v string) bool {
	if v == "" {
		return false
	}
	for i := 0; i < len(v); i++ {
		if c.quoted[v[i]] {
			return true
		}
	}
	if v == `\.` || len(c.delim) > 1 && strings.Contains(v, c.delim) {
		return true
	}
	r, _ := utf8.DecodeRuneInString(v)
	return unicode.IsSpace(r)
}

// markQuoted fills quoted once the delimiter is known.
func (c *csvWriter) markQuoted() {
	for _, b := range []byte{'"', '\r', '\n'} {
		c.quoted[b] = true
	}
	if len(c.delim) == 1 {
		c.quoted[c.delim[0]] = true
	}
}

// flushLine encodes the row and writes it.
func (c *csvWriter) flushLine() error {
	defer c.line.Reset()
	if c.enc == nil {
		_, err := c.buf.Write(c.line.Bytes())
		return err
	}
	b, err := c.enc.Bytes(c.line.Bytes())
	if err != nil {
		if c.cp1252 {
			return fmt.Errorf("%w: %v", ErrNotWindows1252, err)
		}
		return err
	}
	_, err = c.buf.Write(b)
	return err
}

// writeTail writes the blank lines a CSV input had after its last row.
func (c *csvWriter) writeTail(text string) error {
	if !c.sameKind || text == "" {
		return nil
	}
	c.line.WriteString(text)
	if err := c.flushLine(); err != nil {
		return fmt.Errorf("write %s: %w", c.file.Path(), err)
	}
	return nil
}

func (c *csvWriter) Commit() error {
	if err := c.buf.Flush(); err != nil {
		c.file.Abort()
		return fmt.Errorf("write %s: %w", c.file.Path(), err)
	}
	return c.file.Commit()
}

func (c *csvWriter) Abort() { c.file.Abort() }
