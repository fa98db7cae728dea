package pipeline_test

import (
	"testing"
	"time"

	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/pipeline"
)

// TestCapWithCallbackLost: a run whose last request fills --max-credits
// and whose callback never comes stops within the wait for credits
// (pipeline.CreditWait, cut to --drain-timeout), not after the whole
// --callback-timeout; its request stays open in the journal for the next
// run. Results that come within the wait and free credits let the run go
// on: a request that found nobody costs nothing.
func TestCapWithCallbackLost(t *testing.T) {
	for _, tc := range []struct {
		name     string
		lose     bool
		stop     string
		complete bool
	}{
		{"callback lost", true, fault.StopMaxCredits, false},
		{"callback in time, nobody found", false, "", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			svc := &scripted{script: func(call int, _ time.Duration) answer {
				return answer{lose: tc.lose && call == 0, late: 300 * time.Millisecond}
			}}
			o := runScripted(t, 150, svc, func(c *pipeline.Config) {
				c.MaxCredits = 100 // one request's items
				c.CallbackTimeout, c.DrainTimeout, c.MaxDuration = 10*time.Minute, 3*time.Second, 2*time.Minute
			}, 0)
			if o.rep == nil {
				t.Fatalf("no report: %v", o.err)
			}
			if o.rep.StopReason != tc.stop || o.rep.Complete != tc.complete {
				t.Errorf("stop %q, complete %v; want %q, %v", o.rep.StopReason, o.rep.Complete, tc.stop, tc.complete)
			}
			if o.took > 20*time.Second {
				t.Errorf("the run took %v with --drain-timeout 3s", o.took.Round(time.Second))
			}
			calls := len(svc.called())
			switch {
			case tc.lose && calls != 1:
				t.Errorf("%d requests with the cap's items all in flight; want 1", calls)
			case !tc.lose && calls != 2:
				t.Errorf("%d requests; the credits freed by a request that found nobody let the second go, want 2", calls)
			}
			if tc.lose {
				if l := o.lookup(t, "person0@example.com"); l.Phase.Final() || l.Batch == 0 {
					t.Errorf("the lost request's lookup is %v (batch %d); want it still awaited by the next run", l.Phase, l.Batch)
				}
			}
		})
	}
}
