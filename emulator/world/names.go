package world

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Script is the writing system a person's name is shown in.
type Script uint8

// Scripts of the world's names.
const (
	ScriptLatin Script = iota
	ScriptCyrillic
	ScriptGreek
	ScriptArabic
	ScriptHebrew
	ScriptDevanagari
	ScriptHan
	ScriptJapanese
	ScriptHangul
	numScripts
)

var scriptNames = [numScripts]string{"Latin", "Cyrillic", "Greek", "Arabic", "Hebrew", "Devanagari", "Han", "Japanese", "Hangul"}

// String returns the script's English name.
func (s Script) String() string {
	if s >= numScripts {
		return fmt.Sprintf("Script(%d)", uint8(s))
	}
	return scriptNames[s]
}

// cultureSpec is one naming tradition as written in names_data.go.
type cultureSpec struct {
	code          string
	script        Script // script of the native spelling
	familyFirst   bool   // native order is family name first
	noSpace       bool   // native full name has no space (Chinese, Korean)
	doubleSurname int    // percent of people with two surnames (Spanish)
	// hyphenated is how many people in a thousand carry a double-barrelled
	// family name ("Smith-Jones"), most of them from a marriage.
	hyphenated int
	// particles are the particles family names without one take, each
	// with how many of those names in a thousand draw it, and, after a
	// second colon, the endings of the names it goes with (others then
	// take none): "van:90:dijk,berg de:70:er". Some of the spec's names
	// carry theirs already ("van_den_Berg"); names.tsv has none.
	particles string
	// countries lists the ISO codes of the countries where this culture
	// is a local one, each as "CC" where it is the country's only culture
	// or "CC:share" where the country has several, share being the
	// percent of the country's people who carry it ("NG:40").
	countries    string
	male, female string
	last         string
	// givenHead and lastHead are the percent of the culture's people who
	// carry one of the spec's given or family names, its commonest, where
	// the name tables add a long tail and no share is measured (0: 35
	// and 20).
	givenHead, lastHead int
	// patronymic is the percent of people whose family name is their
	// father's given name (Malays, most Arabs).
	patronymic int
	// maleParts, femaleParts and lastParts are the syllables names are
	// made of ("伟:Wei 强:Qiang"), where a culture makes them so (Chinese
	// and Korean given names, Thai names): pairs of syllables, joined by
	// partsJoin, are names of the long tail (composedNames), and, for
	// singleParts percent of the tail's draws, one syllable alone.
	maleParts, femaleParts, lastParts string
	singleParts                       int
	partsJoin                         string
	// givenFrom lists the cultures whose tables of given names this
	// culture's people draw from too (Filipinos carry Spanish and
	// English given names), and lastFrom those whose family names they
	// carry too (Filipinos' are mostly Spanish), both as a long tail.
	givenFrom, lastFrom string
}

// nameForm is one given or family name in every spelling the world needs.
type nameForm struct {
	native string // in the culture's script
	latin  string // in Latin script (same as native for Latin cultures)
	folded string // latin without diacritics
	slug   string // lower-case ASCII letters, digits and hyphens
	mail   string // lower-case ASCII letters and digits
}

// culture is a parsed cultureSpec.
type culture struct {
	spec         cultureSpec
	male, female []nameForm
	// lastMale and lastFemale are parallel: the same family in its
	// masculine and feminine form (identical for most cultures).
	lastMale, lastFemale []nameForm
	// How often each name of male, female and the family names is drawn
	// (nameWeights).
	maleW, femaleW, lastW weighted
	// particle are the particles and particleW how often each is drawn
	// for a family name without one, the last weight being none.
	particle  []nameForm
	particleW weighted
	// particleEnds are, for each particle, the endings of the names it
	// goes with ("van" with places: "-dijk", "-berg"); none for any.
	particleEnds [][]string
	// lastSex is, parallel to lastMale, the sex a family name is only
	// carried by (sexedFamilyNames), GenderUnknown for either.
	lastSex []Gender
}

// nameBook holds every culture and how the world picks one for a person.
type nameBook struct {
	cultures []culture
	// byCountry is the main culture of each country, the one most of its
	// people carry (English where none is listed): what its companies
	// are named after, and the language its people list.
	byCountry []int
	// locals are the cultures of each country that has several (nil for
	// the others), drawn by localShares.
	locals      [][]int
	localShares []weighted
	english     int
	// migrantPermille is, for each country, how many in a thousand of
	// its people carry a migrant culture's name, drawn by the mix
	// migrantMixes[migrantDraw[country]].
	migrantPermille []int
	migrantDraw     []int
	migrantMixes    []migrantMix
}

// localCulture is one culture of a country and the share of its people
// who carry it, as cultureSpec.countries lists them.
type localCulture struct {
	culture int
	share   int
}

var loadNames = sync.OnceValue(func() *nameBook {
	g := loadGazetteer()
	tables := loadNameTables()
	b := &nameBook{}
	local := map[string][]localCulture{}
	for i, spec := range cultureSpecs {
		c := culture{spec: spec}
		c.male = parseNames(spec.male, spec.script)
		c.female = parseNames(spec.female, spec.script)
		for _, entry := range strings.Fields(spec.last) {
			m, f := parseSurname(entry, spec.script)
			c.lastMale = append(c.lastMale, m)
			c.lastFemale = append(c.lastFemale, f)
		}
		c.addTables(tables)
		c.parseParticles()
		c.markSexedNames()
		for _, entry := range strings.Fields(spec.countries) {
			cc, share := parseCountryShare(entry)
			local[cc] = append(local[cc], localCulture{culture: i, share: share})
		}
		if spec.code == "en" {
			b.english = i
		}
		b.cultures = append(b.cultures, c)
	}
	b.byCountry = make([]int, len(g.countries))
	b.locals = make([][]int, len(g.countries))
	b.localShares = make([]weighted, len(g.countries))
	for id, c := range g.countries {
		cs := local[c.Code]
		b.byCountry[id] = b.english
		if len(cs) == 0 {
			continue
		}
		main := cs[0]
		for _, lc := range cs[1:] {
			if lc.share > main.share {
				main = lc
			}
		}
		b.byCountry[id] = main.culture
		if len(cs) == 1 {
			continue
		}
		shares := make([]uint64, len(cs))
		for k, lc := range cs {
			b.locals[id] = append(b.locals[id], lc.culture)
			shares[k] = uint64(lc.share)
		}
		b.localShares[id] = newWeighted(shares)
	}
	b.migrantTables(g)
	return b
})

// parseParticles reads the spec's particles. A malformed entry is a bug
// in names_data.go, caught by any test that builds a world.
func (c *culture) parseParticles() {
	if c.spec.particles == "" {
		return
	}
	var w []uint64
	left := 1000
	for _, entry := range strings.Fields(c.spec.particles) {
		name, s, _ := strings.Cut(entry, ":")
		s, ends, _ := strings.Cut(s, ":")
		n, err := strconv.Atoi(s)
		if err != nil || n <= 0 || n > left {
			panic(fmt.Sprintf("world: bad particle %q in names_data.go", entry))
		}
		left -= n
		c.particle = append(c.particle, makeForm(name, "", c.spec.script))
		var e []string
		if ends != "" {
			e = strings.Split(ends, ",")
		}
		c.particleEnds = append(c.particleEnds, e)
		w = append(w, uint64(n))
	}
	c.particleW = newWeighted(append(w, uint64(left)))
}

// endsWithAny reports whether s ends with one of ends, or ends is empty.
func endsWithAny(s string, ends []string) bool {
	for _, e := range ends {
		if strings.HasSuffix(s, e) {
			return true
		}
	}
	return len(ends) == 0
}

// parseCountryShare parses an entry of cultureSpec.countries: "NG:40"
// or "NG", the country's only culture. A malformed share is a bug in
// names_data.go, caught by any test that builds a world.
func parseCountryShare(entry string) (country string, share int) {
	country, s, ok := strings.Cut(entry, ":")
	if !ok {
		return country, 100
	}
	share, err := strconv.Atoi(s)
	if err != nil || share <= 0 {
		panic(fmt.Sprintf("world: bad country share %q in names_data.go", entry))
	}
	return country, share
}

// parseNames parses a list of given names.
func parseNames(list string, script Script) []nameForm {
	var out []nameForm
	for _, entry := range strings.Fields(list) {
		native, roman, _ := strings.Cut(entry, ":")
		out = append(out, makeForm(native, roman, script))
	}
	return out
}

// parseSurname parses "M/F:RomanM/RomanF" and its shorter variants.
func parseSurname(entry string, script Script) (m, f nameForm) {
	native, roman, _ := strings.Cut(entry, ":")
	nm, nf, gendered := strings.Cut(native, "/")
	if !gendered {
		nf = nm
	}
	rm, rf, rgendered := strings.Cut(roman, "/")
	if !rgendered {
		rf = rm
	}
	return makeForm(nm, rm, script), makeForm(nf, rf, script)
}

func makeForm(native, roman string, script Script) nameForm {
	native = strings.ReplaceAll(native, "_", " ")
	roman = strings.ReplaceAll(roman, "_", " ")
	if script == ScriptLatin || roman == "" {
		roman = native
	}
	return nameForm{native: native, latin: roman, folded: foldASCII(roman), slug: slugify(roman), mail: mailify(roman)}
}

// personName is a generated name with everything derived from it.
type personName struct {
	culture           int // index of the culture in the name book
	first, last, full string
	script            Script
	gender            Gender
	slugFirst         string // slug spelling of the given name
	slugLast          string // slug spelling of the family name
	mailFirst         string
	mailLast          string
	// other is the full name in the culture's native script, "" for
	// Latin cultures: the source of alternativeNames.
	other string
	// folded is the Latin full name without diacritics.
	folded string
}

// draw picks a name for a person living in country. Most people carry a
// local culture's name, drawn by the cultures' shares where the country
// has several (Yoruba, Igbo or Hausa in Nigeria); those born abroad, as
// many as the country has (migrantPermille), carry a migrant culture's. Given and family name always come from the one culture
// drawn: a Yoruba given name goes with a Yoruba family name, never with
// a Ghanaian one. On a professional network names are written in Latin
// script, whatever the culture: the native spelling is kept only as the
// source of an alternative name.
func (b *nameBook) draw(r *rand.Rand, country countryID) personName {
	ci := b.byCountry[country]
	switch {
	case intN(r, 1000) < b.migrantPermille[country]:
		m := &b.migrantMixes[b.migrantDraw[country]]
		ci = m.cultures[m.w.draw(r)]
	case b.locals[country] != nil:
		ci = b.locals[country][b.localShares[country].draw(r)]
	}
	c := &b.cultures[ci]
	n := personName{culture: ci, gender: Male, script: ScriptLatin}
	given := c.male
	lastForms := c.lastMale
	if chance(r, 48) {
		n.gender = Female
		given = c.female
		lastForms = c.lastFemale
	}
	gw := &c.maleW
	if n.gender == Female {
		gw = &c.femaleW
	}
	g := given[gw.draw(r)]
	k := c.lastW.draw(r)
	// A family name that repeats the given name ("MacKenzie MacKenzie")
	// reads as a typo, and one only the other sex carries ("Putra" for a
	// woman) as a mistake: drawn again, a few times at most, and then the
	// next name of the list that is neither.
	bad := func(k int) bool { return strings.EqualFold(lastForms[k].folded, g.folded) || c.wrongSex(k, n.gender) }
	for tries := 0; tries < 8 && bad(k); tries++ {
		k = c.lastW.draw(r)
	}
	for next := 1; next < len(lastForms) && bad(k); next++ {
		k = (k + 1) % len(lastForms)
	}
	f := lastForms[k]
	var f2, pre nameForm
	// Two family names (Spanish), or a double-barrelled one; a name of
	// the tables now and then with a particle ("van Aarden").
	sep := " "
	double := c.spec.doubleSurname > 0 && chance(r, c.spec.doubleSurname)
	if !double && c.spec.hyphenated > 0 && intN(r, 1000) < c.spec.hyphenated {
		double, sep = true, "-"
	}
	if double {
		// Two different names: "Soares Soares" reads as a typo.
		f2 = lastForms[c.lastW.draw(r)]
		for tries := 0; f2.latin == f.latin && tries < 4; tries++ {
			f2 = lastForms[c.lastW.draw(r)]
		}
		double = f2.latin != f.latin
	}
	if c.particle != nil && !strings.Contains(f.latin, " ") {
		if x := c.particleW.draw(r); x < len(c.particle) && endsWithAny(f.latin, c.particleEnds[x]) {
			pre = c.particle[x]
		}
	}
	n.slugFirst, n.mailFirst = g.slug, g.mail
	n.slugLast, n.mailLast = f.slug, f.mail
	if pre.latin != "" {
		n.slugLast, n.mailLast = pre.slug+"-"+n.slugLast, pre.mail+n.mailLast
	}
	if double {
		n.slugLast += "-" + f2.slug
		n.mailLast += f2.mail
	}
	lastOf := func(form func(nameForm) string) string {
		out := form(f)
		if pre.latin != "" {
			out = form(pre) + " " + out
		}
		if double {
			out += sep + form(f2)
		}
		return out
	}
	latinForm := func(x nameForm) string { return x.latin }
	nativeForm := func(x nameForm) string { return x.native }
	foldedForm := func(x nameForm) string { return x.folded }
	n.first, n.last = g.latin, lastOf(latinForm)
	n.full = n.first + " " + n.last
	n.folded = g.folded + " " + lastOf(foldedForm)
	if c.spec.familyFirst && c.spec.script == ScriptLatin {
		// Vietnamese names keep their order in Latin script.
		n.full = n.last + " " + n.first
		n.folded = lastOf(foldedForm) + " " + g.folded
	}
	if c.spec.script != ScriptLatin {
		n.other = nativeFull(c, g.native, lastOf(nativeForm))
	}
	return n
}

// markSexedNames marks the family names only one sex carries, as
// sexedFamilyNames lists them for the culture.
func (c *culture) markSexedNames() {
	lists, ok := sexedFamilyNames[c.spec.code]
	if !ok {
		return
	}
	sex := map[string]Gender{}
	for _, name := range strings.Fields(lists.male) {
		sex[name] = Male
	}
	for _, name := range strings.Fields(lists.female) {
		sex[name] = Female
	}
	c.lastSex = make([]Gender, len(c.lastMale))
	for k, f := range c.lastMale {
		c.lastSex[k] = sex[f.latin]
	}
}

// wrongSex reports whether the family name k is one only the other sex
// carries.
func (c *culture) wrongSex(k int, g Gender) bool {
	return c.lastSex != nil && c.lastSex[k] != GenderUnknown && c.lastSex[k] != g
}

// nativeFull joins a native given and family name in the culture's order.
func nativeFull(c *culture, given, family string) string {
	switch {
	case c.spec.familyFirst && c.spec.noSpace:
		return family + given
	case c.spec.familyFirst:
		return family + " " + given
	}
	return given + " " + family
}

// foldASCII removes diacritics ("José" → "Jose", "Łukasz" → "Lukasz"). Other
// characters pass through unchanged.
func foldASCII(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		if rep, ok := foldSpecial[r]; ok {
			b.WriteString(rep)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// foldSpecial covers letters that Unicode does not decompose into a base
// letter and a mark.
var foldSpecial = map[rune]string{
	'ł': "l", 'Ł': "L", 'ø': "o", 'Ø': "O", 'ß': "ss", 'æ': "ae", 'Æ': "Ae", 'œ': "oe", 'Œ': "Oe",
	'đ': "d", 'Đ': "D", 'ð': "d", 'Ð': "D", 'þ': "th", 'Þ': "Th", 'ı': "i", 'ħ': "h", 'Ħ': "H",
	'ə': "a", 'Ə': "A", // Azerbaijani: Məmmədov is Mammadov in ASCII
}

// slugify turns a Latin-script name into lower-case ASCII words joined by
// hyphens: "D'Angelo" → "dangelo", "van den Berg" → "van-den-berg".
func slugify(s string) string {
	var b strings.Builder
	hyphen := false
	for _, r := range strings.ToLower(foldASCII(s)) {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			if hyphen && b.Len() > 0 {
				b.WriteByte('-')
			}
			hyphen = false
			b.WriteRune(r)
		case r == '\'' || r == '’':
			// apostrophes vanish rather than split the name
		default:
			hyphen = true
		}
	}
	return b.String()
}

// mailify turns a Latin-script name into lower-case ASCII letters and
// digits, the way people spell themselves in e-mail addresses.
func mailify(s string) string {
	return strings.ReplaceAll(slugify(s), "-", "")
}
