package atomicfile

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

func TestFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "report.csv")
	if err := os.WriteFile(path, []byte("old"), 0o640); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o640); err != nil { // whatever the umask
		t.Fatal(err)
	}
	a, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Write([]byte("new")); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(path); string(got) != "old" {
		t.Errorf("before Commit the target reads %q; want the old content", got)
	}
	if err := a.Commit(); err != nil {
		t.Fatal(err)
	}
	a.Abort() // safe after Commit: a deferred Abort must not undo the output
	got, _ := os.ReadFile(path)
	fi, _ := os.Stat(path)
	entries, _ := os.ReadDir(dir)
	want := 0o640 & (0o666 &^ umask())
	if string(got) != "new" || fi.Mode().Perm() != want || len(entries) != 1 {
		t.Errorf("after Commit: %q, mode %v, %d entries; want new, %v, no temporary file", got, fi.Mode().Perm(), len(entries), want)
	}
	if _, err := a.Write([]byte("late")); err == nil {
		t.Error("Write after Commit succeeded")
	}
	if err := a.Commit(); err == nil {
		t.Error("second Commit succeeded")
	}

	aborted := filepath.Join(dir, "aborted.csv")
	b, err := Create(aborted)
	if err != nil {
		t.Fatal(err)
	}
	b.Abort()
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("after Abort the folder holds %d entries; want only report.csv", len(entries))
	}
}

func TestModeFor(t *testing.T) {
	for _, tc := range []struct {
		umask, old fs.FileMode
		replaced   bool
		want       fs.FileMode
	}{
		{umask: 0o022, want: 0o644},
		{umask: 0o077, want: 0o600},
		{umask: 0o002, want: 0o664},
		{umask: 0o000, want: 0o666},
		{umask: 0o027, want: 0o640},
		{umask: 0o022, old: 0o600, replaced: true, want: 0o600}, // narrowed by the user: stays narrow
		{umask: 0o077, old: 0o644, replaced: true, want: 0o600}, // never wider than the umask allows
		{umask: 0o022, old: 0o755, replaced: true, want: 0o644}, // no execute bit for data
		{umask: 0o022, old: 0o000, replaced: true, want: 0o000},
	} {
		if got := modeFor(tc.umask, tc.old, tc.replaced); got != tc.want {
			t.Errorf("modeFor(umask %04o, old %04o, replaced %v) = %04o; want %04o", tc.umask, tc.old, tc.replaced, got, tc.want)
		}
	}
}

// TestCommitSyncsFolder: the rename is made durable by a sync of the
// folder that holds the file, once the file has its name there.
func TestCommitSyncsFolder(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.csv")
	var synced []string
	defer func(f func(string) error) { syncFolder = f }(syncFolder)
	syncFolder = func(d string) error {
		if _, err := os.Stat(path); err != nil {
			t.Errorf("folder synced before the rename: %v", err)
		}
		synced = append(synced, d)
		return SyncDir(d)
	}
	if err := WriteWith(path, func(w io.Writer) error { _, err := io.WriteString(w, "a,b\n"); return err }); err != nil {
		t.Fatal(err)
	}
	if len(synced) != 1 || synced[0] != dir {
		t.Errorf("folders synced: %q; want %q once", synced, dir)
	}
}
