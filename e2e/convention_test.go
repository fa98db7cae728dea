package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/enrich-dev/enrich/internal/jsondoc"
)

// TestWritersShareOneConvention: every command that writes a sheet takes
// -o - (standard output) with --output-format, refuses an output it
// cannot write with exit 2 before anything is asked of the service, and
// a company the service does not know is told in the same words, with
// the same exit code, by every company command.
func TestWritersShareOneConvention(t *testing.T) {
	t.Parallel()
	j := newJob(t, searchService(), 10)
	search := []string{"search", "--current-title", "VP", "--max", "3", "--progress", "none"}

	for _, out := range []string{filepath.Join(j.dir, "x.txt"), filepath.Join(j.dir, "noext")} {
		before := j.stats().SearchQueries
		res := j.enrich(t, append(search, "-o", out)...)
		res.expectCode(t, 2)
		if !strings.Contains(res.stderr, ".csv, .xlsx or .jsonl") || j.stats().SearchQueries != before {
			t.Errorf("search -o %s: %d searches\n%s", out, j.stats().SearchQueries-before, res.stderr)
		}
	}
	for _, tc := range []struct {
		args  []string
		head  string
		lines int
	}{
		{[]string{"-o", "-"}, "uid,full_name,", 4},
		{[]string{"-o", "/dev/stdout"}, "uid,full_name,", 4},
		{[]string{"-o", "-", "--output-format", "jsonl"}, `{"uid":`, 3},
	} {
		out, res := j.stdout(t, append(search, tc.args...)...)
		res.expectCode(t, 0)
		if !strings.HasPrefix(out, tc.head) || strings.Count(out, "\n") != tc.lines {
			t.Errorf("search %v printed:\n%s\n%s", tc.args, out, res.stderr)
		}
	}
	res := j.enrich(t, "company", "employees", "acme", "-o", filepath.Join(j.dir, "e.txt"), "--journal", filepath.Join(j.dir, "e.journal"))
	res.expectCode(t, 2)

	var said []string
	for _, args := range [][]string{
		{"company", "find", "no-such-company-anywhere"},
		{"company", "info", "no-such-company-anywhere"},
		{"company", "employees", "no-such-company-anywhere", "-o", filepath.Join(j.dir, "e.csv"), "--journal", filepath.Join(j.dir, "e.journal"), "--progress", "none"},
	} {
		res := j.enrich(t, args...)
		res.expectCode(t, 2)
		said = append(said, strings.TrimSpace(res.stderr))
	}
	if !strings.Contains(said[0], `no company "no-such-company-anywhere"`) || said[1] != said[0] || said[2] != said[0] {
		t.Errorf("find, info and employees say:\n%s", strings.Join(said, "\n"))
	}
}

// TestJSONLogsAndSummary: with --log-format json every line on standard
// error is a JSON object, the last one of a failing run included, and
// the summary is one JSON object on standard output whatever the exit
// code, with every key docs/json.md lists.
func TestJSONLogsAndSummary(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(100000), 20)
	listed := jsondoc.Keys(t, filepath.Join("..", "docs", "json.md"), "The run's summary")
	for _, tc := range []struct {
		name string
		env  []string
		code int
	}{
		{"complete", nil, 0},
		{"a refused key", []string{"ENRICH_API_KEY=wrong"}, 2},
		{"no service address", []string{"ENRICH_API_URL="}, 2},
	} {
		out, res := j.stdoutEnv(t, tc.env, j.args("--log-format", "json")...)
		res.expectCode(t, tc.code)
		for _, line := range strings.Split(strings.TrimSpace(res.stderr), "\n") {
			if !json.Valid([]byte(line)) {
				t.Errorf("%s: a line of standard error is not JSON: %q", tc.name, line)
			}
		}
		if last := lastLine(res.stderr); tc.code != 0 && !strings.Contains(last, `"level":"ERROR"`) {
			t.Errorf("%s: the last line %q is not the error", tc.name, last)
		}
		var sum struct {
			ExitCode int `json:"exit_code"`
		}
		if err := json.Unmarshal([]byte(out), &sum); err != nil || sum.ExitCode != tc.code || strings.Count(out, "\n") != 1 {
			t.Errorf("%s: standard output %q (%v); want one summary with exit_code %d", tc.name, out, err, tc.code)
			continue
		}
		jsondoc.Check(t, listed, []byte(out))
	}
}

// lastLine is the last line of s.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

// TestFilesBesideTheJournal: under umask 022 the copies of standard
// input and output kept beside the journal have the journal's mode
// (0600), not 0644; a run that stops early keeps them for the next, and
// a run that completes removes them.
func TestFilesBesideTheJournal(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(100000), 30)
	in, err := os.ReadFile(j.input)
	if err != nil {
		t.Fatal(err)
	}
	run := func(extra ...string) result {
		args := j.args(extra...)
		args[1], args[3] = "-", "-" // run - -o -
		quoted := []string{"umask 022; exec", strconv.Quote(binary)}
		for _, a := range args {
			quoted = append(quoted, strconv.Quote(a))
		}
		cmd := j.command(context.Background())
		cmd.Path, cmd.Args = "/bin/sh", []string{"sh", "-c", strings.Join(quoted, " ")}
		cmd.Stdin = bytes.NewReader(in)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		err := cmd.Run()
		r := result{stderr: stderr.String()}
		if err != nil {
			r.code = cmd.ProcessState.ExitCode()
		}
		return r
	}
	copies := []string{j.journal + ".stdin.csv", j.journal + ".stdout.csv"}

	run("--max-credits", "1").expectCode(t, 3)
	for _, f := range append([]string{j.journal, j.journal + ".status.json"}, copies...) {
		fi, err := os.Stat(f)
		if err != nil || fi.Mode().Perm() != 0o600 {
			t.Errorf("after a run that stopped early, %s: %v, %v; want 0600", filepath.Base(f), fi.Mode(), err)
		}
	}
	run().expectCode(t, 0)
	for _, f := range copies {
		if _, err := os.Stat(f); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("after a run that completed, %s is still there (%v)", filepath.Base(f), err)
		}
	}
}
