package state

import (
	"bytes"
	"encoding/json"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/internal/ident"
	"github.com/enrich-dev/enrich/internal/profile"
)

// A person's right to be forgotten: Forget erases from the journal every
// record of the people some identifiers name (their lookups, stored
// results and flat records, the searches by name and the choices that
// list them, their identifiers in the requests, their profiles of company
// exports) and puts each of their identifiers on the suppression list, a
// keyed hash of it (the key is the journal's own, random), so that the
// list names nobody and a later run never looks them up again. Compact
// then rewrites the file, so that no byte of what was erased stays in its
// free pages.

var (
	bucketSuppressed = []byte("suppressed")
	keySuppressKey   = []byte("suppress-key")
)

// Erased counts what Forget or Prune erased.
type Erased struct {
	// People is how many of the people named the journal held a
	// profile of (Forget).
	People    int `json:"people"`
	Lookups   int `json:"lookups"`
	Results   int `json:"results"`
	Searches  int `json:"searches"`
	Decisions int `json:"decisions"`
	Requests  int `json:"requests"`  // requests whose items lost an identifier
	Employees int `json:"employees"` // profiles of company exports
	// Suppressed is how many identifiers were put on the suppression
	// list (Forget).
	Suppressed int `json:"suppressed"`
}

// erasure is what names the records to erase: identifiers (by kind and
// normalized value), uids, results, and an age for Prune.
type erasure struct {
	ids  map[ident.ID]bool // Raw and Column zero
	uids map[string]bool
	// keys are the beginnings of the keys of the searches by name that
	// name one of the people (SearchKeyOf of their full names).
	keys    map[string]bool
	results map[uint64]bool
	before  time.Time // Prune: final answers older than this; zero for Forget
}

func idKey(kind ident.Kind, value string) ident.ID { return ident.ID{Kind: kind, Value: value} }

// addProfile adds what a stored profile names of its person: its uid,
// link, e-mails and phones, and the searches by name of its name.
func (e *erasure) addProfile(rec profile.Record, keyOf func(fullName string) string) {
	if keyOf != nil && rec.FullName != "" {
		if k := keyOf(rec.FullName); k != "" {
			e.keys[k] = true
		}
	}
	if rec.UID != "" {
		e.uids[rec.UID] = true
		e.ids[idKey(ident.UID, rec.UID)] = true
	}
	for kind, list := range map[ident.Kind]string{ident.LinkedIn: rec.LinkedIn, ident.Email: rec.Emails, ident.Phone: rec.Phones} {
		for _, v := range bytes.Split([]byte(list), []byte(profile.ListSeparator)) {
			if n, err := ident.Normalize(kind, string(v), ""); err == nil {
				e.ids[idKey(kind, n)] = true
			}
		}
	}
}

// Forget erases the people the identifiers name (normalized, as runs
// look them up), and suppresses each of their identifiers: those given,
// and those their stored profiles list. keyOf, when set, gives the
// beginning of the keys of the searches by name that name a person by
// their full name ("jane doe|"): those are erased too, a namesake's as
// well. Call Compact after it.
func (j *Journal) Forget(ids []ident.ID, keyOf func(fullName string) string) (Erased, error) {
	var out Erased
	err := j.update(func(tx *bolt.Tx) error {
		out = Erased{}
		e := j.people(tx, ids, keyOf)
		out.People = len(e.uids)
		if err := j.erase(tx, e, &out); err != nil {
			return err
		}
		return suppress(tx, e, &out)
	})
	return out, err
}

// people is the erasure of the people the identifiers name: the
// identifiers, and the uids and identifiers of the profiles they found,
// twice, so that an identifier one profile lists finds the other
// profiles of the same person.
func (j *Journal) people(tx *bolt.Tx, ids []ident.ID, keyOf func(fullName string) string) *erasure {
	e := &erasure{ids: map[ident.ID]bool{}, uids: map[string]bool{}, keys: map[string]bool{}, results: map[uint64]bool{}}
	for _, id := range ids {
		e.ids[idKey(id.Kind, id.Value)] = true
		if id.Kind == ident.UID {
			e.uids[id.Value] = true
		}
	}
	for range 2 {
		for id := range e.ids {
			for _, m := range []Mode{WithContacts, WithoutContacts} {
				if b := lookupBucket(tx, m); b != nil {
					if l, ok, _ := getLookup(b, id.Value); ok && l.Phase == Found {
						if rec, ok := j.storedProfile(tx, l.Result); ok {
							e.addProfile(rec, keyOf)
						}
					}
				}
			}
		}
	}
	return e
}

// keyed reports whether a search's key names one of the people.
func (e *erasure) keyed(key []byte) bool {
	for k := range e.keys {
		if bytes.HasPrefix(key, []byte(k)) {
			return true
		}
	}
	return false
}

// lists reports whether a search by name lists one of the people.
func (e *erasure) lists(s NameSearch) bool {
	if e.uids[s.UID] {
		return true
	}
	for _, c := range s.Candidates {
		if e.uids[c.UID] {
			return true
		}
	}
	return false
}

// Prune erases the answers that came before cutoff: the lookups that
// found someone or nobody then, the results they stored, and the
// searches by name made then. Nobody is suppressed: a later run looks
// an identifier up again. Call Compact after it.
func (j *Journal) Prune(cutoff time.Time) (Erased, error) {
	var out Erased
	err := j.update(func(tx *bolt.Tx) error {
		out = Erased{}
		e := &erasure{ids: map[ident.ID]bool{}, uids: map[string]bool{}, keys: map[string]bool{}, results: map[uint64]bool{}, before: cutoff}
		return j.erase(tx, e, &out)
	})
	return out, err
}

// storedProfile decodes the profile of the result stored under id.
func (j *Journal) storedProfile(tx *bolt.Tx, id uint64) (profile.Record, bool) {
	if fb := tx.Bucket(bucketFlat); fb != nil {
		if _, flat, ok := splitFlat(fb.Get(u64(id))); ok {
			if rec, err := profile.ParseFlat(flat); err == nil {
				return rec, true
			}
		}
	}
	v := tx.Bucket(bucketResults).Get(u64(id))
	if v == nil {
		return profile.Record{}, false
	}
	raw, err := j.dec.DecodeAll(v, nil)
	if err != nil {
		return profile.Record{}, false
	}
	res, err := wire.ParseResult(raw)
	if err != nil {
		return profile.Record{}, false
	}
	return profile.Decode(res.Candidate), true
}

// erase deletes every record e names, counting them in out.
func (j *Journal) erase(tx *bolt.Tx, e *erasure, out *Erased) error {
	// The results of the people, and for Prune those of the old answers.
	results := tx.Bucket(bucketResults)
	if len(e.uids) > 0 {
		c := results.Cursor()
		for k, _ := c.First(); k != nil; k, _ = c.Next() {
			if len(k) != 8 {
				continue
			}
			if rec, ok := j.storedProfile(tx, beU64(k)); ok && e.uids[rec.UID] {
				e.results[beU64(k)] = true
			}
		}
	}
	deltas := map[string]int64{}
	for _, m := range []Mode{WithContacts, WithoutContacts} {
		b := lookupBucket(tx, m)
		if b == nil {
			continue
		}
		n, err := deleteWhere(b, func(k, v []byte) bool {
			l, err := unmarshalLookup(v)
			if err != nil {
				return false // a damaged record: looked up again, and replaced
			}
			old := !e.before.IsZero() && l.Phase.Final() && l.Updated.Before(e.before)
			if !old && !e.results[l.Result] && !e.results[l.Previous] && !e.named(string(k)) {
				return false
			}
			if l.Result != 0 && (old || l.Phase == Found) {
				e.results[l.Result] = true
			}
			if l.Previous != 0 {
				e.results[l.Previous] = true
			}
			return true
		})
		if err != nil {
			return err
		}
		out.Lookups += n
		deltas[lookupsCounter(m)] -= int64(n)
	}
	flat := tx.Bucket(bucketFlat)
	for id := range e.results {
		if results.Get(u64(id)) != nil {
			out.Results++
		}
		if err := results.Delete(u64(id)); err != nil {
			return err
		}
		if flat != nil {
			if err := flat.Delete(u64(id)); err != nil {
				return err
			}
		}
	}
	if err := e.eraseSearches(tx, out); err != nil {
		return err
	}
	if err := e.eraseRequests(tx, out); err != nil {
		return err
	}
	if err := e.eraseEmployees(tx, out); err != nil {
		return err
	}
	return addCounters(tx, deltas)
}

// named reports whether an identifier, as a lookup's key, is one of the
// people's, whatever its kind.
func (e *erasure) named(value string) bool {
	for _, k := range ident.Kinds {
		if e.ids[idKey(k, value)] {
			return true
		}
	}
	return false
}

// eraseSearches deletes the searches by name that list one of the people
// (matched, or among the candidates), or for Prune that are older than
// its cutoff, and the choices of them among candidates.
func (e *erasure) eraseSearches(tx *bolt.Tx, out *Erased) error {
	if b := tx.Bucket(bucketNameSearches); b != nil {
		n, err := deleteWhere(b, func(k, v []byte) bool {
			var s NameSearch
			return json.Unmarshal(v, &s) == nil && (e.lists(s) || e.keyed(k) || !e.before.IsZero() && s.At.Before(e.before))
		})
		if err != nil {
			return err
		}
		out.Searches += n
	}
	b := tx.Bucket(bucketDecisions)
	if b == nil || len(e.uids) == 0 {
		return nil
	}
	n, err := deleteWhere(b, func(k, _ []byte) bool {
		i := bytes.LastIndexByte(k, decisionSep)
		return i >= 0 && e.uids[string(k[i+1:])]
	})
	out.Decisions += n
	return err
}

// deleteWhere deletes the records of b that drop says to, and returns how
// many it deleted.
func deleteWhere(b *bolt.Bucket, drop func(k, v []byte) bool) (int, error) {
	var gone [][]byte
	err := b.ForEach(func(k, v []byte) error {
		if v != nil && drop(k, v) {
			gone = append(gone, bytes.Clone(k))
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	for _, k := range gone {
		if err := b.Delete(k); err != nil {
			return 0, err
		}
	}
	return len(gone), nil
}

// eraseRequests takes the people's identifiers out of the requests that
// sent them; for Prune, it deletes the requests made before its cutoff
// that wait for nothing more.
func (e *erasure) eraseRequests(tx *bolt.Tx, out *Erased) error {
	batches := tx.Bucket(bucketBatches)
	var changed []Batch
	var old []uint64
	err := batches.ForEach(func(k, v []byte) error {
		var b Batch
		if len(k) != 8 || json.Unmarshal(v, &b) != nil {
			return nil
		}
		if !e.before.IsZero() && b.Created.Before(e.before) && !b.Phase.Open() {
			old = append(old, b.Seq)
			return nil
		}
		kept := b.Items[:0:0]
		for _, item := range b.Items {
			if !e.named(item) {
				kept = append(kept, item)
			}
		}
		if len(kept) < len(b.Items) {
			b.Items = kept
			changed = append(changed, b)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, b := range changed {
		if err := putBatch(batches, b); err != nil {
			return err
		}
	}
	if len(old) > 0 {
		gone := map[uint64]bool{}
		for _, seq := range old {
			gone[seq] = true
			if err := batches.Delete(u64(seq)); err != nil {
				return err
			}
		}
		requests := tx.Bucket(bucketRequests)
		var ids [][]byte
		_ = requests.ForEach(func(k, v []byte) error {
			if len(v) == 8 && gone[beU64(v)] {
				ids = append(ids, bytes.Clone(k))
			}
			return nil
		})
		for _, k := range ids {
			if err := requests.Delete(k); err != nil {
				return err
			}
		}
	}
	out.Requests += len(changed) + len(old)
	return nil
}

// eraseEmployees deletes the people's profiles of company exports.
func (e *erasure) eraseEmployees(tx *bolt.Tx, out *Erased) error {
	root := tx.Bucket(bucketEmployees)
	if root == nil || len(e.uids) == 0 {
		return nil
	}
	return root.ForEach(func(name, v []byte) error {
		b := root.Bucket(name)
		if v != nil || b == nil {
			return nil
		}
		for uid := range e.uids {
			if b.Get([]byte(uid)) != nil {
				if err := b.Delete([]byte(uid)); err != nil {
					return err
				}
				out.Employees++
			}
		}
		return nil
	})
}

func beU64(b []byte) uint64 {
	var v uint64
	for _, c := range b {
		v = v<<8 | uint64(c)
	}
	return v
}
