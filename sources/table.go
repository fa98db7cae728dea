package sources

import (
	"io"
	"slices"

	"github.com/enrich-dev/enrich/internal/ident"
	"github.com/enrich-dev/enrich/internal/ordered"
)

// recordReader is a reader of one file format. It yields every record,
// blank ones included; the Table skips those.
type recordReader interface {
	next() (record, error)
	close() error
}

// record is a row as a format reader yields it.
type record struct {
	num    int
	cells  []string // as displayed: what the output gets
	values []string // as stored, for identifiers (nil: same as cells)
	text   string   // CSV: the record as the file held it
	eol    string   // CSV: its line ending
	blank  string   // CSV: the blank lines before it, as the file held them
}

// value returns the stored value of cell i, or "".
func (r record) value(i int) string {
	if r.values != nil {
		if i < len(r.values) {
			return r.values[i]
		}
		return ""
	}
	if i < len(r.cells) {
		return r.cells[i]
	}
	return ""
}

// Table is an open table. It is not safe for concurrent use.
type Table struct {
	src       recordReader
	layout    Layout
	columns   []Column // in waterfall order, then left to right
	people    []PersonColumn
	region    string
	cellsOnly bool     // Options.CellsOnly
	pending   []record // sampled rows, replayed before reading on
	done      bool
	rank      map[ident.Kind]int // place of each kind in the waterfall

	keys *keyCheck // a file's rows written into a table by --key: each key once

	rows *ordered.Map[[]record, []Row] // reads and normalizes ahead, on every core
	cur  []Row                         // rows of the chunk being handed out
	err  error                         // what ended the rows: io.EOF or a read error
}

// Layout returns the shape of the file.
func (t *Table) Layout() Layout { return t.layout }

// Columns returns the identifier columns, in waterfall order and, within a
// kind, left to right.
func (t *Table) Columns() []Column { return append([]Column(nil), t.columns...) }

// People returns the columns that say who a row's person is, in the
// order of sheet.Fields.
func (t *Table) People() []PersonColumn { return append([]PersonColumn(nil), t.people...) }

// Next returns the next row, skipping blank ones, or io.EOF after the last.
func (t *Table) Next() (Row, error) {
	for len(t.cur) == 0 {
		if t.err != nil {
			if t.err == io.EOF {
				return Row{}, io.EOF
			}
			return Row{}, inputError(t.layout.Path, t.err)
		}
		if t.rows == nil {
			t.rows = startRowPipe(t)
		}
		rows, more, err := t.rows.Next()
		if !more {
			t.err = io.EOF
			continue
		}
		t.cur, t.err = rows, err
	}
	row := t.cur[0]
	t.cur[0] = Row{}
	t.cur = t.cur[1:]
	t.measure(row.Cells)
	t.layout.Rows++
	if t.keys != nil {
		if err := t.keys.check(t.layout, row); err != nil {
			return Row{}, inputError(t.layout.Path, err)
		}
	}
	return row, nil
}

func (t *Table) nextRecord() (record, error) {
	if len(t.pending) > 0 {
		rec := t.pending[0]
		t.pending[0] = record{}
		t.pending = t.pending[1:]
		return rec, nil
	}
	if t.done {
		return record{}, io.EOF
	}
	rec, err := t.src.next()
	if err == io.EOF {
		t.done = true
	}
	return rec, err
}

// Tail returns, once Next has returned io.EOF, the blank lines of a CSV
// file after its last row, as the file held them.
func (t *Table) Tail() string {
	if c, ok := t.src.(*csvReader); ok {
		return c.tail
	}
	return ""
}

// Close stops reading ahead and releases the file.
func (t *Table) Close() error {
	if t.rows != nil {
		t.rows.Stop()
	}
	return t.src.close()
}

// row turns a record into a row: the cells of identifier columns are taken
// as stored (all the digits of a numeric phone), the others as displayed
// (a date as a date), and the identifiers are normalized.
func (t *Table) row(rec record) Row {
	cells := rec.cells
	if rec.values != nil {
		width := max(len(rec.cells), len(rec.values))
		cells = make([]string, width)
		copy(cells, rec.cells)
		for _, c := range t.columns {
			if c.Index < width {
				cells[c.Index] = rec.value(c.Index)
			}
		}
		cells = trimTrailingEmpty(cells)
	}
	row := Row{Num: rec.num, Cells: cells, Record: rec.text, EOL: rec.eol, Blank: rec.blank}
	if t.cellsOnly {
		return row
	}
	perCell := false
	for _, c := range t.columns {
		if c.Index >= len(cells) {
			continue
		}
		if c.Mixed || c.By == ByContent {
			perCell = true
			t.readCell(&row, c, cells[c.Index])
			continue
		}
		t.readAs(&row, c, c.Kind, cells[c.Index])
	}
	if perCell && len(row.IDs) > 1 {
		// A cell read as its own kind takes that kind's place in the waterfall.
		slices.SortStableFunc(row.IDs, func(a, b ident.ID) int { return t.rank[a.Kind] - t.rank[b.Kind] })
	}
	return row
}

// readAs reads a cell of column c as identifiers of kind: the valid ones
// to row.IDs (once each), the others to row.Invalid with the reason.
func (t *Table) readAs(row *Row, c Column, kind ident.Kind, cell string) {
	eachValue(kind, cell, func(part string) {
		var value string
		var err error
		if kind == ident.Phone {
			value, err = phones.normalize(part, t.region)
		} else {
			value, err = ident.Normalize(kind, part, t.region)
		}
		if err != nil {
			row.Invalid = append(row.Invalid, Invalid{Column: c.Index, Header: c.Header, Kind: kind, Value: part, Reason: err.Error()})
			return
		}
		if !hasID(row.IDs, kind, value) {
			if row.IDs == nil {
				// Room for a value of each identifier column at once.
				row.IDs = make([]ident.ID, 0, len(t.columns))
			}
			row.IDs = append(row.IDs, ident.ID{Kind: kind, Value: value, Raw: part, Column: c.Index})
		}
	})
}

func hasID(ids []ident.ID, kind ident.Kind, value string) bool {
	for _, id := range ids {
		if id.Kind == kind && id.Value == value {
			return true
		}
	}
	return false
}
