package dbtable

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/internal/redact"
)

// Rows are the rows of a table or query, read as text in the order of
// their key.
type Rows struct {
	d       *DB
	rows    *sql.Rows
	columns []string
	key     int // the key's column
	values  []any
	ptrs    []any
	last    string // the key of the row before
	n       int
}

// Read reads the rows of the table (or of ref.Query) in the order of
// column key, only those ref.Where selects when it is given. The columns
// are the table's, or the query's.
func (d *DB) Read(ctx context.Context, ident, key string) (*Rows, error) {
	rows, err := d.db.QueryContext(ctx, d.selectRows(ident, key))
	if err != nil {
		return nil, d.readError(err)
	}
	columns, err := rows.Columns()
	if err != nil {
		rows.Close()
		return nil, d.readError(err)
	}
	r := &Rows{d: d, rows: rows, columns: columns, key: slices.Index(columns, key)}
	if r.key < 0 {
		rows.Close()
		return nil, fmt.Errorf("%s: the rows read have no column %q", d.Ref, key)
	}
	r.values = make([]any, len(columns))
	r.ptrs = make([]any, len(columns))
	for i := range r.values {
		r.ptrs[i] = &r.values[i]
	}
	return r, nil
}

// selectRows is the statement that reads the rows: those of the table
// named ident, or of the query, that the condition selects, by key.
func (d *DB) selectRows(ident, key string) string {
	from := ident
	if d.Ref.Query != "" {
		from = "(" + strings.TrimRight(strings.TrimSpace(d.Ref.Query), ";") + ") AS q"
	}
	q := "SELECT * FROM " + from
	if d.Ref.Where != "" {
		// In parentheses, so that an OR in it stays inside; the line break
		// ends a -- comment it may end with, which would otherwise hide
		// the parenthesis and the ORDER BY.
		q += " WHERE (" + d.Ref.Where + "\n)"
	}
	return q + " ORDER BY " + quoteColumn(key)
}

// readError is a failure of reading the rows. Under a condition
// (--where) one that no wait mends is the condition's: the table and
// its key were found before the rows were read, and the statement is
// theirs but for the condition. A condition may also fail on a row
// (a cast of a cell that is no date), which comes while the rows are
// read; the table's whole reading comes before anything is sent.
func (d *DB) readError(err error) error {
	classified := d.classify(err, "read")
	if d.Ref.Where == "" || errors.Is(classified, fault.ErrWait) || errors.Is(err, context.Canceled) {
		return classified
	}
	said := redact.Text(err.Error())
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		said = pg.Message
	}
	return fault.Fixable(err, fmt.Sprintf("%s: the database refused the condition --where %q: %s; write a condition on the table's columns as it would follow WHERE in a SELECT of the table", d.Ref, d.Ref.Where, said))
}

// Columns are the names of the columns read.
func (r *Rows) Columns() []string { return r.columns }

// Key is the index of the key's column.
func (r *Rows) Key() int { return r.key }

// Next returns the next row's cells, or io.EOF after the last. A row
// whose key is empty, or the same as the row's before, is an error: the
// rows could not be written back by key.
func (r *Rows) Next() ([]string, error) {
	if !r.rows.Next() {
		if err := r.rows.Err(); err != nil {
			return nil, r.d.readError(err)
		}
		return nil, io.EOF
	}
	if err := r.rows.Scan(r.ptrs...); err != nil {
		return nil, r.d.readError(err)
	}
	r.n++
	cells := make([]string, len(r.values))
	for i, v := range r.values {
		cells[i] = Text(v)
	}
	k := cells[r.key]
	switch {
	case k == "":
		return nil, fmt.Errorf("%s: row %d has no %s: every row needs a key to be written back by", r.d.Ref, r.n, r.columns[r.key])
	case r.n > 1 && k == r.last:
		return nil, fmt.Errorf("%s: two rows have %s %q: the key must tell every row apart; name a column of unique values with --key", r.d.Ref, r.columns[r.key], k)
	}
	r.last = k
	return cells, nil
}

// Close ends the reading.
func (r *Rows) Close() error { return r.rows.Close() }

// Text is a value as a cell shows it: NULL empty, a number as written
// (a phone number stored as a number keeps every digit), a time in RFC
// 3339.
func Text(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	case []byte:
		return string(v)
	case int64:
		return strconv.FormatInt(v, 10)
	case float64:
		if v == math.Trunc(v) && math.Abs(v) < 1e15 {
			return strconv.FormatFloat(v, 'f', -1, 64)
		}
		return strconv.FormatFloat(v, 'g', -1, 64)
	case bool:
		return strconv.FormatBool(v)
	case time.Time:
		if v.Hour() == 0 && v.Minute() == 0 && v.Second() == 0 && v.Nanosecond() == 0 && v.Location() == time.UTC {
			return v.Format(time.DateOnly)
		}
		return v.Format(time.RFC3339Nano)
	}
	return fmt.Sprint(v)
}
