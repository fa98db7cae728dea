package sinks

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"time"

	"github.com/enrich-dev/enrich/internal/dbtable"
	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/internal/sheet"
)

// FormatTable is the format of an output that is a database's table.
const FormatTable = "table"

// IsTable reports whether an output names a database's table rather than
// a file: sqlite:PATH?table=NAME, postgres://….
func IsTable(output string) bool { return dbtable.IsRef(output) }

// Beside is the path the files written beside an output are named after
// (OUTPUT.report.html, OUTPUT.candidates.csv): the output itself, or for
// a database's table, the table's name in the journal's folder.
func Beside(output, journal string) string {
	if !IsTable(output) {
		return output
	}
	ref, err := dbtable.Parse(output)
	if err != nil {
		return output
	}
	return filepath.Join(filepath.Dir(journal), ref.Name())
}

// CheckTable refuses an output table that cannot be written, before
// anything is paid for: a name without a table, a database that refuses
// the password or is not there (no wait's error, at once), one that does
// not answer for wait (a wait's).
func CheckTable(output string, wait time.Duration) error {
	ref, err := dbtable.Parse(output)
	if err != nil {
		return fault.Usagef("%w", err)
	}
	if ref.Table == "" {
		return fault.Usagef("output %s: name the table to write, table=NAME", ref)
	}
	d, err := dbtable.Open(context.Background(), ref, wait, true)
	if err != nil {
		return err
	}
	return d.Close()
}

// SameTable reports whether output names the input's own table, into
// which the output is written back in place.
func SameTable(output, input string) bool {
	if !IsTable(output) || !IsTable(input) {
		return false
	}
	o, errO := dbtable.Parse(output)
	i, errI := dbtable.Parse(input)
	return errO == nil && errI == nil && o.Same(i)
}

// Conflict is a cell an output written back into its input's table did
// not overwrite: it held Now, no longer what the run read (Was), when
// the output was written.
type Conflict struct {
	Row         int // the row's number as read (sheet.Row.Num)
	Key, Column string
	Was, Now    string
	Value       string // what the run would have written
}

// Conflicted is an output that can leave cells as it found them.
type Conflicted interface {
	Conflicts() []Conflict
}

// tableWriter writes an enriched table into a database's table by key,
// in one transaction: upserted into a table of its own (created with the
// input's columns and the appended ones), or, into the input's own
// table, only the cells the export fills and the appended columns asked
// for, each only where the table still holds what the run read.
type tableWriter struct {
	w         *dbtable.Writer
	d         *dbtable.DB
	layout    sheet.Layout
	columns   []Column
	key       int // the key's column in the layout's header
	inPlace   bool
	conflicts []Conflict
	cells     []string
}

func newTableWriter(output string, layout sheet.Layout, opts Options) (*tableWriter, error) {
	ref, err := dbtable.Parse(output)
	if err != nil {
		return nil, err
	}
	key := slices.Index(layout.Header, layout.Key)
	if layout.Key == "" || key < 0 {
		return nil, fmt.Errorf("output %s: a table is written by key, and the input %s has none: read the input from a database's table, or name its column of unique values with --key", ref, layout.Path)
	}
	wait := opts.Wait
	if wait == 0 {
		wait = 30 * time.Second
	}
	ctx := context.Background()
	d, err := dbtable.Open(ctx, ref, wait, true)
	if err != nil {
		return nil, err
	}
	t := &tableWriter{d: d, layout: layout, columns: opts.columns(), key: key, inPlace: opts.InPlace}
	names := slices.Clone(layout.Header)
	for _, c := range t.columns {
		names = append(names, c.Name)
	}
	if t.inPlace {
		t.w, err = d.Update(ctx, ref.Table, layout.Key, names)
	} else {
		t.w, err = d.Upsert(ctx, ref.Table, layout.Key, names)
	}
	if err != nil {
		d.Close()
		return nil, err
	}
	return t, nil
}

func (t *tableWriter) Write(row sheet.Row, out *Outcome) error {
	if t.inPlace {
		return t.set(row, out)
	}
	under, _ := splitCells(len(t.layout.Header), filledCells(row.Cells, fillsOf(out), false))
	t.cells = append(t.cells[:0], under...)
	for _, c := range t.columns {
		t.cells = append(t.cells, c.Value(out))
	}
	return t.w.Put(t.cells)
}

// set writes back into the input's table the cells of row the outcome
// fills, and its appended columns.
func (t *tableWriter) set(row sheet.Row, out *Outcome) error {
	var cells []dbtable.Cell
	for _, f := range fillsOf(out) {
		if f.Column < 0 || f.Column >= len(t.layout.Header) {
			continue
		}
		was := ""
		if f.Column < len(row.Cells) {
			was = row.Cells[f.Column]
		}
		cells = slices.DeleteFunc(cells, func(c dbtable.Cell) bool { return c.Column == t.layout.Header[f.Column] })
		cells = append(cells, dbtable.Cell{Column: t.layout.Header[f.Column], Was: was, New: f.Value, Check: true})
	}
	for _, c := range t.columns {
		cells = append(cells, dbtable.Cell{Column: c.Name, New: c.Value(out)})
	}
	if len(cells) == 0 {
		return nil
	}
	key := row.Cells[t.key]
	conflicts, err := t.w.Set(key, cells)
	for _, c := range conflicts {
		t.conflicts = append(t.conflicts, Conflict{Row: row.Num, Key: key, Column: c.Column, Was: c.Was, Now: c.Now, Value: c.New})
	}
	return err
}

func (t *tableWriter) Conflicts() []Conflict { return t.conflicts }

func (t *tableWriter) Commit() error {
	err := t.w.Commit()
	t.d.Close()
	return err
}

func (t *tableWriter) Abort() {
	t.w.Abort()
	t.d.Close()
}
