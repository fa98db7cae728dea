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
	"fmt"
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

// Config says what to export.
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

	// What a run that ends hands over (enrich export leaves them zero).

	// Cache, when set, is the run's exporter, its profiles decoded when
	// the run checked them: the output is written from it.
	Cache *Exporter
	// Kept holds the results the run could not store in the journal.
	Kept *Kept
	// WithoutJournal writes the output from what the run knows (Known,
	// Cache and Kept) without reading the journal, damaged under the run.
	WithoutJournal bool
	// Known is a model of the input with the journal's answers (the
	// run's own, when a run exports; Export reads one otherwise): the
	// rows' identifiers and the answers it holds are taken from it rather
	// than parsed and looked up again row by row.
	Known *runsheet.Sheet
	// CacheBytes bounds the decoded profiles an export keeps; 0 means
	// maxCachedBytes.
	CacheBytes int
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
	// Choices, when set, are the choices already read (a run reads them
	// before it starts, and keeps them in the journal): Decisions is not
	// read again.
	Choices *Choices
	// Log, when set, is told of the choices read from the decisions
	// files: those refused, each with its row and why.
	Log *slog.Logger

	// Settle, when set, has the export write a run's output only if the
	// journal settles every row (see Settled), and stop with ErrUnsettled
	// at the first row it does not, having written nothing.
	Settle *Settled

	// Wait is how long a database output that does not answer is waited
	// for (--service-wait).
	Wait time.Duration

	// answers, when not nil, holds every answer of the journal
	// (readAnswers): the rows' identifiers are answered from it.
	answers *answerTable
}

// Reasons of rows whose stored result cannot be used.
const (
	reasonDamaged  = "the journal's record of this result is damaged; the next run looks it up again"
	reasonMismatch = "the journal's record of this result belongs to another identifier; the next run looks it up again"
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
	if cfg.ByName && cfg.Choices == nil && !cfg.WithoutJournal {
		c, err := exportChoices(ctx, j, cfg)
		if err != nil {
			return Result{}, err
		}
		cfg.Choices = c
	}
	if cfg.Known == nil && !cfg.Refresh && !cfg.WithoutJournal {
		// The journal's answers read in one pass cost less than looking
		// each identifier up as its row is written. A journal of no more
		// lookups than the input could name is read whole, while its
		// results are decoded on another core, and the input is read
		// once, as it is written; of a larger one, only the input's own
		// identifiers are read, which reads the input twice.
		if cfg.Cache == nil {
			cfg.Cache = NewExporter(state.ModeOf(cfg.WithoutContacts), cfg.CacheBytes)
		}
		var preload *Exporter
		if format, _ := sinks.FormatOf(cfg.Output); format != sinks.FormatJSONL && !decodeEach {
			preload = cfg.Cache // JSONL reads each row's raw profile anyway
		}
		a, err := readAnswers(ctx, j, cfg, preload)
		if err != nil {
			return Result{}, err
		}
		if a != nil {
			defer a.stop()
			cfg.answers = a
		} else if cfg.Settle != nil {
			return Result{}, ErrUnsettled
		} else if cfg.Known, err = knownModel(ctx, j, cfg); err != nil {
			return Result{}, err
		}
	}
	if cfg.Known != nil && !cfg.Known.SameInput(cfg.Input) {
		cfg.Known = nil
	}
	if cfg.Kept == nil {
		mode := state.ModeOf(cfg.WithoutContacts)
		k, err := loadKept(cfg.beside(), mode)
		if err != nil {
			return Result{}, err
		}
		cfg.Kept = k
	}
	utf8 := false
	for {
		res, err := export(ctx, j, cfg, utf8)
		switch {
		case errors.Is(err, errTableFull) && cfg.Settle != nil:
			return Result{}, ErrUnsettled
		case errors.Is(err, errTableFull):
			// More answers than the journal counted: only the input's
			// own identifiers are read.
			cfg.answers = nil
			if cfg.Known, err = knownModel(ctx, j, cfg); err != nil {
				return Result{}, err
			}
		case errors.Is(err, sinks.ErrNotWindows1252) && !utf8:
			// A value from the service does not fit the input's
			// Windows-1252: the same Excel reads UTF-8 with a BOM.
			utf8 = true
		case errors.Is(err, errInputChanged) && cfg.Known != nil:
			cfg.Known = nil // the rows are read and looked up again
		default:
			return res, err
		}
	}
}

// knownModel reads the input's identifiers and the journal's answers to
// them, as a run does before it starts.
func knownModel(ctx context.Context, j *state.Journal, cfg Config) (*runsheet.Sheet, error) {
	m, _, err := runsheet.Load(ctx, cfg.Input, cfg.Source, cfg.Progress)
	if err != nil {
		return nil, err
	}
	mode := state.ModeOf(cfg.WithoutContacts)
	if err := m.ReadJournal(j, mode, time.Time{}); err != nil {
		return nil, err
	}
	return m, nil
}

// errInputChanged says the input's rows are not those its model was read
// from.
var errInputChanged = errors.New("the input changed while the run read it")

func export(ctx context.Context, j *state.Journal, cfg Config, utf8 bool) (Result, error) {
	mode := state.ModeOf(cfg.WithoutContacts)
	creditsOut, err := creditsOutIn(j, cfg, mode)
	if err != nil {
		return Result{}, err
	}
	known := cfg.Known
	if cfg.Refresh || (known != nil && known.InvalidOver) {
		known = nil // the refresh columns need more than the model holds
	}
	source := cfg.Source
	source.CellsOnly = known != nil
	t, err := sources.Open(cfg.Input, source)
	if err != nil {
		return Result{}, err
	}
	defer t.Close()
	format, err := sinks.FormatOf(cfg.Output)
	if err != nil {
		return Result{}, err
	}
	if cfg.Settle != nil && (len(t.Columns()) == 0 || sinks.CheckFits(t.Layout(), format, len(sinks.DefaultColumns())) != nil) {
		return Result{}, ErrUnsettled // the run refuses the sheet itself
	}
	byName := cfg.ByName && t.FindsByName()
	w, fl, err := createOutput(cfg, t, byName, utf8)
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
	x := cfg.Cache
	if x == nil {
		x = NewExporter(mode, cfg.CacheBytes)
	}
	x.creditsOut, x.jsonl, x.refresh, x.kept = creditsOut, format == sinks.FormatJSONL, cfg.Refresh, cfg.Kept
	x.byName, x.people, x.settle, x.fill = byName, t.People(), cfg.Settle, fl
	x.minConfidence = cfg.MinConfidence
	progress := progressOf(cfg)
	progress(0)
	if err := x.answersOf(ctx, j, cfg, known, workers); err != nil {
		return Result{}, err
	}
	if x.settle != nil {
		x.settle.start(x.table)
	}
	x.format = sinks.FormatterOf(w)
	if cfg.OnlyChanged {
		x.format = nil // which rows are written is known only in order
	}
	chunks := ordered.Start(workers, chunkReader(ctx, t, known), x.worker(j, known, cfg.WithoutJournal, cfg.Choices))
	defer chunks.Stop()
	res, ambiguous, filled, err := x.writeChunks(chunks, w, progress, cfg.OnlyChanged)
	if err != nil {
		return Result{}, err
	}
	if x.settle != nil && res.Rows.Total() == 0 {
		return Result{}, ErrUnsettled // the run refuses a sheet without rows
	}
	if cfg.Progress != nil && cfg.Known == nil {
		// Read once: the total is known at the end.
		cfg.Progress(sources.PassWrite, res.Rows.Total(), int64(res.Rows.Total()))
	}
	if err := sinks.WriteTail(w, t.Tail()); err != nil {
		return Result{}, err
	}
	if err := w.Commit(); err != nil {
		return Result{}, err
	}
	err = writeBeside(cfg, &res, byName, ambiguous, fl, filled, w)
	return res, err
}

// answersOf readies the journal's answers for the rows: the table read
// while the input and the output were opened, or with a model, its
// results decoded beforehand.
func (x *Exporter) answersOf(ctx context.Context, j *state.Journal, cfg Config, known *runsheet.Sheet, workers int) error {
	x.table = nil
	if known == nil && cfg.answers != nil {
		if err := cfg.answers.wait(); err != nil {
			return err
		}
		x.table = cfg.answers
	}
	if known == nil || x.jsonl || cfg.WithoutJournal {
		return nil // JSONL reads each row's raw profile anyway
	}
	return x.preload(ctx, j, known.FoundResults(), workers)
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
func creditsOutIn(j *state.Journal, cfg Config, mode state.Mode) (bool, error) {
	if cfg.WithoutJournal {
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

// progressOf tells cfg.Progress of the rows written, out of the rows the
// run's model counts (-1 when there is none).
func progressOf(cfg Config) func(written int) {
	if cfg.Progress == nil {
		return func(int) {}
	}
	total := int64(-1)
	if cfg.Known != nil {
		total = int64(len(cfg.Known.Rows) + cfg.Known.NoIdentifier)
	}
	return func(written int) { cfg.Progress(sources.PassWrite, written, total) }
}

// worker returns the workers' function that derives a chunk's outcomes,
// each chunk in a read transaction of its own, with the choices among
// candidates.
func (x *Exporter) worker(j *state.Journal, known *runsheet.Sheet, withoutJournal bool, choices *Choices) func() func(*exportChunk) *exportChunk {
	return func() func(*exportChunk) *exportChunk {
		s := &journalScan{choices: choices}
		return func(c *exportChunk) *exportChunk {
			if withoutJournal {
				c.err = x.chunk(s, c, known)
				return c
			}
			c.err = j.View(func(r *state.Reader) error {
				s.Reader = r
				defer func() { s.Reader = nil }()
				if x.chunks.Add(1)%releaseEvery == 0 {
					r.ReleasePages(journalResident)
				}
				return x.chunk(s, c, known)
			})
			return c
		}
	}
}

// exportChunk is a run of rows and, once worked, their outcomes.
type exportChunk struct {
	rows    []sheet.Row
	first   int     // the number of rows before the chunk's first
	refs    []int32 // with a known model: each row's place in it, or -1
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
// the end, errInputChanged (with no rows) when the rows are not the
// model's. With a known model, it finds each row's place in it: the
// model's rows are the rows with identifiers, in file order.
func chunkReader(ctx context.Context, t *sources.Table, known *runsheet.Sheet) func() (*exportChunk, error) {
	next := 0 // the model's next row
	read := 0 // the rows of the chunks before
	return func() (*exportChunk, error) {
		c := &exportChunk{rows: make([]sheet.Row, 0, exportChunkRows), first: read}
		defer func() { read += len(c.rows) }()
		if err := ctx.Err(); err != nil {
			return c, err
		}
		for len(c.rows) < exportChunkRows {
			row, err := t.Next()
			if errors.Is(err, io.EOF) && known != nil && next != len(known.Rows) {
				return &exportChunk{}, errInputChanged
			}
			if err != nil {
				return c, err
			}
			c.rows = append(c.rows, row)
			if known != nil {
				ref := int32(-1)
				if next < len(known.Rows) && int(known.Rows[next].Num) <= row.Num {
					if int(known.Rows[next].Num) < row.Num {
						return &exportChunk{}, errInputChanged
					}
					ref = int32(next)
					next++
				}
				c.refs = append(c.refs, ref)
			}
		}
		return c, nil
	}
}

// journalScan is a worker's reading of the journal: a read transaction,
// and the buffer results are decompressed into when they are not kept.
type journalScan struct {
	*state.Reader
	// choices are the people chosen among the candidates of ambiguous
	// rows (Config.Choices), read beside the journal's searches.
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

// chunk derives the outcomes of a chunk's rows.
func (x *Exporter) chunk(r *journalScan, c *exportChunk, known *runsheet.Sheet) error {
	c.outs = make([]sinks.Outcome, len(c.rows))
	var places []int32
	if known == nil {
		places = x.placesOf(r, c.rows)
	}
	for i, row := range c.rows {
		var out sinks.Outcome
		var damaged bool
		var err error
		if known != nil {
			out, damaged, err = x.knownOutcome(r, known, c.refs[i], row)
		} else {
			var own []int32
			if places != nil {
				own, places = places[:len(row.IDs)], places[len(row.IDs):]
			}
			out, damaged, err = x.outcome(r, row, own)
		}
		if err != nil {
			return fmt.Errorf("row %d: %w", row.Num, err)
		}
		r.choices.note(row.Num, &out)
		if x.fill != nil {
			x.fill.row(row, &out, &c.fills)
		}
		c.outs[i] = out
		if x.settle != nil && !x.settles(r, row, &out) {
			return ErrUnsettled
		}
		if out.Status == sinks.StatusAmbiguous {
			ref := int32(-1)
			if known != nil {
				ref = c.refs[i]
			}
			if nm := x.nameOf(r, row.Cells, known, ref); nm != nil {
				c.ambiguous = append(c.ambiguous, ambiguousRow{num: row.Num, person: nm.person, why: out.Error, candidates: nm.search.Candidates})
			}
		}
		if damaged {
			c.damaged++
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
