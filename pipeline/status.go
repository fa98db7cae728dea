package pipeline

import (
	"encoding/json"
	"errors"
	"os"
)

// ReadStatus reads the status file a run keeps beside its journal. It
// reports false when there is none.
func ReadStatus(journal string) (Snapshot, bool, error) {
	var s Snapshot
	b, err := os.ReadFile(statusPath(journal))
	if errors.Is(err, os.ErrNotExist) {
		return s, false, nil
	}
	if err != nil {
		return s, false, err
	}
	if err := json.Unmarshal(b, &s); err != nil {
		return s, false, err
	}
	return s, true, nil
}
