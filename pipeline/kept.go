package pipeline

import (
	"errors"
	"fmt"
	"os"

	"github.com/enrich-dev/enrich/export"
	"github.com/enrich-dev/enrich/internal/fault"
)

// takeKept takes into the journal the results an earlier run kept beside
// the output, and removes their file once they are stored. A journal that
// still cannot store them stops the run before anything is sent; the
// file stays.
func (e *engine) takeKept() error {
	path := export.KeptPath(e.cfg.sideFiles())
	byMode, err := export.ReadKept(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("%w: results kept by an earlier run: %v", fault.ErrStorage, err)
	}
	taken := 0
	for mode, results := range byMode {
		d, err := e.j.Import(mode, results, e.clock.Now())
		if err != nil {
			return fmt.Errorf("%w: the results an earlier run kept in %s could not be taken into the journal, which it could not store them in either; the file is kept: %v", fault.ErrStorage, path, err)
		}
		taken += len(d.Changes)
	}
	if err := os.Remove(path); err != nil {
		return fmt.Errorf("%w: %v", fault.ErrStorage, err)
	}
	e.cfg.Log.Info("results an earlier run kept beside the output, when the journal could not store them, are taken into the journal", "file", path, "results", taken)
	return nil
}
