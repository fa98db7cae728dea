package world

import (
	"strings"
)

// GeoNames spells a place the way its main record does: often a scholarly
// transliteration ("Dhūlia", "Ludhiāna", "Tol’yatti", "Ōita") or the local
// form ("Köln"). Profiles show the conventional English name instead
// ("Dhule", "Ludhiana", "Tolyatti", "Oita", "Cologne"); the GeoNames
// spelling stays findable as an alias.

// transliterated lists the countries whose GeoNames names are
// transliterations from another script, where the marks (macrons, dots
// below, ayn and hamza signs) are not part of how the name is written in
// English. Names of countries that write in Latin script keep their
// letters ("Kraków", "Düsseldorf", "São Paulo").
var transliterated = map[string]bool{
	"IN": true, "PK": true, "BD": true, "NP": true, "LK": true, "BT": true, "AF": true, "IR": true,
	"IQ": true, "SA": true, "AE": true, "EG": true, "JO": true, "KW": true, "OM": true, "QA": true,
	"BH": true, "YE": true, "SY": true, "LB": true, "LY": true, "SD": true, "PS": true, "MA": true,
	"DZ": true, "TN": true, "MR": true, "JP": true, "KR": true, "KP": true, "CN": true, "TW": true,
	"RU": true, "UA": true, "BY": true, "KZ": true, "UZ": true, "TJ": true, "KG": true, "MN": true,
	"GE": true, "AM": true, "ET": true, "ER": true, "GR": true, "CY": true, "IL": true, "BG": true,
	"MK": true, "TH": true, "LA": true, "KH": true, "MM": true, "VN": true,
}

// englishNames are places whose conventional English name is not what
// folding the GeoNames name gives: exonyms and renamed cities. Keyed by
// country and GeoNames name.
var englishNames = map[string]string{
	"IN/Dhūlia": "Dhule", "IN/Hāora": "Howrah", "IN/Allahābād": "Prayagraj", "IN/Chānda": "Chandrapur",
	"IN/Cochin": "Kochi", "IN/Gurgaon": "Gurugram", "IN/Bhubaneshwar": "Bhubaneswar",
	"IN/Dehra Dūn": "Dehradun", "IN/Raurkela": "Rourkela", "IN/Brahmapur": "Berhampur",
	"IN/Barddhamān": "Bardhaman", "IN/Bāli": "Bally", "IN/Tumkūr": "Tumakuru",
	"DE/Köln": "Cologne", "DE/Nürnberg": "Nuremberg", "BE/Antwerpen": "Antwerp",
	"CA/Québec": "Quebec City", "IE/Luimneach": "Limerick", "IE/Gaillimh": "Galway", "SE/Göteborg": "Gothenburg", "DK/Århus": "Aarhus", "ES/Sevilla": "Seville",
	"CH/Genève": "Geneva", "CH/Zürich": "Zurich", "RU/Rostov-na-Donu": "Rostov-on-Don",
	"RU/Nizhniy Novgorod": "Nizhny Novgorod", "UA/Odessa": "Odesa", "MN/Ulan Bator": "Ulaanbaatar",
	"MN/Зуунмод": "Zuunmod", "UA/Бережани": "Berezhany", // GeoNames keeps these two in Cyrillic
	"GR/Irákleion": "Heraklion", "GR/Pátra": "Patras", "GR/Lárisa": "Larissa",
	"EG/Al Manşūrah": "Mansoura", "EG/Asyūţ": "Asyut", "EG/Al Maḩallah al Kubrá": "El Mahalla El Kubra",
	"SA/Sulţānah": "Sultanah", "MA/Fès": "Fez",
	"CN/Xi’an": "Xi'an", "CN/Tai’an": "Tai'an", "CN/Ji’an": "Ji'an", "CN/Ürümqi": "Urumqi",
	"KR/Goyang-si": "Goyang", "KR/Seongnam-si": "Seongnam", "KR/Bucheon-si": "Bucheon",
	"KR/Ansan-si": "Ansan", "KR/Cheongju-si": "Cheongju", "KR/Anyang-si": "Anyang",
	"KR/Uijeongbu-si": "Uijeongbu", "KR/Hwaseong-si": "Hwaseong",
}

// placeAliases are other names people write for a place (older or
// English spellings), keyed by country and the place's name as shown.
var placeAliases = map[string][]string{
	"IN/Bengaluru": {"Bangalore"}, "IN/Mumbai": {"Bombay"}, "IN/Kolkata": {"Calcutta"},
	"IN/Chennai": {"Madras"}, "IN/Pune": {"Poona"}, "IN/Vadodara": {"Baroda"},
	"IN/Thiruvananthapuram": {"Trivandrum"}, "IN/Varanasi": {"Benares", "Banaras"},
	"IN/Mysore": {"Mysuru"}, "IN/Kochi": {"Cochin", "Ernakulam"}, "IN/Gurugram": {"Gurgaon"},
	"IN/Prayagraj": {"Allahabad"}, "IN/Mangalore": {"Mangaluru"}, "IN/Belgaum": {"Belagavi"},
	"IN/Gulbarga": {"Kalaburagi"}, "IN/Shimoga": {"Shivamogga"}, "IN/Hubli": {"Hubballi"},
	"IN/New Delhi": {"Delhi NCR"}, "VN/Ho Chi Minh City": {"Saigon", "HCMC"},
	"DE/Munich": {"München", "Muenchen"}, "DE/Cologne": {"Koeln"}, "DE/Frankfurt am Main": {"Frankfurt"},
	"AT/Vienna": {"Wien"}, "CZ/Prague": {"Praha"}, "IT/Rome": {"Roma"}, "IT/Milan": {"Milano"},
	"IT/Naples": {"Napoli"}, "IT/Turin": {"Torino"}, "PT/Lisbon": {"Lisboa"}, "PL/Warsaw": {"Warszawa"},
	"RU/Moscow": {"Moskva"}, "RU/Saint Petersburg": {"St. Petersburg", "St Petersburg"},
	"UA/Kyiv": {"Kiev"}, "NL/The Hague": {"Den Haag"}, "BE/Brussels": {"Bruxelles", "Brussel"},
	"DK/Copenhagen": {"København"}, "GR/Athens": {"Athina"}, "RO/Bucharest": {"București"},
	"MX/Mexico City": {"CDMX", "Ciudad de México"}, "US/New York City": {"NYC"},
	"US/Washington, D.C.": {"Washington DC"}, "CN/Beijing": {"Peking"}, "CN/Guangzhou": {"Canton"},
}

// englishName returns the name a profile shows for a GeoNames place.
func englishName(country, name string) string {
	if n, ok := englishNames[country+"/"+name]; ok {
		return n
	}
	if !transliterated[country] {
		return name
	}
	name = foldASCII(name)
	return strings.Map(func(r rune) rune {
		switch r {
		case '’', '‘', 'ʼ', 'ʻ', '`', '\'':
			return -1 // ayn, hamza and soft signs are not written in English
		}
		return r
	}, name)
}
