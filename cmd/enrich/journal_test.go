package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/enrich-dev/enrich/state"
)

// TestJournalCode gives every way a journal fails to open its exit code,
// with the error's own sentence.
func TestJournalCode(t *testing.T) {
	dir := t.TempDir()
	folder := filepath.Join(dir, "journals")
	if err := os.Mkdir(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "job.journal")
	_, folderErr := state.Open(folder, state.Options{ReadOnly: true})
	_, folderWriteErr := state.Open(folder, state.Options{})
	sheet, empty := filepath.Join(dir, "leads.csv"), filepath.Join(dir, "empty.journal")
	os.WriteFile(sheet, []byte("Email\nana@example.com\n"), 0o600)
	os.WriteFile(empty, nil, 0o600)
	_, sheetErr := state.Open(sheet, state.Options{})
	_, emptyErr := state.Open(empty, state.Options{})
	for _, tc := range []struct {
		name string
		path string
		err  error
		code int
		ok   bool
	}{
		{"folder, read", folder, folderErr, ExitUsage, true},
		{"folder, written", folder, folderWriteErr, ExitUsage, true},
		{"a sheet", sheet, sheetErr, ExitUsage, true},
		{"empty", empty, emptyErr, ExitUsage, true},
		{"locked", file, &state.LockedError{Path: file}, ExitLocked, true},
		{"damaged", file, fmt.Errorf("open: %w", &state.DamagedError{Path: file, Cause: "cut short"}), ExitError, true},
		{"another error", file, errors.New("disk on fire"), 0, false},
		{"no error", folder, nil, 0, false},
	} {
		code, ok := journalCode(tc.err)
		if code != tc.code || ok != tc.ok {
			t.Errorf("%s: journalCode = %d, %v; want %d, %v", tc.name, code, ok, tc.code, tc.ok)
		}
		if !tc.ok {
			continue
		}
		err := journalError(tc.err)
		if got := exitCode(t.Context(), err); got != tc.code || err.Error() != tc.err.Error() {
			t.Errorf("%s: journalError exits %d with %q; want %d with %q", tc.name, got, err, tc.code, tc.err)
		}
	}
}
