package world

import (
	"bufio"
	"cmp"
	"embed"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/nyaruka/phonenumbers"
)

// North American numbers (+1) say where they were first given out: the
// area code (NPA) stands for part of a state or province, and the next
// three digits (NXX, the exchange) for a town. A person in Austin, Texas
// gets a number of an Austin exchange where the data knows one, another
// Texas number otherwise, never Maine's 207.
//
// data/area-codes-us-ca.tsv is derived from libphonenumber's geocoding
// data (as shipped in github.com/nyaruka/phonenumbers, Apache 2.0) by
// TestAreaCodeData with -update: for every valid NPA-NXX of the US and
// Canada, the gazetteer place its geocoding names, or the state alone.

// areaCodeFile is the embedded derived table.
const areaCodeFile = "data/area-codes-us-ca.tsv"

// areaPlan holds the +1 exchanges by place and by region, as phone heads
// (1·NPA·NXX, to be followed by four random digits).
type areaPlan struct {
	byPlace  [][]uint32          // by place index: heads of the place's exchanges (from's)
	byRegion [][]uint32          // by region index: heads of every exchange of the state
	regionOf []int16             // by place index: its region index, -1 outside the US and Canada
	byNPA    map[uint64][]uint32 // by region<<32 | 1·NPA: heads of the region's exchanges of the area code
	// from is, by place index, the place whose exchanges byPlace holds:
	// itself, the nearest place of its state the data names, or -1.
	from []int32
}

// head picks the first seven digits of a number for someone living in
// place: mostly an exchange of the place itself, otherwise another of
// its area code (a number first given out elsewhere in the area, which
// a reader cannot tell from the town's own), and for a place of no
// exchange one of its state or province; ok is false outside the US and
// Canada. A number of the state's other area codes would read as
// another city's: Lynn, Massachusetts, dials 781 and 339, never the 413
// of Springfield.
func (a *areaPlan) head(r *rand.Rand, place int32) (uint64, bool) {
	if own := a.byPlace[place]; len(own) > 0 {
		h := pick(r, own)
		if chance(r, 85) {
			return uint64(h), true
		}
		return uint64(pick(r, a.byNPA[uint64(a.regionOf[place])<<32|uint64(h/1000)])), true
	}
	if reg := a.regionOf[place]; reg >= 0 && len(a.byRegion[reg]) > 0 {
		return uint64(pick(r, a.byRegion[reg])), true
	}
	return 0, false
}

// loadAreaPlan parses the embedded table once per process.
var loadAreaPlan = sync.OnceValue(func() *areaPlan {
	a, err := parseAreaPlan(loadGazetteer())
	if err != nil {
		panic(err) // embedded at build time; the tests catch a bad file
	}
	return a
})

func parseAreaPlan(g *gazetteer) (*areaPlan, error) {
	a := &areaPlan{
		byPlace:  make([][]uint32, len(g.places)),
		byRegion: make([][]uint32, len(g.regions)),
		regionOf: make([]int16, len(g.places)),
		from:     make([]int32, len(g.places)),
	}
	byID := make(map[int32]int32, len(g.places))
	for i, p := range g.places {
		byID[p.GeonameID] = int32(i)
		a.regionOf[i] = -1
		a.from[i] = -1
		if reg, ok := g.region[p.Country+"/"+p.Admin1]; ok {
			a.regionOf[i] = int16(reg)
		}
	}
	err := eachRow(areaCodeFile, 5, func(f []string) error {
		npa, err := strconv.ParseUint(f[0], 10, 64)
		if err != nil || npa < 200 || npa > 999 {
			return fmt.Errorf("bad area code %q", f[0])
		}
		reg, ok := g.region[f[1]+"/"+f[2]]
		if !ok {
			return fmt.Errorf("unknown region %s/%s", f[1], f[2])
		}
		place := int32(-1)
		if f[3] != "0" {
			id, err := strconv.ParseInt(f[3], 10, 32)
			i, ok := byID[int32(id)]
			if err != nil || !ok {
				return fmt.Errorf("unknown place %q", f[3])
			}
			place = i
		}
		for _, s := range strings.Split(f[4], ",") {
			// An exchange ("212") or a run of them ("200-299").
			from, to, isRun := strings.Cut(s, "-")
			if !isRun {
				to = from
			}
			lo, err1 := strconv.ParseUint(from, 10, 64)
			hi, err2 := strconv.ParseUint(to, 10, 64)
			if err1 != nil || err2 != nil || lo < 200 || hi > 999 || lo > hi {
				return fmt.Errorf("bad exchange %q", s)
			}
			for nxx := lo; nxx <= hi; nxx++ {
				head := uint32(1_000_000 + npa*1000 + nxx)
				a.byRegion[reg] = append(a.byRegion[reg], head)
				if place >= 0 {
					a.byPlace[place] = append(a.byPlace[place], head)
					a.from[place] = place
				}
			}
		}
		return nil
	})
	a.borrowNearest(g)
	// An area code may span regions (867: Yukon, the Northwest
	// Territories and Nunavut): its exchanges are kept by region.
	a.byNPA = map[uint64][]uint32{}
	for reg, heads := range a.byRegion {
		for _, h := range heads {
			k := uint64(reg)<<32 | uint64(h/1000)
			a.byNPA[k] = append(a.byNPA[k], h)
		}
	}
	return a, err
}

// borrowNearest gives a place that no exchange names (Staten Island,
// whose numbers the data calls New York's) the exchanges of the nearest
// place of its state or province that has some: its neighbours' numbers,
// not those of the far end of the state.
func (a *areaPlan) borrowNearest(g *gazetteer) {
	named := make([][]int32, len(a.byRegion))
	for i, own := range a.byPlace {
		if reg := a.regionOf[i]; reg >= 0 && len(own) > 0 {
			named[reg] = append(named[reg], int32(i))
		}
	}
	for i, own := range a.byPlace {
		reg := a.regionOf[i]
		if reg < 0 || len(own) > 0 || len(named[reg]) == 0 {
			continue
		}
		near := slices.MinFunc(named[reg], func(x, y int32) int {
			return cmp.Compare(distance(g, int32(i), x), distance(g, int32(i), y))
		})
		a.byPlace[i], a.from[i] = a.byPlace[near], near
	}
}

// Elsewhere a landline's area code says where it was given out too (089
// Munich, 011 São Paulo, 03 Tokyo), and in a few countries a mobile's
// does (Brazil's DDD, Mexico's ten digits, China's blocks by city). A
// person in Munich gets an 089 number, never Berlin's 030.
//
// data/area-codes-world.tsv is derived from the same geocoding data by
// TestAreaCodeWorldData with -update: for every country whose prefixes
// the data describes, the prefixes of each city of the gazetteer that
// some description names ("Munich", "Kolkata, West Bengal", "Imperatriz -
// MA"), or of a first-level region where it names only the region, each
// checked against phonenumbers' rules; France, which the data does not
// describe, by its five zones. A city that no description names takes the
// prefixes of the nearest city that one does (one of another region only
// if much nearer), or its region's: Getafe dials Madrid's 91.

// worldAreaFile is the embedded derived table of the countries other than
// the US and Canada.
const worldAreaFile = "data/area-codes-world.tsv"

//go:embed data/area-codes-world.tsv
var worldAreaFS embed.FS

// Classes of the derived table's numbers, as its "kind" column says.
const (
	kindFixed  = "fixed"  // landlines
	kindBoth   = "both"   // numbers that may be landlines or mobiles (Mexico's)
	kindMobile = "mobile" // geographic mobiles (Brazil's, China's)
)

// localPlan holds, by place, the heads of the numbers that carry the
// place's area code outside the US and Canada: every number that starts
// with a head and has its tail of random digits is valid and geocodes as
// the table says.
type localPlan struct {
	fixed  [][]phonePrefix // by place: landline heads
	mobile [][]phonePrefix // by place: mobile heads, where mobiles are geographic
	// from is, by place, the place whose landline heads it uses: itself,
	// the nearest city the data names, or -1 for its region's heads (and
	// for a place of a country the table lacks).
	from []int32
}

// heads returns the heads of a kind of number for someone in place; nil
// where the place's numbers of that kind are not geographic.
func (l *localPlan) heads(place int32, kind PhoneKind) []phonePrefix {
	if kind == PhoneWork {
		return l.fixed[place]
	}
	return l.mobile[place]
}

// loadLocalPlan parses the embedded table once per process.
var loadLocalPlan = sync.OnceValue(func() *localPlan {
	l, err := parseLocalPlan(loadGazetteer())
	if err != nil {
		panic(err) // embedded at build time; the tests catch a bad file
	}
	return l
})

// localRegion is a first-level region's own heads, for its places that
// no city the data names is near.
type localRegion struct {
	fixed, mobile []phonePrefix
}

func parseLocalPlan(g *gazetteer) (*localPlan, error) {
	l := &localPlan{
		fixed:  make([][]phonePrefix, len(g.places)),
		mobile: make([][]phonePrefix, len(g.places)),
		from:   make([]int32, len(g.places)),
	}
	byID := make(map[int32]int32, len(g.places))
	for i, p := range g.places {
		byID[p.GeonameID] = int32(i)
		l.from[i] = -1
	}
	regions := map[string]*localRegion{} // "BR/27" → heads
	covered := map[countryID]bool{}
	mobileGeo := map[countryID]bool{}
	f, err := worldAreaFS.Open(worldAreaFile)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for line := 1; sc.Scan(); line++ {
		if line == 1 {
			continue // header
		}
		fs := strings.Split(sc.Text(), "\t")
		if len(fs) != 7 {
			return nil, fmt.Errorf("%s:%d: %d fields, want 7", worldAreaFile, line, len(fs))
		}
		cid, ok := g.country[fs[0]]
		if !ok {
			return nil, fmt.Errorf("%s:%d: unknown country %q", worldAreaFile, line, fs[0])
		}
		covered[cid] = true
		digits, err := strconv.Atoi(fs[4])
		if err != nil || digits > 15 {
			return nil, fmt.Errorf("%s:%d: bad length %q", worldAreaFile, line, fs[4])
		}
		var heads []phonePrefix
		for _, h := range strings.Split(fs[6], ",") {
			n, err := strconv.ParseUint(h, 10, 64)
			if err != nil || len(h) >= digits || digits-len(h) >= len(pow10) {
				return nil, fmt.Errorf("%s:%d: bad head %q", worldAreaFile, line, h)
			}
			heads = append(heads, phonePrefix{head: n, tail: uint8(digits - len(h))})
		}
		var fixed, mobile *[]phonePrefix
		if fs[2] == "0" {
			reg := regions[fs[0]+"/"+fs[1]]
			if reg == nil {
				reg = &localRegion{}
				regions[fs[0]+"/"+fs[1]] = reg
			}
			fixed, mobile = &reg.fixed, &reg.mobile
		} else {
			id, err := strconv.ParseInt(fs[2], 10, 32)
			i, ok := byID[int32(id)]
			if err != nil || !ok || g.places[i].Country != fs[0] {
				return nil, fmt.Errorf("%s:%d: unknown place %q", worldAreaFile, line, fs[2])
			}
			fixed, mobile = &l.fixed[i], &l.mobile[i]
			l.from[i] = i
		}
		// Numbers that may be either serve as mobiles too where mobiles
		// are geographic (Mexico) or not told apart (Chile); elsewhere
		// (India) a mobile is a mobile, of no place.
		geoMobile, known := mobileGeo[cid]
		if !known {
			geoMobile = mobilesGeographic(fs[0])
			mobileGeo[cid] = geoMobile
		}
		switch fs[3] {
		case kindFixed:
			*fixed = append(*fixed, heads...)
		case kindBoth:
			*fixed = append(*fixed, heads...)
			if geoMobile {
				*mobile = append(*mobile, heads...)
			}
		case kindMobile:
			*mobile = append(*mobile, heads...)
		default:
			return nil, fmt.Errorf("%s:%d: unknown kind %q", worldAreaFile, line, fs[3])
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	for cid := range covered {
		l.fillCountry(g, cid, regions)
	}
	return l, nil
}

// mobilesGeographic reports whether a country's mobiles may carry an area
// code: phonenumbers counts Mexico's, Brazil's, Argentina's, China's and
// some of Indonesia's as geographic, and where its example mobile may as
// well be a landline (Puerto Rico's), mobiles and landlines share their
// ranges; not where the example is of the wrong range (mobileExamples).
func mobilesGeographic(region string) bool {
	if _, ok := mobileExamples[region]; ok {
		return false
	}
	cc := phonenumbers.GetCountryCodeForRegion(region)
	if phonenumbers.GEO_MOBILE_COUNTRIES[int32(cc)] {
		return true
	}
	ex := phonenumbers.GetExampleNumberForType(region, phonenumbers.MOBILE)
	return ex != nil && phonenumbers.GetNumberType(ex) == phonenumbers.FIXED_LINE_OR_MOBILE
}

// crossRegionFactor is how much nearer a named city of another region
// must be than one of the place's own to be chosen, where the region has
// no heads of its own: area codes keep to regions.
const crossRegionFactor = 2

// metroArea is a metropolis whose suburbs across a region's border dial
// its area code: within km of the city (by GeoNames id), a place the data
// names no code of takes the city's.
type metroArea struct {
	country string
	city    int32
	km      float64
}

// metroAreas: Greater Buenos Aires (the conurbano, in Buenos Aires
// Province: Quilmes, Morón, San Isidro, Tigre, San Miguel...) dials the
// capital's 11; the towns the data gives codes of their own (Merlo's 220,
// José C. Paz's 2320, Pilar's 230, La Plata's 221) keep them. Mexico
// City's suburbs of the State of Mexico (Naucalpan, Tlalnepantla,
// Ecatepec, Nezahualcóyotl) dial its 55, and Jabodetabek (Bekasi, Depok,
// Tangerang) Jakarta's 21. The first is Buenos Aires.
var metroAreas = []metroArea{
	{country: "AR", city: 3435910, km: 32.5},
	{country: "MX", city: 3530597, km: 25},
	{country: "ID", city: 1642911, km: 25},
}

// inMetroArea reports whether a place lies in the metropolitan area of a
// city of metroAreas.
func inMetroArea(g *gazetteer, place, city int32) bool {
	for _, m := range metroAreas {
		if g.places[city].GeonameID == m.city && g.places[place].Country == m.country {
			return flatKm2(&g.places[city], &g.places[place]) <= m.km*m.km
		}
	}
	return false
}

// minNamedShare is the inverse of the least share of a country's people
// that the cities the table names must hold for the other cities to take
// the nearest's prefixes.
const minNamedShare = 4

// fillCountry gives each place of a country that the table gives no
// heads of a kind the heads of the nearest city that it does, where that
// city is of the place's region or the region has no heads of its own,
// else the region's, if any. The kinds are filled apart: China's table
// names Sanya's mobiles but only Hainan's landlines.
func (l *localPlan) fillCountry(g *gazetteer, cid countryID, regions map[string]*localRegion) {
	own := make([]bool, len(g.byCountry[cid]))
	var ownWeight, weight uint64
	for k, i := range g.byCountry[cid] {
		own[k] = l.from[i] == i
		weight += g.residentWeight[i]
		if own[k] {
			ownWeight += g.residentWeight[i]
		}
	}
	// Where the data names only a few cities (the Philippines' provinces,
	// but not Manila), the nearest of them is no guide: the others keep
	// the country's numbers.
	sparse := ownWeight*minNamedShare < weight
	metro := l.metroCities(g, cid)
	for _, kind := range []PhoneKind{PhoneWork, PhoneMobile} {
		heads := l.fixed
		if kind == PhoneMobile {
			heads = l.mobile
		}
		var named []int32
		for k, i := range g.byCountry[cid] {
			if own[k] && len(heads[i]) > 0 && !sparse {
				named = append(named, i)
			}
		}
		for k, i := range g.byCountry[cid] {
			if own[k] && len(heads[i]) > 0 {
				continue
			}
			p := &g.places[i]
			best, bestD := int32(-1), math.Inf(1)
			for _, j := range named {
				d := flatKm2(p, &g.places[j])
				if g.places[j].Admin1 != p.Admin1 {
					d *= crossRegionFactor * crossRegionFactor
				}
				if d < bestD {
					best, bestD = j, d
				}
			}
			var regional []phonePrefix
			if reg := regions[p.Country+"/"+p.Admin1]; reg != nil {
				regional = reg.fixed
				if kind == PhoneMobile {
					regional = reg.mobile
				}
			}
			from := int32(-1)
			city, suburb := metro[i]
			switch {
			case suburb && len(heads[city]) > 0:
				heads[i], from = heads[city], city
			case best >= 0 && (g.places[best].Admin1 == p.Admin1 || len(regional) == 0):
				heads[i], from = heads[best], best
			default:
				heads[i] = regional
			}
			if kind == PhoneWork {
				l.from[i] = from
			}
		}
	}
}

// metroCities maps the places of a country that the table names no
// heads of and that lie in a metropolitan area of metroAreas to its city.
func (l *localPlan) metroCities(g *gazetteer, cid countryID) map[int32]int32 {
	out := map[int32]int32{}
	for _, m := range metroAreas {
		if g.country[m.country] != cid {
			continue
		}
		for _, c := range g.byCountry[cid] {
			if g.places[c].GeonameID != m.city {
				continue
			}
			for _, i := range g.byCountry[cid] {
				if i != c && l.from[i] != i && inMetroArea(g, i, c) {
					out[i] = c
				}
			}
		}
	}
	return out
}

// flatKm2 is the square of the distance between two places, on a plane
// tangent at the first: close enough to compare nearby cities, and cheap.
func flatKm2(p, q *Place) float64 {
	const kmPerDegree = 111.2
	dLon := math.Remainder(q.Longitude-p.Longitude, 360) // across the 180th meridian too
	dy := (q.Latitude - p.Latitude) * kmPerDegree
	dx := dLon * kmPerDegree * math.Cos(p.Latitude*math.Pi/180)
	return dx*dx + dy*dy
}
