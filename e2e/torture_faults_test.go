package e2e

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/internal/redistest"
)

// failures are the faults of a seed that tell one kind of failure from
// another: a misconfiguration no wait mends, a people search refused for
// good or for a moment, answers that trickle, request ids the service
// gives twice, and a signal while requests are given up on.
type failures struct {
	// misconfig, when set, runs the job once with a mistake before run
	// misconfigBefore: "redirect" (a service address that redirects to
	// another host) or "password" (a Redis that refuses the password).
	// The run must end with exit 2 within noWaitBound, having sent
	// nothing and left the output as it was.
	misconfig       string
	misconfigBefore int
	// searchRefused answers the people searches of the first run 404:
	// the run ends with exit 2, the rows found by identifiers done.
	searchRefused bool
	// search429 is the share of people searches answered 429 (more than
	// three at once), which the runs wait out.
	search429 float64
	// trickle is how many submissions the service answers a byte a
	// second, past --service-wait: the run must learn the request's fate
	// from its callback, never pay for its items again.
	trickle int32
	// reusedIDs is the share of lookups given a requestId the service
	// gave before.
	reusedIDs float64
	// lateSignal sends the drawn signal once requests have been given up
	// on (after the callback timeout), with callbacks lost.
	lateSignal bool
}

// failStream names the stream drawFailures draws from: one whose first
// ten seeds draw a redirect and a refused password, a people search
// refused, 429s, trickling answers, reused ids and a signal while
// requests are given up on, each at least once.
const failStream = 0x66616983

// noWaitBound is the longest a run may take to end on a mistake no wait
// mends, with the default --service-wait of ten minutes.
const noWaitBound = 20 * time.Second

// stopBound is the longest a run stopped by --max-credits may take to end
// after its last submission, every callback of it lost: the wait for
// requests given up on is bounded (pipeline.LateWait), and so is the
// drain of what is in flight (--drain-timeout, 3 s here).
const stopBound = 45 * time.Second

// drawFailures draws a seed's failures, from a stream of its own.
func drawFailures(r *rand.Rand, s *schedule) {
	f := &s.failures
	switch r.IntN(6) {
	case 0:
		f.misconfig = "redirect"
	case 1:
		f.misconfig = "password"
	}
	f.misconfigBefore = 1 + r.IntN(2)
	f.searchRefused = r.IntN(6) == 0
	f.search429 = []float64{0, 0, 0.1, 0.3}[r.IntN(4)]
	if r.IntN(5) == 0 {
		f.trickle = int32(1 + r.IntN(3))
	}
	f.reusedIDs = []float64{0, 0, 0.05, 0.2}[r.IntN(4)]
	f.lateSignal = s.signal != nil && r.IntN(2) == 0
	if f.lateSignal {
		s.loss = max(s.loss, 0.2)
	}
}

func (f failures) String() string {
	var parts []string
	if f.misconfig != "" {
		parts = append(parts, fmt.Sprintf("%s refused before run %d", f.misconfig, f.misconfigBefore))
	}
	if f.searchRefused {
		parts = append(parts, "people search refused in run 1")
	}
	if f.search429 > 0 {
		parts = append(parts, fmt.Sprintf("searches 429 %.2f", f.search429))
	}
	if f.trickle > 0 {
		parts = append(parts, fmt.Sprintf("%d answers trickled", f.trickle))
	}
	if f.reusedIDs > 0 {
		parts = append(parts, fmt.Sprintf("ids reused %.2f", f.reusedIDs))
	}
	if f.lateSignal {
		parts = append(parts, "signal once requests are given up on")
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// front is the service as the seed's failures change it on the way: it
// sees every request, knows which run makes it, and notes when the last
// submission was accepted.
type front struct {
	f    failures
	next http.Handler
	run  atomic.Int32

	trickled   atomic.Int32
	lastSubmit atomic.Int64 // Unix nanoseconds
	// listen is the address of the job's receiver, and submitted counts
	// the lookups that name it: the job's, not machine B's.
	listen    string
	submitted atomic.Int64

	mu     sync.Mutex
	random *rand.Rand
}

func newFront(next http.Handler, f failures, seed uint64, listen string) *front {
	return &front{f: f, next: next, listen: listen, random: rand.New(rand.NewPCG(seed, failStream+1))}
}

func (x *front) chance(p float64) bool {
	if p == 0 {
		return false
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.random.Float64() < p
}

func (x *front) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.URL.Path == api.PathSearch || strings.HasPrefix(r.URL.Path, api.PathScroll):
		if x.f.searchRefused && x.run.Load() == 1 {
			w.WriteHeader(http.StatusNotFound)
			w.Write([]byte(`{"error": "Not Found"}`))
			return
		}
		if x.chance(x.f.search429) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusTooManyRequests)
			w.Write([]byte(`{"error": "Too many concurrent search requests: at most 3 at a time"}`))
			return
		}
	case r.URL.Path == api.PathLookup && r.Method == http.MethodPost:
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		if x.listen != "" && bytes.Contains(body, []byte(x.listen)) {
			x.submitted.Add(1)
		}
		rec := httptest.NewRecorder()
		x.next.ServeHTTP(rec, r)
		if rec.Code == http.StatusCreated {
			x.lastSubmit.Store(time.Now().UnixNano())
		}
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		if rec.Code == http.StatusCreated && x.trickled.Add(1) <= x.f.trickle {
			trickleAnswer(w, r, rec.Code, rec.Body.Bytes())
			return
		}
		w.WriteHeader(rec.Code)
		w.Write(rec.Body.Bytes())
		return
	}
	x.next.ServeHTTP(w, r)
}

// trickleAnswer writes an answer a byte a second, until the client hangs up.
func trickleAnswer(w http.ResponseWriter, r *http.Request, code int, body []byte) {
	w.WriteHeader(code)
	fl, _ := w.(http.Flusher)
	for _, b := range body {
		w.Write([]byte{b})
		if fl != nil {
			fl.Flush()
		}
		select {
		case <-r.Context().Done():
			return
		case <-time.After(time.Second):
		}
	}
}

// misconfigured runs the job once with the seed's mistake: it must end
// with exit 2 within noWaitBound, saying what to fix, having sent nothing
// and left the output as it was.
func misconfigured(t *testing.T, j *job, x *front, f failures, env, args []string, log *strings.Builder, replay string) {
	t.Helper()
	var says string
	switch f.misconfig {
	case "redirect":
		elsewhere := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, "https://moved.example.com"+r.URL.Path, http.StatusTemporaryRedirect)
		}))
		defer elsewhere.Close()
		env = append(env[:len(env):len(env)], "ENRICH_API_URL="+elsewhere.URL)
		says = "redirected to https://moved.example.com"
	case "password":
		srv := redistest.Start(t)
		c := redis.NewClient(&redis.Options{Addr: srv.Addr})
		defer c.Close()
		if err := c.ConfigSet(context.Background(), "requirepass", "right").Err(); err != nil {
			t.Fatal(err)
		}
		env = append(env[:len(env):len(env)], "ENRICH_BUDGET_URL=redis://:wrong@"+srv.Addr+"/0")
		says = "refused the password"
	}
	// The default --service-wait: the runs' own is short.
	args = append(args[:len(args):len(args)], "--service-wait", "10m")
	before, _ := os.Stat(j.output)
	sent := x.submitted.Load()
	start := time.Now()
	res := j.enrichEnv(t, env, args...)
	took := time.Since(start)
	fmt.Fprintf(log, "a run with a %s: exit %d after %v\n%s\n", f.misconfig, res.code, took.Round(time.Millisecond), lastLines(res.stderr, 4))
	if res.code != 2 || took > noWaitBound || !strings.Contains(res.stderr, says) {
		t.Fatalf("a run with a %s ended with exit %d after %v; want 2 within %v, saying %q\n%s\n%s", f.misconfig, res.code, took.Round(time.Second), noWaitBound, says, res.stderr, replay)
	}
	if n := x.submitted.Load() - sent; n != 0 {
		t.Fatalf("a run with a %s sent %d lookups\n%s", f.misconfig, n, replay)
	}
	after, _ := os.Stat(j.output)
	if (before == nil) != (after == nil) || before != nil && !os.SameFile(before, after) {
		t.Fatalf("a run with a %s changed the output\n%s\n%s", f.misconfig, res.stderr, replay)
	}
}

// checkStopBound fails the test when a run stopped by --max-credits ended
// more than stopBound after its last submission.
func (x *front) checkStopBound(t *testing.T, run int, ended time.Time, log, replay string) {
	t.Helper()
	last := x.lastSubmit.Load()
	if last == 0 {
		return
	}
	if took := ended.Sub(time.Unix(0, last)); took > stopBound {
		t.Fatalf("run %d stopped by --max-credits ended %v after its last submission; a stop never idles: within %v\n%s\n%s", run, took.Round(time.Second), stopBound, log, replay)
	}
}
