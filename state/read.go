package state

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Reader reads lookups and results within one read transaction. It is only
// valid inside the function given to View.
type Reader struct {
	tx *bolt.Tx
	j  *Journal
}

// View calls fn with a consistent view of the journal. Keep fn short when
// other goroutines write: bbolt cannot grow the file while a read
// transaction is open.
func (j *Journal) View(fn func(r *Reader) error) error {
	return j.view(func(tx *bolt.Tx) error { return fn(&Reader{tx: tx, j: j}) })
}

// Lookup returns the record of an identifier, and whether there is one.
func (r *Reader) Lookup(m Mode, id string) (Lookup, bool, error) {
	return getLookup(lookupBucket(r.tx, m), id)
}

// EachLookupOf calls fn with the record of each identifier of ids that
// the journal holds, opening the lookups once for all: for many
// identifiers, in identifier order, far cheaper than Lookup each. Ids in
// any order are answered; in ascending order, the cursor steps from one
// identifier's place to the next's, which is most often a few records
// on, rather than searching again from the root each time.
func (r *Reader) EachLookupOf(m Mode, ids []string, fn func(i int, l Lookup)) {
	c := lookupBucket(r.tx, m).Cursor()
	var k, v []byte
	for i, id := range ids {
		// The cursor is at the first record at or after the previous id
		// (nil: past the last record).
		if i == 0 || id < ids[i-1] {
			k, v = c.Seek([]byte(id))
		} else {
			for steps := 0; k != nil && string(k) < id; steps++ {
				if steps == maxSteps {
					k, v = c.Seek([]byte(id))
					break
				}
				k, v = c.Next()
			}
		}
		if k != nil && string(k) == id {
			if l, err := unmarshalLookup(v); err == nil {
				fn(i, l)
			}
		}
	}
}

// maxSteps is how many records EachLookupOf steps over before it
// searches from the root instead.
const maxSteps = 8

// Result returns the raw result item JSON stored under id, as the service
// sent it.
func (r *Reader) Result(id uint64) (json.RawMessage, error) {
	return r.AppendResult(nil, id)
}

// AppendResult appends the raw result item JSON stored under id to dst
// and returns the extended buffer, so that a reader of many results can
// reuse one.
func (r *Reader) AppendResult(dst []byte, id uint64) (json.RawMessage, error) {
	v := r.tx.Bucket(bucketResults).Get(u64(id))
	if v == nil {
		return dst, fmt.Errorf("journal has no result %d", id)
	}
	raw, err := r.j.dec.DecodeAll(v, dst)
	if err != nil {
		return dst, fmt.Errorf("result %d: %w", id, err)
	}
	return raw, nil
}

// DropPages releases the memory that the journal's pages read so far hold
// in this process; they stay in the system's file cache, and reading them
// again maps them back. A long pass over many results (an export) calls it
// now and then, so that its resident memory does not grow with the
// journal.
func (r *Reader) DropPages() {
	// The read transaction holds bbolt's mapping in place: it cannot be
	// remapped (and the range reused) before the transaction ends.
	dropPages(r.j.db.Info().Data, r.tx.Size())
}

// ReleasePages is DropPages when the process's resident memory that maps
// files (the journal's pages read so far, and the program's own code) is
// over limit bytes, or cannot be told. It reports whether it dropped them.
// Reading a dropped page again costs a page fault, so a long pass calls
// this often and lets the pages build up to the limit, rather than
// dropping them every time.
func (r *Reader) ReleasePages(limit int64) bool {
	if n := residentMapped(); n >= 0 && n <= limit {
		return false
	}
	r.DropPages()
	return true
}

// LookupCount returns how many identifiers the journal has records for in
// mode m.
func (r *Reader) LookupCount(m Mode) int64 {
	v := r.tx.Bucket(bucketMeta).Get([]byte(counterPrefix + lookupsCounter(m)))
	if len(v) != 8 {
		return 0
	}
	return int64(binary.BigEndian.Uint64(v))
}

// EachLookup calls fn for every lookup of mode m, in identifier order,
// passing over damaged records (they are looked up again). The
// identifier's bytes are valid only during the call.
func (r *Reader) EachLookup(m Mode, fn func(id []byte, l Lookup) error) error {
	return lookupBucket(r.tx, m).ForEach(func(k, v []byte) error {
		l, err := unmarshalLookup(v)
		if err != nil {
			return nil
		}
		return fn(k, l)
	})
}

// Requeue puts lookups back in the queue when a run starts: those answered
// credits_are_over, and those an earlier run gave up (Failed), which get a
// fresh count of attempts. Only lookups in phase from change.
func (j *Journal) Requeue(m Mode, ids []string, from Phase, now time.Time) error {
	return j.update(func(tx *bolt.Tx) error {
		lookups := lookupBucket(tx, m)
		for _, id := range ids {
			l, ok, err := getLookup(lookups, id)
			if err != nil {
				return err
			}
			if !ok || l.Phase != from {
				continue
			}
			l.Phase, l.Updated, l.NotBefore = Queued, now.UTC(), time.Time{}
			if from == Failed {
				l.Attempts, l.Waits, l.Reason = 0, 0, ""
			}
			if err := putLookup(lookups, id, l); err != nil {
				return err
			}
		}
		return nil
	})
}

// Redo queues again lookups found whose stored result is unusable
// (missing, damaged, or another identifier's), which the caller told
// apart: each is looked up once more with a fresh count of attempts, and
// Redone counts the times, so that the caller can take the next answer as
// final. The previous answer of a refresh, and where it was found, are
// kept. Ids not found, or without a record, are left. It returns the
// lookups it changed.
func (j *Journal) Redo(m Mode, ids []string, now time.Time) ([]Change, error) {
	var changes []Change
	err := j.update(func(tx *bolt.Tx) error {
		changes = nil
		lookups := lookupBucket(tx, m)
		for _, id := range ids {
			l, ok, err := getLookup(lookups, id)
			if err != nil {
				return err
			}
			if !ok || l.Phase != Found {
				continue
			}
			l.Phase, l.Result, l.Updated, l.NotBefore = Queued, 0, now.UTC(), time.Time{}
			l.Attempts, l.Waits, l.Reason = 0, 0, ""
			l.Redone++
			if err := putLookup(lookups, id, l); err != nil {
				return err
			}
			changes = append(changes, Change{Mode: m, ID: id, Lookup: l})
		}
		return addCounters(tx, map[string]int64{CounterRedone: int64(len(changes))})
	})
	if err != nil {
		return nil, fmt.Errorf("journal redo: %w", err)
	}
	return changes, nil
}

// Stale is an identifier a refresh looks up again, and where it was found.
type Stale struct {
	ID     string
	Origin string // "FILE:ROW"
}

// Refresh queues again lookups answered (found or not) before cutoff, for
// a refresh run: the answer found is kept as the previous one, to tell
// what changed. Lookups answered since cutoff, or not answered, are left.
func (j *Journal) Refresh(m Mode, stale []Stale, cutoff, now time.Time) error {
	return j.update(func(tx *bolt.Tx) error {
		lookups := lookupBucket(tx, m)
		for _, s := range stale {
			l, ok, err := getLookup(lookups, s.ID)
			if err != nil {
				return err
			}
			if !ok || !l.Phase.Final() || !l.Updated.Before(cutoff) {
				continue
			}
			l.Previous, l.PreviousAt = 0, l.Updated
			if l.Phase == Found {
				l.Previous = l.Result
			}
			l.Phase, l.Updated, l.NotBefore = Queued, now.UTC(), time.Time{}
			l.Attempts, l.Waits, l.Reason, l.Origin = 0, 0, "", s.Origin
			if err := putLookup(lookups, s.ID, l); err != nil {
				return err
			}
		}
		return nil
	})
}

// Refreshed is a lookup a refresh answered again, with both answers.
type Refreshed struct {
	ID       string
	Lookup   Lookup
	Now      []byte // the result now, raw; nil when the refresh found nobody
	Previous []byte // the result before, raw; nil when it had found nobody
}

// EachRefreshed calls fn for every lookup of mode m refreshed across
// since: its previous answer came before since, its current one at or
// after. A result that cannot be read is passed as nil.
func (j *Journal) EachRefreshed(m Mode, since time.Time, fn func(Refreshed) error) error {
	return j.View(func(r *Reader) error {
		return r.EachLookup(m, func(id []byte, l Lookup) error {
			if l.PreviousAt.IsZero() || !l.PreviousAt.Before(since) || l.Updated.Before(since) || !l.Phase.Final() {
				return nil
			}
			ref := Refreshed{ID: string(id), Lookup: l}
			if l.Phase == Found {
				ref.Now, _ = r.Result(l.Result)
			}
			if l.Previous != 0 {
				ref.Previous, _ = r.Result(l.Previous)
			}
			return fn(ref)
		})
	})
}
