package e2e

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// stdout runs the binary and returns its standard output and how it ended.
func (j *job) stdout(t *testing.T, args ...string) (string, result) {
	t.Helper()
	return j.stdoutEnv(t, nil, args...)
}

// stdoutEnv is stdout with extra environment variables.
func (j *job) stdoutEnv(t *testing.T, env []string, args ...string) (string, result) {
	t.Helper()
	cmd := j.command(context.Background(), args...)
	cmd.Env = append(cmd.Env, env...)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	r := result{stderr: stderr.String()}
	if err != nil {
		r.code = cmd.ProcessState.ExitCode()
	}
	return stdout.String(), r
}

func TestJobCommands(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(500), 120)
	j.enrich(t, j.args()...).expectCode(t, 0)

	// export writes the same sheet from the journal alone.
	again := filepath.Join(j.dir, "again.csv")
	_, res := j.stdout(t, "export", j.input, "-o", again, "--journal", j.journal, "--default-region", "US")
	res.expectCode(t, 0)
	a, _ := os.ReadFile(j.output)
	b, _ := os.ReadFile(again)
	if string(a) != string(b) {
		t.Error("export from the journal differs from the run's output")
	}

	// plan counts what the journal already holds.
	out, res := j.stdout(t, "plan", j.input, "--journal", j.journal, "--default-region", "US", "--json")
	res.expectCode(t, 0)
	if !strings.Contains(out, `"resolved"`) {
		t.Errorf("plan does not count the journal's answers:\n%s", out)
	}

	// status after the run.
	out, res = j.stdout(t, "status", "--journal", j.journal)
	res.expectCode(t, 0)
	if !strings.Contains(out, "finished") || !strings.Contains(out, "found") {
		t.Errorf("status:\n%s", out)
	}

	// credits reads each pool.
	used := j.stats().CreditsUsed["standard"]
	out, res = j.stdout(t, "credits")
	res.expectCode(t, 0)
	if !strings.HasPrefix(out, itoa(int(500-used))+" credits") {
		t.Errorf("credits: %q, want %d left", out, 500-used)
	}

	// doctor: the callback address reaches the listener; a wrong one does not.
	out, res = j.stdout(t, "doctor", "--listen", "127.0.0.1:0")
	res.expectCode(t, 0)
	if strings.Contains(out, "FAIL") {
		t.Errorf("doctor:\n%s", out)
	}
	out, res = j.stdout(t, "doctor", "--listen", "127.0.0.1:0", "--public-url", "http://"+freePort(t))
	res.expectCode(t, 1)
	if !strings.Contains(out, "FAIL callbacks") || !strings.Contains(out, "--sync") {
		t.Errorf("doctor with an unreachable public URL:\n%s", out)
	}
}
