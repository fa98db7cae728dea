package emulator

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/enrich-dev/enrich/emulator/wire"
	"github.com/enrich-dev/enrich/emulator/world"
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
		e.fail(w, a, poolStandard, http.StatusNotFound, msgInvalidJSON)
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
	e.mu.Lock()
	a.stats.LargestRequest = max(a.stats.LargestRequest, len(items))
	e.mu.Unlock()
	if len(items) > wire.MaxItems {
		e.fail(w, a, p, http.StatusNotAcceptable, wire.MsgTooManyItems)
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

	// The clock is read under the lock, so that admissions reach the
	// window in the order of their instants.
	e.mu.Lock()
	at, ok := a.window.allow(e.now(), len(items))
	if !ok {
		a.stats.RateLimited++
		e.mu.Unlock()
		e.fail(w, a, p, http.StatusTooManyRequests, wire.MsgRateLimit(a.cfg.ItemsPerMinute))
		return
	}
	if a.balance[p] <= 0 {
		a.window.undo(at, len(items))
		e.mu.Unlock()
		e.fail(w, a, p, http.StatusPaymentRequired, "Not enough credits")
		return
	}
	if e.random.Float64() < e.cfg.SubmitErrorRate {
		a.window.undo(at, len(items))
		a.stats.SubmitErrors++
		e.mu.Unlock()
		e.fail(w, a, p, http.StatusInternalServerError, msgInternal)
		return
	}
	// No draw when the fault is off, so that the other faults of a seed
	// fall where they did before it existed.
	lostAnswer := e.cfg.LostAnswerRate > 0 && e.random.Float64() < e.cfg.LostAnswerRate
	a.stats.Requests++
	a.stats.ItemsAccepted += len(items)
	a.stats.MaxWindowItems = max(a.stats.MaxWindowItems, a.window.count(at))
	if lostAnswer {
		a.stats.LostAnswers++
	}
	dup := e.markDuplicates(a, items, at)
	e.mu.Unlock()
	// The world as of the request: an asynchronous lookup answers from
	// it even if the clock moves on before it is processed.
	wd := e.World()

	if !async {
		results := e.process(a, wd, items, dup, body.WithoutContacts, false)
		if lostAnswer {
			e.mu.Lock()
			a.stats.LostAnswerCharged += charged(results)
			e.mu.Unlock()
			e.fail(w, a, p, http.StatusInternalServerError, msgInternal)
			return
		}
		e.reply(w, a, p, http.StatusOK, results)
		return
	}
	e.mu.Lock()
	id := e.lastLookup
	if id == 0 || e.cfg.ReusedIDRate == 0 || e.random.Float64() >= e.cfg.ReusedIDRate {
		e.nextID++
		id = e.nextID
	}
	e.lastLookup = id
	e.mu.Unlock()
	attempted := make(chan struct{})
	e.schedule(delivery{
		account:    a,
		id:         id,
		url:        *body.CallbackURL,
		delay:      e.processingDelay(),
		accepted:   e.now(),
		produce:    func() any { return e.process(a, wd, items, dup, body.WithoutContacts, true) },
		kind:       "lookup",
		numItems:   len(items),
		lostAnswer: lostAnswer,
		attempted:  attempted,
	})
	if !e.holdAnswer(r.Context(), attempted) {
		return
	}
	if lostAnswer {
		e.fail(w, a, p, http.StatusInternalServerError, msgInternal)
		return
	}
	e.reply(w, a, p, http.StatusCreated, map[string]int64{"requestId": id})
}

// holdAnswer waits before the 201 of an asynchronous lookup as
// Config.AnswerAfterCallback and Config.AnswerDelay say, and reports false
// if the client hung up meanwhile. The delivery closes attempted whatever
// becomes of it, Close included, so the wait always ends.
func (e *Emulator) holdAnswer(ctx context.Context, attempted <-chan struct{}) bool {
	if e.cfg.AnswerAfterCallback {
		select {
		case <-attempted:
		case <-ctx.Done():
			return false
		}
	}
	return e.cfg.AnswerDelay <= 0 || wait(ctx, e.cfg.AnswerDelay)
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
// Error, a failed item's reason, is sent only under Config.HostileText.
type resultItem struct {
	Item      string          `json:"item"`
	Status    string          `json:"status"`
	Candidate json.RawMessage `json:"candidate,omitempty"`
	Error     string          `json:"error,omitempty"`
}

// charged counts the results that cost a credit: the matches.
func charged(results []resultItem) int {
	n := 0
	for _, r := range results {
		if r.Status == wire.StatusSuccess {
			n++
		}
	}
	return n
}

// process resolves the items in the world wd at matching time: credits
// are spent here, for matched profiles only, and items past the last
// credit are credits_are_over. A synchronous lookup returns only the
// contacts the service already holds (see heldContacts).
func (e *Emulator) process(a *account, wd *world.World, items []string, dup []bool, withoutContacts, async bool) []resultItem {
	p := poolStandard
	if withoutContacts {
		p = poolWithoutContacts
	}
	results := make([]resultItem, len(items))
	for i, it := range items {
		results[i].Item = it
		if dup[i] {
			results[i].Status = wire.StatusDuplicateQuery
			continue
		}
		if async && e.randFloat() < e.cfg.TimeoutRate {
			results[i].Status = wire.StatusTimeoutExceeded
			continue
		}
		person, found := wd.Find(it)
		if !found {
			results[i].Status = wire.StatusFailed
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
			results[i].Status = wire.StatusCreditsOver
			continue
		}
		results[i].Status = wire.StatusSuccess
		cand := wd.Candidate(person, withoutContacts)
		if !async && !withoutContacts {
			cand = heldContacts(person.UID.String(), cand)
		}
		results[i].Candidate = cand
	}
	e.mu.Lock()
	for _, r := range results {
		a.stats.Items[r.Status]++
	}
	e.mu.Unlock()
	e.cfg.HostileText.giveReasons(results)
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
