package pipeline

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/enrich-dev/enrich/internal/ident"
	"github.com/enrich-dev/enrich/sinks"
	"github.com/enrich-dev/enrich/state"
)

// Report is what a run did, written beside the output as OUTPUT.report.json
// and summarized on stderr.
type Report struct {
	Input   string `json:"input"`
	Output  string `json:"output"`
	Journal string `json:"journal"`

	// Complete is true when every row is final; otherwise StopReason says
	// why the run ended early, and running it again resumes.
	Complete   bool   `json:"complete"`
	StopReason string `json:"stop_reason,omitempty"`

	Rows         int            `json:"rows"`
	RowsByStatus map[string]int `json:"rows_by_status"`
	// MatchRate is, per identifier kind, how many distinct identifiers of
	// the input were looked up to a final answer and how many found someone.
	MatchRate map[string]KindMatch `json:"match_rate"`

	Lookups       int    `json:"lookups"`           // distinct identifiers in the input
	Requests      int    `json:"requests"`          // lookup requests sent by this run
	ItemsSent     int    `json:"items_sent"`        // items in them
	Resubmissions int    `json:"resubmissions"`     // identifiers queued again (lost callback, timeout, duplicate)
	Expired       int    `json:"expired"`           // requests whose callback never came in time
	RateLimited   int    `json:"rate_limited"`      // 429 answers
	Callbacks     int    `json:"callbacks"`         // result deliveries received
	Duplicates    int    `json:"duplicate_results"` // results received again
	CreditsUsed   int64  `json:"credits_used"`
	CreditsLeft   *int64 `json:"credits_left,omitempty"`

	Started         time.Time `json:"started"`
	Finished        time.Time `json:"finished"`
	DurationSeconds float64   `json:"duration_seconds"`
	// ItemsPerMinute is the rate achieved while submitting; Budget is the
	// most the rate window allows.
	ItemsPerMinute       float64 `json:"items_per_minute"`
	BudgetItemsPerMinute float64 `json:"budget_items_per_minute"`
}

// KindMatch is the match rate of one identifier kind.
type KindMatch struct {
	Tried int     `json:"tried"`
	Found int     `json:"found"`
	Rate  float64 `json:"rate"`
}

// runStats are the engine's counters for the report.
type runStats struct {
	requests, itemsSent, resubmitted, expired, rateLimited int
	callbacks, stale, gaveUp                               int
	firstSend, lastSend                                    time.Time
	lastResult                                             time.Time
}

// finish writes the output and the report.
func (e *engine) finish(ctx context.Context) (*Report, error) {
	written, err := Export(context.WithoutCancel(ctx), e.j, ExportConfig{
		Input:           e.cfg.Input,
		Output:          e.cfg.Output,
		Source:          e.cfg.Source,
		WithoutContacts: e.cfg.WithoutContacts,
		NoFormulaGuard:  e.cfg.NoFormulaGuard,
	})
	if err != nil {
		return nil, fmt.Errorf("write output: %w", err)
	}
	r := e.report(written.Rows)
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return nil, err
	}
	if err := writeFile(r.Output+".report.json", append(b, '\n')); err != nil {
		return nil, fmt.Errorf("write report: %w", err)
	}
	return r, nil
}

func (e *engine) report(counts RowCounts) *Report {
	now := time.Now()
	r := &Report{
		Input:                e.cfg.Input,
		Output:               e.cfg.Output,
		Journal:              e.cfg.Journal,
		StopReason:           e.stop,
		Rows:                 counts.Total(),
		RowsByStatus:         map[string]int{},
		MatchRate:            map[string]KindMatch{},
		Lookups:              len(e.m.lookups),
		Requests:             e.stats.requests,
		ItemsSent:            e.stats.itemsSent,
		Resubmissions:        e.stats.resubmitted,
		Expired:              e.stats.expired,
		RateLimited:          e.stats.rateLimited,
		Callbacks:            e.stats.callbacks,
		Duplicates:           e.stats.stale,
		CreditsUsed:          e.cr.spent(),
		Started:              e.started.UTC(),
		Finished:             now.UTC(),
		DurationSeconds:      now.Sub(e.started).Seconds(),
		BudgetItemsPerMinute: float64(e.cfg.ItemsPerMinute) * float64(time.Minute) / float64(e.cfg.RateWindow),
	}
	for st, n := range counts {
		r.RowsByStatus[string(st)] = n
	}
	r.Complete = counts[sinks.StatusPending] == 0 && counts[sinks.StatusCreditsExhausted] == 0
	if r.Complete {
		r.StopReason = ""
	}
	if e.cr.known {
		left := e.cr.balance - e.cr.foundSince
		r.CreditsLeft = &left
	}
	for i := range e.m.lookups {
		l := &e.m.lookups[i]
		if l.phase != state.Found && l.phase != state.NotFound {
			continue
		}
		km := r.MatchRate[l.kind.String()]
		km.Tried++
		if l.phase == state.Found {
			km.Found++
		}
		km.Rate = float64(km.Found) / float64(km.Tried)
		r.MatchRate[l.kind.String()] = km
	}
	if span := e.stats.lastSend.Sub(e.stats.firstSend); e.stats.itemsSent > 0 {
		// The last request's items count over a full window after it: the
		// rate is what the budget let through, not a burst.
		span += e.cfg.RateWindow
		r.ItemsPerMinute = float64(e.stats.itemsSent) / span.Minutes()
	}
	return r
}

// WriteSummary prints the report for a person.
func (r *Report) WriteSummary(w io.Writer) {
	state := "complete"
	if !r.Complete {
		state = "incomplete (" + r.StopReason + "); run the same command again to resume"
	}
	fmt.Fprintf(w, "enrich: %s → %s: %s\n", r.Input, r.Output, state)
	statuses := make([]string, 0, len(r.RowsByStatus))
	for st := range r.RowsByStatus {
		statuses = append(statuses, st)
	}
	sort.Slice(statuses, func(i, j int) bool { return r.RowsByStatus[statuses[i]] > r.RowsByStatus[statuses[j]] })
	parts := make([]string, len(statuses))
	for i, st := range statuses {
		parts[i] = fmt.Sprintf("%s %d", st, r.RowsByStatus[st])
	}
	fmt.Fprintf(w, "  rows       %d: %s\n", r.Rows, strings.Join(parts, ", "))
	for _, k := range ident.Kinds {
		if km, ok := r.MatchRate[k.String()]; ok {
			fmt.Fprintf(w, "  %-10s %d of %d found (%.0f%%)\n", k, km.Found, km.Tried, 100*km.Rate)
		}
	}
	fmt.Fprintf(w, "  lookups    %d distinct, %d items sent in %d requests, %d resubmitted, %d rate-limited\n",
		r.Lookups, r.ItemsSent, r.Requests, r.Resubmissions, r.RateLimited)
	left := ""
	if r.CreditsLeft != nil {
		left = fmt.Sprintf(", %d left", *r.CreditsLeft)
	}
	fmt.Fprintf(w, "  credits    %d used%s\n", r.CreditsUsed, left)
	fmt.Fprintf(w, "  time       %s at %.0f items/min (budget %.0f)\n",
		(time.Duration(r.DurationSeconds * float64(time.Second))).Round(time.Second), r.ItemsPerMinute, r.BudgetItemsPerMinute)
	fmt.Fprintf(w, "  report     %s.report.json\n", r.Output)
}
