package world

import (
	"math/rand/v2"
	"strings"
)

// pool is a set of companies to hire from, weighted by size.
type pool struct {
	ids     []int32
	weights []uint64 // while adding
	table   weighted // once sealed
}

func (p *pool) add(id int32, weight uint64) {
	p.ids = append(p.ids, id)
	p.weights = append(p.weights, weight)
}

// seal builds the draw table once every company is added. No company
// takes more than 1/maxShare of a pool's draws, however big: a world is
// a sample of the network, and the biggest employer of a country is in
// the careers of a few in a hundred of its people, not of one in ten.
func (p *pool) seal() {
	total := uint64(0)
	for _, w := range p.weights {
		total += w
	}
	if n := uint64(len(p.weights)); n >= 4 {
		// In a country of few employers, none more than twice
		// the average.
		limit := max(1, total/maxShare, 2*total/n)
		for k, w := range p.weights {
			p.weights[k] = min(w, limit)
		}
	}
	p.table, p.weights = newWeighted(p.weights), nil
}

// maxShare bounds a company's share of a big pool's draws (see seal).
const maxShare = 100

func (p *pool) draw(r *rand.Rand) int32 { return p.ids[p.table.draw(r)] }

// hiring decides where people work: mostly in their own country, often in
// an industry that fits their line of work, at bigger companies more often.
// Companies of other countries hire only where they are multinationals;
// self-employed ones not at all.
type hiring struct {
	all           pool                  // multinationals of every country
	any           pool                  // every company, for worlds without multinationals
	byCountry     []*pool               // by countryID
	byFamily      [numFamilies]*pool    // multinationals of every country
	byFamilyLocal []*[numFamilies]*pool // by countryID, then family
	// trade lists, for the families whose roles are held only in their
	// trade's industries (clinical staff work in health care), the
	// industries that fit; nil for the other families.
	trade [numFamilies][]bool
	// famsOf lists the families whose trade each industry is: the lines
	// of work of a self-employed company's owner.
	famsOf [NoIndustry][]family
}

// strictTrades are the families whose roles are held only at employers
// of their trade's industries.
var strictTrades = []family{famClinical}

// hireWeight grows with the square root of the head count, so a giant
// employs many people without swallowing the world.
func hireWeight(staff int32) uint64 {
	return 4 + isqrt(uint64(staff)*16)
}

func isqrt(x uint64) uint64 {
	r := uint64(0)
	for bit := uint64(1) << 62; bit > 0; bit >>= 2 {
		if x >= r+bit {
			x -= r + bit
			r = r>>1 + bit
		} else {
			r >>= 1
		}
	}
	return r
}

func newHiring(companies []Company, g *gazetteer, iv *industryVocab) hiring {
	h := hiring{
		byCountry:     make([]*pool, len(g.countries)),
		byFamilyLocal: make([]*[numFamilies]*pool, len(g.countries)),
	}
	var fits [numFamilies][]bool
	for f := range fits {
		fits[f] = make([]bool, len(iv.names))
		for _, ind := range iv.famAffinity[f] {
			fits[f][ind] = true
		}
	}
	for _, f := range strictTrades {
		h.trade[f] = fits[f]
	}
	for f := famGeneral + 1; f < numFamilies; f++ {
		for _, ind := range iv.famAffinity[f] {
			h.famsOf[ind] = append(h.famsOf[ind], f)
		}
	}
	for i := range companies {
		c := &companies[i]
		if c.Type == SelfEmployed {
			continue // its owner's alone
		}
		w := hireWeight(c.StaffCount)
		country := g.placeCountry[c.City]
		h.any.add(c.Index, w)
		// Schools, agencies of the state and charities do not hire
		// abroad; a multinational does, under a web address of no
		// country (a ".com.sa" employer in Bochum reads wrong).
		global := c.StaffCount >= multinational && (c.Type == PrivateCompany || c.Type == PublicCompany) &&
			genericDomain(c.Domain)
		if global {
			h.all.add(c.Index, w)
		}
		if h.byCountry[country] == nil {
			h.byCountry[country] = &pool{}
		}
		h.byCountry[country].add(c.Index, w)
		for f := famGeneral + 1; f < numFamilies; f++ {
			if !fits[f][c.Industry] {
				continue
			}
			if global {
				if h.byFamily[f] == nil {
					h.byFamily[f] = &pool{}
				}
				h.byFamily[f].add(c.Index, w)
			}
			local := h.byFamilyLocal[country]
			if local == nil {
				local = &[numFamilies]*pool{}
				h.byFamilyLocal[country] = local
			}
			if local[f] == nil {
				local[f] = &pool{}
			}
			local[f].add(c.Index, w)
		}
	}
	h.all.seal()
	h.any.seal()
	for _, p := range h.byCountry {
		if p != nil {
			p.seal()
		}
	}
	for _, p := range h.byFamily {
		if p != nil {
			p.seal()
		}
	}
	for _, local := range h.byFamilyLocal {
		if local == nil {
			continue
		}
		for _, p := range local {
			if p != nil {
				p.seal()
			}
		}
	}
	return h
}

// minTradePool is the fewest employers of a trade in a country from
// which its people are hired mostly in the trade's industries: fewer, and
// a handful of companies would be in the careers of everyone of the
// trade (clinical staff, whose roles are only in health care, aside).
const minTradePool = 40

// localShare is the percent of roles held at a company of one's own
// country; the others are at the office of a multinational.
const localShare = 97

// genericDomain reports whether a web address is of no country.
func genericDomain(domain string) bool {
	for _, e := range genericEndings {
		if strings.HasSuffix(domain, "."+e) {
			return true
		}
	}
	return false
}

// employer draws a company for a job of family f held by someone who
// lives in country.
func (h *hiring) employer(r *rand.Rand, country countryID, f family) int32 {
	x := intN(r, 100)
	// Sales, finance or operations people work in every industry; nurses,
	// chefs, civil engineers, teachers, lawyers and film crews mostly
	// where their trade is.
	anyIndustry, abroadAny := 45, 92
	switch f {
	case famClinical:
		anyIndustry, abroadAny = 0, 100
	case famHospitality, famBeauty, famCivil, famEducation, famLegal, famEntertainment:
		anyIndustry, abroadAny = 3, 100
	}
	if x < localShare {
		if local := h.byFamilyLocal[country]; x >= anyIndustry && local != nil && local[f] != nil &&
			(h.trade[f] != nil || len(local[f].ids) >= minTradePool) {
			return local[f].draw(r)
		}
		if p := h.byCountry[country]; p != nil {
			return p.draw(r)
		}
	}
	if p := h.byFamily[f]; x < abroadAny && p != nil {
		return p.draw(r)
	}
	if len(h.all.ids) > 0 {
		return h.all.draw(r)
	}
	// A world too small to have a multinational: any local company, or
	// any company at all.
	if p := h.byCountry[country]; p != nil {
		return p.draw(r)
	}
	return h.any.draw(r)
}

// fits reports whether company c can employ a role of family f: any can,
// except for the families of a strict trade.
func (w *World) fits(c int32, f family) bool {
	t := w.hiring.trade[f]
	return t == nil || t[w.companies[c].Industry]
}

// fallbacks are the pools to search, in order, for an employer of
// family f in country when draws found none that fits: the country's and
// the multinationals, after the family's own for a strict trade.
func (h *hiring) fallbacks(country countryID, f family) []*pool {
	if h.trade[f] != nil {
		var local *pool
		if l := h.byFamilyLocal[country]; l != nil {
			local = l[f]
		}
		return []*pool{local, h.byFamily[f], h.byCountry[country], &h.all}
	}
	return []*pool{h.byCountry[country], &h.all}
}

// employs reports whether someone living in country can work in family
// f: any family can, except a strict trade where neither the country nor
// the multinationals have a company of it (a small world).
func (h *hiring) employs(country countryID, f family) bool {
	if h.trade[f] == nil || h.byFamily[f] != nil {
		return true
	}
	local := h.byFamilyLocal[country]
	return local != nil && local[f] != nil
}
