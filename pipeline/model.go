package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/enrich-dev/enrich/internal/ident"
	"github.com/enrich-dev/enrich/report"
	"github.com/enrich-dev/enrich/sinks"
	"github.com/enrich-dev/enrich/sources"
	"github.com/enrich-dev/enrich/state"
)

// The in-memory model of a run: every row of the input that has an
// identifier, and every distinct identifier (a lookup) once. Rows hold
// indices into lookups, not strings, so that a million-row sheet fits.
type model struct {
	lookups []lookup
	index   map[string]int32 // identifier → lookup
	rows    []rowState
	ids     []int32 // every row's lookups, in row order; rows point into it
	// waiting holds, for a lookup that is not final, the rows whose current
	// identifier it is. Most lookups of a resumed job are final and need no
	// list, so the lists live here rather than in every lookup.
	waiting map[int32][]int32

	noIdentifier int // rows without a valid identifier
	invalid      int // of those, rows with an invalid one
	columns      int // identifier columns of the sheet
	// invalidRows holds, by row number, why a row without a valid
	// identifier has an invalid one (the export's error), up to
	// maxInvalidRows; past it, invalidOver is set and the export finds
	// them again itself.
	invalidRows map[int32]string
	invalidOver bool
	// input is the input file as the run read it: the export takes the
	// model's identifiers only for the same file.
	input os.FileInfo
}

// sameInput reports whether path is, by its size and modification time,
// the file the model was read from.
func (m *model) sameInput(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && m.input != nil && fi.Size() == m.input.Size() && fi.ModTime().Equal(m.input.ModTime())
}

// maxInvalidRows bounds the reasons of invalid rows the model keeps.
const maxInvalidRows = 1 << 16

// checkWork refuses, before anything is sent, a sheet with nothing to
// look up (no identifier column, no data row) and one the output cannot
// hold (an .xlsx too wide, or with a cell too long).
func (m *model) checkWork(layout sources.Layout, output string, appended int) error {
	switch {
	case m.columns == 0:
		return sources.NoIdentifierColumn(layout)
	case len(m.rows)+m.noIdentifier == 0:
		return sources.NoDataRows(layout)
	}
	format, err := sinks.FormatOf(output)
	if err == nil {
		err = sinks.CheckFits(layout, format, appended)
	}
	if err != nil {
		return fmt.Errorf("%w: %v", report.ErrUsage, err)
	}
	return nil
}

// lookup is one distinct identifier of the input.
type lookup struct {
	id        string
	kind      ident.Kind
	phase     state.Phase
	notBefore time.Time
	batch     uint64
	queued    bool // in the queue
	due       bool // answered before the refresh cutoff: a refresh looks it up again
	sent      bool // sent by this run
	// lost says the request last carrying it was given up (no callback, or
	// its answer lost): sending it again may pay for it twice.
	lost bool
	// settled says the run found this lookup answered (found or not) in
	// the journal, result being the stored result when found, and has
	// not changed it since: the export can take the answer from here.
	settled bool
	result  uint64
	// redone says the lookup was looked up again once because its stored
	// result was unusable: it is not looked up again for that.
	redone bool
}

// rowState is a row's place in its waterfall: its lookups are
// model.ids[first:end]; pos (from first) is the one it waits on, and
// pos == end means every identifier failed. Rows hold offsets into one
// shared slice rather than a slice each: a million rows, one allocation.
type rowState struct {
	first, end, pos int32
	num             int32 // the row's number in the sheet
	done            bool
}

// loadRows reads the input and interns its identifiers. It reads the file
// once, streaming; only identifiers are kept. progress, when not nil, is
// told the rows read now and then, and at the end.
func loadRows(ctx context.Context, path string, opts sources.Options, progress FileProgress) (*model, sources.Layout, error) {
	t, err := sources.Open(path, opts)
	if err != nil {
		return nil, sources.Layout{}, err
	}
	defer t.Close()
	input, err := os.Stat(path)
	if err != nil {
		return nil, sources.Layout{}, err
	}
	m := &model{index: make(map[string]int32), waiting: make(map[int32][]int32), invalidRows: make(map[int32]string), columns: len(t.Columns()), input: input}
	var cellBytes int64
	for n := 0; ; n++ {
		if n%4096 == 0 {
			if ctx.Err() != nil {
				return nil, sources.Layout{}, ctx.Err()
			}
			if progress != nil {
				progress(PassRead, n, -1)
			}
		}
		if n == presizeAfter && t.Layout().Format == sources.CSV {
			m.presize(path, cellBytes, n)
		}
		row, err := t.Next()
		if errors.Is(err, io.EOF) {
			if progress != nil {
				progress(PassRead, n, int64(n))
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
		if len(row.IDs) == 0 {
			m.noIdentifier++
			if len(row.Invalid) > 0 {
				m.invalid++
				if len(m.invalidRows) < maxInvalidRows {
					m.invalidRows[int32(row.Num)] = invalidReason(row.Invalid[0])
				} else {
					m.invalidOver = true
				}
			}
			continue
		}
		first := int32(len(m.ids))
		for _, id := range row.IDs {
			m.ids = append(m.ids, m.intern(id))
		}
		end := int32(len(m.ids))
		m.rows = append(m.rows, rowState{first: first, end: end, pos: first, num: int32(row.Num)})
	}
	return m, t.Layout(), nil
}

// presizeAfter is the number of rows read before the model is sized for
// the whole file.
const presizeAfter = 1000

// presize grows the model for the rows a CSV file of this size holds, from
// the size of its first rows: a million-row sheet then fills its index
// without rehashing it twenty times. Growth is an estimate, never a
// requirement: a wrong guess costs memory or time, not correctness.
func (m *model) presize(path string, cellBytes int64, rows int) {
	fi, err := os.Stat(path)
	if err != nil || cellBytes == 0 || rows == 0 || len(m.rows) == 0 {
		return
	}
	estimate := int(min(fi.Size()/max(cellBytes/int64(rows), 1), 50_000_000))
	if estimate <= len(m.rows) {
		return
	}
	// Identifiers and lookups per row, as read so far, rounded up. The
	// first rows cannot show how often the sheet names the same people
	// again (a sheet of 300,000 rows may name 30,000), so the lookups are
	// sized for a quarter of what distinct identifiers would need: a sheet
	// of distinct ones grows them twice, a sheet of repeats does not hold
	// room it never uses.
	idsPerRow := float64(len(m.ids)) / float64(len(m.rows))
	lookupsPerRow := float64(len(m.lookups)) / float64(len(m.rows))
	wantIDs := int(float64(estimate)*idsPerRow) + 1
	wantLookups := int(float64(estimate)*lookupsPerRow/4) + 1
	index := make(map[string]int32, wantLookups)
	for k, v := range m.index {
		index[k] = v
	}
	m.index = index
	m.lookups = slices.Grow(m.lookups, max(0, wantLookups-len(m.lookups)))
	m.ids = slices.Grow(m.ids, max(0, wantIDs-len(m.ids)))
	m.rows = slices.Grow(m.rows, max(0, estimate-len(m.rows)))
}

// has reports whether the input names an identifier. The index is not
// written once the input is read, so that the callback receiver may ask.
func (m *model) has(id string) bool {
	_, ok := m.index[id]
	return ok
}

func (m *model) intern(id ident.ID) int32 {
	if i, ok := m.index[id.Value]; ok {
		return i
	}
	// A copy: the value may share the memory of its whole input line.
	v := strings.Clone(id.Value)
	i := int32(len(m.lookups))
	m.lookups = append(m.lookups, lookup{id: v, kind: id.Kind})
	m.index[v] = i
	return i
}

// readJournal sets every lookup's phase from the journal. When the input
// holds a good share of the journal's identifiers, one sequential pass over
// the journal's records is faster than a random read for each; otherwise
// each is read, in read transactions of bounded size.
//
// With a refresh cutoff (not zero), lookups answered before it are marked
// due.
func (m *model) readJournal(j *state.Journal, mode state.Mode, cutoff time.Time) error {
	set := func(i int32, l state.Lookup) {
		m.lookups[i].phase, m.lookups[i].notBefore, m.lookups[i].batch = l.Phase, l.NotBefore, l.Batch
		m.lookups[i].due = !cutoff.IsZero() && l.Phase.Final() && l.Updated.Before(cutoff)
		m.lookups[i].settled, m.lookups[i].result = l.Phase == state.Found || l.Phase == state.NotFound, l.Result
		m.lookups[i].redone = l.Redone > 0
	}
	var stored int64
	if err := j.View(func(r *state.Reader) error { stored = r.LookupCount(mode); return nil }); err != nil {
		return fmt.Errorf("read journal: %w", err)
	}
	if stored == 0 {
		return nil
	}
	if int64(len(m.lookups))*8 >= stored {
		err := j.View(func(r *state.Reader) error {
			defer r.DropPages() // a pass over every record: none is needed again soon
			return r.EachLookup(mode, func(id []byte, l state.Lookup) error {
				if i, ok := m.index[string(id)]; ok {
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
	for start := 0; start < len(m.lookups); start += chunk {
		end := min(start+chunk, len(m.lookups))
		err := j.View(func(r *state.Reader) error {
			for i := start; i < end; i++ {
				l, ok, err := r.Lookup(mode, m.lookups[i].id)
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

// rowOutcome is where a row ends up.
type rowOutcome int

const (
	rowWaiting     rowOutcome = iota // waits on a lookup that is queued or in flight
	rowFound                         // a lookup found the person
	rowNotFound                      // every identifier failed
	rowFailed                        // waits on a lookup an earlier run gave up
	rowCreditsOver                   // waits on a lookup answered credits_are_over
)

// advance moves row r along its waterfall from its current position, past
// identifiers that found nobody, to the first that decides or must wait.
// It attaches the row to the lookup it waits on and returns that lookup's
// index (or -1) with the row's outcome.
func (m *model) advance(r int32) (int32, rowOutcome) {
	rs := &m.rows[r]
	at, phase := waterfall(int(rs.end-rs.pos), func(i int) state.Phase {
		l := &m.lookups[m.ids[rs.pos+int32(i)]]
		if l.due { // to be looked up again: the row waits on it
			return state.Queued
		}
		return l.phase
	})
	if at < 0 {
		rs.pos, rs.done = rs.end, true
		return -1, rowNotFound
	}
	rs.pos += int32(at)
	li := m.ids[rs.pos]
	if phase == state.Found {
		rs.done = true
		return li, rowFound
	}
	m.waiting[li] = append(m.waiting[li], r)
	switch phase {
	case state.Failed: // given up by an earlier run: this one tries it again
		return li, rowFailed
	case state.CreditsOver:
		return li, rowCreditsOver
	}
	return li, rowWaiting // queued or in flight
}
