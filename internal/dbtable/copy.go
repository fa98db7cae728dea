package dbtable

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// copier upserts into a PostgreSQL table as its bulk loaders do: the rows
// are copied (COPY, binary) into a temporary table of the transaction,
// and inserted from there into the table at Commit, each column cast to
// its type, a row whose key the table holds replaced.
type copier struct {
	conn *sql.Conn // the one connection the transaction runs on
	temp string
	rows [][]any
}

// copyRows is how many rows wait before they are copied.
const copyRows = 5000

func (d *DB) upsertByCopy(ctx context.Context, table, key string, columns []string) (*Writer, error) {
	conn, err := d.db.Conn(ctx)
	if err != nil {
		return nil, d.classify(err, "write")
	}
	if _, err := conn.ExecContext(ctx, "BEGIN"); err != nil {
		conn.Close()
		return nil, d.classify(err, "write")
	}
	keyAt := slices.Index(columns, key)
	if keyAt < 0 {
		conn.Close()
		return nil, fmt.Errorf("%s: the rows to write have no key column %q", d.Ref, key)
	}
	w := &Writer{d: d, ctx: ctx, tx: conn, key: key, columns: columns, keyAt: keyAt, copy: &copier{conn: conn, temp: "enrich_upsert"},
		end: func(commit bool) error {
			defer conn.Close()
			if commit {
				_, err := conn.ExecContext(context.WithoutCancel(ctx), "COMMIT")
				return err
			}
			_, err := conn.ExecContext(context.WithoutCancel(ctx), "ROLLBACK")
			return err
		}}
	if err := w.prepareTable(table, true); err != nil {
		w.end(false)
		return nil, err
	}
	if w.created {
		// A table of this transaction holds no row: copied into at once.
		w.copy.temp = w.ident
		return w, nil
	}
	defs := make([]string, len(columns))
	for i, c := range columns {
		defs[i] = quoteColumn(c) + " TEXT"
	}
	if _, err := conn.ExecContext(ctx, fmt.Sprintf("CREATE TEMPORARY TABLE %s (%s) ON COMMIT DROP", w.copy.temp, strings.Join(defs, ", "))); err != nil {
		w.end(false)
		return nil, d.classify(err, "write")
	}
	return w, nil
}

// put adds a row to those waiting, and copies them when there are
// copyRows.
func (c *copier) put(w *Writer, cells []string) error {
	row := make([]any, len(cells))
	for i, v := range cells {
		row[i] = nullable(v)
	}
	c.rows = append(c.rows, row)
	if len(c.rows) < copyRows {
		return nil
	}
	return c.copyNow(w)
}

// identifier is a table's name as pgx quotes it: SCHEMA.NAME in two
// parts, an already quoted one ("Leads") unquoted first.
func identifier(name string) pgx.Identifier {
	var parts pgx.Identifier
	for _, p := range strings.Split(name, ".") {
		if len(p) >= 2 && p[0] == '"' && p[len(p)-1] == '"' {
			p = strings.ReplaceAll(p[1:len(p)-1], `""`, `"`)
		}
		parts = append(parts, p)
	}
	return parts
}

// copyNow copies the rows waiting into the temporary table.
func (c *copier) copyNow(w *Writer) error {
	if len(c.rows) == 0 {
		return nil
	}
	err := c.conn.Raw(func(dc any) error {
		_, err := dc.(*stdlib.Conn).Conn().CopyFrom(w.ctx, identifier(c.temp), w.columns, pgx.CopyFromRows(c.rows))
		return err
	})
	c.rows = c.rows[:0]
	if err != nil {
		return w.d.classify(err, "write")
	}
	return nil
}

// insert inserts the copied rows into the table, from the temporary
// one.
func (c *copier) insert(w *Writer) error {
	if err := c.copyNow(w); err != nil || w.created {
		return err
	}
	cols := make([]string, len(w.columns))
	values := make([]string, len(w.columns))
	for i, name := range w.columns {
		cols[i] = quoteColumn(name)
		values[i] = cols[i]
		if t := w.types[i]; t != "" && t != "text" {
			values[i] += "::" + t
		}
	}
	q := fmt.Sprintf("INSERT INTO %s AS %s (%s) SELECT %s FROM %s%s",
		w.ident, target, strings.Join(cols, ", "), strings.Join(values, ", "), c.temp, w.onConflict(cols))
	if _, err := c.conn.ExecContext(w.ctx, q); err != nil {
		return w.d.classify(err, "write")
	}
	return nil
}
