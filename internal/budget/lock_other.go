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
