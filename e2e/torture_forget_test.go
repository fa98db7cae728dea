package e2e

import (
	"math/rand/v2"
	"path/filepath"
	"testing"
)

// forgetStream is the stream checkForget draws from.
const forgetStream = 0x666f7267

// checkForget forgets, on half the seeds, one to three of the people a
// complete job found, drawn, between two of its runs, and checks what
// forgetPeople checks: nothing of them left in the journal, their rows
// suppressed, the others as before, and the next run sending nothing. It
// returns how many it forgot.
func checkForget(t *testing.T, j *job, sch schedule, input string, again func(extra ...string) result, seed uint64, replay string) int {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, forgetStream))
	if r.IntN(2) == 0 {
		return 0
	}
	export := func(name string) ([]string, [][]string) {
		t.Helper()
		out := filepath.Join(j.dir, name)
		args := []string{"export", input, "-o", out, "--journal", j.journal, "--default-region", "US"}
		if sch.byNameOff {
			args = append(args, "--find-by-name", "off")
		}
		if res := j.enrich(t, args...); res.code != 0 {
			t.Fatalf("export exited %d\n%s\n%s", res.code, res.stderr, replay)
		}
		return readCSVLazy(t, out)
	}
	return forgetPeople(t, j, 1+r.IntN(3), r, export, func() result { return again() }, replay)
}
