package budget

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// Ledger is a budget shared through a file with every process of the
// machine that uses the same account. Each method reads the file under an
// exclusive lock, and writes it back when it changed it. When the file
// cannot be read or written (a full disk, a removed directory), the
// Ledger logs it once and goes on with what it last knew, in memory: the
// run keeps its own budget exactly, and only the sharing is lost.
type Ledger struct {
	path  string // the ledger
	lock  *os.File
	owner string
	label string // the owner as the others see it
	limit int
	span  time.Duration
	log   *slog.Logger

	mu     sync.Mutex
	l      ledger // as last read
	broken bool   // the file failed; work in memory
	future bool   // entries from the future were found and logged
}

var _ Budget = (*Ledger)(nil)

// Dir returns the directory the ledgers live in: $ENRICH_STATE_DIR, or
// $XDG_STATE_HOME/enrich, or ~/.local/state/enrich.
func Dir() (string, error) {
	if d := os.Getenv("ENRICH_STATE_DIR"); d != "" {
		return d, nil
	}
	if d := os.Getenv("XDG_STATE_HOME"); d != "" {
		return filepath.Join(d, "enrich"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("no state directory: set ENRICH_STATE_DIR: %w", err)
	}
	return filepath.Join(home, ".local", "state", "enrich"), nil
}

// Account names the account of an API key at a service's address, for
// Open: a hash, so that neither is written anywhere.
func Account(service, key string) string {
	sum := sha256.Sum256([]byte(service + "\x00" + key))
	return hex.EncodeToString(sum[:8])
}

// Options are the settings of Open beyond the account and its budget; the
// zero value works.
type Options struct {
	// Label names this process to the other runs on the account, which
	// show it when it holds the room they wait for: a command line without
	// its secrets, such as "enrich run leads.csv". The process id is put
	// before it.
	Label string
	// Log receives the ledger's warnings; nil discards them.
	Log *slog.Logger
}

// Open opens (creating it if needed) the ledger of an account (see
// Account) in dir, for a budget of limit items per span.
func Open(dir, account string, limit int, span time.Duration, opts Options) (*Ledger, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("budget ledger: %w", err)
	}
	name := "budget-" + account
	lock, err := os.OpenFile(filepath.Join(dir, name+".lock"), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("budget ledger: %w", err)
	}
	var id [6]byte
	_, _ = rand.Read(id[:])
	log := opts.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	b := &Ledger{
		path:  filepath.Join(dir, name+".json"),
		lock:  lock,
		owner: fmt.Sprintf("%d-%s", os.Getpid(), hex.EncodeToString(id[:])),
		label: processLabel(os.Getpid(), opts.Label),
		limit: limit,
		span:  span,
		log:   log,
	}
	b.update(time.Time{}, func(*ledger) bool { return false })
	if b.broken {
		lock.Close()
		return nil, fmt.Errorf("budget ledger %s cannot be read or written", b.path)
	}
	return b, nil
}

// Path returns the ledger file's name.
func (b *Ledger) Path() string { return b.path }

// update reads the ledger under the lock, lets fn change it, and writes it
// back when fn reports a change. A zero now skips expiry. When the file
// fails, fn changes what was last known, in memory, from then on.
func (b *Ledger) update(now time.Time, fn func(l *ledger) bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.broken {
		b.expire(&b.l, now)
		fn(&b.l)
		return
	}
	known := b.l
	err := withLock(b.lock, func() error {
		l, err := b.read()
		if err != nil {
			return err
		}
		moved := b.expire(&l, now)
		changed := fn(&l)
		b.l = l
		if changed || moved {
			return b.write(l)
		}
		return nil
	})
	if err != nil {
		b.broken = true
		b.l = known
		b.log.Warn("the shared budget ledger failed; this run keeps its own budget, but no longer shares it with other runs", "ledger", b.path, "error", err)
		b.expire(&b.l, now)
		fn(&b.l)
	}
}

// expire drops from l what no longer counts at now, unless now is zero,
// and reports whether it moved entries or claims dated in the future to
// now, which must then be written back. The first time, it says so.
func (b *Ledger) expire(l *ledger, now time.Time) bool {
	if now.IsZero() {
		return false
	}
	moved, ahead := l.expire(now, b.span)
	if moved > 0 && !b.future {
		b.future = true
		b.log.Warn("the shared budget held entries dated in the future: the clock of another run on this account was ahead (ENRICH_CLOCK_OFFSET, or a system clock stepped back); they now count from the present",
			"ledger", b.path, "entries", moved, "ahead", ahead.Round(time.Second))
	}
	return moved > 0
}

func (b *Ledger) read() (ledger, error) {
	var l ledger
	data, err := os.ReadFile(b.path)
	if os.IsNotExist(err) {
		return l, nil
	}
	if err != nil {
		return l, err
	}
	if len(data) == 0 {
		return l, nil
	}
	if err := json.Unmarshal(data, &l); err != nil {
		// A damaged ledger is replaced: what it held is at most a window
		// of history, and the service's 429 covers the rest.
		b.log.Warn("the shared budget ledger was damaged; starting it afresh", "ledger", b.path, "error", err)
		return ledger{}, nil
	}
	return l, nil
}

// write replaces the ledger: a temporary file renamed over it, so that a
// reader never sees half of it.
func (b *Ledger) write(l ledger) error {
	data, err := json.Marshal(l)
	if err != nil {
		return err
	}
	tmp := b.path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, b.path)
}

// Room implements Budget.
func (b *Ledger) Room(now time.Time) int {
	var room int
	b.update(now, func(l *ledger) bool {
		room = l.room(now, b.owner, b.limit, b.span)
		return false
	})
	return room
}

// Next implements Budget.
func (b *Ledger) Next(now time.Time, n int) time.Time {
	var at time.Time
	b.update(now, func(l *ledger) bool {
		at = l.next(now, b.owner, b.limit, b.span, n)
		return false
	})
	return at
}

// Take implements Budget: the room is looked at and taken under one lock.
func (b *Ledger) Take(now time.Time, n int) Reservation {
	var r Reservation
	b.update(now, func(l *ledger) bool {
		if r = l.take(now, b.owner, b.limit, b.span, n); r.N == 0 {
			return false
		}
		l.beat(now, b.owner, b.label)
		return true
	})
	return r
}

// Settle implements Budget.
func (b *Ledger) Settle(r Reservation, answered time.Time) {
	b.update(time.Time{}, func(l *ledger) bool {
		l.settle(b.owner, r, answered, false)
		return true
	})
}

// Release implements Budget.
func (b *Ledger) Release(r Reservation) {
	b.update(time.Time{}, func(l *ledger) bool {
		l.settle(b.owner, r, time.Time{}, true)
		return true
	})
}

// Want implements Budget.
func (b *Ledger) Want(now time.Time, wants bool) {
	b.update(now, func(l *ledger) bool { return l.want(now, b.owner, b.label, wants) })
}

// Usage implements Budget: the other runs are those whose claim is fresh,
// named by the labels they were opened with.
func (b *Ledger) Usage(now time.Time) Usage {
	var u Usage
	b.update(now, func(l *ledger) bool {
		u = l.usage(now, b.owner, b.limit, b.span)
		return false
	})
	return u
}

// Close implements Budget: the claim goes, the entries stay.
func (b *Ledger) Close() {
	b.update(time.Time{}, func(l *ledger) bool {
		l.drop(b.owner)
		return true
	})
	b.lock.Close()
}
