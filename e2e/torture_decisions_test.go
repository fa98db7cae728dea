package e2e

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
)

// decideStream draws the namesakes of a seed's world and the choices a
// person marks among the candidates of its ambiguous rows.
const decideStream = 0x64656369

// drawNamesakesOf gives half the seeds a world with namesakes at one
// company, so that their sheets have rows a search by name leaves
// ambiguous, for a person to choose among.
func drawNamesakesOf(r *rand.Rand, s *schedule) {
	if r.IntN(2) == 0 {
		s.namesakes = 100 + r.IntN(151)
	}
}

// markDraw is what a person does with the candidates of one row.
type markDraw int

const (
	markNone     markDraw = iota
	markOne               // the right one, as far as the test knows: any
	markTwo               // two candidates: refused
	markStranger          // a uid not among the row's candidates: refused
	markRenamed           // one, with the row's name changed since: refused
)

// decisionLines are the candidates sheet's lines as a person marked them,
// and the uids marked per row.
type decisionLines struct {
	header []string
	lines  [][]string
	marked map[int][]string // the row → the uids marked on its lines
	drawn  map[int]markDraw
}

// markCandidates draws a person's marks on the candidates sheet's lines.
func markCandidates(r *rand.Rand, header []string, lines [][]string, strangers []string) decisionLines {
	rowCol, uidCol, nameCol := slices.Index(header, "row"), slices.Index(header, "candidate_uid"), slices.Index(header, "name")
	d := decisionLines{header: header, marked: map[int][]string{}, drawn: map[int]markDraw{}}
	byRow := map[int][]int{}
	for i, l := range lines {
		d.lines = append(d.lines, slices.Clone(l))
		if row, err := strconv.Atoi(l[rowCol]); err == nil && l[uidCol] != "" {
			byRow[row] = append(byRow[row], i)
		}
	}
	spellings := []string{"x", "X", "yes", "1", "✓", "TRUE", "oui"}
	mark := func(i int, row int) {
		d.lines[i][0] = spellings[r.IntN(len(spellings))]
		d.marked[row] = append(d.marked[row], strings.ToLower(d.lines[i][uidCol]))
	}
	for _, row := range slices.Sorted(func(yield func(int) bool) {
		for row := range byRow {
			if !yield(row) {
				return
			}
		}
	}) {
		at := byRow[row]
		m := markDraw(r.IntN(5))
		if m == markTwo && len(at) < 2 {
			m = markOne
		}
		d.drawn[row] = m
		switch m {
		case markOne:
			mark(at[r.IntN(len(at))], row)
		case markTwo:
			i := r.Perm(len(at))
			mark(at[i[0]], row)
			mark(at[i[1]], row)
		case markStranger:
			i := at[r.IntN(len(at))]
			d.lines[i][uidCol] = strangers[r.IntN(len(strangers))]
			mark(i, row)
		case markRenamed:
			i := at[r.IntN(len(at))]
			d.lines[i][nameCol] = "Someone Else Entirely"
			mark(i, row)
		}
	}
	return d
}

// save writes the marked sheet as a person's program saves it: as written,
// as European Excel saves a CSV, in Windows-1252, or as a workbook
// beside the CSV. It returns the file and whether the run must be told
// of it (--decisions), as a file the run would not find beside the output.
func (d decisionLines) save(t *testing.T, r *rand.Rand, output string) (string, bool) {
	t.Helper()
	all := append([][]string{d.header}, d.lines...)
	path := output + ".candidates.csv"
	if r.IntN(4) == 0 {
		writeWorkbook(t, output+".candidates.xlsx", all)
		return output + ".candidates.xlsx", false
	}
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	how := r.IntN(3)
	if how > 0 {
		w.Comma, w.UseCRLF = ';', true
	}
	_ = w.WriteAll(all)
	data := b.Bytes()
	switch how {
	case 1:
		data = append([]byte("\ufeff"), data...)
	case 2:
		var err error
		if data, err = encoding.ReplaceUnsupported(charmap.Windows1252.NewEncoder()).Bytes(data); err != nil {
			t.Fatal(err)
		}
	}
	elsewhere := r.IntN(2) == 0
	if elsewhere {
		path = output + ".my-choices.csv"
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path, elsewhere
}

// checkDecisions marks choices among the candidates of a finished job's
// ambiguous rows, saves them as a person's program does, and runs the job
// again (until complete, as caps stop it): no search is made, at most one
// credit is spent for each person chosen, no row is settled to anyone but
// a person chosen for its name and company, and every row chosen once,
// among its own candidates and under its own name, ends with that person,
// found by "chosen". A further run without the file keeps them.
func checkDecisions(t *testing.T, j *job, s *tsheet, run func(extra ...string) result, output string, seed uint64, replay string) {
	t.Helper()
	path := output + ".candidates.csv"
	header, lines := readCSVIf(t, path)
	if lines == nil {
		t.Logf("no ambiguous row: no choice to make")
		return
	}
	r := rand.New(rand.NewPCG(seed, decideStream+1))
	var strangers []string
	for i := range 20 {
		strangers = append(strangers, j.emu.World().Person(i).UID.String())
	}
	d := markCandidates(r, header, lines, strangers)
	file, tell := d.save(t, r, output)
	// The rows of one name and company are one person: the marks of all
	// of them count.
	name, company := slices.Index(s.header, "Name"), slices.Index(s.header, "Company")
	keyOf := func(row int) string {
		c := s.rows[row-2].cells
		return strings.ToLower(c[name] + "\x00" + c[company])
	}
	marksOf := map[string][]string{}
	refusedKey := map[string]bool{}
	for row, uids := range d.marked {
		k := keyOf(row)
		marksOf[k] = append(marksOf[k], uids...)
		if m := d.drawn[row]; m != markOne {
			refusedKey[k] = true
		}
	}
	people := map[string]bool{}
	for _, uids := range marksOf {
		for _, u := range uids {
			people[u] = true
		}
	}
	topUp(t, j.url, int64(len(people))+1)
	before := j.stats()
	extra := []string{}
	if tell {
		extra = append(extra, "--decisions", file)
	}
	var res result
	for range 6 {
		if res = run(extra...); res.code != 3 || !strings.Contains(res.stderr, "--max-credits reached") {
			break
		}
	}
	after := j.stats()
	context := fmt.Sprintf("choices in %s (%v): %v\n%s", file, tell, d.marked, replay)
	if res.code != 0 {
		t.Fatalf("the run with choices exited %d\n%s\n%s", res.code, lastLines(res.stderr, 20), context)
	}
	if n := after.SearchQueries - before.SearchQueries; n != 0 {
		t.Errorf("the runs with choices made %d searches\n%s", n, context)
	}
	if n := after.CreditsUsed["standard"] - before.CreditsUsed["standard"]; n > int64(len(people)) {
		t.Errorf("the runs with choices spent %d credits for %d people marked\n%s", n, len(people), context)
	}
	checkSettledAsChosen(t, s, readOutput(t, s, output), d.drawn, keyOf, marksOf, refusedKey, context)

	counts := map[markDraw]int{}
	for _, m := range d.drawn {
		counts[m]++
	}
	t.Logf("choices in %s (--decisions %v): %d rows unmarked, %d marked once, %d twice, %d with a stranger, %d renamed; %d credits, %d people",
		file, tell, counts[markNone], counts[markOne], counts[markTwo], counts[markStranger], counts[markRenamed],
		after.CreditsUsed["standard"]-before.CreditsUsed["standard"], len(people))
	os.Remove(file)
	os.Remove(path)
	if res := run(); res.code != 0 {
		t.Fatalf("a run without the choices' file exited %d\n%s\n%s", res.code, lastLines(res.stderr, 20), context)
	}
	checkSettledAsChosen(t, s, readOutput(t, s, output), d.drawn, keyOf, marksOf, refusedKey, "without the file\n"+context)
}

// checkSettledAsChosen checks the rows of an output against the marks:
// a row found by "chosen" is one a mark of its name and company chose;
// an ambiguous row (listed) whose name and company were marked once, with
// one uid, among its candidates and under its own name, ends with that
// person.
func checkSettledAsChosen(t *testing.T, s *tsheet, rows []outRow, listed map[int]markDraw, keyOf func(int) string, marksOf map[string][]string, refusedKey map[string]bool, context string) {
	t.Helper()
	for k, got := range s.outputRows(rows) {
		key := keyOf(k + 2)
		marks := marksOf[key]
		if got.foundBy == "chosen" && !slices.Contains(marks, strings.ToLower(got.uid)) {
			t.Errorf("row %d settled to %s, whom nobody chose for it (marks %v)\n%s", k+2, got.uid, marks, context)
		}
		if _, ok := listed[k+2]; !ok || len(marks) == 0 || refusedKey[key] || len(slices.Compact(slices.Sorted(slices.Values(marks)))) != 1 {
			continue
		}
		if got.status == "ambiguous" || got.foundBy == "chosen" && !strings.EqualFold(got.uid, marks[0]) {
			t.Errorf("row %d, chosen %s: %s, %s, found by %q (%s)\n%s", k+2, marks[0], got.status, got.uid, got.foundBy, got.err, context)
		}
	}
}
