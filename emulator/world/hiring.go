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
// Companies of other countries hire only where they are multinationals,
// and in a small country only where they are no bigger than its own
// biggest employers (see foreign); self-employed ones not at all.
type hiring struct {
	all           pool                  // multinationals of every country
	any           pool                  // every company, for worlds without multinationals
	byCountry     []*pool               // by countryID
	byFamily      [numFamilies]*pool    // multinationals of every country
	byFamilyLocal []*[numFamilies]*pool // by countryID, then family
	// officeLimit is, by countryID, the most staff of a foreign employer
	// with an office there: 0 for any (see officeLimits). offices are, by
	// countryID, the multinationals of other countries small enough to
	// have an office in a small country, which employ its people beside
	// its own companies; nil elsewhere.
	officeLimit []int32
	offices     []*pool
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
	// plant is, for a strict trade, the industries whose companies of at
	// least plantStaff employ it too; nil for none.
	plant [numFamilies][]bool
	// staff and industry are each company's head count and industry, by
	// index, for the draws that weigh a role against its employer.
	staff    []int32
	industry []IndustryID
	// own is, by family, the industries it clusters in (famAffinity), as
	// a set by IndustryID.
	own [numFamilies][]bool
	// famsOf lists the families whose trade each industry is: the lines
	// of work of a self-employed company's owner.
	famsOf [NoIndustry][]family
	// shun is, by family, the industries whose companies hold none of its
	// roles (see shunnedIndustries), as a set by IndustryID; nil for none.
	shun [numFamilies][]bool
	// officeTrades is, by countryID, the strict trades and the families
	// with shunned industries some office of a multinational there
	// employs (see offices); nil where it has none. unshunned is, by
	// countryID, the families with shunned industries some company of
	// the country employs (no product managers where its only firms are
	// a mine and a restaurant).
	officeTrades []*[numFamilies]bool
	unshunned    [][numFamilies]bool
	// roles are, by family and role, the rules of roleFunctions (nil for
	// a role any employer has); rolePools are, by countryID, family and
	// role, the employers of the country that have it, and stemsIn, by
	// countryID and family, the roles (as bits) that minRoleEmployers
	// of them or more have, or any employer.
	roles     [numFamilies][]*roleRule
	rolePools []*[numFamilies][]*pool
	stemsIn   [][numFamilies]uint64
}

// shunnedIndustries are, by family, the industries whose companies hold
// none of its roles, whatever their size: no sales force closing deals at
// a restaurant, a charity or a mediation service; no product managers at
// a mine, a school or a training institute.
var shunnedIndustries = map[family][]string{
	famSales: {"Restaurants", "Philanthropy", "Fund-Raising", "Alternative Dispute Resolution", "Religious Institutions",
		"Primary/Secondary Education", "Libraries", "Non-Profit Organization Management", "Civic & Social Organization",
		"Museums and Institutions", "Mental Health Care", "Medical Practice", "Judiciary"},
	famProduct: {"Mining & Metals", "Restaurants", "Philanthropy", "Fund-Raising", "Religious Institutions",
		"Primary/Secondary Education", "Higher Education", "Professional Training & Coaching", "Education Management",
		"Law Practice", "Legal Services", "Alternative Dispute Resolution", "Ranching", "Fishery", "Farming", "Dairy",
		"Civic & Social Organization", "Libraries", "Museums and Institutions", "Medical Practice"},
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
	// plant lists industries whose companies of at least plantStaff
	// employ the trade (a railway's electrical engineers).
	plant []string
}

// strictTrades are the families whose roles only certain employers hold:
// clinical staff at hospitals, practices and clinics (not at a maker of
// implants); hotel managers, front desk agents, chefs and restaurant
// managers at hotels, resorts, casinos and travel companies (a restaurant
// has no hotel manager); hair stylists at salons and spas; lawyers at
// law firms or in the legal department of a big company; teachers,
// tutors and trainers at schools, colleges and training companies; film
// crews at studios, broadcasters, publishers and agencies; electrical,
// mechanical and civil engineers at the makers, builders, utilities and
// operators that need them; software and data people at software
// companies and at any company big enough to have such a team.
var strictTrades = map[family]strictTrade{
	famClinical: {only: []string{"Hospital & Health Care", "Medical Practice", "Mental Health Care"}},
	famHospitality: {only: []string{"Hospitality", "Leisure, Travel & Tourism", "Recreational Facilities and Services",
		"Gambling & Casinos"}},
	famBeauty:    {also: []string{"Hospitality"}},
	famLegal:     {also: []string{"Alternative Dispute Resolution"}, inHouse: 500, inHouseShare: 30},
	famEducation: {},
	famEntertainment: {also: []string{"Marketing and Advertising", "Online Media", "Computer Games", "Newspapers",
		"Publishing", "Events Services"}},
	// Software and data people work at software companies of any size
	// and at any other company big enough to have such staff.
	famSoftware: {inHouse: softwareTeamStaff, inHouseShare: 45},
	famData:     {inHouse: dataTeamStaff, inHouseShare: 45},
	// Engineers of the hardware trades work in their own industries and
	// in those whose plants, networks and fleets they keep, and, where
	// plant lists some, at the big companies of those: no electronics
	// designer at a freight courier, no structural engineer at an airline.
	famElectrical: {also: []string{"Renewables & Environment", "Wireless", "Computer Networking", "Medical Devices",
		"Aviation & Aerospace", "Defense & Space", "Machinery", "Mechanical or Industrial Engineering", "Oil & Energy",
		"Nanotechnology", "Railroad Manufacture", "Shipbuilding", "Civil Engineering"},
		plant: []string{"Construction", "Transportation/Trucking/Railroad", "Mining & Metals", "Chemicals",
			"Pharmaceuticals", "Food Production", "Plastics", "Paper & Forest Products", "Building Materials",
			"Glass, Ceramics & Concrete", "Packaging and Containers", "Textiles", "Consumer Goods", "Airlines/Aviation",
			"Maritime", "Facilities Services"}},
	famMechanical: {also: []string{"Railroad Manufacture", "Shipbuilding", "Electrical/Electronic Manufacturing",
		"Utilities", "Renewables & Environment", "Medical Devices", "Computer Hardware", "Consumer Electronics",
		"Civil Engineering", "Mining & Metals", "Chemicals", "Building Materials", "Glass, Ceramics & Concrete"},
		plant: []string{"Construction", "Transportation/Trucking/Railroad", "Airlines/Aviation", "Maritime",
			"Food Production", "Food & Beverages", "Dairy", "Pharmaceuticals", "Paper & Forest Products",
			"Packaging and Containers", "Textiles", "Tobacco", "Furniture", "Sporting Goods", "Consumer Goods",
			"Semiconductors", "Printing", "Facilities Services", "Package/Freight Delivery"}},
	famCivil: {also: []string{"Renewables & Environment", "Oil & Energy", "Mining & Metals", "Glass, Ceramics & Concrete",
		"Commercial Real Estate"},
		plant: []string{"Transportation/Trucking/Railroad", "Maritime", "Telecommunications"}},
}

// softwareTeamStaff is the head count from which a company outside the
// software industries has software and data staff.
const softwareTeamStaff = 20

// dataTeamStaff is the head count from which a company outside the
// software and data industries has data scientists and analysts: no one
// puts models into production at a restaurant of forty.
const dataTeamStaff = 200

// plantStaff is the head count from which a company of a strict trade's
// plant industries has engineers of the trade.
const plantStaff = 200

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
	markIndustries(iv, in, names)
	return in
}

// plantIndustries returns the industries whose big companies employ the
// strict trade t, as a set by IndustryID; nil where it lists none.
func plantIndustries(iv *industryVocab, t strictTrade) []bool {
	if t.plant == nil {
		return nil
	}
	in := make([]bool, len(iv.names))
	markIndustries(iv, in, t.plant)
	return in
}

// markIndustries sets in[id] for the industry of each name.
func markIndustries(iv *industryVocab, in []bool, names []string) {
	for _, name := range names {
		id, ok := iv.index[name]
		if !ok {
			panic("world: strict trade of unknown industry " + name) // a typo in strictTrades
		}
		in[id] = true
	}
}

// inTrade reports whether a company of industry ind and staff employs
// the roles of family f: any does, but for a strict trade, one of its
// industries or, where big enough, of its plant industries.
func (h *hiring) inTrade(f family, ind IndustryID, staff int32) bool {
	t := h.trade[f]
	if t == nil {
		return true
	}
	return t[ind] || h.atPlant(f, ind, staff)
}

// atPlant reports whether a company of industry ind and staff is big
// enough a company of one of family f's plant industries to employ it.
func (h *hiring) atPlant(f family, ind IndustryID, staff int32) bool {
	return h.plant[f] != nil && h.plant[f][ind] && staff >= plantStaff
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
		officeLimit:   officeLimits(g),
		offices:       make([]*pool, len(g.countries)),
		byCountry:     make([]*pool, len(g.countries)),
		byFamilyLocal: make([]*[numFamilies]*pool, len(g.countries)),
		inHouseLocal:  make([]*[numFamilies]*pool, len(g.countries)),
		staff:         make([]int32, len(companies)),
		industry:      make([]IndustryID, len(companies)),
		unshunned:     make([][numFamilies]bool, len(g.countries)),
	}
	var fits [numFamilies][]bool
	for f := range fits {
		fits[f] = make([]bool, len(iv.names))
		for _, ind := range iv.famAffinity[f] {
			fits[f][ind] = true
		}
		h.own[f] = slices.Clone(fits[f])
	}
	for f, t := range strictTrades {
		fits[f] = tradeIndustries(iv, f, t)
		h.trade[f], h.inHouse[f], h.inHouseShare[f] = fits[f], t.inHouse, t.inHouseShare
		h.plant[f] = plantIndustries(iv, t)
	}
	for f := famGeneral + 1; f < numFamilies; f++ {
		for _, ind := range iv.famAffinity[f] {
			h.famsOf[ind] = append(h.famsOf[ind], f)
		}
	}
	for f, names := range shunnedIndustries {
		h.shun[f] = make([]bool, len(iv.names))
		markIndustries(iv, h.shun[f], names)
		for id, out := range h.shun[f] {
			fits[f][id] = fits[f][id] && !out
		}
	}
	for i := range companies {
		c := &companies[i]
		h.staff[i], h.industry[i] = c.StaffCount, c.Industry
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
		for f, out := range h.shun {
			if out != nil && !out[c.Industry] {
				h.unshunned[country][f] = true
			}
		}
		for f := famGeneral + 1; f < numFamilies; f++ {
			if !fits[f][c.Industry] && !h.atPlant(f, c.Industry, c.StaffCount) {
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
	h.addOffices(companies, g)
	h.officeTrades = h.tradesOfOffices()
	h.roles = roleRules(iv)
	h.addRolePools()
	h.all.seal()
	h.any.seal()
	for _, p := range slices.Concat(h.byCountry, h.offices) {
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

// officeHostStaff is the head count of a country's biggest employers
// (countryStaffCeilings) from which it hosts offices of foreign firms of
// any size: Serbia's, Uruguay's, Sweden's. A smaller country (Samoa,
// Libya, Kyrgyzstan) hosts only those no bigger than its own biggest
// employers: no firm of thousands from Brazil keeps an office in Tripoli
// or Apia.
const officeHostStaff = 5_000

// officeLimits returns, by countryID, the most staff of a foreign firm
// with an office in the country: 0 (any) where it hosts offices of any
// size, else its own biggest employers' (see officeHostStaff).
func officeLimits(g *gazetteer) []int32 {
	out := countryStaffCeilings(g)
	for cid, n := range out {
		if n >= officeHostStaff {
			out[cid] = 0
		}
	}
	return out
}

// addOffices fills h.offices: for each small country whose biggest
// employers are multinationals' size, those of other countries no
// bigger than its own biggest (a firm of 1,500 has an office in Tripoli,
// one of 20,000 does not).
func (h *hiring) addOffices(companies []Company, g *gazetteer) {
	for cid, limit := range h.officeLimit {
		if limit < multinational {
			continue
		}
		for _, k := range h.all.ids {
			if c := &companies[k]; c.StaffCount <= limit && g.placeCountry[c.City] != countryID(cid) {
				if h.offices[cid] == nil {
					h.offices[cid] = &pool{}
				}
				h.offices[cid].add(c.Index, hireWeight(c.StaffCount))
			}
		}
	}
}

// tradesOfOffices returns, by countryID, the strict trades and the
// families with shunned industries that some office of a multinational
// in the country employs: where a small country has no school of its
// own, a teacher there works at one.
func (h *hiring) tradesOfOffices() []*[numFamilies]bool {
	out := make([]*[numFamilies]bool, len(h.offices))
	for cid, p := range h.offices {
		if p == nil {
			continue
		}
		for f := famGeneral + 1; f < numFamilies; f++ {
			if h.trade[f] == nil && h.shun[f] == nil {
				continue
			}
			for _, c := range p.ids {
				if h.fitsCompany(c, f) {
					if out[cid] == nil {
						out[cid] = &[numFamilies]bool{}
					}
					out[cid][f] = true
					break
				}
			}
		}
	}
	return out
}

// localPool draws the pool of a country's employers to hire from: its
// own companies, or in a small country the offices of multinationals
// there (offices), in proportion to their weight; nil where it has
// neither.
func (h *hiring) localPool(r *rand.Rand, country countryID) *pool {
	own, offices := h.byCountry[country], h.offices[country]
	switch {
	case offices == nil:
		return own
	case own == nil:
		return offices
	}
	if r.Uint64N(own.table.total+offices.table.total) < own.table.total {
		return own
	}
	return offices
}

// abroadTries bounds the draws of a firm that hires abroad small enough
// for a small country.
const abroadTries = 12

// foreign draws from p, a pool of firms that hire abroad, the employer of
// someone living in country at its office there: any where the country
// hosts offices of any size, else one no bigger than the country's
// biggest employers, within abroadTries draws. It reports false where it
// finds none.
func (h *hiring) foreign(r *rand.Rand, country countryID, p *pool) (int32, bool) {
	if p == nil || len(p.ids) == 0 {
		return 0, false
	}
	limit := h.officeLimit[country]
	for range abroadTries {
		if c := p.draw(r); limit == 0 || h.staff[c] <= limit {
			return c, true
		}
	}
	return 0, false
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
// lives in country, of at least the staff that has the family's line of
// work as a function of its own (see functionStaff).
func (h *hiring) employer(r *rand.Rand, country countryID, f family) int32 {
	return h.employerOfSize(r, country, f, MidLevel)
}

// anyEmployer draws a company for a job of family f held by someone who
// lives in country, whatever its size.
func (h *hiring) anyEmployer(r *rand.Rand, country countryID, f family) int32 {
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
		if p := h.localPool(r, country); p != nil {
			return p.draw(r)
		}
	}
	if x < abroadAny {
		if c, ok := h.foreign(r, country, h.byFamily[f]); ok {
			return c
		}
	}
	if c, ok := h.foreign(r, country, &h.all); ok {
		return c
	}
	// No firm that hires abroad fits (a small country, or a world too
	// small to have one): any local company, else any multinational,
	// else any company at all.
	if p := h.localPool(r, country); p != nil {
		return p.draw(r)
	}
	if len(h.all.ids) > 0 {
		return h.all.draw(r)
	}
	return h.any.draw(r)
}

// tradeEmployer draws an employer for a role of the strict trade f: now
// and then (its in-house share) a company of the country big enough to
// have the trade in house, else one of the trade's industries of the
// country, else one big enough, else a multinational of the trade with
// an office there (see foreign; a world too small for the others). It
// reports false where the world has none of these.
func (h *hiring) tradeEmployer(r *rand.Rand, country countryID, f family) (int32, bool) {
	var local, inHouse *pool
	if l := h.byFamilyLocal[country]; l != nil {
		local = l[f]
	}
	if l := h.inHouseLocal[country]; l != nil {
		inHouse = l[f]
	}
	share := h.inHouseShare[f]
	if inHouse != nil && local != nil && len(local.ids) < minTradePool {
		// A country of few firms of the trade: the others' departments
		// hire in proportion, so that the few are not in the careers of
		// all of the trade.
		share = max(share, int(100*inHouse.table.total/(inHouse.table.total+local.table.total)))
	}
	if inHouse != nil && intN(r, 100) < share {
		return inHouse.draw(r), true
	}
	for _, p := range []*pool{local, inHouse} {
		if p != nil {
			return p.draw(r), true
		}
	}
	return h.foreign(r, country, h.byFamily[f])
}

// fits reports whether company c can employ a role of family f: any can,
// except for the families of a strict trade, which only companies of the
// trade's industries and those big enough to have it in house do, and
// but for the industries the family shuns (shunnedIndustries).
func (w *World) fits(c int32, f family) bool {
	h := w.hiring
	return h.fitsCompany(c, f)
}

// fallbacks are the pools to search, in order, for an employer of
// family f in country when draws found none that fits: the country's and
// the multinationals, after the family's own for a strict trade; in a
// small country (see officeHostStaff), the country's and the offices
// there.
func (h *hiring) fallbacks(country countryID, f family) []*pool {
	var local, family, all *pool
	if l := h.byFamilyLocal[country]; l != nil {
		local = l[f]
	}
	if h.officeLimit[country] == 0 {
		family, all = h.byFamily[f], &h.all
	}
	if h.trade[f] != nil {
		return []*pool{local, family, h.byCountry[country], h.offices[country], all}
	}
	return []*pool{h.byCountry[country], h.offices[country], all}
}

// employs reports whether someone living in country can work in family
// f: any family can, but one whose shunned industries are all the
// employers a small country has (see officeHostStaff), and a strict
// trade where the country has no
// company of it, nor one big enough to have it in house, nor an office
// of a multinational that employs it (see offices): no hotel
// managers where there is no hotel, in a world that is a sample of the
// network.
func (h *hiring) employs(country countryID, f family) bool {
	if len(h.roles[f]) > 0 && h.stemsIn[country][f] == 0 {
		return false // every role of the line needs employers the country lacks (stemIn)
	}
	offices := h.officeTrades[country] != nil && h.officeTrades[country][f]
	if h.shun[f] != nil && h.officeLimit[country] != 0 && !h.unshunned[country][f] && !offices {
		return false
	}
	if h.trade[f] == nil {
		return true
	}
	for _, pools := range [][]*[numFamilies]*pool{h.byFamilyLocal, h.inHouseLocal} {
		if local := pools[country]; local != nil && local[f] != nil {
			return true
		}
	}
	return offices
}

// functionStaff is, by family, the head count from which a company has
// specialists of the line of work as a function of its own (a brand
// manager, a product designer, an HR generalist): a bakery of six has
// none. Families not listed (nurses, chefs, teachers) work at the
// smallest of their trade's employers.
var functionStaff = map[family]int32{
	famMarketing: 15, famSales: 5, famProduct: 20, famSoftware: 10, famElectrical: 10, famMechanical: 10,
	famCivil: 10, famData: 20, famDesign: 15, famHR: 25, famFinance: 10, famLegal: 10, famSupport: 10,
	famOperations: 5, famFacility: 25,
}

// leastStaff is the fewest staff of a company that has a role of
// family f at level, where own tells whether the company is of one of
// the family's own industries: a function's specialists need a company
// with the function (a marketing agency of four is all marketing), its
// leads one big enough to have a team under them, its heads and
// directors several teams, its vice presidents a company of hundreds.
// Founders, owners, board members and chiefs lead companies of any size.
func leastStaff(f family, level Level, own bool) int32 {
	function := functionStaff[f]
	base := function
	if own {
		base = 0
	}
	// floor picks a level's least staff for a function's lines of work
	// or for the others (a head chef's kitchen).
	floor := func(ofFunction, other int32) int32 {
		if function > 0 {
			return ofFunction
		}
		return other
	}
	switch level {
	case Founder, Board, CLevel:
		return 0
	case Lead:
		// A team of the function to lead, five times the staff from
		// which a company has one of it: no Tax Team Lead at a design
		// firm of 35.
		return max(teamOfFunction*base, floor(10, 0))
	case Head:
		return max(3*base, floor(25, 10))
	case Directors:
		return max(4*base, floor(50, 20))
	case VP:
		return max(10*base, floor(200, 100))
	}
	return base
}

// teamOfFunction is how many times the staff from which a company has a
// function's specialists (functionStaff) it needs to have a team of them
// under a lead.
const teamOfFunction = 5

// sizeTries is how many employers a draw of one big enough for a role
// tries before it searches the pools.
const sizeTries = 12

// employerOfSize draws a company for a job of family f at level held by
// someone who lives in country, as employer does, of at least the staff
// the level needs (see leastStaff): no Head of Engineering at a firm of
// eight. Where a dozen draws find none, it takes the next big enough
// one of the family's pools from a random point, else the last draw.
func (h *hiring) employerOfSize(r *rand.Rand, country countryID, f family, level Level) int32 {
	bigEnough := func(c int32) bool { return h.bigEnough(c, f, level) }
	c := h.anyEmployer(r, country, f)
	for range sizeTries {
		if bigEnough(c) && h.fitsCompany(c, f) {
			return c
		}
		c = h.anyEmployer(r, country, f)
	}
	for _, p := range h.fallbacks(country, f) {
		if p == nil || len(p.ids) == 0 {
			continue
		}
		from := intN(r, len(p.ids))
		for k := range p.ids {
			if id := p.ids[(from+k)%len(p.ids)]; bigEnough(id) && h.fitsCompany(id, f) {
				return id
			}
		}
	}
	return c
}

// bigEnough reports whether company c has the staff a role of family f
// at level needs (see leastStaff): whether it can hire one, or promote
// one to it.
func (h *hiring) bigEnough(c int32, f family, level Level) bool {
	return h.staff[c] >= leastStaff(f, level, h.own[f][h.industry[c]])
}

// fitsCompany reports whether company c can employ a role of family f,
// as World.fits does, from hiring's own tables.
func (h *hiring) fitsCompany(c int32, f family) bool {
	if h.shun[f] != nil && h.shun[f][h.industry[c]] {
		return false
	}
	if h.trade[f] == nil {
		return true
	}
	return h.inTrade(f, h.industry[c], h.staff[c]) || h.inHouse[f] > 0 && h.staff[c] >= h.inHouse[f]
}

// roleFunction says where the specialists of one role work: at the firms
// of its own trade, whatever their size (a tax advisor at an accounting
// firm of six), and elsewhere only at firms big enough to have the
// function in house (a tax department at a maker of thousands). A
// fishery of 26 has a bookkeeper, not a tax advisor or a treasury
// analyst; a law firm of twelve has lawyers and an office manager, not a
// UX designer; a restaurant of eight has cooks, waiters and a manager,
// not an HR business partner.
type roleFunction struct {
	homes []string // the industries of the role's own trade
	staff int32    // head count from which a firm of another industry has it; 0 for none
}

// Industries of the roles of roleFunctions.
var (
	financeTrade  = []string{"Banking", "Financial Services", "Investment Banking", "Investment Management", "Capital Markets", "Venture Capital & Private Equity", "Insurance"}
	trainingTrade = []string{"Professional Training & Coaching", "E-Learning", "Education Management"}
	hrTrade       = []string{"Human Resources", "Staffing and Recruiting", "Outsourcing/Offshoring"}
	screenTrade   = []string{"Computer Software", "Internet", "Information Technology and Services", "Computer Games",
		"E-Learning", "Online Media", "Design", "Graphic Design", "Marketing and Advertising"}
	printTrade = []string{"Design", "Graphic Design", "Marketing and Advertising", "Public Relations and Communications",
		"Publishing", "Printing", "Newspapers", "Online Media", "Media Production", "Apparel & Fashion", "Computer Games",
		"Animation", "Entertainment", "Broadcast Media", "Packaging and Containers", "Motion Pictures and Film"}
	legalTrade  = []string{"Law Practice", "Legal Services", "Alternative Dispute Resolution"}
	supplyTrade = []string{"Logistics and Supply Chain", "Wholesale", "Import and Export", "Warehousing",
		"Package/Freight Delivery", "Transportation/Trucking/Railroad"}
)

// roleFunctions are, by role, the specialists of an office function that
// only firms of its trade or of some size have. Roles not listed work
// wherever their line of work does (a bookkeeper, an accountant, an
// office manager).
var roleFunctions = map[string]roleFunction{
	"Tax Advisor":        {slices.Concat([]string{"Accounting", "Law Practice", "Management Consulting"}, financeTrade), 500},
	"Auditor":            {slices.Concat([]string{"Accounting"}, financeTrade), 500},
	"Treasury Analyst":   {financeTrade, 1000},
	"Financial Analyst":  {slices.Concat([]string{"Accounting", "Management Consulting"}, financeTrade), 100},
	"Controller":         {[]string{"Accounting"}, 50},
	"Payroll Specialist": {slices.Concat([]string{"Accounting"}, hrTrade), 100},
	// Schools have teachers; trainers and course designers work at
	// training firms and e-learning houses.
	"Corporate Trainer":                 {trainingTrade, 0},
	"Learning & Development Specialist": {trainingTrade, 0},
	"Instructional Designer":            {slices.Concat([]string{"Higher Education"}, trainingTrade), 0},
	"HR Business Partner":               {nil, 300},
	"HR Generalist":                     {hrTrade, 50},
	"HR Manager":                        {hrTrade, 50},
	"People Operations Specialist":      {hrTrade, 50},
	"Recruiter":                         {hrTrade, 150},
	"Talent Acquisition Specialist":     {hrTrade, 150},
	"Technical Recruiter":               {hrTrade, 300},
	"UX Designer":                       {screenTrade, 200},
	"UI Designer":                       {screenTrade, 200},
	"Product Designer":                  {screenTrade, 200},
	"UX Researcher":                     {screenTrade, 300},
	"Interaction Designer":              {screenTrade, 200},
	"Graphic Designer":                  {printTrade, 50},
	"Visual Designer":                   {printTrade, 50},
	"Compliance Officer":                {slices.Concat(legalTrade, financeTrade), 300},
	"Compliance Analyst":                {slices.Concat(legalTrade, financeTrade), 300},
	"Supply Chain Analyst":              {supplyTrade, 200},
	"Procurement Specialist":            {supplyTrade, 100},
}

// roleRule is a roleFunction of hiring's: its homes as a set by
// IndustryID.
type roleRule struct {
	home  []bool
	staff int32
}

// minRoleEmployers is the fewest employers of a role a country has for
// its people to hold it: fewer, and the few would be in the careers of
// all of them. Someone there keeps to another role of the line of work
// (stemIn).
const minRoleEmployers = 4

// roleRules compiles roleFunctions by family and role (titleVocab.stems).
func roleRules(iv *industryVocab) [numFamilies][]*roleRule {
	v := loadTitles()
	var out [numFamilies][]*roleRule
	for f := range numFamilies {
		out[f] = make([]*roleRule, len(v.stems[f]))
		for s, st := range v.stems[f] {
			fn, ok := roleFunctions[v.titles[st[MidLevel][0]].Name]
			if !ok {
				continue
			}
			rule := &roleRule{home: make([]bool, len(iv.names)), staff: fn.staff}
			markIndustries(iv, rule.home, fn.homes)
			out[f][s] = rule
		}
	}
	return out
}

// roleFits reports whether company c has role s of family f as a
// function (roleFunctions); any company has a role not listed, and any
// has a role of -1 (an area's title, a chief's).
func (h *hiring) roleFits(c int32, f family, s int) bool {
	if s < 0 || s >= len(h.roles[f]) || h.roles[f][s] == nil {
		return true
	}
	rule := h.roles[f][s]
	return rule.home[h.industry[c]] || rule.staff > 0 && h.staff[c] >= rule.staff
}

// roleOf returns the role of family f that title t is of, -1 for none.
func roleOf(t TitleID, f family) int {
	v := loadTitles()
	if v.fam[t] != f {
		return -1
	}
	return int(v.stem[t])
}

// titleFits reports whether company c can employ a role of family f
// under title t: the family fits it and, for a title of a role, the
// company has the role (roleFits).
func (h *hiring) titleFits(c int32, f family, t TitleID) bool {
	return h.fitsCompany(c, f) && h.roleFits(c, f, roleOf(t, f))
}

// addRolePools fills h.rolePools: for each country and role of
// roleFunctions, its own companies and the offices of multinationals
// there that have the role and a specialist's staff for it.
func (h *hiring) addRolePools() {
	h.rolePools = make([]*[numFamilies][]*pool, len(h.byCountry))
	h.stemsIn = make([][numFamilies]uint64, len(h.byCountry))
	for cid := range h.byCountry {
		var ids []int32
		for _, p := range []*pool{h.byCountry[cid], h.offices[cid]} {
			if p != nil {
				ids = append(ids, p.ids...)
			}
		}
		for f := range numFamilies {
			for s, rule := range h.roles[f] {
				if rule == nil {
					h.stemsIn[cid][f] |= 1 << s
					continue
				}
				var p *pool
				for _, c := range ids {
					if h.fitsCompany(c, f) && h.roleFits(c, f, s) && h.bigEnough(c, f, MidLevel) {
						if p == nil {
							p = &pool{}
						}
						p.add(c, hireWeight(h.staff[c]))
					}
				}
				if p == nil {
					continue
				}
				if len(p.ids) >= minRoleEmployers {
					h.stemsIn[cid][f] |= 1 << s
				}
				if h.rolePools[cid] == nil {
					h.rolePools[cid] = &[numFamilies][]*pool{}
				}
				if h.rolePools[cid][f] == nil {
					h.rolePools[cid][f] = make([]*pool, len(h.roles[f]))
				}
				p.seal()
				h.rolePools[cid][f][s] = p
			}
		}
	}
}

// rolePool returns the employers of role s of family f in country, nil
// for none or for a role any employer has.
func (h *hiring) rolePool(country countryID, f family, s int) *pool {
	if s < 0 || h.rolePools[country] == nil || h.rolePools[country][f] == nil {
		return nil
	}
	return h.rolePools[country][f][s]
}

// stemIn returns role s of family f where someone living in country can
// hold it, the country having minRoleEmployers employers of it, else a
// role of the family it has, a related one first: where a small country
// has two firms big enough for a treasury, its finance people are
// accountants and controllers, not treasury analysts all at those two.
// It returns s where the country has no role of the family.
func (h *hiring) stemIn(country countryID, f family, s int) int {
	have := h.stemsIn[country][f]
	if s < 0 || have&(1<<s) != 0 || have == 0 {
		return s
	}
	v := loadTitles()
	n := len(v.stems[f])
	for _, related := range []bool{true, false} {
		for k := 1; k < n; k++ {
			if o := (s + k) % n; have&(1<<o) != 0 && (!related || v.relatedStems(f, s, o)) {
				return o
			}
		}
	}
	return s
}

// employerOfTitle draws a company for a job of family f under title t
// held by someone who lives in country, as employerOfSize does, that
// has the title's role (roleFits).
func (h *hiring) employerOfTitle(r *rand.Rand, country countryID, f family, t TitleID) int32 {
	return h.employerOfRole(r, country, f, roleOf(t, f), loadTitles().titles[t].Level)
}

// employerOfRole draws a company for a job of role s of family f at
// level held by someone who lives in country, as employerOfSize does,
// that has the role: first as hiring draws, then among the country's
// employers of the role (rolePools), big enough for the level where one
// is.
func (h *hiring) employerOfRole(r *rand.Rand, country countryID, f family, s int, level Level) int32 {
	if s < 0 || s >= len(h.roles[f]) || h.roles[f][s] == nil {
		return h.employerOfSize(r, country, f, level)
	}
	for range sizeTries {
		if c := h.anyEmployer(r, country, f); h.fitsCompany(c, f) && h.roleFits(c, f, s) && h.bigEnough(c, f, level) {
			return c
		}
	}
	p := h.rolePool(country, f, s)
	if p == nil {
		// No employer of the role in the country (stemIn keeps most
		// careers from this): one of the multinationals that has it.
		for range sizeTries {
			if c, ok := h.foreign(r, country, h.byFamily[f]); ok && h.roleFits(c, f, s) && h.fitsCompany(c, f) {
				return c
			}
		}
		return h.employerOfSize(r, country, f, level)
	}
	for range sizeTries {
		if c := p.draw(r); h.bigEnough(c, f, level) {
			return c
		}
	}
	return p.draw(r)
}

// existingAs returns company where it has title t's role (roleFits), was
// founded by the year start falls in and fits the family, else another
// employer of the role in country that does, as existing does for the
// family; else one of the role younger than the role (the caller starts
// the role at its founding), else what existing gives.
func (gen *generator) existingAs(r *rand.Rand, company int32, start Month, country countryID, f family, t TitleID) int32 {
	h := gen.hiring
	s := roleOf(t, f)
	if s < 0 || s >= len(h.roles[f]) || h.roles[f][s] == nil {
		return gen.existing(r, company, start, country, f)
	}
	founded := func(c int32) bool { return start == 0 || int(gen.companies[c].Founded) <= start.Year() }
	ok := func(c int32) bool { return founded(c) && gen.fits(c, f) && h.roleFits(c, f, s) }
	for range existingTries {
		if ok(company) {
			return company
		}
		company = h.employerOfRole(r, country, f, s, MidLevel)
	}
	if p := h.rolePool(country, f, s); p != nil {
		from := intN(r, len(p.ids))
		for k := range p.ids {
			if c := p.ids[(from+k)%len(p.ids)]; ok(c) {
				return c
			}
		}
		return company
	}
	return gen.existing(r, company, start, country, f)
}

// fitRoles gives each of jobs whose title is of a role its employer does
// not have (roleFits; one's own business aside) a title of the level the
// employer has instead: of a related role of the line, else an area's,
// else another role of the line. Titles settled after the employer was
// drawn (a beginner's, a graduate's, a lateral move's, a promotion's)
// come to the same rule as the draws. Where no title fits, the role
// moves to another employer of it (moveRole), else it is one with the
// role beside it at the same employer; it returns jobs so amended.
func (w *World) fitRoles(p *Person, jobs []Job) []Job {
	h, v := w.hiring, w.titles
	for k := 0; k < len(jobs); k++ {
		j := &jobs[k]
		if w.companies[j.Company].Type == SelfEmployed || h.titleFits(j.Company, j.fam, j.Title) {
			continue
		}
		f, l, s := j.fam, v.titles[j.Title].Level, roleOf(j.Title, j.fam)
		year := w.now.Year()
		if j.Start != 0 {
			year = j.Start.Year()
		}
		fine := func(t TitleID) bool {
			if int(v.since[t]) > year || !w.qualified(p, v.need[t]) || !h.titleFits(j.Company, f, t) {
				return false
			}
			for _, o := range jobs {
				if o.Company == j.Company && o.Title == t {
					return false // held at the company already
				}
			}
			return w.stepsBetween(jobs, k, t) && w.heldMonths(jobs, k, t)+w.months(j) <= v.heldMax(t)
		}
		// The role of the roles before and after, where it fits: no hop
		// to another specialty and back.
		near := map[int]bool{}
		for _, n := range []int{k - 1, k + 1} {
			if n >= 0 && n < len(jobs) && jobs[n].fam == f {
				if o := roleOf(jobs[n].Title, f); o >= 0 {
					near[o] = true
				}
			}
		}
		var neighbours, related, areas, others []TitleID
		for o := range v.stems[f] {
			for _, t := range v.stems[f][o][l] {
				if !fine(t) {
					continue
				}
				if near[o] {
					neighbours = append(neighbours, t)
				} else if s >= 0 && v.relatedStems(f, s, o) {
					related = append(related, t)
				} else {
					others = append(others, t)
				}
			}
		}
		if s >= 0 && s < len(v.stemAreas[f]) {
			for _, t := range v.stemAreas[f][s][l] {
				if fine(t) {
					areas = append(areas, t)
				}
			}
		}
		moved := false
		for _, ids := range [][]TitleID{neighbours, related, areas, others} {
			if len(ids) > 0 {
				j.Title, moved = ids[j.Seed%uint32(len(ids))], true
				break
			}
		}
		if !moved && !w.moveRole(p, jobs, k) {
			if n := len(jobs); len(w.mergeRole(jobs, k)) < n {
				jobs = jobs[:n-1]
				k-- // the next role is at k now
			}
		}
	}
	return jobs
}

// mergeRole makes jobs[k] part of a role beside it, at the same
// employer where one is, the newer one first (which then began when it
// did), and returns jobs without it, a gap in its place where no role
// beside it can take its years; jobs as they are for a current role
// none can.
func (w *World) mergeRole(jobs []Job, k int) []Job {
	j := jobs[k]
	// Not where the title would be held longer in all than a career
	// holds it (titleVocab.heldMax).
	fits := func(n int) bool {
		t := jobs[n].Title
		return w.heldMonths(jobs, k, t)+w.months(&j) <= w.titles.heldMax(t)
	}
	// At the same employer first; else the years go to a role beside it
	// elsewhere (a longer stay there).
	for _, same := range []bool{true, false} {
		switch {
		case k > 0 && (!same || jobs[k-1].Company == j.Company) && fits(k-1):
			jobs[k-1].Start = j.Start
		case k+1 < len(jobs) && (!same || jobs[k+1].Company == j.Company) && fits(k+1):
			jobs[k+1].End, jobs[k+1].Current = j.End, j.Current
		default:
			continue
		}
		return slices.Delete(jobs, k, k+1)
	}
	if !j.Current && len(jobs) > 1 {
		// A role of a country without its employers, whose years no
		// role beside it can take: a gap in the career instead.
		return slices.Delete(jobs, k, k+1)
	}
	return jobs
}

// moveRole moves jobs[k], whose employer lacks its role and which no
// other title fits, to another employer of the role in the person's
// country, founded by the time it began, big enough for its level and
// in no other role of the career; it leaves it where none is.
func (w *World) moveRole(p *Person, jobs []Job, k int) bool {
	h, j := w.hiring, &jobs[k]
	f, s, l := j.fam, roleOf(j.Title, j.fam), w.titles.titles[j.Title].Level
	pool := h.rolePool(w.geo.placeCountry[p.City], f, s)
	if pool == nil {
		return false
	}
	from := int(j.Seed % uint32(len(pool.ids)))
	for n := range pool.ids {
		c := pool.ids[(from+n)%len(pool.ids)]
		ok := w.companies[c].Type != SelfEmployed && h.bigEnough(c, f, l) &&
			(j.Start == 0 || int(w.companies[c].Founded) <= j.Start.Year())
		for _, o := range jobs {
			ok = ok && o.Company != c
		}
		if ok {
			j.Company = c
			return true
		}
	}
	return false
}

// stepsBetween reports whether title t, for jobs[k] (jobs newest first),
// reads as a career does between the roles before and after it: of a
// specialty related to theirs, not back to the one before, and no step
// back in kind or from a manager's post (within a stay, none to an
// individual contributor's title at all).
func (w *World) stepsBetween(jobs []Job, k int, t TitleID) bool {
	v := w.titles
	f, s := jobs[k].fam, roleOf(t, jobs[k].fam)
	stems := [2]int{-1, -1} // the older role's and the newer's
	for side, n := range []int{k + 1, k - 1} {
		if n < 0 || n >= len(jobs) {
			continue
		}
		o := &jobs[n]
		older, newer := o.Title, t
		if n < k {
			older, newer = t, o.Title
		}
		if v.stepsBackTo(older, newer) || o.Company == jobs[k].Company && v.toContributor(older, newer) {
			return false
		}
		if o.fam != f {
			continue
		}
		if stems[side] = roleOf(o.Title, f); s >= 0 && stems[side] >= 0 && !v.relatedStems(f, s, stems[side]) {
			return false
		}
	}
	// No hop to another specialty and back, nor a return to one left
	// earlier in the career that the title before did not make.
	return !(stems[0] >= 0 && stems[0] == stems[1] && s >= 0 && s != stems[0]) &&
		returns(jobs, k, s) <= returns(jobs, k, roleOf(jobs[k].Title, f))
}

// returns counts the returns of a career (jobs newest first) to a role
// of jobs[k]'s line left before, jobs[k] being of role s.
func returns(jobs []Job, k, s int) int {
	f := jobs[k].fam
	var seen uint64
	n, last := 0, -1
	for i := len(jobs) - 1; i >= 0; i-- {
		st := roleOf(jobs[i].Title, f)
		if i == k {
			st = s
		}
		if jobs[i].fam != f || st < 0 || st == last {
			continue
		}
		if seen&(1<<st) != 0 {
			n++
		}
		seen |= 1 << st
		last = st
	}
	return n
}

// months is how long job j was held, to the world's clock for a current
// one; 0 where its start is unknown.
func (w *World) months(j *Job) int {
	if j.Start == 0 {
		return 0
	}
	end := j.End
	if j.Current {
		end = w.now
	}
	return max(0, int(end)-int(j.Start))
}

// heldMonths is how long the roles of jobs but jobs[k] held title t, or
// another of its run (titleVocab.runKey), in all.
func (w *World) heldMonths(jobs []Job, k int, t TitleID) int {
	key, n := w.titles.runKey(t), 0
	for i := range jobs {
		if i != k && w.titles.runKey(jobs[i].Title) == key {
			n += w.months(&jobs[i])
		}
	}
	return n
}
