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

// Bytes writes n bytes in the largest unit that keeps a figure of at
// least 1: "3.4 GB", "512 MB", "900 bytes" (units of 1,000).
func Bytes(n int64) string {
	for _, u := range []struct {
		size int64
		name string
	}{{1e12, "TB"}, {1e9, "GB"}, {1e6, "MB"}, {1e3, "KB"}} {
		if n >= u.size {
			return strconv.FormatFloat(float64(n)/float64(u.size), 'f', 1, 64) + " " + u.name
		}
	}
	return strconv.FormatInt(n, 10) + " bytes"
}

// Plural returns one when n is 1, else many: "1 item", "2 items".
func Plural[N ~int | ~int32 | ~int64](n N, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
