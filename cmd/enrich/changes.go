package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/enrich-dev/enrich/export"
	"github.com/enrich-dev/enrich/internal/redact"
	"github.com/enrich-dev/enrich/internal/untrusted"
	"github.com/enrich-dev/enrich/sinks"
)

// changesOptions are the flags of `enrich changes`.
type changesOptions struct {
	journal, since, output string
	withoutContacts        bool
}

func newChangesCommand(g *globals) *cobra.Command {
	o := &changesOptions{}
	cmd := &cobra.Command{
		Use:   "changes --since DATE [-o FILE|TABLE]",
		Short: "List the people who changed company or title, from the journal alone",
		Long: `List every person whose current company or title changed between an answer
stored before DATE and one stored since, as runs with --refresh-older-than
store them: who, from, to, when each answer came, the identifier and the
input row it came from. Free and offline: it reads only the journal.

DATE is a day (2026-05-01) or an instant (2026-05-01T08:00:00Z); -o writes
.csv, .xlsx or .jsonl, or a database's table (sqlite:PATH?table=NAME,
postgres://USER@HOST/DB?table=NAME) with the same columns: created when
missing, its rows upserted by identifier in one transaction, so that each
night's list updates the last. Without -o the list is printed.`,
		Example: `  enrich changes --since 2026-05-01
  enrich changes --since "$(date -d yesterday +%F)" -o moved.csv
  enrich changes --since "$(date -d yesterday +%F)" -o 'postgres://sales@db/crm?table=moved'`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(cmd) },
	}
	f := cmd.Flags()
	f.StringVar(&o.since, "since", "", "day or instant: answers stored before it are compared with those stored since (required)")
	f.StringVarP(&o.output, "output", "o", "", "file to write, .csv, .xlsx or .jsonl, or a database's table, sqlite:PATH?table=NAME or\npostgres://…?table=NAME, upserted by identifier (default: print)")
	f.StringVar(&o.journal, "journal", defaultJournal, "journal file")
	f.BoolVar(&o.withoutContacts, "without-contacts", false, "the lookups made without contacts")
	return cmd
}

func (o *changesOptions) run(cmd *cobra.Command) error {
	if o.since == "" {
		return usageErrorf("--since DATE is required: the day (2026-05-01) or instant since which answers are compared, such as --since \"$(date -d yesterday +%%F)\"")
	}
	when, err := parseDate(o.since)
	if err != nil {
		return usageErrorf("--since %q: %v", o.since, err)
	}
	// The output is checked before the journal is read: a table's
	// database that refuses the password says so at once.
	toTable := sinks.IsTable(o.output)
	switch {
	case toTable:
		if err := checkChangesTable(o.output); err != nil {
			return runError(err)
		}
	case o.output != "":
		if err := export.CheckOutput(o.output, "", o.journal); err != nil {
			return usageErrorf("%w", err)
		}
	}
	j, err := openJournal(o.journal)
	if err != nil {
		return err
	}
	defer j.Close()
	changes, err := export.Changes(cmd.Context(), j, o.withoutContacts, when)
	if err != nil {
		return runError(err)
	}
	if o.output == "" {
		writeChanges(cmd.OutOrStdout(), changes)
		return nil
	}
	shown := o.output
	if toTable {
		shown = redact.URL(o.output) // its password hidden
		if err := writeChangesTable(cmd.Context(), o.output, changes); err != nil {
			return runError(err)
		}
	} else if err := export.WriteChanges(o.output, changes); err != nil {
		return err
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "enrich: %s written to %s\n", count(len(changes), "person who changed jobs", "people who changed jobs"), shown)
	return nil
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
