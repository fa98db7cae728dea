// Package places reads the place a sheet or a profile gives ("Austin, TX",
// "München", "Lyon, France", "Greater Boston Area") into a city, a US or
// Canadian state or province, and a country, with the city's coordinates
// when the gazetteer knows it, so that two places can be compared as a
// careful person compares them: the same country or not, the same city or
// a neighbouring one.
//
// The gazetteer is GeoNames' list of the world's places of 15,000 people
// or more, with their other names from GeoNames' alternate names
// ("Genova", "Wien", "Bombay"), read once, on first use (data/README.md).
package places

import (
	"math"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Place is what a location string says.
type Place struct {
	// City is folded ("sao paulo"), "" when the string names none. A
	// city written by another of its names is given by the gazetteer's
	// ("München" is "munich", as GeoNames spells it), unless one of the
	// places the string may mean bears the name as its own: a bare
	// "St. Petersburg" stays "st petersburg", Russia's or Florida's.
	City    string
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

// Parse reads a location string: its parts from the last, while each is a
// country or a state, then the first part left as the city.
func Parse(s string) Place { return load().parse(s) }

func (g *gazetteer) parse(s string) Place {
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
	known, own := g.candidates(p)
	if len(known) == 0 {
		return p
	}
	if !own {
		p.City = known[0].name
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
	// Bytes that are no UTF-8 separate words, as any other non-letter;
	// made valid first, they do not keep norm from decomposing the rest.
	for _, r := range norm.NFD.String(strings.ToValidUTF8(s, " ")) {
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
