// Package textenc holds the text encodings of spreadsheet files that the
// standard encodings do not give exactly.
package textenc

import (
	"errors"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/transform"
)

// Windows1252 is Windows code page 1252 as Windows itself converts it:
// the five bytes the code page leaves undefined (0x81, 0x8D, 0x8F, 0x90,
// 0x9D) stand for the control characters of the same number, as in
// Windows' MultiByteToWideChar, rather than for U+FFFD. Every byte
// sequence therefore decodes and encodes back to the same bytes, which is
// what lets a Windows-1252 sheet come back byte for byte.
var Windows1252 encoding.Encoding = cp1252{}

// ErrNotRepresentable is the error of encoding a character that
// Windows-1252 cannot hold.
var ErrNotRepresentable = errors.New("character not representable in Windows-1252")

var (
	decodeTable [256]rune
	encodeTable = map[rune]byte{}
)

func init() {
	for b := 0; b < 256; b++ {
		r := charmap.Windows1252.DecodeByte(byte(b))
		if r == utf8.RuneError {
			r = rune(b)
		}
		decodeTable[b] = r
		if b >= 0x80 {
			encodeTable[r] = byte(b)
		}
	}
}

type cp1252 struct{}

func (cp1252) NewDecoder() *encoding.Decoder { return &encoding.Decoder{Transformer: decoder{}} }
func (cp1252) NewEncoder() *encoding.Encoder { return &encoding.Encoder{Transformer: encoder{}} }

type decoder struct{ transform.NopResetter }

func (decoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for nSrc < len(src) {
		b := src[nSrc]
		if b < utf8.RuneSelf {
			if nDst >= len(dst) {
				return nDst, nSrc, transform.ErrShortDst
			}
			dst[nDst] = b
			nDst++
			nSrc++
			continue
		}
		r := decodeTable[b]
		if nDst+utf8.RuneLen(r) > len(dst) {
			return nDst, nSrc, transform.ErrShortDst
		}
		nDst += utf8.EncodeRune(dst[nDst:], r)
		nSrc++
	}
	return nDst, nSrc, nil
}

type encoder struct{ transform.NopResetter }

func (encoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for nSrc < len(src) {
		if nDst >= len(dst) {
			return nDst, nSrc, transform.ErrShortDst
		}
		c := src[nSrc]
		if c < utf8.RuneSelf {
			dst[nDst] = c
			nDst++
			nSrc++
			continue
		}
		r, size := utf8.DecodeRune(src[nSrc:])
		if r == utf8.RuneError && size <= 1 {
			if !atEOF && !utf8.FullRune(src[nSrc:]) {
				return nDst, nSrc, transform.ErrShortSrc
			}
			return nDst, nSrc, ErrNotRepresentable
		}
		b, ok := encodeTable[r]
		if !ok {
			return nDst, nSrc, ErrNotRepresentable
		}
		dst[nDst] = b
		nDst++
		nSrc += size
	}
	return nDst, nSrc, nil
}
