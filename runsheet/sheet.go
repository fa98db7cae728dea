// Package runsheet is the sheet a run moves and an export reads, held in
// memory: every row of the input that has an identifier, every
// distinct identifier once (a lookup) with what the journal says of it,
// and the waterfall that decides a row from its identifiers. The run
// moves it forward as answers come; the export reads the rows' outcomes
// from it rather than parsing the input and reading the journal again.
package runsheet

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/internal/ident"
	"github.com/enrich-dev/enrich/internal/redact"
	"github.com/enrich-dev/enrich/internal/sheet"
	"github.com/enrich-dev/enrich/sinks"
	"github.com/enrich-dev/enrich/sources"
	"github.com/enrich-dev/enrich/state"
)

// Sheet is the model of one input: every row that has an identifier, and
// every distinct identifier (a lookup) once. Rows hold indices into
// Lookups, not strings, so that a million-row sheet fits. It is not safe
// for concurrent use, but Has may be called while nothing writes.
type Sheet struct {
	Lookups []Lookup
	index   lookupIndex // identifier → lookup
	Rows    []Row
	IDs     []int32  // every row's lookups, in row order; rows point into it
	done    []uint64 // a bit a row: Done
	// Waiting holds, for a lookup that is not final, the rows whose current
	// identifier it is. Most lookups of a resumed job are final and need no
	// list, so the lists live here rather than in every lookup.
	Waiting map[int32][]int32

	// Names are the people rows name by name and company, each distinct
	// search once (by match.Key); rows point at them with Row.Name. They
	// are searched only when ByName is set; otherwise a row's name is
	// read but never used.
	Names     []Name
	NameIndex map[string]int32
	ByName    bool
	// HighOnly says a match by name of medium confidence is not looked
	// up (--min-confidence high): the output proposes its person, and a
	// run that trusts medium matches looks them up.
	HighOnly bool
	// Vouched, when set, reports whether the profile lookup found found
	// lists the identifier of lookup of (profile.Record.Lists): a row is
	// not looked up by an identifier the profile a later identifier of it
	// found lists (an e-mail a fill wrote back from the profile its phone
	// found), as the export decides too.
	Vouched func(found, of int32) bool
	// suppression is the journal's list of the identifiers of people who
	// asked to be forgotten, read with it.
	suppression *state.Suppression
	// Searching holds, for a name not searched yet, the rows that wait on
	// its search.
	Searching map[int32][]int32
	// added holds the lookups interned after Seal (the uids that searches
	// found), apart from index, which the callback receiver reads
	// concurrently through Has.
	added  addedIndex
	sealed bool

	NoIdentifier int // rows without a valid identifier, nor a name to search for
	NameOnly     int // rows without a valid identifier, with a name to search for
	Invalid      int // of those, rows with an invalid one
	Columns      int // identifier columns of the sheet
	// InvalidRows holds, by row number, why a row without a valid
	// identifier has an invalid one (the export's error, whether or not
	// the row names a person), up to
	// maxInvalidRows; past it, InvalidOver is set and the export finds
	// them again itself.
	InvalidRows map[int32]string
	InvalidOver bool
	// input is the version of the input file the run read: the export
	// takes the model's identifiers only for the same file, never for a
	// database's table (nil), whose rows may have changed since.
	input *sources.Version
}

// SameInput reports whether path is, by its size and modification time,
// the file the model was read from.
func (m *Sheet) SameInput(path string) bool {
	v, ok := sources.VersionOf(path)
	return ok && m.input != nil && v.Same(*m.input)
}

// Rereadable reports whether the run may read rows of path again by
// their number (the persons of rows whose identifiers found nobody): the
// file it read, unchanged, or a database's table, read again in the
// order of its key. A row of a table changed under the run is written
// with what its own cells find (the export judges every row by its
// cells); only a search made for it may be wasted.
func (m *Sheet) Rereadable(path string) bool {
	return m.SameInput(path) || m.input == nil && sources.IsTable(path)
}

// maxInvalidRows bounds the reasons of invalid rows the model keeps.
const maxInvalidRows = 1 << 16

// CheckWork refuses, before anything is sent, a sheet with nothing to
// look up (no identifier column, no data row, but in a selection of a
// table's rows, which may select none) and one the output cannot
// hold (an .xlsx too wide, or with a cell too long; a table written by
// key from a sheet without one).
func (m *Sheet) CheckWork(layout sources.Layout, output string, appended int) error {
	switch {
	case m.Columns == 0 && !(m.ByName && len(m.Names) > 0):
		return sources.NoIdentifierColumn(layout)
	case len(m.Rows)+m.NoIdentifier == 0 && !layout.Selected:
		return sources.NoDataRows(layout)
	}
	format, err := sinks.FormatOf(output)
	if err == nil {
		err = sinks.CheckFits(layout, format, appended)
	}
	if err == nil && format == sinks.FormatTable && layout.Key == "" {
		err = fmt.Errorf("output %s: a table is written by key, and %s has none: name its column of unique values with --key", redact.URL(output), layout.Path)
	}
	if err != nil {
		return fault.Usagef("%w", err)
	}
	return nil
}

// Lookup is one distinct identifier of the input. A sheet holds one for
// every distinct identifier, up to millions, so its fields are ordered to
// leave no padding, and it holds no time.Time (three words): see Instant.
type Lookup struct {
	ID string
	// NotBefore is, for a queued lookup, the earliest next submission.
	NotBefore Instant
	Result    uint64
	Kind      ident.Kind
	Phase     state.Phase
	Queued    bool // in the queue
	Due       bool // answered before the refresh cutoff: a refresh looks it up again
	Sent      bool // sent by this run
	// Lost says the request last carrying it was given up (no callback, or
	// its answer lost): sending it again may pay for it twice.
	Lost bool
	// Settled says the run found this lookup answered (found or not) in
	// the journal, Result being the stored result when found, and has
	// not changed it since: the export can take the answer from here.
	Settled bool
	// Redone says the lookup was looked up again once because its stored
	// result was unusable: it is not looked up again for that.
	Redone bool
	// Searched says the lookup is of a uid a search by name found, not
	// one the sheet names: the rows it finds were found by name.
	Searched bool
}

// Instant is a time in one word, for the lookups: Unix nanoseconds, 0 for
// the zero time.Time. It holds any time from 1678 to 2262, enough for the
// next submission of a lookup.
type Instant int64

// InstantOf returns t as an Instant.
func InstantOf(t time.Time) Instant {
	if t.IsZero() {
		return 0
	}
	return Instant(t.UnixNano())
}

// Time returns the Instant as a time.Time, in UTC; the zero time.Time for 0.
func (i Instant) Time() time.Time {
	if i == 0 {
		return time.Time{}
	}
	return time.Unix(0, int64(i)).UTC()
}

// Name is a person a sheet names by name and company, searched once for
// all the rows that name them so.
type Name struct {
	Key    string
	Person sheet.Person // as the first row that names them gives it
	// Status is the outcome of the search the journal holds, "" before
	// one; Lookup is then the uid matched (its lookup), or -1.
	Status state.NameStatus
	Lookup int32
	// Medium and Score are the confidence of the match and its score
	// (state.NameSearch), for an output written without the journal.
	Medium bool
	Score  uint8
	Queued bool // a search is queued or under way
	// Stopped says a search was tried in this run and could not be made
	// (the daily quota was spent, or the service failed): the rows wait
	// for the next run.
	Stopped bool
}

// Load reads the input and interns its identifiers. It reads the file
// once, streaming; only identifiers are kept. progress, when not nil, is
// told the rows read now and then, and at the end.
func Load(ctx context.Context, path string, opts sources.Options, progress sources.FileProgress) (*Sheet, sources.Layout, error) {
	t, err := sources.Open(path, opts)
	if err != nil {
		return nil, sources.Layout{}, err
	}
	defer t.Close()
	var input *sources.Version // a database's table has none: its rows may change under the run
	if v, ok := sources.VersionOf(path); ok {
		input = &v
	}
	m := &Sheet{Waiting: make(map[int32][]int32), InvalidRows: make(map[int32]string),
		Columns: len(t.Columns()), input: input, NameIndex: make(map[string]int32), Searching: make(map[int32][]int32)}
	var cellBytes int64
	people := t.People()
	for n := 0; ; n++ {
		if n%4096 == 0 {
			if ctx.Err() != nil {
				return nil, sources.Layout{}, ctx.Err()
			}
			if progress != nil {
				progress(sources.PassRead, n, -1)
			}
		}
		if n == presizeAfter && t.Layout().Format == sources.CSV {
			m.presize(path, cellBytes, n)
		}
		row, err := t.Next()
		if errors.Is(err, io.EOF) {
			if progress != nil {
				progress(sources.PassRead, n, int64(n))
			}
			break
		}
		if err != nil {
			return nil, sources.Layout{}, err
		}
		if n < presizeAfter {
			for _, c := range row.Cells {
				cellBytes += int64(len(c)) + 1
			}
		}
		var name int32
		switch {
		case len(people) == 0:
		case len(row.IDs) == 0:
			name = m.name(sources.PersonOf(people, row.Cells))
		case sources.Names(people, row.Cells):
			name = UnreadName
		}
		m.keepInvalid(row)
		if len(row.IDs) == 0 && name != 0 {
			m.NameOnly++
		}
		if len(row.IDs) == 0 && name == 0 {
			m.NoIdentifier++
			if len(row.Invalid) > 0 {
				m.Invalid++
			}
			continue
		}
		first := int32(len(m.IDs))
		for _, id := range row.IDs {
			m.IDs = append(m.IDs, m.intern(id))
		}
		m.Rows = append(m.Rows, Row{First: first, Pos: first, Num: int32(row.Num), Name: name})
	}
	if cap(m.Lookups)-len(m.Lookups) > len(m.Lookups)/8 {
		// The lookups were sized for a guess (presize): the room it left
		// spare would be held for the whole run (6 MB on a sheet of a
		// million rows), and the heap grows to twice what is held.
		m.Lookups = slices.Clone(m.Lookups)
	}
	return m, t.Layout(), nil
}

// keepInvalid keeps why a row without a valid identifier has an invalid
// one, for the export: for a row that names a person too, which finding by
// name off leaves invalid.
func (m *Sheet) keepInvalid(row sources.Row) {
	if len(row.IDs) > 0 || len(row.Invalid) == 0 {
		return
	}
	if len(m.InvalidRows) < maxInvalidRows {
		m.InvalidRows[int32(row.Num)] = row.Invalid[0].String()
	} else {
		m.InvalidOver = true
	}
}

// presizeAfter is the number of rows read before the model is sized for
// the whole file.
const presizeAfter = 1000

// presize grows the model for the rows a CSV file of this size holds, from
// the size of its first rows: a million-row sheet then fills its index
// without rehashing it twenty times. Growth is an estimate, never a
// requirement: a wrong guess costs memory or time, not correctness.
func (m *Sheet) presize(path string, cellBytes int64, rows int) {
	v, ok := sources.VersionOf(path)
	if !ok || cellBytes == 0 || rows == 0 || len(m.Rows) == 0 {
		return
	}
	estimate := int(min(v.Size/max(cellBytes/int64(rows), 1), 50_000_000))
	if estimate <= len(m.Rows) {
		return
	}
	// Identifiers and lookups per row, as read so far, rounded up. The
	// first rows cannot show how often the sheet names the same people
	// again (a sheet of 300,000 rows may name 30,000), so the lookups are
	// sized for a quarter of what distinct identifiers would need: a sheet
	// of distinct ones grows them twice, a sheet of repeats does not hold
	// room it never uses.
	idsPerRow := float64(len(m.IDs)) / float64(len(m.Rows))
	lookupsPerRow := float64(len(m.Lookups)) / float64(len(m.Rows))
	wantIDs := int(float64(estimate)*idsPerRow) + 1
	wantLookups := int(float64(estimate)*lookupsPerRow/4) + 1
	m.index.reserve(m.Lookups, wantLookups)
	m.Lookups = slices.Grow(m.Lookups, max(0, wantLookups-len(m.Lookups)))
	m.IDs = slices.Grow(m.IDs, max(0, wantIDs-len(m.IDs)))
	m.Rows = slices.Grow(m.Rows, max(0, estimate-len(m.Rows)))
}

// Has reports whether the input names an identifier, or a search found
// it. It may be called concurrently with the run once the model is
// sealed.
func (m *Sheet) Has(id string) bool {
	_, ok := m.Find(id)
	return ok
}

func (m *Sheet) intern(id ident.ID) int32 {
	if i, ok := m.Find(id.Value); ok {
		return i
	}
	// A copy: the value may share the memory of its whole input line.
	v := strings.Clone(id.Value)
	i := int32(len(m.Lookups))
	m.Lookups = append(m.Lookups, Lookup{ID: v, Kind: id.Kind})
	if !m.sealed {
		m.index.add(m.Lookups, i)
		return i
	}
	m.added.mu.Lock()
	defer m.added.mu.Unlock()
	if m.added.ids == nil {
		m.added.ids = make(map[string]int32)
	}
	m.added.ids[v] = i
	return i
}

// ReadJournal sets every lookup's phase from the journal. When the input
// holds a good share of the journal's identifiers, one sequential pass over
// the journal's records is faster than a random read for each; otherwise
// each is read, in read transactions of bounded size.
//
// With a refresh cutoff (not zero), lookups answered before it are marked
// due.
func (m *Sheet) ReadJournal(j *state.Journal, mode state.Mode, cutoff time.Time) error {
	set := m.setter(cutoff)
	if err := m.readLookups(j, mode, set); err != nil {
		return err
	}
	if err := j.View(func(r *state.Reader) error { m.suppression = r.Suppression(); return nil }); err != nil {
		return fmt.Errorf("read journal: %w", err)
	}
	if m.suppression.Len() > 0 {
		for i := range m.Lookups {
			m.suppress(int32(i))
		}
	}
	if err := m.ReadNames(j, mode, set); err != nil {
		return fmt.Errorf("read journal: %w", err)
	}
	return nil
}

// Suppression is the journal's suppression list, as ReadJournal read it.
func (m *Sheet) Suppression() *state.Suppression { return m.suppression }

// suppress makes lookup i final, never looked up, when its identifier is
// one of a person who asked to be forgotten (the journal's suppression
// list): its rows end suppressed.
func (m *Sheet) suppress(i int32) {
	if l := &m.Lookups[i]; m.suppression.Suppressed(l.Kind, l.ID) {
		l.Phase, l.Settled, l.Due = state.Suppressed, true, false
	}
}

// setter returns what sets a lookup from its journal record.
func (m *Sheet) setter(cutoff time.Time) func(i int32, l state.Lookup) {
	return func(i int32, l state.Lookup) {
		m.Lookups[i].Phase, m.Lookups[i].NotBefore = l.Phase, InstantOf(l.NotBefore)
		m.Lookups[i].Due = !cutoff.IsZero() && l.Phase.Final() && l.Updated.Before(cutoff)
		m.Lookups[i].Settled, m.Lookups[i].Result = l.Phase == state.Found || l.Phase == state.NotFound, l.Result
		m.Lookups[i].Redone = l.Redone > 0
	}
}

// dropEvery is the number of records a pass over the journal's lookups
// reads between drops of its pages: some megabytes of them.
const dropEvery = 16384

// readLookups reads the journal's record of every lookup of the input.
func (m *Sheet) readLookups(j *state.Journal, mode state.Mode, set func(i int32, l state.Lookup)) error {
	var stored int64
	if err := j.View(func(r *state.Reader) error { stored = r.LookupCount(mode); return nil }); err != nil {
		return fmt.Errorf("read journal: %w", err)
	}
	if stored == 0 {
		return nil
	}
	if int64(len(m.Lookups))*8 >= stored {
		err := j.View(func(r *state.Reader) error {
			// A pass over every record, each read once: its pages are
			// dropped as it goes, or they would all be resident at its end
			// (85 MB for a million-row sheet's journal, the run's peak).
			defer r.DropPages()
			n := 0
			return r.EachLookup(mode, func(id []byte, l state.Lookup) error {
				if n++; n%dropEvery == 0 {
					r.DropPages()
				}
				if i, ok := m.index.findBytes(m.Lookups, id); ok {
					set(i, l)
				}
				return nil
			})
		})
		if err != nil {
			return fmt.Errorf("read journal: %w", err)
		}
		return nil
	}
	const chunk = 50000
	for start := 0; start < len(m.Lookups); start += chunk {
		end := min(start+chunk, len(m.Lookups))
		err := j.View(func(r *state.Reader) error {
			for i := start; i < end; i++ {
				l, ok, err := r.Lookup(mode, m.Lookups[i].ID)
				if err != nil {
					return err
				}
				if ok {
					set(int32(i), l)
				}
			}
			return nil
		})
		if err != nil {
			return fmt.Errorf("read journal: %w", err)
		}
	}
	return nil
}

// Outcome is where a row ends up.
type Outcome int

const (
	Waiting     Outcome = iota // waits on a lookup that is queued or in flight
	Found                      // a lookup found the person
	NotFound                   // every identifier failed
	Failed                     // waits on a lookup an earlier run gave up
	CreditsOver                // waits on a lookup answered credits_are_over
	Searching                  // waits on the search for its name
	Unsearched                 // its name could not be searched in this run
	Unread                     // waits for its person to be read (UnreadName)
	Suppressed                 // names a person who asked to be forgotten: never looked up
)

// Advance moves row r along its waterfall from its current position, past
// identifiers that found nobody, to the first that decides or must wait.
// It attaches the row to the lookup it waits on and returns that lookup's
// index (or -1) with the row's outcome.
func (m *Sheet) Advance(r int32) (int32, Outcome) {
	rs, end := &m.Rows[r], m.end(r)
	at, phase := Waterfall(int(end-rs.Pos), func(i int) state.Phase {
		li := m.IDs[rs.Pos+int32(i)]
		l := &m.Lookups[li]
		switch {
		case l.Due: // to be looked up again: the row waits on it
			return state.Queued
		case l.Phase == state.Queued && m.vouched(li, rs.Pos+int32(i)+1, end):
			return state.NotFound // passed over: a later identifier found the person it names
		}
		return l.Phase
	})
	if at < 0 {
		rs.Pos = end
		return m.advanceByName(r)
	}
	rs.Pos += int32(at)
	return m.wait(r, m.IDs[rs.Pos], phase)
}

// vouched reports whether a lookup found among the row's lookups at
// positions [from, end) of IDs lists the identifier of lookup li.
func (m *Sheet) vouched(li, from, end int32) bool {
	if m.Vouched == nil {
		return false
	}
	for _, found := range m.IDs[from:end] {
		if l := &m.Lookups[found]; l.Phase == state.Found && !l.Due && m.Vouched(found, li) {
			return true
		}
	}
	return false
}

// advanceByName takes row r, whose identifiers all found nobody, to the
// last step of its waterfall: the person its name and company found. A
// name not searched yet makes the row wait on the search: the outcome is
// Searching, with the name's index.
func (m *Sheet) advanceByName(r int32) (int32, Outcome) {
	rs := &m.Rows[r]
	if rs.Name == 0 || !m.ByName {
		m.SetDone(r)
		return -1, NotFound
	}
	if rs.Name == UnreadName {
		return -1, Unread // the caller reads the row's person (SetPerson), then advances it again
	}
	n := rs.Name - 1
	nm := &m.Names[n]
	switch {
	case nm.Status == "" && nm.Stopped:
		m.SetDone(r) // waits for the next run
		return -1, Unsearched
	case nm.Status == "":
		m.Searching[n] = append(m.Searching[n], r)
		return n, Searching
	case nm.Status == state.NameSuppressed:
		m.SetDone(r)
		return -1, Suppressed
	case nm.Lookup < 0:
		m.SetDone(r)
		return -1, NotFound
	}
	l := &m.Lookups[nm.Lookup]
	phase := l.Phase
	if l.Due {
		phase = state.Queued
	}
	if phase == state.NotFound {
		m.SetDone(r)
		return -1, NotFound
	}
	return m.wait(r, nm.Lookup, phase)
}

// wait attaches row r to lookup li, whose phase decides the row or makes
// it wait.
func (m *Sheet) wait(r, li int32, phase state.Phase) (int32, Outcome) {
	switch phase {
	case state.Found:
		m.SetDone(r)
		return li, Found
	case state.Suppressed:
		m.SetDone(r)
		return li, Suppressed
	}
	m.Waiting[li] = append(m.Waiting[li], r)
	switch phase {
	case state.Failed: // given up by an earlier run: this one tries it again
		return li, Failed
	case state.CreditsOver:
		return li, CreditsOver
	}
	return li, Waiting // queued or in flight
}
