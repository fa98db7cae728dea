//go:build unix

package budget

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/enrich-dev/enrich/internal/clock"
	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/internal/redistest"
)

// takeAll takes every slot of s and returns what gives them back.
func takeAll(t *testing.T, s *Slots) []func() {
	t.Helper()
	var releases []func()
	for range MaxSearches {
		release, err := s.Take(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		releases = append(releases, release)
	}
	return releases
}

// heldAfter takes a slot of s while every slot is held, stepping the fake
// clock, and returns the error, which must be a *HeldError, and the fake
// time the wait took.
func heldAfter(t *testing.T, s *Slots, fake *clock.Fake) (*HeldError, time.Duration) {
	t.Helper()
	start := fake.Now()
	done := make(chan struct{})
	var err error
	go func() {
		defer close(done)
		var release func()
		if release, err = s.Take(context.Background()); release != nil {
			release()
		}
	}()
	if !fake.StepUntil(done, 10*time.Second) {
		t.Fatal("the wait for a slot held by others does not end")
	}
	var held *HeldError
	if !errors.As(err, &held) {
		t.Fatalf("a wait for slots held by others: %v; want a *HeldError", err)
	}
	return held, fake.Now().Sub(start)
}

// TestSlotsHeldBounded: a process that holds the three lock files (two
// through Slots, one with a bare lock and no word of who it is) holds
// every search of the account; a wait for a slot ends after Wait with a
// *HeldError that names them, which is no failure a further wait mends.
// It used to wait for ever, whatever --service-wait said.
func TestSlotsHeldBounded(t *testing.T) {
	dir := t.TempDir()
	fake := clock.NewFake(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	other, err := OpenSlots(dir, "", testAccount, MaxSearches, SlotOptions{Label: "enrich run other.csv", Clock: fake})
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		release, err := other.Take(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		defer release()
	}
	bare, err := os.OpenFile(filepath.Join(dir, "search-"+testAccount+".2.lock"), os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer bare.Close()
	if err := syscall.Flock(int(bare.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	const wait = 10 * time.Minute
	s, err := OpenSlots(dir, "", testAccount, MaxSearches, SlotOptions{Wait: wait, Clock: fake})
	if err != nil {
		t.Fatal(err)
	}
	held, took := heldAfter(t, s, fake)
	if took < wait || took > wait+slotPoll {
		t.Errorf("the wait ended after %v; --service-wait is %v", took, wait)
	}
	msg := held.Error()
	for _, want := range []string{
		"the account's searches are held",
		fmt.Sprintf("pid %d: enrich run other.csv (2 slots)", os.Getpid()),
		"a process that wrote no name in its lock file",
		filepath.Join(dir, "search-"+testAccount+".*.lock"),
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("%q does not say %q", msg, want)
		}
	}
	if c := fault.Of(held); c == fault.Fix || c == fault.Wait {
		t.Errorf("a wait that ran out is classed %v: the wait was made", c)
	}
	// Given back, a slot is taken at once.
	syscall.Flock(int(bare.Fd()), syscall.LOCK_UN)
	release, err := s.Take(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	release()
}

// TestSlotsHeldInRedis: members forged with no end (a score of +inf, a
// score further ahead than any holder writes) and a key that is no set
// are removed by whoever looks; members of live holders hold every
// search until Wait, and the *HeldError names their hosts and labels.
func TestSlotsHeldInRedis(t *testing.T) {
	t.Parallel()
	srv := redistest.Start(t)
	c := redis.NewClient(&redis.Options{Addr: srv.Addr})
	defer c.Close()
	ctx := context.Background()
	key := "enrich:searches:" + testAccount
	s, err := OpenSlots("", srv.URL, testAccount, MaxSearches, SlotOptions{Wait: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, forge := range []func() error{
		func() error {
			return c.ZAdd(ctx, key, redis.Z{Score: math.Inf(1), Member: "x forged 1"}, redis.Z{Score: math.Inf(1), Member: "x forged 2"},
				redis.Z{Score: float64(time.Now().Add(time.Hour).UnixMilli()), Member: "x forged 3"}).Err()
		},
		func() error { return c.Set(ctx, key, "not a set", 0).Err() },
	} {
		if err := forge(); err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		release, err := s.Take(ctx)
		if err != nil {
			t.Fatalf("slots forged with no end: %v", err)
		}
		release()
		// At once, past the grace of a set begun again: the bound is
		// loose, for a loaded machine; a wait for the forged members'
		// end would be an hour.
		if took := time.Since(start); took > slotGrace+10*time.Second {
			t.Errorf("a slot taken %v after forged members; want at once", took)
		}
	}
	other, err := OpenSlots("", srv.URL, testAccount, MaxSearches, SlotOptions{Label: "enrich search --location Paris"})
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	releases := takeAll(t, other)
	start := time.Now()
	_, err = s.Take(ctx)
	var held *HeldError
	if !errors.As(err, &held) {
		t.Fatalf("slots held in Redis: %v; want a *HeldError", err)
	}
	if took := time.Since(start); took < time.Second || took > 10*time.Second {
		t.Errorf("the wait ended after %v; Wait is 1s", took)
	}
	host, _ := os.Hostname()
	if want := fmt.Sprintf("%s pid %d: enrich search --location Paris (3 slots)", host, os.Getpid()); !strings.Contains(held.Error(), want) {
		t.Errorf("%q does not name the holder %q", held.Error(), want)
	}
	for _, r := range releases {
		r()
	}
}

// TestSlotsRestoredAfterRedisRestart: a Redis without persistence that
// restarts empty while a process holds the three slots: the holder puts
// them back, and no other process takes one meanwhile. They used to be
// lost, and another run made three searches more: 429s.
func TestSlotsRestoredAfterRedisRestart(t *testing.T) {
	t.Parallel()
	srv := redistest.Start(t)
	a, err := OpenSlots("", srv.URL, testAccount, MaxSearches, SlotOptions{Label: "enrich run a.csv"})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	releases := takeAll(t, a)
	srv.Restart()
	b, err := OpenSlots("", srv.URL, testAccount, MaxSearches, SlotOptions{Wait: slotGrace})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	release, err := b.Take(context.Background())
	var held *HeldError
	if !errors.As(err, &held) || !strings.Contains(err.Error(), "enrich run a.csv (3 slots)") {
		if release != nil {
			release()
		}
		t.Fatalf("after Redis restarted empty under three searches: %v; want them held by their holder", err)
	}
	releases[0]()
	release, err = b.Take(context.Background())
	if err != nil {
		t.Fatalf("a slot given back after the restart: %v", err)
	}
	release()
	for _, r := range releases[1:] {
		r()
	}
}

// envHolder makes the test binary a process that takes the three slots
// (of the state folder, or the Redis, it names), says when it began to,
// and waits to be killed.
const envHolder = "BUDGET_TEST_SLOT_HOLDER"

func TestMain(m *testing.M) {
	if where := os.Getenv(envHolder); where != "" {
		holdSlots(where)
		return
	}
	os.Exit(m.Run())
}

// holdSlots is the process TestSlotsOutliveAKilledHolder kills: its
// searches are sent with --service-wait 2s, and may run at the service
// 2 s from when their slots were taken.
func holdSlots(where string) {
	dir, url := where, ""
	if strings.HasPrefix(where, "redis://") {
		dir, url = "", where
	}
	s, err := OpenSlots(dir, url, testAccount, MaxSearches, SlotOptions{Wait: killedHold, Label: "enrich run killed.csv"})
	if err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	var releases []func() // kept: a slot's lock lives as long as they do
	began := time.Now()
	for range MaxSearches {
		release, err := s.Take(context.Background())
		if err != nil {
			fmt.Println(err)
			os.Exit(1)
		}
		releases = append(releases, release)
	}
	fmt.Println("held", began.UnixMilli())
	<-make(chan struct{})
	releases[0]()
}

const killedHold = 2 * time.Second

// TestSlotsOutliveAKilledHolder kills with SIGKILL a process that holds
// the three slots while its searches run: its slots stay taken until its
// searches may have ended at the service (when they were taken, and its
// --service-wait), and no longer than that and a lease. The system
// dropped the locks of the dead at once, and another run's searches met
// the service still running the dead's: 429s.
func TestSlotsOutliveAKilledHolder(t *testing.T) {
	t.Parallel()
	srv := redistest.Start(t)
	for _, through := range []string{"files", "redis"} {
		t.Run(through, func(t *testing.T) {
			where, dir, url := srv.URL, "", srv.URL
			if through == "files" {
				dir = t.TempDir()
				where, url = dir, ""
			}
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), envHolder+"="+where)
			out, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer cmd.Wait()
			defer cmd.Process.Kill()
			line, _ := bufio.NewReader(out).ReadString('\n')
			ms, ok := strings.CutPrefix(strings.TrimSpace(line), "held ")
			began, err := strconv.ParseInt(ms, 10, 64)
			if !ok || err != nil {
				t.Fatalf("the holder said %q", line)
			}
			cmd.Process.Signal(syscall.SIGKILL)
			cmd.Wait()
			s, err := OpenSlots(dir, url, testAccount, MaxSearches, SlotOptions{Wait: time.Minute})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			release, err := s.Take(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			release()
			ends := time.UnixMilli(began).Add(killedHold)
			if at := time.Now(); at.Before(ends) {
				t.Errorf("a slot of the killed holder taken %v before its search could have ended at the service", ends.Sub(at).Round(time.Millisecond))
			} else if late := at.Sub(ends); late > slotLease+2*time.Second {
				t.Errorf("a slot of the killed holder taken %v after its search could have ended; want within its lease (%v)", late.Round(time.Millisecond), slotLease)
			}
		})
	}
}
