package e2e

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/enrich-dev/enrich/emulator/world"
)

// namesakeGroup is the people of one full name at one company.
type namesakeGroup struct {
	name, company string
	uids          []string
}

// drawNamesakes returns n groups of people who share their full name
// with a colleague at their current company, in the world's order.
func drawNamesakes(t *testing.T, w *world.World, n int) []namesakeGroup {
	t.Helper()
	type key struct {
		company int32
		name    string
	}
	at := map[key]int{}
	var groups []namesakeGroup
	for i := range w.Len() {
		p := w.Person(i)
		job, ok := p.CurrentJob()
		if !ok || strings.ContainsAny(p.FullName, `",`) {
			continue
		}
		k := key{job.Company, p.FullName}
		g, seen := at[k]
		if !seen {
			g = len(groups)
			at[k] = g
			groups = append(groups, namesakeGroup{name: p.FullName, company: w.Company(job.Company).Name})
		}
		groups[g].uids = append(groups[g].uids, p.UID.String())
	}
	var out []namesakeGroup
	for _, g := range groups {
		if len(g.uids) > 1 && len(out) < n {
			out = append(out, g)
		}
	}
	if len(out) < n {
		t.Fatalf("the world has %d groups of namesakes at one company, %d wanted", len(out), n)
	}
	return out
}

// TestChoicesAmongCandidates: rows found only by name whose namesakes
// work at their company end ambiguous, with their candidates in the side
// sheet. A person marks the right candidates there, saved as Excel saves
// a CSV, or as a workbook beside it, or with enrich choose, and runs the
// same command again: exactly the rows marked are settled, to the people
// chosen (found by "chosen", confidence high), with no search made and
// one credit for each person chosen; a row with two candidates marked,
// or a uid not among its candidates, is refused, for that row only,
// saying why in the log and in its enrich_error. A third run without the
// side sheet keeps the choices, making no search and spending nothing.
// One of the rows chosen has an e-mail that finds nobody first.
func TestChoicesAmongCandidates(t *testing.T) {
	for _, how := range []string{"csv", "xlsx", "command"} {
		t.Run(how, func(t *testing.T) {
			t.Parallel()
			choicesCase(t, how)
		})
	}
}

func choicesCase(t *testing.T, how string) {
	cfg := fastService(100000)
	cfg.Namesakes = 100
	cfg.SearchQueriesPerDay, cfg.SearchProfilesPerDay = 100000, 10000000
	j := newJob(t, cfg, 0)
	groups := drawNamesakes(t, j.emu.World(), 6)
	var in bytes.Buffer
	w := csv.NewWriter(&in)
	// Row 3 has an e-mail that finds nobody: its name is the last step of
	// its waterfall, read once the e-mail is answered.
	_ = w.Write([]string{"Name", "Company", "Email"})
	for i, g := range groups {
		email := ""
		if i == 1 {
			email = "nobody.at.all@example.net"
		}
		_ = w.Write([]string{g.name, g.company, email})
	}
	w.Flush()
	writeFile(t, j.input, in.String())

	j.enrich(t, j.args()...).expectCode(t, 0)
	header, rows := readCSV(t, j.output)
	status, why := column(t, header, "enrich_status"), column(t, header, "enrich_error")
	for i, r := range rows {
		if r[status] != "ambiguous" {
			t.Fatalf("row %d (%s at %s, %d namesakes) is %s: %q", i+2, groups[i].name, groups[i].company, len(groups[i].uids), r[status], r[why])
		}
	}
	sheetPath := j.output + ".candidates.csv"
	sheetHeader, lines := readCSV(t, sheetPath)
	if sheetHeader[0] != "choose" || slices.ContainsFunc(lines, func(l []string) bool { return l[0] != "" }) {
		t.Fatalf("the candidates sheet begins %v, its choose cells %v", sheetHeader[:3], lines)
	}
	rowCol, uidCol := column(t, sheetHeader, "row"), column(t, sheetHeader, "candidate_uid")
	// Rows 2 and 3 choose one of their namesakes; row 4 marks two; row 5
	// marks a line whose uid is someone else's.
	chosen := map[int]string{2: groups[0].uids[1], 3: groups[1].uids[0]}
	stranger := groups[0].uids[0]
	mark := func(lines [][]string, spelling ...string) [][]string {
		out := make([][]string, len(lines))
		n := 0
		for i, l := range lines {
			out[i] = slices.Clone(l)
			row, _ := strconv.Atoi(l[rowCol])
			if chosen[row] == l[uidCol] || row == 4 && slices.Contains(groups[2].uids[:2], l[uidCol]) || row == 5 && l[uidCol] == groups[3].uids[0] {
				out[i][0] = spelling[n%len(spelling)]
				n++
				if row == 5 {
					out[i][uidCol] = stranger
				}
			}
		}
		return out
	}

	switch how {
	case "csv": // as European Excel saves a CSV: BOM, semicolons, CR LF
		var b bytes.Buffer
		b.WriteString("\ufeff")
		cw := csv.NewWriter(&b)
		cw.Comma, cw.UseCRLF = ';', true
		_ = cw.WriteAll(append([][]string{sheetHeader}, mark(lines, "x", "Yes", "1", "✓", "X")...))
		writeFile(t, sheetPath, b.String())
	case "xlsx": // saved as a workbook beside the CSV, which stays unmarked
		writeWorkbook(t, j.output+".candidates.xlsx", append([][]string{sheetHeader}, mark(lines, "TRUE", "x", "1", "oui", "yes")...))
	case "command":
		for _, args := range [][]string{
			{"choose", j.output, "--row", "2", "--uid", chosen[2]},
			{"choose", "-o", j.output, "--row", "3", "--uid", strings.ToUpper(chosen[3])},
		} {
			if r := j.enrich(t, args...); r.code != 0 || !strings.Contains(r.stderr, "is marked in "+sheetPath) {
				t.Fatalf("%v: exit %d\n%s", args, r.code, r.stderr)
			}
		}
		for _, tc := range []struct {
			args []string
			want string
		}{
			{[]string{"choose", j.output, "--row", "99", "--uid", stranger}, "row 99 is not among the rows of"},
			{[]string{"choose", j.output, "--row", "5", "--uid", stranger}, "is not among the candidates of row 5"},
		} {
			if r := j.enrich(t, tc.args...); r.code != 2 || !strings.Contains(r.stderr, tc.want) {
				t.Errorf("%v: exit %d, %q; want 2 and %q", tc.args, r.code, r.stderr, tc.want)
			}
		}
		// Rows 4 and 5 are marked by hand, wrongly.
		_, marked := readCSV(t, sheetPath)
		for i, l := range mark(lines, "x") {
			if row, _ := strconv.Atoi(l[rowCol]); row == 4 || row == 5 {
				marked[i] = l
			}
		}
		var b bytes.Buffer
		_ = csv.NewWriter(&b).WriteAll(append([][]string{sheetHeader}, marked...))
		writeFile(t, sheetPath, b.String())
	}

	before := j.stats()
	r := j.enrich(t, j.args()...)
	r.expectCode(t, 0)
	after := j.stats()
	if n := after.SearchQueries - before.SearchQueries; n != 0 {
		t.Errorf("the run with the choices made %d searches", n)
	}
	if n := after.CreditsUsed["standard"] - before.CreditsUsed["standard"]; n != int64(len(chosen)) {
		t.Errorf("the run with the choices spent %d credits; %d people were chosen", n, len(chosen))
	}
	checkChosen(t, j.output, chosen, map[int][]string{
		4: {"is refused: candidates ", groups[2].uids[0], groups[2].uids[1], " are all marked: mark one"},
		5: {"is refused: " + stranger + " is not among the row's candidates"},
	})
	for _, want := range []string{"row 4 (", "row 5 (", "are all marked", "is not among the row's candidates"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("the run's log does not say %q:\n%s", want, r.stderr)
		}
	}
	_, left := readCSV(t, sheetPath)
	for _, l := range left {
		row, _ := strconv.Atoi(l[rowCol])
		if chosen[row] != "" {
			t.Errorf("row %d, settled, is still in the candidates sheet", row)
		}
		if marked := l[0] != ""; marked != (row == 4 && slices.Contains(groups[2].uids[:2], l[uidCol])) {
			t.Errorf("row %d, %s: choose %q after the run", row, l[uidCol], l[0])
		}
	}

	// A third run, without the side sheets, keeps the choices.
	os.Remove(sheetPath)
	os.Remove(j.output + ".candidates.xlsx")
	before = j.stats()
	j.enrich(t, j.args()...).expectCode(t, 0)
	after = j.stats()
	if after.SearchQueries != before.SearchQueries || after.CreditsUsed["standard"] != before.CreditsUsed["standard"] {
		t.Errorf("the third run made %d searches and spent %d credits", after.SearchQueries-before.SearchQueries,
			after.CreditsUsed["standard"]-before.CreditsUsed["standard"])
	}
	checkChosen(t, j.output, chosen, nil)
}

// checkChosen checks the output: the rows chosen show the person chosen,
// found by "chosen"; the others stay ambiguous, those of refused marks
// saying why.
func checkChosen(t *testing.T, output string, chosen map[int]string, refused map[int][]string) {
	t.Helper()
	header, rows := readCSV(t, output)
	status, uid, foundBy := column(t, header, "enrich_status"), column(t, header, "enrich_uid"), column(t, header, "enrich_found_by")
	match, confidence, why := column(t, header, "enrich_match"), column(t, header, "enrich_confidence"), column(t, header, "enrich_error")
	for i, r := range rows {
		row := i + 2
		switch {
		case chosen[row] != "":
			if r[status] != "success" || r[uid] != chosen[row] || r[foundBy] != "chosen" || r[confidence] != "high" || !strings.Contains(r[match], "chosen by a person") {
				t.Errorf("row %d, chosen %s: %s %s found by %q, %q, %q, %q", row, chosen[row], r[status], r[uid], r[foundBy], r[match], r[confidence], r[why])
			}
		case refused[row] != nil:
			if r[status] != "ambiguous" || slices.ContainsFunc(refused[row], func(s string) bool { return !strings.Contains(r[why], s) }) {
				t.Errorf("row %d: %s, %q; want ambiguous, saying %q", row, r[status], r[why], refused[row])
			}
		default:
			if r[status] != "ambiguous" || strings.Contains(r[why], "refused") {
				t.Errorf("row %d, not chosen: %s, %q", row, r[status], r[why])
			}
		}
	}
}

// writeWorkbook writes lines as Excel saves a sheet: numbers as numbers,
// TRUE as a boolean.
func writeWorkbook(t *testing.T, path string, lines [][]string) {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	for r, l := range lines {
		for c, v := range l {
			var value any = v
			if n, err := strconv.Atoi(v); err == nil && r > 0 && c < 2 {
				value = n
			} else if v == "TRUE" {
				value = true
			}
			cell, _ := excelize.CoordinatesToCellName(c+1, r+1)
			if err := f.SetCellValue("Sheet1", cell, value); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := f.SaveAs(path); err != nil {
		t.Fatal(fmt.Errorf("save %s: %w", path, err))
	}
}
