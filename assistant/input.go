package assistant

import (
	"fmt"
	"time"

	"github.com/enrich-dev/enrich/byname"
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
	opts.HeaderRow = in.HeaderRow
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
