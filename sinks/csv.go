package sinks

import (
	"bufio"
	"fmt"
	"io"
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
// as the file held it (Row.Record; a field an outcome fills written
// anew, the others' bytes kept), followed by the delimiter and the
// appended cells and the row's own line ending, in the input's encoding
// (Windows-1252 again while every value fits, else UTF-8 with a BOM: see
// toUTF8), with its BOM and sep= line. An input read from .xlsx
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
	line     []byte // the row being written, as UTF-8
	// runs says where the profile columns are, whose fields rows copy
	// from their outcome's Cells (profileRuns); profileField formats one.
	runs         []int
	profileField func(b []byte, v string) []byte
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
		case layout.Encoding == encCP1252:
			c.enc, c.cp1252 = textenc.Windows1252.NewEncoder(), true
		case layout.Encoding == encUTF16LE:
			c.enc = xunicode.UTF16(xunicode.LittleEndian, xunicode.IgnoreBOM).NewEncoder()
		case layout.Encoding == encUTF16BE:
			c.enc = xunicode.UTF16(xunicode.BigEndian, xunicode.IgnoreBOM).NewEncoder()
		}
	}
	c.markQuoted()
	c.runs = profileRuns(c.columns)
	c.profileField = func(b []byte, v string) []byte { return c.appendField(append(b, c.delim...), v, c.guard) }
	b := c.line[:0]
	if bom {
		b = append(b, "\uFEFF"...)
	}
	if layout.SepLine {
		b = append(b, "sep="+c.delim+c.eol...)
	}
	// The rows above the header (a title, a note) come back as they were.
	for _, above := range layout.Above {
		if c.sameKind {
			b = append(append(b, above.Blank...), above.Text...)
		} else {
			b = c.appendCells(b, above.Cells, c.guard)
		}
		if above.EOL != "" && c.sameKind {
			b = append(b, above.EOL...)
		} else {
			b = append(b, c.eol...)
		}
	}
	if c.sameKind && layout.HeaderRecord != "" {
		b = append(append(b, layout.HeaderBlank...), layout.HeaderRecord...)
		b = c.appendPad(b, len(layout.Header))
	} else {
		b = c.appendCells(b, layout.Header, c.guard && !c.sameKind)
	}
	for _, col := range c.columns {
		b = append(b, c.delim...)
		b = c.appendField(b, col.Name, c.guard)
	}
	eol := layout.HeaderEOL
	if eol == "" || !c.sameKind {
		eol = c.eol
	}
	c.line = append(b, eol...)
	if err := c.flushLine(); err != nil {
		file.Abort()
		return nil, fmt.Errorf("write %s: header: %w", path, err)
	}
	return c, nil
}

func (c *csvWriter) Write(row sheet.Row, out *Outcome) error {
	c.line, _ = c.FormatRow(c.line[:0], 0, row, out)
	if err := c.flushLine(); err != nil {
		return fmt.Errorf("write %s: row %d: %w", c.file.Path(), row.Num, err)
	}
	return nil
}

// FormatRow appends to b the row's line as UTF-8: its cells, then the
// appended ones; where it falls in the output does not matter. It reads
// nothing the writer changes, so rows may be formatted on several
// goroutines at once (see FormatterOf), and it never fails.
func (c *csvWriter) FormatRow(b []byte, _ int, row sheet.Row, out *Outcome) ([]byte, error) {
	width := len(c.layout.Header)
	eol := c.eol
	if c.sameKind {
		b = append(b, row.Blank...)
		if row.EOL != "" {
			eol = row.EOL
		}
	}
	fills := fillsOf(out)
	if c.sameKind && row.Record != "" && filledWidth(len(row.Cells), fills) <= width {
		n, kept := len(row.Cells), true
		if len(fills) == 0 {
			b = append(b, row.Record...)
		} else {
			start := len(b)
			if b, n, kept = c.appendFilledRecord(b, row.Record, row.Cells, fills); !kept {
				b = c.appendCells(b[:start], filledCells(row.Cells, fills, c.guard), false)
				n = filledWidth(len(row.Cells), fills)
			}
		}
		b = c.appendPad(b, n)
		b = c.appendValues(b, out)
	} else {
		// A row wider than the header (its extra cells go after the
		// appended ones), or cells from a workbook: written cell by cell.
		// A workbook's text cell that CSV would run as a formula is
		// neutralized; a CSV input's cells stay as they were. Filled
		// cells are guarded as appended ones are.
		under, beyond := splitCells(width, filledCells(row.Cells, fills, c.guard))
		original := c.guard && !c.sameKind
		b = c.appendCells(b, under, original)
		b = c.appendValues(b, out)
		for _, v := range beyond {
			b = append(b, c.delim...)
			b = c.appendField(b, v, original)
		}
	}
	return append(b, eol...), nil
}

// WriteFormatted writes rows FormatRow formatted, in file order.
func (c *csvWriter) WriteFormatted(b []byte, _ int) error {
	if _, err := c.buf.Write(b); err != nil {
		return fmt.Errorf("write %s: %w", c.file.Path(), err)
	}
	return nil
}

// appendValues appends the appended cells of a row whose outcome is out;
// its profile's are copied from out.Cells once formatted there.
func (c *csvWriter) appendValues(b []byte, out *Outcome) []byte {
	cells := formatted(c, out, c.columns, c.profileField)
	k := 0 // the profile columns passed
	for i := 0; i < len(c.columns); i++ {
		if n := c.runs[i]; n > 0 && cells != nil {
			b = append(b, cells.fields(k, n)...)
			k += n
			i += n - 1
			continue
		}
		b = append(b, c.delim...)
		b = c.appendField(b, c.columns[i].Value(out), c.guard)
	}
	return b
}

// appendPad appends the delimiters that bring a row of n cells to the
// header's width, so that the appended cells land under their headers.
func (c *csvWriter) appendPad(b []byte, n int) []byte {
	for i := n; i < len(c.layout.Header); i++ {
		b = append(b, c.delim...)
	}
	return b
}

// appendCells appends cells separated by the delimiter.
func (c *csvWriter) appendCells(b []byte, cells []string, guard bool) []byte {
	for i, v := range cells {
		if i > 0 {
			b = append(b, c.delim...)
		}
		b = c.appendField(b, v, guard)
	}
	return b
}

// appendField appends one field, quoted where CSV needs it (a delimiter,
// quote or line break inside, or leading space), and neutralized first if
// guard is set. Line breaks inside are kept as they are.
func (c *csvWriter) appendField(b []byte, v string, guard bool) []byte {
	if guard {
		v = Neutralize(v)
	}
	if !c.needsQuotes(v) {
		return append(b, v...)
	}
	b = append(b, '"')
	for {
		i := strings.IndexByte(v, '"')
		if i < 0 {
			break
		}
		b = append(append(b, v[:i+1]...), '"')
		v = v[i+1:]
	}
	return append(append(b, v...), '"')
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

// flushLine encodes the line and writes it.
func (c *csvWriter) flushLine() error {
	defer func() { c.line = c.line[:0] }()
	if c.enc == nil {
		_, err := c.buf.Write(c.line)
		return err
	}
	b, err := c.enc.Bytes(c.line)
	if err != nil && c.cp1252 {
		// A value from the service Windows-1252 cannot hold: the output
		// is UTF-8 with a BOM, which the same Excel reads as well.
		if err := c.toUTF8(); err != nil {
			return err
		}
		_, err = c.buf.Write(c.line)
		return err
	}
	if err != nil {
		return err
	}
	_, err = c.buf.Write(b)
	return err
}

// toUTF8 has a Windows-1252 output go on as UTF-8 with a BOM: what was
// written so far is rewritten so.
func (c *csvWriter) toUTF8() error {
	if err := c.buf.Flush(); err != nil {
		return err
	}
	err := c.file.Rewrite(func(w io.Writer, written io.Reader) error {
		if _, err := io.WriteString(w, "\uFEFF"); err != nil {
			return err
		}
		_, err := io.Copy(w, textenc.Windows1252.NewDecoder().Reader(written))
		return err
	})
	if err != nil {
		return err
	}
	c.enc, c.cp1252 = nil, false
	return nil
}

// writeTail writes the blank lines a CSV input had after its last row.
func (c *csvWriter) writeTail(text string) error {
	if !c.sameKind || text == "" {
		return nil
	}
	c.line = append(c.line[:0], text...)
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
