package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/pipeline"
	"github.com/enrich-dev/enrich/sources"
	"github.com/enrich-dev/enrich/state"
)

// defaultJournal is the journal a command uses without --journal: one per
// working directory, shared by every sheet enriched there, so that a person
// looked up for one sheet costs nothing for the next.
const defaultJournal = "enrich.journal"

// runOptions are the flags of `enrich run`; the engine's are shared with
// `enrich search --enrich`.
type runOptions struct {
	output   string
	progress string
	service  serviceFlags
	input    inputFlags
	journal  string
	cfg      pipeline.Config
}

func newRunCommand(g *globals) *cobra.Command {
	o := &runOptions{}
	cmd := &cobra.Command{
		Use:   "run INPUT -o OUTPUT",
		Short: "Enrich a sheet: look every row up and write the enriched sheet",
		Long: `Enrich INPUT (.csv or .xlsx) into OUTPUT (.csv, .xlsx or .jsonl).

Every row is looked up by its identifiers (profile URL, then e-mail, then
phone, then uid; --prefer changes the order), within the service's budget
of items per minute. Results arrive on an embedded callback receiver
(--listen, reached by the service at --public-url) or, with --sync, in the
answers. Every request and result is kept in the journal, so running the
same command again resumes where it stopped and never pays twice.

The service is configured by the environment:
  ENRICH_API_KEY   the account's API key (required; never a flag)
  ENRICH_API_URL   the service's base address (or --api-url)

Exit codes: 0 complete; 1 error; 2 bad usage or input; 3 incomplete but
resumable (credits, --max-credits, --max-duration); 4 the journal is in
use; 130 interrupted.`,
		Example: `  ENRICH_API_KEY=... ENRICH_API_URL=https://api.example.com \
    enrich run leads.xlsx -o leads-enriched.xlsx --public-url https://hooks.example.com`,
		Args: exactArgs(1, "one input file"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if o.output == "" {
				return usageErrorf("--output (-o) is required: the enriched sheet to write (.csv, .xlsx or .jsonl)")
			}
			opts, err := o.input.options()
			if err != nil {
				return err
			}
			client, _, err := o.service.connect(g)
			if err != nil {
				return err
			}
			return o.runPipeline(cmd.Context(), g, args[0], o.output, opts, client)
		},
	}
	f := cmd.Flags()
	f.StringVarP(&o.output, "output", "o", "", "enriched sheet to write: .csv, .xlsx or .jsonl (required)")
	o.service.register(f)
	o.registerEngine(f)
	f.StringVar(&o.progress, "progress", "auto", "progress display: auto (bar on a terminal, else log), bar, log or none")
	o.input.register(f)
	return cmd
}

// registerEngine binds the flags of the run engine.
func (o *runOptions) registerEngine(f *pflag.FlagSet) {
	f.StringVar(&o.journal, "journal", defaultJournal, "journal file that keeps every request and result")
	f.StringVar(&o.cfg.Listen, "listen", "127.0.0.1:8701", "address of the callback receiver")
	f.StringVar(&o.cfg.PublicURL, "public-url", "", "address at which the service reaches the receiver (default http://LISTEN)")
	f.BoolVar(&o.cfg.Sync, "sync", false, "synchronous lookups (no callbacks; only contacts the service already holds)")
	f.BoolVar(&o.cfg.WithoutContacts, "without-contacts", false, "profiles without contacts, paid from the without-contacts pool")
	registerFormulaGuard(f, &o.cfg.NoFormulaGuard)
	f.IntVar(&o.cfg.ItemsPerMinute, "items-per-minute", 600, "budget of items per rate window (the service's limit: 600 paid, 5 trial)")
	f.DurationVar(&o.cfg.RateWindow, "rate-window", time.Minute, "length of the service's sliding window of items")
	f.DurationVar(&o.cfg.CallbackTimeout, "callback-timeout", 15*time.Minute, "submit a request's items again when no callback came within this")
	f.IntVar(&o.cfg.MaxAttempts, "max-attempts", 5, "submissions of one identifier before its row is given status error")
	f.Int64Var(&o.cfg.MaxCredits, "max-credits", 0, "most credits this run may spend; items in flight count as spent (0: no limit)")
	f.DurationVar(&o.cfg.MaxDuration, "max-duration", 0, "stop submitting after this long and write what is known (0: no limit)")
	f.DurationVar(&o.cfg.RetryWait, "retry-wait", 60*time.Second, "wait before sending again an item answered duplicate_query or timeout_exceeded")
	f.DurationVar(&o.cfg.DrainTimeout, "drain-timeout", 2*time.Minute, "when stopping early, how long to wait for results in flight")
}

// runPipeline enriches input into output and maps the outcome to an exit
// code.
func (o *runOptions) runPipeline(ctx context.Context, g *globals, input, output string, source sources.Options, client *api.Client) error {
	log, err := g.logger(os.Stderr)
	if err != nil {
		return err
	}
	mode := o.progress
	if mode == "" {
		mode = "auto"
	}
	progress, err := newProgress(mode, log)
	if err != nil {
		return err
	}
	cfg := o.cfg
	cfg.Input, cfg.Output, cfg.Journal, cfg.Source, cfg.Service = input, output, o.journal, source, client
	cfg.Log, cfg.Progress, cfg.Command = log, progress, "enrich run"

	report, err := pipeline.Run(ctx, cfg)
	if err != nil {
		return runError(err)
	}
	report.WriteSummary(os.Stderr)
	switch {
	case report.Complete:
		return nil
	case report.StopReason == pipeline.StopInterrupted:
		return withCode(ExitInterrupted, fmt.Errorf("interrupted; the output holds what is known, and running the same command again resumes"))
	}
	return withCode(ExitIncomplete, fmt.Errorf("incomplete: %s; running the same command again resumes", report.StopReason))
}

// runError gives a pipeline error its exit code.
func runError(err error) error {
	switch {
	case errors.Is(err, state.ErrLocked):
		return withCode(ExitLocked, err)
	case errors.Is(err, context.Canceled):
		return withCode(ExitInterrupted, err)
	case isInputError(err):
		return withCode(ExitUsage, err)
	}
	return err
}
