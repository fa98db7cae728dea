package emulator

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/enrich-dev/enrich/emulator/search"
)

// MaxConcurrentSearches is how many search and scroll requests an account
// may have in progress at once (interface 8).
const MaxConcurrentSearches = 3

// scrollIDBytes is the randomness of a scroll id; base64 makes 256
// characters of it, like the long opaque ids of the service.
const scrollIDBytes = 192

// scroll is a search whose later pages can still be fetched. It is held
// by exactly one live scroll id at a time: each page issues a new id and
// the old one is gone.
type scroll struct {
	account   *account
	index     *search.Index // of the world the search ran on: every page comes from it
	requestID int64
	result    *search.Result
	next      int32 // person index the next page starts from
	sent      int   // profiles returned so far
	size      int   // page size
	expires   time.Time
}

// searchPage is the answer of searchByQuery and scrollSearch.
type searchPage struct {
	RequestID int64            `json:"requestId"`
	Total     int              `json:"total"`
	ScrollID  string           `json:"scrollId,omitempty"`
	Profiles  []search.Profile `json:"profiles"`
}

// serveSearch is POST /api/v1/candidate/searchByQuery (interface 4.2). The
// checks run in this order: concurrency (429), body (404 for invalid
// JSON, 422 for bad filters), daily quotas (402).
func (e *Emulator) serveSearch(w http.ResponseWriter, r *http.Request, a *account) {
	w, release, ok := e.enterSearch(w, a)
	if !ok {
		return
	}
	defer release()
	if !e.searchLatency(r.Context()) {
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxRequestBytes))
	if err != nil {
		e.fail(w, a, poolStandard, http.StatusNotFound, msgInvalidJSON)
		return
	}
	ep := e.current()
	ix := ep.index()
	q, err := ix.Parse(body)
	var badReq *search.BadRequest
	switch {
	case errors.As(err, &badReq):
		e.fail(w, a, poolStandard, http.StatusUnprocessableEntity, badReq.Msg)
		return
	case err != nil:
		e.fail(w, a, poolStandard, http.StatusNotFound, msgInvalidJSON)
		return
	}

	e.mu.Lock()
	used := e.today(a, e.now())
	if msg := searchQuotaSpent(a, used, true); msg != "" {
		a.stats.SearchQuotaExceeded++
		e.mu.Unlock()
		e.fail(w, a, poolStandard, http.StatusPaymentRequired, msg)
		return
	}
	used.SearchQueries++
	a.stats.SearchQueries++
	var revealed []string
	if q.ExcludeRevealed {
		revealed = make([]string, 0, len(a.revealed))
		for uid := range a.revealed {
			revealed = append(revealed, uid)
		}
	}
	e.nextID++
	id := e.nextID
	e.mu.Unlock()

	var ex search.Exclusions
	if q.ExcludeRevealed {
		var people []int32
		for _, uid := range revealed {
			if p, ok := ep.world.Find(uid); ok {
				people = append(people, p.Index)
			}
		}
		ex.Revealed = ix.PeopleSet(people)
	}
	for _, m := range q.Exclude {
		ex.Marked[m] = a.marks[m]()
	}
	s := &scroll{account: a, index: ix, requestID: id, result: ix.Run(q, ex), size: q.Size}
	e.sendPage(w, a, s, true)
}

// serveScroll is POST /api/v1/candidate/scrollSearch/{requestId}
// (interface 4.3). A scroll id is good for one use, within the scroll
// lifetime after the response that issued it; a used, unknown or expired
// one is 404. A scroll refused for the quota (402) keeps its id.
func (e *Emulator) serveScroll(w http.ResponseWriter, r *http.Request, a *account, requestID string) {
	w, release, ok := e.enterSearch(w, a)
	if !ok {
		return
	}
	defer release()
	if !e.searchLatency(r.Context()) {
		return
	}
	id, err := strconv.ParseInt(requestID, 10, 64)
	if err != nil || id <= 0 {
		e.fail(w, a, poolStandard, http.StatusNotFound, msgNotFound)
		return
	}
	var body struct {
		ScrollID *string `json:"scrollId"`
	}
	raw, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxRequestBytes))
	if err != nil || json.Unmarshal(raw, &body) != nil {
		e.fail(w, a, poolStandard, http.StatusNotFound, msgInvalidJSON)
		return
	}
	if body.ScrollID == nil || *body.ScrollID == "" {
		e.fail(w, a, poolStandard, http.StatusUnprocessableEntity, "scrollId is required")
		return
	}
	now := e.now()
	e.mu.Lock()
	s := e.scrolls[*body.ScrollID]
	switch {
	case s != nil && !now.Before(s.expires):
		delete(e.scrolls, *body.ScrollID)
		s = nil
	case s != nil && s.account != a:
		e.mu.Unlock()
		e.fail(w, a, poolStandard, http.StatusForbidden, "This search belongs to another account")
		return
	}
	if s == nil || s.requestID != id {
		e.mu.Unlock()
		e.fail(w, a, poolStandard, http.StatusNotFound, "Scroll id is invalid or expired")
		return
	}
	if msg := searchQuotaSpent(a, e.today(a, now), false); msg != "" {
		a.stats.SearchQuotaExceeded++
		e.mu.Unlock()
		e.fail(w, a, poolStandard, http.StatusPaymentRequired, msg)
		return
	}
	delete(e.scrolls, *body.ScrollID)
	a.stats.SearchScrolls++
	e.mu.Unlock()
	e.sendPage(w, a, s, false)
}

// searchQuotaSpent returns the 402 message when a daily search quota is
// spent, or "". Only a new search counts against the queries.
func searchQuotaSpent(a *account, used *usage, newSearch bool) string {
	switch {
	case newSearch && used.SearchQueries >= a.quotas.SearchQueries:
		return fmt.Sprintf("Daily search quota exceeded: %d searches a day", a.quotas.SearchQueries)
	case used.SearchProfiles >= a.quotas.SearchProfiles:
		return fmt.Sprintf("Daily search quota exceeded: %d profiles a day", a.quotas.SearchProfiles)
	}
	return ""
}

// sendPage answers with the scroll's next page. Every profile returned
// counts against the daily profile quota; a page that would pass it is
// cut short, and the rest stays for a scroll on a later day. While
// results remain, the answer carries a new scroll id.
func (e *Emulator) sendPage(w http.ResponseWriter, a *account, s *scroll, first bool) {
	ix := s.index
	people, next := s.result.Page(s.next, s.size)
	profiles := make([]search.Profile, len(people))
	for k, i := range people {
		profiles[k] = ix.Profile(i)
	}

	e.mu.Lock()
	used := e.today(a, e.now())
	if left := max(0, a.quotas.SearchProfiles-used.SearchProfiles); len(people) > left {
		people, profiles = people[:left], profiles[:left]
		next = s.next
		if left > 0 {
			next = people[left-1] + 1
		}
	}
	used.SearchProfiles += len(people)
	a.stats.SearchProfiles += len(people)
	for k := range profiles {
		switch at, ok := a.revealed[profiles[k].UID]; {
		case ok:
			profiles[k].ContactsFetched = json.RawMessage(strconv.Quote(at.UTC().Format(time.DateTime)))
		case !first:
			// Scroll pages of the service may leave the key out.
			profiles[k].ContactsFetched = nil
		}
	}
	e.mu.Unlock()

	s.next, s.sent = next, s.sent+len(people)
	page := searchPage{RequestID: s.requestID, Total: s.result.Total(), Profiles: profiles}
	if s.sent < page.Total {
		page.ScrollID = newScrollID()
		now := e.now()
		s.expires = now.Add(e.cfg.ScrollTTL)
		e.mu.Lock()
		for id, old := range e.scrolls {
			if !now.Before(old.expires) {
				delete(e.scrolls, id)
			}
		}
		e.scrolls[page.ScrollID] = s
		e.mu.Unlock()
	}
	e.reply(w, a, poolStandard, http.StatusOK, page)
}

// enterSearch admits a search or scroll request, or answers 429 when the
// account already has MaxConcurrentSearches in progress. An admitted
// request holds its slot until its answer starts: the returned writer
// frees the slot before the first byte of the answer is written, so a
// client that sends its next search as soon as one answers never finds
// the slot still taken. The returned release frees it if nothing was
// written (the client hung up); freeing twice is harmless.
func (e *Emulator) enterSearch(w http.ResponseWriter, a *account) (http.ResponseWriter, func(), bool) {
	e.mu.Lock()
	if a.searching >= MaxConcurrentSearches {
		a.stats.SearchConcurrencyLimited++
		e.mu.Unlock()
		e.fail(w, a, poolStandard, http.StatusTooManyRequests,
			fmt.Sprintf("Too many concurrent search requests: at most %d at a time", MaxConcurrentSearches))
		return w, nil, false
	}
	a.searching++
	e.mu.Unlock()
	release := sync.OnceFunc(func() {
		e.mu.Lock()
		a.searching--
		e.mu.Unlock()
	})
	return &slotWriter{ResponseWriter: w, release: release}, release, true
}

// slotWriter frees a search slot as the answer starts.
type slotWriter struct {
	http.ResponseWriter
	release func()
}

func (s *slotWriter) WriteHeader(status int) {
	s.release()
	s.ResponseWriter.WriteHeader(status)
}

func (s *slotWriter) Write(b []byte) (int, error) {
	s.release()
	return s.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (s *slotWriter) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// newScrollID returns a fresh opaque scroll id.
func newScrollID() string {
	b := make([]byte, scrollIDBytes)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// markedSets returns, for each mark, a function that computes the
// account's marked people once, on first use.
func (e *Emulator) markedSets(key string) [search.NumMarks]func() *search.Set {
	var out [search.NumMarks]func() *search.Set
	for m := range search.NumMarks {
		// Marks go by uid and person index, which no date changes.
		out[m] = sync.OnceValue(func() *search.Set { return e.current().index().MarkedSet(key, m) })
	}
	return out
}

// searchLatency holds a search or scroll for Config.SearchDelay, and
// reports false if the client hung up meanwhile.
func (e *Emulator) searchLatency(ctx context.Context) bool {
	return e.cfg.SearchDelay <= 0 || wait(ctx, e.cfg.SearchDelay)
}
