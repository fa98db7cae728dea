package main

import (
	"os"

	"github.com/spf13/pflag"

	"github.com/enrich-dev/enrich/export"
	"github.com/enrich-dev/enrich/internal/fill"
	"github.com/enrich-dev/enrich/sinks"
)

// fillFlags bind the flags that write the found people into the sheet's
// own rows: the rules of filling its columns, the columns appended, the
// rows written, the matches by name trusted and the choices among
// namesakes read back; run and export take them all, plan those that say
// what would be filled.
type fillFlags struct {
	rules, columns       []string
	confidence, recordID string
	appendCols           string
	onlyChanged          bool
	decisions            string
	minConfidence        string
	reportDir            string
	flags                *pflag.FlagSet
}

// register binds the flags; output adds those that shape the output
// (--append, --only-changed, --min-confidence, --decisions), which plan
// has none of.
func (ff *fillFlags) register(f *pflag.FlagSet, output bool) {
	ff.flags = f
	f.StringSliceVar(&ff.rules, "fill", nil,
		"write what is found into the sheet's own columns: a RULE for every field the sheet has a column for,\n"+
			"or FIELD=RULE for one (comma-separated or repeated). RULE: blank (only into an empty cell),\n"+
			"overwrite (where the found value differs) or never. FIELD: email, personal_email, phone, mobile, title,\n"+
			"company, location, city, country, linkedin, first_name, last_name, full_name, headline.\n"+
			"Without it nothing of the sheet's is touched (docs/crm.md)")
	f.StringArrayVar(&ff.columns, "fill-column", nil, "the column of a field to fill, as FIELD=HEADER, where its header does not say it (repeatable)")
	f.StringVar(&ff.confidence, "fill-confidence", "high", "how sure a match by name must be to fill: high, or medium (matches by an identifier always fill)")
	f.StringVar(&ff.recordID, "record-id", "", "column of the CRM's record id, for the list of filled cells (default: a column headed Record ID, Id, Contact ID, Lead ID, crm_id…)")
	if !output {
		return
	}
	f.StringVar(&ff.appendCols, "append", "all", "enrich_* columns to append: all, none, or the columns by name (status,email,phone);\n"+
		"none by default when the output is the input's own database table (docs/tables.md)")
	f.BoolVar(&ff.onlyChanged, "only-changed", false, "write only the rows in which a cell was filled (with the header and any rows above it): a file a CRM imports as an update")
	f.StringVar(&ff.minConfidence, "min-confidence", "medium", "how sure a match by name must be to be a match: medium (through a near miss that a place or title backs),\n"+
		"or high (name and company as written); a match below it is proposed in the candidates sheet (docs/finding-by-name.md)")
	f.StringVar(&ff.reportDir, "report-dir", "", "folder to write the report and the files beside the output into (the candidates, the cells filled,\n"+
		"the conflicts, the results kept), created if missing (default: beside the output; for a database's table, beside the journal)")
	f.StringVar(&ff.decisions, "decisions", "", "candidates sheet whose marked choices settle ambiguous rows: CSV or .xlsx as saved\n"+
		"(default: OUTPUT.candidates.csv, and OUTPUT.candidates.xlsx beside it, those that exist; docs/finding-by-name.md)")
}

// rulesOf returns the rules of filling the flags give, or a usage error.
func (ff *fillFlags) rulesOf() (fill.Rules, error) {
	r, err := fill.Parse(ff.rules, ff.columns, ff.confidence, ff.recordID)
	if err != nil {
		return r, usageErrorf("%w", err)
	}
	return r, nil
}

// output returns what the flags say of the output written from input:
// the rules of filling, the columns appended and whether only changed
// rows are written. An output that is the input's own database table
// appends nothing unless --append says so.
func (ff *fillFlags) output(input, output string) (fill.Rules, []string, bool, error) {
	r, err := ff.rulesOf()
	if err != nil {
		return r, nil, false, err
	}
	cols, err := export.ParseAppend(ff.appendCols)
	if err != nil {
		return r, nil, false, usageErrorf("%w", err)
	}
	if sinks.SameTable(output, input) && !ff.flags.Changed("append") {
		cols = []string{}
	}
	if ff.onlyChanged && !r.On() {
		return r, nil, false, usageErrorf("--only-changed writes the rows a fill changed: give --fill too, such as --fill blank")
	}
	return r, cols, ff.onlyChanged, nil
}

// leastConfidence returns the least confidence of a match by name
// (--min-confidence), checked against the rules of filling r, or a usage
// error.
func (ff *fillFlags) leastConfidence(r fill.Rules) (string, error) {
	least, err := export.ParseMinConfidence(ff.minConfidence, r)
	if err != nil {
		return "", usageErrorf("%w", err)
	}
	return least, nil
}

// sideDir returns the folder the files beside the output go to
// (--report-dir), created if missing, readable by its owner only (the
// candidates name people); "" when not given.
func (ff *fillFlags) sideDir() (string, error) {
	if ff.reportDir == "" {
		return "", nil
	}
	if err := os.MkdirAll(ff.reportDir, 0o700); err != nil {
		return "", usageErrorf("--report-dir %s: %w", ff.reportDir, err)
	}
	return ff.reportDir, nil
}
