//go:build unix

package filecheck

import (
	"io/fs"
	"os"
	"syscall"
)

// OtherOwner returns the owner of fi, and whether it is another user than
// this process's and root: root may change anything anyway (a secret a
// container runtime mounts is root's).
func OtherOwner(fi fs.FileInfo) (uid int, other bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	uid = int(st.Uid)
	return uid, uid != os.Geteuid() && uid != 0
}
