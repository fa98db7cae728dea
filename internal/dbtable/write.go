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
	// An upsert's rows wait in filling until it holds batchRows; then
	// the goroutine behind writes them, while the next rows fill another
	// batch: SQLite's by statements of batchRows rows at most (in a table
	// it held, only the rows that changed: check.go), PostgreSQL's by a
	// copy (copy.go).
	filling   *batch
	batchRows int
	behind    *behind
	failed    error             // a batch's, returned by every Put after
	stmts     map[int]*sql.Stmt // SQLite's upserts, by their rows
	check     *checker          // looks up the rows a batch changes, when the table was not created
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
	if err := w.startCheck(table); err != nil {
		w.Abort()
		return nil, err
	}
	w.behind, w.filling = startBehind(ctx, w.exec, w.cancelled)
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
// columns; an empty cell is NULL. The rows are written in batches while
// the next are put: an error may be a batch's before.
func (w *Writer) Put(cells []string) error {
	if len(cells) != len(w.columns) {
		return fmt.Errorf("%s: a row of %d cells for %d columns", w.d.Ref, len(cells), len(w.columns))
	}
	if w.failed != nil {
		return w.failed
	}
	b := w.filling
	if w.check != nil {
		w.check.keep(b, w.keyAt, cells)
	}
	switch {
	case w.copy != nil && w.copy.held != nil:
		same, err := w.copy.held.has(cells, &w.copy.digest)
		if err != nil {
			w.failed = w.d.classify(err, "read the rows of")
			return w.failed
		}
		if same {
			return nil // the table holds the row as it is
		}
		b.data = appendCopyRow(b.data, b.rows == 0, cells)
	case w.copy != nil:
		b.data = appendCopyRow(b.data, b.rows == 0, cells)
	case w.check != nil:
		b.cells = append(b.cells, cells...) // made values only if written
	default:
		b.values = valuesOf(b.values, cells)
	}
	b.rows++
	if b.rows < w.batchRows {
		return nil
	}
	w.filling, w.failed = w.behind.hand(b)
	return w.failed
}

// cancelled is the error of an upsert whose context was cancelled.
func (w *Writer) cancelled(err error) error { return w.d.classify(err, "write") }

// valuesOf appends cells to values, as nullable.
func valuesOf(values []any, cells []string) []any {
	for _, c := range cells {
		values = append(values, nullable(c))
	}
	return values
}

// nullable is a cell as a value written: NULL when empty.
func nullable(c string) any {
	if c == "" {
		return nil
	}
	return c
}

// exec upserts a batch of rows, on the goroutine behind: those that
// changed when the table was not created in the transaction, in
// statements of at most batchRows rows.
func (w *Writer) exec(b *batch) error {
	values, n := b.values, len(w.columns)
	if w.check != nil {
		write := w.check.changed(w, b)
		if write == nil {
			values = valuesOf(values, b.cells)
		}
		for _, r := range write {
			values = valuesOf(values, b.cells[r*n:(r+1)*n])
		}
		b.values = values
	}
	for len(values) > 0 {
		rows := w.batchRows
		for rows*n > len(values) {
			rows = max(1, rows/4) // a few sizes of statement, each prepared once
		}
		stmt, err := w.upsert(rows)
		if err != nil {
			return err
		}
		if _, err := stmt.ExecContext(w.ctx, values[:rows*n]...); err != nil {
			return w.d.classify(err, "write")
		}
		values = values[rows*n:]
	}
	return nil
}

// upsert is the statement that upserts rows rows, prepared once.
func (w *Writer) upsert(rows int) (*sql.Stmt, error) {
	if stmt, ok := w.stmts[rows]; ok {
		return stmt, nil
	}
	stmt, err := w.tx.PrepareContext(w.ctx, w.upsertStatement(rows))
	if err != nil {
		return nil, w.d.classify(err, "write")
	}
	if w.stmts == nil {
		w.stmts = map[int]*sql.Stmt{}
	}
	w.stmts[rows] = stmt
	return stmt, nil
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
	err := w.failed
	if err == nil && w.behind != nil {
		if w.filling.rows > 0 {
			w.filling, err = w.behind.hand(w.filling)
		}
		if err == nil {
			err = w.behind.wait()
		}
	}
	if err != nil {
		w.Abort()
		return err
	}
	w.closeStatements()
	if err := w.end(true); err != nil {
		return w.d.classify(err, "commit the rows written to")
	}
	return nil
}

// Abort rolls the transaction back: nothing written stays. It is safe
// after Commit.
func (w *Writer) Abort() {
	if w.behind != nil {
		w.behind.wait()
	}
	w.closeStatements()
	w.end(false)
}

// closeStatements closes the statements prepared for the upsert, and
// waits for the reading of the rows held (held.go), so that the
// connection is free for the transaction's end.
func (w *Writer) closeStatements() {
	if w.copy != nil {
		w.copy.held.wait()
	}
	for _, stmt := range w.stmts {
		stmt.Close()
	}
	w.stmts = nil
	w.check.close()
}
