package main

import (
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/enrich-dev/enrich/pipeline"
)

// TestProgressModeRefused: every command that shows progress refuses an
// unknown --progress with exit 2 before it reads or sends anything.
func TestProgressModeRefused(t *testing.T) {
	t.Setenv("ENRICH_API_KEY", "k")
	t.Setenv("ENRICH_API_URL", "http://127.0.0.1:9") // nothing listens: nothing is sent
	dir := t.TempDir()
	for _, args := range [][]string{
		{"export", filepath.Join(sharedTestdata, "leads.csv"), "-o", filepath.Join(dir, "out.csv"), "--journal", filepath.Join(dir, "none.journal")},
		{"company", "employees", "acme", "-o", filepath.Join(dir, "staff.csv"), "--journal", filepath.Join(dir, "c.journal")},
		{"run", filepath.Join(sharedTestdata, "leads.csv"), "-o", filepath.Join(dir, "run.csv"), "--journal", filepath.Join(dir, "r.journal")},
	} {
		args = append(args, "--progress", "sometimes")
		_, errOut, code := runEnrich(t, args...)
		if code != 2 || !strings.Contains(errOut, `--progress "sometimes": use auto, bar, log or none`) {
			t.Errorf("enrich %s: exit %d, stderr %q; want 2 and the modes", strings.Join(args, " "), code, errOut)
		}
	}
}

// TestBarFitsTheTerminal draws the bar's text for terminals of every
// common width and snapshots that wait for each reason: the line (text
// and bar) never wraps, the reason to wait is shown before anything else
// at every width from 40 columns (at 50 it used to give way to the
// credits), the rows come first where they are shown, and the figures
// follow where there is room.
func TestBarFitsTheTerminal(t *testing.T) {
	reasons := [][2]string{{"", ""}, {"the service's duplicate period: 87 items it told to come back later, the next in 23s", "duplicate period 23s"},
		{"the account's budget: 2 other runs (pid 812, pid 977) hold 500 of its 600 items a minute", "budget shared"}, {"callbacks for 100 items in flight", "callbacks"},
		{"the service, which has not answered for 6s (the run stops after --service-wait 10m0s)", "outage 6s"}}
	for _, cols := range []int{40, 45, 50, 60, 80, 100, 120, 200} {
		for _, r := range reasons {
			why := r[0]
			s := pipeline.Snapshot{Rows: 123456, Resolved: 120000, Waiting: 3456, ItemsPerMinute: 599.7,
				ProfilesReceived: 98765, BalanceDrop: 99001, ETASeconds: 345.6, WaitingFor: r[0], Wait: r[1]}
			text := barText(s, cols)
			if n := utf8.RuneCountInString(text) + barRoom; n > cols {
				t.Errorf("%d columns: the line takes %d: %q", cols, n, text)
			}
			if why == "" && !strings.HasPrefix(text, "rows 120000/123456") {
				t.Errorf("%d columns: %q does not begin with the rows done", cols, text)
			}
			if strings.Contains(text, "rows") && !strings.HasPrefix(text, "rows 120000/123456") {
				t.Errorf("%d columns: %q does not begin with the rows done", cols, text)
			}
			short := []rune(r[1])
			if why != "" && !strings.Contains(text, "waiting") && !strings.Contains(text, string(short[:min(len(short), 6)])) {
				t.Errorf("%d columns: %q does not say why it waits (%s)", cols, text, r[1])
			}
			if why != "" && cols >= 80 && !strings.Contains(text, "waiting") {
				t.Errorf("%d columns: %q does not say why it waits", cols, text)
			}
			if cols >= 100 && !strings.Contains(text, "99001 credits") {
				t.Errorf("%d columns: %q does not give the credits spent", cols, text)
			}
		}
	}
	// A small sheet at 50 columns keeps both the rows and the reason.
	s := pipeline.Snapshot{Rows: 7, Resolved: 2, Waiting: 5, ETASeconds: 12, WaitingFor: "the service", Wait: "outage 6s"}
	if text := barText(s, 50); !strings.HasPrefix(text, "rows 2/7 │ waiting: outage 6s") {
		t.Errorf("50 columns: %q", text)
	}
}

// TestCounterOfNoTotal: a pass whose total is not known yet (the rows of
// a file read once) shows its count alone, never "(0/-)".
func TestCounterOfNoTotal(t *testing.T) {
	var out strings.Builder
	c := &counter{what: "rows read", mode: "bar", out: &out}
	for _, n := range []int{0, 500, 1000} {
		c.update(n, -1)
		c.bar.RenderBlank()
	}
	c.update(1000, 1000)
	if strings.Contains(out.String(), "/-") || !strings.Contains(out.String(), "rows read") {
		t.Errorf("the counter drew %q", out.String())
	}
}

// TestShortPassDrawsNoBar: a pass that ends within barDelay draws no
// frame, so none is left reading "rows written 0%" when it ends.
func TestShortPassDrawsNoBar(t *testing.T) {
	var out strings.Builder
	c := &counter{what: "rows read", mode: "bar", out: &out, started: wall.Now()}
	c.pass("rows read", 0, -1)
	c.pass("rows read", 13, -1)
	c.pass("rows written", 0, 13)
	c.pass("rows written", 13, 13)
	c.done()
	if out.Len() > 0 {
		t.Errorf("a short pass drew %q", out.String())
	}
}
