// Package plan answers, offline and for free, what a run of a sheet would
// do: the identifier columns it would read, how many lookups, how many a
// journal already answers, the invalid values, and how long it would take
// at the budget.
package plan

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/internal/fill"
	"github.com/enrich-dev/enrich/internal/human"
	"github.com/enrich-dev/enrich/internal/ident"
	"github.com/enrich-dev/enrich/sinks"
	"github.com/enrich-dev/enrich/sources"
	"github.com/enrich-dev/enrich/state"
)

// Options say what to plan.
type Options struct {
	Input          string
	Source         sources.Options
	ItemsPerMinute int // the lookup budget; wire.ItemsPerMinute if zero

	// Resolved, if set, counts how many of a batch of identifiers are
	// already resolved in the journal. Every distinct identifier is in
	// exactly one batch, and the count lands in Plan.Resolved. Plan
	// without a journal leaves it nil. Resolved and Due are called on a
	// goroutine of their own, one batch after the other.
	Resolved func(ids []ident.ID) int
	// Due, if set, counts how many of a batch of identifiers have an
	// answer a refresh would look up again; the count lands in Plan.Refresh.
	Due func(ids []ident.ID) int

	// ByName counts the searches by name and company a run would make
	// (--find-by-name); Searched, if set, says whether the journal holds
	// a search already, by its key (match.Key).
	ByName   bool
	Searched func(key string) bool

	// Fill, when on, counts what a run with these rules would write into
	// the sheet's own columns (Plan.Fill).
	Fill fill.Rules
}

// Plan is what a run over the input would look up and cost, computed
// offline by reading the whole input once.
type Plan struct {
	Input     string       `json:"input"`
	Format    string       `json:"format"`
	Encoding  string       `json:"encoding"`
	Delimiter string       `json:"delimiter"`
	Sheet     string       `json:"sheet"`
	Key       string       `json:"key"` // a database table's key column; "" for a file
	HeaderRow int          `json:"header_row"`
	Waterfall []ident.Kind `json:"waterfall"`
	Columns   []Column     `json:"columns"`

	Rows                  int       `json:"rows"`
	RowsWithIdentifier    int       `json:"rows_with_identifier"`
	RowsWithOnlyInvalid   int       `json:"rows_with_only_invalid_identifiers"`
	RowsWithoutIdentifier int       `json:"rows_without_identifier"`
	InvalidIdentifiers    int       `json:"invalid_identifiers"`
	Invalid               []Invalid `json:"invalid_by_reason"`
	DuplicateRows         int       `json:"duplicate_rows"`
	UniqueLookups         int       `json:"unique_lookups"`
	FirstChoiceLookups    int       `json:"first_choice_lookups"`
	WorstCaseCredits      int       `json:"worst_case_credits"`
	ItemsPerMinute        int       `json:"items_per_minute"`
	FirstChoiceLookupTime Duration  `json:"first_choice_lookup_time"`
	AllLookupTime         Duration  `json:"all_lookup_time"`

	// Resolved is how many of the unique lookups the journal already
	// resolved; nil when no journal was consulted. The counts and times
	// above do not subtract them.
	Resolved *int `json:"resolved"`
	// Refresh is how many of those a run with --refresh-older-than looks
	// up again, at most: one credit each it finds again.
	Refresh *int `json:"refresh"`

	// People are the columns that name a row's person, for finding by
	// name; ByName is what finding by name would do (nil when it is off
	// or the sheet has no name and company columns).
	People []PersonColumn `json:"person_columns"`
	ByName *ByName        `json:"by_name"`
	// Fill is what a run with --fill would write into the sheet's own
	// columns, column by column; nil without --fill.
	Fill []FillColumn `json:"fill"`
	// nameAndCompany says the person columns give a name and a company.
	nameAndCompany bool
	layout         sources.Layout

	// Warnings say what a run would refuse or regret before spending:
	// a sheet that an .xlsx output cannot hold.
	Warnings []string `json:"warnings"`
}

// MarshalJSON writes every key of the plan whatever the sheet: lists
// empty as [], maps as {}, and what was not counted as null, so that a
// script reads one shape (docs/json.md).
func (p Plan) MarshalJSON() ([]byte, error) {
	type plan Plan // without this method
	out := struct {
		plan
		Columns []columnJSON `json:"columns"`
	}{plan: plan(p), Columns: []columnJSON{}}
	q := &out.plan
	q.Waterfall, q.Warnings = orEmpty(q.Waterfall), orEmpty(q.Warnings)
	q.Invalid, q.People = orEmpty(slices.Clone(p.Invalid)), orEmpty(slices.Clone(p.People)) // copies: their elements change below
	for _, c := range p.Columns {
		kinds := c.Kinds
		if kinds == nil {
			kinds = map[ident.Kind]int{}
		}
		out.Columns = append(out.Columns, columnJSON{Index: c.Index, Header: c.Header, Name: c.Name, Kind: c.KindName(),
			Mixed: c.Mixed, By: c.By, Samples: orEmpty(c.Samples), Valid: c.Valid, Invalid: c.Invalid, Kinds: kinds})
	}
	for i, pc := range q.People {
		pc.Samples = orEmpty(pc.Samples)
		q.People[i] = pc
	}
	for i, inv := range q.Invalid {
		inv.Examples = orEmpty(inv.Examples)
		q.Invalid[i] = inv
	}
	return json.Marshal(out)
}

// columnJSON is a Column as the plan's JSON writes it: every key, the
// kind of a mixed column "auto".
type columnJSON struct {
	Index   int                `json:"index"`
	Header  string             `json:"header"`
	Name    string             `json:"name"`
	Kind    string             `json:"kind"`
	Mixed   bool               `json:"mixed"`
	By      sources.DetectedBy `json:"detected_by"`
	Samples []string           `json:"samples"`
	Valid   int                `json:"valid"`
	Invalid int                `json:"invalid"`
	Kinds   map[ident.Kind]int `json:"kinds"`
}

// orEmpty returns s, or an empty list for nil: JSON's [] rather than null.
func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// Column is an identifier column with what was found in it.
type Column struct {
	sources.Column
	Samples []string `json:"samples"` // up to three values as written in the file
	Valid   int      `json:"valid"`
	Invalid int      `json:"invalid"`
	// Kinds counts the valid identifiers of a mixed column by kind.
	Kinds map[ident.Kind]int `json:"kinds"`
}

// PersonColumn is a column that names a row's person, with samples.
type PersonColumn struct {
	sources.PersonColumn
	Samples []string `json:"samples"`
}

// ByName is what finding rows by name and company would do.
type ByName struct {
	// Rows name a person by name and company; of them, RowsWithout have
	// no valid identifier: they are searched for certain, the others only
	// when their identifiers find nobody.
	Rows        int `json:"rows"`
	RowsWithout int `json:"rows_without_identifier"`
	// Certain are the distinct people to search for in the rows without
	// an identifier (rows that name the same person the same way share
	// one), Searched how many of those the journal already holds;
	// Searches adds the rows with identifiers, searched if those all find
	// nobody: the most searches a run makes.
	Searches int  `json:"searches"`
	Certain  int  `json:"searches_certain"`
	Searched *int `json:"searched"`
}

// Invalid groups the invalid identifiers that share a reason.
type Invalid struct {
	Kind     ident.Kind       `json:"kind"`
	Reason   string           `json:"reason"`
	Count    int              `json:"count"`
	Examples []InvalidExample `json:"examples"` // the first few, in file order
}

// InvalidExample is one invalid identifier, located for the user.
type InvalidExample struct {
	Row    int    `json:"row"`
	Column string `json:"column"`
	Value  string `json:"value"`
}

const (
	planSamples  = 3
	planExamples = 5
	defaultRate  = wire.ItemsPerMinute
)

// Marks of an identifier in the plan's set of seen identifiers.
const (
	seenAny   uint8 = 1 << iota // some row may look it up
	seenFirst                   // some row looks it up first
)

// Make reads the whole input and counts what a run would do. Memory
// does not depend on the number of rows, only on the number of distinct
// identifiers, each of which takes 8 bytes (see ident.Seen): rows are
// streamed and forgotten.
func Make(ctx context.Context, opts Options) (*Plan, error) {
	rate := opts.ItemsPerMinute
	if rate == 0 {
		rate = defaultRate
	}
	if rate < 0 {
		return nil, fmt.Errorf("plan: items per minute must be positive, not %d", rate)
	}
	t, err := sources.Open(opts.Input, opts.Source)
	if err != nil {
		return nil, err
	}
	defer t.Close()

	p := newPlan(t, opts, rate)
	names := p.startByName(t, opts)
	fills, err := p.startFill(t, opts.Fill)
	if err != nil {
		return nil, err
	}
	c := newCounter(p, t, opts)
	defer c.counts.stop()
	for n := 0; ; n++ {
		if n%8192 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		row, err := t.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		p.Rows++
		p.countInvalid(row, c.column, c.reasons)
		names.add(p, row)
		fills.add(p, row)
		c.count(row)
	}
	p.Resolved, p.Refresh = c.counts.stop()
	names.finish(p)
	p.finish(t, c, rate)
	return p, nil
}

// newPlan is the plan of the sheet t opens, before its rows are read.
func newPlan(t *sources.Table, opts Options, rate int) *Plan {
	layout := t.Layout()
	p := &Plan{
		Input:          opts.Input,
		Format:         string(layout.Format),
		Sheet:          layout.Sheet,
		HeaderRow:      layout.HeaderRow,
		Waterfall:      ident.Order(opts.Source.Prefer),
		ItemsPerMinute: rate,
	}
	if layout.Format.Database() {
		p.Input, p.Key = layout.Path, layout.Key // its name without a password
	}
	if layout.Format == sources.CSV {
		p.Encoding = layout.Encoding
		if layout.BOM {
			p.Encoding += " with BOM"
		}
		p.Delimiter = string(layout.Delimiter)
	}
	for _, c := range t.Columns() {
		p.Columns = append(p.Columns, Column{Column: c, Samples: []string{}})
	}
	if opts.Resolved != nil {
		p.Resolved = new(int)
	}
	if opts.Due != nil {
		p.Refresh = new(int)
	}
	return p
}

// counter counts a plan's rows by their identifiers as they are read.
type counter struct {
	p       *Plan
	opts    Options
	column  map[int]*Column
	reasons map[[2]string]*Invalid
	seen    ident.Seen
	counts  *journalCount // asks the journal about each distinct identifier
}

func newCounter(p *Plan, t *sources.Table, opts Options) *counter {
	c := &counter{p: p, opts: opts, column: make(map[int]*Column), reasons: make(map[[2]string]*Invalid), counts: startJournalCount(opts)}
	for i := range p.Columns {
		c.column[p.Columns[i].Index] = &p.Columns[i]
	}
	return c
}

// count counts a row's identifiers: by column, by row, and once each.
func (c *counter) count(row sources.Row) {
	p := c.p
	for _, id := range row.IDs {
		col := c.column[id.Column]
		col.Valid++
		col.addSample(id.Raw)
		if col.Mixed {
			if col.Kinds == nil {
				col.Kinds = map[ident.Kind]int{}
			}
			col.Kinds[id.Kind]++
		}
	}
	switch {
	case len(row.IDs) > 0:
		p.RowsWithIdentifier++
	case len(row.Invalid) > 0:
		p.RowsWithOnlyInvalid++
	default:
		p.RowsWithoutIdentifier++
	}
	for i, id := range row.IDs {
		marks := seenAny
		if i == 0 {
			marks |= seenFirst
		}
		before, added := c.seen.Mark(id.Kind, id.Value, marks)
		if added {
			c.counts.add(id)
		}
		if i == 0 && before&seenFirst != 0 {
			p.DuplicateRows++
		}
	}
}

// finish sums up the plan once every row is counted.
func (p *Plan) finish(t *sources.Table, c *counter, rate int) {
	for _, r := range c.reasons {
		p.Invalid = append(p.Invalid, *r)
	}
	sort.Slice(p.Invalid, func(i, j int) bool {
		a, b := p.Invalid[i], p.Invalid[j]
		if a.Count != b.Count {
			return a.Count > b.Count
		}
		if a.Kind != b.Kind {
			return a.Kind < b.Kind
		}
		return a.Reason < b.Reason
	})
	if err := sinks.CheckFits(t.Layout(), sinks.FormatXLSX, len(sinks.DefaultColumns())); err != nil {
		p.Warnings = append(p.Warnings, "an .xlsx output cannot hold this sheet: "+err.Error())
	}
	p.layout = t.Layout()
	p.UniqueLookups = c.seen.Len()
	p.FirstChoiceLookups = p.RowsWithIdentifier - p.DuplicateRows
	p.WorstCaseCredits = min(p.UniqueLookups, p.RowsWithIdentifier)
	if p.ByName != nil {
		p.WorstCaseCredits += p.ByName.Searches // one lookup of each person found by name
	}
	p.FirstChoiceLookupTime = lookupTime(p.FirstChoiceLookups, rate)
	p.AllLookupTime = lookupTime(p.UniqueLookups, rate)
}

// countInvalid adds a row's invalid identifiers to the plan.
func (p *Plan) countInvalid(row sources.Row, column map[int]*Column, reasons map[[2]string]*Invalid) {
	for _, inv := range row.Invalid {
		p.InvalidIdentifiers++
		c := column[inv.Column]
		c.Invalid++
		c.addSample(inv.Value)
		key := [2]string{inv.Kind.String(), inv.Reason}
		r, ok := reasons[key]
		if !ok {
			r = &Invalid{Kind: inv.Kind, Reason: inv.Reason}
			reasons[key] = r
		}
		r.Count++
		if len(r.Examples) < planExamples {
			r.Examples = append(r.Examples, InvalidExample{Row: row.Num, Column: c.Name, Value: inv.Value})
		}
	}
}

// mix writes the kinds of a mixed column's identifiers: " (600 linkedin,
// 300 email, 100 phone)"; "" for a column of one kind.
func (c *Column) mix() string {
	if !c.Mixed || len(c.Kinds) == 0 {
		return ""
	}
	var parts []string
	for _, k := range ident.Kinds {
		if n := c.Kinds[k]; n > 0 {
			parts = append(parts, thousands(n)+" "+k.String())
		}
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

// addSample keeps the first few distinct values of a column.
func (c *Column) addSample(v string) {
	if len(c.Samples) < planSamples && !slices.Contains(c.Samples, v) {
		c.Samples = append(c.Samples, v)
	}
}

// lookupTime is how long n lookups take at rate items a minute, rounded
// WriteText writes the plan for people.
func (p *Plan) WriteText(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	pr := func(format string, args ...any) { fmt.Fprintf(tw, format, args...) }

	pr("Input\t%s\n", p.describeInput())
	pr("Rows\t%s (header on row %d)\n", thousands(p.Rows), p.HeaderRow)
	pr("\n")
	if len(p.Columns) == 0 && p.ByName != nil {
		pr("No identifier columns: rows are found by name and company (below).\n")
	} else if len(p.Columns) == 0 {
		pr("No identifier columns found. Name them with --column KIND=HEADER (kinds: linkedin, email, phone, uid,\n  or auto for a column of mixed identifiers).\n")
	} else {
		waterfall := make([]string, len(p.Waterfall))
		for i, k := range p.Waterfall {
			waterfall[i] = k.String()
		}
		pr("Identifier columns (tried in this order: %s)\n", strings.Join(waterfall, ", "))
		for _, c := range p.Columns {
			samples := make([]string, len(c.Samples))
			for i, s := range c.Samples {
				samples[i] = fmt.Sprintf("%q", ellipsis(s, 48))
			}
			pr("  %s\t%q\tby %s\t%s valid%s, %s invalid\t%s\n", c.KindName(), c.Name, c.By, thousands(c.Valid), c.mix(), thousands(c.Invalid), strings.Join(samples, ", "))
		}
	}
	pr("\n")
	pr("Rows with a valid identifier\t%s\n", thousands(p.RowsWithIdentifier))
	pr("Rows with only invalid identifiers\t%s\n", thousands(p.RowsWithOnlyInvalid))
	pr("Rows without any identifier\t%s\n", thousands(p.RowsWithoutIdentifier))
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("write plan: %w", err)
	}

	if p.InvalidIdentifiers > 0 {
		fmt.Fprintf(w, "\nInvalid identifiers: %s\n", thousands(p.InvalidIdentifiers))
		for _, r := range p.Invalid {
			fmt.Fprintf(w, "  %s %s: %s\n", thousands(r.Count), r.Kind, r.Reason)
			for _, e := range r.Examples {
				fmt.Fprintf(w, "      row %d, %s: %q\n", e.Row, e.Column, ellipsis(e.Value, 60))
			}
			if more := r.Count - len(r.Examples); more > 0 {
				fmt.Fprintf(w, "      … and %s more\n", thousands(more))
			}
		}
	}

	p.writeByName(w)
	p.writeFill(w)

	fmt.Fprintln(w)
	pr("Duplicate rows\t%s (first identifier already on an earlier row)\n", thousands(p.DuplicateRows))
	pr("Unique lookups\t%s first choice, %s if every identifier is tried\n", thousands(p.FirstChoiceLookups), thousands(p.UniqueLookups))
	if p.Resolved != nil {
		pr("Already in the journal\t%s\n", thousands(*p.Resolved))
	}
	if p.Refresh != nil {
		pr("To refresh\t%s answers older than --refresh-older-than, looked up again: at most %s credits\n", thousands(*p.Refresh), thousands(*p.Refresh))
	}
	pr("Worst-case credits\t%s (one per person found, by an identifier or by name; lookups that find no one are free)\n", thousands(p.WorstCaseCredits))
	pr("Time at %s items/min\t%s for the first choices, up to %s for all\n", thousands(p.ItemsPerMinute), p.FirstChoiceLookupTime.Text, p.AllLookupTime.Text)
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("write plan: %w", err)
	}
	for _, warning := range p.Warnings {
		fmt.Fprintf(w, "\nWarning: %s\n", warning)
	}
	return nil
}

func (p *Plan) describeInput() string {
	switch {
	case p.Format == string(sources.XLSX):
		return fmt.Sprintf("%s (Excel, sheet %q)", p.Input, p.Sheet)
	case p.Format == string(sources.Parquet):
		return fmt.Sprintf("%s (Parquet)", p.Input)
	case p.Key != "":
		return fmt.Sprintf("%s (a database table, rows by %s)", p.Input, p.Key)
	case p.Delimiter == "\t":
		return fmt.Sprintf("%s (CSV, %s, tab-separated)", p.Input, p.Encoding)
	}
	return fmt.Sprintf("%s (CSV, %s, delimiter %q)", p.Input, p.Encoding, p.Delimiter)
}

// thousands writes n with thousands separators: 1,000,000.
func thousands(n int) string { return human.Thousands(int64(n)) }

// ellipsis shortens s to at most n runes and puts it on one line.
func ellipsis(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// DueIn counts, for Options.Due, the identifiers whose answer (a
// profile or none) came before cutoff, in one read transaction a batch.
func DueIn(j *state.Journal, withoutContacts bool, cutoff time.Time) func([]ident.ID) int {
	mode := state.ModeOf(withoutContacts)
	return func(ids []ident.ID) int {
		return countIn(j, mode, ids, func(l state.Lookup) bool { return l.Phase.Final() && l.Updated.Before(cutoff) })
	}
}

// ResolvedIn counts, for Options.Resolved, the identifiers the journal
// holds a final answer for, in one read transaction a batch.
func ResolvedIn(j *state.Journal, withoutContacts bool) func([]ident.ID) int {
	mode := state.ModeOf(withoutContacts)
	return func(ids []ident.ID) int {
		return countIn(j, mode, ids, func(l state.Lookup) bool { return l.Phase.Final() })
	}
}

// countIn counts the identifiers whose record the journal holds and
// counts, in one read transaction, in the journal's order.
func countIn(j *state.Journal, mode state.Mode, ids []ident.ID, counts func(state.Lookup) bool) int {
	values := make([]string, len(ids))
	for i, id := range ids {
		values[i] = id.Value
	}
	slices.Sort(values)
	n := 0
	_ = j.View(func(r *state.Reader) error {
		r.EachLookupOf(mode, values, func(_ int, l state.Lookup) {
			if counts(l) {
				n++
			}
		})
		return nil
	})
	return n
}

// Refusal is the error a run of the sheet would be refused with before
// anything is sent, or nil: no column to find anyone by (no identifier
// column, and no name and company to search for), or no data row.
func (p *Plan) Refusal() error {
	switch {
	case len(p.Columns) == 0 && p.ByName == nil:
		return sources.NoIdentifierColumn(p.layout)
	case p.Rows == 0 && !p.layout.Selected:
		return sources.NoDataRows(p.layout)
	}
	return nil
}
