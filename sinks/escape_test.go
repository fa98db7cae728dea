package sinks

import (
	"bytes"
	"math/rand/v2"
	"testing"
	"unicode/utf8"
)

// escapedRuneByRune is the escaping appendEscaped does, a character at
// a time, as it was written first.
func escapedRuneByRune(s string) string {
	var b bytes.Buffer
	for _, r := range s {
		switch {
		case r == '\r':
			b.WriteString("&#13;")
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '&':
			b.WriteString("&amp;")
		case r == '\t' || r == '\n' || r >= 0x20 && r <= 0xD7FF || r >= 0xE000 && r <= 0xFFFD || r >= 0x10000 && r <= 0x10FFFF:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Drawn strings (markup, controls, every width of UTF-8, the characters
// XML cannot hold, bytes that are not UTF-8) escape as they do a
// character at a time.
func TestAppendEscapedAgrees(t *testing.T) {
	pieces := []string{"plain ", "<", ">", "&", "\r", "\n", "\t", "\x00", "\x1f", "\x7f", "é", "\u0085", "日本", "😀",
		"\ufffd", "\ufffe", "\uffff", "\xff", "\xc3", "\xed\xa0\x80", "\xe6\x97", "'\"", "\U0010FFFF"}
	for seed := uint64(1); seed <= 2000; seed++ {
		rng := rand.New(rand.NewPCG(seed, 35))
		var s string
		for range rng.IntN(30) {
			s += pieces[rng.IntN(len(pieces))]
		}
		if got, want := string(appendEscaped([]byte("x"), s)), "x"+escapedRuneByRune(s); got != want {
			t.Fatalf("seed %d: %q escapes to %q; want %q", seed, s, got, want)
		}
	}
}

func FuzzAppendEscaped(f *testing.F) {
	f.Add("a<b>&c\r\n\xff\ufffe😀")
	f.Fuzz(func(t *testing.T, s string) {
		got := appendEscaped(nil, s)
		if want := escapedRuneByRune(s); string(got) != want {
			t.Fatalf("%q escapes to %q; want %q", s, got, want)
		}
		if !utf8.Valid(got) {
			t.Fatalf("%q escapes to text that is not UTF-8: %q", s, got)
		}
	})
}
