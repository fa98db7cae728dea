package main

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestErrorsInTheUsersWords: what a user reads when something is wrong
// is one sentence of theirs, never the machinery's: a flag's value as
// the flag wants it (not strconv's syntax error), a Redis that does not
// answer said once (not go-redis's own log, once per attempt), and the
// copy of standard input named as standard input (not its temporary
// path).
func TestErrorsInTheUsersWords(t *testing.T) {
	t.Setenv("ENRICH_API_KEY", "k")
	t.Setenv("ENRICH_API_URL", "http://127.0.0.1:9") // nothing listens
	dir := t.TempDir()
	leads := filepath.Join(sharedTestdata, "leads.csv")
	for _, tc := range []struct {
		args  []string
		want  string
		never []string
	}{
		{[]string{"run", leads, "-o", filepath.Join(dir, "o.csv"), "--max-credits", "abc"}, `--max-credits "abc": give a whole number`, []string{"strconv", "ParseInt"}},
		{[]string{"run", leads, "-o", filepath.Join(dir, "o.csv"), "--rate-window", "5x"}, `--rate-window "5x": give a duration`, []string{"time: "}},
		{[]string{"search", "--latitude", "north", "-o", filepath.Join(dir, "s.csv")}, `--latitude "north": give a number`, []string{"strconv"}},
		// A mistyped command is told as one, whatever flags follow it.
		{[]string{"rnu", leads, "-o", filepath.Join(dir, "o.csv")}, `unknown command "rnu"; did you mean "run"?`, []string{"shorthand"}},
		{[]string{"--quiet", "exprot", leads, "--bogus"}, `unknown command "exprot"; did you mean "export"?`, []string{"bogus"}},
	} {
		_, errOut, code := runEnrich(t, tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", tc.args, code, errOut, tc.want)
		}
		for _, s := range tc.never {
			if strings.Contains(errOut, s) {
				t.Errorf("%v: %q says %q", tc.args, errOut, s)
			}
		}
	}

	out, errOut, _ := runEnrich(t, "doctor", "--skip-callback-check", "--service-wait", "1s", "--budget-url", "redis://127.0.0.1:1")
	if n := strings.Count(out+errOut, "tcp 127.0.0.1:1:"); n != 1 || strings.Contains(errOut, "redis: ") {
		t.Errorf("doctor with a Redis that does not answer printed:\n%s%s", out, errOut)
	}

	cmd := exec.Command(enrichBin, "plan", "-", "--journal", "none")
	cmd.Stdin = strings.NewReader("Notes\nhello\n")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	_ = cmd.Run()
	if s := stderr.String(); !strings.Contains(s, "standard input: no identifier column") || strings.Contains(s, "enrich-stdin") {
		t.Errorf("plan of standard input: %q", s)
	}
}
