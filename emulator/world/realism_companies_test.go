package world

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/enrich-dev/enrich/internal/human"
)

// companyChecks count what a reader notices in companies: their domains,
// head offices and head counts.
var companyChecks = []realismCheck{
	{name: "company websites with a digit in the domain", startOnly: true, count: countDigitDomains},
	{name: "work e-mail addresses on a domain with a digit", count: countDigitWorkMail},
	{name: "companies sharing a name or a domain with another, or with a numbered slug", startOnly: true, count: countSharedNames},
	{name: "companies of more than " + human.Thousands(bigCompany) + " staff headquartered in a place of fewer than " + human.Thousands(bigCity) + " people, outside their country's three largest", count: countSmallTownGiants},
	{name: "self-employed companies with a staff count or a payroll other than one person, its owner since its founding", count: countSelfEmployed},
	{name: "head offices outside English-speaking countries on a street with an English name", startOnly: true, count: countEnglishStreets},
	{name: "company names with an ending not yet in use when the company was founded (\"Cloud\" in 1995)", startOnly: true, count: countAnachronisticNames},
	{name: "company specialities that are employees' skills, not lines of business", startOnly: true, count: countSkillSpecialities},
}

// companyInfo is what the realism checks read of /company/info.
type companyInfo struct {
	Specialities []string `json:"specialities"`
	Locations    []struct {
		Line1   string `json:"line1"`
		Country string `json:"country"`
	} `json:"confirmedLocations"`
}

func readCompanyInfo(w *World, c *Company) companyInfo {
	var info companyInfo
	if err := json.Unmarshal(w.CompanyInfo(c), &info); err != nil {
		panic(err)
	}
	return info
}

// englishSpeaking are the countries where English street names are the
// local ones (or one of them).
var englishSpeaking = []string{"US", "GB", "CA", "AU", "NZ", "IE", "ZA", "NG", "GH", "KE", "UG", "TZ", "ZM", "ZW",
	"BW", "NA", "JM", "TT", "BS", "BB", "BZ", "GY", "SG", "PH", "MT", "PK", "LK", "MW", "SL", "LR", "GM", "FJ", "PG",
	"BM", "KY", "GI", "IM", "JE", "GG", "RW", "SS", "CM", "MU", "SC", "VU", "SB", "WS", "TO", "AG", "DM", "GD", "KN",
	"LC", "VC", "NP", "BD", "MM", "ET", "ER", "SD", "LS", "SZ", "BT", "MV", "HK", "IN", "AE", "SA", "EG", "QA", "KW",
	"BH", "OM", "JO", "TH", "MY", "BN", "AC", "AI", "AQ", "AS", "BV", "CC", "CK", "CX", "FK", "FM", "GS", "GU", "HM",
	"IO", "KI", "MH", "MP", "MS", "NF", "NR", "NU", "PN", "PW", "SH", "TA", "TC", "TK", "TV", "UM", "VG", "VI"}

// countEnglishStreets counts the head offices in countries whose streets
// are not named in English that are on a street of the English list
// ("145 Broadway, Esenler").
func countEnglishStreets(w *World) tally {
	var n tally
	english := streets[""].names
	for _, c := range w.Companies() {
		info := readCompanyInfo(w, c)
		hq := info.Locations[0]
		if slices.Contains(englishSpeaking, hq.Country) || hq.Line1 == "" {
			continue
		}
		bad := slices.ContainsFunc(english, func(s string) bool { return strings.Contains(hq.Line1, s) })
		n.add(bad, "%s: %s, %s", c.Name, hq.Line1, hq.Country)
	}
	return n
}

// countAnachronisticNames counts the companies whose name ends in a word
// that came into use after their founding (suffixSince).
func countAnachronisticNames(w *World) tally {
	var n tally
	for _, c := range w.Companies() {
		// The ending is the last word before the legal form; the others
		// are the brand's ("Cloud Dale", "Saint Cloud").
		name := c.Name
		for _, forms := range legalForms {
			for _, f := range forms {
				name = strings.TrimSuffix(name, " "+f)
			}
		}
		words := strings.Fields(name)
		since, ok := suffixSince[words[len(words)-1]]
		bad := ok && len(words) > 1 && int(c.Founded) < since
		n.add(bad, "%s, founded %d", c.Name, c.Founded)
	}
	return n
}

// countSkillSpecialities counts the specialities companies list that are
// skills of the vocabulary people list ("Culinary Skills" at a hospital)
// and no industry's line of business ("Video Production" is both).
func countSkillSpecialities(w *World) tally {
	var n tally
	skills := map[string]bool{}
	for _, s := range w.skills.names {
		skills[s] = true
	}
	for _, b := range businessLines {
		for _, l := range b.lines {
			delete(skills, l)
		}
	}
	for _, c := range w.Companies() {
		for _, s := range readCompanyInfo(w, c).Specialities {
			n.add(skills[s], "%s (%s): %s", c.Name, w.industries.name(c.Industry), s)
		}
	}
	return n
}

// countDigitDomains counts the companies whose domain has a digit: a
// name resolved by counting ("goldenspark3.com"), which no company
// registers.
func countDigitDomains(w *World) tally {
	var n tally
	for _, c := range w.Companies() {
		n.add(strings.ContainsAny(c.Domain, "0123456789"), "%s at %s", c.Name, c.Domain)
	}
	return n
}

// countDigitWorkMail counts the work addresses, as people show them at
// the world's clock, whose domain has a digit.
func countDigitWorkMail(w *World) tally {
	var n tally
	for i := range w.Len() {
		for _, e := range w.Person(i).Emails {
			if e.Kind != EmailWork {
				continue
			}
			_, domain, _ := strings.Cut(e.Address, "@")
			n.add(strings.ContainsAny(domain, "0123456789"), "person %d: %s", i, e.Address)
		}
	}
	return n
}

// countSharedNames counts the companies that a reader could mistake for
// another: the same name (in any case) or domain as an earlier company,
// or a slug told apart by a number ("goldenspark-2").
func countSharedNames(w *World) tally {
	var n tally
	names, domains := map[string]string{}, map[string]string{}
	for _, c := range w.Companies() {
		name := strings.ToLower(c.Name)
		numbered := false
		if k := strings.LastIndexByte(c.Slug, '-'); k >= 0 {
			numbered = strings.Trim(c.Slug[k+1:], "0123456789") == ""
		}
		n.add(names[name] != "" || domains[c.Domain] != "" || numbered,
			"%s (%s, %s); the name is also %q's, the domain %q's", c.Name, c.Slug, c.Domain, names[name], domains[c.Domain])
		if names[name] == "" {
			names[name] = c.Slug
		}
		if domains[c.Domain] == "" {
			domains[c.Domain] = c.Slug
		}
	}
	return n
}

// countSmallTownGiants counts the companies of more than bigCompany staff
// whose head office is in a place of fewer than bigCity people,
// unless that place is one of its country's three largest (a country
// without big cities has its giants in its largest towns).
func countSmallTownGiants(w *World) tally {
	var n tally
	largest := map[string][]int32{} // country → its three most populous towns (not sections of one)
	for i, pl := range w.Places() {
		if w.geo.cityOf[i] != int32(i) {
			continue
		}
		top := append(largest[pl.Country], int32(i))
		slices.SortFunc(top, func(a, b int32) int { return int(w.Places()[b].Population - w.Places()[a].Population) })
		largest[pl.Country] = top[:min(len(top), 3)]
	}
	for _, c := range w.Companies() {
		if c.StaffCount <= bigCompany {
			continue
		}
		hq := w.Places()[c.City]
		n.add(hq.Population < bigCity && !slices.Contains(largest[hq.Country], c.City),
			"%s (%d staff) in %s, %d people", c.Name, c.StaffCount, hq.Display, hq.Population)
	}
	return n
}

// countSelfEmployed counts the self-employed companies that declare a
// staff other than one or that other than one person has worked at: a
// self-employed person's business is that person, its owner since its
// founding (until they retire), at home.
func countSelfEmployed(w *World) tally {
	var n tally
	for _, c := range w.Companies() {
		if c.Type != SelfEmployed {
			continue
		}
		people := w.Employees(c, StatusBoth)
		bad := c.StaffCount != 1 || len(people) != 1
		if !bad {
			p := people[0]
			k := slices.IndexFunc(p.Jobs, func(j Job) bool { return j.Company == c.Index })
			bad = k < 0 || p.Jobs[k].Start.Year() != int(c.Founded) || w.Title(p.Jobs[k].Title).Level != Founder ||
				w.Places()[p.City].Country != w.Places()[c.City].Country
		}
		n.add(bad, "%s: staff count %d, %d people on its payroll", c.Name, c.StaffCount, len(people))
	}
	return n
}

// Self-employed companies exist, so that countSelfEmployed checks some.
func TestSelfEmployed(t *testing.T) {
	w := New(Config{Seed: 3, People: 4000})
	n := countSelfEmployed(w)
	if n.of == 0 || n.bad > 0 {
		t.Errorf("self-employed companies: %s bad; for example %v", n, n.examples)
	}
}
