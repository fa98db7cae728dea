package world

import (
	"fmt"
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
			return validHead(r, country, 1, fmt.Sprintf("1%03d%03d", npa, nxx), 4)
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
		places++
		pl := g.places[place]
		head := pick(r, heads)
		npa, nxx := int(head/1000%1000), int(head%1000)
		if !validHead(r, pl.Country, 1, strconv.FormatUint(uint64(head), 10), 4) {
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
