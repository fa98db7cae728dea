package assistant

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/enrich-dev/enrich/callback"
	"github.com/enrich-dev/enrich/pipeline"
	"github.com/enrich-dev/enrich/report"
)

// maxWait bounds how long one run or status call waits for a job.
const maxWait = 10 * time.Minute

type runInput struct {
	Input   string `json:"input" jsonschema:"the sheet to enrich: .csv or .xlsx"`
	Output  string `json:"output" jsonschema:"the enriched sheet to write: .csv, .xlsx or .jsonl (one object per row with the full profile); a report goes beside it as OUTPUT.report.json"`
	Journal string `json:"journal,omitempty" jsonschema:"journal that keeps every request and result, so that running again resumes and never pays twice; default enrich.journal beside the input"`
	sheetInput
	fillInput
	outputInput
	Sync             bool   `json:"sync,omitempty" jsonschema:"synchronous lookups: results in the answers, no callbacks to receive, but only contacts the service already holds"`
	WithoutContacts  bool   `json:"without_contacts,omitempty" jsonschema:"profiles without contacts, paid from the without-contacts credits"`
	Listen           string `json:"listen,omitempty" jsonschema:"address of the callback receiver for asynchronous lookups; default 127.0.0.1:8701"`
	PublicURL        string `json:"public_url,omitempty" jsonschema:"address at which the service reaches the callback receiver, such as https://hooks.example.com; default http://LISTEN"`
	ItemsPerMinute   int    `json:"items_per_minute,omitempty" jsonschema:"budget of items per rate window; default 600, the service's paid limit (5 on a trial)"`
	RateWindow       string `json:"rate_window,omitempty" jsonschema:"length of the service's sliding window of items, such as 1m (the default)"`
	MaxCredits       int64  `json:"max_credits,omitempty" jsonschema:"most credits this run may spend; items in flight count as spent; 0 is no limit"`
	MaxSearches      int    `json:"max_searches,omitempty" jsonschema:"most searches by name this run may make, against the daily search quota the service's website shares; 0 is no limit"`
	MaxDuration      string `json:"max_duration,omitempty" jsonschema:"stop submitting after this long, such as 30m, and write what is known; empty is no limit"`
	CallbackTimeout  string `json:"callback_timeout,omitempty" jsonschema:"submit a request's items again when no callback came within this; default 15m"`
	DrainTimeout     string `json:"drain_timeout,omitempty" jsonschema:"when the run stops early (max_credits, max_duration, credits spent, an outage), how long it waits for results in flight; default 5m"`
	ServiceWait      string `json:"service_wait,omitempty" jsonschema:"how long to retry a service that does not answer before stopping as incomplete; default 10m"`
	CallbackAllow    string `json:"callback_allow,omitempty" jsonschema:"accept callbacks only from these addresses or networks, comma-separated (such as 203.0.113.0/24); default any"`
	NoFormulaGuard   bool   `json:"no_formula_guard,omitempty" jsonschema:"write CSV cells as raw text, without the apostrophe that keeps a spreadsheet from running a cell as a formula"`
	RefreshOlderThan string `json:"refresh_older_than,omitempty" jsonschema:"look up again identifiers whose answer is older than this (90d, 2w, 36h) and show who changed company or title"`
	MaxAttempts      int    `json:"max_attempts,omitempty" jsonschema:"submissions of one identifier before its row is given status error; default 5"`
	RetryWait        string `json:"retry_wait,omitempty" jsonschema:"wait before sending again an item answered duplicate_query or timeout_exceeded; default 60s"`
	WaitSeconds      int    `json:"wait_seconds,omitempty" jsonschema:"wait up to this many seconds (at most 600) for the job to end before answering, with progress notifications meanwhile if the call asked for progress; 0 answers at once"`
}

type statusInput struct {
	JobID       string `json:"job_id,omitempty" jsonschema:"a job started by run; with neither job_id nor journal, every job of this server is listed"`
	Journal     string `json:"journal,omitempty" jsonschema:"a journal file, to see where its job stands even if another process runs it"`
	WaitSeconds int    `json:"wait_seconds,omitempty" jsonschema:"with job_id: wait up to this many seconds (at most 600) for the job to end, with progress notifications meanwhile if the call asked for progress"`
}

func (s *Server) addRunTools() {
	addTool(s, &mcp.Tool{
		Name:  "run",
		Title: "Enrich a sheet",
		Description: "Start enriching a sheet in the background and return its job_id at once (or after wait_seconds). Every row is looked up by its identifiers (profile URL, then e-mail, then phone, then uid) within the service's budget of items per minute, and the enriched sheet is written to output when the job ends. " +
			"Costs one credit per person found (failed lookups are free); plan first to see the worst case, and cap it with max_credits. The journal keeps every result: running the same sheet again resumes and never pays twice. " +
			"Follow the job with status (its wait_seconds sends progress notifications).",
		Annotations: &mcp.ToolAnnotations{DestructiveHint: new(false), OpenWorldHint: new(true)},
	}, s.run)

	addTool(s, &mcp.Tool{
		Name:  "status",
		Title: "Job status",
		Description: "Where a job stands. With job_id: running, complete, incomplete (stopped early, for credits, max_credits, max_duration or an interruption; running it again resumes) or failed, with rows final of rows, lookups queued and in flight, credits used, and the final report. " +
			"wait_seconds waits for the job to end and sends progress notifications meanwhile. With journal: the status a run keeps beside its journal and the journal's counts, also for a run of another process. With neither: every job of this server.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: new(false)},
	}, s.status)
}

// runPipeline runs a job; a variable so that a test can make a job panic.
var runPipeline = pipeline.Run

func (s *Server) run(ctx context.Context, req *mcp.CallToolRequest, in runInput) (any, error) {
	input, output, journal, err := s.confineJob(in.Input, in.Output, in.Journal)
	if err != nil {
		return nil, err
	}
	cfg, err := in.config()
	if err != nil {
		return nil, err
	}
	files := s.openFiles()
	started := false
	defer func() {
		if !started {
			files.Close()
		}
	}()
	cfg.Shown = pipeline.Names{Input: input, Output: output, Journal: journal}
	if cfg.Input, err = s.openInput(files, input); err != nil {
		return nil, err
	}
	client, err := s.cfg.Service()
	if err != nil {
		return nil, err
	}
	cfg.Service, cfg.Searcher = client, client
	// The account's budget is shared with every other run on it: this
	// machine's through its ledger file, every machine's through Redis.
	cfg.Account, cfg.BudgetURL = client.Account(), s.cfg.BudgetURL
	if cfg.Output, err = s.openPlace(files, output, true); err != nil {
		return nil, err
	}
	if cfg.Journal, err = s.openPlace(files, journal, true); err != nil {
		return nil, err
	}
	if cfg.Decisions, err = s.openDecisions(files, in.Decisions); err != nil {
		return nil, err
	}
	cfg.Log, cfg.Command, cfg.Clock = s.log, "enrich mcp", s.cfg.Clock
	cfg.CommandLine = in.commandLine(input, output, journal)

	j, err := s.addJob(input, output, journal, files)
	if err != nil {
		return nil, err
	}
	cfg.Progress = j
	s.log.Info("job started", "job", j.id, "input", input, "output", output, "journal", journal)
	started = true
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		defer files.Close()
		report, err := s.runJob(j, cfg)
		if err != nil {
			s.log.Warn("job failed", "job", j.id, "error", err)
		}
		j.finish(report, err)
	}()
	j.wait(ctx, waitFor(in.WaitSeconds), progressReporter(ctx, req))
	return j.status(), nil
}

// runJob runs the pipeline of a job. A panic in it ends the job with an
// error instead of the server.
func (s *Server) runJob(j *job, cfg pipeline.Config) (r *report.Run, err error) {
	defer func() {
		if p := recover(); p != nil {
			s.log.Error("job panicked", "job", j.id, "panic", p, "stack", string(debug.Stack()))
			r, err = nil, fmt.Errorf("internal error (%v); this is a bug to report. Running the sheet again resumes from the journal", p)
		}
	}()
	r, err = runPipeline(s.ctx, cfg)
	return r, j.files.explain(err)
}

// config is the run's configuration from the tool's arguments.
func (in runInput) config() (pipeline.Config, error) {
	var cfg pipeline.Config
	var err error
	if cfg.Source, err = in.options(); err != nil {
		return cfg, err
	}
	for _, d := range []struct {
		name string
		text string
		dst  *time.Duration
	}{
		{"rate_window", in.RateWindow, &cfg.RateWindow},
		{"max_duration", in.MaxDuration, &cfg.MaxDuration},
		{"callback_timeout", in.CallbackTimeout, &cfg.CallbackTimeout},
		{"drain_timeout", in.DrainTimeout, &cfg.DrainTimeout},
		{"retry_wait", in.RetryWait, &cfg.RetryWait},
	} {
		if *d.dst, err = duration(d.name, d.text); err != nil {
			return cfg, err
		}
	}
	if cfg.ServiceWait, err = duration("service_wait", in.ServiceWait); err != nil {
		return cfg, err
	}
	if in.RefreshOlderThan != "" {
		if cfg.RefreshOlderThan, err = pipeline.ParseAge(in.RefreshOlderThan); err != nil {
			return cfg, fmt.Errorf("refresh_older_than: %w", err)
		}
	}
	if cfg.CallbackAllow, err = callback.ParseAllow(in.CallbackAllow); err != nil {
		return cfg, fmt.Errorf("callback_allow: %w", err)
	}
	cfg.FindByName, _ = in.byName()
	if cfg.Fill, cfg.Append, cfg.OnlyChanged, err = in.output(in.fillInput); err != nil {
		return cfg, err
	}
	if cfg.MinConfidence, err = in.least(cfg.Fill); err != nil {
		return cfg, err
	}
	cfg.NoFormulaGuard = in.NoFormulaGuard
	cfg.Listen, cfg.PublicURL = in.Listen, in.PublicURL
	cfg.Sync, cfg.WithoutContacts = in.Sync, in.WithoutContacts
	cfg.ItemsPerMinute, cfg.MaxCredits, cfg.MaxAttempts = in.ItemsPerMinute, in.MaxCredits, in.MaxAttempts
	cfg.MaxSearches = in.MaxSearches
	// An argument left out takes its default; what is given is checked
	// as the command line checks its flags.
	withDefaults := cfg.WithDefaults()
	return cfg, withDefaults.Check()
}

func (s *Server) status(ctx context.Context, req *mcp.CallToolRequest, in statusInput) (any, error) {
	switch {
	case in.JobID != "" && in.Journal != "":
		return nil, errors.New("give job_id or journal, not both")
	case in.Journal != "":
		return s.journalStatus(in.Journal)
	case in.JobID == "":
		return struct {
			Jobs []jobStatus `json:"jobs"`
		}{s.allJobs()}, nil
	}
	j, err := s.job(in.JobID)
	if err != nil {
		return nil, err
	}
	j.wait(ctx, waitFor(in.WaitSeconds), progressReporter(ctx, req))
	return j.status(), nil
}

// waitFor is the wait a call asked for, within maxWait.
func waitFor(seconds int) time.Duration {
	return min(time.Duration(max(seconds, 0))*time.Second, maxWait)
}
