package sources

import (
	"fmt"
	"slices"
	"strings"

	"github.com/enrich-dev/enrich/internal/sheet"
)

// PersonColumn is a column that says something of the person a row names:
// the name, the company, the place or the title.
type PersonColumn = sheet.PersonColumn

// Person is what a row's person columns say.
type Person = sheet.Person

// personAliases are header keys (see headerKey) that name a person field
// outright, in the spellings of CRM, event and prospecting exports, in
// English and the languages of the European offices that use them. The
// company's web address is a company column too, taken only when the
// sheet has no column of its name (companyWebsites).
var personAliases = map[string]sheet.Field{}

// companyWebsites are the keys of company columns that hold a web address
// or domain rather than a name.
var companyWebsites = map[string]bool{}

func init() {
	for field, keys := range map[sheet.Field][]string{
		sheet.FieldName: {"name", "fullname", "contactname", "personname", "leadname", "prospectname",
			"attendee", "attendeename", "participant", "participantname", "speaker", "speakername",
			"candidatename", "membername", "customername", "nom", "nomcomplet", "nombre", "nombrecompleto",
			"vollername", "nome", "nomecompleto", "naam", "volledigenaam", "navn", "namn", "nimi",
			"imieinazwisko", "nomeecognome", "nombreyapellidos", "nomeesobrenome", "nometeenom", "fuldtnavn"},
		sheet.FieldFirstName: {"firstname", "first", "fname", "givenname", "forename", "prenom", "vorname",
			"nombredepila", "primernombre", "voornaam", "contactfirstname", "leadfirstname", "imie", "fornamn",
			"fornavn", "etunimi", "primeironome"},
		sheet.FieldLastName: {"lastname", "last", "lname", "surname", "familyname", "nomdefamille", "nachname",
			"familienname", "apellido", "apellidos", "cognome", "achternaam", "contactlastname", "leadlastname",
			"sobrenome", "nazwisko", "efternamn", "efternavn", "etternavn", "sukunimi", "ultimonome"},
		sheet.FieldCompany: {"company", "companyname", "organization", "organisation", "organizationname",
			"organisationname", "employer", "employername", "account", "accountname", "firm", "business",
			"currentcompany", "entreprise", "societe", "nomdelentreprise", "firma", "unternehmen", "firmenname",
			"empresa", "azienda", "bedrijf", "bedrijfsnaam", "foretag", "virksomhed", "bedrift", "yritys",
			"organizacao", "organizzazione", "organisatie", "organizacion", "organizacja", "personorganization",
			"personorganisation"},
		sheet.FieldLocation: {"location", "personlocation", "place", "lieu", "standort", "ubicacion", "localizacao"},
		sheet.FieldCity: {"city", "town", "ville", "stadt", "ort", "ciudad", "citta", "plaats", "personcity",
			"stad", "by", "miasto", "cidade", "kaupunki", "wohnort", "localite", "localidad", "sted"},
		sheet.FieldState: {"state", "province", "stateprovince", "region", "bundesland", "estado", "provincia"},
		sheet.FieldCountry: {"country", "countryname", "countryregion", "countryorregion", "pays", "land", "pais",
			"paese", "kraj"},
		sheet.FieldTitle: {"title", "jobtitle", "position", "role", "jobrole", "designation", "currenttitle",
			"poste", "titre", "fonction", "berufsbezeichnung", "cargo", "puesto", "ruolo", "functie",
			"stanowisko", "befattning", "stilling", "tittel", "funcao", "qualifica", "personjobtitle", "persontitle"},
	} {
		for _, k := range keys {
			personAliases[k] = field
		}
	}
	for _, k := range []string{"website", "companywebsite", "companyurl", "companydomain", "domain", "web",
		"webaddress", "homepage", "url", "companywebaddress", "websiteurl", "siteweb", "webseite", "sitio"} {
		personAliases[k] = sheet.FieldCompany
		companyWebsites[k] = true
	}
}

// parseField reads the field of a --column override, in the spellings a
// user types ("first_name", "First-Name", "firstname").
func parseField(s string) (sheet.Field, bool) {
	key := headerKey(s)
	for _, f := range sheet.Fields {
		if headerKey(string(f)) == key {
			return f, true
		}
	}
	return "", false
}

// detectPeople decides which columns say what of the person: overrides
// first, then headers, one column for each field, never a column that
// holds identifiers (taken). A company's name wins over its web address;
// otherwise the leftmost column wins.
func detectPeople(layout Layout, overrides []override, taken map[int]bool) ([]PersonColumn, error) {
	byField := map[sheet.Field]PersonColumn{}
	used := map[int]bool{} // columns named by an override
	for _, o := range overrides {
		if o.field == "" {
			continue
		}
		idx := matchHeader(layout, o.header)
		switch {
		case len(idx) == 0:
			return nil, &missingColumnError{spec: o.spec, header: o.header, layout: layout}
		case taken[idx[0]]:
			return nil, fmt.Errorf("column override %q: column %q holds identifiers; name another column", o.spec, layout.Names[idx[0]])
		}
		if prev, ok := byField[o.field]; ok && prev.Index != idx[0] {
			return nil, fmt.Errorf("column override %q: %s is already given as column %q", o.spec, o.field, prev.Name)
		}
		byField[o.field] = PersonColumn{Field: o.field, Index: idx[0], By: ByOverride}
		used[idx[0]] = true
	}
	website := map[sheet.Field]bool{} // the column taken is a web address
	for i, h := range layout.Header {
		key := headerKey(h)
		field, ok := personAliases[key]
		if !ok || taken[i] || used[i] || strings.HasPrefix(strings.ToLower(strings.TrimSpace(h)), "enrich_") {
			continue
		}
		prev, had := byField[field]
		switch {
		case had && prev.By == ByOverride:
			continue
		case had && !(website[field] && !companyWebsites[key]):
			continue // the leftmost, unless a name comes after a web address
		}
		byField[field] = PersonColumn{Field: field, Index: i, By: ByHeader}
		website[field] = companyWebsites[key]
	}
	pairName(byField)
	var cols []PersonColumn
	for _, f := range sheet.Fields {
		if c, ok := byField[f]; ok {
			if c.Index < len(layout.Header) {
				c.Header = layout.Header[c.Index]
			}
			c.Name = layout.Name(c.Index)
			cols = append(cols, c)
		}
	}
	return cols, nil
}

// pairName reads a column headed as the whole name by its pair: beside a
// first-name column and no family-name column it is the family name
// ("Name;Vorname", "Nom;Prénom", "Naam;Voornaam", "Navn;Fornavn"),
// beside a family-name column and no first-name column the first name
// ("Nome;Cognome", "Nombre;Apellido", "Nome;Sobrenome"). A column named
// by an override keeps what the override says.
func pairName(byField map[sheet.Field]PersonColumn) {
	name, ok := byField[sheet.FieldName]
	if !ok || name.By == ByOverride {
		return
	}
	_, first := byField[sheet.FieldFirstName]
	_, last := byField[sheet.FieldLastName]
	var as sheet.Field
	switch {
	case first && !last:
		as = sheet.FieldLastName
	case last && !first:
		as = sheet.FieldFirstName
	default:
		return
	}
	delete(byField, sheet.FieldName)
	name.Field, name.By = as, sheet.ByPairing
	byField[as] = name
}

// PersonOf reads what a row's person columns say (Table.People); a
// placeholder ("n/a", "-") says nothing. The strings may share the cells'
// memory.
func PersonOf(cols []PersonColumn, cells []string) Person {
	var p Person
	var city, state, country string
	for _, c := range cols {
		if c.Index >= len(cells) {
			continue
		}
		v := oneLine(cells[c.Index])
		if IsPlaceholder(v) {
			continue
		}
		switch c.Field {
		case sheet.FieldName:
			p.Name = v
		case sheet.FieldFirstName:
			p.First = v
		case sheet.FieldLastName:
			p.Last = v
		case sheet.FieldCompany:
			p.Company = v
		case sheet.FieldLocation:
			p.Location = v
		case sheet.FieldCity:
			city = v
		case sheet.FieldState:
			state = v
		case sheet.FieldCountry:
			country = v
		case sheet.FieldTitle:
			p.Title = v
		}
	}
	if paired(cols) {
		p = unpair(p)
	}
	if p.Location == "" {
		var parts []string
		for _, s := range []string{city, state, country} {
			if s != "" {
				parts = append(parts, s)
			}
		}
		p.Location = strings.Join(parts, ", ")
	}
	return p
}

// paired reports whether a column was read as half of the name by its
// pair (pairName).
func paired(cols []PersonColumn) bool {
	for _, c := range cols {
		if c.By == sheet.ByPairing {
			return true
		}
	}
	return false
}

// unpair reads a row of a sheet whose name column was read by its pair
// as one whose cell holds the whole name after all, when it does: the
// cell read as the family name begins with the first name, or the one
// read as the first name ends with the family name.
func unpair(p Person) Person {
	switch {
	case p.First == "" || p.Last == "":
	case hasWords(p.Last, p.First, true):
		p.Name, p.First, p.Last = p.Last, "", ""
	case hasWords(p.First, p.Last, false):
		p.Name, p.First, p.Last = p.First, "", ""
	}
	return p
}

// hasWords reports whether cell begins (or ends) with the words of part
// and has more besides.
func hasWords(cell, part string, begins bool) bool {
	c, w := strings.Fields(strings.ToLower(cell)), strings.Fields(strings.ToLower(part))
	if len(c) <= len(w) {
		return false
	}
	if begins {
		return slices.Equal(c[:len(w)], w)
	}
	return slices.Equal(c[len(c)-len(w):], w)
}

// fieldList names the person fields for a message: "name, first_name, …".
func fieldList() string {
	names := make([]string, len(sheet.Fields))
	for i, f := range sheet.Fields {
		names[i] = string(f)
	}
	return strings.Join(names, ", ")
}

// FindsByName reports whether the table's person columns give what a
// search by name needs: a name (or first and last name) and a company.
func (t *Table) FindsByName() bool {
	has := map[sheet.Field]bool{}
	for _, c := range t.people {
		has[c.Field] = true
	}
	return (has[sheet.FieldName] || has[sheet.FieldFirstName] && has[sheet.FieldLastName]) && has[sheet.FieldCompany]
}

// oneLine returns a cell's text trimmed, with each run of spaces, tabs and
// line breaks inside it one space; a cell that has none is not copied.
func oneLine(s string) string {
	s = strings.TrimSpace(s)
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '\t' || c == '\n' || c == '\r' || c == ' ' && i+1 < len(s) && s[i+1] == ' ' {
			return strings.Join(strings.Fields(s), " ")
		}
	}
	return s
}

// IsPlaceholder reports whether a trimmed cell says it holds nothing
// ("n/a", "-", "unknown"…). A cell that cannot be a placeholder by its
// first byte is not lowered:
// readers ask this of every name cell of a million rows.
func IsPlaceholder(v string) bool {
	if v == "" {
		return true
	}
	if len(v) > maxPlaceholder || strings.IndexByte("-?.#nNuU\xe2", v[0]) < 0 {
		return false
	}
	return placeholders[strings.ToLower(v)]
}

// Names reports whether a row's person columns give a name and a company
// (Person.Named of PersonOf), reading only those columns: it builds no
// person. PersonOf's reading of a name split over two columns (unpair)
// moves a name between fields but never makes a named person unnamed
// or the reverse, so it is not needed here.
func Names(cols []PersonColumn, cells []string) bool {
	var name, first, last, company bool
	for _, c := range cols {
		if c.Index >= len(cells) {
			continue
		}
		var has *bool
		switch c.Field {
		case sheet.FieldName:
			has = &name
		case sheet.FieldFirstName:
			has = &first
		case sheet.FieldLastName:
			has = &last
		case sheet.FieldCompany:
			has = &company
		default:
			continue
		}
		if !*has && !IsPlaceholder(oneLine(cells[c.Index])) {
			*has = true
		}
	}
	return (name || first && last) && company
}
