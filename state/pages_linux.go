package state

import "golang.org/x/sys/unix"

// dropPages advises the kernel that this process no longer needs the
// mapped pages of [addr, addr+size): clean pages of a shared file
// mapping, they leave the process's resident set and stay in the file
// cache, and reading them again maps them back.
func dropPages(addr uintptr, size int64) {
	if size > 0 {
		_, _, _ = unix.Syscall(unix.SYS_MADVISE, addr, uintptr(size), unix.MADV_DONTNEED)
	}
}
