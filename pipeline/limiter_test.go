package pipeline

import (
	"math/rand/v2"
	"sort"
	"testing"
	"time"
)

// TestLimiterProperty simulates an hour of a steady queue on a fake clock:
// requests of up to 100 items go out whenever the limiter has room, each
// reaches the service after a random delay and is answered after another.
// Whatever the delays, no window of the service's span holds more than the
// limit at the service, and the queue uses at least 98% of the budget.
// (Room frees one round trip after a window ends, so the share used is
// span/(span+round trip): 99.7% for a minute and a 200 ms round trip.)
func TestLimiterProperty(t *testing.T) {
	for _, tc := range []struct {
		name  string
		limit int
		span  time.Duration
		slow  float64 // share of answers that take up to three windows
	}{
		{"paid", 600, time.Minute, 0},
		{"trial", 5, time.Minute, 0},
		{"odd", 250, 20 * time.Second, 0},
		{"slow answers", 600, time.Minute, 0.05},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(7, uint64(tc.limit)))
			l := newLimiter(tc.limit, tc.span)
			start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
			now := start
			end := start.Add(time.Hour)

			type answer struct {
				at  time.Time
				res reservation
			}
			var pending []answer
			type arrival struct {
				at time.Time
				n  int
			}
			var arrivals []arrival // when the service counted each request
			sent := 0
			for now.Before(end) {
				// Answers due by now settle their reservations.
				sort.Slice(pending, func(i, j int) bool { return pending[i].at.Before(pending[j].at) })
				for len(pending) > 0 && !pending[0].at.After(now) {
					a := pending[0]
					pending = pending[1:]
					l.settle(a.res, a.at)
				}
				if room := l.room(now); room > 0 {
					n := min(100, room)
					res := l.reserve(n)
					// The service receives the request at some instant between
					// sending and answering; slow requests may take windows.
					latency := time.Duration(r.IntN(400)) * time.Millisecond
					if r.Float64() < tc.slow {
						latency = time.Duration(r.Int64N(int64(3 * tc.span)))
					}
					toService := time.Duration(r.Int64N(int64(latency) + 1))
					back := latency - toService
					arrivals = append(arrivals, arrival{at: now.Add(toService), n: n})
					pending = append(pending, answer{at: now.Add(toService + back), res: res})
					sent += n
					continue
				}
				// Sleep until room frees or an answer arrives, as the engine does.
				wake := l.next(now, 1)
				for _, a := range pending {
					if wake.IsZero() || a.at.Before(wake) {
						wake = a.at
					}
				}
				now = maxTime(wake, now.Add(time.Millisecond))
			}

			sort.Slice(arrivals, func(i, j int) bool { return arrivals[i].at.Before(arrivals[j].at) })
			for i, a := range arrivals {
				sum := 0
				for _, b := range arrivals[:i+1] {
					if a.at.Sub(b.at) < tc.span {
						sum += b.n
					}
				}
				if sum > tc.limit {
					t.Fatalf("the service saw %d items in the window ending %v (limit %d)", sum, a.at.Sub(start), tc.limit)
				}
			}
			budget := float64(tc.limit) * float64(time.Hour) / float64(tc.span)
			if tc.slow == 0 && float64(sent) < 0.98*budget {
				t.Errorf("sent %d items in an hour, %.1f%% of the budget %.0f", sent, 100*float64(sent)/budget, budget)
			}
		})
	}
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

func TestLimiterReleaseAndSeed(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l := newLimiter(10, time.Minute)
	l.seed(now.Add(-30*time.Second), 6)
	if got := l.room(now); got != 4 {
		t.Fatalf("room after seeding 6 of 10: %d", got)
	}
	res := l.reserve(4)
	if l.room(now) != 0 {
		t.Fatal("room left after reserving all of it")
	}
	l.release(res)
	if l.room(now) != 4 {
		t.Fatal("release did not give the room back")
	}
	if got := l.next(now, 5); !got.Equal(now.Add(30 * time.Second)) {
		t.Errorf("5 items fit at %v, want when the seeded 6 leave", got.Sub(now))
	}
	// A request not yet answered holds its room however long it takes.
	slow := l.reserve(4)
	if got := l.room(now.Add(10 * time.Minute)); got != 6 {
		t.Errorf("room %d ten minutes after sending a request not yet answered, want 6", got)
	}
	if got := l.next(now, 7); !got.IsZero() {
		t.Errorf("7 items fit at %v beside 4 pending; want no time until the answer", got)
	}
	l.settle(slow, now.Add(10*time.Minute))
	if got := l.room(now.Add(10*time.Minute + 59*time.Second)); got != 6 {
		t.Errorf("room %d within a minute of the answer, want 6", got)
	}
	if got := l.room(now.Add(11 * time.Minute)); got != 10 {
		t.Errorf("room %d a minute after the answer, want 10", got)
	}
}
