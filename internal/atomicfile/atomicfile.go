// Package atomicfile writes files that appear at their path complete or
// not at all: outputs, reports and the status file beside a journal.
//
// A file is written as a temporary file in the same folder (so that the
// final rename stays on one file system, where it is atomic), then
// synced, renamed over the target and the folder synced, so that the
// rename itself survives a power cut. It ends with the mode os.Create
// would have given it (see Mode), never wider: outputs hold every
// contact of a sheet.
package atomicfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/enrich-dev/enrich/internal/tempfiles"
)

// File is a file being written atomically.
type File struct {
	path    string
	tmp     *os.File
	done    bool
	written int64       // bytes written
	flushed int64       // bytes whose writeback has been started
	mode    fs.FileMode // set by SetMode; 0: Mode(path)
	behind  *behind     // set by WriteBehind
	// synced is the bytes written when the last sync behind the writes
	// began; syncing is closed when it ends, syncErr then its error.
	synced  int64
	syncing chan struct{}
	syncErr error
}

// SetMode gives the file mode at Commit instead of Mode(path): a file
// kept beside another takes that one's mode.
func (f *File) SetMode(mode fs.FileMode) { f.mode = mode }

// writebackEvery is how many bytes are written before their writeback to
// disk is started. A large output's sync at Commit then waits only for the
// last of it, rather than for all of it after the work is done.
const writebackEvery = 8 << 20

// syncEvery is how many bytes are written before the file is synced
// behind the writes, one sync at a time: the sync at Commit of a file
// whose writeback was only started still takes a good part of the time
// of writing it all (85 ms for 180 MB on the development VM); synced
// every 32 MiB as it is written, 20 ms. (A variable: its test lowers it.)
var syncEvery int64 = 32 << 20

// Create starts writing the file at path. Nothing is visible at path
// until Commit. The temporary file is readable by its owner only until
// Commit gives it its mode.
func Create(path string) (*File, error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return nil, fmt.Errorf("create temporary file for %s: %w", path, err)
	}
	tempfiles.Track(tmp.Name())
	return &File{path: path, tmp: tmp}, nil
}

// Write writes to the temporary file.
func (f *File) Write(p []byte) (int, error) {
	if f.done {
		return 0, fmt.Errorf("write %s: %w", f.path, fs.ErrClosed)
	}
	if f.behind != nil {
		return f.writeBehind(p)
	}
	return f.write(p)
}

// write writes p to the temporary file, and starts the writeback of
// every writebackEvery bytes.
func (f *File) write(p []byte) (int, error) {
	n, err := f.tmp.Write(p)
	f.written += int64(n)
	if f.written-f.flushed >= writebackEvery {
		startWriteback(f.tmp, f.flushed, f.written-f.flushed)
		f.flushed = f.written
		f.syncBehind()
	}
	return n, err
}

// syncBehind syncs the file in the background every syncEvery bytes, when
// the last such sync has ended.
func (f *File) syncBehind() {
	if f.written-f.synced < syncEvery {
		return
	}
	if f.syncing != nil {
		select {
		case <-f.syncing:
			if f.syncErr != nil {
				return // Commit returns it
			}
		default:
			return
		}
	}
	f.synced = f.written
	done := make(chan struct{})
	f.syncing = done
	go func() {
		defer close(done)
		f.syncErr = syncBehindFile(f.tmp)
	}()
}

// syncBehindFile is (*os.File).Sync, replaced by the test of a sync behind
// the writes that fails.
var syncBehindFile = (*os.File).Sync

// awaitSync waits for the sync behind the writes, and returns its error.
func (f *File) awaitSync() error {
	if f.syncing == nil {
		return nil
	}
	<-f.syncing
	return f.syncErr
}

// Path returns the final path.
func (f *File) Path() string { return f.path }

// Commit makes the file appear at its path: mode (see Mode), fsync,
// rename, fsync of the folder. After an error the temporary file is
// removed and the old file, if any, is untouched.
func (f *File) Commit() error {
	if f.done {
		return fmt.Errorf("commit %s: %w", f.path, fs.ErrClosed)
	}
	f.done = true
	name := f.tmp.Name()
	fail := func(what string, err error) error {
		_ = f.tmp.Close()
		_ = os.Remove(name)
		tempfiles.Forget(name)
		return fmt.Errorf("%s %s: %w", what, f.path, err)
	}
	if err := f.drain(); err != nil {
		return fail("write", err)
	}
	if err := f.awaitSync(); err != nil {
		// Reported once: the sync below might not say it again.
		return fail("sync", err)
	}
	mode := f.mode
	if mode == 0 {
		mode = Mode(f.path)
	}
	if err := f.tmp.Chmod(mode); err != nil {
		return fail("set mode of", err)
	}
	if err := f.tmp.Sync(); err != nil {
		return fail("sync", err)
	}
	if err := f.tmp.Close(); err != nil {
		return fail("close", err)
	}
	defer tempfiles.Forget(name)
	if err := os.Rename(name, f.path); err != nil {
		_ = os.Remove(name)
		return fmt.Errorf("rename into %s: %w", f.path, err)
	}
	return syncFolder(filepath.Dir(f.path))
}

// Rewrite replaces what was written so far with what transform writes of
// it, into a new temporary file, and goes on writing after that: an
// output that learns late that it must be written otherwise (in another
// encoding) is rewritten once rather than written again from the start.
func (f *File) Rewrite(transform func(w io.Writer, written io.Reader) error) error {
	if f.done {
		return fmt.Errorf("rewrite %s: %w", f.path, fs.ErrClosed)
	}
	behind := f.behind != nil
	if err := f.drain(); err != nil {
		return fmt.Errorf("write %s: %w", f.path, err)
	}
	if err := f.awaitSync(); err != nil {
		return fmt.Errorf("sync %s: %w", f.path, err)
	}
	next, err := Create(f.path)
	if err != nil {
		return err
	}
	if _, err := f.tmp.Seek(0, io.SeekStart); err != nil {
		next.Abort()
		return fmt.Errorf("rewrite %s: %w", f.path, err)
	}
	w := bufio.NewWriterSize(next, 256<<10)
	if err := transform(w, bufio.NewReaderSize(f.tmp, 256<<10)); err != nil {
		next.Abort()
		return fmt.Errorf("rewrite %s: %w", f.path, err)
	}
	if err := w.Flush(); err != nil {
		next.Abort()
		return fmt.Errorf("rewrite %s: %w", f.path, err)
	}
	old := f.tmp
	f.tmp, f.written, f.flushed, f.synced, f.syncing, f.syncErr = next.tmp, next.written, next.flushed, next.synced, next.syncing, next.syncErr
	_ = old.Close()
	_ = os.Remove(old.Name())
	tempfiles.Forget(old.Name())
	if behind {
		f.WriteBehind()
	}
	return nil
}

// syncFolder is SyncDir, replaced by the test that checks the folder is
// synced after the rename.
var syncFolder = SyncDir

// Abort removes the temporary file. It is safe to call at any time,
// including after Commit (then it does nothing), so that a deferred Abort
// cleans up every failed path.
func (f *File) Abort() {
	if f.done {
		return
	}
	f.done = true
	_ = f.drain()
	_ = f.awaitSync()
	_ = f.tmp.Close()
	_ = os.Remove(f.tmp.Name())
	tempfiles.Forget(f.tmp.Name())
}

// SyncDir fsyncs a folder so that a rename or a new file in it is
// durable. Some file systems cannot sync a folder; that is not an error
// worth failing a file that is already complete.
func SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("sync directory %s: %w", dir, err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, fs.ErrInvalid) && !errors.Is(err, errors.ErrUnsupported) {
		return fmt.Errorf("sync directory %s: %w", dir, err)
	}
	return nil
}

// WriteWith writes the file at path atomically with write, buffered: path
// holds the old file or the whole new one, whatever write does.
func WriteWith(path string, write func(io.Writer) error) error {
	return WriteWithMode(path, 0, write)
}

// WriteWithMode is WriteWith giving the file mode (0: Mode(path)).
func WriteWithMode(path string, mode fs.FileMode, write func(io.Writer) error) error {
	f, err := Create(path)
	if err != nil {
		return err
	}
	f.SetMode(mode)
	defer f.Abort()
	bw := bufio.NewWriter(f)
	if err := write(bw); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	return f.Commit()
}
