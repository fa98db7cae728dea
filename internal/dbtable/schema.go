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

// Schema is what a table holds: its columns in order, and the columns of
// its primary key. Ident is the table's name as a statement writes it.
type Schema struct {
	Ident   string
	Columns []string
	Primary []string
	Types   []string // PostgreSQL: each column's type (format_type)
}

// Schema reads the columns of a table and its primary key; ok is false
// when there is no such table.
func (d *DB) Schema(ctx context.Context, table string) (Schema, bool, error) {
	return d.schema(ctx, d.db, table)
}

// keyPart is a column of a primary key, and its place in it (from 1).
type keyPart struct {
	at   int
	name string
}

// querier is a database or a transaction.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

func (d *DB) schema(ctx context.Context, db querier, table string) (s Schema, ok bool, err error) {
	var parts []keyPart // the primary key's columns, by their place in it
	switch d.Ref.Kind {
	case SQLite:
		s.Ident = quote(table)
		rows, err := db.QueryContext(ctx, "SELECT name, pk FROM pragma_table_info(?) ORDER BY cid", table)
		if err != nil {
			return s, false, d.classify(err, "read the columns of")
		}
		defer rows.Close()
		for rows.Next() {
			var name string
			var pk int
			if err := rows.Scan(&name, &pk); err != nil {
				return s, false, d.classify(err, "read the columns of")
			}
			s.Columns = append(s.Columns, name)
			if pk > 0 {
				parts = append(parts, keyPart{pk, name})
			}
		}
		if err := rows.Err(); err != nil {
			return s, false, d.classify(err, "read the columns of")
		}
	case Postgres:
		// The table as the search path finds it: quoted as written, or
		// folded to lower case as an unquoted name is.
		rows, err := db.QueryContext(ctx, `SELECT a.attrelid::regclass::text, a.attname, format_type(a.atttypid, a.atttypmod),
  CASE WHEN a.attnum = ANY(i.indkey) THEN array_position(i.indkey::int2[], a.attnum) - array_lower(i.indkey::int2[], 1) + 1 ELSE 0 END
FROM pg_attribute a LEFT JOIN pg_index i ON i.indrelid = a.attrelid AND i.indisprimary
WHERE a.attrelid = coalesce(to_regclass($1), to_regclass($2)) AND a.attnum > 0 AND NOT a.attisdropped
ORDER BY a.attnum`, quote(table), table)
		if err != nil {
			return s, false, d.classify(err, "read the columns of")
		}
		defer rows.Close()
		for rows.Next() {
			var col, typ string
			var pk int
			if err := rows.Scan(&s.Ident, &col, &typ, &pk); err != nil {
				return s, false, d.classify(err, "read the columns of")
			}
			s.Columns, s.Types = append(s.Columns, col), append(s.Types, typ)
			if pk > 0 {
				parts = append(parts, keyPart{pk, col})
			}
		}
		if err := rows.Err(); err != nil {
			return s, false, d.classify(err, "read the columns of")
		}
	}
	slices.SortFunc(parts, func(a, b keyPart) int { return a.at - b.at })
	for _, p := range parts {
		s.Primary = append(s.Primary, p.name)
	}
	return s, len(s.Columns) > 0, nil
}

// KeyOf chooses the key of a table of schema s: the column named, which
// must be one of its columns, or its primary key, which must be one
// column. The error says what to do, and is no wait's.
func KeyOf(ref Ref, s Schema, named string) (string, error) {
	if named != "" {
		if i := slices.IndexFunc(s.Columns, func(c string) bool { return strings.EqualFold(c, named) }); i >= 0 {
			return s.Columns[i], nil
		}
		return "", fault.Fixable(errNoKey, fmt.Sprintf("%s has no column %q to use as its key; its columns: %s", ref.What(), named, strings.Join(s.Columns, ", ")))
	}
	switch len(s.Primary) {
	case 1:
		return s.Primary[0], nil
	case 0:
		return "", fault.Fixable(errNoKey, fmt.Sprintf("%s has no primary key, by which its rows are told apart and written back: name a column of unique values with --key COLUMN (or key= in its name)", ref.What()))
	}
	return "", fault.Fixable(errNoKey, fmt.Sprintf("%s has a primary key of %d columns (%s): name one column of unique values with --key COLUMN", ref.What(), len(s.Primary), strings.Join(s.Primary, ", ")))
}

var errNoKey = errors.New("no key")

// Tables lists the tables of the database, for a sentence that says
// which there are when one named is not.
func (d *DB) Tables(ctx context.Context) []string {
	q := "SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name"
	if d.Ref.Kind == Postgres {
		q = `SELECT CASE WHEN table_schema = current_schema() THEN table_name ELSE table_schema || '.' || table_name END
FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`
	}
	rows, err := d.db.QueryContext(ctx, q)
	if err != nil {
		return nil
	}
	defer rows.Close()
	var out []string
	for rows.Next() && len(out) < 20 {
		var n string
		if rows.Scan(&n) == nil {
			out = append(out, n)
		}
	}
	return out
}

// NoTable is the error of a table that is not there, naming those that are.
func (d *DB) NoTable(ctx context.Context, table string) error {
	msg := fmt.Sprintf("%s: there is no table %q", d.Ref, table)
	if t := d.Tables(ctx); len(t) > 0 {
		msg += "; its tables: " + strings.Join(t, ", ")
	} else {
		msg += "; the database has no tables"
	}
	return fault.Fixable(errors.New("no such table"), msg)
}
