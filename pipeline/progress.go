package pipeline

import (
	"encoding/json"
	"time"
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
	Resolved int `json:"resolved"`  // rows that are final
	Waiting  int `json:"waiting"`   // rows waiting on a lookup
	Lookups  int `json:"lookups"`   // distinct identifiers
	Queued   int `json:"queued"`    // lookups waiting to be sent
	InFlight int `json:"in_flight"` // items sent whose results have not come

	ItemsSent      int           `json:"items_sent"`
	CreditsUsed    int64         `json:"credits_used"`
	ItemsPerMinute float64       `json:"items_per_minute"`
	ETA            time.Duration `json:"eta_ns,omitempty"`
	LastResult     time.Time     `json:"last_result,omitzero"`
}

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
		Input:       e.cfg.Input,
		Output:      e.cfg.Output,
		PID:         pid,
		Started:     e.started.UTC(),
		Updated:     now.UTC(),
		Finished:    final,
		StopReason:  e.stop,
		Rows:        len(e.m.rows) + e.m.noIdentifier,
		Resolved:    e.m.noIdentifier,
		Lookups:     len(e.m.lookups),
		Queued:      len(e.ready) + e.delayed.Len(),
		InFlight:    int(e.cr.inflight),
		ItemsSent:   e.stats.itemsSent,
		CreditsUsed: e.cr.spent(),
		LastResult:  e.stats.lastResult.UTC(),
	}
	for i := range e.m.rows {
		if e.m.rows[i].done {
			s.Resolved++
		}
	}
	s.Waiting = s.Rows - s.Resolved
	if elapsed := now.Sub(e.stats.firstSend); !e.stats.firstSend.IsZero() && elapsed > time.Second {
		s.ItemsPerMinute = float64(e.stats.itemsSent) / elapsed.Minutes()
	}
	// Each waiting row needs at least one more item; at the budget's pace
	// that takes this long.
	if s.Waiting > 0 {
		perMinute := float64(e.cfg.ItemsPerMinute) * float64(time.Minute) / float64(e.cfg.RateWindow)
		s.ETA = time.Duration(float64(s.Queued+s.InFlight) / perMinute * float64(time.Minute))
	}
	return s
}

// statusPath is the status file of a journal.
func statusPath(journal string) string { return journal + ".status.json" }

func writeStatus(journal string, s Snapshot) error {
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	return writeFile(statusPath(journal), append(b, '\n'))
}
