package atomicfile

import (
	"os"

	"golang.org/x/sys/unix"
)

// startWriteback asks the system to start writing n bytes of f from off
// to disk, without waiting for it.
func startWriteback(f *os.File, off, n int64) {
	_ = unix.SyncFileRange(int(f.Fd()), off, n, unix.SYNC_FILE_RANGE_WRITE)
}
