package state

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/enrich-dev/enrich/api/wire"
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
	// Refused counts results that name no request of this journal: a
	// Request-Id it never sent and no request of exactly those items
	// waiting for one (a forged or misdirected callback). Unknown counts
	// results for identifiers the request sent that the journal has no
	// lookup for; Foreign those for identifiers that were not in the
	// request the results claim to answer. None of them is stored.
	Refused int
	Unknown int
	Foreign int
	// Malformed counts results that cannot be the service's answer (a
	// success without a profile): the lookup is tried again.
	Malformed int
	// Charged counts the matches (success results) among Batch's own
	// items, whether or not they changed a lookup: what the service
	// charged for that request. It is 0 when Batch is 0.
	Charged int
	// Duplicates counts Batch's own items answered duplicate_query: for a
	// batch sent again at once after a 5xx (Probed), the items its first
	// request had taken, which that request may have been charged.
	Duplicates int
	// Probed says Batch was sent again at once after a 5xx (Batch.Probed).
	Probed bool
	// SharedID says the results' Request-Id was one the service had
	// given another request before: they were matched by their items to
	// the request whose answer was lost, which learnt that id.
	SharedID bool
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
// Which results are taken: only those for the items their batch sent.
// The batch is found by Seq, or by a journaled requestId (the service may
// give one requestId to two requests: the batch that sent the items), or,
// for a requestId the journal never learnt (the process stopped before
// it journaled the 201, or the 201 never came) or none, as the one recent
// request that sent exactly the items answered, and had no requestId of
// its own. Results that name no batch are refused, and nothing of them is
// stored: the callback path's token alone does not make a result true.
//
// A final answer (success, failed) is a fact about the identifier and is
// taken whichever request it answers; an answer that asks for something
// (credits_are_over, duplicate_query, timeout_exceeded) is taken only from
// the lookup's latest request, since a later one is already on its way.
//
// Concurrent calls are coalesced into one commit (batch), which is why
// the function must be, and is, idempotent.
func (j *Journal) Deliver(ref Ref, results []wire.Result, now time.Time, p Policy) (Delivery, error) {
	// Compress outside the transaction: transactions run one at a time,
	// callbacks that arrive together compress in parallel.
	compressed := make([]encoded, len(results))
	for i, r := range results {
		if r.Status == wire.StatusSuccess && r.Problem() == "" {
			compressed[i] = j.encode(r.Raw)
		}
	}
	var d Delivery
	err := j.batch(func(tx *bolt.Tx) error {
		d = Delivery{}
		counters := map[string]int64{CounterCallbacks: 1}
		b, known, shared, err := findBatch(tx, ref, results)
		if err != nil {
			return err
		}
		d.SharedID = shared
		if !known {
			d.Refused = len(results)
			counters[CounterRefused] = int64(len(results))
			return addCounters(tx, counters)
		}
		d.Batch, d.Probed = b.Seq, b.Probed
		touched, err := d.apply(tx, b, results, compressed, now, p, counters)
		if err != nil {
			return err
		}
		if err := d.settle(tx, touched, now); err != nil {
			return err
		}
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

// apply applies to their lookups the results of batch b that it sent,
// and returns the requests whose lookups changed, by mode.
func (d *Delivery) apply(tx *bolt.Tx, b Batch, results []wire.Result, compressed []encoded, now time.Time, p Policy, counters map[string]int64) (map[uint64]Mode, error) {
	sent := itemSet(b)
	touched := map[uint64]Mode{b.Seq: b.Mode}
	sup := suppressionIn(tx)
	for i, r := range results {
		if !sent[r.Item] {
			d.Foreign++
			continue
		}
		switch r.Status {
		case wire.StatusSuccess:
			d.Charged++
		case wire.StatusDuplicateQuery:
			d.Duplicates++
		}
		l, ok, err := getLookup(lookupBucket(tx, b.Mode), r.Item)
		if err != nil {
			return nil, err
		}
		if !ok {
			d.Unknown++
			continue
		}
		if l.Phase.Final() {
			d.Stale++
			continue
		}
		if forgotten(sup, r) {
			// The profile of a person who asked to be forgotten, found by
			// an identifier none of their profiles listed: not stored, the
			// identifier suppressed with theirs.
			if err := suppressItem(tx, b, r.Item); err != nil {
				return nil, err
			}
			touched[l.Batch] = b.Mode
			d.Changes = append(d.Changes, Change{Mode: b.Mode, ID: r.Item, Lookup: Lookup{Phase: Suppressed, Batch: l.Batch, Updated: now.UTC()}})
			continue
		}
		// A result that asks for something is taken only from the
		// lookup's latest request.
		latest := l.Phase == InFlight && l.Batch == b.Seq
		prev := l.Batch
		var changed, malformed bool
		if l.Phase == Failed && l.Batch == b.Seq && asksToWait(r.Status) {
			changed = answeredLate(&l, r)
		} else {
			changed, malformed, err = apply(tx, &l, latest, r, compressed[i], now, p, counters)
		}
		if err != nil {
			return nil, err
		}
		if malformed {
			d.Malformed++
		}
		if !changed {
			d.Stale++
			continue
		}
		if err := putLookup(lookupBucket(tx, b.Mode), r.Item, l); err != nil {
			return nil, err
		}
		touched[prev] = b.Mode
		d.Changes = append(d.Changes, Change{Mode: b.Mode, ID: r.Item, Lookup: l})
	}
	return touched, nil
}

// settle closes, in order, the requests touched whose every item has its
// answer.
func (d *Delivery) settle(tx *bolt.Tx, touched map[uint64]Mode, now time.Time) error {
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
	return nil
}

// findBatch finds the batch results were sent for: by sequence number,
// by a journaled requestId, or by their items (unnamed).
func findBatch(tx *bolt.Tx, ref Ref, results []wire.Result) (Batch, bool, bool, error) {
	batches := tx.Bucket(bucketBatches)
	if ref.Seq > 0 {
		b, err := getBatch(batches, ref.Seq)
		return b, err == nil, false, err
	}
	shared := false
	if ref.RequestID > 0 {
		if seqs := requestSeqs(tx, ref.RequestID); len(seqs) > 0 {
			b, ok, err := namedBatch(batches, seqs, results)
			if err != nil || (ok && sentAll(b, results)) {
				return b, ok, false, err
			}
			// The service gave this requestId before, to another
			// request, and the answer that gave it to this one was lost:
			// the callback is taken by the request waiting for its id
			// that sent exactly its items, so that nothing paid is
			// dropped nor sent again.
			if _, found := unnamedBatch(batches, false, results); !found {
				return b, ok, false, nil
			}
			shared = true
		}
	}
	b, ok := unnamedBatch(batches, ref.RequestID == 0, results)
	if ok && ref.RequestID > 0 {
		// The requestId of a batch whose 201 was never journaled, learnt.
		b.RequestID = ref.RequestID
		if _, err := addRequestID(tx, ref.RequestID, b.Seq); err != nil {
			return b, false, false, err
		}
		if err := putBatch(batches, b); err != nil {
			return b, false, false, err
		}
	}
	return b, ok, shared && ok, nil
}

// sentAll reports whether batch b sent every item of results.
func sentAll(b Batch, results []wire.Result) bool {
	sent := itemSet(b)
	for _, r := range results {
		if !sent[r.Item] {
			return false
		}
	}
	return true
}

// namedBatch returns, of the batches given one requestId, the one that
// sent the most of the results' items: the latest of those that sent
// them all, when the service gave the requestId twice.
func namedBatch(batches *bolt.Bucket, seqs []uint64, results []wire.Result) (Batch, bool, error) {
	var best Batch
	bestN := -1
	for _, seq := range seqs {
		b, err := getBatch(batches, seq)
		if err != nil {
			if len(seqs) == 1 {
				return b, false, err
			}
			continue
		}
		sent, n := itemSet(b), 0
		for _, r := range results {
			if sent[r.Item] {
				n++
			}
		}
		if n >= bestN {
			best, bestN = b, n
		}
	}
	return best, bestN >= 0, nil
}

// unnamedScan bounds how many recent batches a callback that names no
// known request is compared with.
const unnamedScan = 1024

// unnamedBatch returns the recent batch that sent exactly the results'
// items, and had no requestId of its own (or, for a callback without a
// Request-Id, any; or one sent again at once after a 5xx, whose first
// request's requestId was never learnt); a batch the service refused is
// never one.
func unnamedBatch(batches *bolt.Bucket, anyID bool, results []wire.Result) (Batch, bool) {
	items := make(map[string]bool, len(results))
	for _, r := range results {
		items[r.Item] = true
	}
	if len(items) == 0 {
		return Batch{}, false
	}
	c := batches.Cursor()
	n := 0
	for k, v := c.Last(); k != nil && n < unnamedScan; k, v = c.Prev() {
		n++
		var b Batch
		if json.Unmarshal(v, &b) != nil || b.Phase == BatchRejected || (b.RequestID != 0 && !anyID && !b.Probed) || len(b.Items) != len(items) {
			continue
		}
		same := true
		for _, it := range b.Items {
			if !items[it] {
				same = false
				break
			}
		}
		if same {
			return b, true
		}
	}
	return Batch{}, false
}

// itemSet returns the set of items b sent.
func itemSet(b Batch) map[string]bool {
	sent := make(map[string]bool, len(b.Items))
	for _, it := range b.Items {
		sent[it] = true
	}
	return sent
}

// requestSeqs returns the batches the service gave requestID: one, or
// more when it gave the same requestId twice.
func requestSeqs(tx *bolt.Tx, requestID int64) []uint64 {
	v := tx.Bucket(bucketRequests).Get(u64(uint64(requestID)))
	seqs := make([]uint64, 0, len(v)/8)
	for ; len(v) >= 8; v = v[8:] {
		seqs = append(seqs, binary.BigEndian.Uint64(v))
	}
	return seqs
}

// addRequestID records that the service gave requestID to batch seq, and
// reports whether it had given it to another batch before.
func addRequestID(tx *bolt.Tx, requestID int64, seq uint64) (bool, error) {
	seqs := requestSeqs(tx, requestID)
	if slices.Contains(seqs, seq) {
		return len(seqs) > 1, nil
	}
	v := make([]byte, 0, 8*(len(seqs)+1))
	for _, s := range append(seqs, seq) {
		v = binary.BigEndian.AppendUint64(v, s)
	}
	return len(seqs) > 0, tx.Bucket(bucketRequests).Put(u64(uint64(requestID)), v)
}

// apply changes lookup l by result r. latest says whether r answers the
// lookup's latest request. It reports whether l changed, and whether r was
// malformed.
func apply(tx *bolt.Tx, l *Lookup, latest bool, r wire.Result, stored encoded, now time.Time, p Policy, counters map[string]int64) (changed, malformed bool, err error) {
	problem := r.Problem()
	switch {
	case r.Status == wire.StatusSuccess && problem == "":
		id, err := putResult(tx, stored.compressed)
		if err != nil {
			return false, false, err
		}
		if err := putFlat(tx, id, stored.flat); err != nil {
			return false, false, err
		}
		l.Phase, l.Result, l.NotBefore, l.Reason, l.Updated = Found, id, time.Time{}, "", now.UTC()
		counters[CounterFound]++
		return true, false, nil
	case r.Status == wire.StatusFailed:
		l.Phase, l.NotBefore, l.Reason, l.Updated = NotFound, time.Time{}, "", now.UTC()
		counters[CounterNotFound]++
		return true, false, nil
	case !latest:
		return false, problem != "", nil
	}
	l.Updated = now.UTC()
	switch r.Status {
	case wire.StatusCreditsOver:
		l.Phase, l.NotBefore = CreditsOver, time.Time{}
		l.Attempts = max(0, l.Attempts-1) // not looked up: it will be sent again
		counters[CounterCreditsOver]++
		return true, false, nil
	case wire.StatusDuplicateQuery, wire.StatusTimeoutExceeded:
		if r.Status == wire.StatusDuplicateQuery {
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

// asksToWait reports whether a status asks the client to send its item
// again later rather than answering it.
func asksToWait(s wire.Status) bool {
	return s == wire.StatusDuplicateQuery || s == wire.StatusTimeoutExceeded || s == wire.StatusCreditsOver
}

// answeredLate takes an answer that asked to wait, which came for the
// request a lookup was given up after for want of its callback: it
// becomes the lookup's reason, which said there was no result. It
// reports whether l changed.
func answeredLate(l *Lookup, r wire.Result) bool {
	reason := fmt.Sprintf("no result after %d attempts: the last request was answered %s after it was given up on", l.Attempts, r.Status)
	if l.Reason == reason {
		return false
	}
	l.Reason = reason
	return true
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
