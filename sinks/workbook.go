package sinks

import (
	"archive/zip"
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"github.com/enrich-dev/enrich/internal/atomicfile"
	"github.com/enrich-dev/enrich/internal/sheet"
	"github.com/enrich-dev/enrich/internal/sheetxml"
)

// workbookWriter writes an .xlsx input back as .xlsx: every part of the
// package is copied unchanged (other sheets, styles, shared strings,
// defined names, charts), and only the data sheet's XML is rewritten, as
// a stream: each row keeps its original cells exactly as they were (types,
// number formats, formulas with their cached values, styles), followed by
// the appended cells as inline strings, never formulas. The appended
// header cells take the header's style; the header row is frozen and
// filtered, and the new columns get a width. Memory does not depend on the
// number of rows. A cell an outcome fills is written anew as an inline
// string with its reference and style (see writeCells); the other cells'
// XML is copied byte for byte.
type workbookWriter struct {
	file    *atomicfile.File
	buf     *bufio.Writer
	zw      *zip.Writer
	in      *zip.ReadCloser
	after   []*zip.File // parts that follow the sheet in the package
	sheet   io.Writer   // the rewritten sheet part
	src     io.ReadCloser
	x       *sheetxml.Stream
	layout  sheet.Layout
	columns []Column
	prefix  string   // the namespace prefix of the sheet's elements, with its colon
	first   int      // 0-based column of the first appended cell
	letters []string // column letters of the appended cells
	style   string   // s attribute of the header's appended cells, or ""
	row     int      // number of the last row copied
	lastRow int
	vals    []string
	out     bytes.Buffer
}

var _ Writer = (*workbookWriter)(nil)

// maxPrologue bounds the XML before and after a sheet's rows, which the
// writer holds in memory to adjust (dimension, panes, column widths,
// autofilter).
const maxPrologue = 64 << 20

func newWorkbookWriter(path string, layout sheet.Layout, opts Options) (w *workbookWriter, err error) {
	in, err := zip.OpenReader(layout.Path)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", layout.Path, err)
	}
	file, err := atomicfile.Create(path)
	if err != nil {
		_ = in.Close()
		return nil, err
	}
	file.WriteBehind()
	w = &workbookWriter{file: file, in: in, layout: layout, columns: opts.columns()}
	defer func() {
		if err != nil {
			w.Abort()
		}
	}()
	w.buf = bufio.NewWriterSize(file, 256<<10)
	w.zw = newZipWriter(w.buf)
	var part *zip.File
	for i, f := range in.File {
		if part == nil && f.Name == layout.SheetPart {
			part = f
			w.after = in.File[i+1:]
			break
		}
		if err := w.zw.Copy(f); err != nil {
			return nil, fmt.Errorf("write %s: copy %s: %w", path, f.Name, err)
		}
	}
	if part == nil {
		return nil, fmt.Errorf("read %s: no part %s in the workbook", layout.Path, layout.SheetPart)
	}
	if w.src, err = part.Open(); err != nil {
		return nil, fmt.Errorf("read %s: %s: %w", layout.Path, part.Name, err)
	}
	w.x = &sheetxml.Stream{R: w.src}
	if w.sheet, err = w.zw.CreateHeader(&zip.FileHeader{Name: part.Name, Method: zip.Deflate, Modified: part.Modified}); err != nil { // dated as the input's sheet
		return nil, fmt.Errorf("write %s: %w", path, err)
	}
	w.first = max(len(layout.Header), layout.UsedColumns)
	for i := range w.columns {
		name, err := excelize.ColumnNumberToName(w.first + i + 1)
		if err != nil {
			return nil, fmt.Errorf("write %s: %d columns: %w", path, w.first+len(w.columns), err)
		}
		w.letters = append(w.letters, name)
	}
	if err := w.prologue(); err != nil {
		return nil, err
	}
	header, err := w.copyThrough(layout.HeaderRow)
	if err != nil {
		return nil, err
	}
	if s := lastCellStyle(header, w.prefix); s != "" {
		w.style = ` s="` + s + `"`
	}
	w.out.Write(header)
	w.appendCells(layout.HeaderRow, ColumnNames(w.columns))
	return w, w.flushOut()
}

// lastLetter is the letter of the sheet's last column as written: the
// last appended, or the sheet's own last when none is.
func (w *workbookWriter) lastLetter() string {
	if len(w.letters) > 0 {
		return w.letters[len(w.letters)-1]
	}
	name, _ := excelize.ColumnNumberToName(max(w.first, 1))
	return name
}

// prologue copies the sheet's XML up to its rows, with the dimension
// widened, the header row frozen (unless the sheet has panes already) and
// widths for the new columns.
func (w *workbookWriter) prologue() error {
	head, err := w.x.Through(sheetDataStart, maxPrologue)
	if err != nil {
		return w.readErr("the sheet's rows", err)
	}
	m := sheetDataStart.FindSubmatch(head)
	w.prefix = string(m[1])
	if bytes.HasSuffix(bytes.TrimSpace(head), []byte("/>")) {
		return w.readErr("the sheet's rows", errors.New("the sheet has no rows"))
	}
	start := sheetDataStart.FindIndex(head)[0]
	pre := string(head[:start])
	last := w.lastLetter()
	if loc := dimensionRef.FindStringSubmatchIndex(pre); loc != nil {
		ref := pre[loc[2]:loc[3]]
		first, end, _ := strings.Cut(ref, ":")
		if end == "" {
			end = first
		}
		_, row, err := excelize.SplitCellName(end)
		if err == nil {
			w.lastRow = row
			pre = pre[:loc[2]] + first + ":" + last + strconv.Itoa(row) + pre[loc[3]:]
		}
	}
	pane := fmt.Sprintf(`<%spane ySplit="%d" topLeftCell="A%d" activePane="bottomLeft" state="frozen"/>`, w.prefix, w.layout.HeaderRow, w.layout.HeaderRow+1)
	p := w.prefix
	switch {
	case strings.Contains(pre, "<"+p+"pane"):
	case sheetViewTag(p).MatchString(pre):
		loc := sheetViewTag(p).FindStringIndex(pre)
		tag := pre[loc[0]:loc[1]]
		if strings.HasSuffix(tag, "/>") {
			tag = strings.TrimSuffix(tag, "/>") + ">" + pane + "</" + p + "sheetView>"
		} else {
			tag += pane
		}
		pre = pre[:loc[0]] + tag + pre[loc[1]:]
	default:
		at := firstIndex(pre, "<"+p+"sheetFormatPr", "<"+p+"cols")
		pre = pre[:at] + "<" + p + "sheetViews><" + p + `sheetView workbookViewId="0">` + pane + "</" + p + "sheetView></" + p + "sheetViews>" + pre[at:]
	}
	col := fmt.Sprintf(`<%scol min="%d" max="%d" width="20" customWidth="1"/>`, p, w.first+1, w.first+len(w.columns))
	if len(w.columns) == 0 {
		// Nothing appended: the sheet's columns keep their widths.
	} else if i := strings.Index(pre, "</"+p+"cols>"); i >= 0 {
		if maxColAttr(pre) <= w.first {
			pre = pre[:i] + col + pre[i:]
		}
	} else if !strings.Contains(pre, "<"+p+"cols/>") {
		pre += "<" + p + "cols>" + col + "</" + p + "cols>"
	}
	w.out.WriteString(pre)
	w.out.Write(head[start:])
	return w.flushOut()
}

func (w *workbookWriter) Write(row sheet.Row, out *Outcome) error {
	cells, err := w.copyThrough(row.Num)
	if err != nil {
		return err
	}
	if err := w.writeCells(cells, row.Num, fillsOf(out)); err != nil {
		return err
	}
	w.vals = values(w.columns, out, w.vals)
	w.appendCells(row.Num, w.vals)
	return w.flushOut()
}

// copyThrough copies the rows before row num whole, then row num's start
// tag, and returns row num's cells' XML, for the caller to write.
func (w *workbookWriter) copyThrough(num int) ([]byte, error) {
	for {
		if err := w.x.SkipSpace(&w.out); err != nil {
			return nil, w.readErr(fmt.Sprintf("row %d", num), err)
		}
		elem, err := w.x.Row(w.prefix, maxRowBytes)
		if err != nil {
			return nil, w.readErr(fmt.Sprintf("row %d", num), err)
		}
		if elem == nil {
			return nil, w.readErr(fmt.Sprintf("row %d", num), errors.New("the sheet ends before it"))
		}
		r := w.row + 1
		if m := rowNumber.FindSubmatch(elem[:bytes.IndexByte(elem, '>')+1]); m != nil {
			r, _ = strconv.Atoi(string(m[1]))
		}
		w.row = r
		w.lastRow = max(w.lastRow, r)
		if r < num {
			w.out.Write(elem)
			if w.out.Len() > 256<<10 {
				if err := w.flushOut(); err != nil {
					return nil, err
				}
			}
			continue
		}
		if r > num {
			return nil, w.readErr(fmt.Sprintf("row %d", num), fmt.Errorf("row %d comes first: rows are out of order", r))
		}
		end := bytes.IndexByte(elem, '>')
		var cells []byte
		if elem[end-1] == '/' {
			w.out.Write(elem[:end-1])
		} else {
			w.out.Write(elem[:end])
			cells = elem[end+1 : len(elem)-len("</"+w.prefix+"row>")]
		}
		w.out.WriteByte('>')
		if col := lastCellColumn(cells, w.prefix); col > w.first {
			return nil, fmt.Errorf("%s: sheet %q row %d has a cell in column %d, beyond the sheet's dimension (%d columns); write the output as .csv or .jsonl", w.layout.Path, w.layout.Sheet, num, col, w.first)
		}
		return cells, nil
	}
}

// appendCells writes the appended cells of row num and closes the row.
func (w *workbookWriter) appendCells(num int, vals []string) {
	p, row := w.prefix, strconv.Itoa(num)
	for i, v := range vals {
		if v == "" {
			continue
		}
		fmt.Fprintf(&w.out, `<%sc r="%s%s" t="inlineStr"%s><%sis><%st xml:space="preserve">`, p, w.letters[i], row, w.styleFor(num), p, p)
		escapeText(&w.out, fitCell(v))
		fmt.Fprintf(&w.out, `</%st></%sis></%sc>`, p, p, p)
	}
	w.out.WriteString("</" + p + "row>")
}

func (w *workbookWriter) styleFor(num int) string {
	if num == w.layout.HeaderRow {
		return w.style
	}
	return ""
}

func (w *workbookWriter) flushOut() error {
	if _, err := w.sheet.Write(w.out.Bytes()); err != nil {
		return fmt.Errorf("write %s: %w", w.file.Path(), err)
	}
	w.out.Reset()
	return nil
}

func (w *workbookWriter) readErr(what string, err error) error {
	return fmt.Errorf("read %s: sheet %q: %s: %w", w.layout.Path, w.layout.Sheet, what, err)
}

// Commit copies the rest of the sheet, with an autofilter over the header,
// and the parts after it, and makes the file appear.
func (w *workbookWriter) Commit() error {
	if err := w.finish(); err != nil {
		w.Abort()
		return err
	}
	if err := w.zw.Close(); err != nil {
		w.Abort()
		return fmt.Errorf("write %s: %w", w.file.Path(), err)
	}
	if err := w.buf.Flush(); err != nil {
		w.Abort()
		return fmt.Errorf("write %s: %w", w.file.Path(), err)
	}
	w.closeInput()
	return w.file.Commit()
}

func (w *workbookWriter) finish() error {
	for {
		if err := w.x.SkipSpace(&w.out); err != nil {
			return w.readErr("the end of the rows", err)
		}
		elem, err := w.x.Row(w.prefix, maxRowBytes)
		if err != nil {
			return w.readErr("the end of the rows", err)
		}
		if elem == nil {
			break
		}
		w.out.Write(elem)
		if w.out.Len() > 256<<10 {
			if err := w.flushOut(); err != nil {
				return err
			}
		}
	}
	rest, err := w.x.Through(sheetDataEnd, maxPrologue)
	if err != nil {
		return w.readErr("the end of the rows", err)
	}
	end := sheetDataEnd.FindIndex(rest)
	w.out.Write(rest[:end[1]])
	tailBytes, err := io.ReadAll(io.LimitReader(w.x.Rest(), maxPrologue+1))
	if err != nil {
		return w.readErr("the end of the sheet", err)
	}
	if len(tailBytes) > maxPrologue {
		return w.readErr("the end of the sheet", fmt.Errorf("more than %d MiB after the rows", maxPrologue>>20))
	}
	tail := string(tailBytes)
	p := w.prefix
	ref := fmt.Sprintf("A%d:%s%d", w.layout.HeaderRow, w.lastLetter(), max(w.lastRow, w.layout.HeaderRow))
	switch {
	case strings.Contains(tail, "<"+p+"tableParts"):
		// A table carries its own filter, and an autofilter may not overlap it.
	case autoFilterRef.MatchString(tail):
		loc := autoFilterRef.FindStringSubmatchIndex(tail)
		tail = tail[:loc[2]] + ref + tail[loc[3]:]
	default:
		names := []string{"sortState", "dataConsolidate", "customSheetViews", "mergeCells", "phoneticPr",
			"conditionalFormatting", "dataValidations", "hyperlinks", "printOptions", "pageMargins", "pageSetup",
			"headerFooter", "rowBreaks", "colBreaks", "customProperties", "cellWatches", "ignoredErrors",
			"smartTags", "drawing", "legacyDrawing", "legacyDrawingHF", "drawingHF", "picture", "oleObjects",
			"controls", "webPublishItems", "extLst", "/worksheet"}
		tags := make([]string, len(names))
		for i, n := range names {
			tags[i] = "<" + p + n
			if n == "/worksheet" {
				tags[i] = "</" + p + "worksheet"
			}
		}
		at := firstIndex(tail, tags...)
		tail = tail[:at] + "<" + p + `autoFilter ref="` + ref + `"/>` + tail[at:]
	}
	w.out.WriteString(tail)
	if err := w.flushOut(); err != nil {
		return err
	}
	for _, f := range w.after {
		if err := w.zw.Copy(f); err != nil {
			return fmt.Errorf("write %s: copy %s: %w", w.file.Path(), f.Name, err)
		}
	}
	return nil
}

func (w *workbookWriter) closeInput() {
	if w.src != nil {
		_ = w.src.Close()
		w.src = nil
	}
	if w.in != nil {
		_ = w.in.Close()
		w.in = nil
	}
}

// Abort throws the output away; it is safe after Commit.
func (w *workbookWriter) Abort() {
	w.closeInput()
	w.file.Abort()
}

// maxRowBytes bounds one row's XML.
const maxRowBytes = 256 << 20

var (
	sheetDataStart = regexp.MustCompile(`<([A-Za-z_][\w.-]*:)?sheetData(?:\s[^>]*)?/?>`)
	sheetDataEnd   = regexp.MustCompile(`</([A-Za-z_][\w.-]*:)?sheetData\s*>`)
	dimensionRef   = regexp.MustCompile(`<(?:[A-Za-z_][\w.-]*:)?dimension\s[^>]*?ref="([^"]*)"`)
	autoFilterRef  = regexp.MustCompile(`<(?:[A-Za-z_][\w.-]*:)?autoFilter\s[^>]*?ref="([^"]*)"`)
	rowNumber      = regexp.MustCompile(`\sr="(\d+)"`)
	colMax         = regexp.MustCompile(`<(?:[A-Za-z_][\w.-]*:)?col\s[^>]*?max="(\d+)"`)
	cellRef        = regexp.MustCompile(`\sr="([A-Z]+)\d+"`)
	cellStyle      = regexp.MustCompile(`\ss="(\d+)"`)
)

func sheetViewTag(prefix string) *regexp.Regexp {
	return regexp.MustCompile(`<` + regexp.QuoteMeta(prefix) + `sheetView(?:\s[^>]*)?/?>`)
}

// firstIndex returns the index of the first of tags in s, or len(s).
func firstIndex(s string, tags ...string) int {
	at := len(s)
	for _, t := range tags {
		if i := strings.Index(s, t); i >= 0 && i < at {
			at = i
		}
	}
	return at
}

// maxColAttr returns the largest column a <col> element of s covers.
func maxColAttr(s string) int {
	most := 0
	for _, m := range colMax.FindAllStringSubmatch(s, -1) {
		n, _ := strconv.Atoi(m[1])
		most = max(most, n)
	}
	return most
}

// lastCell returns the start tag of a row's last cell.
func lastCell(cells []byte, prefix string) []byte {
	i := bytes.LastIndex(cells, []byte("<"+prefix+"c "))
	if i < 0 {
		return nil
	}
	end := bytes.IndexByte(cells[i:], '>')
	if end < 0 {
		return nil
	}
	return cells[i : i+end+1]
}

// lastCellColumn returns the 1-based column of a row's last cell, or 0.
func lastCellColumn(cells []byte, prefix string) int {
	m := cellRef.FindSubmatch(lastCell(cells, prefix))
	if m == nil {
		return 0
	}
	n, _ := excelize.ColumnNameToNumber(string(m[1]))
	return n
}

// lastCellStyle returns the style id of a row's last cell, or "".
func lastCellStyle(cells []byte, prefix string) string {
	m := cellStyle.FindSubmatch(lastCell(cells, prefix))
	if m == nil {
		return ""
	}
	return string(m[1])
}

// escapeText writes s as XML character data, leaving out the characters
// XML cannot hold. A carriage return is written as a character reference:
// a parser turns a raw CR LF into LF, and the cell would come back
// changed.
func escapeText(b *bytes.Buffer, s string) {
	b.Write(appendEscaped(b.AvailableBuffer(), s))
}

// appendEscaped appends s to b as XML text: markup characters escaped, a
// carriage return as a character reference (XML would read it as a line
// break), characters XML cannot hold left out, and bytes that are not
// UTF-8 as U+FFFD. Runs of plain characters are copied whole.
func appendEscaped(b []byte, s string) []byte {
	// A plain byte is one look in a table (plainXML).
	start := 0 // s[start:i] is plain, not copied yet
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if plainXML[c] {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\r':
				b = append(b, "&#13;"...)
			case '<':
				b = append(b, "&lt;"...)
			case '>':
				b = append(b, "&gt;"...)
			case '&':
				b = append(b, "&amp;"...)
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(append(b, s[start:i]...), "\uFFFD"...)
		case r <= 0xD7FF || r >= 0xE000 && r <= 0xFFFD || r >= 0x10000:
			i += size // a character XML holds, copied with its run
			continue
		default:
			b = append(b, s[start:i]...) // U+FFFE, U+FFFF: left out
		}
		i += size
		start = i
	}
	return append(b, s[start:]...)
}

// plainXML marks the ASCII bytes appendEscaped copies as they are: the
// printable ones but the markup's, and tab and line feed.
var plainXML = func() (plain [utf8.RuneSelf]bool) {
	for c := range plain {
		plain[c] = c >= 0x20 && c != '<' && c != '>' && c != '&' || c == '\t' || c == '\n'
	}
	return plain
}()
