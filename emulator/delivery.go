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
	"time"

	"github.com/enrich-dev/enrich/api"
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
	charged  int // credits the produced results cost
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

// processingDelay draws a processing time: mostly up to the typical delay,
// with a long tail up to 20 times it.
func (e *Emulator) processingDelay() time.Duration {
	d := float64(e.cfg.CallbackDelay)
	r := e.randFloat()
	if r < 0.9 {
		return time.Duration(d/15 + e.randFloat()*(d-d/15))
	}
	// Log-uniform between d and 20d: tail deliveries are rarer the later.
	return time.Duration(d * math.Pow(20, e.randFloat()))
}

// schedule runs a delivery in the background until it is delivered,
// discarded, or the emulator closes.
func (e *Emulator) schedule(d delivery) {
	lost := e.randFloat() < e.cfg.CallbackLoss
	e.wg.Add(1)
	go func() {
		defer e.wg.Done()
		if !wait(e.ctx, d.delay) {
			return
		}
		result := d.produce()
		if items, ok := result.([]resultItem); ok {
			for _, it := range items {
				if it.Status == api.StatusSuccess {
					d.charged++
				}
			}
		}
		body, err := json.Marshal(result)
		if err != nil {
			e.log.Error("encode callback body", "requestId", d.id, "error", err)
			return
		}
		e.deliver(d, body, lost)
	}()
}

// deliver makes the first attempt and the retries. Only an HTTP 200 within
// the answer time counts.
func (e *Emulator) deliver(d delivery, body []byte, lost bool) {
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
		if lastErr == nil {
			e.mu.Lock()
			d.account.stats.Delivered++
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
	req.Header.Set(api.HeaderRequestID, strconv.FormatInt(d.id, 10))
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

// discard drops a delivery whose attempts all failed, and sends a notice if
// none went out to the account within the notice period. Credits stay spent.
func (e *Emulator) discard(d delivery, cause error, lost bool) {
	now := e.now()
	e.mu.Lock()
	defer e.mu.Unlock()
	a := d.account
	a.stats.Discarded++
	a.stats.DiscardedCharged += d.charged
	if lost {
		a.stats.Lost++
	}
	a.pendingNotice = append(a.pendingNotice, d.id)
	e.log.Warn("callback discarded after all attempts", "kind", d.kind, "account", a.cfg.Name, "requestId", d.id, "error", cause)
	if !a.noticeAt.IsZero() && now.Sub(a.noticeAt) < e.cfg.NoticePeriod {
		return
	}
	n := Notice{Account: a.cfg.Name, At: now, RequestIDs: a.pendingNotice, Error: cause.Error()}
	a.pendingNotice = nil
	a.noticeAt = now
	a.stats.Notices++
	e.notices = append(e.notices, n)
	e.log.Warn("failed-delivery notice sent", "account", a.cfg.Name, "requestIds", n.RequestIDs, "error", n.Error)
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
