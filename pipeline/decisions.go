package pipeline

import (
	"context"
	"fmt"

	"github.com/enrich-dev/enrich/export"
	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/state"
)

// A person chooses among the candidates of an ambiguous row by marking
// one in the candidates sheet (export.ReadChoices). A run reads the marks
// before it starts, keeps those the journal accepts, and gives each name
// whose person was chosen a lookup of the chosen uid, as a search that
// matched them would (searchDone): no search is made for it again, and
// the person costs one credit, once.

// readChoices reads the choices among candidates of a run that finds by
// name, says which were refused, and keeps the others in the journal
// before anything is sent.
func readChoices(ctx context.Context, cfg *Config, j *state.Journal) (*export.Choices, error) {
	if !cfg.FindByName {
		return nil, nil // --decisions is refused without it (validate)
	}
	c, err := export.ReadChoices(ctx, j, export.ChoicesConfig{Input: cfg.Input, Source: cfg.Source, Output: cfg.sideFiles(), Decisions: cfg.Decisions})
	if err != nil {
		return nil, err
	}
	c.Log(cfg.Log)
	if err := c.Keep(j); err != nil {
		return nil, fmt.Errorf("%w: %v", fault.ErrStorage, err)
	}
	return c, nil
}

// chooseAll gives every name of the model whose person was chosen the
// lookup of the chosen uid; the names read later (personsDone) are given
// theirs as they come.
func (e *engine) chooseAll() {
	if e.cfg.choices == nil {
		return
	}
	names := make([]int32, len(e.m.Names))
	for i := range names {
		names[i] = int32(i)
	}
	e.choose(names)
}

// choose gives each of the names whose search the journal holds and whose
// person was chosen (and the choice kept) the lookup of the chosen uid,
// read from the journal when it was looked up before.
func (e *engine) choose(names []int32) {
	for _, n := range names {
		nm := &e.m.Names[n]
		uid, kept, ok := e.cfg.choices.Of(nm.Key)
		if !ok || !kept || nm.Status == "" || nm.Status == state.NameChosen {
			continue
		}
		li := e.m.Matched(n, state.NameSearch{Status: state.NameMatched, UID: uid})
		nm.Status = state.NameChosen
		l := &e.m.Lookups[li]
		if l.Searched && l.Phase == state.Queued && !l.Queued && !l.Sent {
			// A uid new to this run: the journal may hold its answer.
			if err := e.m.ReadLookup(e.j, e.mode, e.refreshCutoff(), li); err != nil {
				e.storageFailed(err)
				return
			}
		}
		l.Settled = false // its answer, if any, is read from the journal
	}
}
