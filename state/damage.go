package state

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"

	bolt "go.etcd.io/bbolt"
)

// ErrDamaged is a journal file whose pages or records cannot be read:
// cut short by a full disk, overwritten, or flipped on a bad medium.
var ErrDamaged = errors.New("journal damaged")

// DamagedError says which journal is damaged, how it showed, and the way
// out.
type DamagedError struct {
	Path  string
	Cause string
	// pages is damage to the tree of pages, found before bbolt read it.
	pages bool
}

// Error implements error.
func (e *DamagedError) Error() string {
	return fmt.Sprintf("journal %s is damaged (%s); `enrich journal check %s` shows what is readable, and `enrich journal salvage %s NEW` copies it into a new journal to run with", e.Path, e.Cause, e.Path, e.Path)
}

// Is matches ErrDamaged.
func (e *DamagedError) Is(target error) bool { return target == ErrDamaged }

// contain turns a panic of bbolt on a damaged page into a DamagedError.
// bbolt checks its pages with assertions that panic; a transaction that
// panics is rolled back by bbolt, so the file is never written from a
// damaged read.
func contain(path string, err *error) {
	if p := recover(); p != nil {
		*err = damaged(path, p)
	}
}

// damaged describes a panic of bbolt as a DamagedError.
func damaged(path string, p any) *DamagedError {
	cause := fmt.Sprint(p)
	if _, ok := p.(runtimeError); ok || strings.Contains(cause, "runtime error") {
		cause += " at " + firstFrame(debug.Stack())
	}
	return &DamagedError{Path: path, Cause: cause}
}

// runtimeError is the interface of the runtime's panics (index out of
// range, nil dereference), which a damaged page can cause in bbolt.
type runtimeError interface{ RuntimeError() }

// firstFrame returns the function a panic came from, for the message.
func firstFrame(stack []byte) string {
	lines := strings.Split(string(stack), "\n")
	for i, l := range lines {
		if strings.Contains(l, "bbolt") && !strings.Contains(l, "recover") && i > 0 {
			return strings.TrimSpace(l)
		}
	}
	return "bbolt"
}

// A panic of bbolt outside the function a transaction runs (opening the
// transaction, committing a write) leaves bbolt's own locks held: any
// later transaction would wait for them forever. So such a panic breaks
// the journal for this process: every later call returns the damage at
// once, without entering bbolt, and Close leaves bbolt's file to the
// process's end. Transactions are opened one at a time (gate), and
// writes run one at a time (write), so that none is inside bbolt when
// another breaks it.
type containment struct {
	gate   sync.Mutex // held while a transaction is opened
	write  sync.Mutex // held by the write transaction under way
	broken atomic.Pointer[DamagedError]

	mu      sync.Mutex // guards pending and leading
	pending []pendingWrite
	leading bool
}

// pendingWrite is a write waiting for the next shared commit (batch).
type pendingWrite struct {
	fn   func(*bolt.Tx) error
	done chan error
}

// Broken returns the damage that broke the journal in this process, or
// nil.
func (j *Journal) Broken() error {
	if d := j.broken.Load(); d != nil {
		return d
	}
	return nil
}

// breakOn is contain for a panic that leaves bbolt unusable.
func (j *Journal) breakOn(err *error) {
	if p := recover(); p != nil {
		d := damaged(j.path, p)
		j.broken.CompareAndSwap(nil, d)
		*err = d
	}
}

// begin opens a transaction, unless the journal is broken.
func (j *Journal) begin(writable bool) (tx *bolt.Tx, err error) {
	j.gate.Lock()
	defer j.gate.Unlock()
	if err := j.Broken(); err != nil {
		return nil, err
	}
	defer j.breakOn(&err)
	return j.db.Begin(writable)
}

// view, update and batch are bbolt's, with damage contained. bbolt reads
// the file through a memory map: a page number damaged to point past the
// file's end faults (SIGBUS), which SetPanicOnFault turns into a panic that
// contain can take, in the goroutine that reads. A damaged page met by a
// read's own function leaves the journal usable: its transaction is
// rolled back.
func (j *Journal) view(fn func(*bolt.Tx) error) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	tx, err := j.begin(false)
	if err != nil {
		return err
	}
	defer contain(j.path, &err)
	defer tx.Rollback()
	return fn(tx)
}

func (j *Journal) update(fn func(*bolt.Tx) error) error {
	if err := j.checkPresent(); err != nil {
		return err
	}
	j.write.Lock()
	defer j.write.Unlock()
	return j.commit(fn)
}

// commit runs fn in a write transaction and commits it; the caller holds
// j.write. Any panic breaks the journal: bbolt holds its writer's lock
// until a transaction ends, and one that panicked never does.
func (j *Journal) commit(fn func(*bolt.Tx) error) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer j.breakOn(&err)
	tx, err := j.begin(true)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// batch is update for writes that arrive together (callbacks): they share
// one commit, and so one sync of the file. The first caller commits what
// is waiting; those that arrive meanwhile wait for the next commit, which
// one of them makes. A function that fails is taken out and the others
// are committed again without it, so a function may run more than once
// and must do the same each time.
func (j *Journal) batch(fn func(*bolt.Tx) error) error {
	if err := j.checkPresent(); err != nil {
		return err
	}
	w := pendingWrite{fn: fn, done: make(chan error, 1)}
	j.mu.Lock()
	j.pending = append(j.pending, w)
	lead := !j.leading
	j.leading = true
	j.mu.Unlock()
	if lead {
		j.commitPending()
	}
	return <-w.done
}

// commitPending commits the writes waiting, and hands on the lead when
// more came meanwhile: the caller that led returns with its own answer.
func (j *Journal) commitPending() {
	j.mu.Lock()
	ws := j.pending
	j.pending = nil
	j.mu.Unlock()

	j.write.Lock()
	for len(ws) > 0 {
		failed, ferr := -1, error(nil)
		err := j.commit(func(tx *bolt.Tx) error {
			for i, w := range ws {
				if err := w.fn(tx); err != nil {
					failed, ferr = i, err
					return err
				}
			}
			return nil
		})
		if failed < 0 || j.Broken() != nil {
			for _, w := range ws {
				w.done <- err
			}
			break
		}
		ws[failed].done <- ferr
		ws = append(ws[:failed], ws[failed+1:]...)
	}
	j.write.Unlock()

	j.mu.Lock()
	defer j.mu.Unlock()
	if len(j.pending) == 0 {
		j.leading = false
		return
	}
	go j.commitPending()
}

// checkSize refuses a file cut shorter than its header says it is: bbolt
// would map pages that are not there, and fault on the first read.
func checkSize(path string) error {
	size, expected, pageSize := fileSizes(path)
	if expected > size {
		return &DamagedError{Path: path, Cause: fmt.Sprintf("it is cut short: %d bytes where its header counts %d pages of %d", size, expected/pageSize, pageSize)}
	}
	return nil
}

// fileSizes returns the size of the file at path, the size the header of
// its meta pages gives (the larger of the two that read; 0 when none
// does) and its page size.
func fileSizes(path string) (size, expected, pageSize int64) {
	f, err := os.Open(path)
	if err != nil {
		return 0, 0, 0 // bbolt says why
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || fi.Size() == 0 {
		return 0, 0, 0
	}
	head := make([]byte, 2*maxPageSize)
	n, _ := io.ReadFull(f, head)
	head = head[:n]
	for _, off := range []int{0, metaPageSize(head)} {
		if off < 0 || off+80 > len(head) {
			continue
		}
		m := head[off:]
		if binary.LittleEndian.Uint32(m[16:]) != boltMagic {
			continue
		}
		ps := int64(binary.LittleEndian.Uint32(m[24:]))
		pages := int64(binary.LittleEndian.Uint64(m[56:]))
		if ps > 0 && pages > 0 && pages*ps > expected {
			expected, pageSize = pages*ps, ps
		}
	}
	return fi.Size(), expected, pageSize
}

// bbolt's file header: the magic number of its meta pages, and the page
// sizes it uses.
const (
	boltMagic   = 0xED0CDAED
	maxPageSize = 64 << 10
)

// metaPageSize returns where the second meta page starts: one page after
// the first, whose header names the page size.
func metaPageSize(head []byte) int {
	if len(head) < 28 || binary.LittleEndian.Uint32(head[16:]) != boltMagic {
		return -1
	}
	return int(binary.LittleEndian.Uint32(head[24:]))
}

// ErrGone is a journal whose file was removed or replaced while open:
// what is written to it now is lost with the file.
var ErrGone = errors.New("the journal file was removed or replaced")

// checkPresent reports ErrGone when the journal's path no longer names
// the file this process opened.
func (j *Journal) checkPresent() error {
	if j.opened == nil {
		return nil
	}
	fi, err := os.Stat(j.path)
	if err != nil || !os.SameFile(fi, j.opened) {
		return fmt.Errorf("%w: %s no longer names the file this run opened; stop, and restore it or start a new journal", ErrGone, j.path)
	}
	return nil
}

// Present reports whether the journal's path still names the open file.
func (j *Journal) Present() error { return j.checkPresent() }
