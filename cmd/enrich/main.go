// Command enrich enriches lead spreadsheets through a professional-profile
// lookup service, and contains a local emulator of that service.
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"syscall"

	"github.com/enrich-dev/enrich/internal/redact"
	"github.com/enrich-dev/enrich/internal/tempfiles"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

// run executes the command line and returns the process exit code. The
// first SIGINT or SIGTERM cancels the root context, so that commands stop
// cleanly; a second one exits at once. Once the command has ended, they
// are caught and let be until the process exits with the code that says
// how it ended: a Ctrl-C as a run ends does not kill the process after
// its output is written.
func run(args []string) (code int) {
	// A panic is a bug: it exits 1 with its stack, never 2, which says
	// "bad usage".
	say := sayer(logsJSON(args))
	defer func() {
		if p := recover(); p != nil {
			say(slog.LevelError, fmt.Sprintf("internal error: %v; this is a bug, please report it with what follows\n%s", p, debug.Stack()), ExitError)
			code = ExitError
		}
	}()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	signals := make(chan os.Signal, 2)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	var ended atomic.Bool
	go func() {
		if _, ok := <-signals; !ok || ended.Load() {
			return
		}
		say(slog.LevelWarn, "interrupted; finishing what is in flight (press Ctrl-C again to quit at once)", 0)
		cancel()
		if _, ok := <-signals; ok && !ended.Load() {
			say(slog.LevelWarn, "quitting at once", ExitInterrupted)
			tempfiles.RemoveAll()
			os.Exit(ExitInterrupted)
		}
	}()

	root := newRootCommand()
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	ended.Store(true)
	code = exitCode(ctx, err)
	var ee *exitError
	switch {
	case err != nil && code == ExitOK && errors.As(err, &ee) && ee.mapped:
		say(slog.LevelWarn, shownError(err, args), 0) // incomplete, told as --incomplete-exit-code 0 asks
	case err != nil && code != ExitOK:
		say(slog.LevelError, shownError(err, args), code)
	}
	return code
}

// logsJSON reports whether the command line asks for --log-format json:
// read from the arguments, so that it holds for a line printed before
// the flags are parsed, or when they cannot be.
func logsJSON(args []string) bool {
	for i, a := range args {
		switch {
		case a == "--":
			return false
		case a == "--log-format=json":
			return true
		case a == "--log-format" && i+1 < len(args) && args[i+1] == "json":
			return true
		}
	}
	return false
}

// sayer returns how the command says its own last words on standard
// error (an error that ends it, a signal): "enrich: " and the sentence,
// or with --log-format json a log line like every other, with the exit
// code it ends with (0: it goes on).
func sayer(asJSON bool) func(level slog.Level, msg string, code int) {
	if !asJSON {
		return func(_ slog.Level, msg string, _ int) { fmt.Fprintf(os.Stderr, "enrich: %s\n", msg) }
	}
	log := slog.New(slog.NewJSONHandler(os.Stderr, nil))
	return func(level slog.Level, msg string, code int) {
		if code == 0 {
			log.Log(context.Background(), level, msg)
			return
		}
		log.Log(context.Background(), level, msg, "exit_code", code)
	}
}

// shownError is the sentence printed for err. An error may quote an
// address that carries a password: the values of the address flags and
// of ENRICH_API_URL are shown as showURL shows them wherever they
// appear, written as URLs or not (user:pass@host), and then every URL
// in it is redacted.
func shownError(err error, args []string) string {
	msg := err.Error()
	addrs := [][2]string{{"api-url", os.Getenv(envAPIURL)}, {"notify", os.Getenv(envNotifyURL)}} // flag, value
	for i, a := range args {
		if name, value, ok := strings.Cut(a, "="); ok && isURLFlag(name) {
			addrs = append(addrs, [2]string{strings.TrimPrefix(name, "--"), value})
		} else if isURLFlag(a) && i+1 < len(args) {
			addrs = append(addrs, [2]string{strings.TrimPrefix(a, "--"), args[i+1]})
		}
	}
	for _, addr := range addrs {
		if shown := showURL(addr[0], addr[1]); addr[1] != "" && shown != addr[1] {
			msg = strings.ReplaceAll(msg, addr[1], shown)
		}
	}
	return redact.Text(msg)
}
