package e2e

import (
	"bytes"
	"flag"
	"math/rand/v2"
	"os"
	"syscall"
	"testing"
	"time"
)

var crashSeed = flag.Uint64("crash-seed", 0, "seed of TestCrashAndResume's kill times; 0 draws one")

// TestCrashAndResume kills the run with SIGKILL at random moments, restarts
// it each time, and checks that the final output is byte for byte the
// output of an uninterrupted run of the same sheet.
func TestCrashAndResume(t *testing.T) {
	t.Parallel()
	cfg := fastService(10000)
	// Callbacks for a killed process are retried long enough to reach the
	// restarted one, as the service's 10/30/60 s gaps do.
	cfg.RetryGaps = []time.Duration{300 * time.Millisecond, 600 * time.Millisecond, time.Second}
	const rows = 300

	clean := newJob(t, cfg, rows)
	clean.enrich(t, clean.args()...).expectCode(t, 0)
	want, err := os.ReadFile(clean.output)
	if err != nil {
		t.Fatal(err)
	}

	j := newJob(t, cfg, rows)
	listen := freePort(t) // the callback URL must survive restarts
	args := j.args("--listen", listen, "--max-attempts", "10", "--callback-timeout", "2s")
	seed := *crashSeed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	t.Logf("kill times from seed %d; replay: go test ./e2e -run TestCrashAndResume -crash-seed %d", seed, seed)
	r := rand.New(rand.NewPCG(seed, 1))
	kills := 0
	for kills < 5 {
		cmd := j.start(t, args...)
		wait := time.Duration(150+r.IntN(1200)) * time.Millisecond
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
			t.Logf("run finished before kill %d", kills+1)
			kills = 5
		case <-time.After(wait):
			cmd.Process.Signal(syscall.SIGKILL)
			<-done
			kills++
			t.Logf("killed after %v", wait)
		}
	}
	res := j.enrich(t, args...)
	res.expectCode(t, 0)
	j.checkRows(t)
	got, err := os.ReadFile(j.output)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output after 5 kills differs from an uninterrupted run (%d vs %d bytes)", len(got), len(want))
	}
	st := j.stats()
	if st.RateLimited != 0 || st.MaxWindowItems > perWindow {
		t.Errorf("restarts broke the budget: 429s %d, window max %d", st.RateLimited, st.MaxWindowItems)
	}
	t.Logf("credits: %d uninterrupted, %d with kills (%d paid in discarded deliveries)",
		clean.stats().CreditsUsed["standard"], st.CreditsUsed["standard"], st.DiscardedCharged)
}
