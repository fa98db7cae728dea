package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
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
	return j.pipe(t, env, nil, args...)
}

// pipe runs the binary with stdin as its standard input (nil: none) and
// returns its standard output.
func (j *job) pipe(t *testing.T, env []string, stdin io.Reader, args ...string) (string, result) {
	t.Helper()
	cmd := j.command(context.Background(), args...)
	cmd.Env = append(cmd.Env, env...)
	cmd.Stdin = stdin
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

// TestStandardInputAndOutput runs the tool as a script does: the sheet
// piped in with -, the output piped out with -o -, the summary as one
// JSON object with --log-format json; and refuses what cannot work.
func TestStandardInputAndOutput(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(10000), 60)
	in, err := os.ReadFile(j.input)
	if err != nil {
		t.Fatal(err)
	}
	args := j.args("--log-format", "json")
	args[1], args[3] = "-", "-" // run - -o -
	out, res := j.pipe(t, nil, bytes.NewReader(in), args...)
	res.expectCode(t, 0)
	writeFile(t, j.output, out)
	j.checkRows(t)
	lines := strings.Split(strings.TrimSpace(res.stderr), "\n")
	var sum struct {
		Complete bool   `json:"complete"`
		Rows     int    `json:"rows"`
		Input    string `json:"input"`
		Output   string `json:"output"`
		Report   string `json:"report"`
		Coverage struct {
			Found int `json:"found"`
		} `json:"coverage"`
		Credits struct {
			Spent int64 `json:"spent"`
		} `json:"credits"`
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &sum); err != nil || !sum.Complete || sum.Rows != len(j.sheet) || sum.Coverage.Found == 0 || sum.Credits.Spent == 0 || sum.Credits.Spent > int64(sum.Coverage.Found) {
		t.Fatalf("with the output on standard output, the summary goes last to standard error as JSON; got %v %+v:\n%s", err, sum, res.stderr)
	}
	if _, err := os.Stat(sum.Report); err != nil {
		t.Errorf("the summary names the report %s: %v", sum.Report, err)
	}
	// The file the output went through is gone once sent on: the summary
	// names where the output went instead.
	if sum.Input != "standard input" || sum.Output != "standard output" {
		t.Errorf("the summary names input %q and output %q; want standard input and standard output", sum.Input, sum.Output)
	}

	// With a file output, standard output holds the summary alone.
	out, res = j.stdout(t, j.args("--log-format", "json")...)
	res.expectCode(t, 0)
	var again map[string]any
	dec := json.NewDecoder(strings.NewReader(out))
	if err := dec.Decode(&again); err != nil || dec.More() || again["complete"] != true {
		t.Errorf("standard output is not one JSON summary (%v):\n%s", err, out)
	}

	// export and plan read standard input too; export writes JSON lines
	// to standard output with --output-format.
	out, res = j.pipe(t, nil, bytes.NewReader(in), "export", "-", "-o", "-", "--output-format", "jsonl", "--journal", j.journal, "--default-region", "US")
	res.expectCode(t, 0)
	if n := strings.Count(out, "\n"); n != len(j.sheet) {
		t.Errorf("export to standard output: %d JSON lines for %d rows", n, len(j.sheet))
	}
	out, res = j.pipe(t, nil, bytes.NewReader(in), "plan", "-", "--journal", "none")
	if res.code != 0 || !strings.Contains(out, "Identifier columns") {
		t.Errorf("plan -: exit %d\n%s%s", res.code, out, res.stderr)
	}

	// Misuse: exit 2 with a sentence.
	for _, tc := range []struct {
		stdin []byte
		args  []string
		want  string
	}{
		{nil, []string{"plan", "-", "--journal", "none"}, "standard input (-), which is empty"},
		{in, []string{"export", "-", "-o", "-", "--output-format", "xml", "--journal", j.journal}, `--output-format "xml": use csv, xlsx, jsonl`},
		{in, []string{"export", "-", "-o", filepath.Join(j.dir, "x.csv"), "--output-format", "jsonl", "--journal", j.journal}, "the extension names the format"},
	} {
		_, res := j.pipe(t, nil, bytes.NewReader(tc.stdin), tc.args...)
		if res.code != 2 || !strings.Contains(res.stderr, tc.want) {
			t.Errorf("%v: exit %d, want 2 saying %q:\n%s", tc.args, res.code, tc.want, res.stderr)
		}
	}
}
