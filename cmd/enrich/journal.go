package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"github.com/enrich-dev/enrich/internal/human"
	"github.com/enrich-dev/enrich/state"
)

func newJournalCommand(g *globals) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "journal",
		Short: "Check, salvage, show or prune a journal",
		Long: `A journal is damaged when its file was cut short (a full disk), overwritten
or flipped on a bad medium. Every command that meets one says so and stops.

  enrich journal check FILE          reads every record and page; exit 0 when sound, 1 when damaged
  enrich journal salvage OLD NEW     copies what OLD holds into a new journal NEW
  enrich journal show IDENTIFIER     prints all the journal holds about a person (an access request)
  enrich journal prune --older-than AGE   erases the answers older than AGE, and rewrites the journal

Run with NEW afterwards (--journal NEW): what salvage could not copy is
looked up again, which costs a credit for each person found that way.`,
		Args: exactArgs(0, "a subcommand: check, salvage, show or prune"),
		RunE: func(cmd *cobra.Command, args []string) error { return cmd.Help() },
	}
	var asJSON bool
	check := &cobra.Command{
		Use:   "check FILE",
		Short: "Read every record and page of a journal and say what is damaged",
		Args:  exactArgs(1, "the journal file"),
		RunE: func(cmd *cobra.Command, args []string) error {
			rep, err := state.Check(cmd.Context(), args[0])
			if err != nil {
				return journalError(err)
			}
			if asJSON {
				enc := json.NewEncoder(cmd.OutOrStdout())
				enc.SetIndent("", "  ")
				enc.Encode(rep)
			} else {
				writeCheck(cmd.OutOrStdout(), rep)
			}
			if !rep.OK() {
				return withCode(ExitError, fmt.Errorf("journal %s is damaged; `enrich journal salvage %s NEW` copies what is readable into a new journal", args[0], args[0]))
			}
			return nil
		},
	}
	check.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	salvage := &cobra.Command{
		Use:   "salvage OLD NEW",
		Short: "Copy every readable record of a damaged journal into a new one",
		Args:  exactArgs(2, "the damaged journal and the new journal's file"),
		RunE: func(cmd *cobra.Command, args []string) error {
			rep, err := state.Salvage(args[0], args[1])
			if err != nil {
				return journalError(err)
			}
			w := cmd.OutOrStdout()
			fmt.Fprintf(w, "salvaged %s into %s\n", rep.From, rep.To)
			writeCounts(w, "copied", rep.Copied)
			writeCounts(w, "dropped", rep.Dropped)
			for _, u := range rep.Unreadable {
				fmt.Fprintf(w, "  unreadable  %s\n", u)
			}
			fmt.Fprintf(w, "run with --journal %s; what was dropped is looked up again\n", rep.To)
			return nil
		},
	}
	cmd.AddCommand(check, salvage, newJournalShowCommand(), newJournalPruneCommand())
	return cmd
}

func writeCheck(w io.Writer, r state.CheckReport) {
	fmt.Fprintf(w, "journal    %s\n", r.Path)
	if c := r.Cut; c != nil {
		fmt.Fprintf(w, "cut short  %s bytes of the %s its header gives: the file breaks in page %s\n",
			human.Thousands(c.Bytes), human.Thousands(c.Expected), human.Thousands(c.Bytes/max(c.PageSize, 1)))
		parts := make([]string, 0, len(c.Keeps))
		for part, n := range c.Keeps {
			parts = append(parts, fmt.Sprintf("%s %s", human.Thousands(int64(n)), part))
		}
		sort.Strings(parts)
		fmt.Fprintf(w, "salvage    would keep %s\n", strings.Join(parts, ", "))
		var none []string
		for _, l := range c.Lost {
			if part, ok := strings.CutSuffix(l, ": "+state.StoppedAtOnce); ok {
				none = append(none, part)
			} else {
				fmt.Fprintf(w, "salvage    would stop in %s\n", l)
			}
		}
		if len(none) > 0 {
			fmt.Fprintf(w, "salvage    cannot walk %s: their records are looked for page by page\n", strings.Join(none, ", "))
		}
		fmt.Fprintln(w, "           what it does not keep, the next run looks up again (a credit for each person found)")
		return
	}
	fmt.Fprintf(w, "lookups    %d readable, %d damaged\n", r.Lookups, r.DamagedLookups)
	fmt.Fprintf(w, "results    %d of found lookups, %d damaged, %d another identifier's\n", r.Results, r.DamagedResults, r.Mismatched)
	fmt.Fprintf(w, "requests   %d readable, %d damaged\n", r.Batches, r.DamagedBatches)
	for _, u := range r.Unreadable {
		fmt.Fprintf(w, "unreadable %s\n", u)
	}
	for _, p := range r.Pages {
		fmt.Fprintf(w, "page       %s\n", p)
	}
	for _, s := range r.Sequences {
		fmt.Fprintf(w, "sequence   %s\n", s)
	}
	if r.OK() {
		fmt.Fprintln(w, "sound")
	}
}

func writeCounts(w io.Writer, what string, counts map[string]int) {
	names := make([]string, 0, len(counts))
	for k, n := range counts {
		if n > 0 {
			names = append(names, k)
		}
	}
	sort.Strings(names)
	for _, k := range names {
		fmt.Fprintf(w, "  %-10s  %d %s\n", what, counts[k], k)
	}
}

// journalError gives an error opening the journal its exit code (see
// journalCode), and 2 to any other: the journal given cannot be read.
// The sentence is the error's own.
func journalError(err error) error {
	if code, ok := journalCode(err); ok {
		return withCode(code, err)
	}
	return withCode(ExitUsage, err)
}

// journalCode is the exit code of an error opening the journal, the same
// for every command, and whether err is such an error: 4 when another
// process holds the journal, 1 when it is damaged, 2 (bad usage) when
// the path is no journal at all, or an empty file.
func journalCode(err error) (int, bool) {
	switch {
	case err == nil:
		return 0, false
	case errors.Is(err, state.ErrLocked):
		return ExitLocked, true
	case errors.Is(err, state.ErrDamaged):
		return ExitError, true
	case notAJournal(err):
		return ExitUsage, true
	}
	return 0, false
}

// notAJournal reports whether err refuses the path given as the journal
// because it is no journal at all (a folder, a sheet) or an empty file:
// the user's mistake, and no failure of the journal.
func notAJournal(err error) bool {
	return errors.Is(err, state.ErrNotJournal) || errors.Is(err, state.ErrEmptyJournal)
}
