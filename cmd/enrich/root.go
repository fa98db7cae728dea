package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"runtime/debug"
	"strconv"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/enrich-dev/enrich/internal/redact"
)

// globals are the options every command shares.
type globals struct {
	logFormat string
	logLevel  string
	quiet     bool
}

// logger returns the logger the options describe, writing to w.
func (g *globals) logger(w io.Writer) (*slog.Logger, error) { return g.loggerTo(w) }

// loggerTo returns the logger the options describe, writing to w. With
// --quiet only warnings and errors are logged. Every address a log line
// shows is redacted (see redact.NewHandler): the service's may carry a
// password.
func (g *globals) loggerTo(w io.Writer) (*slog.Logger, error) {
	var level slog.Level
	if err := level.UnmarshalText([]byte(g.logLevel)); err != nil {
		return nil, usageErrorf("--log-level %q: use debug, info, warn or error", g.logLevel)
	}
	if g.quiet && level < slog.LevelWarn {
		level = slog.LevelWarn
	}
	opts := &slog.HandlerOptions{Level: level}
	switch g.logFormat {
	case "text":
		return slog.New(redact.NewHandler(slog.NewTextHandler(w, opts))), nil
	case "json":
		// Durations in seconds, as numbers, like the reports.
		opts.ReplaceAttr = func(_ []string, a slog.Attr) slog.Attr {
			if a.Value.Kind() == slog.KindDuration {
				return slog.Float64(a.Key, a.Value.Duration().Seconds())
			}
			return a
		}
		return slog.New(redact.NewHandler(slog.NewJSONHandler(w, opts))), nil
	}
	return nil, usageErrorf("--log-format %q: use text or json", g.logFormat)
}

// writeSummary prints a job's summary: as text on standard error, or
// with --log-format json as one JSON object on standard output (on
// standard error when the job's output goes to standard output).
func (g *globals) writeSummary(cmd *cobra.Command, text func(io.Writer), summary any, outputOnStdout bool) error {
	if g.logFormat != "json" {
		text(cmd.ErrOrStderr())
		return nil
	}
	w := cmd.OutOrStdout()
	if outputOnStdout {
		w = cmd.ErrOrStderr()
	}
	if err := json.NewEncoder(w).Encode(summary); err != nil {
		return fmt.Errorf("write the summary: %w", err)
	}
	return nil
}

func newRootCommand() *cobra.Command {
	g := &globals{}
	root := &cobra.Command{
		Use:   "enrich",
		Short: "Enrich lead spreadsheets with professional profiles",
		Long: `enrich completes every row of a lead spreadsheet (CSV or Excel) with the
professional profile of the person it names: full name, current title and
company, e-mails, phones and links. It looks identifiers up through the
profile service within its budget, keeps every request and result in a
journal so that an interrupted run resumes without paying twice, and writes
the enriched rows as CSV, Excel or JSON lines.

The service's address and key come from the environment:
  ENRICH_API_URL   base address of the service, e.g. http://127.0.0.1:8700
  ENRICH_API_KEY   the account's API key (never given as a flag), or
  ENRICH_API_KEY_FILE  a file holding it, that no one but its owner can change

"enrich emulator" runs a local emulator of the whole service.`,
		SilenceUsage:  true,
		SilenceErrors: true,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return nil
			}
			if s := cmd.SuggestionsFor(args[0]); len(s) > 0 {
				return usageErrorf("unknown command %q; did you mean %q? See 'enrich --help'", args[0], s[0])
			}
			return usageErrorf("unknown command %q; see 'enrich --help'", args[0])
		},
		RunE: func(cmd *cobra.Command, args []string) error { return cmd.Help() },
	}
	root.Version = versionText()
	root.SetVersionTemplate("{{.Version}}\n")
	root.Flags().BoolP("version", "v", false, "print the version and the commit it was built from")
	root.SuggestionsMinimumDistance = 2
	root.PersistentFlags().StringVar(&g.logFormat, "log-format", "text", "log format on stderr: text or json")
	root.PersistentFlags().StringVar(&g.logLevel, "log-level", "info", "log level: debug, info, warn or error")
	root.PersistentFlags().BoolVarP(&g.quiet, "quiet", "q", false, "print only warnings, errors and the final summary (for cron mails)")
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		// A mistyped command (enrich rnu leads.csv -o out.csv) is read as
		// arguments of the root, whose flags then fail: the command is
		// what to tell of.
		if words := cmd.Flags().Args(); !cmd.HasParent() && len(words) > 0 {
			if cerr := cmd.Args(cmd, words); cerr != nil {
				return cerr
			}
		}
		return usageErrorf("%v; see '%s --help'", flagError(err), cmd.CommandPath())
	})
	root.AddCommand(
		newPlanCommand(g),
		newRunCommand(g),
		newExportCommand(g),
		newChooseCommand(g),
		newSearchCommand(g),
		newCompanyCommand(g),
		newStatusCommand(g),
		newCreditsCommand(g),
		newDoctorCommand(g),
		newDemoCommand(g),
		newEmulatorCommand(g),
		newMCPCommand(g),
		newJournalCommand(g),
		newChangesCommand(g),
		newForgetCommand(),
		newVersionCommand(),
		newManCommand(),
	)
	registerCompletions(root)
	checkCompletion(root)
	return root
}

// flagError says what is wrong with a flag's value in the user's words:
// `--max-credits "abc": give a whole number, such as 500`, not the
// parser's `strconv.ParseInt: parsing "abc": invalid syntax`.
func flagError(err error) error {
	var bad *pflag.InvalidValueError
	if !errors.As(err, &bad) {
		return err
	}
	f := bad.GetFlag()
	want := ""
	switch f.Value.Type() {
	case "int", "int64", "int32", "uint", "uint64":
		want = "give a whole number, such as 500"
	case "float64", "float32":
		want = "give a number, such as 52.52"
	case "bool":
		want = "give true or false"
	case "duration":
		want = "give a duration, such as 90s, 15m or 2h30m"
	}
	var num *strconv.NumError
	switch {
	case want == "":
		// A value of our own says what it wants.
		return fmt.Errorf("--%s %q: %w", f.Name, bad.GetValue(), errors.Unwrap(bad))
	case errors.As(err, &num) && errors.Is(num.Err, strconv.ErrRange):
		return fmt.Errorf("--%s %q: too large; %s", f.Name, bad.GetValue(), want)
	}
	return fmt.Errorf("--%s %q: %s", f.Name, bad.GetValue(), want)
}

// exactArgs is cobra.ExactArgs with a usage error (exit code 2).
func exactArgs(n int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) != n {
			return usageErrorf("%s expects %s; see '%s --help'", cmd.CommandPath(), what, cmd.CommandPath())
		}
		return nil
	}
}

// minArgs is cobra.MinimumNArgs with a usage error (exit code 2).
func minArgs(n int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) < n {
			return usageErrorf("%s expects %s; see '%s --help'", cmd.CommandPath(), what, cmd.CommandPath())
		}
		return nil
	}
}

// version is set at build time with -ldflags "-X main.version=...";
// otherwise the module's version from the build information is used.
var version = "dev"

// versionText is "enrich VERSION (commit C, built DATE[, modified])", from
// what the Go toolchain recorded in the binary.
func versionText() string {
	v := version
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "enrich " + v
	}
	if v == "dev" && info.Main.Version != "" && info.Main.Version != "(devel)" {
		v = info.Main.Version
	}
	var commit, when string
	modified := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			commit = s.Value
		case "vcs.time":
			when = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	out := "enrich " + v
	if commit != "" {
		if len(commit) > 12 {
			commit = commit[:12]
		}
		out += " (commit " + commit
		if when != "" {
			out += ", " + when
		}
		if modified {
			out += ", with uncommitted changes"
		}
		out += ")"
	}
	return out + ", " + info.GoVersion
}

func newVersionCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version",
		Args:  exactArgs(0, "no arguments"),
		Run: func(cmd *cobra.Command, args []string) {
			fmt.Fprintln(cmd.OutOrStdout(), versionText())
		},
	}
}
