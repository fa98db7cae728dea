package main

import (
	"slices"
	"strings"
	"unicode"

	"github.com/enrich-dev/enrich/internal/places"
)

// place is one place of the gazetteer.
type place struct {
	id, name   string // name folded
	population int
	alts       []string // as GeoNames writes them
}

// gazetteer is the places in their order, and every name of the GeoNames
// file with the places that bear it.
type gazetteer struct {
	list  []place
	byID  map[string]int
	seen  map[string]bool
	taken map[string]map[string]int // folded name -> geonameid -> population
}

func newGazetteer() *gazetteer {
	return &gazetteer{byID: map[string]int{}, seen: map[string]bool{}, taken: map[string]map[string]int{}}
}

func (g *gazetteer) add(id, name string, population int) {
	g.byID[id] = len(g.list)
	g.list = append(g.list, place{id: id, name: places.Fold(name), population: population})
	g.take(id, name, population)
}

// take notes that the place id bears name.
func (g *gazetteer) take(id, name string, population int) {
	key := places.Fold(name)
	if g.taken[key] == nil {
		g.taken[key] = map[string]int{}
	}
	g.taken[key][id] = population
}

// keep returns the folded alternate names worth keeping for p, sorted.
func (g *gazetteer) keep(p place) []string {
	var out []string
	for _, a := range p.alts {
		name, ok := worth(a)
		if !ok || name == p.name || slices.Contains(out, name) || !g.outweighs(p, name) {
			continue
		}
		out = append(out, name)
	}
	slices.Sort(out)
	return out
}

// outweighs reports whether p outweighs ten to one the other places that
// bear name: a sheet that gives the name may mean p, and Parse would
// take p's country from it; any place nearer in size would be stolen.
func (g *gazetteer) outweighs(p place, name string) bool {
	rest := 0
	for id, pop := range g.taken[name] {
		if id != p.id {
			rest += pop
		}
	}
	return p.population >= 10*rest
}

// worth folds an alternate name and says whether it is a name a sheet
// may give: in Latin letters, of three letters or more, and no code.
func worth(alt string) (string, bool) {
	lower := false
	for _, r := range alt {
		switch {
		case unicode.IsDigit(r), r == '~':
			return "", false // a postal code; "jenovu~a", a machine's romanization
		case unicode.IsLower(r):
			lower = true
		}
	}
	if !lower {
		return "", false // GOA, LIMJ: an airport's code, or no cased letter
	}
	name := places.Fold(alt)
	letters := 0
	for _, r := range name {
		switch {
		case r == ' ':
		case r <= unicode.MaxASCII && unicode.IsLetter(r):
			letters++
		default:
			return "", false // not Latin, or a Latin letter Fold keeps (ə, ŋ)
		}
	}
	return name, letters > 2 && !syllables(name)
}

// syllables reports a name of three or more words of three letters or
// fewer: the romanization of a name written in Chinese characters, one
// word a character ("ke luo yi ci bei ge" for Kreuzberg), which no sheet
// writes.
func syllables(name string) bool {
	w := strings.Fields(name)
	for _, s := range w {
		if len(s) > 3 {
			return false
		}
	}
	return len(w) >= 3
}
