package pipeline

import (
	"context"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/state"
)

// want queues lookup li if it is queued in the journal's sense and not yet
// in the queue.
func (e *engine) want(li int32) {
	l := &e.m.lookups[li]
	if l.queued || l.phase != state.Queued {
		return
	}
	l.queued = true
	e.queue.push(li, l.notBefore, e.clock.Now())
}

// submit sends batches while there are lookups ready, room in the budget
// and credits to cover them. It returns when it next has something to do
// (zero: nothing until an event).
func (e *engine) submit(ctx context.Context, now time.Time) time.Time {
	wake := e.queue.release(now)
	waiting := e.dropStale() > 0
	e.budget.Want(now, waiting && e.stop == "")
	if e.stop != "" || !waiting {
		return wake
	}
	if now.Before(e.pauseTil) {
		return earliest(wake, e.pauseTil)
	}
	for e.dropStale() > 0 {
		headroom := e.cr.headroom()
		if headroom <= 0 {
			if e.cr.inflight == 0 && e.cr.settledUp() {
				e.halt(e.cr.exhaustedReason(), nil)
				return wake
			}
			e.readBalance(ctx)
			return wake // results in flight, or a fresh balance, may free credits
		}
		room := e.budget.Room(now)
		if room == 0 {
			return earliest(wake, e.budget.Next(now, min(len(e.queue.ready), api.MaxItems)))
		}
		n := min(api.MaxItems, room, int(min(headroom, int64(api.MaxItems))))
		if !e.send(ctx, e.take(n), now) {
			break
		}
	}
	return wake
}

// dropStale removes lookups from the head of the ready queue that were
// settled while they waited (a late callback answered them), and returns
// how many remain.
func (e *engine) dropStale() int {
	q := &e.queue
	for len(q.ready) > 0 && e.m.lookups[q.ready[0]].phase != state.Queued {
		e.m.lookups[q.ready[0]].queued = false
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
