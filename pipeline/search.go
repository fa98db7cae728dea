package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/byname"
	"github.com/enrich-dev/enrich/internal/budget"
	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/internal/sheet"
	"github.com/enrich-dev/enrich/runsheet"
	"github.com/enrich-dev/enrich/sources"
	"github.com/enrich-dev/enrich/state"
)

// searches are the engine's searches by name: the names rows wait on, at
// most byname.MaxConcurrent of them under way at once. A search does not
// take room in the lookup budget (searches have daily quotas of their
// own); the lookup of the person it finds does.
type searches struct {
	queue   []int32 // names to search, in the order rows came to need them
	running int
	// stopped says why no more searches are made in this run ("" while
	// they are): the daily quota is spent, --max-searches is reached, or
	// the service refused the search for good.
	stopped string
	// refused is the search refused for good (a 404 endpoint, a 403
	// account without it): the rows that need it say so, and the run
	// ends with exit 2, since no run mends it before the user does.
	refused error
	// pauseTil holds searches after a 429 (more than the account's
	// searches at once); limited since when they are answered so.
	pauseTil time.Time
	limited  outage
	stats    searchStats
	// holdUntil ends the hold of lookups that wait for searches to fill
	// their batch (zero: none held).
	holdUntil time.Time
	// unread are rows whose identifiers all found nobody and whose person
	// the model left unread (runsheet.UnreadName); reading says a pass over
	// the input reads them.
	unread  []int32
	reading bool
}

// unreadBatch is the number of rows waiting for their person that makes
// a pass over the input worth it while lookups are still under way;
// fewer wait for the lookups to end, so that a sheet is read again once
// or twice, not for every row.
const unreadBatch = 10000

// personsRead are the persons a pass over the input read, by row.
type personsRead struct {
	persons map[int32]sheet.Person
	err     error
}

// readPersons starts a pass over the input that reads the persons of the
// rows left unread, once the lookups are done or many rows wait.
func (e *engine) readPersons() {
	switch {
	case len(e.sr.unread) == 0 || e.sr.reading:
		return
	case e.stop != "" || e.sr.stopped != "":
		for _, r := range e.sr.unread {
			e.m.SetDone(r) // not searched in this run
		}
		e.sr.unread = nil
		return
	case len(e.sr.unread) < unreadBatch && (e.queue.len() > 0 || len(e.flights) > 0):
		return
	}
	want := make(map[int32]int32, len(e.sr.unread)) // row number → row
	for _, r := range e.sr.unread {
		want[e.m.Rows[r].Num] = r
	}
	e.sr.unread, e.sr.reading = nil, true
	opts := e.cfg.Source
	opts.CellsOnly = true
	input := e.cfg.Input
	e.cfg.Log.Info("reading the names of rows whose identifiers found nobody", "rows", len(want))
	e.group.Go(func() error {
		persons, err := personsOf(input, opts, want, e.m.Rereadable)
		e.outcomes <- outcome{persons: &personsRead{persons: persons, err: err}}
		return nil
	})
}

// personsOf reads the persons of the rows want names, by number, from the
// input the model was read from.
func personsOf(input string, opts sources.Options, want map[int32]int32, same func(string) bool) (map[int32]sheet.Person, error) {
	if !same(input) {
		return nil, fmt.Errorf("%s changed since the run read it", input)
	}
	t, err := sources.Open(input, opts)
	if err != nil {
		return nil, err
	}
	defer t.Close()
	out := make(map[int32]sheet.Person, len(want))
	people := t.People()
	for len(out) < len(want) {
		row, err := t.Next()
		if errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("%s changed since the run read it", input)
		}
		if err != nil {
			return nil, err
		}
		if r, ok := want[int32(row.Num)]; ok {
			out[r] = sources.PersonOf(people, row.Cells)
		}
	}
	return out, nil
}

// personsDone takes the persons a pass read: each row goes on to the
// search for its name, which the journal may already hold.
func (e *engine) personsDone(p *personsRead) {
	e.sr.reading = false
	if p.err != nil {
		e.cfg.Log.Warn("the names of rows whose identifiers found nobody could not be read; they are searched in a later run", "error", p.err)
		e.sr.stopped = "the input could not be read again: " + p.err.Error()
		return
	}
	var fresh []int32
	for r, person := range p.persons {
		n := e.m.SetPerson(r, person)
		if n >= 0 && e.m.Names[n].Status == "" && !e.m.Names[n].Queued {
			fresh = append(fresh, n)
		}
	}
	if err := e.m.ReadNamesOf(e.j, e.mode, e.refreshCutoff(), fresh); err != nil {
		e.storageFailed(err)
	}
	e.choose(fresh)
	for r := range p.persons {
		e.advance(r)
	}
}

// searchBatchWait is how long lookups ready while searches are under way
// wait for the searches to fill a request: each search finds one person
// to look up, and one request of many items costs less than many of one.
const searchBatchWait = 5 * time.Second

// holdForSearches returns until when the ready lookups are held while
// searches go on, or zero when they go now: a full batch is ready, or no
// search is left.
func (e *engine) holdForSearches(now time.Time) time.Time {
	ready := e.dropStale()
	if ready == 0 || ready >= wire.MaxItems || e.stop != "" || (e.sr.running == 0 && len(e.sr.queue) == 0) {
		e.sr.holdUntil = time.Time{}
		return time.Time{}
	}
	if e.sr.holdUntil.IsZero() {
		e.sr.holdUntil = now.Add(searchBatchWait)
	}
	if now.Before(e.sr.holdUntil) {
		return e.sr.holdUntil
	}
	e.sr.holdUntil = time.Time{}
	return time.Time{}
}

// searchStats count what the searches took of the daily quotas, for the
// report.
type searchStats struct{ queries, profiles int }

// searched is the outcome of one search, from its goroutine to the loop.
type searched struct {
	name   int32
	result state.NameSearch
	err    error
}

// wantSearch queues the search of name n, once; once searching stopped,
// the rows that wait on it wait for the next run.
func (e *engine) wantSearch(n int32) {
	nm := &e.m.Names[n]
	if nm.Queued || nm.Status != "" {
		return
	}
	if e.sr.stopped != "" {
		e.unsearched(n)
		return
	}
	nm.Queued = true
	e.sr.queue = append(e.sr.queue, n)
}

// startSearches starts searches while fewer than the service allows are
// under way. Each journals its outcome before the loop hears of it: a
// search made is never made again for the same name.
func (e *engine) startSearches() {
	if e.clock.Now().Before(e.sr.pauseTil) {
		return
	}
	for e.stop == "" && e.sr.stopped == "" && e.sr.running < byname.MaxConcurrent && len(e.sr.queue) > 0 {
		n := e.sr.queue[0]
		e.sr.queue = e.sr.queue[1:]
		e.sr.running++
		person := e.m.Names[n].Person
		key := e.m.Names[n].Key
		e.group.Go(func() error {
			res, err := byname.Find(e.sendCtx, e.searcher, person, e.clock.Now())
			res = e.m.Suppression().Filter(res) // as the journal keeps it
			if err == nil {
				if jerr := e.j.PutNameSearch(key, res); jerr != nil {
					err = fmt.Errorf("%w: %v", errStorage, jerr)
				}
			}
			e.outcomes <- outcome{search: &searched{name: n, result: res, err: err}}
			return nil
		})
	}
}

// errStorage marks a search whose outcome the journal could not keep.
var errStorage = errors.New("journal")

// searchDone applies a search's outcome: the rows that wait on it move
// on, to the lookup of the person it found or to their end.
func (e *engine) searchDone(s *searched) {
	e.sr.running--
	e.sr.stats.queries += s.result.Queries
	e.sr.stats.profiles += s.result.Profiles
	if s.err != nil {
		e.searchFailed(s)
		return
	}
	e.sr.limited = outage{}
	li := e.m.Matched(s.name, s.result)
	l := e.lookupAt(li)
	if l != nil && l.Searched && l.Phase == state.Queued && !l.Queued && !l.Sent {
		// A uid new to this run: the journal may hold its answer already,
		// which is no profile received by this run.
		if err := e.m.ReadLookup(e.j, e.mode, e.refreshCutoff(), li); err != nil {
			e.storageFailed(err)
		}
	}
	if l != nil {
		l.Settled = false // its answer, if any, is read from the journal
	}
	rows := e.m.Searching[s.name]
	delete(e.m.Searching, s.name)
	for _, r := range rows {
		e.advance(r)
	}
}

// lookupAt returns lookup li, or nil for -1.
func (e *engine) lookupAt(li int32) *runsheet.Lookup {
	if li < 0 {
		return nil
	}
	return &e.m.Lookups[li]
}

// searchFailed stops the searches of this run: the rows that wait on
// them stay pending, for the next run. The lookups go on.
func (e *engine) searchFailed(s *searched) {
	var held *budget.HeldError
	switch {
	case errors.Is(s.err, errStorage):
		e.storageFailed(s.err)
		e.sr.stopped = "the journal could not be written"
	case errors.Is(s.err, byname.ErrQuota):
		e.sr.stopped = "the daily search quota is spent; the service resets it once a day, and a run after that searches the rows left"
		e.cfg.Log.Warn("the daily search quota is spent: rows found only by name wait for a run after the quota resets (once a day)", "error", s.err)
	case errors.Is(s.err, context.Canceled), errors.Is(s.err, context.DeadlineExceeded) && e.stop != "":
		e.sr.stopped = "the run stopped"
	case errors.Is(s.err, errSearchCap):
		e.sr.stopped = fmt.Sprintf("--max-searches %d reached; the next run searches the rows left", e.cfg.MaxSearches)
		e.cfg.Log.Info("--max-searches reached: rows found only by name wait for the next run", "searches", e.cfg.MaxSearches)
	case errors.As(s.err, &held):
		// Other processes or hosts held the account's searches for
		// --service-wait: the wait was made; a next run searches.
		if e.sr.stopped == "" {
			e.cfg.Log.Warn("the account's searches are held by others; rows found only by name wait for the next run", "error", held)
		}
		e.sr.stopped = held.Error()
	case fault.NeedsFix(s.err):
		// No run mends it before the user does: the people search is not
		// there at this address, or the account does not have it.
		e.sr.refused = api.Explained(s.err)
		e.sr.stopped = "the people search was refused: " + api.Explain(s.err)
		e.cfg.Log.Warn("the people search is refused; rows found only by name are not searched", "reason", api.Explain(s.err))
	case errors.Is(s.err, api.ErrRateLimited) || serviceDown(s.err):
		// More than the account's searches at once (every run on the key
		// shares them), or a service failing: the search waits and is
		// made again, within --service-wait.
		if e.searchLimited(s) {
			return
		}
	default:
		if e.sr.stopped == "" { // the searches under way fail alike: said once
			e.cfg.Log.Warn("a search by name failed; rows found only by name wait for the next run", "error", s.err)
		}
		e.sr.stopped = "a search failed: " + s.err.Error()
	}
	e.unsearched(s.name)
	for _, n := range e.sr.queue {
		e.unsearched(n)
	}
	e.sr.queue = nil
	e.readPersons() // ends the rows that wait for their person
}

// searchLimited puts back a search answered 429 (or failing) and holds
// the searches with backoff; it reports false when they failed so for
// --service-wait, and searching stops.
func (e *engine) searchLimited(s *searched) bool {
	now := e.clock.Now()
	if e.sr.limited.since.IsZero() {
		e.sr.limited.since = now
		e.cfg.Log.Warn("the people search refuses more searches at once, or fails; searches wait and are made again", "error", s.err, "for_at_most", e.cfg.ServiceWait)
	}
	e.sr.limited.failures++
	left := e.sr.limited.since.Add(e.cfg.ServiceWait).Sub(now)
	if left <= 0 {
		e.sr.stopped = "the people search failed for --service-wait: " + api.Explain(s.err)
		return false
	}
	wait := min(time.Second<<min(e.sr.limited.failures-1, 5), left)
	var apiErr *api.Error
	if errors.As(s.err, &apiErr) && apiErr.RetryAfter > wait {
		wait = min(apiErr.RetryAfter, left)
	}
	if until := now.Add(wait); until.After(e.sr.pauseTil) {
		e.sr.pauseTil = until
	}
	e.m.Names[s.name].Queued = true
	e.sr.queue = append([]int32{s.name}, e.sr.queue...)
	return true
}

// unsearched ends, for this run, the rows that wait on name n's search.
func (e *engine) unsearched(n int32) {
	nm := &e.m.Names[n]
	nm.Queued, nm.Stopped = false, true
	for _, r := range e.m.Searching[n] {
		e.m.SetDone(r)
	}
	delete(e.m.Searching, n)
}

// advance moves row r along its waterfall and queues what it waits on.
func (e *engine) advance(r int32) {
	switch next, out := e.m.Advance(r); out {
	case runsheet.Waiting, runsheet.CreditsOver:
		e.want(next)
	case runsheet.Searching:
		e.wantSearch(next)
	case runsheet.Unread:
		e.sr.unread = append(e.sr.unread, r)
	case runsheet.Failed:
		if !e.retryGivenUp(next) {
			e.m.SetDone(r) // given up by this run: the row is done for now
		}
	}
}
