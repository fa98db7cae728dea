package pipeline

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/internal/fault"
)

// credits is the run's account of what it spends, kept two ways.
//
// The cap (--max-credits) is counted from the run's own requests, never
// from the balance, so that no timing of answers, callbacks and balance
// reads can let the run pass it: each request may be charged at most one
// credit per item, once, when the service matches it. Until the request's
// own results come, all of its items count (they may all match; a request
// given up on may still be matched, or its delivery discarded after it was
// charged); once they come, its matches count. A request the service did
// not take counts nothing.
//
// The account's balance is what X-Credits-Left last said. What happened
// since that answer was asked for is counted apart, so that a read asked
// before a charge and answered after a delivery does not hide the charge:
// items in flight, profiles received and items of requests given up since
// the read was asked for. Of the given-up items, only those the balance
// cannot have shown yet count: a match the service makes after a later
// read may overdraw the balance, which the service answers with
// credits_are_over, never with a charge.
type credits struct {
	known   bool  // the balance has been read
	start   int64 // the balance when the run started
	balance int64 // the balance as last read
	stale   bool  // the balance could not be read at the end
	max     int64 // --max-credits; 0 means no limit

	// The cap's count, per request of this run's pool.
	open    map[uint64]int64 // requests whose own results have not come: their items
	openN   int64            // the items of open
	charged int64            // matches in requests' own results

	inflight int64 // items of requests that have not landed
	profiles int64 // profiles received by this run
	expired  int64 // items of requests given up, in all

	asked   tally // the counts when the balance applied was asked for
	applied int   // the number of that ask, so that an older answer is not applied after a newer
	asks    int   // asks made
	lastAsk time.Time
	reading bool // a balance read is under way
}

// tally is what the run had counted when a balance was asked for: the
// answer shows what happened before, perhaps more, never less.
type tally struct {
	n                 int
	profiles, expired int64
}

// maxBalance bounds what X-Credits-Left may say: a value beyond it is
// taken as this, so that no sum overflows.
const maxBalance = 1 << 50

// balanceEvery is the least time between two balance reads while the run
// waits for credits to show.
const balanceEvery = time.Second

// ask returns the counts to stamp a request that brings a balance with.
func (c *credits) ask() tally {
	c.asks++
	return tally{n: c.asks, profiles: c.profiles, expired: c.expired}
}

// observe takes the balance from an answer to a request stamped with t.
// An answer to an older request than the one last applied is dropped.
func (c *credits) observe(m api.Meta, t tally) {
	if !m.HasCredits || (c.known && t.n <= c.applied) {
		return
	}
	v := min(max(m.CreditsLeft, 0), maxBalance)
	if !c.known {
		c.start = v
	}
	c.known, c.balance, c.asked, c.applied = true, v, t, t.n
}

// sent counts a request of n items of the run's pool.
func (c *credits) sent(seq uint64, n int64) {
	if c.open == nil {
		c.open = make(map[uint64]int64)
	}
	c.open[seq] = n
	c.openN += n
	c.inflight += n
}

// answered counts a request's own results: matched of its items were
// charged. Results of a request already answered, or of another pool's,
// change nothing.
func (c *credits) answered(seq uint64, matched int64) {
	n, ok := c.open[seq]
	if !ok {
		return
	}
	delete(c.open, seq)
	c.openN -= n
	c.charged += min(matched, n)
}

// notTaken counts a request the service did not take: nothing was charged.
func (c *credits) notTaken(seq uint64) { c.answered(seq, 0) }

// received counts a profile delivered to this run.
func (c *credits) received() { c.profiles++ }

// landed counts a request of n items that is no longer awaited: its
// results came, it was not taken, or it was given up.
func (c *credits) landed(n int64) { c.inflight -= n }

// expire counts the items of a request given up on as maybe charged.
func (c *credits) expire(n int64) { c.expired += n }

// undelivered is the items of requests whose own results never came and
// are no longer awaited: the service may have charged those it matched.
func (c *credits) undelivered() int64 { return max(c.openN-c.inflight, 0) }

// drop is how much the balance fell since the run started, as last read.
func (c *credits) drop() int64 {
	if !c.known {
		return 0
	}
	return c.start - c.balance
}

// spent is the most the run may have been charged so far, in flight
// included: what the cap counts.
func (c *credits) spent() int64 { return c.charged + c.openN }

// unshown is what the run may have spent that the balance as last read
// cannot show.
func (c *credits) unshown() int64 {
	return c.inflight + c.profiles - c.asked.profiles + c.expired - c.asked.expired
}

// capRoom is how many more items the cap lets the run submit.
func (c *credits) capRoom() int64 {
	if c.max <= 0 {
		return maxBalance
	}
	return c.max - c.spent()
}

// balanceRoom is how many more items the balance lets the run submit.
func (c *credits) balanceRoom() int64 {
	if !c.known {
		return maxBalance
	}
	return c.balance - c.unshown()
}

// settledUp reports whether the balance as last read shows everything but
// what is in flight: reading it again cannot free credits.
func (c *credits) settledUp() bool {
	return c.profiles == c.asked.profiles && c.expired == c.asked.expired
}

// blocking is the stop the credits make if what is in flight frees
// nothing: --max-credits reached, or the balance spent; "" when they
// leave room.
func (c *credits) blocking() string {
	switch {
	case c.capRoom() <= 0:
		return fault.StopMaxCredits
	case c.balanceRoom() <= 0:
		return fault.StopCredits
	}
	return ""
}

// CreditWait bounds how long, once the credits let nothing more be sent
// (--max-credits reached, or the balance spent, counting what is in
// flight), the run waits for results in flight that may prove fewer
// matches, before it stops: they usually come within seconds, and a
// callback lost for good would keep the run waiting its whole
// --callback-timeout. The wait is the drain of that stop, and never
// longer than --drain-timeout.
const CreditWait = 30 * time.Second

// spendable decides what the credits allow now: how many items may be
// submitted (more than 0), or else whether submission stops (and why), or
// whether the balance should be read again (at most every balanceEvery;
// next says when) or results in flight awaited.
func (c *credits) spendable(now time.Time) (room int64, stop string, read bool, next time.Time) {
	if cr := c.capRoom(); cr <= 0 {
		if c.inflight <= 0 {
			return 0, fault.StopMaxCredits, false, time.Time{}
		}
		return 0, "", false, time.Time{} // matches in flight may prove fewer
	}
	room = min(c.capRoom(), c.balanceRoom())
	switch {
	case room > 0:
		return room, "", false, time.Time{}
	case c.settledUp() && c.inflight <= 0:
		return 0, fault.StopCredits, false, time.Time{}
	case c.settledUp() || c.reading:
		return 0, "", false, time.Time{}
	case now.Before(c.lastAsk.Add(balanceEvery)):
		return 0, "", false, c.lastAsk.Add(balanceEvery)
	}
	return 0, "", true, time.Time{}
}

// checkAccount reads the balance of the pool the run spends from. It is the
// run's first request: a refused key or account stops the run before
// anything is submitted; a service that does not answer is retried for
// --service-wait, then the run stops as incomplete. A run that spends
// (spends) stops there too when the balance is spent; one that only
// awaits requests paid for already goes on.
func (e *engine) checkAccount(ctx context.Context, spends bool) error {
	var n int64
	var meta api.Meta
	err := e.untilAnswered(ctx, func(ctx context.Context) error {
		var err error
		n, meta, err = e.cfg.Service.Credits(ctx, e.cfg.WithoutContacts)
		return err
	})
	switch {
	case errors.Is(err, api.ErrUnauthorized), errors.Is(err, api.ErrForbidden):
		return fmt.Errorf("%w: %s", fault.ErrAccount, api.Explain(err))
	case fault.NeedsFix(err):
		// No wait mends it (a redirect elsewhere, an endpoint that is not
		// there, TLS on one side only): the run ends at once, saying what
		// to fix.
		return api.Explained(err)
	case errors.Is(err, errHalted):
		e.cfg.Log.Warn("the credit balance could not be read; the run ends as incomplete; check ENRICH_API_URL (or --api-url) and the network",
			"service", serviceURL(e.cfg.Service), "stop", e.stop, "error", err)
		return nil
	case ctx.Err() != nil:
		return ctx.Err()
	case err != nil:
		return fmt.Errorf("read the credit balance: %w", err)
	}
	meta.CreditsLeft, meta.HasCredits = n, true
	e.cr.observe(meta, e.cr.ask())
	e.cfg.Log.Info("credits", "pool", e.mode.String(), "balance", e.cr.balance)
	if spends && e.cr.balance <= 0 {
		e.halt(fault.StopCredits, nil)
	}
	return nil
}

// readBalance reads the balance in the background, once at a time: after
// results came or requests were given up, what they cost shows only there.
func (e *engine) readBalance(now time.Time) {
	if e.cr.reading || !e.cr.known {
		return
	}
	e.cr.reading, e.cr.lastAsk = true, now
	asked := e.cr.ask()
	e.group.Go(func() error {
		ctx, cancel := context.WithTimeout(e.sendCtx, time.Minute)
		defer cancel()
		n, meta, err := e.cfg.Service.Credits(ctx, e.cfg.WithoutContacts)
		meta.CreditsLeft, meta.HasCredits = n, err == nil
		e.outcomes <- outcome{balance: true, meta: meta, err: err, asked: asked, answered: e.clock.Now()}
		return nil
	})
}

// refreshBalance reads the balance once more at the end, after the last
// callback, so that the report's balance drop holds what the service
// charged for results that never arrived. It is best effort, and bounded
// by --max-duration: the report says when the balance was not read.
func (e *engine) refreshBalance(ctx context.Context) {
	if !e.cr.known || e.stats.requests == 0 {
		return
	}
	if !e.signalled.IsZero() {
		// Ctrl-C or SIGTERM: the process ends within seconds.
		e.cr.stale = true
		return
	}
	timeout := e.boundedWait(e.clock.Now(), 10*time.Second)
	if timeout <= 0 {
		e.cr.stale = true
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), timeout)
	defer cancel()
	asked := e.cr.ask()
	n, meta, err := e.cfg.Service.Credits(ctx, e.cfg.WithoutContacts)
	if err != nil {
		e.cfg.Log.Debug("final balance not read", "error", err)
		e.cr.stale = true
		return
	}
	meta.CreditsLeft, meta.HasCredits = n, true
	e.cr.observe(meta, asked)
}
