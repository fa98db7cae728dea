package dbtable

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5/stdlib"
)

// copier upserts into a PostgreSQL table as its bulk loaders do: each
// batch of rows is copied (COPY, binary) into a temporary table of the
// transaction, and inserted from there into the table, each column cast
// to its type, a row whose key the table holds replaced. A table the
// transaction created holds no row: the rows are copied into it.
type copier struct {
	conn   *sql.Conn // the one connection the transaction runs on
	temp   string
	copy   string // the statement that copies a batch into temp
	insert string // the statements that insert it from temp into the table; "" when temp is the table
	// held are the rows the table holds, as digests: a row it holds as
	// it is written is not (held.go). nil for a table created.
	held   *held
	digest []byte // the text a row is digested from
}

// copyRows is how many rows a batch holds.
const copyRows = 5000

// upsertByCopy starts a PostgreSQL upsert: Upsert's, written by the
// copier.
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
	cols := make([]string, len(columns))
	for i, c := range columns {
		cols[i] = quoteColumn(c)
	}
	if w.created {
		w.copy.temp = w.ident
	} else {
		defs := make([]string, len(columns))
		for i, c := range cols {
			defs[i] = c + " TEXT"
		}
		if _, err := conn.ExecContext(ctx, fmt.Sprintf("CREATE TEMPORARY TABLE %s (%s) ON COMMIT DROP", w.copy.temp, strings.Join(defs, ", "))); err != nil {
			w.end(false)
			return nil, d.classify(err, "write")
		}
		w.copy.insert = w.insertStatement(cols) + "; TRUNCATE " + w.copy.temp
		w.copy.held = readHeld(ctx, conn, w.ident, columns)
	}
	w.copy.copy = fmt.Sprintf("COPY %s (%s) FROM STDIN WITH (FORMAT binary)", w.copy.temp, strings.Join(cols, ", "))
	w.batchRows = copyRows
	w.behind, w.filling = startBehind(ctx, w.copy.write(w), w.cancelled)
	return w, nil
}

// insertStatement inserts the rows of the temporary table into the
// table.
func (w *Writer) insertStatement(cols []string) string {
	values := make([]string, len(w.columns))
	for i := range w.columns {
		values[i] = cols[i]
		if t := w.types[i]; t != "" && t != "text" {
			values[i] += "::" + t
		}
	}
	return fmt.Sprintf("INSERT INTO %s AS %s (%s) SELECT %s FROM %s%s",
		w.ident, target, strings.Join(cols, ", "), strings.Join(values, ", "), w.copy.temp, w.onConflict(cols))
}

// write returns what writes a batch, on the goroutine behind: it is
// copied, and inserted from the temporary table, which is emptied for
// the next.
func (c *copier) write(w *Writer) func(*batch) error {
	return func(b *batch) error {
		data := binary.BigEndian.AppendUint16(b.data, 0xffff) // the end of the rows
		err := c.conn.Raw(func(dc any) error {
			_, err := dc.(*stdlib.Conn).Conn().PgConn().CopyFrom(w.ctx, bytes.NewReader(data), c.copy)
			return err
		})
		if err == nil && c.insert != "" {
			_, err = c.conn.ExecContext(w.ctx, c.insert)
		}
		if err != nil {
			return w.d.classify(err, "write")
		}
		return nil
	}
}

// copyHeader begins COPY's binary data: its signature, no flags, no
// extension.
var copyHeader = []byte("PGCOPY\n\xff\r\n\x00\x00\x00\x00\x00\x00\x00\x00\x00")

// appendCopyRow appends a row of text cells to COPY's binary data, an
// empty cell NULL; first begins the data.
func appendCopyRow(b []byte, first bool, cells []string) []byte {
	if first {
		b = append(b, copyHeader...)
	}
	b = binary.BigEndian.AppendUint16(b, uint16(len(cells)))
	for _, c := range cells {
		if c == "" {
			b = binary.BigEndian.AppendUint32(b, 0xffffffff) // -1: NULL
			continue
		}
		b = binary.BigEndian.AppendUint32(b, uint32(len(c)))
		b = append(b, c...)
	}
	return b
}
