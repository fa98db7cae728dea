package pipeline

import (
	"context"
	"time"

	"github.com/enrich-dev/enrich/internal/fault"
)

// loop is the engine's event loop. It submits what the budget and the
// credits allow, applies results as they are committed, expires overdue
// requests, and ends when nothing is left to wait for, or when the drain
// after a stop is over. It returns why the run cannot end well, if it
// cannot.
func (e *engine) loop(ctx context.Context) error {
	defer close(e.done)
	timer := e.clock.NewTimer(0)
	defer timer.Stop()
	for {
		now := e.clock.Now()
		if e.stop == "" && e.pastSubmission(now) {
			e.halt(fault.StopMaxDuration, nil)
		}
		e.reap(now)
		wake := e.submit(now)
		e.readPersons()
		e.startSearches()
		e.tick(now, false)
		if e.finished(now) {
			if e.takeArrived() {
				continue // what arrived may move rows on: a search by name, a lookup
			}
			return e.err
		}
		wake = earliest(wake, now.Add(time.Second)) // progress
		if e.sr.pauseTil.After(now) && len(e.sr.queue) > 0 {
			wake = earliest(wake, e.sr.pauseTil)
		}
		if e.stop != "" {
			wake = earliest(earliest(wake, e.drainEnd()), e.lateEnd())
		} else if !e.deadline.IsZero() {
			wake = earliest(wake, e.deadline.Add(-e.cfg.DrainTimeout))
		}
		for _, f := range e.flights {
			if !f.deadline.IsZero() && !f.sending {
				wake = earliest(wake, f.deadline)
			}
		}
		timer.Reset(max(wake.Sub(now), time.Millisecond))
		select {
		case d := <-e.deliveries:
			e.delivered(d)
		case o := <-e.outcomes:
			e.handle(o)
		case <-timer.C():
		case <-ctx.Done():
			e.interrupted()
			ctx = context.WithoutCancel(ctx)
		}
	}
}

// takeArrived applies the deliveries and outcomes that arrived but were
// not taken yet, and reports whether there were any: a callback committed
// just as its request was given up moves rows on (their identifiers found
// nobody: to their search by name), which the loop must see before it
// ends.
func (e *engine) takeArrived() bool {
	took := false
	for {
		select {
		case d := <-e.deliveries:
			e.delivered(d)
		case o := <-e.outcomes:
			e.handle(o)
		default:
			return took
		}
		took = true
	}
}

// finished reports whether the loop can end: nothing queued or in flight;
// or submission stopped and nothing in flight, nor results of requests
// given up on that rows still wait for (they may have been paid for); or
// submission stopped and the drain bound passed.
func (e *engine) finished(now time.Time) bool {
	switch {
	case e.stop != "" && !now.Before(e.drainEnd()):
		return true
	case len(e.flights) > 0, e.sr.running > 0, e.sr.reading:
		return false
	case e.stop == "":
		return e.queue.len() == 0 && len(e.sr.queue) == 0 && len(e.sr.unread) == 0
	}
	return !e.lateAwaited() || !now.Before(e.lateEnd())
}

// lateRequest is a request given up on: its items, and when.
type lateRequest struct {
	items   []string
	givenUp time.Time
}

// LateWait bounds how long, after a stop, the results of a request given
// up on are awaited, counted from when it was given up: its callback did
// not come within --callback-timeout, and a delivery the service was
// still retrying then (10 and 30 s apart, each allowed 10 s) comes within
// this, if ever. Nothing in flight is kept waiting by it: a stop with
// only such requests left ends by then.
const LateWait = 30 * time.Second

// SignalDrain bounds the drain once Ctrl-C or SIGTERM came: systemd sends
// SIGKILL 90 s after SIGTERM and Kubernetes 30 s after, and the output
// and the report must be written before. Results still in flight then
// are awaited by the next run (their batches stay open in the journal).
const SignalDrain = 15 * time.Second

// lateAwaited reports whether a request given up on may still bring
// results that rows wait for.
func (e *engine) lateAwaited() bool {
	return !e.lateUntil().IsZero()
}

// lateUntil is the latest instant a request given up on, whose results
// rows wait for, may still bring them: LateWait after it was given up;
// zero when none.
func (e *engine) lateUntil() time.Time {
	var until time.Time
	for _, r := range e.late {
		for _, id := range r.items {
			if li, ok := e.m.Find(id); ok && !e.m.Lookups[li].Phase.Final() {
				if t := r.givenUp.Add(LateWait); t.After(until) {
					until = t
				}
				break
			}
		}
	}
	return until
}

// lateEnd is when the wait after a stop for requests given up on ends:
// as long as their late delivery could come, within the drain.
func (e *engine) lateEnd() time.Time {
	until := e.lateUntil()
	if until.IsZero() {
		return e.stopAt
	}
	if end := e.drainEnd(); end.Before(until) {
		return end
	}
	return until
}

// drainEnd is when the wait for results in flight ends after a stop: the
// drain timeout after it, SignalDrain after a signal, and never after
// the --max-duration deadline.
func (e *engine) drainEnd() time.Time {
	end := earliest(e.stopAt.Add(e.cfg.DrainTimeout), e.drainBy)
	if !e.signalled.IsZero() {
		end = earliest(end, e.signalled.Add(min(SignalDrain, e.cfg.DrainTimeout)))
	}
	if !e.deadline.IsZero() && e.deadline.Before(end) {
		end = e.deadline
	}
	return end
}

// cutSendsAt has requests still under way cut at t, once the loop ended:
// after a signal, SignalDrain from it, whatever --drain-timeout says of
// results awaited by callback.
func (e *engine) cutSendsAt(t time.Time) {
	if e.cutAt.IsZero() || t.Before(e.cutAt) {
		e.cutAt = t
	}
}

// interrupted stops the run for Ctrl-C or SIGTERM, or shortens the drain
// of a run already stopping: the process must end within seconds.
func (e *engine) interrupted() {
	now := e.clock.Now()
	e.signalled = now
	if e.stop == "" {
		e.halt(fault.StopInterrupted, nil)
		return
	}
	e.cfg.Log.Info("interrupted while stopping; results in flight are awaited a little longer at most", "at_most", e.drainEnd().Sub(now).Round(time.Second))
	e.cutSendsAt(now.Add(SignalDrain))
}

// halt stops submission for reason; what is in flight may still settle. An
// error says the run cannot end well: it is returned once the drain ends.
// The first reason stands.
func (e *engine) halt(reason string, err error) {
	if err != nil && e.err == nil {
		e.err = err
	}
	if e.stop != "" {
		return
	}
	now := e.clock.Now()
	e.stop, e.stopAt = reason, now
	e.timeline.event(now, eventForStop(reason), reason)
	e.cfg.Log.Info("submission stopped", "reason", reason, "in_flight_requests", len(e.flights))
	if reason == fault.StopInterrupted && !e.signalled.IsZero() {
		// A request still under way (a synchronous answer holds paid
		// results) is awaited SignalDrain from the signal, then cut.
		e.cutSendsAt(e.signalled.Add(SignalDrain))
	}
	switch {
	case len(e.flights) > 0:
		e.cfg.Log.Info("waiting for results in flight", "requests", len(e.flights), "given_up_on", len(e.late), "at_most", e.drainEnd().Sub(now).Round(time.Second))
	case e.lateAwaited():
		e.cfg.Log.Info("waiting for late results of requests given up on, as long as their delivery could still come", "given_up_on", len(e.late), "at_most", e.lateEnd().Sub(now).Round(time.Second), "bound", LateWait)
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
