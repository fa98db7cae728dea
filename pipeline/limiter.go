package pipeline

import (
	"time"

	"github.com/enrich-dev/enrich/internal/window"
)

// limiter keeps submissions within the service's budget of items per
// sliding window, exactly.
//
// The service counts a request when it receives it, which is some time
// after we send it and before we get its answer. So a request counts in
// full from the moment it is sent until its answer comes (pending), and
// from then on as if the service had received it at the answer's instant:
// the latest it can have. The room it takes frees one full window after
// that instant, and no window at the service ever holds more than the
// budget, whatever the network's delays.
//
// A limiter is used by one goroutine; it takes times as arguments so that
// tests drive it with a fake clock.
type limiter struct {
	w       *window.Window
	pending int // items of requests sent and not yet answered
}

// reservation is room taken by one request.
type reservation struct {
	n int
}

func newLimiter(itemsPerWindow int, span time.Duration) *limiter {
	return &limiter{w: window.New(itemsPerWindow, span)}
}

// seed records a request made before this process started, counted at at.
func (l *limiter) seed(at time.Time, n int) { l.w.Add(at, n) }

// room returns how many items may be sent at now.
func (l *limiter) room(now time.Time) int {
	return max(0, l.w.Limit()-l.w.Count(now)-l.pending)
}

// next returns when n items fit, not before now, or the zero time when they
// cannot fit until a pending request is answered.
func (l *limiter) next(now time.Time, n int) time.Time {
	n = min(n, l.w.Limit())
	if l.pending+n > l.w.Limit() {
		return time.Time{}
	}
	return l.w.Fits(now, l.pending+n)
}

// reserve takes room for n items; the caller has checked room.
func (l *limiter) reserve(n int) reservation {
	l.pending += n
	return reservation{n: n}
}

// settle counts a request from the instant its answer arrived.
func (l *limiter) settle(r reservation, answered time.Time) {
	l.pending -= r.n
	l.w.Add(answered, r.n)
}

// release gives the room back: the service answered without counting the
// request (429, 402, validation) or it never reached the service.
func (l *limiter) release(r reservation) { l.pending -= r.n }
