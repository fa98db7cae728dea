package export

import (
	"context"
	"encoding/csv"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/sinks"
	"github.com/enrich-dev/enrich/state"
	"github.com/enrich-dev/enrich/state/statetest"
)

// marksOf returns the candidates marked in a candidates sheet, as
// "row/uid".
func marksOf(t *testing.T, path string) []string {
	t.Helper()
	s, err := readCandidates(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, l := range s.lines {
		if isMark(s.cell(l, s.choose)) {
			out = append(out, s.cell(l, s.row)+"/"+uidCell(s.cell(l, s.uid)))
		}
	}
	return out
}

// TestChoose: enrich choose marks the candidate of a row in the sheet,
// clearing the row's other mark and leaving the other rows' marks; the
// next run's reading accepts it. A row or a uid the sheet does not hold
// is refused and the sheet left as it was; a sheet saved by Excel keeps
// its semicolons, line endings and byte-order mark; one written before
// choices were read gains the choose column.
func TestChoose(t *testing.T) {
	s := newChoiceSheet(t)
	sheetPath := CandidatesPath(s.output)
	note := [][]string{{"Mark the right person of each row, then run again"}}
	writeTestFile(t, sheetPath, string(encodeCSV(t, append(note, marked(s.lines(t), [3]string{"3", uidC, "x"})...), ';', true, true, false, false)))

	got, err := Choose(s.output, 2, strings.ToUpper(uidB))
	if err != nil {
		t.Fatal(err)
	}
	if got.Row != 2 || got.UID != uidB || got.Name != "José Müller" || got.Title != "Sales" || got.Sheet != sheetPath {
		t.Errorf("chose %+v", got)
	}
	if _, err := Choose(sheetPath, 2, uidA); err != nil { // the sheet named itself
		t.Fatal(err)
	}
	if m := marksOf(t, sheetPath); strings.Join(m, " ") != "2/"+uidA+" 3/"+uidC {
		t.Errorf("marks %v; want row 2's A alone, and row 3's C", m)
	}
	raw, _ := os.ReadFile(sheetPath)
	if !strings.HasPrefix(string(raw), "\ufeffMark the right person of each row, then run again\r\nchoose;row;") {
		t.Errorf("the sheet lost its dialect: %q", raw[:min(len(raw), 60)])
	}

	for _, tc := range []struct {
		row  int
		uid  string
		want string
	}{
		{99, uidA, "row 99 is not among the rows of"},
		{2, uidE, uidE + " is not among the candidates of row 2"},
	} {
		_, err := Choose(s.output, tc.row, tc.uid)
		if !errors.Is(err, ErrNotInSheet) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("row %d, uid %s: %v; want %q", tc.row, tc.uid, err, tc.want)
		}
	}
	if after, _ := os.ReadFile(sheetPath); string(after) != string(raw) {
		t.Error("a refused choice changed the sheet")
	}

	c := s.keep(t)
	if len(c.Accepted) != 2 || len(c.Refused) != 0 {
		t.Errorf("the run after: accepted %v, refused %v", c.Accepted, c.Refused)
	}

	// A sheet of an earlier version, without the choose column.
	writeTestFile(t, sheetPath, "row,name,company,candidate_uid,candidate_name\n4,Ann Poe,Initech,"+uidE+",Ann Poe\n4,Ann Poe,Initech,"+uidF+",Ann Poe\n")
	if _, err := Choose(s.output, 4, uidF); err != nil {
		t.Fatal(err)
	}
	if m := marksOf(t, sheetPath); strings.Join(m, " ") != "4/"+uidF {
		t.Errorf("an older sheet: marks %v", m)
	}
	if _, err := Choose(filepath.Join(s.dir, "none.csv"), 4, uidF); !errors.Is(err, ErrNotInSheet) {
		t.Errorf("an output without candidates: %v", err)
	}
}

// TestCandidatesKeepMarks: the candidates sheet written again keeps a
// person's marks that the journal does not keep (refused, or read by an
// export, which keeps nothing), and drops those it keeps.
func TestCandidatesKeepMarks(t *testing.T) {
	s := newChoiceSheet(t)
	lines := marked(s.lines(t), [3]string{"2", uidA, "x"}, [3]string{"2", uidB, "x"}, [3]string{"3", uidD, "x"}, [3]string{"4", uidE, "x"})
	writeTestFile(t, CandidatesPath(s.output), string(encodeCSV(t, lines, ',', false, false, false, false)))
	c, err := s.read(t, ChoicesConfig{})
	if err != nil {
		t.Fatal(err)
	}
	rows := []ambiguousRow{}
	for _, row := range []int{2, 3, 4} {
		uids := map[int][2]string{2: {uidA, uidB}, 3: {uidC, uidD}, 4: {uidE, uidF}}[row]
		rows = append(rows, ambiguousRow{num: row, person: s.persons[row], candidates: []state.NameCandidate{{UID: uids[0]}, {UID: uids[1]}}})
	}
	out := filepath.Join(s.dir, "again.csv")
	if err := writeCandidates(out, rows, c); err != nil {
		t.Fatal(err)
	}
	if m := marksOf(t, CandidatesPath(out)); strings.Join(m, " ") != "2/"+uidA+" 2/"+uidB+" 3/"+uidD+" 4/"+uidE {
		t.Errorf("before the journal keeps them: marks %v", m)
	}
	j, err := state.Open(s.journal, state.Options{Command: "test", NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Keep(j); err != nil {
		t.Fatal(err)
	}
	j.Close()
	if err := writeCandidates(out, rows, c); err != nil {
		t.Fatal(err)
	}
	if m := marksOf(t, CandidatesPath(out)); strings.Join(m, " ") != "2/"+uidA+" 2/"+uidB {
		t.Errorf("once kept: marks %v; want the refused row 2's alone", m)
	}
}

// TestExportChosen: an export shows the person chosen for a row found
// only by name once the journal keeps the choice: found by "chosen", with
// a high confidence and the match saying a person chose them, on every
// row of that person. A choice read from the file that the journal does
// not keep leaves the row ambiguous, saying the next run takes it, and
// its mark in the sheet; a refused choice is the row's enrich_error; a
// person chosen whom the service does not know leaves the row ambiguous,
// in the sheet, to choose another.
func TestExportChosen(t *testing.T) {
	s := newChoiceSheet(t, statetest.JournalWith(t, map[string][]byte{
		uidB: []byte(`{"item":"` + uidB + `","status":"success","candidate":{"fullName":"José Müller","uid":"` + uidB + `"}}`),
		uidE: nil, // found nobody
	}))
	writeTestFile(t, CandidatesPath(s.output), string(encodeCSV(t, marked(s.lines(t),
		[3]string{"2", uidB, "x"}, [3]string{"3", uidC, "x"}, [3]string{"3", uidD, "x"}, [3]string{"4", uidE, "x"}), ',', false, false, false, false)))

	export := func() map[string][]string {
		j, err := state.Open(s.journal, state.Options{ReadOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		defer j.Close()
		if _, err := Export(context.Background(), j, Config{Input: s.input, Output: s.output, ByName: true}); err != nil {
			t.Fatal(err)
		}
		f, _ := os.Open(s.output)
		defer f.Close()
		rows, err := csv.NewReader(f).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		out := map[string][]string{}
		for i, h := range rows[0] {
			for _, r := range rows[1:] {
				out[h] = append(out[h], r[i])
			}
		}
		return out
	}

	got := export()
	if got["enrich_status"][0] != "ambiguous" || !strings.Contains(got["enrich_error"][0], uidB+" is chosen in the candidates sheet; the next enrich run keeps the choice") {
		t.Errorf("row 2, chosen but not kept: %s, %q", got["enrich_status"][0], got["enrich_error"][0])
	}
	if !strings.Contains(got["enrich_error"][1], "are all marked: mark one") {
		t.Errorf("row 3, two marked: %q", got["enrich_error"][1])
	}
	if m := marksOf(t, CandidatesPath(s.output)); strings.Join(m, " ") != "2/"+uidB+" 3/"+uidC+" 3/"+uidD+" 4/"+uidE {
		t.Errorf("the export's candidates sheet lost marks: %v", m)
	}

	s.keep(t) // as a run does
	got = export()
	for _, i := range []int{0, 3} { // rows 2 and 5: the same person
		if got["enrich_status"][i] != "success" || got["enrich_uid"][i] != uidB || got["enrich_found_by"][i] != sinks.FoundByChosen ||
			got["enrich_confidence"][i] != "high" || !strings.Contains(got["enrich_match"][i], "chosen by a person") || got["enrich_error"][i] != "" {
			t.Errorf("row %d: %s %s found by %q, %q, %q, error %q", i+2, got["enrich_status"][i], got["enrich_uid"][i],
				got["enrich_found_by"][i], got["enrich_match"][i], got["enrich_confidence"][i], got["enrich_error"][i])
		}
	}
	if got["enrich_status"][2] != "ambiguous" || !strings.Contains(got["enrich_error"][2], "the person chosen among the candidates ("+uidE+") was not found by their uid; choose another") {
		t.Errorf("row 4, chosen a person the service does not know: %s, %q", got["enrich_status"][2], got["enrich_error"][2])
	}
	if m := marksOf(t, CandidatesPath(s.output)); strings.Join(m, " ") != "3/"+uidC+" 3/"+uidD {
		t.Errorf("the candidates sheet once the choices are kept: marks %v; want row 3's refused ones", m)
	}
	if lines := s.lines(t); !slices.ContainsFunc(lines, func(l []string) bool { return l[1] == "4" && l[7] == uidF }) {
		t.Error("row 4, whose chosen person was not found, left the candidates sheet")
	}
}

// TestRunOutputWithBrokenDecisions: an export refuses a decisions file it
// cannot read (nothing is written before it is mended), but a run's
// output, which the run read the file for when it started, is written
// all the same, with the choices the journal keeps.
func TestRunOutputWithBrokenDecisions(t *testing.T) {
	s := newChoiceSheet(t)
	keepDecision(t, s.journal, state.Decision{Key: s.keys[4], UID: uidE})
	writeTestFile(t, CandidatesPath(s.output), "half a sheet, sav")
	j, err := state.Open(s.journal, state.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	cfg := Config{Input: s.input, Output: s.output, ByName: true}
	if _, err := Export(context.Background(), j, cfg); !errors.Is(err, fault.ErrUsage) || !strings.Contains(err.Error(), "mend or remove the file") {
		t.Errorf("an export with a broken decisions file: %v", err)
	}
	m, err := readModel(context.Background(), j, cfg)
	if err != nil {
		t.Fatal(err)
	}
	res, err := ExportRun(context.Background(), j, cfg, FromRun{Model: m})
	if err != nil || res.Rows.Total() != 5 {
		t.Errorf("a run's output with a broken decisions file: %v, %+v", err, res.Rows)
	}
}
