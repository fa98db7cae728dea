package state

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/internal/atomicfile"
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
	ids     map[ident.ID]bool // Raw and Column zero
	uids    map[string]bool
	results map[uint64]bool
	before  time.Time // Prune: final answers older than this; zero for Forget
}

func idKey(kind ident.Kind, value string) ident.ID { return ident.ID{Kind: kind, Value: value} }

// addProfile adds what a stored profile names of its person: its uid,
// link, e-mails and phones.
func (e *erasure) addProfile(rec profile.Record) {
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
// and those their stored profiles list. Call Compact after it.
func (j *Journal) Forget(ids []ident.ID) (Erased, error) {
	var out Erased
	err := j.update(func(tx *bolt.Tx) error {
		out = Erased{}
		e := j.people(tx, ids)
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
func (j *Journal) people(tx *bolt.Tx, ids []ident.ID) *erasure {
	e := &erasure{ids: map[ident.ID]bool{}, uids: map[string]bool{}, results: map[uint64]bool{}}
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
							e.addProfile(rec)
						}
					}
				}
			}
		}
	}
	return e
}

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
		e := j.people(tx, ids)
		sup := suppressionIn(tx)
		for _, id := range ids {
			if sup.Suppressed(id.Kind, id.Value) {
				h.Suppressed = append(h.Suppressed, id.Value)
			}
		}
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
		if root := tx.Bucket(bucketEmployees); root != nil {
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
		return nil
	})
	return h, err
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
		e := &erasure{ids: map[ident.ID]bool{}, uids: map[string]bool{}, results: map[uint64]bool{}, before: cutoff}
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
		var gone [][]byte
		err := b.ForEach(func(k, v []byte) error {
			l, err := unmarshalLookup(v)
			if err != nil {
				return nil // a damaged record: looked up again, and replaced
			}
			old := !e.before.IsZero() && l.Phase.Final() && l.Updated.Before(e.before)
			if old || e.results[l.Result] || e.results[l.Previous] || e.named(string(k)) {
				gone = append(gone, bytes.Clone(k))
				if l.Result != 0 && (old || l.Phase == Found) {
					e.results[l.Result] = true
				}
				if l.Previous != 0 {
					e.results[l.Previous] = true
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		for _, k := range gone {
			if err := b.Delete(k); err != nil {
				return err
			}
		}
		out.Lookups += len(gone)
		deltas[lookupsCounter(m)] -= int64(len(gone))
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
		var gone [][]byte
		err := b.ForEach(func(k, v []byte) error {
			var s NameSearch
			if json.Unmarshal(v, &s) != nil {
				return nil
			}
			if e.lists(s) || !e.before.IsZero() && s.At.Before(e.before) {
				gone = append(gone, bytes.Clone(k))
			}
			return nil
		})
		if err != nil {
			return err
		}
		for _, k := range gone {
			if err := b.Delete(k); err != nil {
				return err
			}
		}
		out.Searches += len(gone)
	}
	b := tx.Bucket(bucketDecisions)
	if b == nil || len(e.uids) == 0 {
		return nil
	}
	var gone [][]byte
	_ = b.ForEach(func(k, _ []byte) error {
		if i := bytes.LastIndexByte(k, decisionSep); i >= 0 && e.uids[string(k[i+1:])] {
			gone = append(gone, bytes.Clone(k))
		}
		return nil
	})
	for _, k := range gone {
		if err := b.Delete(k); err != nil {
			return err
		}
	}
	out.Decisions += len(gone)
	return nil
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

func beU64(b []byte) uint64 {
	var v uint64
	for _, c := range b {
		v = v<<8 | uint64(c)
	}
	return v
}

// Compact rewrites the journal into a new file that holds its records
// and nothing else, and renames it over the journal: the bytes of what
// was erased, which bbolt's free pages keep until they are written
// again, go with the old file. The journal stays open.
func (j *Journal) Compact() error {
	dir, base := filepath.Split(j.path)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, "."+base+".compact-*")
	if err != nil {
		return fmt.Errorf("compact %s: %w", j.path, err)
	}
	name := tmp.Name()
	tmp.Close()
	os.Remove(name) // bbolt makes the file
	defer os.Remove(name)
	dst, err := bolt.Open(name, 0o600, &bolt.Options{PageSize: pageSize, FreelistType: bolt.FreelistMapType})
	if err != nil {
		return fmt.Errorf("compact %s: %w", j.path, err)
	}
	if err := bolt.Compact(dst, j.db, 64<<20); err != nil {
		dst.Close()
		return fmt.Errorf("compact %s: %w", j.path, err)
	}
	if err := dst.Close(); err != nil {
		return fmt.Errorf("compact %s: %w", j.path, err)
	}
	if err := os.Rename(name, j.path); err != nil {
		return fmt.Errorf("compact %s: %w", j.path, err)
	}
	if err := atomicfile.SyncDir(dir); err != nil {
		return fmt.Errorf("compact %s: %w", j.path, err)
	}
	if err := j.db.Close(); err != nil {
		return fmt.Errorf("compact %s: %w", j.path, err)
	}
	db, err := openBolt(j.path, Options{LockTimeout: time.Second}, false)
	if err != nil {
		return err
	}
	j.db = db
	if fi, err := os.Stat(j.path); err == nil {
		j.opened = fi
	}
	return nil
}
