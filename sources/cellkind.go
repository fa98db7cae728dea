package sources

import (
	"strings"

	"github.com/enrich-dev/enrich/internal/ident"
)

// readCell reads a cell of a column read cell by cell (one found by its
// content, or named with --column auto=): each cell as what it is, a
// profile URL as one, an e-mail as one, a phone as one, whatever most of
// the column holds. A cell that is none is invalid for the reason of the
// kind it looks meant as; one that looks like nothing is, in a column of
// one kind, read as that kind (an e-mail typed without its @), and in a
// mixed column said to be none.
func (t *Table) readCell(row *Row, c Column, cell string) {
	s := strings.TrimSpace(cell)
	if IsPlaceholder(s) {
		return
	}
	if !c.Mixed {
		// Most cells are of the column's kind: read so first, and
		// classified only when not, at no cost to the others.
		ids, invalid := len(row.IDs), len(row.Invalid)
		t.readAs(row, c, c.Kind, cell)
		if len(row.Invalid) == invalid {
			return
		}
		if k, ok := t.cellKind(s); ok && k != c.Kind {
			row.IDs, row.Invalid = row.IDs[:ids], row.Invalid[:invalid]
			t.readAs(row, c, k, cell)
		}
		return
	}
	k, ok := t.cellKind(s)
	if !ok {
		row.Invalid = append(row.Invalid, Invalid{Column: c.Index, Header: c.Header, Kind: k, Value: s,
			Reason: "not a profile URL, e-mail, phone or uid"})
		return
	}
	t.readAs(row, c, k, cell)
}

// cellKind is the kind of identifier a trimmed cell holds (see
// ident.Classify), or else the kind it looks meant as, whose reading says
// what is wrong with it; false when it looks like none: not even a uid,
// which is what Classify guesses of anything else.
func (t *Table) cellKind(s string) (ident.Kind, bool) {
	k, ok := ident.Classify(s, t.region)
	if ok || k != ident.UID || looksLikeUID(s) {
		return k, true
	}
	return k, false
}

// looksLikeUID reports whether a cell that is no valid uid was meant as
// one: a long run of hex digits (with a UUID's dashes, say).
func looksLikeUID(s string) bool {
	if len(s) < 16 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' || c == '-') {
			return false
		}
	}
	return true
}
