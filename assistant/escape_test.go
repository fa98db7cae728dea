package assistant_test

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/enrich-dev/enrich/demo/leads"
	"github.com/enrich-dev/enrich/state"
)

// outsideEntries lists what is in dir, a directory outside the roots.
func outsideEntries(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// makeJournal creates an empty journal at path.
func makeJournal(t *testing.T, path string) {
	t.Helper()
	j, err := state.Open(path, state.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
}

// waitJobs waits until no job of the server runs, so that a job a tool
// should not have started has done what it would do.
func waitJobs(t *testing.T, cs *mcp.ClientSession) []jobStatus {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); ; {
		list := decode[struct{ Jobs []jobStatus }](t, cs, "status", map[string]any{}, nil)
		running := false
		for _, j := range list.Jobs {
			running = running || j.State == "running"
		}
		if !running {
			return list.Jobs
		}
		if time.Now().After(deadline) {
			t.Fatalf("jobs still running: %+v", list.Jobs)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestDefaultJournalConfined: the journal a tool uses when none is named,
// enrich.journal beside the input, is confined like a named one: a link
// there that leads out of the roots is refused, dangling or not.
func TestDefaultJournalConfined(t *testing.T) {
	h := newHarness(t, 5, true)
	cs := h.connect(t)
	outside := t.TempDir()
	sub := filepath.Join(h.root, "sub")
	other := filepath.Join(h.root, "other")
	for _, d := range []string{sub, other} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := leads.WriteCSV(filepath.Join(d, "leads.csv"), h.sheet); err != nil {
			t.Fatal(err)
		}
	}
	// sub's journal is a dangling link out; other's leads to a journal
	// outside, whose answers would be read.
	if err := os.Symlink(filepath.Join(outside, "new.journal"), filepath.Join(sub, "enrich.journal")); err != nil {
		t.Fatal(err)
	}
	makeJournal(t, filepath.Join(outside, "held.journal"))
	if err := os.Symlink(filepath.Join(outside, "held.journal"), filepath.Join(other, "enrich.journal")); err != nil {
		t.Fatal(err)
	}
	before := outsideEntries(t, outside)

	for _, dir := range []string{"sub", "other"} {
		for _, tc := range []struct {
			tool string
			args map[string]any
		}{
			{"run", map[string]any{"input": dir + "/leads.csv", "output": dir + "/out.csv", "sync": true, "default_region": leads.DefaultRegion}},
			{"plan", map[string]any{"input": dir + "/leads.csv"}},
			{"export", map[string]any{"input": dir + "/leads.csv", "output": dir + "/again.csv"}},
		} {
			res := call(t, cs, tc.tool, tc.args, nil)
			msg := text(res)
			switch {
			case !res.IsError:
				t.Errorf("%s of %s/leads.csv used the journal %s/enrich.journal that leads out of the roots: %s", tc.tool, dir, dir, msg)
			case dir == "sub" && !strings.Contains(msg, "symbolic link to a missing file"):
				t.Errorf("%s of sub/leads.csv: %q does not say the journal is a dangling link", tc.tool, msg)
			case dir == "other" && !strings.Contains(msg, "enrich.journal is outside the allowed roots"):
				t.Errorf("%s of other/leads.csv: %q does not say the journal is outside the roots", tc.tool, msg)
			}
		}
	}
	waitJobs(t, cs)
	if after := outsideEntries(t, outside); strings.Join(after, ",") != strings.Join(before, ",") {
		t.Errorf("files outside the roots: %v, were %v", after, before)
	}
}

// TestStatusFileRead: the status tool reads the status file beside a
// journal only if it is a regular file of sensible size in the root: not
// through a link out, not a FIFO (which would block), not a huge file.
func TestStatusFileRead(t *testing.T) {
	h := newHarness(t, 5, true)
	cs := h.connect(t)
	outside := t.TempDir()
	foreign := filepath.Join(outside, "status.json")
	if err := os.WriteFile(foreign, []byte(`{"input":"/outside/secret.csv","output":"/outside/secret-out.csv","rows":99}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"linked", "zero", "fifo", "huge"} {
		makeJournal(t, filepath.Join(h.root, name+".journal"))
	}
	status := func(name string) string { return filepath.Join(h.root, name+".journal.status.json") }
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.Symlink(foreign, status("linked")))
	must(os.Symlink("/dev/zero", status("zero")))
	must(syscall.Mkfifo(status("fifo"), 0o644))
	t.Cleanup(func() {
		// Let a reader stuck opening the FIFO go.
		if f, err := os.OpenFile(status("fifo"), os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
	})
	// Valid JSON, padded to 4 MB.
	huge := append([]byte(`{"input":"big.csv","rows":7}`), make([]byte, 4<<20)...)
	for i := 28; i < len(huge); i++ {
		huge[i] = ' '
	}
	must(os.WriteFile(status("huge"), huge, 0o644))

	for _, tc := range []struct {
		name string
		want string
	}{
		{"linked", "is a symbolic link"},
		{"zero", "is a symbolic link"},
		{"fifo", "is not a regular file"},
		{"huge", "is larger than"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(bg, 10*time.Second)
			defer cancel()
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "status", Arguments: map[string]any{"journal": tc.name + ".journal"}})
			if err != nil {
				t.Fatalf("status: %v", err)
			}
			msg := text(res)
			if !res.IsError {
				t.Fatalf("status answered %s", msg)
			}
			if !strings.Contains(msg, status(tc.name)) || !strings.Contains(msg, tc.want) {
				t.Errorf("status: %q, want an error naming %s that says it %s", msg, status(tc.name), tc.want)
			}
			if strings.Contains(msg, "secret") {
				t.Errorf("status answered what the file outside holds: %q", msg)
			}
		})
	}
}

// TestSwapDuringJob: a running job keeps to the files it was given when
// the directory that holds them is swapped, while it runs, for a link out
// of the roots. The job writes its output, report and status file where
// the directory went, and reads the input it was given, not the file the
// link leads to.
func TestSwapDuringJob(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skipf("only Linux names open files under /proc/self/fd, which a job's files are held by; on %s the window between two opens stays", runtime.GOOS)
	}
	h := newHarness(t, 16, true)
	cs := h.connect(t)
	sub := filepath.Join(h.root, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := leads.WriteCSV(filepath.Join(sub, "leads.csv"), h.sheet); err != nil {
		t.Fatal(err)
	}
	// Outside, a sheet of the same shape with other people's data.
	outside := t.TempDir()
	secret := make([]leads.Lead, len(h.sheet))
	for i, l := range h.sheet {
		secret[i].Cells = append([]string(nil), l.Cells...)
		secret[i].Cells[len(l.Cells)-1] = "SECRET-" + strings.Repeat("x", i)
	}
	if err := leads.WriteCSV(filepath.Join(outside, "leads.csv"), secret); err != nil {
		t.Fatal(err)
	}

	job := decode[jobStatus](t, cs, "run", map[string]any{
		"input": "sub/leads.csv", "output": "sub/out.csv", "journal": "sub/j.journal", "default_region": leads.DefaultRegion,
		"sync": true, "items_per_minute": 4, "rate_window": "1s",
	}, nil)
	// Swap once the job has its files open: its first snapshot.
	for deadline := time.Now().Add(20 * time.Second); ; {
		st := decode[jobStatus](t, cs, "status", map[string]any{"job_id": job.JobID}, nil)
		if st.State != "running" {
			t.Fatalf("the job ended before the swap: %+v", st)
		}
		if st.Progress != nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no progress from the job")
		}
		time.Sleep(20 * time.Millisecond)
	}
	moved := filepath.Join(h.root, "sub-moved")
	if err := os.Rename(sub, moved); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, sub); err != nil {
		t.Fatal(err)
	}

	done := decode[jobStatus](t, cs, "status", map[string]any{"job_id": job.JobID, "wait_seconds": 60}, nil)
	if done.State != "complete" {
		t.Fatalf("job ended %s: %s", done.State, done.Error)
	}
	if got := outsideEntries(t, outside); strings.Join(got, ",") != "leads.csv" {
		t.Errorf("the job wrote outside the roots: %v", got)
	}
	for _, name := range []string{"out.csv", "out.csv.report.json", "j.journal.status.json"} {
		if _, err := os.Stat(filepath.Join(moved, name)); err != nil {
			t.Errorf("the job's %s is not in its directory: %v", name, err)
		}
	}
	out, err := os.ReadFile(filepath.Join(moved, "out.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(out), "SECRET-") {
		t.Error("the output holds rows of the file outside the roots")
	}
	for _, p := range []string{done.Output, done.Journal, done.Report.Input, done.Report.Output, done.Report.Journal, done.Progress.Input} {
		if strings.HasPrefix(p, "/proc/") {
			t.Errorf("the job status names a file %s", p)
		}
	}
}
