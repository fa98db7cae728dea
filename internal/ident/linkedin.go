package ident

import (
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"
)

// LinkedInPrefix is the canonical beginning of every normalized profile URL.
const LinkedInPrefix = "https://www.linkedin.com/in/"

// nonProfileSections are first path segments of professional-network URLs
// that name something other than a person's profile. They are named in the
// reason because they are the usual mistakes (a company page pasted in the
// person's column, an old /pub/ link). Other paths get a generic reason so
// that reasons stay a small set.
var nonProfileSections = map[string]bool{
	"pub": true, "company": true, "school": true, "showcase": true,
	"groups": true, "feed": true, "posts": true, "pulse": true,
	"jobs": true, "sales": true, "talent": true, "recruiter": true,
	"learning": true, "events": true, "newsletters": true, "search": true,
	"profile": true, "mwlite": true,
}

// NormalizeLinkedIn returns the canonical profile URL
// https://www.linkedin.com/in/<slug>. It accepts any scheme or none, the
// www., m. and country subdomains, any case in the host, a query, a
// fragment, a trailing slash and trailing path segments such as a language
// code. The slug is percent-decoded and lower-cased: profile slugs are
// case-insensitive on the network, and one spelling is needed for dedup.
func NormalizeLinkedIn(raw string) (string, error) {
	return normalizeLinkedIn(raw, !slowOnly.Load())
}

// normalizeLinkedIn is NormalizeLinkedIn, with the fast path or with
// net/url alone.
func normalizeLinkedIn(raw string, fast bool) (string, error) {
	s := strings.TrimSpace(raw)
	s = strings.Trim(s, "<>\"'")
	if s == "" {
		return "", invalid(LinkedIn, "empty profile URL")
	}
	if strings.ContainsAny(s, " \t\r\n") {
		return "", invalid(LinkedIn, "not a profile URL (contains spaces)")
	}
	if fast {
		if slug, ok := fastLinkedInSlug(s); ok {
			return LinkedInPrefix + slug, nil
		}
	}
	lower := strings.ToLower(s)
	if !strings.Contains(lower, "://") {
		if strings.HasPrefix(lower, "//") {
			s = "https:" + s
		} else {
			s = "https://" + s
		}
	}
	u, err := url.Parse(s)
	if err != nil {
		return "", invalid(LinkedIn, "not a URL")
	}
	switch strings.ToLower(u.Scheme) {
	case "http", "https":
	default:
		return "", invalid(LinkedIn, "not a web URL")
	}
	host := strings.TrimSuffix(strings.ToLower(u.Hostname()), ".")
	if host != "linkedin.com" && !strings.HasSuffix(host, ".linkedin.com") {
		return "", invalid(LinkedIn, "not a professional-network URL")
	}
	if sub := strings.TrimSuffix(host, "linkedin.com"); strings.Count(sub, ".") > 1 {
		return "", invalid(LinkedIn, "not a professional-network URL")
	}
	segments := splitPath(u.EscapedPath())
	if len(segments) == 0 {
		return "", invalid(LinkedIn, "not a profile URL (no /in/ path)")
	}
	section := strings.ToLower(segments[0])
	if section != "in" {
		if nonProfileSections[section] {
			return "", invalid(LinkedIn, "not a profile URL (/%s/ path)", section)
		}
		return "", invalid(LinkedIn, "not a profile URL (no /in/ path)")
	}
	if len(segments) < 2 {
		return "", invalid(LinkedIn, "profile URL without a name after /in/")
	}
	slug, err := url.PathUnescape(segments[1])
	if err != nil || !utf8.ValidString(slug) {
		return "", invalid(LinkedIn, "profile URL with a malformed name")
	}
	slug = strings.ToLower(slug)
	if !validSlug(slug) {
		return "", invalid(LinkedIn, "profile URL with a malformed name")
	}
	return LinkedInPrefix + slug, nil
}

// splitPath splits an escaped URL path into its non-empty segments.
func splitPath(p string) []string {
	var out []string
	for _, seg := range strings.Split(p, "/") {
		if seg != "" {
			out = append(out, seg)
		}
	}
	return out
}

// validSlug reports whether s can be a profile slug: letters (of any
// script), digits, marks, '-' and '_', at most 100 characters. The network
// allows 3 to 100; shorter ones exist on old profiles, so only the upper
// bound is checked.
func validSlug(s string) bool {
	if s == "" || utf8.RuneCountInString(s) > 100 {
		return false
	}
	for _, r := range s {
		switch {
		case r == '-' || r == '_':
		case unicode.IsLetter(r), unicode.IsDigit(r), unicode.IsMark(r):
		default:
			return false
		}
	}
	return true
}
