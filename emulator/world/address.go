package world

import (
	"math/rand/v2"
	"strconv"
	"strings"
)

// Street addresses of people (the occasional `addresses` field) and
// company offices. Made up, in the local shape of a few countries, and
// without postal codes.

var streets = map[string][]string{
	"DE": {"Hauptstraße", "Bahnhofstraße", "Friedrichstraße", "Schillerstraße", "Gartenstraße"},
	"AT": {"Hauptstraße", "Mariahilfer Straße", "Landstraße"},
	"CH": {"Bahnhofstrasse", "Seestrasse", "Dorfstrasse"},
	"FR": {"rue de la République", "avenue Victor Hugo", "rue du Commerce", "boulevard Voltaire"},
	"ES": {"Calle Mayor", "Avenida de la Constitución", "Calle Real", "Gran Vía"},
	"IT": {"Via Roma", "Via Garibaldi", "Corso Italia", "Via Dante"},
	"NL": {"Kerkstraat", "Dorpsstraat", "Stationsweg", "Prinsengracht"},
	"":   {"Main Street", "Market Street", "Oak Avenue", "Park Avenue", "High Street", "Station Road", "King Street", "Church Street", "Broadway", "Elm Street"},
}

// numberFirst lists countries that write "12 Main Street" rather than
// "Hauptstraße 12".
func numberFirst(country string) bool {
	switch country {
	case "DE", "AT", "CH", "ES", "IT", "NL", "BE", "PL", "CZ", "SE", "NO", "DK", "FI":
		return false
	}
	return true
}

// streetLine makes the first address line of a building in country.
func streetLine(r *rand.Rand, country string) string {
	names := streets[country]
	if names == nil {
		names = streets[""]
	}
	street, n := pick(r, names), strconv.Itoa(between(r, 1, 250))
	if numberFirst(country) {
		return n + " " + street
	}
	return street + " " + n
}

// addressDisplay is a full one-line address in a place. It has no postal
// code: the world knows none, and a made-up one would not match the city
// (Phoenix 53879).
func (w *World) addressDisplay(r *rand.Rand, place int32) string {
	pl := &w.geo.places[place]
	line := streetLine(r, pl.Country) + ", " + pl.Name
	if region := w.geo.regionName(pl.Country, pl.Admin1); region != "" && !strings.Contains(pl.Name, ", ") {
		line += ", " + region
	}
	return line + ", " + w.geo.countryName(pl.Country)
}
