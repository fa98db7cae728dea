package csvfile

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"unicode/utf8"

	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"

	"github.com/enrich-dev/enrich/internal/textenc"
)

// Text encodings a CSV file is read in.
const (
	EncodingUTF8        = "utf-8"
	EncodingUTF16LE     = "utf-16le"
	EncodingUTF16BE     = "utf-16be"
	EncodingWindows1252 = "windows-1252"
)

// sniffSize is how much of a file is looked at to guess its encoding and
// delimiter. It is also the size of the read buffers.
const sniffSize = 64 << 10

// decodeText detects the encoding of a CSV file and returns a reader of
// its text as UTF-8, without the byte-order mark.
//
// A BOM decides: Excel writes one for "CSV UTF-8" and for "Unicode text"
// (UTF-16 LE). Without one, UTF-16 is recognised by its zero bytes. Else
// ev, the evidence of the whole file when the caller could read it (see
// Evidence), or of its first 64 KiB, decides between UTF-8 and
// Windows-1252, the encoding of "CSV" saved by Excel on Western Windows.
// A UTF-8 file with a few bytes that are not UTF-8 is repaired field by
// field (see fixField); valid fields are never touched.
func decodeText(br *bufio.Reader, ev *Evidence) (r io.Reader, encoding string, bom bool, err error) {
	head, _ := br.Peek(4)
	switch {
	case bytes.HasPrefix(head, []byte{0xEF, 0xBB, 0xBF}):
		_, _ = br.Discard(3)
		return br, EncodingUTF8, true, nil
	case bytes.HasPrefix(head, []byte{0xFF, 0xFE}):
		_, _ = br.Discard(2)
		return utf16Reader(br, unicode.LittleEndian), EncodingUTF16LE, true, nil
	case bytes.HasPrefix(head, []byte{0xFE, 0xFF}):
		_, _ = br.Discard(2)
		return utf16Reader(br, unicode.BigEndian), EncodingUTF16BE, true, nil
	}
	sample, _ := br.Peek(sniffSize)
	if order, ok := utf16Order(sample); ok {
		if order == unicode.LittleEndian {
			return utf16Reader(br, order), EncodingUTF16LE, false, nil
		}
		return utf16Reader(br, order), EncodingUTF16BE, false, nil
	}
	if ev == nil {
		var e Evidence
		e.Add(sample, len(sample) < sniffSize)
		ev = &e
	}
	if ev.Binary() {
		return nil, "", false, ErrNotText
	}
	if ev.Windows1252() {
		return transform.NewReader(br, textenc.Windows1252.NewDecoder()), EncodingWindows1252, false, nil
	}
	return br, EncodingUTF8, false, nil
}

// ErrNotText is the error of a file that is not text in any encoding
// enrich reads: it holds NUL bytes or control characters that no sheet
// has.
var ErrNotText = errors.New("not a CSV file: it is not text (it holds NUL bytes or control characters); open it in the program that made it and save it as CSV or .xlsx")

// Evidence is what a file's bytes say about its encoding, gathered over
// the whole file so that the decision does not depend on where an odd
// byte falls.
type Evidence struct {
	Bytes    int64
	Multi    int64 // valid UTF-8 sequences of more than one byte
	Invalid  int64 // bytes that are not valid UTF-8
	NUL      int64
	Controls int64 // C0 control characters other than TAB, LF, FF and CR
	carry    []byte
}

// Add counts a piece of the file; last says it is the end.
func (e *Evidence) Add(b []byte, last bool) {
	if len(e.carry) > 0 {
		b = append(e.carry, b...)
		e.carry = nil
	}
	e.Bytes += int64(len(b))
	for i := 0; i < len(b); {
		if i+8 <= len(b) && plainText(binary.LittleEndian.Uint64(b[i:])) {
			i += 8
			continue
		}
		c := b[i]
		if c < utf8.RuneSelf {
			if c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' {
				if c == 0 {
					e.NUL++
				} else {
					e.Controls++
				}
			}
			i++
			continue
		}
		if !last && !utf8.FullRune(b[i:]) {
			e.carry = append([]byte(nil), b[i:]...)
			e.Bytes -= int64(len(b) - i)
			return
		}
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			e.Invalid++
		} else {
			e.Multi++
		}
		i += size
	}
}

// plainText reports whether the eight bytes of w are all ASCII and none
// is a control character (below 0x20): most of a text file, counted for
// nothing, eight bytes at a time rather than one. A byte below 0x20 (of
// bytes below 0x80) is one whose subtraction of 0x20 borrows into its
// high bit; a borrow can only carry into the next byte from one that is
// itself below 0x20, so the first such byte is always caught, which is
// all the answer needs.
func plainText(w uint64) bool {
	const high, space = 0x8080808080808080, 0x2020202020202020
	return w&high == 0 && (w-space)&^w&high == 0
}

// Binary reports whether the bytes are no text: NUL bytes together with
// bytes that are not UTF-8, or control characters in more than one byte
// in two hundred.
func (e *Evidence) Binary() bool {
	return e.NUL > 0 && e.Invalid > 0 || (e.NUL+e.Controls)*200 > e.Bytes
}

// Windows1252 reports whether the bytes read better as Windows-1252 than
// as UTF-8: some are not UTF-8, and they outnumber the valid multi-byte
// UTF-8 sequences (Windows-1252 text almost never forms one).
func (e *Evidence) Windows1252() bool {
	return e.Invalid > 0 && e.Invalid >= e.Multi
}

func utf16Reader(r io.Reader, order unicode.Endianness) io.Reader {
	return transform.NewReader(r, unicode.UTF16(order, unicode.IgnoreBOM).NewDecoder())
}

// utf16Order guesses UTF-16 without a BOM from the zero bytes that Latin
// text has in every other position.
func utf16Order(sample []byte) (order unicode.Endianness, ok bool) {
	n := min(len(sample), 1024) &^ 1
	if n < 8 {
		return order, false
	}
	var even, odd int
	for i := 0; i < n; i += 2 {
		if sample[i] == 0 {
			even++
		}
		if sample[i+1] == 0 {
			odd++
		}
	}
	half := n / 2
	switch {
	case odd*10 >= half*4 && even*10 < half:
		return unicode.LittleEndian, true
	case even*10 >= half*4 && odd*10 < half:
		return unicode.BigEndian, true
	}
	return order, false
}

// fixField returns s, or, if s is not valid UTF-8, s decoded as
// Windows-1252: a file that starts as UTF-8 may still hold an odd field
// pasted from elsewhere, and reading it as Windows-1252 keeps its accents
// where a replacement character would lose them.
func fixField(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	out, err := textenc.Windows1252.NewDecoder().String(s)
	if err != nil {
		return string([]rune(s)) // cannot happen: every byte maps; keep valid text anyway
	}
	return out
}
