package main

import (
	"errors"

	"github.com/spf13/pflag"

	"github.com/enrich-dev/enrich/byname"
	"github.com/enrich-dev/enrich/sources"
)

// inputFlags binds the flags that say how to read an input sheet; plan,
// run and export share them, so that one command line reads the sheet
// the same way in each.
type inputFlags struct {
	columns []string
	sheet   string
	region  string
	prefer  []string
	byName  string
	header  int
	key     string
	query   string
	where   string
}

func (in *inputFlags) register(f *pflag.FlagSet) {
	f.StringArrayVar(&in.columns, "column", nil,
		"identifier column as KIND=HEADER, KIND one of linkedin, email, phone, uid; repeat for several columns\n"+
			"(e.g. --column email=\"Work Email\" --column email=\"Personal Email\"); a kind named here is read\n"+
			"only from the columns named, the other kinds are still detected. The person's columns for finding\n"+
			"by name are named the same way: name, first_name, last_name, company (a name or web domain),\n"+
			"location (or city, state, country) and title (e.g. --column company=Organisation)")
	f.StringVar(&in.byName, "find-by-name", "auto",
		"find the person of a row without a usable identifier (or whose identifiers found nobody) by name and\n"+
			"company through the people search: auto (when the sheet has name and company columns) or off")
	f.StringVar(&in.sheet, "sheet", "", "worksheet to read from an .xlsx input (default: the first visible sheet)")
	f.IntVar(&in.header, "header-row", 0, "row number of the header, as the spreadsheet shows it (default: found among the first rows;\na title or note above it is kept in the output)")
	f.StringVar(&in.region, "default-region", "",
		"region of phone numbers written without a country code, as an ISO 3166 code such as US or DE;\n"+
			"without it such numbers are invalid")
	f.StringVar(&in.key, "key", "", "column of unique values that tells a database table's rows apart, by which they are written back\n(default: the table's primary key; docs/tables.md)")
	f.StringVar(&in.query, "query", "", "read the rows of this SELECT on the input's database instead of its table (needs --key; docs/tables.md)")
	f.StringVar(&in.where, "where", "", "read only the rows of the input's database table this SQL condition selects, such as\n\"updated_at > '2026-11-01'\" (docs/tables.md)")
	f.StringSliceVar(&in.prefer, "prefer", nil,
		"identifier kinds to try first, comma-separated (e.g. email,phone); kinds not named follow in the\n"+
			"default order linkedin, email, phone, uid")
}

// options returns the reading options the flags describe, or a usage
// error.
func (in *inputFlags) options() (sources.Options, error) {
	opts, err := sources.ParseOptions(in.sheet, in.columns, in.region, in.prefer)
	if err != nil {
		return opts, usageErrorf("%w", err)
	}
	if _, err := in.findByName(); err != nil {
		return opts, err
	}
	if in.header < 0 {
		return opts, usageErrorf("--header-row %d: give the header's row number, 1 or more (0 finds it)", in.header)
	}
	opts.HeaderRow = in.header
	opts.Key, opts.Query, opts.Where = in.key, in.query, in.where
	return opts, nil
}

// findByName reports whether rows may be found by name (--find-by-name).
func (in *inputFlags) findByName() (bool, error) {
	on, err := byname.ParseMode(in.byName)
	if err != nil {
		return false, usageErrorf("--find-by-name %q: use auto (find rows by name and company when the sheet has both) or off", in.byName)
	}
	return on, nil
}

// isInputError reports whether err is about the input sheet (unreadable,
// not a spreadsheet, malformed, or not matching the input flags), which
// commands report as bad input with exit code 2.
func isInputError(err error) bool {
	var ie *sources.InputError
	return errors.As(err, &ie)
}
