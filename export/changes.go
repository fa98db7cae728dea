package export

import (
	"context"
	"sort"
	"strings"
	"time"

	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/internal/ident"
	"github.com/enrich-dev/enrich/internal/profile"
	"github.com/enrich-dev/enrich/report"
	"github.com/enrich-dev/enrich/sinks"
	"github.com/enrich-dev/enrich/state"
)

// The columns a refresh run adds after enrich_error.
const (
	ColumnChanged         = "enrich_changed"
	ColumnPreviousCompany = "enrich_previous_company"
	ColumnPreviousTitle   = "enrich_previous_title"
	ColumnCheckedAt       = "enrich_checked_at"
)

// RefreshColumns are the appended columns of a refresh run: the standard
// ones, then what changed since the previous answer.
func RefreshColumns() []sinks.Column {
	cols := sinks.DefaultColumns()
	for _, name := range []string{ColumnChanged, ColumnPreviousCompany, ColumnPreviousTitle, ColumnCheckedAt} {
		cols = append(cols, sinks.ExtraColumn(name))
	}
	return cols
}

// changed lists what a user acts on that differs between two answers for
// the same identifier: current company and title, location, the best
// e-mail (work first), the phones.
func changed(prev, now *profile.Record) []string {
	var out []string
	for _, f := range []struct {
		name   string
		before string
		after  string
	}{
		{"company", prev.Company, now.Company},
		{"title", prev.Title, now.Title},
		{"location", prev.Location, now.Location},
		{"email", prev.Email, now.Email},
		{"phones", prev.Phones, now.Phones},
	} {
		if !strings.EqualFold(strings.TrimSpace(f.before), strings.TrimSpace(f.after)) {
			out = append(out, f.name)
		}
	}
	return out
}

// movedJob reports whether an answer shows another current company or
// title than the previous one.
func movedJob(prev, now *profile.Record) bool {
	for _, c := range changed(prev, now) {
		if c == "company" || c == "title" {
			return true
		}
	}
	return false
}

// Change is a person whose current company or title changed between two
// answers stored in a journal.
type Change = report.Change

// Changes lists, from the journal alone, every person whose current
// company or title changed between an answer stored before since and one
// stored at or after it: one entry each, in the order of their names.
func Changes(ctx context.Context, j *state.Journal, withoutContacts bool, since time.Time) ([]Change, error) {
	mode := state.ModeOf(withoutContacts)
	seen := map[string]bool{}
	var out []Change
	err := j.EachRefreshed(mode, since, func(r state.Refreshed) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		if r.Now == nil || r.Previous == nil {
			return nil
		}
		// Answers stored for another identifier (a journal damaged or
		// salvaged) say nothing of this one's person.
		kind, _ := ident.Classify(r.ID, "")
		id := ident.ID{Kind: kind, Value: r.ID}
		now, nowItem := decodeResult(r.Now)
		prev, prevItem := decodeResult(r.Previous)
		if !sameIdentifier(id, nowItem) || !sameIdentifier(id, prevItem) || !movedJob(&prev, &now) || seen[now.UID] {
			return nil
		}
		seen[now.UID] = true
		out = append(out, Change{
			Name: now.FullName, UID: now.UID, Identifier: r.ID, Origin: r.Lookup.Origin,
			From:    report.Job{Company: prev.Company, Title: prev.Title},
			To:      report.Job{Company: now.Company, Title: now.Title},
			Changed: changed(&prev, &now), Before: r.Lookup.PreviousAt.UTC(), Seen: r.Lookup.Updated.UTC(),
		})
		return nil
	})
	sort.SliceStable(out, func(a, b int) bool { return out[a].Name < out[b].Name })
	return out, err
}

// decodeResult decodes a stored result's profile and the item it
// answers ("" when it cannot be read).
func decodeResult(raw []byte) (profile.Record, string) {
	var res wire.Result
	if res.UnmarshalJSON(raw) != nil {
		return profile.Record{}, ""
	}
	return profile.Decode(res.Candidate), res.Item
}

// ChangeRow is one line of `enrich changes`: its fields' tags are the
// file's columns, for CSV, XLSX and JSONL alike.
type ChangeRow struct {
	Name        string `csv:"name"`
	Identifier  string `csv:"identifier"`
	Origin      string `csv:"input_row"`
	FromCompany string `csv:"from_company"`
	FromTitle   string `csv:"from_title"`
	ToCompany   string `csv:"to_company"`
	ToTitle     string `csv:"to_title"`
	Changed     string `csv:"changed"`
	Before      string `csv:"before"`
	Seen        string `csv:"seen"`
	UID         string `csv:"uid"`
}

// RowOf is the change as a line of the changes file.
func RowOf(c Change) ChangeRow {
	return ChangeRow{
		Name: c.Name, Identifier: c.Identifier, Origin: c.Origin,
		FromCompany: c.From.Company, FromTitle: c.From.Title, ToCompany: c.To.Company, ToTitle: c.To.Title,
		Changed: strings.Join(c.Changed, "; "), Before: c.Before.Format(time.RFC3339), Seen: c.Seen.Format(time.RFC3339), UID: c.UID,
	}
}

// WriteChanges writes changes to path (.csv, .xlsx or .jsonl), atomically.
func WriteChanges(path string, changes []Change) error {
	w, err := sinks.CreateTable[ChangeRow](path)
	if err != nil {
		return err
	}
	defer w.Abort()
	for _, c := range changes {
		if err := w.Write(RowOf(c), nil); err != nil {
			return err
		}
	}
	return w.Commit()
}
