package sources

import (
	"errors"
	"fmt"
)

// InputError is an error about the input: the file cannot be read, is not
// a spreadsheet enrich reads, is malformed, or the options do not fit it
// (a sheet or column that is not there). Commands report it as bad input,
// not as a failure of their own. Its text names the file and, where it
// applies, the row and the field.
type InputError struct {
	Path string
	Err  error
}

// Error returns the message, which already names the file.
func (e *InputError) Error() string { return e.Err.Error() }

// Unwrap returns the underlying error.
func (e *InputError) Unwrap() error { return e.Err }

func inputError(path string, err error) error {
	if err == nil {
		return nil
	}
	return &InputError{Path: path, Err: err}
}

// Errors that callers check before anything is sent: a sheet that gives
// nothing to look up. Use NoIdentifierColumn and NoDataRows for the
// message that names the file.
var (
	// ErrNoIdentifierColumn: no column holds profile URLs, e-mails,
	// phones or uids, by header or by content.
	ErrNoIdentifierColumn = errors.New("no identifier column found; name one with --column KIND=HEADER (kinds: linkedin, email, phone, uid, or auto for a column of mixed identifiers), or a name and a company column to find people by name (--column name=HEADER --column company=HEADER)")
	// ErrNoDataRows: the header is followed by no row.
	ErrNoDataRows = errors.New("the sheet has a header but no data rows")
)

// NoIdentifierColumn returns the error for a table without identifier
// columns, naming its file and its columns.
func NoIdentifierColumn(layout Layout) error {
	return inputError(layout.Path, fmt.Errorf("%s: %w; the columns are %s", layout.Path, ErrNoIdentifierColumn, quoteList(layout.Names)))
}

// NoDataRows returns the error for a table without rows, naming its file.
func NoDataRows(layout Layout) error {
	where := layout.Path
	if layout.Sheet != "" {
		where = fmt.Sprintf("%s, sheet %q", layout.Path, layout.Sheet)
	}
	return inputError(layout.Path, fmt.Errorf("%s: %w", where, ErrNoDataRows))
}
