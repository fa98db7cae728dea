package search

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Text matching works on word tokens: maximal runs of letters and digits,
// lower-cased and folded to their base letters ("Müller" → "muller",
// "Nguyễn" → "nguyen"). A letter may carry trailing '+' and '#' signs, so
// that "C++" and "C#" stay words of their own; apostrophes inside a word
// are dropped ("O'Brien" → "obrien"). Everything else separates words:
// "Node.js" is the two words "node" "js", "CI/CD" is "ci" "cd".

// tokenizer splits text into tokens. It reuses its buffers, so the tokens
// it returns are valid until the next call.
type tokenizer struct {
	buf  []byte   // folded bytes of every token, back to back
	ends []int    // end offset of each token in buf
	toks [][]byte // views into buf
}

// split returns the tokens of s.
func (t *tokenizer) split(s string) [][]byte {
	t.buf, t.ends, t.toks = t.buf[:0], t.ends[:0], t.toks[:0]
	inWord, afterLetter := false, false
	end := func() {
		if inWord {
			t.ends = append(t.ends, len(t.buf))
		}
		inWord, afterLetter = false, false
	}
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			i++
			switch {
			case 'a' <= c && c <= 'z' || '0' <= c && c <= '9':
				t.buf = append(t.buf, c)
				inWord, afterLetter = true, c >= 'a'
			case 'A' <= c && c <= 'Z':
				t.buf = append(t.buf, c+'a'-'A')
				inWord, afterLetter = true, true
			case (c == '+' || c == '#') && afterLetter:
				t.buf = append(t.buf, c)
				// "c++": further signs may follow, letters may not.
				if i < len(s) && s[i] != '+' && s[i] != '#' {
					end()
				}
			case c == '\'' && inWord:
			default:
				end()
			}
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		switch {
		case r == '’' && inWord:
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r):
			t.buf = appendFolded(t.buf, r)
			inWord, afterLetter = true, unicode.IsLetter(r)
		default:
			end()
		}
	}
	end()
	start := 0
	for _, e := range t.ends {
		if e > start {
			t.toks = append(t.toks, t.buf[start:e])
		}
		start = e
	}
	return t.toks
}

// appendFolded appends the lower-case base letters of r: its canonical
// decomposition without combining marks, and the few letters Unicode does
// not decompose.
func appendFolded(dst []byte, r rune) []byte {
	if rep, ok := foldSpecial[r]; ok {
		return append(dst, rep...)
	}
	if unicode.Is(unicode.Mn, r) {
		return dst
	}
	var tmp [utf8.UTFMax]byte
	n := utf8.EncodeRune(tmp[:], r)
	if norm.NFD.QuickSpan(tmp[:n]) == n {
		return utf8.AppendRune(dst, unicode.ToLower(r))
	}
	for _, d := range norm.NFD.String(string(r)) {
		switch rep, ok := foldSpecial[d]; {
		case ok:
			dst = append(dst, rep...)
		case !unicode.Is(unicode.Mn, d):
			dst = utf8.AppendRune(dst, unicode.ToLower(d))
		}
	}
	return dst
}

// foldSpecial covers letters that Unicode does not decompose into a base
// letter and a mark.
var foldSpecial = map[rune]string{
	'ł': "l", 'Ł': "l", 'ø': "o", 'Ø': "o", 'ß': "ss", 'æ': "ae", 'Æ': "ae", 'œ': "oe", 'Œ': "oe",
	'đ': "d", 'Đ': "d", 'ð': "d", 'Ð': "d", 'þ': "th", 'Þ': "th", 'ı': "i", 'ħ': "h", 'Ħ': "h",
}

// Tokens returns the word tokens of s as strings, in order.
func Tokens(s string) []string {
	var t tokenizer
	var out []string
	for _, b := range t.split(s) {
		out = append(out, string(b))
	}
	return out
}

// fold lower-cases s and folds it to base letters without splitting it
// into words; runs of spaces become one and dots vanish ("St. Louis" →
// "st louis", "D.C." → "dc"). Location names are compared in this form.
func fold(s string) string {
	var b []byte
	space := false
	for _, r := range strings.TrimSpace(s) {
		switch {
		case r == '.':
		case unicode.IsSpace(r):
			space = true
		default:
			if space && len(b) > 0 {
				b = append(b, ' ')
			}
			space = false
			b = appendFolded(b, r)
		}
	}
	return string(b)
}
