package pipeline

import (
	"encoding/json"
	"io"
	"time"

	"github.com/enrich-dev/enrich/internal/atomicfile"
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
	StopReason string    `json:"stop_reason,omitempty"`

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
	ETASeconds float64   `json:"eta_seconds,omitempty"`
	LastResult time.Time `json:"last_result,omitzero"`
	// HeldBy says what holds the account's budget while items wait for
	// room: other runs on the same account; empty otherwise.
	HeldBy string `json:"held_by,omitempty"`
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
	if err := e.j.Present(); err != nil && e.stop != report.StopStorage {
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
		Rows:             len(e.m.Rows) + e.m.NoIdentifier,
		Resolved:         e.m.NoIdentifier,
		Lookups:          len(e.m.Lookups),
		Queued:           e.queue.len(),
		InFlight:         int(max(e.cr.inflight, 0)),
		ItemsSent:        e.stats.itemsSent,
		ProfilesReceived: e.cr.profiles,
		BalanceDrop:      e.cr.drop(),
		LastResult:       e.stats.lastResult.UTC(),
		HeldBy:           e.heldBy,
	}
	for i := range e.m.Rows {
		if e.m.Rows[i].Done {
			s.Resolved++
		}
	}
	s.Waiting = s.Rows - s.Resolved
	s.ItemsPerMinute = e.itemsPerMinute(now)
	// Each waiting row needs at least one more item; at the budget's pace
	// that takes this long.
	// Items told to wait (duplicate_query, timeout_exceeded) come back
	// no sooner than their time.
	if s.Waiting > 0 {
		perSecond := float64(e.cfg.ItemsPerMinute) / e.cfg.RateWindow.Seconds()
		s.ETASeconds = float64(s.Queued+s.InFlight) / perSecond
		for _, d := range e.queue.delayed {
			s.ETASeconds = max(s.ETASeconds, d.at.Sub(now).Seconds())
		}
	}
	return s
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
	return atomicfile.WriteWith(state.StatusPath(journal), func(w io.Writer) error {
		_, err := w.Write(append(b, '\n'))
		return err
	})
}
