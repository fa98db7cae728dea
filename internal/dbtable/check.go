package dbtable

import (
	"bytes"
	"database/sql"
	"fmt"
	"strings"
)

// A run into a table it wrote before (a nightly run) writes mostly rows
// the table holds already, and an SQLite upsert costs as much for such a
// row as for a new one: every value bound, through the driver, at some
// 0.1 µs each, the row found by its key and compared. So a batch's rows
// are first looked up by their keys, each row read back as one value,
// the JSON array of its values (SQLite's own json_array), and only the
// rows whose array is not that of the cells written, or that the table
// does not hold, are upserted: an unchanged row costs one value bound
// and one read rather than one for each column. Only an exact match
// leaves a row out: a value that is not text (a number in a column of
// numbers) is no JSON string, never matches, and its row is upserted and
// compared by SQLite as before; a blob fails json_array, and the batches
// are then upserted whole. A table with triggers is upserted row by row
// as before, since a trigger would see the rows left out.
//
// PostgreSQL's upsert is not looked up so: its server spends as long
// finding a batch's rows by key (= ANY of the keys) as inserting them
// from the copy with ON CONFLICT, which finds them and compares.

// checker looks up the rows of a batch by key.
type checker struct {
	query func(rows int) string
	stmt  *sql.Stmt      // the query of a full batch
	at    map[string]int // each key's row in the batch, -1 for a key twice
	same  []bool         // the rows of the batch the table holds as they are
	// rest is how many batches to write without looking up, after one
	// whose rows had mostly changed: then the look-up costs more than it
	// saves.
	rest int
	off  bool // a look-up failed (a blob): the batches are upserted whole
}

// skipAfter is how many batches are written without looking up after
// one whose rows had mostly changed.
const skipAfter = 8

// startCheck readies the look-up of the rows a batch changes, unless the
// table was created in the transaction or has triggers.
func (w *Writer) startCheck(table string) error {
	if w.created {
		return nil
	}
	var n int
	err := w.tx.QueryRowContext(w.ctx, "SELECT count(*) FROM sqlite_schema WHERE type = 'trigger' AND lower(tbl_name) = lower(?)", table).Scan(&n)
	if err != nil {
		return w.d.classify(err, "read the triggers of")
	}
	if n > 0 {
		return nil
	}
	cols := make([]string, len(w.columns))
	for i, c := range w.columns {
		cols[i] = quoteColumn(c)
	}
	key := quoteColumn(w.key)
	w.check = &checker{at: map[string]int{}, query: func(rows int) string {
		return fmt.Sprintf("SELECT CAST(%s AS TEXT), json_array(%s) FROM %s WHERE %s IN (%s)",
			key, strings.Join(cols, ", "), w.ident, key, strings.TrimSuffix(strings.Repeat("?, ", rows), ", "))
	}}
	return nil
}

// keep adds a row's key and JSON array to a batch, to be looked up.
func (c *checker) keep(b *batch, keyAt int, cells []string) {
	b.keys = append(b.keys, cells[keyAt])
	b.text = appendJSONArray(b.text, cells)
	b.texts = append(b.texts, len(b.text))
}

// changed returns the rows of a batch to upsert, by their place in it:
// all (nil) or those the table does not hold as they are.
func (c *checker) changed(w *Writer, b *batch) []int {
	if c.off || c.rest > 0 {
		c.rest--
		return nil
	}
	// A key twice in a batch is written twice, the last row winning, as
	// without the look-up.
	clear(c.at)
	for r, key := range b.keys {
		if _, twice := c.at[key]; twice {
			c.at[key] = -1
		} else {
			c.at[key] = r
		}
	}
	if cap(c.same) < b.rows {
		c.same = make([]bool, b.rows)
	}
	c.same = c.same[:b.rows]
	clear(c.same)
	if err := c.read(w, b); err != nil {
		// A look-up fails on a blob, which JSON cannot hold. It only
		// reads: the batch is upserted whole, as are the next, and a
		// failure that is not the blob's is the upsert's too.
		c.off = true
		return nil
	}
	write := []int{}
	for r, same := range c.same {
		if !same {
			write = append(write, r)
		}
	}
	if 2*len(write) > b.rows {
		c.rest = skipAfter
	}
	return write
}

// read reads the rows of the batch's keys that the table holds, each as
// a JSON array, and marks the rows of the batch the same.
func (c *checker) read(w *Writer, b *batch) error {
	args := make([]any, b.rows)
	for i, k := range b.keys {
		args[i] = k
	}
	stmt := c.stmt
	if b.rows != w.batchRows || stmt == nil {
		var err error
		if stmt, err = w.tx.PrepareContext(w.ctx, c.query(b.rows)); err != nil {
			return w.d.classify(err, "read")
		}
		if b.rows == w.batchRows {
			c.stmt = stmt
		} else {
			defer stmt.Close()
		}
	}
	rows, err := stmt.QueryContext(w.ctx, args...)
	if err != nil {
		return w.d.classify(err, "read")
	}
	defer rows.Close()
	var key, text sql.RawBytes
	for rows.Next() {
		if err := rows.Scan(&key, &text); err != nil {
			return w.d.classify(err, "read")
		}
		if r, ok := c.at[string(key)]; ok && r >= 0 {
			start := 0
			if r > 0 {
				start = b.texts[r-1]
			}
			c.same[r] = bytes.Equal(text, b.text[start:b.texts[r]])
		}
	}
	if err := rows.Err(); err != nil {
		return w.d.classify(err, "read")
	}
	return nil
}

// close closes the look-up's statement.
func (c *checker) close() {
	if c != nil && c.stmt != nil {
		c.stmt.Close()
		c.stmt = nil
	}
}

// appendJSONArray appends cells as a JSON array of strings, an empty
// cell null, as SQLite's json_array writes it: quotes, backslashes and
// control characters escaped (the short escapes where JSON has one),
// every other byte as it is.
func appendJSONArray(b []byte, cells []string) []byte {
	b = append(b, '[')
	for i, c := range cells {
		if i > 0 {
			b = append(b, ',')
		}
		if c == "" {
			b = append(b, "null"...)
			continue
		}
		b = append(b, '"')
		start := 0
		for j := 0; j < len(c); j++ {
			ch := c[j]
			if ch >= 0x20 && ch != '"' && ch != '\\' {
				continue
			}
			b = append(b, c[start:j]...)
			switch ch {
			case '"', '\\':
				b = append(b, '\\', ch)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', "0123456789abcdef"[ch>>4], "0123456789abcdef"[ch&0xf])
			}
			start = j + 1
		}
		b = append(b, c[start:]...)
		b = append(b, '"')
	}
	return append(b, ']')
}
