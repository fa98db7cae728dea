package budget

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/enrich-dev/enrich/internal/fault"
)

// redisStore keeps an account's ledger in Redis, for the processes of
// every machine that points at the same server with the same key. The
// ledger is one value under a key named by the account's hash (neither
// the service's address nor the key is written), changed in a
// transaction that fails when another process changed it first (WATCH,
// MULTI, EXEC), and then tried again: two machines never both take the
// last items. The window is kept on Redis's clock (TIME), so that a
// machine whose clock is off cannot overfill it. The value expires by
// itself when no process touches it for longer than anything in it can
// count.
type redisStore struct {
	client *redis.Client
	key    string
	shown  string // the server, without password
	addr   string // host:port
	tls    bool   // rediss://
	probed bool   // a failure was classified by asking the server
	// local is this machine's clock, which Redis's is compared with.
	local func() time.Time
	ttl   time.Duration
	log   *slog.Logger
}

// Timeouts of a call to Redis: a server that does not answer within them
// (an update of the ledger, a take of a search slot: each a few calls)
// fails the call, and the run waits and tries again, within
// --service-wait.
const (
	redisTimeout = 2 * time.Second
	// redisTries bounds the transactions tried again because another
	// process changed the ledger in between.
	redisTries = 100
)

// CheckRedisURL checks an address of Redis (redis://[user:password@]
// host:port/db, or rediss:// for TLS) and returns it as it may be shown,
// without its password.
func CheckRedisURL(raw string) (string, error) {
	opts, err := redis.ParseURL(raw)
	if err != nil {
		return "", fmt.Errorf("budget URL: %v; give redis://[user:password@]host:port/db, or rediss://… for TLS", err)
	}
	u, _ := url.Parse(raw)
	scheme := "redis"
	if opts.TLSConfig != nil {
		scheme = "rediss"
	}
	return fmt.Sprintf("%s://%s/%d", scheme, u.Host, opts.DB), nil
}

// quiet silences go-redis's own log, which would print its failures to
// standard error in its words, once per attempt: they reach the command
// as errors, which say them once in the user's.
func quiet() { quietClient.Do(func() { redis.SetLogger(discard{}) }) }

// OpenRedis returns the budget of an account (see Account) shared through
// the Redis server at rawURL, for limit items per span. It fails only
// for an address that is not one; a server that does not answer is
// waited for (Err says so).
func OpenRedis(rawURL, account string, limit int, span time.Duration, opts Options) (*Ledger, error) {
	quiet()
	shown, err := CheckRedisURL(rawURL)
	if err != nil {
		return nil, err
	}
	ro, _ := redis.ParseURL(rawURL)
	ro.DialTimeout, ro.ReadTimeout, ro.WriteTimeout = redisTimeout, redisTimeout, redisTimeout
	// The whole of an update is bounded (see try), not only each call.
	ro.ContextTimeoutEnabled = true
	ro.MaxRetries = 1
	// A dial that fails is tried again by the run, with backoff and a
	// word in its log; the pool's own retries would only hide it longer.
	ro.DialerRetries = 1
	ro.PoolSize = 4
	rs := &redisStore{
		client: redis.NewClient(ro),
		key:    "enrich:budget:" + account,
		shown:  shown,
		addr:   ro.Addr,
		local:  time.Now,
		tls:    ro.TLSConfig != nil,
		// Nothing in a ledger counts longer than a pending request of a
		// dead process: its hold and a window, and its claim's freshness.
		ttl: pendingHold + span + claimFresh + time.Minute,
	}
	host, _ := os.Hostname()
	b := newLedger(rs, limit, span, opts, host)
	rs.log = b.log
	b.update(time.Now(), func(*ledger, time.Time) bool { return false })
	return b, nil
}

// Ping checks that the Redis server at rawURL answers, and returns its
// clock's distance from this machine's. A failure is classified as a
// run's would be (package fault): what no wait mends says what to fix.
func Ping(ctx context.Context, rawURL string) (time.Duration, error) {
	quiet()
	ro, err := redis.ParseURL(rawURL)
	if err != nil {
		_, err = CheckRedisURL(rawURL)
		return 0, err
	}
	shown, _ := CheckRedisURL(rawURL)
	ro.DialTimeout, ro.ReadTimeout, ro.WriteTimeout, ro.MaxRetries, ro.DialerRetries = redisTimeout, redisTimeout, redisTimeout, 0, 1
	c := redis.NewClient(ro)
	defer c.Close()
	before := time.Now()
	t, err := c.Time(ctx).Result()
	if err != nil {
		return 0, classify(ctx, err, shown, ro.Addr, ro.TLSConfig != nil, true)
	}
	mid := before.Add(time.Since(before) / 2)
	return t.Sub(mid), nil
}

func (r *redisStore) transact(now time.Time, fn func(l *ledger, now time.Time) bool) error {
	err := r.try(now, fn)
	if err == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), redisTimeout)
	defer cancel()
	// A TLS mismatch shows from the first failure on: the server is asked
	// once, not at every retry.
	probe := !r.probed
	r.probed = true
	return classify(ctx, err, r.shown, r.addr, r.tls, probe)
}

// try runs one update, within redisTimeout for the whole of it: a Redis
// that answers each call in time but an update only in seconds is one
// that does not answer. Bounded call by call only (the client kept no
// bound on the whole), a Redis answering each call in 1.5 s passed every
// update in six seconds, and a run of hours never counted it down.
func (r *redisStore) try(_ time.Time, fn func(l *ledger, now time.Time) bool) error {
	ctx, cancel := context.WithTimeout(context.Background(), redisTimeout)
	defer cancel()
	for range redisTries {
		err := r.client.Watch(ctx, func(tx *redis.Tx) error {
			before := r.local()
			now, err := tx.Time(ctx).Result()
			if err != nil {
				return err
			}
			if err := r.clockAgrees(now, before); err != nil {
				return err
			}
			data, err := tx.Get(ctx, r.key).Bytes()
			if err != nil && !errors.Is(err, redis.Nil) {
				return err
			}
			l := decodeLedger(data, r.shown, r.log)
			if !fn(&l, now) {
				return nil
			}
			out, err := json.Marshal(l)
			if err != nil {
				return err
			}
			_, err = tx.TxPipelined(ctx, func(p redis.Pipeliner) error {
				p.Set(ctx, r.key, out, r.ttl)
				return nil
			})
			return err
		}, r.key)
		if !errors.Is(err, redis.TxFailedErr) {
			return err
		}
	}
	return fmt.Errorf("the ledger in %s changed under %d tries", r.shown, redisTries)
}

// maxSkew bounds how far Redis's clock may be from this machine's: the
// window is kept on Redis's clock, and one that jumps ahead would empty it
// at once. Past the bound nothing is sent, as when Redis does not answer,
// until the clocks agree or --service-wait ends the run.
const maxSkew = 10 * time.Second

// clockAgrees checks Redis's clock (redisNow) against this machine's
// (sent: when TIME was asked).
func (r *redisStore) clockAgrees(redisNow, sent time.Time) error {
	mid := sent.Add(r.local().Sub(sent) / 2)
	if d := redisNow.Sub(mid); d > maxSkew || d < -maxSkew {
		return fault.Waitable(fmt.Errorf("the clock of Redis at %s is %s from this machine's (more than %s): nothing is sent until they agree; set the clocks of both machines right (NTP)", r.shown, d.Round(time.Second), maxSkew))
	}
	return nil
}

func (r *redisStore) shared() bool  { return true }
func (r *redisStore) where() string { return r.shown }
func (r *redisStore) close()        { r.client.Close() }

// quietClient silences the client's own log once: what fails reaches the
// run through Err, and its log.
var quietClient sync.Once

type discard struct{}

func (discard) Printf(context.Context, string, ...any) {}
