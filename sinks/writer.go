package sinks

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/enrich-dev/enrich/internal/sheet"
)

// Writer writes an enriched table. Rows go to a temporary file; Commit
// makes the output appear, Abort throws it away.
type Writer interface {
	// Write writes one row: its original cells, those out.Fills names
	// filled, then the appended columns.
	Write(row sheet.Row, out *Outcome) error
	// Commit flushes, syncs and renames the output into place.
	Commit() error
	// Abort removes the temporary file; it is safe after Commit.
	Abort()
}

// RowFormatter is a Writer whose rows may be formatted on several
// goroutines at once and written in file order: FormatRow appends to b
// the bytes of the table's row n (from 0, in the order rows are
// written); WriteFormatted writes the bytes of n rows FormatRow made, in
// order, as Write would have written them one by one.
type RowFormatter interface {
	FormatRow(b []byte, n int, row sheet.Row, out *Outcome) ([]byte, error)
	WriteFormatted(b []byte, n int) error
}

// FormatterOf returns the RowFormatter of w, or nil when w formats its
// rows itself. The rows of a CSV output in UTF-8 and of a new workbook
// are formatted by the caller's workers, so that the writer only writes;
// those of a CSV output in another encoding are encoded one by one,
// which says which row does not fit, and those of a workbook written
// over its input's sheet follow that sheet's rows.
func FormatterOf(w Writer) RowFormatter {
	switch w := w.(type) {
	case *csvWriter:
		if w.enc == nil {
			return w
		}
	case *xlsxWriter:
		return w
	}
	return nil
}

// WriteTail writes what an input had after its last row (sources.Table's
// Tail): a CSV output of a CSV input keeps its blank lines at the end;
// other outputs have nothing to keep.
func WriteTail(w Writer, text string) error {
	if c, ok := w.(*csvWriter); ok {
		return c.writeTail(text)
	}
	return nil
}

// Options say how to write an enriched table.
type Options struct {
	// Columns are the appended columns, in order; nil means
	// DefaultColumns().
	Columns []Column
	// NoFormulaGuard writes CSV cells as raw text: no apostrophe before a
	// value that a spreadsheet would run as a formula (see Formulaic).
	NoFormulaGuard bool
	// NewWorkbook writes an .xlsx output as a new workbook of the table
	// alone, its rows numbered as written, even from an .xlsx input: an
	// import file of some of the rows, which a CRM takes one sheet of.
	NewWorkbook bool
	// InPlace writes a database table output back into the input's own
	// table: the cells filled and the appended columns, by key, each
	// filled cell only where it still holds what was read.
	InPlace bool
	// Wait is how long a database output that does not answer is waited
	// for (--service-wait); 0 waits 30 seconds.
	Wait time.Duration
}

func (o Options) columns() []Column {
	if o.Columns == nil {
		return DefaultColumns()
	}
	return o.Columns
}

// Formats of an output, named by its extension.
const (
	FormatCSV   = "csv"
	FormatXLSX  = "xlsx"
	FormatJSONL = "jsonl"
)

// Extensions are the extensions an output may have: each names its
// format, without the dot.
var Extensions = []string{".csv", ".xlsx", ".jsonl", ".parquet"}

// FormatOf returns the output format a path's extension names (or
// FormatTable for a database's table), or an error that says which
// extensions there are.
func FormatOf(path string) (string, error) {
	if IsTable(path) {
		return FormatTable, nil
	}
	ext := strings.ToLower(filepath.Ext(path))
	if !slices.Contains(Extensions, ext) {
		return "", fmt.Errorf("output %s: unknown format %q; name the output .csv, .xlsx or .jsonl (an enriched sheet also .parquet)", path, ext)
	}
	return ext[1:], nil
}

// Create starts an output at path in the format its extension names:
// .csv, .xlsx, .jsonl or .parquet, or into a database's table (IsTable).
// layout is the input's: the output keeps its header, and for CSV its
// delimiter, line endings, BOM and an encoding the same spreadsheet
// program reads; an .xlsx input written as .xlsx keeps the whole
// workbook (unless opts.NewWorkbook).
func Create(path string, layout sheet.Layout, opts Options) (Writer, error) {
	if IsTable(path) {
		return newTableWriter(path, layout, opts)
	}
	if SameFile(path, layout.Path) {
		return nil, fmt.Errorf("output %s: it is the input file; write the output to another file", path)
	}
	format, err := FormatOf(path)
	if err != nil {
		return nil, err
	}
	if err := CheckFits(layout, format, len(opts.columns())); err != nil {
		return nil, err
	}
	switch format {
	case FormatCSV:
		return newCSVWriter(path, layout, opts)
	case FormatXLSX:
		if layout.Format == sheet.XLSX && layout.SheetPart != "" && !opts.NewWorkbook {
			return newWorkbookWriter(path, layout, opts)
		}
		return newXLSXWriter(path, layout, opts)
	case FormatParquet:
		return newParquetWriter(path, layout, opts)
	default:
		return newJSONLWriter(path, layout, opts)
	}
}

// Limits of an .xlsx sheet.
const (
	MaxXLSXRows      = 1048576
	MaxXLSXColumns   = 16384
	MaxXLSXCellChars = 32767
)

// CheckFits reports whether a table of layout, with appended columns
// added, fits the output format: an .xlsx sheet holds at most 1,048,576
// rows, 16,384 columns and 32,767 characters a cell. Call it with the
// layout of a table read to the end (its Rows, Widest and Longest then
// cover the file) before anything is paid for; the error names CSV or
// JSONL as the way.
func CheckFits(layout sheet.Layout, format string, appended int) error {
	if format != FormatXLSX {
		return nil
	}
	// A workbook keeps its rows where they are; a CSV's are written one
	// after another below the header.
	if layout.Format == sheet.CSV && 1+layout.Rows > MaxXLSXRows {
		return fmt.Errorf("%s: %d rows with the header, more than the %d an .xlsx sheet holds; write the output as .csv or .jsonl", layout.Path, 1+layout.Rows, MaxXLSXRows)
	}
	width := max(len(layout.Header), layout.Widest, layout.UsedColumns) + appended
	if width > MaxXLSXColumns {
		return fmt.Errorf("%s: %d columns with the %d enrich columns, more than the %d an .xlsx sheet holds; write the output as .csv or .jsonl", layout.Path, width, appended, MaxXLSXColumns)
	}
	if layout.Longest > MaxXLSXCellChars {
		return fmt.Errorf("%s: a cell of %d characters, more than the %d an .xlsx cell holds; write the output as .csv or .jsonl", layout.Path, layout.Longest, MaxXLSXCellChars)
	}
	return nil
}

// SameFile reports whether a and b name one file: the same file on disk,
// or, when one does not exist yet, the same absolute path. An empty name
// is no file.
func SameFile(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	fa, errA := os.Stat(a)
	fb, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(fa, fb)
	}
	absA, errA := filepath.Abs(a)
	absB, errB := filepath.Abs(b)
	return errA == nil && errB == nil && absA == absB
}

// splitCells returns a row's cells as the output places them: the cells
// under the header, padded to its width, and the cells beyond it. Those go
// after the appended columns, so that no appended value lands under an
// original header; trailing empty ones (a trailing delimiter) are dropped.
func splitCells(width int, cells []string) (under, beyond []string) {
	under = make([]string, width)
	copy(under, cells)
	if len(cells) > width {
		beyond = cells[width:]
		n := len(beyond)
		for n > 0 && beyond[n-1] == "" {
			n--
		}
		beyond = beyond[:n]
	}
	return under, beyond
}
