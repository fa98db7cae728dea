package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/spf13/cobra"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/assistant"
)

// mcpOptions are the flags of `enrich mcp`.
type mcpOptions struct {
	listen  string
	roots   []string
	service serviceFlags
}

func newMCPCommand(g *globals) *cobra.Command {
	o := &mcpOptions{}
	cmd := &cobra.Command{
		Use:   "mcp --root DIR [--root DIR]... [--listen ADDR]",
		Short: "Serve enrich's tools to an assistant (Model Context Protocol)",
		Long: `Serve enrich to an AI assistant over the Model Context Protocol: on stdin and
stdout for a desktop assistant that starts it, or with --listen over
streamable HTTP at http://ADDR/mcp.

Tools:
  plan     what a run of a sheet would look up and cost (offline, free)
  run      start enriching a sheet in the background; answers a job id
  status   where a job stands (wait_seconds follows it with progress
           notifications), or the status of a journal
  export   write the enriched sheet again from the journal (offline)
  credits  the account's balance
  search   one page of a people search; scroll_id continues it

The tools read and write files only under the --root directories (give at
least one; a relative path is taken under the first). Every path is made
absolute, its symbolic links are resolved, and a path outside every root is
refused before anything is opened.

run, credits and search use the service configured as for the other
commands: ENRICH_API_KEY and ENRICH_API_URL in the server's environment (or
--api-url). Without them the other tools still work.

--listen takes a loopback address only: the HTTP endpoint has no
authentication, and anyone who reaches it spends the account's credits.

Jobs belong to the server: when the assistant disconnects (stdio) or the
server is interrupted, running jobs stop as an interrupted run does, writing
what is known; running the same sheet again resumes from the journal.`,
		Example: `  ENRICH_API_KEY=... ENRICH_API_URL=https://api.example.com enrich mcp --root ~/Leads
  enrich mcp --root ~/Leads --root ~/Downloads --listen 127.0.0.1:8702`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return o.run(cmd.Context(), g)
		},
	}
	f := cmd.Flags()
	f.StringArrayVar(&o.roots, "root", nil, "directory whose files the tools may read and write; repeatable, at least one")
	f.StringVar(&o.listen, "listen", "", "serve streamable HTTP at http://ADDR/mcp on this loopback address instead of stdio (e.g. 127.0.0.1:8702)")
	o.service.register(f)
	return cmd
}

func (o *mcpOptions) run(ctx context.Context, g *globals) error {
	log, err := g.logger(os.Stderr)
	if err != nil {
		return err
	}
	if len(o.roots) == 0 {
		return usageErrorf("--root is required: a directory whose sheets the assistant may read and write (repeatable)")
	}
	if o.listen != "" {
		if err := checkLoopback(o.listen); err != nil {
			return err
		}
	}
	srv, err := assistant.New(assistant.Config{
		Roots:   o.roots,
		Service: func() (*api.Client, error) { return o.service.client(log) },
		Log:     log,
		Version: version,
	})
	if err != nil {
		return withCode(ExitUsage, err)
	}
	defer srv.Close()
	if o.listen != "" {
		return serveMCP(ctx, srv, o.listen, log)
	}
	log.Info("serving the assistant on stdio", "roots", strings.Join(o.roots, ", "))
	// The session ends when the assistant closes stdin: that is the normal
	// end, whatever the transport says about it.
	if err := srv.Run(ctx, &mcp.StdioTransport{}); ctx.Err() != nil {
		return ctx.Err()
	} else if err != nil {
		log.Debug("assistant session ended", "error", err)
	}
	return nil
}

// serveMCP serves streamable HTTP on addr until ctx is done.
func serveMCP(ctx context.Context, srv *assistant.Server, addr string, log *slog.Logger) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", addr, err)
	}
	mux := http.NewServeMux()
	mux.Handle("/mcp", srv.Handler())
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	log.Info("mcp server ready", "url", "http://"+ln.Addr().String()+"/mcp")
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	// Sessions hold event streams open: give requests a moment, then cut.
	shutdown, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := hs.Shutdown(shutdown); err != nil && !errors.Is(err, http.ErrServerClosed) {
		hs.Close()
	}
	return ctx.Err()
}

// checkLoopback refuses an address other machines could reach.
func checkLoopback(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return usageErrorf("--listen %q: give HOST:PORT, such as 127.0.0.1:8702", addr)
	}
	if ip := net.ParseIP(host); host == "localhost" || ip != nil && ip.IsLoopback() {
		return nil
	}
	return usageErrorf("--listen %q: give a loopback address such as 127.0.0.1:8702; the HTTP endpoint has no authentication", addr)
}
