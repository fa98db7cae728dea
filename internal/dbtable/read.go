package dbtable

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
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
// column key. The columns are the table's, or the query's.
func (d *DB) Read(ctx context.Context, ident, key string) (*Rows, error) {
	from := ident
	if d.Ref.Query != "" {
		from = "(" + strings.TrimRight(strings.TrimSpace(d.Ref.Query), ";") + ") AS q"
	}
	rows, err := d.db.QueryContext(ctx, "SELECT * FROM "+from+" ORDER BY "+quoteColumn(key))
	if err != nil {
		return nil, d.classify(err, "read")
	}
	columns, err := rows.Columns()
	if err != nil {
		rows.Close()
		return nil, d.classify(err, "read")
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
			return nil, r.d.classify(err, "read")
		}
		return nil, io.EOF
	}
	if err := r.rows.Scan(r.ptrs...); err != nil {
		return nil, r.d.classify(err, "read")
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
