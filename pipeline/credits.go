package pipeline

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/enrich-dev/enrich/api"
)

// credits is the run's one account of what it may still spend. The
// balance is what X-Credits-Left last said; what happened since it was
// read is counted apart, towards spending, so that neither the account's
// balance nor --max-credits is overdrawn:
//   - items in flight may be matched and charged;
//   - profiles received since the read were charged, and the read may not
//     show them yet;
//   - items of a request given up on (no callback in time) may have been
//     matched and charged, and their delivery discarded: they count until
//     the balance is read again.
//
// The estimate errs towards stopping early. The one case it cannot see is
// a match the service makes after its request was given up
// (--callback-timeout): that one may pass --max-credits.
type credits struct {
	known    bool  // the balance has been read
	start    int64 // the balance when the run started
	balance  int64 // the balance as last read
	inflight int64 // items submitted whose results have not arrived
	profiles int64 // profiles received by this run
	since    int64 // profiles received since the balance was last read
	expired  int64 // items of requests given up since the balance was last read
	max      int64 // --max-credits; 0 means no limit
	stale    bool  // the balance could not be read at the end
}

// maxBalance bounds what X-Credits-Left may say: a value beyond it is
// taken as this, so that no sum overflows.
const maxBalance = 1 << 50

// observe takes the balance from an answer's X-Credits-Left.
func (c *credits) observe(m api.Meta) {
	if !m.HasCredits {
		return
	}
	v := min(max(m.CreditsLeft, 0), maxBalance)
	if !c.known {
		c.start = v
	}
	c.known, c.balance, c.since, c.expired = true, v, 0, 0
}

// received counts a profile delivered to this run.
func (c *credits) received() {
	c.profiles++
	c.since++
}

// expire counts the items of a request given up on as maybe charged; they
// leave the flight when it lands.
func (c *credits) expire(n int64) { c.expired += n }

// drop is how much the balance fell since the run started, as last read.
func (c *credits) drop() int64 {
	if !c.known {
		return 0
	}
	return c.start - c.balance
}

// spent is the most the run may have cost so far, in flight excluded.
func (c *credits) spent() int64 { return c.drop() + c.since + c.expired }

// settledUp reports whether the balance as last read accounts for
// everything but what is in flight.
func (c *credits) settledUp() bool { return c.since == 0 && c.expired == 0 }

// headroom is how many more items may be submitted now.
func (c *credits) headroom() int64 {
	h := int64(maxBalance)
	if c.known {
		h = c.balance - c.since - c.expired - c.inflight
	}
	if c.max > 0 {
		h = min(h, c.max-c.spent()-c.inflight)
	}
	return h
}

// exhaustedReason says which limit stops submission.
func (c *credits) exhaustedReason() string {
	if c.max > 0 && c.max-c.spent() <= 0 {
		return StopMaxCredits
	}
	return StopCredits
}

// checkAccount reads the balance of the pool the run spends from. It is the
// run's first request: a refused key or account stops the run before
// anything is submitted.
func (e *engine) checkAccount(ctx context.Context) error {
	n, meta, err := e.cfg.Service.Credits(ctx, e.cfg.WithoutContacts)
	switch {
	case errors.Is(err, api.ErrUnauthorized), errors.Is(err, api.ErrForbidden):
		return fmt.Errorf("%w: %s", ErrAccount, accountProblem(err))
	case ctx.Err() != nil:
		return ctx.Err()
	case err != nil:
		var te *api.TransportError
		if errors.As(err, &te) {
			return fmt.Errorf("%w: the service at %s: %v; check ENRICH_API_URL (or --api-url) and the network", ErrUnreachable, serviceURL(e.cfg.Service), te.Err)
		}
		return fmt.Errorf("read the credit balance: %w", err)
	}
	meta.CreditsLeft, meta.HasCredits = n, true
	e.cr.observe(meta)
	e.cfg.Log.Info("credits", "pool", e.mode.String(), "balance", e.cr.balance)
	if e.cr.balance <= 0 {
		e.halt(StopCredits, nil)
	}
	return nil
}

// readBalance reads the balance in the background, once at a time: after
// requests were given up, what they cost shows only there.
func (e *engine) readBalance(ctx context.Context) {
	if e.reading || !e.cr.known {
		return
	}
	e.reading = true
	ctx = context.WithoutCancel(ctx)
	e.group.Go(func() error {
		ctx, cancel := context.WithTimeout(ctx, time.Minute)
		defer cancel()
		n, meta, err := e.cfg.Service.Credits(ctx, e.cfg.WithoutContacts)
		meta.CreditsLeft, meta.HasCredits = n, err == nil
		e.outcomes <- outcome{balance: true, meta: meta, err: err, answered: e.clock.Now()}
		return nil
	})
}

// refreshBalance reads the balance once more at the end, after the last
// callback, so that the report's balance drop holds what the service
// charged for results that never arrived. It is best effort: the report
// says when the balance was not read.
func (e *engine) refreshBalance(ctx context.Context) {
	if !e.cr.known || e.stats.requests == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	n, meta, err := e.cfg.Service.Credits(ctx, e.cfg.WithoutContacts)
	if err != nil {
		e.cfg.Log.Debug("final balance not read", "error", err)
		e.cr.stale = true
		return
	}
	meta.CreditsLeft, meta.HasCredits = n, true
	e.cr.observe(meta)
}
