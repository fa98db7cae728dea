package pipeline

import (
	"context"
	"errors"
	"os"
	"time"

	"github.com/enrich-dev/enrich/export"
	"github.com/enrich-dev/enrich/internal/budget"
	"github.com/enrich-dev/enrich/internal/gctarget"
	"github.com/enrich-dev/enrich/report"
	"github.com/enrich-dev/enrich/state"
)

// settledRun is a run whose journal settled every row of its input before
// it started (export.Settled): its output was written straight from the
// journal as the input was read, once; nothing is sent, and no model is
// built.
type settledRun struct {
	cfg     *Config
	j       *state.Journal
	started time.Time
	of      *export.Settled
	written export.Result
}

// modelOnly, set by tests only, has every run read its input into its
// model, as a run whose journal does not settle its rows does.
var modelOnly bool

// settle writes the output of a run whose journal already settles every
// row, from the journal's answers, reading the input once: the run then
// has nothing to send, and no model to build. It returns nil when it did
// not. It does not try when the run has work the rows do not show
// (requests of an earlier run still open, results kept beside the
// output, a refresh); it stops at the first row that is not settled,
// having written nothing, which costs the run the reading of the rows up
// to it. Whatever else stops it, but Ctrl-C, the run goes on as if it had
// not tried: reading its input into its model, it meets the same trouble
// where it has a designed outcome.
func settle(ctx context.Context, cfg *Config, j *state.Journal) (*settledRun, error) {
	started := cfg.Clock.Now()
	if modelOnly || cfg.RefreshOlderThan > 0 {
		return nil, nil
	}
	if _, err := os.Stat(export.KeptPath(cfg.sideFiles())); !errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if open, err := j.OpenBatches(); err != nil || len(open) > 0 {
		return nil, nil
	}
	var stored int64
	if err := j.View(func(r *state.Reader) error { stored = r.LookupCount(cfg.mode()); return nil }); err != nil || stored == 0 {
		return nil, nil
	}
	cfg.Log.Info("writing the output from the journal, which may answer every row", "file", cfg.shown().Input)
	s := &export.Settled{ByName: cfg.FindByName}
	defer gctarget.Lower(exportGCPercent)() // as a run's output is written: a million-row workbook's peak stays in bounds
	written, err := export.ExportRun(ctx, j, outputConfig(cfg), export.FromRun{Choices: cfg.choices, Settle: s})
	switch {
	case err == nil:
		cfg.Log.Info("every row is settled by the journal: the output is written from it, and nothing is sent", "rows", written.Rows.Total(), "lookups", s.Lookups(), "took", cfg.Clock.Now().Sub(started).Round(time.Millisecond))
		return &settledRun{cfg: cfg, j: j, started: started, of: s, written: written}, nil
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case !errors.Is(err, export.ErrUnsettled):
		cfg.Log.Debug("the output could not be written from the journal alone", "error", err)
	default:
		cfg.Log.Info("the journal does not settle every row: the run reads its input, to look up what the journal lacks", "took", cfg.Clock.Now().Sub(started).Round(time.Millisecond))
	}
	return nil, nil
}

// finish ends a settled run: its report, as a run with nothing to send,
// written beside the output, and its last progress, shown and in the
// status file.
func (s *settledRun) finish(b budget.Budget) (*report.Run, error) {
	now := s.cfg.Clock.Now()
	rows := s.written.Rows.Total()
	r := newReport(s.cfg, s.cfg.mode(), s.started, now, s.written.Rows)
	r.Lookups = s.of.Lookups()
	setState(r, s.written.Rows, s.cfg.CommandLine)
	s.of.MatchRates(r.MatchRate)
	r.ExitCode = exitCode(r, nil)
	withOutput(r, s.cfg, s.written)
	r.Budget = budgetUse(b, &report.BudgetUse{}, now)
	last := Snapshot{Input: s.cfg.shown().Input, Output: s.cfg.shown().Output, PID: pid, Started: s.started.UTC(), Updated: now.UTC(), Finished: true,
		Lookups: r.Lookups, Rows: rows, Resolved: rows, Budget: r.Budget}
	s.cfg.Progress.Done(last)
	if err := writeStatus(s.cfg.Journal, last); err != nil {
		s.cfg.Log.Debug("status file not written", "error", err)
	}
	if err := r.WriteFilesBeside(s.cfg.sideFiles()); err != nil {
		return nil, err
	}
	return r, nil
}
