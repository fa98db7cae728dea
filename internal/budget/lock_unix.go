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
