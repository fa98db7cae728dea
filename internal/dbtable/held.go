package dbtable

import (
	"context"
	"crypto/md5"
	"database/sql"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A PostgreSQL table written again (a nightly upsert of the rows it
// holds already) spends its server's time on the rows that did not
// change: each is copied, looked up by key, locked and compared. So the
// rows the table holds are read once, before the first batch, as one
// digest each of the cells the run writes (heldRows), and a row whose
// digest the table holds is not written at all. Both sides digest the
// same text: each cell as its length in characters, a colon and the
// cell, or "-" for NULL (an empty cell is written NULL), one after the
// other. A cell the table holds in another form (a number in a typed
// column, a text in another encoding) digests otherwise, and its row is
// written as before: only an exact match leaves a row out.

// maxHeldRows bounds the rows read as digests (some 40 bytes each): a
// larger table is upserted whole.
const maxHeldRows = 2_000_000

// held are the digests of the rows a table holds.
type held struct {
	ready   chan struct{} // closed once read
	digests map[[md5.Size]byte]struct{}
	err     error
	skipped int // rows not written, for tests
}

// readHeld starts reading the digests of the rows of the table ident, of
// columns in order, on the transaction's connection: nothing else may run
// on it before they are read (wait). A table estimated larger than
// maxHeldRows reads none. Neither query can fail on a sound table, which
// would abort the transaction: to_regclass gives NULL, not an error.
func readHeld(ctx context.Context, conn *sql.Conn, ident string, columns []string) *held {
	h := &held{ready: make(chan struct{})}
	go func() {
		defer close(h.ready)
		var estimate sql.NullFloat64
		if err := conn.QueryRowContext(ctx, "SELECT reltuples FROM pg_class WHERE oid = to_regclass($1)", ident).Scan(&estimate); err != nil || estimate.Float64 > maxHeldRows {
			return // an estimate unread: upserted whole
		}
		parts := make([]string, len(columns))
		for i, c := range columns {
			c = quoteColumn(c) + "::text"
			parts[i] = "coalesce(length(" + c + ")::text || ':' || " + c + ", '-')"
		}
		rows, err := conn.QueryContext(ctx, fmt.Sprintf("SELECT md5(concat(%s)) FROM %s", strings.Join(parts, ", "), ident))
		if err != nil {
			h.err = err
			return
		}
		defer rows.Close()
		h.digests = make(map[[md5.Size]byte]struct{}, int(max(estimate.Float64, 0))+1)
		var text string
		var d [md5.Size]byte
		for rows.Next() {
			if err := rows.Scan(&text); err != nil {
				h.err = err
				return
			}
			if len(h.digests) == maxHeldRows {
				h.digests = nil // more than the estimate said: upserted whole
				return
			}
			if _, err := hex.Decode(d[:], []byte(text)); err == nil {
				h.digests[d] = struct{}{}
			}
		}
		h.err = rows.Err()
	}()
	return h
}

// wait waits until the digests are read, and the connection is free.
func (h *held) wait() {
	if h != nil {
		<-h.ready
	}
}

// has waits for the digests, and reports whether the table holds the row
// of cells as it is.
func (h *held) has(cells []string, buf *[]byte) (bool, error) {
	h.wait()
	if h.err != nil || len(h.digests) == 0 {
		return false, h.err
	}
	b := (*buf)[:0]
	for _, c := range cells {
		if c == "" {
			b = append(b, '-')
			continue
		}
		b = strconv.AppendInt(b, int64(utf8.RuneCountInString(c)), 10)
		b = append(append(b, ':'), c...)
	}
	*buf = b
	_, ok := h.digests[md5.Sum(b)]
	if ok {
		h.skipped++
	}
	return ok, nil
}
