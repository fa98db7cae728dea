package state

import (
	"fmt"
	"reflect"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/internal/profile"
)

// flatOf reads result id from its flat record, if the journal trusts one.
func flatOf(t *testing.T, j *Journal, id uint64) (string, profile.Record, bool) {
	t.Helper()
	var item string
	var rec profile.Record
	var ok bool
	err := j.View(func(r *Reader) error {
		var flat []byte
		if item, flat, ok = r.Flat(id); ok {
			var err error
			if rec, err = profile.ParseFlat(flat); err != nil {
				ok = false
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return item, rec, ok
}

// decoded reads result id as an export without flat records does.
func decoded(t *testing.T, j *Journal, id uint64) (string, profile.Record) {
	t.Helper()
	var res wire.Result
	err := j.View(func(r *Reader) error {
		raw, err := r.Result(id)
		if err == nil {
			res, err = wire.ParseResult(raw)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return res.Item, profile.Decode(res.Candidate)
}

// A result's flat record gives what decoding it gives. A journal written
// before flat records (none of them, no version in its header) is read
// as before while opened for reading only, and flattened once when opened
// for writing; a flat record whose own bytes changed is not used.
func TestFlatRecords(t *testing.T) {
	j, path := openTemp(t)
	var items []string
	for i := range flattenBlock + 100 { // more than a block of flattenOld
		items = append(items, fmt.Sprintf("p%d@x.co", i))
	}
	b, _, _ := j.Begin(WithContacts, items, false, t0)
	var results []wire.Result
	for i, item := range items {
		results = append(results, result(item, wire.StatusSuccess, fmt.Sprintf(
			`{"uid":"%032x","fullName":"Person %d","experience":[{"position":"CTO","company":"Acme %d","current":true}],"contacts":[{"type":"email","subType":"work","value":"%s","rating":90}]}`, i, i, i%7, item)))
	}
	if _, err := j.Deliver(Ref{Seq: b.Seq}, results, t0, policy); err != nil {
		t.Fatal(err)
	}
	check := func(when string, flat bool) {
		t.Helper()
		for _, item := range []string{items[0], items[len(items)/2], items[len(items)-1]} {
			l := lookup(t, j, WithContacts, item)
			wantItem, want := decoded(t, j, l.Result)
			gotItem, got, ok := flatOf(t, j, l.Result)
			switch {
			case ok != flat:
				t.Fatalf("%s: %s has a flat record: %v; want %v", when, item, ok, flat)
			case ok && (gotItem != wantItem || !reflect.DeepEqual(got, want)):
				t.Fatalf("%s: %s flat %q %+v; decoded %q %+v", when, item, gotItem, got, wantItem, want)
			case want.Company == "":
				t.Fatalf("%s: %s decoded to %+v: the comparison compares little", when, item, want)
			}
		}
	}
	check("delivered", true)

	// As the code before flat records left it.
	j.Close()
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Update(func(tx *bolt.Tx) error {
		if err := tx.DeleteBucket(bucketFlat); err != nil {
			return err
		}
		return tx.Bucket(bucketMeta).Delete(keyFlat)
	}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if j, err = Open(path, Options{ReadOnly: true}); err != nil {
		t.Fatal(err)
	}
	check("an old journal read", false)
	j.Close()
	if j, err = Open(path, Options{Command: "test"}); err != nil {
		t.Fatal(err)
	}
	check("an old journal opened for writing", true)

	// A flat record whose bytes changed since it was written.
	l := lookup(t, j, WithContacts, items[1])
	if err := j.update(func(tx *bolt.Tx) error {
		fb := tx.Bucket(bucketFlat)
		flat := append([]byte(nil), fb.Get(u64(l.Result))...)
		flat[len(flat)-3] ^= 0x20
		return fb.Put(u64(l.Result), flat)
	}); err != nil {
		t.Fatal(err)
	}
	if _, _, ok := flatOf(t, j, l.Result); ok {
		t.Fatal("a damaged flat record used")
	}

	// EachFlat gives what Flat gives of every result, in the order of
	// their ids, but for the damaged record.
	var last uint64
	seen := 0
	err = j.View(func(r *Reader) error {
		r.EachFlat(func(id uint64, item string, flat []byte) bool {
			if id <= last || id == l.Result {
				t.Fatalf("result %d after %d (the damaged one is %d)", id, last, l.Result)
			}
			if wantItem, wantFlat, ok := r.Flat(id); !ok || item != wantItem || string(flat) != string(wantFlat) {
				t.Fatalf("result %d: EachFlat gives %q, Flat %q (%v)", id, item, wantItem, ok)
			}
			last, seen = id, seen+1
			return true
		})
		return nil
	})
	if err != nil || seen != len(items)-1 {
		t.Fatalf("EachFlat gave %d of %d results (%v)", seen, len(items)-1, err)
	}
	j.Close()
}
