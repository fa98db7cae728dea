package export

import (
	"cmp"
	"context"
	"errors"
	"slices"
	"sync/atomic"

	"github.com/enrich-dev/enrich/internal/ident"
	"github.com/enrich-dev/enrich/sources"
	"github.com/enrich-dev/enrich/state"
)

// answerTable is every answer of one mode the journal holds, read in one
// pass over its lookups, in identifier order: an export answers each
// row's identifiers from it as the rows are read, so that it reads the
// input once. It holds what an output needs of an answer but the times a
// refresh's columns show: a refresh does not read one.
type answerTable struct {
	index   *idIndex // the place of an identifier's entry
	entries []tableEntry
	reasons []string     // why the lookups that failed did
	held    atomic.Int64 // bytes of the profiles the entries hold

	// byResult are the found entries' places, by their results' ids
	// once the table is read, for the preload to give them their
	// profiles; nil after.
	byResult []resultPlace

	cancel context.CancelFunc // stops the reading
	done   chan struct{}      // closed once the table is read, with err
	err    error
	// partial says the journal held more lookups than it counted: the
	// table holds the first of them, in identifier order, and the others
	// are read from the journal as rows name them.
	partial   bool
	preloaded chan struct{} // closed once the preload of results into the cache ended
}

// resultPlace is the place of an entry whose lookup found the result id.
type resultPlace struct {
	result uint64
	place  int32
}

// maxHeldBytes bounds the profiles a table's entries hold, as
// maxCachedBytes the cache's.
const maxHeldBytes = maxCachedBytes / 2

// hold reports whether an entry may keep the profile held, and counts
// it: a pointer, and the profile the first time an entry keeps it.
func (t *answerTable) hold(held *heldRecord) bool {
	n := int64(8)
	if held.pinned.CompareAndSwap(false, true) {
		n += int64(recordSize(&held.Record))
	}
	return t.held.Add(n) <= maxHeldBytes
}

// tableEntry is an identifier's answer, and once a row read it, the
// profile it found, when its stored result answers the identifier: the
// rows that name the same person again find it without another look in a
// cache.
type tableEntry struct {
	result uint64 // when Found
	found  atomic.Pointer[heldRecord]
	reason int32 // when Failed: its place in reasons, or -1
	// bits hold the phase (bits 0-7), whether the lookup was redone (bit
	// 8), and for a run's export (Settled) the kind of the identifier
	// plus one once a row names it (bits 9 and up).
	bits atomic.Uint32
}

const (
	entryRedone    = 1 << 8
	entryKindShift = 9
)

func (e *tableEntry) phase() state.Phase { return state.Phase(e.bits.Load()) }

func (e *tableEntry) redone() bool { return e.bits.Load()&entryRedone != 0 }

// named returns the kind of the identifier plus one, once a row named it
// (Settled), else 0.
func (e *tableEntry) named() uint32 { return e.bits.Load() >> entryKindShift }

// name records the kind of the identifier a row names.
func (e *tableEntry) name(k ident.Kind) {
	if b := e.bits.Load(); b>>entryKindShift == 0 {
		e.bits.Store(b | (uint32(k)+1)<<entryKindShift) // every row that names it stores the same
	}
}

// get returns the answer of an identifier, and whether the journal has
// one.
func (t *answerTable) get(id string) (answer, bool) {
	i, ok := t.index.find(id)
	if !ok {
		return answer{}, false
	}
	return t.at(i), true
}

// at returns the answer of the entry at place.
func (t *answerTable) at(place int32) answer {
	e := &t.entries[place]
	a := answer{phase: e.phase(), result: e.result, redone: e.redone(), entry: e}
	if e.reason >= 0 {
		a.reason = t.reasons[e.reason]
	}
	return a
}

// Bounds of the journals read whole: a journal of more lookups than an
// input of its size could name (a byte in bytesPerLookup) answers only
// the input's own identifiers (readModel); so does one of more than
// maxTableLookups (some 85 MB of table).
const (
	bytesPerLookup  = 16
	minTableLookups = 1 << 12
	maxTableLookups = 1 << 20
)

// idBytes is the length of an identifier the index is sized for.
const idBytes = 32

// passResident bounds the journal's pages the passes over its lookups
// and its results keep mapped (state.Reader.ReleasePages), as
// journalResident the rows': each page is read once, in order. A run that
// writes a million rows to .xlsx from its journal peaked at 246 MiB with
// 64 MiB, at 229 to 235 MiB with 32; with 16, the 300,000-row export took
// 10 % longer.
const passResident = 32 << 20

// errTableFull stops reading a journal that holds more lookups than its
// count said (answerTable.partial).
var errTableFull = errors.New("more lookups than the table holds")

// readAnswers starts reading the journal's answers of cfg's mode whole,
// when it holds about as many as the input names; it returns nil when it
// holds more. With a cache, the journal's results are decoded into it
// meanwhile, from their flat records, on another core, until stop. The
// table is ready once wait returns; stop ends the reading early.
func readAnswers(ctx context.Context, j *state.Journal, cfg Config, cache *Exporter) (*answerTable, error) {
	limit := maxTableLookups // a database's table: its size is not a file's
	if v, ok := sources.VersionOf(cfg.Input); ok {
		limit = int(min(max(v.Size/bytesPerLookup, minTableLookups), maxTableLookups))
	}
	mode := state.ModeOf(cfg.WithoutContacts)
	var n int64
	if err := j.View(func(r *state.Reader) error { n = r.LookupCount(mode); return nil }); err != nil {
		return nil, err
	}
	if n > int64(limit) {
		return nil, nil
	}
	t := &answerTable{index: newIDIndex(int(n), int(n)*idBytes), entries: make([]tableEntry, 0, n), byResult: make([]resultPlace, 0, n),
		done: make(chan struct{}), preloaded: make(chan struct{})}
	ctx, t.cancel = context.WithCancel(ctx)
	go func() {
		// The rows wait for the table, not for the preload: a result
		// they need before it is decoded here is decoded by their worker.
		defer close(t.preloaded)
		if cache != nil {
			_ = cache.preloadFlat(ctx, j, t, int(n)) // it only saves time: what fails it fails the rows that need it
		}
	}()
	go func() {
		defer close(t.done)
		t.err = j.View(func(r *state.Reader) error {
			defer r.ReleasePages(passResident)
			return r.EachLookup(mode, func(id []byte, l state.Lookup) error {
				if len(t.entries) == limit {
					return errTableFull
				}
				if len(t.entries)%4096 == 0 {
					if ctx.Err() != nil {
						return ctx.Err()
					}
					r.ReleasePages(passResident)
				}
				t.index.add(id)
				t.entries = append(t.entries, tableEntry{result: l.Result, reason: -1})
				e := &t.entries[len(t.entries)-1]
				bits := uint32(l.Phase)
				if l.Redone > 0 {
					bits |= entryRedone
				}
				e.bits.Store(bits)
				if l.Phase == state.Found {
					t.byResult = append(t.byResult, resultPlace{l.Result, int32(len(t.entries) - 1)})
				}
				if l.Reason != "" {
					e.reason = int32(len(t.reasons))
					t.reasons = append(t.reasons, l.Reason)
				}
				return nil
			})
		})
		if errors.Is(t.err, errTableFull) {
			t.partial, t.err = true, nil
		}
		if t.err != nil {
			t.cancel() // the preload too
		}
	}()
	return t, nil
}

// wait waits until the table is read, and returns what stopped the
// reading early.
func (t *answerTable) wait() error {
	<-t.done
	return t.err
}

// stop ends the reading and the preload, and waits for them.
func (t *answerTable) stop() {
	t.cancel()
	<-t.done
	<-t.preloaded
}

// preloadFlat decodes the journal's results from their flat records, in
// the journal's order, until the cache of records is three quarters full
// (see preload), and once the table is read, gives each entry whose
// lookup found one of them its profile (tableEntry.found): the rows that
// name it take it from there. A result whose item is spelled unlike the
// identifier is left for the rows to compare (Exporter.answers). A journal
// read whole holds about n results.
func (x *Exporter) preloadFlat(ctx context.Context, j *state.Journal, t *answerTable, n int) error {
	read := make([]preloaded, 0, n)
	err := j.View(func(r *state.Reader) error {
		defer r.ReleasePages(passResident)
		seen := 0
		r.EachFlat(func(id uint64, item string, flat []byte) bool {
			if seen++; seen%preloadBlock == 0 {
				if ctx.Err() != nil || x.nearlyFull() {
					return false
				}
				r.ReleasePages(passResident)
			}
			if s, ok := x.parseFlat(item, flat); ok {
				read = append(read, preloaded{id, item, s.held})
			}
			return true
		})
		return ctx.Err()
	})
	if err != nil || t.wait() != nil {
		return err
	}
	t.give(read)
	return nil
}

// preloaded is a result the preload decoded.
type preloaded struct {
	id   uint64
	item string
	held *heldRecord
}

// give gives the found entries the results read, in the order of their
// ids, that answer their identifiers, as the bound on what they hold
// allows.
func (t *answerTable) give(read []preloaded) {
	places := t.byResult
	t.byResult = nil
	slices.SortFunc(places, func(a, b resultPlace) int { return cmp.Compare(a.result, b.result) })
	for len(places) > 0 && len(read) > 0 {
		switch p, r := places[0], &read[0]; {
		case p.result < r.id:
			places = places[1:]
		case p.result > r.id:
			read = read[1:]
		default:
			places = places[1:]
			if r.item != string(t.index.key(p.place)) || !t.hold(r.held) {
				continue
			}
			t.entries[p.place].found.CompareAndSwap(nil, r.held)
		}
	}
}
