package state

import (
	"bytes"
	"encoding/json"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/enrich-dev/enrich/internal/ident"
)

// Held is all a journal holds of a person (Journal.Show), for an access
// request.
type Held struct {
	Suppressed []string          `json:"suppressed,omitempty"` // identifiers given that are on the suppression list
	Lookups    []HeldLookup      `json:"lookups"`
	Searches   []NameSearch      `json:"searches_by_name"`
	Decisions  []Decision        `json:"choices"`
	Requests   []HeldRequest     `json:"requests"`
	Employees  []json.RawMessage `json:"company_profiles"`
}

// HeldLookup is a lookup of one of the person's identifiers, with the
// result it stored.
type HeldLookup struct {
	Mode       string          `json:"mode"`
	Identifier string          `json:"identifier"`
	Phase      string          `json:"phase"`
	Updated    time.Time       `json:"updated,omitzero"`
	Result     json.RawMessage `json:"result,omitempty"`
	Previous   json.RawMessage `json:"previous_result,omitempty"`
}

// HeldRequest is a request that sent one of the person's identifiers.
type HeldRequest struct {
	Seq     uint64    `json:"seq"`
	Created time.Time `json:"created"`
	Items   []string  `json:"items"` // the person's, of the request's items
}

// Show returns all the journal holds of the people the identifiers name,
// found as Forget finds them.
func (j *Journal) Show(ids []ident.ID) (Held, error) {
	h := Held{Lookups: []HeldLookup{}, Searches: []NameSearch{}, Decisions: []Decision{}, Requests: []HeldRequest{}, Employees: []json.RawMessage{}}
	err := j.view(func(tx *bolt.Tx) error {
		e := j.people(tx, ids, nil)
		sup := suppressionIn(tx)
		for _, id := range ids {
			if sup.Suppressed(id.Kind, id.Value) {
				h.Suppressed = append(h.Suppressed, id.Value)
			}
		}
		j.showLookups(tx, e, &h)
		e.showChoices(tx, &h)
		e.showRequests(tx, &h)
		j.showEmployees(tx, e, &h)
		return nil
	})
	return h, err
}

// showLookups adds the lookups of the people's identifiers, and those
// that found their profiles, with the results stored.
func (j *Journal) showLookups(tx *bolt.Tx, e *erasure, h *Held) {
	raw := func(id uint64) json.RawMessage {
		if v := tx.Bucket(bucketResults).Get(u64(id)); v != nil {
			if b, err := j.dec.DecodeAll(v, nil); err == nil {
				return b
			}
		}
		return nil
	}
	for _, m := range []Mode{WithContacts, WithoutContacts} {
		b := lookupBucket(tx, m)
		if b == nil {
			continue
		}
		_ = b.ForEach(func(k, v []byte) error {
			l, err := unmarshalLookup(v)
			if err != nil || !e.named(string(k)) && !e.ownResult(j, tx, l.Result) {
				return nil
			}
			hl := HeldLookup{Mode: string(m), Identifier: string(k), Phase: l.Phase.String(), Updated: l.Updated}
			if l.Phase == Found {
				hl.Result = raw(l.Result)
			}
			if l.Previous != 0 {
				hl.Previous = raw(l.Previous)
			}
			h.Lookups = append(h.Lookups, hl)
			return nil
		})
	}
}

// showChoices adds the searches by name that list the people, and the
// choices of them among candidates.
func (e *erasure) showChoices(tx *bolt.Tx, h *Held) {
	if b := tx.Bucket(bucketNameSearches); b != nil {
		_ = b.ForEach(func(_, v []byte) error {
			var s NameSearch
			if json.Unmarshal(v, &s) == nil && e.lists(s) {
				h.Searches = append(h.Searches, s)
			}
			return nil
		})
	}
	if b := tx.Bucket(bucketDecisions); b != nil {
		_ = b.ForEach(func(k, v []byte) error {
			var d Decision
			if i := bytes.LastIndexByte(k, decisionSep); i >= 0 && e.uids[string(k[i+1:])] && json.Unmarshal(v, &d) == nil {
				d.Key, d.UID = string(k[:i]), string(k[i+1:])
				h.Decisions = append(h.Decisions, d)
			}
			return nil
		})
	}
}

// showRequests adds the requests that sent the people's identifiers.
func (e *erasure) showRequests(tx *bolt.Tx, h *Held) {
	_ = tx.Bucket(bucketBatches).ForEach(func(k, v []byte) error {
		var b Batch
		if len(k) != 8 || json.Unmarshal(v, &b) != nil {
			return nil
		}
		var items []string
		for _, item := range b.Items {
			if e.named(item) {
				items = append(items, item)
			}
		}
		if len(items) > 0 {
			h.Requests = append(h.Requests, HeldRequest{Seq: b.Seq, Created: b.Created, Items: items})
		}
		return nil
	})
}

// showEmployees adds the people's profiles of company exports.
func (j *Journal) showEmployees(tx *bolt.Tx, e *erasure, h *Held) {
	root := tx.Bucket(bucketEmployees)
	if root == nil {
		return
	}
	_ = root.ForEach(func(name, v []byte) error {
		b := root.Bucket(name)
		if v != nil || b == nil {
			return nil
		}
		for uid := range e.uids {
			if c := b.Get([]byte(uid)); c != nil {
				if p, err := j.dec.DecodeAll(c, nil); err == nil {
					h.Employees = append(h.Employees, p)
				}
			}
		}
		return nil
	})
}

// ownResult reports whether the stored result id is a profile of one of
// the people.
func (e *erasure) ownResult(j *Journal, tx *bolt.Tx, id uint64) bool {
	if id == 0 || len(e.uids) == 0 {
		return false
	}
	rec, ok := j.storedProfile(tx, id)
	return ok && e.uids[rec.UID]
}
