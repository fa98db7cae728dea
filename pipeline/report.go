package pipeline

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/enrich-dev/enrich/export"
	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/internal/gctarget"
	"github.com/enrich-dev/enrich/report"
	"github.com/enrich-dev/enrich/sinks"
	"github.com/enrich-dev/enrich/state"
)

// runStats are the engine's counters for the report.
type runStats struct {
	requests, itemsSent, resent, expired, rateLimited int
	callbacks, stale, gaveUp, uncertain, relookups    int
	refused                                           map[string]int // items of requests the service did not take, by its answer
	refreshed                                         int            // identifiers looked up again by --refresh-older-than
	redone                                            int            // identifiers looked up again because their stored result was unusable
	refusedResults                                    int            // results of callbacks that named no request of the journal
	sharedIDs                                         int            // requestIds the service gave to a second request
	firstSend, lastSend                               time.Time
	lastResult                                        time.Time
}

// exportGCPercent is the collector's target while the output is written:
// the heap may grow by this percentage of what is live before a cycle.
// The run's model is then most of what is live, and the rows written make
// garbage fast: the default of 100 let the heap of a million-row sheet's
// run reach 190 MB for 95 MB live. The cycles this adds are cheap ones:
// the model's rows, their lookups' indices and the index of identifiers
// hold no pointer to scan.
const exportGCPercent = 80

// outputConfig is what every export of a run's output is told: the
// files and what the output holds.
func outputConfig(cfg *Config) export.Config {
	return export.Config{
		Input:           cfg.Input,
		Output:          cfg.Output,
		Beside:          cfg.sideFiles(),
		Wait:            cfg.ServiceWait,
		Source:          cfg.Source,
		WithoutContacts: cfg.WithoutContacts,
		NoFormulaGuard:  cfg.NoFormulaGuard,
		Fill:            cfg.Fill,
		Append:          cfg.Append,
		OnlyChanged:     cfg.OnlyChanged,
		Progress:        cfg.FileProgress,
		ByName:          cfg.FindByName,
		MinConfidence:   cfg.MinConfidence,
	}
}

// finish writes the output and the report.
func (e *engine) finish(ctx context.Context) (*report.Run, error) {
	cfg := outputConfig(e.cfg)
	cfg.Refresh = e.cfg.RefreshOlderThan > 0
	cfg.ByName = e.m.ByName
	run := export.FromRun{Model: e.m, Cache: e.x, Kept: e.kept, Choices: e.cfg.choices}
	defer gctarget.Lower(exportGCPercent)()
	written, err := export.ExportRun(context.WithoutCancel(ctx), e.j, cfg, run)
	if errors.Is(err, state.ErrDamaged) {
		// Damaged under the run: the output is written from what the run
		// knows, its rows that need the journal saying so.
		e.cfg.Log.Error("the journal was damaged during the run; the output is written from what the run knows", "error", err)
		if e.err == nil {
			e.err = fmt.Errorf("%w: %v", fault.ErrStorage, err)
		}
		cfg.Refresh, run.WithoutJournal = false, true
		written, err = export.ExportRun(context.WithoutCancel(ctx), e.j, cfg, run)
	}
	if err != nil {
		return nil, fmt.Errorf("write output: %w", err)
	}
	return e.reportOf(ctx, written)
}

// reportOf makes the report of a run whose output is written, and writes
// it beside the output.
func (e *engine) reportOf(ctx context.Context, written export.Result) (*report.Run, error) {
	r := e.report(written.Rows)
	withOutput(r, e.cfg, written)
	if e.m.ByName && len(e.m.Names) > 0 {
		r.ByName = &report.ByName{Rows: written.ByName, Moved: written.Moved, Ambiguous: written.Ambiguous,
			High: written.High, Medium: written.Medium, NotFound: written.NameNotFound,
			Searches: e.sr.stats.queries, Profiles: e.sr.stats.profiles, Stopped: e.sr.stopped}
		r.MatchRate[report.KindName] = r.ByName.Match()
		if written.Ambiguous > 0 {
			r.ByName.CandidatesFile = export.CandidatesPath(e.cfg.besideOutput())
		}
		if e.sr.stopped != "" && !r.Complete && (r.StopReason == fault.StopWaiting || r.StopReason == "") {
			r.StopReason = e.sr.stopped
		}
	}
	r.Budget = e.budgetUse(e.clock.Now())
	if n := e.kept.Count(); n > 0 {
		r.Kept, r.KeptFile = n, export.KeptPath(e.cfg.besideOutput())
	}
	if e.cfg.RefreshOlderThan > 0 {
		r.Refreshed = e.stats.refreshed
		var err error
		if r.Changes, err = export.Changes(ctx, e.j, e.cfg.WithoutContacts, e.started); err != nil {
			e.cfg.Log.Warn("the people who changed jobs could not be listed", "error", err)
		}
	}
	if err := r.WriteFilesBeside(e.cfg.sideFiles()); err != nil {
		return nil, err
	}
	return r, nil
}

// withOutput adds to a run's report what its output says: the cells
// filled, the rows whose stored result is damaged, the coverage and the
// rows to fix.
func withOutput(r *report.Run, cfg *Config, written export.Result) {
	if r.Fill = written.Fill; r.Fill != nil {
		r.Fill.File = export.FilledPath(cfg.besideOutput())
	}
	r.Damaged = written.Damaged
	r.Coverage, r.Fix = written.Coverage, written.Fix
	if r.Fix.Rows == nil {
		r.Fix.Rows = []report.FixRow{} // a list in the JSON, even when empty
	}
}

// reportState says whether the run is complete, and if not why it
// stopped and what to run next.
func (e *engine) reportState(r *report.Run, counts export.RowCounts) {
	setState(r, counts, e.cfg.CommandLine)
	if r.StopReason == fault.StopOutage && !e.cr.known {
		r.StopReason = fmt.Sprintf("%s (%v): it never answered this run", fault.StopOutage, e.cfg.ServiceWait)
	}
}

// setState says whether the run whose rows are counts is complete, and
// if not why it stopped (r.StopReason, when the run knows it) and the
// command line that goes on.
func setState(r *report.Run, counts export.RowCounts, commandLine string) {
	for st, n := range counts {
		r.RowsByStatus[string(st)] = n
	}
	r.Complete = true
	for _, st := range []sinks.Status{sinks.StatusPending, sinks.StatusCreditsExhausted, sinks.StatusError} {
		if counts[st] > 0 {
			r.Complete = false
		}
	}
	switch {
	case r.Complete:
		r.StopReason = ""
	case r.StopReason == "" && counts[sinks.StatusError] > 0:
		r.StopReason = fault.StopErrors(counts[sinks.StatusError])
	case r.StopReason == "":
		r.StopReason = fault.StopWaiting
	}
	if !r.Complete {
		r.Next = commandLine
	}
}

// reportCredits fills what the run counted against --max-credits and
// the balance it read.
func (e *engine) reportCredits(r *report.Run) {
	if e.cfg.MaxCredits > 0 {
		r.Credits.Counted = e.cr.spent()
	}
	if e.cr.known {
		start := e.cr.start
		r.Credits.BalanceStart = &start
		if !e.cr.stale {
			end, drop := e.cr.balance, e.cr.drop()
			r.Credits.BalanceEnd, r.Credits.BalanceDrop = &end, &drop
		}
	}
}

// matchRates counts, for each identifier kind, the lookups answered and
// those that found the person.
func (e *engine) matchRates(r *report.Run) {
	for i := range e.m.Lookups {
		l := &e.m.Lookups[i]
		if l.Phase != state.Found && l.Phase != state.NotFound {
			continue
		}
		if l.Searched {
			continue // found by name and company: ByName counts the rows searched
		}
		kind := l.Kind.String()
		km := r.MatchRate[kind]
		km.Tried++
		if l.Phase == state.Found {
			km.Found++
		}
		km.Rate = float64(km.Found) / float64(km.Tried)
		r.MatchRate[kind] = km
	}
}

// exitCode is the exit code that tells the truth about a run that wrote
// its report.
func exitCode(r *report.Run, err error) int {
	switch {
	case errors.Is(err, fault.ErrAccount), fault.NeedsFix(err):
		return fault.ExitUsage
	case err != nil:
		return fault.ExitError
	case r.Complete:
		return fault.ExitOK
	case r.StopReason == fault.StopInterrupted:
		return fault.ExitInterrupted
	}
	return fault.ExitIncomplete
}

func (e *engine) report(counts export.RowCounts) *report.Run {
	now := e.clock.Now()
	r := newReport(e.cfg, e.mode, e.started, now, counts)
	r.StopReason = e.stop
	r.Lookups = len(e.m.Lookups)
	r.Requests, r.ItemsSent, r.Refused, r.Redone = e.stats.requests, e.stats.itemsSent, e.stats.refused, e.stats.redone
	r.Resubmissions, r.Expired, r.RateLimited = e.stats.resent, e.stats.expired, e.stats.rateLimited
	r.Callbacks, r.Duplicates, r.RefusedResults = e.stats.callbacks, e.stats.stale, e.stats.refusedResults
	r.SharedRequestIDs, r.Uncertain = e.stats.sharedIDs, e.stats.uncertain
	r.Credits.ProfilesReceived, r.Credits.Relookups, r.Credits.Undelivered = e.cr.profiles, e.stats.relookups, e.cr.undelivered()
	if e.timeline.windows != nil {
		r.Timeline.Windows = e.timeline.windows
	}
	if e.timeline.events != nil {
		r.Timeline.Events = e.timeline.events
	}
	e.reportState(r, counts)
	e.reportCredits(r)
	e.matchRates(r)
	r.ItemsPerMinute = e.itemsPerMinute(now)
	r.ExitCode = exitCode(r, e.err)
	return r
}

// newReport is the report of a run of cfg that started at started and
// ends at now with the rows counts, before it says what the run did.
func newReport(cfg *Config, mode state.Mode, started, now time.Time, counts export.RowCounts) *report.Run {
	names := cfg.shown()
	return &report.Run{
		Command:              cfg.CommandLine,
		Input:                names.Input,
		Output:               names.Output,
		Journal:              names.Journal,
		Page:                 names.Page,
		Settings:             cfg.Settings,
		Rows:                 counts.Total(),
		RowsByStatus:         map[string]int{},
		MatchRate:            map[string]report.KindMatch{},
		Started:              started.UTC(),
		Finished:             now.UTC(),
		DurationSeconds:      now.Sub(started).Seconds(),
		BudgetItemsPerMinute: float64(cfg.ItemsPerMinute) * float64(time.Minute) / float64(cfg.RateWindow),
		Credits:              report.Credits{Pool: mode.String(), MaxCredits: cfg.MaxCredits},
		Timeline: report.Timeline{
			WindowSeconds: cfg.RateWindow.Seconds(),
			Budget:        cfg.ItemsPerMinute,
			Windows:       []report.Window{},
			Events:        []report.Event{},
		},
	}
}
