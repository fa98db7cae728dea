// Package leads makes lead sheets from the emulator's world, messy the way
// real CRM exports are, together with the outcome each row must get. The
// demo shows it; the end-to-end tests and benchmarks check against it.
package leads

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/enrich-dev/enrich/demo/namedraw"
	"github.com/enrich-dev/enrich/emulator/world"
)

// Header is the sheet's header row. Its names are the ones export tools
// write, so that columns are found by header.
var Header = []string{"First Name", "Last Name", "Company", "LinkedIn URL", "Email", "Phone", "Profile UID", "Notes"}

// Column positions in Header.
const (
	colFirst = iota
	colLast
	colCompany
	colLinkedIn
	colEmail
	colPhone
	colUID
	colNotes
)

// DefaultRegion is the region the sheet's national phone numbers are
// written in; a run must be given it as --default-region.
const DefaultRegion = "US"

// Lead is one row and what enriching it must give.
type Lead struct {
	Cells []string
	// Status is the expected enrich_status; UID the uid of the person found
	// when it is success.
	Status string
	UID    string
}

// Generate returns n rows drawn from w, deterministic for a seed. People
// are drawn from the first people of the world, so that small worlds and
// large ones give the same sheets.
func Generate(w *world.World, n int, seed uint64) []Lead {
	g := &gen{w: w, r: rand.New(rand.NewPCG(seed, 0x6c656164)), n: n}
	leads := make([]Lead, 0, n)
	for len(leads) < n {
		leads = append(leads, g.lead(leads))
	}
	return leads
}

type gen struct {
	w    *world.World
	r    *rand.Rand
	n    int
	next int // next person index to use
}

// person returns the next person of the world that has what need asks.
func (g *gen) person(need func(*world.Person) bool) *world.Person {
	for tries := 0; tries < g.w.Len(); tries++ {
		p := g.w.Person(g.next % g.w.Len())
		g.next++
		if need(p) {
			return p
		}
	}
	panic("leads: the world has nobody with the needed identifiers")
}

func hasEmail(p *world.Person) bool { return len(p.Emails) > 0 }
func hasPhone(p *world.Person) bool { return len(p.Phones) > 0 }
func anyone(*world.Person) bool     { return true }

// lead makes one row; earlier rows may be repeated as duplicates.
func (g *gen) lead(earlier []Lead) Lead {
	x := g.r.Float64()
	switch {
	case x < 0.45:
		p := g.person(anyone)
		return g.row(p, g.urlSpelling(p.ProfileURL()), "", "", "", "success")
	case x < 0.57:
		p := g.person(hasEmail)
		return g.row(p, "", g.emailSpelling(p.Emails[0].Address), "", "", "success")
	case x < 0.64:
		p := g.person(hasPhone)
		return g.row(p, "", "", g.phoneSpelling(p.Phones[0]), "", "success")
	case x < 0.67:
		p := g.person(anyone)
		return g.row(p, "", "", "", strings.ToUpper(p.UID.String()), "success")
	case x < 0.73:
		// The profile URL is out of date; the e-mail still finds them.
		p := g.person(hasEmail)
		return g.row(p, g.unknownURL(), p.Emails[0].Address, "", "", "success")
	case x < 0.81 && len(earlier) > 0:
		// The same person again, spelled differently.
		prev := earlier[g.r.IntN(len(earlier))]
		if prev.Status == "success" && prev.Cells[colLinkedIn] != "" {
			c := append([]string(nil), prev.Cells...)
			c[colLinkedIn] = strings.ToUpper(strings.TrimPrefix(strings.TrimSpace(c[colLinkedIn]), "https://"))
			c[colNotes] = "met twice"
			return Lead{Cells: c, Status: prev.Status, UID: prev.UID}
		}
		return g.lead(earlier)
	case x < 0.89:
		return g.stranger()
	case x < 0.96:
		return g.invalid()
	default:
		return Lead{Cells: []string{"", "", "Acme Ltd", "", "", "", "", "no contact details"}, Status: "no_identifier"}
	}
}

// row fills a row for person p with the given identifier cells.
func (g *gen) row(p *world.Person, url, email, phone, uid, status string) Lead {
	company := ""
	if j, ok := p.CurrentJob(); ok {
		company = g.w.Company(j.Company).Name
	}
	return Lead{
		Cells:  []string{p.FirstName, p.LastName, company, url, email, phone, uid, ""},
		Status: status,
		UID:    p.UID.String(),
	}
}

// stranger is a person the service does not know: every identifier is
// valid and finds nobody.
func (g *gen) stranger() Lead {
	id := g.r.Uint32()
	return Lead{
		Cells: []string{"Pat", "Nobody", "Unknown Co", fmt.Sprintf("https://www.linkedin.com/in/pat-nobody-%08x", id),
			fmt.Sprintf("pat.nobody.%08x@example.net", id), "", "", "cold lead"},
		Status: "not_found",
	}
}

// invalid is a row whose identifiers are all unusable, or placeholders
// that say there is none.
func (g *gen) invalid() Lead {
	cells := []string{"Sam", "Broken", "", "", "", "", "", "bad data"}
	switch g.r.IntN(4) {
	case 0:
		cells[colLinkedIn] = "https://www.linkedin.com/pub/sam-broken/1/2/3"
	case 1:
		cells[colEmail] = "sam at broken dot com"
	case 2:
		cells[colPhone] = "4.15555E+11"
	default:
		cells[colLinkedIn], cells[colEmail] = "n/a", "N/A"
		return Lead{Cells: cells, Status: "no_identifier"}
	}
	return Lead{Cells: cells, Status: "invalid_identifier"}
}

func (g *gen) unknownURL() string {
	return fmt.Sprintf("https://www.linkedin.com/in/gone-%08x", g.r.Uint32())
}

// urlSpelling writes a profile URL the ways sheets hold them.
func (g *gen) urlSpelling(u string) string {
	slug := strings.TrimPrefix(u, "https://www.linkedin.com/in/")
	switch g.r.IntN(8) {
	case 0:
		return "http://linkedin.com/in/" + slug
	case 1:
		return "linkedin.com/in/" + slug + "/"
	case 2:
		return "https://de.linkedin.com/in/" + slug + "?trk=public_profile"
	case 3:
		return "https://m.linkedin.com/in/" + slug
	case 4:
		return "HTTPS://WWW.LINKEDIN.COM/in/" + slug + "#experience"
	case 5:
		return " www.linkedin.com/in/" + slug + " "
	}
	return u
}

func (g *gen) emailSpelling(e string) string {
	switch g.r.IntN(3) {
	case 0:
		return strings.ToUpper(e)
	case 1:
		return "  " + e + " "
	}
	return e
}

// phoneSpelling writes a phone as people type them: spaced, dashed, with a
// 00 prefix, or in US national format.
func (g *gen) phoneSpelling(ph world.Phone) string {
	e164 := ph.E164()
	digits := e164[1:]
	if strings.HasPrefix(digits, "1") && len(digits) == 11 && g.r.IntN(2) == 0 {
		return fmt.Sprintf("(%s) %s-%s", digits[1:4], digits[4:7], digits[7:])
	}
	switch g.r.IntN(3) {
	case 0:
		return "00" + digits
	case 1:
		var b strings.Builder
		b.WriteString("+")
		for i, c := range digits {
			if i > 0 && i%3 == 0 {
				b.WriteByte(' ')
			}
			b.WriteRune(c)
		}
		return b.String()
	}
	return e164
}

// NameOnly returns n rows that name people only by name and company, as
// a conference's attendee list does, each of a person alone of that name
// at that company (current, or one they left): a run finds every one by
// name. Deterministic for a seed.
func NameOnly(w *world.World, n int, seed uint64) []Lead {
	d := namedraw.New(w, rand.New(rand.NewPCG(seed, 0x6e616d65)))
	out := make([]Lead, 0, n)
	for len(out) < n {
		r := d.Draw(0)
		if !r.Unique {
			continue
		}
		p := w.Person(r.Person)
		out = append(out, Lead{
			Cells:  []string{p.FirstName, p.LastName, r.Company, "", "", "", "", "met at the booth"},
			Status: "success",
			UID:    r.UID,
		})
	}
	return out
}
