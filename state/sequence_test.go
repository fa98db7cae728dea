package state

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/enrich-dev/enrich/api"
)

// records is what a journal's sequenced buckets hold: bucket → key →
// value, and each bucket's sequence and largest id.
type records struct {
	values  map[string]map[string]string
	seq     map[string]uint64
	largest map[string]uint64
}

// readRecords reads the sequenced buckets of the journal at path through
// bbolt itself.
func readRecords(t *testing.T, path string) records {
	t.Helper()
	db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	r := records{values: map[string]map[string]string{}, seq: map[string]uint64{}, largest: map[string]uint64{}}
	db.View(func(tx *bolt.Tx) error {
		for _, s := range sequenced {
			b := tx.Bucket(s.bucket)
			if b == nil {
				continue
			}
			name := string(s.bucket)
			r.values[name] = map[string]string{}
			r.seq[name] = b.Sequence()
			b.ForEach(func(k, v []byte) error {
				r.values[name][string(k)] = string(v)
				r.largest[name] = max(r.largest[name], binary.BigEndian.Uint64(k))
				return nil
			})
		}
		return nil
	})
	return r
}

// setSequences sets the sequence of the named buckets of the journal at
// path, through bbolt itself, as the salvage of earlier versions left
// them (0) or as ids handed out and since deleted leave them (above the
// largest key). seq computes the new sequence from the largest id.
func setSequences(t *testing.T, path string, seq func(largest uint64) uint64, buckets ...[]byte) {
	t.Helper()
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	err = db.Update(func(tx *bolt.Tx) error {
		for _, name := range buckets {
			b := tx.Bucket(name)
			last, _ := lastID(b)
			if err := b.SetSequence(seq(last)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// buildWithCompanies is buildJournal with two company requests and their
// profiles.
func buildWithCompanies(t *testing.T, path string) {
	buildJournal(t, path, 300)
	j, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	for i, company := range []int64{7, 8} {
		s, err := j.BeginEmployeeSearch(company, "current", 2, t0)
		if err != nil {
			t.Fatal(err)
		}
		j.EmployeeSearchAccepted(s.Seq, int64(100+i))
		profiles := []json.RawMessage{json.RawMessage(fmt.Sprintf(`{"uid":"u%d"}`, i))}
		if _, err := j.DeliverProfiles(int64(100+i), profiles, t0); err != nil {
			t.Fatal(err)
		}
	}
}

// A salvaged journal goes on where the old one stopped: the requests and
// results of the next run take new ids, and no record copied is replaced.
// Salvage of earlier versions copied the records without their buckets'
// sequences, and the next run's first request and first result replaced
// the old journal's first ones: rows read other people's profiles.
func TestSalvageThenContinue(t *testing.T) {
	all := [][]byte{bucketResults, bucketBatches, bucketSearches}
	for _, tc := range []struct {
		name  string
		build func(t *testing.T, path string)
	}{
		{"results and requests", func(t *testing.T, path string) { buildJournal(t, path, 300) }},
		{"company requests too", buildWithCompanies},
		{"ids handed out past the records", func(t *testing.T, path string) {
			buildWithCompanies(t, path)
			setSequences(t, path, func(last uint64) uint64 { return last + 50 }, all...)
		}},
		{"sequences behind, as an earlier salvage left them", func(t *testing.T, path string) {
			buildWithCompanies(t, path)
			setSequences(t, path, func(uint64) uint64 { return 0 }, all...)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			old, saved := filepath.Join(dir, "old.journal"), filepath.Join(dir, "saved.journal")
			tc.build(t, old)
			before := readRecords(t, old)
			if len(before.values["results"]) == 0 || len(before.values["batches"]) == 0 {
				t.Fatalf("the journal holds no results or requests: %v", before.largest)
			}
			if _, err := Salvage(old, saved); err != nil {
				t.Fatal(err)
			}

			// The next run, on the salvaged journal.
			j, err := Open(saved, Options{})
			if err != nil {
				t.Fatal(err)
			}
			items := []string{"new1@x.co", "new2@x.co"}
			b, _, err := j.Begin(WithContacts, items, false, t0)
			if err != nil {
				t.Fatal(err)
			}
			j.Accepted(b.Seq, 777, t0)
			if _, err := j.Deliver(Ref{RequestID: 777}, []api.Result{
				result(items[0], api.StatusSuccess, `{"uid":"n1"}`),
				result(items[1], api.StatusSuccess, `{"uid":"n2"}`),
			}, t0, policy); err != nil {
				t.Fatal(err)
			}
			s, err := j.BeginEmployeeSearch(9, "current", 1, t0)
			if err != nil {
				t.Fatal(err)
			}
			newResults := []uint64{lookup(t, j, WithContacts, items[0]).Result, lookup(t, j, WithContacts, items[1]).Result}
			j.Close()

			after := readRecords(t, saved)
			for bucket, kv := range before.values {
				for k, v := range kv {
					if after.values[bucket][k] != v {
						t.Errorf("%s %d was replaced by the next run", bucket, binary.BigEndian.Uint64([]byte(k)))
					}
				}
			}
			past := func(bucket string) uint64 { return max(before.seq[bucket], before.largest[bucket]) }
			if b.Seq <= past("batches") {
				t.Errorf("new request %d; the old journal had handed out ids up to %d", b.Seq, past("batches"))
			}
			for _, id := range newResults {
				if id <= past("results") {
					t.Errorf("new result %d; the old journal had handed out ids up to %d", id, past("results"))
				}
			}
			if s.Seq <= past("employee-searches") {
				t.Errorf("new company request %d; the old journal had handed out ids up to %d", s.Seq, past("employee-searches"))
			}
			if rep, err := Check(saved); err != nil || !rep.OK() || rep.Mismatched != 0 {
				t.Errorf("after the next run: %+v, %v", rep, err)
			}
		})
	}
}
