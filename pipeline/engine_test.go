package pipeline_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"maps"
	"math"
	"net"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/pipeline"
	"github.com/enrich-dev/enrich/report"
	"github.com/enrich-dev/enrich/state"
)

// The engine's rules, tried through Run against a service whose answers
// each test writes: a real journal, a real receiver on loopback, real
// callbacks, and what the run reports, keeps and writes as the verdict.

// answer is what the scripted service does with one lookup request.
type answer struct {
	err error // the answer to the request; nil: 201 with a requestId
	// take says the service processed the request even though it
	// answered err (a 500 after the work, a connection cut after the
	// request went out): its callback comes, under a requestId the run
	// never learnt.
	take bool
	// lose drops the callback of a request the service took.
	lose bool
	// late holds the callback back for this long.
	late time.Duration
	// slow holds the answer back for this long.
	slow time.Duration
	// first delivers the callback before the answer comes.
	first bool
	// found delivers every item as a person found, charged a credit;
	// otherwise as not found.
	found bool
	// twice repeats every result in the callback's body.
	twice bool
	// dup answers every item duplicate_query: the service took the same
	// items from an earlier request a moment ago.
	dup bool
}

// scripted is a service whose answer to each lookup request is what
// script returns for it: the call's number (from 0) and the time since
// the first call.
type scripted struct {
	script  func(call int, since time.Duration) answer
	credits func() (int64, error)
	sync    func(call int, items []string) ([]wire.Result, error)

	mu      sync.Mutex
	calls   []time.Time
	nextID  int64
	balance int64 // what a found person costs is taken from it
	posts   sync.WaitGroup
}

func (s *scripted) LookupAsync(ctx context.Context, req wire.LookupRequest) (int64, api.Meta, error) {
	s.mu.Lock()
	n, now := len(s.calls), time.Now()
	s.calls = append(s.calls, now)
	var a answer
	if s.script != nil {
		a = s.script(n, now.Sub(s.calls[0]))
	}
	s.nextID++
	id := s.nextID
	if a.found {
		s.balance -= int64(len(req.Items))
	}
	s.mu.Unlock()
	if a.err == nil || a.take {
		callbackID := id
		if a.err != nil {
			callbackID = 1000 + id // an id the run was never told
		}
		if !a.lose {
			delivered := make(chan struct{})
			s.posts.Add(1)
			go func() {
				defer s.posts.Done()
				defer close(delivered)
				time.Sleep(a.late)
				s.deliver(req, callbackID, a)
			}()
			if a.first {
				<-delivered
			}
		}
	}
	time.Sleep(a.slow)
	if a.err != nil {
		return 0, api.Meta{}, a.err
	}
	return id, api.Meta{}, nil
}

// deliver posts a request's results to its callback URL, as the service
// does, retrying while the receiver is not there yet.
func (s *scripted) deliver(req wire.LookupRequest, id int64, a answer) {
	items := req.Items
	if a.twice {
		items = slices.Concat(items, items)
	}
	var body bytes.Buffer
	body.WriteByte('[')
	for i, item := range items {
		if i > 0 {
			body.WriteByte(',')
		}
		switch {
		case a.dup:
			fmt.Fprintf(&body, `{"item":%q,"status":"duplicate_query"}`, item)
		case a.found:
			fmt.Fprintf(&body, `{"item":%q,"status":"success","candidate":{"uid":"%032x","fullName":"P %d"}}`, item, i+1, i)
		default:
			fmt.Fprintf(&body, `{"item":%q,"status":"failed"}`, item)
		}
	}
	body.WriteByte(']')
	for range 50 {
		r, _ := http.NewRequest(http.MethodPost, req.CallbackURL, bytes.NewReader(body.Bytes()))
		r.Header.Set("Content-Type", "application/json")
		r.Header.Set("Request-Id", fmt.Sprint(id))
		resp, err := http.DefaultClient.Do(r)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (s *scripted) LookupSync(_ context.Context, items []string, _ bool) ([]wire.Result, api.Meta, error) {
	s.mu.Lock()
	n := len(s.calls)
	s.calls = append(s.calls, time.Now())
	s.mu.Unlock()
	if s.sync == nil {
		return nil, api.Meta{}, errors.New("no synchronous lookups here")
	}
	results, err := s.sync(n, items)
	return results, api.Meta{}, err
}

func (s *scripted) Credits(context.Context, bool) (int64, api.Meta, error) {
	if s.credits != nil {
		v, err := s.credits()
		return v, api.Meta{CreditsLeft: v, HasCredits: err == nil}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.balance, api.Meta{CreditsLeft: s.balance, HasCredits: true}, nil
}

// called returns the times of the lookup requests the service received.
func (s *scripted) called() []time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]time.Time(nil), s.calls...)
}

// outcome is what a run gave: its report, its error, how long it took,
// and where its files are.
type outcome struct {
	rep     *report.Run
	err     error
	took    time.Duration
	journal string
}

// events counts the timeline's events by kind.
func (o outcome) events() map[string]int {
	kinds := map[string]int{}
	if o.rep != nil {
		for _, ev := range o.rep.Timeline.Events {
			kinds[ev.Kind]++
		}
	}
	return kinds
}

// lookup reads what the journal says of an identifier.
func (o outcome) lookup(t *testing.T, id string) state.Lookup {
	t.Helper()
	j, err := state.Open(o.journal, state.Options{Command: "test"})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	var l state.Lookup
	err = j.View(func(r *state.Reader) error {
		l, _, err = r.Lookup(state.WithContacts, id)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// runScripted runs over a sheet of n e-mails (person0@example.com, …)
// against svc, with short waits that tune may change, and stops the run
// after stopAfter when it is not zero.
func runScripted(t *testing.T, n int, svc *scripted, tune func(*pipeline.Config), stopAfter time.Duration) outcome {
	t.Helper()
	dir := t.TempDir()
	input := pipeline.WriteEmails(t, dir, n)
	if svc.balance == 0 {
		svc.balance = 1000
	}
	cfg := pipeline.Config{
		Input: input, Output: filepath.Join(dir, "out.csv"), Journal: filepath.Join(dir, "j"),
		Service: svc, Listen: "127.0.0.1:0",
		ItemsPerMinute: 100, RateWindow: time.Second, CallbackTimeout: 2 * time.Second,
		MaxAttempts: 3, RetryWait: 100 * time.Millisecond, DrainTimeout: 2 * time.Second,
		ServiceWait: 10 * time.Second, MaxDuration: time.Minute,
	}
	if tune != nil {
		tune(&cfg)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if stopAfter > 0 {
		time.AfterFunc(stopAfter, cancel)
	}
	start := time.Now()
	rep, err := pipeline.Run(ctx, cfg)
	took := time.Since(start)
	svc.posts.Wait()
	return outcome{rep: rep, err: err, took: took, journal: cfg.Journal}
}

// TestSubmissionFailures: the service answers the first request with a
// failure of each kind, then as it should. What was refused is counted
// by its answer and sent again; what the service may have taken waits
// for its callback, which is matched by its items and never paid twice;
// a refusal of the account or the request stops the run with its reason.
func TestSubmissionFailures(t *testing.T) {
	apiErr := func(status int) error {
		return &api.Error{Method: "POST", Path: api.PathLookup, Status: status, Message: http.StatusText(status)}
	}
	notSent := &api.TransportError{Method: "POST", Path: api.PathLookup, Sent: false, Err: &net.OpError{Op: "dial", Err: errors.New("connection refused")}}
	cutOff := &api.TransportError{Method: "POST", Path: api.PathLookup, Sent: true, Err: errors.New("unexpected EOF")}
	for _, tc := range []struct {
		name  string
		err   error
		taken bool // the service processed the request all the same
		// probed says the items are sent again at once after the 5xx (its
		// callback held back a moment, so that the answer comes first).
		probed  bool
		refused string // the code its items are refused under; "" when taken
		stop    string // why submission stopped; "" when the run completes
		runErr  error  // the run's error class
		outage  bool   // the failure is the service's: an outage began
		calls   int    // lookup requests the service received
	}{
		{name: "429", err: apiErr(429), refused: "429", calls: 2},
		{name: "402", err: apiErr(402), refused: "402", stop: fault.StopCredits, calls: 1},
		{name: "401", err: apiErr(401), refused: "401", stop: fault.StopAccount, runErr: fault.ErrAccount, calls: 1},
		{name: "403", err: apiErr(403), refused: "403", stop: fault.StopAccount, runErr: fault.ErrAccount, calls: 1},
		{name: "404", err: apiErr(404), refused: "404", stop: fault.StopRefused, runErr: fault.ErrFix, calls: 1},
		{name: "redirect elsewhere", err: fault.Fixable(fmt.Errorf("POST: %w", api.ErrRedirected), "the service redirected"), refused: "redirected", stop: fault.StopRefused, runErr: fault.ErrFix, calls: 1},
		{name: "answer trickled past its bound", err: fault.Waitable(fmt.Errorf("POST: %w: cut off", api.ErrAccepted)), taken: true, outage: true, calls: 1},
		{name: "406", err: apiErr(406), refused: "406", stop: fault.StopRejected, calls: 1},
		{name: "503", err: apiErr(503), refused: "503", outage: true, calls: 2},
		{name: "500", err: apiErr(500), taken: true, probed: true, outage: true, calls: 2},
		{name: "502", err: apiErr(502), taken: true, probed: true, outage: true, calls: 2},
		{name: "connection refused", err: notSent, refused: "no connection", outage: true, calls: 2},
		{name: "cut off", err: cutOff, taken: true, outage: true, calls: 1},
		{name: "204 or unreadable 201", err: fmt.Errorf("POST: %w", api.ErrAccepted), taken: true, calls: 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			svc := &scripted{script: func(call int, _ time.Duration) answer {
				if call == 0 {
					a := answer{err: tc.err, take: tc.taken}
					if tc.probed {
						a.late = 300 * time.Millisecond
					}
					return a
				}
				return answer{}
			}}
			o := runScripted(t, 10, svc, nil, 0)
			if o.rep == nil {
				t.Fatalf("no report: %v", o.err)
			}
			if got := len(svc.called()); got != tc.calls {
				t.Errorf("%d lookup requests, want %d", got, tc.calls)
			}
			if o.rep.StopReason != tc.stop || o.rep.Complete != (tc.stop == "") {
				t.Errorf("stop %q, complete %v; want %q", o.rep.StopReason, o.rep.Complete, tc.stop)
			}
			switch {
			case tc.runErr != nil && !errors.Is(o.err, tc.runErr):
				t.Errorf("run error %v, want %v", o.err, tc.runErr)
			case tc.stop == fault.StopRejected && o.err == nil:
				t.Error("a rejected request leaves no error")
			case tc.stop == "" && o.err != nil:
				t.Errorf("run error %v", o.err)
			}
			wantRefused := map[string]int{}
			if tc.refused != "" {
				wantRefused[tc.refused] = 10
			}
			if !maps.Equal(o.rep.Refused, wantRefused) {
				t.Errorf("refused %v, want %v", o.rep.Refused, wantRefused)
			}
			wantSent, wantAgain := 0, 0
			switch {
			case tc.probed:
				wantSent, wantAgain = 20, 10 // sent again once, at once, as the same batch
			case tc.stop == "":
				wantSent = 10 // sent once: a request taken is never sent again
			}
			if o.rep.ItemsSent != wantSent || tc.taken && o.rep.Resubmissions != wantAgain {
				t.Errorf("%d items sent, %d sent again; want %d, %d again", o.rep.ItemsSent, o.rep.Resubmissions, wantSent, wantAgain)
			}
			if tc.taken && (o.rep.Uncertain != 1 || o.rep.Expired != 0) {
				t.Errorf("%d uncertain, %d expired; want the one request matched by its callback", o.rep.Uncertain, o.rep.Expired)
			}
			ev := o.events()
			if got := ev[report.EventOutageStart] == 1; got != tc.outage {
				t.Errorf("timeline %v; an outage began: %v, want %v", ev, got, tc.outage)
			}
			if sentAgain := tc.calls > 1; tc.outage && sentAgain != (ev[report.EventOutageEnd] == 1) {
				t.Errorf("timeline %v; the outage ends when the service answers again", ev)
			}
			l := o.lookup(t, "person0@example.com")
			wantPhase := state.NotFound
			if tc.stop != "" {
				wantPhase = state.Queued
			}
			if l.Phase != wantPhase {
				t.Errorf("lookup %s, want %s", l.Phase, wantPhase)
			}
		})
	}
}

// TestPausedAfterRefusals: after a 429 the next request waits for the
// pause the answer asked for; after a 503, for a backoff.
func TestPausedAfterRefusals(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  error
		wait time.Duration
	}{
		{"429 with Retry-After", &api.Error{Status: 429, RetryAfter: 1500 * time.Millisecond}, 1500 * time.Millisecond},
		// Sent again 38 ms to 2 s later, it met the window full again.
		{"429, a window", &api.Error{Status: 429}, time.Second},
		{"503", &api.Error{Status: 503}, 100 * time.Millisecond},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			svc := &scripted{script: func(call int, _ time.Duration) answer {
				if call == 0 {
					return answer{err: tc.err}
				}
				return answer{}
			}}
			o := runScripted(t, 10, svc, nil, 0)
			calls := svc.called()
			if len(calls) != 2 || !o.rep.Complete {
				t.Fatalf("%d calls, complete %v", len(calls), o.rep.Complete)
			}
			if gap := calls[1].Sub(calls[0]); gap < tc.wait {
				t.Errorf("sent again %v after the refusal, want at least %v", gap, tc.wait)
			}
		})
	}
}

// TestLostCallbacksGivenUp: the service takes every request and never
// calls back. A request overdue is given up; its items are sent again,
// and after --max-attempts given up with the reason.
func TestLostCallbacksGivenUp(t *testing.T) {
	svc := &scripted{script: func(int, time.Duration) answer { return answer{lose: true} }}
	o := runScripted(t, 5, svc, func(c *pipeline.Config) {
		c.MaxAttempts, c.CallbackTimeout = 2, 300*time.Millisecond
	}, 0)
	if got := len(svc.called()); got != 2 {
		t.Errorf("%d requests, want 2 (one per attempt)", got)
	}
	if o.rep.Expired != 2 || o.rep.Resubmissions != 5 {
		t.Errorf("%d expired, %d sent again; want 2 and the 5 items once", o.rep.Expired, o.rep.Resubmissions)
	}
	l := o.lookup(t, "person0@example.com")
	if l.Phase != state.Failed || !strings.Contains(l.Reason, "no callback") {
		t.Errorf("after the last attempt: %+v", l)
	}
	if o.rep.RowsByStatus["error"] != 5 {
		t.Errorf("rows %v, want the 5 given up as errors", o.rep.RowsByStatus)
	}
}

// TestSlowAnswerNotGivenUp: a request whose answer takes longer than the
// callback timeout is under way, not lost: it is never given up nor sent
// again.
func TestSlowAnswerNotGivenUp(t *testing.T) {
	svc := &scripted{script: func(int, time.Duration) answer {
		return answer{slow: 2500 * time.Millisecond, late: 2500 * time.Millisecond}
	}}
	o := runScripted(t, 5, svc, func(c *pipeline.Config) { c.CallbackTimeout = 300 * time.Millisecond }, 0)
	if got := len(svc.called()); got != 1 || o.rep.Expired != 0 || !o.rep.Complete {
		t.Errorf("%d requests, %d expired, complete %v; want one, none, complete", got, o.rep.Expired, o.rep.Complete)
	}
}

// TestCallbackBeatsAnswer: a callback that comes before its request's
// 201 closes the batch, and the answer still settles its room in the
// budget: 200 rows at 100 a window are sent in two requests, the second
// once the first has left the window.
func TestCallbackBeatsAnswer(t *testing.T) {
	svc := &scripted{script: func(int, time.Duration) answer { return answer{first: true} }}
	o := runScripted(t, 200, svc, nil, 0)
	calls := svc.called()
	if len(calls) != 2 || !o.rep.Complete || o.rep.ItemsSent != 200 {
		t.Fatalf("%d requests, %d items, complete %v; want 2, 200, complete", len(calls), o.rep.ItemsSent, o.rep.Complete)
	}
	if gap := calls[1].Sub(calls[0]); gap < time.Second {
		t.Errorf("second request %v after the first, inside its window", gap)
	}
}

// TestDrainBound: after a stop, results in flight are awaited up to
// --drain-timeout; a run stopped by --max-duration stops sending a drain
// before its deadline, and ends at it.
func TestDrainBound(t *testing.T) {
	for _, tc := range []struct {
		name        string
		stopAfter   time.Duration // Ctrl-C
		maxDuration time.Duration
		stop        string
		min, max    time.Duration // the run's length
	}{
		{"drain timeout", 300 * time.Millisecond, time.Minute, fault.StopInterrupted, 1300 * time.Millisecond, 10 * time.Second},
		{"max duration", 0, 1500 * time.Millisecond, fault.StopMaxDuration, 1500 * time.Millisecond, 10 * time.Second},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			svc := &scripted{script: func(int, time.Duration) answer { return answer{lose: true} }}
			o := runScripted(t, 10, svc, func(c *pipeline.Config) {
				c.DrainTimeout, c.MaxDuration, c.CallbackTimeout = time.Second, tc.maxDuration, time.Minute
			}, tc.stopAfter)
			if o.took < tc.min || o.took > tc.max {
				t.Errorf("the run took %v, want %v to %v", o.took, tc.min, tc.max)
			}
			if o.rep.StopReason != tc.stop || o.rep.RowsByStatus["pending"] != 10 {
				t.Errorf("stop %q, rows %v; want %q with 10 pending", o.rep.StopReason, o.rep.RowsByStatus, tc.stop)
			}
		})
	}
}

// TestOutageStop: a service failing for --service-wait stops the run as
// incomplete; an answer in between starts the count afresh.
func TestOutageStop(t *testing.T) {
	down := &api.Error{Status: 503}
	t.Run("down", func(t *testing.T) {
		t.Parallel()
		svc := &scripted{script: func(int, time.Duration) answer { return answer{err: down} }}
		o := runScripted(t, 10, svc, func(c *pipeline.Config) { c.ServiceWait = time.Second }, 0)
		if o.rep.StopReason != fault.StopOutage || o.took < time.Second {
			t.Errorf("stop %q after %v, want %q after a second", o.rep.StopReason, o.took, fault.StopOutage)
		}
		if ev := o.events(); ev[report.EventOutageStart] != 1 || ev[report.EventStop] != 1 {
			t.Errorf("timeline %v", ev)
		}
	})
	t.Run("answer between", func(t *testing.T) {
		t.Parallel()
		var mu sync.Mutex
		var answered time.Duration // since the first call, when a request was taken
		svc := &scripted{script: func(call int, since time.Duration) answer {
			mu.Lock()
			defer mu.Unlock()
			switch {
			case answered == 0 && since < 700*time.Millisecond:
				return answer{err: down}
			case answered == 0:
				answered = since
				return answer{}
			case since < answered+700*time.Millisecond:
				return answer{err: down}
			}
			return answer{}
		}}
		o := runScripted(t, 300, svc, func(c *pipeline.Config) {
			c.ServiceWait, c.RateWindow = time.Second, 100*time.Millisecond
		}, 0)
		if !o.rep.Complete {
			t.Fatalf("stop %q: two outages shorter than --service-wait stopped the run", o.rep.StopReason)
		}
		if ev := o.events(); ev[report.EventOutageStart] != 2 || ev[report.EventOutageEnd] != 2 {
			t.Errorf("timeline %v, want two outages", ev)
		}
	})
}

// TestMaxCreditsAfterLostCallbacks: every item is matched and charged,
// and every delivery lost. The expired items count as charged, whatever
// the balance says later, and the run stops at the limit instead of
// buying the same profiles again.
func TestMaxCreditsAfterLostCallbacks(t *testing.T) {
	svc := &scripted{script: func(int, time.Duration) answer { return answer{found: true, lose: true} }}
	o := runScripted(t, 40, svc, func(c *pipeline.Config) {
		c.MaxCredits, c.CallbackTimeout = 20, 300*time.Millisecond
	}, 0)
	if o.rep.StopReason != fault.StopMaxCredits {
		t.Errorf("stop %q, want %q", o.rep.StopReason, fault.StopMaxCredits)
	}
	if spent := 1000 - svc.balance; spent != 20 {
		t.Errorf("spent %d credits, limit 20", spent)
	}
}

// TestMatchesClampedToItems: a callback that repeats its results counts
// no more matches against --max-credits than the request had items: the
// service charges a request at most one credit an item.
func TestMatchesClampedToItems(t *testing.T) {
	svc := &scripted{script: func(int, time.Duration) answer { return answer{found: true, twice: true} }}
	o := runScripted(t, 30, svc, func(c *pipeline.Config) { c.MaxCredits = 100 }, 0)
	if o.err != nil || !o.rep.Complete {
		t.Fatalf("complete %v, error %v", o.rep.Complete, o.err)
	}
	if o.rep.Credits.Counted != 30 {
		t.Errorf("counted %d credits against --max-credits for 30 items found", o.rep.Credits.Counted)
	}
}

// TestSyncAnswerLost: a synchronous answer lost (a 500) loses its
// results: its items go back to the queue at once, their attempt
// counted, and are sent again.
func TestSyncAnswerLost(t *testing.T) {
	svc := &scripted{sync: func(call int, items []string) ([]wire.Result, error) {
		if call == 0 {
			return nil, &api.Error{Status: 500}
		}
		out := make([]wire.Result, len(items))
		for i, it := range items {
			if err := out[i].UnmarshalJSON(fmt.Appendf(nil, `{"item":%q,"status":"failed"}`, it)); err != nil {
				return nil, err
			}
		}
		return out, nil
	}}
	o := runScripted(t, 2, svc, func(c *pipeline.Config) { c.Sync = true }, 0)
	if got := len(svc.called()); got != 2 || !o.rep.Complete || o.rep.Resubmissions != 2 {
		t.Fatalf("%d requests, complete %v, %d sent again; want 2, complete, 2", got, o.rep.Complete, o.rep.Resubmissions)
	}
	if l := o.lookup(t, "person1@example.com"); l.Phase != state.NotFound || l.Attempts != 2 {
		t.Errorf("lookup %+v, want not found after 2 attempts", l)
	}
}

// TestBalanceExtremes: a balance no account can have does not overflow
// into a negative room that marks every row credits_exhausted; a negative
// one sends nothing.
func TestBalanceExtremes(t *testing.T) {
	for _, tc := range []struct {
		balance int64
		sent    int
	}{{math.MaxInt64, 10}, {-5, 0}} {
		t.Run(fmt.Sprint(tc.balance), func(t *testing.T) {
			svc := &scripted{credits: func() (int64, error) { return tc.balance, nil }}
			o := runScripted(t, 10, svc, nil, 0)
			if o.rep == nil || o.rep.ItemsSent != tc.sent {
				t.Fatalf("report %+v, error %v; want %d sent", o.rep, o.err, tc.sent)
			}
		})
	}
}

// TestLateResultsAwaitedAfterStop: after a stop, the results of a request
// given up on are awaited with those in flight, up to the drain: the
// service may have charged them. Once they come the run ends, with them:
// every row answered, it is complete.
func TestLateResultsAwaitedAfterStop(t *testing.T) {
	for _, tc := range []struct {
		name     string
		a        answer
		stop     string
		found    int
		min, max time.Duration
	}{
		{"they come", answer{found: true, late: time.Second}, "", 10, time.Second, 5 * time.Second},
		{"they do not", answer{found: true, lose: true}, fault.StopMaxCredits, 0, 6 * time.Second, 20 * time.Second},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			svc := &scripted{script: func(int, time.Duration) answer { return tc.a }}
			o := runScripted(t, 10, svc, func(c *pipeline.Config) {
				c.MaxCredits, c.CallbackTimeout, c.DrainTimeout = 10, 300*time.Millisecond, 6*time.Second
			}, 0)
			// The cap is a stop by name, not credits running out.
			if ev := o.events(); ev[report.EventExpired] != 1 || ev[report.EventStop] != 1 || ev[report.EventCredits] != 0 {
				t.Errorf("timeline %v, want the request given up and the cap reached", ev)
			}
			if o.rep.StopReason != tc.stop || o.rep.RowsByStatus["success"] != tc.found {
				t.Errorf("stop %q, rows %v; want %q with %d found", o.rep.StopReason, o.rep.RowsByStatus, tc.stop, tc.found)
			}
			if o.took < tc.min || o.took > tc.max {
				t.Errorf("the run took %v, want %v to %v", o.took, tc.min, tc.max)
			}
			if spent := 1000 - svc.balance; spent != 10 {
				t.Errorf("spent %d credits, limit 10", spent)
			}
		})
	}
}

// snapshots records what a progress display is shown.
type snapshots struct {
	mu   sync.Mutex
	seen []pipeline.Snapshot
}

func (s *snapshots) Update(v pipeline.Snapshot) {
	s.mu.Lock()
	s.seen = append(s.seen, v)
	s.mu.Unlock()
}
func (s *snapshots) Done(v pipeline.Snapshot) { s.Update(v) }

// TestETAPausesInAnOutage: while the service does not answer nothing can
// be sent, and the time left shown holds still rather than counting down
// towards an end the outage puts off; callbacks that come meanwhile
// change nothing of it.
func TestETAPausesInAnOutage(t *testing.T) {
	svc := &scripted{script: func(call int, since time.Duration) answer {
		switch {
		case call == 0:
			return answer{late: 1500 * time.Millisecond}
		case since < 6*time.Second:
			return answer{err: &api.Error{Status: 503}}
		}
		return answer{}
	}}
	shown := &snapshots{}
	o := runScripted(t, 300, svc, func(c *pipeline.Config) { c.Progress = shown }, 0)
	if !o.rep.Complete {
		t.Fatalf("stop %q", o.rep.StopReason)
	}
	var during []float64
	for _, s := range shown.seen {
		if strings.HasPrefix(s.Wait, "outage") {
			during = append(during, s.ETASeconds)
		}
	}
	t.Logf("%d snapshots, %d during the outage: %v", len(shown.seen), len(during), during)
	if len(during) < 2 {
		t.Fatalf("%d snapshots during the outage; want several", len(during))
	}
	for _, eta := range during[1:] {
		if eta != during[0] {
			t.Fatalf("the time left moved during the outage: %v", during)
		}
	}
}
