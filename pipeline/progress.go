package pipeline

import (
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/enrich-dev/enrich/internal/atomicfile"
	"github.com/enrich-dev/enrich/internal/budget"
	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/internal/human"
	"github.com/enrich-dev/enrich/report"
	"github.com/enrich-dev/enrich/state"
)

// Snapshot is where a run stands: what progress displays show and what
// `enrich status` reads while a run holds the journal.
type Snapshot struct {
	Input      string    `json:"input"`
	Output     string    `json:"output"`
	PID        int       `json:"pid"`
	Started    time.Time `json:"started"`
	Updated    time.Time `json:"updated"`
	Finished   bool      `json:"finished"`
	StopReason string    `json:"stop_reason"`

	Rows     int `json:"rows"`      // rows in the input
	Resolved int `json:"resolved"`  // rows that are done for this run
	Waiting  int `json:"waiting"`   // rows waiting on a lookup
	Lookups  int `json:"lookups"`   // distinct identifiers
	Queued   int `json:"queued"`    // lookups waiting to be sent
	InFlight int `json:"in_flight"` // items sent whose results have not come

	ItemsSent int `json:"items_sent"`
	// ProfilesReceived counts the matches delivered to this run; BalanceDrop
	// is how far the account's balance fell since it started, as last read
	// (it also holds re-lookups of lost deliveries and other use of the
	// account).
	ProfilesReceived int64   `json:"profiles_received"`
	BalanceDrop      int64   `json:"balance_drop"`
	ItemsPerMinute   float64 `json:"items_per_minute"`
	// ETASeconds is the time left at the budget's pace, for the rows still
	// waiting.
	ETASeconds float64    `json:"eta_seconds"`
	LastResult *time.Time `json:"last_result"` // nil (null) before the first
	// WaitingFor says why nothing is sent now while rows wait: an
	// outage, the account's budget held by other runs, items the service
	// told to come back later, a pause after a 429, callbacks; empty
	// while the run sends.
	WaitingFor string `json:"waiting_for"`
	// Wait is WaitingFor in a few words, for a narrow display.
	Wait string `json:"wait"`
	// Budget is the account's budget as every run sharing it uses it;
	// nil (null) when this run keeps its own. Every key of a snapshot is in
	// every snapshot: "" and 0 when there is nothing to say.
	Budget *report.BudgetUse `json:"shared_budget"`
}

// ETA returns the time left as a duration.
func (s Snapshot) ETA() time.Duration { return time.Duration(s.ETASeconds * float64(time.Second)) }

// Progress receives snapshots while a run goes on.
type Progress interface {
	// Update is called about once a second.
	Update(s Snapshot)
	// Done is called once, with the last snapshot.
	Done(s Snapshot)
}

type noProgress struct{}

func (noProgress) Update(Snapshot) {}
func (noProgress) Done(Snapshot)   {}

// statusEvery is how often the status file beside the journal is written.
const statusEvery = 5 * time.Second

// tick sends a snapshot to the progress display at most once a second, and
// writes the status file.
func (e *engine) tick(now time.Time, final bool) {
	if !final && now.Sub(e.lastTick) < time.Second {
		return
	}
	e.lastTick = now
	// A journal removed under the run loses what is written to it: stop
	// at once rather than pay for results that cannot be kept.
	if err := e.j.Present(); err != nil && e.stop != fault.StopStorage {
		e.storageFailed(err)
	}
	s := e.snapshot(now, final)
	if final {
		e.cfg.Progress.Done(s)
	} else {
		e.cfg.Progress.Update(s)
	}
	if final || now.Sub(e.lastStatus) >= statusEvery {
		e.lastStatus = now
		if err := writeStatus(e.cfg.Journal, s); err != nil {
			e.cfg.Log.Debug("status file not written", "error", err)
		}
	}
}

func (e *engine) snapshot(now time.Time, final bool) Snapshot {
	s := Snapshot{
		Input:            e.cfg.shown().Input,
		Output:           e.cfg.shown().Output,
		PID:              pid,
		Started:          e.started.UTC(),
		Updated:          now.UTC(),
		Finished:         final,
		StopReason:       e.stop,
		Lookups:          len(e.m.Lookups),
		Queued:           e.queue.len(),
		InFlight:         int(max(e.cr.inflight, 0)),
		ItemsSent:        e.stats.itemsSent,
		ProfilesReceived: e.cr.profiles,
		BalanceDrop:      e.cr.drop(),
	}
	if !e.stats.lastResult.IsZero() {
		at := e.stats.lastResult.UTC()
		s.LastResult = &at
	}
	s.Rows, s.Resolved = e.rowsResolved()
	s.Waiting = s.Rows - s.Resolved
	s.ItemsPerMinute = e.itemsPerMinute(now)
	// Each waiting row needs at least one more item; at the budget's pace
	// that takes this long.
	// Items told to wait (duplicate_query, timeout_exceeded) come back
	// no sooner than their time.
	raw := 0.0
	if s.Waiting > 0 {
		perSecond := float64(e.cfg.ItemsPerMinute) / e.cfg.RateWindow.Seconds()
		raw = float64(s.Queued+s.InFlight) / perSecond
		for _, d := range e.queue.delayed {
			raw = max(raw, d.at.Sub(now).Seconds())
		}
		s.WaitingFor, s.Wait = e.waitingFor(now)
	}
	s.ETASeconds = e.smoothETA(now, raw, s.Waiting == 0, e.cannotSend(now))
	s.Budget = e.budgetUse(now)
	return s
}

// budgetUse reads how every run sharing the account's budget uses it, and
// keeps the most runs seen at once; nil for a budget of this run alone.
func (e *engine) budgetUse(now time.Time) *report.BudgetUse {
	return budgetUse(e.budget, &e.shared, now)
}

// budgetUse reads how every run sharing the budget b uses it, into u,
// which keeps the most runs seen at once, and returns a copy; nil for a
// budget of this run alone.
func budgetUse(b budget.Budget, u *report.BudgetUse, now time.Time) *report.BudgetUse {
	p, ok := b.(interface{ Path() string })
	if !ok {
		return nil
	}
	u.Where = p.Path()
	if err := b.Err(); err != nil {
		u.Unreachable = err.Error()
		c := *u
		return &c
	}
	use := b.Usage(now)
	if err := b.Err(); err == nil {
		u.Unreachable = ""
		u.Items, u.Limit = use.Own+use.Others, use.Limit
		u.Runs = 1 + len(use.Peers)
		u.MostRuns = max(u.MostRuns, u.Runs)
	}
	c := *u
	return &c
}

// etaWeight is how far the time left shown moves towards a new estimate
// each second: items told to wait, a callback that comes or not, would
// otherwise make it jump (0 s, 32 s, 2 s, 33 s).
const etaWeight = 0.3

// smoothETA is the time left to show: the last one, counted down by the
// time since, moved a part of the way towards the new estimate raw; 0
// once nothing waits. While nothing can be sent (paused) it holds: an
// outage or a pause after a 429 puts the end off by as long as it lasts.
func (e *engine) smoothETA(now time.Time, raw float64, done, paused bool) float64 {
	if done {
		e.eta = 0
		return 0
	}
	if e.lastTick.IsZero() || e.eta == 0 {
		e.eta = raw
		return raw
	}
	if paused {
		return e.eta
	}
	left := max(e.eta-now.Sub(e.lastTick).Seconds(), 0)
	e.eta = left + etaWeight*(raw-left)
	return e.eta
}

// cannotSend reports whether nothing can be sent now whatever the
// budget: the service does not answer, or asked for a pause after a 429.
func (e *engine) cannotSend(now time.Time) bool {
	return !e.outage.since.IsZero() || (len(e.queue.ready) > 0 && now.Before(e.pauseTil))
}

// waitingFor says why the run sends nothing now although rows wait, in
// a sentence and in a few words; "" while it sends.
func (e *engine) waitingFor(now time.Time) (string, string) {
	switch {
	case !e.outage.since.IsZero():
		for_ := now.Sub(e.outage.since).Round(time.Second)
		return fmt.Sprintf("the service, which has not answered for %s (the run stops after --service-wait %s)", for_, e.cfg.ServiceWait),
			fmt.Sprintf("outage %s", for_)
	case e.heldBy != "":
		return "the account's budget: " + e.heldBy, "budget shared"
	case len(e.queue.ready) > 0 && now.Before(e.pauseTil):
		left := e.pauseTil.Sub(now).Round(time.Second)
		return fmt.Sprintf("the rate window after a 429 (%s)", left), fmt.Sprintf("429 pause %s", left)
	case len(e.queue.ready) == 0 && e.queue.delayed.Len() > 0:
		n, next := e.queue.delayed.Len(), max(e.queue.delayed[0].at.Sub(now), 0).Round(time.Second)
		return fmt.Sprintf("the service's duplicate period: %d %s it told to come back later, the next in %s", n, human.Plural(n, "item", "items"), next),
			fmt.Sprintf("duplicate period %s", next)
	case len(e.queue.ready) == 0 && e.cr.inflight > 0:
		n := int(e.cr.inflight)
		return fmt.Sprintf("callbacks for %d %s in flight", n, human.Plural(n, "item", "items")), "callbacks"
	case len(e.queue.ready) == 0 && (e.sr.running > 0 || e.sr.reading):
		return "searches by name and company", "searches"
	}
	return "", ""
}

// itemsPerMinute is the rate items were sent at: the last request's items
// count over a full window after it, as the service counts them, so that
// the rate is what the budget let through, never a burst beyond it.
func (e *engine) itemsPerMinute(now time.Time) float64 {
	if e.stats.firstSend.IsZero() {
		return 0
	}
	last := e.stats.lastSend
	if now.Before(last) {
		last = now
	}
	span := last.Sub(e.stats.firstSend) + e.cfg.RateWindow
	return float64(e.stats.itemsSent) / span.Minutes()
}

func writeStatus(journal string, s Snapshot) error {
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.WriteWithMode(state.StatusPath(journal), state.BesideMode(journal), func(w io.Writer) error {
		_, err := w.Write(append(b, '\n'))
		return err
	})
}

// rowsResolved returns the number of rows of the input, and of those
// whose outcome is final.
func (e *engine) rowsResolved() (rows, resolved int) {
	resolved = e.m.NoIdentifier
	for i := range e.m.Rows {
		if e.m.Done(int32(i)) {
			resolved++
		}
	}
	return len(e.m.Rows) + e.m.NoIdentifier, resolved
}
