package export

import (
	"encoding/csv"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/enrich-dev/enrich/internal/atomicfile"
	"github.com/enrich-dev/enrich/internal/fill"
	"github.com/enrich-dev/enrich/internal/ident"
	"github.com/enrich-dev/enrich/internal/places"
	"github.com/enrich-dev/enrich/internal/profile"
	"github.com/enrich-dev/enrich/internal/sheet"
	"github.com/enrich-dev/enrich/report"
	"github.com/enrich-dev/enrich/sinks"
	"github.com/enrich-dev/enrich/sources"
)

// filler fills the cells of an export's rows: the sheet's columns that a
// rule lets it write, and how each writes its values.
type filler struct {
	rules    fill.Rules
	columns  []sources.FillColumn // those whose rule is not never
	styles   map[int]ident.PhoneStyle
	region   string
	recordID int // the column of the record id, or -1
}

// newFiller returns the filler of table t, or nil when nothing is filled.
func newFiller(f fill.Rules, t *sources.Table, region string) (*filler, error) {
	if !f.On() {
		return nil, nil
	}
	cols, err := t.FillColumns(f.Columns)
	if err != nil {
		return nil, err
	}
	id, err := t.RecordIDColumn(f.RecordID)
	if err != nil {
		return nil, err
	}
	x := &filler{rules: f, styles: map[int]ident.PhoneStyle{}, region: region, recordID: id}
	for _, c := range cols {
		if f.Rule(c.Field) == fill.Never {
			continue
		}
		x.columns = append(x.columns, c)
		if c.Field == fill.Phone || c.Field == fill.Mobile {
			x.styles[c.Index] = ident.PhoneStyleOf(t.Sample(c.Index), region)
		}
	}
	return x, nil
}

// filledCell is one cell an export filled, as OUTPUT.filled.csv lists it.
type filledCell struct {
	row                int
	recordID, column   string
	before, after      string
	foundBy, certainty string
}

// chunkFills are the cells the rows of a chunk filled, and the count per
// column of the cells filled and of those kept because they held a value.
type chunkFills struct {
	cells        []filledCell
	filled, kept map[int]int
}

func newChunkFills() chunkFills {
	return chunkFills{filled: map[int]int{}, kept: map[int]int{}}
}

// add adds a chunk's fills, the chunks taken in file order.
func (f *chunkFills) add(c chunkFills) {
	f.cells = append(f.cells, c.cells...)
	for i, n := range c.filled {
		f.filled[i] += n
	}
	for i, n := range c.kept {
		f.kept[i] += n
	}
}

// drop takes out of the cells filled those an output written back into
// its table left for a conflict.
func (f *chunkFills) drop(conflicts []sinks.Conflict, x *filler) {
	if len(conflicts) == 0 {
		return
	}
	type at struct {
		row    int
		column string
	}
	left := map[at]bool{}
	for _, c := range conflicts {
		left[at{c.Row, c.Column}] = true
	}
	f.cells = slices.DeleteFunc(f.cells, func(c filledCell) bool { return left[at{c.row, c.column}] })
	for _, c := range x.columns {
		for _, k := range conflicts {
			if k.Column == c.Header {
				f.filled[c.Index]--
			}
		}
	}
}

// ConflictsPath is the list of the cells an output written back into its
// input's table left as it found them: changed in the table since the
// run read them.
func ConflictsPath(output string) string { return output + ".conflicts.csv" }

// conflictsHeader heads the list of conflicts.
var conflictsHeader = []string{"row", "key", "column", "read", "now", "not_written"}

// writeConflicts writes the list of conflicts (ConflictsPath).
func writeConflicts(output string, conflicts []sinks.Conflict) error {
	rows := make([][]string, len(conflicts))
	for i, c := range conflicts {
		rows[i] = []string{strconv.Itoa(c.Row), c.Key, c.Column, c.Was, c.Now, c.Value}
	}
	return writeList(ConflictsPath(output), conflictsHeader, rows)
}

// writeList writes a list beside the output as CSV, atomically, its
// cells guarded against formulas (sinks.Neutralize).
func writeList(path string, header []string, rows [][]string) error {
	f, err := atomicfile.Create(path)
	if err != nil {
		return err
	}
	defer f.Abort()
	w := csv.NewWriter(f)
	_ = w.Write(header)
	for _, row := range rows {
		for i := range row {
			row[i] = sinks.Neutralize(row[i])
		}
		_ = w.Write(row)
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return f.Commit()
}

// report is what the fills of a whole export come to, for its report.
func (x *filler) report(f chunkFills, file string) *report.Fill {
	r := &report.Fill{File: file, Columns: []report.FillColumn{}}
	for _, c := range x.columns {
		col := report.FillColumn{Column: c.Header, Field: string(c.Field), Rule: string(x.rules.Rule(c.Field)),
			Filled: f.filled[c.Index], Kept: f.kept[c.Index]}
		r.Columns = append(r.Columns, col)
		r.Filled += col.Filled
		r.Kept += col.Kept
	}
	return r
}

// trusts reports whether an outcome's person may fill the row: found by
// an identifier or chosen by a person, or by name with high confidence
// (medium too, with --fill-confidence medium).
func (x *filler) trusts(out *sinks.Outcome) bool {
	if out.Status != sinks.StatusSuccess || out.Profile == nil {
		return false
	}
	if out.FoundBy != sinks.FoundByName {
		return true
	}
	return out.Confidence == "high" || x.rules.Medium && out.Confidence == "medium"
}

// row decides the fills of a row: out.Fills, and the cells filled and kept.
func (x *filler) row(row sheet.Row, out *sinks.Outcome, t *chunkFills) {
	if t.filled == nil {
		*t = newChunkFills()
	}
	if !x.trusts(out) {
		return
	}
	for _, c := range x.columns {
		v := x.value(c, out.Profile)
		if v == "" {
			continue
		}
		cell := ""
		if c.Index < len(row.Cells) {
			cell = row.Cells[c.Index]
		}
		empty := strings.TrimSpace(cell) == "" || sources.IsPlaceholder(strings.TrimSpace(cell))
		switch {
		case x.rules.Rule(c.Field) == fill.Blank && !empty:
			if !x.same(c, cell, v) {
				t.kept[c.Index]++
			}
			continue
		case !empty && x.same(c, cell, v):
			continue
		}
		out.Fills = append(out.Fills, sinks.Fill{Column: c.Index, Value: v})
		t.filled[c.Index]++
		id := ""
		if x.recordID >= 0 && x.recordID < len(row.Cells) {
			id = row.Cells[x.recordID]
		}
		t.cells = append(t.cells, filledCell{row: row.Num, recordID: id, column: c.Header, before: cell, after: v,
			foundBy: out.FoundBy, certainty: certainty(out)})
	}
}

// certainty is how sure a fill's match is: high for an identifier or a
// person's choice, the match's own for one by name.
func certainty(out *sinks.Outcome) string {
	if out.FoundBy == sinks.FoundByName {
		return out.Confidence
	}
	return "high"
}

// value is what column c is filled with from a found person, as the
// column writes it; "" when the person has none the column may take.
func (x *filler) value(c sources.FillColumn, r *profile.Record) string {
	switch c.Field {
	case fill.Email:
		switch {
		case c.Work && r.WorkMailSure:
			return r.WorkMail
		case c.Work:
			return "" // a work column takes only a work address the service is sure of
		case r.WorkMail != "":
			return r.WorkMail
		case r.PersonalMail != "":
			return r.PersonalMail
		}
		return r.Email // an address the service gives no kind
	case fill.PersonalEmail:
		return r.PersonalMail
	case fill.Phone:
		v := r.Phone
		if c.Work {
			v = ""
			if r.WorkPhoneSure {
				v = r.WorkPhone
			}
		}
		return x.phone(c, v)
	case fill.Mobile:
		return x.phone(c, r.Mobile)
	case fill.Title:
		return r.Title
	case fill.Company:
		return r.Company
	case fill.Location:
		return r.Location
	case fill.City:
		city, _ := cityCountry(r.Location)
		return city
	case fill.Country:
		_, country := cityCountry(r.Location)
		return country
	case fill.LinkedIn:
		return r.LinkedIn
	case fill.FirstName:
		first, _ := splitName(r.FullName)
		return first
	case fill.LastName:
		_, last := splitName(r.FullName)
		return last
	case fill.FullName:
		return r.FullName
	case fill.Headline:
		return r.Headline
	}
	return ""
}

// phone spells a number in its column's style.
func (x *filler) phone(c sources.FillColumn, e164 string) string {
	if !strings.HasPrefix(e164, "+") {
		return e164
	}
	return x.styles[c.Index].Format(e164)
}

// same reports whether a cell already says what the found value says:
// the same address, number, profile, place or words.
func (x *filler) same(c sources.FillColumn, cell, v string) bool {
	cell, v = strings.TrimSpace(cell), strings.TrimSpace(v)
	switch c.Field {
	case fill.Email, fill.PersonalEmail:
		return strings.EqualFold(cell, v)
	case fill.Phone, fill.Mobile:
		a, errA := ident.NormalizePhone(cell, x.region)
		b, errB := ident.NormalizePhone(v, x.region)
		return errA == nil && errB == nil && a == b
	case fill.LinkedIn:
		a, errA := ident.NormalizeLinkedIn(cell)
		b, errB := ident.NormalizeLinkedIn(v)
		return errA == nil && errB == nil && a == b
	case fill.Country:
		a, b := places.Parse(cell).Country, places.Parse(v).Country
		return a != "" && a == b || places.Fold(cell) == places.Fold(v)
	}
	return places.Fold(cell) == places.Fold(v)
}

// cityCountry reads a profile's location ("San Francisco, California,
// United States") as its city and its country, each as written; the
// country a city alone lies in, in English, when the location says none.
func cityCountry(location string) (city, country string) {
	p := places.Parse(location)
	parts := strings.Split(location, ",")
	if p.City != "" {
		city = strings.TrimSpace(parts[0])
	}
	switch {
	case p.Country == "":
	case p.Inferred:
		country = places.CountryName(p.Country)
	default:
		country = strings.TrimSpace(parts[len(parts)-1])
	}
	return city, country
}

// splitName reads a full name as its given name (the first word) and its
// family name (the rest).
func splitName(full string) (first, last string) {
	first, last, _ = strings.Cut(strings.TrimSpace(full), " ")
	return first, strings.TrimSpace(last)
}

// FilledPath is the list of the cells an output filled, beside it.
func FilledPath(output string) string { return output + ".filled.csv" }

// filledHeader is the header of the list of filled cells.
var filledHeader = []string{"row", "record_id", "column", "before", "after", "found_by", "confidence"}

// writeFilled writes the list of the cells an export filled beside its
// output, atomically: the row as the spreadsheet numbers it, the record
// id, the column, the value before and after, how the person was found
// and how sure. The cells are guarded as a CSV output's are.
func writeFilled(output string, cells []filledCell) error {
	rows := make([][]string, len(cells))
	for i, c := range cells {
		rows[i] = []string{strconv.Itoa(c.row), c.recordID, c.column, c.before, c.after, c.foundBy, c.certainty}
	}
	return writeList(FilledPath(output), filledHeader, rows)
}

// CheckFill refuses, before anything is spent, rules that name a column
// the sheet does not have (--fill-column, --record-id).
func CheckFill(input string, src sources.Options, rules fill.Rules) error {
	if !rules.On() {
		return nil
	}
	t, err := sources.Open(input, src)
	if err != nil {
		return err
	}
	defer t.Close()
	if _, err := t.FillColumns(rules.Columns); err != nil {
		return err
	}
	_, err = t.RecordIDColumn(rules.RecordID)
	return err
}
