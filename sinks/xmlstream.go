package sinks

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
)

// xmlStream reads a worksheet's XML in pieces: whole row elements, and
// the text up to a pattern. It holds one row at a time, however long the
// sheet.
type xmlStream struct {
	r   io.Reader
	buf []byte
	pos int
	eof bool
}

// fill reads more of the input; io.EOF when there is no more.
func (x *xmlStream) fill() error {
	if x.eof {
		return io.EOF
	}
	if x.pos > 0 && x.pos >= len(x.buf)/2 {
		x.buf = append(x.buf[:0], x.buf[x.pos:]...)
		x.pos = 0
	}
	if cap(x.buf)-len(x.buf) < 64<<10 {
		grown := make([]byte, len(x.buf), 2*cap(x.buf)+256<<10)
		copy(grown, x.buf)
		x.buf = grown
	}
	n, err := x.r.Read(x.buf[len(x.buf):cap(x.buf)])
	x.buf = x.buf[:len(x.buf)+n]
	if errors.Is(err, io.EOF) {
		x.eof = true
		if n == 0 {
			return io.EOF
		}
		return nil
	}
	return err
}

// skipSpace copies the whitespace at the reading position to out.
func (x *xmlStream) skipSpace(out *bytes.Buffer) error {
	for {
		for x.pos < len(x.buf) {
			switch x.buf[x.pos] {
			case ' ', '\t', '\r', '\n':
				out.WriteByte(x.buf[x.pos])
				x.pos++
			default:
				return nil
			}
		}
		if err := x.fill(); err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
	}
}

// element returns the row element at the reading position, whole, and
// moves past it; nil when the input goes on with something else (the end
// of the rows). The slice is valid until the next call.
func (x *xmlStream) element(prefix string, limit int) ([]byte, error) {
	open := []byte("<" + prefix + "row")
	for len(x.buf)-x.pos < len(open)+1 {
		if err := x.fill(); err != nil {
			if errors.Is(err, io.EOF) {
				return nil, io.ErrUnexpectedEOF
			}
			return nil, err
		}
	}
	rest := x.buf[x.pos:]
	if !bytes.HasPrefix(rest, open) || !bytes.ContainsRune([]byte(" \t\r\n>/"), rune(rest[len(open)])) {
		return nil, nil
	}
	closing := []byte("</" + prefix + "row>")
	scanned := 0
	for {
		rest = x.buf[x.pos:]
		if end := bytes.IndexByte(rest, '>'); end > 0 {
			if rest[end-1] == '/' {
				x.pos += end + 1
				return rest[:end+1], nil
			}
			if i := bytes.Index(rest[max(scanned, end):], closing); i >= 0 {
				n := max(scanned, end) + i + len(closing)
				x.pos += n
				return rest[:n], nil
			}
			scanned = max(len(rest)-len(closing), 0)
		}
		if len(rest) > limit {
			return nil, fmt.Errorf("a row of more than %d MiB", limit>>20)
		}
		if err := x.fill(); err != nil {
			if errors.Is(err, io.EOF) {
				return nil, io.ErrUnexpectedEOF
			}
			return nil, err
		}
	}
}

// through returns the input from the reading position through the first
// match of re, and moves past it.
func (x *xmlStream) through(re *regexp.Regexp, limit int) ([]byte, error) {
	for {
		rest := x.buf[x.pos:]
		if loc := re.FindIndex(rest); loc != nil {
			x.pos += loc[1]
			return rest[:loc[1]], nil
		}
		if len(rest) > limit {
			return nil, fmt.Errorf("not found in the first %d MiB", limit>>20)
		}
		if err := x.fill(); err != nil {
			if errors.Is(err, io.EOF) {
				return nil, io.ErrUnexpectedEOF
			}
			return nil, err
		}
	}
}

// rest returns a reader of the input from the reading position.
func (x *xmlStream) rest() io.Reader {
	return io.MultiReader(bytes.NewReader(x.buf[x.pos:]), x.r)
}
