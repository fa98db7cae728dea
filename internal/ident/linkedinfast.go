package ident

import "strings"

// The fast path: almost every profile URL in a sheet is written
// [http[s]://][sub.]linkedin.com/in/<slug>[/...][?query][#fragment] in
// plain ASCII, the slug of letters, digits, '-' and '_'. For those the
// canonical form follows from the bytes, without net/url's parsing and
// its allocations. fastLinkedInSlug reads that spelling and nothing else;
// whatever it is not sure of (a port, user info, escapes, other
// characters, an error to explain) goes to the slow path.
// TestFastLinkedInAgrees and FuzzNormalizeLinkedIn hold the two to the
// same answers.

// fastLinkedInSlug returns the lower-cased slug of s, already trimmed and
// free of spaces, when s is a profile URL of the spelling above; ok is
// false when it cannot tell.
func fastLinkedInSlug(s string) (slug string, ok bool) {
	for i := 0; i < len(s); i++ {
		if s[i] <= ' ' || s[i] >= 0x7f {
			return "", false // case folding and control bytes: the slow path's
		}
	}
	switch {
	case hasPrefixFold(s, "https://"):
		s = s[len("https://"):]
	case hasPrefixFold(s, "http://"):
		s = s[len("http://"):]
	case strings.Contains(s, "://"), strings.HasPrefix(s, "/"):
		return "", false
	}
	// The host: an optional label, then linkedin.com, then a slash.
	end := strings.IndexByte(s, '/')
	if end < 0 || !linkedInHost(s[:end]) {
		return "", false
	}
	s = s[end:]
	// The query and the fragment are dropped; the slow path refuses a
	// fragment with a malformed escape, so one with '%' is left to it.
	if i := strings.IndexAny(s, "?#"); i >= 0 {
		if strings.IndexByte(s[i:], '%') >= 0 {
			return "", false
		}
		s = s[:i]
	}
	// The path: /in/<slug>, then any segments, with empty segments
	// skipped as splitPath skips them.
	for len(s) > 0 && s[0] == '/' {
		s = s[1:]
	}
	if len(s) < 3 || s[0]|0x20 != 'i' || s[1]|0x20 != 'n' || s[2] != '/' {
		return "", false
	}
	s = s[3:]
	for len(s) > 0 && s[0] == '/' {
		s = s[1:]
	}
	end = strings.IndexByte(s, '/')
	if end < 0 {
		end = len(s)
	}
	if end == 0 || end > 100 {
		return "", false
	}
	lower := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9', c == '-', c == '_':
		case 'A' <= c && c <= 'Z':
			lower = lower || i < end
		case c == '/' && i >= end:
		default:
			return "", false
		}
	}
	slug = s[:end]
	if lower {
		slug = strings.ToLower(slug)
	}
	return slug, true
}

// linkedInHost reports whether host, as written, is linkedin.com or one
// label (www, a country, m) in front of it, in any case.
func linkedInHost(host string) bool {
	const domain = "linkedin.com"
	if len(host) < len(domain) || !strings.EqualFold(host[len(host)-len(domain):], domain) {
		return false
	}
	sub := host[:len(host)-len(domain)]
	if sub == "" {
		return true
	}
	if len(sub) < 2 || sub[len(sub)-1] != '.' {
		return false
	}
	for i := 0; i < len(sub)-1; i++ {
		c := sub[i] | 0x20
		if !('a' <= c && c <= 'z' || '0' <= sub[i] && sub[i] <= '9' || sub[i] == '-') {
			return false
		}
	}
	return true
}

// hasPrefixFold reports whether s begins with the lower-case ASCII prefix,
// in any case.
func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}
