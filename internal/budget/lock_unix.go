//go:build unix

package budget

import (
	"errors"
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

// openLock opens the lock file at path, making it when missing, without
// following a link: a link planted in the state folder would have this
// process create, lock and write a file of the planter's choosing. A path
// that is not a regular file of this user's is refused (ErrUntrusted).
func openLock(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0o600)
	if errors.Is(err, syscall.ELOOP) {
		return nil, symlinkRefused(path)
	}
	if err != nil {
		return nil, err
	}
	return checkOpened(f, path)
}

// openRead opens the file at path to read it, without following a link
// and without waiting (a named pipe would wait for a writer for ever),
// and refuses what is not a regular file of this user's.
func openRead(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
	if errors.Is(err, syscall.ELOOP) {
		return nil, symlinkRefused(path)
	}
	if err != nil {
		return nil, err
	}
	return checkOpened(f, path)
}

func checkOpened(f *os.File, path string) (*os.File, error) {
	fi, err := f.Stat()
	if err == nil {
		err = checkFile(path, fi)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// tryLock takes an exclusive lock on f without waiting, and returns the
// function that lets go of it, or nil when another open file (of this
// process or another) holds it. Closing f lets go of it too.
func tryLock(f *os.File) (func(), error) {
	var err error
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err != syscall.EINTR {
			break
		}
	}
	if err == syscall.EWOULDBLOCK {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return func() { syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }, nil
}
