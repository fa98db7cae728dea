package world

import (
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
}

// migrantTables builds, for each country of the gazetteer, its share of
// migrants and the draw of their culture: the country's own mix or the
// world's.
func (b *nameBook) migrantTables(g *gazetteer) {
	b.migrantPermille = make([]int, len(g.countries))
	b.migrantDraw = make([]int, len(g.countries))
	mixes := []migrantMix{newMigrantMix(b, migrantCultures)}
	at := map[string]int{}
	for _, m := range migrantMixes {
		weights := map[string]int{}
		for _, entry := range strings.Fields(m.mix) {
			code, n, _ := strings.Cut(entry, ":")
			weights[code], _ = strconv.Atoi(n)
		}
		mixes = append(mixes, newMigrantMix(b, weights))
		for _, cc := range strings.Fields(m.countries) {
			at[cc] = len(mixes) - 1
		}
	}
	b.migrantMixes = mixes
	for id, c := range g.countries {
		n, ok := migrantPermille[c.Code]
		if !ok {
			n = defaultMigrants
		}
		b.migrantPermille[id] = n
		b.migrantDraw[id] = at[c.Code]
	}
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
// of a code somewhere: in the world's mix or a country's.
func isMigrantCulture(code string) bool {
	if migrantCultures[code] > 0 {
		return true
	}
	for _, m := range migrantMixes {
		for _, entry := range strings.Fields(m.mix) {
			if c, _, _ := strings.Cut(entry, ":"); c == code {
				return true
			}
		}
	}
	return false
}
