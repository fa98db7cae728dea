package emulator

import (
	"math/rand/v2"
	"testing"
	"time"
)

var t0 = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

func TestRateWindowEdges(t *testing.T) {
	w := newRateWindow(600, time.Minute)
	for i := range 6 {
		if _, ok := w.allow(t0.Add(time.Duration(i)*time.Second), 100); !ok {
			t.Fatalf("request %d of 100 items refused within the limit", i+1)
		}
	}
	// Interface 8: 6 requests of 100 items a minute pass, a 7th does not.
	if _, ok := w.allow(t0.Add(59*time.Second), 100); ok {
		t.Fatal("a 7th request of 100 items was admitted within one minute")
	}
	if _, ok := w.allow(t0.Add(59*time.Second), 1); ok {
		t.Fatal("a 601st item was admitted within one minute")
	}
	// An admission counts until exactly one span after it.
	if _, ok := w.allow(t0.Add(time.Minute-time.Nanosecond), 100); ok {
		t.Fatal("admitted before the first request left the window")
	}
	if _, ok := w.allow(t0.Add(time.Minute), 100); !ok {
		t.Fatal("refused when the first request left the window")
	}
	if got := w.count(t0.Add(time.Minute)); got != 600 {
		t.Fatalf("count = %d, want 600", got)
	}
	// undo takes back exactly the admission named.
	w.undo(t0.Add(time.Minute), 100)
	if got := w.count(t0.Add(time.Minute)); got != 500 {
		t.Fatalf("count after undo = %d, want 500", got)
	}
	w.undo(t0.Add(time.Hour), 100) // no such admission: nothing changes
	if got := w.count(t0.Add(time.Minute)); got != 500 {
		t.Fatalf("count after undoing nothing = %d, want 500", got)
	}
	// 600 requests of 1 item a minute pass too.
	w = newRateWindow(600, time.Minute)
	for i := range 600 {
		if _, ok := w.allow(t0.Add(time.Duration(i)*100*time.Millisecond), 1); !ok {
			t.Fatalf("item %d refused", i+1)
		}
	}
	if _, ok := w.allow(t0.Add(59999*time.Millisecond), 1); ok {
		t.Fatal("601st single item admitted")
	}
}

// TestRateWindowMatchesBruteForce drives the window through an hour of
// random requests, some undone, and checks each decision against a count
// of every admission by hand.
func TestRateWindowMatchesBruteForce(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, 7))
	for round := range 20 {
		limit := 1 + r.IntN(600)
		span := time.Duration(1+r.IntN(60)) * time.Second
		w := newRateWindow(limit, span)
		var kept []admission // what the window should hold
		now := t0
		for now.Before(t0.Add(time.Hour)) {
			now = now.Add(time.Duration(r.IntN(int(2 * span / time.Duration(1+r.IntN(20))))))
			n := 1 + r.IntN(min(limit, 100))
			inWindow, live := 0, kept[:0]
			for _, a := range kept {
				if now.Sub(a.at) < span {
					inWindow += a.n
					live = append(live, a)
				}
			}
			kept = live
			want := inWindow+n <= limit
			at, got := w.allow(now, n)
			if got != want || !at.Equal(now) {
				t.Fatalf("seed %d round %d: at %v with %d of %d items held, allow(%d) = %v, want %v",
					seed, round, now.Sub(t0), inWindow, limit, n, got, want)
			}
			if !want {
				continue
			}
			if r.IntN(10) == 0 {
				w.undo(at, n)
				continue
			}
			kept = append(kept, admission{at: now, n: n})
			if got := w.count(now); got != inWindow+n {
				t.Fatalf("seed %d round %d: count %d, want %d", seed, round, got, inWindow+n)
			}
		}
	}
}

// TestRateWindowOutOfOrder asks for admissions at instants slightly out
// of order, as a clock that steps back gives them, and checks that no
// window of the span, wherever it starts, ever held more than the limit,
// and that no admission was counted for shorter than the span after the
// instant asked for.
func TestRateWindowOutOfOrder(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, 11))
	const limit, span = 50, time.Second
	w := newRateWindow(limit, span)
	var admitted []admission
	now := t0
	for range 5000 {
		now = now.Add(time.Duration(r.IntN(int(20 * time.Millisecond))))
		at := now.Add(-time.Duration(r.IntN(int(5 * time.Millisecond)))) // stepped back a little
		n := 1 + r.IntN(10)
		if rec, ok := w.allow(at, n); ok {
			if rec.Before(at) {
				t.Fatalf("seed %d: admission asked at %v recorded earlier, at %v", seed, at.Sub(t0), rec.Sub(t0))
			}
			admitted = append(admitted, admission{at: rec, n: n})
		}
	}
	if len(admitted) < 100 {
		t.Fatalf("seed %d: only %d admissions: the test exercised nothing", seed, len(admitted))
	}
	// The count over a window is largest when the window ends at an
	// admission: check every such window.
	for _, end := range admitted {
		sum := 0
		for _, a := range admitted {
			if !a.at.After(end.at) && end.at.Sub(a.at) < span {
				sum += a.n
			}
		}
		if sum > limit {
			t.Fatalf("seed %d: the window ending at %v held %d items, limit %d", seed, end.at.Sub(t0), sum, limit)
		}
	}
}
