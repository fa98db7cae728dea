package report

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/enrich-dev/enrich/internal/tempfiles"
)

// WriteFiles writes the run's report beside its output: OUTPUT.report.json,
// then OUTPUT.report.html, each atomically (see WriteFiles).
func (r *Run) WriteFiles() error { return r.WriteFilesBeside(r.Output) }

// WriteFilesBeside writes the run's report as WriteFiles does, beside the
// file output names: the same file as r.Output, opened by another name.
func (r *Run) WriteFilesBeside(output string) error { return writeFiles(output, r, r.WriteHTML) }

// WriteFiles writes the export's report beside its output, as
// Run.WriteFiles does.
func (e *Employees) WriteFiles() error { return writeFiles(e.Output, e, e.WriteHTML) }

// writeFiles writes OUTPUT.report.json and OUTPUT.report.html. Each
// appears complete or not at all, and an earlier report stays as it was
// until its replacement is whole. The JSON goes first: programs read it,
// and a page that failed to render must not cost them the figures.
func writeFiles(output string, v any, page func(io.Writer) error) error {
	if output == "" {
		return errors.New("write report: the job has no output path to write it beside")
	}
	err := writeAtomic(output+".report.json", func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(v)
	})
	if err != nil {
		return err
	}
	return writeAtomic(output+".report.html", page)
}

// writeAtomic writes a file through a temporary file in the same
// directory: written, synced, renamed over path, and the directory
// synced, so that path holds the old file or the whole new one whatever
// happens. The report package keeps its own, small, rather than depend on
// the sinks that write user sheets.
func writeAtomic(path string, write func(io.Writer) error) (err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return fmt.Errorf("write report %s: %w", path, err)
	}
	tempfiles.Track(tmp.Name())
	defer tempfiles.Forget(tmp.Name())
	defer func() {
		if err != nil {
			_ = tmp.Close()
			_ = os.Remove(tmp.Name())
			err = fmt.Errorf("write report %s: %w", path, err)
		}
	}()
	bw := bufio.NewWriter(tmp)
	if err := write(bw); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	mode := fs.FileMode(0o644)
	if fi, err := os.Stat(path); err == nil {
		mode = fi.Mode().Perm()
	}
	if err := tmp.Chmod(mode); err != nil {
		return err
	}
	if err := tmp.Sync(); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}
