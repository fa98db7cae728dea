// Package budget keeps lookups within an account's budget of items per
// sliding window, exactly, and shares that budget among every process of
// the machine that uses the same account.
//
// The service counts a request when it receives it, some time after it is
// sent and before its answer comes back. So a request counts in full from
// the moment it is reserved until its answer (pending), and from then on as
// if the service had received it at the answer's instant, the latest it
// can have: no window at the service ever holds more than the budget,
// whatever the network's delays.
//
// The budget belongs to the account, not to a run: two runs on one key,
// overlapping cron jobs, `enrich mcp` jobs and `search --enrich` share it.
// A Ledger keeps every reservation of the last window in a small file in
// the user's state directory, keyed by a hash of the service's address and
// the key, and read and written under an exclusive file lock; each process
// that has work takes at most its fair share (the budget divided among the
// processes that want to send), and all of it when alone. Local is the
// same counting for one process, when no ledger file can be kept.
//
// A clock can be ahead of the others (a run under ENRICH_CLOCK_OFFSET) or
// step back (a restored machine, an NTP step). Whatever is dated more than
// a window ahead counts from the present, so that no run waits for an hour
// on entries the service counted long ago.
package budget

import (
	"math"
	"slices"
	"time"
)

// Budget is what a run asks of the account's budget. Times are given by
// the caller, so that a test drives it with a fake clock.
type Budget interface {
	// Room returns how many items may be sent at now.
	Room(now time.Time) int
	// Next returns when n items are expected to fit, not before now, or
	// the zero time when they cannot until a pending request is answered.
	Next(now time.Time, n int) time.Time
	// Take takes room for up to n items at now, as much as there is, in
	// one step: another process cannot take the same room between a look
	// and a reservation. The reservation's N may be less than n, or 0.
	Take(now time.Time, n int) Reservation
	// Settle counts a reservation from the instant its answer came.
	Settle(r Reservation, answered time.Time)
	// Release gives a reservation's room back: the service did not count
	// the request (a 429, a 402, or it never reached the service).
	Release(r Reservation)
	// Want says whether this process has items waiting, for the fair
	// share of a shared budget.
	Want(now time.Time, wants bool)
	// Usage tells who holds the window at now, so that a run without
	// room can say what it waits for.
	Usage(now time.Time) Usage
	// Err says why a budget shared across machines cannot be reached
	// (Redis does not answer), while it cannot; then it has no room.
	Err() error
	// Close ends this process's claim on a shared budget; reservations
	// already made keep counting as long as the service counts them.
	Close()
}

// Reservation is room taken by one request.
type Reservation struct {
	ID uint64
	N  int
}

// entry is one request's room: pending from its reservation until its
// answer, then counted at the answer's instant.
type entry struct {
	Owner   string    `json:"o"`
	ID      uint64    `json:"i"`
	At      time.Time `json:"t"`
	N       int       `json:"n"`
	Pending bool      `json:"p,omitempty"`
}

// claim says that an owner is alive and whether it has items waiting.
// Label names it to the others; ledgers written before labels have none.
type claim struct {
	Owner string    `json:"o"`
	Label string    `json:"l,omitempty"`
	Wants bool      `json:"w,omitempty"`
	Beat  time.Time `json:"b"`
}

// ledger is the state a Ledger keeps in its file and Local in memory.
type ledger struct {
	Entries []entry `json:"entries"`
	Claims  []claim `json:"claims"`
	NextID  uint64  `json:"next"`
	// Epoch names this ledger from its creation: a ledger found with
	// another (or none) was lost and begun again (a Redis restarted
	// empty, a file removed), and each process puts back what it knows
	// it sent in the window (see Ledger.update).
	Epoch string `json:"epoch,omitempty"`
}

// reseed puts back into l the entries that known held and that still
// count at now: what the process knows was sent in the window, its own
// and the others' as it last read them, lost with the store. An entry
// already there (put back by its owner or another) is not counted twice;
// one settled or released since it was read counts until it leaves the
// window, which errs towards waiting. Another owner's request that was
// pending when it was read is counted as answered now: its owner may have
// settled it since, and would never settle it again. It reports whether
// it put any back.
func (l *ledger) reseed(known []entry, owner string, now time.Time, span time.Duration) bool {
	put := false
	for _, e := range known {
		if !l.counts(e, now, span) {
			continue
		}
		if e.Owner != owner && e.Pending {
			e.Pending, e.At = false, now
		}
		if slices.ContainsFunc(l.Entries, func(x entry) bool { return x.Owner == e.Owner && x.ID == e.ID }) {
			continue
		}
		l.Entries = append(l.Entries, e)
		l.NextID = max(l.NextID, e.ID)
		put = true
	}
	return put
}

// Timing of the shared state.
const (
	// pendingHold is how long an unanswered reservation counts as pending
	// before it is taken as answered at its end: the longest a request can
	// be under way (the client's timeout). It matters only for a process
	// that died while it waited for an answer, and then only when its
	// claim went before its requests were settled (see buried).
	pendingHold = 3 * time.Minute
	// claimFresh is how long a claim counts without a new beat.
	claimFresh = 15 * time.Second
	// beatEvery is how often a waiting owner renews its claim.
	beatEvery = 3 * time.Second
)

// counts reports whether e counts in the window ending at now. A pending
// entry counts as long as its owner lives (it will be answered), and for a
// dead owner until its request must have been answered and that answer
// has left the window.
func (l *ledger) counts(e entry, now time.Time, span time.Duration) bool {
	if e.Pending {
		return l.alive(e.Owner, now) || now.Before(e.At.Add(pendingHold+span))
	}
	return now.Sub(e.At) < span
}

// alive reports whether owner has renewed its claim lately. The owner of
// a Local budget is alive as long as the budget is.
func (l *ledger) alive(owner string, now time.Time) bool {
	if owner == localOwner {
		return true
	}
	for _, c := range l.Claims {
		if c.Owner == owner {
			return now.Sub(c.Beat) < claimFresh
		}
	}
	return false
}

// expire refuses the future (see refuseFuture), then drops entries and
// claims that no longer matter. It returns what refuseFuture moved.
func (l *ledger) expire(now time.Time, span time.Duration) (moved int, ahead time.Duration) {
	moved, ahead = l.refuseFuture(now, span)
	for _, c := range l.Claims {
		if now.Sub(c.Beat) >= claimFresh {
			l.buried(c)
		}
	}
	l.Entries = slices.DeleteFunc(l.Entries, func(e entry) bool { return !l.counts(e, now, span) })
	l.Claims = slices.DeleteFunc(l.Claims, func(c claim) bool { return now.Sub(c.Beat) >= claimFresh })
	return moved, ahead
}

// buried settles the requests that the owner of a stale claim left under
// way: its process died (it beats every beatEvery while it lives) by the
// claim's beat plus claimFresh, and a request whose sender is dead reaches
// the service, and counts there, no later than that. Each counts from
// then, or from when it must have been answered if that comes first, for
// a window: a run killed with a request under way holds the account's
// budget for claimFresh plus a window, not for pendingHold.
func (l *ledger) buried(c claim) {
	died := c.Beat.Add(claimFresh)
	for i := range l.Entries {
		if e := &l.Entries[i]; e.Owner == c.Owner && e.Pending {
			if answered := e.At.Add(pendingHold); died.Before(answered) {
				e.At = died
			} else {
				e.At = answered
			}
			e.Pending = false
		}
	}
}

// refuseFuture dates at now every entry more than a window ahead of now,
// and every claim more than claimFresh ahead, and returns how many it
// moved and how far ahead the furthest was. They were written by a clock
// that was ahead (a run under ENRICH_CLOCK_OFFSET, or a system clock
// stepped back since), and taken at their word they would hold the window,
// or keep a dead process alive, until that time comes. They are moved, not
// only read as now, so that the ledger written back holds them as now and
// they leave a window later: read as now at every look, they would never
// leave. What is less far ahead is left as it is: it counts a little
// longer, which errs on the safe side.
func (l *ledger) refuseFuture(now time.Time, span time.Duration) (moved int, ahead time.Duration) {
	note := func(at *time.Time, margin time.Duration) {
		if d := at.Sub(now); d > margin {
			*at = now
			moved++
			ahead = max(ahead, d)
		}
	}
	for i := range l.Entries {
		note(&l.Entries[i].At, span)
	}
	for i := range l.Claims {
		note(&l.Claims[i].Beat, claimFresh)
	}
	return moved, ahead
}

// share is the most items owner may hold in the window at now: the limit
// divided among the owners that want to send, itself included.
func (l *ledger) share(now time.Time, owner string, limit int) int {
	wanting := 1
	for _, c := range l.Claims {
		if c.Owner != owner && c.Wants && now.Sub(c.Beat) < claimFresh {
			wanting++
		}
	}
	return int(math.Ceil(float64(limit) / float64(wanting)))
}

// room returns how many items owner may send at now under limit.
func (l *ledger) room(now time.Time, owner string, limit int, span time.Duration) int {
	total, own := 0, 0
	for _, e := range l.Entries {
		if l.counts(e, now, span) {
			total += e.N
			if e.Owner == owner {
				own += e.N
			}
		}
	}
	return max(0, min(limit-total, l.share(now, owner, limit)-own))
}

// next returns the earliest instant, not before now, at which n items fit
// for owner, or the zero time when pending requests must be answered
// first. Room opens as settled entries leave the window, so the instants
// to try are their exits.
func (l *ledger) next(now time.Time, owner string, limit int, span time.Duration, n int) time.Time {
	n = min(n, limit)
	share := l.share(now, owner, limit)
	n = min(n, share)
	if l.room(now, owner, limit, span) >= n {
		return now
	}
	var exits []time.Time
	for _, e := range l.Entries {
		if !e.Pending && l.counts(e, now, span) {
			exits = append(exits, e.At.Add(span))
		}
	}
	slices.SortFunc(exits, time.Time.Compare)
	for _, t := range exits {
		if l.room(t, owner, limit, span) >= n {
			return t
		}
	}
	return time.Time{}
}

// take reserves room for up to n items, as much as owner may send.
func (l *ledger) take(now time.Time, owner string, limit int, span time.Duration, n int) Reservation {
	n = min(n, l.room(now, owner, limit, span))
	if n <= 0 {
		return Reservation{}
	}
	return l.reserve(now, owner, n)
}

func (l *ledger) reserve(now time.Time, owner string, n int) Reservation {
	l.NextID++
	l.Entries = append(l.Entries, entry{Owner: owner, ID: l.NextID, At: now, N: n, Pending: true})
	return Reservation{ID: l.NextID, N: n}
}

// settle counts a pending entry from answered, or drops it (release).
func (l *ledger) settle(owner string, r Reservation, answered time.Time, release bool) {
	for i := range l.Entries {
		e := &l.Entries[i]
		if e.Owner != owner || e.ID != r.ID {
			continue
		}
		if release {
			l.Entries = append(l.Entries[:i], l.Entries[i+1:]...)
		} else {
			e.At, e.Pending = answered, false
		}
		return
	}
}

// want records owner's claim under label; it reports whether the state
// changed enough to be written.
func (l *ledger) want(now time.Time, owner, label string, wants bool) bool {
	for i := range l.Claims {
		c := &l.Claims[i]
		if c.Owner != owner {
			continue
		}
		if c.Wants == wants && c.Label == label && now.Sub(c.Beat) < beatEvery {
			return false
		}
		c.Wants, c.Label, c.Beat = wants, label, now
		return true
	}
	l.Claims = append(l.Claims, claim{Owner: owner, Label: label, Wants: wants, Beat: now})
	return true
}

// beat renews owner's claim under label, keeping what it said it wants.
func (l *ledger) beat(now time.Time, owner, label string) {
	for i := range l.Claims {
		if c := &l.Claims[i]; c.Owner == owner {
			c.Label, c.Beat = label, now
			return
		}
	}
	l.Claims = append(l.Claims, claim{Owner: owner, Label: label, Beat: now})
}

func (l *ledger) drop(owner string) {
	l.Claims = slices.DeleteFunc(l.Claims, func(c claim) bool { return c.Owner == owner })
}

// Local is the budget of one process, in memory.
type Local struct {
	limit int
	span  time.Duration
	l     ledger
}

var _ Budget = (*Local)(nil)

const localOwner = "local"

// NewLocal returns a budget of limit items per span for this process alone.
func NewLocal(limit int, span time.Duration) *Local {
	return &Local{limit: limit, span: span}
}

// Seed records a request made before this process started, answered at at.
// One dated more than a window ahead of the next look counts from then.
func (b *Local) Seed(at time.Time, n int) {
	b.l.NextID++
	b.l.Entries = append(b.l.Entries, entry{Owner: localOwner, ID: b.l.NextID, At: at, N: n})
}

// Room implements Budget.
func (b *Local) Room(now time.Time) int {
	b.l.expire(now, b.span)
	return b.l.room(now, localOwner, b.limit, b.span)
}

// Next implements Budget.
func (b *Local) Next(now time.Time, n int) time.Time {
	b.l.expire(now, b.span)
	return b.l.next(now, localOwner, b.limit, b.span, n)
}

// Take implements Budget.
func (b *Local) Take(now time.Time, n int) Reservation {
	b.l.expire(now, b.span)
	return b.l.take(now, localOwner, b.limit, b.span, n)
}

// Settle implements Budget.
func (b *Local) Settle(r Reservation, answered time.Time) { b.l.settle(localOwner, r, answered, false) }

// Release implements Budget.
func (b *Local) Release(r Reservation) { b.l.settle(localOwner, r, time.Time{}, true) }

// Want implements Budget; alone, a process always has the whole budget.
func (b *Local) Want(time.Time, bool) {}

// Usage implements Budget: the window holds this process's items alone.
func (b *Local) Usage(now time.Time) Usage {
	b.l.expire(now, b.span)
	return b.l.usage(now, localOwner, b.limit, b.span)
}

// Close implements Budget.
func (b *Local) Close() {}

// Err implements Budget: a budget of this process alone cannot fail.
func (b *Local) Err() error { return nil }
