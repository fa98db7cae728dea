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

	Initials       Kind = "initials"        // Andre D. Taylor: a middle initial the profile does not show
	SeniorityTitle Kind = "seniority title" // the person's own title in seniority words only: Executive Assistant, Senior Specialist
	TitleAgainst   Kind = "title against"   // a namesake's name and company, a title of other work and post: never that namesake
	HiddenName     Kind = "hidden name"     // a person whose search profile shows no name
	GermanGiven    Kind = "german given"    // Joerg for Jörg, Juergen for Jürgen
	WebInitials    Kind = "web initials"    // vecargo.com for VE Cargo: a domain of a short first word
	ShortTypo      Kind = "short typo"      // Rapiur Works for Raipur Works: two letters of a short word swapped
	LocalPlace     Kind = "local place"     // Wien for Vienna, Bombay for Mumbai
	GivenInitial   Kind = "given initial"   // W. Gibson
	EmailName      Kind = "email name"      // rahul.shukla
)

// Kinds lists every kind, in the order reports show them. A mix draws
// only the kinds that fit it (see Kind.Fits): Contradicted and LocalPlace
// need the city, SeniorityTitle and TitleAgainst the title.
var Kinds = []Kind{Plain, PastCompany, Unknown, Contradicted, Nickname, ShortBrand, CompanyTypo, Respelt,
	FirstSurname, Credentials, FamilyFirst, WebAddress, Initials, SeniorityTitle, TitleAgainst, HiddenName,
	GermanGiven, WebInitials, ShortTypo, LocalPlace, GivenInitial, EmailName}

// Mix says what a sheet's columns give, which decides the kinds it can
// hold: a contradicted row needs its city.
type Mix struct {
	City, Title bool // the sheet has a city, a title column
	Web         bool // the sheet gives companies only as web addresses
}

// weights of the kinds in a mix, out of their sum (1,410): mostly plain
// rows, as lists are, with every hard kind present, each kind of the
// later ten at 21 to 25 per mille. WebAddress has none: a mix of web
// addresses writes every kind's company so, and WebInitials is the
// domain that is hard to read. A kind whose column the mix lacks is
// drawn as Plain; one the web addresses lose, as another kind.
var weights = map[Kind]int{Plain: 440, PastCompany: 100, Unknown: 70, Contradicted: 150, Nickname: 60,
	ShortBrand: 50, CompanyTypo: 40, Respelt: 40, FirstSurname: 30, Credentials: 50, FamilyFirst: 40,
	Initials: 35, SeniorityTitle: 35, TitleAgainst: 35, HiddenName: 30, GermanGiven: 30, WebInitials: 35,
	ShortTypo: 35, LocalPlace: 35, GivenInitial: 35, EmailName: 35}

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
			// A kind without its column is drawn as Plain; a kind that
			// the web addresses lose, as another kind (DrawMix).
			if !columns(k, m) {
				return Plain
			}
			return k
		}
	}
	return Plain
}

// Fits reports whether a list of mix m can hold a row of kind k: a kind
// that changes the city or the title needs the column, and a company's
// typo, short brand or a namesake's company that the city contradicts is
// lost where the list gives companies as web addresses. DrawKind never
// draws a kind that does not fit.
func (k Kind) Fits(m Mix) bool {
	switch k {
	case ShortBrand, CompanyTypo, ShortTypo:
		return !m.Web
	case Contradicted:
		return m.City && !m.Web
	}
	return columns(k, m)
}

// columns reports whether a mix has the columns kind k changes.
func columns(k Kind, m Mix) bool {
	switch k {
	case Contradicted, LocalPlace:
		return m.City
	case SeniorityTitle, TitleAgainst:
		return m.Title
	}
	return true
}

// DrawKind draws one row of kind k, or reports that the person drawn does
// not lend itself to it (draw again). It never draws a kind that does not
// fit the mix (see Kind.Fits): a caller that draws until a row comes
// asks Fits first.
func (d *Drawer) DrawKind(k Kind, m Mix) (Row, bool) {
	if !k.Fits(m) {
		return Row{}, false
	}
	i, ok := d.person(k)
	if !ok {
		return Row{}, false
	}
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
	if m.Web && k != WebAddress && k != WebInitials {
		if c.Domain == "" {
			return Row{}, false
		}
		r.Company = c.Domain
	}
	d.write(k, &r, first, last)
	switch k {
	case Nickname, Respelt, FirstSurname, GermanGiven:
		// The name as written must not be someone else's there. The
		// person's own name may agree with it, as a matcher that reads
		// Mueller for Müller finds.
		name := match.ParseName(first + " " + last)
		if n := d.namesakes(name, c.Name); n > 1 || n == 1 && !match.NamesAgree(name, p.FullName) {
			return Row{}, false
		}
	}
	if r.Person >= 0 && k != Contradicted {
		r.Unique = d.namesakes(match.ParseName(p.FirstName+" "+p.LastName), d.w.Company(p.Jobs[job].Company).Name) == 1
	}
	return r, true
}

// write fills the row's name in one cell and in two, as its kind writes
// it.
func (d *Drawer) write(k Kind, r *Row, first, last string) {
	r.First, r.Last, r.Name = first, last, first+" "+last
	switch k {
	case Credentials:
		before, after := credential(d.rng)
		r.Name = strings.TrimSpace(before + " " + first + " " + last + after)
		r.First = strings.TrimSpace(before + " " + first)
		r.Last = last + after
	case FamilyFirst:
		r.Name = strings.ToUpper(last) + " " + first
	case EmailName:
		r.Name = first + "." + last
	}
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
	case WebAddress, WebInitials:
		// A WebInitials row's person is drawn from those whose company's
		// name begins with a short word (see lenders).
		if c.Domain == "" {
			return false
		}
		r.Company = []string{c.Domain, "www." + c.Domain, "https://www." + c.Domain}[d.rng.IntN(3)]
	case Initials, GivenInitial, EmailName, GermanGiven:
		return d.rename(k, r, c, first, last)
	case SeniorityTitle, TitleAgainst:
		return d.retitle(k, r, c)
	case ShortTypo:
		name, ok := shortTypo(d.rng, c.Name)
		if !ok || d.keys[match.CompanyKey(name)] {
			return false // a typo that is another company's name names that company
		}
		r.Company = name
	case LocalPlace:
		return d.localPlace(r)
	}
	return true
}

// localPlace writes the row's city as its own language or an older
// English does.
func (d *Drawer) localPlace(r *Row) bool {
	forms := localForms[placeKey(d.w.Places()[d.w.Person(r.Person).City])]
	if len(forms) == 0 {
		return false
	}
	r.City = forms[d.rng.IntN(len(forms))]
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
