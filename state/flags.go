package state

import bolt "go.etcd.io/bbolt"

const flagPrefix = "flag/"

// SetFlag records a yes/no fact about the job, such as "the last run
// stopped because credits ran out".
func (j *Journal) SetFlag(name string, on bool) error {
	return j.update(func(tx *bolt.Tx) error {
		meta := tx.Bucket(bucketMeta)
		if !on {
			return meta.Delete([]byte(flagPrefix + name))
		}
		return meta.Put([]byte(flagPrefix+name), []byte{1})
	})
}

// Flag reads a fact SetFlag recorded; false when never set.
func (j *Journal) Flag(name string) (bool, error) {
	var on bool
	err := j.view(func(tx *bolt.Tx) error {
		on = tx.Bucket(bucketMeta).Get([]byte(flagPrefix+name)) != nil
		return nil
	})
	return on, err
}

// FlagCreditsExhausted names the journal's flag, one per credit pool, set
// when a run stopped because the pool ran out: rows still waiting on that
// pool then read credits_exhausted rather than pending.
func FlagCreditsExhausted(m Mode) string { return "credits-exhausted-" + string(m) }
