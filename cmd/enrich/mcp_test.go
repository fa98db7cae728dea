package main

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/enrich-dev/enrich/emulator"
	"github.com/enrich-dev/enrich/internal/leads"
)

// mcpWorld is an emulator on loopback and a root directory holding a sheet
// of its world, for `enrich mcp` to work on.
type mcpWorld struct {
	apiURL string
	root   string
	rows   int
}

func newMCPWorld(t *testing.T, rows int) *mcpWorld {
	t.Helper()
	emu, err := emulator.New(emulator.Config{
		People:     2000,
		Default:    emulator.AccountConfig{Key: "mcp-key", Credits: 500, WithoutContactsCredits: 500, ItemsPerMinute: 100},
		RateWindow: time.Second,

		// The test waits a minute for the job: cut the delays' long tail.
		MaxCallbackDelay: 20 * time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(emu)
	t.Cleanup(func() { srv.Close(); emu.Close() })
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := leads.WriteCSV(filepath.Join(root, "leads.csv"), leads.Generate(emu.World(), rows, 5)); err != nil {
		t.Fatal(err)
	}
	return &mcpWorld{apiURL: srv.URL, root: root, rows: rows}
}

// command is `enrich mcp` with the service in its environment.
func (w *mcpWorld) command(args ...string) *exec.Cmd {
	cmd := exec.Command(enrichBin, append([]string{"mcp", "--root", w.root}, args...)...)
	cmd.Env = append(os.Environ(), "ENRICH_API_KEY=mcp-key", "ENRICH_API_URL="+w.apiURL)
	return cmd
}

// progressLog collects progress notifications.
type progressLog struct {
	mu sync.Mutex
	ps []*mcp.ProgressNotificationParams
}

func (p *progressLog) client() *mcp.Client {
	return mcp.NewClient(&mcp.Implementation{Name: "enrich-test", Version: "1"}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, req *mcp.ProgressNotificationClientRequest) {
			p.mu.Lock()
			p.ps = append(p.ps, req.Params)
			p.mu.Unlock()
		},
	})
}

// waitFor waits until a notification reports every one of rows final.
func (p *progressLog) waitFor(t *testing.T, rows int) []*mcp.ProgressNotificationParams {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		p.mu.Lock()
		ps := append([]*mcp.ProgressNotificationParams(nil), p.ps...)
		p.mu.Unlock()
		if n := len(ps); n > 0 && ps[n-1].Progress == float64(rows) {
			return ps
		}
		if time.Now().After(deadline) {
			t.Fatalf("progress notifications %v never reached %d rows", ps, rows)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// callTool calls a tool and decodes its result into out; it returns the
// tool error's text, if any.
func callTool(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any, token any, out any) string {
	t.Helper()
	p := &mcp.CallToolParams{Name: name, Arguments: args}
	if token != nil {
		p.SetProgressToken(token)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	res, err := cs.CallTool(ctx, p)
	if err != nil {
		t.Fatalf("call %s: %v", name, err)
	}
	var text strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			text.WriteString(tc.Text)
		}
	}
	if res.IsError {
		return text.String()
	}
	if out != nil {
		if err := json.Unmarshal([]byte(text.String()), out); err != nil {
			t.Fatalf("%s: %v in %s", name, err, text.String())
		}
	}
	return ""
}

// mustCall is callTool for a call that must succeed.
func mustCall(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any, token any, out any) {
	t.Helper()
	if msg := callTool(t, cs, name, args, token, out); msg != "" {
		t.Fatalf("%s: tool error: %s", name, msg)
	}
}

// TestMCPStdio drives the real binary over stdio, as a desktop assistant
// does: every tool, progress, and a path outside the roots.
func TestMCPStdio(t *testing.T) {
	w := newMCPWorld(t, 20)
	var progress progressLog
	ctx := context.Background()
	cs, err := progress.client().Connect(ctx, &mcp.CommandTransport{Command: w.command()}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()

	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range tools.Tools {
		names = append(names, tool.Name)
	}
	if got := strings.Join(names, ","); got != "credits,export,plan,run,search,status" {
		t.Errorf("tools %s", got)
	}

	var plan struct {
		Rows    int    `json:"rows"`
		Unique  int    `json:"unique_lookups"`
		Journal string `json:"journal"`
	}
	mustCall(t, cs, "plan", map[string]any{"path": "leads.csv", "default_region": leads.DefaultRegion}, nil, &plan)
	if plan.Rows != w.rows || plan.Unique == 0 {
		t.Errorf("plan %+v", plan)
	}

	type job struct {
		JobID  string `json:"job_id"`
		State  string `json:"state"`
		Report *struct {
			Rows    int `json:"rows"`
			Credits struct {
				BalanceDrop int64 `json:"balance_drop"`
			} `json:"credits"`
		} `json:"report"`
	}
	var started, done job
	mustCall(t, cs, "run", map[string]any{
		"input": "leads.csv", "output": "enriched.xlsx", "default_region": leads.DefaultRegion,
		"sync": true, "items_per_minute": 10, "rate_window": "1s",
	}, nil, &started)
	if started.JobID == "" || started.State != "running" {
		t.Fatalf("run answered %+v", started)
	}
	mustCall(t, cs, "status", map[string]any{"job_id": started.JobID, "wait_seconds": 60}, "stdio-progress", &done)
	if done.State != "complete" || done.Report == nil || done.Report.Rows != w.rows || done.Report.Credits.BalanceDrop == 0 {
		t.Fatalf("job ended %+v", done)
	}
	ps := progress.waitFor(t, w.rows)
	if len(ps) < 2 || ps[0].ProgressToken != "stdio-progress" || ps[0].Total != float64(w.rows) {
		t.Errorf("progress notifications %+v", ps)
	}
	if _, err := os.Stat(filepath.Join(w.root, "enriched.xlsx")); err != nil {
		t.Error(err)
	}

	var js struct {
		Running bool `json:"running"`
	}
	mustCall(t, cs, "status", map[string]any{"journal": "enrich.journal"}, nil, &js)
	if js.Running {
		t.Error("the journal is still held after the job ended")
	}
	var exp struct {
		Rows int `json:"rows"`
	}
	mustCall(t, cs, "export", map[string]any{"input": "leads.csv", "output": "again.csv", "default_region": leads.DefaultRegion}, nil, &exp)
	if exp.Rows != w.rows {
		t.Errorf("export wrote %d rows", exp.Rows)
	}
	var credits struct {
		Credits int64 `json:"credits"`
	}
	mustCall(t, cs, "credits", map[string]any{}, nil, &credits)
	if credits.Credits != 500-done.Report.Credits.BalanceDrop {
		t.Errorf("credits %d after spending %d of 500", credits.Credits, done.Report.Credits.BalanceDrop)
	}
	var page struct {
		Total    int               `json:"total"`
		Profiles []json.RawMessage `json:"profiles"`
	}
	mustCall(t, cs, "search", map[string]any{"location": []string{"United States"}, "size": 3}, nil, &page)
	if len(page.Profiles) != 3 || page.Total < 3 {
		t.Errorf("search: %d profiles of %d", len(page.Profiles), page.Total)
	}

	outside := t.TempDir()
	msg := callTool(t, cs, "export", map[string]any{"input": "leads.csv", "output": filepath.Join(outside, "stolen.csv")}, nil, nil)
	if !strings.Contains(msg, "is outside the allowed roots ("+w.root+")") {
		t.Errorf("export outside the roots: %q", msg)
	}
	if entries, _ := os.ReadDir(outside); len(entries) != 0 {
		t.Errorf("written outside the roots: %v", entries)
	}
}

// TestMCPListen serves streamable HTTP with --listen and stops on SIGINT.
func TestMCPListen(t *testing.T) {
	w := newMCPWorld(t, 5)
	cmd := w.command("--listen", "127.0.0.1:0")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	ready := make(chan string, 1)
	go func() {
		re := regexp.MustCompile(`url=(http://\S+/mcp)`)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				select {
				case ready <- m[1]:
				default:
				}
			}
		}
	}()
	var endpoint string
	select {
	case endpoint = <-ready:
	case <-time.After(20 * time.Second):
		t.Fatal("enrich mcp --listen never said where it listens")
	}

	cs, err := (&progressLog{}).client().Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: endpoint, MaxRetries: -1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var plan struct {
		Rows int `json:"rows"`
	}
	mustCall(t, cs, "plan", map[string]any{"path": filepath.Join(w.root, "leads.csv")}, nil, &plan)
	if plan.Rows != w.rows {
		t.Errorf("plan counted %d rows", plan.Rows)
	}
	var credits struct {
		Credits int64 `json:"credits"`
	}
	mustCall(t, cs, "credits", map[string]any{"without_contacts": true}, nil, &credits)
	if credits.Credits != 500 {
		t.Errorf("credits %d", credits.Credits)
	}
	if msg := callTool(t, cs, "plan", map[string]any{"path": "/etc/passwd"}, nil, nil); !strings.Contains(msg, "outside the allowed roots") {
		t.Errorf("plan /etc/passwd: %q", msg)
	}
	cs.Close()

	cmd.Process.Signal(syscall.SIGINT)
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	select {
	case <-exited:
	case <-time.After(10 * time.Second):
		t.Fatal("enrich mcp did not stop on SIGINT")
	}
}

func TestMCPUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"mcp"}, "--root is required"},
		{[]string{"mcp", "--root", t.TempDir(), "--listen", "0.0.0.0:8702"}, "loopback"},
		{[]string{"mcp", "--root", filepath.Join(t.TempDir(), "missing")}, "missing"},
	} {
		_, stderr, code := runEnrich(t, tc.args...)
		if code != ExitUsage || !strings.Contains(stderr, tc.want) {
			t.Errorf("enrich %v: exit %d, %q; want exit 2 and %q", tc.args, code, stderr, tc.want)
		}
	}
}
