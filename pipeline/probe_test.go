package pipeline_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/pipeline"
	"github.com/enrich-dev/enrich/state"
)

// TestProbeAfter500: a request the service answers 500 is sent again at
// once, as the same batch. A 500 before the work (nothing taken) no
// longer holds its items against --max-credits for the whole
// --callback-timeout: with a cap the size of the request, the run
// completes instead of stopping having found nobody. A 500 after the
// work (taken and charged, its answer lost) is answered duplicate_query
// the second time; the first request's callback, under a requestId never
// learnt, still brings the profiles, paid once.
func TestProbeAfter500(t *testing.T) {
	internal := &api.Error{Method: "POST", Path: api.PathLookup, Status: http.StatusInternalServerError, Message: "Internal Server Error"}
	for _, tc := range []struct {
		name  string
		first answer // the answer to the first request
		probe answer // the answer to the same items sent again
	}{
		{"before the work", answer{err: internal}, answer{found: true}},
		{"after the work", answer{err: internal, take: true, found: true, late: 300 * time.Millisecond}, answer{dup: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			svc := &scripted{script: func(call int, _ time.Duration) answer {
				switch call {
				case 0:
					return tc.first
				case 1:
					return tc.probe
				}
				return answer{}
			}}
			o := runScripted(t, 10, svc, func(c *pipeline.Config) {
				c.MaxCredits = 10 // the request's items
				// The duplicate period: an item answered duplicate_query is
				// sent again after it, once the first request's callback
				// had its chance to come.
				c.RetryWait = 2 * time.Second
				c.CallbackTimeout = time.Minute
			}, 0)
			if o.rep == nil {
				t.Fatalf("no report: %v", o.err)
			}
			if !o.rep.Complete || o.rep.RowsByStatus["success"] != 10 {
				t.Errorf("complete %v (%s), rows %v; want every row found", o.rep.Complete, o.rep.StopReason, o.rep.RowsByStatus)
			}
			if calls := len(svc.called()); calls != 2 {
				t.Errorf("%d lookup requests; want the first and its probe", calls)
			}
			if spent := 1000 - svc.balance; spent != 10 {
				t.Errorf("the service charged %d credits for 10 people", spent)
			}
			if o.took > 20*time.Second {
				t.Errorf("the run took %v: it waited for the first request's callback", o.took.Round(time.Second))
			}
			if l := o.lookup(t, "person0@example.com"); l.Phase != state.Found {
				t.Errorf("person0: %v", l.Phase)
			}
		})
	}
}
