package csvfile

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
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
	limit      *recordLimit
	dialect    Dialect
	lineOffset int  // lines consumed before the csv.Reader started (sep=)
	repair     bool // fix fields that are not valid UTF-8
	lastLine   int
}

// Open opens the file at path.
func Open(path string) (*Reader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	return NewReader(path, f)
}

// NewReader detects the encoding and delimiter of the text in rc and
// returns a reader of its records. name is used in errors. Closing the
// Reader closes rc; so does an error.
func NewReader(name string, rc io.ReadCloser) (*Reader, error) {
	raw := bufio.NewReaderSize(rc, sniffSize)
	text, encoding, bom := decodeText(raw)
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
	c.dialect.CRLF = bytes.Contains(sample, []byte("\r\n"))

	c.limit = &recordLimit{r: br, max: MaxRecordBytes}
	c.r = csv.NewReader(c.limit)
	c.r.Comma = c.dialect.Delimiter
	c.r.LazyQuotes = true    // stray quotes are common in exports; keep them as text
	c.r.FieldsPerRecord = -1 // ragged rows are kept as they are
	// ReuseRecord stays off: callers keep the cells of every row.
	return c, nil
}

// Dialect returns what was detected about the file.
func (c *Reader) Dialect() Dialect { return c.dialect }

// Next returns the cells of the next record and the line it starts on
// (1-based, counting a sep= line), or io.EOF. Empty lines are skipped, as
// encoding/csv does; a line of empty fields (",,,") is a record.
func (c *Reader) Next() (cells []string, line int, err error) {
	c.limit.reset()
	cells, err = c.r.Read()
	if err == io.EOF {
		return nil, 0, io.EOF
	}
	if err != nil {
		var pe *csv.ParseError
		switch {
		case errors.Is(err, errRecordTooLong):
			return nil, 0, fmt.Errorf("read %s: line %d: a row is longer than %d MiB; is a quote left open?", c.name, c.lastLine+c.lineOffset+1, MaxRecordBytes>>20)
		case errors.As(err, &pe):
			return nil, 0, fmt.Errorf("read %s: line %d, column %d: %w", c.name, pe.Line+c.lineOffset, pe.Column, pe.Err)
		}
		return nil, 0, fmt.Errorf("read %s: after line %d: %w", c.name, c.lastLine+c.lineOffset, err)
	}
	line, _ = c.r.FieldPos(0)
	c.lastLine = line
	if c.repair {
		for i, s := range cells {
			cells[i] = fixField(s)
		}
	}
	return cells, line + c.lineOffset, nil
}

// Close closes the file.
func (c *Reader) Close() error { return c.closer.Close() }

// recordLimit fails a read once more than max bytes were read since the
// last reset, which the reader does before every record. encoding/csv
// reads ahead by at most its 4 KiB buffer, so the count is the record's
// size give or take that.
type recordLimit struct {
	r   io.Reader
	n   int64
	max int64
}

func (l *recordLimit) reset() { l.n = 0 }

func (l *recordLimit) Read(p []byte) (int, error) {
	if l.n > l.max {
		return 0, errRecordTooLong
	}
	n, err := l.r.Read(p)
	l.n += int64(n)
	return n, err
}
