package pipeline

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/internal/ident"
	"github.com/enrich-dev/enrich/internal/profile"
	"github.com/enrich-dev/enrich/internal/sheet"
	"github.com/enrich-dev/enrich/sinks"
	"github.com/enrich-dev/enrich/sources"
	"github.com/enrich-dev/enrich/state"
)

// flagCreditsExhausted is set in the journal when a run stopped because
// the account's credits ran out: rows still waiting then read
// credits_exhausted rather than pending.
const flagCreditsExhausted = "credits-exhausted"

// ExportConfig says what to export.
type ExportConfig struct {
	Input           string
	Output          string
	Source          sources.Options
	WithoutContacts bool
	// Columns are the appended columns, in order; nil means
	// sinks.DefaultColumns().
	Columns []sinks.Column
	// NoFormulaGuard writes CSV cells as raw text (see sinks.Formulaic).
	NoFormulaGuard bool
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

// ExportResult is what an export wrote.
type ExportResult struct {
	Rows RowCounts
	// Damaged counts the rows written as error because the journal's
	// record of their lookup's result is damaged (it does not decompress or
	// decode, or it names another identifier). Running again looks those
	// identifiers up again.
	Damaged int
}

// Reasons of rows whose stored result cannot be used.
const (
	reasonDamaged  = "the journal's record of this result is damaged; run again to look it up again"
	reasonMismatch = "the journal's record of this result belongs to another identifier; run again to look it up again"
)

// Export writes the enriched sheet: every input row, in order, with the
// columns its lookups give. It is a pure function of the input and the
// journal, so it can run at any time, and it writes the output atomically.
// A result the journal cannot give back whole makes its rows error rows,
// never stops the export.
func Export(ctx context.Context, j *state.Journal, cfg ExportConfig) (ExportResult, error) {
	res, err := export(ctx, j, cfg, false)
	if errors.Is(err, sinks.ErrNotWindows1252) {
		// A value from the service does not fit the input's
		// Windows-1252: the same Excel reads UTF-8 with a BOM.
		res, err = export(ctx, j, cfg, true)
	}
	return res, err
}

func export(ctx context.Context, j *state.Journal, cfg ExportConfig, utf8 bool) (ExportResult, error) {
	x := &exporter{mode: state.WithContacts, jsonl: false, profiles: make(map[uint64]storedResult)}
	if cfg.WithoutContacts {
		x.mode = state.WithoutContacts
	}
	var err error
	if x.creditsOut, err = j.Flag(flagCreditsExhausted); err != nil {
		return ExportResult{}, err
	}
	t, err := sources.Open(cfg.Input, cfg.Source)
	if err != nil {
		return ExportResult{}, err
	}
	defer t.Close()
	format, err := sinks.FormatOf(cfg.Output)
	if err != nil {
		return ExportResult{}, err
	}
	x.jsonl = format == sinks.FormatJSONL
	w, err := sinks.Create(cfg.Output, t.Layout(), sinks.Options{Columns: cfg.Columns, NoFormulaGuard: cfg.NoFormulaGuard, UTF8: utf8})
	if err != nil {
		return ExportResult{}, err
	}
	defer w.Abort()

	res := ExportResult{Rows: RowCounts{}}
	// Rows are read in chunks, each in its own read transaction, so that a
	// long export never holds one open.
	const chunk = 2000
	rows := make([]sheet.Row, 0, chunk)
	flush := func() error {
		err := j.View(func(r *state.Reader) error {
			for _, row := range rows {
				out, damaged, err := x.outcome(r, row)
				if err != nil {
					return fmt.Errorf("row %d: %w", row.Num, err)
				}
				res.Rows[out.Status]++
				if damaged {
					res.Damaged++
				}
				if err := w.Write(row, &out); err != nil {
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
			return ExportResult{}, err
		}
		row, err := t.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return ExportResult{}, err
		}
		rows = append(rows, row)
		if len(rows) == chunk {
			if err := flush(); err != nil {
				return ExportResult{}, err
			}
		}
	}
	if err := flush(); err != nil {
		return ExportResult{}, err
	}
	if err := w.Commit(); err != nil {
		return ExportResult{}, err
	}
	return res, nil
}

// exporter derives rows' outcomes from the journal, decoding each stored
// profile once however many rows name it.
type exporter struct {
	mode       state.Mode
	creditsOut bool
	jsonl      bool // keep the raw candidate for the output
	profiles   map[uint64]storedResult
}

// storedResult is a decoded result of the journal.
type storedResult struct {
	item      string
	record    *profile.Record
	candidate json.RawMessage // only for JSONL
	damaged   bool
}

// maxCachedProfiles bounds the decoded profiles kept; past it the cache
// starts again, which costs only time on sheets that name more people.
const maxCachedProfiles = 200_000

// result returns the decoded result stored under id.
func (x *exporter) result(r *state.Reader, id uint64) storedResult {
	if s, ok := x.profiles[id]; ok && (!x.jsonl || s.damaged) {
		return s
	}
	var s storedResult
	raw, err := r.Result(id)
	var res api.Result
	if err == nil {
		err = res.UnmarshalJSON(raw)
	}
	if err != nil {
		s.damaged = true
	} else {
		rec := profile.Decode(res.Candidate)
		s.item, s.record = res.Item, &rec
		if x.jsonl {
			s.candidate = res.Candidate
		}
	}
	if len(x.profiles) >= maxCachedProfiles {
		clear(x.profiles)
	}
	cached := s
	cached.candidate = nil
	x.profiles[id] = cached
	return s
}

// outcome derives a row's status and profile from its identifiers'
// lookups: the first that found the person wins; identifiers that found
// nobody are passed over, as the waterfall did. It reports whether the
// row is an error because its stored result is damaged.
func (x *exporter) outcome(r *state.Reader, row sheet.Row) (sinks.Outcome, bool, error) {
	if len(row.IDs) == 0 {
		if len(row.Invalid) > 0 {
			inv := row.Invalid[0]
			return sinks.Outcome{Status: sinks.StatusInvalidIdentifier, Error: fmt.Sprintf("%s %q: %s", inv.Kind, inv.Value, inv.Reason)}, false, nil
		}
		return sinks.Outcome{Status: sinks.StatusNoIdentifier}, false, nil
	}
	waiting := sinks.StatusPending
	if x.creditsOut {
		waiting = sinks.StatusCreditsExhausted
	}
	for _, id := range row.IDs {
		l, ok, err := r.Lookup(x.mode, id.Value)
		if err != nil {
			return sinks.Outcome{}, false, err
		}
		if !ok {
			return sinks.Outcome{Status: waiting, Identifier: id.Value}, false, nil
		}
		switch l.Phase {
		case state.NotFound:
			continue
		case state.Found:
			s := x.result(r, l.Result)
			switch {
			case s.damaged:
				return sinks.Outcome{Status: sinks.StatusError, Identifier: id.Value, Error: reasonDamaged}, true, nil
			case !sameIdentifier(id, s.item):
				return sinks.Outcome{Status: sinks.StatusError, Identifier: id.Value, Error: reasonMismatch}, true, nil
			}
			return sinks.Outcome{Status: sinks.StatusSuccess, Identifier: id.Value, Profile: s.record, Candidate: s.candidate}, false, nil
		case state.Failed:
			return sinks.Outcome{Status: sinks.StatusError, Identifier: id.Value, Error: l.Reason}, false, nil
		case state.CreditsOver:
			return sinks.Outcome{Status: sinks.StatusCreditsExhausted, Identifier: id.Value}, false, nil
		default:
			return sinks.Outcome{Status: waiting, Identifier: id.Value}, false, nil
		}
	}
	return sinks.Outcome{Status: sinks.StatusNotFound, Identifier: row.IDs[len(row.IDs)-1].Value}, false, nil
}

// sameIdentifier reports whether a stored result's item is the identifier
// the row submitted: the same normalized value, however the service
// echoed it.
func sameIdentifier(id ident.ID, item string) bool {
	if item == id.Value {
		return true
	}
	v, err := ident.Normalize(id.Kind, item, "")
	return err == nil && v == id.Value
}
