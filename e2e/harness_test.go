// Package e2e runs the real enrich binary against the real emulator over
// loopback, as a user would: files on disk, environment variables, exit
// codes.
package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"sync"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/demo/leads"
	"github.com/enrich-dev/enrich/emulator"
	"github.com/enrich-dev/enrich/report"
)

// binary is the enrich command built for these tests; stateDir holds the
// budget ledgers its runs share.
var binary, stateDir string

func TestMain(m *testing.M) {
	// The package's tests host dozens of emulators at once, and the race
	// detector's shadow memory follows the heap: held to a gigabyte of
	// heap, the process peaked at 3.6 GB instead of 4.6 (make test must
	// fit a machine of 8 GB), in the same time.
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(1 << 30)
	}
	dir, err := os.MkdirTemp("", "enrich-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binary = filepath.Join(dir, "enrich")
	stateDir = filepath.Join(dir, "state")
	// ENRICH_E2E_BINARY runs the tests against another build, such as an
	// earlier version, to see a test fail before its fix.
	if other := os.Getenv("ENRICH_E2E_BINARY"); other != "" {
		binary = other
	} else {
		// Race-checked, but without checkptr in bbolt: damaged journals
		// feed it wild pages on purpose (see the Makefile's unit target).
		build := exec.Command("go", "build", "-race", "-gcflags=go.etcd.io/bbolt/...=-d=checkptr=0", "-o", binary, "../cmd/enrich")
		build.Stderr = os.Stderr
		if err := build.Run(); err != nil {
			fmt.Fprintln(os.Stderr, "build enrich:", err)
			os.Exit(1)
		}
	}
	code := m.Run()
	stopPostgres()
	os.RemoveAll(dir)
	os.Exit(code)
}

// job is an emulator on loopback, a sheet drawn from its world, and a
// folder for the run's files.
type job struct {
	emu     *emulator.Emulator
	srv     *httptest.Server // the service on loopback
	url     string
	dir     string
	input   string
	output  string
	journal string
	sheet   []leads.Lead
}

// The budget every test compresses the service's minute into.
const (
	perWindow = 100
	window    = time.Second
)

// fastService is an emulator with time compressed like the runs' flags.
func fastService(credits int64) emulator.Config {
	return emulator.Config{
		People:          3000,
		Default:         emulator.AccountConfig{Name: "default", Key: "e2e-key", Credits: credits, WithoutContactsCredits: credits, ItemsPerMinute: perWindow},
		RateWindow:      window,
		CallbackDelay:   60 * time.Millisecond,
		RetryGaps:       []time.Duration{100 * time.Millisecond, 200 * time.Millisecond, 200 * time.Millisecond},
		AnswerTimeout:   2 * time.Second,
		DuplicatePeriod: 300 * time.Millisecond,

		// The service's delays have no maximum; these runs time callbacks
		// out after seconds, so the tail is cut where it always was.
		MaxCallbackDelay: 20 * 60 * time.Millisecond,
	}
}

func newJob(t *testing.T, cfg emulator.Config, rows int) *job {
	t.Helper()
	return newJobWith(t, cfg, rows, nil)
}

// newJobWith is newJob with the service behind wrap, which sees every
// request the client makes and may change its answer; nil is none.
func newJobWith(t *testing.T, cfg emulator.Config, rows int, wrap func(http.Handler) http.Handler) *job {
	t.Helper()
	emu, err := emulator.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var h http.Handler = emu
	if wrap != nil {
		h = wrap(emu)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(func() { srv.Close(); emu.Close() })
	dir := t.TempDir()
	j := &job{
		emu:     emu,
		srv:     srv,
		url:     srv.URL,
		dir:     dir,
		input:   filepath.Join(dir, "leads.csv"),
		output:  filepath.Join(dir, "enriched.csv"),
		journal: filepath.Join(dir, "job.journal"),
		sheet:   leads.Generate(emu.World(), rows, 11),
	}
	if err := leads.WriteCSV(j.input, j.sheet); err != nil {
		t.Fatal(err)
	}
	return j
}

// args are the flags of a run of this job, time compressed; extra flags
// come after and win.
func (j *job) args(extra ...string) []string {
	return append([]string{"run", j.input, "-o", j.output, "--journal", j.journal,
		"--items-per-minute", fmt.Sprint(perWindow), "--rate-window", window.String(),
		"--callback-timeout", "3s", "--retry-wait", "400ms", "--drain-timeout", "4s",
		"--listen", "127.0.0.1:0", "--default-region", leads.DefaultRegion, "--progress", "log"}, extra...)
}

// result is how a run of the binary ended.
type result struct {
	code   int
	stderr string
}

// enrich runs the binary with the job's service in its environment.
func (j *job) enrich(t *testing.T, args ...string) result {
	t.Helper()
	return j.enrichEnv(t, nil, args...)
}

// enrichEnv runs the binary with extra environment variables.
func (j *job) enrichEnv(t *testing.T, env []string, args ...string) result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := j.command(ctx, args...)
	cmd.Env = append(cmd.Env, env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	r := result{stderr: stderr.String()}
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		r.code = ee.ExitCode()
	case err != nil:
		t.Fatalf("run enrich: %v", err)
	}
	return r
}

// command is the binary with the job's service in its environment.
func (j *job) command(ctx context.Context, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, binary, args...)
	cmd.Env = append(os.Environ(), "ENRICH_API_KEY=e2e-key", "ENRICH_API_URL="+j.url, "ENRICH_STATE_DIR="+stateDir)
	return cmd
}

// start starts the binary in the background; the test waits for it or
// kills it.
func (j *job) start(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	cmd := j.command(context.Background(), args...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	return cmd
}

// waitFor polls cond until it holds or two minutes pass: the bound says
// when to give up, not how fast a loaded machine must be.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// expectCode fails the test, showing the run's log, unless it exited with
// want.
func (r result) expectCode(t *testing.T, want int) {
	t.Helper()
	if r.code != want {
		t.Fatalf("exit code %d, want %d; stderr:\n%s", r.code, want, r.stderr)
	}
}

// checkRows compares the output, row by row, with what the world says.
func (j *job) checkRows(t *testing.T) {
	t.Helper()
	wrong, err := leads.Compare(j.output, j.sheet)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range wrong[:min(len(wrong), 10)] {
		t.Error(w)
	}
	if len(wrong) > 0 {
		t.Fatalf("%d of %d rows wrong", len(wrong), len(j.sheet))
	}
}

// report reads the run's OUTPUT.report.json.
func (j *job) report(t *testing.T) report.Run {
	t.Helper()
	return readReport(t, j.output+".report.json")
}

// readReport reads a run's report.
func readReport(t *testing.T, path string) report.Run {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var r report.Run
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatal(err)
	}
	return r
}

// found is the number of distinct identifiers the job's lookups found: the
// credits a run without faults spends.
func found(r report.Run) int64 {
	var n int64
	for _, m := range r.MatchRate {
		n += int64(m.Found)
	}
	return n
}

// stats is the emulator's account counters.
func (j *job) stats() emulator.AccountStats { return j.emu.Stats().Accounts[0] }

// budgetKept fails the test if the service ever refused a request for the
// rate limit or its window ever held more than the budget.
func (j *job) budgetKept(t *testing.T) {
	t.Helper()
	st := j.stats()
	if st.RateLimited != 0 || st.MaxWindowItems > perWindow {
		t.Errorf("the service answered 429 %d times; its window held up to %d items (limit %d)", st.RateLimited, st.MaxWindowItems, perWindow)
	}
}

// freePort returns a loopback address nothing listens on, on a port no
// outgoing connection is given (quietPorts).
func freePort(t *testing.T) string {
	t.Helper()
	portsMu.Lock()
	defer portsMu.Unlock()
	for range 200 {
		port := quietPorts.lo + rand.IntN(quietPorts.hi-quietPorts.lo)
		if portsGiven[port] {
			continue
		}
		addr := fmt.Sprintf("127.0.0.1:%d", port)
		ln, err := net.Listen("tcp", addr)
		if err != nil {
			continue
		}
		ln.Close()
		portsGiven[port] = true
		return addr
	}
	t.Fatalf("no free port between %d and %d", quietPorts.lo, quietPorts.hi)
	return ""
}

// quietPorts are the ports freePort hands out: below the kernel's range
// of ephemeral ports (32768 and up on Linux), so that no outgoing
// connection of a test running beside takes one between the runs of a
// job that listen on it in turn (a run resumed after a kill listens
// where the killed one did, so that late callbacks reach it).
var quietPorts = struct{ lo, hi int }{20000, 32000}

// portsGiven are the ports freePort has handed out in this process,
// never handed out twice.
var (
	portsMu    sync.Mutex
	portsGiven = map[int]bool{}
)
