package e2e

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// docPorts are the loopback ports the pages name, each given a free port
// in the test, so that it meets no other program on them. The callback
// receiver's default (8701) cannot be: the pages' commands leave it out.
var docPorts = []string{"8700", "9000"}

// TestDocsCommands runs the shell blocks of the README and of every page
// under docs/ as a newcomer types them on a fresh clone: in a folder
// holding bin/enrich (the binary under test), each page in one shell, its
// blocks in order, against the emulator a block starts. A command that
// fails fails the test, naming its page and line; so does a file the
// commands leave in the clone's root that .gitignore does not ignore.
func TestDocsCommands(t *testing.T) {
	t.Parallel()
	for _, tool := range []string{"bash", "curl", "python3", "jq"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("the pages' commands use %s, which is not installed: apt-get install -y %s", tool, tool)
		}
	}
	ran := 0
	for _, page := range docPages(t) {
		blocks := readBlocks(t, page)
		var run []docBlock
		for _, b := range blocks {
			if ok, _ := b.shell(); ok {
				run = append(run, b)
			}
		}
		if len(run) == 0 {
			continue
		}
		ran++
		t.Run(strings.ReplaceAll(page, "/", "_"), func(t *testing.T) { runPage(t, run) })
	}
	if ran == 0 {
		t.Fatal("no page has a block to run: the test tests nothing")
	}
}

// runPage runs a page's blocks in one shell, in a fresh clone's root.
func runPage(t *testing.T, blocks []docBlock) {
	root, home := t.TempDir(), t.TempDir()
	abs, err := filepath.Abs(binary)
	if err != nil {
		t.Fatal(err)
	}
	ports := map[string]string{}
	for _, p := range docPorts {
		ports[p] = strings.TrimPrefix(freePort(t), "127.0.0.1:")
	}
	script := filepath.Join(home, "page.sh")
	if err := os.WriteFile(script, []byte(pageScript(blocks, ports)), 0o600); err != nil {
		t.Fatal(err)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", script)
	cmd.Dir = root
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "LANG=C.UTF-8",
		"ENRICH_TEST_BINARY=" + abs, "ENRICH_STATE_DIR=" + filepath.Join(home, "state")}
	// The page's servers run in the shell's process group, which the test
	// ends as a whole, whatever became of the shell.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err = cmd.Run()
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	leftInRoot(t, root, blocks[0].page)
	if err != nil {
		t.Fatalf("%s's commands failed (%v); the last of their output:\n%s", blocks[0].page, err, tail(out.String(), 60))
	}
	for _, want := range pageShows[blocks[0].page] {
		if !strings.Contains(out.String(), want) {
			t.Errorf("%s's commands never printed %s; the last of their output:\n%s", blocks[0].page, want, tail(out.String(), 60))
		}
	}
}

// pageShows is what a page's commands must print, beyond ending well: an
// example that looks a person up finds them.
var pageShows = map[string][]string{
	"docs/emulator.md": {`"status":"success"`, `"status":"failed"`, `"name":"`},
}

// pageScript is the shell script of a page's blocks: each block in turn,
// with the ports replaced; a failing command stops it, naming the block.
func pageScript(blocks []docBlock, ports map[string]string) string {
	var s strings.Builder
	s.WriteString(`set -eE -o pipefail
trap 'echo "$__block: exit $? from: $BASH_COMMAND" >&2' ERR
trap 'kill $(jobs -p) 2>/dev/null || true' EXIT
# The binary under test stands for what make builds; the pages run no
# other make target.
make() {
	case "$*" in
	build) mkdir -p bin && ln -sf "$ENRICH_TEST_BINARY" bin/enrich ;;
	*) echo "make $* is not run by the docs test: mark its block sh ` + markNoRun + `" >&2; return 1 ;;
	esac
}
# __listening waits until something answers on port $1, while the
# background job $2 lives.
__listening() {
	for __i in $(seq 1200); do
		(exec 3<>/dev/tcp/127.0.0.1/$1) 2>/dev/null && return 0
		kill -0 $2 2>/dev/null || { echo "$__block: the server ended:" >&2; cat "$3" >&2; return 1; }
		sleep 0.1
	done
	echo "$__block: nothing answered on port $1 in 120 s" >&2; return 1
}
`)
	for i, b := range blocks {
		text := b.text
		var waits []string
		for from, to := range ports {
			if strings.Contains(text, "127.0.0.1:"+from) {
				waits = append(waits, to)
			}
			text = regexp.MustCompile(`\b127\.0\.0\.1:`+from+`\b`).ReplaceAllString(text, "127.0.0.1:"+to)
			text = regexp.MustCompile(`"127\.0\.0\.1", `+from+`\)`).ReplaceAllString(text, `"127.0.0.1", `+to+`)`)
		}
		fmt.Fprintf(&s, "\n__block=%q\n", b.where())
		if _, bg := b.shell(); bg {
			log := fmt.Sprintf("\"$HOME/background-%d.log\"", i)
			fmt.Fprintf(&s, "(\n%s) >%s 2>&1 &\n", text, log)
			for _, p := range waits {
				fmt.Fprintf(&s, "__listening %s $! %s\n", p, log)
			}
			continue
		}
		s.WriteString(text)
	}
	return s.String()
}

// leftInRoot fails the test for every file the page's commands left in the
// clone's root that the repository's .gitignore does not ignore.
func leftInRoot(t *testing.T, root, page string) {
	t.Helper()
	ignore, err := os.ReadFile("../.gitignore")
	if err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !ignored(string(ignore), e.Name(), e.IsDir()) {
			t.Errorf("%s's commands leave %s untracked in the repository's root: add it to .gitignore, or have the page work in a folder it names", page, e.Name())
		}
	}
}

// ignored says whether a .gitignore's patterns ignore a name in the
// repository's root: the pattern's forms this repository uses (/name,
// /name/, name, *.ext).
func ignored(gitignore, name string, dir bool) bool {
	for _, p := range strings.Split(gitignore, "\n") {
		p = strings.TrimSpace(p)
		if p == "" || strings.HasPrefix(p, "#") {
			continue
		}
		if strings.HasSuffix(p, "/") {
			if !dir {
				continue
			}
			p = strings.TrimSuffix(p, "/")
		}
		if ok, _ := filepath.Match(strings.TrimPrefix(p, "/"), name); ok {
			return true
		}
	}
	return false
}

// tail is the last n lines of s.
func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
