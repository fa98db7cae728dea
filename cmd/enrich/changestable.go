package main

import (
	"context"
	"fmt"
	"slices"

	"github.com/gocarina/gocsv"

	"github.com/enrich-dev/enrich/export"
	"github.com/enrich-dev/enrich/internal/dbtable"
	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/sinks"
	"github.com/enrich-dev/enrich/sources"
)

// changesKey is the column a table of changes is written by: one row for
// each identifier, which a later night's list updates.
const changesKey = "identifier"

// checkChangesTable refuses, before the journal is read, a table of
// changes that cannot be written: a name without a table, a database
// that refuses the password or is not there.
func checkChangesTable(output string) error {
	return sinks.CheckTable(output, sources.DefaultWait)
}

// writeChangesTable writes changes into the database's table output
// names (sqlite:PATH?table=NAME, postgres://…?table=NAME) with the
// columns of the changes file, in one transaction: the table is created
// when missing, its columns text and identifier its primary key, and a
// row whose identifier it holds is replaced (upserted), so that each
// night's list updates the one before.
func writeChangesTable(ctx context.Context, output string, changes []export.Change) error {
	ref, err := dbtable.Parse(output)
	if err != nil {
		return fault.Usagef("%w", err)
	}
	rows := make([]export.ChangeRow, 0, len(changes))
	seen := map[string]bool{}
	for _, c := range changes {
		// One row for each key: a second would make PostgreSQL's upsert
		// touch a row twice in one statement.
		if !seen[c.Identifier] {
			seen[c.Identifier] = true
			rows = append(rows, export.RowOf(c))
		}
	}
	var cells capture
	if err := gocsv.MarshalCSV(rows, &cells); err != nil {
		return fmt.Errorf("write %s: %w", ref, err)
	}
	header, body := cells.records[0], cells.records[1:]
	if !slices.Contains(header, changesKey) {
		return fmt.Errorf("write %s: the changes have no column %s to write them by", ref, changesKey)
	}
	d, err := dbtable.Open(ctx, ref, sources.DefaultWait, true)
	if err != nil {
		return err
	}
	defer d.Close()
	w, err := d.Upsert(ctx, ref.Table, changesKey, header)
	if err != nil {
		return err
	}
	defer w.Abort()
	for _, r := range body {
		if err := w.Put(r); err != nil {
			return err
		}
	}
	return w.Commit()
}

// capture is a gocsv.CSVWriter that keeps every record written.
type capture struct{ records [][]string }

func (c *capture) Write(record []string) error {
	c.records = append(c.records, slices.Clone(record))
	return nil
}

func (c *capture) Flush()       {}
func (c *capture) Error() error { return nil }

var _ gocsv.CSVWriter = (*capture)(nil)
