package state

import (
	"bytes"
	"encoding/json"
	"time"

	bolt "go.etcd.io/bbolt"
)

// A row found only by name whose search left several people (or one the
// row disagrees with) ends ambiguous, and a person chooses among the
// candidates. The journal keeps each choice, keyed by the search's key
// (match.Key: what was searched for) and the uid chosen, so that a run
// without the file the choice was marked in keeps it: the chosen person
// is looked up by uid, and every row of that search shows them.

var bucketDecisions = []byte("name-decisions")

// NameChosen is the status a run's model gives a name whose person was
// chosen (Decision): no search's outcome, but what replaces it.
const NameChosen NameStatus = "chosen"

// Decision is a person's choice among the candidates of a search by name.
type Decision struct {
	Key string `json:"-"` // the search's key (match.Key)
	UID string `json:"-"` // the candidate chosen
	// Row is the row the choice was marked on, and File the sheet it was
	// marked in, for what a user reads.
	Row  int    `json:"row,omitempty"`
	File string `json:"file,omitempty"`
	// At is when the journal took it: a mark of another candidate in a
	// file saved before then is older, and leaves it.
	At time.Time `json:"at"`
}

// decisionSep ends a decision's search key in its record's key: folded
// words never hold it.
const decisionSep = 0

// decisionKey is the key of a decision's record: the search key, then the
// uid, so that a key's decisions are next to each other.
func decisionKey(key, uid string) []byte {
	b := make([]byte, 0, len(key)+1+len(uid))
	b = append(b, key...)
	b = append(b, decisionSep)
	return append(b, uid...)
}

// PutDecisions records decisions, all in one commit; a decision without
// its instant is given the journal clock's. A key holds one
// decision: a new one replaces the other of its key. It is idempotent: a
// decision the journal holds already (the same key and uid) is left as it
// is, with the instant it was first taken, so that putting the same
// decisions again, as each run that reads the same file does, changes
// nothing.
func (j *Journal) PutDecisions(ds []Decision) error {
	if len(ds) == 0 {
		return nil
	}
	// Marshalled outside the write transaction, which every writer waits
	// for.
	values := make([][]byte, len(ds))
	for i, d := range ds {
		if d.At.IsZero() {
			d.At = j.clock.Now()
		}
		v, err := json.Marshal(d)
		if err != nil {
			return err
		}
		values[i] = v
	}
	return j.update(func(tx *bolt.Tx) error {
		b, err := tx.CreateBucketIfNotExists(bucketDecisions)
		if err != nil {
			return err
		}
		for i, d := range ds {
			k := decisionKey(d.Key, d.UID)
			if b.Get(k) != nil {
				continue
			}
			if err := deleteDecisions(b, d.Key); err != nil {
				return err
			}
			if err := b.Put(k, values[i]); err != nil {
				return err
			}
		}
		return nil
	})
}

// deleteDecisions deletes the decisions recorded for key.
func deleteDecisions(b *bolt.Bucket, key string) error {
	prefix := decisionKey(key, "")
	var old [][]byte
	c := b.Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		old = append(old, bytes.Clone(k))
	}
	for _, k := range old {
		if err := b.Delete(k); err != nil {
			return err
		}
	}
	return nil
}

// Decision returns the decision recorded for a search key, and whether
// there is one. A record that cannot be read is none: the row is ambiguous
// again, and a person chooses again.
func (r *Reader) Decision(key string) (Decision, bool) {
	b := r.tx.Bucket(bucketDecisions)
	if b == nil {
		return Decision{}, false
	}
	prefix := decisionKey(key, "")
	k, v := b.Cursor().Seek(prefix)
	if k == nil || !bytes.HasPrefix(k, prefix) {
		return Decision{}, false
	}
	return decodeDecision(k, v)
}

// EachDecision calls fn with every decision the journal holds, in key
// order; records that cannot be read are passed over.
func (r *Reader) EachDecision(fn func(Decision) error) error {
	b := r.tx.Bucket(bucketDecisions)
	if b == nil {
		return nil
	}
	return b.ForEach(func(k, v []byte) error {
		if d, ok := decodeDecision(k, v); ok {
			return fn(d)
		}
		return nil
	})
}

// decodeDecision reads a decision's record.
func decodeDecision(k, v []byte) (Decision, bool) {
	i := bytes.IndexByte(k, decisionSep)
	if i < 0 {
		return Decision{}, false
	}
	var d Decision
	if err := json.Unmarshal(v, &d); err != nil {
		return Decision{}, false
	}
	d.Key, d.UID = string(k[:i]), string(k[i+1:])
	return d, d.UID != ""
}
