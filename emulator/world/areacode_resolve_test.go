package world

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"sync"
	"unicode"

	"github.com/agnivade/levenshtein"
	"github.com/nyaruka/phonenumbers"
)

// geoResolver reads the geocoding descriptions of one country as places
// of the gazetteer: "Kolkata, West Bengal" is Kolkata, "Bolzano/Bozen"
// Bolzano, "Shenyang/Tieling/Fushun, Liaoning" three cities, "Imperatriz -
// MA" the Imperatriz of Maranhão; "Jalisco" names no city but a state.
type geoResolver struct {
	g       *gazetteer
	country string
	// names finds the cities people live in by the keys of their names
	// and aliases (nameKey), most populous first.
	names map[string][]int32
	// sections finds the cities of neighbourhoods by their names, where
	// no city bears the name (Hefei's Chaohu).
	sections map[string][]int32
	// shortNames finds cities by the first words of their names, where
	// only one city's name begins so ("acapulco" for Acapulco de
	// Juárez).
	shortNames map[string][]int32
	mu         sync.Mutex
	matched    map[string]matchResult // match's answers, by name
	// quals maps the key of a qualifier ("west bengal", "sp") to the
	// admin1 code of the places it follows, learned from the names it
	// follows that only one place bears.
	quals map[string]string
	// qualRegions maps the key of a qualifier to every admin1 code a fair
	// share of the names it follows are of: a state split since the
	// geocoding was written names the cities of both halves ("Hyderabad,
	// Andhra Pradesh" is Telangana's capital; "Raipur, Madhya Pradesh"
	// Chhattisgarh's).
	qualRegions map[string]map[string]bool
}

// matchResult is an answer of geoResolver.match.
type matchResult struct {
	ids      []int32
	withinKm float64
}

// nameKey folds a name for matching: lower-case ASCII letters and digits,
// words separated by single spaces ("Saint-Étienne" → "saint etienne").
func nameKey(s string) string {
	s = strings.ToLower(foldASCII(s))
	var b strings.Builder
	space := false
	for _, r := range s {
		switch {
		case r == '\'' || r == '’' || r == '`' || r == 'ʻ' || r == '.':
			continue
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(r)
		default:
			space = true
		}
	}
	return b.String()
}

// exonyms are the English names the geocoding gives cities that the
// gazetteer knows by their own (or by a spelling too far for match's near
// spellings), and the provinces, counties and islands it names that name
// no city, by their chief cities (Spain's Bizkaia, Bilbao's 94; Norway's
// Hordaland, Bergen's 55), by country: name key → the gazetteer's name.
var exonyms = map[string]map[string]string{
	"IT": {"mantua": "Mantova", "reggio emilia": "Reggio nell'Emilia"},
	"ES": {"cordova": "Córdoba", "castellon": "Castelló de la Plana", "tenerife": "Santa Cruz de Tenerife",
		"las palmas": "Las Palmas de Gran Canaria", "bizkaia": "Bilbao", "guipuzcoa": "Donostia / San Sebastián",
		"araba": "Gasteiz / Vitoria", "navarre": "Pamplona", "la rioja": "Logroño", "cantabria": "Santander",
		"asturias": "Oviedo", "balearic islands": "Palma"},
	"CH": {"berne": "Bern", "lucerne": "Luzern", "st gallen": "Sankt Gallen"},
	"BE": {"bruges": "Brugge", "ghent": "Gent", "ypres": "Ieper"},
	"TR": {"afyon": "Afyonkarahisar", "icel": "Mersin", "k maras": "Kahramanmaraş", "kocaeli": "İzmit",
		"sakarya": "Adapazarı", "hatay": "Antakya"},
	"NO": {"akershus": "Asker", "aust agder": "Arendal", "buskerud": "Drammen", "hedmark": "Hamar",
		"hordaland": "Bergen", "more og romsdal": "Ålesund", "nord trondelag": "Steinkjer", "nordland": "Bodø",
		"oppland": "Lillehammer", "rogaland": "Stavanger", "sor trondelag": "Trondheim", "telemark": "Skien",
		"troms": "Tromsø", "vest agder": "Kristiansand", "vestfold": "Tønsberg", "ostfold": "Fredrikstad"},
	"AR": {"san nicolas": "San Nicolás de los Arroyos", "eldorado": "Puerto Eldorado", "oran": "San Ramón de la Nueva Orán"},
	"KR": {"gyeonggi": "Suwon", "gangwon": "Chuncheon", "chungnam": "Cheonan", "chungbuk": "Cheongju-si",
		"gyeongbuk": "Pohang", "gyeongnam": "Changwon", "jeonnam": "Mokpo", "jeonbuk": "Jeonju", "jeju": "Jeju City"},
}

// qualShare is the inverse of the least share of the names a qualifier
// follows that a region must hold to be one the qualifier may name.
const qualShare = 8

// absentTowns are towns the geocoding names that the gazetteer lacks and
// whose names a shortened reading would take for a bigger namesake's, by
// country (name keys): San Miguel del Monte (02271, 100 km south of
// Buenos Aires) is not San Miguel of Greater Buenos Aires, which dials 11.
var absentTowns = map[string]map[string]bool{
	"AR": {"san miguel del monte": true},
}

// genericWords are words of descriptions that say what kind of place a
// name is, not which: "Hyderabad Local", "Hanoi City", "Tehran province".
var genericWords = map[string]bool{
	"city": true, "local": true, "town": true, "province": true, "region": true, "district": true,
	"county": true, "state": true, "canton": true, "governorate": true, "municipality": true,
	"prefecture": true, "greater": true, "metropolitan": true, "area": true, "rural": true,
	"urban": true, "centre": true, "center": true, "fd": true,
}

// nameVariants lists the keys a part of a description may be found by,
// best first: itself, without words of kind, then shortened from the end
// ("Oberhausen Rheinland" → "oberhausen", "Essen-Kettwig" → "essen").
func nameVariants(part string) []string {
	key := nameKey(part)
	out := []string{key}
	if i := strings.IndexByte(part, '('); i > 0 {
		out = append(out, nameKey(part[:i]))
	}
	words := strings.Fields(key)
	var kept []string
	for _, w := range words {
		if !genericWords[w] {
			kept = append(kept, w)
		}
	}
	if len(kept) > 0 && len(kept) < len(words) {
		out = append(out, strings.Join(kept, " "))
	}
	if strings.Contains(key, " ") {
		out = append(out, strings.ReplaceAll(key, " ", "")) // "Aizuwakamatsu" for Aizu-Wakamatsu
	}
	for n := len(kept) - 1; n >= 1; n-- {
		if short := strings.Join(kept[:n], " "); len(short) >= 4 {
			out = append(out, short)
		}
	}
	return out
}

// splitDescription cuts a description into the names it lists and the
// qualifier that follows them: "Ghaziabad/Dadri, Uttar Pradesh" →
// [Ghaziabad Dadri], "Uttar Pradesh"; "Imperatriz - MA" → [Imperatriz],
// "MA". A longer list of commas is all names.
func splitDescription(desc string) (names []string, qual string) {
	head := desc
	if i := strings.LastIndex(desc, " - "); i > 0 {
		head, qual = desc[:i], desc[i+3:]
	} else if parts := strings.Split(desc, ", "); len(parts) == 2 {
		head, qual = parts[0], parts[1]
	}
	for _, p := range strings.FieldsFunc(head, func(r rune) bool { return r == '/' || r == ',' || r == '&' }) {
		for _, q := range strings.Split(p, " and ") {
			if q = strings.TrimSpace(q); q != "" {
				names = append(names, q)
			}
		}
	}
	return names, qual
}

// newGeoResolver indexes a country's cities and learns its qualifiers
// from the descriptions of its prefixes. A neighbourhood's name (Madrid's
// Salamanca) finds its city only where no city bears the name.
func newGeoResolver(g *gazetteer, country string, descs []string) *geoResolver {
	r := &geoResolver{g: g, country: country, names: map[string][]int32{}, sections: map[string][]int32{},
		shortNames: map[string][]int32{}, matched: map[string]matchResult{}, quals: map[string]string{},
		qualRegions: map[string]map[string]bool{}}
	shortCount := map[string]int{}
	for _, i := range g.byCountry[g.country[country]] { // most populous first
		city := g.cityOf[i]
		into := r.names
		if city != i {
			into = r.sections
		}
		for _, n := range placeNames(&g.places[i]) {
			k := nameKey(n)
			for _, k := range []string{k, strings.ReplaceAll(k, " ", "")} {
				if k != "" && !containsID(into[k], city) {
					into[k] = append(into[k], city)
				}
			}
			if words := strings.Fields(k); city == i && len(words) > 1 && len(words[0]) >= 5 && !genericWords[words[0]] {
				if !containsID(r.shortNames[words[0]], city) {
					r.shortNames[words[0]] = append(r.shortNames[words[0]], city)
					shortCount[words[0]]++
				}
			}
		}
	}
	for k, n := range shortCount {
		if n > 1 || len(r.names[k]) > 0 {
			delete(r.shortNames, k) // the first word of several names, or a name itself
		}
	}
	for k := range r.sections {
		if len(r.names[k]) > 0 {
			delete(r.sections, k)
		}
	}
	for exo, name := range exonyms[country] {
		if ids := r.names[nameKey(name)]; len(ids) > 0 && len(r.names[exo]) == 0 {
			r.names[exo] = ids
		}
	}
	votes := map[string]map[string]int{}
	for _, d := range descs {
		names, qual := splitDescription(d)
		if qual == "" {
			continue
		}
		for _, n := range names {
			if ids, within := r.match(n); len(ids) == 1 && within == 0 {
				q := nameKey(qual)
				if votes[q] == nil {
					votes[q] = map[string]int{}
				}
				votes[q][g.places[ids[0]].Admin1]++
			}
		}
	}
	for q, v := range votes {
		best, total := "", 0
		for a, n := range v {
			total += n
			if n > v[best] || n == v[best] && a < best {
				best = a
			}
		}
		if v[best]*3 >= total*2 { // a clear majority
			r.quals[q] = best
		}
		if total >= 10 && v[best]*2 >= total { // a state and the part split from it
			r.qualRegions[q] = map[string]bool{best: true}
			for a, n := range v {
				if n >= 3 && n*qualShare >= total {
					r.qualRegions[q][a] = true
				}
			}
		}
	}
	// A part split from a state is one no qualifier names by itself.
	named := map[string]bool{}
	for _, a := range r.quals {
		named[a] = true
	}
	for q, regions := range r.qualRegions {
		for a := range regions {
			if a != r.quals[q] && named[a] {
				delete(regions, a)
			}
		}
	}
	return r
}

// placeNames lists the names a place goes by: its name, its aliases, and
// the parts of a name of two languages ("Gasteiz / Vitoria").
func placeNames(p *Place) []string {
	out := append([]string{p.Name}, p.Aliases...)
	for _, n := range out {
		if a, b, two := strings.Cut(n, " / "); two {
			out = append(out, a, b)
		}
	}
	return out
}

func containsID(xs []int32, x int32) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// match finds the cities a name may stand for, by its first variant that
// names any. A reading that may be wrong says how near to the cities of
// the neighbouring prefixes it must lie (0 for a sure one): a shortened
// name ("Essen Oldenburg" found as Essen) very near, a near spelling
// ("Jallandhar" for Jalandhar), a neighbourhood's name or a city's name
// shortened ("Acapulco" for Acapulco de Juárez) nearer than a region's
// breadth.
func (r *geoResolver) match(name string) (ids []int32, withinKm float64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if m, ok := r.matched[name]; ok {
		return m.ids, m.withinKm
	}
	ids, withinKm = r.find(name)
	r.matched[name] = matchResult{ids, withinKm}
	return ids, withinKm
}

// Distances within which unsure readings of a name are believed: a near
// spelling must be near its neighbours even where a qualifier names its
// region (Campinal, SP is not Campinas, SP), the others only where none
// does.
const (
	shortenedKm = 60
	nearKm      = 200
	spellingKm  = 201
)

func (r *geoResolver) find(name string) (ids []int32, withinKm float64) {
	if absentTowns[r.country][nameKey(name)] {
		return nil, 0
	}
	vs := nameVariants(name)
	for i, k := range vs {
		within := 0.0
		if isShortened(vs, i) {
			within = shortenedKm
		}
		if ids := r.names[k]; len(ids) > 0 {
			return ids, within
		}
		if ids := r.sections[k]; len(ids) > 0 && within == 0 {
			return ids, nearKm
		}
		if ids := r.shortNames[k]; len(ids) > 0 && within == 0 {
			return ids, nearKm
		}
	}
	// A near spelling: the cities whose names are nearest, for the
	// qualifier or the neighbours to choose from.
	for _, k := range vs[:min(2, len(vs))] {
		if len(k) < 5 {
			continue
		}
		most := 1
		if len(k) >= 9 {
			most = 2
		}
		var found []int32
		for key, cities := range r.names {
			if abs(len(key)-len(k)) > most || key[0] != k[0] || levenshtein.ComputeDistance(key, k) > most {
				continue
			}
			for _, c := range cities {
				if !containsID(found, c) {
					found = append(found, c)
				}
			}
		}
		if len(found) > 0 {
			sort.Slice(found, func(a, b int) bool { // the most populous first
				pa, pb := r.g.places[found[a]].Population, r.g.places[found[b]].Population
				return pa > pb || pa == pb && found[a] < found[b]
			})
			return found, spellingKm
		}
	}
	return nil, 0
}

// isShortened reports whether variant i of vs drops words of the name
// (beyond words of kind such as "City"), by its letters.
func isShortened(vs []string, i int) bool {
	letters := func(s string) int { return len(strings.ReplaceAll(s, " ", "")) }
	full := 0
	for _, w := range strings.Fields(vs[0]) {
		if !genericWords[w] {
			full += len(w)
		}
	}
	return letters(vs[i]) < full
}

// resolution is what a description stands for: cities, or else a
// first-level region (admin1), or nothing the gazetteer knows.
type resolution struct {
	places []int32 // the cities it names
	admin1 string  // the region it names, when it names no city
	// unsure says a name could be read several ways (cities of one name,
	// or a shortened name) and was read without neighbours to go by.
	unsure bool
	// weak says a city was found by a shortened or near name.
	weak bool
}

// resolve reads one description. ctx, the cities named by neighbouring
// prefixes, chooses between cities of the same name (the one nearest to
// them) and vets cities found by a shortened or near name; in the final
// reading (final), such a city that neither they nor a qualifier vouch
// for is dropped.
func (r *geoResolver) resolve(desc string, ctx []int32, final bool) resolution {
	names, qual := splitDescription(desc)
	region, hasRegion := r.quals[nameKey(qual)]
	within := r.qualRegions[nameKey(qual)]
	if hasRegion && within == nil {
		within = map[string]bool{region: true}
	}
	var res resolution
	pick := func(ids []int32, withinKm float64) {
		if hasRegion {
			var in []int32
			for _, id := range ids {
				if within[r.g.places[id].Admin1] {
					in = append(in, id)
				}
			}
			ids = in
		}
		if len(ids) == 0 {
			return
		}
		best := ids[0] // the most populous
		if len(ids) > 1 || withinKm > 0 {
			switch {
			case len(ctx) == 0 && final && withinKm > 0 && (!hasRegion || withinKm == spellingKm):
				return // an unsure reading with nothing to vouch for it
			case len(ctx) == 0:
				res.unsure = true
			default:
				bestScore := math.Inf(1)
				for _, c := range ids {
					score := 0.0
					for _, x := range ctx {
						score += math.Log1p(r.km(c, x))
					}
					if score < bestScore {
						best, bestScore = c, score
					}
				}
				if withinKm > 0 && (!hasRegion || withinKm == spellingKm) && r.nearestKm(best, ctx) > withinKm {
					return
				}
			}
		}
		if !containsID(res.places, best) {
			res.places = append(res.places, best)
			res.weak = res.weak || withinKm > 0
		}
	}
	for _, n := range names {
		pick(r.match(n))
	}
	if len(res.places) == 0 && qual != "" && !hasRegion {
		// "Plateau, Abidjan": a district, then its city.
		pick(r.match(qual))
	}
	if len(res.places) == 0 {
		if a, ok := r.quals[nameKey(desc)]; ok {
			res.admin1 = a
		} else if hasRegion && len(names) == 0 {
			res.admin1 = region
		}
	}
	return res
}

// km is the distance between two places.
func (r *geoResolver) km(a, b int32) float64 {
	p, q := &r.g.places[a], &r.g.places[b]
	return distanceKm(p.Latitude, p.Longitude, q.Latitude, q.Longitude)
}

// nearestKm is the distance from a place to the nearest of others.
func (r *geoResolver) nearestKm(a int32, others []int32) float64 {
	best := math.Inf(1)
	for _, b := range others {
		best = min(best, r.km(a, b))
	}
	return best
}

// namesPlace reports whether a geocoding description names a city (or a
// neighbourhood of it) in any of the ways the derivation reads names: in
// full, shortened ("Essen-Kettwig"), spelt nearly alike ("Ferozabad" for
// Firozabad) or by its English name.
func namesPlace(g *gazetteer, desc string, city int32) bool {
	r := resolverFor(g, g.places[city].Country)
	names, qual := splitDescription(desc)
	for _, part := range append(names, qual) {
		if ids, _ := r.match(part); part != "" && containsID(ids, city) {
			return true
		}
	}
	return false
}

// resolvers holds a geoResolver by country, for namesPlace.
var resolvers sync.Map

func resolverFor(g *gazetteer, country string) *geoResolver {
	if r, ok := resolvers.Load(country); ok {
		return r.(*geoResolver)
	}
	r, _ := resolvers.LoadOrStore(country, newGeoResolver(g, country, nil))
	return r.(*geoResolver)
}

// areaOf is what a number says of where it was given out: its area code
// (for Argentina's mobiles, after the mobile token 9) and its geocoding.
type areaOf struct {
	code, desc string
}

// numberArea reads a number's area; ok is false for a number that says
// nothing of a place (a mobile where mobiles are not geographic,
// toll-free...).
func numberArea(num *phonenumbers.PhoneNumber) (a areaOf, class numberClass, ok bool) {
	class = classOf(phonenumbers.GetNumberType(num))
	if class == classNone || class == classMobile && !phonenumbers.GEO_MOBILE_COUNTRIES[num.GetCountryCode()] {
		return a, class, false
	}
	nsn := phonenumbers.GetNationalSignificantNumber(num)
	a.code = nsn[:phonenumbers.GetLengthOfGeographicalAreaCode(num)]
	if a.code == "" && class != classMobile {
		// Countries without a trunk prefix (Spain's 91 Madrid) have no
		// area code by phonenumbers' rule, but a destination code still.
		a.code = nsn[:phonenumbers.GetLengthOfNationalDestinationCode(num)]
	}
	if token := phonenumbers.GetCountryMobileToken(int(num.GetCountryCode())); token != "" && class == classMobile {
		a.code = strings.TrimPrefix(a.code, token)
	}
	a.desc, _ = phonenumbers.GetGeocodingForNumber(num, "en")
	return a, class, true
}

// countryGeo is the geocoding of one country's prefixes, read as places.
type countryGeo struct {
	country string
	cc      string   // calling code digits
	keys    []string // the prefixes of the calling code, sorted
	res     map[string]resolution
	r       *geoResolver
}

// resolveCountry reads every prefix of a country's calling code. Cities
// of one name are told apart by their qualifier where it is known, else
// by the places of the neighbouring prefixes (Frankfurt (Oder) among
// Brandenburg's); a description naming no city is a region when the
// prefixes under it name cities of one region.
func resolveCountry(g *gazetteer, t *geoTable, country string, cc int) *countryGeo {
	cg := &countryGeo{country: country, cc: fmt.Sprint(cc), res: map[string]resolution{}}
	// Only the prefixes of this country where others share its calling
	// code (the United Kingdom's +44 with Jersey's, Russia's +7 with
	// Kazakhstan's).
	for _, k := range t.under(cg.cc) {
		if len(phonenumbers.GetRegionCodesForCountryCode(cc)) > 1 {
			num := numberOf(cc, k+strings.Repeat("5", max(0, len(cg.cc)+10-len(k))))
			if num == nil {
				continue
			}
			if r := phonenumbers.GetRegionCodeForNumber(num); r != "" && r != country {
				continue
			}
		}
		cg.keys = append(cg.keys, k)
	}
	var descs []string
	for _, k := range cg.keys {
		descs = append(descs, t.desc[k])
	}
	cg.r = newGeoResolver(g, country, descs)
	// First the plain readings; those with one reading are sure.
	sure := make([][]int32, len(cg.keys))
	for i, k := range cg.keys {
		res := cg.r.resolve(t.desc[k], nil, false)
		cg.res[k] = res
		if !res.unsure {
			sure[i] = res.places
		}
	}
	// Then the unsure ones, by the sure cities of the prefixes around
	// them: the ten before and after, of the same first digit.
	for i, k := range cg.keys {
		if !cg.res[k].unsure {
			continue
		}
		var ctx []int32
		for j := max(0, i-10); j < min(len(cg.keys), i+11); j++ {
			if j != i && cg.keys[j][:len(cg.cc)+1] == k[:min(len(k), len(cg.cc)+1)] {
				ctx = append(ctx, sure[j]...)
			}
		}
		cg.res[k] = cg.r.resolve(t.desc[k], ctx, true)
	}
	// Regions by the cities under them. A description of a prefix under
	// which others name cities of one region names that region, and so
	// does the same description elsewhere if it names a city only by a
	// shortened name: "Rio Grande do Sul" is the state, not the city of
	// Rio Grande, on Porto Alegre's mobiles too.
	regions := map[string]string{}
	for _, k := range cg.keys {
		res := cg.res[k]
		if len(res.places) > 0 && !res.weak || res.admin1 != "" {
			continue
		}
		votes, total := map[string]int{}, 0
		for _, k2 := range t.under(k)[1:] { // the prefixes under k, not k
			for _, p := range cg.res[k2].places {
				votes[g.places[p].Admin1]++
				total++
			}
		}
		best := ""
		for a, n := range votes {
			if n > votes[best] || n == votes[best] && a < best {
				best = a
			}
		}
		if total > 0 && votes[best]*3 >= total*2 {
			regions[t.desc[k]] = best
			cg.res[k] = resolution{admin1: best}
		}
	}
	for _, k := range cg.keys {
		if res := cg.res[k]; res.weak || len(res.places) == 0 && res.admin1 == "" {
			if a, ok := regions[t.desc[k]]; ok {
				cg.res[k] = resolution{admin1: a}
			}
		}
	}
	return cg
}
