package emulator

import (
	"encoding/json"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/enrich-dev/enrich/emulator/search"
	"github.com/enrich-dev/enrich/emulator/world"
)

// epoch is the world at one date of its clock, and what is derived from
// it on first use: the people search index and the lists
// /_emulator/sample draws from.
type epoch struct {
	world   *world.World
	index   func() *search.Index
	samples func() sampleLists
}

func newEpoch(w *world.World) *epoch {
	ep := &epoch{world: w}
	ep.index = sync.OnceValue(func() *search.Index { return search.New(w) })
	ep.samples = sync.OnceValue(ep.sampleLists)
	return ep
}

// Advance moves the world's clock days forward (world.World.Advance): from
// then on lookups, searches, the Company API and the assistant-protocol
// server answer from the world as of the new date. A request answers
// from the world as of when it was accepted: an asynchronous lookup or a
// getProfiles delivered after the advance, and the later pages of a
// search, still show the world they began with. The emulator's own clock (rate
// window, callbacks, quotas) is not touched: the world's clock is only
// what the profiles say. After PrepareSearch, the new date is indexed for
// search before it serves (seconds for a million people).
func (e *Emulator) Advance(days int) error {
	e.advancing.Lock()
	defer e.advancing.Unlock()
	cur := e.current()
	w, err := cur.world.Advance(days)
	if err != nil {
		return err
	}
	if w == cur.world {
		return nil
	}
	next := newEpoch(w)
	if e.prepared.Load() {
		next.index()
	}
	e.epoch.Store(next)
	e.log.Info("world clock advanced", "days", days, "clock", w.Clock().Format(time.DateOnly), "moved", w.MoveCount())
	return nil
}

// Clock is the body of GET /_emulator/clock and POST /_emulator/advance.
type Clock struct {
	Start   string `json:"start"`   // the world's start, YYYY-MM-DD
	Clock   string `json:"clock"`   // the date the world is at
	Days    int    `json:"days"`    // days from the start to the clock
	MaxDays int    `json:"maxDays"` // the furthest the clock goes past the start
	Moved   int    `json:"moved"`   // people who changed company since the start
}

func clockOf(w *world.World) Clock {
	return Clock{
		Start:   w.Start().Format(time.DateOnly),
		Clock:   w.Clock().Format(time.DateOnly),
		Days:    w.Day(),
		MaxDays: world.MaxDays,
		Moved:   w.MoveCount(),
	}
}

// Move is one element of GET /_emulator/moves: a person who changed
// company between the world's start and its clock. Someone who moved
// twice has one Move, from their role at the start to their role now.
type Move struct {
	UID      string `json:"uid"`
	FullName string `json:"fullName"`
	LinkedIn string `json:"linkedin"` // the profile URL, which still finds the person
	// Email is an address the person was found by at the start (the first
	// of theirs, as /_emulator/sample lists it) and still is; for someone
	// who had none, the new work address; "" if there is neither.
	Email string `json:"email"`
	// WorkEmail is the work address at the company now, "" when none
	// was free for the person.
	WorkEmail string `json:"workEmail"`
	// The net change, one row per person however often they moved: From
	// is the main role at the world's start, whose company they left in
	// the month of the first move (FirstAt); To the main role as of the
	// clock, begun in the month of the latest (At); Moves how many times
	// they changed company.
	From    JobRole `json:"from"`
	To      JobRole `json:"to"`
	At      string  `json:"at"`      // the day of the latest move, YYYY-MM-DD
	FirstAt string  `json:"firstAt"` // the day of the first move, YYYY-MM-DD
	Moves   int     `json:"moves"`
}

// JobRole is a title at a company, as the profile's experience names them.
type JobRole struct {
	Company string `json:"company"`
	Title   string `json:"title"`
}

// Moves returns up to n of the people who changed company between the
// world's start and its clock, by day of the move, then uid.
func (e *Emulator) Moves(n int) []Move {
	w := e.World()
	out := []Move{}
	for _, m := range w.Moves(n) {
		p, was := w.Person(m.Person), w.PersonAtStart(m.Person)
		mv := Move{
			UID:      p.UID.String(),
			FullName: p.FullName,
			LinkedIn: p.ProfileURL(),
			From:     JobRole{Company: w.Company(m.From.Company).Name, Title: w.Title(m.From.Title).Name},
			To:       JobRole{Company: w.Company(m.To.Company).Name, Title: w.Title(m.To.Title).Name},
			At:       m.At.Format(time.DateOnly),
			FirstAt:  m.First.Format(time.DateOnly),
			Moves:    m.Count,
		}
		if len(p.Emails) > 0 && p.Emails[0].Kind == world.EmailWork {
			mv.WorkEmail = p.Emails[0].Address
		}
		switch {
		case len(was.Emails) > 0:
			mv.Email = was.Emails[0].Address
		case len(p.Emails) > 0:
			mv.Email = p.Emails[0].Address
		}
		out = append(out, mv)
	}
	return out
}

// maxMoves is the most people one GET /_emulator/moves lists.
const maxMoves = 10000

// serveMoves is GET /_emulator/moves?count=N (N from 1 to 10,000, 100 by
// default).
func (e *Emulator) serveMoves(w http.ResponseWriter, r *http.Request) {
	n := 100
	if s := r.URL.Query().Get("count"); s != "" {
		v, err := strconv.Atoi(s)
		if err != nil || v < 1 || v > maxMoves {
			writeJSON(w, http.StatusUnprocessableEntity, errorBody("count must be an integer from 1 to "+strconv.Itoa(maxMoves)))
			return
		}
		n = v
	}
	writeJSON(w, http.StatusOK, e.Moves(n))
}

// serveAdvance is POST /_emulator/advance {"days": N}: the world's clock
// moves N days forward (400 for a body that is not that, 422 for a number
// of days the clock cannot go).
func (e *Emulator) serveAdvance(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Days *int `json:"days"`
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 4096))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&body); err != nil || body.Days == nil {
		writeJSON(w, http.StatusBadRequest, errorBody(`body must be {"days": N}, N a whole number of days`))
		return
	}
	if err := e.Advance(*body.Days); err != nil {
		writeJSON(w, http.StatusUnprocessableEntity, errorBody(err.Error()))
		return
	}
	writeJSON(w, http.StatusOK, clockOf(e.World()))
}
