package state

import (
	"bytes"
	"os"
	"strconv"

	"golang.org/x/sys/unix"
)

// dropPages advises the kernel that this process no longer needs the
// mapped pages of [addr, addr+size): clean pages of a shared file
// mapping, they leave the process's resident set and stay in the file
// cache, and reading them again maps them back.
func dropPages(addr uintptr, size int64) {
	if size > 0 {
		_, _, _ = unix.Syscall(unix.SYS_MADVISE, addr, uintptr(size), unix.MADV_DONTNEED)
	}
}

// residentMapped returns the process's resident memory that maps files
// (the third field of /proc/self/statm), in bytes, or -1 when it cannot
// be read.
func residentMapped() int64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return -1
	}
	f := bytes.Fields(b)
	if len(f) < 3 {
		return -1
	}
	pages, err := strconv.ParseInt(string(f[2]), 10, 64)
	if err != nil {
		return -1
	}
	return pages * int64(os.Getpagesize())
}
