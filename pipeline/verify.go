package pipeline

import (
	"cmp"
	"context"
	"runtime"
	"slices"
	"sync"

	"github.com/enrich-dev/enrich/internal/ident"
	"github.com/enrich-dev/enrich/state"
)

// storedAnswer is a found lookup whose stored result a row's outcome
// reads.
type storedAnswer struct {
	li     int32
	result uint64
}

// foundAnswers returns the found lookups the rows' outcomes read from the
// model (each row's first identifier that found the person), each once,
// in the order of their results' ids: the order the journal holds them in.
func (m *model) foundAnswers() []storedAnswer {
	var out []storedAnswer
	marked := make([]bool, len(m.lookups))
	for _, rs := range m.rows {
		for _, li := range m.ids[rs.first:rs.end] {
			l := &m.lookups[li]
			if !l.settled || (l.phase != state.Found && l.phase != state.NotFound) {
				break // read from the journal as the row is written
			}
			if l.phase == state.Found {
				if !marked[li] {
					marked[li] = true
					out = append(out, storedAnswer{li, l.result})
				}
				break
			}
		}
	}
	slices.SortFunc(out, func(a, b storedAnswer) int { return cmp.Compare(a.result, b.result) })
	return out
}

// checkAnswers reads the stored results the rows' outcomes need before
// anything is sent, and looks up again, once, each identifier whose
// result is missing, damaged, or names another identifier: a journal
// damaged on disk, or salvaged, must cost the rows a lookup, never show
// them another person or leave them in error for ever. A lookup that was
// looked up again once and is unusable again stays as it is: its rows
// are errors that say so.
//
// The results are decoded into the run's cache of profiles, which the
// output is written from, up to what the cache holds; the rest are only
// checked.
func (e *engine) checkAnswers(ctx context.Context) error {
	answers := e.m.foundAnswers()
	if len(answers) == 0 {
		return nil
	}
	bad, err := e.x.check(ctx, e.j, e.m, answers)
	if err != nil || len(bad) == 0 {
		return err
	}
	var ids []string
	for _, li := range bad {
		if !e.m.lookups[li].redone {
			ids = append(ids, e.m.lookups[li].id)
		}
	}
	changes, err := e.j.Redo(e.mode, ids, e.clock.Now())
	if err != nil {
		return err
	}
	for _, c := range changes {
		l := &e.m.lookups[e.m.index[c.ID]]
		l.phase, l.notBefore, l.batch, l.result = c.Lookup.Phase, c.Lookup.NotBefore, c.Lookup.Batch, 0
		l.settled, l.redone = false, true
	}
	e.stats.redone = len(changes)
	e.cfg.Log.Warn("stored results that are damaged or belong to another identifier are looked up again",
		"identifiers", len(changes), "unusable_again", len(bad)-len(changes))
	return nil
}

// check reads the stored result of each answer, in the order given, on
// every core, and returns the lookups whose result is missing, damaged or
// names another identifier. Results are decoded into the cache while it
// has room.
func (x *exporter) check(ctx context.Context, j *state.Journal, m *model, answers []storedAnswer) ([]int32, error) {
	var mu sync.Mutex
	var bad []int32
	err := inBlocks(ctx, j, len(answers), max(runtime.GOMAXPROCS(0), 1), func(s *journalScan, lo, hi int) bool {
		for _, a := range answers[lo:hi] {
			var res storedResult
			if x.nearlyFull() {
				res = x.peek(s, a.result)
			} else {
				res = x.result(s, a.result)
			}
			l := &m.lookups[a.li]
			if res.damaged || !sameIdentifier(ident.ID{Kind: l.kind, Value: l.id}, res.item) {
				mu.Lock()
				bad = append(bad, a.li)
				mu.Unlock()
			}
		}
		return true
	})
	slices.Sort(bad)
	return bad, err
}
