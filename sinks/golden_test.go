package sinks

import (
	"path/filepath"
	"testing"

	goldenfile "github.com/enrich-dev/enrich/internal/golden"
)

// golden compares got with testdata/<name>, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	goldenfile.Check(t, filepath.Join("testdata", name), got)
}
