package sources

import (
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/enrich-dev/enrich/internal/ident"
)

// Open opens a CSV or .xlsx file (told apart by content, not by name),
// reads its header and a sample of rows, and decides which columns hold
// identifiers. The caller must Close the table. Every error it returns, and
// every error of Next, is an *InputError.
func Open(path string, opts Options) (*Table, error) {
	t, err := open(path, opts)
	return t, inputError(path, err)
}

// open opens the table opts name. A workbook whose first visible sheet
// names nobody (no identifier column, no name and company: a cover sheet,
// a notes sheet) is read from the one other sheet that does; when several
// do, the error names them.
func open(path string, opts Options) (*Table, error) {
	t, err := openSheet(path, opts)
	if err != nil || opts.Sheet != "" || len(t.columns) > 0 || t.FindsByName() {
		return t, err
	}
	x, ok := t.src.(*xlsxReader)
	if !ok {
		return t, nil
	}
	var found []string
	var pick *Table
	for _, s := range x.book.sheets {
		if s.hidden || s.name == x.sheet {
			continue
		}
		o := opts
		o.Sheet = s.name
		other, err := openSheet(path, o)
		if err != nil {
			continue
		}
		if len(other.columns) == 0 && !other.FindsByName() {
			other.Close()
			continue
		}
		found = append(found, s.name)
		if pick == nil {
			pick = other
		} else {
			other.Close()
		}
	}
	switch len(found) {
	case 0:
		return t, nil // the first sheet's own refusal says what to do
	case 1:
		t.Close()
		return pick, nil
	}
	first := x.sheet
	t.Close()
	pick.Close()
	return nil, fmt.Errorf("%s: sheet %q has no identifier column, and %d sheets have: %s; name one with --sheet", path, first, len(found), quoteList(found))
}

func openSheet(path string, opts Options) (*Table, error) {
	region, overrides, err := checkOptions(opts)
	if err != nil {
		return nil, err
	}
	format, err := sniffFormat(path)
	if err != nil {
		return nil, err
	}
	layout := Layout{Path: path}
	var src recordReader
	switch format {
	case XLSX:
		src, err = openXLSX(path, opts.Sheet, &layout)
	default:
		if opts.Sheet != "" {
			return nil, fmt.Errorf("%s is a CSV file, which has no sheets; leave out --sheet %q", path, opts.Sheet)
		}
		src, err = openCSV(path, &layout)
	}
	if err != nil {
		return nil, err
	}
	return newTable(src, layout, region, overrides, opts)
}

// checkOptions validates the options that do not depend on the file.
func checkOptions(opts Options) (region string, overrides []override, err error) {
	region, err = ident.CheckRegion(opts.DefaultRegion)
	if err != nil {
		return "", nil, fmt.Errorf("default region: %w", err)
	}
	overrides, err = parseOverrides(opts.Columns)
	return region, overrides, err
}

// newTable reads the header and the sample from src; it closes src on
// error.
func newTable(src recordReader, layout Layout, region string, overrides []override, opts Options) (*Table, error) {
	t := &Table{src: src, region: region, cellsOnly: opts.CellsOnly, rank: map[ident.Kind]int{}}
	order := ident.Order(opts.Prefer)
	for i, k := range order {
		t.rank[k] = i
	}
	if err := t.start(&layout, overrides, order); err != nil {
		_ = src.close()
		return nil, err
	}
	return t, nil
}

// The sample the columns are decided on: at most sampleRows rows after
// the header, and at most sampleBytes of cells (a cell counts its text and
// the 16 bytes of its string header), so that rows of a million empty
// cells do not fill memory.
const (
	sampleRows  = 100
	sampleBytes = 16 << 20
)

// start reads the header and the sample, and detects the columns.
func (t *Table) start(layout *Layout, overrides []override, order []ident.Kind) error {
	for {
		rec, err := t.src.next()
		if errors.Is(err, io.EOF) {
			if x, ok := t.src.(*xlsxReader); ok {
				return x.emptySheet()
			}
			return fmt.Errorf("read %s: no header row: the file is empty", layout.Path)
		}
		if err != nil {
			return err
		}
		if !isBlank(rec.cells) {
			layout.Header = rec.cells
			layout.HeaderRow = rec.num
			layout.HeaderRecord, layout.HeaderEOL = rec.text, rec.eol
			break
		}
	}
	layout.Names = distinctNames(layout.Header)
	t.layout = *layout
	t.measure(layout.Header)
	size := 0
	for len(t.pending) < sampleRows && size < sampleBytes {
		rec, err := t.src.next()
		if errors.Is(err, io.EOF) {
			t.done = true
			break
		}
		if err != nil {
			return err
		}
		if !isBlank(rec.cells) || !isBlank(rec.values) {
			t.pending = append(t.pending, rec)
			size += recordSize(rec)
		}
	}
	cols, err := detectColumns(*layout, t.pending, overrides, t.region, order)
	if err != nil {
		return err
	}
	t.columns = cols
	taken := make(map[int]bool, len(cols))
	for _, c := range cols {
		taken[c.Index] = true
	}
	if t.people, err = detectPeople(*layout, overrides, taken); err != nil {
		return err
	}
	return nil
}

// recordSize is about the memory a record holds.
func recordSize(rec record) int {
	n := len(rec.text)
	for _, c := range rec.cells {
		n += len(c) + 16
	}
	for _, v := range rec.values {
		n += len(v) + 16
	}
	return n
}

// measure keeps the widest row and the longest cell of the table.
func (t *Table) measure(cells []string) {
	if len(cells) > t.layout.Widest {
		t.layout.Widest = len(cells)
	}
	for _, c := range cells {
		if len(c) > t.layout.Longest {
			if n := utf8.RuneCountInString(c); n > t.layout.Longest {
				t.layout.Longest = n
			}
		}
	}
}
