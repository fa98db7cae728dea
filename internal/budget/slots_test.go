package budget

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/enrich-dev/enrich/internal/clock"
	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/internal/redistest"
)

// holdAll has eight processes (each its own Slots) make four searches
// each, holding a slot 20 ms a search: never more than MaxSearches are
// held at once, and all of them are used.
func holdAll(t *testing.T, open func() *Slots) {
	t.Helper()
	var held, most atomic.Int32
	var wg sync.WaitGroup
	for range 8 {
		s := open()
		defer s.Close()
		wg.Go(func() {
			for range 4 {
				release, err := s.Take(context.Background())
				if err != nil {
					t.Error(err)
					return
				}
				n := held.Add(1)
				for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
				}
				time.Sleep(20 * time.Millisecond)
				held.Add(-1)
				release()
			}
		})
	}
	wg.Wait()
	if m := most.Load(); m != MaxSearches {
		t.Errorf("at most %d searches held at once; want %d", m, MaxSearches)
	}
}

func TestSlotsThroughFiles(t *testing.T) {
	dir := t.TempDir()
	holdAll(t, func() *Slots {
		s, err := OpenSlots(dir, "", "acct", MaxSearches, SlotOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return s
	})
	local := NewLocalSlots(MaxSearches) // one process: one Slots for all
	holdAll(t, func() *Slots { return local })
}

// TestSlotsWaitOnTheClock: a process that finds every slot taken looks
// again on its clock, and takes the one given back: on a fake clock the
// wait takes no real time however long it is.
func TestSlotsWaitOnTheClock(t *testing.T) {
	fake := clock.NewFake(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	s, err := OpenSlots(t.TempDir(), "", "acct", MaxSearches, SlotOptions{Clock: fake})
	if err != nil {
		t.Fatal(err)
	}
	var releases []func()
	for range MaxSearches {
		release, err := s.Take(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		releases = append(releases, release)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		release, err := s.Take(context.Background())
		if err != nil {
			t.Error(err)
			return
		}
		release()
	}()
	start := fake.Now()
	for fake.Now().Sub(start) < time.Minute { // a minute of the fake clock, every slot taken
		at, ok := fake.Next()
		if !ok {
			runtime.Gosched()
			continue
		}
		fake.Set(at)
	}
	select {
	case <-done:
		t.Fatal("a slot was taken while every slot was held")
	default:
	}
	releases[0]()
	if !fake.StepUntil(done, 5*time.Second) {
		t.Fatal("the slot given back was not taken")
	}
}

func TestSlotsThroughRedis(t *testing.T) {
	srv := redistest.Start(t)
	holdAll(t, func() *Slots {
		s, err := OpenSlots(t.TempDir(), srv.URL, "acct", MaxSearches, SlotOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return s
	})

	// A holder that dies gives its slot back within the lease.
	c := redis.NewClient(&redis.Options{Addr: srv.Addr})
	defer c.Close()
	ctx := context.Background()
	for i := range MaxSearches {
		dead := time.Now().Add(time.Second).UnixMilli()
		if err := c.ZAdd(ctx, "enrich:searches:acct", redis.Z{Score: float64(dead), Member: i}).Err(); err != nil {
			t.Fatal(err)
		}
	}
	s, _ := OpenSlots(t.TempDir(), srv.URL, "acct", MaxSearches, SlotOptions{})
	defer s.Close()
	start := time.Now()
	release, err := s.Take(ctx)
	if err != nil {
		t.Fatal(err)
	}
	release()
	if took := time.Since(start); took < 500*time.Millisecond || took > 10*time.Second {
		t.Errorf("a slot of dead holders taken after %v; want after their lease, about 1 s", took)
	}

	// Redis stopped: a wait may mend it; the call's context bounds it.
	srv.Stop()
	short, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if _, err := s.Take(short); fault.Of(err) != fault.Wait || errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "Redis at") {
		t.Errorf("Redis stopped: %v (class %v); want a failure a wait may mend, naming Redis", err, fault.Of(err))
	}
	// Restarted empty: the slots are there again.
	srv.Restart()
	release, err = s.Take(ctx)
	if err != nil {
		t.Fatalf("after a restart: %v", err)
	}
	release()

	// A password refused: no wait mends it.
	if err := c.ConfigSet(ctx, "requirepass", "right").Err(); err != nil {
		t.Fatal(err)
	}
	wrong, _ := OpenSlots(t.TempDir(), "redis://:wrong@"+srv.Addr+"/0", "acct", MaxSearches, SlotOptions{})
	defer wrong.Close()
	if _, err := wrong.Take(ctx); !fault.NeedsFix(err) || !strings.Contains(err.Error(), "password") {
		t.Errorf("a wrong password: %v (class %v); want what to fix", err, fault.Of(err))
	}
}
