// Package search exports a people search to a sheet: every profile the
// service's search returns, once, scrolled through before each scroll
// expires, started over when one does anyway, and stopped cleanly when the
// daily quota runs out. `enrich search --enrich` then enriches the sheet
// with the run engine (package pipeline).
package search

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/internal/budget"
	"github.com/enrich-dev/enrich/internal/clock"
	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/internal/profile"
	"github.com/enrich-dev/enrich/sinks"
)

// Searcher is what a search export needs of the service; *api.Client is one.
type Searcher interface {
	Search(ctx context.Context, q wire.SearchQuery) (wire.SearchPage, api.Meta, error)
	Scroll(ctx context.Context, requestID int64, scrollID string) (wire.SearchPage, api.Meta, error)
}

var _ Searcher = (*api.Client)(nil)

// Row is a row of a people search export; its csv tags are the
// columns of every format, in order. Headline and LinkedIn are filled when
// the service's search profile carries them (its documented keys do not:
// `enrich search --enrich` looks each person up and adds them).
type Row struct {
	UID             string `csv:"uid"`
	FullName        string `csv:"full_name"`
	Headline        string `csv:"headline"`
	Location        string `csv:"location"`
	Title           string `csv:"title"`
	Company         string `csv:"company"`
	LinkedIn        string `csv:"linkedin"`
	Skills          string `csv:"skills"`
	OpenToWork      bool   `csv:"open_to_work"`
	ContactsFetched string `csv:"contacts_fetched"`
}

// Config describes a people search export.
type Config struct {
	Query    wire.SearchQuery
	Max      int    // most profiles to write; 0 means all
	Output   string // .csv, .xlsx or .jsonl
	Searcher Searcher
	// ScrollTTL is how long a scroll id lives after the answer that gave
	// it; retries of a scroll stop before. Default 15s.
	ScrollTTL time.Duration
	// MaxRestarts bounds the searches started again after a scroll
	// expired. Default 5.
	MaxRestarts int
	Progress    func(fetched int, total int64)
	Log         *slog.Logger
	Clock       clock.Clock // default the real one
}

// Result is what a search export did.
type Result struct {
	Written    int    // profiles written, each once
	Total      int64  // matches the service reported
	Complete   bool   // every match (or Max) was written
	StopReason string // why not complete
	Queries    int    // searches started (each counts against the daily query quota)
	Scrolls    int
	Restarts   int // searches started again after a scroll expired
}

// Export runs a people search and writes every profile it returns
// exactly once. It scrolls at once after each answer and never sleeps on a
// scroll; a scroll refused for the concurrency limit (429) is retried within
// the scroll's lifetime. If a scroll expires anyway, the search starts over
// and the profiles already written are skipped. When the daily quota runs
// out (402) it stops, and what was fetched is written: the result says so.
func Export(ctx context.Context, cfg Config) (*Result, error) {
	if cfg.ScrollTTL == 0 {
		cfg.ScrollTTL = 15 * time.Second
	}
	if cfg.MaxRestarts == 0 {
		cfg.MaxRestarts = 5
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.Clock == nil {
		cfg.Clock = clock.Real{}
	}
	if cfg.Progress == nil {
		cfg.Progress = func(int, int64) {}
	}
	w, err := sinks.CreateTable[Row](cfg.Output)
	if err != nil {
		return nil, err
	}
	defer w.Abort()
	x := &searchExport{cfg: cfg, w: w, seen: make(map[string]bool)}
	res, err := x.run(ctx)
	if err != nil {
		return nil, err
	}
	if err := w.Commit(); err != nil {
		return nil, err
	}
	return res, nil
}

type searchExport struct {
	cfg  Config
	w    *sinks.Table[Row]
	seen map[string]bool
	res  Result
}

func (x *searchExport) run(ctx context.Context) (*Result, error) {
	for {
		done, err := x.pass(ctx)
		var stop *earlyStop
		switch {
		case errors.As(err, &stop):
			x.res.StopReason = stop.reason
			return &x.res, nil
		case err != nil:
			return nil, err
		case done:
			x.res.Complete = true
			return &x.res, nil
		}
		x.res.Restarts++
		if x.res.Restarts > x.cfg.MaxRestarts {
			return nil, fmt.Errorf("people search: the scroll expired %d times; the service may be overloaded, try again later", x.res.Restarts)
		}
		x.cfg.Log.Warn("scroll expired; starting the search again and skipping what is written", "written", x.res.Written, "restart", x.res.Restarts)
	}
}

// earlyStop ends an export early but cleanly: a quota ran out, or other
// processes held the account's searches for --service-wait. What was
// fetched is written, and the command ends incomplete.
type earlyStop struct{ reason string }

func (q *earlyStop) Error() string { return q.reason }

// pass runs the search once from the start. It reports done when every
// match (or Max) is written, and false when the scroll expired.
func (x *searchExport) pass(ctx context.Context) (bool, error) {
	page, _, err := x.cfg.Searcher.Search(ctx, x.cfg.Query)
	x.res.Queries++
	if err != nil {
		return false, searchError(err)
	}
	for {
		answered := x.cfg.Clock.Now()
		x.res.Total = page.Total
		if full, err := x.write(page.Profiles); err != nil || full {
			return full, err
		}
		x.cfg.Progress(x.res.Written, x.res.Total)
		if page.ScrollID == "" {
			return true, nil
		}
		// Retries of the scroll must end before the scroll id does.
		sctx, cancel := context.WithDeadline(ctx, answered.Add(x.cfg.ScrollTTL-time.Second))
		next, _, err := x.cfg.Searcher.Scroll(sctx, page.RequestID, page.ScrollID)
		cancel()
		x.res.Scrolls++
		switch {
		case err == nil:
			page = next
		case ctx.Err() != nil:
			return false, ctx.Err()
		case errors.Is(err, api.ErrNotFound), errors.Is(err, context.DeadlineExceeded), errors.Is(err, api.ErrRateLimited):
			return false, nil // expired, or could not be scrolled in time
		default:
			return false, searchError(err)
		}
	}
}

// write writes the profiles not written yet, and reports whether Max is
// reached.
func (x *searchExport) write(profiles []wire.SearchProfile) (bool, error) {
	for _, p := range profiles {
		if p.UID == "" || x.seen[p.UID] {
			continue
		}
		if x.cfg.Max > 0 && x.res.Written >= x.cfg.Max {
			return true, nil
		}
		x.seen[p.UID] = true
		if err := x.w.Write(searchRow(p), p.Raw); err != nil {
			return false, err
		}
		x.res.Written++
	}
	return x.cfg.Max > 0 && x.res.Written >= x.cfg.Max, nil
}

// searchRow is a profile's row. The search profile's own fields win;
// the profile record adds what they lack (headline, profile link).
func searchRow(p wire.SearchProfile) Row {
	r := profile.Decode(p.Raw)
	row := Row{UID: p.UID, FullName: p.FullName, Headline: r.Headline, Location: p.Location,
		LinkedIn: r.LinkedIn, Skills: strings.Join(p.Skills, sinks.ListSeparator), OpenToWork: p.OpenToWork,
		ContactsFetched: p.ContactsFetched}
	if len(p.Experience) > 0 {
		row.Title, row.Company = p.Experience[0].Title, p.Experience[0].Company
	}
	return row
}

// searchError makes a failed search or scroll a sentence a user can act
// on; a spent quota stops the export cleanly.
func searchError(err error) error {
	var apiErr *api.Error
	msg := err.Error()
	if errors.As(err, &apiErr) && apiErr.Message != "" {
		msg = apiErr.Message
	}
	var held *budget.HeldError
	switch {
	case errors.Is(err, api.ErrNoCredits):
		return &earlyStop{reason: "daily search quota exhausted (" + msg + ")"}
	case errors.As(err, &held):
		return &earlyStop{reason: held.Error()}
	case errors.Is(err, api.ErrBadParams):
		return fault.Usagef("the service rejected the search as invalid: %s; check the filters", msg)
	case errors.Is(err, api.ErrUnauthorized), errors.Is(err, api.ErrForbidden):
		return fmt.Errorf("%w: %s", fault.ErrAccount, api.Explain(err))
	}
	return fmt.Errorf("people search: %w", err)
}
