package export

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/xuri/excelize/v2"

	"github.com/enrich-dev/enrich/internal/atomicfile"
	"github.com/enrich-dev/enrich/internal/sheet"
	"github.com/enrich-dev/enrich/sinks"
	"github.com/enrich-dev/enrich/sources/csvfile"
	"github.com/enrich-dev/enrich/state"
)

// CandidatesPath is the side sheet of an output's ambiguous rows.
func CandidatesPath(output string) string { return output + ".candidates.csv" }

// CandidatesWorkbookPath is the side sheet as a spreadsheet program saves
// it as a workbook beside the CSV (Excel's "Save As" keeps the name and
// changes the extension): its choices are read as the CSV's are.
func CandidatesWorkbookPath(output string) string { return output + ".candidates.xlsx" }

// The columns of the side sheet a choice is read from (readCandidates).
const (
	columnChoose = "choose"
	columnRow    = "row"
	columnName   = "name"
	columnCo     = "company"
	columnUID    = "candidate_uid"
)

// candidatesHeader is the side sheet's header: the cell a person marks to
// choose a candidate (empty as written), the row as the sheet gives it,
// then each candidate. Columns added later go at the end: the sheet is
// read back by its headers (readCandidates), and by scripts that count
// its columns.
var candidatesHeader = []string{columnChoose, columnRow, columnName, columnCo, "location", "title", "why",
	columnUID, "candidate_name", "candidate_title", "candidate_company", "candidate_location", "candidate_left_company",
	"candidate_why", "candidate_score"}

// ambiguousRow is a row found only by name whose search left several
// people to choose from.
type ambiguousRow struct {
	num        int
	person     sheet.Person
	why        string // the row's enrich_error: why it is here
	candidates []state.NameCandidate
}

// nameOnSheet is the person's name as the side sheet writes it: the
// full name, or the first and last names joined.
func nameOnSheet(p sheet.Person) string {
	if p.Name != "" {
		return p.Name
	}
	return p.First + " " + p.Last
}

// writeCandidates writes the side sheet of the ambiguous rows beside the
// output, atomically, or removes an older one when there are none. The
// cells are guarded like a CSV output's: a spreadsheet never runs them. A
// candidate a person marked that the journal does not keep (refused, or
// not kept yet: choices.carried) stays marked, so that a person's marks
// are never lost with the sheet written again.
func writeCandidates(output string, rows []ambiguousRow, choices *Choices) error {
	path := CandidatesPath(output)
	if len(rows) == 0 {
		if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
		return nil
	}
	f, err := atomicfile.Create(path)
	if err != nil {
		return err
	}
	defer f.Abort()
	w := csv.NewWriter(f)
	_ = w.Write(candidatesHeader)
	for _, r := range rows {
		p := r.person
		candidates := r.candidates
		if len(candidates) == 0 {
			candidates = []state.NameCandidate{{}} // too many to show: the row alone
		}
		for _, c := range candidates {
			moved, mark := "", ""
			if c.UID != "" {
				moved = strconv.FormatBool(c.Moved)
			}
			if choices.carried(r.num, c.UID) {
				mark = "x"
			}
			score := ""
			if c.Score > 0 {
				score = strconv.Itoa(c.Score)
			}
			cells := []string{mark, strconv.Itoa(r.num), nameOnSheet(p), p.Company, p.Location, p.Title, r.why,
				c.UID, c.Name, c.Title, c.Company, c.Location, moved, c.Why, score}
			for i := range cells {
				cells[i] = sinks.Neutralize(cells[i])
			}
			_ = w.Write(cells)
		}
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return f.Commit()
}

// withMatchColumn returns columns with enrich_match, enrich_confidence
// and enrich_score after enrich_found_by (or last, when the list has
// none).
func withMatchColumn(columns []sinks.Column) []sinks.Column {
	match := []sinks.Column{sinks.ColumnMatch, sinks.ColumnConfidence, sinks.ColumnScore}
	out := make([]sinks.Column, 0, len(columns)+len(match))
	placed := false
	for _, c := range columns {
		out = append(out, c)
		if c.Name == sinks.ColumnFoundBy.Name {
			out, placed = append(out, match...), true
		}
	}
	if !placed {
		out = append(out, match...)
	}
	return out
}

// candidatesSheet is a side sheet as read back, as a person saved it: a
// CSV (whatever the delimiter, encoding and line endings a spreadsheet
// program gave it) or a workbook.
type candidatesSheet struct {
	path   string
	above  [][]string // the lines above the header, in a CSV
	header []string
	lines  []candidateLine
	// The places of the columns a choice needs in the header; -1 when the
	// sheet has none.
	choose, row, name, company, uid int
	csv                             *csvfile.Dialect // nil for a workbook
	saved                           time.Time        // when it was last written
}

// candidateLine is a line of a side sheet: its row there (1-based, the
// header's is the first), and its cells.
type candidateLine struct {
	at    int
	cells []string
}

// cell returns the cell of line l in column col, trimmed; "" where the line
// is shorter, or the sheet has no such column.
func (s *candidatesSheet) cell(l candidateLine, col int) string {
	if col < 0 || col >= len(l.cells) {
		return ""
	}
	return strings.TrimSpace(l.cells[col])
}

// maxCandidatesBytes bounds what a workbook of candidates may unzip to: a
// side sheet is a few rows a person reads.
const maxCandidatesBytes = 64 << 20

// readCandidates reads the side sheet at path, a CSV or a workbook told
// apart by content, as a spreadsheet program may have saved it.
func readCandidates(path string) (*candidatesSheet, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	s := &candidatesSheet{path: path, saved: fi.ModTime()}
	if isWorkbook(path) {
		err = s.readWorkbook()
	} else {
		err = s.readCSV()
	}
	if err != nil {
		return nil, err
	}
	s.choose, s.row, s.name, s.company, s.uid = -1, -1, -1, -1, -1
	for i, h := range s.header {
		switch strings.ToLower(strings.TrimSpace(strings.TrimPrefix(h, "\ufeff"))) {
		case columnChoose:
			s.choose = i
		case columnRow:
			s.row = i
		case columnName:
			s.name = i
		case columnCo:
			s.company = i
		case columnUID:
			s.uid = i
		}
	}
	if s.row < 0 || s.uid < 0 {
		return nil, fmt.Errorf("%s is not a candidates sheet: it has no %s or %s column", path, columnRow, columnUID)
	}
	return s, nil
}

// isWorkbook reports whether the file at path is a zip archive, as
// workbooks are.
func isWorkbook(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	magic := make([]byte, 4)
	_, err = io.ReadFull(f, magic)
	return err == nil && string(magic) == "PK\x03\x04"
}

// readCSV reads a side sheet saved as CSV.
func (s *candidatesSheet) readCSV() error {
	r, err := csvfile.Open(s.path)
	if err != nil {
		return err
	}
	defer r.Close()
	d := r.Dialect()
	s.csv = &d
	for {
		rec, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		if s.header == nil {
			if isCandidatesHeader(rec.Cells) || rec.Row > headerLookahead {
				s.header = rec.Cells
			} else {
				s.above = append(s.above, rec.Cells)
			}
			continue
		}
		s.lines = append(s.lines, candidateLine{at: rec.Row, cells: rec.Cells})
	}
	if s.header == nil {
		return fmt.Errorf("%s is not a candidates sheet: it has no %s column", s.path, columnUID)
	}
	return nil
}

// headerLookahead is the rows a side sheet's header is looked for in: a
// person may have written a note above it.
const headerLookahead = 10

// isCandidatesHeader reports whether cells are a side sheet's header.
func isCandidatesHeader(cells []string) bool {
	return slices.ContainsFunc(cells, func(h string) bool {
		return strings.EqualFold(strings.TrimSpace(strings.TrimPrefix(h, "\ufeff")), columnUID)
	})
}

// readWorkbook reads a side sheet saved as a workbook: the first of its
// sheets whose header names the candidates' uids, streamed row by row.
func (s *candidatesSheet) readWorkbook() error {
	f, err := excelize.OpenFile(s.path, excelize.Options{UnzipSizeLimit: maxCandidatesBytes, UnzipXMLSizeLimit: maxCandidatesBytes})
	if err != nil {
		return fmt.Errorf("open %s: not a readable workbook: %w", s.path, err)
	}
	defer f.Close()
	for _, name := range f.GetSheetList() {
		header, lines, err := workbookLines(f, name)
		if err != nil {
			return fmt.Errorf("read %s, sheet %q: %w", s.path, name, err)
		}
		if header != nil {
			s.header, s.lines = header, lines
			return nil
		}
	}
	return fmt.Errorf("%s is not a candidates sheet: none of its sheets has a %s column", s.path, columnUID)
}

// workbookLines reads a sheet of a workbook: its header (a row among its
// first that names the candidates' uids; nil when none does) and the rows
// after it that are not blank.
func workbookLines(f *excelize.File, sheet string) ([]string, []candidateLine, error) {
	rows, err := f.Rows(sheet)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	var header []string
	var lines []candidateLine
	for at := 1; rows.Next(); at++ {
		cells, err := rows.Columns()
		if err != nil {
			return nil, nil, err
		}
		if !slices.ContainsFunc(cells, func(c string) bool { return strings.TrimSpace(c) != "" }) {
			continue
		}
		if header == nil {
			if isCandidatesHeader(cells) {
				header = cells
			} else if at >= headerLookahead {
				return nil, nil, rows.Error()
			}
			continue
		}
		lines = append(lines, candidateLine{at: at, cells: cells})
	}
	return header, lines, rows.Error()
}

// ErrNotInSheet is the error of Choose for a row, or a candidate of a
// row, that the candidates sheet does not hold.
var ErrNotInSheet = errors.New("not in the candidates sheet")

// Chosen is the candidate Choose marked.
type Chosen struct {
	Sheet   string `json:"sheet"` // the candidates sheet marked
	Row     int    `json:"row"`
	UID     string `json:"uid"`
	Name    string `json:"name"`
	Title   string `json:"title,omitempty"`
	Company string `json:"company,omitempty"`
}

// SheetOf is the candidates sheet of path: path itself when it names one
// (a .candidates.csv), or the candidates sheet beside the output path.
func SheetOf(path string) string {
	if strings.HasSuffix(strings.ToLower(path), ".candidates.csv") {
		return path
	}
	return CandidatesPath(path)
}

// Choose marks candidate uid of the row numbered row in the candidates
// sheet of output (SheetOf), as a person would in a spreadsheet program:
// the next run that reads the sheet takes the choice. The other marks of
// the row are cleared (a row has one person), the others' rows are left
// as they are, and the sheet is written again atomically, in the
// delimiter, line endings and byte-order mark it had. A row or a uid the
// sheet does not hold is refused (ErrNotInSheet), the sheet untouched.
func Choose(output string, row int, uid string) (Chosen, error) {
	path := SheetOf(output)
	s, err := readCandidates(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return Chosen{}, fmt.Errorf("no candidates sheet at %s: the output has no ambiguous row to choose for (%w)", path, ErrNotInSheet)
	case err != nil:
		return Chosen{}, err
	case s.csv == nil:
		return Chosen{}, fmt.Errorf("%s is a workbook: mark the choose cell of the candidate there, and save it", path)
	}
	want := strings.ToLower(strings.TrimSpace(uid))
	chosen, rows := -1, map[int]bool{}
	var of []string // the row's candidates, for the refusal
	for i, l := range s.lines {
		n, ok := rowNumber(s.cell(l, s.row))
		rows[n] = ok
		if !ok || n != row {
			continue
		}
		c := uidCell(s.cell(l, s.uid))
		of = append(of, c)
		if c != "" && c == want {
			chosen = i
		}
	}
	switch {
	case len(of) == 0:
		return Chosen{}, fmt.Errorf("row %d is not among the rows of %s (%s): %w", row, path, listRows(rows), ErrNotInSheet)
	case chosen < 0:
		return Chosen{}, fmt.Errorf("%s is not among the candidates of row %d in %s (%s): %w", uid, row, path, strings.Join(of, ", "), ErrNotInSheet)
	}
	s.markOnly(row, chosen)
	if err := s.writeCSV(); err != nil {
		return Chosen{}, err
	}
	l := s.lines[chosen]
	return Chosen{Sheet: path, Row: row, UID: want, Name: s.cellNamed(l, "candidate_name"),
		Title: s.cellNamed(l, "candidate_title"), Company: s.cellNamed(l, "candidate_company")}, nil
}

// markOnly marks line chosen and clears the marks of the other lines of
// its row; a sheet written before choices were read gains the column.
func (s *candidatesSheet) markOnly(row, chosen int) {
	if s.choose < 0 {
		s.header = append([]string{columnChoose}, s.header...)
		for i := range s.lines {
			s.lines[i].cells = append([]string{""}, s.lines[i].cells...)
		}
		for _, col := range []*int{&s.row, &s.name, &s.company, &s.uid} {
			if *col >= 0 {
				*col++
			}
		}
		s.choose = 0
	}
	for i, l := range s.lines {
		if n, ok := rowNumber(s.cell(l, s.row)); !ok || n != row {
			continue
		}
		for len(l.cells) <= s.choose {
			l.cells = append(l.cells, "")
		}
		l.cells[s.choose] = ""
		if i == chosen {
			l.cells[s.choose] = "x"
		}
		s.lines[i] = l
	}
}

// cellNamed returns the cell of line l in the column headed name.
func (s *candidatesSheet) cellNamed(l candidateLine, name string) string {
	return strings.TrimPrefix(s.cell(l, slices.Index(s.header, name)), "'")
}

// writeCSV writes the sheet again, atomically, as it was read: its
// delimiter, its line endings, its sep= line, and in UTF-8 with a
// byte-order mark when it had one or another encoding (which Excel then
// reads as it read the other).
func (s *candidatesSheet) writeCSV() error {
	f, err := atomicfile.Create(s.path)
	if err != nil {
		return err
	}
	defer f.Abort()
	d := s.csv
	eol := "\n"
	if d.CRLF {
		eol = "\r\n"
	}
	if d.BOM || d.Encoding != csvfile.EncodingUTF8 {
		_, _ = io.WriteString(f, "\ufeff")
	}
	if d.SepLine {
		_, _ = io.WriteString(f, "sep="+string(d.Delimiter)+eol)
	}
	w := csv.NewWriter(f)
	w.Comma, w.UseCRLF = d.Delimiter, d.CRLF
	_ = w.WriteAll(s.above)
	_ = w.Write(s.header)
	for _, l := range s.lines {
		_ = w.Write(l.cells)
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return fmt.Errorf("write %s: %w", s.path, err)
	}
	return f.Commit()
}

// rowNumber reads a row number as a spreadsheet program may have saved it
// ("12", "12.0", " 12 ").
func rowNumber(cell string) (int, bool) {
	cell = strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(cell), "'"), ".0")
	n, err := strconv.Atoi(cell)
	return n, err == nil && n > 0
}

// uidCell is a candidate's uid as a sheet holds it, lower case.
func uidCell(cell string) string {
	return strings.ToLower(strings.TrimPrefix(strings.TrimSpace(cell), "'"))
}

// listRows lists the rows of a sheet, for a refusal: the first ten.
func listRows(rows map[int]bool) string {
	var nums []int
	for n, ok := range rows {
		if ok {
			nums = append(nums, n)
		}
	}
	slices.Sort(nums)
	var b strings.Builder
	b.WriteString("its rows: ")
	for i, n := range nums {
		if i == 10 {
			fmt.Fprintf(&b, " and %d more", len(nums)-10)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(n))
	}
	if len(nums) == 0 {
		return "it holds none"
	}
	return b.String()
}
