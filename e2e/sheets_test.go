package e2e

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/enrich-dev/enrich/demo/leads"
	"github.com/enrich-dev/enrich/emulator/world"
	"github.com/enrich-dev/enrich/internal/textenc"
)

// The sheet end-to-end tests: the output is the user's own sheet, as the
// program it came from wrote it, plus the enrichment.

// phone returns a person's first phone in E.164, or "".
func phone(p *world.Person) string {
	if len(p.Phones) == 0 {
		return ""
	}
	return fmt.Sprintf("+%d", p.Phones[0].Number)
}

// people returns n people of the job's world that have an e-mail and a
// phone.
func people(j *job, n int) []*world.Person {
	return peopleWhere(j, n, func(*world.Person) bool { return true })
}

// peopleWhere returns the first n people with an e-mail and a phone for
// whom keep is true.
func peopleWhere(j *job, n int, keep func(*world.Person) bool) []*world.Person {
	var out []*world.Person
	w := j.emu.World()
	for i := 0; len(out) < n; i++ {
		p := w.Person(i)
		if len(p.Emails) > 0 && len(p.Phones) > 0 && keep(p) {
			out = append(out, p)
		}
	}
	return out
}

// TestCSVByteForByte: a CRLF file with quoted line breaks, a line that
// ends in LF alone, quotes where none were needed and a BOM comes back
// with every original byte in place, each line followed by the enrich
// cells; phones in E.164 without an apostrophe.
func TestCSVByteForByte(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(10000), 1)
	ps := people(j, 3)
	lines := []string{
		"\uFEFFName;Email;Note",
		fmt.Sprintf(`"Ann";%s;"multi`+"\n"+`line note"`, ps[0].Emails[0].Address),
		fmt.Sprintf(`Bob;%s;"semi;colon"`, ps[1].Emails[0].Address),
		fmt.Sprintf(`Cy;"%s";plain`, ps[2].Emails[0].Address),
	}
	eols := []string{"\r\n", "\r\n", "\n", "\r\n"}
	var in strings.Builder
	for i, l := range lines {
		in.WriteString(l + eols[i])
	}
	j.input = filepath.Join(j.dir, "crlf.csv")
	if err := os.WriteFile(j.input, []byte(in.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	j.enrich(t, j.args()...).expectCode(t, 0)
	out, err := os.ReadFile(j.output)
	if err != nil {
		t.Fatal(err)
	}
	rest := string(out)
	for i, l := range lines {
		if !strings.HasPrefix(rest, l+";") {
			t.Fatalf("output line %d does not start with the input's bytes %q:\n%q", i+1, l, rest[:min(len(rest), 200)])
		}
		end := strings.Index(rest[len(l):], eols[i])
		if i == 1 {
			end = strings.Index(rest[len(l):], "\r\n") // the quoted \n stays inside the cell
		}
		if end < 0 {
			t.Fatalf("output line %d does not end with %q", i+1, eols[i])
		}
		line := rest[:len(l)+end]
		if i > 0 {
			want := phone(ps[i-1])
			if !strings.Contains(line, want) || strings.Contains(line, "'+") {
				t.Errorf("line %d %q: want phone %s in E.164, no apostrophe", i+1, line, want)
			}
		}
		rest = rest[len(l)+end+len(eols[i]):]
	}
	if rest != "" {
		t.Errorf("output has more: %q", rest)
	}
}

// TestWindows1252RoundTrip: a ';' export of a European Excel in
// Windows-1252 comes back in Windows-1252, every original byte in place.
func TestWindows1252RoundTrip(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(10000), 1)
	// People whose profiles Windows-1252 can spell: an enrichment it
	// cannot is written in UTF-8 instead (sinks.TestWindows1252FallsBackToUTF8).
	w := j.emu.World()
	ps := peopleWhere(j, 2, func(p *world.Person) bool {
		_, err := textenc.Windows1252.NewEncoder().Bytes(w.Candidate(p, false))
		return err == nil
	})
	text := "Société;Prénom;Courriel\r\n" +
		"Café Crème;Hélène;" + ps[0].Emails[0].Address + "\r\n" +
		"Œuvre & Fils;Noël;" + ps[1].Emails[0].Address + "\r\n"
	data, err := textenc.Windows1252.NewEncoder().Bytes([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	j.input = filepath.Join(j.dir, "excel.csv")
	if err := os.WriteFile(j.input, data, 0o644); err != nil {
		t.Fatal(err)
	}
	j.enrich(t, j.args()...).expectCode(t, 0)
	out, err := os.ReadFile(j.output)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.HasPrefix(out, []byte("\xEF\xBB\xBF")) {
		t.Fatal("the output is UTF-8; want Windows-1252 like the input")
	}
	for _, line := range bytes.SplitAfter(data, []byte("\r\n")) {
		line = bytes.TrimSuffix(line, []byte("\r\n"))
		if len(line) > 0 && !bytes.Contains(out, append(line, ';')) {
			t.Errorf("input line %q is not in the output byte for byte", line)
		}
	}
	decoded, _ := textenc.Windows1252.NewDecoder().Bytes(out)
	if !strings.Contains(string(decoded), "Société;Prénom;Courriel;enrich_status") || !strings.Contains(string(decoded), ";success;") {
		t.Errorf("output reads %q", decoded)
	}
}

// TestWorkbookRoundTrip: an .xlsx with a notes sheet before the data, and
// dates, numbers, booleans, formulas and a phone stored as a number on the
// data sheet, comes back as the same workbook: read back with excelize,
// every original cell has its type, value, format and formula; the enrich
// header has the header's style, the header row is frozen and filtered.
func TestWorkbookRoundTrip(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(10000), 1)
	ps := people(j, 2)
	f := excelize.NewFile()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(f.SetSheetName("Sheet1", "Notes"))
	must(f.SetCellValue("Notes", "A1", "Leads from the Berlin fair"))
	_, err := f.NewSheet("Leads")
	must(err)
	bold, _ := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}, Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"FFFF00"}}})
	date, _ := f.NewStyle(&excelize.Style{NumFmt: 14})
	header := []any{"Name", "Email", "Mobile", "Met", "Score", "Hot", "Total"}
	must(f.SetSheetRow("Leads", "A1", &header))
	must(f.SetCellStyle("Leads", "A1", "G1", bold))
	must(f.SetColWidth("Leads", "A", "A", 30))
	for i, p := range ps {
		r := i + 2
		number := p.Phones[0].Number
		row := []any{p.FullName, p.Emails[0].Address, number, 45292 + i, 87.5, i == 0}
		must(f.SetSheetRow("Leads", fmt.Sprintf("A%d", r), &row))
		must(f.SetCellStyle("Leads", fmt.Sprintf("D%d", r), fmt.Sprintf("D%d", r), date))
		must(f.SetCellFormula("Leads", fmt.Sprintf("G%d", r), "=1+2"))
	}
	f.SetActiveSheet(1)
	j.input = filepath.Join(j.dir, "leads.xlsx")
	must(f.SaveAs(j.input))
	f.Close()
	j.output = filepath.Join(j.dir, "enriched.xlsx")
	j.enrich(t, j.args("--sheet", "Leads")...).expectCode(t, 0)

	in, err := excelize.OpenFile(j.input)
	must(err)
	defer in.Close()
	out, err := excelize.OpenFile(j.output)
	must(err)
	defer out.Close()
	if got := out.GetSheetList(); strings.Join(got, ",") != "Notes,Leads" {
		t.Fatalf("sheets %q; want Notes, Leads", got)
	}
	if v, _ := out.GetCellValue("Notes", "A1"); v != "Leads from the Berlin fair" {
		t.Errorf("Notes!A1 = %q", v)
	}
	for r := 1; r <= 3; r++ {
		for c := 1; c <= 7; c++ {
			ref, _ := excelize.CoordinatesToCellName(c, r)
			for _, what := range []string{"value", "raw", "type", "formula", "style"} {
				a, b := cellFact(in, ref, what), cellFact(out, ref, what)
				if a != b {
					t.Errorf("Leads!%s %s: %q in the input, %q in the output", ref, what, a, b)
				}
			}
		}
	}
	if v, _ := out.GetCellValue("Leads", "C2", excelize.Options{RawCellValue: true}); v != fmt.Sprint(ps[0].Phones[0].Number) {
		t.Errorf("the phone stored as a number reads %q; want every digit", v)
	}
	if v, _ := out.GetCellValue("Leads", "D2"); v == "45292" || v == "" {
		t.Errorf("the date reads %q; want it shown as a date", v)
	}
	if v, _ := out.GetCellValue("Leads", "H1"); v != "enrich_status" {
		t.Errorf("H1 = %q; want enrich_status", v)
	}
	if v, _ := out.GetCellValue("Leads", "H2"); v != "success" {
		t.Errorf("H2 = %q; want success", v)
	}
	if a, b := cellFact(out, "G1", "style"), cellFact(out, "H1", "style"); a != b {
		t.Errorf("the enrich header's style %s differs from the header's %s", b, a)
	}
	if w, _ := out.GetColWidth("Leads", "A"); w != 30 {
		t.Errorf("column A is %v wide; want 30 as the input", w)
	}
	panes, err := out.GetPanes("Leads")
	if err != nil || !panes.Freeze || panes.YSplit != 1 {
		t.Errorf("panes %+v, %v; want the header row frozen", panes, err)
	}
	if xml := sheetXML(t, j.output, "xl/worksheets/sheet2.xml"); !strings.Contains(xml, `<autoFilter ref="A1:W3"/>`) {
		t.Errorf("no autofilter over the header and the rows in %s", xml[max(0, len(xml)-300):])
	}
	for c := 8; c <= 23; c++ {
		ref, _ := excelize.CoordinatesToCellName(c, 2)
		if f := cellFact(out, ref, "formula"); f != "" {
			t.Errorf("appended cell %s holds formula %q", ref, f)
		}
	}
}

// cellFact is one fact about a cell, as text.
func cellFact(f *excelize.File, ref, what string) string {
	switch what {
	case "value":
		v, _ := f.GetCellValue("Leads", ref)
		return v
	case "raw":
		v, _ := f.GetCellValue("Leads", ref, excelize.Options{RawCellValue: true})
		return v
	case "type":
		v, _ := f.GetCellType("Leads", ref)
		return fmt.Sprint(v)
	case "formula":
		v, _ := f.GetCellFormula("Leads", ref)
		return v
	default:
		// The styles part is copied unchanged, so the same style id is
		// the same style.
		s, err := f.GetCellStyle("Leads", ref)
		return fmt.Sprint(s, err)
	}
}

// TestWorkbookToCSVNeutralizes: a text cell of a workbook that a CSV
// would run as a formula is neutralized when the output is CSV; with
// --no-formula-guard it is written raw.
func TestWorkbookToCSVNeutralizes(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(10000), 1)
	ps := people(j, 1)
	f := excelize.NewFile()
	_ = f.SetSheetRow("Sheet1", "A1", &[]any{"Email", "Note"})
	_ = f.SetSheetRow("Sheet1", "A2", &[]any{ps[0].Emails[0].Address, "=cmd|' /C calc'!A0"})
	j.input = filepath.Join(j.dir, "hostile.xlsx")
	if err := f.SaveAs(j.input); err != nil {
		t.Fatal(err)
	}
	f.Close()
	j.enrich(t, j.args()...).expectCode(t, 0)
	rows := readSheetCSV(t, j.output)
	if rows[1][1] != "'=cmd|' /C calc'!A0" {
		t.Errorf("note %q; want it neutralized", rows[1][1])
	}
	j.enrich(t, "export", j.input, "-o", j.output, "--journal", j.journal, "--no-formula-guard").expectCode(t, 0)
	if rows := readSheetCSV(t, j.output); rows[1][1] != "=cmd|' /C calc'!A0" {
		t.Errorf("with --no-formula-guard the note is %q; want it raw", rows[1][1])
	}
}

func readSheetCSV(t *testing.T, path string) [][]string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, []byte("\uFEFF")))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestMixedColumnByContent: one Contact column holding profile URLs,
// e-mails and phones is found by content; plan shows the mix, and each
// row finds its person.
func TestMixedColumnByContent(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(10000), 1)
	ps := people(j, 9)
	var b strings.Builder
	b.WriteString("Name,Contact\n")
	for i, p := range ps {
		contact := []string{p.ProfileURL(), p.Emails[0].Address, phone(p)}[i%3]
		fmt.Fprintf(&b, "%s,%s\n", p.FullName, contact)
	}
	j.input = filepath.Join(j.dir, "crm.csv")
	if err := os.WriteFile(j.input, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := j.command(t.Context(), "plan", j.input, "--journal", j.journal)
	plan, err := cmd.Output()
	if err != nil {
		t.Fatalf("plan: %v", err)
	}
	if !strings.Contains(string(plan), `auto  "Contact"`) || !strings.Contains(string(plan), "(3 linkedin, 3 email, 3 phone)") {
		t.Errorf("plan does not show the mixed column:\n%s", plan)
	}
	j.enrich(t, j.args()...).expectCode(t, 0)
	rows := readSheetCSV(t, j.output)
	status, uid := column(t, rows[0], "enrich_status"), column(t, rows[0], "enrich_uid")
	for i, row := range rows[1:] {
		if row[status] != "success" || row[uid] != ps[i].UID.String() {
			t.Errorf("row %d: %q; want success for %s", i+2, row, ps[i].UID.String())
		}
	}
}

// sheetXML returns a part of a workbook's package.
func sheetXML(t *testing.T, path, part string) string {
	t.Helper()
	z, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer z.Close()
	for _, f := range z.File {
		if f.Name == part {
			rc, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			defer rc.Close()
			b, err := io.ReadAll(rc)
			if err != nil {
				t.Fatal(err)
			}
			return string(b)
		}
	}
	t.Fatalf("%s has no part %s", path, part)
	return ""
}

// TestCoverSheet: a workbook whose first sheet is a cover (one cell of
// text) and whose second holds the leads is read from the second, by plan
// and run alike; with two sheets of leads after the cover, both refuse
// with exit 2, naming them and --sheet.
func TestCoverSheet(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(1000), 1)
	ps := people(j, 3)
	write := func(path string, sheets ...string) {
		f := excelize.NewFile()
		defer f.Close()
		f.SetCellValue("Sheet1", "A1", "Leads export from the CRM, do not edit")
		for _, name := range sheets {
			f.NewSheet(name)
			f.SetSheetRow(name, "A1", &[]string{"Name", "LinkedIn"})
			for i, p := range ps {
				f.SetSheetRow(name, fmt.Sprintf("A%d", i+2), &[]string{p.FullName, p.ProfileURL()})
			}
		}
		if err := f.SaveAs(path); err != nil {
			t.Fatal(err)
		}
	}
	one := filepath.Join(j.dir, "cover.xlsx")
	write(one, "Leads")
	out, res := j.stdout(t, "plan", one, "--journal", "none")
	if res.code != 0 || !strings.Contains(out, `sheet "Leads"`) || !strings.Contains(out, `linkedin  "LinkedIn"`) {
		t.Errorf("plan of a workbook with a cover sheet: exit %d\n%s%s", res.code, out, res.stderr)
	}
	j.input, j.output = one, filepath.Join(j.dir, "cover-out.xlsx")
	j.enrich(t, j.args()...).expectCode(t, 0)

	two := filepath.Join(j.dir, "two.xlsx")
	write(two, "Leads", "More leads")
	for _, args := range [][]string{{"plan", two, "--journal", "none"}, {"run", two, "-o", filepath.Join(j.dir, "two-out.csv")}} {
		res := j.enrich(t, args...)
		if res.code != 2 || !strings.Contains(res.stderr, `"Leads", "More leads"`) || !strings.Contains(res.stderr, "--sheet") {
			t.Errorf("%v: exit %d\n%s", args[:1], res.code, res.stderr)
		}
	}
}

// TestTitleRowAboveHeader: a CRM export with a title row above its header
// is read from its real header, by plan and run; the
// columns can be named by it; the output keeps the rows above the header
// as they were, in CSV byte for byte and in a workbook made from it;
// --header-row names the header outright.
func TestTitleRowAboveHeader(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(10000), 20)
	body, err := os.ReadFile(j.input)
	if err != nil {
		t.Fatal(err)
	}
	title := "Leads export from CRM, do not edit\r\n"
	writeFile(t, j.input, title+string(body))
	out, res := j.stdout(t, "plan", j.input, "--journal", "none", "--default-region", "US")
	if res.code != 0 || !strings.Contains(out, "header on row 2") || !strings.Contains(out, `linkedin  "LinkedIn URL"`) {
		t.Fatalf("plan: exit %d\n%s%s", res.code, out, res.stderr)
	}
	j.enrich(t, j.args("--column", "linkedin=LinkedIn URL")...).expectCode(t, 0)
	got, err := os.ReadFile(j.output)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(got), title+"First Name,") {
		t.Errorf("the output begins %q; want the title, then the header", string(got)[:min(len(got), 80)])
	}
	j.checkRows(t) // read back by enrich's reader, which finds the header too

	// A workbook made from it keeps the title above its header.
	xlsx := filepath.Join(j.dir, "titled.xlsx")
	j.enrich(t, "export", j.input, "-o", xlsx, "--journal", j.journal, "--default-region", "US").expectCode(t, 0)
	f, err := excelize.OpenFile(xlsx)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if a1, _ := f.GetCellValue(f.GetSheetName(0), "A1"); a1 != "Leads export from CRM" {
		t.Errorf("A1 = %q; want the title", a1)
	}
	if a2, _ := f.GetCellValue(f.GetSheetName(0), "A2"); a2 != "First Name" {
		t.Errorf("A2 = %q; want the header", a2)
	}

	// --header-row names the header; a row that does not exist is refused.
	out, res = j.stdout(t, "plan", j.input, "--journal", "none", "--header-row", "2")
	if res.code != 0 || !strings.Contains(out, "header on row 2") {
		t.Errorf("--header-row 2: exit %d\n%s%s", res.code, out, res.stderr)
	}
	res = j.enrich(t, "plan", j.input, "--journal", "none", "--header-row", "9999")
	if res.code != 2 || !strings.Contains(res.stderr, "no row 9999") {
		t.Errorf("--header-row 9999: exit %d\n%s", res.code, res.stderr)
	}
}

// TestRowsAsTheSpreadsheetShowsThem writes a sheet with notes that break
// over lines, blank lines and a line of empty cells: every row number the
// tool gives (the JSON lines' row, plan's rows to fix) is the row a
// spreadsheet shows, and the CSV output keeps every line of the input.
func TestRowsAsTheSpreadsheetShowsThem(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(10000), 30)
	var text strings.Builder
	w := csv.NewWriter(&text)
	_ = w.Write(leads.Header)
	w.Flush()
	text.WriteString("\n")     // a blank row under the header
	shown := 2                 // the spreadsheet's row of the last line written
	want := map[string][]int{} // a sheet may hold a row twice
	for i := range j.sheet {
		l := &j.sheet[i]
		if i%4 == 0 {
			l.Cells[len(l.Cells)-1] = "met at the fair\nfollow up in May"
		}
		switch i {
		case 7:
			text.WriteString(",,,,,,,\n")
			shown++
		case 15:
			text.WriteString("\n\n")
			shown += 2
		}
		_ = w.Write(l.Cells)
		w.Flush()
		shown++
		k := strings.Join(l.Cells, "|")
		want[k] = append(want[k], shown)
	}
	text.WriteString("\n\n")
	writeFile(t, j.input, text.String())

	j.enrich(t, j.args()...).expectCode(t, 0)
	in, out := readLines(t, j.input), readLines(t, j.output)
	if len(in) != len(out) {
		t.Fatalf("%d lines in, %d out", len(in), len(out))
	}
	for i := range in {
		if (in[i] == "") != (out[i] == "") || (in[i] != "" && !strings.HasPrefix(out[i], in[i])) {
			t.Fatalf("line %d: in %q, out %q", i+1, in[i], out[i])
		}
	}
	j.checkRows(t)

	jsonl := filepath.Join(j.dir, "rows.jsonl")
	j.enrich(t, "export", j.input, "-o", jsonl, "--journal", j.journal, "--default-region", "US").expectCode(t, 0)
	for _, line := range readLines(t, jsonl) {
		if line == "" {
			continue
		}
		var r struct {
			Row   int               `json:"row"`
			Input map[string]string `json:"input"`
		}
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatal(err)
		}
		cells := make([]string, len(leads.Header))
		for k, h := range leads.Header {
			cells[k] = r.Input[h]
		}
		if n := want[strings.Join(cells, "|")]; !slices.Contains(n, r.Row) {
			t.Errorf("JSON row %d for %q; the spreadsheet shows it on row %v", r.Row, cells[:3], n)
		}
	}

	// plan names an invalid identifier's row by the same number.
	l := j.sheet[21] // a row of one line
	bad := slices.Clone(l.Cells)
	bad[4], bad[3], bad[5], bad[6] = "not-an-email", "", "", ""
	var b strings.Builder
	w = csv.NewWriter(&b)
	_ = w.Write(l.Cells)
	_ = w.Write(bad)
	w.Flush()
	pair := strings.SplitAfter(b.String(), "\n")
	planned := filepath.Join(j.dir, "planned.csv")
	writeFile(t, planned, strings.Replace(text.String(), pair[0], pair[1], 1))
	shownPlan, res := j.stdout(t, "plan", planned, "--journal", "none", "--json")
	row := want[strings.Join(l.Cells, "|")]
	if res.code != 0 || len(row) != 1 || !strings.Contains(shownPlan, fmt.Sprintf(`"row": %d`, row[0])) {
		t.Errorf("plan names the invalid e-mail on another row than %v (exit %d):\n%s%s", row, res.code, shownPlan, res.stderr)
	}
}

// readLines returns a file's lines, without their endings.
func readLines(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.ReplaceAll(string(b), "\r\n", "\n"), "\n")
}
