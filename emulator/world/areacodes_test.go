package world

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/nyaruka/phonenumbers"
)

// areaRow is one line of the area-code table: the exchanges of an area
// code that phonenumbers' geocoding places in one gazetteer place (or, for
// place 0, only in the state or province).
type areaRow struct {
	npa             int
	country, admin1 string
	place           int32 // GeoNames id; 0 for the state alone
	nxx             []int
}

// geocodeHead returns what phonenumbers' geocoding says of the numbers
// starting with 1·npa·nxx ("Austin, TX", "Texas").
func geocodeHead(npa, nxx int) string {
	cc := int32(1)
	nn := uint64(npa)*10_000_000 + uint64(nxx)*10_000 + 1234
	s, _ := phonenumbers.GetGeocodingForNumber(&phonenumbers.PhoneNumber{CountryCode: &cc, NationalNumber: &nn}, "en")
	return s
}

// placeOfGeocode reads a geocoding description of the US or Canada: the
// region it names, and the gazetteer place (-1 for a state alone or a
// town the gazetteer does not have).
func placeOfGeocode(g *gazetteer, byName map[string][]int32, country, desc string) (region int, place int32, ok bool) {
	city, abbr, isCity := strings.Cut(desc, ", ")
	if desc == "Washington D.C." { // the one place geocoded without its state
		city, abbr, isCity = "Washington, D.C.", "DC", true
	}
	for i, r := range g.regions {
		if r.Country != country {
			continue
		}
		if isCity && r.Abbreviation == abbr || !isCity && r.Name == desc {
			region, ok = i, true
		}
	}
	if !ok || !isCity {
		return region, -1, ok
	}
	key := strings.ToLower(foldASCII(city))
	for _, name := range []string{key, key + " city"} {
		for _, id := range byName[name] {
			if p := g.places[id]; p.Country == country && p.Admin1 == g.regions[region].Code {
				return region, id, true
			}
		}
	}
	return region, -1, true
}

// buildAreaRows derives the table from phonenumbers: every exchange of
// every area code valid for the region, by the place its geocoding names.
func buildAreaRows(g *gazetteer, country string) []areaRow {
	byName := map[string][]int32{}
	for _, id := range g.byCountry[g.country[country]] { // most populous first
		byName[strings.ToLower(foldASCII(g.places[id].Name))] = append(byName[strings.ToLower(foldASCII(g.places[id].Name))], id)
	}
	r := newRand(1, streamPhonePlan)
	rows := map[[2]int64]*areaRow{} // (npa, place or -1-region) → row
	for npa := 200; npa <= 999; npa++ {
		valid := func(nxx int) bool {
			return validHead(r, country, 1, fmt.Sprintf("1%03d%03d", npa, nxx), 4, nil)
		}
		any := false
		for nxx := 200; nxx <= 999 && !any; nxx += 37 {
			any = valid(nxx)
		}
		if !any {
			continue
		}
		for nxx := 200; nxx <= 999; nxx++ {
			if !valid(nxx) {
				continue
			}
			reg, place, ok := placeOfGeocode(g, byName, country, geocodeHead(npa, nxx))
			if !ok {
				continue
			}
			key := [2]int64{int64(npa), -1 - int64(reg)}
			id := int32(0)
			if place >= 0 {
				key[1], id = int64(place), g.places[place].GeonameID
			}
			row := rows[key]
			if row == nil {
				row = &areaRow{npa: npa, country: country, admin1: g.regions[reg].Code, place: id}
				rows[key] = row
			}
			row.nxx = append(row.nxx, nxx)
		}
	}
	var out []areaRow
	for _, row := range rows {
		out = append(out, *row)
	}
	sort.Slice(out, func(a, b int) bool {
		x, y := out[a], out[b]
		if x.npa != y.npa {
			return x.npa < y.npa
		}
		if x.admin1 != y.admin1 {
			return x.admin1 < y.admin1
		}
		return x.place < y.place
	})
	return out
}

// formatRanges writes sorted numbers as "200-205,208".
func formatRanges(xs []int) string {
	var b strings.Builder
	for i := 0; i < len(xs); {
		j := i
		for j+1 < len(xs) && xs[j+1] == xs[j]+1 {
			j++
		}
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(xs[i]))
		if j > i {
			b.WriteString("-" + strconv.Itoa(xs[j]))
		}
		i = j + 1
	}
	return b.String()
}

// TestAreaCodeData checks the embedded +1 table against phonenumbers: a
// sample of its exchanges are valid numbers of their country and geocode
// to their place or state. With -update it rebuilds the table (which
// takes some seconds).
func TestAreaCodeData(t *testing.T) {
	g := loadGazetteer()
	if *update {
		var b strings.Builder
		b.WriteString("npa\tcountry\tadmin1\tgeonameid\tnxx\n")
		for _, country := range []string{"US", "CA"} {
			for _, row := range buildAreaRows(g, country) {
				fmt.Fprintf(&b, "%03d\t%s\t%s\t%d\t%s\n", row.npa, row.country, row.admin1, row.place, formatRanges(row.nxx))
			}
		}
		if err := os.WriteFile(filepath.FromSlash(areaCodeFile), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	a, err := parseAreaPlan(g)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string][]int32{}
	for i, p := range g.places {
		byName[strings.ToLower(foldASCII(p.Name))] = append(byName[strings.ToLower(foldASCII(p.Name))], int32(i))
	}
	r := newRand(2, streamPhonePlan)
	checked, places := 0, 0
	for place, heads := range a.byPlace {
		if len(heads) == 0 {
			continue
		}
		if a.from[place] != int32(place) {
			// Its nearest named neighbour's exchanges: checked as that one's.
			if near := a.from[place]; near < 0 || g.places[near].Country != g.places[place].Country || g.places[near].Admin1 != g.places[place].Admin1 {
				t.Errorf("%s has the exchanges of %v, not of a place of its state", g.places[place].Display, near)
			}
			continue
		}
		places++
		pl := g.places[place]
		head := pick(r, heads)
		npa, nxx := int(head/1000%1000), int(head%1000)
		if !validHead(r, pl.Country, 1, strconv.FormatUint(uint64(head), 10), 4, nil) {
			t.Errorf("%d is not a valid head in %s", head, pl.Country)
		}
		desc := geocodeHead(npa, nxx)
		if city, _, _ := strings.Cut(strings.TrimSuffix(desc, " D.C."), ", "); !strings.HasPrefix(strings.ToLower(foldASCII(pl.Name)), strings.ToLower(foldASCII(city))) {
			t.Errorf("+1 %03d %03d geocodes to %q, the table says %s", npa, nxx, desc, pl.Display)
		}
		checked++
	}
	for reg, heads := range a.byRegion {
		if len(heads) == 0 {
			t.Errorf("%s has no exchanges", g.regions[reg].Name)
			continue
		}
		head := pick(r, heads)
		desc := geocodeHead(int(head/1000%1000), int(head%1000))
		got, _, ok := placeOfGeocode(g, byName, g.regions[reg].Country, desc)
		if !ok || got != reg {
			t.Errorf("+1 %d geocodes to %q, the table says %s", head, desc, g.regions[reg].Name)
		}
		checked++
	}
	if places < 500 {
		t.Errorf("only %d places have exchanges of their own", places)
	}
	t.Logf("checked %d exchanges; %d places have their own", checked, places)
}

// TestAreaCodeWorldData checks the embedded table of the rest of the
// world against phonenumbers: numbers of every place's landline and
// mobile heads are valid numbers of their country and of the kind they
// serve, and a landline's geocoding names the place that owns the head;
// every place of a country the table covers has landline heads; the
// best-known cities have their well-known area codes. With -update it
// rebuilds the table from libphonenumber's geocoding data (a minute or
// so).
func TestAreaCodeWorldData(t *testing.T) {
	g := loadGazetteer()
	if *update {
		tab, err := loadGeoTable()
		if err != nil {
			t.Fatal(err)
		}
		rows, err := deriveWorld(g, tab)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.FromSlash(worldAreaFile), []byte(writeWorldRows(rows)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	l, err := parseLocalPlan(g)
	if err != nil {
		t.Fatal(err)
	}
	r := newRand(3, streamPhonePlan)
	covered := map[countryID]bool{}
	checked := 0
	for i := range g.places {
		if len(l.fixed[i]) > 0 || len(l.mobile[i]) > 0 {
			covered[g.placeCountry[i]] = true
		}
		if l.from[i] != int32(i) {
			continue // heads of another place (or region), checked there
		}
		pl := &g.places[i]
		cc := phonenumbers.GetCountryCodeForRegion(pl.Country)
		for kind, heads := range [][]phonePrefix{l.fixed[i], l.mobile[i]} {
			if len(heads) == 0 {
				continue
			}
			h := pick(r, heads)
			n := h.head*pow10[h.tail] + uint64N(r, pow10[h.tail])
			digits := strconv.FormatUint(n, 10)
			typ := numberType(pl.Country, cc, digits)
			ok := typ == phonenumbers.FIXED_LINE_OR_MOBILE || kind == 0 && typ == phonenumbers.FIXED_LINE || kind == 1 && typ == phonenumbers.MOBILE
			if !ok {
				t.Errorf("+%s of %s is of type %v", digits, pl.Display, typ)
				continue
			}
			desc, _ := phonenumbers.GetGeocodingForNumber(numberOf(cc, digits), "en")
			if kind == 0 && desc != g.countryName(pl.Country) && !namesPlace(g, desc, int32(i)) && !plannedCode(pl, digits[len(strconv.Itoa(cc)):]) {
				t.Errorf("+%s of %s geocodes to %q", digits, pl.Display, desc)
			}
			checked++
		}
	}
	// Where the table names cities of most people, every place has
	// landline heads; where it names few (the Philippines), those of
	// no named city nearby keep the country's numbers.
	named, weight := map[countryID]uint64{}, map[countryID]uint64{}
	for i := range g.places {
		weight[g.placeCountry[i]] += g.residentWeight[i]
		if l.from[i] == int32(i) {
			named[g.placeCountry[i]] += g.residentWeight[i]
		}
	}
	var sparse []string
	for cid := range covered {
		if named[cid]*minNamedShare < weight[cid] {
			sparse = append(sparse, g.countries[cid].Code)
		}
	}
	for i := range g.places {
		cid := g.placeCountry[i]
		if covered[cid] && named[cid]*minNamedShare >= weight[cid] && len(l.fixed[i]) == 0 {
			t.Errorf("%s has no landline heads", g.places[i].Display)
		}
	}
	sort.Strings(sparse)
	t.Logf("countries whose table names few cities: %v", sparse)
	// The area codes every reader knows (national significant digits).
	for _, tc := range []struct{ country, city, code string }{
		{"BR", "São Paulo", "11"}, {"BR", "Rio de Janeiro", "21"}, {"BR", "Campinas", "19"},
		{"FR", "Paris", "1"}, {"FR", "Marseille", "4"}, {"FR", "Lyon", "4"}, {"FR", "Toulouse", "5"},
		{"FR", "Lille", "3"}, {"FR", "Nantes", "2"}, {"FR", "Montpellier", "4"},
		{"DE", "Berlin", "30"}, {"DE", "Munich", "89"}, {"DE", "Hamburg", "40"},
		{"IT", "Rome", "06"}, {"IT", "Milan", "02"}, {"IT", "Naples", "081"},
		{"ES", "Madrid", "91"}, {"ES", "Barcelona", "93"}, {"ES", "Getafe", "91"},
		{"GB", "London", "20"}, {"GB", "Manchester", "161"}, {"GB", "Glasgow", "141"},
		{"IN", "Mumbai", "22"}, {"IN", "Bengaluru", "80"}, {"IN", "Chennai", "44"}, {"IN", "Kolkata", "33"},
		{"AU", "Sydney", "2"}, {"AU", "Melbourne", "3"}, {"AU", "Perth", "8"},
		{"MX", "Mexico City", "55"}, {"MX", "Monterrey", "81"}, {"MX", "Chihuahua", "614"}, {"MX", "Juárez", "656"},
		{"MX", "Mexicali", "686"}, {"MX", "Tijuana", "664"}, {"MX", "Puebla", "222"}, {"MX", "Ecatepec de Morelos", "55"}, {"MX", "Zapopan", "33"},
		{"JP", "Tokyo", "3"}, {"JP", "Osaka", "6"}, {"CN", "Beijing", "10"}, {"CN", "Shanghai", "21"},
	} {
		place := int32(-1) // the biggest of the name: Puebla, not a village of Baja California
		for _, i := range g.byCountry[g.country[tc.country]] {
			if g.places[i].Name == tc.city && (place < 0 || g.places[i].Population > g.places[place].Population) {
				place = i
			}
		}
		if place < 0 {
			t.Errorf("no %s in %s", tc.city, tc.country)
			continue
		}
		ccs := strconv.Itoa(phonenumbers.GetCountryCodeForRegion(tc.country))
		for _, h := range l.fixed[place] {
			if nsn := strconv.FormatUint(h.head, 10)[len(ccs):]; !strings.HasPrefix(nsn, tc.code) {
				t.Errorf("%s's landlines start %s, not %s", tc.city, nsn, tc.code)
			}
			if bad, ok := narrowRun(r, tc.country, h); !ok {
				t.Errorf("%s's landline head %d holds numbers phonenumbers refuses: +%s", tc.city, h.head, bad)
			}
		}
	}
	t.Logf("checked %d heads of %d countries", checked, len(covered))
}

// narrowRun tries a number of every run of three digits after a head
// (Beijing's 10 100 and 10 800 are no numbers, though the rest of 10 is):
// it returns the first refused, and false.
func narrowRun(r *rand.Rand, country string, h phonePrefix) (string, bool) {
	cc := phonenumbers.GetCountryCodeForRegion(country)
	run := pow10[min(h.tail, 3)]
	rest := pow10[h.tail] / run
	for d := range run {
		n := (h.head*run+d)*rest + uint64N(r, rest)
		digits := strconv.FormatUint(n, 10)
		if numberType(country, cc, digits) == phonenumbers.UNKNOWN {
			return digits, false
		}
	}
	return "", true
}

// A place that no exchange of the data names takes the numbers of its
// nearest neighbour that one does: Queens, which the geocoding calls New
// York, dials New York City's codes, not Buffalo's 716 or Albany's 518.
func TestAreaCodesOfUnnamedPlaces(t *testing.T) {
	g, a := loadGazetteer(), loadAreaPlan()
	queens := int32(-1)
	for i, p := range g.places {
		if p.Name == "Queens" && p.Country == "US" {
			queens = int32(i)
		}
	}
	if queens < 0 {
		t.Fatal("no Queens in the gazetteer")
	}
	nyc := map[uint64]bool{212: true, 332: true, 347: true, 646: true, 718: true, 917: true, 929: true, 934: true}
	r := rand.New(rand.NewPCG(1, 2))
	const draws = 1000
	city := 0
	for range draws {
		head, ok := a.head(r, queens)
		if !ok {
			t.Fatal("no number for Queens")
		}
		if nyc[head/1000%1000] {
			city++
		}
	}
	if city < draws*8/10 {
		t.Errorf("%d of %d numbers drawn for Queens carry a New York City area code; want at least 80 %%", city, draws)
	}
}
