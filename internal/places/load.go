package places

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/binary"
	"io"
	"strconv"
	"strings"
	"sync"
)

//go:generate go run ./internal/genalt -geonames=${GEONAMES_CITIES}

//go:embed data/countries.tsv
var countriesTSV string

//go:embed data/admin1-us-ca.tsv
var regionsTSV string

//go:embed data/cities.tsv.gz
var citiesGz []byte

// altNamesGz holds the places' other names, local and historic, that
// internal/genalt takes from GeoNames' alternate names: a row a folded
// name, sorted, with the geonameids of the places that bear it.
//
//go:embed data/altnames.tsv.gz
var altNamesGz []byte

type city struct {
	name            string // folded, as the gazetteer spells it
	country, region string
	population      int
	lat, lon        float64
}

type gazetteer struct {
	countries map[string]string // folded name or alias -> code
	names     map[string]string // code -> English name
	regions   map[string]string // folded name or "us/tx"-style abbreviation key -> "US/TX"
	abbrevs   map[string]string // folded postal abbreviation -> "US/TX"
	places    []city
	cities    map[string][]int32 // folded name -> places of that name, largest first
	byID      map[int32]int32    // geonameid -> index in places
	// alts are GeoNames' other names of the places (folded name ->
	// geonameids), aliases cityAliases' (folded alias -> its place); see
	// candidates for which name wins.
	alts    table
	aliases map[string][]int32
}

var (
	once sync.Once
	gaz  *gazetteer
)

func load() *gazetteer {
	once.Do(func() { gaz = build() })
	return gaz
}

// build reads the embedded files. They are the package's own: a damaged
// one is a broken build, not an input to handle.
func build() *gazetteer {
	g := &gazetteer{countries: map[string]string{}, names: map[string]string{}, regions: map[string]string{},
		abbrevs: map[string]string{}, aliases: map[string][]int32{}}
	for i, line := range strings.Split(strings.TrimSpace(countriesTSV), "\n") {
		f := strings.Split(line, "\t")
		if i == 0 || len(f) < 2 {
			continue
		}
		g.countries[Fold(f[1])], g.names[f[0]] = f[0], f[1]
	}
	for code, aliases := range countryAliases {
		for _, a := range aliases {
			g.countries[Fold(a)] = code
		}
	}
	admin := map[string]string{} // "CA/08" -> "CA/ON"
	for i, line := range strings.Split(strings.TrimSpace(regionsTSV), "\n") {
		f := strings.Split(line, "\t")
		if i == 0 || len(f) < 4 {
			continue
		}
		key := f[0] + "/" + f[3]
		admin[f[0]+"/"+f[1]] = key
		g.regions[Fold(f[2])] = key
		g.abbrevs[Fold(f[3])] = key
	}
	g.readCities(admin)
	g.alts = newTable(gunzip(altNamesGz))
	for name, others := range cityAliases {
		if list := g.cities[Fold(name)]; len(list) > 0 {
			for _, o := range others {
				g.aliases[Fold(o)] = g.file(g.aliases[Fold(o)], list[0])
			}
		}
	}
	return g
}

// readCities reads the gazetteer's places.
func (g *gazetteer) readCities(admin map[string]string) {
	text := gunzip(citiesGz)
	n := strings.Count(text, "\n")
	g.places, g.byID, g.cities = make([]city, 0, n), make(map[int32]int32, n), make(map[string][]int32, n)
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for first := true; sc.Scan(); first = false {
		f := strings.Split(sc.Text(), "\t")
		if first || len(f) < 7 {
			continue
		}
		id, _ := strconv.Atoi(f[0])
		pop, _ := strconv.Atoi(f[4])
		lat, _ := strconv.ParseFloat(f[5], 64)
		lon, _ := strconv.ParseFloat(f[6], 64)
		i := int32(len(g.places))
		g.places = append(g.places, city{name: Fold(f[1]), country: f[2], region: admin[f[2]+"/"+f[3]],
			population: pop, lat: lat, lon: lon})
		g.byID[int32(id)] = i
		g.cities[g.places[i].name] = g.file(g.cities[g.places[i].name], i)
	}
	if err := sc.Err(); err != nil {
		panic("places: the embedded gazetteer is damaged: " + err.Error())
	}
}

// gunzip returns the text of an embedded gzip file, read into one string
// of the size its trailer gives.
func gunzip(data []byte) string {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		panic("places: an embedded file is damaged: " + err.Error())
	}
	var b strings.Builder
	b.Grow(int(binary.LittleEndian.Uint32(data[len(data)-4:])))
	if _, err := io.Copy(&b, zr); err != nil {
		panic("places: an embedded file is damaged: " + err.Error())
	}
	return b.String()
}
