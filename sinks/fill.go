package sinks

import (
	"strings"
	"unicode/utf8"
)

// Fill is one cell of the user's own columns that an export fills with
// a found value (an empty Email or Phone Number cell of a CRM's export):
// the row is written with the cell at Column replaced by Value, and
// every other cell as the input held it. Column is the 0-based index of
// the cell in sheet.Row.Cells and in the header; a Column beyond the
// row's last cell makes the row longer, with empty cells up to it (a
// ragged CSV row's missing cells), and a negative one fills nothing. A
// Column beyond the header is written where a writer writes a row's cells
// beyond it (after the appended columns), and a workbook written over its
// input refuses one beyond the sheet's columns. Value is text:
// in CSV it is neutralized as appended cells are (Formulaic, unless
// Options.NoFormulaGuard), in .xlsx it is an inline string, never a
// formula, cut at MaxXLSXCellChars.
type Fill struct {
	Column int
	Value  string
}

// fillsOf returns the fills of a row's outcome.
func fillsOf(out *Outcome) []Fill {
	if out == nil {
		return nil
	}
	return out.Fills
}

// fillAt returns the value fills give column i, the last of them when
// several name it.
func fillAt(fills []Fill, i int) (string, bool) {
	for k := len(fills) - 1; k >= 0; k-- {
		if fills[k].Column == i {
			return fills[k].Value, true
		}
	}
	return "", false
}

// filledWidth returns how many cells a row of n cells has once fills
// are applied.
func filledWidth(n int, fills []Fill) int {
	for _, f := range fills {
		n = max(n, f.Column+1)
	}
	return n
}

// filledCells returns cells with fills applied, each filled value
// neutralized first when guard is set: cells themselves when there are
// no fills, else a copy (the caller's cells are the input's and are not
// changed), longer when a fill lies beyond the last cell.
func filledCells(cells []string, fills []Fill, guard bool) []string {
	if len(fills) == 0 {
		return cells
	}
	out := make([]string, filledWidth(len(cells), fills))
	copy(out, cells)
	for _, f := range fills {
		if f.Column < 0 {
			continue
		}
		v := f.Value
		if guard {
			v = Neutralize(v)
		}
		out[f.Column] = v
	}
	return out
}

// span is where one field lies in a CSV record's text: text[start:end].
type span struct{ start, end int }

// fieldSpans appends to dst where each field of one CSV record's text
// lies, as encoding/csv with LazyQuotes (the reader of package sources)
// splits it: a field that starts with a quote runs to a quote followed by
// the delimiter or the end of the record ("" is a quote inside it, and a
// quote followed by anything else is kept as text), or to the end of the
// record when no quote closes it; any other field runs to the next
// delimiter. The spans with the delimiter between them make up the
// record again, and fieldText of each is its cell.
func fieldSpans(record, delim string, dst []span) []span {
	start := 0
	for {
		end, ok := fieldEnd(record, start, delim)
		dst = append(dst, span{start, end})
		if !ok {
			return dst
		}
		start = end + len(delim)
	}
}

// fieldEnd returns where the field that starts at start ends, and whether
// a delimiter follows it (false at the end of the record).
func fieldEnd(record string, start int, delim string) (int, bool) {
	i := start
	if i < len(record) && record[i] == '"' {
		i++
		for {
			q := strings.IndexByte(record[i:], '"')
			if q < 0 {
				return len(record), false // never closed: the rest of the record
			}
			i += q + 1
			switch {
			case i == len(record):
				return i, false
			case record[i] == '"':
				i++ // "" is a quote inside
			case strings.HasPrefix(record[i:], delim):
				return i, true
			}
			// a quote followed by anything else is text
		}
	}
	if d := strings.Index(record[i:], delim); d >= 0 {
		return i + d, true
	}
	return len(record), false
}

// fieldText returns the cell a field's text holds as encoding/csv with
// LazyQuotes reads it: a quoted field without its quotes, each "" inside
// as one quote and any other quote kept; line breaks inside stay as they
// are (package sources keeps a quoted CR LF).
func fieldText(field string) string {
	if !strings.HasPrefix(field, `"`) {
		return field
	}
	s := field[1:]
	var b strings.Builder
	for {
		q := strings.IndexByte(s, '"')
		if q < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:q])
		s = s[q+1:]
		switch {
		case s == "":
			return b.String() // the closing quote
		case s[0] == '"':
			s = s[1:]
		}
		b.WriteByte('"')
	}
}

// spansAgree reports whether spans split record into cells: as many, and
// each field's text the cell, or the cell as package sources gave it
// (a quoted CR LF read as LF, bytes that are not UTF-8 mended).
func spansAgree(record string, spans []span, cells []string) bool {
	if len(spans) != len(cells) {
		return false
	}
	for i, s := range spans {
		field := record[s.start:s.end]
		if field == cells[i] {
			continue // the common case: an unquoted field
		}
		text := fieldText(field)
		if text != cells[i] && strings.ReplaceAll(text, "\r\n", "\n") != cells[i] && utf8.ValidString(text) {
			return false
		}
	}
	return true
}

// appendFilledRecord appends a CSV input's record with fills applied:
// every field no fill names is copied as the file held it, quoted or not;
// each filled one is written anew, guarded and quoted as an appended cell
// is; empty fields lead up to a fill beyond the record's last field. It
// returns the fields written, or false when the record's text does not
// split into the row's cells (the reader read them another way), for the
// caller to write the cells instead.
func (c *csvWriter) appendFilledRecord(b []byte, record string, cells []string, fills []Fill) ([]byte, int, bool) {
	spans := fieldSpans(record, c.delim, make([]span, 0, len(cells)))
	if !spansAgree(record, spans, cells) {
		return b, 0, false
	}
	n := filledWidth(len(spans), fills)
	for i := range n {
		if i > 0 {
			b = append(b, c.delim...)
		}
		if v, ok := fillAt(fills, i); ok {
			b = c.appendField(b, v, c.guard)
		} else if i < len(spans) {
			b = append(b, record[spans[i].start:spans[i].end]...)
		}
	}
	return b, n, true
}
