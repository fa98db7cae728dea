package state

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

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
	p := recover()
	if p == nil {
		return
	}
	cause := fmt.Sprint(p)
	if _, ok := p.(runtimeError); ok || strings.Contains(cause, "runtime error") {
		cause += " at " + firstFrame(debug.Stack())
	}
	*err = &DamagedError{Path: path, Cause: cause}
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

// view, update and batch are bbolt's, with damage contained. bbolt reads
// the file through a memory map: a page number damaged to point past the
// file's end faults (SIGBUS), which SetPanicOnFault turns into a panic that
// contain can take, in the goroutine that reads.
func (j *Journal) view(fn func(*bolt.Tx) error) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer contain(j.path, &err)
	return j.db.View(fn)
}

func (j *Journal) update(fn func(*bolt.Tx) error) (err error) {
	if err := j.checkPresent(); err != nil {
		return err
	}
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer contain(j.path, &err)
	return j.db.Update(fn)
}

func (j *Journal) batch(fn func(*bolt.Tx) error) (err error) {
	if err := j.checkPresent(); err != nil {
		return err
	}
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer contain(j.path, &err)
	// bbolt may run a batch in a goroutine of its own.
	return j.db.Batch(func(tx *bolt.Tx) error {
		defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
		return fn(tx)
	})
}

// checkSize refuses a file cut shorter than its header says it is: bbolt
// would map pages that are not there, and fault on the first read.
func checkSize(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return nil // bbolt says why
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || fi.Size() == 0 {
		return nil
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
		size := int64(binary.LittleEndian.Uint32(m[24:]))
		pages := int64(binary.LittleEndian.Uint64(m[56:]))
		if size > 0 && pages > 0 && pages*size > fi.Size() {
			return &DamagedError{Path: path, Cause: fmt.Sprintf("it is cut short: %d bytes where its header counts %d pages of %d", fi.Size(), pages, size)}
		}
	}
	return nil
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
