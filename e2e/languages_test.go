package e2e

import (
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/enrich-dev/enrich/demo/namedraw"
)

// TestFindByNameHeaderLanguages writes one drawn attendee list (people by
// name, company and city, with the hard kinds mixed in: nicknames, short
// brands, typos, web addresses, namesakes' companies the city
// contradicts) under the headers of the exports of several languages,
// with ";" as European Excel writes it, and runs the binary on each: every
// language finds the same people as English headers, row for row, and no
// row shows someone else.
func TestFindByNameHeaderLanguages(t *testing.T) {
	t.Parallel()
	cfg := fastService(100000)
	cfg.SearchQueriesPerDay, cfg.SearchProfilesPerDay = 100000, 10000000
	cfg.People = 20000 // namesakes enough for rows their city contradicts
	type lang struct {
		name   string
		header []string
		cells  func(r namedraw.Row) []string
	}
	lastFirst := func(r namedraw.Row) []string { return []string{r.Last, r.First, r.Company, r.City} }
	firstLast := func(r namedraw.Row) []string { return []string{r.First, r.Last, r.Company, r.City} }
	langs := []lang{
		{"English", []string{"First Name", "Last Name", "Company", "City"}, firstLast},
		{"German", []string{"Name", "Vorname", "Firma", "Stadt"}, lastFirst},
		{"French", []string{"Nom", "Prénom", "Société", "Ville"}, lastFirst},
		{"Dutch", []string{"Naam", "Voornaam", "Bedrijf", "Plaats"}, lastFirst},
		{"Italian", []string{"Nome", "Cognome", "Azienda", "Città"}, firstLast},
		{"Spanish", []string{"Nombre", "Apellido", "Empresa", "Ciudad"}, firstLast},
		{"Portuguese", []string{"Nome", "Sobrenome", "Empresa", "Cidade"}, firstLast},
		{"Polish", []string{"Imię", "Nazwisko", "Firma", "Miasto"}, firstLast},
		{"Swedish", []string{"Förnamn", "Efternamn", "Företag", "Stad"}, firstLast},
	}
	var english []string // each row's status and uid under English headers
	var truth []namedraw.Row
	for i, l := range langs {
		j := newJob(t, cfg, 0) // an emulator of its own: no run meets another's duplicate_query
		if truth == nil {
			d := namedraw.New(j.emu.World(), rand.New(rand.NewPCG(31, 31)))
			for range 50 {
				truth = append(truth, d.DrawMix(namedraw.Mix{City: true}))
			}
		}
		var text strings.Builder
		text.WriteString(strings.Join(l.header, ";") + "\n")
		for _, r := range truth {
			text.WriteString(strings.Join(l.cells(r), ";") + "\n")
		}
		if err := os.WriteFile(j.input, []byte(text.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		res := j.enrich(t, j.args()...)
		if res.code != 0 {
			t.Fatalf("%s: exit %d\n%s", l.name, res.code, res.stderr)
		}
		header, rows := readCSVComma(t, j.output, ';')
		status, uid, why := column(t, header, "enrich_status"), column(t, header, "enrich_uid"), column(t, header, "enrich_error")
		found := 0
		for k, row := range rows {
			got := row[status] + " " + row[uid]
			if row[status] == "success" {
				found++
				if row[uid] != truth[k].UID {
					t.Errorf("%s: row %d (%q) shows %s; it names %s (%s)", l.name, k+2, l.cells(truth[k]), row[uid], truth[k].UID, truth[k].Kind)
				}
			} else if row[why] == "" {
				t.Errorf("%s: row %d (%q) is %s without a reason", l.name, k+2, l.cells(truth[k]), row[status])
			}
			if i == 0 {
				english = append(english, got)
			} else if got != english[k] {
				t.Errorf("%s: row %d (%q) is %q; under English headers %q", l.name, k+2, l.cells(truth[k]), got, english[k])
			}
		}
		if found < len(rows)/2 {
			t.Errorf("%s: only %d of %d rows found", l.name, found, len(rows))
		}
		t.Logf("%s: %d of %d rows found", l.name, found, len(rows))
	}
	kinds := map[namedraw.Kind]bool{}
	for _, r := range truth {
		kinds[r.Kind] = true
	}
	if !kinds[namedraw.Contradicted] || !slices.ContainsFunc(truth, func(r namedraw.Row) bool { return r.Kind != namedraw.Plain && r.Kind != namedraw.Contradicted }) {
		t.Errorf("the list drew no contradicted row or no near miss: %v", kinds)
	}
}
