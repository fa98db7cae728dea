package world

import (
	"slices"
	"strings"
	"testing"
	"unicode"
)

// Every renamed place and every alias of the tables names a place of the
// gazetteer, so a typo in the tables cannot go unnoticed.
func TestPlaceNameTables(t *testing.T) {
	g := loadGazetteer()
	geonames := map[string]bool{} // "CC/GeoNames name"
	shown := map[string]bool{}    // "CC/name as shown"
	for _, p := range g.places {
		name := p.Name
		if len(p.Aliases) > 0 && englishName(p.Country, p.Aliases[0]) == p.Name {
			name = p.Aliases[0]
		}
		geonames[p.Country+"/"+name] = true
		shown[p.Country+"/"+p.Name] = true
	}
	for key := range englishNames {
		if !geonames[key] {
			t.Errorf("englishNames: no place %s", key)
		}
	}
	for key := range placeAliases {
		if !shown[key] {
			t.Errorf("placeAliases: no place %s", key)
		}
	}
}

func TestPlaceNamesAndAliases(t *testing.T) {
	g := loadGazetteer()
	find := func(country, name string) *Place {
		t.Helper()
		for i := range g.places {
			if p := &g.places[i]; p.Country == country && p.Name == name {
				return p
			}
		}
		t.Fatalf("no place %s in %s", name, country)
		return nil
	}
	for _, tc := range []struct{ country, name, alias string }{
		{"IN", "Bengaluru", "Bangalore"},
		{"IN", "Dhule", "Dhūlia"},
		{"IN", "Kochi", "Cochin"},
		{"DE", "Cologne", "Köln"},
		{"VN", "Ho Chi Minh City", "Saigon"},
	} {
		if p := find(tc.country, tc.name); !slices.Contains(p.Aliases, tc.alias) {
			t.Errorf("%s: aliases %q lack %q", p.Display, p.Aliases, tc.alias)
		}
	}
	// Names of Latin-script countries keep their letters.
	find("PL", "Kraków")
	find("BR", "São Paulo")
	// Every place of a country whose names are transliterated shows in
	// plain English letters, even the few GeoNames keeps in their own
	// script.
	for _, p := range g.places {
		if transliterated[p.Country] && strings.ContainsFunc(p.Name, func(r rune) bool { return r > unicode.MaxASCII }) {
			t.Errorf("%s is not in conventional English", p.Display)
		}
	}
}

// Neighbourhoods belong to their city: nobody lives in one, and jobs and
// schools are in the city.
func TestSectionsBelongToTheirCity(t *testing.T) {
	g := loadGazetteer()
	for _, tc := range []struct{ section, country, city string }{
		{"Canary Wharf", "GB", "London"},
		{"Wandsbek", "DE", "Hamburg"},
		{"Karol Bagh", "IN", "Delhi"},
		{"Bochum-Hordel", "DE", "Bochum"},
	} {
		found := false
		for i, p := range g.places {
			if p.Name != tc.section || p.Country != tc.country {
				continue
			}
			found = true
			if c := g.places[g.cityOf[i]]; c.Name != tc.city {
				t.Errorf("%s belongs to %s, want %s", p.Display, c.Display, tc.city)
			}
			if g.residentWeight[i] != 0 {
				t.Errorf("people live in %s", p.Display)
			}
			for _, h := range g.hubs[g.placeCountry[i]] {
				if int(h) == i {
					t.Errorf("%s is a hub of its country", p.Display)
				}
			}
		}
		if !found {
			t.Errorf("no place %s in %s", tc.section, tc.country)
		}
	}
	w := testWorld()
	for i := range w.Len() {
		p := w.Person(i)
		if g.cityOf[p.City] != p.City {
			t.Fatalf("person %d lives in the neighbourhood %s", i, g.places[p.City].Display)
		}
		for _, j := range p.Jobs {
			if j.Location >= 0 && g.cityOf[j.Location] != j.Location {
				t.Fatalf("person %d works in the neighbourhood %s", i, g.places[j.Location].Display)
			}
		}
	}
}
