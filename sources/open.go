package sources

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/internal/ident"
	"github.com/enrich-dev/enrich/internal/sheet"
)

// Open opens a CSV or .xlsx file (told apart by content, not by name),
// reads its header and a sample of rows, and decides which columns hold
// identifiers. The caller must Close the table. Every error it returns, and
// every error of Next, is an *InputError.
func Open(path string, opts Options) (*Table, error) {
	t, err := open(path, opts)
	return t, inputError(path, err)
}

// open opens the table opts name; a workbook, when opts names no sheet,
// from the sheet that holds the data (see otherSheet).
func open(path string, opts Options) (*Table, error) {
	t, err := openSheet(path, opts)
	if opts.Sheet != "" {
		return t, err
	}
	var blank *blankSheetError
	var missing *missingColumnError
	switch {
	case errors.As(err, &blank):
	case errors.As(err, &missing) && missing.layout.Format == XLSX:
	case err != nil:
		return nil, err
	case len(t.columns) > 0 || t.FindsByName():
		return t, nil
	default:
		if _, ok := t.src.(*xlsxReader); !ok {
			return t, nil
		}
	}
	return otherSheet(path, opts, t, err)
}

func openSheet(path string, opts Options) (*Table, error) {
	region, overrides, err := checkOptions(opts)
	if err != nil {
		return nil, err
	}
	if IsTable(path) {
		layout := Layout{}
		src, err := openTable(path, opts, &layout)
		if err != nil {
			return nil, err
		}
		opts.HeaderRow = 1 // the columns' names
		return newTable(src, layout, region, overrides, opts)
	}
	if opts.Query != "" {
		return nil, fault.Usagef("%s is a file: --query reads a database's table (sqlite:PATH?table=NAME, postgres://…)", path)
	}
	if strings.TrimSpace(opts.Where) != "" {
		return nil, fault.Usagef("%s is a file: --where selects the rows of a database's table (sqlite:PATH?table=NAME, postgres://…); leave it out and read the whole file, or give a file of the rows to enrich", path)
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
	case Parquet:
		if opts.Sheet != "" {
			return nil, fmt.Errorf("%s is a Parquet file, which has no sheets; leave out --sheet %q", path, opts.Sheet)
		}
		src, err = openParquet(path, &layout)
		opts.HeaderRow = 1 // the columns' names
	default:
		if opts.Sheet != "" {
			return nil, fmt.Errorf("%s is a CSV file, which has no sheets; leave out --sheet %q", path, opts.Sheet)
		}
		src, err = openCSV(path, &layout)
	}
	if err != nil {
		return nil, err
	}
	t, err := newTable(src, layout, region, overrides, opts)
	if err == nil && opts.Key != "" {
		// A file's rows written into a table by key (--key).
		if err = t.keyColumn(opts.Key); err != nil {
			t.Close()
			return nil, err
		}
	}
	return t, err
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
	if err := t.start(&layout, overrides, order, opts.HeaderRow); err != nil {
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

// headerLookahead is the number of rows, blank ones aside, among which
// the header is looked for: a title or a note above it is common in CRM
// and event exports.
const headerLookahead = 10

// start reads the header and the sample, and detects the columns.
func (t *Table) start(layout *Layout, overrides []override, order []ident.Kind, headerRow int) error {
	var seen []record // the rows read before the header is chosen
	for nonBlank := 0; headerRow > 0 || nonBlank < headerLookahead; {
		rec, err := t.src.next()
		if errors.Is(err, io.EOF) {
			t.done = true
			break
		}
		if err != nil {
			return err
		}
		seen = append(seen, rec)
		if headerRow > 0 && rec.num >= headerRow {
			break
		}
		if !isBlank(rec.cells) {
			nonBlank++
		}
	}
	pick, err := pickHeader(seen, headerRow)
	if err != nil {
		return fmt.Errorf("read %s: %w", layout.Path, err)
	}
	if pick < 0 {
		if x, ok := t.src.(*xlsxReader); ok {
			return x.blankSheet()
		}
		return fmt.Errorf("read %s: no header row: the file is empty", layout.Path)
	}
	rec := seen[pick]
	layout.Header = rec.cells
	layout.HeaderRow = rec.num
	layout.HeaderRecord, layout.HeaderEOL, layout.HeaderBlank = rec.text, rec.eol, rec.blank
	for _, above := range seen[:pick] {
		layout.Above = append(layout.Above, sheet.Line{Num: above.num, Cells: above.cells, Text: above.text, EOL: above.eol, Blank: above.blank})
	}
	layout.Names = distinctNames(layout.Header)
	t.layout = *layout
	t.measure(layout.Header)
	size := 0
	for _, rec := range seen[pick+1:] {
		if !isBlank(rec.cells) || !isBlank(rec.values) {
			t.pending = append(t.pending, rec)
			size += recordSize(rec)
		}
	}
	for !t.done && len(t.pending) < sampleRows && size < sampleBytes {
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

// pickHeader chooses the header among the first rows: the row headerRow
// names, or the first row that is not blank, unless a later one reads
// more as a header (at least two cells that name an identifier or a
// person field in the spellings exports use, and more than the first
// row): a title row above the header. It returns -1 when every row is
// blank.
func pickHeader(rows []record, headerRow int) (int, error) {
	if headerRow > 0 {
		if len(rows) == 0 || rows[len(rows)-1].num < headerRow {
			return -1, fmt.Errorf("--header-row %d: the sheet has no row %d", headerRow, headerRow)
		}
		// A blank row is no record of a CSV file (nor of a workbook that
		// leaves it out): the first record read is then past it.
		if last := rows[len(rows)-1]; last.num > headerRow || isBlank(last.cells) {
			return -1, fmt.Errorf("--header-row %d: row %d is blank", headerRow, headerRow)
		}
		return len(rows) - 1, nil
	}
	first, best, bestScore := -1, -1, 0
	for i, rec := range rows {
		if isBlank(rec.cells) {
			continue
		}
		score := headerScore(rec.cells)
		if first < 0 {
			first, best, bestScore = i, i, score
			continue
		}
		if score >= 2 && score > bestScore {
			best, bestScore = i, score
		}
	}
	return best, nil
}

// headerScore counts the cells that are a known header of an identifier
// or of a person field.
func headerScore(cells []string) int {
	n := 0
	for _, c := range cells {
		key := headerKey(c)
		if _, ok := headerAliases[key]; ok {
			n++
		} else if _, ok := personAliases[key]; ok {
			n++
		}
	}
	return n
}
