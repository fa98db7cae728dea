package world

import (
	"math/rand/v2"
	"slices"
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
	// inHouse is, for a trade, the head count from which a company of any
	// industry has a department of it (a legal department); 0 for none.
	// inHouseShare is the percent of the trade's roles held there, and
	// inHouseLocal, by countryID, the companies of other industries that
	// are big enough.
	inHouse      [numFamilies]int32
	inHouseShare [numFamilies]int
	inHouseLocal []*[numFamilies]*pool
	// famsOf lists the families whose trade each industry is: the lines
	// of work of a self-employed company's owner.
	famsOf [NoIndustry][]family
}

// strictTrade describes a family whose roles are held only at employers
// of its trade: the industries of its affinity and those listed in also
// (or, where only lists some, those alone), and, where it has in-house
// departments, any company of at least inHouse staff.
type strictTrade struct {
	also    []string // industries that employ the trade besides its affinity's
	only    []string // when set, the industries that employ the trade, instead of its affinity's
	inHouse int32    // head count from which any company has the trade in house; 0 for never
	// inHouseShare is the percent of the trade's roles held in house, at
	// companies of other industries.
	inHouseShare int
}

// strictTrades are the families whose roles only certain employers hold:
// clinical staff at hospitals, practices and clinics (not at a maker of
// implants); hotel managers, front desk agents, chefs and restaurant
// managers at hotels, resorts, casinos and travel companies (a restaurant
// has no hotel manager); hair stylists at salons and spas; lawyers at
// law firms or in the legal department of a big company; teachers,
// tutors and trainers at schools, colleges and training companies; film
// crews at studios, broadcasters, publishers and agencies.
var strictTrades = map[family]strictTrade{
	famClinical: {only: []string{"Hospital & Health Care", "Medical Practice", "Mental Health Care"}},
	famHospitality: {only: []string{"Hospitality", "Leisure, Travel & Tourism", "Recreational Facilities and Services",
		"Gambling & Casinos"}},
	famBeauty:    {also: []string{"Hospitality"}},
	famLegal:     {also: []string{"Alternative Dispute Resolution"}, inHouse: 500, inHouseShare: 30},
	famEducation: {},
	famEntertainment: {also: []string{"Marketing and Advertising", "Online Media", "Computer Games", "Newspapers",
		"Publishing", "Events Services"}},
}

// tradeIndustries returns the industries where the roles of strict
// trade t of family f are held, as a set by IndustryID.
func tradeIndustries(iv *industryVocab, f family, t strictTrade) []bool {
	in := make([]bool, len(iv.names))
	names := t.only
	if names == nil {
		for _, id := range iv.famAffinity[f] {
			in[id] = true
		}
		names = t.also
	}
	for _, name := range names {
		id, ok := iv.index[name]
		if !ok {
			panic("world: strict trade of unknown industry " + name) // a typo in strictTrades
		}
		in[id] = true
	}
	return in
}

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
		inHouseLocal:  make([]*[numFamilies]*pool, len(g.countries)),
	}
	var fits [numFamilies][]bool
	for f := range fits {
		fits[f] = make([]bool, len(iv.names))
		for _, ind := range iv.famAffinity[f] {
			fits[f][ind] = true
		}
	}
	for f, t := range strictTrades {
		fits[f] = tradeIndustries(iv, f, t)
		h.trade[f], h.inHouse[f], h.inHouseShare[f] = fits[f], t.inHouse, t.inHouseShare
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
				if h.inHouse[f] > 0 && c.StaffCount >= h.inHouse[f] {
					addLocal(h.inHouseLocal, country, f, c.Index, w)
				}
				continue
			}
			if global {
				if h.byFamily[f] == nil {
					h.byFamily[f] = &pool{}
				}
				h.byFamily[f].add(c.Index, w)
			}
			addLocal(h.byFamilyLocal, country, f, c.Index, w)
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
	for _, local := range slices.Concat(h.byFamilyLocal, h.inHouseLocal) {
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

// addLocal adds company id, of hiring weight w, to the pool of family f
// of country in pools, making the pool where there is none.
func addLocal(pools []*[numFamilies]*pool, country countryID, f family, id int32, w uint64) {
	local := pools[country]
	if local == nil {
		local = &[numFamilies]*pool{}
		pools[country] = local
	}
	if local[f] == nil {
		local[f] = &pool{}
	}
	local[f].add(id, w)
}

// minTradePool is the fewest employers of a trade in a country from
// which its people are hired mostly in the trade's industries: fewer, and
// a handful of companies would be in the careers of everyone of the
// trade (the strict trades aside, whose roles are only where the trade is:
// see tradeEmployer).
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
	if h.trade[f] != nil {
		if c, ok := h.tradeEmployer(r, country, f); ok {
			return c
		}
	}
	x := intN(r, 100)
	// Sales, finance or operations people work in every industry; civil
	// engineers mostly where their trade is.
	anyIndustry, abroadAny := 45, 92
	if f == famCivil {
		anyIndustry, abroadAny = 3, 100
	}
	if x < localShare {
		if local := h.byFamilyLocal[country]; x >= anyIndustry && local != nil && local[f] != nil &&
			len(local[f].ids) >= minTradePool {
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

// tradeEmployer draws an employer for a role of the strict trade f: now
// and then (its in-house share) a company of the country big enough to
// have the trade in house, else one of the trade's industries of the
// country, else one big enough, else a multinational of the trade (a
// world too small for the others). It reports false where the world has
// none of these.
func (h *hiring) tradeEmployer(r *rand.Rand, country countryID, f family) (int32, bool) {
	var local, inHouse *pool
	if l := h.byFamilyLocal[country]; l != nil {
		local = l[f]
	}
	if l := h.inHouseLocal[country]; l != nil {
		inHouse = l[f]
	}
	if inHouse != nil && intN(r, 100) < h.inHouseShare[f] {
		return inHouse.draw(r), true
	}
	for _, p := range []*pool{local, inHouse, h.byFamily[f]} {
		if p != nil {
			return p.draw(r), true
		}
	}
	return 0, false
}

// fits reports whether company c can employ a role of family f: any can,
// except for the families of a strict trade, which only companies of the
// trade's industries and those big enough to have it in house do.
func (w *World) fits(c int32, f family) bool {
	t := w.hiring.trade[f]
	if t == nil {
		return true
	}
	co := &w.companies[c]
	return t[co.Industry] || w.hiring.inHouse[f] > 0 && co.StaffCount >= w.hiring.inHouse[f]
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
// f: any family can, except a strict trade where the country has no
// company of it nor one big enough to have it in house: no hotel
// managers where there is no hotel, in a world that is a sample of the
// network.
func (h *hiring) employs(country countryID, f family) bool {
	if h.trade[f] == nil {
		return true
	}
	for _, pools := range [][]*[numFamilies]*pool{h.byFamilyLocal, h.inHouseLocal} {
		if local := pools[country]; local != nil && local[f] != nil {
			return true
		}
	}
	return false
}
