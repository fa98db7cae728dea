//go:build !linux

package atomicfile

import "os"

// startWriteback does nothing here: Commit's sync writes everything.
func startWriteback(*os.File, int64, int64) {}
