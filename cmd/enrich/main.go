// Command enrich enriches lead spreadsheets through a professional-profile
// lookup service, and contains a local emulator of that service.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"

	"github.com/enrich-dev/enrich/internal/redact"
	"github.com/enrich-dev/enrich/internal/tempfiles"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

// run executes the command line and returns the process exit code. The
// first SIGINT or SIGTERM cancels the root context, so that commands stop
// cleanly; a second one exits at once.
func run(args []string) (code int) {
	// A panic is a bug: it exits 1 with its stack, never 2, which says
	// "bad usage".
	defer func() {
		if p := recover(); p != nil {
			fmt.Fprintf(os.Stderr, "enrich: internal error: %v; this is a bug, please report it with what follows\n%s", p, debug.Stack())
			code = ExitError
		}
	}()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	signals := make(chan os.Signal, 2)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(signals)
	go func() {
		if _, ok := <-signals; !ok {
			return
		}
		fmt.Fprintln(os.Stderr, "enrich: interrupted; finishing what is in flight (press Ctrl-C again to quit at once)")
		cancel()
		if _, ok := <-signals; ok {
			fmt.Fprintln(os.Stderr, "enrich: quitting at once")
			tempfiles.RemoveAll()
			os.Exit(ExitInterrupted)
		}
	}()

	root := newRootCommand()
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	code = exitCode(ctx, err)
	if err != nil && code != ExitOK {
		fmt.Fprintf(os.Stderr, "enrich: %s\n", shownError(err, args))
	}
	return code
}

// shownError is the sentence printed for err. An error may quote an
// address that carries a password: every URL in it is redacted, and so
// are the values of the address flags and of ENRICH_API_URL wherever
// they appear, written as URLs or not (user:pass@host).
func shownError(err error, args []string) string {
	msg := redact.Text(err.Error())
	addrs := []string{os.Getenv(envAPIURL)}
	for i, a := range args {
		if name, value, ok := strings.Cut(a, "="); ok && isURLFlag(name) {
			addrs = append(addrs, value)
		} else if isURLFlag(a) && i+1 < len(args) {
			addrs = append(addrs, args[i+1])
		}
	}
	for _, addr := range addrs {
		if shown := redact.URL(addr); addr != "" && shown != addr {
			msg = strings.ReplaceAll(msg, addr, shown)
		}
	}
	return msg
}
