package sources

import (
	"regexp"
	"strings"

	"github.com/enrich-dev/enrich/internal/ident"
)

// placeholders are what exports put in a cell that has no value. They are
// read as empty, not as invalid identifiers.
var placeholders = map[string]bool{
	"-": true, "--": true, "–": true, "—": true, "?": true, ".": true,
	"n/a": true, "na": true, "#n/a": true, "none": true, "null": true, "nil": true,
	"unknown": true, "not available": true,
}

// maxPlaceholder is the length in bytes of the longest placeholder.
const maxPlaceholder = len("not available")

// eachValue calls fn with each value of an identifier cell: none for an
// empty or placeholder cell, and for e-mail one per address when the cell
// lists several, separated by ';', ',' or line breaks (no plain address
// holds those), each maybe written "Name <address>". A cell of one value,
// most of them, costs no allocation.
func eachValue(kind ident.Kind, cell string, fn func(value string)) {
	s := strings.TrimSpace(cell)
	if IsPlaceholder(s) {
		return
	}
	if !ident.Several(kind) || !listLike(s) {
		fn(s)
		return
	}
	for p := range strings.FieldsFuncSeq(s, func(r rune) bool { return r == ';' || r == ',' || r == '\r' || r == '\n' }) {
		if strings.IndexByte(p, '<') >= 0 {
			if m := angleAddress.FindStringSubmatch(p); m != nil {
				p = m[1]
			}
		}
		if p = strings.TrimSpace(p); p != "" {
			fn(p)
		}
	}
}

// listLike reports whether s may list several addresses, or name one
// within angle brackets.
func listLike(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ';', ',', '\r', '\n', '<':
			return true
		}
	}
	return false
}

var angleAddress = regexp.MustCompile(`<([^<>\s]+@[^<>\s]+)>`)

func isBlank(cells []string) bool {
	for _, c := range cells {
		if strings.TrimSpace(c) != "" {
			return false
		}
	}
	return true
}

func trimTrailingEmpty(cells []string) []string {
	n := len(cells)
	for n > 0 && cells[n-1] == "" {
		n--
	}
	return cells[:n]
}
