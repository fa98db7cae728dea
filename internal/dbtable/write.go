package dbtable

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/enrich-dev/enrich/internal/fault"
)

// Writer writes rows into a table by key, all in one transaction: Commit
// makes them appear at once, Abort as if nothing was written.
type Writer struct {
	d       *DB
	ctx     context.Context
	tx      runner // the transaction's statements
	end     func(commit bool) error
	ident   string
	key     string
	columns []string
	keyAt   int
	types   []string // the table's type of each column, for a cast; "" text
	created bool     // the table was created in the transaction: it holds no row yet
	// An upsert's rows wait in batch until a statement of batchRows is
	// full; a PostgreSQL upsert copies them (copy.go).
	batch     []any
	batchRows int
	stmt      *sql.Stmt
	copy      *copier
}

// runner runs a transaction's statements: an *sql.Tx, or an *sql.Conn
// on which the transaction was begun.
type runner interface {
	querier
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	PrepareContext(ctx context.Context, query string) (*sql.Stmt, error)
}

// Upsert starts writing rows of columns into table by key: the table is
// created when missing (its columns text, key its primary key), a column
// it lacks is added, and a row whose key it holds is replaced, column by
// column, by the row written. An existing table must have key as its
// primary key.
func (d *DB) Upsert(ctx context.Context, table, key string, columns []string) (*Writer, error) {
	if d.Ref.Kind == Postgres {
		return d.upsertByCopy(ctx, table, key, columns)
	}
	w, err := d.begin(ctx, table, key, columns, true)
	if err != nil {
		return nil, err
	}
	w.batchRows = max(1, min(200, 30000/len(columns)))
	return w, nil
}

// Update starts writing cells into the rows of an existing table by key
// (Set), adding the columns it lacks of those given.
func (d *DB) Update(ctx context.Context, table, key string, columns []string) (*Writer, error) {
	return d.begin(ctx, table, key, columns, false)
}

func (d *DB) begin(ctx context.Context, table, key string, columns []string, create bool) (*Writer, error) {
	keyAt := slices.Index(columns, key)
	if keyAt < 0 {
		return nil, fmt.Errorf("%s: the rows to write have no key column %q", d.Ref, key)
	}
	tx, err := d.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, d.classify(err, "write")
	}
	w := &Writer{d: d, ctx: ctx, tx: tx, key: key, columns: columns, keyAt: keyAt, end: func(commit bool) error {
		if commit {
			return tx.Commit()
		}
		return tx.Rollback()
	}}
	if err := w.prepareTable(table, create); err != nil {
		tx.Rollback()
		return nil, err
	}
	return w, nil
}

// prepareTable creates the table or adds the columns it lacks, in the
// transaction.
func (w *Writer) prepareTable(table string, create bool) error {
	d := w.d
	s, ok, err := d.schema(w.ctx, w.tx, table)
	if err != nil {
		return err
	}
	w.types = make([]string, len(w.columns))
	if !ok {
		if !create {
			return d.NoTable(w.ctx, table)
		}
		defs := make([]string, len(w.columns))
		for i, c := range w.columns {
			defs[i] = quoteColumn(c) + " TEXT"
		}
		w.ident, w.created = quote(table), true
		stmt := fmt.Sprintf("CREATE TABLE %s (%s, PRIMARY KEY (%s))", w.ident, strings.Join(defs, ", "), quoteColumn(w.key))
		if _, err := w.tx.ExecContext(w.ctx, stmt); err != nil {
			return d.classify(err, "create")
		}
		return nil
	}
	w.ident = s.Ident
	for i, c := range w.columns {
		if k := slices.Index(s.Columns, c); k >= 0 && k < len(s.Types) {
			w.types[i] = s.Types[k]
		}
	}
	if create && !slices.Equal(s.Primary, []string{w.key}) {
		return fault.Fixable(errNoKey, fmt.Sprintf("%s: table %s exists, and its primary key is not %s, by which the rows are written: write to a new table, or to one whose primary key is %s", d.Ref, table, w.key, w.key))
	}
	for _, c := range w.columns {
		if !slices.ContainsFunc(s.Columns, func(have string) bool { return have == c }) {
			if _, err := w.tx.ExecContext(w.ctx, fmt.Sprintf("ALTER TABLE %s ADD COLUMN %s TEXT", w.ident, quoteColumn(c))); err != nil {
				return d.classify(err, "add column "+c+" to")
			}
		}
	}
	return nil
}

// Put writes one row of an upsert, its cells in the order of the
// columns; an empty cell is NULL.
func (w *Writer) Put(cells []string) error {
	if len(cells) != len(w.columns) {
		return fmt.Errorf("%s: a row of %d cells for %d columns", w.d.Ref, len(cells), len(w.columns))
	}
	if w.copy != nil {
		return w.copy.put(w, cells)
	}
	for _, c := range cells {
		w.batch = append(w.batch, nullable(c))
	}
	if len(w.batch) == w.batchRows*len(w.columns) {
		return w.flush()
	}
	return nil
}

// nullable is a cell as a value written: NULL when empty.
func nullable(c string) any {
	if c == "" {
		return nil
	}
	return c
}

// flush writes the rows waiting, in one statement.
func (w *Writer) flush() error {
	if w.copy != nil {
		return w.copy.copyNow(w)
	}
	n := len(w.batch) / len(w.columns)
	if n == 0 {
		return nil
	}
	stmt := w.stmt
	if n != w.batchRows || stmt == nil {
		var err error
		if stmt, err = w.tx.PrepareContext(w.ctx, w.upsertStatement(n)); err != nil {
			return w.d.classify(err, "write")
		}
		if n == w.batchRows {
			w.stmt = stmt
		} else {
			defer stmt.Close()
		}
	}
	if _, err := stmt.ExecContext(w.ctx, w.batch...); err != nil {
		return w.d.classify(err, "write")
	}
	w.batch = w.batch[:0]
	return nil
}

// upsertStatement is the statement that upserts n rows.
func (w *Writer) upsertStatement(n int) string {
	var b strings.Builder
	cols := make([]string, len(w.columns))
	for i, c := range w.columns {
		cols[i] = quoteColumn(c)
	}
	fmt.Fprintf(&b, "INSERT INTO %s (%s) VALUES ", w.ident, strings.Join(cols, ", "))
	p := 0
	for r := range n {
		if r > 0 {
			b.WriteString(", ")
		}
		b.WriteByte('(')
		for i := range w.columns {
			if i > 0 {
				b.WriteString(", ")
			}
			p++
			b.WriteString(w.d.param(p))
		}
		b.WriteByte(')')
	}
	b.WriteString(w.onConflict(cols))
	return b.String()
}

// target is the name an upsert gives the table's row in its conflict
// clause (PostgreSQL's INSERT … AS).
const target = "enrich_target"

// onConflict is an upsert's conflict clause: a row whose key the table
// holds takes the values written, and is left as it is when it holds
// them already (a run over unchanged rows writes nothing).
func (w *Writer) onConflict(cols []string) string {
	var sets, was, now []string
	for i, c := range cols {
		if i == w.keyAt {
			continue
		}
		sets = append(sets, c+" = excluded."+c)
		now = append(now, "excluded."+c)
		if w.d.Ref.Kind == Postgres {
			was = append(was, target+"."+c)
		} else {
			was = append(was, c+" IS NOT excluded."+c)
		}
	}
	clause := " ON CONFLICT (" + quoteColumn(w.key) + ") "
	switch {
	case len(sets) == 0: // the key alone: nothing to update
		return clause + "DO NOTHING"
	case w.d.Ref.Kind == Postgres:
		return clause + "DO UPDATE SET " + strings.Join(sets, ", ") +
			" WHERE (" + strings.Join(was, ", ") + ") IS DISTINCT FROM (" + strings.Join(now, ", ") + ")"
	}
	return clause + "DO UPDATE SET " + strings.Join(sets, ", ") + " WHERE " + strings.Join(was, " OR ")
}

// Cell is one cell to set by Set: its column, the value it held when
// read (Was), and its new value. A cell with Check false is set whatever
// it holds (an enrich_* column). Now is, for a conflict, what it holds.
type Cell struct {
	Column        string
	Was, New, Now string
	Check         bool
}

// Set sets cells of the row whose key is key, each only when it still
// holds what it held when read (or is not checked). It returns the cells
// that changed under the run, which it leaves as they are.
func (w *Writer) Set(key string, cells []Cell) (conflicts []Cell, err error) {
	var checked []string
	for _, c := range cells {
		if c.Check {
			checked = append(checked, quoteColumn(c.Column))
		}
	}
	now := make([]any, len(checked))
	if len(checked) > 0 {
		ptrs := make([]any, len(now))
		for i := range now {
			ptrs[i] = &now[i]
		}
		q := fmt.Sprintf("SELECT %s FROM %s WHERE %s = %s", strings.Join(checked, ", "), w.ident, quoteColumn(w.key), w.d.param(1))
		switch err := w.tx.QueryRowContext(w.ctx, q, key).Scan(ptrs...); {
		case errors.Is(err, sql.ErrNoRows):
			return cells, nil // the row is gone: every cell a conflict, Now empty
		case err != nil:
			return nil, w.d.classify(err, "read")
		}
	}
	var sets []string
	var args []any
	k := 0
	for _, c := range cells {
		if c.Check {
			c.Now = Text(now[k])
			k++
			if c.Now != c.Was {
				conflicts = append(conflicts, c)
				continue
			}
		}
		args = append(args, c.New)
		sets = append(sets, quoteColumn(c.Column)+" = "+w.d.param(len(args)))
	}
	if len(sets) == 0 {
		return conflicts, nil
	}
	args = append(args, key)
	q := fmt.Sprintf("UPDATE %s SET %s WHERE %s = %s", w.ident, strings.Join(sets, ", "), quoteColumn(w.key), w.d.param(len(args)))
	if _, err := w.tx.ExecContext(w.ctx, q, args...); err != nil {
		return nil, w.d.classify(err, "write")
	}
	return conflicts, nil
}

// Commit writes what is waiting and commits the transaction.
func (w *Writer) Commit() error {
	err := w.flush()
	if err == nil && w.copy != nil {
		err = w.copy.insert(w)
	}
	if err != nil {
		w.Abort()
		return err
	}
	if w.stmt != nil {
		w.stmt.Close()
	}
	if err := w.end(true); err != nil {
		return w.d.classify(err, "commit the rows written to")
	}
	return nil
}

// Abort rolls the transaction back: nothing written stays. It is safe
// after Commit.
func (w *Writer) Abort() {
	if w.stmt != nil {
		w.stmt.Close()
	}
	w.end(false)
}
