// Package window counts items in a sliding time window, exactly.
//
// The service limits person lookups to N items in any window of one minute.
// A token bucket with a burst can exceed that; a window that remembers every
// admission cannot. Both the emulator (which enforces the limit) and the
// pipeline (which stays under it) count with this type.
package window

import (
	"slices"
	"time"
)

// Window holds the admissions of the last span. An admission at time t
// counts at every instant now with now-span < t <= now. The zero value is
// not usable; use New.
type Window struct {
	limit  int
	span   time.Duration
	events []event // admission order; times are not required to be sorted
	total  int
}

type event struct {
	at time.Time
	n  int
}

// New returns a window admitting at most limit items per span.
func New(limit int, span time.Duration) *Window {
	return &Window{limit: limit, span: span}
}

// Limit returns the most items the window admits.
func (w *Window) Limit() int { return w.limit }

// Span returns the window's length.
func (w *Window) Span() time.Duration { return w.span }

// expire drops admissions that no longer count at now.
func (w *Window) expire(now time.Time) {
	kept := w.events[:0]
	for _, e := range w.events {
		if now.Sub(e.at) < w.span {
			kept = append(kept, e)
		} else {
			w.total -= e.n
		}
	}
	clear(w.events[len(kept):])
	w.events = kept
}

// Count returns the items that count at now.
func (w *Window) Count(now time.Time) int {
	w.expire(now)
	return w.total
}

// Allow admits n items at now if the window has room for them, and reports
// whether it did.
func (w *Window) Allow(now time.Time, n int) bool {
	if w.Count(now)+n > w.limit {
		return false
	}
	w.Add(now, n)
	return true
}

// Add records n items at time at, whether or not they fit. Seeding a window
// from history uses it; so does a caller that has reserved room already.
func (w *Window) Add(at time.Time, n int) {
	w.events = append(w.events, event{at: at, n: n})
	w.total += n
}

// Remove takes back n items recorded at time at, as when an admission turns
// out not to have happened. It reports whether such an admission was found.
func (w *Window) Remove(at time.Time, n int) bool {
	for i, e := range w.events {
		if e.at.Equal(at) && e.n == n {
			w.events = append(w.events[:i], w.events[i+1:]...)
			w.total -= n
			return true
		}
	}
	return false
}

// Fits returns the earliest instant, not before now, at which n more items
// fit. n larger than the limit never fits; Fits then returns the zero time.
func (w *Window) Fits(now time.Time, n int) time.Time {
	if n > w.limit {
		return time.Time{}
	}
	w.expire(now)
	excess := w.total + n - w.limit
	if excess <= 0 {
		return now
	}
	// Admissions leave in time order: find the instant by which enough of
	// them have left. There is one event per request, a few hundred at most.
	byTime := slices.Clone(w.events)
	slices.SortFunc(byTime, func(a, b event) int { return a.at.Compare(b.at) })
	for _, e := range byTime {
		excess -= e.n
		if excess <= 0 {
			return e.at.Add(w.span)
		}
	}
	return now // unreachable: the events sum to total
}
