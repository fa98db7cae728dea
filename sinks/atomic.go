package sinks

import "github.com/enrich-dev/enrich/internal/atomicfile"

// AtomicFile is a file that appears at its path complete or not at all,
// with the mode os.Create would give it (see atomicfile.Mode). The report
// and the status file beside a journal are written the same way.
type AtomicFile = atomicfile.File

// CreateAtomic starts writing the file at path. Nothing is visible at path
// until Commit; a deferred Abort is safe after Commit.
func CreateAtomic(path string) (*AtomicFile, error) { return atomicfile.Create(path) }
