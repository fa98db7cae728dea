package state

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	bolt "go.etcd.io/bbolt"

	"github.com/enrich-dev/enrich/api/wire"
)

// CheckReport is what Check found in a journal.
type CheckReport struct {
	Path string `json:"journal"`
	// Pages lists what bbolt's own check of the file's pages found (at
	// most maxProblems).
	Pages []string `json:"pages,omitempty"`
	// Records count what is readable and what is not.
	Lookups        int `json:"lookups"`
	DamagedLookups int `json:"damaged_lookups"`
	Results        int `json:"results"` // results of found lookups
	DamagedResults int `json:"damaged_results"`
	// Mismatched counts results stored for another identifier than the
	// lookup that points to them.
	Mismatched     int `json:"mismatched_results"`
	Batches        int `json:"batches"`
	DamagedBatches int `json:"damaged_batches"`
	// Sequences lists the parts whose next id is one a record holds: the
	// next record would replace it. Opening the journal for writing
	// repairs them.
	Sequences []SequenceBehind `json:"sequences_behind,omitempty"`
	// Unreadable lists the parts of the file that could not be walked at
	// all (a damaged page under them).
	Unreadable []string `json:"unreadable,omitempty"`
	// Cut is set when the file is cut short (a copy or a disk that
	// stopped midway): the journal cannot be opened, and what salvage
	// would keep is counted instead of the records.
	Cut *Cut `json:"cut_short,omitempty"`
}

// Cut is what a journal cut short still holds.
type Cut struct {
	Bytes    int64 `json:"bytes"`     // the file's size
	Expected int64 `json:"expected"`  // the size its header gives
	PageSize int64 `json:"page_size"` // the file breaks at page Bytes/PageSize
	// Keeps counts what salvage would copy, by part; Lost lists the parts
	// where it would stop.
	Keeps map[string]int `json:"salvage_keeps"`
	Lost  []string       `json:"salvage_stops,omitempty"`
}

// maxProblems bounds the page problems a report lists.
const maxProblems = 20

// OK reports whether the journal is sound.
func (r CheckReport) OK() bool {
	return r.Cut == nil && len(r.Pages) == 0 && len(r.Unreadable) == 0 && r.DamagedLookups == 0 && r.DamagedResults == 0 &&
		r.Mismatched == 0 && r.DamagedBatches == 0 && len(r.Sequences) == 0
}

// Check reads every page and record of the journal at path, which no
// other process may hold, and reports what is damaged. It changes
// nothing. An error means the file could not be opened as a journal at
// all, or ctx ended the check.
//
// Its memory and time are bounded by the file's size, whatever the file
// holds: the tree of pages is walked first without bbolt (walkTree), and
// the records and bbolt's own check only when that tree is sound.
func Check(ctx context.Context, path string) (CheckReport, error) {
	r := CheckReport{Path: path}
	if cut, err := checkCut(path); err != nil || cut != nil {
		r.Cut = cut
		return r, err
	}
	j, err := Open(path, Options{ReadOnly: true})
	if d := (*DamagedError)(nil); errors.As(err, &d) && d.pages {
		if r.Pages, err = walkTree(ctx, path); len(r.Pages) == 0 && err == nil {
			r.Pages = []string{d.Cause}
		}
		r.Unreadable = append(r.Unreadable, "records: not read, for the tree of pages that holds them is damaged (pages)")
		return r, err
	}
	if err != nil {
		return r, err
	}
	closeJournal := true
	defer func() {
		if closeJournal {
			j.Close()
		}
	}()
	if r.Pages, err = walkTree(ctx, path); err != nil {
		return r, err
	}
	if len(r.Pages) > 0 {
		r.Unreadable = append(r.Unreadable, "records: not read, for the tree of pages that holds them is damaged (pages)")
		return r, nil
	}
	r.checkRecords(ctx, j)
	if err := ctx.Err(); err != nil {
		return r, err
	}
	if len(r.Unreadable) == 0 {
		closeJournal, err = r.checkPages(ctx, j)
	}
	return r, err
}

// checkRecords reads every lookup, its result, every request and the
// sequences, and counts what reads and what does not.
func (r *CheckReport) checkRecords(ctx context.Context, j *Journal) {
	for _, m := range []Mode{WithContacts, WithoutContacts} {
		walk := fmt.Sprintf("lookups (%s)", m)
		err := j.view(func(tx *bolt.Tx) error {
			return lookupBucket(tx, m).ForEach(func(k, v []byte) error {
				l, err := unmarshalLookup(v)
				if err != nil {
					r.DamagedLookups++
					return nil
				}
				r.Lookups++
				if r.Lookups%4096 == 0 {
					if err := ctx.Err(); err != nil {
						return err
					}
				}
				if l.Phase == Found {
					r.Results++
					switch _, err := foundResult(j, tx, string(k), l.Result); {
					case err == errMismatch:
						r.Mismatched++
					case err != nil:
						r.DamagedResults++
					}
				}
				return nil
			})
		})
		if err != nil {
			r.Unreadable = append(r.Unreadable, walk+": "+err.Error())
		}
	}
	err := j.view(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketBatches).ForEach(func(_, v []byte) error {
			var b Batch
			if json.Unmarshal(v, &b) != nil {
				r.DamagedBatches++
			} else {
				r.Batches++
			}
			return nil
		})
	})
	if err != nil {
		r.Unreadable = append(r.Unreadable, "requests: "+err.Error())
	}
	err = j.view(func(tx *bolt.Tx) error {
		r.Sequences = behindSequences(tx)
		return nil
	})
	if err != nil {
		r.Unreadable = append(r.Unreadable, "sequences: "+err.Error())
	}
}

// checkPages runs bbolt's own check of the pages and the free list. It
// reads in a goroutine of its own, where a damaged page number would
// fault beyond recovery: it runs only on a file whose records all read.
// It reports whether the caller closes the journal: when ctx ends first,
// the check goes on reading the file's mapping, and the journal is
// closed when it ends.
func (r *CheckReport) checkPages(ctx context.Context, j *Journal) (bool, error) {
	closeJournal := true
	err := j.db.View(func(tx *bolt.Tx) error {
		problems := tx.Check()
		for {
			select {
			case <-ctx.Done():
				closeJournal = false
				go func() {
					for range problems {
					}
					j.Close()
				}()
				return ctx.Err()
			case err, ok := <-problems:
				if !ok {
					return nil
				}
				if len(r.Pages) < maxProblems {
					r.Pages = append(r.Pages, err.Error())
				}
			}
		}
	})
	return closeJournal, err
}

// errMismatch is a stored result whose item is not the identifier of the
// lookup that points to it.
var errMismatch = fmt.Errorf("the result is another identifier's")

// foundResult reads the result a found lookup of id points to and checks
// that it is id's: a damaged result id could otherwise show another
// person's profile.
func foundResult(j *Journal, tx *bolt.Tx, id string, result uint64) ([]byte, error) {
	v := tx.Bucket(bucketResults).Get(u64(result))
	if v == nil {
		return nil, fmt.Errorf("no result %d", result)
	}
	raw, err := j.dec.DecodeAll(v, nil)
	if err != nil {
		return nil, err
	}
	var res wire.Result
	if err := res.UnmarshalJSON(raw); err != nil {
		return nil, err
	}
	if res.Item != id {
		return nil, errMismatch
	}
	return raw, nil
}

// resultKey decodes a results bucket key.
func resultKey(k []byte) uint64 { return binary.BigEndian.Uint64(k) }

// checkCut reports, for a journal cut short, where the file breaks and
// what salvage would keep, found by salvaging it into a journal thrown
// away; nil for a file of its full size.
func checkCut(path string) (*Cut, error) {
	size, expected, pageSize := fileSizes(path)
	if expected <= size {
		return nil, nil
	}
	dir, err := os.MkdirTemp("", "enrich-check-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	rep, err := Salvage(path, filepath.Join(dir, "salvaged.journal"))
	if err != nil {
		return nil, err
	}
	c := &Cut{Bytes: size, Expected: expected, PageSize: pageSize, Keeps: map[string]int{}}
	for part, n := range rep.Copied {
		if n > 0 {
			c.Keeps[part] = n
		}
	}
	for _, u := range rep.Unreadable {
		if u != cutShort {
			c.Lost = append(c.Lost, u)
		}
	}
	return c, nil
}
