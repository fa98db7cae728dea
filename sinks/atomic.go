package sinks

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/enrich-dev/enrich/internal/tempfiles"
)

// AtomicFile is a file that appears at its path complete or not at all.
// It is written as a temporary file in the same directory (so that the
// final rename stays on one file system, where it is atomic), then synced,
// renamed over the target and the directory synced, so that the rename
// itself survives a power cut.
type AtomicFile struct {
	path    string
	tmp     *os.File
	done    bool
	written int64 // bytes written
	flushed int64 // bytes whose writeback has been started
}

// writebackEvery is how many bytes are written before their writeback to
// disk is started. A large output's sync at Commit then waits only for the
// last of it, rather than for all of it after the work is done.
const writebackEvery = 8 << 20

// CreateAtomic starts writing the file at path. Nothing is visible at path
// until Commit.
func CreateAtomic(path string) (*AtomicFile, error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return nil, fmt.Errorf("create temporary file for %s: %w", path, err)
	}
	tempfiles.Track(tmp.Name())
	return &AtomicFile{path: path, tmp: tmp}, nil
}

// Write writes to the temporary file.
func (a *AtomicFile) Write(p []byte) (int, error) {
	if a.done {
		return 0, fmt.Errorf("write %s: %w", a.path, fs.ErrClosed)
	}
	n, err := a.tmp.Write(p)
	a.written += int64(n)
	if a.written-a.flushed >= writebackEvery {
		startWriteback(a.tmp, a.flushed, a.written-a.flushed)
		a.flushed = a.written
	}
	return n, err
}

// Path returns the final path.
func (a *AtomicFile) Path() string { return a.path }

// Commit makes the file appear at its path: fsync, rename, fsync of the
// directory. The file gets the mode of the file it replaces, or 0644.
// After an error the temporary file is removed and the old file, if any,
// is untouched.
func (a *AtomicFile) Commit() error {
	if a.done {
		return fmt.Errorf("commit %s: %w", a.path, fs.ErrClosed)
	}
	a.done = true
	name := a.tmp.Name()
	fail := func(what string, err error) error {
		_ = a.tmp.Close()
		_ = os.Remove(name)
		tempfiles.Forget(name)
		return fmt.Errorf("%s %s: %w", what, a.path, err)
	}
	mode := fs.FileMode(0o644)
	if fi, err := os.Stat(a.path); err == nil {
		mode = fi.Mode().Perm()
	}
	if err := a.tmp.Chmod(mode); err != nil {
		return fail("set mode of", err)
	}
	if err := a.tmp.Sync(); err != nil {
		return fail("sync", err)
	}
	if err := a.tmp.Close(); err != nil {
		return fail("close", err)
	}
	defer tempfiles.Forget(name)
	if err := os.Rename(name, a.path); err != nil {
		_ = os.Remove(name)
		return fmt.Errorf("rename into %s: %w", a.path, err)
	}
	return syncDir(filepath.Dir(a.path))
}

// Abort removes the temporary file. It is safe to call at any time,
// including after Commit (then it does nothing), so that a deferred Abort
// cleans up every failed path.
func (a *AtomicFile) Abort() {
	if a.done {
		return
	}
	a.done = true
	_ = a.tmp.Close()
	_ = os.Remove(a.tmp.Name())
	tempfiles.Forget(a.tmp.Name())
}

// syncDir fsyncs a directory so that a rename in it is durable. Some file
// systems cannot sync a directory; that is not an error worth failing an
// export that is already complete.
func syncDir(dir string) error {
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
