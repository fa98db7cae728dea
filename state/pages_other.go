//go:build !linux

package state

// dropPages does nothing where the release of mapped pages is not
// implemented; the system reclaims them under memory pressure.
func dropPages(uintptr, int64) {}

// residentMapped is not known here.
func residentMapped() int64 { return -1 }
