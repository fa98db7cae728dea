package world

import (
	"maps"
	"slices"
	"strings"
	"testing"
)

// addressChecks are the realism points of addresses (see realismCheck).
var addressChecks = []realismCheck{
	{
		// A city's famous streets (streetStyle.city) are in its
		// addresses only.
		name:  "addresses on a street of another city (Ortigas Avenue in Malolos, Avenida Paulista in Campinas)",
		count: countStreetsOfOtherCities,
	},
}

// countStreetsOfOtherCities counts the people's addresses, as profiles
// show them, on a street the table gives to another city.
func countStreetsOfOtherCities(w *World) tally {
	owners := map[string][]string{} // street → its cities (Rua Augusta is Lisbon's and São Paulo's)
	for _, st := range streets {
		for city, names := range st.city {
			for _, s := range names {
				owners[s] = append(owners[s], city)
			}
		}
	}
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		if p.Has&HasAddresses == 0 {
			continue
		}
		pl := &w.geo.places[p.City]
		line := w.addressDisplay(newRand(p.Seed^uint64(p.City)<<32, streamAddress), p.City)
		street, _, _ := strings.Cut(line, ", "+pl.Name)
		bad := false
		for s, cities := range owners {
			if !slices.Contains(cities, pl.Name) && strings.Contains(street, s) {
				bad = true
			}
		}
		n.add(bad, "%s of person %d", line, i)
	}
	return n
}

// TestStreetsOfCities checks that every city of the street table is a
// place of its country in the gazetteer.
func TestStreetsOfCities(t *testing.T) {
	g := loadGazetteer()
	for _, country := range slices.Sorted(maps.Keys(streets)) {
		for city := range streets[country].city {
			if !slices.ContainsFunc(g.byCountry[g.country[country]], func(i int32) bool { return g.places[i].Name == city }) {
				t.Errorf("streets of %s: no place %q in the gazetteer", country, city)
			}
		}
	}
}
