package pipeline

import (
	"errors"
	"net/http"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/state"
)

// The probe: a request the service answered 5xx may have been taken (the
// service failed after its work) or not (it failed before), and the
// client cannot tell them apart. Waiting --callback-timeout to know held
// its items against --max-credits all that time: with a cap the size of
// a request, a run stopped having sent nothing. Instead its items are
// sent again at once, once, as the same batch: the service answers
// duplicate_query for what the first request took ("the same request
// submitted again within a short period"), whose own callback still
// comes and is matched by its items, and looks up what it did not take.
// Each item is charged once either way; the cap counts the batch once,
// and counts the items answered duplicate_query as charged until then.

// probeWithin bounds how long after the 5xx a probe is sent: the
// service's duplicate period is short (the emulator's is a minute by
// default), and a probe sent later might be taken as a new request, and
// paid again.
const probeWithin = 2 * time.Second

// probeFor sends the items of an asynchronous flight the service answered
// 5xx again at once, if it may: the run is not stopping, the answer is
// fresh (probeWithin), and the budget has room for them now (a probe that
// would wait for room is not sent, and the flight waits for its callback
// as before).
func (e *engine) probeFor(f *flight, o outcome) {
	var apiErr *api.Error
	if e.cfg.Sync || e.stop != "" || !errors.As(o.err, &apiErr) || apiErr.Status < http.StatusInternalServerError {
		return
	}
	now := e.clock.Now()
	if now.Sub(o.answered) > probeWithin {
		return
	}
	res := e.budget.Take(now, len(f.batch.Items))
	if res.N < len(f.batch.Items) || e.budget.Err() != nil {
		e.budget.Release(res)
		return
	}
	probed, err := e.j.Probed(o.seq)
	if err != nil || !probed {
		e.budget.Release(res)
		if err != nil {
			e.storageFailed(err)
		}
		return
	}
	f.batch.Probed = true
	e.stats.requests++
	e.stats.itemsSent += len(f.batch.Items)
	e.stats.resent += len(f.batch.Items)
	e.timeline.sent(now, len(f.batch.Items), len(f.batch.Items))
	e.cfg.Log.Info("a request answered 5xx is sent again at once: the service answers duplicate_query for what it had taken, whose callback still comes", "batch", o.seq, "items", len(f.batch.Items), "answer", apiErr.Status)
	req := wire.LookupRequest{Items: f.batch.Items, CallbackURL: e.callbackURL(), WithoutContacts: e.cfg.WithoutContacts}
	ctx, seq, asked := e.sendCtx, o.seq, e.cr.ask()
	e.group.Go(func() error {
		p := outcome{seq: seq, asked: asked, probe: &res}
		p.requestID, p.meta, p.err = e.cfg.Service.LookupAsync(ctx, req)
		p.answered = e.clock.Now()
		e.outcomes <- p
		return nil
	})
}

// probed takes the answer to a probe. Taken, the batch's callback is
// awaited under the probe's requestId, from now; refused or failed, the
// flight waits for its first request's callback as before. A flight that
// landed meanwhile (its first request's callback came) is nil: the
// probe's own callback finds its items answered.
func (e *engine) probed(f *flight, o outcome) {
	if o.err != nil {
		if notTaken(o.err) {
			e.budget.Release(*o.probe)
		} else {
			e.budget.Settle(*o.probe, o.answered) // the service may count it
		}
		if f != nil {
			e.cfg.Log.Warn("the request sent again after a 5xx failed too; its first request's callback is awaited", "batch", o.seq, "error", o.err)
		}
		return
	}
	e.budget.Settle(*o.probe, o.answered)
	if f == nil {
		return
	}
	e.cr.observe(o.meta, o.asked)
	e.serviceAnswered(o.answered)
	if _, err := e.j.Accepted(o.seq, o.requestID, o.answered); err != nil {
		e.storageFailed(err)
		return
	}
	f.batch.RequestID = o.requestID
	f.deadline = o.answered.Add(e.cfg.CallbackTimeout)
}

// charge is what a callback's request may have cost: its matches, and
// for a batch sent again after a 5xx, the items its second request found
// taken by the first (duplicate_query), which the first may have matched
// and whose own callback may never come.
func charge(d state.Delivery) int64 {
	if d.Probed {
		return int64(d.Charged + d.Duplicates)
	}
	return int64(d.Charged)
}

// notTaken reports whether a failed submission is one the service did not
// take (see failed): refused before processing (429, 402, 503, a request
// it judged invalid, a refused key), or never sent.
func notTaken(err error) bool {
	var apiErr *api.Error
	var te *api.TransportError
	switch {
	case errors.As(err, &apiErr):
		return apiErr.Status < http.StatusInternalServerError || apiErr.Status == http.StatusServiceUnavailable
	case errors.As(err, &te):
		return !te.Sent
	}
	return false
}
