package pipeline

import (
	"time"

	"github.com/enrich-dev/enrich/report"
	"github.com/enrich-dev/enrich/state"
)

// reap gives up requests whose callback is overdue: their lookups go back
// to the queue, or are given up after the last attempt. What the service
// matched for them was paid for; the balance is read again, so that
// neither --max-credits nor the balance is overdrawn by it.
func (e *engine) reap(now time.Time) {
	for seq, f := range e.flights {
		if f.sending || f.deadline.IsZero() || now.Before(f.deadline) {
			continue
		}
		changes, err := e.j.Expire(seq, now, "no callback within "+e.cfg.CallbackTimeout.String(), e.cfg.policy())
		if err != nil {
			e.storageFailed(err)
			return
		}
		e.cfg.Log.Warn("no callback in time; its items go back to the queue", "batch", seq, "requestId", f.batch.RequestID, "items", len(f.batch.Items))
		e.expired(seq, now, changes)
	}
}

// expired lands a flight given up on, counts its items as maybe charged
// until the balance is read again, and applies the changes the journal
// made: its lookups go back to the queue, marked as lost.
func (e *engine) expired(seq uint64, now time.Time, changes []state.Change) {
	f := e.flights[seq]
	if f == nil {
		return
	}
	for _, c := range changes {
		if li, ok := e.m.Find(c.ID); ok && c.Mode == e.mode {
			e.m.Lookups[li].Lost = true
		}
	}
	defer e.applyAll(changes)
	e.stats.expired++
	e.timeline.event(now, report.EventExpired, "")
	if f.batch.Mode == e.mode {
		e.cr.expire(int64(len(f.batch.Items)))
		e.late[seq] = lateRequest{items: f.batch.Items, givenUp: now}
	}
	e.land(seq)
}
