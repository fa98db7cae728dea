// Package assistant is `enrich mcp`: a Model Context Protocol server that
// lets a desktop assistant plan, run, follow and export enrichment jobs on
// spreadsheets, read the account's credits and page through people
// searches. It speaks over stdio (Run with a stdio transport) or
// streamable HTTP (Handler).
//
// Every path a tool takes is confined to the directories the server was
// given (Config.Roots): it is made absolute, its existing part has its
// symbolic links resolved, and it must then lie under a root; anything
// else is refused before a file is opened. Files are then opened through
// the roots' descriptors (os.Root) and held open, and the pipeline is
// given names that lead to what was opened, so that nothing swapped in
// after the check takes it out of the roots (see openFiles).
//
// Over HTTP every request carries a bearer token (Handler); a tool call
// that panics is answered with an error, and the server goes on.
//
// Jobs started by the run tool belong to the server: they run in the
// background, are followed with the status tool, and stop (cleanly, as an
// interrupted run) when the server closes.
package assistant

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"runtime/debug"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/internal/clock"
)

// Config describes the server.
type Config struct {
	// Roots are the directories the tools may read and write under; at
	// least one. A relative path given to a tool is taken under the first.
	Roots []string
	// Service returns a client of the profile service. The tools that need
	// the service (run, credits, search) call it, and fail with its error:
	// the server starts without a service configured.
	Service func() (*api.Client, error)
	// BudgetURL is the Redis server through which the runs of every
	// machine on the account share its budget (pipeline.Config.BudgetURL);
	// "" shares it with this machine's runs through a file.
	BudgetURL string
	Log       *slog.Logger // default discards
	Version   string       // reported to clients
	Clock     clock.Clock  // default the real one; the jobs run on it too
}

// Server is the MCP server of `enrich mcp`.
type Server struct {
	cfg   Config
	roots []string   // absolute, symbolic links resolved
	dirs  []*os.Root // the roots, open; dirs[i] is roots[i]
	pin   bool       // open files have names under procFD
	mcp   *mcp.Server
	log   *slog.Logger

	ctx    context.Context // jobs run under it; Close cancels it
	cancel context.CancelFunc
	wg     sync.WaitGroup // running jobs

	mu      sync.Mutex // guards jobs and nextJob
	jobs    map[string]*job
	nextJob int
}

// New checks the roots and builds the server.
func New(cfg Config) (*Server, error) {
	roots, err := resolveRoots(cfg.Roots)
	if err != nil {
		return nil, err
	}
	dirs, err := openRoots(roots)
	if err != nil {
		return nil, err
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.Clock == nil {
		cfg.Clock = clock.Real{}
	}
	if cfg.Service == nil {
		cfg.Service = func() (*api.Client, error) { return nil, fmt.Errorf("no service is configured") }
	}
	if cfg.Version == "" {
		cfg.Version = "dev"
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &Server{cfg: cfg, roots: roots, dirs: dirs, pin: canPin(dirs[0]), log: cfg.Log, ctx: ctx, cancel: cancel, jobs: make(map[string]*job)}
	if !s.pin {
		s.log.Warn("this system does not name open files under " + procFD + ": a file swapped for a link between the check of a path and the run's open of it is not caught")
	}
	s.mcp = mcp.NewServer(&mcp.Implementation{Name: "enrich", Title: "enrich: lead spreadsheets", Version: cfg.Version},
		&mcp.ServerOptions{Instructions: s.instructions(), Logger: cfg.Log})
	s.addTools()
	return s, nil
}

func (s *Server) instructions() string {
	return `enrich completes lead spreadsheets (CSV or Excel) with professional profiles from a lookup service, which charges one credit per person found.
Typical use: plan a sheet (free, offline: identifier columns, invalid values, worst-case credits and time), then run it (a background job that writes the enriched sheet and keeps every result in a journal, so running it again resumes without paying twice), follow it with status (wait_seconds reports progress), and export the sheet again at any time. credits reads the balance; search pages through people searches.
Files are read and written only under these directories: ` + strings.Join(s.roots, ", ") + `. A relative path is taken under the first.`
}

// Run serves one session over t (such as &mcp.StdioTransport{}) until the
// client leaves or ctx is done.
func (s *Server) Run(ctx context.Context, t mcp.Transport) error {
	return s.mcp.Run(ctx, t)
}

// Close stops the running jobs, as an interrupt stops a run (what is known
// is written and the journal resumes it), waits for them, and closes the
// roots.
func (s *Server) Close() {
	s.cancel()
	s.wg.Wait()
	for _, d := range s.dirs {
		d.Close()
	}
}

// addTools registers the tools.
func (s *Server) addTools() {
	s.addSheetTools()
	s.addChooseTool()
	s.addRunTools()
	s.addServiceTools()
}

// addTool registers a tool whose result, when there is no error, is the
// structured content and, as JSON text, the content; an error is a tool
// error the assistant reads. A call that panics is answered with an error
// and logged with its stack; the server and its jobs go on.
func addTool[In any](s *Server, t *mcp.Tool, do func(ctx context.Context, req *mcp.CallToolRequest, in In) (any, error)) {
	mcp.AddTool(s.mcp, t, func(ctx context.Context, req *mcp.CallToolRequest, in In) (res *mcp.CallToolResult, out any, err error) {
		defer func() {
			if p := recover(); p != nil {
				s.log.Error("tool call panicked", "tool", t.Name, "panic", p, "stack", string(debug.Stack()))
				res, out, err = nil, nil, fmt.Errorf("internal error in %s (%v); the server goes on, and this is a bug to report", t.Name, p)
			}
		}()
		out, err = do(ctx, req, in)
		return nil, out, err
	})
}
