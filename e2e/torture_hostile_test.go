package e2e

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/emulator"
)

// hostility is what a seed draws of a service that is hostile or lost
// for good, from a stream of its own: words laden with terminal escapes
// or megabytes long, and a first run whose callbacks are awaited the
// default quarter of an hour while its requests fill --max-credits.
type hostility struct {
	// text makes every error message and failed item's reason of the
	// service hostile (emulator.HostileText): nothing of it may reach an
	// output, a report or the terminal as a control, and nothing grows
	// past its bound.
	text emulator.HostileText
	// capWait gives the first run --callback-timeout 15m: its lost
	// callbacks would keep it waiting that long once its requests fill
	// --max-credits; it must stop within stopBound of its last
	// submission, as every run stopped by the cap does.
	capWait bool
	// On a machine whose state folder another user has tampered with:
	// linked plants links at the ledger's name and at the fixed name it
	// was once written through, pointing at a file of the user's, which
	// no run may change; lockLink plants one at a search lock, which a
	// run before the first must refuse (exit 2 within noWaitBound,
	// nothing sent), and which is then removed. held holds the account's
	// three search slots during the first run, which must then end
	// incomplete (exit 3) once --service-wait passes, if it searches.
	linked, lockLink, held bool
}

// hostileStream names the stream drawHostility draws from: one whose
// first ten seeds draw escapes (seed 4), megabytes of words laden with
// them (seed 10), a cap met with callbacks awaited the default 15 minutes
// (seed 9, the one of them that can: callbacks lost, and a cap the first
// run reaches), links at the ledger (seed 2), a link at a search lock
// (seed 3) and the search slots held (seed 6).
const hostileStream = 0x686f737a

// drawHostility draws a seed's hostility. capWait needs a cap the first
// run reaches (half of what the sheet needs or less) and callbacks lost.
func drawHostility(r *rand.Rand, s *schedule) {
	switch r.IntN(12) {
	case 0, 1:
		s.hostile.text = emulator.HostileEscapes
	case 2:
		s.hostile.text = emulator.HostileBoth
	}
	if r.IntN(3) == 0 && s.loss > 0 && s.capShare > 0 && s.capShare <= 0.5 {
		s.hostile.capWait = true
	}
	if s.machines == 1 { // the state folder of this machine; Redis is another's
		s.hostile.linked = r.IntN(4) == 0
		s.hostile.lockLink = r.IntN(8) == 0
		s.hostile.held = r.IntN(6) == 0 && s.kill == 0 && s.signal == nil && !s.byNameOff
	}
}

func (h hostility) String() string {
	var parts []string
	if h.text != emulator.HostileOff {
		parts = append(parts, "hostile words: "+string(h.text))
	}
	if h.capWait {
		parts = append(parts, "run 1 awaits callbacks 15m under its cap")
	}
	if h.linked {
		parts = append(parts, "links planted at the ledger")
	}
	if h.lockLink {
		parts = append(parts, "a link planted at a search lock")
	}
	if h.held {
		parts = append(parts, "search slots held in run 1")
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// callbackWait is the --callback-timeout of a run: the default 15
// minutes for the first run of a seed that draws capWait.
func (s schedule) callbackWait(run int) time.Duration {
	if run == 1 && s.hostile.capWait {
		return 15 * time.Minute
	}
	return callbackTimeout(s)
}

// hostileBytes are what no output, report or line on the terminal may
// hold of the service's words: escape, bell, NUL, a C1 control, DEL, and
// bidirectional overrides and isolates.
var hostileBytes = []string{"\x1b", "\x07", "\x00", "\u009b", "\x7f", "\u202e", "\u202a", "\u202b", "\u202d", "\u2066", "\u2067", "\u2068", "\u2069"}

// hostileFileBound bounds each file a run writes: the service's words are
// cut to 4 KiB wherever they are kept.
const hostileFileBound = 32 << 20

// checkHostile fails the test when the service's hostile words reached a
// file the run wrote beside its output, or its standard error, as they
// were sent, or made a file grow past hostileFileBound.
func checkHostile(t *testing.T, h hostility, run int, output, stderr, replay string) {
	t.Helper()
	if h.text == emulator.HostileOff {
		return
	}
	files, _ := filepath.Glob(output + "*")
	texts := map[string][]byte{"standard error": []byte(stderr)}
	for _, f := range files {
		if strings.HasSuffix(f, ".xlsx") {
			continue // zipped: its cells are read back by checkTorture
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if len(b) > hostileFileBound {
			t.Fatalf("run %d: %s is %d bytes with the service's words %s\n%s", run, f, len(b), h.text, replay)
		}
		texts[f] = b
	}
	for name, b := range texts {
		for _, bad := range hostileBytes {
			if i := bytes.Index(b, []byte(bad)); i >= 0 {
				t.Fatalf("run %d: %s holds %q of the service's words at byte %d: %q\n%s", run, name, bad, i, b[max(0, i-60):min(len(b), i+60)], replay)
			}
		}
	}
}

// tamperedState makes the seed's state folder, of the user's alone, and
// plants in it what the hostility draws; it returns the environment that
// names it, and the check that the user's file the links point at is
// untouched (nil when nothing was planted).
func tamperedState(t *testing.T, h hostility, j *job) (env []string, untouched func(when string)) {
	t.Helper()
	if !h.linked && !h.lockLink && !h.held {
		return nil, nil
	}
	state := filepath.Join(j.dir, "state")
	if err := os.MkdirAll(state, 0o700); err != nil {
		t.Fatal(err)
	}
	acct := accountOf(t, j)
	victim := filepath.Join(j.dir, "victim")
	const precious = "the user's own file\n"
	writeFile(t, victim, precious)
	if h.linked {
		for _, name := range []string{"budget-" + acct + ".json.tmp", "budget-" + acct + ".json"} {
			if err := os.Symlink(victim, filepath.Join(state, name)); err != nil {
				t.Fatal(err)
			}
		}
	}
	return []string{"ENRICH_STATE_DIR=" + state}, func(when string) {
		t.Helper()
		if b, err := os.ReadFile(victim); err != nil || string(b) != precious {
			t.Fatalf("%s: the file the state folder's links point at holds %q (%v)", when, b, err)
		}
	}
}

// refusedLockLink runs the job once with a link planted at a search lock
// of its state folder: the run must end with exit 2 within noWaitBound,
// naming the link, having sent nothing and left the output as it was.
// The link is then removed.
func refusedLockLink(t *testing.T, j *job, x *front, env, args []string, log *strings.Builder, replay string) {
	t.Helper()
	state := strings.TrimPrefix(env[len(env)-1], "ENRICH_STATE_DIR=")
	link := filepath.Join(state, "search-"+accountOf(t, j)+".0.lock")
	if err := os.Symlink(filepath.Join(j.dir, "unborn"), link); err != nil {
		t.Fatal(err)
	}
	defer os.Remove(link)
	before, _ := os.Stat(j.output)
	sent := x.submitted.Load()
	start := time.Now()
	res := j.enrichEnv(t, env, args...)
	took := time.Since(start)
	fmt.Fprintf(log, "a run with a link at a search lock: exit %d after %v\n%s\n", res.code, took.Round(time.Millisecond), lastLines(res.stderr, 4))
	if res.code != 2 || took > noWaitBound || !strings.Contains(res.stderr, link+" is a symbolic link") {
		t.Fatalf("a run with a link at a search lock ended with exit %d after %v; want 2 within %v, naming it\n%s\n%s", res.code, took.Round(time.Second), noWaitBound, res.stderr, replay)
	}
	if n := x.submitted.Load() - sent; n != 0 {
		t.Fatalf("a run with a link at a search lock sent %d lookups\n%s", n, replay)
	}
	if after, _ := os.Stat(j.output); (before == nil) != (after == nil) || before != nil && !os.SameFile(before, after) {
		t.Fatalf("a run with a link at a search lock changed the output\n%s", replay)
	}
	if _, err := os.Lstat(filepath.Join(j.dir, "unborn")); err == nil {
		t.Fatalf("a file was made where the link at a search lock pointed\n%s", replay)
	}
}
