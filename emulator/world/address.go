package world

import (
	"math/rand/v2"
	"strconv"
)

// Street addresses of people (the occasional `addresses` field) and
// company offices. Made up, in the local shape of a few countries.

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

// postalCode makes a code in the country's shape, or "" where the world
// does not know one.
func postalCode(r *rand.Rand, country string) string {
	digits := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte('0' + intN(r, 10))
		}
		return string(b)
	}
	letter := func() byte { return byte('A' + intN(r, 26)) }
	switch country {
	case "US", "DE", "FR", "ES", "IT", "FI", "MX":
		return digits(5)
	case "GB":
		return string([]byte{letter(), letter()}) + digits(1) + " " + digits(1) + string([]byte{letter(), letter()})
	case "CA":
		return string([]byte{letter(), byte('0' + intN(r, 10)), letter(), ' ', byte('0' + intN(r, 10)), letter(), byte('0' + intN(r, 10))})
	case "NL":
		return digits(4) + " " + string([]byte{letter(), letter()})
	case "AT", "CH", "BE", "DK", "NO", "AU":
		return digits(4)
	case "IN", "RU", "CN":
		return digits(6)
	}
	return ""
}

// addressDisplay is a full one-line address in a place.
func (w *World) addressDisplay(r *rand.Rand, place int32) string {
	pl := &w.geo.places[place]
	line := streetLine(r, pl.Country)
	code := postalCode(r, pl.Country)
	if region := w.geo.regionName(pl.Country, pl.Admin1); region != "" {
		return line + ", " + pl.Name + ", " + region + " " + code + ", " + w.geo.countryName(pl.Country)
	}
	if code != "" {
		return line + ", " + code + " " + pl.Name + ", " + w.geo.countryName(pl.Country)
	}
	return line + ", " + pl.Name + ", " + w.geo.countryName(pl.Country)
}
