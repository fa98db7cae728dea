package pipeline

import (
	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/callback"
	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/runsheet"
	"github.com/enrich-dev/enrich/state"
)

// delivered applies results the journal committed: rows move on, and the
// requests they closed land.
func (e *engine) delivered(r callback.Delivery) {
	if r.Err != nil {
		e.storageFailed(r.Err)
		e.applyKept(r.Kept, r.RequestID)
		return
	}
	d := r.Stored
	now := e.clock.Now()
	e.stats.callbacks++
	e.stats.stale += d.Stale
	e.stats.refusedResults += d.Refused
	if d.SharedID {
		// The service gave this request's requestId to another before,
		// and the answer that named it was lost: its results were taken
		// by their items, paid once, nothing sent again.
		e.stats.sharedIDs++
		e.cfg.Log.Warn("a callback named a requestId the service had given an earlier request; it was taken by the request whose answer was lost, by its items", "requestId", r.RequestID, "batch", d.Batch)
	}
	e.cr.answered(d.Batch, charge(d))
	delete(e.late, d.Batch)
	e.stats.lastResult = now
	e.applyAll(d.Changes)
	e.timeline.results(now, len(d.Changes))
	for _, seq := range d.Settled {
		f, ok := e.flights[seq]
		switch {
		case !ok:
		case f.sending:
			f.answered = true // lands with its answer
		default:
			e.land(seq)
		}
	}
}

// land forgets a flight whose results are all in, or that was given up.
func (e *engine) land(seq uint64) {
	f := e.flights[seq]
	if f == nil {
		return
	}
	delete(e.flights, seq)
	if f.batch.Mode == e.mode {
		e.cr.landed(int64(len(f.batch.Items)))
	}
}

// applyAll applies lookup changes from the journal to the model: rows move
// along their waterfalls and lookups are queued again.
func (e *engine) applyAll(changes []state.Change) {
	for _, c := range changes {
		if c.Mode != e.mode {
			continue
		}
		li, ok := e.m.Find(c.ID)
		if !ok {
			continue
		}
		l := &e.m.Lookups[li]
		l.Settled = false // the export reads this one from the journal
		if l.Phase == c.Lookup.Phase && l.Phase.Final() {
			continue // already applied, from the journal's answer to a batch intent
		}
		if c.Lookup.Phase == state.Found || c.Lookup.Phase == state.Suppressed {
			e.cr.received() // a forgotten person's profile, found by a new identifier, was paid for too
		}
		l.Phase, l.NotBefore = c.Lookup.Phase, runsheet.InstantOf(c.Lookup.NotBefore)
		switch l.Phase {
		case state.Found, state.Suppressed:
			e.settleRows(li)
		case state.Failed:
			e.stats.gaveUp++
			e.settleRows(li)
		case state.NotFound:
			waiting := e.m.Waiting[li]
			delete(e.m.Waiting, li)
			for _, r := range waiting {
				e.advance(r)
			}
		case state.CreditsOver:
			e.halt(fault.StopCredits, nil)
		case state.Queued:
			e.want(li)
		}
	}
}

// applyKept applies results the journal could not store and that were
// kept beside the output: the model takes their answers, so that the
// rows they decide are done and the requests they answer land; the
// output reads the answers from the file.
func (e *engine) applyKept(results []wire.Result, requestID int64) {
	if len(results) == 0 {
		return
	}
	var changes []state.Change
	for _, r := range results {
		phase := state.NotFound
		switch {
		case r.Status == wire.StatusSuccess && r.Problem() == "":
			phase = state.Found
		case r.Status != wire.StatusFailed:
			continue // asks to wait: the next run sends it again
		}
		changes = append(changes, state.Change{Mode: e.mode, ID: r.Item, Lookup: state.Lookup{Phase: phase}})
	}
	e.stats.callbacks++
	e.applyAll(changes)
	for seq, f := range e.flights {
		if requestID != 0 && f.batch.RequestID == requestID {
			e.cr.answered(seq, countMatched(results))
			delete(e.late, seq)
		}
		if !e.answeredInModel(f.batch) {
			continue
		}
		if f.sending {
			f.answered = true
		} else {
			e.land(seq)
		}
	}
}

// answeredInModel reports whether every item of a batch of the run's pool
// has a final answer in the model.
func (e *engine) answeredInModel(b state.Batch) bool {
	if b.Mode != e.mode {
		return false
	}
	for _, id := range b.Items {
		li, ok := e.m.Find(id)
		if !ok || !e.m.Lookups[li].Phase.Final() {
			return false
		}
	}
	return true
}

// settleRows marks the rows waiting on a lookup done for this run.
func (e *engine) settleRows(li int32) {
	for _, r := range e.m.Waiting[li] {
		e.m.SetDone(r)
	}
	delete(e.m.Waiting, li)
}
