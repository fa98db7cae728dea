// Package sheetxml reads a worksheet's XML (the part of an .xlsx that
// holds a sheet's rows) in pieces, without holding more than one row:
// the reader of workbooks and the writer that copies a workbook with new
// columns both stream it.
package sheetxml

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
)

// Stream reads a worksheet's XML in pieces: whole row elements, and the
// text up to a pattern. It holds one row at a time, however long the
// sheet.
type Stream struct {
	R   io.Reader
	buf []byte
	pos int
	eof bool
}

// fill reads more of the input; io.EOF when there is no more.
func (x *Stream) fill() error {
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
	n, err := x.R.Read(x.buf[len(x.buf):cap(x.buf)])
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

// SkipSpace copies the whitespace at the reading position to out, or
// skips it if out is nil.
func (x *Stream) SkipSpace(out *bytes.Buffer) error {
	for {
		for x.pos < len(x.buf) {
			switch x.buf[x.pos] {
			case ' ', '\t', '\r', '\n':
				if out != nil {
					out.WriteByte(x.buf[x.pos])
				}
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

// Row returns the row element at the reading position, whole, and moves
// past it; nil when the input goes on with something else (the end of the
// rows). prefix is the namespace prefix of the sheet's elements, with its
// colon, or "". A row longer than limit bytes is an error. The slice is
// valid until the next call.
func (x *Stream) Row(prefix string, limit int) ([]byte, error) {
	return x.Element(prefix, "row", limit)
}

// Element returns the element called name at the reading position,
// whole, and moves past it; nil when the input goes on with something
// else. The slice is valid until the next call.
func (x *Stream) Element(prefix, name string, limit int) ([]byte, error) {
	open := []byte("<" + prefix + name)
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
	closing := []byte("</" + prefix + name + ">")
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
			return nil, fmt.Errorf("more than %d MiB of XML in one %s", limit>>20, name)
		}
		if err := x.fill(); err != nil {
			if errors.Is(err, io.EOF) {
				return nil, io.ErrUnexpectedEOF
			}
			return nil, err
		}
	}
}

// Through returns the input from the reading position through the first
// match of re, and moves past it.
func (x *Stream) Through(re *regexp.Regexp, limit int) ([]byte, error) {
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

// Rest returns a reader of the input from the reading position.
func (x *Stream) Rest() io.Reader {
	return io.MultiReader(bytes.NewReader(x.buf[x.pos:]), x.R)
}
