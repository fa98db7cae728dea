package export

import (
	"strings"

	"github.com/enrich-dev/enrich/internal/sheet"
	"github.com/enrich-dev/enrich/report"
	"github.com/enrich-dev/enrich/sinks"
	"github.com/enrich-dev/enrich/sources"
	"github.com/enrich-dev/enrich/state"
)

// RowCounts counts output rows by status.
type RowCounts map[sinks.Status]int

// Total returns the number of rows.
func (c RowCounts) Total() int {
	n := 0
	for _, v := range c {
		n += v
	}
	return n
}

// Result is what an export wrote.
type Result struct {
	// Rows counts the input's rows by status; Written those written to
	// the output: every one, or with OnlyChanged those a fill changed.
	Rows    RowCounts
	Written int
	// Ambiguous counts the rows found only by name whose candidates went
	// to the side sheet (CandidatesPath); ByName the rows found by name,
	// Moved those of them found at a company the person left.
	Ambiguous, ByName, Moved int
	// High and Medium count the rows found by name by their confidence;
	// NameNotFound the rows searched by name whose person nobody agrees
	// with.
	High, Medium, NameNotFound int
	// Coverage is what the rows found hold; Fix the rows to mend.
	Coverage report.Coverage
	Fix      report.RowsToFix
	// Fill is what the export wrote into the sheet's own columns; nil
	// when it was not asked to.
	Fill *report.Fill
	// Damaged counts the rows written as error because the journal's
	// record of their lookup's result is damaged (it does not decompress or
	// decode, or it names another identifier). Running again looks those
	// identifiers up again.
	Damaged int
}

// countByName counts a row found by name, by confidence, and when the
// person has left the row's company.
func (res *Result) countByName(out *sinks.Outcome) {
	if out.FoundBy != sinks.FoundByName {
		return
	}
	res.ByName++
	if strings.Contains(out.Match, state.AgreedPastCompany) {
		res.Moved++
	}
	switch out.Confidence {
	case state.ConfidenceHigh:
		res.High++
	case state.ConfidenceMedium:
		res.Medium++
	}
}

// tally counts a written row in the coverage, or among the rows to fix.
func (x *Exporter) tally(res *Result, row sheet.Row, out *sinks.Outcome) {
	switch out.Status {
	case sinks.StatusSuccess:
		p := out.Profile // every found row's outcome holds its decoded profile
		res.Coverage.Found++
		if p == nil {
			return
		}
		if p.WorkEmail {
			res.Coverage.WorkEmail++
		}
		if p.Email != "" {
			res.Coverage.Email++
		}
		if p.Phone != "" {
			res.Coverage.Phone++
		}
	case sinks.StatusNotFound:
		// A row searched by name and not found says why: a typo in the
		// name or the company is the user's to mend.
		if out.Error != "" && x.byName {
			res.NameNotFound++
			res.Fix.Add(report.FixRow{Row: row.Num, Key: x.keyOf(row), Name: x.personName(row), Status: string(out.Status), Why: out.Error})
		}
	case sinks.StatusInvalidIdentifier, sinks.StatusAmbiguous, sinks.StatusError:
		res.Fix.Add(report.FixRow{Row: row.Num, Key: x.keyOf(row), Name: x.personName(row), Status: string(out.Status), Why: out.Error})
	case sinks.StatusNoIdentifier:
		why := "no profile URL, e-mail, phone or uid"
		if x.byName {
			why += ", and no name with a company to search by"
		}
		res.Fix.Add(report.FixRow{Row: row.Num, Key: x.keyOf(row), Name: x.personName(row), Status: string(out.Status), Why: why})
	}
}

// keyOf is the row's key, for a database's table (or a file written into
// one by --key); "" otherwise.
func (x *Exporter) keyOf(row sheet.Row) string {
	if x.key < 0 || x.key >= len(row.Cells) {
		return ""
	}
	return row.Cells[x.key]
}

// personName is the name a row gives its person, on a sheet with person
// columns, for the rows to fix; "" when it gives none.
func (x *Exporter) personName(row sheet.Row) string {
	if len(x.people) == 0 {
		return ""
	}
	p := sources.PersonOf(x.people, row.Cells)
	if p.Name != "" {
		return p.Name
	}
	return strings.TrimSpace(p.First + " " + p.Last)
}
