// Package dbtable reads and writes the tables of a database as enrich
// reads and writes sheets: SQLite files (through modernc.org/sqlite, no
// cgo) and PostgreSQL (through pgx), both behind database/sql. A table is
// named as users type it: sqlite:PATH?table=NAME or
// postgres://user@host/db?table=SCHEMA.NAME. Its rows are read as text
// in the order of their key (NULL an empty cell, a number as written
// without loss), and written by key in one transaction: upserted into a
// table of their own, or updated in place, cell by cell, where nobody
// changed the cell since it was read.
//
// Failures are classified as every layer's are (package fault): a
// password refused, a database, table or column that is not there, no
// wait mends; a server that does not answer, a wait may.
package dbtable

import (
	"fmt"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/enrich-dev/enrich/internal/redact"
)

// Kind is the database a table lives in.
type Kind int

// The databases enrich reads and writes.
const (
	SQLite Kind = iota + 1
	Postgres
)

func (k Kind) String() string {
	switch k {
	case SQLite:
		return "SQLite"
	case Postgres:
		return "PostgreSQL"
	}
	return "?"
}

// Ref names a table of a database, or the rows of a query.
type Ref struct {
	Kind Kind
	// Path is an SQLite database's file; DSN a PostgreSQL connection URL
	// without the parameters enrich reads (table, key).
	Path string
	DSN  string
	// Table is the table's name, with its schema where given
	// (SCHEMA.NAME); Query a SELECT whose rows are read instead (input
	// only: --query).
	Table string
	Query string
	// Where is a condition on the table's columns that selects the rows
	// read (input only: --where), as SQL: the read is SELECT * FROM
	// Table WHERE (Where) ORDER BY Key.
	Where string
	// Key is the column that tells rows apart: the table's primary key
	// when not given (?key=COLUMN or --key).
	Key string
	raw string
}

// IsRef reports whether s names a database table rather than a file:
// it begins with sqlite:, postgres:// or postgresql://.
func IsRef(s string) bool {
	l := strings.ToLower(s)
	return strings.HasPrefix(l, "sqlite:") || strings.HasPrefix(l, "postgres://") || strings.HasPrefix(l, "postgresql://")
}

// Parse reads a table's name: sqlite:PATH?table=NAME[&key=COLUMN], or
// postgres://[USER[:PASSWORD]@]HOST[:PORT]/DB?table=[SCHEMA.]NAME[&key=COLUMN]
// and any other parameter of a PostgreSQL connection URL (sslmode…).
func Parse(s string) (Ref, error) {
	r := Ref{raw: s}
	l := strings.ToLower(s)
	switch {
	case strings.HasPrefix(l, "sqlite:"):
		r.Kind = SQLite
		rest := s[len("sqlite:"):]
		rest = strings.TrimPrefix(rest, "//")
		path, query, _ := strings.Cut(rest, "?")
		if path == "" {
			return r, fmt.Errorf("%s: name the database file: sqlite:PATH?table=NAME", s)
		}
		q, err := url.ParseQuery(query)
		if err != nil {
			return r, fmt.Errorf("%s: %v", s, err)
		}
		r.Path, r.Table, r.Key = path, q.Get("table"), q.Get("key")
		for k := range q {
			if k != "table" && k != "key" {
				return r, fmt.Errorf("%s: unknown parameter %q; an SQLite table takes table= and key=", s, k)
			}
		}
	case strings.HasPrefix(l, "postgres://"), strings.HasPrefix(l, "postgresql://"):
		r.Kind = Postgres
		u, err := url.Parse(s)
		if err != nil {
			return r, fmt.Errorf("%s: %v", redact.URL(s), redactErr(err))
		}
		q := u.Query()
		r.Table, r.Key = q.Get("table"), q.Get("key")
		q.Del("table")
		q.Del("key")
		u.RawQuery = q.Encode()
		if strings.Trim(u.Path, "/") == "" {
			return r, fmt.Errorf("%s: name the database: postgres://USER@HOST/DATABASE?table=NAME", redact.URL(s))
		}
		r.DSN = u.String()
	default:
		return r, fmt.Errorf("%s: a table is named sqlite:PATH?table=NAME or postgres://USER@HOST/DATABASE?table=NAME", s)
	}
	return r, nil
}

// redactErr is a URL parse error without the URL, which may carry a
// password.
func redactErr(err error) error {
	if ue, ok := err.(*url.Error); ok {
		return ue.Err
	}
	return err
}

// String is the table's name as shown: a password in it hidden.
func (r Ref) String() string { return redact.URL(r.raw) }

// What names the rows read or written, for sentences: "table leads of
// crm.db (SQLite)", or "the rows of the query".
func (r Ref) What() string {
	where := r.Path
	if r.Kind == Postgres {
		if u, err := url.Parse(r.DSN); err == nil {
			where = strings.Trim(u.Path, "/") + " on " + u.Host
		}
	}
	if r.Query != "" {
		return fmt.Sprintf("the rows of the query on %s (%s)", where, r.Kind)
	}
	return fmt.Sprintf("table %s of %s (%s)", r.Table, where, r.Kind)
}

// Name is a file name for what goes beside a table written (its report,
// candidates): the table's name, or the query's database.
func (r Ref) Name() string {
	n := r.Table
	if n == "" {
		n = strings.TrimSuffix(filepath.Base(r.Path), filepath.Ext(r.Path))
	}
	return strings.NewReplacer("/", "_", "\\", "_", ".", "_").Replace(n)
}

// Same reports whether r and o name one table of one database.
func (r Ref) Same(o Ref) bool {
	if r.Kind != o.Kind || r.Query != "" || o.Query != "" || !strings.EqualFold(r.Table, o.Table) {
		return false
	}
	if r.Kind == SQLite {
		a, errA := filepath.Abs(r.Path)
		b, errB := filepath.Abs(o.Path)
		return errA == nil && errB == nil && a == b
	}
	a, errA := url.Parse(r.DSN)
	b, errB := url.Parse(o.DSN)
	return errA == nil && errB == nil && strings.EqualFold(a.Host, b.Host) && a.Path == b.Path
}
