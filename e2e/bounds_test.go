package e2e

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/emulator"
)

// A service that answers 503 from the first request is waited for as any
// outage is: --service-wait, then the run ends as incomplete with its
// output written.
func TestServiceDownFromTheStart(t *testing.T) {
	t.Parallel()
	down := func(http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "unavailable", http.StatusServiceUnavailable)
		})
	}
	j := newJobWith(t, fastService(10000), 20, down)
	start := time.Now()
	res := j.enrich(t, j.args("--service-wait", "5s")...)
	res.expectCode(t, 3)
	if took := time.Since(start); took < 5*time.Second || took > 12*time.Second {
		t.Errorf("the run took %v; --service-wait is 5s", took)
	}
	r := j.report(t)
	if !strings.Contains(r.StopReason, "never answered") || r.Rows != 20 || r.RowsByStatus["pending"] == 0 {
		t.Errorf("report: stop %q, rows %v", r.StopReason, r.RowsByStatus)
	}
	allPending(t, j, 20)
}

// A service whose address refuses connections from the start ends the
// same way.
func TestServiceRefusedFromTheStart(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(10000), 10)
	j.url = "http://" + freePort(t)
	start := time.Now()
	res := j.enrich(t, j.args("--service-wait", "3s")...)
	res.expectCode(t, 3)
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("the run took %v; --service-wait is 3s", took)
	}
	if !strings.Contains(res.stderr, "--service-wait") {
		t.Errorf("stderr does not say why:\n%s", res.stderr)
	}
}

// A service that takes connections and never answers cannot keep a run
// past --max-duration: neither at the start, nor with submissions under
// way.
func TestServiceHangsUnderMaxDuration(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		hang func(r *http.Request) bool
	}{
		{"every request", func(*http.Request) bool { return true }},
		{"lookups", func(r *http.Request) bool { return r.URL.Path == api.PathLookup }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			hang := func(next http.Handler) http.Handler {
				return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					if tc.hang(r) {
						// The body read, the server notices the client going.
						io.Copy(io.Discard, r.Body)
						select {
						case <-r.Context().Done():
						case <-time.After(time.Minute):
						}
						return
					}
					next.ServeHTTP(w, r)
				})
			}
			j := newJobWith(t, fastService(10000), 20, hang)
			start := time.Now()
			res := j.enrich(t, j.args("--max-duration", "6s", "--drain-timeout", "2s")...)
			res.expectCode(t, 3)
			if took := time.Since(start); took > 9*time.Second {
				t.Errorf("a run of --max-duration 6s took %v", took)
			}
			allPending(t, j, 20)
		})
	}
}

// --max-credits holds with callbacks that come after --callback-timeout:
// a request given up on is still paid for when the service matches it,
// and a balance read answered before a charge shows nothing of it.
func TestMaxCreditsWithLateCallbacks(t *testing.T) {
	t.Parallel()
	for _, budget := range []int{100, 300} {
		t.Run(fmt.Sprint(budget), func(t *testing.T) {
			t.Parallel()
			cfg := fastService(10000)
			cfg.RateWindow = 2 * time.Second
			cfg.Default.ItemsPerMinute = budget
			cfg.CallbackDelay, cfg.MaxCallbackDelay = 3*time.Second, 8*time.Second
			j := newJob(t, cfg, 600)
			res := j.enrich(t, j.args("--items-per-minute", fmt.Sprint(budget), "--rate-window", "2s", "--max-credits", "100",
				"--callback-timeout", "2s")...)
			res.expectCode(t, 3)
			time.Sleep(9 * time.Second) // requests given up are matched late
			if used := j.stats().CreditsUsed["standard"]; used > 100 {
				t.Errorf("budget %d per 2 s: spent %d credits with --max-credits 100", budget, used)
			}
			if r := j.report(t); r.StopReason != "--max-credits reached" {
				t.Errorf("budget %d per 2 s: stop %q", budget, r.StopReason)
			}
		})
	}
}

// allPending checks that the output holds every row, each with a valid
// identifier pending.
func allPending(t *testing.T, j *job, rows int) {
	t.Helper()
	st := statuses(t, j.output)
	if st["pending"] == 0 || st["pending"]+st["invalid_identifier"]+st["no_identifier"] != rows {
		t.Errorf("output rows by status %v; want all %d rows, those with an identifier pending", st, rows)
	}
}

// The report counts what happened: items the service refused (503s of an
// outage) are counted by its answer and not as sent, so that the items
// sent are the items the service took, and the rate never passes the
// budget.
func TestReportCountsRefused(t *testing.T) {
	t.Parallel()
	cfg := fastService(10000)
	cfg.Outages = []emulator.Outage{{At: 300 * time.Millisecond, For: 1500 * time.Millisecond}}
	j := newJob(t, cfg, 400)
	j.enrich(t, j.args()...).expectCode(t, 0)
	r := j.report(t)
	st := j.stats()
	if r.Refused["503"] == 0 {
		t.Errorf("refused items %v; want the outage's 503s", r.Refused)
	}
	if r.ItemsSent != st.ItemsAccepted {
		t.Errorf("the report says %d items sent; the service took %d", r.ItemsSent, st.ItemsAccepted)
	}
	if r.ItemsPerMinute > r.BudgetItemsPerMinute {
		t.Errorf("%.0f items a minute, over the budget of %.0f", r.ItemsPerMinute, r.BudgetItemsPerMinute)
	}
}

// Credits the service charged for deliveries it discarded are named so in
// the summary, not taken for other use of the account.
func TestReportNamesDiscardedDeliveries(t *testing.T) {
	t.Parallel()
	cfg := fastService(10000)
	cfg.CallbackLoss = 0.4
	j := newJob(t, cfg, 300)
	res := j.enrich(t, j.args("--callback-timeout", "1500ms")...)
	if res.code != 0 && res.code != 3 {
		t.Fatalf("exit %d\n%s", res.code, res.stderr)
	}
	if j.stats().DiscardedCharged == 0 {
		t.Fatal("no paid delivery was discarded: the test tested nothing")
	}
	if !strings.Contains(res.stderr, "delivery the service discarded") || strings.Contains(res.stderr, "other use of the account") {
		t.Errorf("the summary does not name the discarded deliveries:\n%s", lastLines(res.stderr, 8))
	}
}

// trickle answers a request one byte a second, forever: a service that
// holds a connection open by sending a status line that never ends.
func trickle(w http.ResponseWriter, r *http.Request) {
	io.Copy(io.Discard, r.Body)
	conn, buf, err := w.(http.Hijacker).Hijack()
	if err != nil {
		return
	}
	defer conn.Close()
	for _, b := range []byte("HTTP/1.1 200 OK\r\nX-Slow: " + strings.Repeat("x", 600)) {
		if _, err := buf.Write([]byte{b}); err != nil || buf.Flush() != nil {
			return
		}
		select {
		case <-time.After(time.Second):
		case <-r.Context().Done():
			return
		}
	}
}

// A service that trickles its answers cannot keep a run past
// --service-wait (at the start) or --max-duration (a submission).
func TestTricklingService(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		slow  func(r *http.Request) bool
		flags []string
		bound time.Duration
	}{
		{"every answer", func(*http.Request) bool { return true }, []string{"--service-wait", "5s", "--max-duration", "60s", "--drain-timeout", "2s"}, 9 * time.Second},
		{"lookups", func(r *http.Request) bool { return r.URL.Path == api.PathLookup }, []string{"--max-duration", "8s", "--drain-timeout", "2s"}, 11 * time.Second},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			slow := func(next http.Handler) http.Handler {
				return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					if tc.slow(r) {
						trickle(w, r)
						return
					}
					next.ServeHTTP(w, r)
				})
			}
			j := newJobWith(t, fastService(10000), 20, slow)
			start := time.Now()
			res := j.enrich(t, j.args(tc.flags...)...)
			res.expectCode(t, 3)
			if took := time.Since(start); took > tc.bound {
				t.Errorf("the run took %v against a trickling service; want at most %v", took, tc.bound)
			}
			allPending(t, j, 20)
		})
	}
}
