package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// enrichUmask runs the binary as enrich does, under a umask set as a
// user's shell sets it.
func (j *job) enrichUmask(t *testing.T, umask string, args ...string) result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := j.command(ctx, args...)
	cmd.Path = "/bin/sh"
	cmd.Args = append([]string{"sh", "-c", `umask ` + umask + ` && exec "$0" "$@"`, binary}, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	r := result{stderr: stderr.String()}
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		r.code = ee.ExitCode()
	case err != nil:
		t.Fatalf("run enrich: %v", err)
	}
	return r
}

// sampleCompany is the slug of a company of the job's world.
func sampleCompany(t *testing.T, j *job) string {
	t.Helper()
	var sample struct{ Companies []struct{ Slug string } }
	resp, err := http.Get(j.url + "/_emulator/sample?count=5")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(&sample); err != nil || len(sample.Companies) == 0 {
		t.Fatalf("no company in the sample: %v", err)
	}
	return sample.Companies[len(sample.Companies)-1].Slug
}

// TestFilesFollowUmask runs a job, an export, a search and a company
// export under a user's umask: every file they write (outputs, reports)
// gets the mode any other program would give it, 0600 under umask 077
// (the JSONL output holds every contact), 0644 under 022; the status file
// beside the journal takes the journal's, 0600 under either.
func TestFilesFollowUmask(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		umask string
		want  os.FileMode
	}{
		{"077", 0o600},
		{"022", 0o644},
	} {
		t.Run(tc.umask, func(t *testing.T) {
			t.Parallel()
			j := newJob(t, searchService(), 40)
			j.output = filepath.Join(j.dir, "enriched.jsonl")
			j.enrichUmask(t, tc.umask, j.args()...).expectCode(t, 0)
			exported := filepath.Join(j.dir, "exported.csv")
			j.enrichUmask(t, tc.umask, "export", j.input, "-o", exported, "--journal", j.journal,
				"--default-region", "US", "--progress", "none").expectCode(t, 0)
			searched := filepath.Join(j.dir, "people.xlsx")
			j.enrichUmask(t, tc.umask, "search", "--location", "Texas", "--max", "20", "-o", searched, "--progress", "none").expectCode(t, 0)
			employees := filepath.Join(j.dir, "employees.csv")
			j.enrichUmask(t, tc.umask, "company", "employees", sampleCompany(t, j), "-o", employees,
				"--journal", filepath.Join(j.dir, "company.journal"), "--listen", "127.0.0.1:0",
				"--callback-timeout", "10s", "--progress", "none").expectCode(t, 0)

			files := []string{
				j.output, j.output + ".report.json", j.output + ".report.html",
				exported, searched,
				employees, employees + ".report.json", employees + ".report.html",
			}
			for _, f := range files {
				fi, err := os.Stat(f)
				if err != nil {
					t.Errorf("umask %s: %v", tc.umask, err)
					continue
				}
				if got := fi.Mode().Perm(); got != tc.want {
					t.Errorf("umask %s: %s has mode %04o; want %04o", tc.umask, filepath.Base(f), got, tc.want)
				}
			}
			switch fi, err := os.Stat(j.journal + ".status.json"); {
			case err != nil:
				t.Errorf("umask %s: the status file beside the journal: %v", tc.umask, err)
			case fi.Mode().Perm() != 0o600:
				t.Errorf("umask %s: the status file beside the journal has mode %04o; want the journal's, 0600", tc.umask, fi.Mode().Perm())
			}
		})
	}
}

// TestPasswordInServiceURLNotShown runs a job against a service address
// that carries a password and a key: neither reaches the report (its
// JSON and its page, the settings and the command line), the summary or
// any log line, at the most verbose level and in both log formats,
// whether the address came by flag or by the environment, and whether
// the service answered or not.
func TestPasswordInServiceURLNotShown(t *testing.T) {
	t.Parallel()
	const secret = "s3cr3tpw"
	j := newJob(t, fastService(1000), 40)
	withPassword := strings.Replace(j.url, "http://", "http://ana:"+secret+"@", 1) + "/?api_key=" + secret + "k"
	unreachable := "http://ana:" + secret + "@127.0.0.1:1/?token=" + secret + "t"

	for _, tc := range []struct {
		name string
		env  []string
		args []string
		code int
	}{
		{"flag", nil, j.args("--api-url", withPassword, "--log-level", "debug"), 0},
		{"environment", []string{"ENRICH_API_URL=" + withPassword}, j.args("--log-level", "debug", "--log-format", "json"), 0},
		{"public-url", nil, j.args("--public-url", "http://bob:"+secret+"@127.0.0.1:9/hook?sig="+secret, "--sync", "--log-level", "debug"), 0},
		{"unreachable", nil, j.args("--api-url", unreachable, "--journal", filepath.Join(j.dir, "unreachable.journal"), "--service-wait", "1s", "--log-level", "debug"), 3},
		{"doctor", []string{"ENRICH_API_URL=" + withPassword}, []string{"doctor", "--log-level", "debug",
			"--listen", "127.0.0.1:0", "--public-url", "http://bob:" + secret + "@127.0.0.1:9/hook?sig=" + secret}, 1},
		{"not a URL", nil, j.args("--api-url", "ana:"+secret+"@127.0.0.1"), 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_ = os.Remove(j.output + ".report.json")
			_ = os.Remove(j.output + ".report.html")
			stdout, res := j.stdoutEnv(t, tc.env, tc.args...)
			if res.code != tc.code {
				t.Fatalf("exit code %d, want %d:\n%s", res.code, tc.code, res.stderr)
			}
			if strings.Contains(res.stderr, secret) || strings.Contains(stdout, secret) {
				t.Errorf("the password shows:\n%s%s", stdout, res.stderr)
			}
			if tc.args[0] == "doctor" && !strings.Contains(stdout, "ana:xxxxx@") {
				t.Errorf("doctor does not name the service, redacted:\n%s", stdout)
			}
			if tc.args[0] != "run" || tc.code == 2 {
				return
			}
			for _, ext := range []string{".report.json", ".report.html"} {
				b, err := os.ReadFile(j.output + ext)
				if err != nil {
					t.Fatal(err)
				}
				if bytes.Contains(b, []byte(secret)) {
					t.Errorf("the password is in %s", ext)
				}
			}
			if tc.name == "flag" {
				r := j.report(t)
				if !strings.Contains(r.Command, "ana:xxxxx@") {
					t.Errorf("the report's command line does not show the address, redacted: %s", r.Command)
				}
			}
		})
	}
}

// TestJournalFolderRefused gives every command that reads or writes a
// journal a folder, a sheet and an empty file as its journal: each
// refuses it before anything else, says what it is, and exits 2 (bad
// usage); for a folder, every command with the same sentence. Nothing is
// sent, and the empty file stays empty: before, a run took it as a new
// journal and paid for every row again.
func TestJournalFolderRefused(t *testing.T) {
	t.Parallel()
	j := newJob(t, searchService(), 10)
	folder := filepath.Join(j.dir, "journals")
	if err := os.Mkdir(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(j.dir, "empty.journal")
	writeFile(t, empty, "")
	out := filepath.Join(j.dir, "out.csv")
	for _, bad := range []struct{ path, says string }{
		{folder, "is a folder"},
		{j.input, "not an enrich journal: it is a text file"},
		{empty, "is empty (0 bytes)"},
	} {
		var sentence string
		for _, args := range [][]string{
			append(j.args(), "--journal", bad.path),
			{"status", "--journal", bad.path},
			{"export", j.input, "-o", out, "--journal", bad.path},
			{"changes", "--journal", bad.path, "--since", "2026-01-01", "-o", out},
			{"plan", j.input, "--journal", bad.path},
			{"journal", "check", bad.path},
			{"journal", "salvage", bad.path, filepath.Join(j.dir, "new.journal")},
			{"company", "employees", sampleCompany(t, j), "-o", out, "--journal", bad.path, "--listen", "127.0.0.1:0"},
			{"search", "--location", "Texas", "--max", "5", "--enrich", "-o", out, "--journal", bad.path, "--listen", "127.0.0.1:0"},
		} {
			res := j.enrich(t, args...)
			lines := strings.Split(strings.TrimSpace(res.stderr), "\n")
			last := lines[len(lines)-1]
			if res.code != 2 || !strings.Contains(last, bad.says) {
				t.Errorf("%s with %s: exit %d, want 2 and %q:\n%s", strings.Join(args[:2], " "), bad.path, res.code, bad.says, res.stderr)
				continue
			}
			if bad.path != folder {
				continue
			}
			if sentence == "" {
				sentence = last
			} else if last != sentence {
				t.Errorf("%s says %q; the others say %q", strings.Join(args[:2], " "), last, sentence)
			}
		}
	}
	if fi, err := os.Stat(empty); err != nil || fi.Size() != 0 {
		t.Errorf("the empty journal was written: %v", err)
	}
	if st := j.stats(); st.Requests != 0 || st.SearchQueries != 0 {
		t.Errorf("%d lookups and %d searches sent with no usable journal", st.Requests, st.SearchQueries)
	}
}
