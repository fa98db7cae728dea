package budget

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/enrich-dev/enrich/internal/fault"
)

// The search slots of every machine: a sorted set in Redis,
// enrich:searches:ACCOUNT, of the holders ("ID LABEL"), each scored by
// the end of its lease on Redis's clock. A holder's score is never
// before the end of the search it took the slot for (SlotOptions.Wait),
// and while it searches it renews its lease every slotRenew: a machine
// lost while searching gives its slot back once both have passed. Whoever
// looks removes the leases that ended, and those no holder can have
// written (further ahead than any search and lease): a member forged
// without an end is gone at the next look.
//
// A Redis without persistence that restarts comes back empty while the
// service still runs the searches of its holders: each holder puts its
// slot back at its next renewal, and the set, found begun again (its
// companion key ...:begun is gone), takes nobody for slotGrace, so that
// the holders are back before anyone else takes their room.

const (
	// slotLease is how long a slot taken through Redis stays taken
	// without word from its holder past the end of its search.
	slotLease = 3 * time.Second
	// slotRenew is how often a holder renews its lease, and puts its
	// slot back when Redis lost it.
	slotRenew = time.Second
	// slotGrace is how long a set begun again takes nobody: a renewal,
	// and a call to Redis that takes as long as it may.
	slotGrace = slotRenew + redisTimeout
	// slotAhead bounds how far ahead a holder's lease can end: a search
	// and a lease, and a second of clocks.
	slotAhead = MaxSearchTime + slotLease + time.Second
	// slotBegun is how long the mark of a begun set outlives its last use.
	slotBegun = 24 * time.Hour
)

// takeSlot takes a slot in the sorted set KEYS[1], on Redis's clock, when
// fewer than ARGV[1] hold one and the set was not begun within ARGV[7]
// ms (KEYS[2] marks when it was), for the holder ARGV[4] with a lease of
// ARGV[2] ms and a search of ARGV[3] ms. It returns when the search
// ends, 0 when no slot is free, or -1 when the set was begun too lately.
var takeSlot = redis.NewScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
if redis.call('TYPE', KEYS[1]).ok ~= 'zset' then
  redis.call('DEL', KEYS[1])
end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '(' .. (now + tonumber(ARGV[5])), '+inf')
local begun = redis.pcall('GET', KEYS[2])
if type(begun) ~= 'string' or not tonumber(begun) then
  redis.call('SET', KEYS[2], now, 'PX', ARGV[6])
  begun = now
else
  begun = tonumber(begun)
  redis.call('PEXPIRE', KEYS[2], ARGV[6])
end
if now < begun + tonumber(ARGV[7]) then
  return -1
end
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then
  return 0
end
local ends = now + tonumber(ARGV[3])
redis.call('ZADD', KEYS[1], math.max(ends, now + tonumber(ARGV[2])), ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return ends
`)

// renewSlot renews the lease of holder ARGV[2] (ARGV[1] ms, and not
// before ARGV[3], the end of its search), and puts it back when the set
// lost it: its search is under way at the service whatever Redis forgot.
var renewSlot = redis.NewScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local want = math.max(now + tonumber(ARGV[1]), tonumber(ARGV[3]))
local s = redis.call('ZSCORE', KEYS[1], ARGV[2])
if not s or tonumber(s) < want then
  redis.call('ZADD', KEYS[1], want, ARGV[2])
end
redis.call('PEXPIRE', KEYS[1], ARGV[4])
if redis.call('EXISTS', KEYS[2]) == 0 then
  redis.call('SET', KEYS[2], now, 'PX', ARGV[5])
end
return 1
`)

// redisSlots are the slots of every machine on the account.
type redisSlots struct {
	s          *Slots
	client     *redis.Client
	key, begun string
	shown      string
	addr       string
	tls        bool
	hold       time.Duration
	label      string
}

func openRedisSlots(s *Slots, rawURL, account string, hold time.Duration, label string) error {
	quiet()
	shown, err := CheckRedisURL(rawURL)
	if err != nil {
		return err
	}
	ro, _ := redis.ParseURL(rawURL)
	ro.DialTimeout, ro.ReadTimeout, ro.WriteTimeout = redisTimeout, redisTimeout, redisTimeout
	ro.ContextTimeoutEnabled = true
	ro.MaxRetries, ro.DialerRetries, ro.PoolSize = 1, 1, 4
	rs := &redisSlots{
		s:      s,
		client: redis.NewClient(ro),
		key:    "enrich:searches:" + account,
		begun:  "enrich:searches:" + account + ":begun",
		shown:  shown,
		addr:   ro.Addr,
		tls:    ro.TLSConfig != nil,
		hold:   hold,
		label:  label,
	}
	s.try, s.holders, s.close = rs.try, rs.holdersNow, func() { rs.client.Close() }
	s.where = fmt.Sprintf("shared through Redis at %s, key %s", shown, rs.key)
	return nil
}

func (r *redisSlots) try(ctx context.Context) (func(), error) {
	var id [8]byte
	_, _ = rand.Read(id[:])
	holder := hex.EncodeToString(id[:]) + " " + r.label
	call, cancel := context.WithTimeout(ctx, redisTimeout)
	defer cancel()
	ends, err := takeSlot.Run(call, r.client, []string{r.key, r.begun}, r.s.n, slotLease.Milliseconds(),
		r.hold.Milliseconds(), holder, slotAhead.Milliseconds(), slotBegun.Milliseconds(), slotGrace.Milliseconds()).Int64()
	switch {
	case err != nil && ctx.Err() != nil:
		return nil, ctx.Err()
	case err != nil:
		err = classify(call, err, r.shown, r.addr, r.tls, false)
		if fault.NeedsFix(err) {
			return nil, err
		}
		return nil, fault.Waitable(fmt.Errorf("the account's searches at once, shared through Redis at %s: %w", r.shown, err))
	case ends == 0:
		return nil, nil
	case ends < 0:
		return nil, errBegun
	}
	done, renewed := make(chan struct{}), make(chan struct{})
	go r.renew(holder, ends, done, renewed)
	return sync.OnceFunc(func() {
		close(done)
		<-renewed // no renewal after the removal, which would put it back
		call, cancel := context.WithTimeout(context.Background(), redisTimeout)
		defer cancel()
		_ = r.client.ZRem(call, r.key, holder).Err() // else its lease ends it
	}), nil
}

// renew renews the lease of holder, whose search ends at ends (Redis's
// milliseconds), every slotRenew until done is closed, and then closes
// renewed.
func (r *redisSlots) renew(holder string, ends int64, done, renewed chan struct{}) {
	defer close(renewed)
	t := r.s.clk.NewTimer(slotRenew)
	defer t.Stop()
	for {
		select {
		case <-done:
			return
		case <-t.C():
			t.Reset(slotRenew)
			call, cancel := context.WithTimeout(context.Background(), redisTimeout)
			// A failure is met again at the next renewal; meanwhile the
			// lease holds, and the search's end.
			_ = renewSlot.Run(call, r.client, []string{r.key, r.begun}, slotLease.Milliseconds(), holder, ends,
				slotAhead.Milliseconds(), slotBegun.Milliseconds()).Err()
			cancel()
		}
	}
}

// holdersNow names the holders of the set, by the labels they took their
// slots with.
func (r *redisSlots) holdersNow() []string {
	call, cancel := context.WithTimeout(context.Background(), redisTimeout)
	defer cancel()
	members, err := r.client.ZRange(call, r.key, 0, -1).Result()
	if err != nil {
		return nil
	}
	out := make([]string, 0, len(members))
	for _, m := range members {
		_, label, _ := strings.Cut(m, " ")
		if label = oneLine(label); label == "" {
			label = "a holder that did not say who it is"
		}
		out = append(out, label)
	}
	return out
}
