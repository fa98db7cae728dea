//go:build !unix

package atomicfile

import "io/fs"

// readUmask is the umask of systems that have none: modes there say
// little more than whether a file is read-only.
func readUmask() fs.FileMode { return 0 }
