// Package wire spells the service's wire contract as the emulator speaks
// it: the paths of the endpoints, the header names, the item statuses, the
// company endpoints' status values and the error messages the interface
// documents.
//
// The client (package api) spells the same contract on its own, so that a
// misreading of the interface on one side is not silently shared by the
// other: each side has a test that pins its strings to the interface's
// text (spec/service-interface.md and spec/wire-contract.md). This package
// imports nothing of the client.
package wire

import "fmt"

// Paths of the service's endpoints (interface 4), relative to the base
// address.
const (
	PathLookup         = "/api/v1/candidate/search"
	PathSearch         = "/api/v1/candidate/searchByQuery"
	PathScroll         = "/api/v1/candidate/scrollSearch/" // + requestId
	PathCredits        = "/api/v1/credits"
	PathCompanyFind    = "/api/v1/company/findById"
	PathCompanyCount   = "/api/v1/company/getCount"
	PathCompanyInfo    = "/api/v1/company/info"
	PathCompanyProfile = "/api/v1/company/getProfiles"
)

// PathPrefix is the version prefix every endpoint lives under (interface 9).
const PathPrefix = "/api/v1/"

// Header names (interface 4, 5 and 6.1).
const (
	HeaderAPIKey      = "apikey"         // the account's key, on every request
	HeaderCreditsLeft = "X-Credits-Left" // the balance, on every response
	HeaderRequestID   = "Request-Id"     // the requestId, on every callback
)

// MaxItems is the most identifiers one lookup request may carry
// (interface 4.1 and 8).
const MaxItems = 100

// Item statuses of a person lookup (interface 3.1).
const (
	StatusSuccess         = "success"
	StatusFailed          = "failed"
	StatusCreditsOver     = "credits_are_over"
	StatusTimeoutExceeded = "timeout_exceeded"
	StatusDuplicateQuery  = "duplicate_query"
)

// Employee statuses the company endpoints take (interface 4.6 and 4.8).
const (
	EmployeesCurrent = "current"
	EmployeesPast    = "past"
	EmployeesBoth    = "both"
)

// Error messages the interface documents (interface 7, wire contract
// "Person lookup"). The other error messages are the emulator's own.
const (
	// MsgTooManyItems is the 406 for a lookup of more than MaxItems items.
	MsgTooManyItems = "Maximum 100 items are allowed in one request"
	// MsgLocationNotRecognized is the 422 for an unknown search location.
	MsgLocationNotRecognized = "Location is not recognized"
)

// MsgRateLimit returns the 429 message of the items-per-minute limit,
// which names the account's limit.
func MsgRateLimit(limit int) string {
	return fmt.Sprintf("Limit of %d items per minute is exceeded", limit)
}
