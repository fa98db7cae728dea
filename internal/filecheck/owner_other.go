//go:build !unix

package filecheck

import "io/fs"

// OtherOwner: without Unix owners, no file is another user's here.
func OtherOwner(fs.FileInfo) (uid int, other bool) { return 0, false }
