package sources

import (
	"os"
	"time"
)

// Version tells whether an input is still the one a run read: a file's
// size and modification time. A database's table has none: its rows may
// change at any time, and a run reads them again by key.
type Version struct {
	Size    int64
	ModTime time.Time
}

// VersionOf returns the version of the input name; false for a database's
// table, or a file that cannot be read.
func VersionOf(name string) (Version, bool) {
	if IsTable(name) {
		return Version{}, false
	}
	fi, err := os.Stat(name)
	if err != nil {
		return Version{}, false
	}
	return Version{Size: fi.Size(), ModTime: fi.ModTime()}, true
}

// Same reports whether v is the version o.
func (v Version) Same(o Version) bool { return v.Size == o.Size && v.ModTime.Equal(o.ModTime) }
