package state

import (
	"encoding/binary"
	"fmt"
	"slices"
	"time"

	"github.com/enrich-dev/enrich/api"
	bolt "go.etcd.io/bbolt"
)

// Delivery is what a set of results changed in the journal.
type Delivery struct {
	// Batch is the batch the results were sent for, when known: by its
	// sequence number, its requestId, or its items; 0 if none.
	Batch uint64
	// Settled lists the batches these results closed: every item of theirs
	// is answered. A late callback can close a batch other than its own.
	Settled []uint64
	Changes []Change // lookups whose phase changed
	Stale   int      // results for lookups already final: duplicate deliveries
	// Unknown counts results for identifiers this journal never submitted
	// (or has no lookup waiting on); Foreign those for identifiers that were
	// not in the request the results claim to answer. Neither is stored.
	Unknown int
	Foreign int
	// Malformed counts results that cannot be the service's answer (a
	// success without a profile): the lookup is tried again.
	Malformed int
	// Charged counts the matches (success results) among Batch's own
	// items, whether or not they changed a lookup: what the service
	// charged for that request. It is 0 when Batch is 0.
	Charged int
}

// Ref names the batch results belong to: its sequence number when the
// caller knows it (a synchronous answer), or the service's requestId (a
// callback's Request-Id header; 0 when absent).
type Ref struct {
	Seq       uint64
	RequestID int64
}

// Deliver commits the results of one callback (or one synchronous answer)
// in one transaction, before the callback is answered. Delivering the same
// results again changes nothing.
//
// Which results are taken:
//   - for a known batch (by Seq or by a journaled requestId), only results
//     for the items that batch sent;
//   - for an unknown or absent requestId (the process stopped before it
//     journaled the 201, or the 201 never came), results for identifiers
//     the journal submitted and has no final answer for.
//
// A final answer (success, failed) is a fact about the identifier and is
// taken whichever request it answers; an answer that asks for something
// (credits_are_over, duplicate_query, timeout_exceeded) is taken only from
// the lookup's latest request, since a later one is already on its way.
//
// Concurrent calls are coalesced into one commit (bbolt's Batch), which is
// why the function must be, and is, idempotent.
func (j *Journal) Deliver(ref Ref, results []api.Result, now time.Time, p Policy) (Delivery, error) {
	// Compress outside the transaction: transactions run one at a time,
	// callbacks that arrive together compress in parallel.
	compressed := make([][]byte, len(results))
	for i, r := range results {
		if r.Status == api.StatusSuccess && r.Problem() == "" {
			compressed[i] = j.enc.EncodeAll(r.Raw, nil)
		}
	}
	var d Delivery
	err := j.batch(func(tx *bolt.Tx) error {
		d = Delivery{}
		b, known, err := findBatch(tx, ref)
		if err != nil {
			return err
		}
		var sent map[string]bool // the items of the known batch
		if known {
			d.Batch, sent = b.Seq, itemSet(b)
		}
		counters := map[string]int64{}
		touched := map[uint64]Mode{}
		for i, r := range results {
			if known && !sent[r.Item] {
				d.Foreign++
				continue
			}
			mode, l, ok, err := lookupFor(tx, b, known, r.Item)
			if err != nil {
				return err
			}
			if !ok || (!known && l.Attempts == 0 && l.Batch == 0) {
				d.Unknown++
				continue
			}
			if l.Phase.Final() {
				d.Stale++
				continue
			}
			// The request these results answer: the known batch, or for an
			// unknown requestId the lookup's latest batch when that one has
			// no requestId of its own (its 201 was never journaled).
			latest := l.Phase == InFlight && (known && l.Batch == b.Seq || !known && !hasRequestID(tx, l.Batch))
			prev := l.Batch
			changed, malformed, err := apply(tx, &l, latest, r, compressed[i], now, p, counters)
			if err != nil {
				return err
			}
			if malformed {
				d.Malformed++
			}
			if !changed {
				d.Stale++
				continue
			}
			if err := putLookup(lookupBucket(tx, mode), r.Item, l); err != nil {
				return err
			}
			touched[prev] = mode
			d.Changes = append(d.Changes, Change{Mode: mode, ID: r.Item, Lookup: l})
		}
		if known {
			touched[b.Seq] = b.Mode
		} else if seq, ok := soleBatch(d.Changes, touched); ok && ref.RequestID > 0 {
			// Every result answered one batch: the unknown requestId is
			// that batch's, learnt late.
			if err := learnRequestID(tx, seq, ref.RequestID); err != nil {
				return err
			}
			learnt, err := getBatch(tx.Bucket(bucketBatches), seq)
			if err != nil {
				return err
			}
			d.Batch, sent = seq, itemSet(learnt)
		}
		for _, r := range results {
			if d.Batch != 0 && sent[r.Item] && r.Status == api.StatusSuccess {
				d.Charged++
			}
		}
		seqs := make([]uint64, 0, len(touched))
		for seq := range touched {
			seqs = append(seqs, seq)
		}
		slices.Sort(seqs)
		for _, seq := range seqs {
			if seq == 0 {
				continue
			}
			closed, err := settle(tx, seq, now)
			if err != nil {
				return err
			}
			if closed {
				d.Settled = append(d.Settled, seq)
			}
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

// findBatch finds the batch results were sent for: by sequence number, or
// by a journaled requestId.
func findBatch(tx *bolt.Tx, ref Ref) (Batch, bool, error) {
	batches := tx.Bucket(bucketBatches)
	seq := ref.Seq
	if seq == 0 && ref.RequestID > 0 {
		if v := tx.Bucket(bucketRequests).Get(u64(uint64(ref.RequestID))); v != nil {
			seq = binary.BigEndian.Uint64(v)
		}
	}
	if seq == 0 {
		return Batch{}, false, nil
	}
	b, err := getBatch(batches, seq)
	return b, err == nil, err
}

// lookupFor returns the lookup of item: in the known batch's mode, or for
// results of an unknown request, in the mode where the item waits (in
// flight first, else any record).
func lookupFor(tx *bolt.Tx, b Batch, known bool, item string) (Mode, Lookup, bool, error) {
	if known {
		l, ok, err := getLookup(lookupBucket(tx, b.Mode), item)
		return b.Mode, l, ok, err
	}
	var fallback Mode
	var found Lookup
	var any bool
	for _, m := range []Mode{WithContacts, WithoutContacts} {
		l, ok, err := getLookup(lookupBucket(tx, m), item)
		if err != nil {
			return m, l, false, err
		}
		if !ok {
			continue
		}
		if l.Phase == InFlight {
			return m, l, true, nil
		}
		if !any || (found.Phase.Final() && !l.Phase.Final()) {
			fallback, found, any = m, l, true
		}
	}
	return fallback, found, any, nil
}

// itemSet returns the set of items b sent.
func itemSet(b Batch) map[string]bool {
	sent := make(map[string]bool, len(b.Items))
	for _, it := range b.Items {
		sent[it] = true
	}
	return sent
}

// hasRequestID reports whether batch seq has a journaled requestId.
func hasRequestID(tx *bolt.Tx, seq uint64) bool {
	b, err := getBatch(tx.Bucket(bucketBatches), seq)
	return err == nil && b.RequestID != 0
}

// soleBatch reports the one batch every change came from, if there is one.
func soleBatch(changes []Change, touched map[uint64]Mode) (uint64, bool) {
	if len(changes) == 0 || len(touched) != 1 {
		return 0, false
	}
	for seq := range touched {
		return seq, seq != 0
	}
	return 0, false
}

// learnRequestID records a requestId learnt from a callback for a batch
// that had none.
func learnRequestID(tx *bolt.Tx, seq uint64, requestID int64) error {
	batches := tx.Bucket(bucketBatches)
	b, err := getBatch(batches, seq)
	if err != nil || b.RequestID != 0 {
		return err
	}
	b.RequestID = requestID
	if err := tx.Bucket(bucketRequests).Put(u64(uint64(requestID)), u64(seq)); err != nil {
		return err
	}
	return putBatch(batches, b)
}

// apply changes lookup l by result r. latest says whether r answers the
// lookup's latest request. It reports whether l changed, and whether r was
// malformed.
func apply(tx *bolt.Tx, l *Lookup, latest bool, r api.Result, compressed []byte, now time.Time, p Policy, counters map[string]int64) (changed, malformed bool, err error) {
	problem := r.Problem()
	switch {
	case r.Status == api.StatusSuccess && problem == "":
		id, err := putResult(tx, compressed)
		if err != nil {
			return false, false, err
		}
		l.Phase, l.Result, l.NotBefore, l.Reason, l.Updated = Found, id, time.Time{}, "", now.UTC()
		counters[CounterFound]++
		return true, false, nil
	case r.Status == api.StatusFailed:
		l.Phase, l.NotBefore, l.Reason, l.Updated = NotFound, time.Time{}, "", now.UTC()
		counters[CounterNotFound]++
		return true, false, nil
	case !latest:
		return false, problem != "", nil
	}
	l.Updated = now.UTC()
	switch r.Status {
	case api.StatusCreditsOver:
		l.Phase, l.NotBefore = CreditsOver, time.Time{}
		l.Attempts = max(0, l.Attempts-1) // not looked up: it will be sent again
		counters[CounterCreditsOver]++
		return true, false, nil
	case api.StatusDuplicateQuery, api.StatusTimeoutExceeded:
		if r.Status == api.StatusDuplicateQuery {
			counters[CounterDuplicate]++
		} else {
			counters[CounterTimeout]++
		}
		// The service asks to wait: not an attempt, but bounded apart.
		l.Attempts = max(0, l.Attempts-1)
		l.Waits++
		if p.MaxWaits > 0 && l.Waits >= p.MaxWaits {
			l.Phase, l.Reason = Failed, fmt.Sprintf("the service answered %s %d times in a row", r.Status, l.Waits)
			return true, false, nil
		}
		l.Phase, l.NotBefore = Queued, now.Add(p.RetryWait).UTC()
		return true, false, nil
	}
	reason := fmt.Sprintf("the service answered an unknown status %q", r.Status)
	if problem != "" {
		reason, malformed = problem, true
	}
	if p.exhausted(*l) {
		l.Phase, l.Reason = Failed, fmt.Sprintf("gave up after %d attempts: %s", l.Attempts, reason)
		return true, malformed, nil
	}
	l.Phase, l.NotBefore, l.Reason = Queued, now.Add(p.RetryWait).UTC(), reason
	return true, malformed, nil
}

// settle marks batch seq settled once none of its items is in flight in it
// any more, and reports whether it did so now. Expired batches settle too:
// their late results came.
func settle(tx *bolt.Tx, seq uint64, now time.Time) (bool, error) {
	batches := tx.Bucket(bucketBatches)
	b, err := getBatch(batches, seq)
	if err != nil {
		return false, err
	}
	if !b.Phase.Open() && b.Phase != BatchExpired {
		return false, nil
	}
	lookups := lookupBucket(tx, b.Mode)
	for _, id := range b.Items {
		l, _, err := getLookup(lookups, id)
		if err != nil {
			return false, err
		}
		if l.Phase == InFlight && l.Batch == b.Seq {
			return false, nil
		}
	}
	open := b.Phase.Open()
	b.Phase, b.Settled = BatchSettled, now.UTC()
	return open, putBatch(batches, b)
}

// putResult stores a compressed result item under the next result id. Ids
// are sequential so that results are appended to the bucket and its pages
// are filled completely; one already in use is refused (nextID).
func putResult(tx *bolt.Tx, compressed []byte) (uint64, error) {
	results := tx.Bucket(bucketResults)
	results.FillPercent = 1.0
	id, err := nextID(results, "result")
	if err != nil {
		return 0, err
	}
	return id, results.Put(u64(id), compressed)
}
