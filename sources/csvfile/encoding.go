package csvfile

import (
	"bufio"
	"bytes"
	"io"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
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
// (UTF-16 LE). Without one, UTF-16 is recognised by its zero bytes, and a
// file whose first 64 KiB are not valid UTF-8 is read as Windows-1252, the
// encoding of "CSV" saved by Excel on Western Windows. A file valid at the
// start but not later is repaired field by field (see fixField).
func decodeText(br *bufio.Reader) (r io.Reader, encoding string, bom bool) {
	head, _ := br.Peek(4)
	switch {
	case bytes.HasPrefix(head, []byte{0xEF, 0xBB, 0xBF}):
		_, _ = br.Discard(3)
		return br, EncodingUTF8, true
	case bytes.HasPrefix(head, []byte{0xFF, 0xFE}):
		_, _ = br.Discard(2)
		return utf16Reader(br, unicode.LittleEndian), EncodingUTF16LE, true
	case bytes.HasPrefix(head, []byte{0xFE, 0xFF}):
		_, _ = br.Discard(2)
		return utf16Reader(br, unicode.BigEndian), EncodingUTF16BE, true
	}
	sample, _ := br.Peek(sniffSize)
	if order, ok := utf16Order(sample); ok {
		if order == unicode.LittleEndian {
			return utf16Reader(br, order), EncodingUTF16LE, false
		}
		return utf16Reader(br, order), EncodingUTF16BE, false
	}
	if !validUTF8Prefix(sample, len(sample) < sniffSize) {
		return transform.NewReader(br, charmap.Windows1252.NewDecoder()), EncodingWindows1252, false
	}
	return br, EncodingUTF8, false
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

// validUTF8Prefix reports whether sample is valid UTF-8, ignoring a rune
// cut at the end of the sample when the file goes on.
func validUTF8Prefix(sample []byte, whole bool) bool {
	if utf8.Valid(sample) {
		return true
	}
	if whole {
		return false
	}
	for cut := 1; cut < utf8.UTFMax && cut <= len(sample); cut++ {
		if utf8.Valid(sample[:len(sample)-cut]) {
			return true
		}
	}
	return false
}

// fixField returns s, or, if s is not valid UTF-8, s decoded as
// Windows-1252: a file that starts as UTF-8 may still hold an odd field
// pasted from elsewhere, and reading it as Windows-1252 keeps its accents
// where a replacement character would lose them.
func fixField(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	out, err := charmap.Windows1252.NewDecoder().String(s)
	if err != nil {
		return string([]rune(s)) // cannot happen: every byte maps; keep valid text anyway
	}
	return out
}
