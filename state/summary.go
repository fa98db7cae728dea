package state

import (
	"os"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Summary is what the journal says about a job, for `enrich status`.
type Summary struct {
	Path        string                   `json:"journal"`
	Lookups     map[string]map[Phase]int `json:"lookups"` // by mode ("with contacts", …), then phase
	OpenBatches int                      `json:"open_requests"`
	OpenItems   int                      `json:"open_items"`
	Counters    map[string]int64         `json:"counters"`
	LastResult  time.Time                `json:"last_result,omitzero"`
	FileBytes   int64                    `json:"file_bytes"`
	UsedBytes   int64                    `json:"used_bytes"`
}

// MarshalText names phases in JSON.
func (p Phase) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// Summarize counts the journal's lookups by phase and its open requests.
func (j *Journal) Summarize() (Summary, error) {
	s := Summary{Path: j.path, Lookups: map[string]map[Phase]int{}}
	err := j.View(func(r *Reader) error {
		for _, m := range []Mode{WithContacts, WithoutContacts} {
			counts := map[Phase]int{}
			if err := r.EachLookup(m, func(_ []byte, l Lookup) error {
				counts[l.Phase]++
				return nil
			}); err != nil {
				return err
			}
			if len(counts) > 0 {
				s.Lookups[m.String()] = counts
			}
		}
		return nil
	})
	if err != nil {
		return s, err
	}
	open, err := j.OpenBatches()
	if err != nil {
		return s, err
	}
	s.OpenBatches = len(open)
	for _, b := range open {
		s.OpenItems += len(b.Items)
	}
	if s.Counters, err = j.Counters(); err != nil {
		return s, err
	}
	if s.LastResult, err = j.LastResult(); err != nil {
		return s, err
	}
	s.FileBytes, s.UsedBytes, err = j.Usage()
	return s, err
}

// Usage returns the journal file's size and the bytes of it in use: the
// file grows in steps and keeps freed pages for reuse, so the two differ.
func (j *Journal) Usage() (fileBytes, usedBytes int64, err error) {
	fi, err := os.Stat(j.path)
	if err != nil {
		return 0, 0, err
	}
	err = j.view(func(tx *bolt.Tx) error {
		free := int64(j.db.Stats().FreePageN+j.db.Stats().PendingPageN) * int64(j.db.Info().PageSize)
		usedBytes = tx.Size() - free
		return nil
	})
	return fi.Size(), usedBytes, err
}
