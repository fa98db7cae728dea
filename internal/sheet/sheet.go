// Package sheet holds the shape of a lead sheet that readers and writers
// share: the layout of the file, its identifier columns, and its rows. It
// has no behaviour of its own beyond naming columns, so that the readers
// (package sources) and the writers (package sinks) depend on it and not
// on each other.
package sheet

import (
	"fmt"
	"slices"
	"strings"

	"github.com/enrich-dev/enrich/internal/ident"
)

// Format is the kind of file a table was read from.
type Format string

// The formats a sheet is read from: files, and the tables of databases.
const (
	CSV      Format = "csv"
	XLSX     Format = "xlsx"
	Parquet  Format = "parquet"
	SQLite   Format = "sqlite"
	Postgres Format = "postgres"
)

// Database reports whether the format is a database's table, whose rows
// are told apart by key rather than by their place.
func (f Format) Database() bool { return f == SQLite || f == Postgres }

// Layout describes the file a table was read from: what a writer needs to
// give the output the same shape, and what a report shows.
type Layout struct {
	Path      string
	Format    Format
	Header    []string // the header cells exactly as read
	Names     []string // distinct, non-empty names for the header cells
	HeaderRow int      // row number of the header (1-based)
	// Above are the rows above the header (a title, a note, blank lines),
	// which an output keeps as they were.
	Above []Line

	// CSV only.
	Encoding  string // utf-8, utf-16le, utf-16be or windows-1252
	BOM       bool   // the file began with a byte-order mark
	Delimiter rune
	SepLine   bool // the file began with Excel's "sep=X" line
	CRLF      bool // most lines end with CR LF
	// HeaderRecord is the header's text exactly as the file held it
	// (decoded, without its line ending), and HeaderEOL its line ending.
	HeaderRecord string
	HeaderEOL    string
	// HeaderBlank is, for CSV, the blank lines just before the header as
	// the file held them, line endings included.
	HeaderBlank string

	// A database's table only: Key is the column that tells its rows
	// apart, by which they are written back. Selected says the rows are
	// those a condition or a query selects (--where, --query): none is a
	// night with nothing to do, not an empty table.
	Key      string
	Selected bool

	// XLSX only.
	Sheet     string // the worksheet's name
	SheetPart string // its part in the package, such as xl/worksheets/sheet2.xml
	// UsedColumns is the number of columns the sheet's dimension says
	// it uses (at least the header's width).
	UsedColumns int

	// Widest is the most cells a row of the file holds, and Longest the
	// longest cell in characters, over the rows read so far: after the
	// whole table was read, over the file. Writers whose format has limits
	// check them against these (sinks.CheckFits).
	Widest  int
	Longest int
	// Rows counts the rows read after the header (blank rows, which are
	// skipped, are not counted): after the whole table was read, the rows
	// a new sheet of the file would hold below its header.
	Rows int
}

// Line is a row above a sheet's header: its cells, and for CSV its text
// exactly as the file held it and its line ending.
type Line struct {
	Num       int
	Cells     []string
	Text, EOL string
	Blank     string // the blank lines before it, as Row.Blank
}

// EOL returns the line ending most lines of a CSV file end with.
func (l Layout) EOL() string {
	if l.CRLF {
		return "\r\n"
	}
	return "\n"
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
	// ByPairing is a person column whose header names the whole name
	// ("Name", "Nom", "Nome") but which stands beside a column of the
	// other half: beside a first-name column it is the family name (German
	// Name;Vorname, French Nom;Prénom), beside a family-name column the
	// first name (Italian Nome;Cognome, Spanish Nombre;Apellido).
	ByPairing DetectedBy = "pairing"
)

// Column is a column that holds identifiers. Kind is 0 for a mixed
// column, whose every cell is classified on its own (Mixed is then true).
type Column struct {
	Index  int        `json:"index"`  // 0-based
	Header string     `json:"header"` // the header cell as read
	Name   string     `json:"name"`   // its distinct name
	Kind   ident.Kind `json:"kind,omitempty"`
	Mixed  bool       `json:"mixed,omitempty"` // profile URLs, e-mails, phones and uids in one column
	By     DetectedBy `json:"detected_by"`
}

// KindName is the column's kind as a user names it: "auto" for a mixed
// column.
func (c Column) KindName() string {
	if c.Mixed {
		return "auto"
	}
	return c.Kind.String()
}

// Invalid is a cell of an identifier column that holds no valid identifier.
type Invalid struct {
	Column int // 0-based index of the cell
	Header string
	Kind   ident.Kind // the kind the value was read as (for a mixed column, the kind it looked most like)
	Value  string     // the value as read (one part, for a cell listing several e-mails)
	Reason string
}

// String says why the cell holds no valid identifier: the error of a row
// whose identifiers are all invalid, told of its first.
func (inv Invalid) String() string {
	return fmt.Sprintf("%s %q: %s", inv.Kind, inv.Value, inv.Reason)
}

// Row is one row of the table.
type Row struct {
	Num     int        // 1-based row number as a spreadsheet shows it (in a CSV, blank lines count; a quoted line break and a sep= line do not)
	Cells   []string   // every cell exactly as read, in order
	IDs     []ident.ID // valid identifiers, normalized, in waterfall order, without repeats
	Invalid []Invalid  // identifier cells that hold no valid identifier

	// Record is, for CSV, the row's text exactly as the file held it
	// (decoded, without its line ending), and EOL the line ending it had
	// ("" for the last line of a file without one). A writer of the same
	// format writes Record back instead of quoting the cells again.
	Record string
	EOL    string
	// Blank is, for CSV, the blank lines just before the row (empty
	// lines, and lines whose cells are all blank) as the file held them,
	// line endings included: a writer of the same format writes them back.
	Blank string
}

// Field is what a column says of the person a row names, besides
// identifiers: the name, the company, where they are, their title.
type Field string

// The fields a person column holds.
const (
	FieldName      Field = "name"       // the full name
	FieldFirstName Field = "first_name" // given name
	FieldLastName  Field = "last_name"  // family name
	FieldCompany   Field = "company"    // a company's name, web address or domain
	FieldLocation  Field = "location"   // a place in one cell ("Austin, TX")
	FieldCity      Field = "city"
	FieldState     Field = "state"
	FieldCountry   Field = "country"
	FieldTitle     Field = "title" // the job title
)

// Fields lists the person fields in the order a plan shows them.
var Fields = []Field{FieldName, FieldFirstName, FieldLastName, FieldCompany, FieldLocation, FieldCity, FieldState, FieldCountry, FieldTitle}

// PersonColumn is a column that says something of the person a row names.
type PersonColumn struct {
	Field  Field      `json:"field"`
	Index  int        `json:"index"`  // 0-based
	Header string     `json:"header"` // the header cell as read
	Name   string     `json:"name"`   // its distinct name
	By     DetectedBy `json:"detected_by"`
}

// Person is what a row says of the person it names, cell by cell as
// read: the name in one cell or two, the company, the place and the title.
type Person struct {
	Name, First, Last string
	Company           string
	Location          string // the location cell, or city, state and country joined by ", "
	Title             string
}

// Display is the person's name as the row writes it, for a sentence.
func (p Person) Display() string {
	if p.Name != "" {
		return p.Name
	}
	return strings.TrimSpace(p.First + " " + p.Last)
}

// Named reports whether the row gives a name and a company: what a search
// by name needs.
func (p Person) Named() bool {
	return (p.Name != "" || p.First != "" && p.Last != "") && p.Company != ""
}
