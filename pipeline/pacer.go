package pipeline

import (
	"time"

	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/internal/budget"
	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/internal/redact"
	"github.com/enrich-dev/enrich/report"
	"github.com/enrich-dev/enrich/state"
)

// The pacer: the run sends within the account's budget of items per
// window, shared through a ledger with the machine's other runs on the
// account (internal/budget), and says who holds it when it waits.

// openBudget returns the budget the run submits within: the account's
// ledger shared with the machine's other runs, or the run's own, seeded
// from the journal's recent requests, when no ledger can be kept. A
// ledger no wait mends (a state folder others can write, a link planted
// at its lock) is an error: the run is refused before anything is sent.
func openBudget(cfg *Config, j *state.Journal) (budget.Budget, error) {
	if cfg.BudgetURL != "" {
		// Checked by validate: an address that is not one never gets here.
		if b, err := budget.OpenRedis(cfg.BudgetURL, cfg.Account, cfg.ItemsPerMinute, cfg.RateWindow, budget.Options{Label: cfg.CommandLine, Log: cfg.Log}); err == nil {
			cfg.Log.Info("budget shared through Redis with every run on this account", "budget", b.Path())
			return b, nil
		}
	}
	if cfg.Account != "" {
		dir, err := budget.Dir()
		if err == nil {
			var l *budget.Ledger
			if l, err = budget.Open(dir, cfg.Account, cfg.ItemsPerMinute, cfg.RateWindow, budget.Options{Label: cfg.CommandLine, Log: cfg.Log}); err == nil {
				cfg.Log.Debug("budget shared with the machine's other runs on this account", "ledger", l.Path())
				return l, nil
			}
		}
		if fault.NeedsFix(err) {
			return nil, err
		}
		cfg.Log.Warn("the budget cannot be shared with other runs on this account; this run keeps its own", "error", err)
	}
	local := budget.NewLocal(cfg.ItemsPerMinute, cfg.RateWindow)
	if err := seedBudget(cfg, j, local); err != nil {
		cfg.Log.Warn("recent requests not read from the journal; the first minute may meet a 429", "error", err)
	}
	return local, nil
}

// seedBudget counts the requests of earlier runs that are still in the
// window, from the latest instant the service can have received each: its
// answer, or its results; a request with neither (the process died while
// sending it) counts from now, and so does one stamped in the future by a
// clock that stepped back.
func seedBudget(cfg *Config, j *state.Journal, b *budget.Local) error {
	now := cfg.Clock.Now()
	// A request created before the window may still count in it if its
	// answer came late; answers take at most the HTTP client's timeout.
	batches, err := j.BatchesSince(now.Add(-cfg.RateWindow - 5*time.Minute))
	if err != nil {
		return err
	}
	for _, b0 := range batches {
		if b0.NotCounted {
			continue
		}
		at := b0.Answered
		if at.IsZero() {
			at = b0.Settled
		}
		if at.IsZero() || at.After(now) {
			at = now
		}
		if now.Sub(at) < cfg.RateWindow {
			b.Seed(at, len(b0.Items))
		}
	}
	return nil
}

// pace takes from the ready queue a batch that the account's budget has
// room for, within credits, and reserves its room. When the budget is
// full it takes nothing, and says when room may come.
func (e *engine) pace(now time.Time, credits int64) (batch []int32, res budget.Reservation, full bool, next time.Time) {
	room := e.budget.Room(now)
	if err := e.budget.Err(); err != nil {
		e.budgetFailed(now, err)
		return nil, res, true, e.pauseTil
	}
	e.budgetAnswered(now)
	if room == 0 {
		e.heldBack(now)
		return nil, res, true, e.budget.Next(now, min(len(e.queue.ready), wire.MaxItems))
	}
	e.heldBy = ""
	batch = e.take(min(wire.MaxItems, room, int(min(credits, wire.MaxItems))))
	// Another run on the account may have taken room since Room: the
	// room is taken for what is left, and the rest goes back.
	res = e.budget.Take(now, len(batch))
	if err := e.budget.Err(); err != nil {
		// Redis stopped answering between the look and the take.
		e.queue.ready = append(batch[:len(batch):len(batch)], e.queue.ready...)
		e.budgetFailed(now, err)
		return nil, budget.Reservation{}, true, e.pauseTil
	}
	if res.N < len(batch) {
		e.queue.ready = append(batch[res.N:len(batch):len(batch)], e.queue.ready...)
		batch = batch[:res.N]
	}
	return batch, res, false, time.Time{}
}

// heldBack notes, at most once a second, what holds the account's budget
// while items wait for room: other runs on the account, named where the
// budget knows them. It shows on the progress line and, when it changes,
// in the log. A window full of this run's own items is the budget's pace,
// and says nothing.
func (e *engine) heldBack(now time.Time) {
	if now.Sub(e.heldAt) < time.Second {
		return
	}
	e.heldAt = now
	u := e.budget.Usage(now)
	if u.Others == 0 && u.Share >= u.Limit {
		e.heldBy = ""
		return
	}
	by := u.String()
	if by != e.heldBy {
		e.cfg.Log.Info("waiting for the account's budget", "held", by)
	}
	e.heldBy = by
}

// budgetFailed counts a failure of the budget shared through Redis: as
// for an outage of the service, submission pauses with backoff, and a
// failure lasting --service-wait stops the run, incomplete; it never goes
// on with a budget of its own, which would break the account's.
func (e *engine) budgetFailed(now time.Time, err error) {
	if fault.NeedsFix(err) {
		// A password refused, TLS on one side only: no wait mends it.
		e.halt(fault.StopRefused, err)
		return
	}
	if e.budgetDown.since.IsZero() {
		e.budgetDown.since = now
		e.timeline.event(now, report.EventOutageStart, "the shared budget: "+err.Error())
		e.cfg.Log.Warn("the shared budget does not answer; nothing is sent until it does", "budget", redact.URL(e.cfg.BudgetURL), "error", err, "for_at_most", e.cfg.ServiceWait)
	}
	e.budgetDown.failures++
	left := e.budgetDown.since.Add(e.cfg.ServiceWait).Sub(now)
	if left <= 0 {
		e.halt(fault.StopBudget, nil)
		return
	}
	e.pause(now, min(time.Second<<min(e.budgetDown.failures-1, 4), left))
}

// budgetAnswered ends a failure of the shared budget.
func (e *engine) budgetAnswered(now time.Time) {
	if !e.budgetDown.since.IsZero() {
		e.timeline.event(now, report.EventOutageEnd, "the shared budget answers again")
		e.cfg.Log.Info("the shared budget answers again", "after", now.Sub(e.budgetDown.since).Round(time.Second))
	}
	e.budgetDown = outage{}
}
