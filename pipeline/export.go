package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/sinks"
	"github.com/enrich-dev/enrich/sources"
	"github.com/enrich-dev/enrich/state"
)

// ExportConfig says what to export.
type ExportConfig struct {
	Input           string
	Output          string
	Source          sources.Options
	WithoutContacts bool
}

// RowCounts counts output rows by status.
type RowCounts map[sinks.Status]int

// Total returns the number of rows.
func (c RowCounts) Total() int {
	n := 0
	for _, v := range c {
		n += v
	}
	return n
}

// Export writes the enriched sheet: every input row, in order, with the
// columns its lookups give. It is a pure function of the input and the
// journal, so it can run at any time, and it writes the output atomically.
func Export(ctx context.Context, j *state.Journal, cfg ExportConfig) (RowCounts, error) {
	mode := state.WithContacts
	if cfg.WithoutContacts {
		mode = state.WithoutContacts
	}
	creditsOut, err := j.Flag(flagCreditsExhausted(mode))
	if err != nil {
		return nil, err
	}
	t, err := sources.Open(cfg.Input, cfg.Source)
	if err != nil {
		return nil, err
	}
	defer t.Close()
	w, err := sinks.Create(cfg.Output, t.Layout())
	if err != nil {
		return nil, err
	}
	defer w.Abort()

	counts := RowCounts{}
	// Rows are read in chunks, each in its own read transaction, so that a
	// long export never holds one open.
	const chunk = 2000
	rows := make([]sources.Row, 0, chunk)
	flush := func() error {
		err := j.View(func(r *state.Reader) error {
			for _, row := range rows {
				out, err := outcomeOf(r, mode, row, creditsOut)
				if err != nil {
					return fmt.Errorf("row %d: %w", row.Num, err)
				}
				counts[out.Status]++
				if err := w.Write(row, out); err != nil {
					return err
				}
			}
			return nil
		})
		rows = rows[:0]
		return err
	}
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		row, err := t.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		rows = append(rows, row)
		if len(rows) == chunk {
			if err := flush(); err != nil {
				return nil, err
			}
		}
	}
	if err := flush(); err != nil {
		return nil, err
	}
	if err := w.Commit(); err != nil {
		return nil, err
	}
	return counts, nil
}

// outcomeOf derives a row's status and profile from its identifiers'
// lookups: the first that found the person wins; identifiers that found
// nobody are passed over, as the waterfall did.
func outcomeOf(r *state.Reader, mode state.Mode, row sources.Row, creditsOut bool) (sinks.Outcome, error) {
	if len(row.IDs) == 0 {
		if len(row.Invalid) > 0 {
			return sinks.Outcome{Status: sinks.StatusInvalidIdentifier, Error: row.Invalid[0].Reason}, nil
		}
		return sinks.Outcome{Status: sinks.StatusNoIdentifier}, nil
	}
	waiting := sinks.StatusPending
	if creditsOut {
		waiting = sinks.StatusCreditsExhausted
	}
	for _, id := range row.IDs {
		l, ok, err := r.Lookup(mode, id.Value)
		if err != nil {
			return sinks.Outcome{}, err
		}
		if !ok {
			return sinks.Outcome{Status: waiting, Identifier: id.Value}, nil
		}
		switch l.Phase {
		case state.NotFound:
			continue
		case state.Found:
			raw, err := r.Result(l.Result)
			if err != nil {
				return sinks.Outcome{}, err
			}
			var res api.Result
			if err := res.UnmarshalJSON(raw); err != nil {
				return sinks.Outcome{}, fmt.Errorf("stored result for %s: %w", id.Value, err)
			}
			return sinks.Outcome{Status: sinks.StatusSuccess, Identifier: id.Value, Candidate: res.Candidate}, nil
		case state.Failed:
			return sinks.Outcome{Status: sinks.StatusError, Identifier: id.Value, Error: l.Reason}, nil
		case state.CreditsOver:
			return sinks.Outcome{Status: sinks.StatusCreditsExhausted, Identifier: id.Value}, nil
		default:
			return sinks.Outcome{Status: waiting, Identifier: id.Value}, nil
		}
	}
	return sinks.Outcome{Status: sinks.StatusNotFound, Identifier: row.IDs[len(row.IDs)-1].Value}, nil
}
