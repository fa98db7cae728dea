// Package company exports a company's employees to a sheet: the service
// delivers their profiles to the callback receiver in batches, each
// journaled as it comes, and a second run waits for the deliveries of the
// first request rather than paying for a new one.
package company

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/callback"
	"github.com/enrich-dev/enrich/internal/clock"
	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/internal/profile"
	"github.com/enrich-dev/enrich/report"
	"github.com/enrich-dev/enrich/sinks"
	"github.com/enrich-dev/enrich/state"
)

// Service is what a company export needs of the service.
type Service interface {
	CompanyFind(ctx context.Context, id string) (wire.CompanyRef, api.Meta, error)
	CompanyCount(ctx context.Context, id, status string) (int64, api.Meta, error)
	CompanyProfiles(ctx context.Context, id, status, callbackURL string) (int64, api.Meta, error)
}

var _ Service = (*api.Client)(nil)

// EmployeeRow is a row of a company employee export; its csv tags are the
// columns of every format, in order.
type EmployeeRow struct {
	UID      string `csv:"uid"`
	FullName string `csv:"full_name"`
	Headline string `csv:"headline"`
	Title    string `csv:"title"`
	Company  string `csv:"company"`
	Location string `csv:"location"`
	LinkedIn string `csv:"linkedin"`
	Skills   string `csv:"skills"`
}

// employeeRow is the row of a raw profile.
func employeeRow(raw json.RawMessage) EmployeeRow {
	r := profile.Decode(raw)
	return EmployeeRow{UID: r.UID, FullName: r.FullName, Headline: r.Headline, Title: r.Title,
		Company: r.Company, Location: r.Location, LinkedIn: r.LinkedIn, Skills: r.Skills}
}

// Config describes a company employee export.
type Config struct {
	Company string // numeric id or slug
	Status  string // current, past or both
	Output  string
	Journal string
	Service Service

	Listen    string // default callback.DefaultListen
	PublicURL string // default http://Listen
	// CallbackTimeout is how long to wait for the next batch of profiles
	// (from the request, then from the last batch). Default 15m.
	CallbackTimeout time.Duration
	// Refetch asks the service for the profiles again although an earlier
	// request exists; it counts against the daily profile-view quota.
	Refetch  bool
	Progress func(received int, expected int64)
	Log      *slog.Logger
	Clock    clock.Clock // default the real one
	// CommandLine and Settings are shown in the report, as for a run.
	CommandLine string
	Settings    []report.Setting
}

// Result is what a company export did.
type Result struct {
	Company  wire.CompanyRef
	Expected int64 // the company's count for the status
	Written  int   // distinct profiles written
	Complete bool
	// StopReason says why not complete.
	StopReason string
	Requested  bool // a getProfiles request was made by this run
	// Report is what the export wrote beside its output.
	Report *report.Employees
}

// ExportEmployees asks the service to deliver a company's employee profiles
// to the callback receiver, journals the request and every batch, and
// writes the output once the profiles getCount announced have all arrived
// or no batch came for the callback timeout. Run again, it waits for the
// deliveries of the earlier request instead of paying for a new one.
func ExportEmployees(ctx context.Context, cfg Config) (*Result, error) {
	cfg.setDefaults()
	started := cfg.Clock.Now()
	if !wire.ValidEmployeeStatus(cfg.Status) {
		return nil, fmt.Errorf("status %q: use current, past or both", cfg.Status)
	}
	j, err := state.Open(cfg.Journal, state.Options{Command: "enrich company employees", Clock: cfg.Clock})
	if err != nil {
		return nil, err
	}
	defer j.Close()

	ref, _, err := cfg.Service.CompanyFind(ctx, cfg.Company)
	if err != nil {
		return nil, Explain(err, cfg.Company)
	}
	res := &Result{Company: ref}
	if res.Expected, _, err = cfg.Service.CompanyCount(ctx, fmt.Sprint(ref.ID), cfg.Status); err != nil {
		return nil, Explain(err, cfg.Company)
	}

	token, err := j.Token()
	if err != nil {
		return nil, err
	}
	arrived := make(chan state.ProfileDelivery, 16)
	done := make(chan struct{})
	defer close(done)
	rc, err := callback.Start(callback.Config{Listen: cfg.Listen, Token: token, Journal: j, Profiles: arrived, Done: done, Log: cfg.Log, Clock: cfg.Clock})
	if err != nil {
		return nil, fmt.Errorf("%w: callback receiver on %s: %v", callback.ErrListen, cfg.Listen, err)
	}
	defer rc.Close()
	callbackURL := callback.PublicBase(cfg.PublicURL, rc.Addr()) + rc.Path()
	if err := callback.Probe(ctx, callbackURL+callback.ProbePath, token, http.DefaultClient); err != nil {
		return nil, fmt.Errorf("%w: callback address %s does not reach this process (listening on %s): %v; the service must reach --public-url", fault.ErrUnreachable, callback.PublicBase(cfg.PublicURL, rc.Addr()), rc.Addr(), err)
	}

	have, err := j.EmployeeCount(ref.ID, cfg.Status)
	if err != nil {
		return nil, err
	}
	searches, err := j.EmployeeSearches(ref.ID, cfg.Status)
	if err != nil {
		return nil, err
	}
	last := time.Time{}
	for _, s := range searches {
		last = latest(last, latest(s.Requested, s.LastDelivery))
	}
	if int64(have) < res.Expected && (len(searches) == 0 || cfg.Refetch) {
		if last, err = requestProfiles(ctx, cfg, j, ref, res.Expected, callbackURL+callback.ProfilesPath); err != nil {
			return nil, err
		}
		res.Requested = true
	}

	have, batches, err := awaitProfiles(ctx, cfg, j, res, have, last, arrived)
	if err != nil {
		return nil, err
	}
	res.Complete = int64(have) >= res.Expected
	if res.Written, err = writeEmployees(j, ref.ID, cfg.Status, cfg.Output); err != nil {
		return nil, err
	}
	res.Report = employeesReport(cfg, res, batches, started)
	if err := res.Report.WriteFiles(); err != nil {
		return nil, err
	}
	return res, nil
}

// setDefaults gives the settings left zero their defaults.
func (cfg *Config) setDefaults() {
	if cfg.Clock == nil {
		cfg.Clock = clock.Real{}
	}
	if cfg.Listen == "" {
		cfg.Listen = callback.DefaultListen
	}
	if cfg.CallbackTimeout == 0 {
		cfg.CallbackTimeout = 15 * time.Minute
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.Progress == nil {
		cfg.Progress = func(int, int64) {}
	}
}

// awaitProfiles waits for batches of profiles until all have come or none
// comes within --callback-timeout of the last (or of the request), and
// returns how many the journal holds and how many batches came. A stop
// before all have come is said in res.StopReason.
func awaitProfiles(ctx context.Context, cfg Config, j *state.Journal, res *Result, have int, last time.Time, arrived <-chan state.ProfileDelivery) (int, int, error) {
	batches := 0
	cfg.Progress(have, res.Expected)
	for int64(have) < res.Expected {
		wait := last.Add(cfg.CallbackTimeout).Sub(cfg.Clock.Now())
		if wait <= 0 {
			res.StopReason = fmt.Sprintf("%d of %d profiles arrived and no more came within %s; run again with --refetch to ask for them again (it counts against the daily profile-view quota)", have, res.Expected, cfg.CallbackTimeout)
			break
		}
		timer := cfg.Clock.NewTimer(wait)
		select {
		case d := <-arrived:
			last = d.Search.LastDelivery
			batches++
		case <-timer.C():
		case <-ctx.Done():
			timer.Stop()
			res.StopReason = fault.StopInterrupted
		}
		timer.Stop()
		if res.StopReason != "" {
			break
		}
		var err error
		if have, err = j.EmployeeCount(res.Company.ID, cfg.Status); err != nil {
			return 0, 0, err
		}
		cfg.Progress(have, res.Expected)
	}
	return have, batches, nil
}

// employeesReport is the report of an export that wrote its output.
func employeesReport(cfg Config, res *Result, batches int, started time.Time) *report.Employees {
	now := cfg.Clock.Now()
	r := &report.Employees{
		Command:         cfg.CommandLine,
		Company:         report.Company{ID: res.Company.ID, Slug: res.Company.Slug, Name: res.Company.Company},
		Status:          cfg.Status,
		Output:          cfg.Output,
		Journal:         cfg.Journal,
		Complete:        res.Complete,
		StopReason:      res.StopReason,
		Settings:        cfg.Settings,
		Expected:        res.Expected,
		Written:         res.Written,
		Batches:         batches,
		Requested:       res.Requested,
		Started:         started.UTC(),
		Finished:        now.UTC(),
		DurationSeconds: now.Sub(started).Seconds(),
	}
	switch {
	case res.Complete:
		r.ExitCode = fault.ExitOK
	case res.StopReason == fault.StopInterrupted:
		r.ExitCode, r.Next = fault.ExitInterrupted, cfg.CommandLine
	default:
		r.ExitCode, r.Next = fault.ExitIncomplete, cfg.CommandLine
	}
	return r
}

// requestProfiles journals and makes a getProfiles request, and returns
// when it was made.
func requestProfiles(ctx context.Context, cfg Config, j *state.Journal, ref wire.CompanyRef, expected int64, callbackURL string) (time.Time, error) {
	s, err := j.BeginEmployeeSearch(ref.ID, cfg.Status, expected, cfg.Clock.Now())
	if err != nil {
		return time.Time{}, err
	}
	id, _, err := cfg.Service.CompanyProfiles(ctx, fmt.Sprint(ref.ID), cfg.Status, callbackURL)
	if err != nil {
		if errors.Is(err, api.ErrRateLimited) {
			return time.Time{}, &QuotaError{Reason: fmt.Sprintf("the company holds %d profiles, more than the daily profile-view quota has left; run again tomorrow", expected)}
		}
		return time.Time{}, Explain(err, cfg.Company)
	}
	if err := j.EmployeeSearchAccepted(s.Seq, id); err != nil {
		return time.Time{}, err
	}
	cfg.Log.Info("company profiles requested", "company", ref.Company, "status", cfg.Status, "expected", expected, "searchId", id)
	return s.Requested, nil
}

// QuotaError is a daily quota that stops an export before it starts.
type QuotaError struct{ Reason string }

// Error implements error.
func (e *QuotaError) Error() string { return e.Reason }

// writeEmployees writes every profile the journal holds for the company.
func writeEmployees(j *state.Journal, companyID int64, status, output string) (int, error) {
	w, err := sinks.CreateTable[EmployeeRow](output)
	if err != nil {
		return 0, err
	}
	defer w.Abort()
	err = j.EachEmployee(companyID, status, func(raw json.RawMessage) error {
		return w.Write(employeeRow(raw), raw)
	})
	if err != nil {
		return 0, err
	}
	return w.Rows(), w.Commit()
}

// NotFoundError is the error of a company the service does not know,
// for every command that names one.
type NotFoundError struct {
	Company string
	Message string // what the service said
}

func (e *NotFoundError) Error() string {
	return fmt.Sprintf("no company %q at the service (%s); give its numeric id or the slug of its company page", e.Company, e.Message)
}

// Explain says what a failed company call means for the user: the same
// sentence whichever command made it.
func Explain(err error, company string) error {
	var apiErr *api.Error
	msg := err.Error()
	if errors.As(err, &apiErr) && apiErr.Message != "" {
		msg = apiErr.Message
	}
	switch {
	case errors.Is(err, api.ErrForbidden):
		return fmt.Errorf("%w: the Company API is not enabled for this account, or the account is disabled (%s); ask the provider to enable it", fault.ErrAccount, msg)
	case errors.Is(err, api.ErrUnauthorized):
		return fmt.Errorf("%w: %s", fault.ErrAccount, api.Explain(err))
	case errors.Is(err, api.ErrNotFound):
		return &NotFoundError{Company: company, Message: msg}
	case errors.Is(err, api.ErrNoCredits):
		return &QuotaError{Reason: "no company data credits left (" + msg + ")"}
	}
	return fmt.Errorf("company %q: %w", company, err)
}

func latest(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}
