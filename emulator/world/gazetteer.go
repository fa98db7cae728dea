package world

import (
	"bufio"
	"embed"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// dataFS holds the reference files; see data/README.md for their sources.
//
//go:embed data/cities.tsv data/countries.tsv data/admin1-us-ca.tsv data/industries.txt data/area-codes-us-ca.tsv data/universities.tsv data/names.tsv data/names-fakerjs.tsv data/names-gimei.tsv data/names-hand.tsv data/surname-shares.tsv
var dataFS embed.FS

// Place is one city of the gazetteer.
type Place struct {
	GeonameID  int32   // id in GeoNames
	Name       string  // e.g. "Austin"
	Country    string  // ISO 3166-1 alpha-2 code, e.g. "US"
	Admin1     string  // first-level admin code as in cities.tsv ("TX" in the US, "08" in Canada)
	Population int32   // inhabitants
	Latitude   float64 // degrees north
	Longitude  float64 // degrees east
	// Display is the location as profiles spell it: "Austin, Texas, United
	// States" in the US and Canada (full state or province name), "Berlin,
	// Germany" elsewhere.
	Display string
	// Aliases are other names the place is known by: GeoNames' own
	// spelling where Name is the conventional English one ("Dhūlia" for
	// Dhule, "Köln" for Cologne) and names people still write
	// ("Bangalore" for Bengaluru). Nil for most places.
	Aliases []string
}

// Country is one ISO 3166-1 country.
type Country struct {
	Code      string // alpha-2, e.g. "DE"
	Name      string // English name, e.g. "Germany"
	Continent string // e.g. "Europe"
}

// Region is a US state (or DC) or a Canadian province or territory, the
// only first-level divisions the service's location filter understands.
type Region struct {
	Country      string // "US" or "CA"
	Code         string // admin1 code as used by Place.Admin1
	Name         string // "Texas"
	Abbreviation string // postal abbreviation, "TX"
}

// countryID indexes gazetteer.countries. Hot paths look countries up by
// id in slices rather than by code in maps.
type countryID uint16

// gazetteer is the parsed reference data. It does not depend on the seed,
// so one copy serves every World in the process.
type gazetteer struct {
	places    []Place
	countries []Country
	country   map[string]countryID // code → id
	regions   []Region
	region    map[string]int // "US/TX" → index in regions
	// placeCountry is the country of each place.
	placeCountry []countryID
	// residents draws a place for a person or a head office, weighted by
	// residentWeight: the country's members on the professional network
	// (countryMembers), split between its places by population.
	residents      weighted
	residentWeight []uint64
	// byCountry lists each country's places, most populous first.
	byCountry [][]int32
	// hubs lists each country's places that are not sections of a
	// bigger city, most populous first: where jobs and schools are.
	hubs [][]int32
	// cityOf is, for each place, the place people there say they live
	// in: itself, or the city a neighbourhood belongs to (Canary Wharf is
	// in London).
	cityOf []int32
}

// loadGazetteer parses the embedded files once per process.
var loadGazetteer = sync.OnceValue(func() *gazetteer {
	g, err := parseGazetteer()
	if err != nil {
		// The files are embedded at build time; a parse error is a bug in
		// this package, caught by its tests, never a runtime condition.
		panic(err)
	}
	return g
})

func parseGazetteer() (*gazetteer, error) {
	g := &gazetteer{country: map[string]countryID{}, region: map[string]int{}}
	err := eachRow("data/countries.tsv", 3, func(f []string) error {
		g.country[f[0]] = countryID(len(g.countries))
		g.countries = append(g.countries, Country{Code: f[0], Name: f[1], Continent: f[2]})
		return nil
	})
	if err != nil {
		return nil, err
	}
	err = eachRow("data/admin1-us-ca.tsv", 4, func(f []string) error {
		g.region[f[0]+"/"+f[1]] = len(g.regions)
		g.regions = append(g.regions, Region{Country: f[0], Code: f[1], Name: f[2], Abbreviation: f[3]})
		return nil
	})
	if err != nil {
		return nil, err
	}
	var pops []uint64
	var features []string
	err = eachRow("data/cities.tsv", 8, func(f []string) error {
		id, err1 := strconv.ParseInt(f[0], 10, 32)
		pop, err2 := strconv.ParseInt(f[4], 10, 32)
		lat, err3 := strconv.ParseFloat(f[5], 64)
		lon, err4 := strconv.ParseFloat(f[6], 64)
		for _, err := range []error{err1, err2, err3, err4} {
			if err != nil {
				return err
			}
		}
		p := Place{GeonameID: int32(id), Name: englishName(f[2], f[1]), Country: f[2], Admin1: f[3],
			Population: int32(pop), Latitude: lat, Longitude: lon}
		if p.Name != f[1] {
			p.Aliases = append(p.Aliases, f[1])
		}
		p.Aliases = append(p.Aliases, placeAliases[p.Country+"/"+p.Name]...)
		p.Display = g.display(p)
		features = append(features, f[7])
		cid, ok := g.country[p.Country]
		if !ok {
			return fmt.Errorf("unknown country %q", p.Country)
		}
		g.placeCountry = append(g.placeCountry, cid)
		g.places = append(g.places, p)
		pops = append(pops, uint64(pop))
		return nil
	})
	if err != nil {
		return nil, err
	}
	weights := g.memberWeights(pops)
	g.byCountry = make([][]int32, len(g.countries))
	for i, cid := range g.placeCountry {
		g.byCountry[cid] = append(g.byCountry[cid], int32(i))
	}
	for _, idx := range g.byCountry {
		sort.SliceStable(idx, func(a, b int) bool {
			return g.places[idx[a]].Population > g.places[idx[b]].Population
		})
	}
	g.cityOf = g.sections(features)
	g.hubs = make([][]int32, len(g.countries))
	for cid, idx := range g.byCountry {
		for _, i := range idx {
			if g.cityOf[i] == i {
				g.hubs[cid] = append(g.hubs[cid], i)
			} else {
				// Those who live in a neighbourhood count as the city's.
				weights[g.cityOf[i]] += weights[i]
				weights[i] = 0
			}
		}
	}
	g.residents, g.residentWeight = newWeighted(weights), weights
	return g, nil
}

// sectionRadiusKm is how far from a city's centre a neighbourhood of it
// can lie.
const sectionRadiusKm = 25

// sections finds, for each place, the city it is part of. GeoNames marks
// neighbourhoods ("section of populated place", PPLX: Canary Wharf,
// Wandsbek); each belongs to a bigger place of the same country and
// first-level division within sectionRadiusKm, the one that pulls hardest
// (population over squared distance: Bochum-Hordel is Bochum's, not
// nearby Essen's, and Rohini is Delhi's, not a neighbouring district's). Districts GeoNames
// keeps as towns of their own (the boroughs of London, the outer areas of
// Delhi) are left as they are.
func (g *gazetteer) sections(features []string) []int32 {
	cityOf := make([]int32, len(g.places))
	for i := range cityOf {
		cityOf[i] = int32(i)
	}
	for i, f := range features {
		if f != "PPLX" {
			continue
		}
		p := &g.places[i]
		best, bestPull := int32(-1), 0.0
		for _, j := range g.byCountry[g.placeCountry[i]] {
			q := &g.places[j]
			if q.Population <= p.Population {
				break // most populous first: no bigger place remains
			}
			if features[j] == "PPLX" || q.Admin1 != p.Admin1 {
				continue
			}
			km := distanceKm(p.Latitude, p.Longitude, q.Latitude, q.Longitude)
			if km > sectionRadiusKm {
				continue
			}
			if pull := float64(q.Population) / max(1, km*km); pull > bestPull {
				best, bestPull = j, pull
			}
		}
		if best >= 0 {
			cityOf[i] = best
		}
	}
	return cityOf
}

// distanceKm is the great-circle distance between two points (haversine
// on the mean Earth radius).
func distanceKm(lat1, lon1, lat2, lon2 float64) float64 {
	const rad = math.Pi / 180
	dLat, dLon := (lat2-lat1)*rad, (lon2-lon1)*rad
	a := math.Sin(dLat/2)*math.Sin(dLat/2) +
		math.Cos(lat1*rad)*math.Cos(lat2*rad)*math.Sin(dLon/2)*math.Sin(dLon/2)
	return 2 * 6371.0088 * math.Asin(math.Sqrt(math.Min(1, a)))
}

// display spells a place the way the service's location strings do. A
// name that already says its region ("Washington, D.C.") is not followed
// by it again.
func (g *gazetteer) display(p Place) string {
	country := g.countryName(p.Country)
	if r, ok := g.region[p.Country+"/"+p.Admin1]; ok && !strings.Contains(p.Name, ", ") {
		return p.Name + ", " + g.regions[r].Name + ", " + country
	}
	return p.Name + ", " + country
}

// countryName is the English name of a country code, or the code itself
// for the rare code the country list lacks.
func (g *gazetteer) countryName(code string) string {
	if i, ok := g.country[code]; ok {
		return g.countries[i].Name
	}
	return code
}

// regionName is the full name of a US or Canadian admin1 code, or "".
func (g *gazetteer) regionName(country, admin1 string) string {
	if r, ok := g.region[country+"/"+admin1]; ok {
		return g.regions[r].Name
	}
	return ""
}

// memberWeights gives each place its country's members on the network
// (countryMembers) in proportion to its population among the country's
// places, so that people and head offices are drawn by membership between
// countries and by population within one. pops is the population of each
// place, in the order of g.places.
func (g *gazetteer) memberWeights(pops []uint64) []uint64 {
	countryPop := make([]uint64, len(g.countries))
	for i, cid := range g.placeCountry {
		countryPop[cid] += pops[i]
	}
	members := make([]uint64, len(g.countries))
	for cid, c := range g.countries {
		members[cid] = countryMembers(c.Code, countryPop[cid])
	}
	weights := make([]uint64, len(pops))
	for i, cid := range g.placeCountry {
		// At most a few hundred million members times a city of a few
		// tens of millions: far within 64 bits.
		weights[i] = members[cid] * pops[i] / countryPop[cid]
	}
	return weights
}

// countryMembers is how many members the professional network has in a
// country: networkMembers where the table lists the country, otherwise
// unlistedMembersPerMille of the people of its places (cityPopulation).
func countryMembers(country string, cityPopulation uint64) uint64 {
	if k, ok := networkMembers[country]; ok {
		return uint64(k) * 1000
	}
	return cityPopulation * unlistedMembersPerMille / 1000
}

// unlistedMembersPerMille is the membership, per thousand people of its
// places, of a country networkMembers does not list: small islands and
// territories, whose few places make them a handful of people in a
// million.
const unlistedMembersPerMille = 100

// networkMembers is the professional network's membership by country, in
// thousands of members. The figures are approximate and rounded: the
// members by country the network itself published for 2024 (its country
// pages and the audience counts of its advertising tools, as relayed by
// DataReportal's Digital 2024 reports and Statista), recalled to the
// nearest half million or so for the big countries and the nearest
// hundred thousand or so for the small ones. They are not population: the
// network is strong in the English-speaking world, Western Europe, Latin
// America, India and the Gulf, and weak where other networks lead (China,
// Japan, Korea) or where it is blocked.
//
// A zero means the network does not serve the country: North Korea's
// people have no access to the internet. Countries where it is blocked or
// cut off by sanctions keep a small membership of people who reach it
// from abroad or through a VPN: Russia (blocked since 2016), Iran
// (filtered), Cuba and Syria (under US sanctions), Turkmenistan (which
// blocks most foreign sites), and China, where the network closed its
// local service in 2021 and its jobs app in 2023.
var networkMembers = map[string]int{
	// North America.
	"US": 230_000, "CA": 22_000, "PR": 900,
	// Latin America and the Caribbean.
	"BR": 70_000, "MX": 22_000, "CO": 15_000, "AR": 11_000, "CL": 8_000, "PE": 8_000,
	"EC": 4_500, "VE": 4_000, "GT": 2_000, "DO": 2_000, "BO": 1_500, "CR": 1_400, "UY": 1_300,
	"PA": 1_000, "PY": 1_000, "HN": 800, "SV": 800, "NI": 500, "JM": 500, "TT": 400, "HT": 200,
	"BS": 100, "BB": 80, "GY": 60, "SR": 80, "BZ": 50, "CW": 60, "AW": 40, "GP": 100, "MQ": 80,
	"GF": 30, "CU": 50,
	// Europe.
	"GB": 40_000, "FR": 30_000, "DE": 21_000, "IT": 20_000, "ES": 17_000, "NL": 10_000, "PL": 6_000,
	"BE": 5_000, "PT": 4_500, "SE": 4_500, "CH": 4_000, "RO": 3_500, "UA": 3_500, "DK": 3_000,
	"IE": 2_500, "NO": 2_500, "AT": 2_200, "GR": 2_000, "FI": 2_000, "CZ": 2_000, "HU": 1_600,
	"RS": 1_100, "BG": 1_000, "HR": 900, "SK": 900, "LT": 700, "BY": 500, "LV": 500, "SI": 500,
	"CY": 450, "AL": 400, "BA": 400, "EE": 400, "LU": 350, "MT": 300, "MD": 300, "MK": 300,
	"XK": 200, "IS": 200, "ME": 100, "RU": 500,
	// The Middle East and North Africa.
	"TR": 16_000, "EG": 10_000, "SA": 8_000, "AE": 7_500, "MA": 5_000, "DZ": 3_000, "IL": 2_500,
	"TN": 1_500, "JO": 1_500, "IQ": 1_500, "QA": 1_400, "KW": 1_000, "LB": 1_000, "OM": 800,
	"BH": 500, "LY": 400, "PS": 400, "SD": 400, "YE": 250, "MR": 100, "IR": 500, "SY": 100,
	// Sub-Saharan Africa.
	"NG": 12_000, "ZA": 12_000, "KE": 4_500, "GH": 2_500, "ET": 1_500, "TZ": 1_200, "UG": 1_100,
	"CM": 1_000, "CI": 1_000, "SN": 800, "ZW": 800, "CD": 700, "ZM": 700, "AO": 700, "MZ": 500,
	"RW": 400, "BJ": 400, "MG": 400, "BW": 350, "NA": 300, "MW": 300, "TG": 300, "BF": 300,
	"ML": 300, "MU": 300, "GN": 200, "CG": 200, "GA": 200, "SO": 150, "SL": 150, "NE": 100,
	"TD": 100, "LR": 100, "GM": 80, "LS": 80, "SZ": 80, "BI": 60, "CV": 60, "DJ": 50, "SS": 50,
	"CF": 30, "GQ": 30, "GW": 20, "ER": 20, "KM": 10, "ST": 10, "RE": 150,
	// Asia.
	"IN": 130_000, "ID": 30_000, "PH": 18_000, "PK": 12_000, "CN": 8_000, "BD": 8_000,
	"MY": 7_500, "VN": 5_000, "JP": 4_000, "TH": 3_500, "SG": 3_500, "KR": 3_000, "TW": 3_000,
	"HK": 3_000, "LK": 2_000, "NP": 1_400, "KZ": 1_200, "MM": 700, "UZ": 600, "AZ": 500,
	"GE": 500, "KH": 500, "AM": 400, "AF": 300, "MN": 250, "KG": 200, "MO": 150, "TJ": 100,
	"LA": 100, "BN": 100, "MV": 80, "BT": 50, "TL": 30, "TM": 20, "KP": 0,
	// Oceania.
	"AU": 15_000, "NZ": 2_500, "PG": 100, "FJ": 80, "NC": 60, "PF": 50, "GU": 40,
}

// eachRow calls fn with the fields of every data row of an embedded TSV file.
func eachRow(name string, fields int, fn func([]string) error) error {
	f, err := dataFS.Open(name)
	if err != nil {
		return fmt.Errorf("open %s: %w", name, err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		if line == 1 || sc.Text() == "" {
			continue // header
		}
		parts := strings.Split(sc.Text(), "\t")
		if len(parts) != fields {
			return fmt.Errorf("%s:%d: %d fields, want %d", name, line, len(parts), fields)
		}
		if err := fn(parts); err != nil {
			return fmt.Errorf("%s:%d: %w", name, line, err)
		}
	}
	return sc.Err()
}

// Places returns the gazetteer, indexed by Person.City and Company.City.
// The slice is shared: do not modify it.
func (w *World) Places() []Place { return w.geo.places }

// Countries returns the country list (ISO code, English name, continent).
// The slice is shared: do not modify it.
func (w *World) Countries() []Country { return w.geo.countries }

// Regions returns the US states and Canadian provinces and territories.
// The slice is shared: do not modify it.
func (w *World) Regions() []Region { return w.geo.regions }

// CountryName returns the English name of an ISO country code.
func (w *World) CountryName(code string) string { return w.geo.countryName(code) }
