package filecheck

import (
	"net"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestKindAndOwner: each kind of file is named as a user reads it, and a
// file this process made is its own.
func TestKindAndOwner(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "l")
	if err := os.Symlink(file, link); err != nil {
		t.Fatal(err)
	}
	pipe := filepath.Join(dir, "p")
	if err := syscall.Mkfifo(pipe, 0o600); err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(dir, "s")
	ln, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	for path, want := range map[string]string{link: "a symbolic link", dir: "a folder", pipe: "a named pipe", sock: "a socket", file: "not a plain file"} {
		fi, err := os.Lstat(path)
		if err != nil {
			t.Fatal(err)
		}
		if got := Kind(fi.Mode()); got != want {
			t.Errorf("%s: %q, want %q", path, got, want)
		}
	}
	fi, _ := os.Stat(file)
	if uid, other := OtherOwner(fi); other || uid != os.Geteuid() {
		t.Errorf("a file of this process's: owner %d, another's %v", uid, other)
	}
}
