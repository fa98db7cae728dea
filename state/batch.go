package state

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	bolt "go.etcd.io/bbolt"
)

// BatchPhase is where a lookup request stands.
type BatchPhase string

// The phases of a batch. Intent is written before the request is sent;
// Submitted after the service accepted it; Uncertain when the answer was
// lost after the request may have arrived. Settled, Rejected and Expired
// are final.
const (
	BatchIntent    BatchPhase = "intent"
	BatchSubmitted BatchPhase = "submitted"
	BatchUncertain BatchPhase = "uncertain"
	BatchSettled   BatchPhase = "settled"
	BatchRejected  BatchPhase = "rejected"
	BatchExpired   BatchPhase = "expired"
)

// Open reports whether results may still arrive for a batch in this phase.
func (p BatchPhase) Open() bool {
	return p == BatchIntent || p == BatchSubmitted || p == BatchUncertain
}

// Batch is one lookup request: the items sent together and what became of
// them.
type Batch struct {
	Seq       uint64     `json:"seq"`
	Mode      Mode       `json:"mode"`
	Sync      bool       `json:"sync,omitempty"`
	Items     []string   `json:"items"`
	Phase     BatchPhase `json:"phase"`
	Created   time.Time  `json:"created"`             // intent written, just before sending
	Answered  time.Time  `json:"answered,omitzero"`   // the service's answer, or the failure, observed
	RequestID int64      `json:"requestId,omitempty"` // from the 201
	Settled   time.Time  `json:"settled,omitzero"`    // results received
	Reason    string     `json:"reason,omitempty"`    // why rejected or expired
	// NotCounted is a rejected request the service did not count in its
	// rate window (a 429 or 402, or one that never reached it).
	NotCounted bool `json:"notCounted,omitempty"`
	// Probed is a batch sent again at once after the service answered its
	// request 5xx (Probed): RequestID is then the second request's, and
	// a callback of the first, under an id never learnt, is still taken
	// by its items.
	Probed bool `json:"probed,omitempty"`
}

// Policy holds the rules for lookups that must be submitted again.
type Policy struct {
	// MaxAttempts is how many submissions an identifier gets before it is
	// given up (Failed).
	MaxAttempts int
	// RetryWait is how long an identifier answered duplicate_query or
	// timeout_exceeded waits before it is submitted again: the service's
	// duplicate period, so that the next submission is not a duplicate.
	RetryWait time.Duration
	// MaxWaits bounds the answers in a row that ask to wait
	// (duplicate_query, timeout_exceeded). They are not attempts: the
	// service did not look the item up. But a service that answers nothing
	// else must not keep a run going for ever. 0 means no bound.
	MaxWaits int
}

// exhausted reports whether l has used its attempts.
func (p Policy) exhausted(l Lookup) bool { return p.MaxAttempts > 0 && l.Attempts >= p.MaxAttempts }

// Change is a lookup whose phase a journal operation changed.
type Change struct {
	Mode   Mode
	ID     string
	Lookup Lookup
}

// Begin records the intent to submit items as one request: a new batch, and
// each item's lookup in flight with one more attempt. It is written and
// synced before the request is sent.
//
// Items whose lookup became final meanwhile (a late callback can settle a
// lookup the caller still had queued) are left out of the batch and
// returned as changes. When no item is left, no batch is written and the
// returned batch has Seq 0.
func (j *Journal) Begin(mode Mode, items []string, sync bool, now time.Time) (Batch, []Change, error) {
	b := Batch{Mode: mode, Sync: sync, Phase: BatchIntent, Created: now.UTC()}
	var settled []Change
	err := j.update(func(tx *bolt.Tx) error {
		b.Items, settled = nil, nil
		lookups := lookupBucket(tx, mode)
		type pending struct {
			id string
			l  Lookup
		}
		var todo []pending
		created := int64(0)
		for _, id := range items {
			l, ok, err := getLookup(lookups, id)
			if err != nil {
				return err
			}
			if !ok {
				created++
			}
			if l.Phase.Final() {
				settled = append(settled, Change{Mode: mode, ID: id, Lookup: l})
				continue
			}
			todo = append(todo, pending{id, l})
		}
		if len(todo) == 0 {
			return nil
		}
		batches := tx.Bucket(bucketBatches)
		seq, err := nextID(batches, "request")
		if err != nil {
			return err
		}
		b.Seq = seq
		for _, p := range todo {
			l := p.l
			l.Phase, l.Batch, l.NotBefore, l.Updated = InFlight, seq, time.Time{}, b.Created
			l.Attempts++
			if err := putLookup(lookups, p.id, l); err != nil {
				return err
			}
			b.Items = append(b.Items, p.id)
		}
		if err := addCounters(tx, map[string]int64{CounterRequests: 1, CounterItemsSent: int64(len(b.Items)), lookupsCounter(mode): created}); err != nil {
			return err
		}
		return putBatch(batches, b)
	})
	if err != nil {
		return Batch{}, nil, fmt.Errorf("journal batch intent: %w", err)
	}
	return b, settled, nil
}

// Accepted records the service's requestId for a batch it accepted, and
// reports whether the service had given that requestId to another batch
// before: both keep it, and callbacks find theirs by the items.
func (j *Journal) Accepted(seq uint64, requestID int64, at time.Time) (reused bool, err error) {
	err = j.updateBatch(seq, func(tx *bolt.Tx, b *Batch) error {
		b.RequestID, b.Answered = requestID, at.UTC()
		if b.Phase == BatchIntent || b.Phase == BatchUncertain {
			b.Phase = BatchSubmitted
		}
		var err error
		reused, err = addRequestID(tx, requestID, seq)
		return err
	})
	return reused, err
}

// Rejected records that the service did not take a batch (429, 402, a
// validation error, a failure to connect): its lookups still in flight go
// back to the queue, and the submission counts neither as an attempt nor
// in the service's rate window.
func (j *Journal) Rejected(seq uint64, at time.Time, reason string) ([]Change, error) {
	var changes []Change
	err := j.updateBatch(seq, func(tx *bolt.Tx, b *Batch) error {
		if !b.Phase.Open() {
			return nil
		}
		b.Phase, b.Answered, b.Reason, b.NotCounted = BatchRejected, at.UTC(), reason, true
		var err error
		changes, err = requeue(tx, b, at, func(l *Lookup) { l.Attempts = max(0, l.Attempts-1) })
		return err
	})
	return changes, err
}

// Uncertain records that a batch's request may have reached the service
// but no answer came: it waits for a callback like any other batch.
func (j *Journal) Uncertain(seq uint64, at time.Time, reason string) error {
	return j.updateBatch(seq, func(tx *bolt.Tx, b *Batch) error {
		if b.Phase == BatchIntent {
			b.Phase, b.Answered, b.Reason = BatchUncertain, at.UTC(), reason
		}
		return nil
	})
}

// Probed records that an uncertain batch's items are sent again at once,
// as the same batch: the service answers duplicate_query for what its
// first request took (which that request's callback brings, matched by
// its items), and looks up what it did not. Only a batch that is still
// uncertain is probed.
func (j *Journal) Probed(seq uint64) (bool, error) {
	probed := false
	err := j.updateBatch(seq, func(tx *bolt.Tx, b *Batch) error {
		if b.Phase == BatchUncertain && !b.Probed {
			b.Probed, probed = true, true
		}
		return nil
	})
	return probed, err
}

// Expire gives up waiting for a batch's results: its lookups still in
// flight in it go back to the queue, or are given up after p.MaxAttempts.
func (j *Journal) Expire(seq uint64, now time.Time, reason string, p Policy) ([]Change, error) {
	var changes []Change
	err := j.updateBatch(seq, func(tx *bolt.Tx, b *Batch) error {
		if !b.Phase.Open() {
			return nil
		}
		b.Phase, b.Reason = BatchExpired, reason
		var err error
		changes, err = requeue(tx, b, now, func(l *Lookup) {
			if p.exhausted(*l) {
				l.Phase = Failed
				l.Reason = fmt.Sprintf("no result after %d attempts: %s", l.Attempts, reason)
			}
		})
		if err == nil {
			err = addCounters(tx, map[string]int64{CounterExpired: 1})
		}
		return err
	})
	return changes, err
}

// requeue puts the lookups of b that are still in flight in it back in the
// queue, lets adjust change them further, and returns them.
func requeue(tx *bolt.Tx, b *Batch, now time.Time, adjust func(*Lookup)) ([]Change, error) {
	lookups := lookupBucket(tx, b.Mode)
	var changes []Change
	for _, id := range b.Items {
		l, ok, err := getLookup(lookups, id)
		if err != nil {
			return nil, err
		}
		if !ok || l.Phase != InFlight || l.Batch != b.Seq {
			continue
		}
		l.Phase, l.Updated, l.NotBefore = Queued, now.UTC(), time.Time{}
		adjust(&l)
		if err := putLookup(lookups, id, l); err != nil {
			return nil, err
		}
		changes = append(changes, Change{Mode: b.Mode, ID: id, Lookup: l})
	}
	return changes, nil
}

// OpenBatches returns the batches whose results may still arrive, oldest
// first. An index of them is kept beside the batches, so that a journal of
// a million lookups does not read ten thousand settled batches to find the
// few that are open.
func (j *Journal) OpenBatches() ([]Batch, error) {
	var out []Batch
	err := j.view(func(tx *bolt.Tx) error {
		batches := tx.Bucket(bucketBatches)
		return tx.Bucket(bucketOpen).ForEach(func(k, _ []byte) error {
			// A damaged batch is dropped: its items, in flight in it, are
			// given up on and sent again when a run finds them so.
			if b, err := getBatch(batches, binary.BigEndian.Uint64(k)); err == nil {
				out = append(out, b)
			}
			return nil
		})
	})
	return out, err
}

// BatchesSince returns the batches created at or after t, oldest first:
// what counts in the rate window of a restarted run. Batches are created
// in sequence order, but their times follow the wall clock, which can step
// back: the scan goes on past older batches until sinceSlack of them in a
// row are older than t.
func (j *Journal) BatchesSince(t time.Time) ([]Batch, error) {
	var out []Batch
	err := j.view(func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketBatches).Cursor()
		older := 0
		for k, v := c.Last(); k != nil && older < sinceSlack; k, v = c.Prev() {
			var b Batch
			if err := json.Unmarshal(v, &b); err != nil {
				continue // damaged: it counts in no window
			}
			if b.Created.Before(t) {
				older++
				continue
			}
			older = 0
			out = append(out, b)
		}
		return nil
	})
	slices.Reverse(out)
	return out, err
}

// sinceSlack is how many batches in a row older than the window end
// BatchesSince's scan.
const sinceSlack = 256

// updateBatch changes one batch in a write transaction.
func (j *Journal) updateBatch(seq uint64, fn func(tx *bolt.Tx, b *Batch) error) error {
	err := j.update(func(tx *bolt.Tx) error {
		batches := tx.Bucket(bucketBatches)
		b, err := getBatch(batches, seq)
		if err != nil {
			return err
		}
		if err := fn(tx, &b); err != nil {
			return err
		}
		return putBatch(batches, b)
	})
	if err != nil {
		return fmt.Errorf("journal batch %d: %w", seq, err)
	}
	return nil
}

func getBatch(batches *bolt.Bucket, seq uint64) (Batch, error) {
	var b Batch
	v := batches.Get(u64(seq))
	if v == nil {
		return b, fmt.Errorf("no batch %d", seq)
	}
	return b, json.Unmarshal(v, &b)
}

// putBatch writes a batch and keeps the index of open batches.
func putBatch(batches *bolt.Bucket, b Batch) error {
	v, err := json.Marshal(b)
	if err != nil {
		return err
	}
	if err := batches.Put(u64(b.Seq), v); err != nil {
		return err
	}
	open := batches.Tx().Bucket(bucketOpen)
	if b.Phase.Open() {
		return open.Put(u64(b.Seq), nil)
	}
	return open.Delete(u64(b.Seq))
}

func lookupBucket(tx *bolt.Tx, m Mode) *bolt.Bucket {
	return tx.Bucket(bucketLookups).Bucket(m.bucket())
}

// getLookup returns the record of id. A damaged record is as good as
// none: the identifier is looked up again, and the next write replaces it.
func getLookup(b *bolt.Bucket, id string) (Lookup, bool, error) {
	v := b.Get([]byte(id))
	if v == nil {
		return Lookup{}, false, nil
	}
	l, err := unmarshalLookup(v)
	if err != nil {
		return Lookup{}, false, nil
	}
	return l, true, nil
}

func putLookup(b *bolt.Bucket, id string, l Lookup) error {
	if id == "" {
		return fmt.Errorf("empty identifier")
	}
	return b.Put([]byte(id), l.marshal())
}
