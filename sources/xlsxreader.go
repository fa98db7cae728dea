package sources

import (
	"archive/zip"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/enrich-dev/enrich/internal/sheetxml"
)

// xlsxReader reads the rows of one worksheet, streaming the sheet's XML
// once: each cell as stored (all the digits of a numeric phone, never
// 4.15555E+11) and as displayed (a date as its number format shows it).
// Memory holds one row however long the sheet, and of the shared strings
// 4 bytes a string and at most spillBytes of their text.
type xlsxReader struct {
	path    string
	book    *workbook
	sheet   string
	zip     *zip.ReadCloser
	src     io.ReadCloser
	x       *sheetxml.Stream
	prefix  string
	sst     *sharedStrings
	display *displayer
	num     int
	cells   []string
	values  []string
	noRows  bool // the sheet's rows are <sheetData/>: none
}

// Limits of one row and one cell of a workbook: a row's XML, and a
// cell's text. Excel itself holds at most 32,767 characters a cell.
var (
	maxRowXMLBytes = 16 << 20
	maxCellChars   = 1 << 20
)

// openXLSX opens the sheet of path that opts name, or the first visible
// one, and fills the XLSX part of layout.
func openXLSX(path, sheet string, layout *Layout) (*xlsxReader, error) {
	if err := checkZip(path); err != nil {
		return nil, err
	}
	z, err := zip.OpenReader(path)
	if err != nil {
		return nil, fmt.Errorf("open %s: not a valid .xlsx workbook (%v)", path, err)
	}
	x := &xlsxReader{path: path, zip: z}
	if err := x.open(sheet, layout); err != nil {
		_ = x.close()
		return nil, err
	}
	return x, nil
}

func (x *xlsxReader) open(want string, layout *Layout) error {
	book, err := readWorkbook(x.zip)
	if err != nil {
		return fmt.Errorf("open %s: not a readable .xlsx workbook: %w", x.path, err)
	}
	x.book = book
	s, err := book.pick(want, x.path, x.zip)
	if err != nil {
		return err
	}
	x.sst = &sharedStrings{}
	if book.sharedStrings != "" {
		info, err := os.Stat(x.path)
		if err != nil {
			return err
		}
		if x.sst, err = readSharedStrings(x.zip, book.sharedStrings, info.Size()); err != nil {
			return fmt.Errorf("open %s: shared strings: %w", x.path, err)
		}
	}
	x.display, err = newDisplayer(x.zip, book.styles, book.date1904)
	if err != nil {
		return fmt.Errorf("open %s: styles: %w", x.path, err)
	}
	f := zipFile(x.zip, s.part)
	if f == nil {
		return fmt.Errorf("open %s: sheet %q: its part %s is missing", x.path, s.name, s.part)
	}
	if x.src, err = f.Open(); err != nil {
		return fmt.Errorf("open %s: sheet %q: %w", x.path, s.name, err)
	}
	x.sheet = s.name
	x.x = &sheetxml.Stream{R: x.src}
	head, err := x.x.Through(sheetDataTag, 64<<20)
	if err != nil {
		return fmt.Errorf("read %s: sheet %q: no rows found: %w", x.path, s.name, err)
	}
	m := sheetDataTag.FindSubmatch(head)
	x.prefix = string(m[1])
	// LibreOffice writes a sheet without rows as <sheetData/>: what
	// follows is no row, nor the end of the rows.
	x.noRows = strings.HasSuffix(string(m[0]), "/>")
	if d := dimensionTag.FindSubmatch(head); d != nil {
		ref := string(d[1])
		if _, end, ok := strings.Cut(ref, ":"); ok {
			ref = end
		}
		if col, _, err := excelize.SplitCellName(ref); err == nil {
			layout.UsedColumns, _ = excelize.ColumnNameToNumber(col)
		}
	}
	layout.Format, layout.Sheet, layout.SheetPart = XLSX, s.name, s.part
	return nil
}

func (x *xlsxReader) next() (record, error) {
	if x.noRows {
		return record{}, io.EOF
	}
	if err := x.x.SkipSpace(nil); err != nil {
		return record{}, fmt.Errorf("read %s: sheet %q: after row %d: %w", x.path, x.sheet, x.num, err)
	}
	row, err := x.x.Row(x.prefix, maxRowXMLBytes)
	if err != nil {
		return record{}, fmt.Errorf("read %s: sheet %q: row %d: %w", x.path, x.sheet, x.num+1, err)
	}
	if row == nil {
		return record{}, io.EOF
	}
	num := sheetxml.RowNumber(row)
	if num == 0 {
		num = x.num + 1
	}
	if num <= x.num || num > excelize.TotalRows {
		return record{}, fmt.Errorf("read %s: sheet %q: row %d after row %d: rows out of order", x.path, x.sheet, num, x.num)
	}
	x.num = num
	cells, values := x.cells[:0], x.values[:0]
	col := 0
	err = sheetxml.Cells(row, x.prefix, func(c sheetxml.Cell) error {
		if c.Col == 0 {
			c.Col = col + 1
		}
		if c.Col <= col || c.Col > excelize.MaxColumns {
			return fmt.Errorf("cell in column %d after column %d", c.Col, col)
		}
		for len(cells) < c.Col-1 {
			cells, values = append(cells, ""), append(values, "")
		}
		col = c.Col
		shown, stored, err := x.value(c)
		if err != nil {
			return err
		}
		if len(stored) > maxCellChars {
			return fmt.Errorf("column %d: a cell of more than %d characters", c.Col, maxCellChars)
		}
		cells, values = append(cells, shown), append(values, stored)
		return nil
	})
	if err != nil {
		return record{}, fmt.Errorf("read %s: sheet %q: row %d: %w", x.path, x.sheet, num, err)
	}
	cells, values = trimTrailingEmpty(cells), trimTrailingEmpty(values)
	x.cells, x.values = cells, values
	out := record{num: num, cells: append([]string(nil), cells...), values: append([]string{}, values...)}
	return out, nil
}

// value returns a cell as displayed and as stored.
func (x *xlsxReader) value(c sheetxml.Cell) (shown, stored string, err error) {
	switch c.Type {
	case "s":
		if strings.TrimSpace(c.Value) == "" {
			return "", "", nil // a formatted cell that holds no string
		}
		i, err := strconv.Atoi(strings.TrimSpace(c.Value))
		if err != nil || i < 0 || i >= x.sst.len() {
			return "", "", fmt.Errorf("column %d: shared string %q out of range", c.Col, c.Value)
		}
		s, err := x.sst.at(i)
		return s, s, err
	case "inlineStr", "str", "e", "d":
		return c.Value, c.Value, nil
	case "b":
		switch c.Value {
		case "1":
			return "TRUE", c.Value, nil
		case "0":
			return "FALSE", c.Value, nil
		}
		return c.Value, c.Value, nil
	}
	if c.Value == "" {
		return "", "", nil
	}
	return x.display.number(c.Value, c.Style), c.Value, nil
}

func (x *xlsxReader) close() error {
	var errs []error
	if x.src != nil {
		errs = append(errs, x.src.Close())
	}
	errs = append(errs, x.zip.Close())
	if x.display != nil {
		errs = append(errs, x.display.close())
	}
	errs = append(errs, x.sst.close())
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("close %s: %w", x.path, err)
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

// zipFile returns the part of a package named name (case aside), or nil.
func zipFile(z *zip.ReadCloser, name string) *zip.File {
	name = strings.TrimPrefix(name, "/")
	for _, f := range z.File {
		if strings.EqualFold(strings.ReplaceAll(f.Name, "\\", "/"), name) {
			return f
		}
	}
	return nil
}

// readXML decodes a small part of the package.
func readXML(z *zip.ReadCloser, name string, v any) error {
	f := zipFile(z, name)
	if f == nil {
		return fmt.Errorf("no part %s", name)
	}
	rc, err := f.Open()
	if err != nil {
		return err
	}
	defer rc.Close()
	capped := &cappedReader{r: rc, left: maxXMLPart}
	if err := xml.NewDecoder(capped).Decode(v); err != nil {
		if capped.over {
			// Cut there, the part would read as "unexpected EOF".
			return fmt.Errorf("%s holds more than %d MB, more than enrich reads of a workbook's part (a workbook of a million styles, say); open it in a spreadsheet program and save it again, or save the sheet as CSV", name, maxXMLPart>>20)
		}
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// maxXMLPart bounds what readXML reads of a part: a workbook of bad
// intent could hold gigabytes of it.
var maxXMLPart int64 = 64 << 20

// cappedReader reads at most left bytes of r, then fails, noting over.
type cappedReader struct {
	r    io.Reader
	left int64
	over bool
}

func (c *cappedReader) Read(p []byte) (int, error) {
	if c.left <= 0 {
		c.over = true
		return 0, errPartTooLarge
	}
	if int64(len(p)) > c.left {
		p = p[:c.left]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	return n, err
}

// errPartTooLarge ends the reading of a part larger than maxXMLPart.
var errPartTooLarge = errors.New("part too large")

// workbook is what the workbook part says: its sheets and where its
// shared strings and styles are.
type workbook struct {
	sheets        []bookSheet
	sharedStrings string
	styles        string
	date1904      bool
}

type bookSheet struct {
	name, part string
	hidden     bool
}

func readWorkbook(z *zip.ReadCloser) (*workbook, error) {
	var wb struct {
		Pr struct {
			Date1904 string `xml:"date1904,attr"`
		} `xml:"workbookPr"`
		Sheets []struct {
			Name  string `xml:"name,attr"`
			State string `xml:"state,attr"`
			ID    string `xml:"http://schemas.openxmlformats.org/officeDocument/2006/relationships id,attr"`
		} `xml:"sheets>sheet"`
	}
	if err := readXML(z, "xl/workbook.xml", &wb); err != nil {
		return nil, err
	}
	var rels struct {
		Rels []struct {
			ID     string `xml:"Id,attr"`
			Type   string `xml:"Type,attr"`
			Target string `xml:"Target,attr"`
		} `xml:"Relationship"`
	}
	if err := readXML(z, "xl/_rels/workbook.xml.rels", &rels); err != nil {
		return nil, err
	}
	target := func(t string) string {
		if strings.HasPrefix(t, "/") {
			return strings.TrimPrefix(t, "/")
		}
		return path.Join("xl", t)
	}
	book := &workbook{date1904: wb.Pr.Date1904 == "1" || wb.Pr.Date1904 == "true"}
	byID := map[string]string{}
	for _, r := range rels.Rels {
		byID[r.ID] = target(r.Target)
		switch {
		case strings.HasSuffix(r.Type, "/sharedStrings"):
			book.sharedStrings = target(r.Target)
		case strings.HasSuffix(r.Type, "/styles"):
			book.styles = target(r.Target)
		}
	}
	for _, s := range wb.Sheets {
		part, ok := byID[s.ID]
		if !ok {
			continue // a chart sheet or a broken reference: no rows to read
		}
		book.sheets = append(book.sheets, bookSheet{name: s.Name, part: part, hidden: s.State == "hidden" || s.State == "veryHidden"})
	}
	if len(book.sheets) == 0 {
		return nil, errors.New("the workbook has no worksheets")
	}
	return book, nil
}

// pick returns the sheet named (exactly, or else ignoring case), or the
// first visible sheet with rows: a hidden first sheet is usually a lookup
// table, and a first sheet of notes before the data is common.
func (b *workbook) pick(want, file string, z *zip.ReadCloser) (bookSheet, error) {
	names := make([]string, len(b.sheets))
	for i, s := range b.sheets {
		names[i] = s.name
	}
	if want != "" {
		for _, s := range b.sheets {
			if s.name == want {
				return s, nil
			}
		}
		for _, s := range b.sheets {
			if strings.EqualFold(s.name, want) {
				return s, nil
			}
		}
		return bookSheet{}, fmt.Errorf("open %s: no sheet named %q; the sheets are %s", file, want, quoteList(names))
	}
	for _, s := range b.sheets {
		if !s.hidden {
			return s, nil
		}
	}
	return b.sheets[0], nil
}

// SheetNames returns the names of a workbook's visible sheets, in order,
// for shell completion of --sheet; nil for a file that is not one.
func SheetNames(path string) []string {
	book, err := readWorkbookOf(path)
	if err != nil {
		return nil
	}
	var names []string
	for _, s := range book.sheets {
		if !s.hidden {
			names = append(names, s.name)
		}
	}
	return names
}

// readWorkbookOf reads the workbook part of the .xlsx at path.
func readWorkbookOf(path string) (*workbook, error) {
	if err := checkZip(path); err != nil {
		return nil, err
	}
	z, err := zip.OpenReader(path)
	if err != nil {
		return nil, fmt.Errorf("open %s: not a valid .xlsx workbook (%v)", path, err)
	}
	defer z.Close()
	book, err := readWorkbook(z)
	if err != nil {
		return nil, fmt.Errorf("open %s: not a readable .xlsx workbook: %w", path, err)
	}
	return book, nil
}
