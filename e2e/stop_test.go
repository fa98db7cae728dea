package e2e

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/api"
)

// profileSheet writes a sheet of n profile URLs of the world's people.
func profileSheet(t *testing.T, j *job, n int) {
	t.Helper()
	var b strings.Builder
	b.WriteString("LinkedIn\n")
	for i := 0; i < n; i++ {
		b.WriteString(j.emu.World().Person(i).ProfileURL() + "\n")
	}
	writeFile(t, j.input, b.String())
}

// A stop never idles: with every callback lost, a run that reaches
// --max-credits ends within 45 s of the cap with the default
// --drain-timeout (5 min), as every stop does: whether its requests are
// given up on (--callback-timeout 600ms: only the wait for their late
// results is left, LateWait) or still awaited, their callbacks due within
// the default quarter of an hour (the wait for credits they might free
// ends, CreditWait). It used to wait the whole drain, and then the whole
// callback timeout.
func TestStopAfterCapDoesNotIdle(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		callbackTimeout, says string
	}{
		{"600ms", "as long as their delivery could still come"},
		{"15m", "--max-credits reached"},
	} {
		t.Run("--callback-timeout "+tc.callbackTimeout, func(t *testing.T) {
			t.Parallel()
			cfg := fastService(10000)
			cfg.CallbackLoss = 1
			j := newJob(t, cfg, 0)
			profileSheet(t, j, 40)
			start := time.Now()
			res := j.enrich(t, j.args("--max-credits", "20", "--callback-timeout", tc.callbackTimeout, "--drain-timeout", "5m")...)
			res.expectCode(t, 3)
			if took := time.Since(start); took > 45*time.Second {
				t.Errorf("the run took %v after a stop at the cap with every callback lost", took.Round(time.Second))
			}
			if used := j.stats().CreditsUsed["standard"]; used > 20 {
				t.Errorf("spent %d credits with --max-credits 20", used)
			}
			if !strings.Contains(res.stderr, tc.says) {
				t.Errorf("the log does not say %q:\n%s", tc.says, res.stderr)
			}
		})
	}
}

// Ctrl-C or SIGTERM ends the process within 30 s whatever the service
// does: while requests are given up on (every callback lost), and while
// a submission is under way that the service never answers.
func TestSignalEndsWithin30s(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		sig   os.Signal
		lossy bool
		hang  bool
	}{
		{"Ctrl-C, requests given up on", os.Interrupt, true, false},
		{"SIGTERM, a submission never answered", syscall.SIGTERM, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			cfg := fastService(100000)
			if tc.lossy {
				cfg.CallbackLoss = 1
			}
			var wrap func(http.Handler) http.Handler
			hung := make(chan struct{}, 1)
			over := make(chan struct{})
			if tc.hang {
				wrap = func(next http.Handler) http.Handler {
					return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
						if r.Method == http.MethodPost && r.URL.Path == api.PathLookup {
							select {
							case hung <- struct{}{}:
							default:
							}
							select { // never answered
							case <-r.Context().Done():
							case <-over:
							}
							return
						}
						next.ServeHTTP(w, r)
					})
				}
			}
			j := newJobWith(t, cfg, 0, wrap)
			t.Cleanup(func() { close(over) })
			profileSheet(t, j, 600)
			cmd := j.command(context.Background(), j.args("--callback-timeout", "1s", "--drain-timeout", "5m", "--items-per-minute", "50")...)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { cmd.Process.Kill() })
			if tc.hang {
				select {
				case <-hung:
				case <-time.After(30 * time.Second):
					t.Fatal("no submission came")
				}
			} else {
				waitFor(t, "requests given up on", func() bool { return j.stats().Requests >= 3 })
				time.Sleep(1500 * time.Millisecond) // the first requests' callback timeout passes
			}
			start := time.Now()
			cmd.Process.Signal(tc.sig)
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case <-done:
			case <-time.After(60 * time.Second):
				cmd.Process.Kill()
				<-done
				t.Fatalf("still running 60 s after the signal:\n%s", stderr.String())
			}
			if took := time.Since(start); took > 30*time.Second {
				t.Errorf("the process ended %v after the signal; systemd and Kubernetes kill after 90 and 30 s", took.Round(time.Second))
			}
			if code := cmd.ProcessState.ExitCode(); code != 130 {
				t.Errorf("exit %d, want 130:\n%s", code, stderr.String())
			}
			if _, err := os.Stat(j.output); err != nil {
				t.Errorf("no output after the signal: %v", err)
			}
		})
	}
}

// trickling answers the requests for which match holds with what the
// service answers, a space every 200 ms in front of its body, for ever:
// a service whose answers trickle.
func trickling(match func(r *http.Request) bool, over <-chan struct{}) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if !match(r) {
				next.ServeHTTP(w, r)
				return
			}
			rec := httptest.NewRecorder()
			next.ServeHTTP(rec, r)
			w.WriteHeader(rec.Code)
			for {
				w.Write([]byte(" "))
				w.(http.Flusher).Flush()
				select {
				case <-r.Context().Done():
					return
				case <-over:
					return
				case <-time.After(200 * time.Millisecond):
				}
			}
		})
	}
}

// Every wait for the service is bounded by --service-wait, the reading of
// an answer included: a submission whose answer trickles is an outage,
// whose items are not sent again before their request's fate is known,
// and `enrich credits` against such a service ends after --service-wait.
// Each used to wait two minutes a reply, and the run sent the same items
// again and again.
func TestTrickleBoundedByServiceWait(t *testing.T) {
	t.Parallel()
	over := make(chan struct{})
	lookups := func(r *http.Request) bool { return r.Method == http.MethodPost && r.URL.Path == api.PathLookup }
	j := newJobWith(t, fastService(10000), 30, trickling(lookups, over))
	t.Cleanup(func() { close(over) })
	start := time.Now()
	res := j.enrich(t, j.args("--service-wait", "3s")...)
	res.expectCode(t, 3)
	if took := time.Since(start); took > 30*time.Second {
		t.Errorf("the run took %v against a service whose answers trickle, --service-wait 3s", took.Round(time.Second))
	}
	r := j.report(t)
	if r.StopReason != "the service did not answer for --service-wait" {
		t.Errorf("stop %q", r.StopReason)
	}
	if r.Resubmissions != 0 {
		t.Errorf("%d items sent again before their request's fate was known", r.Resubmissions)
	}

	credits := newJobWith(t, fastService(10000), 0, trickling(func(r *http.Request) bool { return r.URL.Path == api.PathCredits }, over))
	start = time.Now()
	res = credits.enrich(t, "credits", "--service-wait", "2s")
	res.expectCode(t, 3)
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("enrich credits took %v against a trickling answer, --service-wait 2s", took.Round(time.Second))
	}
}
