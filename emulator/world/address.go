package world

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
)

// Street addresses of people (the occasional `addresses` field) and
// company offices. Made up, in the local shape of a few countries, and
// without postal codes.

// streetStyle is how a country writes the first line of an address:
// its street names, and where the number goes ("{s}" the street, "{n}"
// the number).
type streetStyle struct {
	pattern string
	names   []string // streets most towns of the country have
	most    int      // the highest house number drawn
	// city lists the streets of one city only (by the gazetteer's
	// name), drawn there besides names: Ortigas Avenue is Pasig's, not
	// Malolos', and Avenida Paulista São Paulo's.
	city map[string][]string
}

var streets = map[string]streetStyle{
	"DE": {"{s} {n}", []string{"Hauptstraße", "Bahnhofstraße", "Friedrichstraße", "Schillerstraße", "Gartenstraße", "Goethestraße", "Industriestraße", "Lindenallee"}, 120, nil},
	"AT": {"{s} {n}", []string{"Hauptstraße", "Landstraße", "Linzer Straße", "Bahnhofstraße", "Kirchengasse"}, 120, map[string][]string{"Vienna": []string{"Mariahilfer Straße", "Wiedner Hauptstraße"}}},
	"CH": {"{s} {n}", []string{"Bahnhofstrasse", "Seestrasse", "Dorfstrasse", "Industriestrasse", "Route de Genève"}, 120, nil},
	"FR": {"{n} {s}", []string{"rue de la République", "avenue Victor Hugo", "rue du Commerce", "boulevard Voltaire", "rue Pasteur", "avenue Jean Jaurès", "rue de la Gare"}, 180, nil},
	"BE": {"{s} {n}", []string{"Kerkstraat", "Stationsstraat", "Nieuwstraat", "Rue de la Station", "Rue de l'Église"}, 200, map[string][]string{"Brussels": []string{"Rue Royale", "Avenue Louise", "Chaussée de Charleroi"}}},
	"LU": {"{n} {s}", []string{"rue de la Gare", "avenue de la Liberté", "route d'Esch", "boulevard Royal"}, 120, nil},
	"ES": {"{s} {n}", []string{"Calle Mayor", "Avenida de la Constitución", "Calle Real", "Calle Nueva", "Plaza de España"}, 250, map[string][]string{"Madrid": []string{"Gran Vía", "Paseo de la Castellana", "Calle de Alcalá"}, "Barcelona": []string{"Avinguda Diagonal", "Passeig de Gràcia"}}},
	"IT": {"{s} {n}", []string{"Via Roma", "Via Garibaldi", "Corso Italia", "Via Dante", "Via Mazzini", "Corso Vittorio Emanuele II", "Via XX Settembre"}, 180, nil},
	"NL": {"{s} {n}", []string{"Kerkstraat", "Dorpsstraat", "Stationsweg", "Industrieweg", "Marktplein"}, 250, map[string][]string{"Amsterdam": []string{"Prinsengracht", "Herengracht"}}},
	"PT": {"{s}, {n}", []string{"Avenida da República", "Rua do Carmo", "Rua Direita", "Avenida 25 de Abril"}, 300, map[string][]string{"Lisbon": []string{"Avenida da Liberdade", "Rua Augusta"}, "Porto": []string{"Rua de Santa Catarina"}}},
	"BR": {"{s}, {n}", []string{"Avenida Brasil", "Rua XV de Novembro", "Avenida Rio Branco", "Rua Sete de Setembro"}, 3000, map[string][]string{"São Paulo": []string{"Avenida Paulista", "Rua Augusta", "Rua da Consolação"}, "Belo Horizonte": []string{"Avenida Afonso Pena"}}},
	"MX": {"{s} {n}", []string{"Avenida Juárez", "Calle Hidalgo", "Avenida Revolución", "Calle Morelos"}, 2000, map[string][]string{"Mexico City": []string{"Avenida Insurgentes Sur", "Paseo de la Reforma"}}},
	"AR": {"{s} {n}", []string{"Avenida Rivadavia", "Avenida Belgrano", "Calle San Martín", "Calle Mitre"}, 3000, map[string][]string{"Buenos Aires": []string{"Avenida Corrientes", "Avenida Santa Fe", "Calle Florida"}}},
	"CO": {"{s} # {n}", []string{"Carrera 7", "Calle 72", "Carrera 15", "Calle 26"}, 99, map[string][]string{"Bogotá": []string{"Avenida Boyacá"}, "Medellín": []string{"Carrera 43A"}}},
	"CL": {"{s} {n}", []string{"Avenida Libertador Bernardo O'Higgins", "Calle Arturo Prat", "Calle Colón", "Avenida Balmaceda"}, 3000, map[string][]string{"Santiago": []string{"Avenida Providencia", "Avenida Apoquindo", "Calle Huérfanos", "Avenida Vitacura"}}},
	"PE": {"{s} {n}", []string{"Avenida Grau", "Jirón Bolognesi", "Avenida Bolognesi", "Jirón Lima"}, 2000, map[string][]string{"Lima": []string{"Avenida Javier Prado", "Avenida Larco", "Jirón de la Unión", "Avenida Arequipa"}}},
	"PL": {"ul. {s} {n}", []string{"Długa", "Mickiewicza", "Kościuszki", "Słowackiego", "Sienkiewicza"}, 150, map[string][]string{"Warsaw": []string{"Marszałkowska"}, "Łódź": []string{"Piotrkowska"}, "Kraków": []string{"Floriańska"}}},
	"CZ": {"{s} {n}", []string{"Masarykova", "Husova", "Palackého", "Nádražní"}, 90, map[string][]string{"Prague": []string{"Václavské náměstí", "Národní", "Na Příkopě"}}},
	"SK": {"{s} {n}", []string{"Hlavná", "Štúrova", "Námestie SNP", "Hviezdoslavova"}, 90, map[string][]string{"Bratislava": []string{"Obchodná", "Mlynské nivy"}}},
	"HU": {"{s} {n}.", []string{"Rákóczi út", "Kossuth Lajos utca", "Petőfi Sándor utca", "Széchenyi utca"}, 120, map[string][]string{"Budapest": []string{"Andrássy út", "Váci utca", "Bajcsy-Zsilinszky út"}}},
	"RO": {"Strada {s} {n}", []string{"Victoriei", "Republicii", "Mihai Eminescu", "Unirii", "Avram Iancu"}, 150, nil},
	"SE": {"{s} {n}", []string{"Drottninggatan", "Storgatan", "Kungsgatan", "Vasagatan"}, 90, map[string][]string{"Stockholm": []string{"Sveavägen", "Götgatan"}}},
	"NO": {"{s} {n}", []string{"Storgata", "Kirkegata", "Dronningens gate", "Strandveien"}, 90, map[string][]string{"Oslo": []string{"Karl Johans gate"}}},
	"DK": {"{s} {n}", []string{"Nørregade", "Østergade", "Bredgade", "Algade"}, 120, map[string][]string{"Copenhagen": []string{"Vesterbrogade", "Strøget"}}},
	"FI": {"{s} {n}", []string{"Kauppakatu", "Satamakatu", "Aleksanterinkatu", "Kirkkokatu"}, 90, map[string][]string{"Helsinki": []string{"Mannerheimintie"}, "Tampere": []string{"Hämeenkatu"}}},
	"GR": {"{s} {n}", []string{"Ermou", "Eleftheriou Venizelou", "28is Oktovriou", "Dimokratias"}, 150, map[string][]string{"Athens": []string{"Stadiou", "Panepistimiou", "Vasilissis Sofias"}, "Thessaloniki": []string{"Egnatia"}}},
	"TR": {"{s} No: {n}", []string{"Atatürk Caddesi", "Cumhuriyet Caddesi", "Gazi Mustafa Kemal Bulvarı", "İnönü Caddesi"}, 200, map[string][]string{"Istanbul": []string{"İstiklal Caddesi", "Bağdat Caddesi", "Büyükdere Caddesi"}}},
	"RU": {"{s}, {n}", []string{"ulitsa Lenina", "ulitsa Gagarina", "prospekt Mira", "Sadovaya ulitsa"}, 150, map[string][]string{"Moscow": []string{"Tverskaya ulitsa"}, "Saint Petersburg": []string{"Nevsky prospekt"}}},
	"UA": {"{s}, {n}", []string{"vulytsia Shevchenka", "prospekt Peremohy", "vulytsia Sadova", "vulytsia Franka"}, 150, map[string][]string{"Kyiv": []string{"vulytsia Khreshchatyk"}}},
	"IN": {"{n}, {s}", []string{"MG Road", "Nehru Road", "Station Road", "Park Street"}, 400, map[string][]string{"Mumbai": []string{"Linking Road"}, "Chennai": []string{"Anna Salai"}, "Bengaluru": []string{"Brigade Road", "Residency Road"}}},
	"PK": {"{n}, {s}", []string{"Mall Road", "Club Road", "Jinnah Road", "Circular Road"}, 400, map[string][]string{"Karachi": []string{"Shahrah-e-Faisal"}, "Islamabad": []string{"Jinnah Avenue"}, "Lahore": []string{"Main Boulevard Gulberg"}}},
	"BD": {"{n}, {s}", []string{"Airport Road", "Station Road", "College Road", "Sadar Road"}, 400, map[string][]string{"Dhaka": []string{"Gulshan Avenue", "Kemal Atatürk Avenue", "Mirpur Road"}}},
	"JP": {"{n} {s}", []string{"Chūō", "Honchō", "Ekimae", "Midori-chō", "Saiwai-chō"}, 0, map[string][]string{"Tokyo": []string{"Marunouchi", "Shibuya", "Nishi-Shinjuku"}, "Osaka": []string{"Umeda"}, "Nagoya": []string{"Sakae"}, "Yokohama": []string{"Minatomirai"}}},
	"KR": {"{n} {s}", []string{"Jungang-ro", "Jungang-daero", "Sijang-gil"}, 500, map[string][]string{"Seoul": []string{"Teheran-ro", "Sejong-daero", "Gangnam-daero", "Yeouidaero", "Jong-ro"}}},
	"CN": {"{n} {s}", []string{"Zhongshan Road", "Renmin Road", "Jiefang Road", "Jianshe Road", "Heping Road"}, 1500, map[string][]string{"Shanghai": []string{"Nanjing Road", "Century Avenue"}, "Beijing": []string{"Chang'an Avenue", "Jianguo Road"}}},
	"TW": {"No. {n}, {s}", []string{"Zhongzheng Road", "Zhongshan Road", "Minsheng Road", "Minquan Road"}, 300, map[string][]string{"Taipei": []string{"Section 4, Zhongxiao East Road", "Section 1, Xinyi Road", "Section 2, Dunhua South Road", "Zhongshan North Road"}}},
	"ID": {"{s} No. {n}", []string{"Jalan Jenderal Sudirman", "Jalan Gatot Subroto", "Jalan Diponegoro", "Jalan Ahmad Yani"}, 200, map[string][]string{"Jakarta": []string{"Jalan M.H. Thamrin"}, "Bandung": []string{"Jalan Asia Afrika"}}},
	"MY": {"{n}, {s}", []string{"Jalan Tun Razak", "Jalan Besar", "Jalan Merdeka"}, 300, map[string][]string{"Kuala Lumpur": []string{"Jalan Ampang", "Jalan Sultan Ismail", "Jalan Bukit Bintang"}}},
	"VN": {"{n} {s}", []string{"Lê Lợi", "Nguyễn Huệ", "Trần Hưng Đạo", "Hai Bà Trưng", "Lý Thường Kiệt"}, 300, nil},
	"TH": {"{n} {s}", []string{"Phahonyothin Road", "Ratchadamnoen Road", "Charoen Rat Road"}, 999, map[string][]string{"Bangkok": []string{"Sukhumvit Road", "Silom Road", "Rama IV Road", "Ratchadaphisek Road"}}},
	"PH": {"{n} {s}", []string{"Rizal Avenue", "Mabini Street", "Bonifacio Street", "Burgos Street"}, 999, map[string][]string{"Makati City": []string{"Ayala Avenue", "Paseo de Roxas"}, "Pasig City": []string{"Ortigas Avenue"}, "Manila": []string{"Roxas Boulevard"}}},
	"IL": {"{s} {n}", []string{"Herzl Street", "Weizmann Street", "Jabotinsky Street", "Ben Gurion Street"}, 150, map[string][]string{"Tel Aviv": []string{"Rothschild Boulevard", "Dizengoff Street", "Allenby Street"}, "Jerusalem": []string{"Jaffa Road"}}},
	"AE": {"{s}", []string{"Corniche Road", "Sheikh Zayed Road", "Al Ittihad Road"}, 0, map[string][]string{"Dubai": []string{"Al Wasl Road", "Al Maktoum Road"}, "Abu Dhabi": []string{"Khalifa Street"}}},
	"SA": {"{s}", []string{"King Fahd Road", "King Abdulaziz Road", "Prince Sultan Road"}, 0, map[string][]string{"Riyadh": []string{"Olaya Street", "Tahlia Street"}}},
	"LB": {"{s}", []string{"Al-Istiqlal Street", "Al-Quds Street", "Al-Jamaa Street", "Al-Madina Street"}, 0, map[string][]string{"Beirut": []string{"Hamra Street"}}},
	"IR": {"No. {n}, {s}", []string{"Enghelab Street", "Azadi Street", "Motahari Street", "Shariati Street"}, 300, map[string][]string{"Tehran": []string{"Valiasr Street"}}},
	"EG": {"{n} {s}", []string{"Tahrir Street", "El Gomhoreya Street", "Saad Zaghloul Street"}, 120, map[string][]string{"Cairo": []string{"Talaat Harb Street", "Corniche El Nil", "El Nasr Road", "26th of July Street"}}},
	"":   {"{n} {s}", []string{"Main Street", "Market Street", "Oak Avenue", "Park Avenue", "High Street", "Station Road", "King Street", "Church Street", "Broadway", "Elm Street"}, 250, nil},
}

// streetsOfCulture lends a country without a style of its own that of a
// country of its main culture (Ecuador writes as Mexico does); a culture
// not listed writes English street names, number first.
var streetsOfCulture = map[string]string{
	"es": "MX", "pt": "BR", "fr": "FR", "qc": "FR", "de": "DE", "it": "IT", "nl": "NL", "vls": "BE", "ru": "RU", "uk": "UA",
	"tr": "TR", "ar": "LB", "fa": "IR", "hi": "IN", "mr": "IN", "gu": "IN", "bn": "BD", "ta": "IN", "te": "IN", "ml": "IN", "kn": "IN",
	"southasia": "PK", "bd": "BD", "ne": "IN", "id": "ID", "ms": "MY", "vi": "VN", "th": "TH", "zh": "CN", "ko": "KR",
	"ja": "JP", "pl": "PL", "cs": "CZ", "sk": "SK", "hu": "HU", "ro": "RO", "el": "GR", "nordic": "SE", "no": "NO",
	"da": "DK", "fi": "FI", "he": "IL",
}

// streetsOfCountry lends the style of a country of the same language
// where the culture of names does not tell it: French-speaking Africa
// writes as France does, the former Soviet republics as Russia.
var streetsOfCountry = map[string]string{
	"SN": "FR", "CI": "FR", "BF": "FR", "BJ": "FR", "ML": "FR", "NE": "FR", "TG": "FR", "GN": "FR", "CM": "FR", "CD": "FR",
	"CG": "FR", "GA": "FR", "MG": "FR", "TD": "FR", "CF": "FR", "DJ": "FR", "HT": "FR", "BI": "FR", "KM": "FR", "MA": "FR",
	"DZ": "FR", "TN": "FR", "MC": "FR", "NC": "FR", "PF": "FR", "RE": "FR", "MQ": "FR", "GP": "FR", "GF": "FR", "MU": "FR",
	"KZ": "RU", "KG": "RU", "UZ": "RU", "TM": "RU", "AZ": "RU", "AM": "RU", "GE": "RU", "BY": "RU", "MD": "RO",
	"EE": "FI", "LV": "RU", "LT": "PL", "IS": "NO", "SI": "CZ", "HR": "CZ", "BA": "CZ", "RS": "CZ", "ME": "CZ", "MK": "CZ",
	"AL": "IT", "BG": "RU", "AO": "BR", "MZ": "BR", "CV": "BR", "GW": "BR", "ST": "BR", "TL": "BR",
	"EC": "MX", "VE": "MX", "BO": "MX", "PY": "AR", "UY": "AR", "GT": "MX", "HN": "MX", "SV": "MX", "NI": "MX", "CR": "MX",
	"PA": "MX", "DO": "MX", "CU": "MX", "PR": "MX", "GQ": "MX", "AD": "ES",
	"PS": "LB", "SY": "LB", "JO": "LB", "IQ": "LB", "YE": "LB", "LY": "LB", "SD": "LB", "KW": "AE", "QA": "AE", "BH": "AE", "OM": "AE",
	"AF": "IR", "MO": "PT", "SO": "LB", "MR": "LB", "CY": "GR", "XK": "IT", "EH": "LB", "KH": "VN", "LA": "TH",
	"BL": "FR", "MF": "FR", "PM": "FR", "TF": "FR", "WF": "FR", "YT": "FR", "BQ": "NL", "SX": "NL", "SJ": "NO", "MN": "RU", "TJ": "IR",
}

// cultureOf returns the code of a country's main culture.
func cultureOf(country string) string {
	g, b := loadGazetteer(), loadNames()
	id, ok := g.country[country]
	if !ok {
		return ""
	}
	return b.cultures[b.byCountry[id]].spec.code
}

// streetLine makes the first address line of a building in country, in
// the country's style, or that of its culture, on a street most of its
// towns have.
func streetLine(r *rand.Rand, country string) string {
	return streetLineIn(r, country, "")
}

// streetLineIn is streetLine in a town (by its name in the gazetteer),
// whose own famous streets are drawn too.
func streetLineIn(r *rand.Rand, country, town string) string {
	st, ok := streets[country]
	if lent, lends := streetsOfCountry[country]; !ok && lends {
		st, ok = streets[lent]
	}
	if !ok {
		st = streets[streetsOfCulture[cultureOf(country)]] // "" for English
	}
	names := st.names
	if _, own := streets[country]; own && len(st.city[town]) > 0 {
		names = append(slices.Clip(names), st.city[town]...)
	}
	street := pick(r, names)
	n := ""
	switch {
	case country == "JP":
		// Japanese blocks: chōme, block, building.
		n = strconv.Itoa(between(r, 1, 6)) + "-" + strconv.Itoa(between(r, 1, 20)) + "-" + strconv.Itoa(between(r, 1, 30))
	case st.most > 0:
		n = strconv.Itoa(between(r, 1, st.most))
	}
	return strings.ReplaceAll(strings.ReplaceAll(st.pattern, "{s}", street), "{n}", n)
}

// addressDisplay is a full one-line address in a place. It has no postal
// code: the world knows none, and a made-up one would not match the city
// (Phoenix 53879).
func (w *World) addressDisplay(r *rand.Rand, place int32) string {
	pl := &w.geo.places[place]
	line := streetLineIn(r, pl.Country, pl.Name) + ", " + pl.Name
	if region := w.geo.regionName(pl.Country, pl.Admin1); region != "" && !strings.Contains(pl.Name, ", ") {
		line += ", " + region
	}
	return line + ", " + w.geo.countryName(pl.Country)
}
