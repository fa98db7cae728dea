package ident

import "strings"

// Plausible reports whether a cell whose column header says nothing looks
// like an identifier of the given kind. It is stricter than Normalize where
// a false match is costly: a column of numeric ids, amounts or postal codes
// must not pass for phones, and company web sites must not pass for profile
// URLs. A profile URL of the old /pub/ form is plausible (the column holds
// profile URLs, even if that one will be reported invalid).
func Plausible(kind Kind, raw, defaultRegion string) bool {
	return kind.valid() && specs[kind].plausible(strings.TrimSpace(raw), defaultRegion)
}

// plausiblePhone accepts only phone characters, and a number that is either
// written as a phone (a leading +, or separators as people type them) or
// valid in the region the user named. A bare run of digits with no region
// is more often an id than a phone.
func plausiblePhone(s, region string) bool {
	if s == "" || strings.Trim(s, "0123456789 +-.()/") != "" {
		return false
	}
	if _, err := NormalizePhone(s, region); err != nil {
		return false
	}
	written := strings.HasPrefix(s, "+") || strings.HasPrefix(s, "00") || strings.ContainsAny(s, " -.()/")
	return written || region != ""
}
