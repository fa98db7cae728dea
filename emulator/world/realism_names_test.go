package world

import (
	"encoding/json"
	"maps"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// nameChecks count what a reader notices in names and countries.
var nameChecks = []realismCheck{
	{name: "people whose given and family names come from different cultures", startOnly: true, count: countMixedNames},
	{name: "people whose name's culture is neither one of their country's nor a migrant culture", startOnly: true, count: countForeignNames},
	{name: "people in countries where the network has no members", startOnly: true, count: countUnservedPeople},
	{name: "head offices in countries where the network has no members", startOnly: true, count: countUnservedCompanies},
	{name: "people whose given name is their family name (MacKenzie MacKenzie)", startOnly: true, count: countGivenAsFamily},
	{name: "people whose family name only the other sex carries (a woman named Putra, a man named Jónsdóttir)", startOnly: true, count: countWrongSexFamily},
	{name: "people outside the countries of world-wide migration whose name is neither of their country's cultures nor of its region's migrants (a French name in Jordan, a Korean in Finland)", startOnly: true, count: countFarMigrants},
	{name: "migrants (a name of none of their country's cultures) whose languages leave out their first language or their country's", count: countMigrantLanguages},
	{name: "countries whose number of people strays from their share of the network's members by more than 5 standard errors and 5 people", startOnly: true, count: countMembershipShares},
	{name: "names of people and companies spelt without their capital or apostrophe (Mccarthy, Obrien, D'amico)", startOnly: true, count: countMisspelt},
	{name: "people of South Asia carrying a migrant's name of a culture from beyond South Asia and its neighbours (a Spanish name in India)", startOnly: true, count: countFarMigrantsInSouthAsia},
	{name: "countries whose people share full names more than 3 times as often as in life, or less than a quarter as often, or, where nothing is measured, more than 10 % (with 1 point of slack, or 3 pairs)", startOnly: true, count: countNameSharing},
}

// misspelt matches a word spelt as the US Census spells Irish and Scottish
// names, or an Italian one with a lower-case letter after its apostrophe.
var misspelt = regexp.MustCompile(`\b(Mc\p{Ll}|D'\p{Ll}|O'\p{Ll}|Dell'\p{Ll}|Obrien|Oconnor|Oconnell|Odonnell|Oneill|Oneal)`)

// countMisspelt counts the people and companies whose name has a word
// misspelt.
func countMisspelt(w *World) tally {
	var n tally
	for i := range w.Len() {
		name := w.Person(i).FullName
		n.add(misspelt.MatchString(name), "person %d: %s", i, name)
	}
	for _, c := range w.Companies() {
		n.add(misspelt.MatchString(c.Name), "company %s", c.Name)
	}
	return n
}

// southAsia are the countries of South Asia, and nearSouthAsia the
// cultures whose names their people carry: their own, their neighbours'
// (Nepal, Bhutan, Myanmar, Afghanistan, China), and English, the names
// of the few who come from further. Their people born abroad come from
// the region: India's, mostly from Bangladesh, Pakistan, Nepal and Sri
// Lanka.
var (
	southAsia     = []string{"IN", "PK", "BD", "NP", "LK", "BT", "MV"}
	nearSouthAsia = []string{"hi", "mr", "gu", "bn", "ta", "te", "ml", "kn", "southasia", "bd", "si", "ne", "dz", "dv", "my", "fa", "zh", "en"}
)

// countFarMigrantsInSouthAsia counts the people of South Asia whose name
// is of a culture neither of the region nor of its neighbours: a Spanish
// name in an Indian town. Names of a culture of the region's own count
// as the region's whatever else they might be (Maria, Khan).
func countFarMigrantsInSouthAsia(w *World) tally {
	var n tally
	x := loadCultureIndex()
	for i := range w.Len() {
		p := w.Person(i)
		country := w.Places()[p.City].Country
		if !slices.Contains(southAsia, country) {
			continue
		}
		cs := intersect(x.given[p.FirstName], x.familyCultures(p.LastName))
		near := slices.ContainsFunc(cs, func(c int) bool { return slices.Contains(nearSouthAsia, cultureSpecs[c].code) })
		n.add(!near, "person %d in %s: %s, a name of %s", i, w.Places()[p.City].Display, p.FullName, cultureCodes(cs))
	}
	return n
}

// sharingSample is how many people of a country the sharing of full
// names is counted among, and sharingLeast the fewest a country needs to
// be counted.
const (
	sharingSample = 1000
	sharingLeast  = 1000
)

// countrySharing is how often a country's first people share a full
// name: shared of sampled carry a name another of them carries; life is
// the share expected in life, by the family names of source, where one
// is measured (known).
type countrySharing struct {
	country         string
	shared, sampled int
	life            float64
	source          string
	known           bool
}

// rate is the share of the sampled people who share their full name.
func (s countrySharing) rate() float64 { return float64(s.shared) / float64(s.sampled) }

// nameSharing counts, in each country, how many of its first
// sharingSample people carry a full name another of them carries.
func nameSharing(w *World) []countrySharing {
	names := map[string][]string{}
	for i := range w.Len() {
		p := w.Person(i)
		cc := w.Places()[p.City].Country
		if len(names[cc]) < sharingSample {
			names[cc] = append(names[cc], p.FullName)
		}
	}
	var out []countrySharing
	for _, cc := range slices.Sorted(maps.Keys(names)) {
		got := names[cc]
		count := map[string]int{}
		for _, name := range got {
			count[name]++
		}
		s := countrySharing{country: cc, sampled: len(got)}
		for _, name := range got {
			if count[name] > 1 {
				s.shared++
			}
		}
		s.life, s.source, s.known = sharingInLife(w, cc, len(got))
		out = append(out, s)
	}
	return out
}

// sharingBound is the most people of a thousand of a country without a
// measure of its family names who may share their full name. In the
// measured countries of many family names, 4 % at most do in life
// (Denmark's, of its -sen names); the countries of a few family names
// (China, Korea, Vietnam, Brazil) are measured, so an unmeasured country
// where a tenth share a name draws from too few names.
const sharingBound = 0.10

// countNameSharing compares, in each country of at least sharingLeast
// people, the share of its first sharingSample people who carry a full
// name another of them carries with the share expected in life
// (sharingInLife) where its family names are measured
// (surname-shares.tsv), or with sharingBound where they are not.
func countNameSharing(w *World) tally {
	var n tally
	for _, s := range nameSharing(w) {
		if s.sampled < sharingLeast {
			continue
		}
		// The slack is a point, or three pairs of namesakes where a
		// country has few people (chance alone makes a pair or two).
		rate, slack := s.rate(), max(0.01, 6/float64(s.sampled))
		if !s.known {
			n.add(rate > sharingBound+slack, "%s: %.1f %% of %d share their full name, at most %.0f %% where nothing is measured", s.country, 100*rate, s.sampled, 100*sharingBound)
			continue
		}
		n.add(rate > 3*s.life+slack || rate < s.life/4-slack, "%s: %.1f %% of %d share their full name, %.1f %% in life (by %s's family names)", s.country, 100*rate, s.sampled, 100*s.life, s.source)
	}
	return n
}

// sharingLogged is the fewest people of a country TestNameSharing shows:
// fewer than sharingLeast, the sharing of smaller countries, not counted,
// is worth a look all the same (it grows with the people counted).
const sharingLogged = 300

// TestNameSharing logs, for each country of at least sharingLogged people
// of a drawn world, how many of its first people share a full name
// against the share in life, and for each culture the share its draws
// make (cultureSharingTable), and fails as countNameSharing does: the
// check alone, for a world of a million people (-realism.people), where
// TestRealism's every check takes minutes.
func TestNameSharing(t *testing.T) {
	w := realismWorld(t)
	rows := []string{"| country | culture | people | sharing | in life |", "|---|---|---|---|---|"}
	for _, s := range nameSharing(w) {
		if s.sampled < sharingLogged {
			continue
		}
		life := "—"
		if s.known {
			life = strconv.FormatFloat(100*s.life, 'f', 1, 64) + " %"
		}
		code := w.names.cultures[w.names.byCountry[w.geo.country[s.country]]].spec.code
		rows = append(rows, "| "+s.country+" | "+code+" | "+strconv.Itoa(s.sampled)+" | "+strconv.FormatFloat(100*s.rate(), 'f', 1, 64)+" % | "+life+" |")
	}
	t.Logf("sharing of full names among each country's first %d people:\n%s", sharingSample, strings.Join(rows, "\n"))
	t.Logf("expected sharing of full names among a thousand people of each culture, by the weights of its draws:\n%s", cultureSharingTable())
	if n := countNameSharing(w); n.bad > 0 {
		t.Errorf("%s countries share full names out of bounds: %s", n, strings.Join(n.examples, "; "))
	}
}

// sharingInLife returns the share of k people of a country expected to
// share their full name with another of them: 1 − e^−(k−1)·S, S being the
// chance that two people share a full name, the product of the
// concentration (the sum of squared shares) of family names and of given
// names by sex. The family names' is measured (surname-shares.tsv): the
// source's whose measures the country's main culture takes (Spain's for
// every Spanish-speaking country), the commonest names only, so S is a
// little low. For given names the US's (the Social Security
// Administration's counts, in names.tsv) stand for every country's;
// they overstate the concentration of cultures of more varied given
// names (Korean), hence a lower bound of a quarter.
func sharingInLife(w *World, country string, k int) (life float64, source string, ok bool) {
	id, ok := w.geo.country[country]
	if !ok {
		return 0, "", false
	}
	c := &w.names.cultures[w.names.byCountry[id]]
	var family float64
	for _, s := range c.measured(loadNameTables().shares[c.spec.code]) {
		x := float64(s.ppb) / 1e9
		family += x * x
		source = s.country
	}
	if family == 0 {
		return 0, "", false
	}
	given := func(kind string) float64 {
		t := loadNameTables().lists["en"][kind]
		var sum, sq float64
		for _, x := range t.weights {
			sum += float64(x)
		}
		for _, x := range t.weights {
			sq += (float64(x) / sum) * (float64(x) / sum)
		}
		return sq
	}
	s := family * (0.52*0.52*given("male") + 0.48*0.48*given("female"))
	return 1 - math.Exp(-float64(k-1)*s), source, true
}

// cultureIndex tells which cultures (indexes into cultureSpecs) a
// spelling of a given or a family name belongs to, and which cultures
// are a country's own. A name form can belong to several cultures
// (Maria, Khan, Kumar), so a name is of a culture when both its parts
// are.
type cultureIndex struct {
	given, family map[string][]int // Latin spelling → cultures, ascending
	double        []bool           // the culture gives some people two family names
	hyphenated    []bool           // the culture gives some people a double-barrelled one
	particles     [][]string       // the particles the culture's family names take
	migrant       []bool           // the culture is drawn for people abroad
	local         map[string][]int // country code → its cultures
	english       int
}

// loadCultureIndex builds the index from the culture specs, once.
var loadCultureIndex = sync.OnceValue(func() *cultureIndex {
	x := &cultureIndex{given: map[string][]int{}, family: map[string][]int{}, local: map[string][]int{}}
	add := func(m map[string][]int, forms []nameForm, i int) {
		for _, f := range forms {
			if !slices.Contains(m[f.latin], i) {
				m[f.latin] = append(m[f.latin], i)
			}
		}
	}
	for i, c := range loadNames().cultures {
		add(x.given, c.male, i)
		add(x.given, c.female, i)
		add(x.family, c.lastMale, i)
		add(x.family, c.lastFemale, i)
		x.double = append(x.double, c.spec.doubleSurname > 0)
		x.hyphenated = append(x.hyphenated, c.spec.hyphenated > 0)
		var ps []string
		for _, p := range c.particle {
			ps = append(ps, p.latin+" ")
		}
		x.particles = append(x.particles, ps)
		x.migrant = append(x.migrant, isMigrantCulture(c.spec.code))
		for _, entry := range strings.Fields(c.spec.countries) {
			cc, _, _ := strings.Cut(entry, ":")
			x.local[cc] = append(x.local[cc], i)
		}
		if c.spec.code == "en" {
			x.english = i
		}
	}
	return x
})

// familyCultures returns the cultures a family name belongs to: as one
// name ("van der Berg", "Dela Cruz"), as one with a particle of the
// culture ("van Aarden"), or, in a culture that gives two, as two names
// of the same culture ("García López", "Smith-Jones").
func (x *cultureIndex) familyCultures(last string) []int {
	out := x.singleCultures(last)
	for i, r := range last {
		if r != ' ' && r != '-' {
			continue
		}
		for _, c := range intersect(x.singleCultures(last[:i]), x.singleCultures(last[i+1:])) {
			if (r == ' ' && x.double[c] || r == '-' && x.hyphenated[c]) && !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
	}
	slices.Sort(out)
	return out
}

// singleCultures returns the cultures of one family name, with or
// without a particle of theirs.
func (x *cultureIndex) singleCultures(last string) []int {
	out := slices.Clone(x.family[last])
	for c, ps := range x.particles {
		for _, p := range ps {
			if rest, ok := strings.CutPrefix(last, p); ok && slices.Contains(x.family[rest], c) && !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
	}
	return out
}

// localTo returns the cultures of a country: those that list it, or
// English for a country none lists (the rule of loadNames).
func (x *cultureIndex) localTo(country string) []int {
	if cs := x.local[country]; len(cs) > 0 {
		return cs
	}
	return []int{x.english}
}

// intersect returns the elements of a that b contains too.
func intersect(a, b []int) []int {
	var out []int
	for _, v := range a {
		if slices.Contains(b, v) {
			out = append(out, v)
		}
	}
	return out
}

// cultureCodes spells a list of cultures for an example: "yo/ig".
func cultureCodes(cs []int) string {
	if len(cs) == 0 {
		return "none"
	}
	codes := make([]string, len(cs))
	for k, c := range cs {
		codes[k] = cultureSpecs[c].code
	}
	return strings.Join(codes, "/")
}

// countMixedNames counts the people whose given name and family name
// share no culture: a Ghanaian given name with an Igbo family name
// ("Kwame Okafor") is no one's name.
func countMixedNames(w *World) tally {
	var n tally
	x := loadCultureIndex()
	for i := range w.Len() {
		p := w.Person(i)
		given, family := x.given[p.FirstName], x.familyCultures(p.LastName)
		n.add(len(intersect(given, family)) == 0, "person %d in %s: %s (given name of %s, family name of %s)",
			i, w.Places()[p.City].Display, p.FullName, cultureCodes(given), cultureCodes(family))
	}
	return n
}

// countForeignNames counts the people whose name is of no culture of
// their country and of no migrant culture: a Hausa name in Osaka. It
// looks only at names of one culture; the others are countMixedNames'.
func countForeignNames(w *World) tally {
	var n tally
	x := loadCultureIndex()
	for i := range w.Len() {
		p := w.Person(i)
		cs := intersect(x.given[p.FirstName], x.familyCultures(p.LastName))
		if len(cs) == 0 {
			continue
		}
		country := w.Places()[p.City].Country
		local := x.localTo(country)
		ok := slices.ContainsFunc(cs, func(c int) bool { return x.migrant[c] || slices.Contains(local, c) })
		n.add(!ok, "person %d in %s: %s, a name of %s; the country's cultures are %s",
			i, w.Places()[p.City].Display, p.FullName, cultureCodes(cs), cultureCodes(local))
	}
	return n
}

// unserved reports whether the network has no members in a country.
func unserved(country string) bool {
	k, listed := networkMembers[country]
	return listed && k == 0
}

// countUnservedPeople counts the people who live in a country whose
// people the network does not serve (North Korea).
func countUnservedPeople(w *World) tally {
	var n tally
	for i := range w.Len() {
		pl := w.Places()[w.Person(i).City]
		n.add(unserved(pl.Country), "person %d lives in %s", i, pl.Display)
	}
	return n
}

// countUnservedCompanies counts the companies with a head office in a
// country the network does not serve: their pages would have no one to
// read them.
func countUnservedCompanies(w *World) tally {
	var n tally
	for _, c := range w.Companies() {
		pl := w.Places()[c.City]
		n.add(unserved(pl.Country), "%s has its head office in %s", c.Name, pl.Display)
	}
	return n
}

// countMembershipShares compares each country's people with its share of
// the network's members (countryMembers; unlisted countries by the
// population of their places, as the gazetteer weighs them). The people
// of a country are a binomial draw, so a country is counted when its
// head count is further from the expected one than 5 standard errors
// plus 5 people: chance alone almost never gets there, at any size of
// world, while a wrong weight does once the world is big enough to tell.
func countMembershipShares(w *World) tally {
	var n tally
	pop := map[string]uint64{}
	for _, pl := range w.Places() {
		pop[pl.Country] += uint64(pl.Population)
	}
	members := map[string]float64{}
	total := 0.0
	for _, c := range w.Countries() {
		m := float64(countryMembers(c.Code, pop[c.Code]))
		members[c.Code] = m
		total += m
	}
	people := map[string]int{}
	for i := range w.Len() {
		people[w.Places()[w.Person(i).City].Country]++
	}
	for _, c := range w.Countries() {
		got := people[c.Code]
		if members[c.Code] == 0 && got == 0 {
			continue
		}
		want := float64(w.Len()) * members[c.Code] / total
		n.add(math.Abs(float64(got)-want) > 5*math.Sqrt(want)+5,
			"%s has %d people (%.2f %%), its share of the network's members is %.2f %% (%.0f people)",
			c.Name, got, 100*float64(got)/float64(w.Len()), 100*members[c.Code]/total, want)
	}
	return n
}

// The culture data hangs together: codes are unique and each has a
// language (a profile's local one), a country with
// several cultures gives them shares adding up to 100 and a country with
// one gives none, lists repeat no name, every migrant culture exists, and
// every country where the network has a hundred thousand members or more
// has a culture of its own.
func TestCultureData(t *testing.T) {
	type listing struct {
		code  string
		share string // "" when the country has the culture alone
	}
	codes := map[string]bool{}
	byCountry := map[string][]listing{}
	for _, spec := range cultureSpecs {
		if codes[spec.code] {
			t.Errorf("two cultures are coded %q", spec.code)
		}
		codes[spec.code] = true
		if cultureLanguage[spec.code] == "" {
			t.Errorf("culture %q has no language for the profiles of its countries", spec.code)
		}
		for _, entry := range strings.Fields(spec.countries) {
			cc, share, _ := strings.Cut(entry, ":")
			byCountry[cc] = append(byCountry[cc], listing{spec.code, share})
		}
		for field, list := range map[string]string{"male": spec.male, "female": spec.female, "last": spec.last} {
			seen := map[string]bool{}
			for _, name := range strings.Fields(list) {
				if seen[name] {
					t.Errorf("%s: %s lists %s twice", spec.code, field, name)
				}
				seen[name] = true
			}
		}
	}
	for cc, ls := range byCountry {
		sum, shared := 0, 0
		for _, l := range ls {
			if l.share != "" {
				v, err := strconv.Atoi(l.share)
				if err != nil {
					t.Errorf("%s: share %q of %s", cc, l.share, l.code)
				}
				sum += v
				shared++
			}
		}
		switch {
		case len(ls) == 1 && shared != 0:
			t.Errorf("%s has one culture, with a share: %v", cc, ls)
		case len(ls) > 1 && (shared != len(ls) || sum != 100):
			t.Errorf("%s's cultures do not share its people out of 100: %v", cc, ls)
		}
	}
	for code := range migrantCultures {
		if !codes[code] {
			t.Errorf("migrant culture %q does not exist", code)
		}
	}
	for cc, k := range networkMembers {
		if k >= 100 && byCountry[cc] == nil {
			t.Errorf("%s has %d thousand members and no culture of its own", cc, k)
		}
	}
}

// The membership table follows the network's published ranking: the
// United States, India, Brazil and the United Kingdom lead, and North
// Korea, cut off from the internet, has no members.
func TestNetworkMembers(t *testing.T) {
	var codes []string
	for cc := range networkMembers {
		codes = append(codes, cc)
	}
	slices.SortFunc(codes, func(a, b string) int {
		if d := networkMembers[b] - networkMembers[a]; d != 0 {
			return d
		}
		return strings.Compare(a, b)
	})
	if got, want := codes[:4], []string{"US", "IN", "BR", "GB"}; !slices.Equal(got, want) {
		t.Errorf("the four biggest memberships are %v, want %v", got, want)
	}
	if !unserved("KP") {
		t.Errorf("North Korea has %d thousand members", networkMembers["KP"])
	}
}

// A person's first language is their name's culture's, a migrant's too;
// their country's follows where it is another.
func TestLanguagesFollowThePerson(t *testing.T) {
	w := New(Config{Seed: 7, People: 5000})
	migrants := 0
	for i := range w.Len() {
		p := w.Person(i)
		var c struct {
			Language []struct{ Name string }
		}
		if err := json.Unmarshal(w.Candidate(p, false), &c); err != nil {
			t.Fatal(err)
		}
		if len(c.Language) == 0 {
			continue
		}
		own := cultureLanguage[w.names.cultures[p.culture].spec.code]
		local := cultureLanguage[w.names.cultures[w.names.byCountry[w.geo.placeCountry[p.City]]].spec.code]
		if c.Language[0].Name != own {
			t.Fatalf("%s (%s) lists %v first, not %s", p.FullName, w.Places()[p.City].Country, c.Language, own)
		}
		if own != local {
			migrants++
			if len(c.Language) < 2 || c.Language[1].Name != local {
				t.Fatalf("%s, of %s culture in %s, lists %v, not %s second", p.FullName, own, w.Places()[p.City].Country, c.Language, local)
			}
		}
	}
	if migrants == 0 {
		t.Fatal("no migrant lists languages: the test tests nothing")
	}
}

// drawShares returns the chance of each index of a weighted draw, summed
// by the name it draws: names that repeat a spelling count as one.
func drawShares(t *weighted, forms []nameForm) map[string]float64 {
	n := float64(len(t.buckets)) * float64(t.total)
	out := map[string]float64{}
	for i, b := range t.buckets {
		out[forms[i].latin] += float64(b.keep) / n
		if b.keep < t.total {
			out[forms[b.alias].latin] += float64(t.total-b.keep) / n
		}
	}
	return out
}

// concentration is the chance that two draws give the same name.
func concentration(shares map[string]float64) float64 {
	var sum float64
	for _, x := range shares {
		sum += x * x
	}
	return sum
}

// cultureSharing is the share of a thousand people of a culture expected
// to share their full name with another of them, by the weights of its
// draws (one family name each, men's and women's forms apart).
func cultureSharing(c *culture) float64 {
	male := concentration(drawShares(&c.maleW, c.male)) * concentration(drawShares(&c.lastW, c.lastMale))
	female := concentration(drawShares(&c.femaleW, c.female)) * concentration(drawShares(&c.lastW, c.lastFemale))
	s := 0.52*0.52*male + 0.48*0.48*female
	return 1 - math.Exp(-999*s)
}

// cultureSharingTable lists the cultures by cultureSharing, the most
// shared first: the sharing of the cultures of countries too small to be
// counted in a drawn world.
func cultureSharingTable() string {
	b := loadNames()
	type row struct {
		code string
		got  float64
	}
	var rows []row
	for i := range b.cultures {
		rows = append(rows, row{b.cultures[i].spec.code, cultureSharing(&b.cultures[i])})
	}
	slices.SortFunc(rows, func(a, b row) int { return cmpFloat(b.got, a.got) })
	var out []string
	for _, r := range rows {
		out = append(out, strconv.FormatFloat(100*r.got, 'f', 1, 64)+" % "+r.code)
	}
	return strings.Join(out, "\n")
}

// cmpFloat orders two numbers.
func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// countGivenAsFamily counts the people whose given name is also their
// family name: it reads as a typo.
func countGivenAsFamily(w *World) tally {
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		n.add(strings.EqualFold(foldASCII(p.FirstName), foldASCII(p.LastName)), "person %d in %s: %s", i, w.Places()[p.City].Display, p.FullName)
	}
	return n
}

// sonsNames and daughtersNames match the family names that say "son"
// or "daughter": Indonesian Putra and Putri, and in Iceland -son and
// -dóttir (Sweden's -sson names are anyone's).
var (
	sonsNames          = regexp.MustCompile(`(?:^|\s)(?:Sa)?[Pp]utra$`)
	daughtersNames     = regexp.MustCompile(`(?:^|\s)(?:Sa)?[Pp]utri$`)
	icelandicSons      = regexp.MustCompile(`son$`)
	icelandicDaughters = regexp.MustCompile(`dóttir$`)
)

// countWrongSexFamily counts the people whose family name only the other
// sex carries: a woman whose name says "son" (Putra, -sson), a man whose
// says "daughter" (Putri, -dóttir), or one of the names of a culture
// sexedFamilyNames gives one sex only.
func countWrongSexFamily(w *World) tally {
	var n tally
	sexOf := map[string]Gender{}
	for code, lists := range sexedFamilyNames {
		for _, name := range strings.Fields(lists.male) {
			sexOf[code+" "+name] = Male
		}
		for _, name := range strings.Fields(lists.female) {
			sexOf[code+" "+name] = Female
		}
	}
	for i := range w.Len() {
		p := w.Person(i)
		code := w.names.cultures[p.culture].spec.code
		marked := sexOf[code+" "+p.LastName]
		icelandic := code == "is"
		bad := p.Gender == Female && (sonsNames.MatchString(p.LastName) || icelandic && icelandicSons.MatchString(p.LastName) || marked == Male) ||
			p.Gender == Male && (daughtersNames.MatchString(p.LastName) || icelandic && icelandicDaughters.MatchString(p.LastName) || marked == Female)
		n.add(bad, "person %d in %s: %s, %s", i, w.Places()[p.City].Display, p.FullName, p.Gender)
	}
	return n
}

// countFarMigrants counts, in the countries whose migrants come from
// their region (all but worldMixCountries), the people whose name is of
// none of the country's cultures and of no culture of its migrants: a
// French name in Jordan, a Korean one in Finland. Names of several
// cultures count as any of them.
func countFarMigrants(w *World) tally {
	var n tally
	x := loadCultureIndex()
	continent := map[string]string{}
	for _, c := range w.Countries() {
		continent[c.Code] = c.Continent
	}
	world := strings.Fields(worldMixCountries)
	mixes := map[string]map[string]int{}
	for i := range w.Len() {
		p := w.Person(i)
		cc := w.Places()[p.City].Country
		if slices.Contains(world, cc) {
			continue
		}
		if mixes[cc] == nil {
			mixes[cc] = migrantMixOf(cc, continent[cc])
		}
		cs := intersect(x.given[p.FirstName], x.familyCultures(p.LastName))
		local := x.localTo(cc)
		ok := slices.ContainsFunc(cs, func(c int) bool { return slices.Contains(local, c) || mixes[cc][cultureSpecs[c].code] > 0 })
		n.add(!ok, "person %d in %s: %s, a name of %s", i, w.Places()[p.City].Display, p.FullName, cultureCodes(cs))
	}
	return n
}

// countMigrantLanguages counts the migrants, people whose name is of
// none of their country's cultures, whose profile lists no languages,
// or not their name's language first and their country's after it.
func countMigrantLanguages(w *World) tally {
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		country := w.geo.placeCountry[p.City]
		if !w.names.bornAbroad(int(p.culture), country) {
			continue
		}
		own := cultureLanguage[w.names.cultures[p.culture].spec.code]
		local := w.countryLanguage(country)
		ls := w.languages(p)
		bad := len(ls) == 0 || ls[0].Name != own ||
			local != own && !slices.ContainsFunc(ls, func(l languageJSON) bool { return l.Name == local })
		var names []string
		for _, l := range ls {
			names = append(names, l.Name)
		}
		n.add(bad, "person %d in %s: %s, of %s culture, lists %v", i, w.Places()[p.City].Display, p.FullName, own, names)
	}
	return n
}
