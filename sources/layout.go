package sources

import (
	"fmt"
	"slices"

	"github.com/enrich-dev/enrich/internal/ident"
)

// Options say how to read a table.
type Options struct {
	// Sheet is the worksheet of an .xlsx to read; "" means the first
	// visible one. Ignored for CSV.
	Sheet string
	// Columns overrides column detection, each "KIND=HEADER" (kind linkedin,
	// email, phone or uid). A kind named here is read from the named
	// columns only; a header may match several columns.
	Columns []string
	// DefaultRegion is the ISO 3166 region of phone numbers written without
	// a country code ("US"), or "".
	DefaultRegion string
	// Prefer reorders the waterfall: these kinds first, the others after in
	// their default order.
	Prefer []ident.Kind
}

// Format is the kind of file a table was read from.
type Format string

// The formats Open reads.
const (
	CSV  Format = "csv"
	XLSX Format = "xlsx"
)

// Layout describes the file a table was read from: what a writer needs to
// give the output the same shape, and what a report shows.
type Layout struct {
	Path      string
	Format    Format
	Header    []string // the header cells exactly as read
	Names     []string // distinct, non-empty names for the header cells
	HeaderRow int      // row number of the header (1-based)

	// CSV only.
	Encoding  string // utf-8, utf-16le, utf-16be or windows-1252
	BOM       bool   // the file began with a byte-order mark
	Delimiter rune
	SepLine   bool // the file began with Excel's "sep=X" line
	CRLF      bool // lines end with CR LF

	// XLSX only.
	Sheet string
}

// Name returns the distinct name of column i: its header's, or "column_N"
// for a cell beyond the header.
func (l Layout) Name(i int) string {
	if i >= 0 && i < len(l.Names) {
		return l.Names[i]
	}
	name := fmt.Sprintf("column_%d", i+1)
	for slices.Contains(l.Names, name) {
		name += "_"
	}
	return name
}

// DetectedBy says how a column was recognised as holding identifiers.
type DetectedBy string

// The ways a column is recognised.
const (
	ByHeader   DetectedBy = "header"
	ByContent  DetectedBy = "content"
	ByOverride DetectedBy = "override"
)

// Column is a column that holds identifiers.
type Column struct {
	Index  int        `json:"index"`  // 0-based
	Header string     `json:"header"` // the header cell as read
	Name   string     `json:"name"`   // its distinct name
	Kind   ident.Kind `json:"kind"`
	By     DetectedBy `json:"detected_by"`
}

// Invalid is a cell of an identifier column that holds no valid identifier.
type Invalid struct {
	Column int // 0-based index of the cell
	Header string
	Kind   ident.Kind
	Value  string // the value as read (one part, for a cell listing several e-mails)
	Reason string
}

// Row is one row of the table.
type Row struct {
	Num     int        // 1-based row number as the user sees it: the line in a CSV, the row in a sheet
	Cells   []string   // every cell exactly as read, in order
	IDs     []ident.ID // valid identifiers, normalized, in waterfall order, without repeats
	Invalid []Invalid  // identifier cells that hold no valid identifier
}
