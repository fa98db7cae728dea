package export

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/enrich-dev/enrich/internal/sheet"
	"github.com/enrich-dev/enrich/runsheet"
	"github.com/enrich-dev/enrich/sinks"
	"github.com/enrich-dev/enrich/state"
)

// answerSource is where the rows' answers come from: the table of the
// journal's answers read whole (tableAnswers), a model of the input with
// the journal's answers to its identifiers (modelAnswers), or the
// journal read row by row (journalAnswers). An export chooses one, once,
// before it reads a row (answersFor).
type answerSource interface {
	// rows returns the number of the input's rows the source knows of,
	// or -1 when it knows none: a source that knows them holds their
	// identifiers, and the rows are read without them.
	rows() int
	// ready readies the answers before the first row is worked, once
	// the input and the output are open.
	ready(ctx context.Context, x *Exporter, j *state.Journal, workers int) error
	// outcomes derives the outcomes of a chunk's rows into c.outs, and
	// counts in c.damaged the rows that are errors because their stored
	// result is damaged.
	outcomes(x *Exporter, r *journalScan, c *exportChunk) error
	// name returns the name step of the chunk's i-th row (nil when it
	// names nobody, or finding by name is off).
	name(x *Exporter, r *journalScan, c *exportChunk, i int) *named
	// stop ends what the source does in the background.
	stop()
}

// answersFor chooses where the rows' answers come from. A run's model
// answers its own unchanged input. Otherwise, a journal of no more
// lookups than the input could name is read whole, while the input and
// the output are opened, and its results are decoded on another core
// meanwhile: the input is read once, as it is written. Of a larger
// journal, only the input's own identifiers are read, into a model,
// which reads the input twice. A refresh, whose columns need more than
// a table or a model holds, and an export without a journal to read,
// read the journal row by row.
func answersFor(ctx context.Context, j *state.Journal, cfg Config, run *FromRun) (answerSource, error) {
	if m := run.Model; m != nil && m.SameInput(cfg.Input) && !m.InvalidOver && !cfg.Refresh {
		return &modelAnswers{m: m, journal: !run.WithoutJournal}, nil
	}
	if cfg.Refresh || run.WithoutJournal {
		if run.Settle != nil {
			return nil, ErrUnsettled
		}
		return journalAnswers{}, nil
	}
	var preload *Exporter
	if format, _ := sinks.FormatOf(cfg.Output); format != sinks.FormatJSONL && !decodeEach {
		preload = run.Cache // JSONL reads each row's raw profile anyway
	}
	t, err := readAnswers(ctx, j, cfg, preload)
	switch {
	case err != nil:
		return nil, err
	case t != nil:
		return &tableAnswers{t: t, settle: run.Settle != nil}, nil
	case run.Settle != nil:
		return nil, ErrUnsettled // the run builds its model itself
	}
	m, err := readModel(ctx, j, cfg)
	if err != nil {
		return nil, err
	}
	return &modelAnswers{m: m, journal: true}, nil
}

// readModel reads the input's identifiers and the journal's answers to
// them, as a run does before it starts.
func readModel(ctx context.Context, j *state.Journal, cfg Config) (*runsheet.Sheet, error) {
	m, _, err := runsheet.Load(ctx, cfg.Input, cfg.Source, cfg.Progress)
	if err != nil {
		return nil, err
	}
	if err := m.ReadJournal(j, state.ModeOf(cfg.WithoutContacts), time.Time{}); err != nil {
		return nil, err
	}
	return m, nil
}

// tableAnswers answers the rows' identifiers from the table of the
// journal's answers. A table cut short by a journal holding more
// lookups than it counted answers the identifiers past the cut from
// the journal, row by row (Exporter.lookup); a run's export then has
// the run build its model.
type tableAnswers struct {
	t      *answerTable
	settle bool // FromRun.Settle: a run's export, which only a whole table settles
}

func (s *tableAnswers) rows() int { return -1 }

func (s *tableAnswers) ready(_ context.Context, x *Exporter, _ *state.Journal, _ int) error {
	switch err := s.t.wait(); {
	case s.t.partial && s.settle:
		return ErrUnsettled
	case err != nil && !s.t.partial:
		return err
	}
	x.table = s.t
	return nil
}

func (s *tableAnswers) outcomes(x *Exporter, r *journalScan, c *exportChunk) error {
	places := x.placesOf(r, c.rows)
	return eachOutcome(c, func(row sheet.Row) (sinks.Outcome, bool, error) {
		own := places[:len(row.IDs)]
		places = places[len(row.IDs):]
		return x.outcome(r, row, own)
	})
}

func (s *tableAnswers) name(x *Exporter, r *journalScan, c *exportChunk, i int) *named {
	return x.nameOf(r, c.rows[i].Cells, nil, -1)
}

func (s *tableAnswers) stop() { s.t.stop() }

// modelAnswers answers the rows from a model of the input: its rows'
// identifiers, and the answers the journal held for them when it was
// read. A lookup the model holds unsettled is read from the journal.
type modelAnswers struct {
	m       *runsheet.Sheet
	journal bool // the journal can be read (not FromRun.WithoutJournal)
}

func (s *modelAnswers) rows() int { return len(s.m.Rows) + s.m.NoIdentifier }

// ready decodes the results the rows read beforehand, in the journal's
// order (Exporter.preload).
func (s *modelAnswers) ready(ctx context.Context, x *Exporter, j *state.Journal, workers int) error {
	if x.jsonl || !s.journal {
		return nil // JSONL reads each row's raw profile anyway
	}
	return x.preload(ctx, j, s.m.FoundResults(), workers)
}

func (s *modelAnswers) outcomes(x *Exporter, r *journalScan, c *exportChunk) error {
	return eachOutcome(c, func(row sheet.Row) (sinks.Outcome, bool, error) {
		return x.knownOutcome(r, s.m, s.place(row), row)
	})
}

func (s *modelAnswers) name(x *Exporter, r *journalScan, c *exportChunk, i int) *named {
	return x.nameOf(r, c.rows[i].Cells, s.m, s.place(c.rows[i]))
}

// place returns the place of a row in the model, by its number: -1 for a
// row without a valid identifier, which the model does not hold.
func (s *modelAnswers) place(row sheet.Row) int32 {
	i, ok := slices.BinarySearchFunc(s.m.Rows, row.Num, func(r runsheet.Row, num int) int { return int(r.Num) - num })
	if !ok {
		return -1
	}
	return int32(i)
}

func (s *modelAnswers) stop() {}

// journalAnswers reads each row's answers from the journal as the row is
// worked, keeping the answers of the identifiers rows name again
// (Exporter.lookup).
type journalAnswers struct{}

func (journalAnswers) rows() int { return -1 }

func (journalAnswers) ready(context.Context, *Exporter, *state.Journal, int) error { return nil }

func (journalAnswers) outcomes(x *Exporter, r *journalScan, c *exportChunk) error {
	return eachOutcome(c, func(row sheet.Row) (sinks.Outcome, bool, error) { return x.outcome(r, row, nil) })
}

func (journalAnswers) name(x *Exporter, r *journalScan, c *exportChunk, i int) *named {
	return x.nameOf(r, c.rows[i].Cells, nil, -1)
}

func (journalAnswers) stop() {}

// eachOutcome derives the outcome of each of the chunk's rows, in order,
// with outcome, counting those whose stored result is damaged.
func eachOutcome(c *exportChunk, outcome func(row sheet.Row) (sinks.Outcome, bool, error)) error {
	c.outs = make([]sinks.Outcome, len(c.rows))
	for i, row := range c.rows {
		out, damaged, err := outcome(row)
		if err != nil {
			return fmt.Errorf("row %d: %w", row.Num, err)
		}
		c.outs[i] = out
		if damaged {
			c.damaged++
		}
	}
	return nil
}
