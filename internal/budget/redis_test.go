package budget

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/internal/redistest"
)

// request is one request a process sent through a shared budget: when it
// was sent and answered, on the real clock, and its items.
type request struct {
	sent, answered time.Time
	n              int
	who            int
}

// TestRedisSharedBudget runs three processes (three machines: each its
// own Ledger, one with a clock five seconds ahead) on one account through
// a real Redis, each with a queue that never empties, for a few windows:
// wherever the service received each request between its sending and its
// answer, no window holds more than the budget; together they use it
// (within 10 %); and each takes a fair share.
func TestRedisSharedBudget(t *testing.T) {
	srv := redistest.Start(t)
	const limit, span, run = 40, time.Second, 5 * time.Second
	offsets := []time.Duration{0, 0, 5 * time.Second}
	var mu sync.Mutex
	var reqs []request
	var wg sync.WaitGroup
	end := time.Now().Add(run)
	for who, off := range offsets {
		b, err := OpenRedis(srv.URL, testAccount, limit, span, Options{Label: "enrich run leads.csv"})
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(who), 7))
			var settles sync.WaitGroup
			defer settles.Wait()
			for time.Now().Before(end) {
				now := time.Now().Add(off) // this machine's clock
				b.Want(now, true)
				res := b.Take(now, 10)
				if res.N == 0 {
					next := b.Next(now, 10)
					if next.IsZero() {
						next = now.Add(20 * time.Millisecond)
					}
					time.Sleep(min(max(next.Sub(now), time.Millisecond), 200*time.Millisecond))
					continue
				}
				sent := time.Now()
				latency := time.Duration(r.IntN(60)) * time.Millisecond
				settles.Add(1)
				go func() {
					defer settles.Done()
					time.Sleep(latency)
					answered := time.Now()
					b.Settle(res, answered.Add(off))
					mu.Lock()
					reqs = append(reqs, request{sent: sent, answered: answered, n: res.N, who: who})
					mu.Unlock()
				}()
			}
		}()
	}
	wg.Wait()
	for _, at := range []func(request) time.Time{
		func(q request) time.Time { return q.sent },
		func(q request) time.Time { return q.answered },
	} {
		if most := busiestWindow(reqs, span, at); most > limit {
			t.Errorf("a window of %v held %d items; the budget is %d", span, most, limit)
		}
	}
	total, per := 0, make([]int, len(offsets))
	for _, q := range reqs {
		total += q.n
		per[q.who] += q.n
	}
	ideal := int(float64(limit) * run.Seconds() / span.Seconds())
	t.Logf("%d items in %v (ideal %d), per process %v", total, run, ideal, per)
	if total < ideal*85/100 {
		t.Errorf("%d items sent in %v; the budget allows %d", total, run, ideal)
	}
	for who, n := range per {
		if n < total/len(per)/2 {
			t.Errorf("process %d sent %d of %d items: not a fair share", who, n, total)
		}
	}
}

// busiestWindow returns the most items any window of span holds, each
// request counted at at(request).
func busiestWindow(reqs []request, span time.Duration, at func(request) time.Time) int {
	sorted := slices.Clone(reqs)
	slices.SortFunc(sorted, func(a, b request) int { return at(a).Compare(at(b)) })
	most, sum, lo := 0, 0, 0
	for _, q := range sorted {
		sum += q.n
		for at(q).Sub(at(sorted[lo])) >= span {
			sum -= sorted[lo].n
			lo++
		}
		most = max(most, sum)
	}
	return most
}

// TestRedisUnreachable: while Redis does not answer, the budget has no
// room and says why, and a settlement made meanwhile is written once it
// answers again; neither the service's address nor the key is written to
// Redis, and the ledger expires by itself.
func TestRedisUnreachable(t *testing.T) {
	srv := redistest.Start(t)
	ctx := context.Background()
	b, err := OpenRedis(srv.URL, testAccount, 100, time.Minute, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	res := b.Take(time.Now(), 30)
	if res.N != 30 || b.Err() != nil {
		t.Fatalf("took %d, err %v", res.N, b.Err())
	}
	c := redis.NewClient(&redis.Options{Addr: srv.Addr})
	defer c.Close()
	// Paused for longer than a call waits: the calls fail.
	if err := c.Do(ctx, "CLIENT", "PAUSE", "3000", "ALL").Err(); err != nil {
		t.Fatal(err)
	}
	if room := b.Room(time.Now()); room != 0 || b.Err() == nil {
		t.Fatalf("room %d, err %v while Redis does not answer", room, b.Err())
	}
	b.Settle(res, time.Now())
	time.Sleep(3 * time.Second)
	if room := b.Room(time.Now()); room != 70 || b.Err() != nil {
		t.Fatalf("room %d, err %v once Redis answers", room, b.Err())
	}
	keys, err := c.Keys(ctx, "*").Result()
	if err != nil || len(keys) != 1 || keys[0] != "enrich:budget:"+testAccount {
		t.Fatalf("keys %v, %v", keys, err)
	}
	raw, _ := c.Get(ctx, keys[0]).Bytes()
	var l ledger
	if err := json.Unmarshal(raw, &l); err != nil || len(l.Entries) != 1 || l.Entries[0].Pending {
		t.Errorf("ledger %s: the settlement made while Redis was paused is not in it", raw)
	}
	if strings.Contains(string(raw), "api.example.com") || strings.Contains(string(raw), "secret-key") {
		t.Errorf("the ledger names the service or the key: %s", raw)
	}
	if ttl, err := c.PTTL(ctx, keys[0]).Result(); err != nil || ttl <= 0 || ttl > pendingHold+2*time.Minute+claimFresh {
		t.Errorf("the ledger expires in %v (%v)", ttl, err)
	}

	// Stopped, then started again empty.
	srv.Stop()
	if b.Room(time.Now()) != 0 || b.Err() == nil {
		t.Fatal("room while Redis is stopped")
	}
	srv.Restart()
	// The 30 items are still in the service's window: the run puts them
	// back in the ledger begun again.
	if room := b.Room(time.Now()); room != 70 || b.Err() != nil {
		t.Fatalf("room %d, err %v after Redis came back empty", room, b.Err())
	}
}

// TestRedisURL refuses what is not an address of Redis, and shows one
// without its password.
func TestRedisURL(t *testing.T) {
	for raw, want := range map[string]string{
		"redis://127.0.0.1:6379/2":              "redis://127.0.0.1:6379/2",
		"redis://user:pa55@cache.internal:6380": "redis://cache.internal:6380/0",
		"rediss://:pa55@cache.internal:6380/1":  "rediss://cache.internal:6380/1",
	} {
		if got, err := CheckRedisURL(raw); err != nil || got != want {
			t.Errorf("%s: %q, %v; want %q", raw, got, err, want)
		}
	}
	for _, bad := range []string{"http://127.0.0.1:6379", "127.0.0.1:6379", "redis://host:6379/x"} {
		if _, err := CheckRedisURL(bad); err == nil || !strings.Contains(err.Error(), "redis://") {
			t.Errorf("%s: %v", bad, err)
		}
	}
}

// TestRedisRefusedForGood: a password Redis refuses, a database it does
// not have and TLS on one side only are mended by no wait: the budget
// says so at once, with what to fix, and never that Redis did not answer.
func TestRedisRefusedForGood(t *testing.T) {
	srv := redistest.Start(t)
	c := redis.NewClient(&redis.Options{Addr: srv.Addr})
	defer c.Close()
	if err := c.ConfigSet(context.Background(), "requirepass", "right").Err(); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		url  string
		says string
	}{
		{"redis://:wrong@" + srv.Addr + "/0", "refused the password (WRONGPASS"},
		{"redis://" + srv.Addr + "/0", "refused the password (NOAUTH"},
		{"redis://:right@" + srv.Addr + "/99", "has no such database"},
		{"rediss://:right@" + srv.Addr + "/0", "does not speak TLS"},
	} {
		start := time.Now()
		b, err := OpenRedis(tc.url, testAccount, 100, time.Minute, Options{})
		if err != nil {
			t.Fatal(err)
		}
		err = b.Err()
		b.Close()
		if !fault.NeedsFix(err) || !strings.Contains(err.Error(), tc.says) || !strings.Contains(err.Error(), EnvURL) || strings.Contains(err.Error(), "right") {
			t.Errorf("%s: %v (class %v); want a failure no wait mends that says %q", tc.url, err, fault.Of(err), tc.says)
		}
		if took := time.Since(start); took > 10*time.Second {
			t.Errorf("%s: told after %v", tc.url, took)
		}
		if _, err := Ping(context.Background(), tc.url); !fault.NeedsFix(err) || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("Ping %s: %v; want the same sentence", tc.url, err)
		}
	}
	// A server that is not there may come: a wait mends that.
	srv.Stop()
	b, _ := OpenRedis("redis://:right@"+srv.Addr+"/0", "acct", 100, time.Minute, Options{})
	defer b.Close()
	if err := b.Err(); fault.Of(err) != fault.Wait {
		t.Errorf("a stopped server: %v, class %v; want a wait", err, fault.Of(err))
	}
}

// TestRedisRestartedEmpty: a Redis without persistence restarted inside a
// window comes back empty while the service's window still holds the
// runs' items; each run finds the ledger begun again (its epoch) and puts
// back what it knows was sent, so that no run takes room the service
// still counts.
func TestRedisRestartedEmpty(t *testing.T) {
	srv := redistest.Start(t)
	acct := testAccount
	a, _ := OpenRedis(srv.URL, acct, 100, time.Minute, Options{})
	defer a.Close()
	b, _ := OpenRedis(srv.URL, acct, 100, time.Minute, Options{})
	defer b.Close()
	now := time.Now()
	ra := a.Take(now, 30)
	a.Settle(ra, now)
	rb := b.Take(now, 40)
	b.Settle(rb, now)
	if ra.N != 30 || rb.N != 40 {
		t.Fatalf("took %d and %d", ra.N, rb.N)
	}
	a.Room(now) // a has read b's entry too
	srv.Restart()
	for _, l := range []*Ledger{a, b} {
		if room := l.Room(time.Now()); room > 30 || l.Err() != nil {
			t.Errorf("room %d (err %v) after Redis came back empty; 70 of 100 are still in the service's window", room, l.Err())
		}
	}
	// Put back once, not once a run.
	if room := b.Room(time.Now()); room != 30 {
		t.Errorf("room %d; want the 30 the window has left", room)
	}
}

// TestRedisClockDisagrees: a Redis whose clock is far from this
// machine's (one that jumps ahead empties its window at once) gives no
// room, and says why, as a Redis that does not answer.
func TestRedisClockDisagrees(t *testing.T) {
	srv := redistest.Start(t)
	b, _ := OpenRedis(srv.URL, "acct", 100, time.Minute, Options{})
	defer b.Close()
	rs := b.st.(*redisStore)
	rs.local = func() time.Time { return time.Now().Add(-time.Minute) } // Redis a minute ahead
	if room := b.Room(time.Now()); room != 0 || fault.Of(b.Err()) != fault.Wait || !strings.Contains(b.Err().Error(), "clock") {
		t.Errorf("room %d, err %v; want none, and a sentence about the clocks", room, b.Err())
	}
	rs.local = time.Now
	if room := b.Room(time.Now()); room != 100 || b.Err() != nil {
		t.Errorf("room %d, err %v once the clocks agree", room, b.Err())
	}
}

// TestRedisRestartedWhilePending: a request of another run, pending when
// this run last read the ledger and settled since, is put back as
// answered, so that it leaves the window; put back pending, it held the
// window for ever, since its owner settles it once.
func TestRedisRestartedWhilePending(t *testing.T) {
	srv := redistest.Start(t)
	acct := testAccount
	a, _ := OpenRedis(srv.URL, acct, 100, time.Second, Options{})
	defer a.Close()
	b, _ := OpenRedis(srv.URL, acct, 100, time.Second, Options{})
	defer b.Close()
	rb := b.Take(time.Now(), 100)
	a.Room(time.Now()) // a sees b's request pending
	b.Settle(rb, time.Now())
	srv.Restart()
	a.Room(time.Now()) // a puts back what it knows, b's request pending then
	b.Room(time.Now())
	time.Sleep(1200 * time.Millisecond)
	if room := a.Room(time.Now()); room != 100 {
		t.Errorf("room %d a window after Redis came back; want the whole budget", room)
	}
}
