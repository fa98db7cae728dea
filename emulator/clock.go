package emulator

import (
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
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
// twice has one Move, from the role they left at the first move to the
// role they began at the latest.
type Move struct {
	UID      string `json:"uid"`
	FullName string `json:"fullName"`
	LinkedIn string `json:"linkedin"` // the profile URL, which still finds the person
	// Email is an address the person was found by at the start (the first
	// of theirs, as /_emulator/sample lists it) and still is; for someone
	// who had none, the new work address; "" if there is neither.
	Email string `json:"email"`
	// WorkEmail is the work address at the company now, "" when none
	// was free for the person (or they have retired).
	WorkEmail string `json:"workEmail"`
	// The net change, one row per person however often they moved: From
	// is the main role at the world's start (for someone who joined the
	// network or was hired since, the role left at the first move), whose
	// company they left in the month of the first move (FirstAt); To the
	// role begun at the latest move (At), as it was then; Moves how many
	// times they changed company.
	From    JobRole `json:"from"`
	To      JobRole `json:"to"`
	At      string  `json:"at"`      // the day of the latest move, YYYY-MM-DD
	FirstAt string  `json:"firstAt"` // the day of the first move, YYYY-MM-DD
	Moves   int     `json:"moves"`
	// Now is the main role as of the clock (To, or a later title at the
	// same company), null for someone who has retired since; Still says
	// whether the person still works at the company of To.
	Now   *JobRole `json:"now"`
	Still bool     `json:"still"`
}

// JobRole is a title at a company, as the profile's experience names them.
type JobRole struct {
	Company string `json:"company"`
	Title   string `json:"title"`
}

// Moves returns up to n of the people who changed company between the
// world's start and its clock, newest first: by day of the latest move,
// then uid, both descending.
func (e *Emulator) Moves(n int) []Move {
	out, _ := e.movesPage(world.MoveCursor{}, time.Time{}, n)
	return out
}

// movesPage returns up to n moves after cursor, newest first, of latest
// moves on or after since (zero for any), and the cursor of the next page
// ("" for none).
func (e *Emulator) movesPage(cursor world.MoveCursor, since time.Time, n int) ([]Move, string) {
	w := e.World()
	out := []Move{}
	moves, next := w.MovesBefore(cursor, since, n)
	role := func(j world.Job) JobRole {
		return JobRole{Company: w.Company(j.Company).Name, Title: w.Title(j.Title).Name}
	}
	for _, m := range moves {
		p, was := w.Person(m.Person), w.PersonAtStart(m.Person)
		mv := Move{
			UID:      p.UID.String(),
			FullName: p.FullName,
			LinkedIn: p.ProfileURL(),
			From:     role(m.From),
			To:       role(m.To),
			At:       m.At.Format(time.DateOnly),
			FirstAt:  m.First.Format(time.DateOnly),
			Moves:    m.Count,
			Still:    m.Still,
		}
		if m.Now.Company >= 0 {
			now := role(m.Now)
			mv.Now = &now
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
	if next.At.IsZero() {
		return out, ""
	}
	return out, next.At.Format(time.DateOnly) + "." + next.UID.String()
}

// parseMoveCursor reads a cursor of GET /_emulator/moves: the day of a
// move and a uid, "2026-04-19.<32 hex digits>".
func parseMoveCursor(s string) (world.MoveCursor, bool) {
	day, uid, ok := strings.Cut(s, ".")
	at, err := time.Parse(time.DateOnly, day)
	b, herr := hex.DecodeString(uid)
	if !ok || err != nil || herr != nil || len(b) != len(world.UID{}) {
		return world.MoveCursor{}, false
	}
	c := world.MoveCursor{At: at}
	copy(c.UID[:], b)
	return c, true
}

// maxMoves is the most people one GET /_emulator/moves lists.
const maxMoves = 10000

// serveMoves is GET /_emulator/moves?count=N&since=YYYY-MM-DD&cursor=C:
// up to N (1 to 10,000, 100 by default) people who changed company,
// newest first, whose latest move is on or after since. When more
// follow, the answer's X-Next-Cursor header holds the cursor of the next
// page, and its Link header the next page's address.
func (e *Emulator) serveMoves(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	n := 100
	if s := q.Get("count"); s != "" {
		v, err := strconv.Atoi(s)
		if err != nil || v < 1 || v > maxMoves {
			writeJSON(w, http.StatusUnprocessableEntity, errorBody("count must be an integer from 1 to "+strconv.Itoa(maxMoves)))
			return
		}
		n = v
	}
	var since time.Time
	if s := q.Get("since"); s != "" {
		t, err := time.Parse(time.DateOnly, s)
		if err != nil {
			writeJSON(w, http.StatusUnprocessableEntity, errorBody("since must be a date, YYYY-MM-DD"))
			return
		}
		since = t
	}
	var cursor world.MoveCursor
	if s := q.Get("cursor"); s != "" {
		c, ok := parseMoveCursor(s)
		if !ok {
			writeJSON(w, http.StatusUnprocessableEntity, errorBody("cursor is not one this endpoint gave"))
			return
		}
		cursor = c
	}
	moves, next := e.movesPage(cursor, since, n)
	if next != "" {
		q.Set("cursor", next)
		w.Header().Set("X-Next-Cursor", next)
		w.Header().Set("Link", "<"+r.URL.Path+"?"+q.Encode()+`>; rel="next"`)
	}
	writeJSON(w, http.StatusOK, moves)
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
