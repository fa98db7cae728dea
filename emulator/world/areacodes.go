package world

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
)

// North American numbers (+1) say where they were first given out: the
// area code (NPA) stands for part of a state or province, and the next
// three digits (NXX, the exchange) for a town. A person in Austin, Texas
// gets a number of an Austin exchange where the data knows one, another
// Texas number otherwise, never Maine's 207.
//
// data/area-codes-us-ca.tsv is derived from libphonenumber's geocoding
// data (as shipped in github.com/nyaruka/phonenumbers, Apache 2.0) by
// TestAreaCodeData with -update: for every valid NPA-NXX of the US and
// Canada, the gazetteer place its geocoding names, or the state alone.

// areaCodeFile is the embedded derived table.
const areaCodeFile = "data/area-codes-us-ca.tsv"

// areaPlan holds the +1 exchanges by place and by region, as phone heads
// (1·NPA·NXX, to be followed by four random digits).
type areaPlan struct {
	byPlace  [][]uint32 // by place index: heads of the place's own exchanges
	byRegion [][]uint32 // by region index: heads of every exchange of the state
	regionOf []int16    // by place index: its region index, -1 outside the US and Canada
}

// head picks the first seven digits of a number for someone living in
// place: mostly an exchange of the place itself, otherwise one of its
// state or province; ok is false outside the US and Canada.
func (a *areaPlan) head(r *rand.Rand, place int32) (uint64, bool) {
	if own := a.byPlace[place]; len(own) > 0 && chance(r, 85) {
		return uint64(pick(r, own)), true
	}
	if reg := a.regionOf[place]; reg >= 0 && len(a.byRegion[reg]) > 0 {
		return uint64(pick(r, a.byRegion[reg])), true
	}
	return 0, false
}

// loadAreaPlan parses the embedded table once per process.
var loadAreaPlan = sync.OnceValue(func() *areaPlan {
	a, err := parseAreaPlan(loadGazetteer())
	if err != nil {
		panic(err) // embedded at build time; the tests catch a bad file
	}
	return a
})

func parseAreaPlan(g *gazetteer) (*areaPlan, error) {
	a := &areaPlan{
		byPlace:  make([][]uint32, len(g.places)),
		byRegion: make([][]uint32, len(g.regions)),
		regionOf: make([]int16, len(g.places)),
	}
	byID := make(map[int32]int32, len(g.places))
	for i, p := range g.places {
		byID[p.GeonameID] = int32(i)
		a.regionOf[i] = -1
		if reg, ok := g.region[p.Country+"/"+p.Admin1]; ok {
			a.regionOf[i] = int16(reg)
		}
	}
	err := eachRow(areaCodeFile, 5, func(f []string) error {
		npa, err := strconv.ParseUint(f[0], 10, 64)
		if err != nil || npa < 200 || npa > 999 {
			return fmt.Errorf("bad area code %q", f[0])
		}
		reg, ok := g.region[f[1]+"/"+f[2]]
		if !ok {
			return fmt.Errorf("unknown region %s/%s", f[1], f[2])
		}
		place := int32(-1)
		if f[3] != "0" {
			id, err := strconv.ParseInt(f[3], 10, 32)
			i, ok := byID[int32(id)]
			if err != nil || !ok {
				return fmt.Errorf("unknown place %q", f[3])
			}
			place = i
		}
		for _, s := range strings.Split(f[4], ",") {
			// An exchange ("212") or a run of them ("200-299").
			from, to, isRun := strings.Cut(s, "-")
			if !isRun {
				to = from
			}
			lo, err1 := strconv.ParseUint(from, 10, 64)
			hi, err2 := strconv.ParseUint(to, 10, 64)
			if err1 != nil || err2 != nil || lo < 200 || hi > 999 || lo > hi {
				return fmt.Errorf("bad exchange %q", s)
			}
			for nxx := lo; nxx <= hi; nxx++ {
				head := uint32(1_000_000 + npa*1000 + nxx)
				a.byRegion[reg] = append(a.byRegion[reg], head)
				if place >= 0 {
					a.byPlace[place] = append(a.byPlace[place], head)
				}
			}
		}
		return nil
	})
	return a, err
}
