package sources

import (
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/enrich-dev/enrich/internal/sheet"
)

// openText opens a CSV file of the given text.
func openText(t *testing.T, text string, opts Options) (*Table, []Row, error) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "sheet.csv")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	tb, err := Open(path, opts)
	if err != nil {
		return nil, nil, err
	}
	t.Cleanup(func() { tb.Close() })
	var rows []Row
	for {
		row, err := tb.Next()
		if errors.Is(err, io.EOF) {
			return tb, rows, nil
		}
		if err != nil {
			t.Fatal(err)
		}
		rows = append(rows, row)
	}
}

// fields lists a table's person columns as "field=name".
func fields(tb *Table) string {
	var parts []string
	for _, c := range tb.People() {
		parts = append(parts, string(c.Field)+"="+c.Name)
	}
	return strings.Join(parts, " ")
}

// TestPersonColumns: the columns that name a row's person are found by
// the headers real sheets use, in several languages; a company's name
// wins over its web address; columns that hold identifiers are never
// person columns; --column names them when a header says nothing.
func TestPersonColumns(t *testing.T) {
	for _, tc := range []struct {
		name, header string
		columns      []string
		want         string
	}{
		{"attendee list", "Attendee,Organisation,City\n", nil, "name=Attendee company=Organisation city=City"},
		{"CRM export", "First Name,Last Name,Account Name,Job Title,Email\n", nil, "first_name=First Name last_name=Last Name company=Account Name title=Job Title"},
		{"German", "Vorname,Nachname,Firma,Stadt,Land,Position\n", nil, "first_name=Vorname last_name=Nachname company=Firma city=Stadt country=Land title=Position"},
		{"French", "Prénom,Nom de famille,Société,Ville\n", nil, "first_name=Prénom last_name=Nom de famille company=Société city=Ville"},
		{"website before name", "Name,Website,Company\n", nil, "name=Name company=Company"},
		{"website only", "full_name,company_domain\n", nil, "name=full_name company=company_domain"},
		{"override", "Person,Org,Where\n", []string{"name=Person", "company=Org", "location=Where"}, "name=Person company=Org location=Where"},
		{"override wins over header", "Name,Company,Employer Name\n", []string{"company=Employer Name"}, "name=Name company=Employer Name"},
		{"an e-mail column is no name", "Name,Company,Email\n", []string{"email=Name"}, "company=Company"},
		{"output columns are not read", "Name,Company,enrich_company\n", nil, "name=Name company=Company"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb, _, err := openText(t, tc.header, Options{Columns: tc.columns})
			if err != nil {
				t.Fatal(err)
			}
			if got := fields(tb); got != tc.want {
				t.Errorf("person columns %q; want %q", got, tc.want)
			}
		})
	}
}

// TestPersonCells: a row's person is read from its cells, spaces folded
// and placeholders empty; city, state and country make one location, a
// location cell wins over them.
func TestPersonCells(t *testing.T) {
	tb, rows, err := openText(t, "First Name,Last Name,Company,City,State,Country,Title\n"+
		"  Ana , García ,Initech,Austin,TX,,n/a\n"+
		"Bo,Li,-,,,Germany,CTO\n", Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []Person{
		{First: "Ana", Last: "García", Company: "Initech", Location: "Austin, TX"},
		{First: "Bo", Last: "Li", Location: "Germany", Title: "CTO"},
	}
	for i, r := range rows {
		if p := PersonOf(tb.People(), r.Cells); p != want[i] {
			t.Errorf("row %d: %+v; want %+v", r.Num, p, want[i])
		}
		if got := Names(tb.People(), r.Cells); got != want[i].Named() {
			t.Errorf("row %d: Names %v; Named %v", r.Num, got, want[i].Named())
		}
	}
	if !want[0].Named() || want[1].Named() {
		t.Errorf("Named: %v %v; want true false (the second has no company)", want[0].Named(), want[1].Named())
	}
}

// TestPersonOverrideErrors: a --column of a person field names a column
// that exists and holds no identifiers; ParseOptions takes the fields in
// the spellings a user types.
func TestPersonOverrideErrors(t *testing.T) {
	for _, tc := range []struct {
		columns []string
		want    string
	}{
		{[]string{"company=Employer"}, `no column named "Employer"`},
		{[]string{"name=Email"}, `column "Email" holds identifiers`},
		{[]string{"company=Name", "company=Org"}, "company is already given"},
	} {
		_, _, err := openText(t, "Name,Org,Email\nAna,Initech,ana@initech.example\n", Options{Columns: tc.columns})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v; want an error with %q", tc.columns, err, tc.want)
		}
	}
	opts, err := ParseOptions("", []string{"First-Name=Given", "last_name=Family", "COMPANY=Org"}, "", nil)
	if err != nil || len(opts.Columns) != 3 {
		t.Errorf("ParseOptions: %v, %v", opts.Columns, err)
	}
	if _, err := ParseOptions("", []string{"employer=Org"}, "", nil); err == nil || !strings.Contains(err.Error(), "first_name") {
		t.Errorf("an unknown field: %v; want the fields listed", err)
	}
	if f, ok := parseField("First Name"); !ok || f != sheet.FieldFirstName {
		t.Errorf("parseField: %q %v", f, ok)
	}
}

// TestPlaceholder: the quick test by first byte lets every placeholder
// through, in any case, and no name.
func TestPlaceholder(t *testing.T) {
	for p := range placeholders {
		for _, v := range []string{p, strings.ToUpper(p)} {
			if !IsPlaceholder(v) {
				t.Errorf("%q is not taken for a placeholder", v)
			}
		}
	}
	for _, v := range []string{"Nina", "Acme", "Ana", "Ünal", "Éric"} {
		if IsPlaceholder(v) {
			t.Errorf("%q is taken for a placeholder", v)
		}
	}
}

// TestHeaderLanguages reads the same people under the headers of the
// exports of each language: a column headed as the whole name beside a
// first-name column is the family name, beside a family-name column the
// first name, and every sheet gives the same persons as English headers.
func TestHeaderLanguages(t *testing.T) {
	type person struct{ first, last, company, city string }
	people := []person{{"Hans", "Müller", "Oakworth GmbH", "München"}, {"Anna", "de la Cruz", "Acme", "Madrid"}}
	for _, tc := range []struct {
		lang   string
		header string
		cells  func(p person) string
	}{
		{"English", "First Name,Last Name,Company,City", func(p person) string { return p.first + "," + p.last + "," + p.company + "," + p.city }},
		{"German", "Name;Vorname;Firma;Stadt", func(p person) string { return p.last + ";" + p.first + ";" + p.company + ";" + p.city }},
		{"French", "Nom;Prénom;Société;Ville", func(p person) string { return p.last + ";" + p.first + ";" + p.company + ";" + p.city }},
		{"Dutch", "Naam;Voornaam;Bedrijf;Plaats", func(p person) string { return p.last + ";" + p.first + ";" + p.company + ";" + p.city }},
		{"Italian", "Nome;Cognome;Azienda;Città", func(p person) string { return p.first + ";" + p.last + ";" + p.company + ";" + p.city }},
		{"Spanish", "Nombre;Apellido;Empresa;Ciudad", func(p person) string { return p.first + ";" + p.last + ";" + p.company + ";" + p.city }},
		{"Spanish, Apellidos first", "Apellidos;Nombre;Empresa;Ciudad", func(p person) string { return p.last + ";" + p.first + ";" + p.company + ";" + p.city }},
		{"Portuguese", "Nome;Sobrenome;Empresa;Cidade", func(p person) string { return p.first + ";" + p.last + ";" + p.company + ";" + p.city }},
		{"Polish", "Imię;Nazwisko;Firma;Miasto", func(p person) string { return p.first + ";" + p.last + ";" + p.company + ";" + p.city }},
		{"Swedish", "Förnamn;Efternamn;Företag;Stad", func(p person) string { return p.first + ";" + p.last + ";" + p.company + ";" + p.city }},
		{"Danish", "Navn;Fornavn;Virksomhed;By", func(p person) string { return p.last + ";" + p.first + ";" + p.company + ";" + p.city }},
		{"Norwegian", "Fornavn;Etternavn;Bedrift;Sted", func(p person) string { return p.first + ";" + p.last + ";" + p.company + ";" + p.city }},
		{"Finnish", "Etunimi;Sukunimi;Yritys;Kaupunki", func(p person) string { return p.first + ";" + p.last + ";" + p.company + ";" + p.city }},
		{"German, full names after all", "Name;Vorname;Firma;Stadt", func(p person) string {
			return p.first + " " + p.last + ";" + p.first + ";" + p.company + ";" + p.city
		}},
	} {
		text := tc.header + "\n"
		for _, p := range people {
			text += tc.cells(p) + "\n"
		}
		tb, rows, err := openText(t, text, Options{})
		if err != nil {
			t.Fatalf("%s: %v", tc.lang, err)
		}
		for i, row := range rows {
			got := PersonOf(tb.People(), row.Cells)
			want := people[i]
			first, last := got.First, got.Last
			if got.Name != "" {
				first, last, _ = strings.Cut(got.Name, " ")
			}
			if first != want.first || last != want.last || got.Company != want.company || got.Location != want.city {
				t.Errorf("%s: row %d read as %+v; want %+v (columns %s)", tc.lang, i+1, got, want, fields(tb))
			}
		}
	}
}

// Names answers what PersonOf's Named answers, on drawn rows: columns of
// every field in any order, repeated or paired, cells blank, spaced,
// placeholders, names in one cell or split, beyond the row's end.
func TestNamesSameAsPersonOf(t *testing.T) {
	values := []string{"", " ", "n/a", "N/A", "-", "unknown", "Ana", "Ana Lima", "Lima", "  Ana   Lima ", "Acme", "?", "Berlin", "CTO", "Ana\tLima"}
	for seed := uint64(1); seed <= 3000; seed++ {
		rng := rand.New(rand.NewPCG(seed, 35))
		var cols []PersonColumn
		for i := range rng.IntN(7) {
			c := PersonColumn{Field: sheet.Fields[rng.IntN(len(sheet.Fields))], Index: rng.IntN(8)}
			if i == 0 && rng.IntN(3) == 0 {
				c.By = sheet.ByPairing
			}
			cols = append(cols, c)
		}
		cells := make([]string, rng.IntN(8))
		for i := range cells {
			cells[i] = values[rng.IntN(len(values))]
		}
		if got, want := Names(cols, cells), PersonOf(cols, cells).Named(); got != want {
			t.Fatalf("seed %d: columns %+v, cells %q: Names says %v, PersonOf %+v", seed, cols, cells, got, PersonOf(cols, cells))
		}
	}
}
