package pipeline

import (
	"context"

	"github.com/enrich-dev/enrich/runsheet"
)

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
	answers := e.m.FoundAnswers()
	if len(answers) == 0 {
		return nil
	}
	bad, err := e.x.Check(ctx, e.j, e.m, answers)
	if err != nil || len(bad) == 0 {
		return err
	}
	var ids []string
	for _, li := range bad {
		if !e.m.Lookups[li].Redone {
			ids = append(ids, e.m.Lookups[li].ID)
		}
	}
	changes, err := e.j.Redo(e.mode, ids, e.clock.Now())
	if err != nil {
		return err
	}
	for _, c := range changes {
		li, _ := e.m.Find(c.ID)
		l := &e.m.Lookups[li]
		l.Phase, l.NotBefore, l.Result = c.Lookup.Phase, runsheet.InstantOf(c.Lookup.NotBefore), 0
		l.Settled, l.Redone = false, true
	}
	e.stats.redone = len(changes)
	e.cfg.Log.Warn("stored results that are damaged or belong to another identifier are looked up again",
		"identifiers", len(changes), "unusable_again", len(bad)-len(changes))
	return nil
}
