package search

import (
	"math"
	"sort"
	"strings"

	"github.com/enrich-dev/enrich/emulator/world"
)

// RadiusKm is the radius around a city or a point that a location filter
// covers (interface 4.2).
const RadiusKm = 10.0

// earthRadiusKm is the mean radius of the Earth (IUGG).
const earthRadiusKm = 6371.0088

// distanceKm is the great-circle distance between two points (haversine).
func distanceKm(lat1, lon1, lat2, lon2 float64) float64 {
	const rad = math.Pi / 180
	dLat := (lat2 - lat1) * rad
	dLon := (lon2 - lon1) * rad
	a := math.Sin(dLat/2)*math.Sin(dLat/2) +
		math.Cos(lat1*rad)*math.Cos(lat2*rad)*math.Sin(dLon/2)*math.Sin(dLon/2)
	return 2 * earthRadiusKm * math.Asin(math.Sqrt(math.Min(1, a)))
}

// countryAliases are other spellings of countries, besides the English
// names of the country list.
var countryAliases = map[string]string{
	"usa": "US", "us": "US", "united states of america": "US", "america": "US",
	"uk": "GB", "great britain": "GB", "britain": "GB",
	"turkey": "TR", "czech republic": "CZ", "korea": "KR", "republic of korea": "KR",
	"russian federation": "RU", "viet nam": "VN", "the netherlands": "NL", "holland": "NL",
	"uae": "AE", "cote d'ivoire": "CI", "macedonia": "MK", "swaziland": "SZ",
}

// contextCountries are names that stand for a country only after a city,
// as profiles write them ("London, England"): alone they would say more
// than the country list knows.
var contextCountries = map[string]string{
	"england": "GB", "scotland": "GB", "wales": "GB", "northern ireland": "GB",
}

// locator resolves the location strings of the search filter.
type locator struct {
	places    []world.Place
	countryOf []int32 // country index of each place
	regionOf  []int32 // region index of each place, -1 outside the US and Canada
	countries []world.Country
	regions   []world.Region

	country  map[string]int32   // folded name or alias → country index
	ctxOnly  map[string]int32   // folded context-only name → country index
	region   map[string]int32   // folded name or postal abbreviation → region index
	byName   map[string][]int32 // folded place name → places, most populous first
	byLat    []int32            // places by latitude, for radius searches
	regionIn []int32            // country index of each region
}

func newLocator(w *world.World) *locator {
	l := &locator{
		places:    w.Places(),
		countries: w.Countries(),
		regions:   w.Regions(),
		country:   map[string]int32{},
		ctxOnly:   map[string]int32{},
		region:    map[string]int32{},
		byName:    map[string][]int32{},
	}
	code := map[string]int32{}
	for i, c := range l.countries {
		code[c.Code] = int32(i)
		l.country[fold(c.Name)] = int32(i)
	}
	for alias, cc := range countryAliases {
		if i, ok := code[cc]; ok {
			l.country[alias] = i
		}
	}
	for alias, cc := range contextCountries {
		if i, ok := code[cc]; ok {
			l.ctxOnly[alias] = i
		}
	}
	regionKey := map[string]int32{}
	for i, r := range l.regions {
		l.region[fold(r.Name)] = int32(i)
		l.region[fold(r.Abbreviation)] = int32(i)
		regionKey[r.Country+"/"+r.Code] = int32(i)
		l.regionIn = append(l.regionIn, code[r.Country])
	}
	l.countryOf = make([]int32, len(l.places))
	l.regionOf = make([]int32, len(l.places))
	for i, p := range l.places {
		l.countryOf[i] = code[p.Country]
		l.regionOf[i] = -1
		if r, ok := regionKey[p.Country+"/"+p.Admin1]; ok {
			l.regionOf[i] = r
		}
		name := fold(p.Name)
		l.byName[name] = append(l.byName[name], int32(i))
		for _, alias := range p.Aliases { // "Bangalore" for Bengaluru
			if a := fold(alias); a != name {
				l.byName[a] = append(l.byName[a], int32(i))
			}
		}
		// "New York City" is also "New York", "Ho Chi Minh City" "Ho Chi Minh".
		if short, ok := strings.CutSuffix(name, " city"); ok && short != "" {
			l.byName[short] = append(l.byName[short], int32(i))
		}
	}
	for _, ids := range l.byName {
		sort.SliceStable(ids, func(a, b int) bool { return l.places[ids[a]].Population > l.places[ids[b]].Population })
	}
	l.byLat = make([]int32, len(l.places))
	for i := range l.byLat {
		l.byLat[i] = int32(i)
	}
	sort.Slice(l.byLat, func(a, b int) bool { return l.places[l.byLat[a]].Latitude < l.places[l.byLat[b]].Latitude })
	return l
}

// area is what one location string denotes.
type area struct {
	kind    areaKind
	country int32 // for areaCountry
	region  int32 // for areaRegion
	place   int32 // for areaCity: the centre of the radius
}

type areaKind uint8

const (
	areaCountry areaKind = iota
	areaRegion
	areaCity
)

// resolve reads a location string:
//
//   - a country by English name ("Germany", "United States") or a common
//     alias ("USA", "UK");
//   - a US state or Canadian province by name or postal abbreviation, with
//     or without the country ("Texas", "TX", "Texas, USA", "Ontario, Canada");
//   - a city with context ("Austin, Texas", "Austin, TX, United States",
//     "Berlin, Germany", "London, England, United Kingdom"), or alone.
//
// Case, accents, dots and extra spaces do not matter. Where several
// readings exist, a country wins over a state ("Georgia" is the country;
// "Georgia, USA" or "GA" the state), a state over a city ("New York" is
// the state, "New York, NY" the city), and among cities of the same name
// the most populous one that fits the context wins ("Paris" is Paris,
// France; "Paris, TX" the one in Texas).
func (l *locator) resolve(s string) (area, bool) {
	f := fold(s)
	if f == "" {
		return area{}, false
	}
	if c, ok := l.country[f]; ok {
		return area{kind: areaCountry, country: c}, true
	}
	var parts []string
	for _, p := range strings.Split(f, ",") {
		if p = strings.TrimSpace(p); p != "" {
			parts = append(parts, p)
		}
	}
	if len(parts) == 0 {
		return area{}, false
	}
	if len(parts) <= 2 {
		if r, ok := l.region[parts[0]]; ok {
			if len(parts) == 1 {
				return area{kind: areaRegion, region: r}, true
			}
			if c, ok := l.country[parts[1]]; ok && c == l.regionIn[r] {
				return area{kind: areaRegion, region: r}, true
			}
		}
	}
	// A city: the longest leading run of parts that names a place, the
	// rest its context.
	for k := len(parts); k >= 1; k-- {
		ids := l.byName[strings.Join(parts[:k], ", ")]
		if len(ids) == 0 {
			continue
		}
		fits, ok := l.context(parts[k:])
		if !ok {
			continue
		}
		for _, id := range ids {
			if fits(id) {
				return area{kind: areaCity, place: id}, true
			}
		}
	}
	return area{}, false
}

// context returns which places a city's context (the parts after its
// name) allows: nothing, a region, a country, or a region then a country.
// Outside the US and Canada the middle part ("England", "Île-de-France")
// is not checked: the world knows no other regions.
func (l *locator) context(ctx []string) (func(int32) bool, bool) {
	inRegion := func(r int32) func(int32) bool { return func(p int32) bool { return l.regionOf[p] == r } }
	inCountry := func(c int32) func(int32) bool { return func(p int32) bool { return l.countryOf[p] == c } }
	countryOf := func(s string) (int32, bool) {
		if c, ok := l.country[s]; ok {
			return c, true
		}
		c, ok := l.ctxOnly[s]
		return c, ok
	}
	switch len(ctx) {
	case 0:
		return func(int32) bool { return true }, true
	case 1:
		if r, ok := l.region[ctx[0]]; ok {
			return inRegion(r), true
		}
		if c, ok := countryOf(ctx[0]); ok {
			return inCountry(c), true
		}
	case 2:
		c, ok := countryOf(ctx[1])
		if !ok {
			return nil, false
		}
		if r, ok := l.region[ctx[0]]; ok {
			if l.regionIn[r] != c {
				return nil, false // a state of another country
			}
			return inRegion(r), true
		}
		if code := l.countries[c].Code; code == "US" || code == "CA" {
			return nil, false // a region of the US or Canada must be one
		}
		return inCountry(c), true
	}
	return nil, false
}

// mark adds to mask the places an area covers.
func (l *locator) mark(a area, mask []bool) {
	switch a.kind {
	case areaCountry:
		for i, c := range l.countryOf {
			if c == a.country {
				mask[i] = true
			}
		}
	case areaRegion:
		for i, r := range l.regionOf {
			if r == a.region {
				mask[i] = true
			}
		}
	case areaCity:
		p := l.places[a.place]
		l.markRadius(p.Latitude, p.Longitude, mask)
	}
}

// markRadius adds to mask the places within RadiusKm of a point.
func (l *locator) markRadius(lat, lon float64, mask []bool) {
	// Only places within the radius' band of latitude can be near.
	band := RadiusKm / (earthRadiusKm * math.Pi / 180)
	lo := sort.Search(len(l.byLat), func(i int) bool { return l.places[l.byLat[i]].Latitude >= lat-band })
	for _, id := range l.byLat[lo:] {
		p := &l.places[id]
		if p.Latitude > lat+band {
			break
		}
		if distanceKm(lat, lon, p.Latitude, p.Longitude) <= RadiusKm {
			mask[id] = true
		}
	}
}
