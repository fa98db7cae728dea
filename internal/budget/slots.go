package budget

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/enrich-dev/enrich/internal/clock"
	"github.com/enrich-dev/enrich/internal/fault"
)

// Slots bound the searches an account has under way at once: the service
// serves three per account and answers 429 to a fourth, whichever run,
// machine or tool makes it. Every process on the account takes a slot
// before each search call and gives it back when the answer is read, so
// that runs on one key wait for each other instead of meeting 429s. The
// slots are shared as the lookup budget is: through files in the state
// directory by the processes of one machine, through Redis by those of
// every machine (OpenSlots).
type Slots struct {
	take  func(ctx context.Context) (release func(), err error)
	close func()
}

// MaxSearches is how many searches an account may have under way at
// once (the service's "concurrent search requests").
const MaxSearches = 3

// Take waits for a free slot, until ctx ends, and returns the function
// that gives it back. A Redis that cannot be reached is waited for by the
// caller: its error is one a wait may mend (package fault).
func (s *Slots) Take(ctx context.Context) (func(), error) { return s.take(ctx) }

// Close lets go of what the slots hold open; slots taken and not given
// back are given back by their lease.
func (s *Slots) Close() {
	if s.close != nil {
		s.close()
	}
}

// slotPoll bounds the wait between two looks for a free slot: a search
// takes a second or more, so a slot freed is taken within a fraction of it.
const slotPoll = 50 * time.Millisecond

// NewLocalSlots returns n slots for the searches of this process alone,
// for when the account's cannot be shared.
func NewLocalSlots(n int) *Slots {
	sem := make(chan struct{}, n)
	return &Slots{take: func(ctx context.Context) (func(), error) {
		select {
		case sem <- struct{}{}:
			return func() { <-sem }, nil
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}}
}

// OpenSlots returns the account's search slots (see Account): through the
// Redis server at redisURL when it is set, else through n lock files in
// dir, one per slot, which every process of the machine takes with an
// exclusive lock; a process that dies gives its slots back with its
// files.
func OpenSlots(dir, redisURL, account string, n int, clk clock.Clock) (*Slots, error) {
	if redisURL != "" {
		return openRedisSlots(redisURL, account, n, clk)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("search slots: %w", err)
	}
	paths := make([]string, n)
	for i := range paths {
		paths[i] = filepath.Join(dir, fmt.Sprintf("search-%s.%d.lock", account, i))
		f, err := os.OpenFile(paths[i], os.O_RDWR|os.O_CREATE, 0o600)
		if err != nil {
			return nil, fmt.Errorf("search slots: %w", err)
		}
		f.Close()
	}
	return &Slots{take: func(ctx context.Context) (func(), error) {
		return poll(ctx, clk, func() (func(), error) {
			for _, p := range paths {
				if release, err := tryLock(p); release != nil || err != nil {
					return release, err
				}
			}
			return nil, nil
		})
	}}, nil
}

// poll calls try until it returns a release or an error, or ctx ends,
// waiting on clk between two tries.
func poll(ctx context.Context, clk clock.Clock, try func() (func(), error)) (func(), error) {
	wait := 5 * time.Millisecond
	for {
		release, err := try()
		if release != nil || err != nil {
			return release, err
		}
		t := clk.NewTimer(wait)
		select {
		case <-t.C():
		case <-ctx.Done():
			t.Stop()
			return nil, ctx.Err()
		}
		wait = min(2*wait, slotPoll)
	}
}

// slotLease is how long a slot taken through Redis stays taken without
// word from its holder, which renews it every third of it: a process
// that dies holding one gives it back within the lease.
const slotLease = 15 * time.Second

// takeSlot takes a slot in the sorted set KEYS[1] of holders by the end
// of their lease, on Redis's clock, when fewer than ARGV[1] hold one.
var takeSlot = redis.NewScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then
  return 0
end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
`)

// renewSlot extends the lease of holder ARGV[2] when it still holds one.
var renewSlot = redis.NewScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
if redis.call('ZSCORE', KEYS[1], ARGV[2]) then
  redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[1]), ARGV[2])
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
return 1
`)

func openRedisSlots(rawURL, account string, n int, clk clock.Clock) (*Slots, error) {
	quietClient.Do(func() { redis.SetLogger(discard{}) })
	shown, err := CheckRedisURL(rawURL)
	if err != nil {
		return nil, err
	}
	ro, _ := redis.ParseURL(rawURL)
	ro.DialTimeout, ro.ReadTimeout, ro.WriteTimeout = redisTimeout, redisTimeout, redisTimeout
	ro.MaxRetries, ro.DialerRetries, ro.PoolSize = 1, 1, 4
	client := redis.NewClient(ro)
	key := "enrich:searches:" + account
	lease := slotLease.Milliseconds()
	return &Slots{close: func() { client.Close() }, take: func(ctx context.Context) (func(), error) {
		var id [8]byte
		_, _ = rand.Read(id[:])
		holder := hex.EncodeToString(id[:])
		release, err := poll(ctx, clk, func() (func(), error) {
			call, cancel := context.WithTimeout(ctx, redisTimeout)
			defer cancel()
			got, err := takeSlot.Run(call, client, []string{key}, n, lease, holder).Int()
			if err != nil {
				if ctx.Err() != nil {
					return nil, ctx.Err()
				}
				return nil, classify(call, err, shown, ro.Addr, ro.TLSConfig != nil, false)
			}
			if got == 0 {
				return nil, nil
			}
			return func() {}, nil
		})
		switch {
		case err == nil:
			_ = release
		case ctx.Err() != nil || fault.Of(err) == fault.Fix:
			return nil, err
		default:
			return nil, fault.Waitable(fmt.Errorf("the account's searches at once, shared through Redis at %s: %w", shown, err))
		}
		done := make(chan struct{})
		go func() {
			t := clk.NewTimer(slotLease / 3)
			defer t.Stop()
			for {
				select {
				case <-done:
					return
				case <-t.C():
					t.Reset(slotLease / 3)
					call, cancel := context.WithTimeout(context.Background(), redisTimeout)
					_ = renewSlot.Run(call, client, []string{key}, lease, holder).Err()
					cancel()
				}
			}
		}()
		return func() {
			close(done)
			call, cancel := context.WithTimeout(context.Background(), redisTimeout)
			defer cancel()
			_ = client.ZRem(call, key, holder).Err() // else the lease ends it
		}, nil
	}}, nil
}
