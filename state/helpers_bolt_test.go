package state

import (
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"
)

type boltTx = bolt.Tx

// makeForeign writes a bbolt file of another program: one bucket, theirs.
func makeForeign(t *testing.T, path string) {
	t.Helper()
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.Update(func(tx *bolt.Tx) error {
		b, err := tx.CreateBucket([]byte("theirs"))
		if err != nil {
			return err
		}
		return b.Put([]byte("k"), []byte("v"))
	})
}

// bucketsOf lists the top-level buckets of a bbolt file.
func bucketsOf(t *testing.T, path string) string {
	t.Helper()
	db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var names []string
	db.View(func(tx *bolt.Tx) error {
		return tx.ForEach(func(name []byte, _ *bolt.Bucket) error {
			names = append(names, string(name))
			return nil
		})
	})
	return strings.Join(names, ",")
}
