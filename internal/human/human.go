// Package human writes figures as people read them.
package human

import (
	"strconv"
	"strings"
)

// Thousands writes n with a comma between groups of three digits:
// 1,000,000.
func Thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	digits := strings.TrimPrefix(s, "-")
	var b strings.Builder
	if len(digits) < len(s) {
		b.WriteByte('-')
	}
	for i, c := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}
