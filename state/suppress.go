package state

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"fmt"
	"slices"

	bolt "go.etcd.io/bbolt"

	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/internal/ident"
	"github.com/enrich-dev/enrich/internal/profile"
)

// suppress puts every identifier of e on the suppression list.
func suppress(tx *bolt.Tx, e *erasure, out *Erased) error {
	key, err := suppressKey(tx, true)
	if err != nil {
		return err
	}
	b, err := tx.CreateBucketIfNotExists(bucketSuppressed)
	if err != nil {
		return err
	}
	for id := range e.ids {
		h := suppressHash(key, id.Kind, id.Value)
		if b.Get(h) == nil {
			out.Suppressed++
		}
		if err := b.Put(h, nil); err != nil {
			return err
		}
	}
	return nil
}

// suppressKey returns the journal's key of the suppression list's hashes,
// made when create is set and there is none.
func suppressKey(tx *bolt.Tx, create bool) ([]byte, error) {
	meta := tx.Bucket(bucketMeta)
	if k := meta.Get(keySuppressKey); len(k) == 32 {
		return bytes.Clone(k), nil
	}
	if !create {
		return nil, nil
	}
	k := make([]byte, 32)
	if _, err := rand.Read(k); err != nil {
		return nil, err
	}
	return k, meta.Put(keySuppressKey, k)
}

// suppressHash is the hash an identifier has on the suppression list.
func suppressHash(key []byte, kind ident.Kind, value string) []byte {
	m := hmac.New(sha256.New, key)
	fmt.Fprintf(m, "%s\x00%s", kind, value)
	return m.Sum(nil)
}

// Suppression is the journal's suppression list, read once.
type Suppression struct {
	key    []byte
	hashes map[string]bool
}

// Suppressed reports whether the identifier of kind and value is one of a
// person who asked to be forgotten.
func (s *Suppression) Suppressed(kind ident.Kind, value string) bool {
	if s == nil || len(s.hashes) == 0 {
		return false
	}
	return s.hashes[string(suppressHash(s.key, kind, value))]
}

// Len is the number of identifiers on the list.
func (s *Suppression) Len() int {
	if s == nil {
		return 0
	}
	return len(s.hashes)
}

// Filter returns the search's outcome without the people on the list: a
// candidate who asked to be forgotten is left out, and a match of one
// is NameSuppressed, without their uid.
func (s *Suppression) Filter(ns NameSearch) NameSearch {
	if s.Len() == 0 {
		return ns
	}
	if ns.UID != "" && s.Suppressed(ident.UID, ns.UID) {
		ns = NameSearch{Status: NameSuppressed, Reason: "the person the search found asked to be forgotten (enrich forget)",
			Total: ns.Total, Queries: ns.Queries, Profiles: ns.Profiles, At: ns.At}
	}
	kept := ns.Candidates[:0:0]
	for _, c := range ns.Candidates {
		if !s.Suppressed(ident.UID, c.UID) {
			kept = append(kept, c)
		}
	}
	ns.Candidates = kept
	return ns
}

// Suppression reads the journal's suppression list.
func (r *Reader) Suppression() *Suppression { return suppressionIn(r.tx) }

func suppressionIn(tx *bolt.Tx) *Suppression {
	b := tx.Bucket(bucketSuppressed)
	if b == nil {
		return &Suppression{}
	}
	key, _ := suppressKey(tx, false)
	s := &Suppression{key: key, hashes: map[string]bool{}}
	_ = b.ForEach(func(k, _ []byte) error {
		s.hashes[string(k)] = true
		return nil
	})
	return s
}

// forgotten reports whether a result is a profile of a person on the
// suppression list sup.
func forgotten(sup *Suppression, r wire.Result) bool {
	if sup.Len() == 0 || r.Status != wire.StatusSuccess {
		return false
	}
	uid := profile.Decode(r.Candidate).UID
	return uid != "" && sup.Suppressed(ident.UID, uid)
}

// suppressItem deletes the lookup of an identifier that batch b sent,
// takes it out of the batch's items, and puts it on the suppression list,
// as the kind its value is.
func suppressItem(tx *bolt.Tx, b Batch, item string) error {
	if err := lookupBucket(tx, b.Mode).Delete([]byte(item)); err != nil {
		return err
	}
	if err := addCounters(tx, map[string]int64{lookupsCounter(b.Mode): -1}); err != nil {
		return err
	}
	stored, err := getBatch(tx.Bucket(bucketBatches), b.Seq)
	if err != nil {
		return err
	}
	stored.Items = slices.DeleteFunc(stored.Items, func(i string) bool { return i == item })
	if err := putBatch(tx.Bucket(bucketBatches), stored); err != nil {
		return err
	}
	kind, ok := ident.Classify(item, "")
	if !ok {
		return nil
	}
	e := &erasure{ids: map[ident.ID]bool{idKey(kind, item): true}}
	return suppress(tx, e, &Erased{})
}
