package sources

import (
	"time"

	"github.com/enrich-dev/enrich/internal/ident"
	"github.com/enrich-dev/enrich/internal/sheet"
)

// Options say how to read a table.
type Options struct {
	// Sheet is the worksheet of an .xlsx to read; "" means the first
	// visible one that holds the data: a blank sheet, or one that names
	// nobody before the one sheet that does, is passed over, and columns
	// named in Columns are looked for on the first sheet that has them.
	// A CSV file has no sheets: naming one is an error.
	Sheet string
	// Columns overrides column detection, each "KIND=HEADER" (kind linkedin,
	// email, phone or uid). A kind named here is read from the named
	// columns only; a header may match several columns. Kind "auto" names
	// a column of mixed identifiers, each cell classified on its own.
	Columns []string
	// DefaultRegion is the ISO 3166 region of phone numbers written without
	// a country code ("US"), or "".
	DefaultRegion string
	// Prefer reorders the waterfall: these kinds first, the others after in
	// their default order.
	Prefer []ident.Kind
	// HeaderRow is the row number (as the sheet shows it) of the header;
	// 0 finds it among the first rows.
	HeaderRow int
	// CellsOnly reads rows without their identifiers: Row.IDs and
	// Row.Invalid stay empty. A second pass over a table whose
	// identifiers are already known reads it at the cost of its cells.
	CellsOnly bool
	// Key is the column of a database's table that tells its rows apart
	// (--key): its primary key when "". Query reads the rows of a SELECT
	// on the database instead of the table (--query); it needs Key.
	Key   string
	Query string
	// Where is a condition on a database table's columns that selects
	// the rows read (--where), as SQL after WHERE; not with Query, whose
	// own WHERE says it, nor on a file.
	Where string
	// Wait is how long a database that does not answer is waited for
	// (--service-wait); 0 waits DefaultWait.
	Wait time.Duration
}

// DefaultWait is how long a database that does not answer is waited for
// when Options.Wait is 0.
const DefaultWait = 30 * time.Second

// Format is the kind of file a table was read from.
type Format = sheet.Format

// The formats Open reads.
const (
	CSV     = sheet.CSV
	XLSX    = sheet.XLSX
	Parquet = sheet.Parquet
)

// Layout describes the file a table was read from (see sheet.Layout).
type Layout = sheet.Layout

// DetectedBy says how a column was recognised as holding identifiers.
type DetectedBy = sheet.DetectedBy

// The ways a column is recognised.
const (
	ByHeader   = sheet.ByHeader
	ByContent  = sheet.ByContent
	ByOverride = sheet.ByOverride
)

// Column is a column that holds identifiers.
type Column = sheet.Column

// Invalid is a cell of an identifier column that holds no valid identifier.
type Invalid = sheet.Invalid

// Row is one row of the table.
type Row = sheet.Row
