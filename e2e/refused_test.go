package e2e

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/enrich-dev/enrich/internal/redistest"
)

// What no wait mends ends the command at once, with exit 2 and the
// sentence that says what to fix, with the default --service-wait (10
// minutes): a service that redirects to another address, an address
// that does not serve the interface, a Redis that refuses the password or
// speaks no TLS to rediss://. Each used to be retried as an outage for
// the whole --service-wait, then end as "incomplete".
func TestNoWaitMendsEndsAtOnce(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(10000), 20)
	elsewhere := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "https://moved.example.com"+r.URL.Path, http.StatusMovedPermanently)
	}))
	t.Cleanup(elsewhere.Close)
	nothing := httptest.NewServer(http.NotFoundHandler())
	t.Cleanup(nothing.Close)
	srv := redistest.Start(t)
	c := redis.NewClient(&redis.Options{Addr: srv.Addr})
	defer c.Close()
	if err := c.ConfigSet(context.Background(), "requirepass", "right").Err(); err != nil {
		t.Fatal(err)
	}
	// The run's flags without the test's --service-wait: the default.
	for _, tc := range []struct {
		name string
		env  []string
		args []string
		says string
	}{
		{"redirect", []string{"ENRICH_API_URL=" + elsewhere.URL}, j.args(), "redirected to https://moved.example.com"},
		{"no such endpoint", []string{"ENRICH_API_URL=" + nothing.URL}, j.args(), "has no /api/v1/credits (404)"},
		{"wrong Redis password", []string{"ENRICH_BUDGET_URL=redis://:wrong@" + srv.Addr + "/0"}, j.args(), "refused the password (WRONGPASS"},
		{"rediss to a plain Redis", []string{"ENRICH_BUDGET_URL=rediss://:right@" + srv.Addr + "/0"}, j.args(), "does not speak TLS"},
		{"credits, redirect", []string{"ENRICH_API_URL=" + elsewhere.URL}, []string{"credits"}, "redirected to https://moved.example.com"},
		{"doctor, wrong Redis password", []string{"ENRICH_BUDGET_URL=redis://:wrong@" + srv.Addr + "/0"}, []string{"doctor", "--skip-callback-check"}, "refused the password (WRONGPASS"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			r := j.enrichEnv(t, tc.env, tc.args...)
			took := time.Since(start)
			want := 2
			if tc.args[0] == "doctor" {
				want = 1 // a check failed
			}
			r.expectCode(t, want)
			if took > 20*time.Second {
				t.Errorf("ended after %v; what no wait mends ends at once", took.Round(time.Second))
			}
			if !strings.Contains(r.stderr, tc.says) && tc.args[0] != "doctor" {
				t.Errorf("stderr does not say %q:\n%s", tc.says, r.stderr)
			}
			if strings.Contains(r.stderr, "running the same command again resumes") || strings.Contains(r.stderr, "right@") {
				t.Errorf("stderr:\n%s", r.stderr)
			}
		})
	}
	if st := j.stats(); st.Requests != 0 {
		t.Errorf("%d lookups reached the service", st.Requests)
	}
}

// A run that only resumes the request an earlier run left open talks to
// the service too: with an address that redirects elsewhere it ends at
// once, with exit 2, and writes no output. It used to await the
// request's callback, send its items again, and only then stop, writing
// an output of pending rows.
func TestNoWaitMendsEndsAResumingRun(t *testing.T) {
	t.Parallel()
	cfg := fastService(10000)
	cfg.CallbackDelay, cfg.MaxCallbackDelay = time.Hour, time.Hour // the request stays open
	j := newJob(t, cfg, 20)
	first := j.start(t, j.args()...)
	waitFor(t, "the first request", func() bool { return j.stats().Requests > 0 })
	first.Process.Kill()
	first.Wait()
	elsewhere := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "https://moved.example.com"+r.URL.Path, http.StatusTemporaryRedirect)
	}))
	t.Cleanup(elsewhere.Close)
	start := time.Now()
	r := j.enrichEnv(t, []string{"ENRICH_API_URL=" + elsewhere.URL}, j.args("--service-wait", "10m")...)
	r.expectCode(t, 2)
	if took := time.Since(start); took > 2*time.Second || !strings.Contains(r.stderr, "redirected to https://moved.example.com") {
		t.Errorf("ended after %v; want at once, saying where it was redirected:\n%s", took.Round(time.Millisecond), r.stderr)
	}
	if _, err := os.Stat(j.output); err == nil {
		t.Errorf("the run wrote its output:\n%s", r.stderr)
	}
}
