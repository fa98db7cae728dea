package pipeline

import (
	"testing"
	"time"

	"github.com/enrich-dev/enrich/internal/fault"
)

// sendAll submits what the budget allows and takes the answers.
func sendAll(t *testing.T, e *engine) {
	t.Helper()
	e.submit(e.clock.Now())
	for e.sendingCount() > 0 {
		e.handle(<-e.outcomes)
	}
	if len(e.flights) == 0 {
		t.Fatal("nothing was sent: the case tests nothing")
	}
}

// TestStopNeverIdles: after a stop, requests given up on are awaited only
// as long as their late delivery could come (LateWait from when they were
// given up), not for the whole --drain-timeout; a signal cuts the drain
// of what is in flight to SignalDrain, also when it comes while a stop
// already drains.
func TestStopNeverIdles(t *testing.T) {
	t.Run("given up, then the cap", func(t *testing.T) {
		e, fake := testEngine(t, 20, &fakeService{}, func(c *Config) { c.CallbackTimeout = 2 * time.Minute })
		sendAll(t, e)
		fake.Advance(2 * time.Minute)
		e.reap(fake.Now())
		if len(e.flights) != 0 || len(e.late) == 0 {
			t.Fatalf("%d in flight, %d given up; want every request given up", len(e.flights), len(e.late))
		}
		e.halt(fault.StopMaxCredits, nil)
		if e.finished(fake.Now()) {
			t.Error("requests given up a moment ago are not awaited at all")
		}
		fake.Advance(LateWait)
		if !e.finished(fake.Now()) {
			t.Errorf("the stop idles: still waiting %v after it, with nothing in flight (--drain-timeout %v)", LateWait, e.cfg.DrainTimeout)
		}
	})
	t.Run("given up long before the stop", func(t *testing.T) {
		e, fake := testEngine(t, 20, &fakeService{}, func(c *Config) { c.CallbackTimeout = 2 * time.Minute })
		sendAll(t, e)
		fake.Advance(2 * time.Minute)
		e.reap(fake.Now())
		fake.Advance(time.Minute)
		e.halt(fault.StopMaxDuration, nil)
		if !e.finished(fake.Now()) {
			t.Error("a request given up a minute before the stop keeps the run waiting")
		}
	})
	t.Run("signal with requests in flight", func(t *testing.T) {
		e, fake := testEngine(t, 20, &fakeService{}, nil)
		sendAll(t, e)
		e.interrupted()
		if e.stop != fault.StopInterrupted || e.finished(fake.Now()) {
			t.Fatalf("stop %q, finished at once", e.stop)
		}
		fake.Advance(SignalDrain)
		if !e.finished(fake.Now()) {
			t.Errorf("still draining %v after Ctrl-C (--drain-timeout %v)", SignalDrain, e.cfg.DrainTimeout)
		}
	})
	t.Run("signal while a stop drains", func(t *testing.T) {
		e, fake := testEngine(t, 20, &fakeService{}, nil)
		sendAll(t, e)
		e.halt(fault.StopMaxCredits, nil)
		fake.Advance(time.Minute)
		e.interrupted()
		if e.stop != fault.StopMaxCredits {
			t.Errorf("stop %q; the first reason stands", e.stop)
		}
		fake.Advance(SignalDrain)
		if !e.finished(fake.Now()) {
			t.Error("a signal did not shorten the drain of a stop under way")
		}
	})
}
