package sinks

import (
	"encoding/json"
	"strconv"

	"github.com/enrich-dev/enrich/internal/profile"
)

// Status is the outcome of a row, as written in enrich_status.
type Status string

// The statuses of a row.
const (
	StatusSuccess           Status = "success"            // a profile was found
	StatusNotFound          Status = "not_found"          // every identifier was looked up; none matched
	StatusAmbiguous         Status = "ambiguous"          // found only by name, and several people agree; enrich_error says what would settle it
	StatusNoIdentifier      Status = "no_identifier"      // the row has no identifier at all
	StatusInvalidIdentifier Status = "invalid_identifier" // the row's identifiers are all invalid
	StatusCreditsExhausted  Status = "credits_exhausted"  // the account ran out of credits first
	StatusPending           Status = "pending"            // not resolved yet (the run stopped early)
	StatusError             Status = "error"              // the lookup failed; enrich_error says why
	StatusSuppressed        Status = "suppressed"         // the person asked to be forgotten (enrich forget): never looked up
)

// Statuses lists every status.
var Statuses = []Status{StatusSuccess, StatusNotFound, StatusAmbiguous, StatusNoIdentifier, StatusInvalidIdentifier,
	StatusCreditsExhausted, StatusPending, StatusError, StatusSuppressed}

// Valid reports whether s is one of the statuses.
func (s Status) Valid() bool {
	for _, v := range Statuses {
		if s == v {
			return true
		}
	}
	return false
}

// FoundByName is the enrich_found_by of a person found by name and company.
const FoundByName = "name+company"

// FoundByChosen is the enrich_found_by of a person chosen among the
// candidates of an ambiguous row (docs/finding-by-name.md).
const FoundByChosen = "chosen"

// ListSeparator joins several values in one cell (enrich_emails, …).
const ListSeparator = profile.ListSeparator

// Outcome is what the pipeline knows about a row when it is written.
type Outcome struct {
	Status     Status
	Identifier string // the normalized identifier that was matched, or tried last
	// FoundBy says how the person was found: the kind of the identifier
	// (linkedin, email, phone, uid), or FoundByName.
	FoundBy string
	// Match says, for a person found by name, what agreed with the row
	// ("name, company, location").
	Match string
	// Confidence says, for a person found by name, how sure the match is:
	// "high" or "medium" (docs/finding-by-name.md).
	Confidence string
	// Score says, for a person found by name, how sure the match is as a
	// number from 0 to 100 (docs/finding-by-name.md); 0 is unknown.
	Score   int
	Profile *profile.Record // the profile's values, for StatusSuccess; nil otherwise
	// Cells, when set, keep Profile's columns as an output formatted
	// them; every outcome of the same Profile may share them.
	Cells     *Cells
	Candidate json.RawMessage // the raw profile the service returned, for JSONL; may be nil
	// Previous is the profile an earlier answer gave, for JSONL, when a
	// refresh looked the identifier up again; nil otherwise.
	Previous json.RawMessage
	// Error says why, for StatusError (the last reason) and
	// StatusInvalidIdentifier (what is wrong with the value).
	Error string
	// Extra holds the values of columns an export adds after the
	// standard ones (see ExtraColumn), by column name.
	Extra map[string]string
	// Fills are the cells of the row's own columns that the export
	// fills, in any order (a column named twice takes its last value);
	// every writer writes the row with those cells replaced and every
	// other cell as the input held it. Nil fills nothing. An export
	// decides them; writers only write them (see Fill).
	Fills []Fill
}

// Column is one appended column: its header and how a row's outcome gives
// its value. An export chooses its list (Options.Columns); DefaultColumns
// is the standard one.
type Column struct {
	Name  string
	Value func(*Outcome) string
	// FromProfile marks the columns derived from the profile; JSONL
	// leaves them out, since it carries the whole profile.
	FromProfile bool
}

// profileColumn is a column whose value is a field of the profile record.
func profileColumn(name string, field func(*profile.Record) string) Column {
	return Column{Name: name, FromProfile: true, Value: func(o *Outcome) string {
		if o.Profile == nil {
			return ""
		}
		return field(o.Profile)
	}}
}

// The standard appended columns.
var (
	ColumnStatus     = Column{Name: "enrich_status", Value: func(o *Outcome) string { return string(o.Status) }}
	ColumnIdentifier = Column{Name: "enrich_identifier", Value: func(o *Outcome) string { return o.Identifier }}
	ColumnFoundBy    = Column{Name: "enrich_found_by", Value: func(o *Outcome) string { return o.FoundBy }}
	// ColumnMatch is added to the output of a sheet whose rows may be
	// found by name.
	ColumnMatch = Column{Name: "enrich_match", Value: func(o *Outcome) string { return o.Match }}
	// ColumnConfidence follows ColumnMatch: how sure a match by name is.
	ColumnConfidence = Column{Name: "enrich_confidence", Value: func(o *Outcome) string { return o.Confidence }}
	ColumnError      = Column{Name: "enrich_error", Value: func(o *Outcome) string { return o.Error }}
)

// ColumnScore follows ColumnConfidence: how sure a match by name is, as
// a number; empty when unknown (a search journaled before scores, a
// person's choice).
var ColumnScore = Column{Name: "enrich_score", Value: func(o *Outcome) string {
	if o.Score <= 0 {
		return ""
	}
	return strconv.Itoa(o.Score)
}}

// DefaultColumns returns the sixteen standard appended columns, in order:
// status, identifier, how the person was found, the profile's values,
// and enrich_error. An export
// that adds columns appends them to this list.
func DefaultColumns() []Column {
	return []Column{
		ColumnStatus,
		ColumnIdentifier,
		ColumnFoundBy,
		profileColumn("enrich_uid", func(r *profile.Record) string { return r.UID }),
		profileColumn("enrich_full_name", func(r *profile.Record) string { return r.FullName }),
		profileColumn("enrich_headline", func(r *profile.Record) string { return r.Headline }),
		profileColumn("enrich_title", func(r *profile.Record) string { return r.Title }),
		profileColumn("enrich_company", func(r *profile.Record) string { return r.Company }),
		profileColumn("enrich_location", func(r *profile.Record) string { return r.Location }),
		profileColumn("enrich_email", func(r *profile.Record) string { return r.Email }),
		profileColumn("enrich_emails", func(r *profile.Record) string { return r.Emails }),
		profileColumn("enrich_phone", func(r *profile.Record) string { return r.Phone }),
		profileColumn("enrich_phones", func(r *profile.Record) string { return r.Phones }),
		profileColumn("enrich_linkedin", func(r *profile.Record) string { return r.LinkedIn }),
		profileColumn("enrich_skills", func(r *profile.Record) string { return r.Skills }),
		ColumnError,
	}
}

// ExtraColumn is a column whose value an export puts in Outcome.Extra
// under its name (such as enrich_changed).
func ExtraColumn(name string) Column {
	return Column{Name: name, Value: func(o *Outcome) string { return o.Extra[name] }}
}

// ColumnNames returns the headers of columns.
func ColumnNames(columns []Column) []string {
	names := make([]string, len(columns))
	for i, c := range columns {
		names[i] = c.Name
	}
	return names
}

// values returns a row's appended values, in the order of columns.
func values(columns []Column, out *Outcome, dst []string) []string {
	dst = dst[:0]
	for _, c := range columns {
		dst = append(dst, c.Value(out))
	}
	return dst
}
