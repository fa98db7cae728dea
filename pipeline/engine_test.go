package pipeline

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/callback"
	"github.com/enrich-dev/enrich/internal/clock"
	"github.com/enrich-dev/enrich/report"
	"github.com/enrich-dev/enrich/state"
)

// fakeService is a Service made of functions; a nil one answers as an
// idle service would.
type fakeService struct {
	async   func(req wire.LookupRequest) (int64, api.Meta, error)
	sync    func(items []string) ([]wire.Result, api.Meta, error)
	credits func() (int64, api.Meta, error)
}

func (f *fakeService) LookupAsync(_ context.Context, req wire.LookupRequest) (int64, api.Meta, error) {
	if f.async == nil {
		return 1, api.Meta{}, nil
	}
	return f.async(req)
}

func (f *fakeService) LookupSync(_ context.Context, items []string, _ bool) ([]wire.Result, api.Meta, error) {
	if f.sync == nil {
		return nil, api.Meta{}, errors.New("no sync")
	}
	return f.sync(items)
}

func (f *fakeService) Credits(context.Context, bool) (int64, api.Meta, error) {
	if f.credits == nil {
		return 1000, api.Meta{CreditsLeft: 1000, HasCredits: true}, nil
	}
	return f.credits()
}

var epoch = time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)

// testEngine builds an engine over a sheet of n e-mails, a real journal
// and a fake clock, with the account checked and, for an asynchronous
// run, the receiver listening.
func testEngine(t *testing.T, n int, svc *fakeService, tune func(*Config)) (*engine, *clock.Fake) {
	t.Helper()
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("Name,Email\n")
	for i := range n {
		fmt.Fprintf(&b, "P%d,person%d@example.com\n", i, i)
	}
	input := filepath.Join(dir, "in.csv")
	if err := os.WriteFile(input, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	fake := clock.NewFake(epoch)
	cfg := Config{
		Input: input, Output: filepath.Join(dir, "out.csv"), Journal: filepath.Join(dir, "j"),
		Service: svc, Clock: fake, Listen: "127.0.0.1:0",
		ItemsPerMinute: 100, RateWindow: time.Minute, CallbackTimeout: 10 * time.Minute,
		MaxAttempts: 3, RetryWait: time.Minute, DrainTimeout: 5 * time.Minute, ServiceWait: 10 * time.Minute,
	}
	if tune != nil {
		tune(&cfg)
	}
	cfg.setDefaults()
	if err := cfg.validate(); err != nil {
		t.Fatal(err)
	}
	j, err := state.Open(cfg.Journal, state.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { j.Close() })
	ctx := context.Background()
	e, err := newEngine(ctx, &cfg, j)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.place(); err != nil {
		t.Fatal(err)
	}
	if err := e.checkAccount(ctx); err != nil {
		t.Fatal(err)
	}
	if !cfg.Sync {
		if err := e.startReceiver(ctx); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { e.receiver.Close() })
	}
	return e, fake
}

// sendOne sends a batch of n ready lookups and applies its outcome.
func sendOne(t *testing.T, e *engine, n int) *flight {
	t.Helper()
	now := e.clock.Now()
	batch := e.take(n)
	if !e.send(batch, e.budget.Take(now, len(batch)), now) {
		t.Fatal("send refused")
	}
	var f *flight
	for _, fl := range e.flights {
		if fl.sending {
			f = fl
		}
	}
	e.handle(<-e.outcomes)
	return f
}

func batchPhase(t *testing.T, e *engine, seq uint64) state.BatchPhase {
	t.Helper()
	var p state.BatchPhase = "none"
	open, err := e.j.OpenBatches()
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range open {
		if b.Seq == seq {
			p = b.Phase
		}
	}
	return p
}

func lookupOf(t *testing.T, e *engine, id string) state.Lookup {
	t.Helper()
	var l state.Lookup
	err := e.j.View(func(r *state.Reader) error {
		var err error
		l, _, err = r.Lookup(e.mode, id)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// TestSubmissionFailures drives every branch of the classification of a
// failed submission.
func TestSubmissionFailures(t *testing.T) {
	apiErr := func(status int) error {
		return &api.Error{Method: "POST", Path: api.PathLookup, Status: status, Message: http.StatusText(status)}
	}
	notSent := &api.TransportError{Method: "POST", Path: api.PathLookup, Sent: false, Err: &net.OpError{Op: "dial", Err: errors.New("connection refused")}}
	cutOff := &api.TransportError{Method: "POST", Path: api.PathLookup, Sent: true, Err: errors.New("unexpected EOF")}
	for _, tc := range []struct {
		name     string
		err      error
		taken    bool   // the batch stays open for its callback
		room     int    // room left in the budget right after
		stop     string // why submission stopped, "" if it goes on
		err2     error  // the run's error
		outage   bool   // counted as a failure of the service
		paused   bool   // submission paused
		attempts int    // attempts of an item after
		phase    state.Phase
	}{
		{name: "429", err: apiErr(429), room: 100, paused: true, phase: state.Queued},
		{name: "402", err: apiErr(402), room: 100, stop: report.StopCredits, phase: state.Queued},
		{name: "401", err: apiErr(401), room: 100, stop: report.StopAccount, err2: report.ErrAccount, phase: state.Queued},
		{name: "403", err: apiErr(403), room: 100, stop: report.StopAccount, err2: report.ErrAccount, phase: state.Queued},
		{name: "404", err: apiErr(404), room: 100, stop: report.StopRejected, phase: state.Queued},
		{name: "406", err: apiErr(406), room: 100, stop: report.StopRejected, phase: state.Queued},
		{name: "503", err: apiErr(503), room: 100, outage: true, paused: true, phase: state.Queued},
		{name: "500", err: apiErr(500), taken: true, room: 90, outage: true, paused: true, attempts: 1, phase: state.InFlight},
		{name: "502", err: apiErr(502), taken: true, room: 90, outage: true, paused: true, attempts: 1, phase: state.InFlight},
		{name: "connection refused", err: notSent, room: 100, outage: true, paused: true, phase: state.Queued},
		{name: "cut off", err: cutOff, taken: true, room: 90, outage: true, paused: true, attempts: 1, phase: state.InFlight},
		{name: "204 or unreadable 201", err: fmt.Errorf("POST: %w", api.ErrAccepted), taken: true, room: 90, attempts: 1, phase: state.InFlight},
	} {
		t.Run(tc.name, func(t *testing.T) {
			svc := &fakeService{async: func(wire.LookupRequest) (int64, api.Meta, error) { return 0, api.Meta{}, tc.err }}
			e, fake := testEngine(t, 10, svc, nil)
			f := sendOne(t, e, 10)
			now := fake.Now()
			if got := e.budget.Room(now); got != tc.room {
				t.Errorf("room %d, want %d", got, tc.room)
			}
			if tc.taken {
				if batchPhase(t, e, f.batch.Seq) != state.BatchUncertain || e.flights[f.batch.Seq] == nil {
					t.Errorf("batch %s, flight %v; want it open for its callback", batchPhase(t, e, f.batch.Seq), e.flights[f.batch.Seq])
				}
				if want := now.Add(e.cfg.CallbackTimeout); !e.flights[f.batch.Seq].deadline.Equal(want) {
					t.Errorf("deadline %v, want the callback timeout", e.flights[f.batch.Seq].deadline)
				}
			} else if e.flights[f.batch.Seq] != nil || batchPhase(t, e, f.batch.Seq) != "none" {
				t.Errorf("a batch not taken is still open")
			}
			if e.stop != tc.stop {
				t.Errorf("stop %q, want %q", e.stop, tc.stop)
			}
			if tc.err2 != nil && !errors.Is(e.err, tc.err2) {
				t.Errorf("run error %v, want %v", e.err, tc.err2)
			}
			if tc.stop == report.StopRejected && e.err == nil {
				t.Error("a rejected request leaves no error")
			}
			if got := !e.outage.since.IsZero(); got != tc.outage {
				t.Errorf("outage %v, want %v", got, tc.outage)
			}
			if got := e.pauseTil.After(now); got != tc.paused {
				t.Errorf("paused %v, want %v", got, tc.paused)
			}
			// Items the service did not take are refused, by its answer,
			// not sent.
			refused, sent := map[string]int{}, 10
			if !tc.taken {
				code := strings.TrimPrefix(tc.name, "connection refused")
				if code == "" {
					code = "no connection"
				}
				refused, sent = map[string]int{code: 10}, 0
			}
			if e.stats.itemsSent != sent || e.stats.requests != sent/10 || !maps.Equal(e.stats.refused, refused) {
				t.Errorf("sent %d items in %d requests, refused %v; want %d sent, refused %v", e.stats.itemsSent, e.stats.requests, e.stats.refused, sent, refused)
			}
			l := lookupOf(t, e, "person0@example.com")
			if l.Phase != tc.phase || l.Attempts != tc.attempts {
				t.Errorf("lookup %s with %d attempts, want %s with %d", l.Phase, l.Attempts, tc.phase, tc.attempts)
			}
		})
	}
}

// A request answered 500 that the service did process: its callback
// arrives with a Request-Id the journal never learnt, is matched by its
// items, and closes the batch.
func TestUncertainBatchMatchedByItems(t *testing.T) {
	svc := &fakeService{async: func(wire.LookupRequest) (int64, api.Meta, error) {
		return 0, api.Meta{}, &api.Error{Status: 500}
	}}
	e, fake := testEngine(t, 3, svc, nil)
	f := sendOne(t, e, 3)
	var results []wire.Result
	for _, id := range f.batch.Items {
		results = append(results, result(id, wire.StatusFailed))
	}
	d, err := e.j.Deliver(state.Ref{RequestID: 999}, results, fake.Now(), e.cfg.policy())
	if err != nil {
		t.Fatal(err)
	}
	e.delivered(callback.Delivery{Stored: d})
	if len(e.flights) != 0 || !e.finished(fake.Now()) {
		t.Fatalf("flights %v after the matching callback", e.flights)
	}
}

func result(item string, status wire.Status) wire.Result {
	var r wire.Result
	if err := r.UnmarshalJSON(fmt.Appendf(nil, `{"item":%q,"status":%q}`, item, status)); err != nil {
		panic(err)
	}
	return r
}

// A callback that beats its 201 closes the batch while the request is
// still under way: the flight lands with the answer, and the answer still
// settles its room in the budget, so that the budget is never lost.
func TestCallbackBeatsAnswer(t *testing.T) {
	release := make(chan struct{})
	svc := &fakeService{async: func(wire.LookupRequest) (int64, api.Meta, error) {
		<-release
		return 7, api.Meta{}, nil
	}}
	e, fake := testEngine(t, 100, svc, nil)
	now := fake.Now()
	batch := e.take(100)
	if !e.send(batch, e.budget.Take(now, len(batch)), now) {
		t.Fatal("send refused")
	}
	var seq uint64
	for s := range e.flights {
		seq = s
	}
	var results []wire.Result
	for _, id := range e.flights[seq].batch.Items {
		results = append(results, result(id, wire.StatusFailed))
	}
	d, err := e.j.Deliver(state.Ref{RequestID: 7}, results, now, e.cfg.policy())
	if err != nil {
		t.Fatal(err)
	}
	e.delivered(callback.Delivery{Stored: d})
	if f := e.flights[seq]; f == nil || !f.answered {
		t.Fatalf("flight %+v: a flight under way must wait for its answer", f)
	}
	close(release)
	e.handle(<-e.outcomes)
	if len(e.flights) != 0 {
		t.Fatalf("flight did not land with its answer")
	}
	if got := e.budget.Room(now.Add(time.Minute)); got != 100 {
		t.Errorf("room %d a window after the answer, want all 100: the reservation was never settled", got)
	}
}

// The reaper gives up a request whose callback is overdue: its items go
// back to the queue as lost (sending them again may pay twice), and after
// the last attempt they are given up with the reason.
func TestReaper(t *testing.T) {
	e, fake := testEngine(t, 5, &fakeService{}, func(c *Config) { c.MaxAttempts = 2 })
	for attempt := 1; attempt <= 2; attempt++ {
		f := sendOne(t, e, 5)
		if f.deadline.IsZero() {
			t.Fatal("an accepted flight has no deadline")
		}
		e.reap(f.deadline.Add(-time.Millisecond))
		if len(e.flights) != 1 {
			t.Fatal("reaped before its deadline")
		}
		fake.Set(f.deadline)
		e.reap(f.deadline)
		if len(e.flights) != 0 || e.stats.expired != attempt {
			t.Fatalf("attempt %d: flights %d, expired %d", attempt, len(e.flights), e.stats.expired)
		}
		if attempt == 1 {
			if e.queue.len() != 5 || !e.m.lookups[0].lost {
				t.Fatalf("after the first expiry: %d queued, lost %v", e.queue.len(), e.m.lookups[0].lost)
			}
			if e.cr.expired != 5 || e.cr.inflight != 0 {
				t.Errorf("credits after expiry: %+v, want 5 maybe charged", e.cr)
			}
		}
	}
	l := lookupOf(t, e, "person0@example.com")
	if l.Phase != state.Failed || !strings.Contains(l.Reason, "no callback") {
		t.Errorf("after the last attempt: %+v", l)
	}
	if e.stats.relookups != 5 {
		t.Errorf("relookups %d, want the 5 items sent again after the first expiry", e.stats.relookups)
	}
	for _, r := range e.m.rows {
		if !r.done {
			t.Fatal("a row waiting on a given-up lookup is not done for this run")
		}
	}
}

// A flight whose request is still under way is never reaped.
func TestReaperSkipsSending(t *testing.T) {
	e, _ := testEngine(t, 1, &fakeService{}, nil)
	e.flights[42] = &flight{batch: state.Batch{Seq: 42}, sending: true, deadline: epoch}
	e.reap(epoch.Add(time.Hour))
	if e.flights[42] == nil {
		t.Fatal("a flight under way was reaped")
	}
}

// The drain after a stop ends after --drain-timeout, or at the
// --max-duration deadline if that comes first.
func TestDrainBound(t *testing.T) {
	for _, tc := range []struct {
		name     string
		deadline time.Duration // from the stop; 0: none
		end      time.Duration
	}{
		{"drain timeout", 0, 5 * time.Minute},
		{"deadline first", 2 * time.Minute, 2 * time.Minute},
		{"deadline later", time.Hour, 5 * time.Minute},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, fake := testEngine(t, 1, &fakeService{}, nil)
			sendOne(t, e, 1)
			stop := fake.Now()
			if tc.deadline > 0 {
				e.deadline = stop.Add(tc.deadline)
			}
			e.halt(report.StopInterrupted, nil)
			if e.finished(stop.Add(tc.end - time.Millisecond)) {
				t.Fatal("finished before the drain bound with a flight in the air")
			}
			if !e.finished(stop.Add(tc.end)) {
				t.Fatal("not finished at the drain bound")
			}
		})
	}
}

// A service failing for --service-wait stops the run as incomplete; an
// answer in between starts the count afresh.
func TestOutageStop(t *testing.T) {
	e, fake := testEngine(t, 1, &fakeService{}, func(c *Config) { c.ServiceWait = time.Minute })
	fail := errors.New("503")
	e.serviceFailed(fake.Now(), fake.Now(), fail)
	fake.Advance(50 * time.Second)
	e.serviceAnswered(fake.Now())
	e.serviceFailed(fake.Now(), fake.Now(), fail)
	fake.Advance(59 * time.Second)
	e.serviceFailed(fake.Now(), fake.Now(), fail)
	if e.stop != "" {
		t.Fatalf("stopped after 59 s of failure: %q", e.stop)
	}
	fake.Advance(time.Second)
	e.serviceFailed(fake.Now(), fake.Now(), fail)
	if e.stop != report.StopOutage {
		t.Fatalf("stop %q after a minute of failure, want %q", e.stop, report.StopOutage)
	}
	kinds := map[string]int{}
	for _, ev := range e.timeline.events {
		kinds[ev.Kind]++
	}
	if kinds["outage_start"] != 2 || kinds["outage_end"] != 1 || kinds["stop"] != 1 {
		t.Errorf("timeline events %v", kinds)
	}
}

// --max-credits with every callback lost: the expired items count as
// charged, whatever the balance says later (a request given up on may
// still be matched), and the run stops at the limit instead of buying the
// same profiles again.
func TestMaxCreditsAfterLostCallbacks(t *testing.T) {
	balance := int64(1000)
	svc := &fakeService{
		async: func(req wire.LookupRequest) (int64, api.Meta, error) {
			balance -= int64(len(req.Items)) // every item matched, every delivery lost
			return 1, api.Meta{}, nil
		},
		credits: func() (int64, api.Meta, error) { return balance, api.Meta{}, nil },
	}
	e, fake := testEngine(t, 40, svc, func(c *Config) { c.MaxCredits = 20 })
	if got := e.cr.capRoom(); got != 20 {
		t.Fatalf("room under the cap %d, want 20", got)
	}
	f := sendOne(t, e, int(e.cr.capRoom()))
	fake.Set(f.deadline)
	e.reap(fake.Now())
	if got := e.cr.capRoom(); got > 0 {
		t.Fatalf("room under the cap %d after 20 items expired unpaid-for-sure; want none", got)
	}
	e.submit(fake.Now())
	if e.stop != report.StopMaxCredits {
		t.Fatalf("stop %q, want %q; credits %+v", e.stop, report.StopMaxCredits, e.cr)
	}
	if e.cr.reading {
		t.Error("the balance was read: no balance can free what the cap counts")
	}
	if spent := 1000 - balance; spent != 20 {
		t.Errorf("spent %d credits, limit 20", spent)
	}
}

// A synchronous answer lost (a 500) loses its results: its items go back
// to the queue at once, their attempt counted, marked as lost.
func TestSyncAnswerLost(t *testing.T) {
	svc := &fakeService{sync: func([]string) ([]wire.Result, api.Meta, error) {
		return nil, api.Meta{}, &api.Error{Status: 500}
	}}
	e, _ := testEngine(t, 2, svc, func(c *Config) { c.Sync = true })
	sendOne(t, e, 2)
	if len(e.flights) != 0 {
		t.Fatal("a lost synchronous answer left its flight")
	}
	l := lookupOf(t, e, "person1@example.com")
	if l.Phase != state.Queued || l.Attempts != 1 || !e.m.lookups[1].lost {
		t.Errorf("lookup %+v, lost %v", l, e.m.lookups[1].lost)
	}
}

// A journal that fails stops submission at once, and the run ends with
// the storage error.
func TestStorageFailureStops(t *testing.T) {
	e, fake := testEngine(t, 3, &fakeService{}, nil)
	e.delivered(callback.Delivery{Err: errors.New("write journal: no space left on device")})
	if e.stop != report.StopStorage || !errors.Is(e.err, report.ErrStorage) {
		t.Fatalf("stop %q, err %v", e.stop, e.err)
	}
	if e.submit(fake.Now()); len(e.flights) != 0 {
		t.Fatal("submitted after a storage failure")
	}
}

// A balance no account can have is clamped: it must not overflow into a
// negative room that marks every row credits_exhausted.
func TestHugeBalanceClamped(t *testing.T) {
	for _, v := range []int64{9223372036854775807, -5} {
		var c credits
		c.observe(api.Meta{CreditsLeft: v, HasCredits: true}, c.ask())
		c.sent(1, 100)
		c.expire(10)
		if h := c.balanceRoom(); v > 0 && h <= 0 || v < 0 && h > 0 {
			t.Errorf("balance %d: room %d", v, h)
		}
	}
}

// After a stop, the results of a request given up on are awaited with
// those in flight, up to the drain: the service may have charged them.
// Once they come, or no row waits for them, the run ends.
func TestLateResultsAwaitedAfterStop(t *testing.T) {
	e, fake := testEngine(t, 10, &fakeService{}, func(c *Config) { c.MaxCredits = 10 })
	f := sendOne(t, e, 10)
	fake.Set(f.deadline)
	e.reap(fake.Now())
	e.submit(fake.Now())
	if e.stop != report.StopMaxCredits {
		t.Fatalf("stop %q, want %q", e.stop, report.StopMaxCredits)
	}
	if e.finished(fake.Now()) {
		t.Fatal("the run ended without waiting for the results of the request given up on")
	}
	var results []wire.Result
	for _, id := range f.batch.Items {
		results = append(results, success(id))
	}
	d, err := e.j.Deliver(state.Ref{RequestID: 1}, results, fake.Now(), e.cfg.policy())
	if err != nil {
		t.Fatal(err)
	}
	e.delivered(callback.Delivery{Stored: d})
	if !e.finished(fake.Now()) {
		t.Fatal("the late results came; the run waits on")
	}
	if e.cr.profiles != 10 || e.cr.spent() != 10 {
		t.Errorf("profiles %d, counted %d; want 10 and 10", e.cr.profiles, e.cr.spent())
	}

	// Without them, the drain bounds the wait.
	e2, fake2 := testEngine(t, 10, &fakeService{}, func(c *Config) { c.MaxCredits = 10 })
	f2 := sendOne(t, e2, 10)
	fake2.Set(f2.deadline)
	e2.reap(fake2.Now())
	e2.submit(fake2.Now())
	if fake2.Advance(e2.cfg.DrainTimeout); !e2.finished(fake2.Now()) {
		t.Error("the wait for late results outlasted the drain")
	}
}
