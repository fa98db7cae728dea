package export

import (
	"encoding/csv"
	"errors"
	"fmt"
	"os"
	"strconv"

	"github.com/enrich-dev/enrich/internal/atomicfile"
	"github.com/enrich-dev/enrich/internal/sheet"
	"github.com/enrich-dev/enrich/sinks"
	"github.com/enrich-dev/enrich/state"
)

// CandidatesPath is the side sheet of an output's ambiguous rows.
func CandidatesPath(output string) string { return output + ".candidates.csv" }

// candidatesHeader is the side sheet's header: the row as the sheet gives
// it, then each candidate. The people search gives no profile URL; the
// uid, put in a column named uid, finds the person on the next run.
var candidatesHeader = []string{"row", "name", "company", "location", "title", "why",
	"candidate_uid", "candidate_name", "candidate_title", "candidate_company", "candidate_location", "candidate_left_company",
	"candidate_why"}

// ambiguousRow is a row found only by name whose search left several
// people to choose from.
type ambiguousRow struct {
	num        int
	person     sheet.Person
	why        string // the row's enrich_error: why it is here
	candidates []state.NameCandidate
}

// writeCandidates writes the side sheet of the ambiguous rows beside the
// output, atomically, or removes an older one when there are none. The
// cells are guarded like a CSV output's: a spreadsheet never runs them.
func writeCandidates(output string, rows []ambiguousRow) error {
	path := CandidatesPath(output)
	if len(rows) == 0 {
		if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
		return nil
	}
	f, err := atomicfile.Create(path)
	if err != nil {
		return err
	}
	defer f.Abort()
	w := csv.NewWriter(f)
	_ = w.Write(candidatesHeader)
	for _, r := range rows {
		p := r.person
		name := p.Name
		if name == "" {
			name = p.First + " " + p.Last
		}
		candidates := r.candidates
		if len(candidates) == 0 {
			candidates = []state.NameCandidate{{}} // too many to show: the row alone
		}
		for _, c := range candidates {
			moved := ""
			if c.UID != "" {
				moved = strconv.FormatBool(c.Moved)
			}
			cells := []string{strconv.Itoa(r.num), name, p.Company, p.Location, p.Title, r.why,
				c.UID, c.Name, c.Title, c.Company, c.Location, moved, c.Why}
			for i := range cells {
				cells[i] = sinks.Neutralize(cells[i])
			}
			_ = w.Write(cells)
		}
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return f.Commit()
}

// withMatchColumn returns columns with enrich_match and enrich_confidence
// after enrich_found_by (or last, when the list has none).
func withMatchColumn(columns []sinks.Column) []sinks.Column {
	out := make([]sinks.Column, 0, len(columns)+1)
	placed := false
	for _, c := range columns {
		out = append(out, c)
		if c.Name == sinks.ColumnFoundBy.Name {
			out, placed = append(out, sinks.ColumnMatch, sinks.ColumnConfidence), true
		}
	}
	if !placed {
		out = append(out, sinks.ColumnMatch, sinks.ColumnConfidence)
	}
	return out
}
