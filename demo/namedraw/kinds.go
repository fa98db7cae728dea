package namedraw

import (
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/enrich-dev/enrich/emulator/world"
	"github.com/enrich-dev/enrich/internal/match"
	"github.com/enrich-dev/enrich/internal/places"
)

// Kind is what makes a drawn row hard to find, as users' lists are.
type Kind string

// The kinds a Mix draws.
const (
	Plain        Kind = "plain"        // in the spellings Draw writes
	PastCompany  Kind = "past company" // a company the person left
	Unknown      Kind = "unknown"      // a person the world does not know
	Contradicted Kind = "contradicted" // a namesake's company, the row's own city: never that namesake
	Nickname     Kind = "nickname"     // Bob for Robert
	ShortBrand   Kind = "short brand"  // Oakworth for Oakworth Software
	CompanyTypo  Kind = "company typo" // two letters swapped
	Respelt      Kind = "spelling"     // Mueller for Müller, AlQahtani for Al-Qahtani
	FirstSurname Kind = "first surname"
	Credentials  Kind = "credentials"  // Dipl.-Ing., Dr. med., , RN, BSN
	FamilyFirst  Kind = "family first" // LIN Che-Wei
	WebAddress   Kind = "web address"  // the company as its domain
)

// Kinds lists every kind, in the order reports show them.
var Kinds = []Kind{Plain, PastCompany, Unknown, Contradicted, Nickname, ShortBrand, CompanyTypo, Respelt,
	FirstSurname, Credentials, FamilyFirst, WebAddress}

// Mix says what a sheet's columns give, which decides the kinds it can
// hold: a contradicted row needs its city.
type Mix struct {
	City, Title bool // the sheet has a city, a title column
	Web         bool // the sheet gives companies only as web addresses
}

// weights of the kinds in a mix, in per mille: mostly plain rows, as
// lists are, with every hard kind present.
var weights = map[Kind]int{Plain: 440, PastCompany: 100, Unknown: 70, Contradicted: 150, Nickname: 60,
	ShortBrand: 50, CompanyTypo: 40, Respelt: 40, FirstSurname: 30, Credentials: 50, FamilyFirst: 40}

// DrawMix draws one row of a kind drawn by the mix's weights. The row
// fills Name and First and Last alike, so that a sheet of either shape
// takes it; City and Title are filled only when the mix has them.
func (d *Drawer) DrawMix(m Mix) Row {
	for {
		// A kind few people lend themselves to is tried on many before
		// another is drawn, so that each kind keeps its weight.
		k := d.kind(m)
		for range 200 {
			if r, ok := d.DrawKind(k, m); ok {
				return r
			}
		}
	}
}

func (d *Drawer) kind(m Mix) Kind {
	total := 0
	for _, k := range Kinds {
		total += weights[k]
	}
	n := d.rng.IntN(total)
	for _, k := range Kinds {
		if n -= weights[k]; n < 0 {
			if k == Contradicted && !m.City {
				return Plain
			}
			return k
		}
	}
	return Plain
}

// DrawKind draws one row of kind k, or reports that the person drawn does
// not lend itself to it (draw again).
func (d *Drawer) DrawKind(k Kind, m Mix) (Row, bool) {
	i := d.rng.IntN(d.w.Len())
	p := d.w.Person(i)
	if len(p.Jobs) == 0 {
		return Row{}, false
	}
	job := 0
	if k == PastCompany {
		if len(p.Jobs) < 2 {
			return Row{}, false
		}
		job = 1 + d.rng.IntN(len(p.Jobs)-1)
	}
	c := d.w.Company(p.Jobs[job].Company)
	first, last := p.FirstName, p.LastName
	r := Row{Kind: k, Person: i, UID: p.UID.String(), Past: !p.Jobs[job].Current, Company: c.Name}
	if m.City {
		r.City = d.w.Places()[p.City].Name
	}
	if m.Title {
		r.Title = d.w.Titles()[p.Jobs[job].Title].Name
	}
	if !d.alter(k, &r, c, &first, &last) {
		return Row{}, false
	}
	if m.Web && k != WebAddress {
		if c.Domain == "" || k == ShortBrand || k == CompanyTypo || k == Contradicted {
			return Row{}, false
		}
		r.Company = c.Domain
	}
	r.First, r.Last, r.Name = first, last, first+" "+last
	switch k {
	case Credentials:
		pre, post := credential(d.rng)
		r.Name = strings.TrimSpace(pre + " " + first + " " + last + post)
		r.First = strings.TrimSpace(pre + " " + first)
		r.Last = last + post
	case FamilyFirst:
		r.Name = strings.ToUpper(last) + " " + first
	}
	switch k {
	case Nickname, Respelt, FirstSurname:
		// The name as written must not be someone else's there.
		if d.namesakes(match.ParseName(first+" "+last), c.Name) > 0 {
			return Row{}, false
		}
	}
	if k != Unknown && k != Contradicted {
		r.Unique = d.namesakes(match.ParseName(p.FirstName+" "+p.LastName), d.w.Company(p.Jobs[job].Company).Name) == 1
	}
	return r, true
}

// alter makes the row hard the way its kind says, changing the name it
// gives in first and last; false when the person drawn cannot be made
// so.
func (d *Drawer) alter(k Kind, r *Row, c *world.Company, first, last *string) bool {
	switch k {
	case Unknown:
		other := d.w.Person(d.rng.IntN(d.w.Len()))
		if match.Fold(other.FirstName) == match.Fold(*first) {
			return false
		}
		*first, r.Person, r.UID = other.FirstName, -1, ""
		if d.namesakes(match.ParseName(*first+" "+*last), c.Name) > 0 || d.nicknamed(*first, *last, c.Name) {
			return false
		}
	case Contradicted:
		// A namesake's company: the row's person never worked there.
		_, at, ok := d.namesakeElsewhere(r.Person)
		if !ok || !d.allApart(r.Person, r.City, at) {
			return false
		}
		r.Company = d.w.Company(at).Name
		r.Title = ""
	case Nickname:
		nicks := match.Nicknames(*first)
		if len(nicks) == 0 || strings.Contains(*first, " ") {
			return false
		}
		*first = title(nicks[d.rng.IntN(len(nicks))])
	case ShortBrand:
		w := strings.Fields(match.CompanyKey(c.Name))
		if len(w) < 2 || len(w[0]) < 4 || d.keys[w[0]] {
			return false // a brand that is another company's whole name names that company
		}
		r.Company = strings.Fields(c.Name)[0]
	case CompanyTypo:
		name, ok := typo(d.rng, c.Name)
		if !ok {
			return false
		}
		r.Company = name
	case Respelt:
		l, ok := respell(*last)
		if !ok {
			return false
		}
		*last = l
	case FirstSurname:
		w := strings.Fields(*last)
		if len(w) != 2 || strings.Contains(*last, "-") {
			return false
		}
		*last = w[0]
	case WebAddress:
		if c.Domain == "" {
			return false
		}
		r.Company = []string{c.Domain, "www." + c.Domain, "https://www." + c.Domain}[d.rng.IntN(3)]
	}
	return true
}

// nicknamed reports whether someone of the family name at the company has
// a given name the nickname table relates to first: a row of that name
// would be theirs.
func (d *Drawer) nicknamed(first, last, company string) bool {
	nicks := match.Nicknames(first)
	key := match.CompanyKey(company)
	for _, f := range strings.Fields(match.Fold(last)) {
		for _, k := range d.byFamily[f] {
			o := d.w.Person(int(k))
			if !slices.Contains(nicks, match.Fold(o.FirstName)) {
				continue
			}
			if slices.ContainsFunc(o.Jobs, func(j world.Job) bool { return match.CompanyKey(d.w.Company(j.Company).Name) == key }) {
				return true
			}
		}
	}
	return false
}

// namesakeElsewhere finds someone of person i's name who works or worked
// at a company person i never did, and that company.
func (d *Drawer) namesakeElsewhere(i int) (int, int32, bool) {
	p := d.w.Person(i)
	name := match.ParseName(p.FirstName + " " + p.LastName)
	for _, f := range name.Family {
		for _, k := range d.byFamily[f] {
			o := d.w.Person(int(k))
			if int(k) == i || !match.NamesAgree(name, o.FullName) || len(o.Jobs) == 0 {
				continue
			}
			at := o.Jobs[0].Company
			key := match.CompanyKey(d.w.Company(at).Name)
			if !slices.ContainsFunc(p.Jobs, func(j world.Job) bool { return match.CompanyKey(d.w.Company(j.Company).Name) == key }) {
				return int(k), at, true
			}
		}
	}
	return 0, 0, false
}

// allApart reports whether every namesake of person i who works or
// worked at company at lives apart from the city the row writes.
func (d *Drawer) allApart(i int, city string, at int32) bool {
	p := d.w.Person(i)
	name := match.ParseName(p.FirstName + " " + p.LastName)
	key := match.CompanyKey(d.w.Company(at).Name)
	for _, f := range name.Family {
		for _, k := range d.byFamily[f] {
			o := d.w.Person(int(k))
			if int(k) == i || !match.NamesAgree(name, o.FullName) {
				continue
			}
			there := slices.ContainsFunc(o.Jobs, func(j world.Job) bool { return match.CompanyKey(d.w.Company(j.Company).Name) == key })
			if there && !d.apart(city, o) {
				return false
			}
		}
	}
	return true
}

// apart reports whether the city a row writes and where a person lives
// are places a careful person tells apart: other cities, more than a
// suburb's distance away, the row's city read as the row writes it.
func (d *Drawer) apart(city string, b *world.Person) bool {
	pa, pb := places.Parse(city), places.Parse(d.w.Places()[b.City].Display)
	if pa.City == "" || pb.City == "" || pa.City == pb.City {
		return false
	}
	km, ok := places.DistanceKm(pa, pb)
	return !ok || km > 100
}

// typo swaps two neighbouring letters of the company's longest word.
func typo(rng *rand.Rand, name string) (string, bool) {
	w := strings.Fields(name)
	best := 0
	for i := range w {
		if len(w[i]) > len(w[best]) {
			best = i
		}
	}
	b := []byte(w[best])
	if len(b) < 6 || !isASCIIWord(b) {
		return "", false
	}
	j := 1 + rng.IntN(len(b)-3)
	if b[j] == b[j+1] {
		return "", false
	}
	b[j], b[j+1] = b[j+1], b[j]
	w[best] = string(b)
	return strings.Join(w, " "), true
}

func isASCIIWord(b []byte) bool {
	for _, c := range b {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return false
		}
	}
	return true
}

// respell writes a family name as an ASCII keyboard or a CRM does:
// umlauts and Nordic vowels written out, a particle glued to the name.
func respell(last string) (string, bool) {
	r := strings.NewReplacer("ü", "ue", "ö", "oe", "ä", "ae", "Ü", "Ue", "Ö", "Oe", "Ä", "Ae", "ø", "oe", "Ø", "Oe", "å", "aa", "Å", "Aa")
	if s := r.Replace(last); s != last {
		return s, true
	}
	for _, p := range []string{"Al-", "El-", "Al ", "El "} {
		if rest, ok := strings.CutPrefix(last, p); ok && rest != "" {
			return p[:2] + rest, true
		}
	}
	return "", false
}

// credentials are titles and post-nominals as lists of several countries
// write them around a name.
var credentials = [][2]string{
	{"Dipl.-Ing.", ""}, {"Dr. med.", ""}, {"Prof. Dr.-Ing.", ""}, {"Mag.", ""}, {"Dr.", ", PhD"},
	{"", ", RN, BSN"}, {"", ", CISSP"}, {"", ", Dipl.-Kfm."}, {"", ", CPA"}, {"", ", PMP"}, {"Dott.", ""},
	{"Ing.", ""}, {"", " MBA"}, {"Lic.", ""},
}

func credential(rng *rand.Rand) (pre, post string) {
	c := credentials[rng.IntN(len(credentials))]
	return c[0], c[1]
}

// title capitalizes a folded given name: "bob" -> "Bob".
func title(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
