package pipeline

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"

	"github.com/enrich-dev/enrich/state"
)

// maxStatusBytes bounds what is read of a status file: it is a few
// hundred bytes.
const maxStatusBytes = 1 << 20

// ReadStatus reads the status file a run keeps beside its journal. It
// reports false when there is none. The file is opened without following
// a symbolic link and read up to a bound: it names a file a run wrote, not
// whatever a link points at.
func ReadStatus(journal string) (Snapshot, bool, error) {
	var s Snapshot
	path := state.StatusPath(journal)
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return s, false, nil
	case errors.Is(err, syscall.ELOOP):
		return s, false, fmt.Errorf("status file %s is a symbolic link; remove it", path)
	case err != nil:
		return s, false, fmt.Errorf("status file %s: %w", path, err)
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return s, false, fmt.Errorf("status file %s is not a regular file; remove it", path)
	}
	b, err := io.ReadAll(io.LimitReader(f, maxStatusBytes+1))
	if err != nil {
		return s, false, fmt.Errorf("status file %s: %w", path, err)
	}
	if len(b) > maxStatusBytes {
		return s, false, fmt.Errorf("status file %s is larger than a status file can be; remove it", path)
	}
	if err := json.Unmarshal(b, &s); err != nil {
		return s, false, fmt.Errorf("status file %s is damaged (%v); remove it, the next run writes it again", path, err)
	}
	return s, true, nil
}
