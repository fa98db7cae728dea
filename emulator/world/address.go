package world

import (
	"math/rand/v2"
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
	names   []string
	most    int // the highest house number drawn
}

var streets = map[string]streetStyle{
	"DE": {"{s} {n}", []string{"Hauptstraße", "Bahnhofstraße", "Friedrichstraße", "Schillerstraße", "Gartenstraße", "Goethestraße", "Industriestraße", "Lindenallee"}, 120},
	"AT": {"{s} {n}", []string{"Hauptstraße", "Mariahilfer Straße", "Landstraße", "Wiedner Hauptstraße", "Linzer Straße"}, 120},
	"CH": {"{s} {n}", []string{"Bahnhofstrasse", "Seestrasse", "Dorfstrasse", "Industriestrasse", "Route de Genève"}, 120},
	"FR": {"{n} {s}", []string{"rue de la République", "avenue Victor Hugo", "rue du Commerce", "boulevard Voltaire", "rue Pasteur", "avenue Jean Jaurès", "rue de la Gare"}, 180},
	"BE": {"{s} {n}", []string{"Kerkstraat", "Stationsstraat", "Rue Royale", "Avenue Louise", "Nieuwstraat", "Chaussée de Charleroi"}, 200},
	"LU": {"{n} {s}", []string{"rue de la Gare", "avenue de la Liberté", "route d'Esch", "boulevard Royal"}, 120},
	"ES": {"{s} {n}", []string{"Calle Mayor", "Avenida de la Constitución", "Calle Real", "Gran Vía", "Paseo de la Castellana", "Calle de Alcalá", "Avenida Diagonal"}, 250},
	"IT": {"{s} {n}", []string{"Via Roma", "Via Garibaldi", "Corso Italia", "Via Dante", "Via Mazzini", "Corso Vittorio Emanuele II", "Via XX Settembre"}, 180},
	"NL": {"{s} {n}", []string{"Kerkstraat", "Dorpsstraat", "Stationsweg", "Prinsengracht", "Herengracht", "Industrieweg", "Marktplein"}, 250},
	"PT": {"{s}, {n}", []string{"Avenida da Liberdade", "Rua Augusta", "Rua de Santa Catarina", "Avenida da República", "Rua do Carmo"}, 300},
	"BR": {"{s}, {n}", []string{"Avenida Paulista", "Rua Augusta", "Avenida Brasil", "Rua XV de Novembro", "Avenida Afonso Pena", "Rua da Consolação", "Avenida Rio Branco", "Rua Sete de Setembro"}, 3000},
	"MX": {"{s} {n}", []string{"Avenida Insurgentes Sur", "Paseo de la Reforma", "Avenida Juárez", "Calle Hidalgo", "Avenida Revolución", "Calle Morelos"}, 2000},
	"AR": {"{s} {n}", []string{"Avenida Corrientes", "Avenida Santa Fe", "Calle Florida", "Avenida Rivadavia", "Avenida Belgrano", "Calle San Martín"}, 3000},
	"CO": {"{s} # {n}", []string{"Carrera 7", "Calle 72", "Carrera 15", "Calle 26", "Avenida Boyacá", "Carrera 43A"}, 99},
	"CL": {"{s} {n}", []string{"Avenida Providencia", "Avenida Apoquindo", "Avenida Libertador Bernardo O'Higgins", "Calle Huérfanos", "Avenida Vitacura"}, 3000},
	"PE": {"{s} {n}", []string{"Avenida Javier Prado", "Avenida Larco", "Jirón de la Unión", "Avenida Arequipa"}, 2000},
	"PL": {"ul. {s} {n}", []string{"Marszałkowska", "Piotrkowska", "Długa", "Floriańska", "Mickiewicza", "Kościuszki", "Słowackiego"}, 150},
	"CZ": {"{s} {n}", []string{"Václavské náměstí", "Národní", "Na Příkopě", "Masarykova", "Husova", "Palackého"}, 90},
	"SK": {"{s} {n}", []string{"Hlavná", "Obchodná", "Štúrova", "Námestie SNP", "Mlynské nivy"}, 90},
	"HU": {"{s} {n}.", []string{"Andrássy út", "Váci utca", "Rákóczi út", "Bajcsy-Zsilinszky út", "Kossuth Lajos utca"}, 120},
	"RO": {"Strada {s} {n}", []string{"Victoriei", "Republicii", "Mihai Eminescu", "Unirii", "Avram Iancu"}, 150},
	"SE": {"{s} {n}", []string{"Drottninggatan", "Storgatan", "Kungsgatan", "Sveavägen", "Vasagatan", "Götgatan"}, 90},
	"NO": {"{s} {n}", []string{"Storgata", "Karl Johans gate", "Kirkegata", "Dronningens gate", "Strandveien"}, 90},
	"DK": {"{s} {n}", []string{"Vesterbrogade", "Nørregade", "Strøget", "Østergade", "Bredgade", "Algade"}, 120},
	"FI": {"{s} {n}", []string{"Mannerheimintie", "Hämeenkatu", "Aleksanterinkatu", "Kauppakatu", "Satamakatu"}, 90},
	"GR": {"{s} {n}", []string{"Ermou", "Stadiou", "Panepistimiou", "Vasilissis Sofias", "Egnatia"}, 150},
	"TR": {"{s} No: {n}", []string{"Atatürk Caddesi", "İstiklal Caddesi", "Cumhuriyet Caddesi", "Bağdat Caddesi", "Büyükdere Caddesi", "Gazi Mustafa Kemal Bulvarı"}, 200},
	"RU": {"{s}, {n}", []string{"ulitsa Lenina", "Tverskaya ulitsa", "Nevsky prospekt", "ulitsa Gagarina", "prospekt Mira", "Sadovaya ulitsa"}, 150},
	"UA": {"{s}, {n}", []string{"vulytsia Khreshchatyk", "vulytsia Shevchenka", "prospekt Peremohy", "vulytsia Sadova", "vulytsia Franka"}, 150},
	"IN": {"{n}, {s}", []string{"MG Road", "Nehru Road", "Station Road", "Park Street", "Linking Road", "Anna Salai", "Brigade Road", "Residency Road"}, 400},
	"PK": {"{n}, {s}", []string{"Shahrah-e-Faisal", "Mall Road", "Jinnah Avenue", "Club Road", "Main Boulevard Gulberg"}, 400},
	"BD": {"{n}, {s}", []string{"Gulshan Avenue", "Kemal Atatürk Avenue", "Airport Road", "Mirpur Road"}, 400},
	"JP": {"{n} {s}", []string{"Marunouchi", "Shibuya", "Umeda", "Sakae", "Nishi-Shinjuku", "Minatomirai"}, 0},
	"KR": {"{n} {s}", []string{"Teheran-ro", "Sejong-daero", "Gangnam-daero", "Yeouidaero", "Jong-ro"}, 500},
	"CN": {"{n} {s}", []string{"Nanjing Road", "Chang'an Avenue", "Century Avenue", "Zhongshan Road", "Renmin Road", "Jianguo Road"}, 1500},
	"TW": {"No. {n}, {s}", []string{"Section 4, Zhongxiao East Road", "Section 1, Xinyi Road", "Section 2, Dunhua South Road", "Zhongshan North Road"}, 300},
	"ID": {"{s} No. {n}", []string{"Jalan Jenderal Sudirman", "Jalan M.H. Thamrin", "Jalan Gatot Subroto", "Jalan Asia Afrika", "Jalan Diponegoro"}, 200},
	"MY": {"{n}, {s}", []string{"Jalan Ampang", "Jalan Tun Razak", "Jalan Sultan Ismail", "Jalan Bukit Bintang"}, 300},
	"VN": {"{n} {s}", []string{"Lê Lợi", "Nguyễn Huệ", "Trần Hưng Đạo", "Hai Bà Trưng", "Lý Thường Kiệt"}, 300},
	"TH": {"{n} {s}", []string{"Sukhumvit Road", "Silom Road", "Rama IV Road", "Phahonyothin Road", "Ratchadaphisek Road"}, 999},
	"PH": {"{n} {s}", []string{"Ayala Avenue", "Rizal Avenue", "Ortigas Avenue", "Roxas Boulevard", "Paseo de Roxas"}, 999},
	"IL": {"{s} {n}", []string{"Rothschild Boulevard", "Dizengoff Street", "Jaffa Road", "Herzl Street", "Allenby Street"}, 150},
	"AE": {"{s}", []string{"Sheikh Zayed Road", "Al Wasl Road", "Corniche Road", "Khalifa Street", "Al Maktoum Road"}, 0},
	"SA": {"{s}", []string{"King Fahd Road", "Olaya Street", "Prince Sultan Road", "King Abdulaziz Road", "Tahlia Street"}, 0},
	"LB": {"{s}", []string{"Hamra Street", "Al-Istiqlal Street", "Al-Quds Street", "Al-Jamaa Street", "Al-Rasheed Street", "Al-Madina Street"}, 0},
	"IR": {"No. {n}, {s}", []string{"Valiasr Street", "Enghelab Street", "Azadi Street", "Motahari Street", "Shariati Street"}, 300},
	"EG": {"{n} {s}", []string{"Tahrir Street", "Talaat Harb Street", "Corniche El Nil", "El Nasr Road", "26th of July Street"}, 120},
	"":   {"{n} {s}", []string{"Main Street", "Market Street", "Oak Avenue", "Park Avenue", "High Street", "Station Road", "King Street", "Church Street", "Broadway", "Elm Street"}, 250},
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
// the country's style, or that of its culture.
func streetLine(r *rand.Rand, country string) string {
	st, ok := streets[country]
	if lent, lends := streetsOfCountry[country]; !ok && lends {
		st, ok = streets[lent]
	}
	if !ok {
		st = streets[streetsOfCulture[cultureOf(country)]] // "" for English
	}
	street := pick(r, st.names)
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
	line := streetLine(r, pl.Country) + ", " + pl.Name
	if region := w.geo.regionName(pl.Country, pl.Admin1); region != "" && !strings.Contains(pl.Name, ", ") {
		line += ", " + region
	}
	return line + ", " + w.geo.countryName(pl.Country)
}
