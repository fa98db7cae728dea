package emulator

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/enrich-dev/enrich/emulator/wire"
)

// delivery is one callback the service owes a client: results produced after
// a processing delay and POSTed to url, with retries (interface 3.2).
type delivery struct {
	account  *account
	id       int64 // the Request-Id header
	url      string
	delay    time.Duration
	produce  func() any // builds the body at matching time, after the delay
	kind     string     // for logs: "lookup" or "profiles"
	numItems int
	charged  int       // credits the produced results cost
	accepted time.Time // when its request was accepted
	// lostAnswer: the request that asked for the delivery was answered
	// 500 (Config.LostAnswerRate); what it costs counts in the stats.
	lostAnswer bool
	// views are the profiles the delivery counts against the daily
	// profile-view quota once delivered (company/getProfiles).
	views int
	// attempted, when not nil, is closed once the first attempt is over
	// (or the delivery ends without one).
	attempted chan struct{}
}

// Notice is a failed-delivery notification (interface 6.3): the service
// sends one at most once per account per notice period, listing the request
// ids whose results were discarded since the last one.
type Notice struct {
	Account    string    `json:"account"`
	At         time.Time `json:"at"`
	RequestIDs []int64   `json:"requestIds"`
	Error      string    `json:"error"`
}

// Shape of the processing time (interface 6.1: "usually seconds,
// sometimes 30 to 60 seconds or more; no fixed maximum").
const (
	tailShare = 0.1 // share of lookups in the long tail
	tailShape = 1.5 // Pareto shape of the tail: P(longer than k·d) = k^-1.5 within it
)

// processingDelay draws a processing time. Nine in ten take from d/15 to
// d, the typical delay; the rest fall in a Pareto tail that starts at d
// and has no maximum: about 1 lookup in 300 takes longer than 10d, 1 in
// 900 longer than 20d, 1 in 10,000 longer than 100d. Only
// Config.MaxCallbackDelay, when set, cuts it.
func (e *Emulator) processingDelay() time.Duration {
	d := float64(e.cfg.CallbackDelay)
	var delay float64
	if e.randFloat() < 1-tailShare {
		delay = d/15 + e.randFloat()*(d-d/15)
	} else {
		u := 1 - e.randFloat() // in (0, 1]
		delay = d * math.Pow(u, -1/tailShape)
	}
	if m := float64(e.cfg.MaxCallbackDelay); m > 0 && delay > m {
		delay = m
	}
	return time.Duration(min(delay, math.MaxInt64/2))
}

// schedule runs a delivery in the background until it is delivered,
// discarded, or the emulator closes.
func (e *Emulator) schedule(d delivery) {
	lost := e.randFloat() < e.cfg.CallbackLoss
	e.wg.Add(1)
	go func() {
		defer e.wg.Done()
		attempted := sync.OnceFunc(func() {
			if d.attempted != nil {
				close(d.attempted)
			}
		})
		defer attempted()
		if !wait(e.ctx, d.delay) {
			return
		}
		result := d.produce()
		if items, ok := result.([]resultItem); ok {
			d.charged = charged(items)
			if d.lostAnswer {
				e.mu.Lock()
				d.account.stats.LostAnswerCharged += d.charged
				e.mu.Unlock()
			}
		}
		body, err := json.Marshal(result)
		if err != nil {
			e.log.Error("encode callback body", "requestId", d.id, "error", err)
			return
		}
		e.deliver(d, body, lost, attempted)
	}()
}

// deliver makes the first attempt and the retries, and calls attempted
// once the first is over. Only an HTTP 200 within the answer time counts.
func (e *Emulator) deliver(d delivery, body []byte, lost bool, attempted func()) {
	attempts := 1 + len(e.cfg.RetryGaps)
	var lastErr error
	for n := 0; n < attempts; n++ {
		if n > 0 && !wait(e.ctx, e.cfg.RetryGaps[n-1]) {
			return
		}
		if lost {
			lastErr = fmt.Errorf("connection lost")
		} else {
			lastErr = e.post(d, body)
		}
		attempted()
		if lastErr == nil {
			e.mu.Lock()
			d.account.stats.Delivered++
			if e.cfg.LateAfter > 0 && e.now().Sub(d.accepted) > e.cfg.LateAfter {
				d.account.stats.LateCharged += d.charged
			}
			e.settleViews(d, true)
			e.mu.Unlock()
			e.log.Debug("callback delivered", "kind", d.kind, "requestId", d.id, "items", d.numItems, "attempt", n+1)
			if e.randFloat() < e.cfg.DuplicateRate && e.post(d, body) == nil {
				e.mu.Lock()
				d.account.stats.Duplicated++
				e.mu.Unlock()
			}
			return
		}
		e.mu.Lock()
		d.account.stats.FailedAttempts++
		e.mu.Unlock()
		e.log.Info("callback attempt failed", "kind", d.kind, "requestId", d.id, "attempt", n+1, "error", lastErr)
	}
	e.discard(d, lastErr, lost)
}

// post makes one delivery attempt.
func (e *Emulator) post(d delivery, body []byte) error {
	ctx, cancel := context.WithTimeout(e.ctx, e.cfg.AnswerTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, d.url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(wire.HeaderRequestID, strconv.FormatInt(d.id, 10))
	resp, err := e.callbacks.Do(req)
	if err != nil {
		return err
	}
	io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<20))
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("receiver answered %s", resp.Status)
	}
	return nil
}

// discard drops a delivery whose attempts all failed. Credits stay spent.
// The account is told in a failed-delivery notice: at once if none went
// out within the notice period, else when the period ends, with every
// request discarded meanwhile (interface 6.3).
func (e *Emulator) discard(d delivery, cause error, lost bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	now := e.now()
	a := d.account
	a.stats.Discarded++
	a.stats.DiscardedCharged += d.charged
	if lost {
		a.stats.Lost++
	}
	e.settleViews(d, false)
	a.pendingNotice = append(a.pendingNotice, d.id)
	a.noticeErr = cause.Error()
	e.log.Warn("callback discarded after all attempts", "kind", d.kind, "account", a.cfg.Name, "requestId", d.id, "error", cause)
	if a.noticeAt.IsZero() || now.Sub(a.noticeAt) >= e.cfg.NoticePeriod {
		e.sendNotice(a, now)
		return
	}
	if !a.noticeDue {
		a.noticeDue = true
		e.wg.Add(1)
		go e.noticeAtPeriodEnd(a, a.noticeAt.Add(e.cfg.NoticePeriod).Sub(now))
	}
}

// noticeAtPeriodEnd sends the account's pending notice after wait, when
// its notice period ends, unless the emulator closes first.
func (e *Emulator) noticeAtPeriodEnd(a *account, after time.Duration) {
	defer e.wg.Done()
	ended := wait(e.ctx, after)
	e.mu.Lock()
	defer e.mu.Unlock()
	a.noticeDue = false
	if ended && len(a.pendingNotice) > 0 {
		e.sendNotice(a, e.now())
	}
}

// sendNotice sends the account a notice of its pending discarded
// requests. Called with e.mu held.
func (e *Emulator) sendNotice(a *account, now time.Time) {
	n := Notice{Account: a.cfg.Name, At: now, RequestIDs: a.pendingNotice, Error: a.noticeErr}
	a.pendingNotice = nil
	a.noticeAt = now
	a.stats.Notices++
	e.notices = append(e.notices, n)
	e.log.Warn("failed-delivery notice sent", "account", a.cfg.Name, "requestIds", n.RequestIDs, "error", n.Error)
}

// settleViews ends a delivery's hold on the profile-view quota: its
// profiles count against today's quota if delivered, and free the room
// they held if not. Called with e.mu held.
func (e *Emulator) settleViews(d delivery, delivered bool) {
	if d.views == 0 {
		return
	}
	d.account.viewsPending -= d.views
	if delivered {
		e.today(d.account, e.now()).ProfileViews += d.views
	}
}

// wait sleeps for d, and reports false if ctx ended first.
func wait(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}
