package pipeline

import (
	"cmp"
	"flag"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/callback"
	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/state"
)

var capSeeds = flag.Int("cap-seeds", 150, "seeds of TestCapHoldsWhateverTheTiming")

// TestCapHoldsWhateverTheTiming draws, for each seed, a --max-credits and
// an order of events: the service matching (and charging) requests some
// time after their 201, delivering, duplicating or discarding their
// results, answering 500, 503 or 429, balance reads answered at one
// instant and applied at another, and the clock moving past callback
// timeouts. After every event, what the service charged the run never
// exceeds the cap.
func TestCapHoldsWhateverTheTiming(t *testing.T) {
	for seed := uint64(1); seed <= uint64(*capSeeds); seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			t.Parallel()
			capScenario(t, seed)
		})
	}
}

// simService is a service on the test's schedule: a request is matched
// (and charged) when the test processes it, not when it is sent. An item
// submitted again within the duplicate period of its last acceptance is
// answered duplicate_query, and not charged, as the service does.
type simService struct {
	seed uint64
	// now is the service's clock, and period its duplicate period.
	now    func() time.Time
	period time.Duration

	mu       sync.Mutex
	balance  int64
	charged  int64
	nextID   int64
	reqs     []*simRequest
	tries    map[string]int       // submissions per request key
	accepted map[string]time.Time // the last acceptance of each item
}

type simRequest struct {
	id         int64
	key        string // the request's first item: an order that does not depend on goroutines
	items      []string
	duplicates []string // items accepted within the duplicate period before
	matched    []string
	processed  bool
	delivered  bool
	lost       bool
}

// found says whether the world has a profile for an item: two in three.
func found(item string) bool {
	h := fnv.New32a()
	h.Write([]byte(item))
	return h.Sum32()%3 != 0
}

// draw is a deterministic choice for the n-th submission of key.
func (s *simService) draw(key string, n, of int) int {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d/%s/%d", s.seed, key, n)
	return int(h.Sum64() % uint64(of))
}

func (s *simService) lookup(req wire.LookupRequest) (int64, api.Meta, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	key := req.Items[0]
	s.tries[key]++
	meta := api.Meta{CreditsLeft: s.balance, HasCredits: true}
	switch s.draw(key, s.tries[key], 20) {
	case 0:
		return 0, meta, &api.Error{Status: 503}
	case 1:
		return 0, meta, &api.Error{Status: 429}
	}
	s.nextID++
	q := &simRequest{id: s.nextID, key: key, items: req.Items}
	now := s.now()
	for _, it := range req.Items {
		if at, ok := s.accepted[it]; ok && now.Sub(at) < s.period {
			q.duplicates = append(q.duplicates, it)
		}
		s.accepted[it] = now
	}
	s.reqs = append(s.reqs, q)
	if s.draw(key, s.tries[key], 20) == 2 {
		return 0, meta, &api.Error{Status: 500} // taken, answer lost
	}
	return s.nextID, meta, nil
}

func (s *simService) credits() (int64, api.Meta, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.balance, api.Meta{}, nil
}

// pick returns the requests that satisfy ok, in the order of their keys.
func (s *simService) pick(ok func(*simRequest) bool) []*simRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*simRequest
	for _, r := range s.reqs {
		if ok(r) {
			out = append(out, r)
		}
	}
	slices.SortFunc(out, func(a, b *simRequest) int { return cmp.Or(cmp.Compare(a.key, b.key), cmp.Compare(a.id, b.id)) })
	return out
}

// process matches a request: its found items are charged now.
func (s *simService) process(r *simRequest) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r.processed = true
	for _, it := range r.items {
		if found(it) && s.balance > 0 && !slices.Contains(r.duplicates, it) {
			r.matched = append(r.matched, it)
			s.balance--
			s.charged++
		}
	}
}

func (s *simService) results(r *simRequest) []wire.Result {
	var out []wire.Result
	for _, it := range r.items {
		switch {
		case slices.Contains(r.matched, it):
			out = append(out, success(it))
		case slices.Contains(r.duplicates, it):
			out = append(out, result(it, wire.StatusDuplicateQuery))
		default:
			out = append(out, result(it, wire.StatusFailed))
		}
	}
	return out
}

func success(item string) wire.Result {
	var r wire.Result
	if err := r.UnmarshalJSON(fmt.Appendf(nil, `{"item":%q,"status":"success","candidate":{"uid":"%032x","fullName":"P"}}`, item, len(item))); err != nil {
		panic(err)
	}
	return r
}

func capScenario(t *testing.T, seed uint64) {
	r := rand.New(rand.NewPCG(seed, 0xcab))
	maxCredits := int64(1 + r.IntN(150))
	svc := &simService{seed: seed, balance: 100000, tries: map[string]int{}, accepted: map[string]time.Time{}}
	fs := &fakeService{
		async:   svc.lookup,
		credits: svc.credits,
	}
	e, fake := testEngine(t, 300, fs, func(c *Config) {
		c.MaxCredits = maxCredits
		c.CallbackTimeout = time.Minute
		c.ItemsPerMinute = 200
	})
	// The run waits out the duplicate period before sending an item
	// answered duplicate_query again (--retry-wait).
	svc.now, svc.period = fake.Now, e.cfg.RetryWait
	replay := fmt.Sprintf("replay: go test ./pipeline/ -run 'TestCapHoldsWhateverTheTiming/^%d$'", seed)
	var pending []outcome // answers and balances that came, not yet applied
	collect := func() {
		e.group.Wait()
		for {
			select {
			case o := <-e.outcomes:
				pending = append(pending, o)
			default:
				return
			}
		}
	}
	deliver := func(req *simRequest) {
		ref := state.Ref{RequestID: req.id}
		if r.IntN(5) == 0 {
			ref.RequestID = 0 // a callback without its Request-Id
		}
		d, err := e.j.Deliver(ref, svc.results(req), fake.Now(), e.cfg.policy())
		if err != nil {
			t.Fatal(err)
		}
		e.delivered(callback.Delivery{Stored: d})
	}
	for step := 0; step < 4000; step++ {
		if svc.charged > maxCredits {
			t.Fatalf("step %d: the service charged %d credits, --max-credits %d\n%s", step, svc.charged, maxCredits, replay)
		}
		if e.finished(fake.Now()) && len(pending) == 0 {
			break
		}
		switch r.IntN(7) {
		case 0:
			e.submit(fake.Now())
			collect()
		case 1:
			if len(pending) > 0 {
				i := r.IntN(len(pending))
				o := pending[i]
				pending = slices.Delete(pending, i, i+1)
				e.handle(o)
			}
		case 2:
			if reqs := svc.pick(func(q *simRequest) bool { return !q.processed }); len(reqs) > 0 {
				svc.process(reqs[r.IntN(len(reqs))])
			}
		case 3:
			reqs := svc.pick(func(q *simRequest) bool { return q.processed && !q.delivered && !q.lost })
			if len(reqs) == 0 {
				continue
			}
			req := reqs[r.IntN(len(reqs))]
			if r.IntN(4) == 0 {
				req.lost = true // discarded after the service's retries
				continue
			}
			req.delivered = true
			deliver(req)
		case 4:
			if reqs := svc.pick(func(q *simRequest) bool { return q.delivered }); len(reqs) > 0 {
				deliver(reqs[r.IntN(len(reqs))]) // a duplicate delivery
			}
		case 5:
			fake.Advance(time.Duration(r.IntN(40)) * time.Second)
			e.reap(fake.Now())
		case 6:
			if r.IntN(3) == 0 {
				e.readBalance(fake.Now()) // none while one is under way
				collect()
			}
		}
	}
	if svc.charged > maxCredits {
		t.Fatalf("the service charged %d credits, --max-credits %d\n%s", svc.charged, maxCredits, replay)
	}
	if len(svc.reqs) == 0 {
		t.Fatalf("nothing was sent: the scenario tested nothing (stop %q)\n%s", e.stop, replay)
	}
}

// spendable decides every case from the counts alone.
func TestSpendable(t *testing.T) {
	now := epoch
	for _, tc := range []struct {
		name string
		c    credits
		room int64
		stop string
		read bool
		next time.Time
	}{
		{name: "no balance yet, no cap", c: credits{}, room: maxBalance},
		{name: "cap left", c: credits{max: 10, charged: 3, openN: 2, inflight: 2}, room: 5},
		{name: "cap reached, results in flight", c: credits{max: 10, charged: 8, openN: 2, inflight: 2}},
		{name: "cap reached by requests given up", c: credits{max: 10, charged: 8, openN: 2}, stop: fault.StopMaxCredits},
		{name: "balance left", c: credits{known: true, balance: 50, inflight: 20}, room: 30},
		{name: "balance spent, results in flight", c: credits{known: true, balance: 20, inflight: 20}},
		{name: "balance spent and shown", c: credits{known: true, balance: 0}, stop: fault.StopCredits},
		{name: "balance spent, not shown yet", c: credits{known: true, balance: 5, profiles: 5}, read: true},
		{name: "balance spent, read a moment ago", c: credits{known: true, balance: 5, profiles: 5, lastAsk: now.Add(-300 * time.Millisecond)}, next: now.Add(700 * time.Millisecond)},
		{name: "balance spent, read under way", c: credits{known: true, balance: 5, expired: 5, reading: true}},
		{name: "the cap before the balance", c: credits{known: true, balance: 0, max: 4, charged: 4}, stop: fault.StopMaxCredits},
	} {
		room, stop, read, next := tc.c.spendable(now)
		if room != tc.room || stop != tc.stop || read != tc.read || !next.Equal(tc.next) {
			t.Errorf("%s: spendable = %d, %q, read %v, next %v; want %d, %q, %v, %v", tc.name, room, stop, read, next, tc.room, tc.stop, tc.read, tc.next)
		}
	}
}

// A balance read asked for before a delivery and answered after it does
// not hide the delivery's charge; an answer older than one applied is
// dropped.
func TestBalanceStamped(t *testing.T) {
	var c credits
	c.observe(api.Meta{CreditsLeft: 100, HasCredits: true}, c.ask())
	c.sent(1, 10)
	asked := c.ask() // the read goes out; the service has not charged yet
	for range 10 {
		c.received()
	}
	c.answered(1, 10)
	c.landed(10)
	c.observe(api.Meta{CreditsLeft: 100, HasCredits: true}, asked) // before the charge
	if got := c.balanceRoom(); got != 90 {
		t.Errorf("room %d after a read that cannot show the 10 profiles received since it was asked; want 90", got)
	}
	newer := c.ask()
	c.observe(api.Meta{CreditsLeft: 90, HasCredits: true}, newer)
	c.observe(api.Meta{CreditsLeft: 100, HasCredits: true}, asked)
	if c.balance != 90 || c.balanceRoom() != 90 {
		t.Errorf("balance %d, room %d after an older answer came last; want 90, 90", c.balance, c.balanceRoom())
	}
}
