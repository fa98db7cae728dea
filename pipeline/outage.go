package pipeline

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/report"
)

// outage is a run of failures of the service.
type outage struct {
	since    time.Time // the first failure in a row; zero while it answers
	failures int
}

// serviceFailed counts a failure of the service, of a call made at began
// and failed at now: submission pauses with exponential backoff, and a
// failure lasting --service-wait from the first failing call stops the
// run. The pauses end at the bound, so that the run stops when it says.
func (e *engine) serviceFailed(began, now time.Time, err error) {
	if e.outage.since.IsZero() {
		e.outage.since = began
		e.timeline.event(now, report.EventOutageStart, err.Error())
		e.cfg.Log.Warn("the service is failing; submission pauses and retries", "error", err, "for_at_most", e.cfg.ServiceWait)
	}
	e.outage.failures++
	left := e.outage.since.Add(e.cfg.ServiceWait).Sub(now)
	if left <= 0 {
		e.halt(fault.StopOutage, nil)
		return
	}
	ceiling := min(time.Minute, time.Second<<min(e.outage.failures-1, 6))
	// Full jitter, so that runs sharing the service do not retry together.
	e.pause(now, min(time.Duration(rand.Float64()*float64(ceiling))+100*time.Millisecond, left))
}

// serviceAnswered ends an outage.
func (e *engine) serviceAnswered(now time.Time) {
	if !e.outage.since.IsZero() {
		e.timeline.event(now, report.EventOutageEnd, "")
		e.cfg.Log.Info("the service answers again", "after", now.Sub(e.outage.since).Round(time.Second))
	}
	e.outage = outage{}
}

// pause holds submission for d from now (at least a moment).
func (e *engine) pause(now time.Time, d time.Duration) {
	if until := now.Add(max(d, 100*time.Millisecond)); until.After(e.pauseTil) {
		e.pauseTil = until
	}
}

// errHalted says a call was given up because the run stopped: the service
// did not answer for --service-wait, or --max-duration came. The run ends
// as incomplete, with what the journal knows.
var errHalted = errors.New("the run stopped before the service answered")

// untilAnswered makes a call that must be answered before the run can go
// on (the balance at the start), under the rules of every other wait for
// the service: failures of the service are retried with backoff for
// --service-wait, and no attempt outlasts --max-duration. When either
// bound comes, the run is halted and errHalted returned. Other errors are
// returned as they are.
func (e *engine) untilAnswered(ctx context.Context, call func(context.Context) error) error {
	for {
		began := e.clock.Now()
		now := began
		if e.pastSubmission(now) {
			e.halt(fault.StopMaxDuration, nil)
		}
		if e.stop != "" {
			return errHalted
		}
		// A duration, not an instant: the run's clock may not be the
		// system's.
		callCtx, cancel := context.WithTimeout(ctx, e.callDeadline(now).Sub(now))
		err := call(callCtx)
		cancel()
		now = e.clock.Now()
		switch {
		case err == nil:
			e.serviceAnswered(now)
			return nil
		case ctx.Err() != nil:
			return ctx.Err()
		case !serviceDown(err):
			return err
		}
		e.serviceFailed(began, now, err)
		if e.stop != "" {
			return fmt.Errorf("%w: %v", errHalted, err)
		}
		if err := e.sleepUntil(ctx, e.pauseTil); err != nil {
			return err
		}
	}
}

// serviceDown reports whether err is a failure of the service that a
// wait may mend (package fault), which is retried for --service-wait: no
// answer, a 5xx, a 429, an answer cut off, or a call cut at its deadline.
func serviceDown(err error) bool { return fault.Of(err) == fault.Wait }

// callDeadline is the latest a call to the service made at now may take:
// the HTTP client's own bound (with its retries), --max-duration, and the
// end of --service-wait counted from the outage's start, or from now,
// since an outage may start with this call.
func (e *engine) callDeadline(now time.Time) time.Time {
	since := e.outage.since
	if since.IsZero() {
		since = now
	}
	return earliest(earliest(now.Add(maxCall), since.Add(e.cfg.ServiceWait)), e.deadline)
}

// maxCall bounds one call to the service with its retries.
const maxCall = 2 * time.Minute

// boundedWait is d, or less when --max-duration ends sooner; 0 when it
// has passed.
func (e *engine) boundedWait(now time.Time, d time.Duration) time.Duration {
	if e.deadline.IsZero() {
		return d
	}
	return max(min(d, e.deadline.Sub(now)), 0)
}

// pastSubmission reports whether --max-duration leaves no more time to
// submit: the drain at the end is all that is left.
func (e *engine) pastSubmission(now time.Time) bool {
	return !e.deadline.IsZero() && !now.Before(e.deadline.Add(-e.cfg.DrainTimeout))
}

// sleepUntil waits on the run's clock until t, or until ctx is done.
func (e *engine) sleepUntil(ctx context.Context, t time.Time) error {
	d := t.Sub(e.clock.Now())
	if d <= 0 {
		return nil
	}
	timer := e.clock.NewTimer(d)
	defer timer.Stop()
	select {
	case <-timer.C():
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
