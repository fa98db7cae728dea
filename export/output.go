package export

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/enrich-dev/enrich/sinks"
	"github.com/enrich-dev/enrich/sources"
	"github.com/enrich-dev/enrich/state"
)

// CheckOutput refuses an output that cannot be written, before anything is
// read or sent: an unknown extension, a folder that does not exist or
// cannot be written, a folder given as the output, or a file the run reads
// or keeps (the input, the journal and the files beside it). The report
// files written beside the output are checked the same way.
func CheckOutput(output, input, journal string) error {
	ext := strings.ToLower(filepath.Ext(output))
	if fi, err := os.Stat(output); err == nil && fi.IsDir() {
		return fmt.Errorf("output %s is a folder; give a file name in it, such as %s", output, filepath.Join(output, "enriched.csv"))
	}
	if !slices.Contains(sinks.Extensions, ext) {
		return fmt.Errorf("output %s: name it .csv, .xlsx or .jsonl, or .parquet (the extension says the format)", output)
	}
	dir := filepath.Dir(output)
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("output %s: the folder %s does not exist; create it or write elsewhere", output, dir)
	case err != nil:
		return fmt.Errorf("output %s: %w", output, err)
	case !fi.IsDir():
		return fmt.Errorf("output %s: %s is not a folder", output, dir)
	}
	probe, err := os.CreateTemp(dir, ".enrich-write-check-*")
	if err != nil {
		return fmt.Errorf("output %s: cannot write in %s: %w", output, dir, errors.Unwrap(err))
	}
	probe.Close()
	os.Remove(probe.Name())
	kept := []struct{ path, what string }{
		{input, "the input"},
		{journal, "the journal"},
		{state.StatusPath(journal), "the journal's status file"},
		{state.OwnerPath(journal), "the journal's owner file"},
	}
	for _, out := range []string{output, output + ".report.json", output + ".report.html", KeptPath(output)} {
		for _, k := range kept {
			if sinks.SameFile(out, k.path) {
				if out == output {
					return fmt.Errorf("output %s is %s; write the output to another file", output, k.what)
				}
				return fmt.Errorf("output %s: its report %s would replace %s; name the output otherwise", output, out, k.what)
			}
		}
	}
	return nil
}

// SideBase is the path the files written beside an output are named
// after (OUTPUT.report.html, OUTPUT.candidates.csv): the output itself,
// or for a database's table its name in the journal's folder
// (sinks.Beside); in dir instead, when given (--report-dir).
func SideBase(output, journal, dir string) string {
	base := sinks.Beside(output, journal)
	if dir == "" {
		return base
	}
	return filepath.Join(dir, filepath.Base(base))
}

// beside is the path the files beside the output are named after.
func (c Config) beside() string {
	if c.Beside != "" {
		return c.Beside
	}
	return sinks.Beside(c.Output, "")
}

// createOutput starts the output of table t, with the filler of its own
// columns (nil when nothing is filled).
func createOutput(cfg Config, t *sources.Table, byName bool) (sinks.Writer, *filler, error) {
	fl, err := newFiller(cfg.Fill, t, cfg.Source.DefaultRegion)
	if err != nil {
		return nil, nil, err
	}
	columns := appended(outputColumns(cfg, byName), cfg.Append)
	w, err := sinks.Create(cfg.Output, t.Layout(), sinks.Options{Columns: columns, NoFormulaGuard: cfg.NoFormulaGuard, NewWorkbook: cfg.OnlyChanged,
		InPlace: sinks.SameTable(cfg.Output, cfg.Input), Wait: cfg.Wait})
	return w, fl, err
}

// writeBeside writes, once the output is, the files beside it: the
// candidates of its ambiguous rows, the list of the cells it filled, and
// of those it did not for a conflict (a cell of a table written back that
// changed since it was read).
func writeBeside(cfg Config, choices *Choices, res *Result, byName bool, ambiguous []ambiguousRow, fl *filler, filled chunkFills, w sinks.Writer) error {
	var conflicts []sinks.Conflict
	if c, ok := w.(sinks.Conflicted); ok {
		conflicts = c.Conflicts()
	}
	if byName {
		if err := writeCandidates(cfg.beside(), ambiguous, choices); err != nil {
			return fmt.Errorf("the output is written, but not the candidates of its ambiguous rows: %w", err)
		}
		res.Ambiguous = len(ambiguous)
	}
	if fl != nil {
		filled.drop(conflicts, fl)
		if err := writeFilled(cfg.beside(), filled.cells); err != nil {
			return fmt.Errorf("the output is written, but not the list of the cells it filled: %w", err)
		}
		res.Fill = fl.report(filled, FilledPath(cfg.beside()))
		if len(conflicts) > 0 {
			if err := writeConflicts(cfg.beside(), conflicts); err != nil {
				return fmt.Errorf("the output is written, but not the list of the cells it left for a conflict: %w", err)
			}
			res.Fill.Conflicts, res.Fill.ConflictsFile = len(conflicts), ConflictsPath(cfg.beside())
		}
	}
	return nil
}
