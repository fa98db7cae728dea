package csvfile

import (
	"flag"
	"math/rand/v2"
	"testing"
	"unicode/utf8"
)

var evidenceSeed = flag.Uint64("evidence-seed", 1, "first seed of TestEvidenceCounts")

// TestEvidenceCounts draws text the way files hold it (ASCII, control
// characters, line breaks, NUL, multi-byte UTF-8, stray bytes), hands it
// to Evidence in pieces cut anywhere, and checks every count against a
// count one byte at a time.
func TestEvidenceCounts(t *testing.T) {
	pieces := [][]byte{[]byte("plain text, "), []byte("\t"), []byte("\r\n"), []byte("\f"), {0}, {1}, {0x1f}, {0x7f},
		[]byte("é"), []byte("日本"), []byte("😀"), {0xff}, {0xc3}, {0xe6, 0x97}, {0x80}, []byte(" ")}
	for seed := *evidenceSeed; seed < *evidenceSeed+200; seed++ {
		rng := rand.New(rand.NewPCG(seed, 35))
		var b []byte
		for range rng.IntN(400) {
			p := pieces[rng.IntN(len(pieces))]
			if rng.IntN(3) > 0 {
				p = pieces[0] // mostly text
			}
			b = append(b, p...)
		}
		var got Evidence
		for rest := b; ; {
			n := min(len(rest), rng.IntN(40))
			got.Add(rest[:n], n == len(rest))
			if rest = rest[n:]; len(rest) == 0 {
				break
			}
		}
		if want := evidenceOf(b); got.Bytes != want.Bytes || got.Multi != want.Multi || got.Invalid != want.Invalid ||
			got.NUL != want.NUL || got.Controls != want.Controls {
			t.Fatalf("seed %d: %q: got %+v, want %+v", seed, b, got, want)
		}
	}
}

// evidenceOf counts b one byte at a time.
func evidenceOf(b []byte) Evidence {
	e := Evidence{Bytes: int64(len(b))}
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		switch {
		case r == 0:
			e.NUL++
		case r < 0x20 && r != '\t' && r != '\n' && r != '\r' && r != '\f':
			e.Controls++
		case r == utf8.RuneError && size == 1:
			e.Invalid++
		case size > 1:
			e.Multi++
		}
		i += size
	}
	return e
}
