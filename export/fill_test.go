package export

import (
	"context"
	"encoding/csv"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/enrich-dev/enrich/internal/fill"
	"github.com/enrich-dev/enrich/internal/profile"
	"github.com/enrich-dev/enrich/internal/sheet"
	"github.com/enrich-dev/enrich/sinks"
	"github.com/enrich-dev/enrich/sources"
	"github.com/enrich-dev/enrich/state"
	"github.com/enrich-dev/enrich/state/statetest"
)

// fillerOf returns the filler of a CSV sheet under rules.
func fillerOf(t *testing.T, text string, rules fill.Rules) *filler {
	t.Helper()
	path := filepath.Join(t.TempDir(), "in.csv")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	tab, err := sources.Open(path, sources.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer tab.Close()
	x, err := newFiller(rules, tab, "US")
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// TestFillTrust: a row fills only when a careful person would trust its
// match (an identifier, a person's choice, a name with high confidence,
// medium with --fill-confidence medium), and a work column takes only a
// work address or number the service is sure of.
func TestFillTrust(t *testing.T) {
	const (
		plain = "Email,Phone Number\n"
		work  = "Work Email,Personal Email,Office Phone,Mobile\n"
	)
	sure := &profile.Record{WorkMail: "jane@acme.example", WorkMailSure: true, PersonalMail: "jane@home.example",
		Phone: "+14155550123", Mobile: "+14155550123", WorkPhone: "+14155550100", WorkPhoneSure: true}
	unsure := &profile.Record{WorkMail: "jane@acme.example", PersonalMail: "jane@home.example",
		Phone: "+14155550123", Mobile: "+14155550123", WorkPhone: "+14155550100"}
	personal := &profile.Record{PersonalMail: "jane@home.example"}
	kindless := &profile.Record{Email: "jane@somewhere.example"}
	found := func(by string, r *profile.Record) *sinks.Outcome {
		return &sinks.Outcome{Status: sinks.StatusSuccess, FoundBy: by, Profile: r}
	}
	byName := func(confidence string, r *profile.Record) *sinks.Outcome {
		return &sinks.Outcome{Status: sinks.StatusSuccess, FoundBy: sinks.FoundByName, Confidence: confidence, Profile: r}
	}
	for _, tc := range []struct {
		name, sheet string
		out         *sinks.Outcome
		medium      bool
		want        map[string]string // header → value filled
	}{
		{"identifier", plain, found("linkedin", sure), false, map[string]string{"Email": "jane@acme.example", "Phone Number": "+14155550123"}},
		{"identifier, work columns", work, found("linkedin", sure), false, map[string]string{"Work Email": "jane@acme.example",
			"Personal Email": "jane@home.example", "Office Phone": "+14155550100", "Mobile": "+14155550123"}},
		{"unverified work contacts", work, found("email", unsure), false, map[string]string{"Personal Email": "jane@home.example", "Mobile": "+14155550123"}},
		{"unverified, plain columns", plain, found("email", unsure), false, map[string]string{"Email": "jane@acme.example", "Phone Number": "+14155550123"}},
		{"personal only", plain, found("uid", personal), false, map[string]string{"Email": "jane@home.example"}},
		{"personal only, work column", work, found("uid", personal), false, map[string]string{"Personal Email": "jane@home.example"}},
		{"no kind", plain, found("uid", kindless), false, map[string]string{"Email": "jane@somewhere.example"}},
		{"no kind, work column", work, found("uid", kindless), false, map[string]string{}},
		{"chosen", plain, found("chosen", personal), false, map[string]string{"Email": "jane@home.example"}},
		{"name high", plain, byName("high", personal), false, map[string]string{"Email": "jane@home.example"}},
		{"name medium", plain, byName("medium", personal), false, map[string]string{}},
		{"name medium allowed", plain, byName("medium", personal), true, map[string]string{"Email": "jane@home.example"}},
		{"ambiguous", plain, &sinks.Outcome{Status: sinks.StatusAmbiguous, FoundBy: sinks.FoundByName}, true, map[string]string{}},
		{"not found", plain, &sinks.Outcome{Status: sinks.StatusNotFound, FoundBy: "email"}, true, map[string]string{}},
		{"error", plain, &sinks.Outcome{Status: sinks.StatusError, Profile: sure}, true, map[string]string{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x := fillerOf(t, tc.sheet+",,,\n", fill.Rules{Default: fill.Blank, Medium: tc.medium})
			var fills chunkFills
			x.row(sheet.Row{Num: 2, Cells: []string{"", "", "", ""}}, tc.out, &fills)
			headers := strings.Split(strings.TrimSpace(tc.sheet), ",")
			got := map[string]string{}
			for _, f := range tc.out.Fills {
				got[headers[f.Column]] = f.Value
			}
			if !maps.Equal(got, tc.want) {
				t.Errorf("filled %v; want %v", got, tc.want)
			}
			if len(fills.cells) != len(tc.want) {
				t.Errorf("listed %d cells; want %d", len(fills.cells), len(tc.want))
			}
		})
	}
}

// fillSheet is a HubSpot-style export whose rows are looked up by their
// LinkedIn URL: some cells empty, some holding the found value, some
// holding another.
const fillSheet = "Record ID,First Name,Last Name,Email,Phone Number,Job Title,City,Country/Region,LinkedIn URL\n" +
	"101,Jane,Doe,,,,,,linkedin.com/in/jane-doe\n" + // everything empty
	"102,John,Roe,john@old.example,(212) 555-0101,Engineer,Paris,France,linkedin.com/in/john-roe\n" + // everything differs
	"103,Ann,Lee,ann@lee.example,(415) 555-0199,CTO,Austin,United States,linkedin.com/in/ann-lee\n" + // everything agrees
	"104,Bob,Ray,n/a,,Sales,,,linkedin.com/in/bob-ray\n" + // a placeholder, an empty phone
	"105,Nobody,Here,,(305) 555-0177,,,,linkedin.com/in/nobody-here\n" // not found

// fillJournal holds the answers of fillSheet's rows.
func fillJournal(t *testing.T) string {
	t.Helper()
	person := func(item, name, mail, phone, title, location string) []byte {
		item = "https://www.linkedin.com/in/" + item
		return []byte(`{"item":"` + item + `","status":"success","candidate":{"fullName":"` + name + `",` +
			`"contacts":[{"type":"email","value":"` + mail + `","rating":100,"subType":"work"},` +
			`{"type":"phone","value":"` + phone + `","rating":100,"subType":"mobile"}],` +
			`"locations":[{"name":"` + location + `"}],` +
			`"experience":[{"position":"` + title + `","company":"Acme","current":true}],` +
			`"social":[{"type":"li","link":"` + item + `","rating":100}]}}`)
	}
	const li = "https://www.linkedin.com/in/"
	return statetest.JournalWith(t, map[string][]byte{
		li + "jane-doe":    person("jane-doe", "Jane Doe", "jane@acme.example", "+1 415 555 0123", "VP Engineering", "San Francisco, California, United States"),
		li + "john-roe":    person("john-roe", "John Roe", "john@acme.example", "+1 212 555 0102", "Staff Engineer", "Berlin, Germany"),
		li + "ann-lee":     person("ann-lee", "Ann Lee", "ANN@lee.example", "+1 415 555 0199", "CTO", "Austin, Texas, United States"),
		li + "bob-ray":     person("bob-ray", "Bob Ray", "bob@acme.example", "+1 646 555 0110", "Sales", "Toronto, Ontario, Canada"),
		li + "nobody-here": []byte(`{"item":"` + li + `nobody-here","status":"not_found"}`),
		"+13055550177":     []byte(`{"item":"+13055550177","status":"not_found"}`),
	})
}

// exportFill exports fillSheet under rules and returns the input's and the
// output's lines, the filled list and the result.
func exportFill(t *testing.T, cfg Config) (in, out, filled [][]string, res Result) {
	t.Helper()
	dir := t.TempDir()
	cfg.Input = filepath.Join(dir, "export.csv")
	cfg.Output = filepath.Join(dir, "out.csv")
	cfg.Source.DefaultRegion = "US"
	if err := os.WriteFile(cfg.Input, []byte(fillSheet), 0o644); err != nil {
		t.Fatal(err)
	}
	j, err := state.Open(fillJournal(t), state.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	res, err = Export(context.Background(), j, cfg)
	if err != nil {
		t.Fatalf("export: %v", err)
	}
	if _, err := os.Stat(FilledPath(cfg.Output)); cfg.Fill.On() == os.IsNotExist(err) {
		t.Fatalf("filled list written: %v; want %v", err == nil, cfg.Fill.On())
	}
	if cfg.Fill.On() {
		filled = readCSV(t, FilledPath(cfg.Output))
	}
	return readCSV(t, cfg.Input), readCSV(t, cfg.Output), filled, res
}

func readCSV(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.FieldsPerRecord = -1
	lines, err := r.ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return lines
}

// changedCells lists the cells of the input's columns that the output
// changed, as "row|column|before|after", the output's rows matched to the
// input's by their first cell (the record id).
func changedCells(in, out [][]string) []string {
	rowOf := map[string]int{} // the record id's line, from 0
	for i, r := range in[1:] {
		rowOf[r[0]] = i + 1
	}
	var cells []string
	for _, r := range out[1:] {
		before := in[rowOf[r[0]]]
		row := rowOf[r[0]] + 1
		for c, header := range in[0] {
			if r[c] != before[c] {
				cells = append(cells, strings.Join([]string{strconv.Itoa(row), header, before[c], r[c]}, "|"))
			}
		}
	}
	slices.Sort(cells)
	return cells
}

// listedCells is the filled list as changedCells words it.
func listedCells(filled [][]string) []string {
	var cells []string
	for _, r := range filled[1:] {
		cells = append(cells, strings.Join([]string{r[0], r[2], r[3], r[4]}, "|"))
	}
	slices.Sort(cells)
	return cells
}

// TestExportFill: under each rule an export writes exactly the cells the
// rule lets it, in the columns' own style, lists exactly those, counts
// what it filled and kept, and leaves every other cell as the user wrote
// it; without --fill the output is as before.
func TestExportFill(t *testing.T) {
	t.Run("no fill", func(t *testing.T) {
		in, out, _, res := exportFill(t, Config{})
		if got := changedCells(in, out); len(got) != 0 {
			t.Errorf("changed %q without --fill", got)
		}
		if res.Fill != nil {
			t.Errorf("fill report %+v without --fill", res.Fill)
		}
	})
	t.Run("blank", func(t *testing.T) {
		in, out, filled, res := exportFill(t, Config{Fill: fill.Rules{Default: fill.Blank}})
		want := []string{
			"2|City||San Francisco", "2|Country/Region||United States", "2|Email||jane@acme.example",
			"2|Job Title||VP Engineering", "2|Phone Number||(415) 555-0123",
			"5|City||Toronto", "5|Country/Region||Canada", "5|Email|n/a|bob@acme.example", "5|Phone Number||(646) 555-0110",
		}
		if got := changedCells(in, out); !slices.Equal(got, want) {
			t.Errorf("changed\n%q\nwant\n%q", got, want)
		}
		if got := listedCells(filled); !slices.Equal(got, want) {
			t.Errorf("listed\n%q\nwant\n%q", got, want)
		}
		if filled[1][1] != "101" || filled[1][5] != "linkedin" || filled[1][6] != "high" {
			t.Errorf("listed row %q; want record id 101, found by linkedin, high", filled[1])
		}
		// Row 3 differs in five columns; everything of row 4 agrees.
		if res.Fill == nil || res.Fill.Filled != len(want) || res.Fill.Kept != 5 {
			t.Errorf("report %+v; want %d filled, 5 kept", res.Fill, len(want))
		}
	})
	t.Run("title overwrite", func(t *testing.T) {
		in, out, filled, res := exportFill(t, Config{Fill: fill.Rules{Rules: map[fill.Field]fill.Rule{fill.Title: fill.Overwrite}}})
		want := []string{"2|Job Title||VP Engineering", "3|Job Title|Engineer|Staff Engineer"}
		if got := changedCells(in, out); !slices.Equal(got, want) {
			t.Errorf("changed %q; want %q", got, want)
		}
		if got := listedCells(filled); !slices.Equal(got, want) {
			t.Errorf("listed %q; want %q", got, want)
		}
		if len(res.Fill.Columns) != 1 || res.Fill.Columns[0].Column != "Job Title" || res.Fill.Columns[0].Filled != 2 {
			t.Errorf("report columns %+v; want Job Title, 2 filled", res.Fill.Columns)
		}
	})
	t.Run("never", func(t *testing.T) {
		in, out, filled, _ := exportFill(t, Config{Fill: fill.Rules{Default: fill.Overwrite,
			Rules: map[fill.Field]fill.Rule{fill.Email: fill.Never, fill.Phone: fill.Never, fill.City: fill.Never,
				fill.Country: fill.Never, fill.FirstName: fill.Never, fill.LastName: fill.Never, fill.LinkedIn: fill.Never}}})
		want := []string{"2|Job Title||VP Engineering", "3|Job Title|Engineer|Staff Engineer"}
		if got := changedCells(in, out); !slices.Equal(got, want) {
			t.Errorf("changed %q; want %q", got, want)
		}
		if len(filled) != 1+len(want) {
			t.Errorf("listed %q", filled)
		}
	})
	t.Run("import file", func(t *testing.T) {
		in, out, filled, res := exportFill(t, Config{Fill: fill.Rules{Default: fill.Blank}, Append: []string{}, OnlyChanged: true})
		if !slices.Equal(out[0], in[0]) {
			t.Errorf("header %q; want the export's own %q", out[0], in[0])
		}
		if len(out) != 3 || out[1][0] != "101" || out[2][0] != "104" {
			t.Errorf("rows %q; want those of records 101 and 104", out)
		}
		if got, want := changedCells(in, out), listedCells(filled); !slices.Equal(got, want) {
			t.Errorf("changed %q; listed %q", got, want)
		}
		if res.Written != 2 {
			t.Errorf("result says %d rows written; want 2", res.Written)
		}
	})
}
