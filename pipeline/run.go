// Package pipeline is the enrichment job: it reads a sheet's identifiers,
// looks them up through the service within its budget, receives the
// results, and writes the enriched sheet, with the journal (package state)
// as the truth at every step. See DESIGN.md for the data flow.
package pipeline

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"os"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/byname"
	"github.com/enrich-dev/enrich/callback"
	"github.com/enrich-dev/enrich/export"
	"github.com/enrich-dev/enrich/internal/budget"
	"github.com/enrich-dev/enrich/internal/clock"
	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/internal/fill"
	"github.com/enrich-dev/enrich/internal/redact"
	"github.com/enrich-dev/enrich/internal/shell"
	"github.com/enrich-dev/enrich/report"
	"github.com/enrich-dev/enrich/sinks"
	"github.com/enrich-dev/enrich/sources"
	"github.com/enrich-dev/enrich/state"
)

// Service is what the job needs of the profile service; *api.Client is one.
type Service interface {
	LookupAsync(ctx context.Context, req wire.LookupRequest) (int64, api.Meta, error)
	LookupSync(ctx context.Context, items []string, withoutContacts bool) ([]wire.Result, api.Meta, error)
	Credits(ctx context.Context, withoutContacts bool) (int64, api.Meta, error)
}

var _ Service = (*api.Client)(nil)

// Defaults of Config. The drain covers the service's delivery schedule:
// processing that sometimes takes a minute or more, then retries 10, 30
// and 60 s apart, each allowed 10 s to be answered.
const (
	DefaultItemsPerMinute  = wire.ItemsPerMinute
	DefaultRateWindow      = time.Minute
	DefaultCallbackTimeout = 15 * time.Minute
	DefaultMaxAttempts     = 5
	DefaultMaxWaits        = 20
	DefaultRetryWait       = 60 * time.Second
	DefaultDrainTimeout    = 5 * time.Minute
	DefaultServiceWait     = 10 * time.Minute
)

// Config describes one run. Zero durations and limits take the defaults
// above; negative ones are refused.
type Config struct {
	Input   string // the sheet to enrich
	Output  string // where the enriched sheet goes; .csv, .xlsx or .jsonl
	Journal string // the journal file
	// ReportDir is the folder the report and the files beside the output
	// are written to (--report-dir): "" is beside the output, or for a
	// database's table beside the journal (export.SideBase).
	ReportDir string
	// Shown names the files in the report and the status file when they
	// are opened under other names (a caller that holds them open and
	// passes their descriptors' names); empty fields show the names above.
	Shown  Names
	Source sources.Options

	Service Service
	// Account names the account the run spends from, for the budget shared
	// by every run of the machine on that account (api.Client.Account); ""
	// keeps the budget to this run.
	Account string
	// BudgetURL is the Redis server (redis://[user:password@]host:port/db,
	// rediss:// for TLS) through which the runs of every machine on the
	// account share its budget; "" shares it through the ledger file of
	// this machine. A run never falls back from Redis to its own budget:
	// while Redis does not answer nothing is sent, and after
	// --service-wait the run ends incomplete.
	BudgetURL string
	// Listen is the callback receiver's address; PublicURL is the address
	// the service posts to (default http://Listen).
	Listen    string
	PublicURL string
	// CallbackAllow lists the networks callbacks are accepted from; empty
	// accepts every address.
	CallbackAllow []*net.IPNet

	// FindByName searches rows whose identifiers found nobody, or that
	// have none, by their name and company (package byname), through
	// Searcher.
	FindByName bool
	Searcher   byname.Searcher
	// MaxSearches caps the searches by name this run makes (queries
	// against the daily search quota, which the service's web
	// application shares), as MaxCredits caps credits; 0 = no limit.
	MaxSearches int
	// MinConfidence is the least confidence of a match by name the output
	// shows as a match (export.Config.MinConfidence). Under high, the
	// person of a medium match is not looked up (no credit is spent on a
	// row the output does not match); the journal keeps every search, so
	// that a run with medium looks them up and searches nothing more.
	MinConfidence string
	// Decisions is the file the choices among the candidates of ambiguous
	// rows are read from before the run starts: a candidates sheet as a
	// person saved it, CSV or .xlsx. "" reads the candidates sheet beside
	// Output (export.CandidatesPath) and the workbook saved beside it
	// (export.CandidatesWorkbookPath), those that exist. Each choice the
	// journal accepts is kept there, and its person looked up by uid.
	Decisions string
	// choices are the choices read before the run started (readChoices),
	// for the engine and the output.
	choices *export.Choices

	Sync            bool // synchronous lookups: no callbacks
	WithoutContacts bool // profiles without contacts, from their own pool
	NoFormulaGuard  bool // CSV output as raw text (see sinks.Formulaic)
	// Fill, Append and OnlyChanged say what the output writes of the
	// found people into the sheet's own columns, which enrich_* columns it
	// appends, and whether it keeps only the rows it changed (see the
	// fields of export.Config).
	Fill        fill.Rules
	Append      []string
	OnlyChanged bool

	ItemsPerMinute  int           // the budget per RateWindow
	RateWindow      time.Duration // the service's sliding window
	CallbackTimeout time.Duration // a request with no callback is given up after this and its items sent again
	MaxAttempts     int           // submissions of one identifier before this run gives it up
	// MaxWaits bounds the answers in a row that ask an identifier to wait
	// (duplicate_query, timeout_exceeded), which are not attempts.
	MaxWaits   int
	MaxCredits int64 // most credits this run may spend; 0 = no limit
	// MaxDuration bounds the whole run, drain included: submission stops
	// DrainTimeout before it ends. 0 = no limit.
	MaxDuration time.Duration
	// RetryWait is how long an identifier answered duplicate_query or
	// timeout_exceeded waits before it is sent again: the service's
	// duplicate period.
	RetryWait time.Duration
	// DrainTimeout bounds the wait for results in flight once the run
	// stops submitting early (credits, time, outage, Ctrl-C).
	DrainTimeout time.Duration
	// ServiceWait bounds a continuous outage of the service (connections
	// refused, timeouts, 5xx): submission is retried with backoff for this
	// long, then the run stops as incomplete.
	ServiceWait time.Duration
	// RefreshOlderThan looks up again identifiers whose answer (a profile
	// or none) came longer ago than this; 0 never does.
	RefreshOlderThan time.Duration
	// Retain erases, when the run starts, the answers older than this
	// (state.Journal.Prune), and rewrites the journal without them; 0
	// keeps every answer.
	Retain time.Duration

	Progress Progress     // default: none
	Log      *slog.Logger // default: discard
	Clock    clock.Clock  // default: the system clock
	Command  string       // names this process in the journal's owner file
	// CommandLine is the command line shown in the report and in what to
	// run next; it must hold no secret.
	CommandLine string
	// Settings are the options shown in the report, as flags.
	Settings []report.Setting
	// FileProgress, when set, is told how far the reading of the input
	// at the start of the run and the writing of the output at the end
	// are.
	FileProgress sources.FileProgress
}

func (c *Config) setDefaults() {
	// A database's table is shown without its password, and the report
	// of a run that writes one goes beside the journal.
	if sinks.IsTable(c.Input) && c.Shown.Input == "" {
		c.Shown.Input = redact.URL(c.Input)
	}
	if sinks.IsTable(c.Output) {
		if c.Shown.Output == "" {
			c.Shown.Output = redact.URL(c.Output)
		}
		if c.Shown.Page == "" {
			c.Shown.Page = c.sideFiles() + ".report.html"
		}
	}
	if c.Listen == "" {
		c.Listen = callback.DefaultListen
	}
	if c.ItemsPerMinute == 0 {
		c.ItemsPerMinute = DefaultItemsPerMinute
	}
	if c.RateWindow == 0 {
		c.RateWindow = DefaultRateWindow
	}
	if c.CallbackTimeout == 0 {
		c.CallbackTimeout = DefaultCallbackTimeout
	}
	if c.MaxAttempts == 0 {
		c.MaxAttempts = DefaultMaxAttempts
	}
	if c.MaxWaits == 0 {
		c.MaxWaits = DefaultMaxWaits
	}
	if c.RetryWait == 0 {
		c.RetryWait = DefaultRetryWait
	}
	if c.DrainTimeout == 0 {
		c.DrainTimeout = DefaultDrainTimeout
	}
	if c.ServiceWait == 0 {
		c.ServiceWait = DefaultServiceWait
	}
	if c.Progress == nil {
		c.Progress = noProgress{}
	}
	if c.Log == nil {
		c.Log = slog.New(slog.DiscardHandler)
	}
	if c.Clock == nil {
		c.Clock = clock.Real{}
	}
	if c.Command == "" {
		c.Command = "enrich run"
	}
	if c.CommandLine == "" {
		// What continues the run, whoever started it.
		n := c.shown()
		c.CommandLine = shell.Line("enrich", "run", n.Input, "-o", n.Output, "--journal", n.Journal)
	}
}

func (c *Config) mode() state.Mode { return state.ModeOf(c.WithoutContacts) }

func (c *Config) policy() state.Policy {
	return state.Policy{MaxAttempts: c.MaxAttempts, RetryWait: c.RetryWait, MaxWaits: c.MaxWaits}
}

// Names are the names of a run's files as a person knows them. Page is
// where the report's page is, when not beside Output (an output sent to
// standard output, named so, is written beside the journal first).
type Names struct{ Input, Output, Journal, Page string }

// shown returns the names to show: Shown where set, else the names the
// files are opened by.
func (c *Config) shown() Names {
	n := c.Shown
	if n.Input == "" {
		n.Input = c.Input
	}
	if n.Output == "" {
		n.Output = c.Output
	}
	if n.Journal == "" {
		n.Journal = c.Journal
	}
	return n
}

// sideFiles is the path the files written beside the output are opened
// by: the output's, or for a database's table, the table's name beside
// the journal (sinks.Beside).
func (c *Config) sideFiles() string { return export.SideBase(c.Output, c.Journal, c.ReportDir) }

// besideOutput is the output as the files written beside it (the
// candidates, the results kept) are named after: the output as shown,
// the file it went through when it was sent to standard output, or for a
// database's table, the table's name beside the journal (sinks.Beside).
func (c *Config) besideOutput() string {
	switch {
	case sinks.IsTable(c.Output) || c.ReportDir != "":
		return c.sideFiles()
	case c.Shown.Page != "":
		return c.Output
	}
	return c.shown().Output
}

// usageErrorf reports a run refused before it started.
func usageErrorf(format string, args ...any) error { return fault.Usagef(format, args...) }

// Run enriches cfg.Input into cfg.Output. It returns the report of the run
// also when it stopped early; Report.Complete says whether every row is
// final. An error means the run could not go on (bad usage, a refused
// account, a journal another process holds: errors.Is(err,
// state.ErrLocked)); when the run got as far as writing its output, the
// report comes with the error.
func Run(ctx context.Context, cfg Config) (*report.Run, error) {
	cfg.setDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	_, statErr := os.Stat(cfg.Journal)
	fresh := errors.Is(statErr, os.ErrNotExist)
	j, err := state.Open(cfg.Journal, state.Options{Command: cfg.Command, Clock: cfg.Clock})
	if err != nil {
		return nil, err
	}
	started := cfg.Clock.Now()
	var b budget.Budget
	err = retain(&cfg, j)
	if err == nil {
		cfg.choices, err = readChoices(ctx, &cfg, j)
	}
	if err == nil {
		b, err = openRunBudget(&cfg, j)
	}
	var settled *settledRun
	if err == nil {
		settled, err = settle(ctx, &cfg, j)
	}
	var e *engine
	if err == nil && settled == nil {
		e, err = newEngine(ctx, &cfg, j, b, started)
	}
	if err != nil {
		// Nothing was sent nor learnt: a journal this run created holds
		// nothing, and a refused run leaves no file behind.
		if b != nil {
			b.Close()
		}
		if j.Close() == nil && fresh {
			os.Remove(cfg.Journal)
		}
		return nil, err
	}
	defer j.Close()
	defer b.Close()
	if settled != nil {
		return settled.finish(b)
	}
	e.chooseAll()
	return e.run(ctx)
}

// openRunBudget opens the budget the run submits within (openBudget),
// refusing one that no wait mends (a Redis that refuses the password, or
// speaks TLS when the address does not) before anything is sent.
func openRunBudget(cfg *Config, j *state.Journal) (budget.Budget, error) {
	b, err := openBudget(cfg, j)
	if err != nil {
		return nil, err
	}
	if err := b.Err(); fault.NeedsFix(err) {
		b.Close()
		return nil, err
	}
	return b, nil
}

// Check refuses settings out of range, before anything is read or sent,
// with the sentence a user reads: the command line and `enrich mcp` both
// check with it. A zero is refused where it has no meaning; Run gives the
// zeros of a Config their defaults first (WithDefaults), the command line
// gives every flag its default itself, so that a 0 there is the user's.
func (c *Config) Check() error {
	switch {
	case c.ItemsPerMinute < 1:
		return usageErrorf("--items-per-minute %d: the budget must be at least 1", c.ItemsPerMinute)
	case c.RateWindow <= 0:
		return usageErrorf("--rate-window %v: the window must be longer than 0", c.RateWindow)
	case c.CallbackTimeout <= 0:
		return usageErrorf("--callback-timeout %v: must be longer than 0", c.CallbackTimeout)
	case c.MaxAttempts < 1:
		return usageErrorf("--max-attempts %d: must be at least 1", c.MaxAttempts)
	case c.MaxWaits < 0:
		return usageErrorf("max waits %d: cannot be negative", c.MaxWaits)
	case c.MaxCredits < 0:
		return usageErrorf("--max-credits %d: cannot be negative (0 means no limit)", c.MaxCredits)
	case c.MaxSearches < 0:
		return usageErrorf("--max-searches %d: cannot be negative (0 means no limit)", c.MaxSearches)
	case c.MaxDuration < 0:
		return usageErrorf("--max-duration %v: cannot be negative (0 means no limit)", c.MaxDuration)
	case c.RetryWait <= 0:
		return usageErrorf("--retry-wait %v: must be longer than 0", c.RetryWait)
	case c.DrainTimeout <= 0:
		return usageErrorf("--drain-timeout %v: must be longer than 0", c.DrainTimeout)
	case c.RefreshOlderThan < 0:
		return usageErrorf("--refresh-older-than %v: cannot be negative", c.RefreshOlderThan)
	case c.ServiceWait <= 0:
		return usageErrorf("--service-wait %v: must be longer than 0", c.ServiceWait)
	case c.MaxDuration > 0 && c.MaxDuration <= c.DrainTimeout:
		return usageErrorf("--max-duration %v leaves no time to submit: it includes the drain at the end (--drain-timeout %v); give a longer duration or a shorter drain", c.MaxDuration, c.DrainTimeout)
	}
	if c.PublicURL != "" {
		u, err := url.Parse(c.PublicURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return usageErrorf("--public-url %q is not an http(s) URL such as https://enrich.example.com", redact.URL(c.PublicURL))
		}
	}
	return nil
}

// WithDefaults returns c with each zero setting given its default.
func (c Config) WithDefaults() Config {
	c.setDefaults()
	return c
}

// validate refuses what can be refused before anything is read or sent:
// a missing file name, settings out of range and an output that cannot be
// written.
func (c *Config) validate() error {
	switch {
	case c.Input == "" || c.Output == "" || c.Journal == "":
		return usageErrorf("input, output and journal are required")
	case c.Service == nil:
		return fmt.Errorf("no service")
	case c.FindByName && c.Searcher == nil:
		return fmt.Errorf("finding by name needs a searcher")
	}
	if err := c.Check(); err != nil {
		return err
	}
	if sinks.IsTable(c.Output) {
		// A database that refuses, at once (exit 2); one that does not
		// answer, after --service-wait (exit 3).
		if err := sinks.CheckTable(c.Output, c.ServiceWait); err != nil {
			return err
		}
	} else if err := export.CheckOutput(c.Output, c.Input, c.Journal); err != nil {
		return fault.Usagef("%w", err)
	}
	if err := export.CheckFill(c.Input, c.Source, c.Fill); err != nil {
		return fault.Usagef("%w", err)
	}
	if err := export.CheckDecisions(c.Decisions, c.FindByName); err != nil {
		return fault.Usagef("%w", err)
	}
	least, err := export.ParseMinConfidence(c.MinConfidence, c.Fill)
	if err != nil {
		return fault.Usagef("%w", err)
	}
	c.MinConfidence = least
	if c.BudgetURL != "" {
		if _, err := budget.CheckRedisURL(c.BudgetURL); err != nil {
			return usageErrorf("%w", err)
		}
		if c.Account == "" {
			return usageErrorf("a budget shared through Redis needs the account's name (Config.Account)")
		}
	}
	return nil
}

// publicBase is the URL the service reaches the receiver at, without a
// trailing slash.
func (c *Config) publicBase(listenAddr string) string {
	return callback.PublicBase(c.PublicURL, listenAddr)
}

// retain erases the answers older than cfg.Retain and rewrites the
// journal without them (the bytes of the erased go with the old file).
func retain(cfg *Config, j *state.Journal) error {
	if cfg.Retain <= 0 {
		return nil
	}
	erased, err := j.Prune(cfg.Clock.Now().Add(-cfg.Retain))
	if err != nil || erased == (state.Erased{}) {
		return err
	}
	cfg.Log.Info("answers older than --retain erased", "retain", cfg.Retain, "lookups", erased.Lookups, "results", erased.Results, "searches", erased.Searches, "requests", erased.Requests)
	return j.Compact()
}
