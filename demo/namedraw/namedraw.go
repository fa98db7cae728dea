// Package namedraw draws rows that name people only by name and company
// from the emulator's world, as sheets write them (accents stripped, upper
// case, "Last, First", honorifics and degrees, legal forms dropped or
// added, "The", the company's web address, a company the person left, the
// city), with the truth of who each row is: the generative tests and the
// benchmark of finding by name check every match against it.
//
// DrawMix and DrawKind draw the kinds of rows that make finding hard
// (see Kinds): nicknames, short brands and typos of companies, names
// respelt, credentials, names family first, namesakes' companies that
// the row's city contradicts, people the world does not know; a middle
// initial, a given name as an initial or written as an e-mail address
// does, umlauts written out, titles of seniority words alone, a
// namesake's name and company under a title of other work, people whose
// search profile hides their name, domains of companies named by
// initials, a short word of a company mistyped, cities in their own
// language.
package namedraw

import (
	"math/rand/v2"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/enrich-dev/enrich/emulator/world"
	"github.com/enrich-dev/enrich/internal/match"
)

// Row is a drawn row and its truth.
type Row struct {
	Name        string // the full name, or "" when First and Last give it
	First, Last string
	Company     string
	City        string // "" when the row gives none
	Title       string // "" when the row gives none

	// Person is the index in the world of the person the row was drawn
	// from, or -1 for a person the world does not know (a made-up name
	// at a real company, which nobody of the world agrees with: such a
	// row must never be matched).
	Person int
	UID    string // the person's uid, or ""
	Past   bool   // the company is one the person left
	// Kind is what makes the row hard, for rows of DrawMix; "" for Draw.
	Kind Kind
	// Unique says the person is the only one of the world whose name
	// agrees with the row's and who works or worked at a company of that
	// name: the row can be found by name and company alone.
	Unique bool
}

// Drawer draws rows from one world.
type Drawer struct {
	w        *world.World
	rng      *rand.Rand
	byFamily map[string][]int32 // people by each folded word of their family name
	keys     map[string]bool    // every company's name as match.CompanyKey reads it
	// pools are, for each kind few people lend themselves to, the groups
	// of people who do (see lenders), gathered at the first draw.
	pools map[Kind][][]int32
	bare  []string // see bareTitles
}

// New returns a drawer of rows from w, drawn by rng.
func New(w *world.World, rng *rand.Rand) *Drawer {
	d := &Drawer{w: w, rng: rng, byFamily: map[string][]int32{}, keys: map[string]bool{}, pools: map[Kind][][]int32{}}
	for _, c := range w.Companies() {
		d.keys[match.CompanyKey(c.Name)] = true
	}
	for i := range w.Len() {
		for _, f := range strings.Fields(match.Fold(w.Person(i).LastName)) {
			d.byFamily[f] = append(d.byFamily[f], int32(i))
		}
	}
	return d
}

// Draw draws one row: one in unknown (0: never) is of a person the world
// does not know.
func (d *Drawer) Draw(unknown int) Row {
	for {
		i := d.rng.IntN(d.w.Len())
		p := d.w.Person(i)
		if len(p.Jobs) == 0 {
			continue
		}
		job := 0
		if len(p.Jobs) > 1 && d.rng.IntN(4) == 0 {
			job = 1 + d.rng.IntN(len(p.Jobs)-1) // the sheet is older than the move
		}
		first, last := p.FirstName, p.LastName
		person, uid := i, p.UID.String()
		if unknown > 0 && d.rng.IntN(unknown) == 0 {
			// Someone the world does not know: another person's given
			// name with this family name, at this person's company.
			other := d.w.Person(d.rng.IntN(d.w.Len()))
			if match.Fold(other.FirstName) == match.Fold(first) {
				continue
			}
			first, person, uid = other.FirstName, -1, ""
		}
		c := d.w.Company(p.Jobs[job].Company)
		r := Row{Company: d.company(c), Person: person, UID: uid, Past: person >= 0 && !p.Jobs[job].Current}
		r.Name, r.First, r.Last = d.name(first, last)
		if d.rng.IntN(2) == 0 {
			r.City = d.w.Places()[p.City].Name
		}
		if d.rng.IntN(3) == 0 {
			r.Title = d.w.Titles()[p.Jobs[job].Title].Name
		}
		n := d.namesakes(match.ParseName(first+" "+last), c.Name)
		if person < 0 && (n > 0 || d.nicknamed(first, last, c.Name)) {
			continue // the made-up name is someone's there after all
		}
		r.Unique = person >= 0 && n == 1
		return r
	}
}

// namesakes counts the people whose name agrees with name and who work or
// worked at a company of the name company.
func (d *Drawer) namesakes(name match.Name, company string) int {
	key := match.CompanyKey(company)
	seen := map[int32]bool{}
	n := 0
	for _, f := range name.Family {
		for _, k := range d.byFamily[f] {
			if seen[k] {
				continue
			}
			seen[k] = true
			p := d.w.Person(int(k))
			if !match.NamesAgree(name, p.FullName) {
				continue
			}
			for _, j := range p.Jobs {
				if match.CompanyKey(d.w.Company(j.Company).Name) == key {
					n++
					break
				}
			}
		}
	}
	return n
}

// name writes a person's name as a sheet might: in one cell or two.
func (d *Drawer) name(first, last string) (full, f, l string) {
	if d.rng.IntN(3) == 0 {
		first, last = stripAccents(first), stripAccents(last)
	}
	if d.rng.IntN(4) == 0 {
		first, last = strings.ToUpper(first), strings.ToUpper(last)
	}
	switch d.rng.IntN(5) {
	case 0:
		return "", first, last
	case 1:
		return last + ", " + first, "", ""
	case 2:
		return "Dr. " + first + " " + last + ", PhD", "", ""
	}
	return first + " " + last, "", ""
}

// company writes a company as a sheet might.
func (d *Drawer) company(c *world.Company) string {
	switch d.rng.IntN(7) {
	case 0:
		return match.CompanyKey(c.Name) // the legal form dropped
	case 1:
		return strings.ToUpper(c.Name)
	case 2:
		if c.Domain != "" && strings.ReplaceAll(match.CompanyKey(c.Name), " ", "") == match.CompanyOf(c.Domain) {
			return "https://www." + c.Domain
		}
	case 3:
		if !strings.HasPrefix(c.Name, "The ") {
			return "The " + c.Name
		}
	case 4:
		if match.CompanyKey(c.Name) == match.Fold(c.Name) {
			return c.Name + ", Inc." // a legal form added
		}
	}
	return c.Name
}

func stripAccents(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		if !unicode.Is(unicode.Mn, r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}
