package assistant

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/enrich-dev/enrich/export"
	"github.com/enrich-dev/enrich/pipeline"
	"github.com/enrich-dev/enrich/plan"
	"github.com/enrich-dev/enrich/report"
	"github.com/enrich-dev/enrich/state"
)

// defaultJournal is the journal of a sheet without one named: beside the
// sheet, shared by the sheets of its directory, as `enrich run` shares
// one per working directory.
const defaultJournal = "enrich.journal"

// lockWait is how long a tool waits for a journal another run holds.
const lockWait = 200 * time.Millisecond

type planInput struct {
	Input string `json:"input" jsonschema:"the sheet to plan: a .csv or .xlsx file, absolute or relative to the first root"`
	sheetInput
	fillInput
	ItemsPerMinute   int    `json:"items_per_minute,omitempty" jsonschema:"lookup budget for the time estimate, items per minute; default 600, the service's paid limit (5 on a trial)"`
	Journal          string `json:"journal,omitempty" jsonschema:"journal whose answers the plan counts as already paid for; default enrich.journal beside the sheet"`
	WithoutContacts  bool   `json:"without_contacts,omitempty" jsonschema:"count the journal's lookups made without contacts"`
	RefreshOlderThan string `json:"refresh_older_than,omitempty" jsonschema:"count the answers a run with this refresh_older_than (90d, 2w) would look up again"`
}

type exportInput struct {
	Input  string `json:"input" jsonschema:"the sheet that was run: .csv or .xlsx"`
	Output string `json:"output" jsonschema:"the enriched sheet to write: .csv, .xlsx or .jsonl; replaced atomically"`
	sheetInput
	fillInput
	outputInput
	Journal         string `json:"journal,omitempty" jsonschema:"journal of the run; default enrich.journal beside the input"`
	WithoutContacts bool   `json:"without_contacts,omitempty" jsonschema:"export the lookups made without contacts"`
	NoFormulaGuard  bool   `json:"no_formula_guard,omitempty" jsonschema:"write CSV cells as raw text, without the apostrophe that keeps a spreadsheet from running a cell as a formula"`
	WithChanges     bool   `json:"with_changes,omitempty" jsonschema:"add the columns a run with refresh_older_than writes: what changed since the previous answer"`
}

// planOutput is the plan with where it looked for answers already paid.
type planOutput struct {
	*plan.Plan
	Journal string `json:"journal"`
	Note    string `json:"note,omitempty"`
}

// MarshalJSON writes the plan as plan --json does (plan.Plan's own
// MarshalJSON, which the embedding would otherwise make the whole of it)
// with the journal and the note beside it.
func (o planOutput) MarshalJSON() ([]byte, error) {
	b, err := json.Marshal(o.Plan)
	if err != nil {
		return nil, err
	}
	extra, err := json.Marshal(struct {
		Journal string `json:"journal"`
		Note    string `json:"note,omitempty"`
	}{o.Journal, o.Note})
	if err != nil {
		return nil, err
	}
	if len(b) <= 2 || b[len(b)-1] != '}' {
		return extra, nil // no plan (null), or one of no key
	}
	return append(append(b[:len(b)-1], ','), extra[1:]...), nil
}

// exportOutput is what an export wrote.
type exportOutput struct {
	Output   string           `json:"output"`
	Rows     int              `json:"rows"`
	ByStatus export.RowCounts `json:"rows_by_status"`
	// Written counts the rows written: all of them, or with only_changed
	// those a fill changed.
	Written int          `json:"written"`
	Fill    *report.Fill `json:"fill,omitempty"`
}

func (s *Server) addSheetTools() {
	addTool(s, &mcp.Tool{
		Name:  "plan",
		Title: "Plan a sheet",
		Description: "Read a lead sheet (.csv or .xlsx) to the end and report, offline and free: the identifier columns found (profile URL, e-mail, phone, uid) with samples, rows with a valid identifier, invalid identifiers by reason with row numbers, duplicate rows, unique lookups, worst-case credits (one per person found) and the time the lookups take at the budget. " +
			"Counts the lookups the journal already answered (a run pays nothing for those). Check it before run: a phone column that needs default_region, or a column detected wrongly (fix it with column, as in run and export), shows here.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: new(false)},
	}, s.plan)

	addTool(s, &mcp.Tool{
		Name:  "export",
		Title: "Export a sheet",
		Description: "Write the enriched sheet from the input and what the journal holds, without the service and without spending anything: rows already looked up are enriched, the others say pending. " +
			"Use the same sheet options as the run. Fails while a run holds the journal: wait for it with status. Returns the rows written by status.",
		Annotations: &mcp.ToolAnnotations{DestructiveHint: new(false), IdempotentHint: true, OpenWorldHint: new(false)},
	}, s.export)
}

func (s *Server) plan(ctx context.Context, _ *mcp.CallToolRequest, in planInput) (any, error) {
	input, err := s.confine(in.Input)
	if err != nil {
		return nil, err
	}
	journal, err := s.journalFor(in.Journal, input)
	if err != nil {
		return nil, err
	}
	opts, err := in.options()
	if err != nil {
		return nil, err
	}
	if in.ItemsPerMinute < 0 {
		return nil, fmt.Errorf("items_per_minute must be positive, not %d", in.ItemsPerMinute)
	}
	files := s.openFiles()
	defer files.Close()
	popts := plan.Options{Source: opts, ItemsPerMinute: in.ItemsPerMinute}
	if popts.Fill, err = in.rules(); err != nil {
		return nil, err
	}
	popts.ByName, _ = in.byName()
	if popts.Input, err = s.openInput(files, input); err != nil {
		return nil, err
	}
	out := planOutput{Journal: journal}
	j, err := s.readJournal(files, journal)
	switch {
	case err == nil:
		defer j.Close()
		popts.Resolved = plan.ResolvedIn(j, in.WithoutContacts)
		popts.Searched = plan.SearchedIn(j)
		if in.RefreshOlderThan != "" {
			age, err := pipeline.ParseAge(in.RefreshOlderThan)
			if err != nil {
				return nil, fmt.Errorf("refresh_older_than: %w", err)
			}
			popts.Due = plan.DueIn(j, in.WithoutContacts, s.cfg.Clock.Now().Add(-age))
		}
	case errors.Is(err, os.ErrNotExist):
	case errors.Is(err, state.ErrLocked):
		out.Note = "a run holds the journal; the plan does not count the answers it already has"
	default:
		return nil, files.explain(err)
	}
	if out.Plan, err = plan.Make(ctx, popts); err != nil {
		return nil, files.explain(err)
	}
	out.Plan.Input = input
	return out, nil
}

func (s *Server) export(ctx context.Context, _ *mcp.CallToolRequest, in exportInput) (any, error) {
	input, output, journal, err := s.confineJob(in.Input, in.Output, in.Journal)
	if err != nil {
		return nil, err
	}
	opts, err := in.options()
	if err != nil {
		return nil, err
	}
	files := s.openFiles()
	defer files.Close()
	cfg := export.Config{Source: opts, WithoutContacts: in.WithoutContacts, NoFormulaGuard: in.NoFormulaGuard, Refresh: in.WithChanges, Log: s.log}
	if cfg.Fill, cfg.Append, cfg.OnlyChanged, err = in.output(in.fillInput); err != nil {
		return nil, err
	}
	if cfg.MinConfidence, err = in.least(cfg.Fill); err != nil {
		return nil, err
	}
	cfg.ByName, _ = in.byName()
	if err := export.CheckDecisions(in.Decisions, cfg.ByName); err != nil {
		return nil, errors.New(argWords(err.Error()))
	}
	if cfg.Input, err = s.openInput(files, input); err != nil {
		return nil, err
	}
	if cfg.Decisions, err = s.openDecisions(files, in.Decisions); err != nil {
		return nil, err
	}
	j, err := s.readJournal(files, journal)
	switch {
	case errors.Is(err, state.ErrLocked):
		return nil, fmt.Errorf("a run holds the journal %s: wait for it with status, or export when it ends", journal)
	case errors.Is(err, os.ErrNotExist):
		return nil, fmt.Errorf("no journal at %s: run the sheet first", journal)
	case err != nil:
		return nil, files.explain(err)
	}
	defer j.Close()
	if cfg.Output, err = s.openPlace(files, output, true); err != nil {
		return nil, err
	}
	written, err := export.Export(ctx, j, cfg)
	if err != nil {
		return nil, files.explain(err)
	}
	return exportOutput{Output: output, Rows: written.Rows.Total(), ByStatus: written.Rows, Written: written.Written, Fill: written.Fill}, nil
}

// journalStatus is `enrich status` for a journal: the status file a run
// keeps beside it, and the journal's own counts when no run holds it.
type journalStatus struct {
	Journal string             `json:"journal"`
	Run     *pipeline.Snapshot `json:"run,omitempty"`
	Running bool               `json:"running"`
	Summary *state.Summary     `json:"summary,omitempty"`
}

func (s *Server) journalStatus(path string) (*journalStatus, error) {
	journal, err := s.confine(path)
	if err != nil {
		return nil, err
	}
	rep := &journalStatus{Journal: journal}
	if rep.Run, err = s.readRunStatus(journal); err != nil {
		return nil, err
	}
	if rep.Run != nil && rep.Run.PID == os.Getpid() {
		// A job of this server wrote it, naming its files as the
		// pipeline knows them.
		if j := s.jobOf(journal); j != nil {
			rep.Run.Input, rep.Run.Output = j.input, j.output
		}
	}
	files := s.openFiles()
	defer files.Close()
	j, err := s.readJournal(files, journal)
	switch {
	case errors.Is(err, state.ErrLocked):
		rep.Running = true
	case errors.Is(err, os.ErrNotExist):
		return nil, fmt.Errorf("no journal at %s", journal)
	case err != nil:
		return nil, files.explain(err)
	default:
		sum, err := j.Summarize()
		j.Close()
		if err != nil {
			return nil, files.explain(err)
		}
		sum.Path = journal
		rep.Summary = &sum
	}
	return rep, nil
}

// readJournal opens the confined journal for reading, through files. As
// state.Open, it fails with fs.ErrNotExist when there is none and
// state.ErrLocked while a run holds it.
func (s *Server) readJournal(files *openFiles, journal string) (*state.Journal, error) {
	name, err := s.openPlace(files, journal, false)
	if err != nil {
		return nil, err
	}
	return state.Open(name, state.Options{ReadOnly: true, LockTimeout: lockWait})
}

// confineJob confines the three paths of a job: its input, its output and
// its journal (by default beside the input).
func (s *Server) confineJob(input, output, journal string) (string, string, string, error) {
	in, err := s.confine(input)
	if err != nil {
		return "", "", "", err
	}
	out, err := s.confine(output)
	if err != nil {
		return "", "", "", err
	}
	j, err := s.journalFor(journal, in)
	return in, out, j, err
}

// journalFor is the journal a tool uses: the one named, or the default
// beside the (confined) input. Either is confined: the default may be a
// link, even a dangling one, out of the roots.
func (s *Server) journalFor(journal, input string) (string, error) {
	if journal == "" {
		journal = filepath.Join(filepath.Dir(input), defaultJournal)
	}
	return s.confine(journal)
}
