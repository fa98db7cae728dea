package budget

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/enrich-dev/enrich/internal/atomicfile"
)

// Ledger is a budget shared with every process that uses the same
// account, through a store: a file of this machine (Open), or Redis, for
// the processes of every machine that points at it (OpenRedis). Each
// method reads the ledger and writes it back when it changed it, so that
// no other process changes it in between.
//
// When a file fails (a full disk, a removed directory), the Ledger logs it
// once and goes on with what it last knew, in memory: the run keeps its
// own budget exactly, and only the sharing with the machine's other runs
// is lost. When Redis fails, it never does: the budget belongs to every
// machine's runs, so the Ledger has no room until Redis answers again,
// and Err says why (the run stops after --service-wait).
type Ledger struct {
	st    store
	owner string
	label string // the owner as the others see it
	limit int
	span  time.Duration
	log   *slog.Logger

	mu     sync.Mutex
	l      ledger // as last read
	broken bool   // the file failed; work in memory
	future bool   // entries from the future were found and logged
	// err is the store's last failure while it fails (Redis only), and
	// deferred what could not be written meanwhile: settlements and
	// releases, written at the next update that works.
	err      error
	deferred []func(l *ledger, now time.Time)
	// epoch is the ledger's Epoch as last seen; "" before the first read.
	epoch string
}

// store keeps the ledger an account's processes share.
type store interface {
	// transact reads the ledger, lets fn change it at the store's clock
	// (the caller's now for a file; Redis's own TIME, so that the clocks
	// of machines do not matter), and writes it back when fn reports a
	// change, atomically against every other process.
	transact(now time.Time, fn func(l *ledger, now time.Time) bool) error
	// shared reports whether a failure must stop the sharing rather than
	// fall back to the process's own budget.
	shared() bool
	where() string
	close()
}

var _ Budget = (*Ledger)(nil)

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
	if err := CheckDir(dir); err != nil {
		return nil, fmt.Errorf("budget ledger: %w", err)
	}
	name := "budget-" + account
	lock, err := openLock(filepath.Join(dir, name+".lock"))
	if err != nil {
		return nil, fmt.Errorf("budget ledger: %w", err)
	}
	fs := &fileStore{path: filepath.Join(dir, name+".json"), lock: lock}
	b := newLedger(fs, limit, span, opts, "")
	fs.log = b.log
	b.update(time.Time{}, func(*ledger, time.Time) bool { return false })
	if b.broken {
		lock.Close()
		return nil, fmt.Errorf("budget ledger %s cannot be read or written", b.st.where())
	}
	return b, nil
}

// newLedger returns a Ledger of st; host, when set, names this machine
// to the processes of the others.
func newLedger(st store, limit int, span time.Duration, opts Options, host string) *Ledger {
	var id [6]byte
	_, _ = rand.Read(id[:])
	log := opts.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	label := processLabel(os.Getpid(), opts.Label)
	if host != "" {
		label = host + " " + label
	}
	return &Ledger{
		st:    st,
		owner: fmt.Sprintf("%d-%s", os.Getpid(), hex.EncodeToString(id[:])),
		label: label,
		limit: limit,
		span:  span,
		log:   log,
	}
}

// Path returns where the ledger is kept: its file, or the Redis server
// (without its password).
func (b *Ledger) Path() string { return b.st.where() }

// Err returns why the shared budget cannot be reached (Redis does not
// answer, or not within its deadline), or nil while it can. Once Redis
// failed, Err says so until an update that writes the ledger succeeds in
// time: a look that succeeds says nothing of a take, which writes.
func (b *Ledger) Err() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.err
}

// update reads the ledger, lets fn change it at the store's clock, and
// has it written back when fn reports a change; it returns the store's
// clock (zero when the store failed and fn did not run). A zero now
// skips the expiry of a file's ledger. When a file fails, fn changes
// what was last known, in memory, from then on; when Redis fails, fn
// does not run, and Err says why.
func (b *Ledger) update(now time.Time, fn func(l *ledger, now time.Time) bool) time.Time {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.broken {
		b.expire(&b.l, now)
		fn(&b.l, now)
		return now
	}
	known := b.l
	var at time.Time
	var epoch string
	err := b.st.transact(now, func(l *ledger, t time.Time) bool {
		at = t
		lost := false
		if b.epoch != "" && l.Epoch != b.epoch {
			// Begun again since this process last saw it: what it knows
			// was sent in the window goes back in, so that the runs do
			// not take the room the service still counts.
			lost = l.reseed(known.Entries, b.owner, t, b.span)
		}
		if l.Epoch == "" {
			l.Epoch = newEpoch()
			lost = true
		}
		epoch = l.Epoch
		for _, d := range b.deferred {
			d(l, t)
		}
		moved := b.expire(l, t)
		changed := fn(l, t)
		b.l = *l
		// While Redis fails, every update writes: only a write that
		// succeeds in time says the store answers again. A look (fewer
		// calls than a take) that succeeded said so while every take
		// failed, and the run's bound on the outage began again at each.
		return changed || moved || lost || len(b.deferred) > 0 || b.err != nil
	})
	switch {
	case err == nil:
		if b.epoch != "" && epoch != b.epoch {
			b.log.Warn("the shared budget was found begun again (a Redis restarted without its data, a ledger removed); this run put back what it knows was sent in the window", "budget", b.st.where())
		}
		b.epoch = epoch
		if b.err != nil {
			b.log.Info("the shared budget answers again", "budget", b.st.where())
		}
		b.err, b.deferred = nil, nil
		return at
	case b.st.shared():
		if b.err == nil {
			b.log.Warn("the shared budget does not answer; no item is sent until it does", "budget", b.st.where(), "error", err)
		}
		b.err, b.l = err, known
		return time.Time{}
	}
	b.broken = true
	b.l = known
	b.log.Warn("the shared budget ledger failed; this run keeps its own budget, but no longer shares it with other runs", "ledger", b.st.where(), "error", err)
	b.expire(&b.l, now)
	fn(&b.l, now)
	return now
}

// newEpoch names a ledger begun now.
func newEpoch() string {
	var b [8]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// later runs op on the ledger at the next update that works, when this
// one failed: a settlement or a release must not be lost while Redis
// does not answer.
func (b *Ledger) later(at time.Time, op func(l *ledger, now time.Time)) {
	if at.IsZero() && b.st.shared() {
		b.mu.Lock()
		b.deferred = append(b.deferred, op)
		b.mu.Unlock()
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
			"ledger", b.st.where(), "entries", moved, "ahead", ahead.Round(time.Second))
	}
	return moved > 0
}

// fileStore keeps the ledger in a file of this machine, read and written
// under an exclusive lock.
type fileStore struct {
	path string
	lock *os.File
	log  *slog.Logger
	// replace says the ledger's path held what is not a ledger file (a
	// link): it is written over at once, changed or not.
	replace bool
}

func (f *fileStore) transact(now time.Time, fn func(l *ledger, now time.Time) bool) error {
	return withLock(f.lock, func() error {
		l, err := f.read()
		if err != nil {
			return err
		}
		if fn(&l, now) || f.replace {
			if err := f.write(l); err != nil {
				return err
			}
			f.replace = false
		}
		return nil
	})
}

func (f *fileStore) shared() bool  { return false }
func (f *fileStore) where() string { return f.path }
func (f *fileStore) close()        { f.lock.Close() }

// read reads the ledger. What is at its path and is not a regular file
// of this user's (a link, a pipe) is not followed, nor waited on: it is
// taken for a damaged ledger, which the next write replaces.
func (f *fileStore) read() (ledger, error) {
	var l ledger
	r, err := openRead(f.path)
	switch {
	case os.IsNotExist(err):
		return l, nil
	case errors.Is(err, ErrUntrusted):
		if f.log != nil {
			f.log.Warn("the shared budget ledger is not a regular file of yours; starting it afresh", "ledger", f.path, "error", err)
		}
		f.replace = true
		return l, nil
	case err != nil:
		return l, err
	}
	defer r.Close()
	data, err := io.ReadAll(io.LimitReader(r, maxLedgerFile))
	if err != nil {
		return l, err
	}
	return decodeLedger(data, f.path, f.log), nil
}

// maxLedgerFile bounds what is read of a ledger file: a ledger holds a
// window of requests, kilobytes; more is damage, and starts it afresh.
const maxLedgerFile = 16 << 20

// decodeLedger reads a ledger. A damaged ledger is replaced: what it held
// is at most a window of history, and the service's 429 covers the rest.
func decodeLedger(data []byte, where string, log *slog.Logger) ledger {
	var l ledger
	if len(data) == 0 {
		return l
	}
	if err := json.Unmarshal(data, &l); err != nil {
		if log != nil {
			log.Warn("the shared budget ledger was damaged; starting it afresh", "ledger", where, "error", err)
		}
		return ledger{}
	}
	return l
}

// write replaces the ledger through a temporary file of a name nobody
// can guess (package atomicfile: made new, synced, renamed over the
// ledger), so that a reader never sees half of it and no link planted at
// a fixed name is followed: the rename replaces a link at the ledger's
// path, never what it points to.
func (f *fileStore) write(l ledger) error {
	data, err := json.Marshal(l)
	if err != nil {
		return err
	}
	return atomicfile.WriteWithMode(f.path, 0o600, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// Room implements Budget.
func (b *Ledger) Room(now time.Time) int {
	var room int
	if b.update(now, func(l *ledger, t time.Time) bool {
		room = l.room(t, b.owner, b.limit, b.span)
		return false
	}).IsZero() && b.st.shared() {
		return 0
	}
	return room
}

// Next implements Budget. The instant is the store's, given back on the
// caller's clock.
func (b *Ledger) Next(now time.Time, n int) time.Time {
	var at time.Time
	t := b.update(now, func(l *ledger, t time.Time) bool {
		at = l.next(t, b.owner, b.limit, b.span, n)
		return false
	})
	if t.IsZero() {
		return now.Add(time.Second) // the store did not answer: look again
	}
	if !at.IsZero() {
		at = at.Add(now.Sub(t))
	}
	return at
}

// Take implements Budget: the room is looked at and taken in one step.
func (b *Ledger) Take(now time.Time, n int) Reservation {
	var r Reservation
	at := b.update(now, func(l *ledger, t time.Time) bool {
		if r = l.take(t, b.owner, b.limit, b.span, n); r.N == 0 {
			return false
		}
		l.beat(t, b.owner, b.label)
		return true
	})
	if at.IsZero() && b.st.shared() {
		// The reservation was made but not written (Redis failed on the
		// write): the room is not this run's.
		return Reservation{}
	}
	return r
}

// Settle implements Budget: the reservation counts from the answer's
// instant, or for Redis from its own clock's now, which is no earlier.
func (b *Ledger) Settle(r Reservation, answered time.Time) {
	op := func(l *ledger, t time.Time) {
		if b.st.shared() {
			answered = t
		}
		l.settle(b.owner, r, answered, false)
	}
	b.later(b.update(answered, func(l *ledger, t time.Time) bool { op(l, t); return true }), op)
}

// Release implements Budget.
func (b *Ledger) Release(r Reservation) {
	op := func(l *ledger, _ time.Time) { l.settle(b.owner, r, time.Time{}, true) }
	b.later(b.update(time.Time{}, func(l *ledger, t time.Time) bool { op(l, t); return true }), op)
}

// Want implements Budget.
func (b *Ledger) Want(now time.Time, wants bool) {
	b.update(now, func(l *ledger, t time.Time) bool { return l.want(t, b.owner, b.label, wants) })
}

// Usage implements Budget: the other runs are those whose claim is fresh,
// named by the labels they were opened with.
func (b *Ledger) Usage(now time.Time) Usage {
	var u Usage
	b.update(now, func(l *ledger, t time.Time) bool {
		u = l.usage(t, b.owner, b.limit, b.span)
		return false
	})
	return u
}

// Close implements Budget: the claim goes, the entries stay.
func (b *Ledger) Close() {
	b.update(time.Time{}, func(l *ledger, _ time.Time) bool {
		l.drop(b.owner)
		return true
	})
	b.st.close()
}
