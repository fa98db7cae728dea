package assistant_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/assistant"
	"github.com/enrich-dev/enrich/demo/leads"
	"github.com/enrich-dev/enrich/emulator"
	"github.com/enrich-dev/enrich/pipeline"
	"github.com/enrich-dev/enrich/report"
)

var bg = context.Background()

// harness is an emulator on loopback, a root directory with a sheet drawn
// from its world, and `enrich mcp`'s server on streamable HTTP.
type harness struct {
	emu    *emulator.Emulator
	apiURL string
	root   string
	input  string // leads.csv in root
	sheet  []leads.Lead
	srv    *assistant.Server
	url    string // the MCP endpoint

	mu       sync.Mutex
	progress []*mcp.ProgressNotificationParams
}

// apiKey is the account's key in the harness's emulator.
const apiKey = "harness-api-key-5e1f7c"

func newHarness(t *testing.T, rows int, service bool) *harness {
	t.Helper()
	return newLoggedHarness(t, rows, service, nil)
}

// newLoggedHarness is newHarness with the server logging to log.
func newLoggedHarness(t *testing.T, rows int, service bool, log *slog.Logger) *harness {
	t.Helper()
	emu, err := emulator.New(emulator.Config{
		People:          2000,
		Default:         emulator.AccountConfig{Key: apiKey, Credits: 1000, WithoutContactsCredits: 1000, ItemsPerMinute: 100},
		RateWindow:      time.Second,
		CallbackDelay:   50 * time.Millisecond,
		RetryGaps:       []time.Duration{100 * time.Millisecond, 100 * time.Millisecond, 100 * time.Millisecond},
		AnswerTimeout:   time.Second,
		DuplicatePeriod: 300 * time.Millisecond,

		// The jobs time callbacks out after seconds: cut the delays' tail.
		MaxCallbackDelay: time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	svc := httptest.NewServer(emu)
	t.Cleanup(func() { svc.Close(); emu.Close() })
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	h := &harness{emu: emu, apiURL: svc.URL, root: root, input: filepath.Join(root, "leads.csv")}
	h.sheet = leads.Generate(emu.World(), rows, 11)
	if err := leads.WriteCSV(h.input, h.sheet); err != nil {
		t.Fatal(err)
	}
	cfg := assistant.Config{Roots: []string{root}, Log: log}
	if service {
		cfg.Service = h.client
	}
	if h.srv, err = assistant.New(cfg); err != nil {
		t.Fatal(err)
	}
	handler, err := h.srv.Handler(testToken)
	if err != nil {
		t.Fatal(err)
	}
	mcpSrv := httptest.NewServer(handler)
	t.Cleanup(func() { mcpSrv.Close(); h.srv.Close() })
	h.url = mcpSrv.URL
	return h
}

// testToken is the bearer token of the harness's server.
const testToken = "test-token-0123456789abcdef"

// bearerClient is an HTTP client that sends token as a bearer token.
func bearerClient(token string) *http.Client {
	return &http.Client{Transport: bearer{token: token, next: http.DefaultTransport}}
}

type bearer struct {
	token string
	next  http.RoundTripper
}

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return b.next.RoundTrip(r)
}

// client is the service client the server uses: the emulator's, with
// quick retries.
func (h *harness) client() (*api.Client, error) {
	return api.New(h.apiURL, apiKey, api.WithBackoff(api.Backoff{Attempts: 3, Base: 10 * time.Millisecond, Max: 100 * time.Millisecond}))
}

// connect opens a session with the SDK's client over streamable HTTP;
// progress notifications are collected.
func (h *harness) connect(t *testing.T) *mcp.ClientSession {
	t.Helper()
	c := mcp.NewClient(&mcp.Implementation{Name: "assistant-test", Version: "1"}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, req *mcp.ProgressNotificationClientRequest) {
			h.mu.Lock()
			h.progress = append(h.progress, req.Params)
			h.mu.Unlock()
		},
	})
	cs, err := c.Connect(bg, &mcp.StreamableClientTransport{Endpoint: h.url, MaxRetries: -1, HTTPClient: bearerClient(testToken)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// notifications returns the progress notifications of a token so far.
func (h *harness) notifications(token any) []*mcp.ProgressNotificationParams {
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []*mcp.ProgressNotificationParams
	for _, p := range h.progress {
		if p.ProgressToken == token {
			out = append(out, p)
		}
	}
	return out
}

// call calls a tool, with a progress token if token is not nil.
func call(t *testing.T, cs *mcp.ClientSession, name string, args any, token any) *mcp.CallToolResult {
	t.Helper()
	p := &mcp.CallToolParams{Name: name, Arguments: args}
	if token != nil {
		p.SetProgressToken(token)
	}
	res, err := cs.CallTool(bg, p)
	if err != nil {
		t.Fatalf("call %s: %v", name, err)
	}
	return res
}

func text(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

// decode calls a tool that must succeed and decodes its result.
func decode[T any](t *testing.T, cs *mcp.ClientSession, name string, args any, token any) T {
	t.Helper()
	res := call(t, cs, name, args, token)
	if res.IsError {
		t.Fatalf("%s: tool error: %s", name, text(res))
	}
	var v T
	if err := json.Unmarshal([]byte(text(res)), &v); err != nil {
		t.Fatalf("%s: %v in %s", name, err, text(res))
	}
	return v
}

// toolError calls a tool that must fail and returns its message.
func toolError(t *testing.T, cs *mcp.ClientSession, name string, args any) string {
	t.Helper()
	res := call(t, cs, name, args, nil)
	if !res.IsError {
		t.Fatalf("%s %v succeeded: %s", name, args, text(res))
	}
	return text(res)
}

// jobStatus is the run and status tools' answer about a job.
type jobStatus struct {
	JobID    string             `json:"job_id"`
	State    string             `json:"state"`
	Output   string             `json:"output"`
	Journal  string             `json:"journal"`
	Progress *pipeline.Snapshot `json:"progress"`
	Report   *report.Run        `json:"report"`
	Error    string             `json:"error"`
}

func TestToolList(t *testing.T) {
	h := newHarness(t, 5, true)
	cs := h.connect(t)
	res, err := cs.ListTools(bg, nil)
	if err != nil {
		t.Fatal(err)
	}
	props := map[string][]string{}
	for _, tool := range res.Tools {
		if len(tool.Description) < 80 {
			t.Errorf("%s: description %q is too thin for an assistant", tool.Name, tool.Description)
		}
		b, _ := json.Marshal(tool.InputSchema)
		var schema jsonschema.Schema
		if err := json.Unmarshal(b, &schema); err != nil {
			t.Fatal(err)
		}
		for name, p := range schema.Properties {
			props[tool.Name] = append(props[tool.Name], name)
			if p.Description == "" {
				t.Errorf("%s: property %s has no description", tool.Name, name)
			}
		}
	}
	names := slices.Sorted(func(yield func(string) bool) {
		for n := range props {
			if !yield(n) {
				return
			}
		}
	})
	if want := []string{"choose", "credits", "export", "plan", "run", "search", "status"}; !slices.Equal(names, want) {
		t.Errorf("tools %v, want %v", names, want)
	}
	for tool, want := range map[string][]string{
		"plan":   {"input", "sheet", "column", "default_region", "prefer", "items_per_minute", "journal"},
		"run":    {"input", "output", "journal", "sync", "without_contacts", "listen", "public_url", "max_credits", "default_region", "wait_seconds"},
		"status": {"job_id", "journal", "wait_seconds"},
		"export": {"input", "output", "journal", "without_contacts"},
		"search": {"current_title", "location", "size", "scroll_id", "request_id"},
	} {
		for _, p := range want {
			if !slices.Contains(props[tool], p) {
				t.Errorf("%s has no input %s (has %v)", tool, p, props[tool])
			}
		}
	}
}

// TestRunJob plans a sheet, runs it in the background, follows it with
// progress notifications to the end, and exports it again.
func TestRunJob(t *testing.T) {
	h := newHarness(t, 24, true)
	cs := h.connect(t)

	type plan struct {
		Rows     int  `json:"rows"`
		Unique   int  `json:"unique_lookups"`
		Resolved *int `json:"resolved"`
		Journal  string
	}
	p := decode[plan](t, cs, "plan", map[string]any{"input": "leads.csv", "default_region": leads.DefaultRegion}, nil)
	if p.Rows != 24 || p.Unique == 0 || p.Resolved != nil || p.Journal != filepath.Join(h.root, "enrich.journal") {
		t.Fatalf("plan %+v", p)
	}

	start := time.Now()
	job := decode[jobStatus](t, cs, "run", map[string]any{
		"input": "leads.csv", "output": "out/enriched.csv", "default_region": leads.DefaultRegion,
		"listen": "127.0.0.1:0", "items_per_minute": 20, "rate_window": "1s",
		"callback_timeout": "3s", "retry_wait": "300ms",
	}, nil)
	if job.JobID == "" || job.State != "running" {
		t.Fatalf("run answered %+v, want a running job", job)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("run took %v to answer; it must return at once", d)
	}

	// Follow it to the end, with progress.
	done := decode[jobStatus](t, cs, "status", map[string]any{"job_id": job.JobID, "wait_seconds": 60}, "follow")
	if done.State != "complete" || done.Report == nil || !done.Report.Complete || done.Report.Rows != 24 {
		t.Fatalf("job ended %s: %+v (error %s)", done.State, done.Report, done.Error)
	}
	// The report on disk names the files as the user knows them, not by
	// the descriptors the job held them by.
	b, err := os.ReadFile(filepath.Join(h.root, "out", "enriched.csv.report.json"))
	if err != nil {
		t.Fatal(err)
	}
	var onDisk report.Run
	if err := json.Unmarshal(b, &onDisk); err != nil {
		t.Fatal(err)
	}
	if onDisk.Input != filepath.Join(h.root, "leads.csv") || onDisk.Output != filepath.Join(h.root, "out", "enriched.csv") || strings.Contains(string(b), "/proc/") {
		t.Errorf("the report names input %q, output %q", onDisk.Input, onDisk.Output)
	}
	wrong, err := leads.Compare(filepath.Join(h.root, "out", "enriched.csv"), h.sheet)
	if err != nil {
		t.Fatal(err)
	}
	if len(wrong) > 0 {
		t.Errorf("rows differ from the world:\n%s", strings.Join(wrong, "\n"))
	}
	checkProgress(t, h, "follow", 24)

	// The journal's status, the job list, and an export from the journal.
	js := decode[struct {
		Running bool `json:"running"`
		Run     *pipeline.Snapshot
		Summary *struct {
			Lookups map[string]map[string]int `json:"lookups"`
		} `json:"summary"`
	}](t, cs, "status", map[string]any{"journal": "enrich.journal"}, nil)
	if js.Running || js.Run == nil || !js.Run.Finished || js.Summary == nil || len(js.Summary.Lookups) == 0 {
		t.Errorf("journal status %+v", js)
	} else if js.Run.Input != h.input || js.Run.Output != filepath.Join(h.root, "out", "enriched.csv") {
		t.Errorf("journal status names the files %s and %s", js.Run.Input, js.Run.Output)
	}
	list := decode[struct {
		Jobs []jobStatus `json:"jobs"`
	}](t, cs, "status", map[string]any{}, nil)
	if len(list.Jobs) != 1 || list.Jobs[0].JobID != job.JobID || list.Jobs[0].State != "complete" {
		t.Errorf("job list %+v", list.Jobs)
	}
	exp := decode[struct {
		Output   string         `json:"output"`
		Rows     int            `json:"rows"`
		ByStatus map[string]int `json:"rows_by_status"`
	}](t, cs, "export", map[string]any{"input": "leads.csv", "output": "again.xlsx", "default_region": leads.DefaultRegion}, nil)
	if exp.Rows != 24 || exp.ByStatus["success"] == 0 || exp.Output != filepath.Join(h.root, "again.xlsx") {
		t.Errorf("export %+v", exp)
	}
	if _, err := os.Stat(exp.Output); err != nil {
		t.Error(err)
	}
	// The plan now counts what the journal resolved.
	if p := decode[plan](t, cs, "plan", map[string]any{"input": h.input, "default_region": leads.DefaultRegion}, nil); p.Resolved == nil || *p.Resolved == 0 {
		t.Errorf("plan after the run resolved %v", p.Resolved)
	}
}

// TestRunWaits runs synchronously and waits in the run call itself, which
// then reports progress.
func TestRunWaits(t *testing.T) {
	h := newHarness(t, 16, true)
	cs := h.connect(t)
	done := decode[jobStatus](t, cs, "run", map[string]any{
		"input": "leads.csv", "output": "out.jsonl", "journal": "sync.journal", "default_region": leads.DefaultRegion,
		"sync": true, "items_per_minute": 8, "rate_window": "1s", "wait_seconds": 60,
	}, 7)
	if done.State != "complete" || done.Journal != filepath.Join(h.root, "sync.journal") {
		t.Fatalf("job ended %+v", done)
	}
	checkProgress(t, h, float64(7), 16)
}

// checkProgress checks the notifications of a token: rows final of rows,
// growing, up to every row.
func checkProgress(t *testing.T, h *harness, token any, rows int) {
	t.Helper()
	var got []*mcp.ProgressNotificationParams
	deadline := time.Now().Add(time.Minute) // when to give up, not a pace
	for {
		// Notifications are handled as they arrive, possibly after the
		// answer that follows them.
		got = h.notifications(token)
		if n := len(got); n > 0 && got[n-1].Progress == float64(rows) || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if len(got) < 2 {
		t.Fatalf("%d progress notifications, want several", len(got))
	}
	for i, p := range got {
		if p.Total != float64(rows) || p.Message == "" {
			t.Errorf("notification %d: %+v, want a total of %d rows and a message", i, p, rows)
		}
		if i > 0 && p.Progress <= got[i-1].Progress {
			t.Errorf("progress went from %v to %v", got[i-1].Progress, p.Progress)
		}
	}
	if last := got[len(got)-1]; last.Progress != float64(rows) {
		t.Errorf("last progress %v of %v", last.Progress, last.Total)
	}
}

func TestRefusedPaths(t *testing.T) {
	h := newHarness(t, 5, true)
	cs := h.connect(t)
	outside := t.TempDir()
	secret := filepath.Join(outside, "secret.csv")
	if err := os.WriteFile(secret, []byte("Email\na@example.com\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(h.root, "link")); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		tool string
		args map[string]any
	}{
		{"plan outside", "plan", map[string]any{"input": secret}},
		{"plan through a link", "plan", map[string]any{"input": "link/secret.csv"}},
		{"plan up and out", "plan", map[string]any{"input": "../" + filepath.Base(outside) + "/secret.csv"}},
		{"run output outside", "run", map[string]any{"input": "leads.csv", "output": filepath.Join(outside, "out.csv")}},
		{"run journal outside", "run", map[string]any{"input": "leads.csv", "output": "out.csv", "journal": filepath.Join(outside, "j")}},
		{"run output through a link", "run", map[string]any{"input": "leads.csv", "output": "link/out.csv"}},
		{"export output outside", "export", map[string]any{"input": "leads.csv", "output": filepath.Join(outside, "out.csv")}},
		{"status of a journal outside", "status", map[string]any{"journal": filepath.Join(outside, "j")}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			msg := toolError(t, cs, tc.tool, tc.args)
			if !strings.Contains(msg, "is outside the allowed roots ("+h.root+")") {
				t.Errorf("error %q does not say the path is outside the roots", msg)
			}
		})
	}
	entries, err := os.ReadDir(outside)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 {
		t.Errorf("files were written outside the roots: %v", entries)
	}
	if list := decode[struct{ Jobs []jobStatus }](t, cs, "status", map[string]any{}, nil); len(list.Jobs) != 0 {
		t.Errorf("refused runs started jobs: %+v", list.Jobs)
	}
}

func TestToolErrors(t *testing.T) {
	h := newHarness(t, 5, true)
	cs := h.connect(t)
	empty := filepath.Join(h.root, "empty.csv")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(h.root, "dir.csv"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		tool string
		args map[string]any
		want string
	}{
		{"plan", map[string]any{"input": "missing.csv"}, "open " + filepath.Join(h.root, "missing.csv") + ": no such file"},
		// Errors of the pipeline name the files as the assistant gave them.
		{"plan", map[string]any{"input": "empty.csv"}, empty + ": no header row"},
		{"export", map[string]any{"input": "empty.csv", "output": "o.csv", "journal": "empty.csv"}, "journal " + empty},
		{"plan", map[string]any{"input": "dir.csv"}, filepath.Join(h.root, "dir.csv") + " is not a regular file"},
		{"run", map[string]any{"input": "leads.csv", "output": "."}, h.root + " is a root directory"},
		{"plan", map[string]any{"input": "leads.csv", "column": []string{"email"}}, "write KIND=HEADER"},
		{"plan", map[string]any{"input": "leads.csv", "prefer": []string{"fax"}}, "fax"},
		{"run", map[string]any{"input": "missing.csv", "output": "o.csv"}, "missing.csv"},
		{"run", map[string]any{"input": "leads.csv", "output": "o.csv", "rate_window": "soon"}, `rate_window "soon"`},
		{"export", map[string]any{"input": "leads.csv", "output": "o.csv"}, "no journal at"},
		{"status", map[string]any{"job_id": "job-9"}, `no job "job-9"`},
		{"search", map[string]any{"location": []string{"Atlantis, Neverland"}}, "the service answered 422: Location is not recognized"},
		{"search", map[string]any{"scroll_id": "abc"}, "both request_id and scroll_id"},
		{"search", map[string]any{"current_title": "CEO", "years_in_role": "five"}, `years_in_role "five": give FROM-TO, FROM- or -TO`},
		{"search", map[string]any{"current_title": "CEO", "years_total": "-"}, `years_total "-": give FROM-TO`},
	} {
		if msg := toolError(t, cs, tc.tool, tc.args); !strings.Contains(msg, tc.want) || strings.Contains(msg, "/proc/") {
			t.Errorf("%s %v: %q, want it to contain %q", tc.tool, tc.args, msg, tc.want)
		}
	}
}

func TestCreditsAndSearch(t *testing.T) {
	h := newHarness(t, 5, true)
	cs := h.connect(t)
	c := decode[struct {
		Pool    string `json:"pool"`
		Credits int64  `json:"credits"`
	}](t, cs, "credits", map[string]any{"without_contacts": true}, nil)
	if c.Credits != 1000 || c.Pool != "without contacts" {
		t.Errorf("credits %+v", c)
	}

	s := sample(t, h.apiURL)
	type page struct {
		RequestID int64             `json:"request_id"`
		Total     int64             `json:"total"`
		ScrollID  string            `json:"scroll_id"`
		Profiles  []json.RawMessage `json:"profiles"`
	}
	first := decode[page](t, cs, "search", map[string]any{"current_title": s.Titles[0], "size": 2}, nil)
	if len(first.Profiles) != 2 || first.Total <= 2 || first.ScrollID == "" {
		t.Fatalf("first page: %d profiles of %d, scroll %q", len(first.Profiles), first.Total, first.ScrollID)
	}
	var p wire.SearchProfile
	if err := json.Unmarshal(first.Profiles[0], &p); err != nil || len(p.UID) != 32 {
		t.Errorf("profile %s: %v", first.Profiles[0], err)
	}
	next := decode[page](t, cs, "search", map[string]any{"request_id": first.RequestID, "scroll_id": first.ScrollID}, nil)
	if len(next.Profiles) == 0 || string(next.Profiles[0]) == string(first.Profiles[0]) {
		t.Errorf("second page %d profiles", len(next.Profiles))
	}
	// Year ranges as `enrich search` takes them, and the exclusions, narrow
	// the search: on the most held of the sample's titles, so that some
	// of its holders are marked watched whatever the world draws.
	title, most := s.Titles[0], first.Total
	for _, tt := range s.Titles[1:] {
		if p := decode[page](t, cs, "search", map[string]any{"current_title": tt, "size": 1}, nil); p.Total > most {
			title, most = tt, p.Total
		}
	}
	all := decode[page](t, cs, "search", map[string]any{"current_title": title, "years_total": "0-", "size": 1}, nil)
	none := decode[page](t, cs, "search", map[string]any{"current_title": title, "years_total": "-0", "years_in_role": "1-", "size": 1}, nil)
	unseen := decode[page](t, cs, "search", map[string]any{"current_title": title, "exclude_watched": true, "size": 1}, nil)
	if all.Total != most || none.Total >= all.Total || unseen.Total >= all.Total {
		t.Errorf("%s: years_total 0-: %d of %d; -0 with years_in_role 1-: %d; not yet watched: %d", title, all.Total, most, none.Total, unseen.Total)
	}
}

func TestWithoutService(t *testing.T) {
	h := newHarness(t, 5, false)
	cs := h.connect(t)
	for tool, args := range map[string]map[string]any{"credits": {}, "search": {"current_title": "CEO"}} {
		if msg := toolError(t, cs, tool, args); !strings.Contains(msg, "no service is configured") {
			t.Errorf("%s: %q", tool, msg)
		}
	}
	if msg := toolError(t, cs, "run", map[string]any{"input": "leads.csv", "output": "o.csv"}); !strings.Contains(msg, "no service is configured") {
		t.Errorf("run: %q", msg)
	}
	// Offline tools work without it.
	decode[struct{ Rows int }](t, cs, "plan", map[string]any{"input": "leads.csv"}, nil)
}

func TestNoRoots(t *testing.T) {
	if _, err := assistant.New(assistant.Config{}); err == nil || !strings.Contains(err.Error(), "root") {
		t.Errorf("New without roots: %v", err)
	}
}

// sample reads search material from the emulator.
func sample(t *testing.T, base string) emulator.Sample {
	t.Helper()
	resp, err := http.Get(base + "/_emulator/sample?count=3")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var s emulator.Sample
	if err := json.NewDecoder(resp.Body).Decode(&s); err != nil {
		t.Fatal(err)
	}
	return s
}
