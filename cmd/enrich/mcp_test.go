package main

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/spf13/pflag"

	"github.com/enrich-dev/enrich/assistant"
	"github.com/enrich-dev/enrich/demo/leads"
	"github.com/enrich-dev/enrich/emulator"
)

// mcpWorld is an emulator on loopback and a root directory holding a sheet
// of its world, for `enrich mcp` to work on.
type mcpWorld struct {
	emu    *emulator.Emulator
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
	return &mcpWorld{emu: emu, apiURL: srv.URL, root: root, rows: rows}
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
	deadline := time.Now().Add(time.Minute) // when to give up, not a pace
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
	if got := strings.Join(names, ","); got != "choose,credits,export,plan,run,search,status" {
		t.Errorf("tools %s", got)
	}

	var plan struct {
		Rows    int    `json:"rows"`
		Unique  int    `json:"unique_lookups"`
		Journal string `json:"journal"`
	}
	mustCall(t, cs, "plan", map[string]any{"input": "leads.csv", "default_region": leads.DefaultRegion}, nil, &plan)
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

// listening is `enrich mcp --listen` started, with what it printed.
type listening struct {
	endpoint string
	token    string   // as printed in the header line
	config   string   // the client configuration line
	stderr   []string // every line so far
	mu       sync.Mutex
	cmd      *exec.Cmd
}

// listen starts cmd (an `enrich mcp --listen`) and waits for it to say
// where it listens.
func listen(t *testing.T, cmd *exec.Cmd) *listening {
	t.Helper()
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	l := &listening{cmd: cmd}
	ready := make(chan struct{})
	go func() {
		url := regexp.MustCompile(`url=(http://\S+/mcp)`)
		header := regexp.MustCompile(`^  Authorization: Bearer (\S+)$`)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			line := sc.Text()
			l.mu.Lock()
			l.stderr = append(l.stderr, line)
			if m := header.FindStringSubmatch(line); m != nil {
				l.token = m[1]
			}
			if strings.HasPrefix(line, `  {"mcpServers"`) {
				l.config = strings.TrimSpace(line)
			}
			if m := url.FindStringSubmatch(line); m != nil && l.endpoint == "" {
				l.endpoint = m[1]
				close(ready)
			}
			l.mu.Unlock()
		}
	}()
	select {
	case <-ready:
	case <-time.After(20 * time.Second):
		t.Fatal("enrich mcp --listen never said where it listens")
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return l
}

// lines returns what the server printed so far.
func (l *listening) lines() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.stderr...)
}

// post sends an MCP initialize request with an Authorization header (none
// when empty) and returns the answer's status.
func post(t *testing.T, endpoint, authorization string) int {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, endpoint, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if authorization != "" {
		req.Header.Set("Authorization", authorization)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// bearerTransport sends a bearer token with every request.
type bearerTransport string

func (b bearerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+string(b))
	return http.DefaultTransport.RoundTrip(r)
}

// TestMCPListen serves streamable HTTP with --listen to clients with the
// token it printed, refuses the others, and stops on SIGINT.
func TestMCPListen(t *testing.T) {
	w := newMCPWorld(t, 5)
	cmd := w.command("--listen", "127.0.0.1:0")
	cmd.Env = slices.DeleteFunc(cmd.Env, func(kv string) bool { return strings.HasPrefix(kv, "ENRICH_MCP_TOKEN=") })
	l := listen(t, cmd)
	if len(l.token) != 43 {
		t.Fatalf("no token printed: %q", l.lines())
	}
	var config struct {
		MCPServers map[string]struct {
			Type    string            `json:"type"`
			URL     string            `json:"url"`
			Headers map[string]string `json:"headers"`
		} `json:"mcpServers"`
	}
	if err := json.Unmarshal([]byte(l.config), &config); err != nil {
		t.Fatalf("client configuration %q: %v", l.config, err)
	}
	if c := config.MCPServers["enrich"]; c.URL != l.endpoint || c.Type != "http" || c.Headers["Authorization"] != "Bearer "+l.token {
		t.Errorf("client configuration %+v, want the URL %s and the token", c, l.endpoint)
	}

	for _, auth := range []string{"", "Bearer wrong-token-0123456789", "Bearer " + l.token[1:]} {
		if code := post(t, l.endpoint, auth); code != http.StatusUnauthorized {
			t.Errorf("a request with Authorization %q answered %d, want 401", auth, code)
		}
	}
	if _, err := (&progressLog{}).client().Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: l.endpoint, MaxRetries: -1}, nil); err == nil {
		t.Error("a client without the token connected")
	}

	cs, err := (&progressLog{}).client().Connect(context.Background(), &mcp.StreamableClientTransport{
		Endpoint: l.endpoint, MaxRetries: -1, HTTPClient: &http.Client{Transport: bearerTransport(l.token)},
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var plan struct {
		Rows int `json:"rows"`
	}
	mustCall(t, cs, "plan", map[string]any{"input": filepath.Join(w.root, "leads.csv")}, nil, &plan)
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
	if msg := callTool(t, cs, "plan", map[string]any{"input": "/etc/passwd"}, nil, nil); !strings.Contains(msg, "outside the allowed roots") {
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
	// The token is in the header and configuration lines, once each, and
	// in no log line.
	var with []string
	for _, line := range l.lines() {
		if strings.Contains(line, l.token) {
			with = append(with, line)
		}
	}
	if len(with) != 2 || !strings.HasPrefix(with[0], "  Authorization: Bearer ") || with[1] != "  "+l.config {
		t.Errorf("lines with the token: %q", with)
	}
}

// TestMCPListenToken takes the token from ENRICH_MCP_TOKEN, which then
// never shows, and refuses a weak one.
func TestMCPListenToken(t *testing.T) {
	w := newMCPWorld(t, 1)
	const token = "chosen-token-Zq0123456789"
	cmd := w.command("--listen", "127.0.0.1:0", "--log-level", "debug")
	cmd.Env = append(cmd.Env, "ENRICH_MCP_TOKEN="+token)
	l := listen(t, cmd)
	if code := post(t, l.endpoint, "Bearer "+token); code != http.StatusOK {
		t.Errorf("the token of ENRICH_MCP_TOKEN answered %d", code)
	}
	if code := post(t, l.endpoint, "Bearer "+token+"x"); code != http.StatusUnauthorized {
		t.Errorf("another token answered %d", code)
	}
	if l.token != "${ENRICH_MCP_TOKEN}" || !strings.Contains(l.config, `"Bearer ${ENRICH_MCP_TOKEN}"`) {
		t.Errorf("header %q and configuration %q do not name the variable", l.token, l.config)
	}
	cmd.Process.Signal(syscall.SIGINT)
	cmd.Wait()
	if out := strings.Join(l.lines(), "\n"); strings.Contains(out, token) {
		t.Errorf("the token from the environment shows on stderr:\n%s", out)
	}

	weak := w.command("--listen", "127.0.0.1:0")
	weak.Env = append(weak.Env, "ENRICH_MCP_TOKEN=secret")
	out, err := weak.CombinedOutput()
	if code := weak.ProcessState.ExitCode(); code != ExitUsage || !strings.Contains(string(out), "ENRICH_MCP_TOKEN: the token has 6 characters; give at least 16") || strings.Contains(string(out), "secret") {
		t.Errorf("a weak token: exit %d (%v), %q", code, err, out)
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

// TestMCPArgumentsAreFlags: the tools of `enrich mcp` name their arguments
// as the command of the same name names its flags, in snake_case
// (--default-region is default_region). Every argument is a flag of the
// command or one of the few it has no flag for, and every flag is an
// argument or left out of the tool for a reason written here, so that a
// flag added to a command fails this test until its tool decides.
func TestMCPArgumentsAreFlags(t *testing.T) {
	toolOnly := map[string]map[string]string{ // tool → argument → why the command has no such flag
		"plan":   {"input": "the command's INPUT argument"},
		"run":    {"input": "the command's INPUT argument", "wait_seconds": "the command waits to the end; a tool call answers at once or waits this long"},
		"export": {"input": "the command's INPUT argument"},
		"status": {"job_id": "jobs of the server", "wait_seconds": "the command answers at once"},
		"search": {"request_id": "the command scrolls by itself", "scroll_id": "the command scrolls by itself"},
	}
	cliOnly := map[string]map[string]string{ // command → flag → why its tool does not take it
		"plan":    {"json": "a tool answers JSON"},
		"run":     {"api-url": "the service is the server's: a tool that named it would send the API key there", "progress": "a tool sends progress notifications", "output-format": "a tool writes files, never standard output", "budget-url": "the budget is the server's: ENRICH_BUDGET_URL in its environment", "report-dir": "a tool writes the files beside its output in the workspace", "notify": "a tool's caller is told when the job ends (status answers it): no webhook", "notify-format": "no webhook", "incomplete-exit-code": "a tool has no exit code: its answer says complete or why it stopped", "retain": "erasing a journal's answers is its operator's: a tool call does not"},
		"export":  {"progress": "a tool answers when the sheet is written", "output-format": "a tool writes files, never standard output", "report-dir": "a tool writes the files beside its output in the workspace"},
		"status":  {"json": "a tool answers JSON"},
		"credits": {"api-url": "the service is the server's", "json": "a tool answers JSON", "service-wait": "the service is the server's, and so is the bound of a call to it"},
		"search": {
			"api-url": "the service is the server's", "progress": "a tool sends no progress for a page",
			"output": "the tool answers one page; the command writes every page", "max": "the tool answers one page",
			"output-format": "a tool writes files, never standard output",
			"scroll-ttl":    "the tool answers one page", "query": "the tool takes the filters as arguments",
			"industry": "industries takes one or several", "latitude": "location names places", "longitude": "location names places",
			"coordinates": "location names places",
			// --enrich looks up the profiles found, as run does: a tool call runs run on a sheet for that.
			"enrich": "", "sync": "", "without-contacts": "", "journal": "", "listen": "", "public-url": "", "budget-url": "",
			"items-per-minute": "", "rate-window": "", "max-credits": "", "max-duration": "", "callback-timeout": "",
			"drain-timeout": "", "max-attempts": "", "retry-wait": "", "service-wait": "", "callback-allow": "", "max-searches": "",
			"no-formula-guard": "", "refresh-older-than": "", "incomplete-exit-code": "", "retain": "",
		},
	}

	cs := inMemoryMCP(t, t.TempDir())
	tools, err := cs.ListTools(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}

	root := newRootCommand()
	for _, tool := range tools.Tools {
		cmd, _, err := root.Find([]string{tool.Name})
		if err != nil || cmd.Name() != tool.Name {
			t.Errorf("tool %s: no command enrich %s", tool.Name, tool.Name)
			continue
		}
		var schema struct {
			Properties map[string]json.RawMessage `json:"properties"`
		}
		b, _ := json.Marshal(tool.InputSchema)
		if err := json.Unmarshal(b, &schema); err != nil {
			t.Fatal(err)
		}
		flags := map[string]bool{}
		cmd.LocalFlags().VisitAll(func(f *pflag.Flag) { flags[strings.ReplaceAll(f.Name, "-", "_")] = true })
		for arg := range schema.Properties {
			if _, ok := toolOnly[tool.Name][arg]; !ok && !flags[arg] {
				t.Errorf("tool %s: argument %s is no flag of enrich %s (--%s)", tool.Name, arg, tool.Name, strings.ReplaceAll(arg, "_", "-"))
			}
		}
		cmd.LocalFlags().VisitAll(func(f *pflag.Flag) {
			arg := strings.ReplaceAll(f.Name, "-", "_")
			if _, ok := cliOnly[tool.Name][f.Name]; !ok && schema.Properties[arg] == nil {
				t.Errorf("enrich %s --%s: tool %s has no argument %s", tool.Name, f.Name, tool.Name, arg)
			}
		})
	}
}

// inMemoryMCP serves the assistant's tools over roots in this process
// and returns a client connected to them; both stop with the test.
func inMemoryMCP(t *testing.T, roots ...string) *mcp.ClientSession {
	t.Helper()
	srv, err := assistant.New(assistant.Config{Roots: roots})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	ct, st := mcp.NewInMemoryTransports()
	served := make(chan struct{})
	go func() {
		defer close(served)
		srv.Run(ctx, st)
	}()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "t", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cs.Close()
		srv.Close()
		cancel()
		<-served
	})
	return cs
}
