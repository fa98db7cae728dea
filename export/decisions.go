package export

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/internal/ident"
	"github.com/enrich-dev/enrich/internal/match"
	"github.com/enrich-dev/enrich/internal/sheet"
	"github.com/enrich-dev/enrich/sinks"
	"github.com/enrich-dev/enrich/sources"
	"github.com/enrich-dev/enrich/state"
)

// A row found only by name that ends ambiguous has its candidates in the
// side sheet (CandidatesPath), whose first column, choose, a person marks
// on the line of the candidate who is the row's person. The next run, or
// export, reads the marks (ReadChoices): each is checked against the
// journal (the row's search is there, the uid is among its candidates,
// the row names the same person as when the sheet was written, one
// candidate is marked), a run keeps those that pass in the journal
// (Choices.Keep), and the chosen person is looked up by uid and shown on
// every row of that search.

// matchChosen is the enrich_match of such a row.
const matchChosen = "chosen by a person among the candidates"

// ChoicesConfig says where the choices of a run or an export are read.
type ChoicesConfig struct {
	Input  string
	Source sources.Options
	// Output is the enriched sheet, or the path the files beside it are
	// named after (Config.Beside): its candidates sheet is read, and the
	// workbook a person saved beside it (CandidatesPath,
	// CandidatesWorkbookPath), those that exist.
	Output string
	// Decisions, when set, is the file read instead: a candidates sheet
	// as a person saved it (CSV or .xlsx), which must exist.
	Decisions string
}

// Choices are the people chosen for the rows found only by name: those
// the journal keeps, and those marked in the decisions files, each marked
// choice accepted or refused.
type Choices struct {
	// Files are the decisions files read.
	Files []string
	// Accepted are the choices marked in the files that the journal does
	// not keep yet; Keep keeps them.
	Accepted []state.Decision
	// Refused are the marks refused, each with why.
	Refused []Refusal

	chosen  map[string]chosenUID // by search key
	rows    map[string][]int     // by search key: the rows whose marks Accepted took
	refused map[int][]string     // by row: why the choices marked on it were refused
	// marked are, by row, the uids marked on it that the journal does not
	// keep: the candidates sheet written again keeps them marked.
	marked map[int]map[string]bool
}

// chosenUID is the person chosen for a search, and whether the journal
// keeps the choice.
type chosenUID struct {
	uid  string
	kept bool
}

// Refusal is a choice marked in a decisions file and refused.
type Refusal struct {
	File   string // the decisions file
	Line   int    // the line of the mark there
	Row    int    // the input's row it was marked for; 0 when the line says none
	Reason string
}

// String says which mark was refused, and why.
func (r Refusal) String() string {
	if r.Row == 0 {
		return fmt.Sprintf("%s, line %d: %s", r.File, r.Line, r.Reason)
	}
	return fmt.Sprintf("row %d (%s, line %d): %s", r.Row, r.File, r.Line, r.Reason)
}

// mark is a candidate marked in a decisions file.
type mark struct {
	file          string
	line, row     int
	name, company string // the row as the file gives it
	uid           string
	saved         time.Time // when the file was last written
}

// CheckDecisions refuses a decisions file (--decisions) where rows are
// not found by name: it would be read for nothing.
func CheckDecisions(file string, byName bool) error {
	if file != "" && !byName {
		return fmt.Errorf("--decisions %s: choices among the candidates of rows found by name need finding by name; leave out --find-by-name off", file)
	}
	return nil
}

// ReadChoices reads the choices the journal keeps and those marked in
// the decisions files, and checks each mark against the journal and the
// input's row as it is now: the rows of the marks are read from the
// input, once, only when there are marks. A decisions file that cannot
// be read is a usage error: nothing of a run is sent before it is mended.
func ReadChoices(ctx context.Context, j *state.Journal, cfg ChoicesConfig) (*Choices, error) {
	c, kept, err := keptChoices(j)
	if err != nil {
		return nil, err
	}
	marks, err := c.readMarks(cfg)
	if err != nil || len(marks) == 0 {
		return c, err
	}
	persons, err := personsOfRows(ctx, cfg.Input, cfg.Source, marks)
	if err != nil {
		return nil, err
	}
	byKey := c.byKey(marks, persons)
	err = j.View(func(r *state.Reader) error {
		for _, key := range slices.Sorted(maps.Keys(byKey)) {
			c.decide(r, key, byKey[key], kept[key])
		}
		return nil
	})
	return c, err
}

// keptChoices returns the choices the journal keeps, and its decisions
// by key.
func keptChoices(j *state.Journal) (*Choices, map[string]state.Decision, error) {
	c := &Choices{chosen: map[string]chosenUID{}, rows: map[string][]int{}, refused: map[int][]string{}, marked: map[int]map[string]bool{}}
	kept := map[string]state.Decision{}
	if err := j.View(func(r *state.Reader) error {
		return r.EachDecision(func(d state.Decision) error {
			kept[d.Key], c.chosen[d.Key] = d, chosenUID{uid: d.UID, kept: true}
			return nil
		})
	}); err != nil {
		return nil, nil, fmt.Errorf("read the choices the journal keeps: %w", err)
	}
	return c, kept, nil
}

// exportChoices reads the choices of an export that was given none. A
// run's output (ofRun) is never refused for a decisions file, which
// the run read when it started: one that cannot be read now (a person
// saving it, say) leaves the choices the journal keeps.
func exportChoices(ctx context.Context, j *state.Journal, cfg Config, ofRun bool) (*Choices, error) {
	c, err := ReadChoices(ctx, j, ChoicesConfig{Input: cfg.Input, Source: cfg.Source, Output: cfg.beside(), Decisions: cfg.Decisions})
	if err != nil && ofRun && errors.Is(err, fault.ErrUsage) {
		c, _, err = keptChoices(j)
	}
	if err != nil {
		return nil, err
	}
	c.Log(cfg.Log)
	return c, nil
}

// decisionsFiles are the files ReadChoices reads: the one named, which
// must exist, or those beside the output that do.
func decisionsFiles(cfg ChoicesConfig) ([]string, error) {
	if cfg.Decisions != "" {
		if _, err := os.Stat(cfg.Decisions); err != nil {
			return nil, fault.Usagef("--decisions %s: %w", cfg.Decisions, err)
		}
		return []string{cfg.Decisions}, nil
	}
	var files []string
	for _, f := range []string{CandidatesPath(cfg.Output), CandidatesWorkbookPath(cfg.Output)} {
		if _, err := os.Stat(f); err == nil {
			files = append(files, f)
		}
	}
	return files, nil
}

// readMarks reads the marked lines of the decisions files. A line marked
// without a row number is refused; a sheet written before choices were
// read (no choose column) has none, but is refused when named.
func (c *Choices) readMarks(cfg ChoicesConfig) ([]mark, error) {
	files, err := decisionsFiles(cfg)
	if err != nil {
		return nil, err
	}
	var marks []mark
	for _, f := range files {
		s, err := readCandidates(f)
		if err != nil {
			return nil, fault.Usagef("the choices among candidates cannot be read: %w; mend or remove the file", err)
		}
		c.Files = append(c.Files, f)
		if s.choose < 0 {
			if cfg.Decisions != "" {
				return nil, fault.Usagef("--decisions %s has no %s column: mark the candidate chosen in the %s column of the candidates sheet (%s)", f, columnChoose, columnChoose, filepath.Base(CandidatesPath("OUTPUT")))
			}
			continue
		}
		for _, l := range s.lines {
			if !isMark(s.cell(l, s.choose)) {
				continue
			}
			row, ok := rowNumber(s.cell(l, s.row))
			if !ok {
				c.Refused = append(c.Refused, Refusal{File: f, Line: l.at, Reason: fmt.Sprintf("the line marked has no row number (%q)", s.cell(l, s.row))})
				continue
			}
			marks = append(marks, mark{file: f, line: l.at, row: row, name: s.cell(l, s.name), company: s.cell(l, s.company),
				uid: uidCell(s.cell(l, s.uid)), saved: s.saved})
		}
	}
	return marks, nil
}

// notMarks are the cells of the choose column that say no: any other
// cell that is not blank marks its candidate (x, yes, 1, ✓, TRUE).
var notMarks = map[string]bool{"no": true, "n": true, "0": true, "false": true, "-": true, "nein": true, "non": true, "nee": true, "nej": true, "nei": true, "nie": true, "não": true}

// isMark reports whether a cell of the choose column marks its candidate.
func isMark(cell string) bool {
	v := strings.ToLower(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(cell), "'")))
	return v != "" && !notMarks[v]
}

// personsOfRows reads the persons of the rows the marks name from the
// input, in one pass that ends at the last of them.
func personsOfRows(ctx context.Context, input string, opts sources.Options, marks []mark) (map[int]sheet.Person, error) {
	want := map[int]bool{}
	last := 0
	for _, m := range marks {
		want[m.row], last = true, max(last, m.row)
	}
	opts.CellsOnly = true
	t, err := sources.Open(input, opts)
	if err != nil {
		return nil, err
	}
	defer t.Close()
	people := t.People()
	out := make(map[int]sheet.Person, len(want))
	for n := 0; ; n++ {
		if n%4096 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		row, err := t.Next()
		if errors.Is(err, io.EOF) || err == nil && row.Num > last {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		if want[row.Num] {
			out[row.Num] = sources.PersonOf(people, row.Cells)
		}
	}
}

// byKey groups the marks by the search key of their row as the input has
// it now, refusing those of a row that is not there, names no one to
// search for, or names another person than the sheet says.
func (c *Choices) byKey(marks []mark, persons map[int]sheet.Person) map[string][]mark {
	out := map[string][]mark{}
	for _, m := range marks {
		p, ok := persons[m.row]
		key, named := match.Key(p)
		switch {
		case !ok:
			c.refuse(m, fmt.Sprintf("the input has no row %d", m.row))
		case !p.Named() || !named:
			c.refuse(m, "the row names no one to search for by name and company now")
		case !sameName(m.name, p) || !sameCompany(m.company, p.Company):
			c.refuse(m, fmt.Sprintf("the row's name or company changed since the candidates sheet was written (it said %s at %s; the row says %s at %s)",
				quoted(m.name), quoted(m.company), quoted(nameOnSheet(p)), quoted(p.Company)))
		default:
			out[key] = append(out[key], m)
		}
	}
	return out
}

// decide judges the marks of the rows of one search: one candidate of
// that search, marked once, is accepted; a mark in a file saved before
// the journal took another choice is older than it, and refused.
func (c *Choices) decide(r *state.Reader, key string, marks []mark, kept state.Decision) {
	search, ok := r.NameSearch(key)
	if !ok {
		for _, m := range marks {
			c.refuse(m, "the row's search by name is not in the journal (its place or title changed since the sheet was written, or the journal is another); the run searches it again")
		}
		return
	}
	var live []mark
	for _, m := range marks {
		if kept.UID != "" && m.uid != kept.UID && !m.saved.After(kept.At) {
			c.refuse(m, fmt.Sprintf("another candidate (%s) was chosen after %s was saved; save it again to choose this one", kept.UID, filepath.Base(m.file)))
			continue
		}
		live = append(live, m)
	}
	uids := distinct(live, func(m mark) string { return m.uid })
	switch {
	case len(uids) == 0:
		return
	case len(uids) > 1:
		rows := distinct(live, func(m mark) int { return m.row })
		for _, m := range live {
			var own []string // the candidates marked on m's row
			for _, o := range live {
				if o.row == m.row && !slices.Contains(own, o.uid) {
					own = append(own, o.uid)
				}
			}
			why := fmt.Sprintf("candidates %s are all marked: mark one", strings.Join(own, ", "))
			if len(own) == 1 {
				why = fmt.Sprintf("rows %s name the same person and mark different candidates (%s): mark one", joinInts(rows), strings.Join(uids, ", "))
			}
			c.refuse(m, why)
		}
		return
	case uids[0] == "":
		for _, m := range live {
			c.refuse(m, "the line marked names no candidate (the search found more people than the sheet lists): add an e-mail, a city or a title to the row, or put the person's uid in a uid column")
		}
		return
	case !slices.ContainsFunc(search.Candidates, func(nc state.NameCandidate) bool { return strings.EqualFold(nc.UID, uids[0]) }):
		for _, m := range live {
			c.refuse(m, fmt.Sprintf("%s is not among the row's candidates", uids[0]))
		}
		return
	case uids[0] == kept.UID:
		return // kept already
	}
	rows := distinct(live, func(m mark) int { return m.row })
	c.Accepted = append(c.Accepted, state.Decision{Key: key, UID: uids[0], Row: rows[0], File: live[0].file})
	c.chosen[key], c.rows[key] = chosenUID{uid: uids[0]}, rows
	for _, m := range live {
		c.carry(m)
	}
}

// refuse refuses mark m, saying why, and keeps it marked in the sheet.
func (c *Choices) refuse(m mark, why string) {
	c.Refused = append(c.Refused, Refusal{File: m.file, Line: m.line, Row: m.row, Reason: why})
	c.refused[m.row] = append(c.refused[m.row], fmt.Sprintf("the choice marked in %s is refused: %s", filepath.Base(m.file), why))
	c.carry(m)
}

// carry keeps mark m marked when the candidates sheet is written again.
func (c *Choices) carry(m mark) {
	if m.uid == "" {
		return
	}
	if c.marked[m.row] == nil {
		c.marked[m.row] = map[string]bool{}
	}
	c.marked[m.row][m.uid] = true
}

// Keep keeps the accepted choices in the journal, in one commit: a run
// without the file then keeps them too.
func (c *Choices) Keep(j *state.Journal) error {
	if c == nil || len(c.Accepted) == 0 {
		return nil
	}
	if err := j.PutDecisions(c.Accepted); err != nil {
		return fmt.Errorf("keep the choices among candidates: %w", err)
	}
	for _, d := range c.Accepted {
		c.chosen[d.Key] = chosenUID{uid: d.UID, kept: true}
		for _, row := range c.rows[d.Key] {
			delete(c.marked[row], d.UID)
		}
	}
	return nil
}

// Of returns the person chosen for the search of key, and whether the
// journal keeps the choice; ok is false when none was chosen.
func (c *Choices) Of(key string) (uid string, kept, ok bool) {
	if c == nil {
		return "", false, false
	}
	ch, ok := c.chosen[key]
	return ch.uid, ch.kept, ok
}

// Log tells log of the files read, the choices accepted and those refused.
func (c *Choices) Log(log *slog.Logger) {
	if c == nil || log == nil {
		return
	}
	for _, r := range c.Refused {
		log.Warn("a choice among candidates is refused: "+r.String(), "row", r.Row, "file", r.File)
	}
	if len(c.Accepted) > 0 {
		log.Info("choices among candidates read", "accepted", len(c.Accepted), "refused", len(c.Refused), "files", strings.Join(c.Files, ", "))
	}
}

// note adds to the outcome of a row that is not found why the choices
// marked for it were refused.
func (c *Choices) note(row int, out *sinks.Outcome) {
	if c == nil || out.Status == sinks.StatusSuccess || len(c.refused[row]) == 0 {
		return
	}
	why := strings.Join(c.refused[row], "; ")
	if out.Error != "" {
		why += "; " + out.Error
	}
	out.Error = why
}

// carried reports whether the candidate uid of a row stays marked when
// the candidates sheet is written again.
func (c *Choices) carried(row int, uid string) bool {
	return c != nil && uid != "" && c.marked[row][strings.ToLower(uid)]
}

// decideChosen decides a row whose person was chosen among its
// candidates: looked up by uid with atUID once the journal keeps the
// choice, shown with the confidence a person's choice has. A choice the
// journal does not keep yet (an export reads a file a run has not) leaves
// the row ambiguous, and saying so, so that the mark stays in the sheet.
func (x *Exporter) decideChosen(r *journalScan, nm *named, last string, atUID func(ident.ID) (ident.ID, answer, bool, error)) (sinks.Outcome, bool, error) {
	if !nm.kept {
		return sinks.Outcome{Status: sinks.StatusAmbiguous, Identifier: last,
			Error: fmt.Sprintf("%s is chosen in the candidates sheet; the next enrich run keeps the choice and looks them up", nm.chosen)}, false, nil
	}
	uid := ident.ID{Kind: ident.UID, Value: nm.chosen}
	out, damaged, err := x.decide(r, 1, func(int) (ident.ID, answer, bool, error) { return atUID(uid) })
	switch {
	case err != nil:
		return out, damaged, err
	case out.Status == sinks.StatusSuccess:
		out.FoundBy, out.Match, out.Confidence = sinks.FoundByChosen, matchChosen, state.ConfidenceHigh
	case out.Status == sinks.StatusNotFound:
		// Ambiguous still: the row stays in the candidates sheet, where
		// another may be chosen.
		out.Status = sinks.StatusAmbiguous
		out.Error = fmt.Sprintf("the person chosen among the candidates (%s) was not found by their uid; choose another in the candidates sheet", nm.chosen)
	}
	return out, damaged, err
}

// sameName reports whether the name a candidates sheet gives a row is the
// name of its person p: in any spelling the search reads alike, and with
// the letters a save in a code page lost ("?") taken for any.
func sameName(onSheet string, p sheet.Person) bool {
	now := nameOnSheet(p)
	return match.Fold(onSheet) == match.Fold(now) || match.ParseName(onSheet).String() == match.RowOf(p).Name.String() || lost(onSheet, now)
}

// sameCompany is sameName for the company.
func sameCompany(onSheet, now string) bool {
	return match.Fold(onSheet) == match.Fold(now) || match.CompanyOf(onSheet) == match.CompanyOf(now) || lost(onSheet, now)
}

// lost reports whether a cell is the text now as a save in a code page
// wrote it: each letter the page lacks a "?".
func lost(cell, now string) bool {
	if !strings.Contains(cell, "?") {
		return false
	}
	a, b := []rune(strings.ToLower(strings.TrimSpace(cell))), []rune(strings.ToLower(strings.TrimSpace(now)))
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] && a[i] != '?' {
			return false
		}
	}
	return true
}

// quoted is a cell for a sentence: quoted, or "nothing".
func quoted(s string) string {
	if s == "" {
		return "nothing"
	}
	return strconv.Quote(s)
}

// distinct returns the distinct values of f over marks, in order.
func distinct[T comparable](marks []mark, f func(mark) T) []T {
	var out []T
	for _, m := range marks {
		if v := f(m); !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

// joinInts joins numbers for a sentence: "3 and 9", "3, 9 and 12".
func joinInts(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}
