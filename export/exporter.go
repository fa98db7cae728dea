package export

import (
	"encoding/json"
	"hash/maphash"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/internal/ident"
	"github.com/enrich-dev/enrich/internal/profile"
	"github.com/enrich-dev/enrich/sinks"
	"github.com/enrich-dev/enrich/sources"
	"github.com/enrich-dev/enrich/state"
)

// Exporter derives rows' outcomes from the journal, decoding each stored
// profile once however many rows name it: a person found by several
// identifiers (several results) is one record. It is safe for concurrent
// use: its caches are guarded by mu, and a profile is decoded outside the
// lock (two workers may, rarely, both decode one).
type Exporter struct {
	mode        state.Mode
	creditsOut  bool
	kept        *Kept // answers the journal could not store
	mu          sync.Mutex
	jsonl       bool                    // keep the raw candidate for the output
	byName      bool                    // rows may be found by name (Config.ByName)
	people      []sources.PersonColumn  // the input's person columns
	key         int                     // the column of the rows' keys (a database's table), or -1
	refresh     bool                    // fill the refresh columns
	unsearched  string                  // why rows waiting for their search by name were not searched; "" says the next run makes it
	format      sinks.RowFormatter      // formats the rows on the workers, when the output lets them (nil: it writes them itself)
	texts       sync.Pool               // of *[]byte: the chunks' formatted rows, written and used again
	profiles    map[uint64]cachedResult // by result id
	records     map[uint64]*heldRecord  // by hash of the raw profile
	lookups     map[string]answer       // by identifier
	table       *answerTable            // the journal's answers, read whole (nil: read as rows need them)
	suppression *state.Suppression      // the identifiers of people who asked to be forgotten
	settle      *Settled                // stops the export at the first row the journal does not settle (FromRun.Settle)
	fill        *filler                 // fills the sheet's own columns (Config.Fill); nil fills none
	chunks      atomic.Int64            // chunks begun
	seed        maphash.Seed
	size        int // bytes the records hold, about
	cacheBytes  int // the bound of size

	// minConfidence is the least confidence of a match by name
	// (Config.MinConfidence): under high, a medium match is proposed.
	minConfidence string
}

// NewExporter returns an exporter of the answers of mode whose decoded
// profiles take about cacheBytes at most (0: maxCachedBytes).
func NewExporter(mode state.Mode, cacheBytes int) *Exporter {
	x := &Exporter{mode: mode, seed: maphash.MakeSeed(), cacheBytes: cacheBytes}
	x.texts.New = func() any { text := make([]byte, 0, 512<<10); return &text }
	if x.cacheBytes == 0 {
		x.cacheBytes = maxCachedBytes
	}
	x.forget()
	return x
}

// Unsearched says why the rows that wait for their search by name were
// not searched (the people search refused for good), for their
// enrich_error; by default they say that the next run searches them.
func (x *Exporter) Unsearched(why string) { x.unsearched = why }

// forget empties the caches, releasing their memory.
func (x *Exporter) forget() {
	x.profiles = make(map[uint64]cachedResult)
	x.records = make(map[uint64]*heldRecord)
	x.size = 0
}

// answer is what the export needs of a lookup.
type answer struct {
	phase    state.Phase
	result   uint64      // when Found
	reason   string      // when Failed
	updated  time.Time   // for a refresh's columns
	previous uint64      // likewise
	redone   bool        // looked up again once because its stored result was unusable
	entry    *tableEntry // its entry, when read from a table of answers
}

// maxCachedLookups bounds the answers kept (about 100 bytes each); past
// it the cache starts again.
const maxCachedLookups = 1 << 16

// lookup returns what the journal says of an identifier. Sheets name the
// same people on many rows, so answers are kept: one export reads each
// from the journal about once.
func (x *Exporter) lookup(r *journalScan, id string) (answer, bool, error) {
	if x.table != nil {
		if a, ok := x.table.get(id); ok || !x.table.partial {
			return a, ok, nil
		}
	}
	x.mu.Lock()
	a, ok := x.lookups[id]
	x.mu.Unlock()
	if ok {
		return a, true, nil
	}
	if r.Reader == nil {
		return answer{}, false, nil // no journal to read: the row waits
	}
	l, ok, err := r.Lookup(x.mode, id)
	if err != nil || !ok {
		return answer{}, ok, err
	}
	a = answer{phase: l.Phase, result: l.Result, reason: l.Reason, updated: l.Updated, previous: l.Previous, redone: l.Redone > 0}
	x.mu.Lock()
	if x.lookups == nil || len(x.lookups) >= maxCachedLookups {
		x.lookups = make(map[string]answer, 1024)
	}
	x.lookups[strings.Clone(id)] = a // not the row's line, which id may share
	x.mu.Unlock()
	return a, true, nil
}

// storedResult is a decoded result of the journal.
type storedResult struct {
	item      string
	answers   string          // an identifier the item was found to be (Exporter.answers)
	held      *heldRecord     // its profile, decoded; nil when damaged or not read
	candidate json.RawMessage // only for JSONL
	damaged   bool
	gone      bool // not read: the journal was damaged under the run
}

// cachedResult is a storedResult as the cache keeps it: without the raw
// candidate, which an output that writes it reads again, in half the
// memory (a sheet naming 100,000 people keeps some 300,000).
type cachedResult struct {
	item          string
	answers       string
	held          *heldRecord
	damaged, gone bool
}

// record returns the result's profile, or nil when it has none.
func (s storedResult) record() *profile.Record {
	if s.held == nil {
		return nil
	}
	return &s.held.Record
}

// cells returns the cells an output formats from the result's profile
// once, or nil when it has none.
func (s storedResult) cells() *sinks.Cells {
	if s.held == nil {
		return nil
	}
	return &s.held.cells
}

func (c cachedResult) stored() storedResult {
	return storedResult{item: c.item, answers: c.answers, held: c.held, damaged: c.damaged, gone: c.gone}
}

// maxCachedBytes bounds the memory of the decoded profiles kept; past it
// the cache starts again, which costs only time on sheets that name more
// people than it holds (about 100,000 typical profiles).
const maxCachedBytes = 96 << 20

// result returns the decoded result stored under id.
func (x *Exporter) result(r *journalScan, id uint64) storedResult {
	x.mu.Lock()
	c, ok := x.profiles[id]
	x.mu.Unlock()
	if ok && (!x.jsonl || c.damaged) {
		return c.stored()
	}
	var s storedResult
	if r.Reader == nil {
		return storedResult{damaged: true, gone: true}
	}
	if !x.jsonl && !decodeEach {
		if s, ok := x.flat(r, id); ok {
			x.keep(id, s)
			return s
		}
	}
	var raw []byte
	var err error
	if x.jsonl {
		raw, err = r.Result(id) // the candidate is written out
	} else {
		raw, err = r.AppendResult(r.buf[:0], id)
		r.buf = raw
	}
	var res wire.Result
	if err == nil {
		res, err = wire.ParseResult(raw)
	}
	if err != nil {
		s.damaged = true
	} else {
		s = x.decode(res)
	}
	x.keep(id, s)
	return s
}

// keep caches the decoded result stored under id.
func (x *Exporter) keep(id uint64, s storedResult) {
	x.mu.Lock()
	if x.size > x.cacheBytes {
		x.forget()
	}
	x.size += 64 // the entry itself
	x.profiles[id] = cachedResult{item: s.item, held: s.held, damaged: s.damaged, gone: s.gone}
	x.mu.Unlock()
}

// decodeEach, set by tests only, has exports decode every stored result,
// as they read a journal without flat records; flatReads counts the
// results read from their flat records, for tests to see that they are.
var (
	decodeEach bool
	flatReads  atomic.Int64
)

// flat reads the result stored under id from its flat record, when the
// journal holds one it can trust (see state.Reader.Flat): no profile to
// decompress and decode. Like decode, it keeps one record of the same
// profile found by several identifiers.
func (x *Exporter) flat(r *journalScan, id uint64) (storedResult, bool) {
	item, flat, ok := r.Flat(id)
	if !ok {
		return storedResult{}, false
	}
	return x.parseFlat(item, flat)
}

// parseFlat is the result a flat record gives: the record's item, and the
// profile its flat form gives, decoded once for all the results whose
// records are the same.
func (x *Exporter) parseFlat(item string, flat []byte) (storedResult, bool) {
	held, ok := x.held(maphash.Bytes(x.seed, flat), func() (profile.Record, bool) {
		parsed, err := profile.ParseFlat(flat)
		return parsed, err == nil // another version's: decoded instead
	})
	if !ok {
		return storedResult{}, false
	}
	flatReads.Add(1)
	return storedResult{item: item, held: held}, true
}

// decode decodes a result's profile. The same profile found by several
// identifiers is stored once per identifier, byte for byte the same: it
// is decoded once.
func (x *Exporter) decode(res wire.Result) storedResult {
	s := storedResult{item: res.Item}
	if x.jsonl {
		s.candidate = res.Candidate
	}
	held, _ := x.held(maphash.Bytes(x.seed, res.Candidate), func() (profile.Record, bool) {
		return profile.Decode(res.Candidate), true
	})
	s.held = held
	return s
}

// heldRecord is a decoded profile as the exporter keeps it, once for all
// the results that stored the same profile, with the cells an output
// formats from it once.
type heldRecord struct {
	profile.Record
	cells  sinks.Cells
	pinned atomic.Bool // an entry of the table of answers keeps it (answerTable.hold)
}

// held returns the record kept under the hash h of a stored profile, or
// keeps the one decode gives (ok false: it gave none).
func (x *Exporter) held(h uint64, decode func() (profile.Record, bool)) (*heldRecord, bool) {
	x.mu.Lock()
	held := x.records[h]
	x.mu.Unlock()
	if held != nil {
		return held, true
	}
	rec, ok := decode()
	if !ok {
		return nil, false
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	if held := x.records[h]; held != nil {
		return held, true
	}
	held = &heldRecord{Record: rec}
	x.records[h] = held
	x.size += recordSize(&held.Record)
	return held, true
}

// peek returns what a stored result answers, without decoding its
// profile (its record is nil) unless the cache has it.
func (x *Exporter) peek(r *journalScan, id uint64) storedResult {
	x.mu.Lock()
	c, ok := x.profiles[id]
	x.mu.Unlock()
	if ok {
		return c.stored()
	}
	raw, err := r.AppendResult(r.buf[:0], id)
	r.buf = raw
	var res wire.Result
	if err == nil {
		res, err = wire.ParseResult(raw)
	}
	if err != nil {
		return storedResult{damaged: true}
	}
	return storedResult{item: res.Item}
}

// recordSize is about the memory a record holds.
func recordSize(r *profile.Record) int {
	n := 0
	for _, e := range r.Employers {
		n += 16 + len(e)
	}
	return 12*16 + 24 + n + len(r.UID) + len(r.FullName) + len(r.Headline) + len(r.Title) + len(r.Company) + len(r.Location) +
		len(r.Email) + len(r.Emails) + len(r.Phone) + len(r.Phones) + len(r.LinkedIn) + len(r.Skills)
}

// Profile returns the profile of the result stored under result, decoded
// once, when it answers the identifier id; nil when the journal cannot
// give it whole, or it answers another identifier.
func (x *Exporter) Profile(j *state.Journal, result uint64, id ident.ID) *profile.Record {
	var rec *profile.Record
	_ = j.View(func(r *state.Reader) error {
		s := x.result(&journalScan{Reader: r}, result)
		if !s.damaged && sameIdentifier(id, s.item) {
			rec = s.record()
		}
		return nil // unread, the identifier is looked up
	})
	return rec
}
