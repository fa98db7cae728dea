package emulator

import (
	"slices"
	"time"
)

// rateWindow is the items-per-minute limit of person lookup (interface 8),
// counted exactly over a sliding window: an admission of n items at t
// counts at every instant now with now-span < t <= now, so no window of
// length span, wherever it starts, holds more than limit items. It is
// the emulator's own, apart from the client's limiter, so that the two
// sides of the limit are not one piece of code agreeing with itself.
//
// Time only moves forward in the window: an instant before the latest one
// it was given (a clock that stepped back) is taken as that latest one, so
// admissions are recorded in order and one is counted for a little
// longer, never shorter, and nothing forgotten is needed again. Not safe for concurrent use: the emulator's lock guards
// it, and the emulator reads the clock under that lock.
type rateWindow struct {
	limit  int
	span   time.Duration
	events []admission // ascending by at
	total  int         // items of events
	latest time.Time   // the latest instant given
}

type admission struct {
	at time.Time
	n  int
}

func newRateWindow(limit int, span time.Duration) *rateWindow {
	return &rateWindow{limit: limit, span: span}
}

// expire forgets the admissions that no longer count at now: those at or
// before now-span.
func (w *rateWindow) expire(now time.Time) {
	k := 0
	for k < len(w.events) && now.Sub(w.events[k].at) >= w.span {
		w.total -= w.events[k].n
		k++
	}
	if k > 0 {
		w.events = slices.Delete(w.events, 0, k)
	}
}

// count returns the items that count at now.
func (w *rateWindow) count(now time.Time) int {
	w.expire(w.instant(now))
	return w.total
}

// instant is now, or the latest instant given if that is later.
func (w *rateWindow) instant(now time.Time) time.Time {
	if w.latest.After(now) {
		return w.latest
	}
	w.latest = now
	return now
}

// allow admits n items at now if they fit, and reports whether it did
// and the instant it recorded them at, which undo takes.
func (w *rateWindow) allow(now time.Time, n int) (time.Time, bool) {
	at := w.instant(now)
	if w.count(at)+n > w.limit {
		return at, false
	}
	w.events = append(w.events, admission{at: at, n: n})
	w.total += n
	return at, true
}

// undo takes back an admission of n items recorded at at, when the
// request turned out not to be accepted (402, an injected 500).
func (w *rateWindow) undo(at time.Time, n int) {
	for i := len(w.events) - 1; i >= 0; i-- {
		if e := w.events[i]; e.at.Equal(at) && e.n == n {
			w.events = slices.Delete(w.events, i, i+1)
			w.total -= n
			return
		}
	}
}
