package namedraw

import "github.com/enrich-dev/enrich/emulator/world"

// localForms are the names lists write for cities of the world in the
// city's own language or an older English ("Wien" for Vienna, "Bombay"
// for Mumbai), keyed by country and the world's name of the city (see
// placeKey). A form that differs only by its accents ("Zürich") is left
// out: folding reads it already.
var localForms = map[string][]string{
	"AT/Vienna": {"Wien"}, "BE/Brussels": {"Bruxelles", "Brussel"}, "BE/Antwerp": {"Antwerpen"},
	"CH/Geneva": {"Genève"}, "CN/Beijing": {"Peking"}, "CN/Guangzhou": {"Canton"},
	"CZ/Prague": {"Praha"}, "DE/Munich": {"München"}, "DE/Cologne": {"Köln"}, "DE/Nuremberg": {"Nürnberg"},
	"DK/Copenhagen": {"København"}, "ES/Seville": {"Sevilla"}, "FI/Helsinki": {"Helsingfors"},
	"GR/Athens": {"Athina"}, "IN/Mumbai": {"Bombay"}, "IN/Bengaluru": {"Bangalore"}, "IN/Kolkata": {"Calcutta"},
	"IN/Chennai": {"Madras"}, "IN/Pune": {"Poona"}, "IN/Vadodara": {"Baroda"}, "IN/Varanasi": {"Benares", "Banaras"},
	"IN/Prayagraj": {"Allahabad"}, "IN/Kochi": {"Cochin"}, "IN/Thiruvananthapuram": {"Trivandrum"},
	"IN/Gurugram": {"Gurgaon"}, "IT/Rome": {"Roma"}, "IT/Milan": {"Milano"}, "IT/Naples": {"Napoli"},
	"IT/Turin": {"Torino"}, "IT/Genoa": {"Genova"}, "IT/Florence": {"Firenze"}, "IT/Venice": {"Venezia"},
	"IT/Padua": {"Padova"}, "MA/Marrakesh": {"Marrakech"}, "MA/Tangier": {"Tanger"},
	"MX/Mexico City": {"Ciudad de México", "CDMX"}, "NL/The Hague": {"Den Haag"}, "PL/Warsaw": {"Warszawa"},
	"PT/Lisbon": {"Lisboa"}, "RO/Bucharest": {"București"}, "RS/Belgrade": {"Beograd"},
	"RU/Moscow": {"Moskva"}, "RU/Saint Petersburg": {"Sankt-Peterburg", "Leningrad"},
	"SE/Gothenburg": {"Göteborg"}, "UA/Kyiv": {"Kiev"}, "UA/Kharkiv": {"Kharkov"}, "UA/Odesa": {"Odessa"},
	"VN/Ho Chi Minh City": {"Saigon"},
}

// placeKey is a place's key in localForms: "AT/Vienna".
func placeKey(p world.Place) string { return p.Country + "/" + p.Name }
