package budget

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"testing"
	"time"
)

var t0 = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// sender is one process sending requests through its Budget in a
// simulation: requests reach the service after a random delay and are
// answered after another.
type sender struct {
	b       Budget
	pending []answer
	sent    int
}

type answer struct {
	at  time.Time
	res Reservation
}

type arrival struct {
	at time.Time
	n  int
}

// simulate runs senders for an hour of a fake clock, each with a queue
// that never empties, and returns when the service counted each request.
func simulate(t *testing.T, seed uint64, senders []*sender, limit int, span time.Duration, slow float64) []arrival {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, uint64(limit)))
	now, end := t0, t0.Add(time.Hour)
	var arrivals []arrival
	for now.Before(end) {
		progressed := false
		var wake time.Time
		for _, s := range senders {
			sort.Slice(s.pending, func(i, j int) bool { return s.pending[i].at.Before(s.pending[j].at) })
			for len(s.pending) > 0 && !s.pending[0].at.After(now) {
				a := s.pending[0]
				s.pending = s.pending[1:]
				s.b.Settle(a.res, a.at)
			}
			s.b.Want(now, true)
			if res := s.b.Take(now, 100); res.N > 0 {
				n := res.N
				latency := time.Duration(r.IntN(400)) * time.Millisecond
				if r.Float64() < slow {
					latency = time.Duration(r.Int64N(int64(3 * span)))
				}
				toService := time.Duration(r.Int64N(int64(latency) + 1))
				arrivals = append(arrivals, arrival{at: now.Add(toService), n: n})
				s.pending = append(s.pending, answer{at: now.Add(latency), res: res})
				s.sent += n
				progressed = true
				continue
			}
			wake = earliest(wake, s.b.Next(now, 1))
			for _, a := range s.pending {
				wake = earliest(wake, a.at)
			}
		}
		if !progressed {
			now = later(wake, now.Add(time.Millisecond))
		}
	}
	return arrivals
}

// checkWindows fails if any window of span at the service held more than
// limit items.
func checkWindows(t *testing.T, arrivals []arrival, limit int, span time.Duration) {
	t.Helper()
	sort.Slice(arrivals, func(i, j int) bool { return arrivals[i].at.Before(arrivals[j].at) })
	for i, a := range arrivals {
		sum := 0
		for _, b := range arrivals[:i+1] {
			if a.at.Sub(b.at) < span {
				sum += b.n
			}
		}
		if sum > limit {
			t.Fatalf("the service saw %d items in the window ending %v (limit %d)", sum, a.at.Sub(t0), limit)
		}
	}
}

func earliest(a, b time.Time) time.Time {
	switch {
	case a.IsZero():
		return b
	case b.IsZero() || a.Before(b):
		return a
	}
	return b
}

func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// TestLocalProperty: whatever the delays, no window at the service holds
// more than the limit, and a steady queue uses at least 98% of the budget
// (room frees one round trip after a window ends: span/(span+round trip)).
func TestLocalProperty(t *testing.T) {
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
			s := &sender{b: NewLocal(tc.limit, tc.span)}
			arrivals := simulate(t, 7, []*sender{s}, tc.limit, tc.span, tc.slow)
			checkWindows(t, arrivals, tc.limit, tc.span)
			budget := float64(tc.limit) * float64(time.Hour) / float64(tc.span)
			if tc.slow == 0 && float64(s.sent) < 0.98*budget {
				t.Errorf("sent %d items in an hour, %.1f%% of the budget %.0f", s.sent, 100*float64(s.sent)/budget, budget)
			}
		})
	}
}

// TestLedgerShared runs two, then three processes on one account through
// the ledger file: together they never exceed the budget, together they
// use nearly all of it, and each gets its fair share.
func TestLedgerShared(t *testing.T) {
	for _, n := range []int{2, 3} {
		for seed := uint64(1); seed <= 3; seed++ {
			t.Run(fmt.Sprintf("%d-processes-seed-%d", n, seed), func(t *testing.T) {
				t.Parallel() // each its own folder: their writes' syncs overlap
				dir := t.TempDir()
				const limit, span = 600, time.Minute
				var senders []*sender
				for range n {
					l, err := Open(dir, testAccount, limit, span, Options{})
					if err != nil {
						t.Fatal(err)
					}
					defer l.Close()
					senders = append(senders, &sender{b: l})
				}
				arrivals := simulate(t, seed, senders, limit, span, 0)
				checkWindows(t, arrivals, limit, span)
				total := 0
				for _, s := range senders {
					total += s.sent
				}
				budget := float64(limit) * 60
				if float64(total) < 0.97*budget {
					t.Errorf("seed %d: together %d items, %.1f%% of the budget", seed, total, 100*float64(total)/budget)
				}
				for i, s := range senders {
					if share := float64(s.sent) / float64(total); share < 0.8/float64(n) {
						t.Errorf("seed %d: process %d sent %.0f%% of the items; a fair share is %.0f%%", seed, i, 100*share, 100/float64(n))
					}
				}
			})
		}
	}
}

func TestLocalReleaseAndSeed(t *testing.T) {
	now := t0
	l := NewLocal(10, time.Minute)
	l.Seed(now.Add(-30*time.Second), 6)
	if got := l.Room(now); got != 4 {
		t.Fatalf("room after seeding 6 of 10: %d", got)
	}
	res := l.Take(now, 5)
	if res.N != 4 || l.Room(now) != 0 {
		t.Fatal("room left after reserving all of it")
	}
	l.Release(res)
	if l.Room(now) != 4 {
		t.Fatal("release did not give the room back")
	}
	if got := l.Next(now, 5); !got.Equal(now.Add(30 * time.Second)) {
		t.Errorf("5 items fit at %v, want when the seeded 6 leave", got.Sub(now))
	}
	// A request not yet answered holds its room however long it takes.
	slow := l.Take(now, 4)
	if got := l.Room(now.Add(10 * time.Minute)); got != 6 {
		t.Errorf("room %d ten minutes after sending a request not yet answered, want 6", got)
	}
	if got := l.Next(now.Add(10*time.Minute), 7); !got.IsZero() {
		t.Errorf("7 items fit at %v beside 4 pending; want no time until the answer", got)
	}
	l.Settle(slow, now.Add(10*time.Minute))
	if got := l.Room(now.Add(10*time.Minute + 59*time.Second)); got != 6 {
		t.Errorf("room %d within a minute of the answer, want 6", got)
	}
	if got := l.Room(now.Add(11 * time.Minute)); got != 10 {
		t.Errorf("room %d a minute after the answer, want 10", got)
	}
}

// TestLedgerDeadOwner: a process that died with a request under way keeps
// its room taken for a window after it was last known alive (its request
// reached the service by then, if ever); a live one keeps it as long as
// it waits. Before, a run killed mid-request held the account's budget
// for pendingHold, and the run that resumed it waited three minutes.
func TestLedgerDeadOwner(t *testing.T) {
	dir := t.TempDir()
	a, err := Open(dir, testAccount, 100, time.Minute, Options{})
	if err != nil {
		t.Fatal(err)
	}
	a.Want(t0, true)
	a.Take(t0, 100)
	a.st.close() // dies without a word: no Close, no more beats
	b, err := Open(dir, testAccount, 100, time.Minute, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if got := b.Room(t0.Add(time.Second)); got != 0 {
		t.Fatalf("room %d beside a live owner's pending 100", got)
	}
	if got := b.Room(t0.Add(time.Minute)); got != 0 {
		t.Fatalf("room %d a minute after a dead owner's request, which may still be answered", got)
	}
	if got := b.Room(t0.Add(claimFresh + time.Minute - time.Millisecond)); got != 0 {
		t.Fatalf("room %d before the dead owner's request has left the window it may have counted in", got)
	}
	if got := b.Room(t0.Add(claimFresh + time.Minute)); got != 100 {
		t.Fatalf("room %d a window after the owner was last alive: its request reached the service by then", got)
	}
}

// TestLedgerSurvivesDamage: a damaged ledger file is started afresh and a
// ledger whose directory vanished goes on in memory.
func TestLedgerSurvivesDamage(t *testing.T) {
	dir := t.TempDir()
	l, err := Open(dir, testAccount, 10, time.Minute, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	if err := writeRaw(l.Path(), "{not json"); err != nil {
		t.Fatal(err)
	}
	if got := l.Room(t0); got != 10 {
		t.Fatalf("room %d after damage", got)
	}
	l.Take(t0, 4)
	if err := removeAll(dir); err != nil {
		t.Fatal(err)
	}
	l.Take(t0, 3)
	if got := l.Room(t0); got != 3 {
		t.Fatalf("room %d in memory after the file went, want 3", got)
	}
}

// Room is a look, Take the reservation: room another process took between
// the two is not taken twice.
func TestLedgerTakeIsAtomic(t *testing.T) {
	dir := t.TempDir()
	a, _ := Open(dir, testAccount, 100, time.Minute, Options{})
	b, _ := Open(dir, testAccount, 100, time.Minute, Options{})
	defer a.Close()
	defer b.Close()
	if a.Room(t0) != 100 || b.Room(t0) != 100 {
		t.Fatal("both should see the whole room before anyone takes it")
	}
	if r := b.Take(t0, 100); r.N != 100 {
		t.Fatalf("b took %d", r.N)
	}
	if r := a.Take(t0, 100); r.N != 0 {
		t.Fatalf("a took %d of room b had taken", r.N)
	}
}
