package assistant

import (
	"context"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/internal/clock"
	"github.com/enrich-dev/enrich/pipeline"
)

// TestWaitOnJobClock: a tool that waits for a job waits on the server's
// clock: half a minute of waiting for a job that does not end passes in
// no time on a fake one.
func TestWaitOnJobClock(t *testing.T) {
	fake := clock.NewFake(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	j := newJob(1, "in.csv", "out.csv", "j", nil, fake)
	done := make(chan struct{})
	go func() {
		defer close(done)
		j.wait(context.Background(), 30*time.Second, func(pipeline.Snapshot) {})
	}()
	start := fake.Now()
	if !fake.StepUntil(done, 10*time.Second) {
		t.Fatal("the wait is on something other than the job's clock")
	}
	if waited := fake.Now().Sub(start); waited != 30*time.Second {
		t.Errorf("waited %v of the job's clock; want 30s", waited)
	}
}
