package budget

import (
	"context"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/internal/redistest"
)

// TestRedisSlowIsDown: a Redis that answers each call in time but an
// update only in seconds (behind a slow link, or too busy) is a Redis
// that does not answer, at every look and every take alike, so that a
// run's bound on the outage (--service-wait, counted from the first
// failure and begun again at the first answer) runs out. Answering
// 1.5 s a call, it passed every update, in six seconds each, and a run
// of hours never counted it down. It answers again once Redis is fast
// again.
func TestRedisSlowIsDown(t *testing.T) {
	t.Parallel()
	srv := redistest.Start(t)
	const delay = 1500 * time.Millisecond
	slow := srv.Slow(delay)
	b, err := OpenRedis(slow.URL, testAccount, 100, time.Minute, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	// The engine's pace: a look, then a take. Every one must say Redis
	// is down.
	for i := range 2 {
		start := time.Now()
		room := b.Room(time.Now())
		if err := b.Err(); err == nil || fault.Of(err) != fault.Wait {
			t.Fatalf("look %d: room %d, err %v with Redis answering in %v a call; want no room and a wait", i, room, err, delay)
		}
		r := b.Take(time.Now(), 10)
		if err := b.Err(); err == nil || r.N != 0 {
			t.Fatalf("take %d: took %d, err %v with Redis answering in %v a call", i, r.N, err, delay)
		}
		if took := time.Since(start); took > 2*(redisTimeout+time.Second) {
			t.Errorf("a look and a take took %v; each is bounded by %v", took, redisTimeout)
		}
	}
	slow.SetDelay(0)
	if room := b.Room(time.Now()); room != 100 || b.Err() != nil {
		t.Errorf("room %d, err %v once Redis is fast again", room, b.Err())
	}
}

// TestRedisLooksButTakesNot: a Redis that answers a look but fails every
// take (here one that refuses writes) stays down for the run: a look that
// answers while Redis failed is no answer, only a write that succeeds
// is. A look began the run's bound on the outage again, and the run
// neither sent nor ended. It answers again once Redis takes writes.
func TestRedisLooksButTakesNot(t *testing.T) {
	srv := redistest.Start(t)
	b, err := OpenRedis(srv.URL, testAccount, 100, time.Minute, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	c := redis.NewClient(&redis.Options{Addr: srv.Addr})
	defer c.Close()
	ctx := context.Background()
	if err := c.ConfigSet(ctx, "min-replicas-to-write", "1").Err(); err != nil {
		t.Fatal(err)
	}
	if r := b.Take(time.Now(), 10); r.N != 0 || fault.Of(b.Err()) != fault.Wait {
		t.Fatalf("took %d, err %v from a Redis that refuses writes", r.N, b.Err())
	}
	for i := range 3 {
		if room := b.Room(time.Now()); room != 0 || b.Err() == nil {
			t.Fatalf("look %d: room %d, err %v while every take fails", i, room, b.Err())
		}
		if r := b.Take(time.Now(), 10); r.N != 0 || b.Err() == nil {
			t.Fatalf("take %d: took %d, err %v", i, r.N, b.Err())
		}
	}
	if err := c.ConfigSet(ctx, "min-replicas-to-write", "0").Err(); err != nil {
		t.Fatal(err)
	}
	if room := b.Room(time.Now()); room != 100 || b.Err() != nil {
		t.Errorf("room %d, err %v once Redis takes writes", room, b.Err())
	}
}
