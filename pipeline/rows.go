package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/enrich-dev/enrich/internal/ident"
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

	noIdentifier int // rows without a valid identifier
	invalid      int // of those, rows with an invalid one
}

// lookup is one distinct identifier of the input.
type lookup struct {
	id        string
	kind      ident.Kind
	phase     state.Phase
	notBefore time.Time
	batch     uint64
	waiting   []int32 // rows whose current identifier this is
	queued    bool    // in the ready queue or the delayed heap
}

// rowState is a row's place in its waterfall: ids[pos] is the identifier
// it waits on; pos == len(ids) means every identifier failed.
type rowState struct {
	ids  []int32
	pos  int32
	done bool
}

// loadRows reads the input and interns its identifiers. It reads the file
// once, streaming; only identifiers are kept.
func loadRows(ctx context.Context, path string, opts sources.Options) (*model, sources.Layout, error) {
	t, err := sources.Open(path, opts)
	if err != nil {
		return nil, sources.Layout{}, err
	}
	defer t.Close()
	m := &model{index: make(map[string]int32)}
	for n := 0; ; n++ {
		if n%4096 == 0 && ctx.Err() != nil {
			return nil, sources.Layout{}, ctx.Err()
		}
		row, err := t.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, sources.Layout{}, err
		}
		if len(row.IDs) == 0 {
			m.noIdentifier++
			if len(row.Invalid) > 0 {
				m.invalid++
			}
			continue
		}
		rs := rowState{ids: make([]int32, len(row.IDs))}
		for i, id := range row.IDs {
			rs.ids[i] = m.intern(id)
		}
		m.rows = append(m.rows, rs)
	}
	return m, t.Layout(), nil
}

func (m *model) intern(id ident.ID) int32 {
	if i, ok := m.index[id.Value]; ok {
		return i
	}
	i := int32(len(m.lookups))
	m.lookups = append(m.lookups, lookup{id: id.Value, kind: id.Kind})
	m.index[id.Value] = i
	return i
}

// readJournal sets every lookup's phase from the journal, in read
// transactions of bounded size.
func (m *model) readJournal(j *state.Journal, mode state.Mode) error {
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
					m.lookups[i].phase, m.lookups[i].notBefore, m.lookups[i].batch = l.Phase, l.NotBefore, l.Batch
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
	rowFailed                        // a lookup was given up
	rowCreditsOver                   // waits on a lookup answered credits_are_over
)

// advance moves row r along its waterfall from its current position, past
// identifiers that found nobody, to the first that decides or must wait.
// It attaches the row to the lookup it waits on and returns that lookup's
// index (or -1) with the row's outcome.
func (m *model) advance(r int32) (int32, rowOutcome) {
	rs := &m.rows[r]
	for ; int(rs.pos) < len(rs.ids); rs.pos++ {
		li := rs.ids[rs.pos]
		l := &m.lookups[li]
		switch l.phase {
		case state.NotFound:
			continue
		case state.Found:
			rs.done = true
			return li, rowFound
		case state.Failed:
			rs.done = true
			return li, rowFailed
		case state.CreditsOver:
			l.waiting = append(l.waiting, r)
			return li, rowCreditsOver
		default: // queued or in flight
			l.waiting = append(l.waiting, r)
			return li, rowWaiting
		}
	}
	rs.done = true
	return -1, rowNotFound
}
