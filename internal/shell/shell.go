// Package shell writes command lines that a POSIX shell reads back as
// the words they were made of: the "run this next" lines enrich prints.
package shell

import "strings"

// Quote returns s as one word of a shell command: as it is when it holds
// only characters no shell treats specially, else in single quotes.
func Quote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./:=,@+%", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// Line joins words into a command line, each quoted as Quote does.
func Line(words ...string) string {
	quoted := make([]string, len(words))
	for i, w := range words {
		quoted[i] = Quote(w)
	}
	return strings.Join(quoted, " ")
}
