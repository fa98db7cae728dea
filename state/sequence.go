package state

import (
	"encoding/binary"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// Results, requests and company requests are keyed by ids that their
// bucket's sequence hands out (NextSequence). The sequence is kept in the
// bucket's header, apart from the records: when it falls behind them (a
// salvage that copied the records and not the sequence did that), the
// next id handed out is one already in use, and the new record would
// replace the old. A new result would then answer another identifier's
// lookup, and rows would show the wrong person.
//
// So an id is handed out only when no record holds it, the sequence is
// raised to the largest id when a journal is opened for writing, and
// Check reports a sequence behind its records.

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

// nextID hands out the next id of a sequenced bucket, and refuses one that
// a record already holds: a journal stopped with an error is better than
// a record overwritten, which would mix people up. what names a record
// ("result").
func nextID(b *bolt.Bucket, what string) (uint64, error) {
	id, err := b.NextSequence()
	if err != nil {
		return 0, err
	}
	if b.Get(u64(id)) != nil {
		largest, _ := lastID(b)
		return 0, &DamagedError{
			Path:  b.Tx().DB().Path(),
			Cause: fmt.Sprintf("its next %s id would be %d, which is in use, as are ids up to %d; opening it again for a run repairs that", what, id, largest),
		}
	}
	return id, nil
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

// healSequences raises the sequence of every sequenced bucket that is
// behind its largest id to that id: one look at the last key of each.
func healSequences(tx *bolt.Tx) error {
	for _, s := range sequenced {
		b := tx.Bucket(s.bucket)
		if b == nil {
			continue
		}
		if last, ok := lastID(b); ok {
			if err := raiseSequence(b, last); err != nil {
				return err
			}
		}
	}
	return nil
}

// SequenceBehind is a part of a journal whose next id is one a record
// already holds.
type SequenceBehind struct {
	Part     string `json:"part"`     // results, requests or company requests
	Sequence uint64 `json:"sequence"` // the last id handed out
	Largest  uint64 `json:"largest"`  // the largest id a record holds
}

// String says what the problem causes and what repairs it.
func (s SequenceBehind) String() string {
	effect := "a new record would replace an earlier one"
	switch s.Part {
	case "results":
		effect = "a new result would replace another person's, and rows would show the wrong profile"
	case "requests":
		effect = "a new request would replace an earlier one, and results could be taken for the wrong request"
	}
	return fmt.Sprintf("%s: the next id would be %d, but ids up to %d are in use, so %s; the next `enrich run` with this journal repairs it when it opens it, and so does `enrich journal salvage`",
		s.Part, s.Sequence+1, s.Largest, effect)
}

// behindSequences lists the sequenced buckets whose sequence is behind
// their largest id.
func behindSequences(tx *bolt.Tx) []SequenceBehind {
	var out []SequenceBehind
	for _, s := range sequenced {
		b := tx.Bucket(s.bucket)
		if b == nil {
			continue
		}
		if last, ok := lastID(b); ok && b.Sequence() < last {
			out = append(out, SequenceBehind{Part: s.part, Sequence: b.Sequence(), Largest: last})
		}
	}
	return out
}
