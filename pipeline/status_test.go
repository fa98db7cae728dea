package pipeline

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/state"
)

// The status file is read as a run wrote it, or refused with its name:
// never through a link, never a device or a pipe, never beyond a bound.
func TestReadStatusRefusesWhatNoRunWrote(t *testing.T) {
	dir := t.TempDir()
	journal := filepath.Join(dir, "j")
	outside := filepath.Join(dir, "outside.json")
	os.WriteFile(outside, []byte(`{"input":"secret"}`), 0o600)
	for _, tc := range []struct {
		name string
		make func(path string) error
		says string
	}{
		{"link to a file", func(p string) error { return os.Symlink(outside, p) }, "symbolic link"},
		{"link to /dev/zero", func(p string) error { return os.Symlink("/dev/zero", p) }, "symbolic link"},
		{"pipe", func(p string) error { return syscall.Mkfifo(p, 0o600) }, "not a regular file"},
		{"huge", func(p string) error { return os.WriteFile(p, make([]byte, 4<<20), 0o600) }, "larger than"},
		{"garbled", func(p string) error { return os.WriteFile(p, []byte("{not json"), 0o600) }, "damaged"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := state.StatusPath(journal)
			os.Remove(path)
			if err := tc.make(path); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { _, _, err := ReadStatus(journal); done <- err }()
			select {
			case err := <-done:
				if err == nil || !strings.Contains(err.Error(), tc.says) || !strings.Contains(err.Error(), path) {
					t.Errorf("err %v; want it to say %q and name %s", err, tc.says, path)
				}
			case <-time.After(5 * time.Second):
				t.Fatal("ReadStatus hung")
			}
		})
	}
}
