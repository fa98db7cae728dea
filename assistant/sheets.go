package assistant

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/enrich-dev/enrich/pipeline"
	"github.com/enrich-dev/enrich/state"
)

// defaultJournal is the journal of a sheet without one named: beside the
// sheet, shared by the sheets of its directory, as `enrich run` shares
// one per working directory.
const defaultJournal = "enrich.journal"

// lockWait is how long a tool waits for a journal another run holds.
const lockWait = 200 * time.Millisecond

type planInput struct {
	Path string `json:"path" jsonschema:"the sheet to plan: a .csv or .xlsx file, absolute or relative to the first root"`
	sheetInput
	ItemsPerMinute  int    `json:"items_per_minute,omitempty" jsonschema:"lookup budget for the time estimate, items per minute; default 600, the service's paid limit (5 on a trial)"`
	Journal         string `json:"journal,omitempty" jsonschema:"journal whose answers the plan counts as already paid for; default enrich.journal beside the sheet"`
	WithoutContacts bool   `json:"without_contacts,omitempty" jsonschema:"count the journal's lookups made without contacts"`
}

type exportInput struct {
	Input  string `json:"input" jsonschema:"the sheet that was run: .csv or .xlsx"`
	Output string `json:"output" jsonschema:"the enriched sheet to write: .csv, .xlsx or .jsonl; replaced atomically"`
	sheetInput
	Journal         string `json:"journal,omitempty" jsonschema:"journal of the run; default enrich.journal beside the input"`
	WithoutContacts bool   `json:"without_contacts,omitempty" jsonschema:"export the lookups made without contacts"`
}

// planOutput is the plan with where it looked for answers already paid.
type planOutput struct {
	*pipeline.Plan
	Journal string `json:"journal"`
	Note    string `json:"note,omitempty"`
}

// exportOutput is what an export wrote.
type exportOutput struct {
	Output   string             `json:"output"`
	Rows     int                `json:"rows"`
	ByStatus pipeline.RowCounts `json:"rows_by_status"`
}

func (s *Server) addSheetTools() {
	addTool(s.mcp, &mcp.Tool{
		Name:  "plan",
		Title: "Plan a sheet",
		Description: "Read a lead sheet (.csv or .xlsx) to the end and report, offline and free: the identifier columns found (profile URL, e-mail, phone, uid) with samples, rows with a valid identifier, invalid identifiers by reason with row numbers, duplicate rows, unique lookups, worst-case credits (one per person found) and the time the lookups take at the budget. " +
			"Counts the lookups the journal already answered (a run pays nothing for those). Check it before run: a phone column that needs default_region, or a column detected wrongly (fix it with columns), shows here.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: new(false)},
	}, s.plan)

	addTool(s.mcp, &mcp.Tool{
		Name:  "export",
		Title: "Export a sheet",
		Description: "Write the enriched sheet from the input and what the journal holds, without the service and without spending anything: rows already looked up are enriched, the others say pending. " +
			"Use the same sheet options as the run. Fails while a run holds the journal: wait for it with status. Returns the rows written by status.",
		Annotations: &mcp.ToolAnnotations{DestructiveHint: new(false), IdempotentHint: true, OpenWorldHint: new(false)},
	}, s.export)
}

func (s *Server) plan(ctx context.Context, _ *mcp.CallToolRequest, in planInput) (any, error) {
	path, err := s.confine(in.Path)
	if err != nil {
		return nil, err
	}
	journal, err := s.journalFor(in.Journal, path)
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
	popts := pipeline.PlanOptions{Input: path, Source: opts, ItemsPerMinute: in.ItemsPerMinute}
	out := planOutput{Journal: journal}
	j, err := state.Open(journal, state.Options{ReadOnly: true, LockTimeout: lockWait})
	switch {
	case err == nil:
		defer j.Close()
		popts.Resolved = pipeline.ResolvedIn(j, in.WithoutContacts)
	case errors.Is(err, state.ErrLocked):
		out.Note = "a run holds the journal; the plan does not count the answers it already has"
	case !errors.Is(err, os.ErrNotExist):
		return nil, err
	}
	if out.Plan, err = pipeline.MakePlan(ctx, popts); err != nil {
		return nil, err
	}
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
	j, err := state.Open(journal, state.Options{ReadOnly: true, LockTimeout: lockWait})
	switch {
	case errors.Is(err, state.ErrLocked):
		return nil, fmt.Errorf("a run holds the journal %s: wait for it with status, or export when it ends", journal)
	case errors.Is(err, os.ErrNotExist):
		return nil, fmt.Errorf("no journal at %s: run the sheet first", journal)
	case err != nil:
		return nil, err
	}
	defer j.Close()
	if err := makeParent(output); err != nil {
		return nil, err
	}
	written, err := pipeline.Export(ctx, j, pipeline.ExportConfig{Input: input, Output: output, Source: opts, WithoutContacts: in.WithoutContacts})
	if err != nil {
		return nil, err
	}
	return exportOutput{Output: output, Rows: written.Rows.Total(), ByStatus: written.Rows}, nil
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
	snap, ok, err := pipeline.ReadStatus(journal)
	if err != nil {
		return nil, err
	}
	if ok {
		rep.Run = &snap
	}
	j, err := state.Open(journal, state.Options{ReadOnly: true, LockTimeout: lockWait})
	switch {
	case errors.Is(err, state.ErrLocked):
		rep.Running = true
	case errors.Is(err, os.ErrNotExist):
		return nil, fmt.Errorf("no journal at %s", journal)
	case err != nil:
		return nil, err
	default:
		sum, err := j.Summarize()
		j.Close()
		if err != nil {
			return nil, err
		}
		rep.Summary = &sum
	}
	return rep, nil
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
// beside the (confined) input.
func (s *Server) journalFor(journal, input string) (string, error) {
	if journal == "" {
		return filepath.Join(filepath.Dir(input), defaultJournal), nil
	}
	return s.confine(journal)
}

// addTool registers a tool whose result, when there is no error, is the
// structured content and, as JSON text, the content; an error is a tool
// error the assistant reads.
func addTool[In any](srv *mcp.Server, t *mcp.Tool, do func(ctx context.Context, req *mcp.CallToolRequest, in In) (any, error)) {
	mcp.AddTool(srv, t, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		out, err := do(ctx, req, in)
		return nil, out, err
	})
}
