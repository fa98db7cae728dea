package assistant

import (
	"bytes"
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/pipeline"
	"github.com/enrich-dev/enrich/report"
)

// LockedBuffer is a log destination safe for concurrent writes, for the
// tests of this package and of assistant_test.
type LockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *LockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *LockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// session serves s in memory and returns a client session of it.
func session(t *testing.T, s *Server) *mcp.ClientSession {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	ct, st := mcp.NewInMemoryTransports()
	served := make(chan error, 1)
	go func() { served <- s.Run(ctx, st) }()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "t", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); cancel(); <-served; s.Close() })
	return cs
}

func callText(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) (string, bool) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String(), res.IsError
}

// TestToolPanic: a tool call that panics is answered with an error, logged
// with its stack, and the server goes on serving.
func TestToolPanic(t *testing.T) {
	var log LockedBuffer
	s, err := New(Config{Roots: []string{t.TempDir()}, Log: slog.New(slog.NewTextHandler(&log, nil))})
	if err != nil {
		t.Fatal(err)
	}
	addTool(s, &mcp.Tool{Name: "boom", Description: "writes to a nil map"}, func(context.Context, *mcp.CallToolRequest, struct{}) (any, error) {
		var m map[string]int
		//lint:ignore SA5000 the tool must panic, as a bug would make it
		m["x"]++
		return nil, nil
	})
	cs := session(t, s)
	msg, isErr := callText(t, cs, "boom", map[string]any{})
	if !isErr || !strings.Contains(msg, "internal error in boom") || !strings.Contains(msg, "nil map") {
		t.Errorf("boom answered %q (error %v)", msg, isErr)
	}
	if !strings.Contains(log.String(), "tool call panicked") || !strings.Contains(log.String(), "recover_test.go") {
		t.Errorf("the panic is not logged with its stack:\n%s", log.String())
	}
	if msg, isErr := callText(t, cs, "status", map[string]any{}); isErr || !strings.Contains(msg, `"jobs"`) {
		t.Errorf("after the panic, status answered %q", msg)
	}
}

// TestJobPanic: a job whose run panics fails with an error; the server and
// the other jobs go on.
func TestJobPanic(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "leads.csv"), []byte("Email\na@example.com\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := New(Config{Roots: []string{root}, Service: func() (*api.Client, error) { return api.New("http://127.0.0.1:1", "k") }})
	if err != nil {
		t.Fatal(err)
	}
	release := make(chan struct{})
	runPipeline = func(ctx context.Context, cfg pipeline.Config) (*report.Run, error) {
		if strings.HasSuffix(cfg.Input, "slow.csv") || filepath.Base(cfg.Output) == "slow.csv" {
			select {
			case <-release:
			case <-ctx.Done():
			}
			return &report.Run{Complete: true}, nil
		}
		var rows map[string]int
		//lint:ignore SA5000 the run must panic, as a bug would make it
		rows["x"]++
		return nil, nil
	}
	t.Cleanup(func() { runPipeline = pipeline.Run })
	cs := session(t, s)

	slow, isErr := callText(t, cs, "run", map[string]any{"input": "leads.csv", "output": "slow.csv", "journal": "slow.journal"})
	if isErr {
		t.Fatal(slow)
	}
	msg, isErr := callText(t, cs, "run", map[string]any{"input": "leads.csv", "output": "out.csv", "wait_seconds": 10})
	if isErr || !strings.Contains(msg, `"state":"failed"`) || !strings.Contains(msg, "internal error") {
		t.Errorf("the panicking job: %q", msg)
	}
	close(release)
	deadline := time.Now().Add(time.Minute) // when to give up, not a pace
	for {
		msg, _ := callText(t, cs, "status", map[string]any{"job_id": "job-1", "wait_seconds": 1})
		if strings.Contains(msg, `"state":"complete"`) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the other job: %s", msg)
		}
	}
}
