// Package export writes the enriched sheet: the input joined with the
// journal's answers, row by row in the input's order, through sinks. A run
// ends with it, and enrich export runs it alone. It also holds what the
// output brings with it: the check of the output's path, the results kept
// beside it when the journal could not store them, the preload of the
// profiles the rows need, and the changes a refresh found.
package export

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"runtime"
	"slices"
	"time"

	"github.com/enrich-dev/enrich/internal/fill"
	"github.com/enrich-dev/enrich/internal/ordered"
	"github.com/enrich-dev/enrich/internal/sheet"
	"github.com/enrich-dev/enrich/runsheet"
	"github.com/enrich-dev/enrich/sinks"
	"github.com/enrich-dev/enrich/sources"
	"github.com/enrich-dev/enrich/state"
)

// Config says what to export: the options a user gives, to enrich export
// as to a run.
type Config struct {
	Input  string
	Output string
	// Beside is the path the files written beside the output are named
	// after (the candidates, the cells filled, the results kept): ""
	// is Output; for a database's table, sinks.Beside.
	Beside          string
	Source          sources.Options
	WithoutContacts bool
	// Columns are the appended columns, in order; nil means
	// sinks.DefaultColumns().
	Columns []sinks.Column
	// NoFormulaGuard writes CSV cells as raw text (see sinks.Formulaic).
	NoFormulaGuard bool
	// Refresh adds what changed since a refreshed identifier's previous
	// answer (RefreshColumns, and the previous profile in JSONL).
	Refresh bool
	// Progress, when set, is told how far the export is: the rows read
	// when it reads the identifiers first, then the rows written.
	Progress sources.FileProgress
	// Fill writes found values into the sheet's own columns, under a rule
	// per field (--fill); the zero Fill writes none.
	Fill fill.Rules
	// Append names the enrich_* columns appended (--append, ParseAppend):
	// nil appends them all, an empty list none.
	Append []string
	// OnlyChanged writes only the rows a fill changed, with the header
	// and the rows above it (--only-changed).
	OnlyChanged bool
	// ByName takes the last step of the waterfall of rows that name a
	// person by name and company: the person their search found. It adds
	// the enrich_match column, and writes the candidates of ambiguous rows
	// beside the output (CandidatesPath).
	ByName bool
	// MinConfidence is the least confidence of a match by name
	// (ParseMinConfidence): under high, a row matched with medium
	// confidence is ambiguous, its one candidate proposed in the
	// candidates sheet. "" is medium: every match the search made.
	MinConfidence string
	// Decisions is the file the choices among the candidates of ambiguous
	// rows are read from (ReadChoices): a candidates sheet as a person
	// saved it, CSV or .xlsx. "" reads the candidates sheet beside Output
	// and the workbook saved beside it, those that exist. Read only with
	// ByName.
	Decisions string
	// Log, when set, is told of the choices read from the decisions
	// files: those refused, each with its row and why.
	Log *slog.Logger
	// Wait is how long a database output that does not answer is waited
	// for (--service-wait).
	Wait time.Duration

	// cacheBytes bounds the decoded profiles an export keeps; 0 means
	// maxCachedBytes.
	cacheBytes int
}

// FromRun is what a run that ends hands over to the export of its
// output; enrich export has none of it.
type FromRun struct {
	// Model is the run's model of the input with the journal's answers:
	// the rows' identifiers and the answers it holds are taken from it
	// rather than parsed and looked up again row by row, while the input
	// is the file it was read from.
	Model *runsheet.Sheet
	// Cache is the run's exporter, its profiles decoded when the run
	// checked them: the output is written from it.
	Cache *Exporter
	// Kept holds the results the run could not store in the journal.
	Kept *Kept
	// WithoutJournal writes the output from what the run knows (Model,
	// Cache and Kept) without reading the journal, damaged under the run.
	WithoutJournal bool
	// Choices are the choices among the candidates of ambiguous rows the
	// run read before it started, and keeps in the journal: Decisions is
	// not read again.
	Choices *Choices
	// Settle, when set, has the export write a run's output only if the
	// journal settles every row (see Settled), and stop with ErrUnsettled
	// at the first row it does not, having written nothing.
	Settle *Settled
}

// Reasons of rows whose stored result cannot be used.
const (
	reasonDamaged  = "the journal's record of this result is damaged; the next run looks it up again"
	reasonMismatch = "the journal's record of this result belongs to another identifier; the next run looks it up again"
	// A person who asked to be forgotten.
	reasonSuppressed = "the person asked to be forgotten (enrich forget): never looked up"
	// The output of a run whose journal was damaged under it.
	reasonJournalGone = "the journal was damaged while the run held it; `enrich journal salvage` copies what is readable into a new journal to run with"
	// The profile of the person a search by name found names someone
	// else: the search's brief profile hid the name.
	reasonOtherName = "the person the search by name found has another name, or no role at the row's company, on their profile"
	// A lookup looked up again once is not looked up again.
	reasonUnusableAgain = "the journal's record of this result is unusable again after it was looked up again; `enrich journal check` shows the damage"
)

// Export writes the enriched sheet: every input row, in order, with the
// columns its lookups give. It is a pure function of the input and the
// journal, so it can run at any time, and it writes the output atomically.
// A result the journal cannot give back whole makes its rows error rows,
// never stops the export.
func Export(ctx context.Context, j *state.Journal, cfg Config) (Result, error) {
	return ExportRun(ctx, j, cfg, FromRun{})
}

// ExportRun is Export for a run that ends, with what it hands over.
func ExportRun(ctx context.Context, j *state.Journal, cfg Config, run FromRun) (Result, error) {
	if err := run.complete(ctx, j, cfg); err != nil {
		return Result{}, err
	}
	src, err := answersFor(ctx, j, cfg, &run)
	if err != nil {
		return Result{}, err
	}
	defer src.stop()
	return export(ctx, j, cfg, run, src)
}

// complete gives what a run did not hand over the export's own: the
// choices among candidates read from the decisions files, the results
// kept beside the output, a cache of profiles.
func (run *FromRun) complete(ctx context.Context, j *state.Journal, cfg Config) error {
	if cfg.ByName && run.Choices == nil && !run.WithoutJournal {
		c, err := exportChoices(ctx, j, cfg, run.Model != nil)
		if err != nil {
			return err
		}
		run.Choices = c
	}
	if run.Kept == nil {
		k, err := loadKept(cfg.beside(), state.ModeOf(cfg.WithoutContacts))
		if err != nil {
			return err
		}
		run.Kept = k
	}
	if run.Cache == nil {
		run.Cache = NewExporter(state.ModeOf(cfg.WithoutContacts), cfg.cacheBytes)
	}
	return nil
}

// export writes the output of the input's rows, answered from src.
func export(ctx context.Context, j *state.Journal, cfg Config, run FromRun, src answerSource) (Result, error) {
	mode := state.ModeOf(cfg.WithoutContacts)
	creditsOut, err := creditsOutIn(j, run, mode)
	if err != nil {
		return Result{}, err
	}
	source := cfg.Source
	source.CellsOnly = src.rows() >= 0
	t, err := sources.Open(cfg.Input, source)
	if err != nil {
		return Result{}, err
	}
	defer t.Close()
	format, err := sinks.FormatOf(cfg.Output)
	if err != nil {
		return Result{}, err
	}
	if run.Settle != nil && (len(t.Columns()) == 0 || sinks.CheckFits(t.Layout(), format, len(sinks.DefaultColumns())) != nil) {
		return Result{}, ErrUnsettled // the run refuses the sheet itself
	}
	byName := cfg.ByName && t.FindsByName()
	w, fl, err := createOutput(cfg, t, byName)
	if err != nil {
		return Result{}, err
	}
	defer w.Abort()

	// Three stages: a goroutine reads the rows in chunks, workers derive
	// each chunk's outcomes from the journal (each in its own read
	// transaction, so that a long export never holds one open, and with
	// its own buffer), and this goroutine writes the chunks in file order.
	// The workers share the exporter's cache of decoded profiles.
	workers := max(runtime.GOMAXPROCS(0), 1)
	x := run.Cache
	x.creditsOut, x.jsonl, x.refresh, x.kept = creditsOut, format == sinks.FormatJSONL, cfg.Refresh, run.Kept
	x.byName, x.people, x.settle, x.fill = byName, t.People(), run.Settle, fl
	x.key = -1
	if layout := t.Layout(); layout.Key != "" {
		x.key = slices.Index(layout.Header, layout.Key)
	}
	x.minConfidence, x.table, x.suppression = cfg.MinConfidence, nil, nil
	if !run.WithoutJournal {
		if err := j.View(func(r *state.Reader) error { x.suppression = r.Suppression(); return nil }); err != nil {
			return Result{}, err
		}
	}
	progress := progressOf(cfg, src.rows())
	progress(0)
	if err := src.ready(ctx, x, j, workers); err != nil {
		return Result{}, err
	}
	if x.settle != nil {
		x.settle.start(x.table)
	}
	x.format = sinks.FormatterOf(w)
	if cfg.OnlyChanged {
		x.format = nil // which rows are written is known only in order
	}
	chunks := ordered.Start(workers, chunkReader(ctx, t), x.worker(j, src, run))
	defer chunks.Stop()
	res, ambiguous, filled, err := x.writeChunks(chunks, w, progress, cfg.OnlyChanged)
	if err != nil {
		return Result{}, err
	}
	if x.settle != nil && res.Rows.Total() == 0 {
		return Result{}, ErrUnsettled // the run refuses a sheet without rows
	}
	if cfg.Progress != nil && src.rows() < 0 {
		// Read once: the total is known at the end.
		cfg.Progress(sources.PassWrite, res.Rows.Total(), int64(res.Rows.Total()))
	}
	if err := sinks.WriteTail(w, t.Tail()); err != nil {
		return Result{}, err
	}
	if err := w.Commit(); err != nil {
		return Result{}, err
	}
	err = writeBeside(cfg, run.Choices, &res, byName, ambiguous, fl, filled, w)
	return res, err
}

// writeChunks writes the rows of the chunks in file order, counting
// them, and returns the ambiguous rows, for the candidates sheet.
func (x *Exporter) writeChunks(chunks *ordered.Map[*exportChunk, *exportChunk], w sinks.Writer, progress func(int), onlyChanged bool) (Result, []ambiguousRow, chunkFills, error) {
	res := Result{Rows: RowCounts{}}
	written := 0
	var ambiguous []ambiguousRow
	filled := newChunkFills()
	for {
		c, more, readErr := chunks.Next()
		if !more {
			break
		}
		if c.err != nil {
			return Result{}, nil, filled, c.err
		}
		for i, row := range c.rows {
			out := &c.outs[i]
			res.Rows[out.Status]++
			x.tally(&res, row, out)
			res.countByName(out)
			if onlyChanged && len(out.Fills) == 0 {
				continue // left out
			}
			res.Written++
			if x.format != nil {
				continue // written below, as the worker formatted them
			}
			if err := w.Write(row, out); err != nil {
				return Result{}, nil, filled, err
			}
		}
		if x.format != nil && c.text != nil {
			if err := x.format.WriteFormatted(c.text, len(c.rows)); err != nil {
				return Result{}, nil, filled, err
			}
			text := c.text[:0]
			x.texts.Put(&text)
		}
		res.Damaged += c.damaged
		ambiguous = append(ambiguous, c.ambiguous...)
		filled.add(c.fills)
		written += len(c.rows)
		progress(written)
		if errors.Is(readErr, io.EOF) {
			break
		}
		if readErr != nil {
			return Result{}, nil, filled, readErr
		}
	}
	return res, ambiguous, filled, nil
}

// creditsOutIn says whether the journal holds that the credits of mode
// ran out; nothing without a journal.
func creditsOutIn(j *state.Journal, run FromRun, mode state.Mode) (bool, error) {
	if run.WithoutJournal {
		return false, nil
	}
	return j.Flag(state.FlagCreditsExhausted(mode))
}

// outputColumns are the columns an export appends: those asked for, the
// refresh's, and the match's of rows found by name.
func outputColumns(cfg Config, byName bool) []sinks.Column {
	columns := cfg.Columns
	if columns == nil && cfg.Refresh {
		columns = RefreshColumns()
	}
	if byName {
		if columns == nil {
			columns = sinks.DefaultColumns()
		}
		columns = withMatchColumn(columns)
	}
	return columns
}

// progressOf tells cfg.Progress of the rows written, out of total (-1:
// not known before the end).
func progressOf(cfg Config, total int) func(written int) {
	if cfg.Progress == nil {
		return func(int) {}
	}
	return func(written int) { cfg.Progress(sources.PassWrite, written, int64(total)) }
}

// worker returns the workers' function that derives a chunk's outcomes
// from src, each chunk in a read transaction of its own, with the
// choices among candidates.
func (x *Exporter) worker(j *state.Journal, src answerSource, run FromRun) func() func(*exportChunk) *exportChunk {
	return func() func(*exportChunk) *exportChunk {
		s := &journalScan{choices: run.Choices}
		return func(c *exportChunk) *exportChunk {
			if run.WithoutJournal {
				c.err = x.chunk(s, c, src)
				return c
			}
			c.err = j.View(func(r *state.Reader) error {
				s.Reader = r
				defer func() { s.Reader = nil }()
				if x.chunks.Add(1)%releaseEvery == 0 {
					r.ReleasePages(journalResident)
				}
				return x.chunk(s, c, src)
			})
			return c
		}
	}
}

// exportChunk is a run of rows and, once worked, their outcomes.
type exportChunk struct {
	rows    []sheet.Row
	first   int // the number of rows before the chunk's first
	outs    []sinks.Outcome
	damaged int
	// ambiguous are the chunk's rows found only by name that are
	// ambiguous, with their candidates.
	ambiguous []ambiguousRow
	// fills are the cells its rows filled, and those kept.
	fills chunkFills
	// text is the rows as the output writes them, when a worker formats
	// them (sinks.FormatterOf).
	text []byte
	err  error
}

// exportChunkRows is the number of rows of a chunk.
const exportChunkRows = 500

// Each result is read about once, so without releases the whole journal
// would become resident: every releaseEvery chunks, the journal's pages
// are dropped if the process's memory that maps files is over
// journalResident (state.Reader.ReleasePages). The limit is a trade: a
// dropped page costs a page fault when it is read again (on the
// 300,000-row benchmark, the export took 4.75 s at 32 MiB, 3.17 s at
// 128 MiB), and what is kept counts in the peak memory (at 128 MiB, a run
// writing that sheet as .xlsx peaks at 268 MB, over its target of 250 MiB).
const (
	releaseEvery    = 4
	journalResident = 64 << 20
)

// chunkReader returns a reader of the table's rows in chunks, which
// returns with the last chunk the error that ended the reading: io.EOF at
// the end.
func chunkReader(ctx context.Context, t *sources.Table) func() (*exportChunk, error) {
	read := 0 // the rows of the chunks before
	return func() (*exportChunk, error) {
		c := &exportChunk{rows: make([]sheet.Row, 0, exportChunkRows), first: read}
		defer func() { read += len(c.rows) }()
		if err := ctx.Err(); err != nil {
			return c, err
		}
		for len(c.rows) < exportChunkRows {
			row, err := t.Next()
			if err != nil {
				return c, err
			}
			c.rows = append(c.rows, row)
		}
		return c, nil
	}
}

// journalScan is a worker's reading of the journal: a read transaction,
// and the buffer results are decompressed into when they are not kept.
type journalScan struct {
	*state.Reader
	// choices are the people chosen among the candidates of ambiguous
	// rows (FromRun.Choices), read beside the journal's searches.
	choices *Choices
	buf     []byte
	// ids, hashes and places are a chunk's identifiers, their hashes
	// and their places in the table of answers (placesOf).
	ids    []string
	hashes []uint64
	places []int32
}

// placesOf finds the identifiers the rows name, in order, in the table of
// answers, all at once (idIndex.findAll); nil without a table.
func (x *Exporter) placesOf(r *journalScan, rows []sheet.Row) []int32 {
	if x.table == nil {
		return nil
	}
	r.ids = r.ids[:0]
	for _, row := range rows {
		for _, id := range row.IDs {
			r.ids = append(r.ids, id.Value)
		}
	}
	r.hashes = slices.Grow(r.hashes[:0], len(r.ids))[:len(r.ids)]
	r.places = slices.Grow(r.places[:0], len(r.ids))[:len(r.ids)]
	x.table.index.findAll(r.ids, r.hashes, r.places)
	return r.places
}

// chunk derives the outcomes of a chunk's rows from src.
func (x *Exporter) chunk(r *journalScan, c *exportChunk, src answerSource) error {
	if err := src.outcomes(x, r, c); err != nil {
		return err
	}
	for i, row := range c.rows {
		out := &c.outs[i]
		r.choices.note(row.Num, out)
		if x.fill != nil {
			x.fill.row(row, out, &c.fills)
		}
		if x.settle != nil && !x.settles(r, row, out) {
			return ErrUnsettled
		}
		if out.Status == sinks.StatusAmbiguous {
			if nm := src.name(x, r, c, i); nm != nil {
				c.ambiguous = append(c.ambiguous, ambiguousRow{num: row.Num, person: nm.person, why: out.Error, candidates: nm.search.Candidates})
			}
		}
	}
	if x.format != nil {
		c.text = *x.texts.Get().(*[]byte)
		for i, row := range c.rows {
			var err error
			if c.text, err = x.format.FormatRow(c.text, c.first+i, row, &c.outs[i]); err != nil {
				return err
			}
		}
	}
	return nil
}
