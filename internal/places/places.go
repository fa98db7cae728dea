// Package places reads the place a sheet or a profile gives ("Austin, TX",
// "München", "Lyon, France", "Greater Boston Area") into a city, a US or
// Canadian state or province, and a country, with the city's coordinates
// when the gazetteer knows it, so that two places can be compared as a
// careful person compares them: the same country or not, the same city or
// a neighbouring one.
//
// The gazetteer is GeoNames' list of the world's places of 15,000 people
// or more (data/README.md), read once, on first use.
package places

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"math"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

//go:embed data/countries.tsv
var countriesTSV string

//go:embed data/admin1-us-ca.tsv
var regionsTSV string

//go:embed data/cities.tsv.gz
var citiesGz []byte

// Place is what a location string says.
type Place struct {
	City    string // folded ("sao paulo"), "" when the string names none
	Region  string // a US state or Canadian province as "US/TX", or ""
	Country string // ISO 3166-1 alpha-2, or "" when unknown
	// Inferred says the country was not written but taken from the city:
	// the gazetteer's places of that name lie in that country (or the
	// largest of them outweighs the others ten to one).
	Inferred bool
	Lat, Lon float64
	Located  bool // the gazetteer knows the city: Lat and Lon hold
}

// IsZero reports whether the string said nothing of a place.
func (p Place) IsZero() bool { return p.City == "" && p.Region == "" && p.Country == "" }

type city struct {
	country, region string
	population      int
	lat, lon        float64
}

type gazetteer struct {
	countries map[string]string // folded name or alias -> code
	names     map[string]string // code -> English name
	regions   map[string]string // folded name or "us/tx"-style abbreviation key -> "US/TX"
	abbrevs   map[string]string // folded postal abbreviation -> "US/TX"
	cities    map[string][]city // folded name -> places of that name, largest first
}

var (
	once sync.Once
	gaz  *gazetteer
)

func load() *gazetteer {
	once.Do(func() {
		g := &gazetteer{countries: map[string]string{}, names: map[string]string{}, regions: map[string]string{},
			abbrevs: map[string]string{}, cities: map[string][]city{}}
		for i, line := range strings.Split(strings.TrimSpace(countriesTSV), "\n") {
			f := strings.Split(line, "\t")
			if i == 0 || len(f) < 2 {
				continue
			}
			g.countries[Fold(f[1])], g.names[f[0]] = f[0], f[1]
		}
		for code, aliases := range countryAliases {
			for _, a := range aliases {
				g.countries[Fold(a)] = code
			}
		}
		admin := map[string]string{} // "CA/08" -> "CA/ON"
		for i, line := range strings.Split(strings.TrimSpace(regionsTSV), "\n") {
			f := strings.Split(line, "\t")
			if i == 0 || len(f) < 4 {
				continue
			}
			key := f[0] + "/" + f[3]
			admin[f[0]+"/"+f[1]] = key
			g.regions[Fold(f[2])] = key
			g.abbrevs[Fold(f[3])] = key
		}
		zr, err := gzip.NewReader(bytes.NewReader(citiesGz))
		if err != nil {
			panic("places: the embedded gazetteer is damaged: " + err.Error())
		}
		sc := bufio.NewScanner(zr)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for first := true; sc.Scan(); first = false {
			f := strings.Split(sc.Text(), "\t")
			if first || len(f) < 7 {
				continue
			}
			pop, _ := strconv.Atoi(f[4])
			lat, _ := strconv.ParseFloat(f[5], 64)
			lon, _ := strconv.ParseFloat(f[6], 64)
			c := city{country: f[2], region: admin[f[2]+"/"+f[3]], population: pop, lat: lat, lon: lon}
			g.addCity(Fold(f[1]), c)
		}
		for name, others := range cityAliases {
			key := Fold(name)
			for _, o := range others {
				for _, c := range g.cities[key] {
					g.addCity(Fold(o), c)
				}
			}
		}
		gaz = g
	})
	return gaz
}

// addCity files c under name, keeping the largest place of a name first.
func (g *gazetteer) addCity(name string, c city) {
	list := append(g.cities[name], c)
	for i := len(list) - 1; i > 0 && list[i].population > list[i-1].population; i-- {
		list[i], list[i-1] = list[i-1], list[i]
	}
	g.cities[name] = list
}

// Parse reads a location string: its parts from the last, while each is a
// country or a state, then the first part left as the city.
func Parse(s string) Place {
	g := load()
	parts := strings.Split(s, ",")
	var p Place
	end := len(parts)
	for end > 0 {
		part := Fold(parts[end-1])
		if part == "" {
			end--
			continue
		}
		if code, ok := g.countries[part]; ok && p.Country == "" && p.Region == "" {
			p.Country = code
			end--
			continue
		}
		if key, ok := g.region(part, p.Country, end > 1 || p.Country != ""); ok && p.Region == "" {
			p.Region = key
			if p.Country == "" {
				p.Country = key[:2]
			}
			end--
			continue
		}
		break
	}
	if end == 0 {
		return p
	}
	p.City = cityName(Fold(parts[0]))
	if p.City == "" {
		return p
	}
	var known []city
	for _, c := range g.cities[p.City] {
		if (p.Country == "" || c.country == p.Country) && (p.Region == "" || c.region == p.Region) {
			known = append(known, c)
		}
	}
	if len(known) == 0 {
		return p
	}
	p.Lat, p.Lon, p.Located = known[0].lat, known[0].lon, true
	if p.Country == "" {
		rest := 0
		for _, c := range known[1:] {
			if c.country != known[0].country {
				rest += c.population
			}
		}
		if rest == 0 || known[0].population >= 10*rest {
			p.Country, p.Inferred = known[0].country, true
		}
	}
	return p
}

// region reads a state or province by its name, or by its postal
// abbreviation where the string gives it after a city or beside its
// country ("Austin, TX"; "TX" alone is not read as Texas).
func (g *gazetteer) region(part, country string, abbrevOK bool) (string, bool) {
	key, ok := g.regions[part]
	if !ok && abbrevOK {
		key, ok = g.abbrevs[part]
	}
	if !ok || country != "" && key[:2] != country {
		return "", false
	}
	return key, true
}

// cityName drops the words around a city that say "and around it":
// "Greater Boston Area" is Boston, "San Francisco Bay Area" San Francisco.
func cityName(s string) string {
	w := strings.Fields(s)
	for len(w) > 1 && (w[0] == "greater" || w[0] == "metro") {
		w = w[1:]
	}
	for len(w) > 1 && aroundWords[w[len(w)-1]] {
		w = w[:len(w)-1]
		if len(w) > 1 && w[len(w)-1] == "bay" {
			w = w[:len(w)-1]
		}
	}
	return strings.Join(w, " ")
}

var aroundWords = map[string]bool{"area": true, "region": true, "metropolitan": true, "metro": true, "metroplex": true}

// CountryName returns the English name of a country code, or the code.
func CountryName(code string) string {
	if n, ok := load().names[code]; ok {
		return n
	}
	return code
}

// DistanceKm returns the great-circle distance between two located places.
func DistanceKm(a, b Place) (float64, bool) {
	if !a.Located || !b.Located {
		return 0, false
	}
	const r = 6371.0
	rad := math.Pi / 180
	dLat, dLon := (b.Lat-a.Lat)*rad, (b.Lon-a.Lon)*rad
	h := math.Sin(dLat/2)*math.Sin(dLat/2) + math.Cos(a.Lat*rad)*math.Cos(b.Lat*rad)*math.Sin(dLon/2)*math.Sin(dLon/2)
	return 2 * r * math.Asin(math.Min(1, math.Sqrt(h))), true
}

// Fold lower-cases s, drops accents, dots and apostrophes, and makes every
// other run of non-letters one space: "St. John's" -> "st johns".
func Fold(s string) string {
	var b strings.Builder
	space := false
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r), r == '.', r == '\'', r == '’':
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			if rep, ok := foldSpecial[r]; ok {
				b.WriteString(rep)
			} else {
				b.WriteRune(unicode.ToLower(r))
			}
		default:
			space = true
		}
	}
	return b.String()
}

var foldSpecial = map[rune]string{
	'ł': "l", 'Ł': "l", 'ø': "o", 'Ø': "o", 'ß': "ss", 'æ': "ae", 'Æ': "ae", 'œ': "oe", 'Œ': "oe",
	'đ': "d", 'Đ': "d", 'ð': "d", 'Ð': "d", 'þ': "th", 'Þ': "th", 'ı': "i", 'ħ': "h", 'Ħ': "h",
}
