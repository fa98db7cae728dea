package pipeline

import (
	"time"

	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/state"
)

// want queues lookup li if it is queued in the journal's sense and not yet
// in the queue.
func (e *engine) want(li int32) {
	l := &e.m.Lookups[li]
	if l.Queued || l.Phase != state.Queued {
		return
	}
	l.Queued = true
	e.queue.push(li, l.NotBefore, e.clock.Now())
}

// submit sends batches while there are lookups ready, room in the budget
// and credits to cover them. It returns when it next has something to do
// (zero: nothing until an event).
func (e *engine) submit(now time.Time) time.Time {
	wake := e.queue.release(now)
	waiting := e.dropStale() > 0
	e.budget.Want(now, waiting && e.stop == "")
	if e.stop != "" || !waiting {
		e.heldBy = ""
		return wake
	}
	if now.Before(e.pauseTil) {
		return earliest(wake, e.pauseTil)
	}
	for e.dropStale() > 0 {
		credits, stop, read, next := e.cr.spendable(now)
		if stop != "" {
			e.halt(stop, nil)
			return wake
		}
		if read {
			e.readBalance(now)
		}
		if credits <= 0 {
			// Results in flight, or a fresh balance, may free credits.
			return earliest(wake, next)
		}
		room := e.budget.Room(now)
		if room == 0 {
			e.heldBack(now)
			return earliest(wake, e.budget.Next(now, min(len(e.queue.ready), wire.MaxItems)))
		}
		e.heldBy = ""
		batch := e.take(min(wire.MaxItems, room, int(min(credits, wire.MaxItems))))
		// Another run on the account may have taken room since Room: the
		// room is taken for what is left, and the rest goes back.
		res := e.budget.Take(now, len(batch))
		if res.N < len(batch) {
			e.queue.ready = append(batch[res.N:len(batch):len(batch)], e.queue.ready...)
			batch = batch[:res.N]
		}
		if len(batch) == 0 {
			continue
		}
		if !e.send(batch, res, now) {
			break
		}
	}
	return wake
}

// heldBack notes, at most once a second, what holds the account's budget
// while items wait for room: other runs on the account, named where the
// budget knows them. It shows on the progress line and, when it changes,
// in the log. A window full of this run's own items is the budget's pace,
// and says nothing.
func (e *engine) heldBack(now time.Time) {
	if now.Sub(e.heldAt) < time.Second {
		return
	}
	e.heldAt = now
	u := e.budget.Usage(now)
	if u.Others == 0 && u.Share >= u.Limit {
		e.heldBy = ""
		return
	}
	by := u.String()
	if by != e.heldBy {
		e.cfg.Log.Info("waiting for the account's budget", "held", by)
	}
	e.heldBy = by
}

// dropStale removes lookups from the head of the ready queue that were
// settled while they waited (a late callback answered them), and returns
// how many remain.
func (e *engine) dropStale() int {
	q := &e.queue
	for len(q.ready) > 0 && e.m.Lookups[q.ready[0]].Phase != state.Queued {
		e.m.Lookups[q.ready[0]].Queued = false
		q.ready = q.ready[1:]
	}
	return len(q.ready)
}

// take removes up to n lookups that are still queued from the head of the
// ready queue.
func (e *engine) take(n int) []int32 {
	batch := make([]int32, 0, n)
	for len(batch) < n && e.dropStale() > 0 {
		batch = append(batch, e.queue.ready[0])
		e.queue.ready = e.queue.ready[1:]
	}
	return batch
}
