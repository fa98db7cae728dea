package atomicfile

import (
	"io/fs"
	"os"
	"sync"
)

// Mode is the mode a file written at path gets: what os.Create gives a
// new file, 0666 less the process's umask, so that `umask 077` keeps
// outputs private as it does any other file the user makes. A file that
// is replaced keeps no more than it had: an output the user narrowed
// (chmod 600) stays narrow when it is written again, and none is widened
// beyond what the umask allows.
func Mode(path string) fs.FileMode {
	var old fs.FileMode
	replaced := false
	if fi, err := os.Stat(path); err == nil && fi.Mode().IsRegular() {
		old, replaced = fi.Mode().Perm(), true
	}
	return modeFor(umask(), old, replaced)
}

// modeFor is Mode's rule, for a umask and the mode of the file replaced.
func modeFor(umask, old fs.FileMode, replaced bool) fs.FileMode {
	mode := 0o666 &^ umask.Perm()
	if replaced {
		mode &= old
	}
	return mode
}

// umask is the process's umask, read once: enrich never changes it, and
// reading it where /proc is not at hand means setting it for an instant.
var umask = sync.OnceValue(readUmask)
