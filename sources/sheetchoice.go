package sources

import (
	"archive/zip"
	"errors"
	"fmt"
	"strings"

	"github.com/enrich-dev/enrich/internal/sheetxml"
)

// Which sheet of a workbook holds the data, when the user names none: the
// first visible sheet, unless it gives nothing to read. A blank sheet is
// passed over; so is a sheet that names nobody (a cover, a notes sheet)
// when exactly one other sheet does. A column named with --column is
// looked for on the first sheet whose header holds it.

// blankSheetError is the error of a sheet that holds no value, hence no
// header row. It names the sheets that have rows, or says that none has.
type blankSheetError struct {
	sheet string
	err   error
}

// Error returns the message, which names the file.
func (e *blankSheetError) Error() string { return e.err.Error() }

// Unwrap returns the message's error.
func (e *blankSheetError) Unwrap() error { return e.err }

// missingColumnError is the error of a column named with --column that
// the header does not hold; layout is the table's, header and names
// found.
type missingColumnError struct {
	spec, header string
	layout       Layout
}

// Error names the column, the file and the columns it has.
func (e *missingColumnError) Error() string {
	return fmt.Sprintf("column override %q: no column named %q in %s; the columns are %s", e.spec, e.header, e.layout.Path, quoteList(e.layout.Names))
}

// blankSheet is the error of the reader's sheet, which holds no value.
func (x *xlsxReader) blankSheet() error {
	var full []string
	for _, s := range x.book.sheets {
		if s.name != x.sheet && hasValues(x.zip, s.part) {
			full = append(full, s.name)
		}
	}
	var err error
	switch {
	case len(full) > 0:
		err = fmt.Errorf("read %s: no header row: sheet %q is blank; the sheets with rows are %s: name one with --sheet", x.path, x.sheet, quoteList(full))
	case len(x.book.sheets) == 1:
		err = fmt.Errorf("read %s: the workbook holds no rows: its only sheet %q is blank", x.path, x.sheet)
	default:
		names := make([]string, len(x.book.sheets))
		for i, s := range x.book.sheets {
			names[i] = s.name
		}
		err = fmt.Errorf("read %s: the workbook holds no rows: its sheets %s are blank", x.path, quoteList(names))
	}
	return &blankSheetError{sheet: x.sheet, err: err}
}

// hasValues reports whether a sheet part holds a cell with a value: its
// rows are read until one does. (A shared string's text is not looked
// up: a cell that holds one counts.)
func hasValues(z *zip.ReadCloser, part string) bool {
	f := zipFile(z, part)
	if f == nil {
		return false
	}
	rc, err := f.Open()
	if err != nil {
		return false
	}
	defer rc.Close()
	s := &sheetxml.Stream{R: rc}
	head, err := s.Through(sheetDataTag, 64<<20)
	if err != nil || strings.HasSuffix(string(head), "/>") {
		return false
	}
	prefix := string(sheetDataTag.FindSubmatch(head)[1])
	found := errors.New("found")
	for {
		if err := s.SkipSpace(nil); err != nil {
			return false
		}
		row, err := s.Row(prefix, maxRowXMLBytes)
		if err != nil || row == nil {
			return false
		}
		err = sheetxml.Cells(row, prefix, func(c sheetxml.Cell) error {
			if strings.TrimSpace(c.Value) != "" {
				return found
			}
			return nil
		})
		if err != nil {
			return err == found
		}
	}
}

// firstSheet is the sheet that open read first, by its table or by its
// error; "" when neither says.
func firstSheet(t *Table, err error) string {
	var blank *blankSheetError
	var missing *missingColumnError
	switch {
	case t != nil:
		return t.layout.Sheet
	case errors.As(err, &blank):
		return blank.sheet
	case errors.As(err, &missing):
		return missing.layout.Sheet
	}
	return ""
}

// otherSheet reads the workbook at path from another sheet than the first
// one open read, which gave first (a table that names nobody) or
// firstErr (the sheet is blank, or lacks a column named). It takes over
// first and closes it unless it returns it.
func otherSheet(path string, opts Options, first *Table, firstErr error) (*Table, error) {
	book, err := readWorkbookOf(path)
	if err != nil {
		if first != nil {
			first.Close()
		}
		return nil, err
	}
	name := firstSheet(first, firstErr)
	if first == nil && len(opts.Columns) > 0 {
		return sheetWithColumns(path, opts, book, name, firstErr)
	}
	var found []string
	var pick, rows *Table // the first sheet that names people, and the first with rows
	for _, s := range book.sheets {
		if s.hidden || s.name == name {
			continue
		}
		o := opts
		o.Sheet = s.name
		other, err := openSheet(path, o)
		switch {
		case err != nil:
			continue
		case len(other.columns) > 0 || other.FindsByName():
			found = append(found, s.name)
			if pick == nil {
				pick, other = other, nil
			}
		case first == nil && rows == nil:
			rows, other = other, nil
		}
		if other != nil {
			other.Close()
		}
	}
	return chooseSheet(path, name, found, first, firstErr, pick, rows)
}

// chooseSheet is otherSheet's choice: the one sheet that names people;
// else the first sheet's own table, or, when it was blank, the first
// other sheet with rows (whose refusal says what to do), or the blank
// sheet's error. It closes the tables it does not return.
func chooseSheet(path, name string, found []string, first *Table, firstErr error, pick, rows *Table) (*Table, error) {
	closeAll := func(keep *Table) {
		for _, t := range []*Table{first, pick, rows} {
			if t != nil && t != keep {
				t.Close()
			}
		}
	}
	switch {
	case len(found) == 1:
		closeAll(pick)
		return pick, nil
	case len(found) > 1:
		closeAll(nil)
		if first == nil {
			return nil, fmt.Errorf("%s: sheet %q is blank, and %d sheets have people to look up: %s; name one with --sheet", path, name, len(found), quoteList(found))
		}
		return nil, fmt.Errorf("%s: sheet %q has no identifier column, and %d sheets have: %s; name one with --sheet", path, name, len(found), quoteList(found))
	case first != nil:
		closeAll(first)
		return first, nil // the first sheet's own refusal says what to do
	case rows != nil:
		closeAll(rows)
		return rows, nil
	}
	return nil, firstErr
}

// sheetWithColumns reads the workbook at path from the first visible
// sheet, after the one named first (which lacks them or is blank), whose
// header holds every column that opts.Columns names. When none does, the
// error names each sheet and its columns.
func sheetWithColumns(path string, opts Options, book *workbook, first string, firstErr error) (*Table, error) {
	looks := []string{sheetLook(first, firstErr)}
	for _, s := range book.sheets {
		if s.hidden || s.name == first {
			continue
		}
		o := opts
		o.Sheet = s.name
		t, err := openSheet(path, o)
		if err == nil {
			return t, nil
		}
		looks = append(looks, sheetLook(s.name, err))
	}
	if len(looks) == 1 {
		return nil, firstErr // the only sheet: its error says it all
	}
	what := fmt.Sprintf("column override %q: no sheet has a column named %q", opts.Columns[0], columnHeader(opts.Columns[0]))
	if len(opts.Columns) > 1 {
		what = fmt.Sprintf("column overrides %s: no sheet has every column they name", quoteList(opts.Columns))
	}
	return nil, fmt.Errorf("%s: %s: %s", path, what, strings.Join(looks, "; "))
}

// sheetLook says, for the error of sheetWithColumns, what the sheet
// called name holds, as its error tells.
func sheetLook(name string, err error) string {
	var blank *blankSheetError
	var missing *missingColumnError
	switch {
	case errors.As(err, &blank):
		return fmt.Sprintf("sheet %q is blank", name)
	case errors.As(err, &missing):
		return fmt.Sprintf("sheet %q has %s", name, quoteList(missing.layout.Names))
	}
	return fmt.Sprintf("sheet %q cannot be read as asked (%v)", name, err)
}

// columnHeader is the header of a --column option: what follows "=".
func columnHeader(spec string) string {
	_, h, _ := strings.Cut(spec, "=")
	return h
}
