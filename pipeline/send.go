package pipeline

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/callback"
	"github.com/enrich-dev/enrich/internal/budget"
	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/internal/redact"
	"github.com/enrich-dev/enrich/state"
)

// outcome is what became of one submission, or of a balance read,
// reported to the loop.
type outcome struct {
	seq       uint64
	requestID int64
	results   *state.Delivery // synchronous mode: the committed results
	kept      []wire.Result   // synchronous mode: results the journal could not store, kept beside the output
	meta      api.Meta
	err       error
	answered  time.Time
	stored    error // the journal failed to store the results
	// balance is the answer of a balance read, not of a submission.
	balance bool
	// asked is what the run had counted when the request was made: the
	// balance it brings back shows that much at least.
	asked tally
	// search is the outcome of a search by name, and persons of a pass
	// over the input for the names of rows: not of a submission.
	search  *searched
	persons *personsRead
	// probe is the room of a batch's items sent again after a 5xx (see
	// probeFor): the outcome is of that second request.
	probe *budget.Reservation
}

// send journals the intent of a batch, takes its room in the budget, and
// starts its request. The journal is written before anything is sent. It
// reports false when the run cannot go on submitting.
func (e *engine) send(batch []int32, res budget.Reservation, now time.Time) bool {
	items := make([]string, len(batch))
	for i, li := range batch {
		items[i] = e.m.Lookups[li].ID
	}
	b, settled, err := e.j.Begin(e.mode, items, e.cfg.Sync, now)
	if err != nil {
		e.budget.Release(res)
		e.storageFailed(err)
		return false
	}
	for _, li := range batch {
		e.m.Lookups[li].Queued = false
	}
	// Results committed by the receiver since the loop last looked may have
	// settled some of them; their changes are on the way, applied here.
	e.applyAll(settled)
	if b.Seq == 0 {
		e.budget.Release(res)
		return true
	}
	resent := 0
	for _, id := range b.Items {
		li, _ := e.m.Find(id)
		l := &e.m.Lookups[li]
		if l.Sent {
			resent++
		}
		if l.Lost {
			e.stats.relookups++
		}
		l.Phase, l.Sent, l.Lost = state.InFlight, true, false
	}
	f := &flight{batch: b, res: res, sending: true}
	e.flights[b.Seq] = f
	e.cr.sent(b.Seq, int64(len(b.Items)))
	e.stats.requests++
	e.stats.itemsSent += len(b.Items)
	if e.stats.firstSend.IsZero() {
		e.stats.firstSend = now
	}
	e.stats.lastSend = now
	e.stats.resent += resent
	e.timeline.sent(now, len(b.Items), resent)

	// A request under way is finished even after Ctrl-C (it may reach the
	// service, and its answer says what the journal must record), within
	// --max-duration.
	reqCtx := e.sendCtx
	sync, items, callbackURL := e.cfg.Sync, b.Items, ""
	if !sync {
		callbackURL = e.callbackURL()
	}
	asked := e.cr.ask()
	e.group.Go(func() error {
		o := outcome{seq: b.Seq, asked: asked}
		if sync {
			var results []wire.Result
			results, o.meta, o.err = e.cfg.Service.LookupSync(reqCtx, items, e.cfg.WithoutContacts)
			o.answered = e.clock.Now()
			if o.err == nil {
				d, err := e.j.Deliver(state.Ref{Seq: b.Seq}, results, o.answered, e.cfg.policy())
				o.results, o.stored = &d, err
				if err != nil && e.kept.Add(results) == nil {
					o.kept = results
				}
			}
		} else {
			req := wire.LookupRequest{Items: items, CallbackURL: callbackURL, WithoutContacts: e.cfg.WithoutContacts}
			o.requestID, o.meta, o.err = e.cfg.Service.LookupAsync(reqCtx, req)
			o.answered = e.clock.Now()
		}
		e.outcomes <- o
		return nil
	})
	return true
}

// handle applies the outcome of a submission or of a balance read.
func (e *engine) handle(o outcome) {
	switch {
	case o.search != nil:
		e.searchDone(o.search)
		return
	case o.persons != nil:
		e.personsDone(o.persons)
		return
	}
	if o.meta.RateLimited > 0 {
		e.stats.rateLimited += o.meta.RateLimited
		e.timeline.rateLimited(o.answered, o.meta.RateLimited)
	}
	if o.balance {
		e.cr.reading = false
		if o.err == nil {
			e.cr.observe(o.meta, o.asked)
		}
		return
	}
	f := e.flights[o.seq]
	if o.probe != nil {
		e.probed(f, o)
		return
	}
	if f == nil {
		return
	}
	f.sending = false
	if o.err == nil {
		e.cr.observe(o.meta, o.asked)
		e.serviceAnswered(o.answered)
		e.budget.Settle(f.res, o.answered)
		if o.stored != nil {
			e.storageFailed(o.stored)
			e.applyKept(o.kept, 0)
			if len(o.kept) > 0 {
				e.cr.answered(o.seq, countMatched(o.kept))
			}
			return
		}
		if o.results != nil { // synchronous: the results are in
			e.delivered(callback.Delivery{Stored: *o.results})
			return
		}
		reused, err := e.j.Accepted(o.seq, o.requestID, o.answered)
		if err != nil {
			e.storageFailed(err)
			return
		}
		if reused {
			e.stats.sharedIDs++
			e.cfg.Log.Warn("the service gave this request the requestId of an earlier one; callbacks of both are told apart by their items", "requestId", o.requestID)
		}
		f.batch.RequestID = o.requestID
		f.deadline = o.answered.Add(e.cfg.CallbackTimeout)
		if f.answered {
			e.land(o.seq)
		}
		return
	}
	e.failed(f, o)
}

// failed decides what a failed submission means, from what the service
// can have done with it:
//
//   - not taken: a 429 or 402 (answered before processing), a 503 (the
//     service is unavailable), a refused key or account, a request it
//     judged invalid, or a connection that never opened. The items go
//     back to the queue without using an attempt, and nothing counts in
//     the rate window.
//   - taken, answer unreadable: a 204 ("still in progress") or a 2xx whose
//     body cannot be read. The request is in progress: its callback is
//     awaited like any other, matched by its items.
//   - maybe taken: a 500 or other 5xx, a timeout, a connection cut after
//     the request went out. The service may have processed it: the batch
//     stays open and its callback, if one comes, is matched by its items;
//     the items are sent again only after --callback-timeout, so that they
//     are paid twice only if the service did process them and then lost
//     the delivery. After a 5xx they are also sent again at once, as the
//     same batch (probeFor): the service tells by duplicate_query what it
//     had taken. A synchronous request's results, if any, are lost with
//     its answer: its items go back to the queue at once.
//
// Failures of the service (5xx, timeouts, refused connections) pause
// submission with backoff, and stop the run after --service-wait of them
// in a row.
func (e *engine) failed(f *flight, o outcome) {
	err := o.err
	var apiErr *api.Error
	isAPI := errors.As(err, &apiErr)
	var te *api.TransportError
	isTransport := errors.As(err, &te)
	switch {
	case errors.Is(err, api.ErrRateLimited):
		// The service's window is full, whatever the budget counted:
		// nothing is sent before it has room, a whole window from now at
		// the latest, or when the service says, if later.
		e.serviceAnswered(o.answered)
		e.reject(f, o, "rate limited (429)")
		e.pause(o.answered, max(apiErr.RetryAfter, e.cfg.RateWindow))
	case errors.Is(err, api.ErrNoCredits):
		e.serviceAnswered(o.answered)
		e.reject(f, o, "no credits (402)")
		e.halt(fault.StopCredits, nil)
	case errors.Is(err, api.ErrUnauthorized), errors.Is(err, api.ErrForbidden):
		e.reject(f, o, err.Error())
		e.halt(fault.StopAccount, fmt.Errorf("%w: %s", fault.ErrAccount, api.Explain(err)))
	case fault.NeedsFix(err):
		// A redirect elsewhere, an endpoint that is not there, TLS on one
		// side only: not taken, and no wait mends it.
		e.reject(f, o, err.Error())
		e.halt(fault.StopRefused, api.Explained(err))
	case errors.Is(err, api.ErrAccepted) && serviceDown(err):
		// Taken, and its answer cut off or trickling past the call's
		// bound: the service is failing, and the request's fate is
		// unknown until its callback comes or the wait for it ends; its
		// items are not sent again before.
		e.uncertain(f, o, err)
		e.serviceFailed(f.batch.Created, o.answered, err)
	case errors.Is(err, api.ErrAccepted):
		e.serviceAnswered(o.answered)
		e.uncertain(f, o, err)
	case isAPI && apiErr.Status == http.StatusServiceUnavailable:
		e.reject(f, o, err.Error())
		e.serviceFailed(f.batch.Created, o.answered, err)
	case isAPI && apiErr.Status < 500:
		e.reject(f, o, err.Error())
		e.halt(fault.StopRejected, fmt.Errorf("%s: %w; this is a fault of enrich or of --api-url, not of the sheet", fault.StopRejected, err))
	case isTransport && !te.Sent:
		e.reject(f, o, err.Error())
		e.serviceFailed(f.batch.Created, o.answered, err)
	default: // a 5xx, a timeout, a cut connection: maybe taken
		e.uncertain(f, o, err)
		e.probeFor(f, o)
		e.serviceFailed(f.batch.Created, o.answered, err)
	}
}

// reject journals a batch the service did not take and queues its lookups
// again. The room it took in the budget is given back.
func (e *engine) reject(f *flight, o outcome, reason string) {
	changes, err := e.j.Rejected(o.seq, o.answered, reason)
	if err != nil {
		e.storageFailed(err)
		return
	}
	e.budget.Release(f.res)
	e.cr.notTaken(o.seq)
	e.countRefused(f, o.err)
	e.cfg.Log.Warn("lookup request not taken; its items go back to the queue", "batch", o.seq, "items", len(f.batch.Items), "reason", reason)
	e.land(o.seq)
	e.applyAll(changes)
}

// countMatched counts the matches among results.
func countMatched(results []wire.Result) int64 {
	n := int64(0)
	for _, r := range results {
		if r.Status == wire.StatusSuccess && r.Problem() == "" {
			n++
		}
	}
	return n
}

// countRefused takes the items of a request the service did not take out
// of those sent, and counts them by its answer.
func (e *engine) countRefused(f *flight, err error) {
	n := len(f.batch.Items)
	e.stats.requests--
	e.stats.itemsSent -= n
	e.timeline.refused(f.batch.Created, n)
	code := "no connection"
	var apiErr *api.Error
	switch {
	case errors.As(err, &apiErr):
		code = strconv.Itoa(apiErr.Status)
	case errors.Is(err, api.ErrRedirected):
		code = "redirected"
	}
	if e.stats.refused == nil {
		e.stats.refused = map[string]int{}
	}
	e.stats.refused[code] += n
}

// uncertain keeps a batch the service may have taken open for its
// callback (see failed). Its room in the budget counts from the answer.
func (e *engine) uncertain(f *flight, o outcome, cause error) {
	e.budget.Settle(f.res, o.answered)
	e.stats.uncertain++
	if e.cfg.Sync {
		changes, err := e.j.Expire(o.seq, o.answered, "the synchronous answer was lost: "+cause.Error(), e.cfg.policy())
		if err != nil {
			e.storageFailed(err)
			return
		}
		e.cfg.Log.Warn("a synchronous answer was lost; its items go back to the queue", "batch", o.seq, "error", cause)
		e.expired(o.seq, o.answered, changes)
		return
	}
	if err := e.j.Uncertain(o.seq, o.answered, cause.Error()); err != nil {
		e.storageFailed(err)
		return
	}
	e.cfg.Log.Warn("the service may have taken a request whose answer was lost; waiting for its callback", "batch", o.seq, "items", len(f.batch.Items), "wait", e.cfg.CallbackTimeout, "error", cause)
	f.deadline = o.answered.Add(e.cfg.CallbackTimeout)
	if f.answered {
		e.land(o.seq)
	}
}

// storageFailed stops the run at once: a result that cannot be journaled
// cannot be kept. What is in flight may still be stored.
func (e *engine) storageFailed(err error) {
	e.cfg.Log.Error("the journal could not be written; submission stops", "error", err)
	e.halt(fault.StopStorage, fmt.Errorf("%w: %v", fault.ErrStorage, err))
}

// serviceURL is the service's address as a person may see it: without a
// password or key it may carry.
func serviceURL(s Service) string {
	if c, ok := s.(*api.Client); ok {
		return redact.URL(c.BaseURL())
	}
	return "(service)"
}
