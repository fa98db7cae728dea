package namedraw

import (
	"slices"
	"strings"

	"github.com/enrich-dev/enrich/emulator/world"
	"github.com/enrich-dev/enrich/internal/match"
)

// rename writes the person's name as kind k does, in first and last;
// false when the name does not lend itself to it, or when the name as
// written would be someone else's at the company too.
func (d *Drawer) rename(k Kind, r *Row, c *world.Company, first, last *string) bool {
	switch k {
	case Initials:
		// A middle initial the profile does not show agrees with it; one
		// of a middle name it shows might not.
		p := d.w.Person(r.Person)
		if strings.Contains(*first, " ") || p.FullName != *first+" "+*last {
			return false
		}
		f := *first + " " + string(rune('A'+d.rng.IntN(26))) + "."
		name := match.ParseName(f + " " + *last)
		if !match.NamesAgree(name, p.FullName) || !match.NamesAgree(match.SplitName(f, *last), p.FullName) ||
			d.namesakes(name, c.Name) != 1 {
			return false
		}
		*first = f
	case GivenInitial:
		g := match.Fold(*first)
		if g == "" || g[0] < 'a' || g[0] > 'z' || d.initialed(g[:1], *last, c.Name) != 1 {
			return false
		}
		*first = strings.ToUpper(g[:1]) + "."
	case EmailName:
		f, l := match.Fold(*first), match.Fold(*last)
		if strings.ContainsAny(*first+*last, " -") || !lowerASCII(f) || !lowerASCII(l) {
			return false
		}
		*first, *last = f, l
	case GermanGiven:
		g, ok := umlautsOut(*first)
		if !ok {
			return false
		}
		*first = g
	}
	return true
}

// initialed counts the people who work or worked at a company of the
// name company whose given name begins with initial and whose family
// name has every word of last: whom "W. Gibson" there may name.
func (d *Drawer) initialed(initial, last, company string) int {
	key := match.CompanyKey(company)
	family := strings.Fields(match.Fold(last))
	n := 0
	for _, k := range d.byFamily[family[0]] {
		o := d.w.Person(int(k))
		theirs := strings.Fields(match.Fold(o.LastName))
		if !strings.HasPrefix(match.Fold(o.FirstName), initial) || !containsAll(theirs, family) {
			continue
		}
		for _, j := range o.Jobs {
			if match.CompanyKey(d.w.Company(j.Company).Name) == key {
				n++
				break
			}
		}
	}
	return n
}

func containsAll(have, want []string) bool {
	return !slices.ContainsFunc(want, func(w string) bool { return !slices.Contains(have, w) })
}

// lowerASCII reports whether s is one word of the letters a to z, as an
// e-mail address writes a name.
func lowerASCII(s string) bool {
	for _, c := range []byte(s) {
		if c < 'a' || c > 'z' {
			return false
		}
	}
	return s != ""
}

// germanSpeaking are the countries whose lists write ä, ö and ü as ae, oe
// and ue when a keyboard or a system has no umlauts.
var germanSpeaking = map[string]bool{"DE": true, "AT": true, "CH": true, "LI": true, "LU": true}

// umlautsOut writes a given name's umlauts out ("Joerg" for "Jörg");
// false when it has none, or has letters besides that would stay
// accented.
func umlautsOut(given string) (string, bool) {
	r := strings.NewReplacer("ä", "ae", "ö", "oe", "ü", "ue", "Ä", "Ae", "Ö", "Oe", "Ü", "Ue")
	s := r.Replace(given)
	for _, c := range s {
		if c > 0x7f {
			return "", false
		}
	}
	return s, s != given
}
