// Package clock is the source of time for code whose timing a test must
// drive: the run engine's loop, its reaper and its drain bound take a
// Clock, the real one in use and a Fake in tests, which moves only when
// told.
package clock

import (
	"runtime"
	"sort"
	"sync"
	"time"
)

// Clock tells the time and makes timers.
type Clock interface {
	Now() time.Time
	// NewTimer returns a timer that fires once, d from now.
	NewTimer(d time.Duration) Timer
}

// Timer is a timer of a Clock, like time.Timer.
type Timer interface {
	// C is the channel on which the timer delivers its time.
	C() <-chan time.Time
	// Stop prevents the timer from firing; it reports whether it stopped
	// it before it fired.
	Stop() bool
	// Reset stops the timer and makes it fire d from now.
	Reset(d time.Duration)
}

// Real is the system clock.
type Real struct{}

var _ Clock = Real{}

// Now returns time.Now().
func (Real) Now() time.Time { return time.Now() }

// NewTimer returns a time.Timer.
func (Real) NewTimer(d time.Duration) Timer { return realTimer{time.NewTimer(d)} }

type realTimer struct{ t *time.Timer }

func (r realTimer) C() <-chan time.Time   { return r.t.C }
func (r realTimer) Stop() bool            { return r.t.Stop() }
func (r realTimer) Reset(d time.Duration) { r.t.Reset(d) }

// Fake is a clock that moves only with Advance or Set. Its timers fire,
// in order of their time, when it moves past them. It is safe for
// concurrent use.
type Fake struct {
	mu     sync.Mutex
	now    time.Time
	timers []*fakeTimer
}

var _ Clock = (*Fake)(nil)

// NewFake returns a fake clock showing start.
func NewFake(start time.Time) *Fake { return &Fake{now: start} }

// Now returns the fake time.
func (f *Fake) Now() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.now
}

// Advance moves the clock forward by d and fires the timers due.
func (f *Fake) Advance(d time.Duration) { f.Set(f.Now().Add(d)) }

// Set moves the clock to t (never backwards) and fires the timers due.
func (f *Fake) Set(t time.Time) {
	f.mu.Lock()
	if t.After(f.now) {
		f.now = t
	}
	due := f.timers[:0:0]
	kept := f.timers[:0]
	for _, tm := range f.timers {
		if !tm.at.After(f.now) {
			due = append(due, tm)
		} else {
			kept = append(kept, tm)
		}
	}
	f.timers = kept
	now := f.now
	f.mu.Unlock()
	sort.SliceStable(due, func(i, j int) bool { return due[i].at.Before(due[j].at) })
	for _, tm := range due {
		select {
		case tm.c <- now:
		default: // like time.Timer: an unread tick is not queued twice
		}
	}
}

// Next returns when the earliest pending timer fires, and false when none
// is pending: a test steps a loop from event to event with
// Set(Next()).
func (f *Fake) Next() (time.Time, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var at time.Time
	for _, tm := range f.timers {
		if at.IsZero() || tm.at.Before(at) {
			at = tm.at
		}
	}
	return at, !at.IsZero()
}

// StepUntil moves the clock from timer to timer until done is closed,
// and reports whether it was within limit of real time: a test waits so
// for code that waits on the clock, however long its waits.
func (f *Fake) StepUntil(done <-chan struct{}, limit time.Duration) bool {
	deadline := time.Now().Add(limit)
	for {
		select {
		case <-done:
			return true
		default:
		}
		if time.Now().After(deadline) {
			return false
		}
		if at, ok := f.Next(); ok {
			f.Set(at)
		} else {
			runtime.Gosched()
		}
	}
}

// NewTimer returns a timer that fires when the clock reaches d from now.
func (f *Fake) NewTimer(d time.Duration) Timer {
	tm := &fakeTimer{f: f, c: make(chan time.Time, 1)}
	tm.Reset(d)
	return tm
}

type fakeTimer struct {
	f  *Fake
	c  chan time.Time
	at time.Time
}

func (t *fakeTimer) C() <-chan time.Time { return t.c }

func (t *fakeTimer) Stop() bool {
	t.f.mu.Lock()
	defer t.f.mu.Unlock()
	for i, tm := range t.f.timers {
		if tm == t {
			t.f.timers = append(t.f.timers[:i], t.f.timers[i+1:]...)
			return true
		}
	}
	return false
}

func (t *fakeTimer) Reset(d time.Duration) {
	t.Stop()
	t.f.mu.Lock()
	t.at = t.f.now.Add(d)
	due := d <= 0
	if !due {
		t.f.timers = append(t.f.timers, t)
	}
	now := t.f.now
	t.f.mu.Unlock()
	if due {
		select {
		case t.c <- now:
		default:
		}
	}
}

// Offset is the system clock shifted by D: a rehearsal of what a command
// does some days from now (a refresh run that finds answers old).
type Offset struct{ D time.Duration }

var _ Clock = Offset{}

// Now returns the shifted time.
func (o Offset) Now() time.Time { return time.Now().Add(o.D) }

// NewTimer returns a system timer: durations are not shifted.
func (o Offset) NewTimer(d time.Duration) Timer { return realTimer{time.NewTimer(d)} }
