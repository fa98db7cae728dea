package main

import (
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/internal/ident"
	"github.com/enrich-dev/enrich/sinks"
	"github.com/enrich-dev/enrich/sources"
)

// flagValues are the values shell completion offers for flags, by name,
// wherever a command has the flag.
var flagValues = map[string][]string{
	"progress":       {"auto", "bar", "log", "none"},
	"log-level":      {"debug", "info", "warn", "error"},
	"log-format":     {"text", "json"},
	"status":         {"current", "past", "both"},
	"department":     wire.Departments,
	"level":          wire.Levels,
	"industry":       wire.Industries,
	"industries":     wire.Industries,
	"default-region": {"US", "CA", "GB", "DE", "FR", "ES", "IT", "NL", "IN", "AU", "BR", "MX", "JP"},
	"find-by-name":   {"auto", "off"},
	"min-confidence": {"medium", "high"},
	"output-format":  outputFormats,
	"notify-format":  {"json", "slack"},
}

// columnKinds are what --column names, offered as "KIND=" for the header
// to follow.
var columnKinds = []string{"linkedin=", "email=", "phone=", "uid=", "auto=",
	"name=", "first_name=", "last_name=", "company=", "location=", "city=", "state=", "country=", "title="}

// shells are the shells `enrich completion` writes scripts for.
var shells = []string{"bash", "zsh", "fish", "powershell"}

// checkCompletion makes `enrich completion` without a shell, or with one
// it does not know, a misuse (exit 2) that names the shells.
func checkCompletion(root *cobra.Command) {
	root.InitDefaultCompletionCmd()
	c, _, err := root.Find([]string{"completion"})
	if err != nil || c.Name() != "completion" {
		return
	}
	c.Args = func(cmd *cobra.Command, args []string) error {
		if len(args) == 0 {
			return usageErrorf("completion writes a script for a shell: enrich completion SHELL, SHELL one of %s", strings.Join(shells, ", "))
		}
		return usageErrorf("completion %q: no script for that shell; the shells are %s", args[0], strings.Join(shells, ", "))
	}
	c.RunE = func(cmd *cobra.Command, args []string) error { return cmd.Args(cmd, args) }
}

// completeFiles offers files of the extensions given, and folders.
func completeFiles(exts ...string) cobra.CompletionFunc {
	trimmed := make([]string, len(exts))
	for i, e := range exts {
		trimmed[i] = strings.TrimPrefix(e, ".")
	}
	return func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return trimmed, cobra.ShellCompDirectiveFilterFileExt
	}
}

// registerCompletions walks the command tree and registers completion for
// every flag with known values, for -o (the output formats) and for the
// input sheet of the commands that take one.
func registerCompletions(root *cobra.Command) {
	inputs := map[string]bool{"run": true, "plan": true, "export": true}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		register := func(f *pflag.Flag) {
			if vals, ok := flagValues[f.Name]; ok {
				c.RegisterFlagCompletionFunc(f.Name, cobra.FixedCompletions(vals, cobra.ShellCompDirectiveNoFileComp))
			}
		}
		c.Flags().VisitAll(register)
		c.PersistentFlags().VisitAll(register) // --log-level and --log-format, on every command
		if c.Flags().Lookup("prefer") != nil {
			kinds := make([]string, len(ident.Kinds))
			for i, k := range ident.Kinds {
				kinds[i] = k.String()
			}
			c.RegisterFlagCompletionFunc("prefer", cobra.FixedCompletions(kinds, cobra.ShellCompDirectiveNoFileComp|cobra.ShellCompDirectiveNoSpace))
		}
		if c.Flags().Lookup("column") != nil {
			c.RegisterFlagCompletionFunc("column", cobra.FixedCompletions(columnKinds, cobra.ShellCompDirectiveNoFileComp|cobra.ShellCompDirectiveNoSpace))
		}
		if c.Flags().Lookup("output") != nil {
			c.RegisterFlagCompletionFunc("output", completeFiles(sinks.Extensions...))
		}
		if c.Flags().Lookup("sheet") != nil {
			// The sheets of the workbook the command line names.
			c.RegisterFlagCompletionFunc("sheet", func(_ *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
				if len(args) == 0 {
					return nil, cobra.ShellCompDirectiveNoFileComp
				}
				return sources.SheetNames(args[0]), cobra.ShellCompDirectiveNoFileComp
			})
		}
		if c.Flags().Lookup("journal") != nil {
			c.RegisterFlagCompletionFunc("journal", completeFiles(".journal"))
		}
		if inputs[c.Name()] && c.Parent() == root {
			c.ValidArgsFunction = func(_ *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
				if len(args) > 0 {
					return nil, cobra.ShellCompDirectiveNoFileComp
				}
				return []string{"csv", "xlsx", "tsv", "txt"}, cobra.ShellCompDirectiveFilterFileExt
			}
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}
