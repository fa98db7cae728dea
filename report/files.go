package report

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/enrich-dev/enrich/internal/atomicfile"
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

// writeAtomic writes a file atomically (see package atomicfile): path
// holds the old file or the whole new one whatever happens, and a new
// file gets the mode os.Create would give it.
func writeAtomic(path string, write func(io.Writer) error) error {
	if err := atomicfile.WriteWith(path, write); err != nil {
		return fmt.Errorf("write report: %w", err)
	}
	return nil
}
