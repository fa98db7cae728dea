package emulator

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/enrich-dev/enrich/api"
)

// maxRequestBytes bounds a lookup request body: 100 items of a few hundred
// bytes each fit many times over.
const maxRequestBytes = 1 << 20

// lookupBody is the request of POST /candidate/search as the emulator reads
// it: Items stays raw so that a non-array can be told apart.
type lookupBody struct {
	Items            json.RawMessage `json:"items"`
	CallbackURL      *string         `json:"callbackUrl"`
	WithoutWaterfall bool            `json:"withoutWaterfall"`
	WithoutContacts  bool            `json:"withoutContacts"`
}

// serveLookup is POST /api/v1/candidate/search (interface 4.1). The checks
// run in the service's order: body, validation, rate window, credits; only
// then is anything processed.
func (e *Emulator) serveLookup(w http.ResponseWriter, r *http.Request, a *account) {
	var body lookupBody
	raw, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxRequestBytes))
	if err != nil || json.Unmarshal(raw, &body) != nil {
		e.fail(w, a, poolStandard, http.StatusNotFound, "Invalid JSON")
		return
	}
	p := poolStandard
	if body.WithoutContacts {
		p = poolWithoutContacts
	}
	var items []string
	if err := json.Unmarshal(body.Items, &items); err != nil || len(items) == 0 {
		e.fail(w, a, p, http.StatusNotAcceptable, "items must be a non-empty array of strings")
		return
	}
	if len(items) > api.MaxItems {
		e.fail(w, a, p, http.StatusNotAcceptable, fmt.Sprintf("Maximum %d items are allowed in one request", api.MaxItems))
		return
	}
	async := body.CallbackURL != nil
	switch {
	case async && body.WithoutWaterfall:
		e.fail(w, a, p, http.StatusNotAcceptable, "callbackUrl cannot be used together with withoutWaterfall")
		return
	case !async && !body.WithoutWaterfall:
		e.fail(w, a, p, http.StatusNotAcceptable, "callbackUrl is required unless withoutWaterfall is true")
		return
	case async && !validCallbackURL(*body.CallbackURL):
		e.fail(w, a, p, http.StatusNotAcceptable, "callbackUrl must be an absolute http or https URL")
		return
	}

	now := e.now()
	e.mu.Lock()
	if !a.window.Allow(now, len(items)) {
		a.stats.RateLimited++
		e.mu.Unlock()
		e.fail(w, a, p, http.StatusTooManyRequests, fmt.Sprintf("Limit of %d items per minute is exceeded", a.cfg.ItemsPerMinute))
		return
	}
	if a.balance[p] <= 0 {
		a.window.Remove(now, len(items))
		e.mu.Unlock()
		e.fail(w, a, p, http.StatusPaymentRequired, "Not enough credits")
		return
	}
	if e.random.Float64() < e.cfg.SubmitErrorRate {
		a.window.Remove(now, len(items))
		a.stats.SubmitErrors++
		e.mu.Unlock()
		e.fail(w, a, p, http.StatusInternalServerError, "Internal server error")
		return
	}
	a.stats.Requests++
	a.stats.ItemsAccepted += len(items)
	a.stats.MaxWindowItems = max(a.stats.MaxWindowItems, a.window.Count(now))
	dup := e.markDuplicates(a, items, now)
	e.mu.Unlock()

	if !async {
		results := e.process(a, items, dup, body.WithoutContacts, false)
		e.reply(w, a, p, http.StatusOK, results)
		return
	}
	e.mu.Lock()
	e.nextID++
	id := e.nextID
	e.mu.Unlock()
	e.schedule(delivery{
		account:  a,
		id:       id,
		url:      *body.CallbackURL,
		delay:    e.processingDelay(),
		produce:  func() any { return e.process(a, items, dup, body.WithoutContacts, true) },
		kind:     "lookup",
		numItems: len(items),
	})
	e.reply(w, a, p, http.StatusCreated, map[string]int64{"requestId": id})
}

// markDuplicates flags the items submitted within the duplicate period
// before, and records the others. Called with e.mu held.
func (e *Emulator) markDuplicates(a *account, items []string, now time.Time) []bool {
	dup := make([]bool, len(items))
	for i, it := range items {
		key := strings.ToLower(strings.TrimSpace(it))
		if last, ok := a.lastSeen[key]; ok && now.Sub(last) < e.cfg.DuplicatePeriod {
			dup[i] = true
			continue
		}
		a.lastSeen[key] = now
	}
	// Forget what can no longer make a duplicate, so the map stays small.
	if len(a.lastSeen) > 4*a.cfg.ItemsPerMinute+1000 {
		for k, t := range a.lastSeen {
			if now.Sub(t) >= e.cfg.DuplicatePeriod {
				delete(a.lastSeen, k)
			}
		}
	}
	return dup
}

// resultItem is one element of a lookup's answer, as the service sends it.
type resultItem struct {
	Item      string          `json:"item"`
	Status    api.Status      `json:"status"`
	Candidate json.RawMessage `json:"candidate,omitempty"`
}

// process resolves the items at matching time: credits are spent here, for
// matched profiles only, and items past the last credit are
// credits_are_over.
func (e *Emulator) process(a *account, items []string, dup []bool, withoutContacts, async bool) []resultItem {
	p := poolStandard
	if withoutContacts {
		p = poolWithoutContacts
	}
	results := make([]resultItem, len(items))
	for i, it := range items {
		results[i].Item = it
		if dup[i] {
			results[i].Status = api.StatusDuplicateQuery
			continue
		}
		if async && e.randFloat() < e.cfg.TimeoutRate {
			results[i].Status = api.StatusTimeoutExceeded
			continue
		}
		person, found := e.world.Find(it)
		if !found {
			results[i].Status = api.StatusFailed
			continue
		}
		e.mu.Lock()
		paid := a.spend(p)
		if paid && !withoutContacts {
			if _, seen := a.revealed[person.UID.String()]; !seen {
				a.revealed[person.UID.String()] = e.now()
			}
		}
		e.mu.Unlock()
		if !paid {
			results[i].Status = api.StatusCreditsOver
			continue
		}
		results[i].Status = api.StatusSuccess
		results[i].Candidate = e.world.Candidate(person, withoutContacts)
	}
	e.mu.Lock()
	for _, r := range results {
		a.stats.Items[r.Status]++
	}
	e.mu.Unlock()
	return results
}

// serveCredits is GET /api/v1/credits (interface 4.4).
func (e *Emulator) serveCredits(w http.ResponseWriter, r *http.Request, a *account) {
	p := poolStandard
	if strings.EqualFold(r.URL.Query().Get("withoutContacts"), "true") {
		p = poolWithoutContacts
	}
	e.mu.Lock()
	n := a.balance[p]
	e.mu.Unlock()
	e.reply(w, a, p, http.StatusOK, map[string]int64{"credits": n})
}

func validCallbackURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}
