package budget

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/enrich-dev/enrich/internal/clock"
)

// The search slots of one machine: a lock file per slot in the state
// folder, search-ACCOUNT.N.lock, held by an exclusive lock (flock) while
// a search is under way. The system drops the lock of a process that
// dies, but the search it sent may still run at the service: so the
// holder writes in the file, as it takes it, until when the slot counts
// as taken whatever becomes of it (slotRecord), and empties the file as
// it gives the slot back. A slot whose file is free but holds a record
// still running is taken by nobody.

// slotRecord is what the holder of a slot writes in its lock file.
type slotRecord struct {
	// Label names the holder ("pid 4242: enrich run leads.csv").
	Label string `json:"label"`
	// Until is when, in Unix milliseconds, the search the slot was taken
	// for can no longer run at the service.
	Until int64 `json:"until"`
}

// busy reports whether the slot of a holder that let go of its lock
// without giving the slot back still counts as taken at now. An end
// further ahead than any holder writes is no holder's (a clock stepped
// back, or a file forged): it counts for nothing.
func (r slotRecord) busy(now time.Time) bool {
	until := time.UnixMilli(r.Until)
	return until.After(now) && until.Sub(now) <= MaxSearchTime+time.Second
}

// maxRecord bounds what is read of a lock file.
const maxRecord = 4 << 10

func readRecord(f *os.File) (slotRecord, bool) {
	var r slotRecord
	buf := make([]byte, maxRecord)
	n, _ := f.ReadAt(buf, 0)
	if n == 0 || json.Unmarshal(buf[:n], &r) != nil {
		return slotRecord{}, false
	}
	return r, true
}

// fileSlots are the slots of one machine.
type fileSlots struct {
	paths []string
	hold  time.Duration
	label string
	clk   clock.Clock
}

func openFileSlots(s *Slots, dir, account string, hold time.Duration, label string) error {
	if err := CheckDir(dir); err != nil {
		return fmt.Errorf("search slots: %w", err)
	}
	fs := &fileSlots{paths: make([]string, s.n), hold: hold, label: label, clk: s.clk}
	for i := range fs.paths {
		fs.paths[i] = filepath.Join(dir, fmt.Sprintf("search-%s.%d.lock", account, i))
		f, err := openLock(fs.paths[i])
		if err != nil {
			return fmt.Errorf("search slots: %w", err)
		}
		f.Close()
	}
	s.try, s.holders = fs.try, fs.holdersNow
	s.where = fmt.Sprintf("shared through %s", filepath.Join(dir, "search-"+account+".*.lock"))
	return nil
}

// try takes the first slot whose lock is free and whose last search has
// ended at the service, and writes in it until when it counts.
func (s *fileSlots) try(context.Context) (func(), error) {
	for _, p := range s.paths {
		f, err := openLock(p)
		if err != nil {
			return nil, fmt.Errorf("search slots: %w", err)
		}
		unlock, err := tryLock(f)
		if err != nil || unlock == nil {
			f.Close()
			if err != nil {
				return nil, fmt.Errorf("search slots: %w", err)
			}
			continue
		}
		now := s.clk.Now()
		if r, ok := readRecord(f); ok && r.busy(now) {
			unlock()
			f.Close()
			continue
		}
		data, _ := json.Marshal(slotRecord{Label: s.label, Until: now.Add(s.hold).UnixMilli()})
		// Written as well as it can be: a slot whose record was lost is
		// given back when its holder dies, as before records.
		if f.Truncate(0) == nil {
			_, _ = f.WriteAt(data, 0)
		}
		return sync.OnceFunc(func() {
			// Given back: the search's answer was read, so the service
			// runs it no more.
			_ = f.Truncate(0)
			unlock()
			f.Close()
		}), nil
	}
	return nil, nil
}

// holdersNow names who holds each slot: a live holder by the label it
// wrote, a dead one whose search may still run by its label and until
// when.
func (s *fileSlots) holdersNow() []string {
	var out []string
	now := s.clk.Now()
	for _, p := range s.paths {
		f, err := openLock(p)
		if err != nil {
			continue
		}
		unlock, _ := tryLock(f)
		r, ok := readRecord(f)
		switch {
		case unlock == nil && ok && r.Label != "":
			out = append(out, oneLine(r.Label))
		case unlock == nil:
			out = append(out, "a process that wrote no name in its lock file")
		case ok && r.busy(now):
			out = append(out, fmt.Sprintf("%s, which ended while its search may still run at the service (until %s)",
				oneLine(r.Label), time.UnixMilli(r.Until).In(time.Local).Format("15:04:05")))
		}
		if unlock != nil {
			unlock()
		}
		f.Close()
	}
	return out
}
