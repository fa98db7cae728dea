package window

import (
	"math/rand/v2"
	"testing"
	"time"
)

var t0 = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

func TestAllowAndExpiry(t *testing.T) {
	w := New(600, time.Minute)
	for i := 0; i < 6; i++ {
		if !w.Allow(t0.Add(time.Duration(i)*time.Second), 100) {
			t.Fatalf("request %d of 100 items refused within the limit", i)
		}
	}
	if w.Allow(t0.Add(10*time.Second), 1) {
		t.Fatal("a 601st item was admitted within one minute")
	}
	// The first admission leaves exactly one span after it was made.
	if w.Allow(t0.Add(time.Minute-time.Nanosecond), 100) {
		t.Fatal("admitted before the first request left the window")
	}
	if !w.Allow(t0.Add(time.Minute), 100) {
		t.Fatal("refused after the first request left the window")
	}
	if got := w.Count(t0.Add(time.Minute)); got != 600 {
		t.Fatalf("count = %d, want 600", got)
	}
}

func TestFits(t *testing.T) {
	w := New(10, time.Minute)
	w.Add(t0, 4)
	w.Add(t0.Add(10*time.Second), 6)
	for _, tc := range []struct {
		n    int
		want time.Time
	}{
		{0, t0.Add(20 * time.Second)},
		{4, t0.Add(time.Minute)},
		{5, t0.Add(70 * time.Second)},
		{10, t0.Add(70 * time.Second)},
		{11, time.Time{}},
	} {
		if got := w.Fits(t0.Add(20*time.Second), tc.n); !got.Equal(tc.want) {
			t.Errorf("Fits(%d) = %v, want %v", tc.n, got.Sub(t0), tc.want.Sub(t0))
		}
	}
}

func TestRemove(t *testing.T) {
	w := New(10, time.Minute)
	w.Add(t0, 10)
	if w.Remove(t0.Add(time.Second), 10) {
		t.Fatal("Remove took back an admission made at another time")
	}
	if !w.Remove(t0, 10) || w.Count(t0) != 0 {
		t.Fatal("Remove did not take the admission back")
	}
}

// TestNoWindowOverLimit admits random requests at random instants and checks
// every window that ends at an admission, which is where a window's count
// peaks.
func TestNoWindowOverLimit(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	w := New(600, time.Minute)
	type adm struct {
		at time.Time
		n  int
	}
	var admitted []adm
	now := t0
	for i := 0; i < 5000; i++ {
		now = now.Add(time.Duration(r.IntN(3000)) * time.Millisecond)
		n := 1 + r.IntN(100)
		if w.Allow(now, n) {
			admitted = append(admitted, adm{now, n})
		}
	}
	for i, end := range admitted {
		sum := 0
		for _, a := range admitted[:i+1] {
			if end.at.Sub(a.at) < time.Minute {
				sum += a.n
			}
		}
		if sum > 600 {
			t.Fatalf("window ending at %v holds %d items", end.at.Sub(t0), sum)
		}
	}
}
