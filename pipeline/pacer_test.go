package pipeline_test

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/internal/budget"
	"github.com/enrich-dev/enrich/pipeline"
)

// syncBuffer is a log buffer that a run's goroutines may write at once.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// A run whose clock was an hour ahead left the account's ledger full of
// entries dated in the future: the next run counts them from now, and
// waits one window, not an hour.
func TestLedgerFromTheFuture(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("ENRICH_STATE_DIR", dir)
	ahead, err := budget.Open(dir, "account", 100, time.Second, budget.Options{Label: "enrich run ahead.csv"})
	if err != nil {
		t.Fatal(err)
	}
	future := time.Now().Add(time.Hour)
	ahead.Settle(ahead.Take(future, 100), future)
	ahead.Close()

	h := newHarness(t, fastEmulator(10000), 50)
	cfg := h.config(t, "out.csv")
	cfg.Account = "account"
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	report, err := pipeline.Run(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !report.Complete || report.DurationSeconds > 15 {
		t.Fatalf("complete %v after %.1f s; the future entries must count from now", report.Complete, report.DurationSeconds)
	}
	checkRows(t, cfg.Output, h.sheet)
}

// A run that waits for the account's budget while another run holds it
// says so in its log, naming the other run.
func TestWaitingForAnotherRun(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("ENRICH_STATE_DIR", dir)
	h := newHarness(t, fastEmulator(10000), 20)
	cfg := h.config(t, "out.csv")
	cfg.Account = "account"
	other, err := budget.Open(dir, "account", 100, time.Second, budget.Options{Label: "enrich run other.csv"})
	if err != nil {
		t.Fatal(err)
	}
	other.Want(time.Now(), true)
	// Answered at once, it holds the window for a second: a request
	// still pending would be put back as answered by the next run that
	// reads the ledger, since its process could have died with it.
	now := time.Now()
	other.Settle(other.Take(now, 100), now)
	release := time.AfterFunc(2*time.Second, other.Close)
	defer release.Stop()

	var log syncBuffer
	cfg.Log = slog.New(slog.NewTextHandler(&log, nil))
	shown := &snapshots{}
	cfg.Progress = shown
	report, err := pipeline.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !report.Complete {
		t.Fatalf("incomplete: %s", report.StopReason)
	}
	// The progress line, the status file and status --json say it in
	// one sentence (see budget.Usage.String for every state).
	want := fmt.Sprintf("the account's budget: other runs hold 100 of the 100 items the budget allows, and this run 0: pid %d: enrich run other.csv, holding 100", os.Getpid())
	if !slices.ContainsFunc(shown.seen, func(s pipeline.Snapshot) bool { return s.WaitingFor == want }) {
		var said []string
		for _, s := range shown.seen {
			said = append(said, s.WaitingFor)
		}
		t.Errorf("waiting for %q; want %q", said, want)
	}
	if !strings.Contains(log.String(), "waiting for the account's budget") || !strings.Contains(log.String(), "enrich run other.csv") {
		t.Errorf("the log does not say which run holds the budget:\n%s", log.String())
	}
}

// A shared budget that does not answer stops the run after
// --service-wait, and the log names the Redis server without the
// password of its address, whatever handler the caller logs with.
func TestUnreachableBudgetHidesThePassword(t *testing.T) {
	t.Setenv("ENRICH_STATE_DIR", t.TempDir())
	h := newHarness(t, fastEmulator(10000), 5)
	cfg := h.config(t, "out.csv")
	cfg.Account = "account"
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now
	cfg.BudgetURL = "redis://enrich:s3cret-pw@" + addr + "/0"
	cfg.ServiceWait = time.Second
	var log syncBuffer
	cfg.Log = slog.New(slog.NewTextHandler(&log, nil))
	report, err := pipeline.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if report.Complete || !strings.Contains(report.StopReason, "shared budget") {
		t.Errorf("complete %v, stop %q; want a stop for the shared budget", report.Complete, report.StopReason)
	}
	if !strings.Contains(log.String(), "the shared budget does not answer") || !strings.Contains(log.String(), addr) {
		t.Errorf("the log does not name the unreachable budget:\n%s", log.String())
	}
	if strings.Contains(log.String(), "s3cret-pw") {
		t.Errorf("the log shows the password of the budget's address:\n%s", log.String())
	}
}
