// Package state is the job's journal: a bbolt file that records every
// lookup request before it is sent and every result before its callback is
// answered, so that a run killed at any instant resumes without losing a
// result or paying twice for one. It is the only package that imports bbolt.
//
// Layout (schema version 1):
//
//	meta          version, callback token, counters, flags
//	lookups/c     identifier → Lookup (with contacts)
//	lookups/n     identifier → Lookup (without contacts)
//	results       result id (sequential) → zstd(raw result item JSON)
//	batches       batch seq → Batch
//	requests      requestId → batch seq
//	open-batches  batch seq → (nothing): the batches whose results may still come
//	employee-searches, employees   company profile requests and profiles (employees.go)
package state

import (
	"bytes"
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/klauspost/compress/zstd"
	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"

	"github.com/enrich-dev/enrich/internal/atomicfile"
	"github.com/enrich-dev/enrich/internal/clock"
	"github.com/enrich-dev/enrich/internal/profile"
)

// SchemaVersion is the journal layout this package reads and writes.
const SchemaVersion = 1

var (
	bucketMeta     = []byte("meta")
	bucketLookups  = []byte("lookups")
	bucketResults  = []byte("results")
	bucketBatches  = []byte("batches")
	bucketRequests = []byte("requests")
	bucketOpen     = []byte("open-batches")

	keyVersion = []byte("version")
	keyToken   = []byte("callback-token")
	keyCreated = []byte("created")
)

// pageSize packs several compressed profiles into one page: a 30 KB profile
// compresses to about 4 KB, which with 4 KB pages would take two. Larger
// pages pack them tighter (32 KB: 5.0 KB a profile instead of 5.8) but
// every commit rewrites whole pages of the lookups it touches, and the
// callback receiver's latency grows with them (BENCHMARKS.md).
const pageSize = 16 << 10

// maxResultBytes bounds the memory one stored result may decompress into:
// a result is never larger than the callback that brought it (32 MiB at
// most), so a damaged frame that claims more is refused, not allocated.
const maxResultBytes = 64 << 20

// ErrLocked is returned by Open when another process holds the journal.
var ErrLocked = errors.New("journal is in use by another process")

// LockedError says which journal is locked and, when known, by whom.
type LockedError struct {
	Path   string
	Holder *Holder // nil when the holder did not record itself
}

// Error implements error.
func (e *LockedError) Error() string {
	msg := fmt.Sprintf("journal %s is in use by another process", e.Path)
	if e.Holder != nil {
		msg += fmt.Sprintf(" (%s, pid %d on %s, since %s)", e.Holder.Command, e.Holder.PID, e.Holder.Host, e.Holder.Since.Format(time.RFC3339))
	}
	return msg
}

// Is matches ErrLocked.
func (e *LockedError) Is(target error) bool { return target == ErrLocked }

// Holder describes the process that holds a journal. It is written beside
// the journal, in PATH.owner, since bbolt's lock keeps others from reading
// the journal itself.
type Holder struct {
	PID     int       `json:"pid"`
	Host    string    `json:"host"`
	Command string    `json:"command"`
	Since   time.Time `json:"since"`
}

// Journal is an open journal. Its methods are safe for concurrent use.
type Journal struct {
	db     *bolt.DB
	path   string
	opened os.FileInfo // the file opened, to notice when its path names another
	enc    *zstd.Encoder
	dec    *zstd.Decoder
	own    bool // this process wrote the owner file
	clock  clock.Clock
	containment
}

// Options tune Open.
type Options struct {
	// ReadOnly opens the journal for reading, beside no writer. A missing
	// journal is an error then.
	ReadOnly bool
	// LockTimeout is how long to wait for another holder; default 100ms.
	LockTimeout time.Duration
	// Command names this process in the owner file (e.g. "enrich run").
	Command string
	// NoSync skips fsync on commit. Only for benchmarks of what else costs.
	NoSync bool
	// Clock dates the journal's creation and its holder (default: the
	// system's).
	Clock clock.Clock
}

// Open opens or creates the journal at path, with file mode 0600. A path
// that is not a journal (a folder, a sheet, another program's bbolt file)
// is refused with a message that says so; a damaged one with a
// DamagedError.
func Open(path string, o Options) (j *Journal, err error) {
	if o.LockTimeout == 0 {
		o.LockTimeout = 100 * time.Millisecond
	}
	if o.Clock == nil {
		o.Clock = clock.Real{}
	}
	if err := checkPath(path, o.ReadOnly); err != nil {
		return nil, err
	}
	if err := checkSize(path); err != nil {
		return nil, err
	}
	_, statErr := os.Stat(path)
	created := !o.ReadOnly && errors.Is(statErr, os.ErrNotExist)
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer contain(path, &err)
	db, err := openBolt(path, o, created)
	if err != nil {
		return nil, err
	}
	j = &Journal{db: db, path: path, clock: o.Clock}
	if fi, err := os.Stat(path); err == nil {
		j.opened = fi
	}
	// Results are compressed by the goroutines that receive them, in
	// parallel, before the write transaction. The fastest level keeps a
	// 30 KB profile near 4 KB (2% more than the default level, in 80% of
	// the time): the receiver's latency matters more.
	if j.enc, err = zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedFastest), zstd.WithEncoderConcurrency(runtime.GOMAXPROCS(0))); err != nil {
		db.Close()
		return nil, err
	}
	if j.dec, err = zstd.NewReader(nil, zstd.WithDecoderConcurrency(0), zstd.WithDecoderMaxMemory(maxResultBytes)); err != nil {
		db.Close()
		return nil, err
	}
	if err := j.init(o.ReadOnly); err != nil {
		j.Close()
		return nil, err
	}
	// A new journal's name is made durable before anything is sent: a
	// crash that lost the name would lose every request paid since.
	if created {
		if err := syncFolder(filepath.Dir(path)); err != nil {
			j.Close()
			return nil, fmt.Errorf("open journal %s: %w", path, err)
		}
	}
	if !o.ReadOnly {
		j.own = writeHolder(path, o.Command, o.Clock.Now()) == nil
		// Flat records spare exports time; a journal that cannot be
		// flattened now (damaged, a full disk) is read as before, and
		// flattened at its next opening.
		_ = j.flattenOld()
	}
	return j, nil
}

// openBolt opens the bbolt file of the journal at path, and says what an
// error of bbolt means for a journal. The tree of pages of a journal that
// was there is checked before anything reads it.
func openBolt(path string, o Options, created bool) (*bolt.DB, error) {
	db, err := bolt.Open(path, 0o600, &bolt.Options{
		Timeout:      o.LockTimeout,
		ReadOnly:     o.ReadOnly,
		PageSize:     pageSize,
		NoSync:       o.NoSync,
		FreelistType: bolt.FreelistMapType,
	})
	switch {
	case errors.Is(err, berrors.ErrTimeout):
		return nil, &LockedError{Path: path, Holder: readHolder(path)}
	case errors.Is(err, berrors.ErrInvalid), errors.Is(err, berrors.ErrVersionMismatch):
		return nil, notJournal("%s is not an enrich journal (not a journal file at all); give --journal another file", path)
	case errors.Is(err, berrors.ErrChecksum):
		return nil, &DamagedError{Path: path, Cause: "both of its header pages fail their checksums"}
	case errors.Is(err, os.ErrPermission):
		return nil, fmt.Errorf("open journal %s: permission denied; run as the user who owns it, or give --journal another file", path)
	case err != nil:
		// bbolt says a file shorter than its two header pages is "too
		// small" in words alone: the file's size tells it.
		if fi, serr := os.Stat(path); serr == nil && fi.Size() < 2*pageSize {
			return nil, &DamagedError{Path: path, Cause: fmt.Sprintf("it is cut short: %d bytes, less than its two header pages (%d): %v", fi.Size(), 2*pageSize, err)}
		}
		return nil, fmt.Errorf("open journal %s: %w", path, err)
	}
	// The file is locked now, and no bbolt transaction has read a bucket
	// yet: its tree of pages is checked first (treeChecked).
	if !created {
		if problem := treeChecked(path); problem != "" {
			db.Close()
			return nil, &DamagedError{Path: path, Cause: "its pages are damaged: " + problem, pages: true}
		}
	}
	return db, nil
}

// syncFolder is atomicfile.SyncDir, replaced by the test that checks a
// new journal's folder is synced.
var syncFolder = atomicfile.SyncDir

// ErrNotJournal is a path that names no journal at all: a folder, a
// sheet, a page, another program's database. It is the user's mistake,
// not damage: nothing is written to it.
var ErrNotJournal = errors.New("not an enrich journal")

// ErrEmptyJournal is a journal file of 0 bytes: a run that created it
// was stopped before it wrote anything, or something emptied it. Taken as
// a new journal it would look everything up again and pay for it, so it
// is refused; removing it is how a user starts over.
var ErrEmptyJournal = errors.New("empty journal file")

// pathError is a refusal of the path given as the journal, matched by
// its sentinel.
type pathError struct {
	sentinel error
	msg      string
}

func (e *pathError) Error() string        { return e.msg }
func (e *pathError) Is(target error) bool { return target == e.sentinel }

func notJournal(format string, args ...any) error {
	return &pathError{ErrNotJournal, fmt.Sprintf(format, args...)}
}

// CheckPath refuses a path that cannot be opened as a journal for
// writing (a folder, a sheet, an empty file) without opening or creating
// it: for a command that spends something before it opens the journal.
// A path that does not exist yet is fine.
func CheckPath(path string) error { return checkPath(path, false) }

// checkPath refuses, before bbolt opens it, what cannot be a journal: a
// folder, a file that plainly holds something else, an empty file, and
// for reading, a file that is not there.
func checkPath(path string, readOnly bool) error {
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, os.ErrNotExist) && readOnly:
		return fmt.Errorf("open journal: %w", err)
	case errors.Is(err, os.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("open journal %s: %w", path, err)
	case fi.IsDir():
		return notJournal("journal %s is a folder; give --journal a file name, such as %s", path, filepath.Join(path, "enrich.journal"))
	case !fi.Mode().IsRegular():
		return notJournal("journal %s is not a regular file; give --journal a file name", path)
	case fi.Size() == 0 && readOnly:
		return &pathError{ErrEmptyJournal, fmt.Sprintf("journal %s is empty (0 bytes): no run has written it", path)}
	case fi.Size() == 0:
		return &pathError{ErrEmptyJournal, fmt.Sprintf("journal %s is empty (0 bytes): a run that created it was stopped before it wrote anything, or it was emptied; it is not taken as a new journal, which would look every row up again and pay for it. Remove it to start over, or give --journal the journal you meant", path)}
	}
	return sniff(path)
}

// sniff refuses a file that is plainly no bbolt file, and says what it
// looks like: text (a CSV, a page), a zip (a workbook). A file with
// bbolt's magic number in either header page, or binary content without
// it (a journal whose header is damaged), is left to bbolt.
func sniff(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return nil // bbolt says why
	}
	defer f.Close()
	head := make([]byte, 2*maxPageSize)
	n, _ := io.ReadFull(f, head)
	head = head[:n]
	for _, off := range []int{0, 4096, pageSize, metaPageSize(head)} {
		if off >= 0 && off+20 <= len(head) && binary.LittleEndian.Uint32(head[off+16:]) == boltMagic {
			return nil
		}
	}
	first := head[:min(len(head), 4096)]
	lower := bytes.ToLower(bytes.TrimLeft(first, " \t\r\n\ufeff"))
	switch {
	case bytes.HasPrefix(first, []byte("PK\x03\x04")):
		return notJournal("%s is not an enrich journal: it is a zip file, such as an Excel workbook; give --journal another file (the sheet is the input)", path)
	case bytes.HasPrefix(lower, []byte("<!doctype html")) || bytes.HasPrefix(lower, []byte("<html")):
		return notJournal("%s is not an enrich journal: it is an HTML page, such as a report; give --journal another file", path)
	case utf8.Valid(first) && bytes.IndexByte(first, 0) < 0:
		return notJournal("%s is not an enrich journal: it is a text file, such as a CSV sheet; give --journal another file (the sheet is the input)", path)
	}
	return nil
}

// init creates the buckets of a new journal, and checks the schema of an
// existing one and, for writing, repairs its sequences (sequence.go).
func (j *Journal) init(readOnly bool) error {
	check := func(tx *bolt.Tx) error {
		meta := tx.Bucket(bucketMeta)
		if meta == nil {
			return notJournal("%s is not an enrich journal (it is another program's database, or empty); give --journal another file", j.path)
		}
		v, err := strconv.Atoi(string(meta.Get(keyVersion)))
		if err != nil || v != SchemaVersion {
			return fmt.Errorf("journal %s has schema version %q; this enrich reads version %d", j.path, meta.Get(keyVersion), SchemaVersion)
		}
		return nil
	}
	if readOnly {
		return j.view(check)
	}
	return j.update(func(tx *bolt.Tx) error {
		if tx.Bucket(bucketMeta) != nil {
			if err := check(tx); err != nil {
				return err
			}
			// A journal salvaged by earlier versions has sequences behind
			// its records; they are repaired before anything is written.
			return healSequences(tx)
		}
		// Only an empty file becomes a journal: buckets of another program
		// mean its file was named by mistake.
		if k, _ := tx.Cursor().First(); k != nil {
			return notJournal("%s is not an enrich journal (it is another program's database); give --journal another file", j.path)
		}
		meta, err := tx.CreateBucket(bucketMeta)
		if err != nil {
			return err
		}
		lookups, err := tx.CreateBucket(bucketLookups)
		if err != nil {
			return err
		}
		for _, m := range []Mode{WithContacts, WithoutContacts} {
			if _, err := lookups.CreateBucket(m.bucket()); err != nil {
				return err
			}
		}
		for _, name := range [][]byte{bucketResults, bucketBatches, bucketRequests, bucketOpen} {
			if _, err := tx.CreateBucket(name); err != nil {
				return err
			}
		}
		token := make([]byte, 16)
		if _, err := rand.Read(token); err != nil {
			return err
		}
		if err := meta.Put(keyToken, []byte(hex.EncodeToString(token))); err != nil {
			return err
		}
		if err := meta.Put(keyCreated, []byte(j.clock.Now().UTC().Format(time.RFC3339))); err != nil {
			return err
		}
		if err := meta.Put(keyFlat, fmt.Append(nil, profile.FlatVersion)); err != nil {
			return err
		}
		return meta.Put(keyVersion, []byte(strconv.Itoa(SchemaVersion)))
	})
}

// Path returns the journal's file name.
func (j *Journal) Path() string { return j.path }

// Close closes the journal and releases its lock.
func (j *Journal) Close() error {
	if j.own {
		os.Remove(OwnerPath(j.path))
	}
	j.enc.Close()
	j.dec.Close()
	if j.Broken() != nil {
		// bbolt's locks may be held by the transaction that broke it: its
		// file closes when the process ends.
		return nil
	}
	return j.db.Close()
}

// Token returns the secret that callback URLs carry. It is created with the
// journal and never changes, so callbacks of earlier runs still find us.
func (j *Journal) Token() (string, error) {
	var token string
	err := j.view(func(tx *bolt.Tx) error {
		token = string(tx.Bucket(bucketMeta).Get(keyToken))
		return nil
	})
	if err == nil && token == "" {
		err = fmt.Errorf("journal %s has no callback token", j.path)
	}
	return token, err
}

// OwnerPath is the file that names the process holding a journal.
func OwnerPath(journal string) string { return journal + ".owner" }

// BesideMode is the mode of the files kept beside a journal (its status
// file, the copies of standard input and output): the journal's own
// (0600: they tell what it holds), so that a umask of 022 does not leave
// them readable by everyone beside a journal only its owner reads.
func BesideMode(journal string) os.FileMode {
	if fi, err := os.Stat(journal); err == nil && fi.Mode().IsRegular() {
		return fi.Mode().Perm()
	}
	return 0o600
}

// StatusPath is the file a running job writes its progress to, beside
// its journal.
func StatusPath(journal string) string { return journal + ".status.json" }

func writeHolder(journal, command string, now time.Time) error {
	host, _ := os.Hostname()
	b, err := json.Marshal(Holder{PID: os.Getpid(), Host: host, Command: command, Since: now.UTC().Truncate(time.Second)})
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(journal), ".owner-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), OwnerPath(journal))
}

func readHolder(journal string) *Holder {
	b, err := os.ReadFile(OwnerPath(journal))
	if err != nil {
		return nil
	}
	var h Holder
	if json.Unmarshal(b, &h) != nil || h.PID == 0 {
		return nil
	}
	return &h
}
