package pipeline

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/enrich-dev/enrich/api"
)

// credits tracks what the run may still spend. Items in flight count as
// spent until their results say otherwise, so that neither the account's
// balance nor --max-credits is ever overdrawn.
type credits struct {
	known    bool  // balance has been read
	balance  int64 // the pool's balance, as last read from the service
	start    int64 // the balance when the run started
	inflight int64 // items submitted whose results have not arrived
	found    int64 // profiles found by this run, each a credit spent
	// foundSince counts profiles found since the balance was last read:
	// the balance does not show them yet.
	foundSince int64
	max        int64 // --max-credits; 0 means no limit
}

// observe takes the balance from an answer's X-Credits-Left.
func (c *credits) observe(m api.Meta) {
	if !m.HasCredits {
		return
	}
	if !c.known {
		c.start = m.CreditsLeft
	}
	c.known, c.balance, c.foundSince = true, m.CreditsLeft, 0
}

// charge counts a profile found.
func (c *credits) charge() {
	c.found++
	c.foundSince++
}

// spent is what this run has cost: the profiles it found, or the drop in
// the balance if that is more (a result the service charged but never
// delivered).
func (c *credits) spent() int64 {
	s := c.found
	if c.known && c.start-c.balance > s {
		s = c.start - c.balance
	}
	return s
}

// headroom is how many more items may be submitted now.
func (c *credits) headroom() int64 {
	h := int64(1) << 62
	if c.known {
		h = c.balance - c.foundSince - c.inflight
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
	case err != nil:
		var te *api.TransportError
		if errors.As(err, &te) {
			return fmt.Errorf("%w: the service at %s: %v; check ENRICH_API_URL and the network", ErrUnreachable, serviceURL(e.cfg.Service), te.Err)
		}
		return fmt.Errorf("read the credit balance: %w", err)
	}
	meta.CreditsLeft, meta.HasCredits = n, true
	e.cr.observe(meta)
	e.cfg.Log.Info("credits", "pool", e.mode.String(), "balance", n)
	if n <= 0 {
		e.halt(StopCredits)
	}
	return nil
}

// refreshBalance reads the balance once more at the end, so that the
// report counts credits the service spent on results that never arrived.
// It is best effort: the report falls back to what the run saw.
func (e *engine) refreshBalance(ctx context.Context) {
	if !e.cr.known || e.stats.requests == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	n, meta, err := e.cfg.Service.Credits(ctx, e.cfg.WithoutContacts)
	if err != nil {
		e.cfg.Log.Debug("final balance not read", "error", err)
		return
	}
	meta.CreditsLeft, meta.HasCredits = n, true
	e.cr.observe(meta)
}
