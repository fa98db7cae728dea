//go:build unix

package atomicfile

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestUmask writes a new file and replaces one in a child process started
// under each umask: they get the mode os.Create gives, never 0644 forced.
func TestUmask(t *testing.T) {
	if path := os.Getenv("ATOMICFILE_CHILD"); path != "" {
		umaskChild(path)
		return
	}
	for _, tc := range []struct {
		umask string
		want  fs.FileMode
	}{
		{"077", 0o600},
		{"022", 0o644},
		{"027", 0o640},
	} {
		dir := t.TempDir()
		path := filepath.Join(dir, "out.jsonl")
		cmd := exec.Command("/bin/sh", "-c", `umask `+tc.umask+` && exec "$0" -test.run='^TestUmask$'`, os.Args[0])
		cmd.Env = append(os.Environ(), "ATOMICFILE_CHILD="+path)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("umask %s: child: %v\n%s", tc.umask, err, out)
		}
		// The child wrote it twice: new, then replaced.
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if got := fi.Mode().Perm(); got != tc.want {
			t.Errorf("under umask %s the file has mode %04o; want %04o", tc.umask, got, tc.want)
		}
		created, err := os.ReadFile(path + ".created")
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.TrimSpace(string(created)); got != fmt.Sprintf("%04o", tc.want) {
			t.Errorf("under umask %s os.Create gives %s; the test expects %04o", tc.umask, got, tc.want)
		}
	}
}

// umaskChild writes path twice, then notes beside it the mode os.Create
// gives a new file under the same umask.
func umaskChild(path string) {
	for range 2 {
		f, err := Create(path)
		if err != nil {
			os.Exit(2)
		}
		if _, err := f.Write([]byte("{}\n")); err != nil {
			os.Exit(2)
		}
		if err := f.Commit(); err != nil {
			os.Exit(2)
		}
	}
	probe := path + ".probe"
	f, err := os.Create(probe)
	if err != nil {
		os.Exit(2)
	}
	f.Close()
	fi, err := os.Stat(probe)
	if err != nil {
		os.Exit(2)
	}
	if err := os.WriteFile(path+".created", fmt.Appendf(nil, "%04o\n", fi.Mode().Perm()), 0o600); err != nil {
		os.Exit(2)
	}
}

// TestProcUmask checks that the umask read from /proc is the one the
// system call returns.
func TestProcUmask(t *testing.T) {
	got, ok := procUmask()
	if !ok {
		t.Skip("no Umask line in /proc/self/status on this system: readUmask sets and restores it instead")
	}
	old := syscall.Umask(0o077)
	syscall.Umask(old)
	if got != fs.FileMode(old) {
		t.Errorf("procUmask() = %04o; the system call says %04o", got, old)
	}
}
