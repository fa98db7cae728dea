package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strconv"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/enrich-dev/enrich/internal/notify"
	"github.com/enrich-dev/enrich/internal/redact"
	"github.com/enrich-dev/enrich/report"
)

// incompleteExitCode is --incomplete-exit-code: the code a job that
// ended incomplete but resumable (3) exits with instead, for a scheduler
// that reads 3 as a failure. Unset, 3 stays 3.
type incompleteExitCode struct {
	code int
	set  bool
}

var _ pflag.Value = (*incompleteExitCode)(nil)

func (c *incompleteExitCode) String() string {
	if !c.set {
		return ""
	}
	return strconv.Itoa(c.code)
}

func (c *incompleteExitCode) Type() string { return "code" }

// Set takes 0 to 125 but 1, 2 and 4, which mean an error, a refusal and
// a journal in use: a scheduler must still tell those from a night that
// stopped early. 126 and up are the shell's (cannot run, not found, 128+
// a signal: 130 is an interrupted run's own).
func (c *incompleteExitCode) Set(s string) error {
	n, err := strconv.Atoi(s)
	switch {
	case err != nil:
		return errors.New("give an exit code from 0 to 125, such as 0 or 99")
	case n < 0 || n > 125:
		return errors.New("an exit code from 0 to 125 (126 and up are the shell's and the signals')")
	case n == ExitError || n == ExitUsage || n == ExitLocked:
		return fmt.Errorf("%d already means %s; give 0, 3, 5 to 125 (Airflow skips on 99)", n, exitMeaning(n))
	}
	c.code, c.set = n, true
	return nil
}

func exitMeaning(code int) string {
	switch code {
	case ExitError:
		return "an error"
	case ExitUsage:
		return "what no wait mends (usage, the input, the key)"
	}
	return "another process holds the journal"
}

// registerIncompleteExitCode binds --incomplete-exit-code.
func registerIncompleteExitCode(f *pflag.FlagSet, c *incompleteExitCode) {
	f.Var(c, "incomplete-exit-code", "exit with this code, not 3, when the job stops incomplete but resumable (0 to 125, not 1, 2 or 4;\ne.g. 0, or 99 for Airflow's skip); the JSON summary keeps exit_code 3 and sets exit_code_mapped")
}

// mapped is the code an incomplete job exits with when the flag changes
// it, for the summary's exit_code_mapped; nil when it does not.
func (c *incompleteExitCode) mapped(code int) *int {
	if !c.set || code != ExitIncomplete || c.code == ExitIncomplete {
		return nil
	}
	n := c.code
	return &n
}

// apply gives an incomplete job's error (exit 3) the chosen code; the
// error still says what happened.
func (c *incompleteExitCode) apply(err error) error {
	var ee *exitError
	if !errors.As(err, &ee) || c.mapped(ee.code) == nil {
		return err
	}
	return &exitError{code: c.code, err: fmt.Errorf("%w (exit %d by --incomplete-exit-code, not 3)", err, c.code), mapped: true}
}

// runSummary is a run's summary as --log-format json prints it and
// --notify posts it: the report's, with the code the process ends with
// when --incomplete-exit-code changed it (exit_code stays what happened).
type runSummary = report.Summary

// employeesSummary is `enrich company employees`' summary, likewise.
type employeesSummary struct {
	*report.Employees
	ExitCodeMapped *int `json:"exit_code_mapped"`
}

// envNotifyURL is --notify's default: an address whose path or query is
// its secret (Slack's, Teams') kept out of the command line, which the
// report and the summary show with that secret hidden.
const envNotifyURL = "ENRICH_NOTIFY_URL"

// notifyFlags are --notify and --notify-format of `enrich run`.
type notifyFlags struct {
	target notifyTarget
	format notifyFormat
}

func (n *notifyFlags) register(f *pflag.FlagSet) {
	n.format = notifyFormat(notify.JSON)
	f.Var(&n.target, "notify", fmt.Sprintf("when the run ends, whatever its exit code, POST its JSON summary to this http(s) address (default $%s);\nup to %d attempts within %s, never the API key; a failure to notify is a warning, the exit code stays the run's", envNotifyURL, notify.Attempts, notify.Bound))
	f.Var(&n.format, "notify-format", "body of --notify: json (the summary) or slack ({\"text\": one paragraph}, the format of Slack's incoming webhooks)")
}

// check takes $ENRICH_NOTIFY_URL when --notify is not given, refused as
// the flag is if malformed (exit 2), before anything is read or sent.
func (n *notifyFlags) check() error {
	raw := os.Getenv(envNotifyURL)
	if n.target.t != nil || raw == "" {
		return nil
	}
	t, err := notify.ParseTarget(raw)
	if err != nil {
		return usageErrorf("%s: %v", envNotifyURL, err)
	}
	n.target.t = t
	return nil
}

// send posts the run's summary to --notify, if given; a failure is a
// warning. It is made once the output is written, after a signal too:
// its context is not the run's, and its bound (notify.Bound) keeps a
// stopped run within the 30 s before Kubernetes' SIGKILL.
func (n *notifyFlags) send(ctx context.Context, g *globals, sum *runSummary) {
	if n.target.t == nil || sum == nil {
		return
	}
	log, err := g.logger(os.Stderr)
	if err != nil { // a bad --log-level, which the run refused: it is notified all the same
		log = slog.New(redact.NewHandler(slog.NewTextHandler(os.Stderr, nil)))
	}
	doc, err := json.Marshal(sum)
	if err != nil {
		log.Warn("could not notify: the summary cannot be written", "error", err)
		return
	}
	key, _, _ := apiKey() // never in a notice, whatever a summary holds
	s := &notify.Sender{Target: n.target.t, Format: notify.Format(n.format), Secrets: []string{key}, UserAgent: "enrich/" + version}
	if err := s.Send(context.WithoutCancel(ctx), doc, sum.ChatText()); err != nil {
		log.Warn("the run's end was not notified; its exit code stays the run's", "error", err)
		return
	}
	log.Info("notified", "to", n.target.t.String())
}

// notifyTarget is --notify, checked as it is read: a malformed address
// is refused before anything is sent.
type notifyTarget struct{ t *notify.Target }

func (v *notifyTarget) String() string { return v.t.String() }
func (v *notifyTarget) Type() string   { return "URL" }
func (v *notifyTarget) Set(s string) (err error) {
	v.t, err = notify.ParseTarget(s)
	return err
}

// notifyFormat is --notify-format.
type notifyFormat notify.Format

func (v *notifyFormat) String() string { return string(*v) }
func (v *notifyFormat) Type() string   { return "format" }
func (v *notifyFormat) Set(s string) error {
	f, err := notify.ParseFormat(s)
	*v = notifyFormat(f)
	return err
}

// mappedCode is cobra's wiring of a job's exit: err with an incomplete
// job's code changed by --incomplete-exit-code.
func mappedCode(c *incompleteExitCode, run func(*cobra.Command, []string) error) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, args []string) error { return c.apply(run(cmd, args)) }
}
