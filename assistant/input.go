package assistant

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/enrich-dev/enrich/byname"
	"github.com/enrich-dev/enrich/export"
	"github.com/enrich-dev/enrich/internal/fill"
	"github.com/enrich-dev/enrich/sources"
)

// sheetInput says how to read an input sheet: the flags plan, run and
// export share on the command line, under the same names (--column is
// column, --default-region default_region).
type sheetInput struct {
	Sheet         string   `json:"sheet,omitempty" jsonschema:"worksheet of an .xlsx input; default the first visible sheet"`
	Column        []string `json:"column,omitempty" jsonschema:"identifier columns as KIND=HEADER, KIND one of linkedin, email, phone, uid (such as [\"email=Work Email\", \"email=Personal Email\"]), when detection picks the wrong ones; a kind named here is read only from the columns named, the other kinds are still detected"`
	DefaultRegion string   `json:"default_region,omitempty" jsonschema:"region of phone numbers written without a country code, as an ISO 3166 code such as US or DE; without it such numbers are invalid"`
	Prefer        []string `json:"prefer,omitempty" jsonschema:"identifier kinds to try first, such as [email, phone]; the others follow in the order linkedin, email, phone, uid"`
	HeaderRow     int      `json:"header_row,omitempty" jsonschema:"row number of the header, as the spreadsheet shows it; default: found among the first rows"`
	FindByName    string   `json:"find_by_name,omitempty" jsonschema:"auto (the default: rows without a usable identifier, or whose identifiers found nobody, are found by name and company when the sheet has both) or off"`
	Key           string   `json:"key,omitempty" jsonschema:"column of unique values that tells a database table's rows apart, by which they are written back; default the table's primary key"`
	Query         string   `json:"query,omitempty" jsonschema:"a SELECT on the input's database whose rows are read instead of its table; needs key"`
	Where         string   `json:"where,omitempty" jsonschema:"an SQL condition on the input database table's columns that selects the rows read, such as updated_at > '2026-11-01'; not with query, whose own WHERE says it"`
}

// byName reports whether rows may be found by name (find_by_name).
func (in sheetInput) byName() (bool, error) {
	on, err := byname.ParseMode(in.FindByName)
	if err != nil {
		return false, fmt.Errorf("find_by_name %w", err)
	}
	return on, nil
}

// options returns the reading options, or an error that says which input
// is wrong.
func (in sheetInput) options() (sources.Options, error) {
	if _, err := in.byName(); err != nil {
		return sources.Options{}, err
	}
	if in.HeaderRow < 0 {
		return sources.Options{}, fmt.Errorf("header_row %d: give the header's row number, 1 or more", in.HeaderRow)
	}
	opts, err := sources.ParseOptions(in.Sheet, in.Column, in.DefaultRegion, in.Prefer)
	opts.HeaderRow, opts.Key, opts.Query, opts.Where = in.HeaderRow, in.Key, in.Query, in.Where
	return opts, err
}

// duration parses an optional duration argument in Go syntax (90s, 5m).
func duration(name, s string) (time.Duration, error) {
	if s == "" {
		return 0, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil { // a negative one is refused by the engine's check
		return 0, fmt.Errorf("%s %q: give a duration such as 90s or 5m", name, s)
	}
	return d, nil
}

// fillInput is how a run or an export writes what it finds into the
// sheet's own columns; plan takes it to count what would be written.
type fillInput struct {
	Fill           []string `json:"fill,omitempty" jsonschema:"write what is found into the sheet's own columns: a rule for every field the sheet has a column for (blank: only into an empty cell; overwrite: where the found value differs; never), or FIELD=RULE for one field (email, personal_email, phone, mobile, title, company, location, city, country, linkedin, first_name, last_name, full_name, headline); without it nothing of the sheet's is touched"`
	FillColumn     []string `json:"fill_column,omitempty" jsonschema:"the column of a field to fill, as FIELD=HEADER, where its header does not say it"`
	FillConfidence string   `json:"fill_confidence,omitempty" jsonschema:"how sure a match by name must be to fill: high (the default) or medium; matches by an identifier always fill"`
	RecordID       string   `json:"record_id,omitempty" jsonschema:"column of the CRM's record id, for the list of filled cells; default a column headed Record ID, Id, Contact ID, Lead ID or crm_id"`
}

// rules returns the rules of filling, or an error that says which
// argument is wrong.
func (in fillInput) rules() (fill.Rules, error) {
	r, err := fill.Parse(in.Fill, in.FillColumn, in.FillConfidence, in.RecordID)
	if err != nil {
		return r, errors.New(argWords(err.Error()))
	}
	return r, nil
}

// outputInput shapes an output for a CRM's import.
type outputInput struct {
	Append        string `json:"append,omitempty" jsonschema:"enrich_* columns to append: all (the default), none, or the columns by name, comma-separated (status,email,phone)"`
	OnlyChanged   bool   `json:"only_changed,omitempty" jsonschema:"write only the rows in which a cell was filled, with the header: a file a CRM imports as an update"`
	Decisions     string `json:"decisions,omitempty" jsonschema:"a candidates sheet (CSV or .xlsx) whose marked choices settle ambiguous rows; default the one beside the output (OUTPUT.candidates.csv, and OUTPUT.candidates.xlsx)"`
	MinConfidence string `json:"min_confidence,omitempty" jsonschema:"how sure a match by name must be to be a match: medium (the default: name and company as written, or through a near miss that a place or title backs) or high (as written only); a match below it is ambiguous, its person proposed in the candidates sheet"`
}

// least returns the least confidence of a match by name
// (min_confidence), checked against the rules of filling r.
func (in outputInput) least(r fill.Rules) (string, error) {
	least, err := export.ParseMinConfidence(in.MinConfidence, r)
	if err != nil {
		return "", errors.New(argWords(err.Error()))
	}
	return least, nil
}

// output returns what the arguments say of an output: the rules of
// filling, the columns appended, and whether only changed rows go out.
func (in outputInput) output(f fillInput) (fill.Rules, []string, bool, error) {
	r, err := f.rules()
	if err != nil {
		return r, nil, false, err
	}
	cols, err := export.ParseAppend(in.Append)
	if err != nil {
		return r, nil, false, errors.New(argWords(err.Error()))
	}
	if in.OnlyChanged && !r.On() {
		return r, nil, false, errors.New("only_changed writes the rows a fill changed: give fill too, such as [\"blank\"]")
	}
	return r, cols, in.OnlyChanged, nil
}

// argWords says a flag's message in the words of the tools' arguments:
// --fill-column is fill_column.
func argWords(msg string) string {
	return flagName.ReplaceAllStringFunc(msg, func(f string) string {
		return strings.ReplaceAll(strings.TrimPrefix(f, "--"), "-", "_")
	})
}

var flagName = regexp.MustCompile(`--[a-z][a-z-]*`)
