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
	"net/url"
	"strings"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/sources"
	"github.com/enrich-dev/enrich/state"
)

// Service is what the job needs of the profile service; *api.Client is one.
type Service interface {
	LookupAsync(ctx context.Context, req api.LookupRequest) (int64, api.Meta, error)
	LookupSync(ctx context.Context, items []string, withoutContacts bool) ([]api.Result, api.Meta, error)
	Credits(ctx context.Context, withoutContacts bool) (int64, api.Meta, error)
}

var _ Service = (*api.Client)(nil)

// Config describes one run. Zero durations and limits take the defaults
// given on each field.
type Config struct {
	Input   string // the sheet to enrich
	Output  string // where the enriched sheet goes; .csv, .xlsx or .jsonl
	Journal string // the journal file
	Source  sources.Options

	Service Service
	// Listen is the callback receiver's address (default 127.0.0.1:8701);
	// PublicURL is the address the service posts to (default http://Listen).
	Listen    string
	PublicURL string

	Sync            bool // synchronous lookups: no callbacks
	WithoutContacts bool // profiles without contacts, from their own pool
	NoFormulaGuard  bool // CSV output as raw text (see sinks.Formulaic)

	ItemsPerMinute  int           // the budget per RateWindow; default 600
	RateWindow      time.Duration // default 1m
	CallbackTimeout time.Duration // resubmit a request with no callback after this; default 15m
	MaxAttempts     int           // submissions of one identifier before giving up; default 5
	MaxCredits      int64         // most credits this run may spend; 0 = no limit
	MaxDuration     time.Duration // stop submitting after this; 0 = no limit
	// RetryWait is how long an identifier answered duplicate_query or
	// timeout_exceeded waits before it is sent again: the service's
	// duplicate period. Default 60s.
	RetryWait time.Duration
	// DrainTimeout bounds the wait for results in flight once the run stops
	// submitting early (credits, --max-duration, Ctrl-C). Default 2m.
	DrainTimeout time.Duration

	Progress Progress     // default: none
	Log      *slog.Logger // default: discard
	Command  string       // names this process in the journal's owner file
}

func (c *Config) setDefaults() {
	if c.Listen == "" {
		c.Listen = "127.0.0.1:8701"
	}
	if c.ItemsPerMinute == 0 {
		c.ItemsPerMinute = 600
	}
	if c.RateWindow == 0 {
		c.RateWindow = time.Minute
	}
	if c.CallbackTimeout == 0 {
		c.CallbackTimeout = 15 * time.Minute
	}
	if c.MaxAttempts == 0 {
		c.MaxAttempts = 5
	}
	if c.RetryWait == 0 {
		c.RetryWait = 60 * time.Second
	}
	if c.DrainTimeout == 0 {
		c.DrainTimeout = 2 * time.Minute
	}
	if c.Progress == nil {
		c.Progress = noProgress{}
	}
	if c.Log == nil {
		c.Log = slog.New(slog.DiscardHandler)
	}
	if c.Command == "" {
		c.Command = "enrich run"
	}
}

func (c *Config) mode() state.Mode {
	if c.WithoutContacts {
		return state.WithoutContacts
	}
	return state.WithContacts
}

func (c *Config) policy() state.Policy {
	return state.Policy{MaxAttempts: c.MaxAttempts, RetryWait: c.RetryWait}
}

// Stop reasons: why a run ended before every row was final.
const (
	StopCredits     = "credits exhausted"
	StopMaxCredits  = "--max-credits reached"
	StopMaxDuration = "--max-duration reached"
	StopInterrupted = "interrupted"
)

// Errors a caller decides on.
var (
	// ErrAccount is a key or account the service refuses (401, 403).
	ErrAccount = errors.New("the service refused the account")
	// ErrUnreachable is a service or callback address that cannot be reached.
	ErrUnreachable = errors.New("unreachable")
)

// Run enriches cfg.Input into cfg.Output. It returns the report of the run
// also when it stopped early; Report.Complete says whether every row is
// final. An error means the run could not go on (bad input, a refused
// account, a journal another process holds: errors.Is(err, state.ErrLocked)).
func Run(ctx context.Context, cfg Config) (*Report, error) {
	cfg.setDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	j, err := state.Open(cfg.Journal, state.Options{Command: cfg.Command})
	if err != nil {
		return nil, err
	}
	defer j.Close()

	e, err := newEngine(ctx, &cfg, j)
	if err != nil {
		return nil, err
	}
	return e.run(ctx)
}

func (c *Config) validate() error {
	switch {
	case c.Input == "" || c.Output == "" || c.Journal == "":
		return fmt.Errorf("input, output and journal are required")
	case c.Service == nil:
		return fmt.Errorf("no service")
	case c.ItemsPerMinute < 1:
		return fmt.Errorf("items per minute must be at least 1")
	case c.MaxAttempts < 1:
		return fmt.Errorf("max attempts must be at least 1")
	case c.MaxCredits < 0:
		return fmt.Errorf("max credits cannot be negative")
	}
	if c.PublicURL != "" {
		u, err := url.Parse(c.PublicURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return fmt.Errorf("public URL %q is not an http(s) URL such as https://enrich.example.com", c.PublicURL)
		}
	}
	return nil
}

// publicBase is the URL the service reaches the receiver at, without a
// trailing slash.
func (c *Config) publicBase(listenAddr string) string {
	if c.PublicURL != "" {
		return strings.TrimRight(c.PublicURL, "/")
	}
	host := listenAddr
	if strings.HasPrefix(host, "0.0.0.0:") || strings.HasPrefix(host, "[::]:") || strings.HasPrefix(host, ":") {
		host = "127.0.0.1" + host[strings.LastIndex(host, ":"):]
	}
	return "http://" + host
}
