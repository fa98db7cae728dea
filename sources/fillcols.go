package sources

import (
	"fmt"
	"slices"
	"strings"

	"github.com/enrich-dev/enrich/internal/fill"
	"github.com/enrich-dev/enrich/internal/ident"
	"github.com/enrich-dev/enrich/internal/sheet"
)

// FillColumn is a column of the sheet that holds a field a run may fill.
type FillColumn struct {
	Field  fill.Field
	Index  int    // 0-based
	Header string // the header cell as read
	// Work marks a column named as the work one (Work Email, Business
	// Phone): it takes only a contact the service marks work and rates
	// highest, never a personal or a less certain one.
	Work bool
	By   DetectedBy
}

// Header words that tell an e-mail or phone column's kind, in the
// languages of the exports enrich reads.
var (
	personalWords = wordSet("personal", "private", "privat", "prive", "personnel", "personnelle", "privado",
		"privada", "privato", "privata", "pessoal", "persoonlijk", "home", "particulier")
	workWords = wordSet("work", "business", "office", "corporate", "professional", "company", "geschaftlich",
		"geschaeftlich", "dienstlich", "beruflich", "buro", "buero", "professionnel", "professionnelle", "travail",
		"bureau", "trabajo", "laboral", "oficina", "lavoro", "ufficio", "aziendale", "werk", "zakelijk", "kantoor",
		"trabalho", "comercial", "direct", "directdial")
	mobileWords = wordSet("mobile", "mobil", "mobiel", "cell", "cellular", "cellphone", "handy", "portable",
		"movil", "celular", "cellulare", "telemovel", "gsm")
	// headlineKeys are header keys of a profile's headline.
	headlineKeys = wordSet("headline", "linkedinheadline", "profileheadline", "professionalheadline", "tagline",
		"titular", "titreduprofil", "titolo", "kopregel", "profilslogan")
)

func wordSet(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// personFills are the person fields a sheet's person column fills.
var personFills = map[sheet.Field]fill.Field{
	sheet.FieldName: fill.FullName, sheet.FieldFirstName: fill.FirstName, sheet.FieldLastName: fill.LastName,
	sheet.FieldCompany: fill.Company, sheet.FieldLocation: fill.Location, sheet.FieldCity: fill.City,
	sheet.FieldCountry: fill.Country, sheet.FieldTitle: fill.Title,
}

// FillColumns returns the columns of the sheet a run may fill, one for
// each field at the most, in the order of fill.Fields: the identifier
// columns (an e-mail column is the work one, the personal one or a plain
// one by its header's words; a phone column the mobile one or the phone
// one), the person columns (the name, its parts, the company's name but
// not its web address, the title, the place) and a headline column; named
// holds the columns a user names (--fill-column FIELD=HEADER), which win.
func (t *Table) FillColumns(named map[fill.Field]string) ([]FillColumn, error) {
	fc := &fillColumns{t: t, byField: map[fill.Field]FillColumn{}, taken: map[int]bool{}}
	for f, header := range named {
		idx := matchHeader(t.layout, header)
		if len(idx) == 0 {
			return nil, fmt.Errorf("--fill-column %s=%s: no column named %q in %s; the columns are %s", f, header, header, t.layout.Path, quoteList(t.layout.Names))
		}
		fc.add(f, idx[0], hasAny(tokenSet(t.layout.Header[idx[0]]), workWords), ByOverride)
	}
	fc.identifiers()
	fc.contactHeaders()
	for _, p := range t.people {
		f, ok := personFills[p.Field]
		if !ok || p.Field == sheet.FieldCompany && companyWebsites[headerKey(p.Header)] {
			continue
		}
		fc.add(f, p.Index, false, p.By)
	}
	for i, h := range t.layout.Header {
		if headlineKeys[headerKey(h)] {
			fc.add(fill.Headline, i, false, ByHeader)
		}
	}
	var out []FillColumn
	for _, f := range fill.Fields {
		if c, ok := fc.byField[f]; ok {
			out = append(out, c)
		}
	}
	return out, nil
}

// fillColumns gathers a sheet's columns to fill: one for each field,
// never one column for two.
type fillColumns struct {
	t       *Table
	byField map[fill.Field]FillColumn
	taken   map[int]bool
}

// add takes column i for field f, unless either is taken already.
func (fc *fillColumns) add(f fill.Field, i int, work bool, by DetectedBy) {
	if _, ok := fc.byField[f]; ok || fc.taken[i] || i >= len(fc.t.layout.Header) {
		return
	}
	fc.byField[f] = FillColumn{Field: f, Index: i, Header: fc.t.layout.Header[i], Work: work, By: by}
	fc.taken[i] = true
}

// identifiers takes the identifier columns, left to right: an e-mail
// column is the personal one or the (work) e-mail by its header's words,
// a phone column the mobile one or the (work) phone.
func (fc *fillColumns) identifiers() {
	cols := fc.t.Columns()
	slices.SortFunc(cols, func(a, b Column) int { return a.Index - b.Index })
	for _, c := range cols {
		if c.Mixed || c.Index >= len(fc.t.layout.Header) {
			continue // a column of mixed identifiers is no one field
		}
		words := tokenSet(fc.t.layout.Header[c.Index])
		switch c.Kind {
		case ident.Email:
			if hasAny(words, personalWords) {
				fc.add(fill.PersonalEmail, c.Index, false, c.By)
			} else {
				fc.add(fill.Email, c.Index, hasAny(words, workWords), c.By)
			}
		case ident.Phone:
			if hasAny(words, mobileWords) {
				fc.add(fill.Mobile, c.Index, false, c.By)
			} else {
				fc.add(fill.Phone, c.Index, hasAny(words, workWords), c.By)
			}
		case ident.LinkedIn:
			fc.add(fill.LinkedIn, c.Index, false, c.By)
		}
	}
}

// contactHeaders takes the contact columns the sheet leaves empty, which
// are no identifier columns (nothing to look up in them): their headers
// name them.
func (fc *fillColumns) contactHeaders() {
	for i, h := range fc.t.layout.Header {
		if skipped(h) {
			continue
		}
		words := tokenSet(h)
		kind, ok := headerAliases[headerKey(h)]
		if ks := fuzzyKinds(h); !ok && len(ks) == 1 {
			kind, ok = ks[0], true // "Person - Email - Work"
		}
		switch {
		case hasAny(words, mobileWords) && (ok && kind == ident.Phone || !ok && len(words) <= 3):
			fc.add(fill.Mobile, i, false, ByHeader)
		case ok && kind == ident.Email && hasAny(words, personalWords):
			fc.add(fill.PersonalEmail, i, false, ByHeader)
		case ok && kind == ident.Email:
			fc.add(fill.Email, i, hasAny(words, workWords), ByHeader)
		case ok && kind == ident.Phone:
			fc.add(fill.Phone, i, hasAny(words, workWords), ByHeader)
		case ok && kind == ident.LinkedIn:
			fc.add(fill.LinkedIn, i, false, ByHeader)
		}
	}
}

// recordIDKeys are header keys of a CRM's own key for a row.
var recordIDKeys = []string{"recordid", "id", "contactid", "leadid", "crmid", "hubspotid", "hsobjectid",
	"personid", "salesforceid", "sfid", "pipedriveid", "externalid", "objectid", "kontaktid", "idcontact"}

// RecordIDColumn returns the column of the CRM's key of a row (Record ID,
// Id, Contact ID, Lead ID, crm_id), or the one header names, and whether
// there is one.
func (t *Table) RecordIDColumn(header string) (int, error) {
	if header != "" {
		idx := matchHeader(t.layout, header)
		if len(idx) == 0 {
			return -1, fmt.Errorf("--record-id %s: no column named %q in %s; the columns are %s", header, header, t.layout.Path, quoteList(t.layout.Names))
		}
		return idx[0], nil
	}
	if t.layout.Key != "" {
		// A database's table (or a file written into one): its rows are
		// named by their key.
		if i := slices.Index(t.layout.Header, t.layout.Key); i >= 0 {
			return i, nil
		}
	}
	for _, key := range recordIDKeys {
		for i, h := range t.layout.Header {
			if headerKey(h) == key {
				return i, nil
			}
		}
	}
	return -1, nil
}

// tokenSet is the set of a header's words, their accents dropped.
func tokenSet(h string) map[string]bool {
	words := map[string]bool{}
	for _, w := range headerTokens(h) {
		words[headerKey(w)] = true
	}
	return words
}

func hasAny(words, set map[string]bool) bool {
	for w := range words {
		if set[w] {
			return true
		}
	}
	return false
}

// skipped reports whether a header is enrich's own, or about something
// else than the person (negativeTokens): such a column is never filled
// unless named.
func skipped(h string) bool {
	if strings.HasPrefix(strings.ToLower(strings.TrimSpace(h)), "enrich_") {
		return true
	}
	for _, w := range headerTokens(h) {
		if negativeTokens[w] {
			return true
		}
	}
	return false
}

// Sample returns the non-empty cells of column i, as displayed, in the
// rows read to decide the columns (the first hundred or so): what a
// filled cell is written like (a phone in its neighbours' spelling).
// Call it before the rows are read.
func (t *Table) Sample(i int) []string {
	var out []string
	for _, r := range t.pending {
		if i < len(r.cells) && strings.TrimSpace(r.cells[i]) != "" {
			out = append(out, r.cells[i])
		}
	}
	return out
}
