package ordered

import (
	"errors"
	"io"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"
)

// counter reads the numbers 0..n-1, ending with end (io.EOF or another
// error) returned with the last one.
func counter(n int, end error) func() (int, error) {
	i := 0
	return func() (int, error) {
		v := i
		i++
		if i >= n {
			return v, end
		}
		return v, nil
	}
}

// TestOrderKept draws the number of inputs, workers and how long each
// input takes, and checks that every output comes back once, in the
// order read, with the reading's error after the last.
func TestOrderKept(t *testing.T) {
	for seed := uint64(1); seed <= 200; seed++ {
		rng := rand.New(rand.NewPCG(seed, 0))
		n, workers := 1+rng.IntN(300), 1+rng.IntN(8)
		end := io.EOF
		if rng.IntN(2) == 0 {
			end = errors.New("disk gone")
		}
		delays := make([]time.Duration, n)
		for i := range delays {
			if rng.IntN(10) == 0 {
				delays[i] = time.Duration(rng.IntN(200)) * time.Microsecond
			}
		}
		m := Start(workers, counter(n, end), func() func(int) int {
			return func(v int) int { time.Sleep(delays[v]); return v * 2 }
		})
		var got []int
		var gotErr error
		for {
			out, more, err := m.Next()
			if !more {
				break
			}
			got = append(got, out)
			if err != nil {
				gotErr = err
				break
			}
		}
		m.Stop()
		if len(got) != n || gotErr != end {
			t.Fatalf("seed %d: %d outputs of %d, error %v (want %v)", seed, len(got), n, gotErr, end)
		}
		for i, v := range got {
			if v != 2*i {
				t.Fatalf("seed %d: output %d is %d, want %d", seed, i, v, 2*i)
			}
		}
	}
}

// TestStopEndsTheGoroutines stops maps part way, before any output is
// taken and after some, and checks that no goroutine is left behind.
func TestStopEndsTheGoroutines(t *testing.T) {
	before := runtime.NumGoroutine()
	for taken := range 5 {
		endless := func() (int, error) { return 1, nil }
		m := Start(3, endless, func() func(int) int { return func(v int) int { return v } })
		for range taken {
			if _, more, _ := m.Next(); !more {
				t.Fatal("an endless stream ended")
			}
		}
		m.Stop()
		m.Stop()
		if _, more, _ := m.Next(); more {
			t.Error("Next returned an output after Stop")
		}
	}
	deadline := time.Now().Add(time.Minute) // when to give up, not a pace
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Errorf("%d goroutines left after Stop (%d before)", n-before, before)
	}
}

// TestWorkerState gives each worker a state of its own: no two workers
// share one, so a worker's function needs no lock.
func TestWorkerState(t *testing.T) {
	const workers = 4
	seen := make(chan *int, workers)
	m := Start(workers, counter(1000, io.EOF), func() func(int) *int {
		own := new(int)
		seen <- own
		return func(int) *int { *own++; return own }
	})
	total := 0
	for {
		_, more, err := m.Next()
		if !more {
			break
		}
		total++
		if err != nil {
			break
		}
	}
	m.Stop()
	close(seen)
	sum, states := 0, 0
	for p := range seen {
		sum += *p
		states++
	}
	if states != workers || sum != 1000 || total != 1000 {
		t.Errorf("%d states counting %d inputs, %d outputs; want %d states, 1000 and 1000", states, sum, total, workers)
	}
}
