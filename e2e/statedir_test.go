package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/enrich-dev/enrich/api"
)

// accountOf names the account of the job's key at its service, as the
// state folder's files do.
func accountOf(t *testing.T, j *job) string {
	t.Helper()
	c, err := api.New(j.url, "e2e-key")
	if err != nil {
		t.Fatal(err)
	}
	return c.Account()
}

// TestStateDirTrusted plants links in a state folder (ENRICH_STATE_DIR)
// where a run writes (the ledger, its old fixed temporary name, the lock
// files), pointing at a file of the victim's and at one not yet there,
// as another user who can write the folder would. A folder its group or
// anyone can write is refused (exit 2) before anything is sent, naming
// it and saying what to do; in a folder of the user's alone, the ledger
// replaces its links and a lock file that is a link is refused. The
// victim's files are untouched throughout. The next run used to write
// the ledger's JSON over the victim's file.
func TestStateDirTrusted(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(10000), 20)
	acct := accountOf(t, j)
	state := filepath.Join(j.dir, "state")
	if err := os.Mkdir(state, 0o700); err != nil {
		t.Fatal(err)
	}
	victim := filepath.Join(j.dir, "victim", "authorized_keys")
	unborn := filepath.Join(j.dir, "victim", "unborn")
	if err := os.Mkdir(filepath.Dir(victim), 0o700); err != nil {
		t.Fatal(err)
	}
	const precious = "ssh-ed25519 AAAA the victim's key\n"
	writeFile(t, victim, precious)
	plant := func(name, target string) {
		t.Helper()
		os.Remove(filepath.Join(state, name))
		if err := os.Symlink(target, filepath.Join(state, name)); err != nil {
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
	env := []string{"ENRICH_STATE_DIR=" + state}
	for _, name := range []string{"budget-" + acct + ".json.tmp", "budget-" + acct + ".json"} {
		plant(name, victim)
	}
	for _, name := range []string{"budget-" + acct + ".lock", "search-" + acct + ".0.lock", "search-" + acct + ".1.lock", "search-" + acct + ".2.lock"} {
		plant(name, unborn)
	}

	for _, mode := range []os.FileMode{0o777, 0o770, 0o730} {
		if err := os.Chmod(state, mode); err != nil {
			t.Fatal(err)
		}
		res := j.enrichEnv(t, env, j.args()...)
		who := "its group"
		if mode&0o002 != 0 {
			who = "anyone"
		}
		want := fmt.Sprintf("the state folder %s can be written by %s (mode %04o)", state, who, mode)
		if res.code != 2 || !strings.Contains(res.stderr, want) || !strings.Contains(res.stderr, "chmod 700 "+state) || !strings.Contains(res.stderr, "ENRICH_STATE_DIR") {
			t.Errorf("a state folder of mode %04o: exit %d\n%s\nwant exit 2 and %q, chmod 700, ENRICH_STATE_DIR", mode, res.code, res.stderr, want)
		}
		untouched(fmt.Sprintf("a state folder of mode %04o", mode))
	}
	if st := j.stats(); st.Requests != 0 {
		t.Errorf("%d requests sent by runs that were refused", st.Requests)
	}

	// The user's alone: a lock file that is a link is refused, named.
	if err := os.Chmod(state, 0o700); err != nil {
		t.Fatal(err)
	}
	res := j.enrichEnv(t, env, j.args()...)
	if want := "search-" + acct + ".0.lock is a symbolic link"; res.code != 2 || !strings.Contains(res.stderr, want) {
		t.Errorf("a search lock file that is a link: exit %d\n%s\nwant exit 2 and %q", res.code, res.stderr, want)
	}
	untouched("links at the lock files")

	// The links at the ledger and its old temporary name stay: the run
	// replaces the ledger's, and writes through neither.
	for i := range 3 {
		os.Remove(filepath.Join(state, fmt.Sprintf("search-%s.%d.lock", acct, i)))
	}
	// The ledger's lock is refused as the search slots' are: a run does
	// not keep a budget of its own beside a folder someone tampers with.
	res = j.enrichEnv(t, env, j.args()...)
	if want := "budget-" + acct + ".lock is a symbolic link"; res.code != 2 || !strings.Contains(res.stderr, want) {
		t.Errorf("the ledger's lock file a link: exit %d\n%s\nwant exit 2 and %q", res.code, res.stderr, want)
	}
	untouched("a link at the ledger's lock")
	os.Remove(filepath.Join(state, "budget-"+acct+".lock"))
	j.enrichEnv(t, env, j.args()...).expectCode(t, 0)
	untouched("links at the ledger")
	if fi, err := os.Lstat(filepath.Join(state, "budget-"+acct+".json")); err != nil || !fi.Mode().IsRegular() {
		t.Errorf("the ledger is %v (%v); want a regular file in place of the link", fi.Mode(), err)
	}
}

// TestKeyFileTrusted: whoever can write the key file chooses the account
// a run spends: a key file its group can write (0660, 0620) is refused
// (exit 2) as one anyone can write is, by the run and by doctor alike,
// naming the file and its mode and saying chmod 600. One that belongs to
// another user, or whose folder does, is read with a warning, on
// standard error and in doctor. Group-writable key files used to be
// taken, with a warning about reading.
func TestKeyFileTrusted(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(100), 0)
	key := filepath.Join(j.dir, "key")
	writeFile(t, key, "e2e-key\n")
	env := []string{"ENRICH_API_KEY=", "ENRICH_API_KEY_FILE=" + key}
	for _, mode := range []os.FileMode{0o660, 0o620, 0o760} {
		if err := os.Chmod(key, mode); err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf("%s can be changed by its group (mode %04o): whoever writes it chooses the account this runs on; chmod 600 it", key, mode)
		if res := j.enrichEnv(t, env, "credits"); res.code != 2 || !strings.Contains(res.stderr, want) {
			t.Errorf("credits with a key file of mode %04o: exit %d, %q; want 2 and %q", mode, res.code, res.stderr, want)
		}
		if out, res := j.stdoutEnv(t, env, "doctor", "--skip-callback-check"); res.code != 2 || !strings.Contains(res.stderr, want) {
			t.Errorf("doctor with a key file of mode %04o: exit %d\n%s%s", mode, res.code, out, res.stderr)
		}
	}
	if err := os.Chmod(key, 0o600); err != nil {
		t.Fatal(err)
	}
	if res := j.enrichEnv(t, env, "credits"); res.code != 0 || res.stderr != "" {
		t.Errorf("a key file of mode 0600: exit %d, %q", res.code, res.stderr)
	}

	if os.Geteuid() != 0 {
		t.Log("files of another user need root to make: their warnings are not checked here")
		return
	}
	for _, tc := range []struct {
		name  string
		chown string // what belongs to another user
		want  string
	}{
		{"a key file of another user", key, "the key file " + key + " belongs to another user (uid 65534)"},
		{"a key file in a folder of another user", j.dir, "the folder " + j.dir + " of the key file belongs to another user (uid 65534)"},
	} {
		if err := os.Chown(tc.chown, 65534, 65534); err != nil {
			t.Fatal(err)
		}
		res := j.enrichEnv(t, env, "credits")
		if res.code != 0 || !strings.Contains(res.stderr, tc.want) {
			t.Errorf("%s: exit %d, %q; want 0 and a warning %q", tc.name, res.code, res.stderr, tc.want)
		}
		out, res := j.stdoutEnv(t, env, "doctor", "--skip-callback-check")
		if res.code != 0 || !strings.Contains(out, "warn ") || !strings.Contains(out, tc.want) {
			t.Errorf("doctor with %s: exit %d\n%s", tc.name, res.code, out)
		}
		if err := os.Chown(tc.chown, 0, 0); err != nil {
			t.Fatal(err)
		}
	}
}
