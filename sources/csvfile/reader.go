package csvfile

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"unicode/utf8"
)

// MaxRecordBytes bounds one record. A quote that is never closed makes the
// rest of the file one field; this limit turns that into an error naming
// the line instead of reading the whole file into memory.
var MaxRecordBytes int64 = 32 << 20

// errRecordTooLong is the error of a record over MaxRecordBytes.
var errRecordTooLong = errors.New("record too long")

// Dialect is what was detected about a file.
type Dialect struct {
	Encoding  string // EncodingUTF8, EncodingUTF16LE, EncodingUTF16BE or EncodingWindows1252
	BOM       bool   // the file began with a byte-order mark
	Delimiter rune
	SepLine   bool // the file began with Excel's "sep=X" line
	CRLF      bool // lines end with CR LF
}

// Reader reads the records of one file.
type Reader struct {
	name       string
	closer     io.Closer
	r          *csv.Reader
	tap        *tap
	dialect    Dialect
	lineOffset int  // lines consumed before the csv.Reader started (sep=)
	repair     bool // fix fields that are not valid UTF-8
	lastLine   int
	lastRow    int   // the row the last record is shown on
	offset     int64 // input offset of the end of the last record
	tail       string
}

// Record is one record of the file.
type Record struct {
	Cells []string
	Line  int // the line it starts on (1-based, counting a sep= line)
	// Row is the row a spreadsheet shows it on: one per record and one per
	// blank line, 1-based; a sep= line, which Excel reads as a setting, is
	// not a row.
	Row int
	// Blank is the blank lines just before the record, as the file held
	// them, line endings included.
	Blank string
	// Text is the record as the file held it, decoded to UTF-8 but
	// otherwise untouched (quotes, delimiters, line breaks inside quoted
	// fields), without the line ending; EOL is that line ending ("\r\n",
	// "\n", or "" at the end of a file without one).
	Text string
	EOL  string
}

// Open opens the file at path. The encoding is decided on the evidence
// of the whole file, read once before the records (see Evidence).
func Open(path string) (*Reader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	var ev Evidence
	buf := make([]byte, 256<<10)
	for {
		n, err := f.Read(buf)
		ev.Add(buf[:n], errors.Is(err, io.EOF))
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			_ = f.Close()
			return nil, fmt.Errorf("read %s: %w", path, err)
		}
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		_ = f.Close()
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return newReader(path, f, &ev)
}

// NewReader detects the encoding and delimiter of the text in rc, from
// its first 64 KiB, and returns a reader of its records. name is used in
// errors. Closing the Reader closes rc; so does an error.
func NewReader(name string, rc io.ReadCloser) (*Reader, error) {
	return newReader(name, rc, nil)
}

func newReader(name string, rc io.ReadCloser, ev *Evidence) (*Reader, error) {
	raw := bufio.NewReaderSize(rc, sniffSize)
	text, encoding, bom, err := decodeText(raw, ev)
	if err != nil {
		_ = rc.Close()
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	br := bufio.NewReaderSize(text, sniffSize)

	c := &Reader{name: name, closer: rc, repair: encoding == EncodingUTF8}
	c.dialect.Encoding, c.dialect.BOM = encoding, bom
	if d, ok := readSepLine(br); ok {
		c.dialect.Delimiter, c.dialect.SepLine = d, true
		c.lineOffset = 1
	}
	sample, err := br.Peek(sniffSize)
	complete := err != nil
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		_ = rc.Close()
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	if !c.dialect.SepLine {
		c.dialect.Delimiter = sniffDelimiter(sample, complete)
	}
	crlf := bytes.Count(sample, []byte("\r\n"))
	c.dialect.CRLF = crlf > 0 && crlf*2 >= bytes.Count(sample, []byte("\n"))

	c.tap = &tap{r: br, max: MaxRecordBytes}
	c.r = csv.NewReader(c.tap)
	c.r.Comma = c.dialect.Delimiter
	c.r.LazyQuotes = true    // stray quotes are common in exports; keep them as text
	c.r.FieldsPerRecord = -1 // ragged rows are kept as they are
	// ReuseRecord stays off: callers keep the cells of every row.
	return c, nil
}

// Dialect returns what was detected about the file.
func (c *Reader) Dialect() Dialect { return c.dialect }

// Next returns the next record, or io.EOF. Empty lines are not records,
// as encoding/csv has it, but each is a row, and the record after them
// holds them as they were (Record.Blank; after the last record, Tail); a
// line of empty fields (",,,") is a record.
func (c *Reader) Next() (Record, error) {
	c.tap.reset()
	cells, err := c.r.Read()
	if err == io.EOF {
		c.tail = string(c.tap.take(math.MaxInt64))
		return Record{}, io.EOF
	}
	if err != nil {
		var pe *csv.ParseError
		switch {
		case errors.Is(err, errRecordTooLong):
			return Record{}, fmt.Errorf("read %s: line %d: a row is longer than %d MiB; is a quote left open?", c.name, c.lastLine+c.lineOffset+1, MaxRecordBytes>>20)
		case errors.As(err, &pe):
			return Record{}, fmt.Errorf("read %s: line %d, column %d: %w", c.name, pe.Line+c.lineOffset, pe.Column, pe.Err)
		}
		return Record{}, fmt.Errorf("read %s: after line %d: %w", c.name, c.lastLine+c.lineOffset, err)
	}
	line, _ := c.r.FieldPos(0)
	c.lastLine = line
	end := c.r.InputOffset()
	text := c.tap.take(end - c.offset)
	c.offset = end
	rec := Record{Line: line + c.lineOffset}
	rec.Blank, rec.Text, rec.EOL = splitRecord(text)
	rec.Row = c.lastRow + 1 + strings.Count(rec.Blank, "\n")
	c.lastRow = rec.Row
	// encoding/csv turns a CR LF inside a quoted cell into LF; the cell
	// is the user's and must come back whole, so such a record's cells
	// are read again from its text.
	if strings.Contains(rec.Text, "\r") {
		if exact, ok := splitCells(rec.Text, c.dialect.Delimiter); ok && len(exact) == len(cells) {
			cells = exact
		}
	}
	// A record of valid text has cells of valid text (they are its bytes
	// without quotes and carriage returns): one look at the record spares
	// one at each cell.
	if c.repair && !utf8.ValidString(rec.Text) {
		for i, s := range cells {
			cells[i] = fixField(s)
		}
	}
	rec.Cells = cells
	return rec, nil
}

// splitCells splits one record's text into its cells as RFC 4180 writes
// them, keeping every byte of a quoted cell. It reports false for text
// that is not one well-formed record.
func splitCells(text string, delim rune) ([]string, bool) {
	var cells []string
	var cell strings.Builder
	d := string(delim)
	for {
		if strings.HasPrefix(text, `"`) {
			text = text[1:]
			for {
				i := strings.IndexByte(text, '"')
				if i < 0 {
					return nil, false
				}
				cell.WriteString(text[:i])
				text = text[i+1:]
				if !strings.HasPrefix(text, `"`) {
					break
				}
				cell.WriteByte('"')
				text = text[1:]
			}
		}
		i := strings.Index(text, d)
		if i < 0 {
			cell.WriteString(text)
			cells = append(cells, cell.String())
			return cells, true
		}
		cell.WriteString(text[:i])
		cells = append(cells, cell.String())
		cell.Reset()
		text = text[i+len(d):]
	}
}

// splitRecord cuts a record's text into the empty lines before it (which
// encoding/csv skips), the record, and its line ending.
func splitRecord(text []byte) (blank, record, eol string) {
	n := 0
	for {
		switch {
		case bytes.HasPrefix(text[n:], []byte("\n")):
			n++
			continue
		case bytes.HasPrefix(text[n:], []byte("\r\n")):
			n += 2
			continue
		}
		break
	}
	blank, text = string(text[:n]), text[n:]
	switch {
	case bytes.HasSuffix(text, []byte("\r\n")):
		return blank, string(text[:len(text)-2]), "\r\n"
	case bytes.HasSuffix(text, []byte("\n")):
		return blank, string(text[:len(text)-1]), "\n"
	}
	return blank, string(text), ""
}

// Tail returns the blank lines after the last record, as the file held
// them, once Next has returned io.EOF.
func (c *Reader) Tail() string { return c.tail }

// Close closes the file.
func (c *Reader) Close() error { return c.closer.Close() }

// tap keeps what encoding/csv reads, so that each record's text can be
// taken back as the file held it, and fails a read once more than max
// bytes were read since the last reset, which the reader does before
// every record. encoding/csv reads ahead by at most its 4 KiB buffer, so
// the count is the record's size give or take that, and so is what the
// tap holds.
type tap struct {
	r     io.Reader
	kept  []byte
	start int // kept[:start] was taken
	n     int64
	max   int64
}

func (t *tap) reset() { t.n = 0 }

func (t *tap) Read(p []byte) (int, error) {
	if t.n > t.max {
		return 0, errRecordTooLong
	}
	if t.start > 0 && t.start >= len(t.kept)/2 {
		t.kept = t.kept[:copy(t.kept, t.kept[t.start:])]
		t.start = 0
	}
	n, err := t.r.Read(p)
	t.n += int64(n)
	t.kept = append(t.kept, p[:n]...)
	return n, err
}

// take returns the next n bytes kept and forgets them. The slice is valid
// until the next Read.
func (t *tap) take(n int64) []byte {
	n = min(n, int64(len(t.kept)-t.start))
	out := t.kept[t.start : t.start+int(n)]
	t.start += int(n)
	return out
}
