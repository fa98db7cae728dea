package sources

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/xuri/excelize/v2"
)

// xlsxReader reads the rows of one worksheet with two excelize Rows
// iterators in step: one gives each cell as displayed (a date as a date),
// the other as stored (all the digits of a numeric phone, never
// 4.15555E+11). Rows streams the sheet XML, so memory stays flat; GetRows
// would load the whole sheet.
type xlsxReader struct {
	path      string
	sheet     string
	file      *excelize.File
	displayed *excelize.Rows
	stored    *excelize.Rows
	num       int
}

// xmlInMemoryLimit is the largest worksheet or shared-string part excelize
// keeps in memory; larger ones are inflated to a temporary file and read
// from there. Excel keeps text in the shared-string part, which excelize
// would otherwise parse whole into memory (about 150 MB for 100,000 rows);
// with the part on disk, it keeps an index of offsets instead (50 MB), for
// about the same speed.
var xmlInMemoryLimit int64 = 4 << 20

// openXLSX opens the sheet of path that opts name, or the first visible
// one, and fills the XLSX part of layout.
func openXLSX(path, sheet string, layout *Layout) (*xlsxReader, error) {
	if err := checkZip(path); err != nil {
		return nil, err
	}
	f, err := excelize.OpenFile(path, excelize.Options{
		UnzipSizeLimit:    maxUnzippedBytes,
		UnzipXMLSizeLimit: xmlInMemoryLimit,
	})
	if err != nil {
		if errors.Is(err, excelize.ErrWorkbookFileFormat) || errors.Is(err, excelize.ErrWorkbookPassword) {
			return nil, fmt.Errorf("open %s: the workbook is password-protected or not an .xlsx", path)
		}
		return nil, fmt.Errorf("open %s: not a readable .xlsx workbook: %w", path, err)
	}
	name, err := pickSheet(f, sheet)
	if err != nil {
		_ = f.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	x := &xlsxReader{path: path, sheet: name, file: f}
	if x.displayed, err = f.Rows(name); err == nil {
		x.stored, err = f.Rows(name)
	}
	if err != nil {
		_ = x.close()
		return nil, fmt.Errorf("open %s: sheet %q: %w", path, name, err)
	}
	layout.Format, layout.Sheet = XLSX, name
	return x, nil
}

// pickSheet returns the sheet named (exactly, or else ignoring case), or
// the first visible sheet: a hidden first sheet is usually a lookup table.
func pickSheet(f *excelize.File, want string) (string, error) {
	sheets := f.GetSheetList()
	if len(sheets) == 0 {
		return "", errors.New("the workbook has no worksheets")
	}
	if want != "" {
		for _, s := range sheets {
			if s == want {
				return s, nil
			}
		}
		for _, s := range sheets {
			if strings.EqualFold(s, want) {
				return s, nil
			}
		}
		return "", fmt.Errorf("no sheet named %q; the sheets are %s", want, quoteList(sheets))
	}
	for _, s := range sheets {
		if visible, err := f.GetSheetVisible(s); err == nil && visible {
			return s, nil
		}
	}
	return sheets[0], nil
}

func (x *xlsxReader) next() (record, error) {
	more := x.displayed.Next()
	if x.stored.Next() != more {
		return record{}, fmt.Errorf("read %s: sheet %q: row %d: the two readings of the sheet disagree", x.path, x.sheet, x.num+1)
	}
	if !more {
		if err := firstErr(x.displayed.Error(), x.stored.Error()); err != nil {
			return record{}, fmt.Errorf("read %s: sheet %q: after row %d: %w", x.path, x.sheet, x.num, err)
		}
		return record{}, io.EOF
	}
	x.num++
	cells, err := x.displayed.Columns()
	if err != nil {
		return record{}, fmt.Errorf("read %s: sheet %q: row %d: %w", x.path, x.sheet, x.num, err)
	}
	values, err := x.stored.Columns(excelize.Options{RawCellValue: true})
	if err != nil {
		return record{}, fmt.Errorf("read %s: sheet %q: row %d: %w", x.path, x.sheet, x.num, err)
	}
	if values == nil {
		values = []string{}
	}
	return record{num: x.num, cells: cells, values: values}, nil
}

func (x *xlsxReader) close() error {
	var errs []error
	for _, r := range []*excelize.Rows{x.displayed, x.stored} {
		if r != nil {
			errs = append(errs, r.Close())
		}
	}
	errs = append(errs, x.file.Close())
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("close %s: %w", x.path, err)
	}
	return nil
}

func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

func quoteList(items []string) string {
	quoted := make([]string, len(items))
	for i, s := range items {
		quoted[i] = fmt.Sprintf("%q", s)
	}
	return strings.Join(quoted, ", ")
}
