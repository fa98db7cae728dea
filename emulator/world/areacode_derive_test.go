package world

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/nyaruka/phonenumbers"
)

// This file derives data/area-codes-world.tsv (see areacodes.go): for
// every country whose numbers libphonenumber's geocoding places, the
// prefixes of each city it names, verified number by number against
// phonenumbers' rules.

// numberClass sorts numbers by what they say of a place: a fixed line
// (FIXED_LINE), a number that may be either (FIXED_LINE_OR_MOBILE, as in
// Mexico), or a mobile.
type numberClass uint8

const (
	classNone numberClass = iota
	classFixed
	classBoth
	classMobile
)

// kindName is the class as the data file spells it.
var kindName = [...]string{classFixed: "fixed", classBoth: "both", classMobile: "mobile"}

// classOf is the class of a phonenumbers type; classNone for the types
// that say nothing of a place (toll-free, VoIP...).
func classOf(t phonenumbers.PhoneNumberType) numberClass {
	switch t {
	case phonenumbers.FIXED_LINE:
		return classFixed
	case phonenumbers.FIXED_LINE_OR_MOBILE:
		return classBoth
	case phonenumbers.MOBILE:
		return classMobile
	}
	return classNone
}

// countryNumbers is what the derivation knows of one country's numbers.
type countryNumbers struct {
	region string
	cc     int
	ccs    string
	// lengths are the national lengths to try for fixed and mobile
	// numbers, best first: the example's, then the nearest possible.
	fixedLens, mobileLens []int
	mobileEx              string // national digits of the example mobile
	token                 string // the mobile token after the calling code (Argentina's 9)
}

func newCountryNumbers(region string) (*countryNumbers, error) {
	coll, err := phonenumbers.MetadataCollection()
	if err != nil {
		return nil, err
	}
	var md *phonenumbers.PhoneMetadata
	for _, m := range coll.GetMetadata() {
		if m.GetId() == region {
			md = m
		}
	}
	if md == nil {
		return nil, fmt.Errorf("no metadata for %s", region)
	}
	cc := int(md.GetCountryCode())
	c := &countryNumbers{region: region, cc: cc, ccs: strconv.Itoa(cc), token: phonenumbers.GetCountryMobileToken(cc)}
	lens := func(d *phonenumbers.PhoneNumberDesc) []int {
		possible := d.GetPossibleLength()
		if len(possible) == 0 {
			possible = md.GetGeneralDesc().GetPossibleLength()
		}
		ex := len(d.GetExampleNumber())
		var out []int
		for _, l := range possible {
			out = append(out, int(l))
		}
		sort.Slice(out, func(a, b int) bool {
			da, db := abs(out[a]-ex), abs(out[b]-ex)
			if da != db {
				return da < db
			}
			return out[a] > out[b]
		})
		return out
	}
	c.fixedLens, c.mobileLens = lens(md.GetFixedLine()), lens(md.GetMobile())
	c.mobileEx = md.GetMobile().GetExampleNumber()
	return c, nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// minTail is the fewest random digits a head leaves: fewer would make a
// place's numbers run out.
const minTail = 3

// headClass checks that every number of the given total length starting
// with head is valid for the region and of one class, by numbers that
// try each of the first digits of the tail (a range such as "2[0-4]"
// fails on some) and by random ones; it returns that class, or
// classNone.
func (c *countryNumbers) headClass(r *rand.Rand, head string, length int) numberClass {
	tail := length - len(head)
	if tail < 1 {
		return classNone
	}
	class := classNone
	buf := make([]byte, length)
	copy(buf, head)
	multi := len(phonenumbers.GetRegionCodesForCountryCode(c.cc)) > 1
	try := func() bool {
		num := numberOf(c.cc, string(buf))
		if num == nil {
			return false
		}
		// A number of a known type is valid for the region its calling
		// code's metadata gives it.
		k := classOf(phonenumbers.GetNumberType(num))
		if k == classNone || class != classNone && k != class {
			return false
		}
		if multi && phonenumbers.GetRegionCodeForNumber(num) != c.region {
			return false
		}
		class = k
		return true
	}
	random := func() {
		for i := len(head); i < length; i++ {
			buf[i] = byte('0' + intN(r, 10))
		}
	}
	for range 3 { // most heads fail at once: spare them the long test
		random()
		if !try() {
			return classNone
		}
	}
	// Ranges are narrowed in the first digits after a head, seldom
	// later (Réunion's 0262 within France's zone 2, Israel's unused 029
	// within Jerusalem's 02, Beijing's unused 10 100 and 10 800): every
	// run of first three digits (fewer where the tail is short), each
	// digit at the next place, then random numbers.
	first := min(tail-1, 3)
	if first >= 1 {
		runs := int(pow10[first])
		for d := range runs {
			random()
			for i, x := 0, d; i < first; i, x = i+1, x/10 {
				buf[len(head)+first-1-i] = byte('0' + x%10)
			}
			if !try() {
				return classNone
			}
		}
	}
	for pos := len(head) + first; pos < min(length, len(head)+4); pos++ {
		for d := byte('0'); d <= '9'; d++ {
			random()
			buf[pos] = d
			if !try() {
				return classNone
			}
		}
	}
	for range 16 {
		random()
		if !try() {
			return classNone
		}
	}
	return class
}

// derivedHead is a run of numbers of one place: every number of length
// digits starting with head, all of one class and one description.
type derivedHead struct {
	head   string
	length int // E.164 digits without "+"
	class  numberClass
	desc   string
}

// pureHeads lists the heads under a prefix whose numbers all take the
// prefix's own description: the prefix itself, or where longer prefixes
// describe parts of it otherwise (Niterói within Rio de Janeiro's 21),
// the runs between them, no longer than maxLen digits.
func pureHeads(t *geoTable, p string, maxLen int) []string {
	if !t.extended(p) {
		return []string{p}
	}
	if len(p) >= maxLen {
		return nil
	}
	var out []string
	for d := byte('0'); d <= '9'; d++ {
		h := p + string(d)
		if _, taken := t.desc[h]; taken {
			continue // described by a prefix of its own
		}
		out = append(out, pureHeads(t, h, maxLen)...)
	}
	return out
}

// validHeads returns the verified heads of a candidate: the candidate at
// the best length that validates, else its ten one-digit-longer children
// that do (so that a range with a gap, such as "40" in France's zone 4,
// yields its other nine).
func (c *countryNumbers) validHeads(r *rand.Rand, head string, lens []int, want func(numberClass) bool, depth int) []derivedHead {
	for _, l := range lens {
		length := len(c.ccs) + l
		if length-len(head) < minTail {
			continue
		}
		if k := c.headClass(r, head, length); k != classNone && want(k) {
			return []derivedHead{{head: head, length: length, class: k}}
		}
	}
	if depth == 0 {
		return nil
	}
	var out []derivedHead
	for d := byte('0'); d <= '9'; d++ {
		out = append(out, c.validHeads(r, head+string(d), lens, want, depth-1)...)
	}
	return out
}

// worldRow is one line of the derived table: the heads of one place (or,
// for place 0, of a region that names no city) of one class, length and
// description.
type worldRow struct {
	country, admin1 string
	place           int32 // GeoNames id; 0 for the region
	class           numberClass
	length          int
	desc            string
	heads           []string
}

// enough reports whether heads give a place room enough: a million
// numbers, or eight runs.
func enough(heads []derivedHead) bool {
	room := 0.0
	for _, h := range heads {
		room += float64(pow10f(h.length - len(h.head)))
	}
	return len(heads) >= 8 || room >= 1e6
}

// namesExactly reports whether one of the names a description lists is
// the place's name or alias, as spelt.
func namesExactly(g *gazetteer, desc string, place int32) bool {
	names, _ := splitDescription(desc)
	for _, n := range names {
		for _, pn := range placeNames(&g.places[place]) {
			if nameKey(n) == nameKey(pn) {
				return true
			}
		}
	}
	return false
}

func pow10f(n int) float64 {
	x := 1.0
	for range n {
		x *= 10
	}
	return x
}

// biggest keeps the heads whose runs are at least a tenth of the biggest
// one's, without repeats: Berlin's 030 and not a village's 033053 that the
// geocoding also gives Berlin's name.
func biggest(heads []derivedHead) []derivedHead {
	most := 0
	for _, h := range heads {
		most = max(most, h.length-len(h.head))
	}
	var out []derivedHead
	for _, h := range heads {
		if h.length-len(h.head) >= most-1 && !slices.ContainsFunc(out, func(o derivedHead) bool { return o.head == h.head }) {
			out = append(out, h)
		}
	}
	return out
}

// geoMobile reports whether a calling code's mobile numbers are
// geographic (phonenumbers' GEO_MOBILE_COUNTRIES).
func geoMobile(cc int) bool { return phonenumbers.GEO_MOBILE_COUNTRIES[int32(cc)] }

// deriveCountry derives the rows of one country from its geocoding.
func deriveCountry(g *gazetteer, t *geoTable, region string) ([]worldRow, error) {
	cn, err := newCountryNumbers(region)
	if err != nil {
		return nil, err
	}
	cg := resolveCountry(g, t, region, cn.cc)
	r := newRand(uint64(cn.cc)<<16|uint64(region[0])<<8|uint64(region[1]), streamPhonePlan)
	maxLen := len(cn.ccs) + slices.Max(append(slices.Clone(cn.fixedLens), cn.mobileLens...)) - minTail

	// A prefix whose description names a city but under which longer
	// prefixes name other cities stands for a region named after its
	// city: São Paulo's 1 for the state's ten area codes, Rio de
	// Janeiro's 24 for Petrópolis. Its city keeps only its own prefixes.
	ownKeys := map[int32]int{} // city → its prefixes that are its alone
	parent := map[string]bool{}
	for _, k := range cg.keys {
		res := cg.res[k]
		for _, k2 := range t.under(k)[1:] {
			for _, p := range cg.res[k2].places {
				if !containsID(res.places, p) {
					parent[k] = true
				}
			}
		}
		if !parent[k] {
			for _, p := range res.places {
				ownKeys[p]++
			}
		}
	}
	type target struct {
		place  int32 // -1 for a region
		admin1 string
	}
	keysOf := map[target][]string{}
	var order []target
	add := func(tg target, k string) {
		if keysOf[tg] == nil {
			order = append(order, tg)
		}
		keysOf[tg] = append(keysOf[tg], k)
	}
	for _, k := range cg.keys {
		res := cg.res[k]
		asRegion := parent[k] && len(res.places) > 0
		for _, p := range res.places {
			asRegion = asRegion && ownKeys[p] > 0
		}
		switch {
		case asRegion:
			admin1 := g.places[res.places[0]].Admin1
			for _, p := range res.places {
				if g.places[p].Admin1 != admin1 {
					admin1 = ""
				}
			}
			if admin1 != "" {
				add(target{-1, admin1}, k)
			}
		case len(res.places) > 0:
			for _, p := range res.places {
				add(target{p, g.places[p].Admin1}, k)
			}
		case res.admin1 != "":
			add(target{-1, res.admin1}, k)
		}
	}
	lens := slices.Compact(append(slices.Clone(cn.fixedLens), cn.mobileLens...))
	var rows []worldRow
	byTarget := map[target][]derivedHead{}
	// Cities first; then the regions none of whose cities has landlines
	// of its own (Hainan's 0898, where the data names Haikou's mobiles
	// only).
	sort.SliceStable(order, func(a, b int) bool { return order[a].place >= 0 && order[b].place < 0 })
	landlines := map[string]bool{} // admin1 codes of cities with landline heads
	for _, tg := range order {
		if tg.place < 0 && landlines[tg.admin1] {
			continue
		}
		// The candidates of each prefix, biggest runs first, taken in
		// turn until the city has room. Prefixes whose description spells
		// the city's name come first (Mumbai's 022 before "Navi
		// Mumbai/Turbhe"), then those that name it alone ("Orange" before
		// "Cassilis/Coolah/Lithgow/Orange/Wollar"), then the shortest.
		keys := slices.Clone(keysOf[tg])
		rank := func(k string) [3]int {
			exact := 1
			if tg.place >= 0 && namesExactly(g, t.desc[k], tg.place) {
				exact = 0
			}
			return [3]int{exact, len(cg.res[k].places), len(k)}
		}
		sort.SliceStable(keys, func(a, b int) bool {
			ra, rb := rank(keys[a]), rank(keys[b])
			if ra != rb {
				return slices.Compare(ra[:], rb[:]) < 0
			}
			return keys[a] > keys[b] // Madrid's classic 91 before its 81
		})
		var cands [][]string
		for _, k := range keys {
			hs := pureHeads(t, k, maxLen)
			sort.SliceStable(hs, func(a, b int) bool { return len(hs[a]) < len(hs[b]) })
			cands = append(cands, hs)
		}
		var fixed, mobile []derivedHead
		wantMobile := geoMobile(cn.cc) && tg.place >= 0
		// Candidates whose numbers differ in their next digit are tried by
		// their one-digit-longer children; a city none of whose
		// candidates or their children validate tries their grandchildren:
		// Buenos Aires' 1 holds its 11 and then 11 2 to 11 8.
		for depth := 1; depth <= 2 && len(fixed) == 0 && len(mobile) == 0; depth++ {
			for i := 0; ; i++ {
				more := false
				for _, hs := range cands {
					if i >= len(hs) {
						continue
					}
					more = true
					if enough(fixed) && (!wantMobile || enough(mobile)) {
						break
					}
					// The children of one candidate are all kept: Buenos
					// Aires' numbers begin 11 4 as well as 11 1, Beijing's
					// 10 6 as well as 10 0.
					needFixed, needMobile := !enough(fixed), !enough(mobile)
					for _, h := range cn.validHeads(r, hs[i], lens, func(k numberClass) bool { return k != classMobile || wantMobile }, depth) {
						h.desc, _ = t.lookup(h.head)
						if h.class == classMobile {
							if needMobile || depth > 1 {
								mobile = append(mobile, h)
							}
						} else if needFixed || depth > 1 {
							fixed = append(fixed, h)
						}
					}
				}
				if !more || enough(fixed) && (!wantMobile || enough(mobile)) {
					break
				}
			}
			if tg.place < 0 {
				break // a region's heads: the plain ones only
			}
		}
		byTarget[tg] = append(biggest(fixed), biggest(mobile)...)
		if len(fixed) > 0 && tg.place >= 0 {
			landlines[tg.admin1] = true
		}
	}
	// Geographic mobiles the geocoding does not list (Brazil's, whose
	// area code is the landline's; Argentina's, 9 and the area code):
	// made from the area codes of each city's landlines.
	if geoMobile(cn.cc) && cn.mobileEx != "" {
		for _, tg := range order {
			hs := byTarget[tg]
			if tg.place < 0 || slices.ContainsFunc(hs, func(h derivedHead) bool { return h.class != classFixed }) {
				continue
			}
			var mobile []derivedHead
			for _, ndc := range areaCodesOf(cn, hs) {
				mobile = append(mobile, cn.mobileHeads(r, t, ndc)...)
			}
			byTarget[tg] = append(hs, mobile...)
		}
	}
	for _, tg := range order {
		id := int32(0)
		if tg.place >= 0 {
			id = g.places[tg.place].GeonameID
		}
		group := map[[3]string]int{} // kind, length, description → index in rows
		for _, h := range byTarget[tg] {
			key := [3]string{kindName[h.class], strconv.Itoa(h.length), h.desc}
			k, ok := group[key]
			if !ok {
				k = len(rows)
				rows = append(rows, worldRow{country: region, admin1: tg.admin1, place: id, class: h.class, length: h.length, desc: h.desc})
				group[key] = k
			}
			rows[k].heads = append(rows[k].heads, h.head)
		}
	}
	return rows, nil
}

// areaCodesOf lists the area codes of heads, as phonenumbers cuts them.
func areaCodesOf(cn *countryNumbers, hs []derivedHead) []string {
	var out []string
	for _, h := range hs {
		num := numberOf(cn.cc, h.head+strings.Repeat("5", h.length-len(h.head)))
		if num == nil {
			continue
		}
		nsn := phonenumbers.GetNationalSignificantNumber(num)
		if n := phonenumbers.GetLengthOfGeographicalAreaCode(num); n > 0 && !slices.Contains(out, nsn[:n]) {
			out = append(out, nsn[:n])
		}
	}
	return out
}

// mobileHeads makes verified mobile heads of an area code: the calling
// code, the mobile token, the area code and a subscriber's first digits,
// as long in all as the country's example mobile.
func (cn *countryNumbers) mobileHeads(r *rand.Rand, t *geoTable, ndc string) []derivedHead {
	length := len(cn.ccs) + len(cn.mobileEx)
	var out []derivedHead
	for lead := 99; lead >= 20 && len(out) < 2; lead-- {
		head := cn.ccs + cn.token + ndc + strconv.Itoa(lead)
		if length-len(head) < minTail+1 || t.extended(head) {
			continue
		}
		if cn.headClass(r, head, length) == classMobile {
			desc, _ := t.lookup(head)
			out = append(out, derivedHead{head: head, length: length, class: classMobile, desc: desc})
		}
	}
	return out
}

// frenchZones are France's five geographic zones, the first digit of a
// landline after the trunk 0 (the national numbering plan: 01 Île-de-France,
// 02 the north-west, 03 the north-east, 04 the south-east, 05 the
// south-west), by region (GeoNames admin1 codes, as in cities.tsv).
// libphonenumber has no geocoding for France; these are public facts.
var frenchZones = map[string]string{
	"11": "1", // Île-de-France
	"24": "2", // Centre-Val de Loire
	"28": "2", // Normandy
	"52": "2", // Pays de la Loire
	"53": "2", // Brittany
	"27": "3", // Bourgogne-Franche-Comté
	"32": "3", // Hauts-de-France
	"44": "3", // Grand Est
	"84": "4", // Auvergne-Rhône-Alpes
	"93": "4", // Provence-Alpes-Côte d'Azur
	"94": "4", // Corsica
	"75": "5", // Nouvelle-Aquitaine
	"76": "5", // Occitanie, but for the towns of frenchZone4
}

// frenchZone4 are the towns of Occitanie of the gazetteer that lie in
// the former Languedoc-Roussillon (Aude, Gard, Hérault, Lozère,
// Pyrénées-Orientales), which dials 04; the rest of the region dials 05.
var frenchZone4 = []string{"Montpellier", "Nîmes", "Perpignan", "Béziers", "Narbonne", "Carcassonne", "Alès",
	"Sète", "Lunel", "Agde", "Frontignan", "Bagnols-sur-Cèze", "Mauguio", "Castelnau-le-Lez", "Lattes"}

// deriveFrance makes France's rows from its zones: a region's landlines
// begin with its zone's digit.
func deriveFrance(g *gazetteer) ([]worldRow, error) {
	cn, err := newCountryNumbers("FR")
	if err != nil {
		return nil, err
	}
	r := newRand(33, streamPhonePlan)
	fixed := func(k numberClass) bool { return k == classFixed }
	heads := func(zone string) []string {
		var out []string
		for _, h := range cn.validHeads(r, cn.ccs+zone, cn.fixedLens, fixed, 1) {
			out = append(out, h.head)
		}
		return out
	}
	length := len(cn.ccs) + cn.fixedLens[0]
	var rows []worldRow
	admins := make([]string, 0, len(frenchZones))
	for a := range frenchZones {
		admins = append(admins, a)
	}
	sort.Strings(admins)
	for _, a := range admins {
		rows = append(rows, worldRow{country: "FR", admin1: a, class: classFixed, length: length, heads: heads(frenchZones[a])})
	}
	// Occitanie's towns each by their zone, so that none takes the
	// zone of the nearest town of the other half.
	zone4, zone5 := heads("4"), heads("5")
	for _, name := range frenchZone4 {
		if !slices.ContainsFunc(g.byCountry[g.country["FR"]], func(i int32) bool { return g.places[i].Name == name && g.places[i].Admin1 == "76" }) {
			return nil, fmt.Errorf("no %s in Occitanie", name)
		}
	}
	for _, i := range g.byCountry[g.country["FR"]] {
		if p := g.places[i]; p.Admin1 == "76" && g.cityOf[i] == i {
			hs := zone5
			if slices.Contains(frenchZone4, p.Name) {
				hs = zone4
			}
			rows = append(rows, worldRow{country: "FR", admin1: "76", place: p.GeonameID, class: classFixed, length: length, heads: hs})
		}
	}
	return rows, nil
}

// regionCodes are the landline area codes of regions (GeoNames admin1
// codes, as in cities.tsv) that libphonenumber's geocoding names no place
// of, from each country's national numbering plan (public facts): Kafr
// el-Sheikh dials 047, not the 045 of Damanhur next door. A region of the
// derived rows keeps them; a region of several codes lists them with
// commas.
var regionCodes = map[string]map[string]string{
	"EG": {"02": "65", "04": "84", "09": "48", "10": "86", "13": "92", "17": "88", "18": "82", "21": "47",
		"22": "46", "23": "96", "26": "69", "27": "68"},
	// Finland's regions, by the former long-distance areas: 03 Häme, 05
	// Kymi, 013 North Karelia, 014 Central Finland, 06 Ostrobothnia, 08
	// Kainuu, 016 Lapland.
	"FI": {"05": "3", "06": "3", "07": "3", "08": "5", "09": "5", "12": "13", "13": "14", "14": "6", "16": "6",
		"18": "8", "19": "16"},
	// Nepal's provinces, by the code of their main city: 021 Biratnagar,
	// 051 Birgunj, 01 Kathmandu, 061 Pokhara, 071 Butwal, 083 Surkhet
	// (Birendranagar), 091 Dhangadhi.
	"NP": {"1": "21", "2": "51", "3": "1", "4": "61", "5": "71", "6": "83", "7": "91"},
	// Czechia's fourteen regions, by the geographic ranges of the
	// national numbering plan (the Czech Telecommunication Office's;
	// libphonenumber's geocoding gives the same ranges by the regions'
	// names, "Central Bohemian Region", which name no city): 2 Prague, 31
	// and 32 Central Bohemia, 35 Karlovy Vary, 37 Plzeň, 38 South Bohemia,
	// 41 and 47 Ústí nad Labem, 46 Pardubice, 48 Liberec, 49 Hradec
	// Králové, 54 South Moravia (Brno), 56 Vysočina, 57 Zlín, 58 Olomouc,
	// 59 and 55 Moravia-Silesia (Ostrava, Opava). The country is derived
	// from these alone (planCountries).
	"CZ": {"52": "2", "88": "31,32", "81": "35", "87": "37", "79": "38", "89": "47,41", "86": "46",
		"83": "48", "82": "49", "78": "54", "80": "56", "90": "57", "84": "58", "85": "59,55"},
}

// planCountries are the countries of regionCodes whose landlines are
// derived from the regions' codes alone: their geocoding names regions,
// which a city named after its region ("Karlovy Vary Region") must not
// stand for, or its region's towns near another region's chief city
// would dial that region's code (Klášterec nad Ohří, of Ústí nad Labem's
// region, Karlovy Vary's 35).
var planCountries = map[string]bool{"CZ": true}

// deriveRegionCodes makes the rows of regionCodes that the derived rows
// lack: a region's landlines begin with its code.
func deriveRegionCodes(derived []worldRow) ([]worldRow, error) {
	have := map[string]bool{}
	for _, row := range derived {
		have[row.country+"/"+row.admin1] = true
	}
	var rows []worldRow
	for _, country := range slices.Sorted(maps.Keys(regionCodes)) {
		cn, err := newCountryNumbers(country)
		if err != nil {
			return nil, err
		}
		r := newRand(uint64(cn.cc), streamPhonePlan)
		fixed := func(k numberClass) bool { return k == classFixed }
		for _, admin1 := range slices.Sorted(maps.Keys(regionCodes[country])) {
			if have[country+"/"+admin1] {
				continue
			}
			byLength := map[int][]string{}
			for _, code := range strings.Split(regionCodes[country][admin1], ",") {
				for _, h := range cn.validHeads(r, cn.ccs+code, cn.fixedLens, fixed, 1) {
					byLength[h.length] = append(byLength[h.length], h.head)
				}
			}
			if len(byLength) == 0 {
				return nil, fmt.Errorf("%s region %s: no valid landline begins with %s", country, admin1, regionCodes[country][admin1])
			}
			for _, length := range slices.Sorted(maps.Keys(byLength)) {
				rows = append(rows, worldRow{country: country, admin1: admin1, class: classFixed, length: length, heads: byLength[length]})
			}
		}
	}
	return rows, nil
}

// cityCodes are the landline area codes of cities whose country's
// geocoding names the state and not the city (Mexico's "Chihuahua" for
// all of the state's codes), by city name and admin1 code as in
// cities.tsv, from the national numbering plan (public facts; Mexico's
// IFT plan): Chihuahua dials 614 and Juárez 656, not the 659 of a village
// of the state that the geocoding also names "Chihuahua". A city listed
// here takes these heads instead of the derived ones; the towns near it
// that the data names no code of take them too, as every unnamed place
// takes its nearest named neighbour's. Suburbs of a metropolitan area
// dial its code (Mexico City's 55, Monterrey's 81, Guadalajara's 33). A
// town named like another state (Hidalgo in Nuevo León, Emiliano Zapata
// in the State of Mexico) takes none of that state's codes: listed
// without a code, it takes its nearest named neighbour's.
var cityCodes = map[string]map[string]string{
	"MX": {
		"Puebla/21": "222", "Juárez/06": "656", "Tijuana/02": "664", "León de los Aldama/11": "477",
		"Zapopan/14": "33", "Tlaquepaque/14": "33", "Tonalá/14": "33", "Chihuahua/06": "614",
		"Ecatepec de Morelos/15": "55", "Ciudad Nezahualcoyotl/15": "55", "Naucalpan de Juárez/15": "55",
		"Tlalnepantla/15": "55", "Santa María Chimalhuacán/15": "55", "Ciudad López Mateos/15": "55",
		"Cuautitlán Izcalli/15": "55", "Xico/15": "55", "Ixtapaluca/15": "55", "Nicolás Romero/15": "55",
		"Coacalco/15": "55", "Guadalupe/19": "81", "Ciudad Apodaca/19": "81", "San Nicolás de los Garza/19": "81",
		"Ciudad General Escobedo/19": "81", "Santa Catarina/19": "81", "Mérida/31": "999",
		"San Luis Potosí/24": "444", "Soledad de Graciano Sánchez/24": "444", "Aguascalientes/01": "449",
		"Hermosillo/26": "662", "Mexicali/02": "686", "Culiacán/25": "667", "Acapulco de Juárez/12": "744",
		"Cancún/23": "998", "Santiago de Querétaro/22": "442", "Torreón/07": "871", "Gómez Palacio/10": "871",
		"Morelia/16": "443", "Reynosa/28": "899", "Tuxtla/05": "961", "Victoria de Durango/10": "618",
		"Toluca/15": "722", "Heroica Matamoros/28": "868", "Veracruz/30": "229", "Xalapa de Enríquez/30": "228",
		"Mazatlán/25": "669", "Irapuato/11": "462", "Nuevo Laredo/28": "867", "Villahermosa/27": "993",
		"Celaya/11": "461", "Cuernavaca/17": "777", "Tepic/18": "311", "Tampico/28": "833", "Ciudad Madero/28": "833",
		"Ciudad Victoria/28": "834", "Ciudad Obregón/26": "644", "Ensenada/02": "646", "Uruapan/16": "452",
		"Los Mochis/25": "668", "Pachuca de Soto/13": "771", "Oaxaca/20": "951", "Campeche/04": "981",
		"Colima/08": "312", "Zacatecas/32": "492", "Tlaxcala/29": "246", "Chetumal/23": "983",
		"Coatzacoalcos/30": "921", "Tapachula/05": "962", "Puerto Vallarta/14": "322", "Playa del Carmen/23": "984",
		"Nogales/26": "631", "San Juan del Río/22": "427", "Córdoba/30": "271", "Orizaba/30": "272",
		"Poza Rica de Hidalgo/30": "782", "Zamora/16": "351", "Cuautla/17": "735", "Navojoa/26": "642",
		"San Luis Río Colorado/26": "653", "Iguala de la Independencia/12": "733", "Chilpancingo/12": "747",
		"Tehuacán/21": "238", "Ciudad Valles/24": "481", "Matehuala/24": "488", "Fresnillo/32": "493",
		"Lagos de Moreno/14": "474", "Tulancingo/13": "775", "Texcoco de Mora/15": "595", "Ciudad Mante/28": "831",
		"Comitán/05": "963", "Minatitlán/30": "922", "Salina Cruz/20": "971", "Cozumel/23": "987",
		"La Paz/03": "612", "Guanajuato/11": "473", "Salamanca/11": "464", "Hidalgo/19": "", "Emiliano Zapata/15": "",
	},
}

// plannedCode reports whether national digits begin with the code
// cityCodes lists for a place: a number the numbering plan gives the
// city, though the geocoding names only its state.
func plannedCode(p *Place, nsn string) bool {
	code := cityCodes[p.Country][p.Name+"/"+p.Admin1]
	return code != "" && strings.HasPrefix(nsn, code)
}

// deriveCityCodes replaces the derived rows of cityCodes' cities by rows
// of their own codes' heads.
func deriveCityCodes(g *gazetteer, t *geoTable, derived []worldRow) ([]worldRow, error) {
	rows := derived
	for _, country := range slices.Sorted(maps.Keys(cityCodes)) {
		cn, err := newCountryNumbers(country)
		if err != nil {
			return nil, err
		}
		r := newRand(uint64(cn.cc)<<8, streamPhonePlan)
		lens := slices.Compact(append(slices.Clone(cn.fixedLens), cn.mobileLens...))
		want := func(k numberClass) bool { return k != classMobile || geoMobile(cn.cc) }
		for _, key := range slices.Sorted(maps.Keys(cityCodes[country])) {
			name, admin1, _ := strings.Cut(key, "/")
			id := int32(0)
			for _, i := range g.byCountry[g.country[country]] {
				if p := g.places[i]; p.Name == name && p.Admin1 == admin1 {
					id = p.GeonameID
				}
			}
			if id == 0 {
				return nil, fmt.Errorf("%s: no city %s in the gazetteer", country, key)
			}
			rows = slices.DeleteFunc(rows, func(row worldRow) bool { return row.country == country && row.place == id })
			if cityCodes[country][key] == "" {
				continue
			}
			byKind := map[[3]string]int{}
			for _, h := range cn.validHeads(r, cn.ccs+cityCodes[country][key], lens, want, 1) {
				desc, _ := t.lookup(h.head)
				k := [3]string{kindName[h.class], strconv.Itoa(h.length), desc}
				i, ok := byKind[k]
				if !ok {
					i = len(rows)
					byKind[k] = i
					rows = append(rows, worldRow{country: country, admin1: admin1, place: id, class: h.class, length: h.length, desc: desc})
				}
				rows[i].heads = append(rows[i].heads, h.head)
			}
			if len(byKind) == 0 {
				return nil, fmt.Errorf("%s city %s: no valid number begins with %s", country, key, cityCodes[country][key])
			}
		}
	}
	return rows, nil
}

// deriveWorld derives the rows of every country of the gazetteer but the
// United States and Canada (data/area-codes-us-ca.tsv), two at a time;
// France's by its zones and planCountries' by their regions' codes.
func deriveWorld(g *gazetteer, t *geoTable) ([]worldRow, error) {
	var countries []string
	for id, c := range g.countries {
		if len(g.byCountry[id]) > 0 && c.Code != "US" && c.Code != "CA" && c.Code != "FR" && !planCountries[c.Code] &&
			phonenumbers.GetCountryCodeForRegion(c.Code) != 0 {
			countries = append(countries, c.Code)
		}
	}
	sort.Strings(countries)
	out := make([][]worldRow, len(countries))
	errs := make([]error, len(countries))
	var wg sync.WaitGroup
	next := make(chan int)
	for range 2 {
		wg.Go(func() {
			for i := range next {
				out[i], errs[i] = deriveCountry(g, t, countries[i])
			}
		})
	}
	for i := range countries {
		next <- i
	}
	close(next)
	wg.Wait()
	fr, err := deriveFrance(g)
	if err != nil {
		return nil, err
	}
	rows := fr
	for i := range countries {
		if errs[i] != nil {
			return nil, errs[i]
		}
		rows = append(rows, out[i]...)
	}
	regional, err := deriveRegionCodes(rows)
	if err != nil {
		return nil, err
	}
	rows = append(rows, regional...)
	if rows, err = deriveCityCodes(g, t, rows); err != nil {
		return nil, err
	}
	sort.SliceStable(rows, func(a, b int) bool {
		x, y := rows[a], rows[b]
		if x.country != y.country {
			return x.country < y.country
		}
		if x.admin1 != y.admin1 {
			return x.admin1 < y.admin1
		}
		if x.place != y.place {
			return x.place < y.place
		}
		return x.class < y.class
	})
	return rows, nil
}

// writeWorldRows writes the table as areacodes.go reads it.
func writeWorldRows(rows []worldRow) string {
	var b strings.Builder
	b.WriteString("country\tadmin1\tgeonameid\tkind\tdigits\tdescription\theads\n")
	for _, r := range rows {
		fmt.Fprintf(&b, "%s\t%s\t%d\t%s\t%d\t%s\t%s\n", r.country, r.admin1, r.place, kindName[r.class], r.length, r.desc, strings.Join(r.heads, ","))
	}
	return b.String()
}
