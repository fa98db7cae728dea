//go:build unix

package budget

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/internal/fault"
)

// TestStateDirTrusted: a state folder its group or anyone can write, or
// that belongs to another user, is refused by every opener (Dir, Open,
// OpenSlots) with a sentence that names it, says what is wrong and what
// to do, and that no wait mends; one of the user's alone is taken.
func TestStateDirTrusted(t *testing.T) {
	open := map[string]func(dir string) error{
		"Dir": func(dir string) error {
			t.Setenv(EnvStateDir, dir)
			_, err := Dir()
			return err
		},
		"Open": func(dir string) error {
			l, err := Open(dir, testAccount, 100, time.Minute, Options{})
			if err == nil {
				l.Close()
			}
			return err
		},
		"OpenSlots": func(dir string) error {
			s, err := OpenSlots(dir, "", testAccount, MaxSearches, SlotOptions{})
			if err == nil {
				s.Close()
			}
			return err
		},
	}
	for _, tc := range []struct {
		mode os.FileMode
		want string // "" when taken
	}{
		{0o700, ""},
		{0o755, ""},
		{0o750, ""},
		{0o770, "can be written by its group (mode 0770)"},
		{0o720, "can be written by its group (mode 0720)"},
		{0o777, "can be written by anyone (mode 0777)"},
		{0o703, "can be written by anyone (mode 0703)"},
		{0o1777, "can be written by anyone (mode 0777)"}, // sticky, as /tmp: others still plant links
	} {
		for name, opener := range open {
			dir := filepath.Join(t.TempDir(), "state")
			if err := os.Mkdir(dir, 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(dir, tc.mode); err != nil {
				t.Fatal(err)
			}
			err := opener(dir)
			if tc.want == "" {
				if err != nil {
					t.Errorf("%s of a folder of mode %04o: %v", name, tc.mode, err)
				}
				continue
			}
			checkRefused(t, err, name, dir, tc.want)
		}
	}
	// A folder it makes is the user's alone.
	dir := filepath.Join(t.TempDir(), "made", "state")
	if err := open["Dir"](dir); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(dir); err != nil || fi.Mode().Perm()&0o077 != 0 {
		t.Errorf("the state folder made: %v, %v", fi.Mode(), err)
	}

	if os.Geteuid() != 0 {
		t.Log("a folder of another user needs root to make; not checked here")
		return
	}
	for name, opener := range open {
		dir := filepath.Join(t.TempDir(), "state")
		if err := os.Mkdir(dir, 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.Chown(dir, 65534, 65534); err != nil {
			t.Fatal(err)
		}
		checkRefused(t, opener(dir), name, dir, "belongs to another user (uid 65534)")
	}
}

func checkRefused(t *testing.T, err error, name, dir, want string) {
	t.Helper()
	if err == nil {
		t.Errorf("%s took the state folder %s; want %q", name, dir, want)
		return
	}
	msg := err.Error()
	if !fault.NeedsFix(err) || !errors.Is(err, ErrUntrusted) || !strings.Contains(msg, dir+" "+want) ||
		!strings.Contains(msg, "chmod 700 "+dir) || !strings.Contains(msg, EnvStateDir) {
		t.Errorf("%s: %v (class %v); want a refusal naming %s, %q, chmod 700 and %s", name, err, fault.Of(err), dir, want, EnvStateDir)
	}
}

// TestStateDirLinks plants links in the user's own state folder where the
// ledger and the lock files are written, pointing at the victim's files
// (one there, one not yet): the ledger is written over its link, never
// through it; a lock path that is a link is refused, never created
// through; a named pipe at the ledger's path is not waited on. The
// ledger used to be written to a fixed .tmp name that followed a link.
func TestStateDirLinks(t *testing.T) {
	dir := t.TempDir()
	victims := t.TempDir()
	victim := filepath.Join(victims, "victim")
	const precious = "the victim's own words\n"
	if err := os.WriteFile(victim, []byte(precious), 0o600); err != nil {
		t.Fatal(err)
	}
	unborn := filepath.Join(victims, "unborn")
	ledger := filepath.Join(dir, "budget-"+testAccount+".json")
	plant := func(name, target string) {
		t.Helper()
		os.Remove(filepath.Join(dir, name))
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	untouched := func(when string) {
		t.Helper()
		if b, err := os.ReadFile(victim); err != nil || string(b) != precious {
			t.Errorf("%s: the victim's file holds %q (%v)", when, b, err)
		}
		if _, err := os.Lstat(unborn); err == nil {
			t.Errorf("%s: a file was made where a link pointed", when)
		}
	}

	plant("budget-"+testAccount+".lock", unborn)
	plant("search-"+testAccount+".1.lock", unborn)
	_, err := Open(dir, testAccount, 100, time.Minute, Options{})
	if !fault.NeedsFix(err) || !strings.Contains(err.Error(), "budget-"+testAccount+".lock is a symbolic link") {
		t.Errorf("a ledger lock that is a link: %v", err)
	}
	_, err = OpenSlots(dir, "", testAccount, MaxSearches, SlotOptions{})
	if !fault.NeedsFix(err) || !strings.Contains(err.Error(), "search-"+testAccount+".1.lock is a symbolic link") {
		t.Errorf("a search lock that is a link: %v", err)
	}
	untouched("links at the lock files")
	os.Remove(filepath.Join(dir, "budget-"+testAccount+".lock"))
	os.Remove(filepath.Join(dir, "search-"+testAccount+".1.lock"))

	// The ledger and its old fixed temporary name point at the victim.
	plant("budget-"+testAccount+".json.tmp", victim)
	plant("budget-"+testAccount+".json", victim)
	l, err := Open(dir, testAccount, 100, time.Minute, Options{})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	l.Settle(l.Take(now, 30), now)
	if room := l.Room(now); room != 70 {
		t.Errorf("room %d after 30 of 100 taken", room)
	}
	l.Close()
	untouched("links at the ledger")
	if fi, err := os.Lstat(ledger); err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm() != 0o600 {
		t.Errorf("the ledger is %v (%v); want a regular file of mode 0600 in place of the link", fi.Mode(), err)
	}

	// A named pipe at the ledger's path: opening it to read used to wait
	// for a writer for ever.
	os.Remove(ledger)
	if err := syscall.Mkfifo(ledger, 0o600); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		l, err := Open(dir, testAccount, 100, time.Minute, Options{})
		if err == nil {
			l.Take(time.Now(), 1)
			l.Close()
		}
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("a pipe at the ledger's path: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a named pipe at the ledger's path hangs Open")
	}
	if fi, err := os.Lstat(ledger); err != nil || !fi.Mode().IsRegular() {
		t.Errorf("the pipe at the ledger's path was not replaced: %v, %v", fi.Mode(), err)
	}
}
