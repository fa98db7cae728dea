package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/callback"
	"github.com/enrich-dev/enrich/internal/clock"
	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/internal/notify"
	"github.com/enrich-dev/enrich/internal/redact"
	"github.com/enrich-dev/enrich/internal/shell"
	"github.com/enrich-dev/enrich/pipeline"
	"github.com/enrich-dev/enrich/report"
	"github.com/enrich-dev/enrich/sources"
	"github.com/enrich-dev/enrich/state"
)

// defaultJournal is the journal a command uses without --journal: one per
// working directory, shared by every sheet enriched there, so that a person
// looked up once for one sheet costs nothing for the next.
const defaultJournal = "enrich.journal"

// runOptions are the flags of `enrich run`; the engine's are shared with
// `enrich search --enrich`.
type runOptions struct {
	output       string
	outputFormat string
	stream       *streamOutput // the output goes on to standard output or a pipe
	progress     string
	allow        string
	service      serviceFlags
	input        inputFlags
	fills        fillFlags
	journal      string
	cfg          pipeline.Config
	flags        *pflag.FlagSet
	// summarized says the run's summary was written; complete that the
	// run completed.
	summarized, complete bool
	exits                incompleteExitCode
	notify               notifyFlags
	summary              *runSummary // the summary written, or built for --notify
}

func newRunCommand(g *globals) *cobra.Command {
	o := &runOptions{}
	cmd := &cobra.Command{
		Use:   "run INPUT -o OUTPUT",
		Short: "Enrich a sheet: look every row up and write the enriched sheet",
		Long: `Enrich INPUT (.csv, .xlsx, .parquet, or a database's table: sqlite:PATH?table=NAME,
postgres://…?table=NAME) into OUTPUT (.csv, .xlsx, .jsonl, .parquet, or a
table, written by key in one transaction; docs/tables.md).

INPUT - reads standard input, and -o - writes standard output (CSV, or
--output-format): each goes through a file beside the journal,
JOURNAL.stdin.csv and JOURNAL.stdout.csv, which the report is written
beside. With --log-format json the summary is one JSON object on standard
output (on standard error when the output goes there).

Every row is looked up by its identifiers (profile URL, then e-mail, then
phone, then uid; --prefer changes the order), within the service's budget
of items per minute, shared with every other run on this machine that uses
the same key. Results arrive on an embedded callback receiver (--listen,
reached by the service at --public-url) or, with --sync, in the answers.
Every request and result is kept in the journal, so running the same
command again resumes where it stopped and never pays twice for a result
it received. When the journal already answers every row, the run sends
nothing and writes the output from it as it reads the input, once.

What can be checked without the service (the output's name and folder,
every number, the sheet's identifier columns and rows) is checked before
anything is sent.

The service is configured by the environment:
  ENRICH_API_KEY   the account's API key (required; never a flag), or
  ENRICH_API_KEY_FILE  a file holding it, that no one but its owner can change
  ENRICH_API_URL   the service's base address (or --api-url)
  ENRICH_BUDGET_URL  a Redis server through which the runs of every machine
                   on the account share its budget (or --budget-url)
  ENRICH_NOTIFY_URL  where to post the run's summary when it ends (or --notify)

Exit codes: 0 complete (every row final); 1 error; 2 bad usage, bad input
or a refused key; 3 incomplete but resumable (credits, --max-credits,
--max-duration, an outage, rows in error); 4 the journal is in use;
130 interrupted. --incomplete-exit-code N ends an incomplete run with N
instead of 3; the JSON summary keeps exit_code 3 and sets exit_code_mapped.`,
		Example: `  ENRICH_API_KEY=... ENRICH_API_URL=https://api.example.com \
    enrich run leads.xlsx -o leads-enriched.xlsx --public-url https://hooks.example.com`,
		Args: exactArgs(1, "one input file"),
		RunE: func(cmd *cobra.Command, args []string) error {
			err := o.notify.check()
			if err == nil {
				err = o.execute(cmd, g, args[0])
			}
			err = o.exits.apply(o.summarizeFailure(cmd, g, args[0], err))
			o.notify.send(cmd.Context(), g, o.summary)
			return err
		},
	}
	f := cmd.Flags()
	f.StringVarP(&o.output, "output", "o", "", "enriched sheet to write: .csv, .xlsx, .jsonl or .parquet, a database's table\n(sqlite:PATH?table=NAME, postgres://…?table=NAME; docs/tables.md), or - for standard output (required)")
	f.StringVar(&o.outputFormat, "output-format", "", "format of an output without an extension (-, /dev/stdout): csv, xlsx, jsonl or parquet (default csv)")
	o.service.register(f)
	o.registerEngine(f)
	o.service.wait = &o.cfg.ServiceWait
	o.service.budgetURL = &o.cfg.BudgetURL
	f.StringVar(&o.progress, "progress", "auto", "progress display: auto (bar on a terminal, else log), bar, log or none")
	o.input.register(f)
	o.fills.register(f, true)
	o.notify.register(f)
	return cmd
}

// execute runs `enrich run` on input.
func (o *runOptions) execute(cmd *cobra.Command, g *globals, input string) error {
	if o.output == "" {
		return usageErrorf("--output (-o) is required: the enriched sheet to write (.csv, .xlsx or .jsonl)")
	}
	opts, err := o.input.options()
	if err != nil {
		return err
	}
	opts.Wait = o.cfg.ServiceWait
	if o.cfg.Fill, o.cfg.Append, o.cfg.OnlyChanged, err = o.fills.output(input, o.output); err != nil {
		return err
	}
	if o.cfg.MinConfidence, err = o.fills.leastConfidence(o.cfg.Fill); err != nil {
		return err
	}
	o.cfg.Decisions = o.fills.decisions
	if err := o.check(); err != nil {
		return err
	}
	if o.cfg.ReportDir, err = o.fills.sideDir(); err != nil {
		return err
	}
	client, _, err := o.service.connect(g)
	if err != nil {
		return err
	}
	o.cfg.FindByName, _ = o.input.findByName()
	o.cfg.Searcher = client
	output, stream, err := outputFile(o.output, o.outputFormat, o.journal)
	if err != nil {
		return err
	}
	defer stream.dropEmpty()
	in, err := stdinInput(input, o.journal)
	if err != nil {
		return err
	}
	o.stream = stream
	if stream != nil {
		// The file the output goes through is removed once sent on: the
		// summary names where the output went, and the page where it is.
		o.cfg.Shown.Output, o.cfg.Shown.Page = stream.shown(), output+".report.html"
	}
	if input == stdioName {
		o.cfg.Shown.Input = stdinName
		err := renamePath(o.runPipeline(cmd, g, in, output, opts, client), in, stdinName)
		if o.complete {
			os.Remove(in) // a run that goes on reads standard input again
		}
		return err
	}
	return o.runPipeline(cmd, g, in, output, opts, client)
}

// summarizeFailure prints, with --log-format json, the summary of a run
// that failed before it had one (a refused key, an input it cannot read),
// so that a script reads one on standard output whatever the exit code,
// and keeps it for --notify; it returns err.
func (o *runOptions) summarizeFailure(cmd *cobra.Command, g *globals, input string, err error) error {
	if err == nil || o.summarized || (g.logFormat != "json" && o.notify.target.t == nil) {
		return err
	}
	r := &report.Run{Input: input, Output: o.output, ExitCode: exitCode(cmd.Context(), err), StopReason: shownError(err, os.Args[1:])}
	if input == stdioName {
		r.Input = "standard input"
	}
	if o.output == stdioName {
		r.Output = "standard output"
	}
	sum := o.summaryOf(r.Summary())
	sum.Report = ""
	if g.logFormat != "json" {
		return err
	}
	if werr := g.writeSummary(cmd, r.WriteSummary, sum, o.output == stdioName); werr != nil {
		return errors.Join(err, werr)
	}
	return err
}

// summaryOf is the summary a run writes and notifies, kept for --notify.
func (o *runOptions) summaryOf(s report.Summary) *runSummary {
	s.ExitCodeMapped = o.exits.mapped(s.ExitCode)
	o.summary = &s
	return o.summary
}

// registerEngine binds the flags of the run engine.
func (o *runOptions) registerEngine(f *pflag.FlagSet) {
	o.flags = f
	f.StringVar(&o.journal, "journal", defaultJournal, "journal file that keeps every request and result")
	registerBudgetURL(f, &o.cfg.BudgetURL)
	f.StringVar(&o.cfg.Listen, "listen", callback.DefaultListen, "address of the callback receiver")
	f.StringVar(&o.cfg.PublicURL, "public-url", "", "address at which the service reaches the receiver (default http://LISTEN)")
	f.StringVar(&o.allow, "callback-allow", "", "accept callbacks only from these addresses or networks, comma-separated (e.g. 203.0.113.0/24); default: any")
	f.BoolVar(&o.cfg.Sync, "sync", false, "synchronous lookups (no callbacks; only contacts the service already holds)")
	f.BoolVar(&o.cfg.WithoutContacts, "without-contacts", false, "profiles without contacts, paid from the without-contacts pool")
	registerFormulaGuard(f, &o.cfg.NoFormulaGuard)
	f.IntVar(&o.cfg.ItemsPerMinute, "items-per-minute", pipeline.DefaultItemsPerMinute, "budget of items per rate window (the service's limit: 600 paid, 5 trial)")
	f.DurationVar(&o.cfg.RateWindow, "rate-window", pipeline.DefaultRateWindow, "length of the service's sliding window of items")
	f.DurationVar(&o.cfg.CallbackTimeout, "callback-timeout", pipeline.DefaultCallbackTimeout, "give up waiting for a request's callback after this, and send its items again")
	f.IntVar(&o.cfg.MaxAttempts, "max-attempts", pipeline.DefaultMaxAttempts, "submissions of one identifier before this run gives its row status error (the next run tries again)")
	f.Int64Var(&o.cfg.MaxCredits, "max-credits", 0, "most credits this run may spend; items in flight count as spent (0: no limit)")
	f.IntVar(&o.cfg.MaxSearches, "max-searches", 0, "most searches by name this run may make, against the daily search quota the service's website shares (0: no limit)")
	f.DurationVar(&o.cfg.MaxDuration, "max-duration", 0, "end the run within this long, the drain included, and write what is known (0: no limit)")
	f.DurationVar(&o.cfg.RetryWait, "retry-wait", pipeline.DefaultRetryWait, "wait before sending again an item answered duplicate_query or timeout_exceeded")
	f.DurationVar(&o.cfg.DrainTimeout, "drain-timeout", pipeline.DefaultDrainTimeout, "when stopping early, how long to wait for results in flight")
	f.DurationVar(&o.cfg.ServiceWait, "service-wait", pipeline.DefaultServiceWait, "how long to retry a service that does not answer before stopping as incomplete")
	f.Var(ageValue{d: &o.cfg.Retain}, "retain", "erase, when the run starts, the answers older than this (180d, 26w) and rewrite the journal without them;\n"+
		"a row that needs one looks it up again (0: keep every answer; docs/privacy.md)")
	f.Var(ageValue{d: &o.cfg.RefreshOlderThan}, "refresh-older-than", "look up again identifiers whose answer is older than this (90d, 2w, 36h) and show what changed (0: never)")
	registerIncompleteExitCode(f, &o.exits)
}

// check refuses engine flags out of range, before anything is read or
// sent, with the engine's own sentences (pipeline.Config.Check): the
// flags hold their defaults, so a 0 here is the user's.
func (o *runOptions) check() error {
	if err := o.cfg.Check(); err != nil {
		return withCode(ExitUsage, err)
	}
	url, err := budgetURL(o.cfg.BudgetURL)
	if err != nil {
		return err
	}
	o.cfg.BudgetURL = url
	allow, err := callback.ParseAllow(o.allow)
	if err != nil {
		return usageErrorf("--callback-allow: %v", err)
	}
	o.cfg.CallbackAllow = allow
	return nil
}

// runPipeline enriches input into output and maps the outcome to an exit
// code.
func (o *runOptions) runPipeline(cmd *cobra.Command, g *globals, input, output string, source sources.Options, client *api.Client) error {
	ctx := cmd.Context()
	log, err := g.logger(os.Stderr)
	if err != nil {
		return err
	}
	mode := o.progress
	if mode == "" {
		mode = "auto"
	}
	progress, log, err := newProgress(mode, g, log)
	if err != nil {
		return err
	}
	files, err := newCounter(mode, sources.PassRead, g, log)
	if err != nil {
		return err
	}
	cfg := o.cfg
	cfg.Input, cfg.Output, cfg.Journal, cfg.Source, cfg.Service = input, output, o.journal, source, client
	cfg.Account = o.service.account
	cfg.Log, cfg.Progress, cfg.Command = log, progress, "enrich run"
	cfg.FileProgress = files.pass
	cfg.CommandLine = commandLine()
	cfg.Settings = settings(o.flags)
	if cfg.Clock, err = clockFromEnv(); err != nil {
		return err
	}

	r, err := pipeline.Run(ctx, cfg)
	files.done()
	if code, ok := journalCode(err); ok && r == nil {
		return withCode(code, err)
	}
	if r == nil {
		return runError(err)
	}
	if err := o.stream.copy(); err != nil {
		return withCode(ExitError, err)
	}
	if o.complete = r.Complete; r.Complete {
		o.stream.remove()
	}
	o.summarized = true
	if err := g.writeSummary(cmd, r.WriteSummary, o.summaryOf(r.Summary()), o.stream.toStdout()); err != nil {
		return err
	}
	switch {
	case err != nil:
		return withCode(r.ExitCode, err)
	case r.ExitCode == ExitOK:
		return nil
	case r.ExitCode == ExitInterrupted:
		return withCode(r.ExitCode, fmt.Errorf("interrupted; the output holds what is known, and running the same command again resumes"))
	}
	return withCode(r.ExitCode, fmt.Errorf("incomplete: %s; running the same command again resumes", r.StopReason))
}

// envClockOffset shifts enrich's clock, to rehearse what a scheduled run
// does days from now (a refresh that finds answers old); tests use it.
const envClockOffset = "ENRICH_CLOCK_OFFSET"

// clockFromEnv is the system clock, shifted by $ENRICH_CLOCK_OFFSET (an
// age such as 180d) when set.
func clockFromEnv() (clock.Clock, error) {
	v := os.Getenv(envClockOffset)
	if v == "" {
		return clock.Real{}, nil
	}
	d, err := pipeline.ParseAge(v)
	if err != nil {
		return nil, usageErrorf("%s: %v", envClockOffset, err)
	}
	return clock.Offset{D: d}, nil
}

// runError gives a pipeline error its exit code.
func runError(err error) error {
	switch {
	case errors.Is(err, state.ErrLocked):
		return withCode(ExitLocked, err)
	case errors.Is(err, context.Canceled):
		return withCode(ExitInterrupted, errors.New("interrupted before anything was sent"))
	case errors.Is(err, fault.ErrWait):
		// A database that did not answer for --service-wait: nothing is
		// lost, a later run goes on.
		return withCode(ExitIncomplete, err)
	case errors.Is(err, fault.ErrUsage), errors.Is(err, callback.ErrListen), isInputError(err):
		return withCode(ExitUsage, err)
	case errors.Is(err, fault.ErrAccount), fault.NeedsFix(err):
		return withCode(ExitUsage, err)
	}
	return err
}

// commandLine is the command line of this process, quoted for a shell,
// for the report's "run next" and the budget's label. It holds no secret:
// the key is never a flag, and addresses are redacted (see showArgs).
func commandLine() string {
	parts := []string{"enrich"}
	for _, a := range showArgs(os.Args[1:]) {
		parts = append(parts, shell.Quote(a))
	}
	return strings.Join(parts, " ")
}

// urlFlags are the flags whose values are addresses, which may carry a
// password or a key: shown anywhere, they are redacted (showURL).
var urlFlags = map[string]bool{"api-url": true, "public-url": true, "budget-url": true, "notify": true}

// showURL is the value of the address flag name (without its dashes)
// as it may be shown: redacted, and a webhook's path hidden too, which
// is the secret of Slack's and Teams' (notify.Shown).
func showURL(name, value string) string {
	if name == "notify" {
		return notify.Shown(value)
	}
	return redact.URL(value)
}

// showArgs is args as a report or a log may show them: the value of
// every address flag (--api-url URL or --api-url=URL) and any address
// elsewhere redacted.
func showArgs(args []string) []string {
	out := make([]string, len(args))
	valueNext := "" // args[i] is the value of this address flag
	for i, a := range args {
		name, value, hasValue := strings.Cut(a, "=")
		switch {
		case valueNext != "":
			out[i] = showURL(valueNext, a)
		case hasValue && isURLFlag(name):
			out[i] = name + "=" + showURL(strings.TrimPrefix(name, "--"), value)
		default:
			out[i] = redact.Text(a)
		}
		if valueNext == "" && !hasValue && isURLFlag(a) {
			valueNext = strings.TrimPrefix(a, "--")
		} else {
			valueNext = ""
		}
	}
	return out
}

func isURLFlag(arg string) bool {
	name, ok := strings.CutPrefix(arg, "--")
	return ok && urlFlags[name]
}

// envFlags are the flags whose default comes from the environment.
var envFlags = map[string]string{"api-url": envAPIURL, "budget-url": envBudgetURL, "notify": envNotifyURL}

// settings lists the settings of a run for the report, each with where
// it came from: the flags given on the command line as they were given
// (a repeated flag once per value), those the environment set, then the
// defaults that hold a value.
func settings(f *pflag.FlagSet) []report.Setting {
	var given, env, defaults []report.Setting
	f.VisitAll(func(fl *pflag.Flag) {
		switch fl.Name {
		case "output", "progress", "log-format", "log-level", "help":
			return
		}
		show := func(v string) string {
			if urlFlags[fl.Name] {
				return showURL(fl.Name, v)
			}
			v = redact.Text(v)
			if fl.Value.Type() == "duration" {
				if d, err := time.ParseDuration(v); err == nil && d == 0 {
					return "0 (none)"
				}
			}
			return v
		}
		flag := "--" + fl.Name
		switch {
		case fl.Changed:
			values := []string{fl.Value.String()}
			if sv, ok := fl.Value.(pflag.SliceValue); ok {
				values = sv.GetSlice()
			}
			for _, v := range values {
				given = append(given, report.Setting{Flag: flag, Value: show(v), From: report.FromCommandLine})
			}
		case envFlags[fl.Name] != "" && os.Getenv(envFlags[fl.Name]) != "":
			env = append(env, report.Setting{Flag: flag, Value: show(os.Getenv(envFlags[fl.Name])), From: envFlags[fl.Name]})
		default:
			v := fl.Value.String()
			if sv, ok := fl.Value.(pflag.SliceValue); ok {
				v = strings.Join(sv.GetSlice(), ",")
			}
			if v != "" {
				defaults = append(defaults, report.Setting{Flag: flag, Value: show(v), From: report.FromDefault})
			}
		}
	})
	return append(append(given, env...), defaults...)
}
