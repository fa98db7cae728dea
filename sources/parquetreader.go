package sources

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"

	"github.com/enrich-dev/enrich/internal/dbtable"
)

// parquetMagic begins (and ends) every Parquet file.
var parquetMagic = []byte("PAR1")

// parquetReader reads a Parquet file's rows in the file's order: the
// header first (its top-level columns' names, as row 1), then each row as
// text, numbered from 2 as a sheet of them would be. A value is written
// as a cell shows it (dbtable.Text): a list as its items joined by "; ",
// a timestamp in RFC 3339, a date as 2026-11-29.
type parquetReader struct {
	file   *os.File
	reader *parquet.GenericReader[map[string]any]
	fields []parquet.Field
	header bool
	num    int
	rows   []map[string]any // read ahead, next at rows[at]
	at     int
	done   bool
}

// parquetAhead is how many rows are read at once.
const parquetAhead = 256

func openParquet(path string, layout *Layout) (*parquetReader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	pf, err := parquet.OpenFile(f, fi.Size())
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("open %s: not a Parquet file enrich reads: %v", path, err)
	}
	layout.Path, layout.Format = path, Parquet
	rows := make([]map[string]any, parquetAhead)
	for i := range rows {
		rows[i] = map[string]any{}
	}
	return &parquetReader{file: f, reader: parquet.NewGenericReader[map[string]any](pf, pf.Schema()), fields: pf.Schema().Fields(),
		rows: rows[:0]}, nil
}

func (r *parquetReader) next() (record, error) {
	if !r.header {
		r.header = true
		names := make([]string, len(r.fields))
		for i, f := range r.fields {
			names[i] = f.Name()
		}
		return record{num: 1, cells: names}, nil
	}
	if r.at == len(r.rows) {
		if r.done {
			return record{}, io.EOF
		}
		rows := r.rows[:cap(r.rows)]
		for _, m := range rows {
			clear(m)
		}
		n, err := r.reader.Read(rows)
		switch {
		case errors.Is(err, io.EOF):
			r.done = true
		case err != nil:
			return record{}, fmt.Errorf("row %d: %v", r.num+1, err)
		}
		r.rows, r.at = rows[:n], 0
		if n == 0 {
			return record{}, io.EOF
		}
	}
	row := r.rows[r.at]
	r.at++
	r.num++
	cells := make([]string, len(r.fields))
	for i, f := range r.fields {
		cells[i] = parquetText(f, row[f.Name()])
	}
	return record{num: r.num + 1, cells: cells}, nil
}

func (r *parquetReader) close() error {
	r.reader.Close()
	return r.file.Close()
}

// parquetText is a Parquet value as a cell shows it, by its column's
// logical type.
func parquetText(f parquet.Field, v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case []any:
		parts := make([]string, 0, len(v))
		for _, x := range v {
			if s := parquetText(elementOf(f), x); s != "" {
				parts = append(parts, s)
			}
		}
		return strings.Join(parts, "; ")
	}
	var lt *format.LogicalType
	if f != nil && f.Type() != nil {
		lt = f.Type().LogicalType()
	}
	if lt != nil {
		switch t := lt.Value.(type) {
		case *format.TimestampType:
			n, ok := asInt64(v)
			if !ok {
				break
			}
			var at time.Time
			switch t.Unit.Value.(type) {
			case *format.MilliSeconds:
				at = time.UnixMilli(n)
			case *format.MicroSeconds:
				at = time.UnixMicro(n)
			default:
				at = time.Unix(0, n)
			}
			return at.UTC().Format(time.RFC3339Nano)
		case *format.DateType:
			if n, ok := asInt64(v); ok {
				return time.Unix(n*86400, 0).UTC().Format(time.DateOnly)
			}
		}
	}
	switch v := v.(type) {
	case int32:
		return dbtable.Text(int64(v))
	case float32:
		return dbtable.Text(float64(v))
	case time.Time:
		return v.UTC().Format(time.RFC3339Nano)
	}
	return dbtable.Text(v)
}

// elementOf is the field of a list's items, or nil.
func elementOf(f parquet.Field) parquet.Field {
	if f == nil || f.Leaf() {
		return nil
	}
	for _, g := range f.Fields() { // LIST > list > element
		if g.Leaf() {
			return g
		}
		if e := elementOf(g); e != nil {
			return e
		}
	}
	return nil
}

func asInt64(v any) (int64, bool) {
	switch v := v.(type) {
	case int64:
		return v, true
	case int32:
		return int64(v), true
	}
	return 0, false
}

// isParquet reports whether the file's first bytes are Parquet's.
func isParquet(head []byte) bool { return bytes.HasPrefix(head, parquetMagic) }
