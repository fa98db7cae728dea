package places

import (
	"slices"
	"strconv"
	"strings"
)

// candidates returns the places that p's city may be, within its country
// and region, largest first; own says a place of them bears the name as
// its own.
//
// A place's own name comes first, with the names of cityAliases, which a
// person chose: "Geneva" is Genève, before Geneva, Illinois. GeoNames'
// alternate names are looked up only when neither gives a place: they
// are many, in every language, and an alternate name never takes the
// place whose own name it is ("Batavia" stays Batavia, Illinois, though
// it is also an alternate name of Jakarta; "Batavia, Indonesia" is
// Jakarta).
func (g *gazetteer) candidates(p Place) (known []city, own bool) {
	known = g.within(g.cities[p.City], p)
	own = len(known) > 0
	if aliased := g.aliases[p.City]; len(aliased) > 0 {
		ids := slices.Clone(g.cities[p.City])
		for _, i := range aliased {
			ids = g.file(ids, i)
		}
		known = g.within(ids, p)
	}
	if len(known) == 0 {
		known = g.within(g.otherNamed(p.City), p)
	}
	return known, own
}

// within returns the places of ids that lie in p's country and region,
// in their order.
func (g *gazetteer) within(ids []int32, p Place) []city {
	var known []city
	for _, id := range ids {
		c := g.places[id]
		if (p.Country == "" || c.country == p.Country) && (p.Region == "" || c.region == p.Region) {
			known = append(known, c)
		}
	}
	return known
}

// otherNamed returns the places that bear name as an alternate name,
// largest first.
func (g *gazetteer) otherNamed(name string) []int32 {
	var list []int32
	for id := range strings.SplitSeq(g.alts.find(name), ",") {
		if n, err := strconv.Atoi(id); err == nil {
			if i, ok := g.byID[int32(n)]; ok {
				list = g.file(list, i)
			}
		}
	}
	return list
}

// file adds place i to list, once, keeping the largest place first.
func (g *gazetteer) file(list []int32, i int32) []int32 {
	if slices.Contains(list, i) {
		return list
	}
	list = append(list, i)
	for k := len(list) - 1; k > 0 && g.places[list[k]].population > g.places[list[k-1]].population; k-- {
		list[k], list[k-1] = list[k-1], list[k]
	}
	return list
}
