package ident

import (
	"fmt"
	"strings"

	"github.com/nyaruka/phonenumbers"
)

// regionHints maps codes people write for a region to its ISO 3166 code.
var regionHints = map[string]string{"UK": "GB", "EN": "GB", "USA": "US", "GER": "DE"}

// CheckRegion validates a default phone region (an ISO 3166-1 alpha-2 code
// such as US or DE, any case) and returns it upper-cased. The empty string
// means no region and is valid.
func CheckRegion(region string) (string, error) {
	r := strings.ToUpper(strings.TrimSpace(region))
	if r == "" {
		return "", nil
	}
	if phonenumbers.GetSupportedRegions()[r] {
		return r, nil
	}
	if hint, ok := regionHints[r]; ok {
		return "", fmt.Errorf("unknown region %q: did you mean %s?", region, hint)
	}
	return "", fmt.Errorf("unknown region %q: use a two-letter ISO 3166 code such as US, GB or DE", region)
}
