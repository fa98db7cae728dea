package ident

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// NormalizeEmail returns the address trimmed and lower-cased, after a
// syntax check of the plain addr-spec form that address books export:
// no display names, comments or quoted local parts, which real lead lists
// never hold and the service would not match. A "mailto:" prefix is
// dropped. Lower-casing the local part is not what RFC 5321 promises, but
// it is what every mail provider does, and dedup needs one spelling.
func NormalizeEmail(raw string) (string, error) {
	return normalizeEmail(raw, !slowOnly.Load())
}

// normalizeEmail is NormalizeEmail, with the fast path or without.
func normalizeEmail(raw string, fast bool) (string, error) {
	s := strings.TrimSpace(raw)
	s = strings.Trim(s, "<>\"'")
	if len(s) >= 7 && strings.EqualFold(s[:7], "mailto:") {
		s = s[7:]
		if i := strings.IndexByte(s, '?'); i >= 0 {
			s = s[:i]
		}
	}
	s = strings.ToLower(strings.TrimSpace(s))
	if fast && fastEmailValid(s) {
		return s, nil
	}
	switch {
	case s == "":
		return "", invalid(Email, "empty e-mail address")
	case !utf8.ValidString(s):
		return "", invalid(Email, "e-mail address is not valid text")
	case strings.ContainsFunc(s, unicode.IsSpace):
		return "", invalid(Email, "e-mail address contains spaces")
	case !strings.Contains(s, "@"):
		return "", invalid(Email, "e-mail address without @")
	case strings.Count(s, "@") > 1:
		return "", invalid(Email, "e-mail address with more than one @")
	case len(s) > 254:
		return "", invalid(Email, "e-mail address longer than 254 characters")
	}
	local, domain, _ := strings.Cut(s, "@")
	if err := checkLocalPart(local); err != nil {
		return "", err
	}
	if err := checkDomain(domain); err != nil {
		return "", err
	}
	return s, nil
}

// checkLocalPart accepts a dot-atom: atext characters (and, for
// internationalized addresses, any letter or digit) separated by single dots.
func checkLocalPart(local string) error {
	switch {
	case local == "":
		return invalid(Email, "e-mail address without a name before @")
	case len(local) > 64:
		return invalid(Email, "e-mail name before @ longer than 64 characters")
	case local[0] == '.' || local[len(local)-1] == '.' || strings.Contains(local, ".."):
		return invalid(Email, "e-mail name before @ has misplaced dots")
	}
	for _, r := range local {
		if r == '.' || isAtext(r) {
			continue
		}
		return invalid(Email, "e-mail name before @ has invalid characters")
	}
	return nil
}

// isAtext reports whether r may appear in an unquoted local part
// (RFC 5322 atext, extended to letters and digits of any script by RFC 6531).
func isAtext(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' ||
			strings.ContainsRune("!#$%&'*+-/=?^_`{|}~", r)
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r)
}

// checkDomain accepts a host name of at least two labels whose last label
// (the top-level domain) has letters only; address literals ([1.2.3.4]) are
// refused, since no lead list holds a person that way.
func checkDomain(domain string) error {
	if domain == "" {
		return invalid(Email, "e-mail address without a domain after @")
	}
	if len(domain) > 253 {
		return invalid(Email, "e-mail domain longer than 253 characters")
	}
	labels := strings.Split(domain, ".")
	if len(labels) < 2 {
		return invalid(Email, "e-mail domain without a dot")
	}
	for _, label := range labels {
		if !validLabel(label) {
			return invalid(Email, "e-mail domain is malformed")
		}
	}
	tld := labels[len(labels)-1]
	if utf8.RuneCountInString(tld) < 2 || strings.ContainsFunc(tld, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsMark(r)
	}) {
		// "xn--" top-level domains are ASCII punycode: allow them too.
		if !strings.HasPrefix(tld, "xn--") {
			return invalid(Email, "e-mail domain has no valid top-level domain")
		}
	}
	return nil
}

// validLabel reports whether s is a DNS label: 1 to 63 bytes of letters,
// digits and inner hyphens.
func validLabel(s string) bool {
	if s == "" || len(s) > 63 || s[0] == '-' || s[len(s)-1] == '-' {
		return false
	}
	for _, r := range s {
		if r != '-' && !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.IsMark(r) {
			return false
		}
	}
	return true
}
