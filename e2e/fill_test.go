package e2e

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nyaruka/phonenumbers"
	"github.com/xuri/excelize/v2"
	"golang.org/x/text/encoding/charmap"

	"github.com/enrich-dev/enrich/emulator/world"
)

// crmHeader is a HubSpot contacts export's header.
var crmHeader = []string{"Record ID", "First Name", "Last Name", "Email", "Phone Number", "Job Title",
	"Company Name", "City", "Country/Region", "LinkedIn URL"}

// The columns of crmHeader the tests look into.
const (
	colID, colEmail, colPhone, colTitle, colLinkedIn = 0, 3, 4, 5, 9
)

// crmRows draws n rows of a CRM's export from the world's people with a
// current role: each cell of Email, Phone Number, Job Title, City and
// Country/Region empty for 40 % of the rows, else holding a value that is
// not the person's (a CRM's stale one); the name, the company and the
// profile link the person's. Every tenth row names someone the service
// does not know, its cells empty. With cp1252, only people whose names
// Windows-1252 spells.
func crmRows(w *world.World, n int, seed uint64, cp1252 bool) [][]string {
	r := rand.New(rand.NewPCG(seed, 0x66696c6c))
	enc := charmap.Windows1252.NewEncoder()
	rows := [][]string{crmHeader}
	stale := func(v string) string {
		if r.IntN(10) < 4 {
			return ""
		}
		return v
	}
	for i := 0; i < w.Len() && len(rows) <= n; i++ {
		p := w.Person(i)
		job, ok := p.CurrentJob()
		if _, err := enc.String(p.FullName); !ok || cp1252 && err != nil || r.IntN(3) > 0 {
			continue
		}
		k := len(rows)
		if k%10 == 0 { // someone the service does not know, by link or by name
			rows = append(rows, []string{strconv.Itoa(9000 + k*7), "Zed", fmt.Sprintf("Nobody%d", k), "", "", "",
				"Nowhere Holdings", "", "", fmt.Sprintf("https://www.linkedin.com/in/zed-nobody-%d", k)})
			continue
		}
		rows = append(rows, []string{strconv.Itoa(9000 + k*7), p.FirstName, p.LastName,
			stale(fmt.Sprintf("contact%d@formerco.example", k)),
			stale(fmt.Sprintf("(212) 555-%04d", 1000+k)),
			stale(fmt.Sprintf("Former Role %d", k)),
			w.Company(job.Company).Name,
			stale("Springfield"), stale("Atlantis"),
			p.ProfileURL()})
	}
	return rows
}

// crmFormat is how a CRM's export is saved: its file, how it is written
// and read back.
type crmFormat struct {
	name, ext string
	comma     rune
	cp1252    bool
}

var crmFormats = []crmFormat{
	{name: "csv", ext: ".csv", comma: ','},
	{name: "semicolon-cp1252", ext: ".csv", comma: ';', cp1252: true},
	{name: "xlsx", ext: ".xlsx"},
}

// write saves rows as the format does; a workbook's Record ID cells are
// numbers and a second sheet holds notes.
func (f crmFormat) write(t *testing.T, path string, rows [][]string) {
	t.Helper()
	if f.ext == ".xlsx" {
		x := excelize.NewFile()
		defer x.Close()
		x.SetSheetName("Sheet1", "Contacts")
		for i, row := range rows {
			for c, v := range row {
				cell, _ := excelize.CoordinatesToCellName(c+1, i+1)
				if n, err := strconv.Atoi(v); err == nil && c == colID {
					_ = x.SetCellInt("Contacts", cell, int64(n))
				} else if v != "" {
					_ = x.SetCellStr("Contacts", cell, v)
				}
			}
		}
		_, _ = x.NewSheet("Notes")
		_ = x.SetCellStr("Notes", "A1", "exported for the spring campaign")
		if err := x.SaveAs(path); err != nil {
			t.Fatal(err)
		}
		return
	}
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Comma, w.UseCRLF = f.comma, f.cp1252
	_ = w.WriteAll(rows)
	data := b.Bytes()
	if f.cp1252 {
		var err error
		if data, err = charmap.Windows1252.NewEncoder().Bytes(data); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// read reads a file of the format as rows of text, every row as long as
// the longest.
func (f crmFormat) read(t *testing.T, path string) [][]string {
	t.Helper()
	var rows [][]string
	if f.ext == ".xlsx" {
		x, err := excelize.OpenFile(path)
		if err != nil {
			t.Fatal(err)
		}
		defer x.Close()
		if rows, err = x.GetRows("Contacts"); err != nil {
			t.Fatal(err)
		}
	} else {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if f.cp1252 {
			if data, err = charmap.Windows1252.NewDecoder().Bytes(data); err != nil {
				t.Fatal(err)
			}
		}
		r := csv.NewReader(bytes.NewReader(data))
		r.Comma, r.FieldsPerRecord = f.comma, -1
		if rows, err = r.ReadAll(); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
	}
	width := 0
	for _, r := range rows {
		width = max(width, len(r))
	}
	for i := range rows {
		rows[i] = append(rows[i], make([]string, width-len(rows[i]))...)
	}
	return rows
}

// cellDiff lists the cells of the input's columns that out changed, as
// "row|column|before|after" with the row as the spreadsheet numbers it;
// out's rows are matched to in's by their record id.
func cellDiff(t *testing.T, in, out [][]string) []string {
	t.Helper()
	line := map[string]int{}
	for i, r := range in {
		line[r[colID]] = i
	}
	var diff []string
	for _, r := range out[1:] {
		i, ok := line[r[colID]]
		if !ok {
			t.Fatalf("output row %q is none of the input's", r)
		}
		for c, header := range in[0] {
			if r[c] != in[i][c] {
				diff = append(diff, strings.Join([]string{strconv.Itoa(i + 1), header, in[i][c], r[c]}, "|"))
			}
		}
	}
	slices.Sort(diff)
	return diff
}

// filledList reads OUTPUT.filled.csv as cellDiff words it, and checks each
// cell's record id against the input.
func filledList(t *testing.T, output string, in [][]string) []string {
	t.Helper()
	lines := crmFormat{comma: ','}.read(t, output+".filled.csv")
	if !slices.Equal(lines[0], []string{"row", "record_id", "column", "before", "after", "found_by", "confidence"}) {
		t.Fatalf("filled list header %q", lines[0])
	}
	var cells []string
	for _, r := range lines[1:] {
		n, err := strconv.Atoi(r[0])
		if err != nil || n < 2 || n > len(in) || in[n-1][colID] != r[1] {
			t.Errorf("filled list row %q: row and record id do not name an input row", r)
			continue
		}
		cells = append(cells, strings.Join([]string{r[0], r[2], r[3], r[4]}, "|"))
	}
	slices.Sort(cells)
	return cells
}

// appendedColumn is the index of an appended column of out.
func appendedColumn(t *testing.T, out [][]string, name string) int {
	t.Helper()
	i := slices.Index(out[0], name)
	if i < 0 {
		t.Fatalf("output has no column %s: %q", name, out[0])
	}
	return i
}

// TestFillCRMExport: a HubSpot-style export, 40 % of its contact, title
// and place cells empty and the others stale, run with --fill blank has
// every empty Email, Phone Number and Job Title cell of a found row
// filled with the found value (the phone as the column spells its
// numbers) and no other cell changed; the filled list is exactly the
// change. An export of the same journal with --fill title=overwrite
// replaces exactly the titles that differ; one with --append none
// --only-changed writes the export's own header and only the changed
// rows. The same for a CSV, a semicolon-separated Windows-1252 CSV and a
// workbook (whose typed cells and other sheets are kept).
func TestFillCRMExport(t *testing.T) {
	for _, f := range crmFormats {
		t.Run(f.name, func(t *testing.T) {
			t.Parallel()
			fillCase(t, f)
		})
	}
}

func fillCase(t *testing.T, f crmFormat) {
	j := newJob(t, fastService(1000), 0)
	rows := crmRows(j.emu.World(), 60, 7, f.cp1252)
	j.input = filepath.Join(j.dir, "contacts"+f.ext)
	j.output = filepath.Join(j.dir, "enriched"+f.ext)
	f.write(t, j.input, rows)
	in := f.read(t, j.input)

	j.enrich(t, j.args("--fill", "blank")...).expectCode(t, 0)
	out := f.read(t, j.output)
	diff := cellDiff(t, in, out)
	if got := filledList(t, j.output, in); !slices.Equal(got, diff) {
		t.Fatalf("the filled list is not the change:\nlisted  %q\nchanged %q", got, diff)
	}
	checkBlankFill(t, in, out, diff)
	if rep := j.report(t); rep.Fill == nil || rep.Fill.Filled != len(diff) {
		t.Errorf("report's fill %+v; want %d cells filled", rep.Fill, len(diff))
	}

	export := func(output string, flags ...string) [][]string {
		t.Helper()
		args := append([]string{"export", j.input, "-o", output, "--journal", j.journal, "--default-region", "US"}, flags...)
		j.enrich(t, args...).expectCode(t, 0)
		return f.read(t, output)
	}
	titles := filepath.Join(j.dir, "titles"+f.ext)
	var want []string
	title := appendedColumn(t, out, "enrich_title")
	for i, r := range out[1:] {
		if found := r[title]; found != "" && !strings.EqualFold(found, in[i+1][colTitle]) {
			want = append(want, strings.Join([]string{strconv.Itoa(i + 2), "Job Title", in[i+1][colTitle], found}, "|"))
		}
	}
	slices.Sort(want)
	if got := cellDiff(t, in, export(titles, "--fill", "title=overwrite")); !slices.Equal(got, want) || len(want) == 0 {
		t.Errorf("--fill title=overwrite changed\n%q\nwant the differing titles\n%q", got, want)
	}

	imp := filepath.Join(j.dir, "import"+f.ext)
	got := export(imp, "--fill", "blank", "--append", "none", "--only-changed")
	wantRows := [][]string{in[0]}
	for _, r := range out[1:] {
		if changed(diff, lineOf(in, r[colID])) {
			wantRows = append(wantRows, r[:len(in[0])])
		}
	}
	if !slices.EqualFunc(got, wantRows, slices.Equal) {
		t.Errorf("--append none --only-changed wrote\n%q\nwant the header and the changed rows\n%q", got, wantRows)
	}
	f.checkKept(t, j.input, j.output, imp, diff)
}

// changed reports whether a cellDiff changed a cell of row.
func changed(diff []string, row string) bool {
	return slices.ContainsFunc(diff, func(d string) bool { return strings.HasPrefix(d, row+"|") })
}

// lineOf is the row, as the spreadsheet numbers it, of the record id.
func lineOf(in [][]string, id string) string {
	for i, r := range in {
		if r[colID] == id {
			return strconv.Itoa(i + 1)
		}
	}
	return ""
}

// checkBlankFill checks a --fill blank output against its input: no cell
// that held a value changed, and every empty Email, Phone Number and Job
// Title cell of a found row holds the found value.
func checkBlankFill(t *testing.T, in, out [][]string, diff []string) {
	t.Helper()
	status, email, emails := appendedColumn(t, out, "enrich_status"), appendedColumn(t, out, "enrich_email"), appendedColumn(t, out, "enrich_emails")
	phone, title := appendedColumn(t, out, "enrich_phone"), appendedColumn(t, out, "enrich_title")
	for _, d := range diff {
		parts := strings.Split(d, "|")
		if parts[2] != "" {
			t.Errorf("cell %s held %q and was changed", parts[0]+" "+parts[1], parts[2])
		}
		if n, _ := strconv.Atoi(parts[0]); out[n-1][status] != "success" {
			t.Errorf("cell %s of a row that ended %s was filled", parts[0]+" "+parts[1], out[n-1][status])
		}
	}
	filled, unfound := 0, 0
	for i, r := range out[1:] {
		if r[status] != "success" {
			unfound++
			continue
		}
		if in[i+1][colEmail] == "" && r[email] != "" {
			filled++
			if !slices.Contains(strings.Split(r[emails], "; "), r[colEmail]) {
				t.Errorf("row %d: Email %q; want one of the found %q (%q)", i+2, r[colEmail], r[emails], r)
			}
		}
		if in[i+1][colPhone] == "" && r[phone] != "" {
			filled++
			num, err := phonenumbers.Parse(r[colPhone], "US")
			if e164 := phonenumbers.Format(num, phonenumbers.E164); err != nil || e164 != r[phone] {
				t.Errorf("row %d: Phone Number %q; want the found %s", i+2, r[colPhone], r[phone])
			}
			if strings.HasPrefix(r[phone], "+1") && !strings.HasPrefix(r[colPhone], "(") {
				t.Errorf("row %d: Phone Number %q; want it spelled as the column's (212) 555-0100", i+2, r[colPhone])
			}
		}
		if in[i+1][colTitle] == "" && r[title] != "" {
			filled++
			if r[colTitle] != r[title] {
				t.Errorf("row %d: Job Title %q; want the found %q", i+2, r[colTitle], r[title])
			}
		}
	}
	if filled == 0 || unfound == 0 {
		t.Fatalf("%d empty cells of found rows to fill, %d rows not found: the sheet tests too little", filled, unfound)
	}
}

// checkKept checks what a user wrote is kept as it was: in a CSV, every
// line of a row nothing was filled in, and the header, byte for byte; in
// a workbook, the other sheet, the Record ID cells' type, and the filled
// cells written as text.
func (f crmFormat) checkKept(t *testing.T, input, output, imp string, diff []string) {
	t.Helper()
	if f.ext != ".xlsx" {
		inLines, outLines, impLines := splitLines(t, input), splitLines(t, output), splitLines(t, imp)
		if impLines[0] != inLines[0] {
			t.Errorf("import file's header %q; want the export's %q byte for byte", impLines[0], inLines[0])
		}
		for i, l := range inLines[1:] {
			row := strconv.Itoa(i + 2)
			if !changed(diff, row) &&
				!strings.HasPrefix(outLines[i+1], l+string(f.comma)) {
				t.Errorf("line %s, nothing filled, is\n%q\nwant it to begin with the input's\n%q", row, outLines[i+1], l)
			}
		}
		return
	}
	x, err := excelize.OpenFile(output)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	if v, _ := x.GetCellValue("Notes", "A1"); v != "exported for the spring campaign" {
		t.Errorf("sheet Notes A1 %q; want it kept", v)
	}
	for _, cell := range []string{"A2", "A3"} {
		if ty, _ := x.GetCellType("Contacts", cell); ty != excelize.CellTypeUnset && ty != excelize.CellTypeNumber {
			t.Errorf("Record ID %s has type %v; want the number it was", cell, ty)
		}
	}
	rows, _ := x.GetRows("Contacts")
	for i, r := range rows[1:] {
		for _, c := range []int{colEmail, colPhone, colTitle} {
			cell, _ := excelize.CoordinatesToCellName(c+1, i+2)
			if ty, _ := x.GetCellType("Contacts", cell); c < len(r) && r[c] != "" && ty != excelize.CellTypeInlineString && ty != excelize.CellTypeSharedString {
				t.Errorf("%s %q has type %v; want text", cell, r[c], ty)
			}
		}
	}
}

// splitLines reads a file's lines, their ends dropped, decoded as is.
func splitLines(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimRight(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n"), "\n")
}

// TestFilledIdentifiersNotLookedUp: the identifiers a fill writes into a
// row (an e-mail found through its phone, which the waterfall tries
// first) are the found person's own: a run over the filled sheet sends
// nothing, and finds every row as the first run did.
func TestFilledIdentifiersNotLookedUp(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(1000), 80)
	j.enrich(t, j.args("--fill", "blank")...).expectCode(t, 0)
	header, rows := readCSV(t, j.output)
	email, status := slices.Index(header, "Email"), slices.Index(header, "enrich_status")
	if email < 0 || status < 0 {
		t.Fatalf("no Email or enrich_status column in %q", header)
	}
	_, filled := readCSV(t, j.output+".filled.csv")
	before := 0 // e-mails filled in rows the waterfall tries by e-mail first
	for _, f := range filled {
		if f[2] == "Email" {
			before++
		}
	}
	if before == 0 {
		t.Fatal("the fill wrote no e-mail: the test tests nothing")
	}
	sent := j.stats().ItemsAccepted
	again := j.args("--fill", "blank")
	again[1], again[3] = j.output, filepath.Join(j.dir, "again.csv")
	j.enrich(t, again...).expectCode(t, 0)
	if n := j.stats().ItemsAccepted - sent; n != 0 {
		t.Errorf("the run over the filled sheet sent %d items; want none (%d e-mails filled)", n, before)
	}
	_, rows2 := readCSV(t, again[3])
	for i := range rows {
		if rows2[i][status] != rows[i][status] {
			t.Errorf("row %d: %s, then %s over the filled sheet", i+2, rows[i][status], rows2[i][status])
		}
	}
}
