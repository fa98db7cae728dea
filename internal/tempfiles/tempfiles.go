// Package tempfiles keeps the names of the temporary files this process
// is writing (outputs and reports written atomically), so that a process
// that must quit at once (a second Ctrl-C) removes them rather than leave
// them beside the user's files.
package tempfiles

import (
	"os"
	"sync"
)

var live sync.Map // name → struct{}

// Track records a temporary file being written.
func Track(name string) { live.Store(name, struct{}{}) }

// Forget drops a temporary file that was renamed into place or removed.
func Forget(name string) { live.Delete(name) }

// RemoveAll removes every temporary file still being written.
func RemoveAll() {
	live.Range(func(k, _ any) bool {
		os.Remove(k.(string))
		live.Delete(k)
		return true
	})
}
