package export

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"
	"golang.org/x/text/encoding/charmap"

	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/internal/match"
	"github.com/enrich-dev/enrich/internal/sheet"
	"github.com/enrich-dev/enrich/sinks"
	"github.com/enrich-dev/enrich/state"
)

// The candidates of the sheets of these tests: two namesakes at each of
// three companies.
const (
	uidA = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	uidB = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
	uidC = "cccccccccccccccccccccccccccccccc"
	uidD = "dddddddddddddddddddddddddddddddd"
	uidE = "eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee"
	uidF = "ffffffffffffffffffffffffffffffff"
)

// choiceSheet is an input of people found only by name, the journal of
// the run that searched them (each search ambiguous between two
// namesakes), and the candidates sheet that run wrote beside its output.
type choiceSheet struct {
	dir, input, output, journal string
	persons                     map[int]sheet.Person // by row
	keys                        map[int]string       // by row
}

// The input: rows 2 and 5 name the same person.
const choiceInput = "Name,Company\nJosé Müller,Acme GmbH\nJohn Roe,Globex\nAnn Poe,Initech\nJosé Müller,Acme GmbH\nZed Zee,Umbrella\n"

// newChoiceSheet writes the input, the journal (a copy of base, if given,
// with the searches) and the candidates sheet.
func newChoiceSheet(t *testing.T, base ...string) *choiceSheet {
	t.Helper()
	dir := t.TempDir()
	s := &choiceSheet{dir: dir, input: filepath.Join(dir, "in.csv"), output: filepath.Join(dir, "out.csv"), journal: filepath.Join(dir, "job.journal"),
		persons: map[int]sheet.Person{}, keys: map[int]string{}}
	writeTestFile(t, s.input, choiceInput)
	for _, b := range base {
		raw, err := os.ReadFile(b)
		if err != nil {
			t.Fatal(err)
		}
		writeTestFile(t, s.journal, string(raw))
	}
	j, err := state.Open(s.journal, state.Options{Command: "test", NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	cands := map[string][2]string{"Acme GmbH": {uidA, uidB}, "Globex": {uidC, uidD}, "Initech": {uidE, uidF}}
	var rows []ambiguousRow
	for i, line := range strings.Split(strings.TrimSpace(choiceInput), "\n")[1:] {
		name, company, _ := strings.Cut(line, ",")
		p := sheet.Person{Name: name, Company: company}
		row := i + 2
		s.persons[row] = p
		s.keys[row], _ = match.Key(p)
		uids, ok := cands[company]
		if !ok {
			continue // Zed Zee was never searched
		}
		search := state.NameSearch{Status: state.NameAmbiguous, Reason: "2 people of this name", Candidates: []state.NameCandidate{
			{UID: uids[0], Name: name, Title: "Engineer", Company: company}, {UID: uids[1], Name: name, Title: "Sales", Company: company}}}
		if err := j.PutNameSearch(s.keys[row], search); err != nil {
			t.Fatal(err)
		}
		rows = append(rows, ambiguousRow{num: row, person: p, why: search.Reason, candidates: search.Candidates})
	}
	if err := writeCandidates(s.output, rows, nil); err != nil {
		t.Fatal(err)
	}
	return s
}

// lines returns the candidates sheet as written, header first.
func (s *choiceSheet) lines(t *testing.T) [][]string {
	t.Helper()
	f, err := os.Open(CandidatesPath(s.output))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	lines, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return lines
}

// marked returns the sheet's lines with the choose cell of row's line of
// uid set to mark, for each (row, uid, mark) of marks.
func marked(lines [][]string, marks ...[3]string) [][]string {
	out := make([][]string, len(lines))
	for i, l := range lines {
		out[i] = slices.Clone(l)
		for _, m := range marks {
			if i > 0 && l[1] == m[0] && l[7] == m[1] {
				out[i][0] = m[2]
			}
		}
	}
	return out
}

// read reads the choices with the journal, opened for a run.
func (s *choiceSheet) read(t *testing.T, cfg ChoicesConfig) (*Choices, error) {
	t.Helper()
	j, err := state.Open(s.journal, state.Options{Command: "test", NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	cfg.Input, cfg.Output = s.input, s.output
	return ReadChoices(context.Background(), j, cfg)
}

// keep reads the choices and keeps those accepted, as a run does.
func (s *choiceSheet) keep(t *testing.T) *Choices {
	t.Helper()
	j, err := state.Open(s.journal, state.Options{Command: "test", NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	c, err := ReadChoices(context.Background(), j, ChoicesConfig{Input: s.input, Output: s.output})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Keep(j); err != nil {
		t.Fatal(err)
	}
	return c
}

func writeTestFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// encodeCSV writes lines as a spreadsheet program saves a CSV.
func encodeCSV(t *testing.T, lines [][]string, comma rune, crlf, bom, quoteAll bool, ansi bool) []byte {
	t.Helper()
	var b bytes.Buffer
	if quoteAll {
		eol := "\n"
		if crlf {
			eol = "\r\n"
		}
		for _, l := range lines {
			for i, c := range l {
				if i > 0 {
					b.WriteRune(comma)
				}
				b.WriteString(`"` + strings.ReplaceAll(c, `"`, `""`) + `"`)
			}
			b.WriteString(eol)
		}
	} else {
		w := csv.NewWriter(&b)
		w.Comma, w.UseCRLF = comma, crlf
		_ = w.WriteAll(lines)
	}
	out := b.Bytes()
	if ansi {
		var err error
		if out, err = charmap.Windows1252.NewEncoder().Bytes(out); err != nil {
			t.Fatal(err)
		}
	}
	if bom {
		out = append([]byte("\ufeff"), out...)
	}
	return out
}

// encodeXLSX writes lines as a workbook, its row numbers as numbers and
// its marks as what they look like: TRUE a boolean, 1 a number.
func encodeXLSX(t *testing.T, path string, lines [][]string) {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	f.SetSheetName("Sheet1", "enriched.csv.candidates")
	for r, l := range lines {
		for c, v := range l {
			cell, _ := excelize.CoordinatesToCellName(c+1, r+1)
			var value any = v
			if n, err := strconv.Atoi(v); err == nil && len(l) > 2 && r > 0 && (c == 0 || c == 1) {
				value = n
			}
			if v == "TRUE" {
				value = true
			}
			if err := f.SetCellValue("enriched.csv.candidates", cell, value); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := f.SaveAs(path); err != nil {
		t.Fatal(err)
	}
}

// TestReadChoicesAsSaved: the candidate marked on a row is chosen, as
// the side sheet comes back from Excel or LibreOffice: a CSV with a
// byte-order mark, semicolons, CR LF, Windows-1252, every cell quoted;
// or a workbook beside it, its row numbers numbers and its marks TRUE or
// 1. Rows of the same person share the choice; unmarked rows have none;
// kept by the journal, the choice is read again without the file, and
// putting it again changes nothing.
func TestReadChoicesAsSaved(t *testing.T) {
	for _, tc := range []struct {
		name  string
		write func(t *testing.T, s *choiceSheet, lines [][]string)
	}{
		{"as written, by LibreOffice", func(t *testing.T, s *choiceSheet, lines [][]string) {
			writeTestFile(t, CandidatesPath(s.output), string(encodeCSV(t, lines, ',', false, false, false, false)))
		}},
		{"LibreOffice, every cell quoted", func(t *testing.T, s *choiceSheet, lines [][]string) {
			writeTestFile(t, CandidatesPath(s.output), string(encodeCSV(t, lines, ',', false, false, true, false)))
		}},
		{"Excel CSV UTF-8, European", func(t *testing.T, s *choiceSheet, lines [][]string) {
			writeTestFile(t, CandidatesPath(s.output), string(encodeCSV(t, lines, ';', true, true, false, false)))
		}},
		{"Excel CSV, Windows-1252, semicolons", func(t *testing.T, s *choiceSheet, lines [][]string) {
			writeTestFile(t, CandidatesPath(s.output), string(encodeCSV(t, lines, ';', true, false, false, true)))
		}},
		{"Excel workbook beside the CSV", func(t *testing.T, s *choiceSheet, lines [][]string) {
			encodeXLSX(t, CandidatesWorkbookPath(s.output), lines)
		}},
		{"Excel workbook, a note above the header", func(t *testing.T, s *choiceSheet, lines [][]string) {
			encodeXLSX(t, CandidatesWorkbookPath(s.output), append([][]string{{"Choices of 3 May"}, {}}, lines...))
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newChoiceSheet(t)
			marks := [][3]string{{"2", uidB, "x"}, {"3", uidC, "1"}}
			if strings.Contains(tc.name, "workbook") {
				marks[0][2] = "TRUE"
			}
			tc.write(t, s, marked(s.lines(t), marks...))
			c := s.keep(t)
			if len(c.Refused) > 0 {
				t.Fatalf("refused: %v", c.Refused)
			}
			got := map[string]string{}
			for _, d := range c.Accepted {
				got[d.Key] = d.UID
			}
			want := map[string]string{s.keys[2]: uidB, s.keys[3]: uidC}
			if len(got) != 2 || got[s.keys[2]] != uidB || got[s.keys[3]] != uidC {
				t.Fatalf("accepted %v, want %v", got, want)
			}
			for row, uid := range map[int]string{2: uidB, 5: uidB, 3: uidC, 4: ""} {
				if got, kept, _ := c.Of(s.keys[row]); got != uid || (uid != "") != kept {
					t.Errorf("row %d: chosen %q (kept %v), want %q", row, got, kept, uid)
				}
			}
			again := s.keep(t)
			if len(again.Accepted) != 0 || len(again.Refused) != 0 {
				t.Errorf("read again: accepted %v, refused %v; want the journal's, unchanged", again.Accepted, again.Refused)
			}
			os.Remove(CandidatesPath(s.output))
			os.Remove(CandidatesWorkbookPath(s.output))
			without, err := s.read(t, ChoicesConfig{})
			if err != nil {
				t.Fatal(err)
			}
			if uid, kept, _ := without.Of(s.keys[5]); uid != uidB || !kept {
				t.Errorf("without the file, row 5's person is %q (kept %v), want %s", uid, kept, uidB)
			}
		})
	}
}

// TestMarks: any cell that is not blank marks its candidate, however it
// is spelt; a cell that says no does not.
func TestMarks(t *testing.T) {
	for _, v := range []string{"x", "X", " x ", "yes", "Yes", "1", "TRUE", "✓", "✔", "ja", "oui", "sí", "*", "'x", "chosen"} {
		if !isMark(v) {
			t.Errorf("%q marks nothing", v)
		}
	}
	for _, v := range []string{"", " ", "no", "No", "0", "FALSE", "-", "nein", "non", "nee", "nej", "nie", "não", "n"} {
		if isMark(v) {
			t.Errorf("%q marks its candidate", v)
		}
	}
}

// TestReadChoicesRefused: a mark is refused, for its row only, with a
// reason a person reads, when the row marks two candidates, a uid that is
// not among its candidates, or a line without one; when the row's name
// or company changed since the sheet was written, the row is not in the
// sheet, its search is not in the journal, or the line has no row
// number; when two rows of one person mark different candidates; and
// when the journal took another choice after the file was saved. Every
// other mark is accepted.
func TestReadChoicesRefused(t *testing.T) {
	for _, tc := range []struct {
		name    string
		marks   [][3]string
		edit    func(lines [][]string) [][]string
		old     bool // the file was saved an hour before the journal took John Roe's C
		refused map[int]string
		want    map[int]string // rows accepted, by uid
	}{
		{name: "two candidates of a row", marks: [][3]string{{"2", uidA, "x"}, {"2", uidB, "x"}, {"3", uidD, "x"}},
			refused: map[int]string{2: "are all marked: mark one"}, want: map[int]string{3: uidD}},
		{name: "a uid not among the row's candidates", marks: [][3]string{{"2", uidA, "x"}, {"3", uidD, "x"}},
			edit: func(l [][]string) [][]string { l[4][7] = uidE; return l }, refused: map[int]string{3: uidE + " is not among the row's candidates"}, want: map[int]string{2: uidA}},
		{name: "the row's name changed", marks: [][3]string{{"2", uidA, "x"}, {"3", uidD, "x"}},
			edit: func(l [][]string) [][]string { return setName(l, "3", "Joan Roe") }, refused: map[int]string{3: "name or company changed since"}, want: map[int]string{2: uidA}},
		{name: "the row's company changed", marks: [][3]string{{"4", uidF, "x"}},
			edit: func(l [][]string) [][]string { return setCell(l, "4", 3, "Initrode") }, refused: map[int]string{4: "name or company changed since"}},
		{name: "a row the sheet no longer has", marks: [][3]string{{"4", uidF, "x"}},
			edit: func(l [][]string) [][]string { return setCell(l, "4", 1, "40") }, refused: map[int]string{40: "the input has no row 40"}},
		{name: "a row never searched", marks: [][3]string{{"4", uidF, "x"}},
			edit: func(l [][]string) [][]string {
				l = setCell(l, "4", 2, "Zed Zee")
				l = setCell(l, "4", 3, "Umbrella")
				return setCell(l, "4", 1, "6")
			}, refused: map[int]string{6: "search by name is not in the journal"}},
		{name: "two rows of one person, two candidates", marks: [][3]string{{"2", uidA, "x"}, {"5", uidB, "x"}, {"3", uidD, "x"}},
			refused: map[int]string{2: "rows 2 and 5 name the same person", 5: "rows 2 and 5 name the same person"}, want: map[int]string{3: uidD}},
		{name: "a line without a candidate", marks: [][3]string{{"2", uidA, "x"}},
			edit: func(l [][]string) [][]string { l[1][7] = ""; return l }, refused: map[int]string{2: "names no candidate"}},
		{name: "a line without a row number", marks: [][3]string{{"2", uidA, "x"}, {"3", uidD, "x"}},
			edit: func(l [][]string) [][]string { return setCell(l, "2", 1, "") }, refused: map[int]string{0: "has no row number"}, want: map[int]string{3: uidD}},
		{name: "a mark older than the journal's choice", marks: [][3]string{{"3", uidD, "x"}, {"2", uidA, "x"}}, old: true,
			refused: map[int]string{3: "another candidate (" + uidC + ") was chosen after"}, want: map[int]string{2: uidA}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newChoiceSheet(t)
			if tc.old {
				keepDecision(t, s.journal, state.Decision{Key: s.keys[3], UID: uidC})
			}
			lines := marked(s.lines(t), tc.marks...)
			if tc.edit != nil {
				lines = tc.edit(lines)
			}
			writeTestFile(t, CandidatesPath(s.output), string(encodeCSV(t, lines, ',', false, false, false, false)))
			if tc.old {
				hourAgo := time.Now().Add(-time.Hour)
				os.Chtimes(CandidatesPath(s.output), hourAgo, hourAgo)
			}
			c, err := s.read(t, ChoicesConfig{})
			if err != nil {
				t.Fatal(err)
			}
			got := map[int]string{}
			for _, r := range c.Refused {
				if !strings.Contains(r.String(), tc.refused[r.Row]) || tc.refused[r.Row] == "" {
					t.Errorf("refused %s; want %q", r, tc.refused[r.Row])
				}
				got[r.Row] = r.Reason
			}
			for row := range tc.refused {
				if _, ok := got[row]; !ok {
					t.Errorf("row %d not refused; refused %v", row, c.Refused)
				}
				out := sinks.Outcome{Status: sinks.StatusAmbiguous, Error: "2 people of this name"}
				c.note(row, &out)
				if row > 0 && (!strings.Contains(out.Error, "is refused: ") || !strings.HasSuffix(out.Error, "; 2 people of this name")) {
					t.Errorf("row %d's enrich_error: %q", row, out.Error)
				}
			}
			accepted := map[int]string{}
			for _, d := range c.Accepted {
				accepted[d.Row] = d.UID
			}
			if len(accepted) != len(tc.want) {
				t.Errorf("accepted %v, want %v", accepted, tc.want)
			}
			for row, uid := range tc.want {
				if accepted[row] != uid {
					t.Errorf("row %d: accepted %q, want %q", row, accepted[row], uid)
				}
			}
		})
	}
}

// setCell sets column col of the lines of row.
func setCell(lines [][]string, row string, col int, v string) [][]string {
	for _, l := range lines[1:] {
		if l[1] == row {
			l[col] = v
		}
	}
	return lines
}

func setName(lines [][]string, row, name string) [][]string { return setCell(lines, row, 2, name) }

// keepDecision has the journal keep a choice, now.
func keepDecision(t *testing.T, journal string, d state.Decision) {
	t.Helper()
	j, err := state.Open(journal, state.Options{Command: "test", NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	if err := j.PutDecisions([]state.Decision{d}); err != nil {
		t.Fatal(err)
	}
}

// TestReadChoicesFiles: a file named with --decisions must exist and be
// a candidates sheet with a choose column, or nothing is run (a usage
// error); a sheet beside the output written before choices were read
// has no marks, and no sheet at all none either.
func TestReadChoicesFiles(t *testing.T) {
	s := newChoiceSheet(t)
	orig := s.lines(t)
	for _, tc := range []struct {
		name, decisions, text, want string
	}{
		{"missing", filepath.Join(s.dir, "nope.csv"), "", "nope.csv"},
		{"no choose column", filepath.Join(s.dir, "old.csv"), "row,name,company,candidate_uid\n2,José Müller,Acme GmbH," + uidA + "\n", "no choose column"},
		{"not a candidates sheet", filepath.Join(s.dir, "leads.csv"), "Name,Company\nJane,Acme\n", "not a candidates sheet"},
	} {
		if tc.text != "" {
			writeTestFile(t, tc.decisions, tc.text)
		}
		_, err := s.read(t, ChoicesConfig{Decisions: tc.decisions})
		if !errors.Is(err, fault.ErrUsage) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v; want a usage error saying %q", tc.name, err, tc.want)
		}
	}
	writeTestFile(t, CandidatesPath(s.output), "row,name,company,candidate_uid\n2,José Müller,Acme GmbH,"+uidA+"\n")
	if c, err := s.read(t, ChoicesConfig{}); err != nil || len(c.Accepted)+len(c.Refused) != 0 {
		t.Errorf("an older sheet beside the output: %v, %+v", err, c)
	}
	os.Remove(CandidatesPath(s.output))
	if c, err := s.read(t, ChoicesConfig{}); err != nil || len(c.Files) != 0 {
		t.Errorf("no sheet beside the output: %v, %+v", err, c)
	}
	// A file named instead of the sheet beside the output is the one read.
	writeTestFile(t, CandidatesPath(s.output), string(encodeCSV(t, marked(orig, [3]string{"2", uidA, "x"}), ',', false, false, false, false)))
	other := filepath.Join(s.dir, "mine.csv")
	writeTestFile(t, other, string(encodeCSV(t, marked(orig, [3]string{"3", uidD, "x"}), ',', false, false, false, false)))
	c, err := s.read(t, ChoicesConfig{Decisions: other})
	if err != nil || len(c.Accepted) != 1 || c.Accepted[0].UID != uidD || !slices.Equal(c.Files, []string{other}) {
		t.Errorf("--decisions %s: %v, %+v", other, err, c)
	}
}

// TestSameRow: the row a candidates sheet names is the input's row when
// its name and company are the same in any spelling the search reads
// alike, or as a save in a code page that lacks some letters wrote them
// ("?" for each); a name or company changed is another row's.
func TestSameRow(t *testing.T) {
	for _, tc := range []struct {
		name, company string // on the sheet
		row           sheet.Person
		same          bool
	}{
		{"Jane Doe", "Acme", sheet.Person{Name: "Jane Doe", Company: "Acme"}, true},
		{"JANE DOE", " acme ", sheet.Person{Name: "Jane Doe", Company: "Acme"}, true},
		{"Jane Doe", "Acme", sheet.Person{First: "Jane", Last: "Doe", Company: "Acme"}, true},
		{"Doe, Jane", "Acme Inc.", sheet.Person{Name: "Jane Doe", Company: "Acme"}, true},
		{"Ionu? T?nase", "EYB Freight", sheet.Person{Name: "Ionuț Tănase", Company: "EYB Freight"}, true},
		{"José Müller", "Acme GmbH", sheet.Person{Name: "Jose Mueller", Company: "Acme GmbH"}, false},
		{"Joan Doe", "Acme", sheet.Person{Name: "Jane Doe", Company: "Acme"}, false},
		{"Jane Doe", "Globex", sheet.Person{Name: "Jane Doe", Company: "Acme"}, false},
		{"Jane ???", "Acme", sheet.Person{Name: "Jane Doe", Company: "Acme"}, true},
		{"Jane ????", "Acme", sheet.Person{Name: "Jane Doe", Company: "Acme"}, false},
	} {
		if got := sameName(tc.name, tc.row) && sameCompany(tc.company, tc.row.Company); got != tc.same {
			t.Errorf("%q at %q on the sheet, %+v in the input: same %v, want %v", tc.name, tc.company, tc.row, got, tc.same)
		}
	}
}
