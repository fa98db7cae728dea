package wire

import "testing"

// TestStringsAreTheInterfaces pins every string of the package to the
// interface's text, copied here by hand from spec/service-interface.md and
// spec/wire-contract.md: a typo in a constant fails here even when the
// client spells it the same wrong way.
func TestStringsAreTheInterfaces(t *testing.T) {
	for _, tc := range []struct {
		where, got, spec string
	}{
		{"4.1 person lookup", PathLookup, "/api/v1/candidate/search"},
		{"4.2 people search", PathSearch, "/api/v1/candidate/searchByQuery"},
		{"4.3 scroll", PathScroll + "{requestId}", "/api/v1/candidate/scrollSearch/{requestId}"},
		{"4.4 credits", PathCredits, "/api/v1/credits"},
		{"4.5 findById", PathCompanyFind, "/api/v1/company/findById"},
		{"4.6 getCount", PathCompanyCount, "/api/v1/company/getCount"},
		{"4.7 info", PathCompanyInfo, "/api/v1/company/info"},
		{"4.8 getProfiles", PathCompanyProfile, "/api/v1/company/getProfiles"},
		{"9 versioning", PathPrefix, "/api/v1/"},

		{"5.1 key header", HeaderAPIKey, "apikey"},
		{"4 credits header", HeaderCreditsLeft, "X-Credits-Left"},
		{"6.1 callback header", HeaderRequestID, "Request-Id"},

		{"3.1 success", StatusSuccess, "success"},
		{"3.1 failed", StatusFailed, "failed"},
		{"3.1 credits over", StatusCreditsOver, "credits_are_over"},
		{"3.1 timeout", StatusTimeoutExceeded, "timeout_exceeded"},
		{"3.1 duplicate", StatusDuplicateQuery, "duplicate_query"},

		{"4.6 current", EmployeesCurrent, "current"},
		{"4.6 past", EmployeesPast, "past"},
		{"4.6 both", EmployeesBoth, "both"},

		{"wire contract: 406 too many items", MsgTooManyItems, "Maximum 100 items are allowed in one request"},
		{"wire contract: 429 per-minute limit", MsgRateLimit(600), "Limit of 600 items per minute is exceeded"},
		{"wire contract: 429 on a trial", MsgRateLimit(5), "Limit of 5 items per minute is exceeded"},
		{"7 unknown location", MsgLocationNotRecognized, "Location is not recognized"},
	} {
		if tc.got != tc.spec {
			t.Errorf("%s: the emulator spells %q, the interface %q", tc.where, tc.got, tc.spec)
		}
	}
	if MaxItems != 100 {
		t.Errorf("MaxItems = %d, the interface says 100", MaxItems)
	}
}
