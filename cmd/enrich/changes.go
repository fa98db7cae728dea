package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/enrich-dev/enrich/export"
	"github.com/enrich-dev/enrich/internal/untrusted"
)

func newChangesCommand(g *globals) *cobra.Command {
	var (
		journal, since, output string
		withoutContacts        bool
	)
	cmd := &cobra.Command{
		Use:   "changes --since DATE [-o FILE]",
		Short: "List the people who changed company or title, from the journal alone",
		Long: `List every person whose current company or title changed between an answer
stored before DATE and one stored since, as runs with --refresh-older-than
store them: who, from, to, when each answer came, the identifier and the
input row it came from. Free and offline: it reads only the journal.

DATE is a day (2026-05-01) or an instant (2026-05-01T08:00:00Z); -o writes
.csv, .xlsx or .jsonl, and without it the list is printed.`,
		Example: `  enrich changes --since 2026-05-01
  enrich changes --since "$(date -d yesterday +%F)" -o moved.csv`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if since == "" {
				return usageErrorf("--since DATE is required: the day (2026-05-01) or instant since which answers are compared, such as --since \"$(date -d yesterday +%%F)\"")
			}
			when, err := parseDate(since)
			if err != nil {
				return usageErrorf("--since %q: %v", since, err)
			}
			if output != "" {
				if err := export.CheckOutput(output, "", journal); err != nil {
					return usageErrorf("%w", err)
				}
			}
			j, err := openJournal(journal)
			if err != nil {
				return err
			}
			defer j.Close()
			changes, err := export.Changes(cmd.Context(), j, withoutContacts, when)
			if err != nil {
				return runError(err)
			}
			if output == "" {
				writeChanges(cmd.OutOrStdout(), changes)
				return nil
			}
			if err := export.WriteChanges(output, changes); err != nil {
				return err
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "enrich: %s written to %s\n", count(len(changes), "person who changed jobs", "people who changed jobs"), output)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&since, "since", "", "day or instant: answers stored before it are compared with those stored since (required)")
	f.StringVarP(&output, "output", "o", "", "file to write: .csv, .xlsx or .jsonl (default: print)")
	f.StringVar(&journal, "journal", defaultJournal, "journal file")
	f.BoolVar(&withoutContacts, "without-contacts", false, "the lookups made without contacts")
	return cmd
}

// parseDate reads a day or an instant, in UTC when no zone is given.
func parseDate(s string) (time.Time, error) {
	for _, layout := range []string{time.RFC3339, "2006-01-02T15:04:05", "2006-01-02"} {
		if t, err := time.Parse(layout, strings.TrimSpace(s)); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("write a day such as 2026-05-01, or an instant such as 2026-05-01T08:00:00Z")
}

// writeChanges prints the changes as a table.
func writeChanges(w io.Writer, changes []export.Change) {
	if len(changes) == 0 {
		fmt.Fprintln(w, "nobody changed company or title")
		return
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tFROM\tTO\tSEEN\tIDENTIFIER\tROW")
	job := func(company, title string) string {
		if title == "" {
			return company
		}
		return title + ", " + company
	}
	for _, c := range changes {
		// The profiles' values are the service's: a tab or a line break
		// in one would shift the table's columns or forge a line.
		cells := []string{c.Name, job(c.From.Company, c.From.Title), job(c.To.Company, c.To.Title), c.Seen.Format(time.DateOnly), c.Identifier, c.Origin}
		for i := range cells {
			cells[i] = untrusted.Message(cells[i])
		}
		fmt.Fprintln(tw, strings.Join(cells, "\t"))
	}
	tw.Flush()
}
