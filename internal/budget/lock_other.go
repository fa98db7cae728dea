//go:build !unix

package budget

import (
	"os"
	"sync"
)

var fileLocks sync.Mutex

// withLock runs fn holding a lock shared by the Ledgers of this process;
// without flock, processes do not exclude each other.
func withLock(_ *os.File, fn func() error) error {
	fileLocks.Lock()
	defer fileLocks.Unlock()
	return fn()
}

// openLock opens the lock file at path, making it when missing, and
// refuses what is not a regular file.
func openLock(path string) (*os.File, error) {
	if fi, err := os.Lstat(path); err == nil {
		if err := checkFile(path, fi); err != nil {
			return nil, err
		}
	}
	return os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
}

// openRead opens the file at path to read it, and refuses what is not a
// regular file.
func openRead(path string) (*os.File, error) {
	fi, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if err := checkFile(path, fi); err != nil {
		return nil, err
	}
	return os.Open(path)
}

var held = map[string]bool{}

// tryLock takes the lock of f within this process; without flock,
// processes do not exclude each other.
func tryLock(f *os.File) (func(), error) {
	fileLocks.Lock()
	defer fileLocks.Unlock()
	if held[f.Name()] {
		return nil, nil
	}
	held[f.Name()] = true
	return sync.OnceFunc(func() {
		fileLocks.Lock()
		delete(held, f.Name())
		fileLocks.Unlock()
	}), nil
}
