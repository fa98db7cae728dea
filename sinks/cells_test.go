package sinks

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/enrich-dev/enrich/internal/profile"
	"github.com/enrich-dev/enrich/internal/sheet"
)

// drawnValue is a profile value of pieces that quoting and the formula
// guard treat apart.
func drawnValue(rng *rand.Rand) string {
	pieces := []string{"Ana", " ", `"`, ",", ";", "\t", "|", "\n", "\r\n", "=", "+1 555 0100", "-", "@", `\.`, "é", "日本", "'", "0", "\x01", "<&>"}
	var s string
	for range rng.IntN(5) {
		s += pieces[rng.IntN(len(pieces))]
	}
	return s
}

// drawnColumns are the standard columns, shuffled, some left out, with
// an export's extra column among them: runs of profile columns of every
// length, between the others.
func drawnColumns(rng *rand.Rand) []Column {
	all := append(DefaultColumns(), ExtraColumn("enrich_changed"))
	rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	return all[:1+rng.IntN(len(all))]
}

// Rows whose outcomes share Cells are written byte for byte as the same
// rows without them: drawn profiles, columns, delimiters and guards, each
// profile's Cells shared by all its rows and by three writers at once,
// two CSV and one .xlsx.
func TestCellsWriteTheSameBytes(t *testing.T) {
	dir := t.TempDir()
	for seed := uint64(1); seed <= 300; seed++ {
		rng := rand.New(rand.NewPCG(seed, 36))
		var writers []RowFormatter
		for i := range 3 {
			layout := sheet.Layout{Format: sheet.CSV, Header: []string{"email"}, Delimiter: []rune{',', ';', '\t', '|'}[rng.IntN(4)], Encoding: encUTF8}
			opts := Options{Columns: drawnColumns(rng), NoFormulaGuard: rng.IntN(2) == 0}
			var w interface {
				RowFormatter
				Writer
			}
			var err error
			if i < 2 {
				w, err = newCSVWriter(filepath.Join(dir, fmt.Sprintf("%d-%d.csv", seed, i)), layout, opts)
			} else {
				w, err = newXLSXWriter(filepath.Join(dir, fmt.Sprintf("%d.xlsx", seed)), layout, opts)
			}
			if err != nil {
				t.Fatal(err)
			}
			defer w.Abort()
			writers = append(writers, w)
		}
		people := make([]Outcome, 1+rng.IntN(4))
		for i := range people {
			rec := &profile.Record{UID: drawnValue(rng), FullName: drawnValue(rng), Headline: drawnValue(rng), Title: drawnValue(rng),
				Company: drawnValue(rng), Location: drawnValue(rng), Email: drawnValue(rng), Emails: drawnValue(rng),
				Phone: drawnValue(rng), Phones: drawnValue(rng), LinkedIn: drawnValue(rng), Skills: drawnValue(rng)}
			people[i] = Outcome{Status: StatusSuccess, Profile: rec, Cells: &Cells{}, FoundBy: "email",
				Extra: map[string]string{"enrich_changed": drawnValue(rng)}}
		}
		for n := range 40 {
			out := people[rng.IntN(len(people))]
			out.Identifier = drawnValue(rng)
			plain := out
			plain.Cells = nil
			row := sheet.Row{Num: n + 2, Cells: []string{"a@example.com"}, Record: "a@example.com", EOL: "\n"}
			w := writers[rng.IntN(len(writers))]
			got, _ := w.FormatRow(nil, n, row, &out)
			want, _ := w.FormatRow(nil, n, row, &plain)
			if string(got) != string(want) {
				t.Fatalf("seed %d, row %d: with Cells the row is\n%q\nwithout\n%q", seed, n, got, want)
			}
		}
	}
}

func TestProfileRuns(t *testing.T) {
	p, o := Column{FromProfile: true}, Column{}
	for _, c := range []struct {
		columns []Column
		runs    []int
	}{
		{nil, []int{}},
		{[]Column{o, o}, []int{0, 0}},
		{[]Column{p, p, p}, []int{3, 0, 0}},
		{[]Column{o, p, p, o, p}, []int{0, 2, 0, 0, 1}},
		{[]Column{p, o, p, p, p, o}, []int{1, 0, 3, 0, 0, 0}},
	} {
		if runs := profileRuns(c.columns); fmt.Sprint(runs) != fmt.Sprint(c.runs) {
			t.Errorf("profileRuns of %d columns = %v; want %v", len(c.columns), runs, c.runs)
		}
	}
}
