package sinks

// Columns are the names of the columns appended to every row, in order.
var Columns = []string{
	"enrich_status",
	"enrich_identifier",
	"enrich_uid",
	"enrich_full_name",
	"enrich_headline",
	"enrich_title",
	"enrich_company",
	"enrich_location",
	"enrich_email",
	"enrich_emails",
	"enrich_phone",
	"enrich_phones",
	"enrich_linkedin",
	"enrich_skills",
}

// Status is the outcome of a row, as written in enrich_status.
type Status string

// The statuses of a row.
const (
	StatusSuccess           Status = "success"            // a profile was found
	StatusNotFound          Status = "not_found"          // every identifier was looked up; none matched
	StatusNoIdentifier      Status = "no_identifier"      // the row has no identifier at all
	StatusInvalidIdentifier Status = "invalid_identifier" // the row's identifiers are all invalid
	StatusCreditsExhausted  Status = "credits_exhausted"  // the account ran out of credits first
	StatusPending           Status = "pending"            // not resolved yet (the run stopped early)
	StatusError             Status = "error"              // the lookup failed; see enrich_error in JSONL
)

// Statuses lists every status.
var Statuses = []Status{StatusSuccess, StatusNotFound, StatusNoIdentifier, StatusInvalidIdentifier,
	StatusCreditsExhausted, StatusPending, StatusError}

// Valid reports whether s is one of the statuses.
func (s Status) Valid() bool {
	for _, v := range Statuses {
		if s == v {
			return true
		}
	}
	return false
}

// ListSeparator joins several values in one cell (enrich_emails, …).
const ListSeparator = "; "
