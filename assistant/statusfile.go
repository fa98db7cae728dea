package assistant

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"

	"github.com/enrich-dev/enrich/pipeline"
	"github.com/enrich-dev/enrich/state"
)

// maxStatusBytes bounds the status file read: a run writes well under a
// kilobyte there.
const maxStatusBytes = 1 << 20

// readRunStatus reads the status file beside the confined journal, or
// returns nil when there is none. It reads it only if it is a regular file
// of at most maxStatusBytes, not through a symbolic link (a run never puts
// one there), and without blocking on a FIFO.
func (s *Server) readRunStatus(journal string) (*pipeline.Snapshot, error) {
	path := state.StatusPath(journal)
	r, rel, err := s.rootOf(path)
	if err != nil {
		return nil, err
	}
	// A run renames a new status file into place about every second: a
	// file replaced between the check and the open is read again.
	for attempt := 1; ; attempt++ {
		snap, replaced, err := readStatusOnce(r, rel, path)
		if !replaced || attempt == 3 {
			return snap, err
		}
	}
}

// readStatusOnce reads the status file path, rel in r; replaced is true
// when the file opened is not the one checked.
func readStatusOnce(r *os.Root, rel, path string) (snap *pipeline.Snapshot, replaced bool, err error) {
	checked, err := r.Lstat(rel)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("status file %s: %w", path, pathErr(err))
	}
	if err := checkStatusFile(path, checked); err != nil {
		return nil, false, err
	}
	f, err := r.OpenFile(rel, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, true, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("status file %s: %w", path, pathErr(err))
	}
	defer f.Close()
	opened, err := f.Stat()
	if err != nil {
		return nil, false, fmt.Errorf("status file %s: %w", path, err)
	}
	if !os.SameFile(checked, opened) {
		return nil, true, fmt.Errorf("status file %s changed while it was opened", path)
	}
	b, err := io.ReadAll(io.LimitReader(f, maxStatusBytes+1))
	if err != nil {
		return nil, false, fmt.Errorf("status file %s: %w", path, err)
	}
	if len(b) > maxStatusBytes {
		return nil, false, fmt.Errorf("status file %s is larger than %d bytes: it is not one a run wrote", path, maxStatusBytes)
	}
	snap = new(pipeline.Snapshot)
	if err := json.Unmarshal(b, snap); err != nil {
		return nil, false, fmt.Errorf("status file %s: %w", path, err)
	}
	return snap, false, nil
}

// checkStatusFile refuses a status file that is not a regular file.
func checkStatusFile(path string, info fs.FileInfo) error {
	switch {
	case info.Mode()&fs.ModeSymlink != 0:
		return fmt.Errorf("status file %s is a symbolic link; a run writes a regular file there: remove the link", path)
	case !info.Mode().IsRegular():
		return fmt.Errorf("status file %s is not a regular file (%s)", path, info.Mode().Type())
	}
	return nil
}
