//go:build unix

package budget

import (
	"os"
	"syscall"
)

// withLock runs fn holding an exclusive lock on f. flock locks belong to
// the open file, so two Ledgers of one process exclude each other too.
func withLock(f *os.File, fn func() error) error {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return err
		}
		break
	}
	defer syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	return fn()
}

// tryLock takes an exclusive lock on the file at path without waiting,
// and returns the function that lets go of it, or nil when another open
// file (of this process or another) holds it.
func tryLock(path string) (func(), error) {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return nil, err
	}
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		f.Close()
		if err == syscall.EWOULDBLOCK {
			return nil, nil
		}
		return nil, err
	}
	return func() { f.Close() }, nil // closing the file drops its lock
}
