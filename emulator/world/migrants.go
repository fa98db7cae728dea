package world

import (
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// migrantPermille is how many people in a thousand of each country were
// born abroad: the United Nations' International Migrant Stock 2020
// (UN DESA, Population Division), the international migrant stock as a
// share of the population, rounded. A country not listed takes
// defaultMigrants. On the world's profiles a migrant carries a name of a
// migrant culture, drawn by migrantMixes.
var migrantPermille = map[string]int{
	// The Americas.
	"US": 153, "CA": 213, "MX": 9, "BR": 5, "AR": 50, "CL": 86, "CO": 36, "PE": 38, "VE": 48,
	"EC": 23, "CR": 102, "PA": 77, "DO": 56, "UY": 31,
	// Europe.
	"GB": 138, "IE": 176, "DE": 188, "FR": 131, "IT": 106, "ES": 146, "PT": 98, "NL": 138,
	"BE": 172, "LU": 479, "CH": 299, "AT": 193, "SE": 198, "NO": 157, "DK": 125, "FI": 71,
	"IS": 181, "PL": 22, "CZ": 48, "SK": 34, "HU": 61, "RO": 37, "BG": 30, "GR": 119,
	"HR": 128, "SI": 132, "RS": 94, "UA": 113, "RU": 80, "BY": 114, "EE": 150, "LV": 125,
	"LT": 51, "CY": 191, "MT": 224,
	// Western Asia and the Gulf.
	"AE": 881, "QA": 773, "KW": 728, "BH": 550, "OM": 465, "SA": 383, "JO": 331, "LB": 251,
	"IL": 213, "TR": 72, "IR": 33, "IQ": 9, "KZ": 199, "GE": 21, "AM": 64, "AZ": 25,
	// South and East Asia, Oceania.
	"IN": 4, "PK": 15, "BD": 13, "LK": 2, "NP": 17, "CN": 1, "HK": 395, "MO": 586, "TW": 34,
	"JP": 22, "KR": 34, "SG": 431, "MY": 107, "TH": 52, "ID": 1, "PH": 2, "VN": 1, "KH": 5,
	"AU": 301, "NZ": 287,
	// Africa.
	"EG": 5, "MA": 3, "DZ": 6, "TN": 5, "NG": 6, "GH": 15, "KE": 20, "ET": 9, "TZ": 7,
	"UG": 37, "ZA": 48, "CI": 95, "SN": 17, "CM": 19,
}

// defaultMigrants is the share born abroad, per thousand, of a country
// migrantPermille does not list.
const defaultMigrants = 30

// migrantMixes are the migrant cultures where a country's migrants come
// from elsewhere than the world's mix (migrantCultures): culture code and
// weight, for the countries listed. The Gulf's migrants are South Asian,
// Filipino and Arab; Singapore's and Malaysia's, Asian; South Asia's,
// South Asian; elsewhere, mostly of the neighbours.
var migrantMixes = []struct{ countries, mix string }{
	{"AE QA KW BH OM SA", "hi:12 ml:14 ta:6 te:4 southasia:16 bd:10 tl:10 ar:14 ne:4 si:3 en:4 ms:1 id:2"},
	{"SG MY BN", "zhsea:20 zh:15 ta:10 hi:8 bd:8 id:15 tl:10 ms:6 en:5 ne:3"},
	{"HK MO", "tl:35 id:30 zh:15 hi:5 en:10 southasia:5"},
	{"JP KR TW", "zh:35 vi:20 tl:15 ko:5 ja:3 en:10 ne:5 id:7"},
	// India's are mostly from Bangladesh (Muslims and Bengali Hindus),
	// Pakistan, Nepal and Sri Lanka (its Tamils), the United Nations'
	// stock of 2020 says; Pakistan's from India and Afghanistan;
	// Bangladesh's from India and Myanmar (the Rohingya carry Muslim
	// names); Nepal's and Sri Lanka's from India.
	{"IN", "bd:30 bn:22 southasia:22 ne:11 ta:4 si:1 dz:2 my:2 zh:2 fa:2 en:2"},
	{"PK", "southasia:70 fa:25 bd:3 en:2"},
	{"BD", "bd:45 bn:25 hi:15 southasia:10 en:5"},
	{"NP", "hi:75 bn:5 dz:8 zh:5 southasia:4 en:3"},
	{"LK", "ta:45 hi:20 ml:10 southasia:10 zh:5 en:10"},
	// The Maldives' migrant workers are mostly Bangladeshi, Indian and
	// Sri Lankan; Bhutan's, Indian and Nepali.
	{"MV", "bd:50 hi:20 southasia:10 ta:8 si:7 en:5"},
	{"BT", "hi:50 ne:35 southasia:10 en:5"},
	// The former Soviet Union's migrants are mostly of its other
	// republics: Kazakhstan's and Kyrgyzstan's Uzbeks, Ukrainians and
	// Germans (their Russians, most of them born in Russia, are the
	// countries' own Russian share already); Russia's Ukrainians,
	// Central Asians and Caucasians; Ukraine's Russians.
	{"KZ KG", "uz:35 uk:15 de:10 az:6 tk:6 hy:5 tr:5 ko:6 zh:6 ka:3 en:3"},
	{"RU BY", "uk:28 kk:14 uz:22 az:8 hy:8 ka:4 tk:3 ro:3 zh:3 tr:2 de:2 lv:1 baltic:1 et:1"},
	{"UA", "ru:70 kk:4 uz:4 az:4 hy:4 ka:3 ro:4 bg:2 tr:2 en:3"},
	// Iran's are Afghans and Iraqis; mainland Southeast Asia's, its
	// neighbours'.
	{"IR", "fa:85 ar:10 southasia:3 en:2"},
	{"TH", "my:50 km:20 lo:15 zh:5 vi:5 en:5"},
	{"MM KH LA", "zh:35 th:20 vi:25 hi:10 en:10"},
	// West and East Africa's are of their neighbours: Nigerians,
	// Burkinabè, Togolese and Ivorians in Ghana; Somali, South Sudanese
	// and Congolese refugees in Kenya and Uganda, and Kenya's Indians.
	{"GH NG CI SN ML BF TG BJ NE GN", "yo:12 ig:10 ha:10 ak:10 gbe:12 mos:12 sahel:14 ci:8 mende:5 cm:3 fr:2 en:2"},
	{"KE UG TZ RW BI SS ET SO", "so:20 ssd:15 africa:10 ug:10 tz:8 rw:10 am:10 ln:8 hi:5 en:4"},
	// The Levant's are Arabs above all: Jordan's Palestinians, Syrians,
	// Iraqis and Egyptians, Lebanon's Syrians and Palestinians, with the
	// domestic workers of South Asia, the Philippines and Ethiopia.
	// Israel's are Jews born in the former Soviet Union, Ethiopia,
	// North Africa and the West, most of them with Hebrew names.
	{"JO", "ar:80 tl:6 si:4 bd:4 hi:2 hy:2 en:2"},
	{"LB", "ar:70 hy:8 bd:5 am:6 si:4 tl:5 en:2"},
	{"IL", "he:38 ru:32 uk:10 am:5 fr:4 en:7 es:2 ro:2"},
	{"SY IQ YE PS", "ar:55 fa:20 so:8 southasia:5 tr:5 am:4 en:3"},
	{"EG SD LY", "ar:55 ssd:12 so:8 am:10 southasia:3 en:4 zh:3 tr:3 fa:2"},
	{"MA DZ TN MR", "sahel:35 ar:30 fr:20 es:8 zh:4 en:3"},
	{"AF", "fa:45 southasia:45 uz:5 tk:3 en:2"},
	// Türkiye's are Syrians, Iraqis, Afghans and Iranians, Azerbaijanis,
	// the Turks of Bulgaria and of Germany, and Russians and Ukrainians.
	{"TR", "ar:45 fa:12 az:10 tr:14 ru:5 uk:3 de:4 uz:3 tk:3 ka:1"},
	// The Nordic countries' are their neighbours' (Finland's Russians,
	// Estonians and Swedes; Iceland's Poles and Lithuanians) and the
	// refugees of Iraq, Syria, Somalia, Iran and the former Yugoslavia.
	{"FI", "ru:30 et:16 nordic:10 ar:10 so:6 fa:5 uk:4 zh:3 vi:3 th:3 tr:3 en:4 de:2 pl:1"},
	{"SE NO DK", "ar:16 fi:8 pl:10 so:7 fa:8 bs:4 sr:3 hr:3 tr:5 de:6 en:8 nordic:3 no:3 da:3 uk:4 baltic:3 th:3 tl:3"},
	{"IS", "pl:45 baltic:12 lv:3 en:8 da:5 nordic:3 no:3 de:5 es:4 tl:4 th:4 ro:4"},
	// Southern Europe's are Latin Americans, Romanians, Albanians, North
	// Africans and, in Portugal, Brazilians and Angolans.
	{"IT", "ro:25 sq:14 ar:16 uk:8 zh:6 tl:4 hi:3 bd:3 pl:4 es:7 pt:3 en:3 southasia:3 yo:1 ig:1"},
	{"ES", "es:30 ro:12 ar:16 en:10 fr:5 de:5 it:5 uk:4 zh:4 pt:3 bg:3"},
	{"PT", "pt:40 uk:8 ro:5 fr:10 en:6 es:6 southasia:5 ne:4 hi:4 zh:4 it:3 de:3"},
	{"GR CY", "sq:40 bg:8 ro:6 ru:8 uk:5 ka:5 ar:8 en:8 pl:4 fa:3 southasia:3 tl:2"},
	// Central and Eastern Europe's are of the neighbours: Poland's and
	// Czechia's Ukrainians, Czechia's Slovaks and Vietnamese, Hungary's
	// Hungarians born in Romania, Slovakia and Serbia, Romania's
	// Moldovans, Bulgaria's Russians and Turks, the former Yugoslavia's
	// each other's, the Baltics' Russians and Ukrainians.
	{"PL", "uk:55 ru:12 de:8 vi:5 baltic:5 en:5 fr:3 it:3 es:2 tr:2"},
	{"CZ", "sk:28 uk:25 vi:12 ru:10 pl:6 de:6 ro:3 bg:3 en:4 kk:3"},
	{"SK", "cs:40 hu:15 uk:15 de:5 pl:5 sr:4 vi:5 ru:6 en:5"},
	{"HU", "hu:50 ro:10 de:8 uk:8 sk:4 sr:4 zh:5 vi:2 tr:3 en:4 ru:2"},
	{"RO MD", "ro:35 it:8 es:5 de:5 uk:8 ru:8 tr:8 bg:4 zh:4 ar:5 hu:3 en:3"},
	{"BG", "ru:25 tr:18 uk:15 mk:10 de:5 ar:8 el:5 ro:4 sr:3 en:4 hy:3"},
	{"HR SI RS BA ME MK AL XK", "bs:25 sr:22 hr:20 sq:10 mk:6 sl:4 ru:4 uk:3 de:3 tr:3"},
	{"EE LV LT", "ru:58 uk:20 pl:5 fi:4 baltic:3 lv:3 et:3 de:2 en:2"},
	// The Caucasus' and Central Asia's are of the former Soviet Union.
	{"GE AM AZ", "ru:42 uk:10 hy:10 az:10 ka:8 tr:6 fa:6 en:3 ar:3 kk:2"},
	{"UZ TJ TM MN", "ru:50 kk:15 uz:10 tk:5 ko:6 uk:5 tr:3 zh:4 az:2"},
	// Latin America's are of its own countries (Venezuelans above all),
	// Haitians, and the children of Europe's and East Asia's migrants;
	// Mexico's are mostly its emigrants' children born in the US.
	{"MX", "es:55 en:30 ht:2 zh:2 ko:2 de:2 fr:2 it:3 ja:1 ar:1"},
	{"BR", "pt:22 es:30 ht:10 it:6 de:3 ja:6 zh:6 ko:3 en:5 ar:5 fr:2 yo:1 ig:1"},
	{"AR CL PE CO VE EC BO PY UY", "es:65 pt:4 ht:6 it:8 de:3 zh:4 ko:3 en:4 ar:2 ja:1"},
	{"DO", "ht:65 es:20 en:8 it:3 fr:2 zh:2"},
	{"CR PA GT HN SV NI CU PR", "es:78 en:10 zh:5 it:3 fr:2 ht:2"},
	// East and Southeast Asia's are of the region.
	{"CN", "ko:20 vi:15 my:10 en:15 ja:10 ru:5 tw:10 yue:10 fr:5"},
	{"VN", "zh:40 ko:20 lo:8 km:8 tw:8 en:8 ja:8"},
	{"PH", "zh:30 en:25 ko:15 ja:10 id:5 hi:5 es:5 vi:5"},
	{"ID", "zh:30 ms:15 en:10 ko:10 ja:8 hi:8 tl:7 ar:7 tw:5"},
	// Southern and Central Africa's are of their neighbours: South
	// Africa's Zimbabweans, Malawians, Mozambicans and Congolese.
	{"ZA BW NA ZW ZM MW MZ LS SZ", "sn:28 ny:14 za:10 pt:6 ln:8 so:5 southasia:5 en:10 yo:4 ig:4 owambo:3 hi:3"},
	{"CD CG CM GA CF TD AO", "ln:30 cm:18 rw:15 sahel:12 fr:8 pt:5 ssd:5 ha:4 en:3"},
}

// worldMixCountries are the countries whose migrants come from the whole
// world, drawn by migrantCultures: North America's, Oceania's and
// north-western Europe's.
const worldMixCountries = "US CA GB IE AU NZ DE AT CH FR BE NL LU"

// continentMixes are the migrant cultures of the countries neither
// migrantMixes nor worldMixCountries lists, by continent as the
// gazetteer names it: their migrants come from their own region.
var continentMixes = map[string]string{
	"Europe":        "pl:12 ro:12 uk:12 ru:8 de:6 it:5 sq:5 tr:6 ar:8 en:8 es:4 fr:4 sr:3 bs:3 hr:3 zh:2",
	"Asia":          "zh:20 hi:12 tl:12 ko:6 en:8 ar:10 bd:8 id:8 vi:6 ru:5 southasia:5",
	"Africa":        "sahel:12 ln:12 ssd:8 so:8 am:8 rw:8 cm:8 yo:6 ig:6 ha:6 ak:4 fr:5 en:4 ar:5 hi:3 zh:3",
	"North America": "es:45 ht:15 en:25 zh:4 hi:3 fr:4 pt:4",
	"South America": "es:55 pt:8 ht:8 it:10 de:4 zh:4 ko:3 ja:2 en:4 ar:2",
	"Oceania":       "en:45 tl:15 zh:15 hi:10 id:5 fr:5 ko:5",
	"Antarctica":    "en:100",
}

// migrantTables builds, for each country of the gazetteer, its share of
// migrants and the draw of their culture: the country's own mix, the
// world's for the countries of worldMixCountries, or its continent's.
func (b *nameBook) migrantTables(g *gazetteer) {
	b.migrantPermille = make([]int, len(g.countries))
	b.migrantDraw = make([]int, len(g.countries))
	mixes := []migrantMix{newMigrantMix(b, migrantCultures)}
	at := map[string]int{}
	for _, m := range migrantMixes {
		mixes = append(mixes, newMigrantMix(b, parseMix(m.mix)))
		for _, cc := range strings.Fields(m.countries) {
			at[cc] = len(mixes) - 1
		}
	}
	continents := map[string]int{}
	for _, name := range slices.Sorted(maps.Keys(continentMixes)) {
		mixes = append(mixes, newMigrantMix(b, parseMix(continentMixes[name])))
		continents[name] = len(mixes) - 1
	}
	b.migrantMixes = mixes
	world := strings.Fields(worldMixCountries)
	for id, c := range g.countries {
		n, ok := migrantPermille[c.Code]
		if !ok {
			n = defaultMigrants
		}
		b.migrantPermille[id] = n
		draw, ok := at[c.Code]
		if !ok && !slices.Contains(world, c.Code) {
			draw = continents[c.Continent]
		}
		b.migrantDraw[id] = draw
	}
}

// parseMix reads a mix of migrant cultures: "ar:80 tl:6" is culture code
// and weight.
func parseMix(mix string) map[string]int {
	weights := map[string]int{}
	for _, entry := range strings.Fields(mix) {
		code, n, _ := strings.Cut(entry, ":")
		weights[code], _ = strconv.Atoi(n)
	}
	return weights
}

// migrantMixOf returns the migrant cultures of a country and their
// weights: its own mix, the world's, or its continent's.
func migrantMixOf(country, continent string) map[string]int {
	for _, m := range migrantMixes {
		if slices.Contains(strings.Fields(m.countries), country) {
			return parseMix(m.mix)
		}
	}
	if slices.Contains(strings.Fields(worldMixCountries), country) {
		return migrantCultures
	}
	return parseMix(continentMixes[continent])
}

// bornAbroad reports whether a person of a name's culture living in a
// country carries none of the country's cultures: a migrant, whose
// profile lists their first language and the country's.
func (b *nameBook) bornAbroad(culture int, country countryID) bool {
	if b.locals[country] != nil {
		return !slices.Contains(b.locals[country], culture)
	}
	return culture != b.byCountry[country]
}

// migrantMix is a draw of migrant cultures: weights over culture indexes.
type migrantMix struct {
	cultures []int
	w        weighted
}

// newMigrantMix makes the draw of the cultures weighed by code. A code
// that names no culture is a bug in the tables, caught by any test that
// builds a world.
func newMigrantMix(b *nameBook, weights map[string]int) migrantMix {
	codes := make([]string, 0, len(weights))
	for code := range weights {
		codes = append(codes, code)
	}
	sort.Strings(codes) // map order is random; the draw must not be
	var m migrantMix
	var w []uint64
	for _, code := range codes {
		i := b.cultureIndex(code)
		if i < 0 || weights[code] <= 0 {
			panic("world: bad migrant culture " + code)
		}
		m.cultures = append(m.cultures, i)
		w = append(w, uint64(weights[code]))
	}
	m.w = newWeighted(w)
	return m
}

// cultureIndex returns the index of the culture of a code, or -1.
func (b *nameBook) cultureIndex(code string) int {
	for i, c := range b.cultures {
		if c.spec.code == code {
			return i
		}
	}
	return -1
}

// isMigrantCulture reports whether people born abroad carry the culture
// of a code somewhere: in the world's mix, a country's or a continent's.
func isMigrantCulture(code string) bool {
	if migrantCultures[code] > 0 {
		return true
	}
	for _, m := range migrantMixes {
		if parseMix(m.mix)[code] > 0 {
			return true
		}
	}
	for _, mix := range continentMixes {
		if parseMix(mix)[code] > 0 {
			return true
		}
	}
	return false
}
