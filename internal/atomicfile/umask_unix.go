//go:build unix

package atomicfile

import (
	"bufio"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// readUmask reads the umask from /proc/self/status (Linux 4.7 and
// later), which leaves it alone. Elsewhere the only way is to set it and
// set it back: it is set to 077 for that instant, so that a file another
// goroutine creates meanwhile is narrower, never wider, than it should be.
func readUmask() fs.FileMode {
	if m, ok := procUmask(); ok {
		return m
	}
	old := syscall.Umask(0o077)
	syscall.Umask(old)
	return fs.FileMode(old).Perm()
}

// procUmask reads the Umask line of /proc/self/status.
func procUmask() (fs.FileMode, bool) {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "Umask:"); ok {
			m, err := strconv.ParseUint(strings.TrimSpace(v), 8, 32)
			if err != nil {
				return 0, false
			}
			return fs.FileMode(m).Perm(), true
		}
	}
	return 0, false
}
