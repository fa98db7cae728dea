package world

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nyaruka/phonenumbers"
)

// nationalCodes lists the national significant digits of heads (the
// digits after the calling code), cut to n digits.
func nationalCodes(country string, heads []phonePrefix, n int) []string {
	ccs := strconv.Itoa(phonenumbers.GetCountryCodeForRegion(country))
	var out []string
	for _, h := range heads {
		nsn := strings.TrimPrefix(strconv.FormatUint(h.head, 10), ccs)
		if len(nsn) > n {
			nsn = nsn[:n]
		}
		if !slices.Contains(out, nsn) {
			out = append(out, nsn)
		}
	}
	return out
}

// placeNamed finds a city of a country by its name in the gazetteer.
func placeNamed(t *testing.T, g *gazetteer, country, name string) int32 {
	t.Helper()
	for _, i := range g.byCountry[g.country[country]] {
		if g.places[i].Name == name {
			return i
		}
	}
	t.Fatalf("no %s in %s", name, country)
	return -1
}

// czechRanges are the first digits of the landlines of each Czech region
// (GeoNames admin1 codes), by the national numbering plan.
var czechRanges = map[string][]string{
	"52": {"2"}, "88": {"31", "32"}, "79": {"38", "39"}, "87": {"37"}, "81": {"35"},
	"89": {"41", "47"}, "83": {"48"}, "82": {"49"}, "86": {"46"}, "80": {"56"},
	"78": {"51", "53", "54"}, "84": {"58"}, "90": {"57"}, "85": {"55", "59"},
}

// Every Czech region dials its own geographic range of the national
// numbering plan (Czech Telecommunication Office): Brno's landlines are
// South Moravia's 54, not Olomouc's 58; Kladno's are Central Bohemia's
// 31 or 32, not Prague's 2.
func TestCzechRegionCodes(t *testing.T) {
	g, l := loadGazetteer(), loadLocalPlan()
	ranges := czechRanges
	regions := map[string]bool{}
	for _, i := range g.byCountry[g.country["CZ"]] {
		p := &g.places[i]
		want, ok := ranges[p.Admin1]
		if !ok {
			t.Errorf("%s: region %s of no range", p.Display, p.Admin1)
			continue
		}
		regions[p.Admin1] = true
		if len(l.fixed[i]) == 0 {
			t.Errorf("%s has no landline heads", p.Display)
		}
		for _, code := range nationalCodes("CZ", l.fixed[i], 2) {
			if !slices.ContainsFunc(want, func(w string) bool { return strings.HasPrefix(code, w) }) {
				t.Errorf("%s (region %s) dials %s, not %v", p.Display, p.Admin1, code, want)
			}
		}
	}
	if len(regions) != 14 {
		t.Errorf("the gazetteer's Czech places are of %d regions, want 14", len(regions))
	}
}

// Argentine numbers carry the area code of their city: Buenos Aires and
// the towns of Greater Buenos Aires dial 11 (mobiles +54 9 11), a
// provincial city its own code (351 Córdoba, 341 Rosario), and the towns
// of Greater Buenos Aires that have codes of their own keep them (Merlo's
// 220).
func TestArgentineAreaCodes(t *testing.T) {
	g, l := loadGazetteer(), loadLocalPlan()
	for _, tc := range []struct{ city, code string }{
		{"Buenos Aires", "11"}, {"Belgrano", "11"}, {"Quilmes", "11"}, {"Morón", "11"}, {"San Isidro", "11"},
		{"San Miguel", "11"}, {"Tigre", "11"}, {"Hurlingham", "11"}, {"Berazategui", "11"},
		{"Córdoba", "351"}, {"Rosario", "341"}, {"Mendoza", "261"}, {"San Miguel de Tucumán", "381"},
		{"La Plata", "221"}, {"Mar del Plata", "223"}, {"Salta", "387"}, {"Santa Fe", "342"},
		{"Bahía Blanca", "291"}, {"Neuquén", "299"}, {"Merlo", "220"}, {"Pilar", "230"},
	} {
		i := placeNamed(t, g, "AR", tc.city)
		if len(l.fixed[i]) == 0 || len(l.mobile[i]) == 0 {
			t.Errorf("%s has %d landline and %d mobile heads", tc.city, len(l.fixed[i]), len(l.mobile[i]))
			continue
		}
		for kind, heads := range [][]phonePrefix{l.fixed[i], l.mobile[i]} {
			for _, h := range heads {
				nsn := strconv.FormatUint(h.head, 10)[2:]
				if kind == 1 {
					if !strings.HasPrefix(nsn, "9") {
						t.Errorf("a mobile of %s is +54 %s…, without the mobile 9", tc.city, nsn)
					}
					nsn = nsn[1:]
				}
				if !strings.HasPrefix(nsn, tc.code) {
					t.Errorf("%s's numbers start +54 %s…, not %s", tc.city, strconv.FormatUint(h.head, 10)[2:], tc.code)
				}
			}
		}
	}
}

// crossBorderCodes are the Argentine cities that really dial the code of
// a city of the next province: Cipolletti and Cinco Saltos, of Río Negro,
// are suburbs of Neuquén (299); Caleta Olivia, of Santa Cruz, dials
// Comodoro Rivadavia's 297.
var crossBorderCodes = map[string]string{"Cipolletti": "299", "Cinco Saltos": "299", "Caleta Olivia": "297"}

// Every Argentine city dials a code of its own province (a city the data
// names no code of takes its nearest named neighbour's only within its
// province), but for Greater Buenos Aires (metroAreas), whose towns dial
// the capital's 11, and the few cities of crossBorderCodes: San Nicolás
// de los Arroyos dials its own 336, not Villa Constitución's 3400 across
// the Paraná's border with Santa Fe.
func TestArgentineCitiesKeepToProvinces(t *testing.T) {
	g, l := loadGazetteer(), loadLocalPlan()
	cid := g.country["AR"]
	own := map[string]map[phonePrefix]bool{} // province → heads of its named cities
	for _, i := range g.byCountry[cid] {
		if from := l.from[i]; from >= 0 && from != i {
			continue
		}
		a := g.places[i].Admin1
		if own[a] == nil {
			own[a] = map[phonePrefix]bool{}
		}
		for _, h := range append(slices.Clone(l.fixed[i]), l.mobile[i]...) {
			own[a][h] = true
		}
	}
	for _, i := range g.byCountry[cid] {
		p := &g.places[i]
		if len(l.fixed[i]) == 0 || len(l.mobile[i]) == 0 {
			t.Errorf("%s has %d landline and %d mobile heads", p.Display, len(l.fixed[i]), len(l.mobile[i]))
		}
		for _, h := range append(slices.Clone(l.fixed[i]), l.mobile[i]...) {
			from := l.from[i]
			switch {
			case own[p.Admin1][h]:
			case from >= 0 && inMetroArea(g, i, from) && own[g.places[from].Admin1][h]:
			case crossBorderCodes[p.Name] != "" && strings.HasPrefix(argentineAreaDigits(h), crossBorderCodes[p.Name]):
			default:
				t.Errorf("%s (province %s) has +%d…, a head of another province", p.Display, p.Admin1, h.head)
			}
		}
	}
}

// argentineAreaDigits returns the digits of an Argentine head after the
// calling code and, for a mobile (13 digits in all), the mobile 9: its
// area code first.
func argentineAreaDigits(h phonePrefix) string {
	digits := strconv.FormatUint(h.head, 10)
	nsn := digits[2:]
	if len(digits)+int(h.tail) == 13 {
		nsn = nsn[1:]
	}
	return nsn
}

// The geocoding still names the states split from Andhra Pradesh and
// Madhya Pradesh by their old names ("Hyderabad Local, Andhra Pradesh",
// "Raipur, Madhya Pradesh"): their cities dial their own codes, not those
// of a town of a neighbouring state (Hyderabad took Karnataka's Chincholi).
func TestSplitStatesAreaCodes(t *testing.T) {
	g, l := loadGazetteer(), loadLocalPlan()
	for _, tc := range []struct{ city, code string }{
		{"Hyderabad", "40"}, {"Warangal", "870"}, {"Karimnagar", "878"}, {"Nizamabad", "846"},
		{"Raipur", "771"}, {"Bilaspur", "775"}, {"Korba", "775"}, {"Durg", "788"},
	} {
		i := placeNamed(t, g, "IN", tc.city)
		if len(l.fixed[i]) == 0 {
			t.Errorf("%s has no landline heads", tc.city)
		}
		for _, code := range nationalCodes("IN", l.fixed[i], len(tc.code)) {
			if code != tc.code {
				t.Errorf("%s's landlines start %s, not %s", tc.city, code, tc.code)
			}
		}
	}
}
