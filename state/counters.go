package state

import (
	"encoding/binary"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Counters kept over the life of a journal, for reports and status.
const (
	CounterRequests    = "requests"     // lookup requests begun
	CounterItemsSent   = "items_sent"   // items in them
	CounterRateLimited = "rate_limited" // 429 answers
	CounterCallbacks   = "callbacks"    // result deliveries committed
	CounterRefused     = "refused"      // results of callbacks that named no request of the journal
	CounterFound       = "found"        // success results (a lookup redone and found again counts twice)
	CounterNotFound    = "not_found"    // failed results
	CounterCreditsOver = "credits_over" // credits_are_over results
	CounterDuplicate   = "duplicate"    // duplicate_query results
	CounterTimeout     = "timeout"      // timeout_exceeded results
	CounterExpired     = "expired"      // batches given up on by the reaper
	CounterRedone      = "redone"       // found lookups queued again because their stored result was unusable
)

const counterPrefix = "counter/"

// lookupsCounter counts the lookup records of a mode.
func lookupsCounter(m Mode) string { return "lookups_" + string(m) }

var keyLastResult = []byte("last-result")

// Count adds n to a counter.
func (j *Journal) Count(name string, n int64) error {
	return j.update(func(tx *bolt.Tx) error { return addCounters(tx, map[string]int64{name: n}) })
}

// Counters returns every counter.
func (j *Journal) Counters() (map[string]int64, error) {
	out := map[string]int64{}
	err := j.view(func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketMeta).Cursor()
		prefix := []byte(counterPrefix)
		for k, v := c.Seek(prefix); k != nil && strings.HasPrefix(string(k), counterPrefix); k, v = c.Next() {
			out[strings.TrimPrefix(string(k), counterPrefix)] = int64(binary.BigEndian.Uint64(v))
		}
		return nil
	})
	return out, err
}

// LastResult returns when results were last committed (zero if never).
func (j *Journal) LastResult() (time.Time, error) {
	var t time.Time
	err := j.view(func(tx *bolt.Tx) error {
		if v := tx.Bucket(bucketMeta).Get(keyLastResult); v != nil {
			t, _ = time.Parse(time.RFC3339Nano, string(v))
		}
		return nil
	})
	return t, err
}

// setCounter sets a counter to n.
func setCounter(tx *bolt.Tx, name string, n int64) error {
	return tx.Bucket(bucketMeta).Put([]byte(counterPrefix+name), binary.BigEndian.AppendUint64(nil, uint64(n)))
}

func addCounters(tx *bolt.Tx, deltas map[string]int64) error {
	meta := tx.Bucket(bucketMeta)
	for name, d := range deltas {
		if d == 0 {
			continue
		}
		key := []byte(counterPrefix + name)
		var v int64
		if old := meta.Get(key); len(old) == 8 {
			v = int64(binary.BigEndian.Uint64(old))
		}
		if err := meta.Put(key, binary.BigEndian.AppendUint64(nil, uint64(v+d))); err != nil {
			return err
		}
	}
	return nil
}
