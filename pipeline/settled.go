package pipeline

import (
	"context"
	"errors"
	"os"
	"time"

	"github.com/enrich-dev/enrich/export"
	"github.com/enrich-dev/enrich/internal/gctarget"
	"github.com/enrich-dev/enrich/report"
	"github.com/enrich-dev/enrich/state"
)

// settledRun is a run whose journal settled every row of its input before
// it started (export.Settled): its output was written straight from the
// journal as the input was read, once, and nothing is sent.
type settledRun struct {
	of      *export.Settled
	written export.Result
}

// modelOnly, set by tests only, has every run read its input into its
// model, as a run whose journal does not settle its rows does.
var modelOnly bool

// settle writes the output of a run whose journal already settles every
// row, from the journal's answers, reading the input once: the run then
// has nothing to send, and no model to build. It reports whether it did.
// It does not try when the run has work the rows do not show (requests of
// an earlier run still open, results kept beside the output, a refresh);
// it stops at the first row that is not settled, having written nothing,
// which costs the run the reading of the rows up to it. Whatever else
// stops it, but Ctrl-C, the run goes on as if it had not tried: reading
// its input into its model, it meets the same trouble where it has a
// designed outcome.
func (e *engine) settle(ctx context.Context) (bool, error) {
	cfg := e.cfg
	if modelOnly || cfg.RefreshOlderThan > 0 {
		return false, nil
	}
	if _, err := os.Stat(export.KeptPath(cfg.sideFiles())); !errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if open, err := e.j.OpenBatches(); err != nil || len(open) > 0 {
		return false, nil
	}
	var stored int64
	if err := e.j.View(func(r *state.Reader) error { stored = r.LookupCount(e.mode); return nil }); err != nil || stored == 0 {
		return false, nil
	}
	cfg.Log.Info("writing the output from the journal, which may answer every row", "file", cfg.shown().Input)
	s := &export.Settled{ByName: cfg.FindByName}
	defer gctarget.Lower(exportGCPercent)() // as a run's output is written: a million-row workbook's peak stays in bounds
	out := outputConfig(cfg)
	out.Settle = s
	written, err := export.Export(ctx, e.j, out)
	switch {
	case err == nil:
		e.settled = &settledRun{of: s, written: written}
		cfg.Log.Info("every row is settled by the journal: the output is written from it, and nothing is sent", "rows", written.Rows.Total(), "lookups", s.Lookups(), "took", e.clock.Now().Sub(e.started).Round(time.Millisecond))
		return true, nil
	case ctx.Err() != nil:
		return false, ctx.Err()
	case !errors.Is(err, export.ErrUnsettled):
		cfg.Log.Debug("the output could not be written from the journal alone", "error", err)
	default:
		cfg.Log.Info("the journal does not settle every row: the run reads its input, to look up what the journal lacks", "took", e.clock.Now().Sub(e.started).Round(time.Millisecond))
	}
	return false, nil
}

// finishSettled ends a settled run: the output is written, and the
// report says so, as a run with nothing to send.
func (e *engine) finishSettled(ctx context.Context) (*report.Run, error) {
	e.tick(e.clock.Now(), true)
	return e.reportOf(ctx, e.settled.written)
}

// lookups returns the number of distinct identifiers of the input.
func (e *engine) lookups() int {
	if e.settled != nil {
		return e.settled.of.Lookups()
	}
	return len(e.m.Lookups)
}

// rowsResolved returns the number of rows of the input, and of those
// whose outcome is final.
func (e *engine) rowsResolved() (rows, resolved int) {
	if e.settled != nil {
		rows = e.settled.written.Rows.Total()
		return rows, rows
	}
	resolved = e.m.NoIdentifier
	for i := range e.m.Rows {
		if e.m.Done(int32(i)) {
			resolved++
		}
	}
	return len(e.m.Rows) + e.m.NoIdentifier, resolved
}
