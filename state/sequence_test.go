package state

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/enrich-dev/enrich/api/wire"
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

			nextRun(t, saved, before)
		})
	}
}

// nextRun does on the journal at path what the next run does: a request,
// its results, and a company request. It checks that none of them
// replaced a record of before, that their ids are past every id the
// journal had handed out, and that the journal is sound after.
func nextRun(t *testing.T, path string, before records) {
	t.Helper()
	j, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	items := []string{"new1@x.co", "new2@x.co"}
	b, _, err := j.Begin(WithContacts, items, false, t0)
	if err != nil {
		t.Fatal(err)
	}
	j.Accepted(b.Seq, 777, t0)
	if _, err := j.Deliver(Ref{RequestID: 777}, []wire.Result{
		result(items[0], wire.StatusSuccess, `{"uid":"n1"}`),
		result(items[1], wire.StatusSuccess, `{"uid":"n2"}`),
	}, t0, policy); err != nil {
		t.Fatal(err)
	}
	s, err := j.BeginEmployeeSearch(9, "current", 1, t0)
	if err != nil {
		t.Fatal(err)
	}
	newResults := []uint64{lookup(t, j, WithContacts, items[0]).Result, lookup(t, j, WithContacts, items[1]).Result}
	j.Close()

	after := readRecords(t, path)
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
	if rep, err := Check(context.Background(), path); err != nil || !rep.OK() || rep.Mismatched != 0 {
		t.Errorf("after the next run: %+v, %v", rep, err)
	}
}

// A journal whose sequences are behind its records, as the salvage of
// earlier versions left them: Check says so in words that name the harm
// and the way out, a reader leaves it as it is, and opening it for
// writing repairs it, before the next run writes anything.
func TestSequencesBehindRepairedOnOpen(t *testing.T) {
	for _, tc := range []struct {
		name    string
		buckets [][]byte
		parts   []string
	}{
		{"results", [][]byte{bucketResults}, []string{"results"}},
		{"requests", [][]byte{bucketBatches}, []string{"requests"}},
		{"company requests", [][]byte{bucketSearches}, []string{"company requests"}},
		{"all three", [][]byte{bucketResults, bucketBatches, bucketSearches}, []string{"results", "requests", "company requests"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "job.journal")
			buildWithCompanies(t, path)
			setSequences(t, path, func(uint64) uint64 { return 0 }, tc.buckets...)
			before := readRecords(t, path)

			rep, err := Check(context.Background(), path)
			if err != nil {
				t.Fatal(err)
			}
			if rep.OK() || len(rep.Sequences) != len(tc.parts) {
				t.Fatalf("check of a journal with sequences behind: %+v", rep)
			}
			for i, s := range rep.Sequences {
				say := s.String()
				if s.Part != tc.parts[i] || s.Sequence != 0 || s.Largest != before.largest[string(tc.buckets[i])] ||
					!strings.Contains(say, "would replace") || !strings.Contains(say, "enrich run") || !strings.Contains(say, "salvage") {
					t.Errorf("reported %+v: %q", s, say)
				}
			}

			r, err := Open(path, Options{ReadOnly: true})
			if err != nil {
				t.Fatal(err)
			}
			r.Close()
			if rep, _ := Check(context.Background(), path); len(rep.Sequences) != len(tc.parts) {
				t.Errorf("opened for reading, the journal changed: %+v", rep.Sequences)
			}

			w, err := Open(path, Options{})
			if err != nil {
				t.Fatal(err)
			}
			w.Close()
			if rep, err := Check(context.Background(), path); err != nil || !rep.OK() {
				t.Errorf("after an open for writing: %+v, %v", rep, err)
			}
			healed := readRecords(t, path)
			for _, b := range tc.buckets {
				if name := string(b); healed.seq[name] != before.largest[name] {
					t.Errorf("%s: sequence %d after the repair, largest id %d", name, healed.seq[name], before.largest[name])
				}
			}
			nextRun(t, path, before)
		})
	}
}

// An id already in use is refused, with an error that says the journal
// is damaged, and nothing of the transaction is written: the record that
// holds the id is left as it was.
func TestUsedIDRefused(t *testing.T) {
	for _, tc := range []struct {
		name   string
		bucket []byte
		write  func(j *Journal) error
		after  func(t *testing.T, j *Journal)
	}{
		{"result", bucketResults, func(j *Journal) error {
			b, _, _ := j.Begin(WithContacts, []string{"c@x.co"}, false, t0)
			j.Accepted(b.Seq, 2, t0)
			_, err := j.Deliver(Ref{RequestID: 2}, []wire.Result{result("c@x.co", wire.StatusSuccess, `{"uid":"cccc"}`)}, t0, policy)
			return err
		}, func(t *testing.T, j *Journal) {
			if l := lookup(t, j, WithContacts, "c@x.co"); l.Phase != InFlight {
				t.Errorf("c@x.co: %+v; want still in flight", l)
			}
		}},
		{"request", bucketBatches, func(j *Journal) error {
			_, _, err := j.Begin(WithContacts, []string{"c@x.co"}, false, t0)
			return err
		}, func(t *testing.T, j *Journal) {
			j.View(func(r *Reader) error {
				if l, ok, _ := r.Lookup(WithContacts, "c@x.co"); ok {
					t.Errorf("c@x.co was written: %+v", l)
				}
				return nil
			})
		}},
		{"company request", bucketSearches, func(j *Journal) error {
			_, err := j.BeginEmployeeSearch(8, "current", 1, t0)
			return err
		}, func(t *testing.T, j *Journal) {}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			j, _ := openTemp(t)
			b, _, _ := j.Begin(WithContacts, []string{"a@x.co"}, false, t0)
			j.Accepted(b.Seq, 1, t0)
			j.Deliver(Ref{RequestID: 1}, []wire.Result{result("a@x.co", wire.StatusSuccess, `{"uid":"aaaa"}`)}, t0, policy)
			if _, err := j.BeginEmployeeSearch(7, "current", 1, t0); err != nil {
				t.Fatal(err)
			}
			// The sequence falls behind while the journal is open, past
			// the repair that opening makes.
			j.update(func(tx *boltTx) error { return tx.Bucket(tc.bucket).SetSequence(0) })
			record := func() string {
				var v string
				j.view(func(tx *boltTx) error {
					v = string(tx.Bucket(tc.bucket).Get(u64(1)))
					return nil
				})
				return v
			}
			before := record()
			if before == "" {
				t.Fatalf("no %s 1 to write over", tc.name)
			}
			err := tc.write(j)
			if !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), "which is in use") {
				t.Fatalf("writing over %s 1: %v; want ErrDamaged", tc.name, err)
			}
			if record() != before {
				t.Errorf("%s 1 was replaced", tc.name)
			}
			tc.after(t, j)
		})
	}
}
