// Command enrich enriches lead spreadsheets through a professional-profile
// lookup service, and contains a local emulator of that service.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

// run executes the command line and returns the process exit code. The
// first SIGINT or SIGTERM cancels the root context, so that commands stop
// cleanly; a second one exits at once.
func run(args []string) int {
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
			os.Exit(ExitInterrupted)
		}
	}()

	root := newRootCommand()
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	code := exitCode(ctx, err)
	if err != nil && code != ExitOK {
		fmt.Fprintf(os.Stderr, "enrich: %v\n", err)
	}
	return code
}
