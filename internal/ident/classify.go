package ident

import "strings"

// Classify returns the kind of identifier a cell of a mixed column holds:
// a profile URL, an e-mail, a uid or a phone, tried in that order (the
// order in which their shapes are least ambiguous), judged as Plausible
// does. When none is plausible it returns the kind the value looks most
// like, for the error message, and false.
func Classify(raw, defaultRegion string) (Kind, bool) {
	for _, k := range []Kind{LinkedIn, Email, UID, Phone} {
		if Plausible(k, raw, defaultRegion) {
			return k, true
		}
	}
	s := strings.ToLower(strings.TrimSpace(raw))
	switch {
	case strings.Contains(s, "linkedin") || strings.Contains(s, "/in/") || strings.HasPrefix(s, "http"):
		return LinkedIn, false
	case strings.Contains(s, "@"):
		return Email, false
	case strings.Trim(s, "0123456789 +-.()/") == "":
		return Phone, false
	}
	return UID, false
}
