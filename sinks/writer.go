package sinks

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/enrich-dev/enrich/sources"
)

// Outcome is what the pipeline knows about a row when it is written.
type Outcome struct {
	Status     Status
	Identifier string          // the normalized identifier that was matched, or tried last
	Candidate  json.RawMessage // the raw profile the service returned; may be nil
	Error      string          // why, for StatusError
}

// Writer writes an enriched table. Rows go to a temporary file; Commit
// makes the output appear, Abort throws it away.
type Writer interface {
	// Write writes one row: its original cells, then the appended columns.
	Write(row sources.Row, out Outcome) error
	// Commit flushes, syncs and renames the output into place.
	Commit() error
	// Abort removes the temporary file; it is safe after Commit.
	Abort()
}

// Create starts an output at path in the format its extension names:
// .csv, .xlsx or .jsonl. layout is the input's, whose header and (for CSV)
// delimiter and BOM the output keeps.
func Create(path string, layout sources.Layout) (Writer, error) {
	if sameFile(path, layout.Path) {
		return nil, fmt.Errorf("output %s: it is the input file; write the output to another file", path)
	}
	switch ext := strings.ToLower(filepath.Ext(path)); ext {
	case ".csv":
		return newCSVWriter(path, layout)
	case ".xlsx":
		return newXLSXWriter(path, layout)
	case ".jsonl":
		return newJSONLWriter(path, layout)
	default:
		return nil, fmt.Errorf("output %s: unknown format %q; name the output .csv, .xlsx or .jsonl", path, ext)
	}
}

func sameFile(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	fa, errA := os.Stat(a)
	fb, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(fa, fb)
	}
	absA, errA := filepath.Abs(a)
	absB, errB := filepath.Abs(b)
	return errA == nil && errB == nil && absA == absB
}

// appended returns the values of the appended columns, in the order of
// Columns.
func appended(out Outcome) []string {
	return append([]string{string(out.Status), out.Identifier}, Flatten(out.Candidate)...)
}

// splitCells returns a row's cells as the output places them: the cells
// under the header, padded to its width, and the cells beyond it. Those go
// after the appended columns, so that no appended value lands under an
// original header; trailing empty ones (a trailing delimiter) are dropped.
func splitCells(layout sources.Layout, cells []string) (under, beyond []string) {
	width := len(layout.Header)
	under = make([]string, width)
	copy(under, cells)
	if len(cells) > width {
		beyond = cells[width:]
		n := len(beyond)
		for n > 0 && beyond[n-1] == "" {
			n--
		}
		beyond = beyond[:n]
	}
	return under, beyond
}
