package state

import (
	"encoding/binary"

	bolt "go.etcd.io/bbolt"
)

// Results, requests and company requests are keyed by ids that their
// bucket's sequence hands out (NextSequence). The sequence is kept in the
// bucket's header, apart from the records: when it falls behind them (a
// salvage that copied the records and not the sequence did that), the
// next id handed out is one already in use, and the new record would
// replace the old. A new result would then answer another identifier's
// lookup, and rows would show the wrong person.

// sequenced are the buckets whose keys are ids handed out by their
// sequence, with the name a user knows them by.
var sequenced = []struct {
	bucket []byte
	part   string
}{
	{bucketResults, "results"},
	{bucketBatches, "requests"},
	{bucketSearches, "company requests"},
}

// isSequenced reports whether the bucket at path is keyed by its sequence.
func isSequenced(path []string) bool {
	if len(path) != 1 {
		return false
	}
	for _, s := range sequenced {
		if path[0] == string(s.bucket) {
			return true
		}
	}
	return false
}

// lastID returns the largest key of a sequenced bucket as an id, and
// whether there is one that reads as an id.
func lastID(b *bolt.Bucket) (uint64, bool) {
	k, _ := b.Cursor().Last()
	if len(k) != 8 {
		return 0, false
	}
	return binary.BigEndian.Uint64(k), true
}

// raiseSequence sets b's sequence to at least v.
func raiseSequence(b *bolt.Bucket, v uint64) error {
	if b.Sequence() >= v {
		return nil
	}
	return b.SetSequence(v)
}
