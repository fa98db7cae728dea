package places

import (
	"strconv"
	"strings"
	"testing"
)

// TestLocalNames: a city's local or historic name, which GeoNames gives
// among its alternate names, is the same place as its English name.
func TestLocalNames(t *testing.T) {
	for _, tc := range []struct{ local, english, country string }{
		{"Genova", "Genoa", "IT"}, {"Wien", "Vienna", "AT"}, {"Köln", "Cologne", "DE"},
		{"München", "Munich", "DE"}, {"Muenchen", "Munich", "DE"}, {"Roma", "Rome", "IT"},
		{"Praha", "Prague", "CZ"}, {"Milano", "Milan", "IT"}, {"Napoli", "Naples", "IT"},
		{"Torino", "Turin", "IT"}, {"Firenze", "Florence", "IT"}, {"Venezia", "Venice", "IT"},
		{"Lisboa", "Lisbon", "PT"}, {"Warszawa", "Warsaw", "PL"}, {"Bruxelles", "Brussels", "BE"},
		{"København", "Copenhagen", "DK"}, {"Athina", "Athens", "GR"}, {"Den Haag", "The Hague", "NL"},
		{"Sevilla", "Seville", "ES"}, {"Bombay", "Mumbai", "IN"}, {"Peking", "Beijing", "CN"},
		{"Saigon", "Ho Chi Minh City", "VN"},
	} {
		local, english := Parse(tc.local), Parse(tc.english)
		if !local.Located || local.Country != tc.country {
			t.Errorf("Parse(%q) = %+v; want a city of %s", tc.local, local, tc.country)
		}
		if d, ok := DistanceKm(local, english); !ok || d != 0 || local.City != english.City {
			t.Errorf("Parse(%q) = %+v, Parse(%q) = %+v: not the same city", tc.local, local, tc.english, english)
		}
		// With the country written, the English name agrees in everything:
		// alone, Athens, Florence and Venice are also towns of the US.
		in := ", " + CountryName(tc.country)
		if a, b := Parse(tc.local+in), Parse(tc.english+in); a != b {
			t.Errorf("Parse(%q) = %+v, Parse(%q) = %+v", tc.local+in, a, tc.english+in, b)
		}
	}
}

// TestOwnNamesWin: an alternate name takes no place's own name. GeoNames
// gives smaller places the names of bigger ones (North Canton, Ohio, is
// also "Berlin"; Amman "Philadelphia"), which the data leaves out, even
// where the string's country has no place of its own of that name.
func TestOwnNamesWin(t *testing.T) {
	for _, tc := range []struct {
		name, country string // the bigger place whose own name it is
		other, in     string // the smaller place GeoNames also calls so, and its country
	}{
		{"Berlin", "DE", "North Canton, Ohio", "US"},
		{"Philadelphia", "US", "Amman", "JO"},
		{"Rome", "IT", "Lomé", "TG"},
		{"Paris", "FR", "Parys", "ZA"},
		{"Delhi", "IN", "Dili", "TL"},
		{"Sydney", "AU", "Sidney, Ohio", "US"},
	} {
		own, other := Parse(tc.name+", "+CountryName(tc.country)), Parse(tc.other+", "+CountryName(tc.in))
		if !own.Located || !other.Located {
			t.Fatalf("the gazetteer lacks %q or %q", tc.name, tc.other)
		}
		if p := Parse(tc.name); !same(p, own) || p.Country != tc.country {
			t.Errorf("Parse(%q) = %+v; want %+v", tc.name, p, own)
		}
		if in := tc.name + ", " + CountryName(tc.in); same(Parse(in), other) {
			t.Errorf("Parse(%q) = %+v: %s, smaller, took %s's name", in, Parse(in), tc.other, tc.name)
		}
	}
}

// TestOwnNamesWinOverBigger: GeoNames gives bigger places the names of
// smaller ones too (Jakarta is also "Batavia"). The name stays the smaller
// place's, and is the bigger place's only in a country where no place
// bears it as its own.
func TestOwnNamesWinOverBigger(t *testing.T) {
	for _, tc := range []struct {
		name, country string // the smaller place whose own name it is
		other, in     string // the bigger place GeoNames also calls so, and its country
	}{
		{"Batavia", "US", "Jakarta", "ID"},
		{"Smyrna", "US", "İzmir", "TR"},
		{"Victoria", "CA", "Hong Kong", "HK"},
	} {
		own, other := Parse(tc.name+", "+CountryName(tc.country)), Parse(tc.other+", "+CountryName(tc.in))
		if p := Parse(tc.name); !own.Located || !same(p, own) {
			t.Errorf("Parse(%q) = %+v; want %+v, the place whose own name it is", tc.name, p, own)
		}
		if in := tc.name + ", " + CountryName(tc.in); !same(Parse(in), other) {
			t.Errorf("Parse(%q) = %+v; want %+v", in, Parse(in), other)
		}
	}
}

// same reports whether a and b are located at one place.
func same(a, b Place) bool {
	d, ok := DistanceKm(a, b)
	return ok && d == 0
}

// TestCityAliasesNeeded keeps cityAliases to what GeoNames lacks: each
// alias names its city, and would not without the list.
func TestCityAliasesNeeded(t *testing.T) {
	bare := build()
	bare.aliases = nil
	for name, aliases := range cityAliases {
		city := Parse(name + ", " + CountryName(Parse(name).Country))
		for _, a := range aliases {
			if p := Parse(a); !same(p, city) {
				t.Errorf("Parse(%q) = %+v; want %s, %+v", a, p, name, city)
			}
			if p := bare.parse(a); same(p, city) {
				t.Errorf("GeoNames gives %q for %s: remove it from cityAliases", a, name)
			}
		}
	}
}

// TestAltNamesData checks the embedded names as Parse reads them: sorted,
// folded, and naming places of the gazetteer.
func TestAltNamesData(t *testing.T) {
	g := load()
	if len(g.alts.rows) < 50000 {
		t.Fatalf("%d alternate names; the data is missing", len(g.alts.rows))
	}
	prev := ""
	for i := range g.alts.rows {
		name, ids := g.alts.row(i)
		if name <= prev || Fold(name) != name || len(strings.ReplaceAll(name, " ", "")) < 3 {
			t.Fatalf("row %d: %q after %q: want sorted, folded, of three letters or more", i, name, prev)
		}
		prev = name
		for id := range strings.SplitSeq(ids, ",") {
			n, err := strconv.Atoi(id)
			if _, ok := g.byID[int32(n)]; err != nil || !ok {
				t.Fatalf("row %d (%q): %q is no place of the gazetteer", i, name, id)
			}
		}
	}
}
