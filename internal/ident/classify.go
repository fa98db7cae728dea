package ident

import "strings"

// Classify returns the kind of identifier a cell of a mixed column holds:
// a profile URL, an e-mail, a uid or a phone, tried in that order (the
// order in which their shapes are least ambiguous), judged as Plausible
// does. When none is plausible it returns the kind the value looks most
// like, for the error message, and false.
func Classify(raw, defaultRegion string) (Kind, bool) {
	for _, k := range classifyOrder {
		if Plausible(k, raw, defaultRegion) {
			return k, true
		}
	}
	s := strings.ToLower(strings.TrimSpace(raw))
	for _, k := range Kinds {
		if specs[k].meant(s) {
			return k, false
		}
	}
	return UID, false
}
