package main

import (
	"context"
	"encoding/csv"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/enrich-dev/enrich/demo/leads"
)

// TestMCPResumeLine: a job of `enrich mcp` that stops early says what to
// run next as an `enrich run` that works as printed, from any folder,
// with the job's journal and cap: run by a shell, it resumes the job,
// spends within the cap and pays for no one the job found.
func TestMCPResumeLine(t *testing.T) {
	w := newMCPWorld(t, 30)
	ctx := context.Background()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "enrich-test", Version: "1"}, nil).Connect(ctx, &mcp.CommandTransport{Command: w.command()}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	if err := os.Mkdir(filepath.Join(w.root, "jobs"), 0o700); err != nil {
		t.Fatal(err)
	}
	type job struct {
		JobID  string `json:"job_id"`
		State  string `json:"state"`
		Report *struct {
			Next string `json:"next"`
		} `json:"report"`
	}
	var started, done job
	mustCall(t, cs, "run", map[string]any{
		"input": "leads.csv", "output": "enriched.csv", "journal": "jobs/leads.journal",
		"default_region": leads.DefaultRegion, "sync": true, "max_credits": 5,
		"items_per_minute": 100, "rate_window": "1s", "find_by_name": "off",
	}, nil, &started)
	mustCall(t, cs, "status", map[string]any{"job_id": started.JobID, "wait_seconds": 60}, nil, &done)
	if done.State != "incomplete" || done.Report == nil {
		t.Fatalf("job ended %+v; want incomplete at the cap", done)
	}
	next := done.Report.Next
	for _, want := range []string{"enrich run ", " --journal " + filepath.Join(w.root, "jobs", "leads.journal"), " --max-credits 5", " --sync", " --default-region " + leads.DefaultRegion} {
		if !strings.Contains(next, want) {
			t.Errorf("next %q lacks %q", next, want)
		}
	}
	spent := w.emu.Stats().Accounts[0].CreditsUsed["standard"]

	// The line as printed, in a shell, from another folder.
	elsewhere := t.TempDir()
	sh := exec.Command("sh", "-c", next)
	sh.Dir = elsewhere
	sh.Env = append(os.Environ(), "PATH="+filepath.Dir(enrichBin)+":"+os.Getenv("PATH"), "ENRICH_API_KEY=mcp-key", "ENRICH_API_URL="+w.apiURL)
	out, err := sh.CombinedOutput()
	if code := sh.ProcessState.ExitCode(); code != 0 && code != ExitIncomplete {
		t.Fatalf("%s: exit %d (%v)\n%s", next, code, err, out)
	}
	if _, err := os.Stat(filepath.Join(elsewhere, defaultJournal)); err == nil {
		t.Errorf("the line made a journal of its own in the folder it ran from:\n%s", out)
	}
	total := w.emu.Stats().Accounts[0].CreditsUsed["standard"]
	if total-spent > 5 {
		t.Errorf("the second run spent %d credits past --max-credits 5", total-spent)
	}
	if found := peopleFound(t, filepath.Join(w.root, "enriched.csv")); int64(found) != total || total <= spent {
		t.Errorf("%d credits spent in all for %d people found (%d by the job): someone was paid twice, or nobody new was found\n%s", total, found, spent, out)
	}
}

// peopleFound counts the distinct people an enriched CSV names.
func peopleFound(t *testing.T, path string) int {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil || len(rows) == 0 {
		t.Fatalf("read %s: %v", path, err)
	}
	col := -1
	for i, h := range rows[0] {
		if h == "enrich_uid" {
			col = i
		}
	}
	if col < 0 {
		t.Fatalf("%s has no enrich_uid column", path)
	}
	uids := map[string]bool{}
	for _, r := range rows[1:] {
		if r[col] != "" {
			uids[r[col]] = true
		}
	}
	return len(uids)
}
