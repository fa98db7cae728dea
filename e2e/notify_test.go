package e2e

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// webhook is a receiver of --notify that answers every post with its
// status and keeps what it received.
type webhook struct {
	srv    *httptest.Server
	status int
	mu     sync.Mutex
	posts  []post
}

type post struct {
	header http.Header
	body   []byte
}

func newWebhook(t *testing.T, status int) *webhook {
	t.Helper()
	h := &webhook{status: status}
	h.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		h.mu.Lock()
		h.posts = append(h.posts, post{r.Header.Clone(), body})
		h.mu.Unlock()
		w.WriteHeader(h.status)
	}))
	t.Cleanup(h.srv.Close)
	return h
}

// url is the webhook's address with a password and a token, which
// nothing enrich shows may hold.
func (h *webhook) url() string {
	return strings.Replace(h.srv.URL, "http://", "http://ops:hookpass@", 1) + "/hooks/T0/B0/hookpath?token=hooktoken"
}

func (h *webhook) received() []post {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]post(nil), h.posts...)
}

// The secrets no notice, log line, summary or report may hold: the
// account's key and the webhook's own.
var notifySecrets = []string{"e2e-key", "hookpass", "hooktoken", "hookpath"}

// ran is a run of the binary with its standard output, and when its
// summary (the last line of standard output) came, and when it ended.
type ran struct {
	result
	stdout    string
	summaryAt time.Time
	ended     time.Time
}

// summary is the run's JSON summary, the last line of its standard output.
func (r ran) summary(t *testing.T) map[string]any {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	var s map[string]any
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &s); err != nil {
		t.Fatalf("the last line of standard output is no summary: %v\n%s\nstderr:\n%s", err, r.stdout, r.stderr)
	}
	return s
}

// startTimed starts the binary; finish waits for it.
func startTimed(t *testing.T, cmd *exec.Cmd) func() ran {
	t.Helper()
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var r ran
	var stdout strings.Builder
	read := make(chan struct{})
	go func() {
		defer close(read)
		sc := bufio.NewScanner(out)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			stdout.WriteString(sc.Text() + "\n")
			r.summaryAt = time.Now()
		}
	}()
	return func() ran {
		<-read
		err := cmd.Wait()
		r.ended = time.Now()
		r.stdout, r.stderr = stdout.String(), stderr.String()
		var ee *exec.ExitError
		switch {
		case errors.As(err, &ee):
			r.code = ee.ExitCode()
		case err != nil:
			t.Fatalf("run enrich: %v", err)
		}
		return r
	}
}

// runTimed runs the binary with the job's service and env.
func (j *job) runTimed(t *testing.T, env []string, args ...string) ran {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := j.command(ctx, args...)
	cmd.Env = append(cmd.Env, env...)
	return startTimed(t, cmd)()
}

// noSecrets fails the test if what enrich showed holds a secret.
func noSecrets(t *testing.T, what, text string) {
	t.Helper()
	for _, s := range notifySecrets {
		if strings.Contains(text, s) {
			t.Errorf("%s holds %q:\n%s", what, s, text)
		}
	}
}

// TestNotifyOncePerRun: a webhook receives exactly one summary per run,
// for exit 0, 2, 3 and 130, each the JSON document --log-format json
// prints, none holding the key or the webhook's own secrets.
func TestNotifyOncePerRun(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		code int
		env  []string
		args []string
		stop bool // SIGINT once results arrive
	}{
		{name: "complete", code: 0},
		{name: "refused key", code: 2, env: []string{"ENRICH_API_KEY=e2e-key-refused"}},
		{name: "max credits", code: 3, args: []string{"--max-credits", "10"}},
		{name: "interrupted", code: 130, args: []string{"--items-per-minute", "20"}, stop: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			cfg := fastService(10000)
			rows := 40
			if tc.stop {
				cfg.Default.ItemsPerMinute, rows = 20, 120
			}
			j := newJob(t, cfg, rows)
			hook := newWebhook(t, http.StatusOK)
			args := j.args(append([]string{"--log-format", "json", "--notify", hook.url()}, tc.args...)...)
			cmd := j.command(context.Background(), args...)
			cmd.Env = append(cmd.Env, tc.env...)
			finish := startTimed(t, cmd)
			t.Cleanup(func() { cmd.Process.Kill() })
			if tc.stop {
				waitFor(t, "the first results", func() bool { return j.stats().Delivered > 0 })
				if err := cmd.Process.Signal(os.Interrupt); err != nil {
					t.Fatal(err)
				}
			}
			res := finish()
			res.expectCode(t, tc.code)
			printed := res.summary(t)
			t.Logf("exit %d: %v from the summary to the end, the notice taken", tc.code, res.ended.Sub(res.summaryAt).Round(time.Millisecond))

			posts := hook.received()
			if len(posts) != 1 {
				t.Fatalf("the webhook received %d posts, want 1\nstderr:\n%s", len(posts), res.stderr)
			}
			p := posts[0]
			if ct := p.header.Get("Content-Type"); ct != "application/json" {
				t.Errorf("Content-Type %q", ct)
			}
			var got map[string]any
			if err := json.Unmarshal(p.body, &got); err != nil {
				t.Fatalf("the notice is not JSON: %v\n%s", err, p.body)
			}
			if v, ok := got["exit_code_mapped"]; !ok || v != nil {
				t.Errorf("the notice says exit_code_mapped %v (given: %v); without --incomplete-exit-code, null", v, ok)
			}
			if got["exit_code"] != float64(tc.code) || got["complete"] != (tc.code == 0) {
				t.Errorf("the notice says exit_code %v, complete %v; the run exited %d", got["exit_code"], got["complete"], tc.code)
			}
			if want, _ := json.Marshal(printed); string(want) != string(mustMarshal(t, got)) {
				t.Errorf("the notice differs from the summary printed:\nnotice  %s\nprinted %s", p.body, want)
			}
			if tc.code == 2 && !strings.Contains(got["stop_reason"].(string), "ENRICH_API_KEY") {
				t.Errorf("a refused key's notice does not say why: %q", got["stop_reason"])
			}
			noSecrets(t, "the notice", string(p.body)+" "+strings.Join(p.header.Values("User-Agent"), " "))
			for name, values := range p.header {
				noSecrets(t, "header "+name, strings.Join(values, " "))
			}
			noSecrets(t, "standard output", res.stdout)
			noSecrets(t, "standard error", res.stderr)
			if tc.code != 2 {
				b, err := os.ReadFile(j.output + ".report.json")
				if err != nil {
					t.Fatal(err)
				}
				noSecrets(t, "the report", string(b))
			}
		})
	}
}

func mustMarshal(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestNotifyWebhookDown: a webhook that refuses connections, or answers
// 500, costs the run its bounded attempts (3, 1 s and 2 s apart), a
// warning, and nothing else: the exit code stays the run's.
func TestNotifyWebhookDown(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		code  int // of the run
		args  []string
		posts int // the webhook's, -1 when it refuses connections
	}{
		{"refused, complete run", 0, nil, -1},
		{"500, incomplete run", 3, []string{"--max-credits", "10"}, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			j := newJob(t, fastService(10000), 30)
			hook := newWebhook(t, http.StatusInternalServerError)
			url := hook.url()
			if tc.posts < 0 {
				url = "http://ops:hookpass@" + freePort(t) + "/hooks/T0/B0/hookpath?token=hooktoken"
			}
			res := j.runTimed(t, nil, j.args(append([]string{"--log-format", "json", "--notify", url}, tc.args...)...)...)
			res.expectCode(t, tc.code)
			if s := res.summary(t); s["exit_code"] != float64(tc.code) {
				t.Errorf("summary exit_code %v, want %d", s["exit_code"], tc.code)
			}
			extra := res.ended.Sub(res.summaryAt)
			t.Logf("%s: notifying a webhook that is down took %v after the summary", tc.name, extra.Round(time.Millisecond))
			// 3 attempts 1 s and 2 s apart: 3 s; the bound is 10 s, and a
			// loaded machine gets 5 more.
			if extra < 2500*time.Millisecond || extra > 15*time.Second {
				t.Errorf("the notice took %v after the summary; want its 3 attempts, 1 s and 2 s apart, within 10 s", extra)
			}
			if n := len(hook.received()); tc.posts > 0 && n != tc.posts {
				t.Errorf("the webhook received %d posts, want %d", n, tc.posts)
			}
			if !strings.Contains(res.stderr, "was not notified") || !strings.Contains(res.stderr, "3 attempts") {
				t.Errorf("no warning says the notice failed:\n%s", res.stderr)
			}
			noSecrets(t, "standard error", res.stderr)
			noSecrets(t, "standard output", res.stdout)
		})
	}
}

// TestNotifySlack: --notify-format slack posts {"text": …}, one paragraph
// that says how the run ended.
func TestNotifySlack(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(10000), 30)
	hook := newWebhook(t, http.StatusOK)
	j.enrich(t, j.args("--notify", hook.url(), "--notify-format", "slack", "--max-credits", "5", "--incomplete-exit-code", "0")...).expectCode(t, 0)
	posts := hook.received()
	if len(posts) != 1 {
		t.Fatalf("%d posts, want 1", len(posts))
	}
	var body map[string]string
	if err := json.Unmarshal(posts[0].body, &body); err != nil || len(body) != 1 || body["text"] == "" {
		t.Fatalf("the slack notice is not {\"text\": …}: %s (%v)", posts[0].body, err)
	}
	t.Logf("slack text: %s", body["text"])
	for _, want := range []string{"leads.csv", "enriched.csv", "stopped early, resumable (exit 3, ended 0 by --incomplete-exit-code): --max-credits reached", "30 rows", "credits spent", "Next: `enrich run"} {
		if !strings.Contains(body["text"], want) {
			t.Errorf("the slack text does not say %q:\n%s", want, body["text"])
		}
	}
	noSecrets(t, "the slack notice", string(posts[0].body))
}

// TestIncompleteExitCode: --incomplete-exit-code maps exit 3, whatever
// stopped the run (--max-credits, a service down past --service-wait), to
// the code a scheduler expects; the summary keeps exit_code 3 and adds
// exit_code_mapped. Other codes stay theirs.
func TestIncompleteExitCode(t *testing.T) {
	t.Parallel()
	down := func(http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "unavailable", http.StatusServiceUnavailable)
		})
	}
	for _, tc := range []struct {
		name string
		wrap func(http.Handler) http.Handler
		args []string
		stop string
	}{
		{"max credits", nil, []string{"--max-credits", "10"}, "--max-credits reached"},
		{"service down", down, []string{"--service-wait", "2s", "--drain-timeout", "1s"}, "never answered"},
	} {
		for _, code := range []int{0, 99} {
			t.Run(tc.name+" "+map[int]string{0: "0", 99: "99"}[code], func(t *testing.T) {
				t.Parallel()
				j := newJobWith(t, fastService(10000), 30, tc.wrap)
				res := j.runTimed(t, nil, j.args(append(tc.args, "--log-format", "json", "--incomplete-exit-code", map[int]string{0: "0", 99: "99"}[code])...)...)
				res.expectCode(t, code)
				s := res.summary(t)
				if s["exit_code"] != float64(3) || s["exit_code_mapped"] != float64(code) || s["complete"] != false || !strings.Contains(s["stop_reason"].(string), tc.stop) {
					t.Errorf("summary: exit_code %v, exit_code_mapped %v, complete %v, stop_reason %q; want 3, %d, false, %q",
						s["exit_code"], s["exit_code_mapped"], s["complete"], s["stop_reason"], code, tc.stop)
				}
				if !strings.Contains(res.stderr, "by --incomplete-exit-code") {
					t.Errorf("standard error does not say the run was incomplete:\n%s", res.stderr)
				}
				if r := j.report(t); r.ExitCode != 3 {
					t.Errorf("the report says exit code %d; the run ended incomplete (3)", r.ExitCode)
				}
			})
		}
	}
}

// TestIncompleteExitCodeRefused: a code that means something else, or
// that is the shell's, is refused before anything is sent (exit 2); a run
// that completes, or fails otherwise, keeps its code.
func TestIncompleteExitCodeRefused(t *testing.T) {
	t.Parallel()
	var requests atomic.Int64
	count := func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			requests.Add(1)
			h.ServeHTTP(w, r)
		})
	}
	j := newJobWith(t, fastService(10000), 20, count)
	for _, v := range []string{"1", "2", "4", "126", "130", "255", "-1", "abc", ""} {
		res := j.enrich(t, j.args("--incomplete-exit-code", v)...)
		res.expectCode(t, 2)
		if !strings.Contains(res.stderr, "--incomplete-exit-code") {
			t.Errorf("--incomplete-exit-code %q: the refusal does not name the flag:\n%s", v, res.stderr)
		}
	}
	for _, v := range []string{"ftp://example.com/x", "example.com/hook", "http://exa mple.com/hookpath"} {
		res := j.enrich(t, j.args("--notify", v)...)
		res.expectCode(t, 2)
		if !strings.Contains(res.stderr, "--notify") || strings.Contains(res.stderr, "hookpath") {
			t.Errorf("--notify %q: the refusal does not name the flag, or shows the address's path:\n%s", v, res.stderr)
		}
	}
	j.enrich(t, j.args("--notify-format", "teams")...).expectCode(t, 2)
	if n := requests.Load(); n != 0 {
		t.Errorf("the service received %d requests from refused command lines", n)
	}
	// Codes that are not 3 stay theirs.
	j.enrich(t, "run", j.input, "--incomplete-exit-code", "0").expectCode(t, 2) // no -o
	j.enrich(t, j.args("--incomplete-exit-code", "99")...).expectCode(t, 0)
	// Search and company employees take the flag too.
	for _, cmd := range [][]string{{"search", "--help"}, {"company", "employees", "--help"}} {
		res := j.runTimed(t, nil, cmd...)
		if res.code != 0 || !strings.Contains(res.stdout, "--incomplete-exit-code") {
			t.Errorf("enrich %s: no --incomplete-exit-code (exit %d)", strings.Join(cmd[:len(cmd)-1], " "), res.code)
		}
	}
}
