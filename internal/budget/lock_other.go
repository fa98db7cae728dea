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

var held = map[string]bool{}

// tryLock takes the slot at path within this process; without flock,
// processes do not exclude each other.
func tryLock(path string) (func(), error) {
	fileLocks.Lock()
	defer fileLocks.Unlock()
	if held[path] {
		return nil, nil
	}
	held[path] = true
	return func() {
		fileLocks.Lock()
		delete(held, path)
		fileLocks.Unlock()
	}, nil
}
