package pipeline

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/state"
)

// outcome is what became of one submission, reported to the loop.
type outcome struct {
	seq       uint64
	requestID int64
	results   *state.Delivery // synchronous mode: the committed results
	meta      api.Meta
	err       error
	answered  time.Time
	fatal     error // the journal failed: the run cannot go on
	// maxDuration is the --max-duration timer firing, not a submission.
	maxDuration bool
}

// send journals the intent of a batch, takes its room in the window, and
// starts its request. The journal is written before anything is sent.
func (e *engine) send(ctx context.Context, batch []int32, now time.Time) {
	items := make([]string, len(batch))
	for i, li := range batch {
		items[i] = e.m.lookups[li].id
	}
	b, settled, err := e.j.Begin(e.mode, items, e.cfg.Sync, now)
	if err != nil {
		e.fatal = err
		return
	}
	for _, li := range batch {
		e.m.lookups[li].queued = false
	}
	// Results committed by the receiver since the loop last looked may have
	// settled some of them; their changes are on the way, applied here.
	e.applyAll(settled, false)
	if b.Seq == 0 {
		return
	}
	items = b.Items
	for _, id := range items {
		l := &e.m.lookups[e.m.index[id]]
		l.phase, l.batch = state.InFlight, b.Seq
	}
	f := &flight{batch: b, res: e.lim.reserve(len(items)), sending: true}
	e.flights[b.Seq] = f
	e.cr.inflight += int64(len(items))
	e.stats.requests++
	e.stats.itemsSent += len(items)
	if e.stats.firstSend.IsZero() {
		e.stats.firstSend = now
	}
	e.stats.lastSend = now

	// A request under way is finished even after Ctrl-C: it may reach the
	// service, and its answer says what the journal must record.
	reqCtx := context.WithoutCancel(ctx)
	go func() {
		o := outcome{seq: b.Seq}
		if e.cfg.Sync {
			var results []api.Result
			results, o.meta, o.err = e.cfg.Service.LookupSync(reqCtx, items, e.cfg.WithoutContacts)
			o.answered = time.Now()
			if o.err == nil {
				d, err := e.j.Deliver(state.Ref{Seq: b.Seq}, results, o.answered, e.cfg.policy())
				o.results, o.fatal = &d, err
			}
		} else {
			req := api.LookupRequest{Items: items, CallbackURL: e.callbackURL(), WithoutContacts: e.cfg.WithoutContacts}
			o.requestID, o.meta, o.err = e.cfg.Service.LookupAsync(reqCtx, req)
			o.answered = time.Now()
		}
		select {
		case e.outcomes <- o:
		case <-e.done:
		}
	}()
}

// handle applies the outcome of a submission.
func (e *engine) handle(o outcome) {
	if o.maxDuration {
		e.halt(StopMaxDuration)
		return
	}
	if o.fatal != nil {
		e.fatal = o.fatal
		return
	}
	f := e.flights[o.seq]
	if f == nil {
		return
	}
	f.sending = false
	e.stats.rateLimited += o.meta.RateLimited
	e.cr.observe(o.meta)
	if o.err == nil {
		e.failures = 0
		e.lim.settle(f.res, o.answered)
		if o.results != nil { // synchronous: the results are in
			e.stats.callbacks++
			e.applyAll(o.results.Changes, true)
			if !e.pending(f) {
				e.land(o.seq)
			}
			return
		}
		if err := e.j.Accepted(o.seq, o.requestID, o.answered); err != nil {
			e.fatal = err
			return
		}
		f.batch.RequestID = o.requestID
		f.deadline = o.answered.Add(e.cfg.CallbackTimeout)
		return
	}
	e.failed(f, o)
}

// failed decides what a failed submission means. The rules follow the
// interface: 429 and 402 are answered before processing, so nothing
// happened; a 5xx is taken as not processed; a failure after the request
// may have arrived waits for a callback like any other request.
func (e *engine) failed(f *flight, o outcome) {
	err := o.err
	var apiErr *api.Error
	isAPI := errors.As(err, &apiErr)
	switch {
	case errors.Is(err, api.ErrMaybeDelivered) && !e.cfg.Sync:
		e.cfg.Log.Warn("no answer to a submission that may have arrived; waiting for its callback", "batch", o.seq, "error", err)
		if err := e.j.Uncertain(o.seq, o.answered, err.Error()); err != nil {
			e.fatal = err
			return
		}
		e.lim.settle(f.res, o.answered)
		f.deadline = o.answered.Add(e.cfg.CallbackTimeout)
		return
	case errors.Is(err, api.ErrRateLimited):
		e.reject(f, o, "rate limited (429)", false)
		e.backoff()
	case errors.Is(err, api.ErrNoCredits):
		e.reject(f, o, "no credits (402)", false)
		e.halt(StopCredits)
	case errors.Is(err, api.ErrUnauthorized), errors.Is(err, api.ErrForbidden):
		e.reject(f, o, err.Error(), false)
		e.fatal = fmt.Errorf("%w: %s", ErrAccount, accountProblem(err))
	case isAPI && apiErr.Status < 500:
		e.reject(f, o, err.Error(), true)
		e.fatal = fmt.Errorf("the service rejected a lookup request: %w", err)
	default: // 5xx, a failure to connect, or a synchronous request cut off
		var te *api.TransportError
		notSent := errors.As(err, &te) && !te.Sent
		e.reject(f, o, err.Error(), !notSent)
		e.backoff()
		if notSent && e.failures >= 10 {
			e.fatal = fmt.Errorf("%w: the service at %s: %v; check ENRICH_API_URL and the network", ErrUnreachable, serviceURL(e.cfg.Service), err)
		}
	}
}

// reject journals a batch the service did not take and queues its lookups
// again. counted says whether the service may have counted the request in
// its window (then its room stays taken) and whether it counts as an
// attempt.
func (e *engine) reject(f *flight, o outcome, reason string, counted bool) {
	changes, err := e.j.Rejected(o.seq, o.answered, reason, counted)
	if err != nil {
		e.fatal = err
		return
	}
	if counted {
		e.lim.settle(f.res, o.answered)
	} else {
		e.lim.release(f.res)
	}
	e.cfg.Log.Warn("lookup request not accepted; its items go back to the queue", "batch", o.seq, "items", len(f.batch.Items), "reason", reason)
	e.land(o.seq)
	e.applyAll(changes, false)
}

// backoff pauses submission after a failure, exponentially with the number
// of failures in a row, up to a minute.
func (e *engine) backoff() {
	e.failures++
	d := min(time.Minute, time.Second<<min(e.failures-1, 6))
	e.pauseTil = time.Now().Add(d)
}

// accountProblem says in one sentence what is wrong with the account.
func accountProblem(err error) string {
	var apiErr *api.Error
	msg := ""
	if errors.As(err, &apiErr) && apiErr.Message != "" {
		msg = " (the service says: " + apiErr.Message + ")"
	}
	if errors.Is(err, api.ErrUnauthorized) {
		return "the API key was not accepted; check ENRICH_API_KEY" + msg
	}
	return "the account is disabled or not allowed to do this; check it in the service's web application" + msg
}

func serviceURL(s Service) string {
	if c, ok := s.(*api.Client); ok {
		return c.BaseURL()
	}
	return "(service)"
}
