package sources

import (
	"context"
	"strings"

	"github.com/enrich-dev/enrich/internal/dbtable"
	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/internal/sheet"
)

// dbReader reads the rows of a database's table, or of a query on it, in
// the order of their key: the header first (the columns' names, as row
// 1), then each row as text (package dbtable), numbered from 2 as a
// sheet of them would be.
type dbReader struct {
	d      *dbtable.DB
	rows   *dbtable.Rows
	header bool // the header was handed out
	num    int
}

// IsTable reports whether an input or output names a database's table
// rather than a file: sqlite:PATH?table=NAME, postgres://….
func IsTable(name string) bool { return dbtable.IsRef(name) }

// openTable opens the table name names (see IsTable), its key the
// table's primary key or opts.Key, its rows those opts.Where selects.
func openTable(name string, opts Options, layout *Layout) (*dbReader, error) {
	ref, err := dbtable.Parse(name)
	if err != nil {
		return nil, fault.Fixable(err, err.Error())
	}
	layout.Path = ref.String()
	if opts.Key != "" {
		ref.Key = opts.Key
	}
	if opts.Query != "" {
		ref.Query = opts.Query
	}
	ref.Where = strings.TrimSpace(opts.Where)
	switch {
	case ref.Query != "" && ref.Where != "":
		return nil, fault.Usagef("--where and --query: put the condition in the query's own WHERE (--query \"SELECT … WHERE …\"), and leave out --where")
	case ref.Query != "" && ref.Key == "":
		return nil, fault.Usagef("--query: name the column of unique values that tells its rows apart with --key COLUMN")
	case ref.Query == "" && ref.Table == "":
		return nil, fault.Usagef("%s: name the table, table=NAME, or give --query", ref)
	case opts.Sheet != "":
		return nil, fault.Usagef("%s is a database's table, which has no sheets; leave out --sheet %q", ref, opts.Sheet)
	}
	wait := opts.Wait
	if wait == 0 {
		wait = DefaultWait
	}
	ctx := context.Background()
	d, err := dbtable.Open(ctx, ref, wait, false)
	if err != nil {
		return nil, err
	}
	ident, key := "", ref.Key
	if ref.Query == "" {
		s, ok, err := d.Schema(ctx, ref.Table)
		if err == nil && !ok {
			err = d.NoTable(ctx, ref.Table)
		}
		if err == nil {
			key, err = dbtable.KeyOf(ref, s, ref.Key)
		}
		if err != nil {
			d.Close()
			return nil, err
		}
		ident = s.Ident
	}
	rows, err := d.Read(ctx, ident, key)
	if err != nil {
		d.Close()
		return nil, err
	}
	layout.Format = sheet.SQLite
	if ref.Kind == dbtable.Postgres {
		layout.Format = sheet.Postgres
	}
	layout.Key = rows.Columns()[rows.Key()]
	layout.Selected = ref.Where != "" || ref.Query != ""
	return &dbReader{d: d, rows: rows, num: 1}, nil
}

func (r *dbReader) next() (record, error) {
	if !r.header {
		r.header = true
		return record{num: 1, cells: r.rows.Columns()}, nil
	}
	cells, err := r.rows.Next()
	if err != nil {
		return record{}, err
	}
	r.num++
	return record{num: r.num, cells: cells}, nil
}

func (r *dbReader) close() error {
	r.rows.Close()
	return r.d.Close()
}
