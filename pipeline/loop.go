package pipeline

import (
	"container/heap"
	"context"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/state"
)

// loop is the engine's event loop. It submits what the budget and the
// credits allow, applies results as they are committed, expires overdue
// requests, and ends when nothing is left to wait for.
func (e *engine) loop(ctx context.Context) {
	defer close(e.done)
	timer := time.NewTimer(0)
	defer timer.Stop()
	progressEvery := time.NewTicker(time.Second)
	defer progressEvery.Stop()
	for {
		now := time.Now()
		e.reap(now)
		wake := e.submit(ctx, now)
		e.tick(now, false)
		if e.finished(now) {
			e.tick(now, true)
			return
		}
		if e.stop != "" {
			wake = earliest(wake, e.stopAt.Add(e.cfg.DrainTimeout))
		}
		for _, f := range e.flights {
			if !f.deadline.IsZero() {
				wake = earliest(wake, f.deadline)
			}
		}
		if !timer.Stop() {
			select {
			case <-timer.C:
			default:
			}
		}
		if !wake.IsZero() {
			timer.Reset(max(time.Until(wake), time.Millisecond))
		}
		select {
		case d := <-e.deliveries:
			e.delivered(d)
		case o := <-e.outcomes:
			e.handle(o)
		case <-timer.C:
		case <-progressEvery.C:
		case <-ctx.Done():
			e.halt(StopInterrupted)
			ctx = context.WithoutCancel(ctx)
		}
	}
}

// finished reports whether the loop can end: nothing queued or in flight,
// or submission stopped and the drain bound passed.
func (e *engine) finished(now time.Time) bool {
	if e.fatal != nil {
		return true
	}
	if len(e.flights) == 0 && (e.stop != "" || (len(e.ready) == 0 && e.delayed.Len() == 0)) {
		return true
	}
	return e.stop != "" && now.Sub(e.stopAt) >= e.cfg.DrainTimeout
}

// halt stops submission for reason; what is in flight may still settle.
func (e *engine) halt(reason string) {
	if e.stop != "" {
		return
	}
	e.stop, e.stopAt = reason, time.Now()
	e.cfg.Log.Info("submission stopped", "reason", reason, "in_flight_requests", len(e.flights))
}

// submit sends batches while there are lookups ready, room in the window
// and credits to cover them. It returns when it next has something to do
// (zero: nothing until an event).
func (e *engine) submit(ctx context.Context, now time.Time) time.Time {
	for e.delayed.Len() > 0 && !e.delayed[0].at.After(now) {
		it := heap.Pop(&e.delayed).(delayedItem)
		e.ready = append(e.ready, it.li)
	}
	var wake time.Time
	if e.delayed.Len() > 0 {
		wake = e.delayed[0].at
	}
	if e.stop != "" || e.fatal != nil {
		return wake
	}
	if now.Before(e.pauseTil) {
		return earliest(wake, e.pauseTil)
	}
	for e.dropStale() > 0 {
		headroom := e.cr.headroom()
		if headroom <= 0 {
			if e.cr.inflight == 0 {
				e.halt(e.cr.exhaustedReason())
			}
			return wake // results in flight may free credits estimated as spent
		}
		room := e.lim.room(now)
		if room == 0 {
			return earliest(wake, e.lim.next(now, min(len(e.ready), api.MaxItems)))
		}
		batch := e.take(min(api.MaxItems, room, int(min(headroom, int64(api.MaxItems)))))
		e.send(ctx, batch, now)
		if e.fatal != nil {
			break
		}
	}
	return wake
}

// dropStale removes lookups from the head of the queue that were settled
// while they waited (a late callback answered them), and returns how many
// remain.
func (e *engine) dropStale() int {
	for len(e.ready) > 0 && e.m.lookups[e.ready[0]].phase != state.Queued {
		e.m.lookups[e.ready[0]].queued = false
		e.ready = e.ready[1:]
	}
	return len(e.ready)
}

// take removes up to n lookups that are still queued from the head of the
// ready queue.
func (e *engine) take(n int) []int32 {
	batch := make([]int32, 0, n)
	for len(batch) < n && e.dropStale() > 0 {
		batch = append(batch, e.ready[0])
		e.ready = e.ready[1:]
	}
	return batch
}

// delivered applies results the receiver committed.
func (e *engine) delivered(d state.Delivery) {
	e.stats.callbacks++
	e.stats.stale += d.Stale
	e.applyAll(d.Changes, true)
	if f, ok := e.flights[d.Batch]; ok && !e.pending(f) {
		e.land(d.Batch)
	}
	e.stats.lastResult = time.Now()
}

// pending reports whether any lookup of a flight still waits on it.
func (e *engine) pending(f *flight) bool {
	for _, id := range f.batch.Items {
		li, ok := e.m.index[id]
		if ok && e.m.lookups[li].phase == state.InFlight && e.m.lookups[li].batch == f.batch.Seq {
			return true
		}
	}
	return false
}

// land forgets a flight whose results are all in.
func (e *engine) land(seq uint64) {
	f := e.flights[seq]
	delete(e.flights, seq)
	e.cr.inflight -= int64(len(f.batch.Items))
}

// applyAll applies lookup changes from the journal to the model: rows move
// along their waterfalls and lookups are queued again.
func (e *engine) applyAll(changes []state.Change, fromResults bool) {
	for _, c := range changes {
		if c.Mode != e.mode {
			continue
		}
		li, ok := e.m.index[c.ID]
		if !ok {
			continue
		}
		l := &e.m.lookups[li]
		if fromResults && c.Lookup.Phase == state.Found {
			e.cr.charge()
		}
		if l.phase == c.Lookup.Phase && l.phase.Final() {
			continue // already applied, from the journal's answer to a batch intent
		}
		l.phase, l.notBefore, l.batch = c.Lookup.Phase, c.Lookup.NotBefore, c.Lookup.Batch
		switch l.phase {
		case state.Found:
			e.settleRows(li)
		case state.Failed:
			e.stats.gaveUp++
			e.settleRows(li)
		case state.NotFound:
			waiting := e.m.waiting[li]
			delete(e.m.waiting, li)
			for _, r := range waiting {
				if next, out := e.m.advance(r); out == rowWaiting || out == rowCreditsOver {
					e.want(next)
				}
			}
		case state.CreditsOver:
			e.halt(StopCredits)
		case state.Queued:
			e.stats.resubmitted++
			e.want(li)
		}
	}
}

// settleRows marks the rows waiting on a final lookup done.
func (e *engine) settleRows(li int32) {
	for _, r := range e.m.waiting[li] {
		e.m.rows[r].done = true
	}
	delete(e.m.waiting, li)
}

// reap expires flights whose callback is overdue: their lookups go back to
// the queue, or are given up after the last attempt.
func (e *engine) reap(now time.Time) {
	for seq, f := range e.flights {
		if f.sending || f.deadline.IsZero() || now.Before(f.deadline) {
			continue
		}
		changes, err := e.j.Expire(seq, now, "no callback within "+e.cfg.CallbackTimeout.String(), e.cfg.policy())
		if err != nil {
			e.fatal = err
			return
		}
		e.cfg.Log.Warn("no callback in time; items go back to the queue", "batch", seq, "requestId", f.batch.RequestID, "items", len(f.batch.Items))
		e.stats.expired++
		e.land(seq)
		e.applyAll(changes, false)
	}
}

func earliest(a, b time.Time) time.Time {
	switch {
	case a.IsZero():
		return b
	case b.IsZero():
		return a
	case b.Before(a):
		return b
	}
	return a
}

// delayedItem is a lookup waiting for its NotBefore.
type delayedItem struct {
	li int32
	at time.Time
}

// delayedHeap orders delayed lookups by time.
type delayedHeap []delayedItem

func (h delayedHeap) Len() int           { return len(h) }
func (h delayedHeap) Less(i, j int) bool { return h[i].at.Before(h[j].at) }
func (h delayedHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *delayedHeap) Push(x any)        { *h = append(*h, x.(delayedItem)) }
func (h *delayedHeap) Pop() any {
	old := *h
	it := old[len(old)-1]
	*h = old[:len(old)-1]
	return it
}
