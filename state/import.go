package state

import (
	"fmt"
	"slices"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/enrich-dev/enrich/api/wire"
)

// Import stores results that an earlier run received but could not store
// in the journal (it kept them in a file of its own), in one transaction.
// Only final answers are taken (a profile, or none), for identifiers the
// journal has a lookup of in mode that is not final yet; the others are
// counted as Unknown or Stale. Batches whose items are all answered are
// settled. Importing the same results again changes nothing.
func (j *Journal) Import(m Mode, results []wire.Result, now time.Time) (Delivery, error) {
	compressed := make([]encoded, len(results))
	for i, r := range results {
		if r.Status == wire.StatusSuccess && r.Problem() == "" {
			compressed[i] = j.encode(r.Raw)
		}
	}
	var d Delivery
	err := j.update(func(tx *bolt.Tx) error {
		d = Delivery{}
		lookups := lookupBucket(tx, m)
		counters := map[string]int64{}
		touched := map[uint64]bool{}
		for i, r := range results {
			l, ok, err := getLookup(lookups, r.Item)
			if err != nil {
				return err
			}
			final := r.Status == wire.StatusFailed || compressed[i].compressed != nil
			switch {
			case !ok || !final:
				d.Unknown++
				continue
			case l.Phase.Final():
				d.Stale++
				continue
			}
			prev := l.Batch
			if _, _, err := apply(tx, &l, false, r, compressed[i], now, Policy{}, counters); err != nil {
				return err
			}
			if err := putLookup(lookups, r.Item, l); err != nil {
				return err
			}
			touched[prev] = true
			d.Changes = append(d.Changes, Change{Mode: m, ID: r.Item, Lookup: l})
		}
		seqs := make([]uint64, 0, len(touched))
		for seq := range touched {
			// A lookup may name a batch a salvage could not keep.
			if seq != 0 && tx.Bucket(bucketBatches).Get(u64(seq)) != nil {
				seqs = append(seqs, seq)
			}
		}
		slices.Sort(seqs)
		for _, seq := range seqs {
			closed, err := settle(tx, seq, now)
			if err != nil {
				return err
			}
			if closed {
				d.Settled = append(d.Settled, seq)
			}
		}
		return addCounters(tx, counters)
	})
	if err != nil {
		return Delivery{}, fmt.Errorf("journal kept results: %w", err)
	}
	return d, nil
}
