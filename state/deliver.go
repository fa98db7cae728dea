package state

import (
	"encoding/binary"
	"fmt"
	"time"

	"github.com/enrich-dev/enrich/api"
	bolt "go.etcd.io/bbolt"
)

// Delivery is what a set of results changed in the journal.
type Delivery struct {
	Batch   uint64   // the batch the results belong to; 0 if none was found
	Changes []Change // lookups whose phase changed
	Stale   int      // results for lookups already final: duplicate deliveries
	Unknown int      // results for identifiers the journal never submitted
}

// Ref names the batch results belong to: its sequence number when the
// caller knows it (a synchronous answer), or the service's requestId (a
// callback's Request-Id header; 0 when absent).
type Ref struct {
	Seq       uint64
	RequestID int64
}

// Deliver commits the results of one callback (or one synchronous answer)
// in one transaction, before the callback is answered. The batch is found
// by ref; when the requestId is unknown (the process stopped between
// sending and journaling it), by the items, which the service echoes as
// submitted. Delivering the same results again changes nothing.
//
// Concurrent calls are coalesced into one commit (bbolt's Batch), which is
// why the function must be, and is, idempotent.
func (j *Journal) Deliver(ref Ref, results []api.Result, now time.Time, p Policy) (Delivery, error) {
	// Compress outside the transaction: transactions run one at a time,
	// callbacks that arrive together compress in parallel.
	compressed := make([][]byte, len(results))
	for i, r := range results {
		if r.Status == api.StatusSuccess {
			compressed[i] = j.enc.EncodeAll(r.Raw, nil)
		}
	}
	var d Delivery
	err := j.db.Batch(func(tx *bolt.Tx) error {
		d = Delivery{}
		b, ok, err := findBatch(tx, ref, results)
		if err != nil || !ok {
			d.Unknown = len(results)
			return err
		}
		d.Batch = b.Seq
		lookups := lookupBucket(tx, b.Mode)
		counters := map[string]int64{}
		for i, r := range results {
			l, known, err := getLookup(lookups, r.Item)
			if err != nil {
				return err
			}
			if !known {
				d.Unknown++
				continue
			}
			if l.Phase.Final() {
				d.Stale++
				continue
			}
			changed, err := apply(tx, &l, b, r, compressed[i], now, p, counters)
			if err != nil {
				return err
			}
			if !changed {
				d.Stale++
				continue
			}
			if err := putLookup(lookups, r.Item, l); err != nil {
				return err
			}
			d.Changes = append(d.Changes, Change{Mode: b.Mode, ID: r.Item, Lookup: l})
		}
		if err := settle(tx, b, ref.RequestID, now); err != nil {
			return err
		}
		counters[CounterCallbacks]++
		if err := tx.Bucket(bucketMeta).Put(keyLastResult, []byte(now.UTC().Format(time.RFC3339Nano))); err != nil {
			return err
		}
		return addCounters(tx, counters)
	})
	if err != nil {
		return Delivery{}, fmt.Errorf("journal results: %w", err)
	}
	return d, nil
}

// apply changes lookup l by result r of batch b. A final answer (success,
// failed, credits_are_over) counts from any batch; an answer that asks for
// another submission counts only from the lookup's latest batch, since a
// later submission is already on its way.
func apply(tx *bolt.Tx, l *Lookup, b Batch, r api.Result, compressed []byte, now time.Time, p Policy, counters map[string]int64) (bool, error) {
	l.Updated = now.UTC()
	switch r.Status {
	case api.StatusSuccess:
		id, err := putResult(tx, compressed)
		if err != nil {
			return false, err
		}
		l.Phase, l.Result, l.NotBefore, l.Reason = Found, id, time.Time{}, ""
		counters[CounterFound]++
		return true, nil
	case api.StatusFailed:
		l.Phase, l.Reason = NotFound, ""
		counters[CounterNotFound]++
		return true, nil
	case api.StatusCreditsOver:
		l.Phase = CreditsOver
		counters[CounterCreditsOver]++
		return true, nil
	}
	if l.Batch != b.Seq || l.Phase != InFlight {
		return false, nil
	}
	reason := fmt.Sprintf("the service answered %s", r.Status)
	switch r.Status {
	case api.StatusDuplicateQuery:
		counters[CounterDuplicate]++
	case api.StatusTimeoutExceeded:
		counters[CounterTimeout]++
	default:
		reason = fmt.Sprintf("the service answered an unknown status %q", r.Status)
	}
	if p.MaxAttempts > 0 && l.Attempts >= p.MaxAttempts {
		l.Phase, l.Reason = Failed, fmt.Sprintf("gave up after %d attempts: %s", l.Attempts, reason)
		return true, nil
	}
	l.Phase, l.NotBefore = Queued, now.Add(p.RetryWait).UTC()
	return true, nil
}

// settle marks b settled once none of its items is in flight in it any
// more, and records a requestId learnt from a callback. A batch found by
// its items may be a later submission than the one the results answer; it
// stays open until its own results come or the reaper expires it.
func settle(tx *bolt.Tx, b Batch, requestID int64, now time.Time) error {
	if !b.Phase.Open() && b.Phase != BatchExpired {
		return nil
	}
	lookups := lookupBucket(tx, b.Mode)
	for _, id := range b.Items {
		l, _, err := getLookup(lookups, id)
		if err != nil {
			return err
		}
		if l.Phase == InFlight && l.Batch == b.Seq {
			return nil
		}
	}
	b.Phase, b.Settled = BatchSettled, now.UTC()
	if requestID > 0 && b.RequestID == 0 {
		b.RequestID = requestID
		if err := tx.Bucket(bucketRequests).Put(u64(uint64(requestID)), u64(b.Seq)); err != nil {
			return err
		}
	}
	return putBatch(tx.Bucket(bucketBatches), b)
}

// findBatch finds the batch results belong to: by ref, or else the batch
// in which their first known item was last submitted.
func findBatch(tx *bolt.Tx, ref Ref, results []api.Result) (Batch, bool, error) {
	batches := tx.Bucket(bucketBatches)
	if ref.Seq > 0 {
		b, err := getBatch(batches, ref.Seq)
		return b, err == nil, err
	}
	requestID := ref.RequestID
	if requestID > 0 {
		if seq := tx.Bucket(bucketRequests).Get(u64(uint64(requestID))); seq != nil {
			b, err := getBatch(batches, binary.BigEndian.Uint64(seq))
			return b, err == nil, err
		}
	}
	for _, m := range []Mode{WithContacts, WithoutContacts} {
		lookups := lookupBucket(tx, m)
		for _, r := range results {
			l, ok, err := getLookup(lookups, r.Item)
			if err != nil {
				return Batch{}, false, err
			}
			if !ok || l.Batch == 0 {
				continue
			}
			b, err := getBatch(batches, l.Batch)
			if err != nil {
				return Batch{}, false, err
			}
			if b.RequestID == 0 || b.RequestID == requestID || requestID <= 0 {
				return b, true, nil
			}
		}
	}
	return Batch{}, false, nil
}

// putResult stores a compressed result item under the next result id. Ids
// are sequential so that results are appended to the bucket and its pages
// are filled completely.
func putResult(tx *bolt.Tx, compressed []byte) (uint64, error) {
	results := tx.Bucket(bucketResults)
	results.FillPercent = 1.0
	id, err := results.NextSequence()
	if err != nil {
		return 0, err
	}
	return id, results.Put(u64(id), compressed)
}
