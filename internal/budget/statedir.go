package budget

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/internal/filecheck"
)

// ErrUntrusted is a state folder, or a file in it, that another user can
// change or has put there: enrich refuses it, as ssh refuses a ~/.ssh
// that others can write. Whoever can write the folder can plant a link
// in it where enrich writes (the ledger, a lock file), and so have a run
// of the victim's overwrite any file the victim may write. Errors of it
// are classified as what no wait mends (package fault), with the
// sentence that says what to do.
var ErrUntrusted = errors.New("not trusted: another user can change it")

// EnvStateDir names the folder where the runs of a machine share the
// account's budget and searches at once.
const EnvStateDir = "ENRICH_STATE_DIR"

// Dir returns the state folder, where the ledgers and the search slots'
// lock files live: $ENRICH_STATE_DIR, or $XDG_STATE_HOME/enrich, or
// ~/.local/state/enrich, made when missing and checked (CheckDir).
func Dir() (string, error) {
	dir, err := dirName()
	if err != nil {
		return "", err
	}
	return dir, CheckDir(dir)
}

func dirName() (string, error) {
	if d := os.Getenv(EnvStateDir); d != "" {
		return d, nil
	}
	if d := os.Getenv("XDG_STATE_HOME"); d != "" {
		return filepath.Join(d, "enrich"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("no state directory: set %s: %w", EnvStateDir, err)
	}
	return filepath.Join(home, ".local", "state", "enrich"), nil
}

// CheckDir makes the state folder dir when it is missing (mode 0700),
// and checks that nobody but this user can change what is in it: a
// folder its group or others can write, or that belongs to another user
// (root aside), is refused with ErrUntrusted and the sentence that says
// what to do. Every opener of the state folder (Dir, Open, OpenSlots)
// checks it so.
func CheckDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("state folder: %w", err)
	}
	fi, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("state folder: %w", err)
	}
	if !fi.IsDir() {
		return untrusted(fmt.Sprintf("the state folder %s is not a folder: set %s to a folder of your own", dir, EnvStateDir))
	}
	what := ""
	switch uid, other := filecheck.OtherOwner(fi); {
	case other:
		what = fmt.Sprintf("belongs to another user (uid %d)", uid)
	case fi.Mode().Perm()&0o002 != 0:
		what = fmt.Sprintf("can be written by anyone (mode %04o)", fi.Mode().Perm())
	case fi.Mode().Perm()&0o020 != 0:
		what = fmt.Sprintf("can be written by its group (mode %04o)", fi.Mode().Perm())
	default:
		return nil
	}
	return untrusted(fmt.Sprintf("the state folder %s %s: whoever can write in it can make this run overwrite your files through a link; chmod 700 %s if it is yours, or set %s to a folder of your own (mkdir -m 700)",
		dir, what, dir, EnvStateDir))
}

// checkFile refuses a file of the state folder at path that is not a
// regular file of this user's (a link, a pipe, another user's file).
func checkFile(path string, fi fs.FileInfo) error {
	if !fi.Mode().IsRegular() {
		return untrusted(fmt.Sprintf("%s is not a regular file (%s): someone put it in the state folder; remove it", path, filecheck.Kind(fi.Mode())))
	}
	if uid, other := filecheck.OtherOwner(fi); other {
		return untrusted(fmt.Sprintf("%s belongs to another user (uid %d): someone put it in the state folder; remove it", path, uid))
	}
	return nil
}

// symlinkRefused is the refusal of a lock path that is a link.
func symlinkRefused(path string) error {
	return untrusted(fmt.Sprintf("%s is a symbolic link, not a regular file: someone put it in the state folder; remove it", path))
}

func untrusted(sentence string) error { return fault.Fixable(ErrUntrusted, sentence) }
