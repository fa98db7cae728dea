package export

import (
	"bytes"
	"context"
	"os"
	"testing"

	"github.com/enrich-dev/enrich/runsheet"
	"github.com/enrich-dev/enrich/state"
)

// Exported for the package's external tests, which run the engine.

// ExportRows is the export that reads the journal row by row.
func ExportRows(ctx context.Context, j *state.Journal, cfg Config) (Result, error) {
	return exportFrom(ctx, j, cfg, FromRun{}, journalAnswers{})
}

// ExportModel is the export of the rows answered from the model m, whose
// decoded profiles take about cacheBytes at most (0: maxCachedBytes).
func ExportModel(ctx context.Context, j *state.Journal, cfg Config, m *runsheet.Sheet, cacheBytes int) (Result, error) {
	cfg.cacheBytes = cacheBytes
	return exportFrom(ctx, j, cfg, FromRun{Model: m}, &modelAnswers{m: m, journal: true})
}

// exportFrom is the export of the rows answered from src.
func exportFrom(ctx context.Context, j *state.Journal, cfg Config, run FromRun, src answerSource) (Result, error) {
	if err := run.complete(ctx, j, cfg); err != nil {
		return Result{}, err
	}
	return export(ctx, j, cfg, run, src)
}

// DecodingEach runs f with every stored result decoded, as in a journal
// without flat records.
func DecodingEach(f func()) {
	decodeEach = true
	defer func() { decodeEach = false }()
	f()
}

// FlatReads is how many results exports read from their flat records.
func FlatReads() int64 { return flatReads.Load() }

// SameFiles fails the test when two files differ, showing the first
// line that does.
func SameFiles(t *testing.T, what, got, want string) {
	t.Helper()
	a, err := os.ReadFile(got)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(want)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(a, b) {
		return
	}
	la, lb := bytes.Split(a, []byte("\n")), bytes.Split(b, []byte("\n"))
	for i := range max(len(la), len(lb)) {
		var x, y []byte
		if i < len(la) {
			x = la[i]
		}
		if i < len(lb) {
			y = lb[i]
		}
		if !bytes.Equal(x, y) {
			t.Fatalf("%s differs from the row-by-row export's at line %d:\n got %.300s\nwant %.300s", what, i+1, x, y)
		}
	}
}
