package state

import (
	"encoding/json"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// A company's employee profiles arrive by callback after a getProfiles
// request, in batches, like lookup results. The journal keeps the request
// (an employee search) before it is made and every profile before its
// callback is answered, keyed by company, status and uid, so that a
// delivery repeated or a second request for the same company adds nothing
// twice.

var (
	bucketSearches  = []byte("employee-searches")
	bucketEmployees = []byte("employees")
)

// EmployeeSearch is one getProfiles request.
type EmployeeSearch struct {
	Seq       uint64    `json:"seq"`
	CompanyID int64     `json:"companyId"`
	Status    string    `json:"status"` // current, past or both
	Expected  int64     `json:"expected"`
	SearchID  int64     `json:"searchId,omitempty"` // from the answer; 0 until then
	Requested time.Time `json:"requested"`
	// LastDelivery is when profiles last arrived for it (zero: never).
	LastDelivery time.Time `json:"lastDelivery,omitzero"`
	Received     int       `json:"received"` // profiles delivered for it, repeats included
}

// employeesKey names the bucket of one company's profiles with a status.
func employeesKey(companyID int64, status string) []byte {
	return fmt.Appendf(nil, "%d|%s", companyID, status)
}

// BeginEmployeeSearch records the intent to request a company's profiles,
// before the request is made.
func (j *Journal) BeginEmployeeSearch(companyID int64, status string, expected int64, now time.Time) (EmployeeSearch, error) {
	s := EmployeeSearch{CompanyID: companyID, Status: status, Expected: expected, Requested: now.UTC()}
	err := j.update(func(tx *bolt.Tx) error {
		b, err := tx.CreateBucketIfNotExists(bucketSearches)
		if err != nil {
			return err
		}
		if s.Seq, err = nextID(b, "company request"); err != nil {
			return err
		}
		return putJSON(b, u64(s.Seq), s)
	})
	return s, err
}

// EmployeeSearchAccepted records the searchId the service answered.
func (j *Journal) EmployeeSearchAccepted(seq uint64, searchID int64) error {
	return j.update(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketSearches)
		var s EmployeeSearch
		if err := getJSON(b, u64(seq), &s); err != nil {
			return err
		}
		s.SearchID = searchID
		return putJSON(b, u64(seq), s)
	})
}

// EmployeeSearches returns the requests made for a company's profiles with
// a status, oldest first.
func (j *Journal) EmployeeSearches(companyID int64, status string) ([]EmployeeSearch, error) {
	var out []EmployeeSearch
	err := j.view(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketSearches)
		if b == nil {
			return nil
		}
		return b.ForEach(func(_, v []byte) error {
			var s EmployeeSearch
			if err := json.Unmarshal(v, &s); err != nil {
				return err
			}
			if s.CompanyID == companyID && s.Status == status {
				out = append(out, s)
			}
			return nil
		})
	})
	return out, err
}

// ProfileDelivery is what a delivery of employee profiles changed.
type ProfileDelivery struct {
	Search EmployeeSearch // the request, after the delivery
	Added  int            // profiles new to the journal
	Known  bool           // the delivery belongs to a request of this journal
}

// DeliverProfiles commits one callback of employee profiles. It is matched
// to its request by searchId (the Request-Id header), or, when that is
// unknown because the process stopped before journaling it, to the latest
// request still without one. Profiles are keyed by uid: a repeated delivery
// adds nothing.
func (j *Journal) DeliverProfiles(searchID int64, profiles []json.RawMessage, now time.Time) (ProfileDelivery, error) {
	compressed := make([][]byte, len(profiles))
	uids := make([]string, len(profiles))
	for i, p := range profiles {
		var head struct {
			UID string `json:"uid"`
		}
		if err := json.Unmarshal(p, &head); err != nil || head.UID == "" {
			return ProfileDelivery{}, fmt.Errorf("profile %d has no uid", i)
		}
		uids[i] = head.UID
		compressed[i] = j.enc.EncodeAll(p, nil)
	}
	var d ProfileDelivery
	err := j.update(func(tx *bolt.Tx) error {
		d = ProfileDelivery{}
		searches := tx.Bucket(bucketSearches)
		if searches == nil {
			return nil
		}
		seq, ok := findEmployeeSearch(searches, searchID)
		if !ok {
			return nil
		}
		if err := getJSON(searches, u64(seq), &d.Search); err != nil {
			return err
		}
		d.Known = true
		root, err := tx.CreateBucketIfNotExists(bucketEmployees)
		if err != nil {
			return err
		}
		b, err := root.CreateBucketIfNotExists(employeesKey(d.Search.CompanyID, d.Search.Status))
		if err != nil {
			return err
		}
		for i, uid := range uids {
			if b.Get([]byte(uid)) != nil {
				continue
			}
			if err := b.Put([]byte(uid), compressed[i]); err != nil {
				return err
			}
			d.Added++
		}
		if d.Search.SearchID == 0 && searchID > 0 {
			d.Search.SearchID = searchID
		}
		d.Search.Received += len(profiles)
		d.Search.LastDelivery = now.UTC()
		return putJSON(searches, u64(seq), d.Search)
	})
	if err != nil {
		return ProfileDelivery{}, fmt.Errorf("journal profiles: %w", err)
	}
	return d, nil
}

// findEmployeeSearch finds the request a delivery belongs to.
func findEmployeeSearch(b *bolt.Bucket, searchID int64) (uint64, bool) {
	var pending uint64
	c := b.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		var s EmployeeSearch
		if json.Unmarshal(v, &s) != nil {
			continue
		}
		if searchID > 0 && s.SearchID == searchID {
			return s.Seq, true
		}
		if s.SearchID == 0 {
			pending = s.Seq
		}
	}
	return pending, pending != 0
}

// EmployeeCount returns how many distinct profiles the journal holds for a
// company and status.
func (j *Journal) EmployeeCount(companyID int64, status string) (int, error) {
	n := 0
	err := j.view(func(tx *bolt.Tx) error {
		if root := tx.Bucket(bucketEmployees); root != nil {
			if b := root.Bucket(employeesKey(companyID, status)); b != nil {
				n = b.Stats().KeyN
			}
		}
		return nil
	})
	return n, err
}

// EachEmployee calls fn with every profile the journal holds for a company
// and status, in uid order, as the service sent it.
func (j *Journal) EachEmployee(companyID int64, status string, fn func(profile json.RawMessage) error) error {
	return j.view(func(tx *bolt.Tx) error {
		root := tx.Bucket(bucketEmployees)
		if root == nil {
			return nil
		}
		b := root.Bucket(employeesKey(companyID, status))
		if b == nil {
			return nil
		}
		return b.ForEach(func(k, v []byte) error {
			raw, err := j.dec.DecodeAll(v, nil)
			if err != nil {
				return fmt.Errorf("profile %s: %w", k, err)
			}
			return fn(raw)
		})
	})
}

func putJSON(b *bolt.Bucket, key []byte, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return b.Put(key, data)
}

func getJSON(b *bolt.Bucket, key []byte, v any) error {
	data := b.Get(key)
	if data == nil {
		return fmt.Errorf("no record %x", key)
	}
	return json.Unmarshal(data, v)
}
