package state

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/enrich-dev/enrich/internal/atomicfile"
)

// Compact rewrites the journal into a new file that holds its records
// and nothing else, and renames it over the journal: the bytes of what
// was erased, which bbolt's free pages keep until they are written
// again, go with the old file. The journal stays open.
func (j *Journal) Compact() error {
	dir, base := filepath.Split(j.path)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, "."+base+".compact-*")
	if err != nil {
		return fmt.Errorf("compact %s: %w", j.path, err)
	}
	name := tmp.Name()
	tmp.Close()
	os.Remove(name) // bbolt makes the file
	defer os.Remove(name)
	dst, err := bolt.Open(name, 0o600, &bolt.Options{PageSize: pageSize, FreelistType: bolt.FreelistMapType})
	if err != nil {
		return fmt.Errorf("compact %s: %w", j.path, err)
	}
	if err := bolt.Compact(dst, j.db, 64<<20); err != nil {
		dst.Close()
		return fmt.Errorf("compact %s: %w", j.path, err)
	}
	if err := dst.Close(); err != nil {
		return fmt.Errorf("compact %s: %w", j.path, err)
	}
	if err := os.Rename(name, j.path); err != nil {
		return fmt.Errorf("compact %s: %w", j.path, err)
	}
	if err := atomicfile.SyncDir(dir); err != nil {
		return fmt.Errorf("compact %s: %w", j.path, err)
	}
	if err := j.db.Close(); err != nil {
		return fmt.Errorf("compact %s: %w", j.path, err)
	}
	db, err := openBolt(j.path, Options{LockTimeout: time.Second}, false)
	if err != nil {
		return err
	}
	j.db = db
	if fi, err := os.Stat(j.path); err == nil {
		j.opened = fi
	}
	return nil
}
