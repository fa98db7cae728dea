package pipeline

import (
	"time"

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
	e.queue.push(li, l.NotBefore.Time(), e.clock.Now())
}

// submit sends batches while there are lookups ready, room in the budget
// and credits to cover them. It returns when it next has something to do
// (zero: nothing until an event).
func (e *engine) submit(now time.Time) time.Time {
	wake := e.queue.release(now)
	if hold := e.holdForSearches(now); !hold.IsZero() {
		return earliest(wake, hold)
	}
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
			// Results in flight, or a fresh balance, may free credits,
			// within CreditWait.
			return earliest(earliest(wake, next), e.waitForCredits(now, read || !next.IsZero()))
		}
		e.creditsHeld = time.Time{}
		batch, res, full, next := e.pace(now, credits)
		if full {
			return earliest(wake, next)
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

// waitForCredits bounds the wait for results in flight that may free
// credits (see CreditWait): it stops the run once the credits have held
// submission that long, its drain cut to end then, and returns when to
// look again. A balance being read (reading) is not such a wait.
func (e *engine) waitForCredits(now time.Time, reading bool) time.Time {
	stop := e.cr.blocking()
	if reading || stop == "" || e.sendingCount() > 0 {
		// A submission under way may be refused, which frees its items
		// at once: the wait for callbacks starts once it is answered.
		e.creditsHeld = time.Time{}
		return time.Time{}
	}
	if e.creditsHeld.IsZero() {
		e.creditsHeld = now
	}
	end := e.creditsHeld.Add(min(CreditWait, e.cfg.DrainTimeout))
	if now.Before(end) {
		return end
	}
	e.drainBy = now
	e.halt(stop, nil)
	return time.Time{}
}
