package ident

import "fmt"

// ID is one valid identifier found in a row.
type ID struct {
	Kind   Kind
	Value  string // normalized: what is submitted and deduplicated
	Raw    string // as it was in the cell
	Column int    // 0-based index of the cell in the row
}

// Normalize returns the normalized form of raw as an identifier of the given
// kind. defaultRegion (an ISO 3166 region such as "US", or "") is the region
// of phone numbers written without a country code. The error's text is the
// reason the value was rejected, written for a user.
func Normalize(kind Kind, raw, defaultRegion string) (string, error) {
	if !kind.valid() {
		return "", fmt.Errorf("unknown identifier kind %d", int(kind))
	}
	return specs[kind].normalize(raw, defaultRegion)
}
