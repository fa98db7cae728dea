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
	if inHouse != nil && intN(r, 100) < h.inHouseShare[f] {
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
