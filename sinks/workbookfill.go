package sinks

import (
	"bytes"
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strconv"

	"github.com/xuri/excelize/v2"
)

// writeCells writes a row's cells' XML to the sheet, with fills applied:
// a cell a fill names that the row holds is written anew as an inline
// string (text, never a formula) keeping its reference and its style; one
// the row does not hold is inserted among the others in column order.
// Every other cell's XML, and anything between the cells, is copied byte
// for byte, so numbers stay typed and formulas keep their cached values.
func (w *workbookWriter) writeCells(cells []byte, num int, fills []Fill) error {
	if len(fills) == 0 {
		w.out.Write(cells)
		return nil
	}
	todo, err := w.sortFills(fills, num)
	if err != nil {
		return err
	}
	copied, col := 0, 0 // cells[:copied] is written; col is the last cell's column (1-based)
	for at := 0; ; {
		c, ok := nextCell(cells, at, w.prefix)
		if !ok {
			break
		}
		at = c.end
		col = c.column(col)
		w.out.Write(cells[copied:c.start])
		copied = c.end
		for len(todo) > 0 && todo[0].Column+1 < col {
			w.filledCell(num, todo[0], "")
			todo = todo[1:]
		}
		if len(todo) == 0 || todo[0].Column+1 != col {
			w.out.Write(cells[c.start:c.end])
			continue
		}
		if sharedFormula.Match(cells[c.start:c.end]) {
			return fmt.Errorf("write %s: sheet %q row %d: cell %s holds a formula other cells share, which filling it would break; leave its column unfilled, or write the output as .csv or .jsonl", w.file.Path(), w.layout.Sheet, num, w.cellName(todo[0].Column, num))
		}
		style := ""
		if m := cellStyle.FindSubmatch(c.tag); m != nil {
			style = string(m[1])
		}
		w.filledCell(num, todo[0], style)
		todo = todo[1:]
	}
	// Cells beyond the row's last go after it, before whatever follows
	// the cells (an extLst).
	for _, f := range todo {
		w.filledCell(num, f, "")
	}
	w.out.Write(cells[copied:])
	return nil
}

// sortFills returns fills in column order, one a column (the last one
// given), without negative columns; a fill beyond the sheet's own columns,
// where the appended ones go, is an error.
func (w *workbookWriter) sortFills(fills []Fill, num int) ([]Fill, error) {
	todo := make([]Fill, 0, len(fills))
	for i, f := range fills {
		if f.Column < 0 {
			continue
		}
		if f.Column >= w.first {
			return nil, fmt.Errorf("write %s: sheet %q row %d: a fill of column %d, beyond the sheet's %d columns", w.file.Path(), w.layout.Sheet, num, f.Column+1, w.first)
		}
		if _, later := fillAt(fills[i+1:], f.Column); later {
			continue // the last fill of a column wins
		}
		todo = append(todo, f)
	}
	slices.SortFunc(todo, func(a, b Fill) int { return cmp.Compare(a.Column, b.Column) })
	return todo, nil
}

// filledCell writes a filled cell: an inline string in column f.Column
// of row num, with style s (a style id, or "" for none).
func (w *workbookWriter) filledCell(num int, f Fill, s string) {
	p := w.prefix
	w.out.WriteString("<" + p + `c r="` + w.cellName(f.Column, num) + `"`)
	if s != "" {
		w.out.WriteString(` s="` + s + `"`)
	}
	w.out.WriteString(` t="inlineStr"><` + p + "is><" + p + `t xml:space="preserve">`)
	escapeText(&w.out, fitCell(f.Value))
	w.out.WriteString("</" + p + "t></" + p + "is></" + p + "c>")
}

// cellName returns the reference of column col (0-based) of row num.
func (w *workbookWriter) cellName(col, num int) string {
	name, _ := excelize.ColumnNumberToName(col + 1) // sortFills keeps col within the sheet
	return name + strconv.Itoa(num)
}

// xmlCell is one <c> element of a row's XML: cells[start:end], its start
// tag, and the column its reference names (0 when it has none).
type xmlCell struct {
	start, end int
	tag        []byte
	col        int
}

// column returns the cell's 1-based column: its reference's, or the one
// after the previous cell's when it has none.
func (c xmlCell) column(prev int) int {
	if c.col > 0 {
		return c.col
	}
	return prev + 1
}

// nextCell finds the first <c> element of cells at or after at.
func nextCell(cells []byte, at int, prefix string) (xmlCell, bool) {
	open := "<" + prefix + "c"
	for {
		i := bytes.Index(cells[at:], []byte(open))
		if i < 0 {
			return xmlCell{}, false
		}
		start := at + i
		at = start + len(open)
		if at >= len(cells) || !isTagEnd(cells[at]) {
			continue // another element whose name starts with c
		}
		end := bytes.IndexByte(cells[at:], '>')
		if end < 0 {
			return xmlCell{}, false
		}
		end += at + 1
		c := xmlCell{start: start, end: end, tag: cells[start:end]}
		if cells[end-2] != '/' {
			closeTag := "</" + prefix + "c>"
			j := bytes.Index(cells[end:], []byte(closeTag))
			if j < 0 {
				return xmlCell{}, false
			}
			c.end = end + j + len(closeTag)
		}
		if m := cellRef.FindSubmatch(c.tag); m != nil {
			c.col, _ = excelize.ColumnNameToNumber(string(m[1]))
		}
		return c, true
	}
}

// isTagEnd reports whether b may follow an element's name in its tag.
func isTagEnd(b byte) bool {
	return b == ' ' || b == '\t' || b == '\r' || b == '\n' || b == '>' || b == '/'
}

// sharedFormula matches a cell that holds the formula of a shared range
// (its first cell, with the range's ref), which the range's other cells
// name by its si rather than repeat.
var sharedFormula = regexp.MustCompile(`<(?:[A-Za-z_][\w.-]*:)?f\s[^>]*?\bt="shared"[^>]*?\sref="|<(?:[A-Za-z_][\w.-]*:)?f\s[^>]*?\sref="[^"]*"[^>]*?\bt="shared"`)
