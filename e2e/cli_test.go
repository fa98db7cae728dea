package e2e

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/demo/leads"
)

// The command line behaves as users of gh, kubectl or restic expect.
func TestCommandLine(t *testing.T) {
	t.Parallel()
	j := newJob(t, searchService(), 30)

	t.Run("version", func(t *testing.T) {
		for _, args := range [][]string{{"--version"}, {"-v"}, {"version"}} {
			out, res := j.stdout(t, args...)
			res.expectCode(t, 0)
			if !regexp.MustCompile(`^enrich \S+ .*go1\.`).MatchString(out) {
				t.Errorf("%v printed %q", args, out)
			}
		}
	})
	t.Run("typo", func(t *testing.T) {
		res := j.enrich(t, "rnu")
		res.expectCode(t, 2)
		if !strings.Contains(res.stderr, `did you mean "run"`) {
			t.Errorf("no suggestion:\n%s", res.stderr)
		}
	})
	t.Run("api url with the prefix", func(t *testing.T) {
		out, res := j.stdout(t, "credits", "--api-url", j.url+"/api/v1")
		res.expectCode(t, 0)
		if !strings.Contains(out, "credits") {
			t.Errorf("credits printed %q", out)
		}
	})
	t.Run("wrong key", func(t *testing.T) {
		for _, args := range [][]string{{"credits"}, j.args()} {
			res := j.enrichEnv(t, []string{"ENRICH_API_KEY=wrong"}, args...)
			res.expectCode(t, 2)
			if !strings.Contains(res.stderr, "ENRICH_API_KEY") || strings.Contains(res.stderr, "wrong") {
				t.Errorf("%v:\n%s", args[0], res.stderr)
			}
		}
	})
	t.Run("invalid search", func(t *testing.T) {
		res := j.enrich(t, "search", "--location", "Atlantis, Nowhere", "-o", filepath.Join(j.dir, "s.csv"), "--progress", "none")
		res.expectCode(t, 2)
		if !strings.Contains(res.stderr, "Location is not recognized") {
			t.Errorf("stderr:\n%s", res.stderr)
		}
	})
	t.Run("busy listen port", func(t *testing.T) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer ln.Close()
		res := j.enrich(t, j.args("--listen", ln.Addr().String())...)
		res.expectCode(t, 2)
		if !strings.Contains(res.stderr, "taken by another process") || strings.Contains(res.stderr, "unreachable") {
			t.Errorf("stderr:\n%s", res.stderr)
		}
		// The emulator takes its ports before it builds its world.
		for _, flag := range []string{"--listen", "--mcp-listen"} {
			args := []string{"emulator", "--people", "1000", "--listen", "127.0.0.1:0", flag, ln.Addr().String()}
			res = j.enrich(t, args...)
			if res.code != 2 || !strings.Contains(res.stderr, "taken by another process; give "+flag+" another port") {
				t.Errorf("%v: exit %d\n%s", args, res.code, res.stderr)
			}
		}
	})
	t.Run("emulator world size and signals", func(t *testing.T) {
		// A world larger than the machine holds is refused at once.
		res := j.enrich(t, "emulator", "--people", "1000000000", "--listen", "127.0.0.1:0")
		if res.code != 2 || !strings.Contains(res.stderr, "give at most --people") {
			t.Errorf("--people 1,000,000,000: exit %d\n%s", res.code, res.stderr)
		}
		// A signal during the build of a world ends it at once. 300,000
		// people take seconds to build, and well under a gigabyte: the
		// signal is sent once the emulator says it builds.
		cmd := j.command(context.Background(), "emulator", "--people", "300000", "--listen", "127.0.0.1:0")
		stderrPipe, err := cmd.StderrPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		var stderr strings.Builder
		lines := bufio.NewScanner(stderrPipe)
		for lines.Scan() && !strings.Contains(lines.Text(), "building the world") {
			stderr.WriteString(lines.Text() + "\n")
		}
		sent := time.Now()
		cmd.Process.Signal(syscall.SIGINT)
		for lines.Scan() {
			stderr.WriteString(lines.Text() + "\n")
		}
		cmd.Wait()
		if took := time.Since(sent); cmd.ProcessState.ExitCode() != 130 || took > 2*time.Second || !strings.Contains(stderr.String(), "while the world was being built") {
			t.Errorf("SIGINT during the build: exit %d after %v\n%s", cmd.ProcessState.ExitCode(), took, stderr.String())
		}
	})
	t.Run("company find json", func(t *testing.T) {
		out, res := j.stdout(t, "company", "find", "--json", companySlug(t, j))
		res.expectCode(t, 0)
		var found map[string]any
		json.Unmarshal([]byte(out), &found)
		if found["name"] == nil || found["company"] != nil {
			t.Errorf("company find --json printed %s", out)
		}
	})
	t.Run("completion", func(t *testing.T) {
		out, res := j.stdout(t, "__complete", "search", "--level", "")
		res.expectCode(t, 0)
		if !strings.Contains(out, "C-Level") {
			t.Errorf("no level values:\n%s", out)
		}
		out, _ = j.stdout(t, "__complete", "run", "x.csv", "--progress", "")
		if !strings.Contains(out, "bar") {
			t.Errorf("no progress values:\n%s", out)
		}
		out, _ = j.stdout(t, "__complete", "plan", "x.csv", "--column", "")
		if !strings.Contains(out, "email=") || !strings.Contains(out, "company=") {
			t.Errorf("no --column kinds:\n%s", out)
		}
		out, _ = j.stdout(t, "__complete", "run", "x.csv", "--find-by-name", "")
		if !strings.Contains(out, "off") {
			t.Errorf("no --find-by-name values:\n%s", out)
		}
		for _, flag := range []string{"--log-level", "--log-format", "--output-format", "--default-region"} {
			if out, _ = j.stdout(t, "__complete", "run", "x.csv", flag, ""); strings.Count(out, "\n") < 3 {
				t.Errorf("no %s values:\n%s", flag, out)
			}
		}
		// --sheet offers the sheets of the workbook named.
		book := filepath.Join(j.dir, "book.xlsx")
		if err := leads.WriteXLSX(book, j.sheet); err != nil {
			t.Fatal(err)
		}
		if out, _ = j.stdout(t, "__complete", "plan", book, "--sheet", ""); !strings.Contains(out, "Leads\n") {
			t.Errorf("no --sheet values:\n%s", out)
		}
	})
	t.Run("json for scripts", func(t *testing.T) {
		out, res := j.stdout(t, "credits", "--json")
		var credits struct {
			Pool    string `json:"pool"`
			Credits *int64 `json:"credits"`
		}
		if res.code != 0 || json.Unmarshal([]byte(out), &credits) != nil || credits.Pool != "standard" || credits.Credits == nil {
			t.Errorf("credits --json: exit %d, %q", res.code, out)
		}
		out, res = j.stdout(t, "doctor", "--json", "--listen", "127.0.0.1:0")
		var doctor struct {
			OK     bool `json:"ok"`
			Checks []struct {
				Check  string `json:"check"`
				OK     bool   `json:"ok"`
				Detail string `json:"detail"`
			} `json:"checks"`
		}
		if err := json.Unmarshal([]byte(out), &doctor); err != nil || res.code != 0 || !doctor.OK || len(doctor.Checks) != 4 || doctor.Checks[3].Check != "callbacks" {
			t.Errorf("doctor --json: exit %d, %v, %q", res.code, err, out)
		}
	})
	t.Run("json log", func(t *testing.T) {
		res := j.enrich(t, append(j.args(), "--log-format", "json", "--journal", filepath.Join(j.dir, "json.journal"), "-o", filepath.Join(j.dir, "json.csv"))...)
		res.expectCode(t, 0)
		lines := 0
		for _, line := range strings.Split(res.stderr, "\n") {
			if !strings.HasPrefix(line, "{") {
				continue
			}
			lines++
			var rec map[string]any
			if err := json.Unmarshal([]byte(line), &rec); err != nil {
				t.Fatalf("%v: %s", err, line)
			}
			for k, v := range rec {
				if strings.Contains(k, " ") {
					t.Errorf("key %q has a space: %s", k, line)
				}
				switch k {
				case "took", "eta", "items_per_minute":
					if _, ok := v.(float64); !ok {
						t.Errorf("%s is %T, not a number: %s", k, v, line)
					}
				}
			}
			if took, ok := rec["took"].(float64); ok && took > 60 {
				t.Errorf("took %v: not in seconds: %s", took, line)
			}
		}
		if lines == 0 {
			t.Errorf("no JSON log lines:\n%s", res.stderr)
		}
	})
	t.Run("plan exits as run would", func(t *testing.T) {
		nothing := filepath.Join(j.dir, "nothing.csv")
		names := filepath.Join(j.dir, "names.csv")
		writeFile(t, nothing, "Notes,Score\nmet at the fair,3\n")
		writeFile(t, names, "Name,Company\nAna García,Initech\n")
		for _, args := range [][]string{{"plan", nothing, "--journal", "none"}, {"run", nothing, "-o", filepath.Join(j.dir, "n.csv")}} {
			res := j.enrich(t, args...)
			if res.code != 2 || !strings.Contains(res.stderr, "no identifier column") {
				t.Errorf("%v: exit %d\n%s", args, res.code, res.stderr)
			}
		}
		out, res := j.stdout(t, "plan", names, "--journal", "none")
		if res.code != 0 || !strings.Contains(out, "rows are found by name and company") {
			t.Errorf("a sheet of names: exit %d\n%s%s", res.code, out, res.stderr)
		}
	})
	t.Run("misuse exits 2 with a sentence", func(t *testing.T) {
		for _, tc := range []struct {
			args []string
			want string
		}{
			{[]string{"changes"}, "--since DATE is required"},
			{[]string{"completion", "tcsh"}, "the shells are bash, zsh, fish, powershell"},
			{[]string{"completion"}, "enrich completion SHELL"},
			{[]string{"run", j.input, "-o", filepath.Join(j.dir, "o.csv"), "--find-by-name", "maybe"}, "--find-by-name \"maybe\": use auto"},
		} {
			res := j.enrich(t, tc.args...)
			if res.code != 2 || !strings.Contains(res.stderr, tc.want) {
				t.Errorf("%v: exit %d, %q; want 2 and %q", tc.args, res.code, res.stderr, tc.want)
			}
		}
	})
	t.Run("quiet", func(t *testing.T) {
		res := j.enrich(t, append(j.args("--quiet"), "--progress", "auto")...)
		res.expectCode(t, 0)
		if strings.Contains(res.stderr, "level=INFO") || !strings.Contains(res.stderr, "complete") {
			t.Errorf("--quiet printed:\n%s", res.stderr)
		}
	})
	t.Run("status aligned, seconds in JSON", func(t *testing.T) {
		out, res := j.stdout(t, "status", "--journal", j.journal)
		res.expectCode(t, 0)
		// Every line is a label padded to 12, a space, and its value.
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			if len(line) < 14 || line[12] != ' ' || line[13] == ' ' {
				t.Errorf("misaligned line %q", line)
			}
		}
		out, _ = j.stdout(t, "status", "--journal", j.journal, "--json")
		if strings.Contains(out, "eta_ns") {
			t.Errorf("status --json has eta_ns:\n%s", out)
		}
	})
}

// companySlug is a company of the emulator's sample.
func companySlug(t *testing.T, j *job) string {
	t.Helper()
	c := j.emu.World().Companies()
	return c[len(c)-1].Slug
}

// Ctrl-C while the service cannot be reached (the run waits for its
// credit balance) says so, exits 130, and writes what the run knows: the
// sheet, every row still to look up.
func TestInterruptWhileUnreachable(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(100), 10)
	j.url = "http://" + freePort(t)
	cmd := j.command(context.Background(), j.args()...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(1500 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGINT)
	cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != 130 || strings.Contains(stderr.String(), "context canceled") {
		t.Errorf("exit %d:\n%s", code, stderr.String())
	}
	header, rows := readCSVIf(t, j.output)
	status := slices.Index(header, "enrich_status")
	if len(rows) == 0 || status < 0 {
		t.Fatalf("interrupted before anything was sent, the run wrote %d rows (header %q); want the sheet, its rows pending\n%s", len(rows), header, stderr.String())
	}
	for _, r := range rows {
		if r[status] != "pending" && r[status] != "no_identifier" && r[status] != "invalid_identifier" {
			t.Fatalf("a row %q after an interrupt before anything was sent; want pending", r[status])
		}
	}
}

// The demo writes its sheets as data, not as programs.
func TestDemoFileModes(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(100), 0)
	dir := filepath.Join(j.dir, "demo")
	res := j.enrich(t, "demo", "--dir", dir, "--rows", "20", "--progress", "none")
	res.expectCode(t, 0)
	for _, name := range []string{"leads.xlsx", "leads-enriched.xlsx"} {
		fi, err := os.Stat(filepath.Join(dir, name))
		if err != nil || fi.Mode().Perm()&0o111 != 0 {
			t.Errorf("%s: %v, %v", name, fi.Mode(), err)
		}
	}
}

// TestAPIKeyFile: the key may come from a file ($ENRICH_API_KEY_FILE), as
// containers and cron jobs keep secrets (read by a group or anyone: taken,
// with a warning that names its mode); a file
// anyone can change, an empty one, or both variables at once are refused
// with exit 2 and a sentence saying what to do.
func TestAPIKeyFile(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(100), 0)
	key := filepath.Join(j.dir, "key")
	if err := os.WriteFile(key, []byte("e2e-key\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	noKey := "ENRICH_API_KEY="
	if res := j.enrichEnv(t, []string{noKey, "ENRICH_API_KEY_FILE=" + key}, "credits"); res.code != 0 || res.stderr != "" {
		t.Errorf("a key file of mode 0600: exit %d\n%s", res.code, res.stderr)
	}
	// A secret mounted for a group (Kubernetes' fsGroup: 0440) or for
	// everyone (Docker swarm: 0444) is taken, with a warning that names
	// its mode, on standard error and in doctor.
	for _, mode := range []os.FileMode{0o440, 0o444, 0o640} {
		os.Chmod(key, mode)
		res := j.enrichEnv(t, []string{noKey, "ENRICH_API_KEY_FILE=" + key}, "credits")
		want := fmt.Sprintf("(mode %04o) can be read by", mode)
		if res.code != 0 || !strings.Contains(res.stderr, want) {
			t.Errorf("a key file of mode %04o: exit %d, %q; want 0 and %q", mode, res.code, res.stderr, want)
		}
		out, res := j.stdoutEnv(t, []string{noKey, "ENRICH_API_KEY_FILE=" + key}, "doctor", "--skip-callback-check")
		if res.code != 0 || !strings.Contains(out, "warn the key file") || !strings.Contains(out, want) {
			t.Errorf("doctor with a key file of mode %04o: exit %d\n%s", mode, res.code, out)
		}
	}
	// A refused key is told by the variable that gave it.
	os.WriteFile(key, []byte("wrong-key\n"), 0o600)
	if res := j.enrichEnv(t, []string{noKey, "ENRICH_API_KEY_FILE=" + key}, "credits"); res.code != 2 || !strings.Contains(res.stderr, "check the key in the file ENRICH_API_KEY_FILE names") {
		t.Errorf("a wrong key in a file: exit %d, %q", res.code, res.stderr)
	}
	os.WriteFile(key, []byte("e2e-key\n"), 0o600)
	for _, tc := range []struct {
		name string
		env  []string
		prep func()
		want string
	}{
		{"writable by others", []string{noKey, "ENRICH_API_KEY_FILE=" + key}, func() { os.Chmod(key, 0o646) }, "can be changed by anyone (mode 0646)"},
		{"both set", []string{"ENRICH_API_KEY_FILE=" + key}, func() { os.Chmod(key, 0o600) }, "keep one"},
		{"missing", []string{noKey, "ENRICH_API_KEY_FILE=" + key + ".gone"}, func() {}, "no such file"},
		{"empty", []string{noKey, "ENRICH_API_KEY_FILE=" + key}, func() { os.WriteFile(key, []byte("\n"), 0o600) }, "must hold the key"},
		{"neither", []string{noKey}, func() {}, "ENRICH_API_KEY_FILE to a file"},
		// Opening a named pipe waited for a writer for ever, deaf to
		// SIGTERM.
		{"a named pipe", []string{noKey, "ENRICH_API_KEY_FILE=" + key + ".fifo"}, func() { syscall.Mkfifo(key+".fifo", 0o600) }, "is not a regular file (a named pipe)"},
		{"a folder", []string{noKey, "ENRICH_API_KEY_FILE=" + j.dir}, func() {}, "is not a regular file (a folder)"},
	} {
		tc.prep()
		res := j.enrichEnv(t, tc.env, "credits")
		if res.code != 2 || !strings.Contains(res.stderr, tc.want) {
			t.Errorf("%s: exit %d, %q; want 2 and %q", tc.name, res.code, res.stderr, tc.want)
		}
	}
}

// TestProgressSaysWhyItWaits runs two jobs of one sheet on one account
// with different journals: the first waits for its callbacks, the second
// is answered duplicate_query for the same items and waits out the
// service's duplicate period. `enrich status` of each says what it waits
// for, and its ETA does not fall to zero while rows wait.
func TestProgressSaysWhyItWaits(t *testing.T) {
	t.Parallel()
	cfg := fastService(10000)
	cfg.CallbackDelay, cfg.MaxCallbackDelay, cfg.DuplicatePeriod = 3*time.Second, 3*time.Second, 20*time.Second
	j := newJob(t, cfg, 20)
	waitsFor := func(journal, what string) {
		t.Helper()
		waitFor(t, journal+" to wait for "+what, func() bool {
			out, _ := j.stdout(t, "status", "--journal", journal, "--json")
			var st struct {
				Run *struct {
					Waiting    int     `json:"waiting"`
					WaitingFor string  `json:"waiting_for"`
					ETA        float64 `json:"eta_seconds"`
				} `json:"run"`
			}
			if json.Unmarshal([]byte(out), &st) != nil || st.Run == nil {
				return false
			}
			if st.Run.Waiting > 0 && st.Run.ETA == 0 {
				t.Errorf("ETA 0 while %d rows wait for %q", st.Run.Waiting, st.Run.WaitingFor)
			}
			return strings.HasPrefix(st.Run.WaitingFor, what)
		})
	}
	j.start(t, j.args()...)
	waitsFor(j.journal, "callbacks for")
	second := filepath.Join(j.dir, "second.journal")
	j.start(t, append(j.args("--retry-wait", "15s"), "--journal", second, "-o", filepath.Join(j.dir, "second.csv"))...)
	waitsFor(second, "the service's duplicate period")
	out, res := j.stdout(t, "status", "--journal", second)
	if res.code != 0 || !strings.Contains(out, "waiting for  the service's duplicate period") {
		t.Errorf("status does not say why the run waits:\n%s", out)
	}
}
