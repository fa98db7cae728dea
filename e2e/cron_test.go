package e2e

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/demo/leads"
	"github.com/enrich-dev/enrich/internal/redistest"
)

// A ```cron block of the README or of a page under docs/ is lines to paste
// into `crontab -e`, and TestCronEntries holds them to what cron does
// with them: it reads a line at a time (a line ending in \ is not
// continued), runs each entry's command with /bin/sh -c in the user's home
// folder with nothing in its environment but PATH=/usr/bin:/bin, HOME and
// the crontab's own VAR=value lines, and turns a % of the command into a
// new line unless it is written \%.
//
// A script an entry calls is shown in full in a ```sh norun block whose
// first line is its #! and whose second a comment that starts with its
// path: "# /srv/leads/refresh.sh: what it does".

// cronPath is the PATH cron gives a command; besides it, only HOME and
// the crontab's VAR=value lines.
const cronPath = "PATH=/usr/bin:/bin"

// cronKeywords are the @ schedules cron knows.
var cronKeywords = map[string]bool{"@reboot": true, "@yearly": true, "@annually": true, "@monthly": true,
	"@weekly": true, "@daily": true, "@midnight": true, "@hourly": true}

// cronFields are the five time fields of an entry: their name, range and
// the names cron takes for their values.
var cronFields = []struct {
	name   string
	lo, hi int
	names  []string
}{
	{"minute", 0, 59, nil},
	{"hour", 0, 23, nil},
	{"day of month", 1, 31, nil},
	{"month", 1, 12, []string{"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"}},
	{"day of week", 0, 7, []string{"sun", "mon", "tue", "wed", "thu", "fri", "sat"}},
}

var (
	cronVar   = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$`)
	cronTimed = regexp.MustCompile(`^(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S.*)$`)
	cronAt    = regexp.MustCompile(`^(@\S+)\s+(\S.*)$`)
)

// cronEntry is one entry of a crontab block: its line in the page, its
// command as cron runs it (\% made %), and the VAR=value lines above it.
type cronEntry struct {
	where   string
	env     []string
	command string
}

// TestCronEntries checks every line of every cron block of the README and
// the docs/ pages as cron reads it, then runs each entry's command as cron
// would, against the real binary and the emulator, with only the paths
// and addresses the test stands for replaced: /usr/local/bin by a folder
// holding the binary (and a mail that checks its attachment is there),
// /srv/leads by a folder holding the sheet and the key file, the service,
// the callback's address and a Redis by the test's own. The command must
// exit 0, having asked the service, written the files it names with -o
// and sent the mail it sends.
func TestCronEntries(t *testing.T) {
	t.Parallel()
	blocks := 0
	for _, page := range docPages(t) {
		all := readBlocks(t, page)
		scripts := cronScripts(t, all)
		for _, b := range all {
			if b.info[0] != "cron" {
				continue
			}
			blocks++
			for _, e := range parseCron(t, b) {
				t.Run(strings.ReplaceAll(e.where, "/", "_"), func(t *testing.T) { runCronEntry(t, e, scripts) })
			}
		}
	}
	if blocks == 0 {
		t.Fatal("no page has a cron block: the test tests nothing")
	}
}

// parseCron returns the entries of a cron block, and fails the test for
// every line cron would not read as the page means it.
func parseCron(t *testing.T, b docBlock) []cronEntry {
	t.Helper()
	var env []string
	var entries []cronEntry
	for i, line := range strings.Split(strings.TrimSuffix(b.text, "\n"), "\n") {
		where := fmt.Sprintf("%s:%d", b.page, b.line+1+i)
		line = strings.TrimSpace(line)
		if strings.HasSuffix(line, `\`) {
			t.Errorf("%s: the line ends with \\: cron does not join lines, and runs this one cut short; write the entry on one line, or call a script", where)
			continue
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if m := cronVar.FindStringSubmatch(line); m != nil {
			env = append(env, m[1]+"="+unquote(m[2]))
			continue
		}
		var command string
		if m := cronAt.FindStringSubmatch(line); m != nil {
			if !cronKeywords[m[1]] {
				t.Errorf("%s: %s is no schedule cron knows", where, m[1])
				continue
			}
			command = m[2]
		} else if m := cronTimed.FindStringSubmatch(line); m != nil {
			var bad []string
			for f, spec := range cronFields {
				if err := cronField(m[1+f], spec.lo, spec.hi, spec.names); err != nil {
					bad = append(bad, fmt.Sprintf("%s %q: %v", spec.name, m[1+f], err))
				}
			}
			if len(bad) > 0 {
				t.Errorf("%s: %q is no crontab entry (a line continued from the one above?): %s", where, line, strings.Join(bad, "; "))
				continue
			}
			command = m[6]
		} else {
			t.Errorf("%s: %q is no crontab line: an entry is five time fields (or an @ schedule) and a command, on one line", where, line)
			continue
		}
		if i := unescapedPercent(command); i >= 0 {
			t.Errorf("%s: the command has a %% that is not written \\%%: cron ends the command there and gives the rest as its input", where)
			continue
		}
		entries = append(entries, cronEntry{where: where, env: append([]string(nil), env...), command: strings.ReplaceAll(command, `\%`, "%")})
	}
	return entries
}

// cronField checks one time field: *, a value, a range, a list of them,
// and a step after * or a range.
func cronField(f string, lo, hi int, names []string) error {
	value := func(s string) (int, error) {
		for i, n := range names {
			if strings.EqualFold(s, n) {
				return i + lo, nil
			}
		}
		v, err := strconv.Atoi(s)
		if err != nil || v < lo || v > hi {
			return 0, fmt.Errorf("not a value from %d to %d", lo, hi)
		}
		return v, nil
	}
	for _, part := range strings.Split(f, ",") {
		span, step, stepped := strings.Cut(part, "/")
		if stepped {
			if n, err := strconv.Atoi(step); err != nil || n < 1 {
				return fmt.Errorf("step %q is not a whole number above 0", step)
			}
		}
		if span == "*" {
			continue
		}
		from, to, isRange := strings.Cut(span, "-")
		if stepped && !isRange {
			return fmt.Errorf("a step follows * or a range, not %q", span)
		}
		a, err := value(from)
		if err != nil {
			return err
		}
		if isRange {
			b, err := value(to)
			if err != nil {
				return err
			}
			if b < a {
				return fmt.Errorf("range %q runs backwards", span)
			}
		}
	}
	return nil
}

// unescapedPercent is the index of the first % of a command that is not
// written \%, or -1.
func unescapedPercent(command string) int {
	for i := 0; i < len(command); i++ {
		switch command[i] {
		case '\\':
			i++
		case '%':
			return i
		}
	}
	return -1
}

// unquote is a crontab value without the quotes cron takes off.
func unquote(v string) string {
	v = strings.TrimSpace(v)
	if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
		return v[1 : len(v)-1]
	}
	return v
}

// cronScript is a script a page shows in full for its entries to call.
type cronScript struct {
	path, text string
}

var scriptPath = regexp.MustCompile(`^# (/\S+?):?(\s|$)`)

// cronScripts are the scripts a page's blocks show: ```sh norun blocks
// that start with #! and a comment that starts with their path.
func cronScripts(t *testing.T, blocks []docBlock) []cronScript {
	t.Helper()
	var scripts []cronScript
	for _, b := range blocks {
		lines := strings.SplitN(b.text, "\n", 3)
		if b.info[0] != "sh" || !strings.HasPrefix(b.text, "#!") || len(lines) < 2 {
			continue
		}
		m := scriptPath.FindStringSubmatch(lines[1])
		if m == nil {
			t.Errorf("%s: a script without its path on its second line (# /srv/leads/job.sh: what it does): no entry can call it", b.where())
			continue
		}
		scripts = append(scripts, cronScript{path: m[1], text: b.text})
	}
	return scripts
}

// cronSubst replaces what a page names (a folder, an address) by what the
// test stands for it.
type cronSubst struct {
	from *regexp.Regexp
	to   string
}

// runCronEntry runs an entry's command as cron would, in a machine the
// test stands for: its own service, sheet, key, callback port and home.
func runCronEntry(t *testing.T, e cronEntry, scripts []cronScript) {
	t.Parallel()
	j := newJob(t, fastService(100000), 30)
	home := t.TempDir()
	replace := cronStandIns(t, j, e.command+strings.Join(e.env, " ")+calledScripts(scripts, e.command))
	command, text := replace(e.command), replace(e.command)
	for _, s := range scripts {
		if strings.Contains(e.command, s.path) {
			writeExecutable(t, replace(s.path), replace(s.text))
			text += "\n" + replace(s.text)
		}
	}
	// Relative paths are the folder's the commands cd to, or else home's,
	// where cron starts them.
	base := home
	if m := regexp.MustCompile(`\bcd\s+(\S+)`).FindStringSubmatch(text); m != nil {
		base = m[1]
	}
	cronInputs(t, j, text, base)

	env := []string{cronPath, "HOME=" + home}
	for _, v := range e.env {
		env = append(env, replace(v))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "/bin/sh", "-c", command)
	cmd.Dir, cmd.Env = home, env
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	if err != nil {
		t.Fatalf("%s: as cron runs it, the command failed (%v):\n%s\n%s%s", e.where, err, command, tail(out.String(), 30), logsIn(base))
	}

	// What the command was to do, done: the files it writes with -o, the
	// service asked, the mail sent.
	for _, m := range regexp.MustCompile(`\s-o\s+(\S+)`).FindAllStringSubmatch(text, -1) {
		path := m[1]
		if !filepath.IsAbs(path) {
			path = filepath.Join(base, path)
		}
		if _, err := os.Stat(path); err != nil {
			t.Errorf("%s: the command ran, but %s is not there: %v%s", e.where, m[1], err, logsIn(base))
		}
	}
	if st := j.stats(); st.Requests == 0 {
		t.Errorf("%s: the command ran, and the service was asked nothing%s", e.where, logsIn(base))
	}
	if regexp.MustCompile(`(^|\s)mail\s`).MatchString(text) {
		if _, err := os.Stat(filepath.Join(home, "mail.sent")); err != nil {
			t.Errorf("%s: the command ran, and sent no mail%s", e.where, logsIn(base))
		}
	}
}

// cronStandIns makes the folders, the binary, the mail and the servers
// the test stands for what text names, and returns what replaces each
// name: /usr/local/bin by a folder holding the binary and a mail that
// checks that what it attaches is there; /srv/leads by a folder for the
// sheet; the service, the callback's address and a Redis by the test's.
func cronStandIns(t *testing.T, j *job, text string) func(string) string {
	t.Helper()
	work, bin := t.TempDir(), t.TempDir()
	port := strings.TrimPrefix(freePort(t), "127.0.0.1:")
	abs, err := filepath.Abs(binary)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(abs, filepath.Join(bin, "enrich")); err != nil {
		t.Fatal(err)
	}
	writeExecutable(t, filepath.Join(bin, "mail"), `#!/bin/sh
prev=
for a; do
	if [ "$prev" = -A ] && [ ! -s "$a" ]; then echo "mail: no file $a to attach in $(pwd)" >&2; exit 1; fi
	prev=$a
done
cat >/dev/null
echo "$@" >>"$HOME/mail.sent"
`)
	subst := []cronSubst{
		{regexp.MustCompile(`/usr/local/bin\b`), bin},
		{regexp.MustCompile(`/srv/leads\b`), work},
		{regexp.MustCompile(`https://api\.example\.com\b`), j.url},
		{regexp.MustCompile(`https://hooks(-[a-z0-9]+)?\.example\.com\b`), "http://127.0.0.1:" + port},
		{regexp.MustCompile(`\b0\.0\.0\.0:8701\b`), "127.0.0.1:" + port},
	}
	if strings.Contains(text, "redis://") {
		subst = append(subst, cronSubst{regexp.MustCompile(`redis://\S*[^\s"']`), redistest.Start(t).URL})
	}
	return func(s string) string {
		for _, r := range subst {
			s = r.from.ReplaceAllLiteralString(s, r.to)
		}
		return s
	}
}

// cronInputs writes the sheets the commands enrich (`enrich run SHEET`)
// and the key files they name (ENRICH_API_KEY_FILE=FILE), the paths
// already replaced, a relative one in folder base.
func cronInputs(t *testing.T, j *job, text, base string) {
	t.Helper()
	at := func(p string) string {
		if filepath.IsAbs(p) {
			return p
		}
		return filepath.Join(base, p)
	}
	for _, m := range regexp.MustCompile(`\benrich run\s+(\S+)`).FindAllStringSubmatch(text, -1) {
		var err error
		switch path := at(m[1]); strings.ToLower(filepath.Ext(path)) {
		case ".xlsx":
			err = leads.WriteXLSX(path, j.sheet)
		default:
			err = leads.WriteCSV(path, j.sheet)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, m := range regexp.MustCompile(`\bENRICH_API_KEY_FILE=(\S+)`).FindAllStringSubmatch(text, -1) {
		if err := os.WriteFile(at(m[1]), []byte("e2e-key\n"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
}

// writeExecutable writes a script the test runs.
func writeExecutable(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o755); err != nil {
		t.Fatal(err)
	}
}

// calledScripts is the text of every script command calls, to look for
// what they need.
func calledScripts(scripts []cronScript, command string) string {
	var b strings.Builder
	for _, s := range scripts {
		if strings.Contains(command, s.path) {
			b.WriteString(s.text)
		}
	}
	return b.String()
}

// logsIn is the end of every log the commands wrote in folder dir.
func logsIn(dir string) string {
	var b strings.Builder
	logs, _ := filepath.Glob(filepath.Join(dir, "*.log"))
	for _, l := range logs {
		text, _ := os.ReadFile(l)
		fmt.Fprintf(&b, "\n%s:\n%s", filepath.Base(l), tail(string(text), 30))
	}
	return b.String()
}
