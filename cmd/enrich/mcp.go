package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
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

// envMCPToken holds the bearer token of `enrich mcp --listen`, when it is
// not to be made anew at each start.
const envMCPToken = "ENRICH_MCP_TOKEN"

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

Tool arguments are named as the flags of the commands (--default-region is
default_region, --max-credits max_credits); the sheet is input.

The tools read and write files only under the --root directories (give at
least one; a relative path is taken under the first). Every path is made
absolute, its symbolic links are resolved, and a path outside every root is
refused before anything is opened; files are then opened through the roots,
so that nothing swapped in afterwards leads out of them.

run, credits and search use the service configured as for the other
commands: ENRICH_API_KEY and ENRICH_API_URL in the server's environment (or
--api-url). Without them the other tools still work. The runs share the
account's budget with every other run on it: this machine's through a file,
every machine's through Redis when ENRICH_BUDGET_URL is set.

With --listen, every request must carry the header
  Authorization: Bearer TOKEN
or is answered 401. The token is $ENRICH_MCP_TOKEN (16 characters or more)
or, without it, a new random one made at each start and printed once on
stderr with the client configuration to paste. It never goes to the log.
--listen takes a loopback address only (the endpoint speaks plain HTTP),
and a request that names another host (DNS rebinding) is answered 403.

Jobs belong to the server: when the assistant disconnects (stdio) or the
server is interrupted, running jobs stop as an interrupted run does, writing
what is known; running the same sheet again resumes from the journal.`,
		Example: `  ENRICH_API_KEY=... ENRICH_API_URL=https://api.example.com enrich mcp --root ~/Leads
  enrich mcp --root ~/Leads --root ~/Downloads --listen 127.0.0.1:8702
  ENRICH_MCP_TOKEN=$(cat ~/.enrich-mcp-token) enrich mcp --root ~/Leads --listen 127.0.0.1:8702`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return o.run(cmd.Context(), g)
		},
	}
	f := cmd.Flags()
	f.StringArrayVar(&o.roots, "root", nil, "directory whose files the tools may read and write; repeatable, at least one")
	f.StringVar(&o.listen, "listen", "", "serve streamable HTTP at http://ADDR/mcp on this loopback address instead of stdio (e.g. 127.0.0.1:8702); requests need the bearer token ($"+envMCPToken+" or printed at start)")
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
	var overHTTP *mcpListen // nil on stdio, which needs no token
	if o.listen != "" {
		if err := checkLoopback(o.listen); err != nil {
			return err
		}
		token, generated, err := mcpToken()
		if err != nil {
			return err
		}
		overHTTP = &mcpListen{addr: o.listen, token: token, generated: generated, out: os.Stderr}
	}
	budget, err := budgetURL("")
	if err != nil {
		return err
	}
	srv, err := assistant.New(assistant.Config{
		Roots:     o.roots,
		Service:   func() (*api.Client, error) { return o.service.client(log) },
		BudgetURL: budget,
		Log:       log,
		Version:   version,
	})
	if err != nil {
		return withCode(ExitUsage, err)
	}
	defer srv.Close()
	if overHTTP != nil {
		return serveMCP(ctx, srv, *overHTTP, log)
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

// mcpToken is the bearer token of --listen: $ENRICH_MCP_TOKEN, or a new
// one (generated is true then).
func mcpToken() (token string, generated bool, err error) {
	if token = os.Getenv(envMCPToken); token != "" {
		if err := assistant.CheckToken(token); err != nil {
			return "", false, usageErrorf("%s: %v", envMCPToken, err)
		}
		return token, false, nil
	}
	token, err = assistant.NewToken()
	return token, true, err
}

// mcpListen is how `enrich mcp --listen` serves.
type mcpListen struct {
	addr      string
	token     string
	generated bool      // made at start: printed once on out
	out       io.Writer // where the client configuration is printed
}

// serveMCP serves streamable HTTP on l.addr until ctx is done.
func serveMCP(ctx context.Context, srv *assistant.Server, l mcpListen, log *slog.Logger) error {
	handler, err := srv.Handler(l.token)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", l.addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", l.addr, err)
	}
	mux := http.NewServeMux()
	mux.Handle("/mcp", handler)
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	url := "http://" + ln.Addr().String() + "/mcp"
	if err := printClientConfig(l, url); err != nil {
		ln.Close()
		return err
	}
	log.Info("mcp server ready", "url", url)
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
	return usageErrorf("--listen %q: give a loopback address such as 127.0.0.1:8702; the endpoint speaks plain HTTP, which would carry the token in clear", addr)
}

// printClientConfig tells, once, the header a client must send and the
// client configuration to paste. The token goes here only, never to the
// log: it is printed when it was made at start, and named as the
// environment variable when it came from there.
func printClientConfig(l mcpListen, url string) error {
	token := "${" + envMCPToken + "}"
	if l.generated {
		token = l.token
	}
	type server struct {
		Type    string            `json:"type"`
		URL     string            `json:"url"`
		Headers map[string]string `json:"headers"`
	}
	config, err := json.Marshal(map[string]map[string]server{"mcpServers": {"enrich": {Type: "http", URL: url, Headers: map[string]string{"Authorization": "Bearer " + token}}}})
	if err != nil {
		return err
	}
	note := "the token is new at each start; set " + envMCPToken + " to keep one"
	if !l.generated {
		note = "the token is $" + envMCPToken + "; write it in place of ${" + envMCPToken + "} where the client does not read the environment"
	}
	_, err = fmt.Fprintf(l.out, "enrich mcp: serving %s to clients that send the header\n  Authorization: Bearer %s\n(%s). Client configuration:\n  %s\n", url, token, note, config)
	return err
}
