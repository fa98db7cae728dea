package sinks

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/parquet-go/parquet-go"

	"github.com/enrich-dev/enrich/internal/atomicfile"
	"github.com/enrich-dev/enrich/internal/sheet"
)

// FormatParquet is a Parquet output.
const FormatParquet = "parquet"

// parquetWriter writes an enriched table as a Parquet file, written
// atomically: the input's columns as optional text, in their order, then
// the appended columns typed (parquetKinds): lists of e-mails, phones and
// skills, the score a number, the time of a refresh's answer a
// timestamp, the others text. An empty cell is null.
type parquetWriter struct {
	file    *atomicfile.File
	w       *parquet.GenericWriter[any]
	layout  sheet.Layout
	columns []Column
	names   []string // every column's name: the input's (distinct), then the appended
	kinds   []parquetKind
	rows    []any
}

// parquetKind is how an appended column is typed.
type parquetKind int

const (
	parquetText parquetKind = iota
	parquetList
	parquetInt
	parquetTime
)

// parquetKinds are the appended columns that are not text.
var parquetKinds = map[string]parquetKind{
	"enrich_emails": parquetList, "enrich_phones": parquetList, "enrich_skills": parquetList,
	"enrich_score": parquetInt, "enrich_checked_at": parquetTime,
}

// parquetBatch is how many rows are handed to the writer at once.
const parquetBatch = 1024

func newParquetWriter(path string, layout sheet.Layout, opts Options) (*parquetWriter, error) {
	p := &parquetWriter{layout: layout, columns: opts.columns()}
	var fields []reflect.StructField
	add := func(name string, k parquetKind) error {
		if strings.ContainsAny(name, ",") {
			return fmt.Errorf("output %s: the column %q has a comma, which a Parquet column's name cannot; rename it, or write .csv", path, name)
		}
		typ, tag := reflect.TypeOf(""), ",optional"
		switch k {
		case parquetList:
			typ, tag = reflect.TypeOf([]string{}), ",list"
		case parquetInt:
			typ = reflect.TypeOf(int32(0))
		case parquetTime:
			typ, tag = reflect.TypeOf(int64(0)), ",optional,timestamp(millisecond)"
		}
		fields = append(fields, reflect.StructField{Name: "F" + strconv.Itoa(len(fields)), Type: typ,
			Tag: reflect.StructTag("parquet:" + strconv.Quote(name+tag))})
		p.names, p.kinds = append(p.names, name), append(p.kinds, k)
		return nil
	}
	for i := range layout.Header {
		if err := add(layout.Name(i), parquetText); err != nil {
			return nil, err
		}
	}
	for _, c := range p.columns {
		if err := add(c.Name, parquetKinds[c.Name]); err != nil {
			return nil, err
		}
	}
	schema := parquet.SchemaOf(reflect.New(reflect.StructOf(fields)).Elem().Interface())
	file, err := atomicfile.Create(path)
	if err != nil {
		return nil, err
	}
	p.file = file
	p.w = parquet.NewGenericWriter[any](file, schema, parquet.Compression(&parquet.Zstd))
	return p, nil
}

func (p *parquetWriter) Write(row sheet.Row, out *Outcome) error {
	under, _ := splitCells(len(p.layout.Header), filledCells(row.Cells, fillsOf(out), false))
	m := make(map[string]any, len(p.names))
	for i, v := range under {
		m[p.names[i]] = text(v)
	}
	for i, c := range p.columns {
		k := len(under) + i
		m[p.names[k]] = typed(p.kinds[k], c.Value(out))
	}
	p.rows = append(p.rows, m)
	if len(p.rows) == parquetBatch {
		return p.flush()
	}
	return nil
}

// text is a cell as an optional text value: null when empty.
func text(v string) any {
	if v == "" {
		return nil
	}
	return v
}

// typed is an appended value as its column's kind holds it.
func typed(k parquetKind, v string) any {
	switch k {
	case parquetList:
		items := []any{}
		for _, s := range strings.Split(v, ";") {
			if s = strings.TrimSpace(s); s != "" {
				items = append(items, s)
			}
		}
		return items
	case parquetInt:
		if n, err := strconv.Atoi(v); err == nil {
			return int32(n)
		}
		return nil
	case parquetTime:
		for _, layout := range []string{time.RFC3339Nano, time.DateOnly} {
			if at, err := time.Parse(layout, v); err == nil {
				return at.UnixMilli()
			}
		}
		return nil
	}
	return text(v)
}

func (p *parquetWriter) flush() error {
	if len(p.rows) == 0 {
		return nil
	}
	if _, err := p.w.Write(p.rows); err != nil {
		return fmt.Errorf("write %s: %w", p.file.Path(), err)
	}
	clear(p.rows)
	p.rows = p.rows[:0]
	return nil
}

func (p *parquetWriter) Commit() error {
	if err := p.flush(); err != nil {
		p.file.Abort()
		return err
	}
	if err := p.w.Close(); err != nil {
		p.file.Abort()
		return fmt.Errorf("write %s: %w", p.file.Path(), err)
	}
	return p.file.Commit()
}

func (p *parquetWriter) Abort() { p.file.Abort() }
