package world

import (
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
)

// CompanyType is the legal kind of a company, as the Company API's `type`.
type CompanyType uint8

// Company types.
const (
	PrivateCompany CompanyType = iota
	PublicCompany
	Nonprofit
	Partnership
	// SelfEmployed is one person's business: a staff of one, its owner,
	// whom the world picks before it draws careers (see owners); no one
	// else is hired there.
	SelfEmployed
	GovernmentAgency
	EducationalInstitution
	numCompanyTypes
)

var companyTypeNames = [numCompanyTypes]string{"Private Company", "Public Company", "Nonprofit",
	"Partnership", "Self-Employed", "Government Agency", "Educational Institution"}

// String returns the type as the Company API spells it.
func (t CompanyType) String() string {
	if t >= numCompanyTypes {
		return ""
	}
	return companyTypeNames[t]
}

// Company is one employer of the world.
type Company struct {
	Index      int32       // position in World.Companies
	ID         int64       // numeric id: findById's id and the network id (`linkedinId`)
	Slug       string      // unique, lower case: https://www.linkedin.com/company/<slug>
	Name       string      // display name; not necessarily unique
	Domain     string      // e-mail and web domain, "bluepeak.io"
	Industry   IndustryID  // index into World.Industries
	Type       CompanyType // legal kind: public, private, nonprofit...
	Founded    uint16      // year
	StaffCount int32       // approximate employees; never fewer than the world's current employees
	City       int32       // head office, index into World.Places
	Seed       uint64      // source of the details derived on demand (description, offices)
	HasPhone   bool        // the Company API shows a phone number
	Staffing   bool        // staffing company (agency)

	// Employees are w.staff[empStart:empMid] (current) and
	// w.staff[empMid:empEnd] (past only), each ascending by person index.
	empStart, empMid, empEnd int32
}

// URL is the company's page on the professional network.
func (c *Company) URL() string { return "https://www.linkedin.com/company/" + c.Slug }

// Website is the company's own site.
func (c *Company) Website() string { return "https://www." + c.Domain }

// sizeBuckets are the employee-count ranges of the network, smallest first.
var sizeBuckets = []struct {
	max   int32
	label string
}{
	{10, "1-10"}, {50, "11-50"}, {200, "51-200"}, {500, "201-500"}, {1000, "501-1000"},
	{5000, "1001-5000"}, {10000, "5001-10000"}, {1 << 30, "10001+"},
}

// StaffCountRange is the range bucket identifier of StaffCount: 1 for
// "1-10" up to 8 for "10001+".
func (c *Company) StaffCountRange() int {
	for i, b := range sizeBuckets {
		if c.StaffCount <= b.max {
			return i + 1
		}
	}
	return len(sizeBuckets)
}

// SizeRange is StaffCount as the experience entries' range string, "51-200".
func (c *Company) SizeRange() string { return sizeBuckets[c.StaffCountRange()-1].label }

// companyBook is the build-time state of company generation.
type companyBook struct {
	companies []Company
	slugs     map[string]int32
	ids       map[int64]int32
	names     map[string]bool // lower case, without the legal form
	domains   map[string]bool
	// cities are the names, by country, of the cities a company is not
	// named like (see namedLikePlace).
	cities cityNames
}

// genCompanies builds n companies for a world of people (its first people
// and its newcomers). Head offices follow the same population-and-network
// weighting as people, so every country with people has employers in
// proportion, and a small country some of its own (see companyCities); a
// big company's is in one of its country's big cities (see
// bigCompanyCity).
func genCompanies(seed int64, n, people int, g *gazetteer, iv *industryVocab, nb *nameBook, now int) *companyBook {
	b := &companyBook{
		companies: make([]Company, n),
		slugs:     make(map[string]int32, n),
		ids:       make(map[int64]int32, n),
		names:     make(map[string]bool, n),
		domains:   make(map[string]bool, n),
		cities:    citiesOf(g),
	}
	r := newRand(uint64(seed), streamCompany)
	ceilings := countryStaffCeilings(g)
	cities := companyCities(r, n, peopleByCountry(seed, people, g), g)
	for i := range b.companies {
		c := &b.companies[i]
		c.Index = int32(i)
		c.Seed = seedFor(seed, streamCompanyInfo, i)
		c.City = cities[i]
		cid := g.placeCountry[c.City]
		c.Industry = drawIndustry(r, iv, &g.places[c.City])
		ind := iv.name(c.Industry)
		c.StaffCount = drawStaff(r, staffCeiling(ceilings[cid], ind))
		// The head office and the name come from the company's own
		// stream: how many names are tried until one is free does not
		// shift what later companies draw.
		own := newRand(c.Seed, streamCompany)
		if c.StaffCount > bigCompany {
			// The country stays the one drawn, so that every country keeps
			// its share of employers; the town becomes one of its big cities.
			// A business its law allows only in some regions stays there.
			if hub := bigCompanyCity(own, g, g.placeCountry[c.City]); !banned(ind, &g.places[hub]) {
				c.City = hub
			}
		} else if c.StaffCount >= multinational && !cityForThousands(g, c.City) {
			// A firm of thousands is in a city, not in a town of 40,000;
			// one of a business its law allows only in the town's region
			// (a casino of Goa) is a firm of hundreds.
			if hub := cityOfThousandsStaff(own, g, g.placeCountry[c.City]); !banned(ind, &g.places[hub]) {
				c.City = hub
			} else {
				c.StaffCount = int32(between(own, 201, multinational-1))
			}
		}
		if c.Type = companyType(r, ind, c.StaffCount); c.Type == SelfEmployed {
			c.StaffCount = 1
		}
		c.Founded = uint16(now - foundedAgo(r, c.StaffCount))
		if first, ok := industryFirstYear[ind]; ok && int(c.Founded) < first {
			// No software company was founded in 1910.
			c.Founded = uint16(between(r, first, now-1))
		}
		c.HasPhone = chance(r, 60)
		c.Staffing = ind == "Staffing and Recruiting" || ind == "Outsourcing/Offshoring" && chance(r, 50)
		for {
			c.ID = int64(between(r, 10000, 99999999))
			if _, dup := b.ids[c.ID]; !dup {
				break
			}
		}
		b.ids[c.ID] = int32(i)
		b.name(own, c, g, nb, ind)
	}
	return b
}

// companyCities draws the head offices of n companies as people's homes
// are drawn, then moves some from the countries of many companies to the
// smallest ones, where no multinational has an office (see officeLimits),
// until each has localEmployers companies for its people: a Samoan works
// at a firm of Apia. people is the number of people of each country.
func companyCities(r *rand.Rand, n int, people []int, g *gazetteer) []int32 {
	cities := make([]int32, n)
	have := make([]int, len(g.countries))
	for i := range cities {
		cities[i] = int32(g.residents.draw(r))
		have[g.placeCountry[cities[i]]]++
	}
	limits := officeLimits(g)
	most := n / maxMovedShare
	for cid, p := range people {
		if limit := limits[cid]; limit > 0 && limit < multinational {
			most -= moveCompanies(r, g, cities, have, countryID(cid), localEmployers(p), most)
		}
	}
	return cities
}

// moveCompanies moves up to most companies of countries of many to
// country cid, until it has want, and returns how many it moved.
func moveCompanies(r *rand.Rand, g *gazetteer, cities []int32, have []int, cid countryID, want, most int) int {
	moves := 0
	for tries := 0; have[cid] < want && moves < most && tries < 64; tries++ {
		i := intN(r, len(cities))
		from := g.placeCountry[cities[i]]
		if have[from] < donorCompanies {
			continue
		}
		cities[i] = residentOf(r, g, cid)
		have[from]--
		have[cid]++
		moves++
	}
	return moves
}

// Bounds of companyCities: a country gives companies away while it has
// donorCompanies or more (enough that each of its trades keeps
// employers: a country of a few dozen that gave them away had no school
// left for its teachers), and no more than one in maxMovedShare
// companies moves.
const (
	donorCompanies = 50
	maxMovedShare  = 8
)

// localEmployers is the fewest companies of its own a country of people
// people has where no multinational has an office: two, that one's own
// business is not the only one, and one more for every six.
func localEmployers(people int) int {
	if people == 0 {
		return 0
	}
	return 2 + people/6
}

// residentOf draws a place of country cid as residents draws one of the
// world, by its weight of residents.
func residentOf(r *rand.Rand, g *gazetteer, cid countryID) int32 {
	total := uint64(0)
	for _, i := range g.byCountry[cid] {
		total += g.residentWeight[i]
	}
	if total == 0 {
		return g.byCountry[cid][0]
	}
	x := r.Uint64N(total)
	for _, i := range g.byCountry[cid] {
		if x < g.residentWeight[i] {
			return i
		}
		x -= g.residentWeight[i]
	}
	panic("world: the draw passed every place") // x < total
}

// peopleByCountry counts, by countryID, the people of a world of people
// and seed by their home, the first draw of each one's seed after the
// uid (see generator.person).
func peopleByCountry(seed int64, people int, g *gazetteer) []int {
	out := make([]int, len(g.countries))
	src := rand.NewPCG(0, 0)
	r := rand.New(src)
	for i := range people {
		reseed(src, seedFor(seed, streamPerson, i), streamPerson)
		drawUID(r)
		out[g.placeCountry[g.residents.draw(r)]]++
	}
	return out
}

// drawStaff draws a declared head count of at most ceiling: most
// companies are small, a few are huge, as on the network. Above 10,000
// the count falls off as the sizes of the world's biggest employers do
// (a Pareto tail: a tenth of them pass 100,000). A count over the ceiling
// is drawn again below it, from a tenth of it up.
func drawStaff(r *rand.Rand, ceiling int32) int32 {
	var n int32
	switch x := intN(r, 100); {
	case x < 25:
		n = int32(between(r, 1, 10))
	case x < 50:
		n = int32(between(r, 11, 50))
	case x < 70:
		n = int32(between(r, 51, 200))
	case x < 81:
		n = int32(between(r, 201, 500))
	case x < 88:
		n = int32(between(r, 501, 1000))
	case x < 95:
		n = int32(between(r, 1001, 5000))
	case x < 98:
		n = int32(between(r, 5001, 10000))
	default:
		// The inverse of the tail's distribution, P(> s) = 10,001 / s,
		// up to the ceiling.
		top := max(float64(ceiling), giantFloor)
		u := r.Float64()
		n = int32(giantFloor / (1 - u*(1-giantFloor/top)))
	}
	if n > ceiling {
		n = int32(between(r, max(1, int(ceiling)/10), int(ceiling)))
	}
	return n
}

// giantFloor is the head count from which drawStaff's tail begins.
const giantFloor = 10_001

// staffCeiling is the most staff a company of an industry employs in a
// country whose biggest employers have at most countryCeiling.
// Agencies and studios do not employ tens of thousands, and only the
// industries of mass employment (retail, banking, IT services, car
// makers, hospitals...) a hundred thousand or more.
func staffCeiling(countryCeiling int32, industry string) int32 {
	if limit, ok := industryMaxStaff[industry]; ok {
		return min(countryCeiling, limit)
	}
	if !slices.Contains(massEmployers, industry) {
		return min(countryCeiling, ordinaryMaxStaff)
	}
	return countryCeiling
}

// ordinaryMaxStaff is the head count the companies of an industry not
// among massEmployers do not pass.
const ordinaryMaxStaff = 50_000

// massEmployers are the industries whose biggest companies employ more
// than ordinaryMaxStaff.
var massEmployers = []string{"Retail", "Supermarkets", "Wholesale", "Banking", "Financial Services", "Insurance",
	"Information Technology and Services", "Computer Software", "Internet", "Computer Hardware", "Semiconductors",
	"Consumer Electronics", "Electrical/Electronic Manufacturing", "Telecommunications", "Automotive",
	"Oil & Energy", "Utilities", "Mining & Metals", "Chemicals", "Pharmaceuticals", "Hospital & Health Care",
	"Logistics and Supply Chain", "Package/Freight Delivery",
	"Transportation/Trucking/Railroad", "Airlines/Aviation", "Aviation & Aerospace", "Defense & Space",
	"Food & Beverages", "Food Production", "Consumer Goods", "Apparel & Fashion", "Restaurants", "Hospitality",
	"Accounting", "Management Consulting", "Outsourcing/Offshoring", "Construction", "Machinery",
	"Mechanical or Industrial Engineering", "Industrial Automation", "Facilities Services",
	"Security and Investigations"}

// economyStaff is the head count of the biggest employers of the
// world's largest economies, where a few companies employ hundreds of
// thousands; the network's membership understates some of them (Japan's,
// China's, Germany's).
var economyStaff = map[string]int32{
	"US": 2_000_000, "CN": 1_000_000, "IN": 700_000, "DE": 600_000, "JP": 400_000, "GB": 400_000,
	"FR": 350_000, "BR": 300_000, "KR": 300_000, "RU": 300_000, "CH": 300_000, "MX": 250_000,
	"IT": 200_000, "ES": 200_000, "AU": 200_000, "CA": 150_000, "ID": 150_000, "NL": 150_000,
	"TR": 120_000, "SA": 100_000,
}

// Bounds of the biggest employers of the other countries: a share of the
// country's members on the network (membersPerStaff), no fewer than
// minCountryCeiling and no more than ordinaryMaxStaff.
const (
	membersPerStaff   = 200
	minCountryCeiling = 500
)

// countryStaffCeilings returns, by countryID, the most staff a company of
// the country employs: economyStaff where it lists the country, else a
// share of its members on the network (Egypt's ten million members: no
// employer of more than 50,000; Iceland's 200,000: none of more than
// 1,000).
func countryStaffCeilings(g *gazetteer) []int32 {
	members := make([]uint64, len(g.countries))
	for i, cid := range g.placeCountry {
		members[cid] += g.residentWeight[i]
	}
	out := make([]int32, len(g.countries))
	for cid, c := range g.countries {
		if n, ok := economyStaff[c.Code]; ok {
			out[cid] = n
			continue
		}
		out[cid] = int32(min(max(members[cid]/membersPerStaff, minCountryCeiling), ordinaryMaxStaff))
	}
	return out
}

// drawIndustry draws the industry of a company with its head office at
// place: the vocabulary's common draw, again while it is one the law of
// the place bans.
func drawIndustry(r *rand.Rand, iv *industryVocab, place *Place) IndustryID {
	for {
		id := IndustryID(iv.common.draw(r))
		if !banned(iv.name(id), place) {
			return id
		}
	}
}

// banned reports whether the law of place bans the business of
// industry: its country's (bannedIndustries), unless its region is one
// that allows it (allowedRegions).
func banned(industry string, place *Place) bool {
	return slices.Contains(bannedIndustries[industry], place.Country) &&
		!slices.Contains(allowedRegions[industry], place.Country+"/"+place.Admin1)
}

// allowedRegions lists, per industry, the regions, as country and
// first-level division, that allow a business their country bans: of
// India, only Goa, Daman and Sikkim license casinos.
var allowedRegions = map[string][]string{
	"Gambling & Casinos": {"IN/33", "IN/32", "IN/29"},
}

// bannedIndustries lists, per industry, the countries whose law bans its
// business: alcohol in Saudi Arabia, Kuwait, Iran, Brunei, Libya, Sudan,
// Afghanistan, Somalia, Mauritania and Yemen (in Qatar only the state's
// one distributor sells it); casinos and betting in the Gulf, Iran, Iraq,
// Jordan, Algeria, Pakistan, Bangladesh, Indonesia, Brunei, mainland
// China and India but for the regions of allowedRegions.
var bannedIndustries = map[string][]string{
	"Wine and Spirits": {"SA", "KW", "QA", "IR", "BN", "LY", "SD", "AF", "SO", "MR", "YE"},
	"Gambling & Casinos": {"SA", "KW", "QA", "AE", "OM", "BH", "IR", "IQ", "BN", "PK", "AF", "LY", "SD", "SO",
		"MR", "YE", "JO", "ID", "BD", "CN", "DZ", "IN"},
}

// industryMaxStaff caps the head count of industries made of small firms.
var industryMaxStaff = map[string]int32{
	"Marketing and Advertising": 8000, "Public Relations and Communications": 3000, "Design": 1500,
	"Graphic Design": 500, "Architecture & Planning": 3000, "Photography": 200, "Fine Art": 200,
	"Arts and Crafts": 300, "Law Practice": 6000, "Legal Services": 3000, "Alternative Medicine": 500,
	"Animation": 3000, "Performing Arts": 1500, "Music": 3000, "Events Services": 2000,
	"Writing and Editing": 200, "Translation and Localization": 1500, "Think Tanks": 500,
	"Venture Capital & Private Equity": 2000, "Fund-Raising": 500, "Philanthropy": 2000,
	"Professional Training & Coaching": 2000, "Executive Office": 500, "Libraries": 2000,
	"Veterinary": 5000, "Mental Health Care": 5000, "Program Development": 1000,
	"Civic & Social Organization": 3000, "Fishery": 3000, "Ranching": 1000, "Museums and Institutions": 2000,
	"Market Research": 10000, "Motion Pictures and Film": 10000, "Human Resources": 5000,
	"Consumer Services": 30000, "Wine and Spirits": 20000, "Gambling & Casinos": 30000,
	"Alternative Dispute Resolution": 300,
}

// industryFirstYear is the earliest founding year that fits an industry.
var industryFirstYear = map[string]int{
	"Internet": 1994, "Online Media": 1995, "E-Learning": 1995, "Computer Software": 1975,
	"Computer Games": 1975, "Computer & Network Security": 1985, "Information Technology and Services": 1965,
	"Computer Hardware": 1955, "Semiconductors": 1955, "Computer Networking": 1975, "Wireless": 1980,
	"Nanotechnology": 1990, "Biotechnology": 1975, "Renewables & Environment": 1975,
	"Information Services": 1965, "Animation": 1920, "Outsourcing/Offshoring": 1970,
	"Venture Capital & Private Equity": 1946, "Alternative Dispute Resolution": 1970,
}

// foundedAgo is the company's age in years; big companies are older.
func foundedAgo(r *rand.Rand, staff int32) int {
	switch {
	case staff <= 50:
		return between(r, 1, 25)
	case staff <= 1000:
		return between(r, 3, 60)
	}
	return between(r, 10, 120)
}

// companyType draws the legal kind of a company of an industry and a
// head count: schools and charities by their industry (the world has no
// agencies of the state: see publicBodies), some firms of lawyers and accountants as partnerships, some
// of the smallest one person's business, big companies often listed.
func companyType(r *rand.Rand, industry string, staff int32) CompanyType {
	switch industry {
	case "Higher Education", "Primary/Secondary Education":
		return EducationalInstitution
	case "Non-Profit Organization Management", "Philanthropy", "Civic & Social Organization",
		"Religious Institutions", "Fund-Raising":
		return Nonprofit
	case "Law Practice", "Accounting", "Management Consulting":
		if chance(r, 40) {
			return Partnership
		}
	}
	switch {
	case staff <= 3 && chance(r, 30):
		return SelfEmployed
	case staff > 5000 && chance(r, 70), staff > 500 && chance(r, 15):
		return PublicCompany
	}
	return PrivateCompany
}

// bigCompany is the head count above which a company has its head office
// in one of its country's big cities, and bigCity the population from
// which a place is one: giants grow where the labour, the airports and
// the capital are, not in a town of fifteen thousand.
const (
	bigCompany = 10_000
	bigCity    = 500_000
)

// midCity is the population from which a place is the head office of a
// firm of thousands (multinational to bigCompany staff): a city of
// hundreds of thousands, or its country's largest, where a small
// country's capital and biggest employers are.
const midCity = 200_000

// cityForThousands reports whether place i can be the head office of a
// firm of thousands: a city of midCity people or more, or its country's
// largest.
func cityForThousands(g *gazetteer, i int32) bool {
	hubs := g.hubs[g.placeCountry[i]]
	return g.places[i].Population >= midCity || len(hubs) > 0 && hubs[0] == i
}

// cityOfThousandsStaff draws the head office of a firm of thousands of a
// country: one of its cities of at least midCity people, or its largest
// where it has none, in proportion to their population.
func cityOfThousandsStaff(r *rand.Rand, g *gazetteer, cid countryID) int32 {
	hubs := g.hubs[cid] // most populous first
	n := 1
	for n < len(hubs) && g.places[hubs[n]].Population >= midCity {
		n++
	}
	return byPopulation(r, g, hubs[:n])
}

// byPopulation draws one of cities in proportion to its population.
func byPopulation(r *rand.Rand, g *gazetteer, cities []int32) int32 {
	total := 0
	for _, i := range cities {
		total += max(1, int(g.places[i].Population))
	}
	x := intN(r, total)
	for _, i := range cities {
		if x -= max(1, int(g.places[i].Population)); x < 0 {
			return i
		}
	}
	panic("world: the draw passed every city") // x < total
}

// bigCompanyCity draws the head office of a big company of a country:
// one of its cities of at least bigCity people, or of its three largest
// where it has fewer than three such, in proportion to their population.
// Neighbourhoods do not count: Canary Wharf's companies are London's.
func bigCompanyCity(r *rand.Rand, g *gazetteer, cid countryID) int32 {
	hubs := g.hubs[cid] // most populous first
	n := min(len(hubs), 3)
	for n < len(hubs) && g.places[hubs[n]].Population >= bigCity {
		n++
	}
	return byPopulation(r, g, hubs[:n])
}

// Words of made-up company names: a head and a tail make one word
// ("Goldenspark") or two ("Golden Spark").
var (
	nameHeads = []string{"Blue", "Bright", "North", "Silver", "Iron", "Green", "Red", "Summit", "Apex", "Nova",
		"Terra", "Quantum", "Vertex", "Cobalt", "Crystal", "Golden", "Swift", "Clear", "True", "Stone", "Oak",
		"Pine", "Cedar", "Maple", "River", "Lake", "Ocean", "Sky", "Star", "Sun", "Polar", "Urban", "Prime",
		"Bold", "Harbor", "Pioneer", "Atlas", "Beacon", "Cascade", "Delta", "Echo", "Falcon", "Granite",
		"Horizon", "Lumen", "Meridian", "Nimbus", "Orbit", "Pixel", "Rapid", "Signal", "Titan", "Vector",
		"Zenith", "Arc", "Core", "Flux", "Amber", "Birch", "Coral", "Ember", "Frost", "Hazel", "Indigo",
		"Jade", "Kite", "Lark", "Mosaic", "Onyx", "Quill", "Raven", "Sage", "Tidal", "Vivid", "West", "East",
		"Alder", "Alpine", "Anchor", "Arrow", "Aspen", "Aurora", "Azure", "Black", "Canyon", "Cardinal",
		"Castle", "Cloud", "Copper", "Crown", "Cypress", "Eagle", "Elm", "Ever", "Fair", "First", "Fox",
		"Glacier", "Grand", "Harvest", "Hawk", "Heron", "High", "Holly", "Iris", "Ivy", "Juniper", "Keystone",
		"Laurel", "Linden", "Lotus", "Lunar", "Magnolia", "Marble", "Meadow", "Noble", "Nordic", "Olive",
		"Opal", "Orchid", "Osprey", "Pacific", "Pearl", "Pilot", "Quartz", "Redwood", "Ruby", "Saffron",
		"Sapphire", "Sentinel", "Solar", "South", "Spruce", "Steel", "Sterling", "Storm", "Timber", "Topaz",
		"Union", "Velvet", "Willow", "Winter", "Wolf", "Zephyr", "Evergreen", "Bay", "Bell", "Brook",
		"Cliff", "Dune", "Fern", "Glen", "Hill", "Moss", "Rain", "Sand", "Snow", "Spring", "Thistle"}
	nameTails = []string{"peak", "wave", "stone", "field", "bridge", "path", "point", "line", "forge", "works",
		"light", "gate", "leaf", "river", "core", "scale", "sight", "mark", "stack", "base", "craft", "loop",
		"ware", "grid", "hub", "logic", "mind", "shift", "spark", "sphere", "stream", "vault", "view", "well",
		"wind", "wood", "yard", "bay", "crest", "dale", "ford", "haven", "ridge", "rock", "shore", "vale",
		"beam", "brook", "cliff", "cove", "creek", "dock", "edge", "falls", "fern", "flow", "front", "glen",
		"grove", "hill", "hurst", "land", "lane", "mill", "moor", "mount", "nest", "pond", "port", "quest",
		"reach", "root", "sail", "side", "span", "spring", "star", "step", "tide", "tower", "trail", "tree",
		"vine", "ward", "water", "wing", "worth", "bloom", "bound", "hollow", "meadow", "pass",
		"rise", "run", "summit", "wharf"}
	// coinRoots and coinEndings make coined brands ("Novara", "Calix"),
	// as many companies of recent decades are named.
	coinRoots = []string{"Nov", "Vel", "Cor", "Lum", "Ver", "Zen", "Tel", "Sol", "Ax", "Omn", "Vit", "Med",
		"Inn", "Cal", "Dyn", "Ev", "Gen", "Hel", "Kin", "Lev", "Mar", "Nex", "Opt", "Pax", "Quor", "Rev",
		"Sen", "Tav", "Vant", "Zor", "Bel", "Car", "Del", "Fen", "Jov", "Luc", "Mir", "Nor", "Ort", "Pol",
		"Ral", "Sav", "Tor", "Val", "Ard", "Bri", "Clar", "Cyr", "Elv", "Fid", "Hal", "Ion", "Kel", "Lyr",
		"Mav", "Nuv", "Orb", "Prax", "Qual", "Rom", "Sci", "Syn", "Tri", "Ult", "Ven", "Xan", "Zyl"}
	coinEndings = []string{"a", "ara", "ex", "ia", "ion", "ium", "ix", "o", "ora", "ova", "us", "ent", "eon",
		"ica", "ity", "ana", "era", "ero", "ino", "ista", "is", "yx", "elle", "ant", "ida", "iro"}
	// coinSyllables make coined brands once the lists above are worn thin.
	coinSyllables = []string{"ba", "be", "bi", "bo", "da", "de", "di", "do", "fa", "fe", "fi", "ka", "ke",
		"ki", "ko", "la", "le", "li", "lo", "lu", "ma", "me", "mi", "mo", "na", "ne", "ni", "no", "pa", "pe",
		"pi", "po", "ra", "re", "ri", "ro", "ru", "sa", "se", "si", "so", "ta", "te", "ti", "to", "va", "ve",
		"vi", "vo", "za", "ze", "zi", "zo"}
)

// nameKind is a kind of business as its company names say it: the
// industries of the kind, the endings their names take ("Labs",
// "Capital"), whether its companies favour a start-up's domain ending
// (".io") and whether its firms go by two partners' surnames ("Smith &
// Jones": law, finance, consulting; a clinic or a dairy so named reads
// as a law firm).
type nameKind struct {
	industries, suffixes []string
	tech, partners       bool
}

// nameKinds list, by the exact name of each industry, the endings that
// say its business: "Foods" only for makers and sellers of food, "Labs"
// only for software, "Motors" only for the motor trade. An industry is
// in one kind alone; those of no kind (the public bodies, of which no
// company is) take otherSuffixes. No ending is a word a two-word name
// ends in by itself ("Iron Works" of nameTails).
var nameKinds = []nameKind{
	{industries: []string{"Computer Software", "Internet", "Information Technology and Services", "Information Services"},
		suffixes: []string{"Labs", "Systems", "Technologies", "Software", "Digital", "AI", "Cloud", "Data"}, tech: true},
	{industries: []string{"Computer & Network Security"},
		suffixes: []string{"Security", "Cyber", "Systems", "Technologies", "Labs"}, tech: true},
	{industries: []string{"Computer Games"}, suffixes: []string{"Games", "Studios", "Interactive"}, tech: true},
	{industries: []string{"Telecommunications", "Wireless", "Computer Networking"},
		suffixes: []string{"Networks", "Telecom", "Communications", "Systems", "Technologies"}},
	{industries: []string{"Computer Hardware", "Semiconductors", "Consumer Electronics",
		"Electrical/Electronic Manufacturing", "Nanotechnology"},
		suffixes: []string{"Electronics", "Technologies", "Systems", "Devices", "Instruments"}},
	{industries: []string{"Banking"}, suffixes: []string{"Bank", "Financial", "Bancorp"}},
	{industries: []string{"Investment Banking", "Capital Markets"},
		suffixes: []string{"Capital", "Securities", "Partners", "Advisors"}, partners: true},
	{industries: []string{"Investment Management", "Venture Capital & Private Equity"},
		suffixes: []string{"Capital", "Partners", "Investments", "Ventures", "Asset Management"}, partners: true},
	{industries: []string{"Financial Services"}, suffixes: []string{"Financial", "Finance", "Capital", "Payments", "Advisors"}},
	{industries: []string{"Insurance"}, suffixes: []string{"Insurance", "Assurance", "Mutual", "Underwriters"}},
	{industries: []string{"Accounting"},
		suffixes: []string{"Accountants", "Accounting", "& Partners", "Associates", "Advisors"}, partners: true},
	{industries: []string{"Law Practice"}, suffixes: []string{"Law", "Legal", "& Partners", "Attorneys"}, partners: true},
	{industries: []string{"Legal Services"}, suffixes: []string{"Legal", "Legal Services", "& Partners"}, partners: true},
	{industries: []string{"Alternative Dispute Resolution"}, suffixes: []string{"Mediation", "Arbitration", "Dispute Resolution"}},
	{industries: []string{"Management Consulting"},
		suffixes: []string{"Consulting", "Group", "Partners", "Advisory", "Associates"}, partners: true},
	{industries: []string{"Program Development"}, suffixes: []string{"Consulting", "Development", "Associates"}},
	{industries: []string{"Government Relations"}, suffixes: []string{"Public Affairs", "Strategies", "Advisors"}},
	{industries: []string{"Research"}, suffixes: []string{"Research", "Institute", "Analytics"}},
	{industries: []string{"Think Tanks"}, suffixes: []string{"Institute", "Forum", "Policy Centre"}},
	{industries: []string{"Market Research"}, suffixes: []string{"Research", "Insights", "Analytics"}},
	{industries: []string{"Staffing and Recruiting"}, suffixes: []string{"Staffing", "Recruitment", "Talent", "Personnel"}},
	{industries: []string{"Human Resources"}, suffixes: []string{"HR", "People", "Talent", "HR Consulting"}},
	{industries: []string{"Outsourcing/Offshoring"}, suffixes: []string{"Solutions", "Services", "Global", "Outsourcing"}},
	{industries: []string{"Security and Investigations"}, suffixes: []string{"Security", "Protection", "Guarding"}},
	{industries: []string{"Health, Wellness and Fitness"}, suffixes: []string{"Fitness", "Wellness", "Gym"}},
	{industries: []string{"Alternative Medicine"}, suffixes: []string{"Wellness", "Therapies", "Healing"}},
	{industries: []string{"Hospital & Health Care"}, suffixes: []string{"Health", "Healthcare", "Medical", "Care", "Clinic"}},
	{industries: []string{"Medical Practice"}, suffixes: []string{"Medical", "Clinic", "Health", "Medical Centre"}},
	{industries: []string{"Mental Health Care"}, suffixes: []string{"Care", "Counselling", "Psychology", "Mental Health"}},
	{industries: []string{"Pharmaceuticals"}, suffixes: []string{"Pharma", "Pharmaceuticals", "Therapeutics", "Life Sciences"}},
	{industries: []string{"Biotechnology"}, suffixes: []string{"Bio", "Biosciences", "Therapeutics", "Life Sciences", "Genomics", "Laboratories"}},
	{industries: []string{"Medical Devices"}, suffixes: []string{"Medical", "Devices", "Instruments", "Surgical"}},
	{industries: []string{"Veterinary"}, suffixes: []string{"Veterinary", "Vets", "Animal Hospital", "Animal Care"}},
	{industries: []string{"Entertainment"}, suffixes: []string{"Entertainment", "Media", "Studios", "Productions"}},
	{industries: []string{"Media Production"}, suffixes: []string{"Media", "Productions", "Studios", "Creative"}},
	{industries: []string{"Motion Pictures and Film"}, suffixes: []string{"Pictures", "Films", "Studios", "Productions"}},
	{industries: []string{"Broadcast Media"}, suffixes: []string{"Media", "Broadcasting", "Radio", "Television"}},
	{industries: []string{"Music"}, suffixes: []string{"Records", "Music", "Sound"}},
	{industries: []string{"Animation"}, suffixes: []string{"Animation", "Studios", "Pictures"}},
	{industries: []string{"Performing Arts"}, suffixes: []string{"Theatre", "Arts", "Ensemble"}},
	{industries: []string{"Fine Art"}, suffixes: []string{"Gallery", "Fine Art", "Art"}},
	{industries: []string{"Arts and Crafts"}, suffixes: []string{"Crafts", "Workshop", "Makers"}},
	{industries: []string{"Publishing"}, suffixes: []string{"Publishing", "Press", "Books"}},
	{industries: []string{"Newspapers"}, suffixes: []string{"News", "Press", "Herald"}},
	{industries: []string{"Online Media"}, suffixes: []string{"Media", "Digital"}, tech: true},
	{industries: []string{"Photography"}, suffixes: []string{"Photography", "Photo", "Images"}},
	{industries: []string{"Writing and Editing"}, suffixes: []string{"Editorial", "Content", "Copywriting"}},
	{industries: []string{"Translation and Localization"}, suffixes: []string{"Translations", "Languages", "Localization"}},
	{industries: []string{"Marketing and Advertising"}, suffixes: []string{"Marketing", "Media", "Creative", "Agency", "Advertising"}},
	{industries: []string{"Public Relations and Communications"}, suffixes: []string{"Communications", "PR", "Public Relations"}},
	{industries: []string{"Design", "Graphic Design"}, suffixes: []string{"Design", "Studio", "Creative"}},
	{industries: []string{"Architecture & Planning"}, suffixes: []string{"Architects", "Architecture", "Planning", "Studio"}},
	{industries: []string{"Higher Education"}, suffixes: []string{"College", "Institute", "Academy"}},
	{industries: []string{"Primary/Secondary Education"}, suffixes: []string{"School", "Academy", "Schools"}},
	{industries: []string{"Education Management"}, suffixes: []string{"Education", "Learning", "Schools"}},
	{industries: []string{"E-Learning"}, suffixes: []string{"Learning", "Education", "Academy"}, tech: true},
	{industries: []string{"Professional Training & Coaching"}, suffixes: []string{"Training", "Coaching", "Academy", "Learning"}},
	{industries: []string{"Libraries"}, suffixes: []string{"Library", "Libraries"}},
	{industries: []string{"Automotive"}, suffixes: []string{"Motors", "Automotive", "Auto"}},
	{industries: []string{"Aviation & Aerospace"}, suffixes: []string{"Aerospace", "Aviation", "Aero"}},
	{industries: []string{"Defense & Space"}, suffixes: []string{"Defence", "Aerospace", "Dynamics", "Systems"}},
	{industries: []string{"Machinery"}, suffixes: []string{"Machinery", "Machines", "Engineering"}},
	{industries: []string{"Mechanical or Industrial Engineering"}, suffixes: []string{"Engineering", "Industries"}},
	{industries: []string{"Industrial Automation"}, suffixes: []string{"Automation", "Controls", "Robotics", "Systems"}},
	{industries: []string{"Civil Engineering"}, suffixes: []string{"Engineering", "Engineers", "Infrastructure"}},
	{industries: []string{"Construction"}, suffixes: []string{"Construction", "Builders", "Contractors", "Building"}},
	{industries: []string{"Building Materials", "Glass, Ceramics & Concrete"}, suffixes: []string{"Materials", "Industries"}},
	{industries: []string{"Chemicals"}, suffixes: []string{"Chemicals", "Chemical", "Materials", "Industries"}},
	{industries: []string{"Plastics"}, suffixes: []string{"Plastics", "Polymers", "Industries"}},
	{industries: []string{"Mining & Metals"}, suffixes: []string{"Mining", "Metals", "Resources", "Minerals"}},
	{industries: []string{"Oil & Energy"}, suffixes: []string{"Energy", "Petroleum", "Resources", "Oil"}},
	{industries: []string{"Utilities"}, suffixes: []string{"Energy", "Power", "Utilities"}},
	{industries: []string{"Renewables & Environment"}, suffixes: []string{"Energy", "Renewables", "Solar", "Power"}},
	{industries: []string{"Environmental Services"}, suffixes: []string{"Environmental", "Recycling", "Waste Services"}},
	{industries: []string{"Shipbuilding"}, suffixes: []string{"Shipyard", "Shipbuilding", "Marine"}},
	{industries: []string{"Railroad Manufacture"}, suffixes: []string{"Rail", "Industries", "Engineering"}},
	{industries: []string{"Paper & Forest Products"}, suffixes: []string{"Paper", "Forest Products", "Timber"}},
	{industries: []string{"Packaging and Containers"}, suffixes: []string{"Packaging", "Containers", "Industries"}},
	{industries: []string{"Textiles"}, suffixes: []string{"Textiles", "Fabrics", "Mills"}},
	{industries: []string{"Printing"}, suffixes: []string{"Printing", "Print", "Press"}},
	{industries: []string{"Furniture"}, suffixes: []string{"Furniture", "Interiors", "Furnishings"}},
	{industries: []string{"Tobacco"}, suffixes: []string{"Tobacco", "Company"}},
	{industries: []string{"Business Supplies and Equipment"}, suffixes: []string{"Supplies", "Supply", "Equipment"}},
	{industries: []string{"Retail"}, suffixes: []string{"Stores", "Retail", "Market", "Shop"}},
	{industries: []string{"Supermarkets"}, suffixes: []string{"Market", "Supermarkets", "Grocers", "Foods"}},
	{industries: []string{"Wholesale"}, suffixes: []string{"Wholesale", "Distributors", "Distribution", "Trading"}},
	{industries: []string{"Import and Export"}, suffixes: []string{"Trading", "Imports", "Exports", "International"}},
	{industries: []string{"International Trade and Development"}, suffixes: []string{"Development", "International", "Trade"}},
	{industries: []string{"Consumer Goods"}, suffixes: []string{"Goods", "Brands", "Products", "Co."}},
	{industries: []string{"Consumer Services"}, suffixes: []string{"Services", "Home Services", "Company"}},
	{industries: []string{"Food & Beverages"}, suffixes: []string{"Foods", "Beverages", "Brands", "Drinks"}},
	{industries: []string{"Food Production"}, suffixes: []string{"Foods", "Food Products", "Farms"}},
	{industries: []string{"Dairy"}, suffixes: []string{"Dairy", "Creamery", "Dairies"}},
	{industries: []string{"Farming"}, suffixes: []string{"Farms", "Agriculture", "Growers", "Produce"}},
	{industries: []string{"Ranching"}, suffixes: []string{"Ranch", "Cattle Company", "Livestock"}},
	{industries: []string{"Fishery"}, suffixes: []string{"Fisheries", "Seafood", "Fishing"}},
	{industries: []string{"Wine and Spirits"}, suffixes: []string{"Wines", "Vineyards", "Distillery", "Spirits", "Cellars"}},
	{industries: []string{"Apparel & Fashion"}, suffixes: []string{"Apparel", "Fashion", "Clothing"}},
	{industries: []string{"Luxury Goods & Jewelry"}, suffixes: []string{"Jewelry", "Jewels", "Luxury"}},
	{industries: []string{"Cosmetics"}, suffixes: []string{"Cosmetics", "Beauty", "Skincare"}},
	{industries: []string{"Sporting Goods"}, suffixes: []string{"Sports", "Athletics", "Outdoor", "Gear"}},
	{industries: []string{"Sports"}, suffixes: []string{"Sports", "Athletics", "Sports Club"}},
	{industries: []string{"Logistics and Supply Chain"}, suffixes: []string{"Logistics", "Supply Chain", "Freight", "Distribution"}},
	{industries: []string{"Transportation/Trucking/Railroad"}, suffixes: []string{"Transport", "Trucking", "Freight", "Haulage"}},
	{industries: []string{"Package/Freight Delivery"}, suffixes: []string{"Express", "Courier", "Delivery", "Freight"}},
	{industries: []string{"Warehousing"}, suffixes: []string{"Warehousing", "Storage", "Logistics"}},
	{industries: []string{"Maritime"}, suffixes: []string{"Shipping", "Marine", "Maritime", "Lines"}},
	{industries: []string{"Airlines/Aviation"}, suffixes: []string{"Airlines", "Airways", "Air", "Aviation"}},
	{industries: []string{"Hospitality"}, suffixes: []string{"Hotels", "Hospitality", "Resorts"}},
	{industries: []string{"Restaurants"}, suffixes: []string{"Kitchen", "Grill", "Restaurants", "Eatery"}},
	{industries: []string{"Leisure, Travel & Tourism"}, suffixes: []string{"Travel", "Tours", "Holidays", "Tourism"}},
	{industries: []string{"Recreational Facilities and Services"}, suffixes: []string{"Leisure", "Recreation", "Parks", "Adventures"}},
	{industries: []string{"Events Services"}, suffixes: []string{"Events", "Event Management", "Experiences"}},
	{industries: []string{"Gambling & Casinos"}, suffixes: []string{"Casino", "Casinos", "Gaming", "Resorts"}},
	{industries: []string{"Real Estate"}, suffixes: []string{"Realty", "Properties", "Real Estate", "Estates"}},
	{industries: []string{"Commercial Real Estate"}, suffixes: []string{"Properties", "Realty", "Real Estate"}},
	{industries: []string{"Facilities Services"}, suffixes: []string{"Facilities", "Facility Services", "Maintenance"}},
	{industries: []string{"Non-Profit Organization Management"}, suffixes: []string{"Foundation", "Trust", "Alliance"}},
	{industries: []string{"Philanthropy"}, suffixes: []string{"Foundation", "Trust", "Fund"}},
	{industries: []string{"Fund-Raising"}, suffixes: []string{"Fundraising", "Foundation", "Appeal"}},
	{industries: []string{"Civic & Social Organization"}, suffixes: []string{"Association", "Society", "Council"}},
	{industries: []string{"Religious Institutions"}, suffixes: []string{"Fellowship", "Foundation", "Community"}},
	{industries: []string{"Museums and Institutions"}, suffixes: []string{"Museum", "Heritage", "Gallery"}},
	{industries: []string{"Individual & Family Services"}, suffixes: []string{"Care", "Family Services", "Community Services"}},
}

// otherSuffixes end the names of industries of no nameKind.
var otherSuffixes = []string{"Group", "Solutions", "International", "Services", "Company", "Global"}

// kindOfIndustry finds, by industry name, its entry of nameKinds.
var kindOfIndustry = sync.OnceValue(func() map[string]*nameKind {
	out := map[string]*nameKind{}
	for k := range nameKinds {
		for _, ind := range nameKinds[k].industries {
			if out[ind] != nil {
				panic("world: industry " + ind + " in two name kinds") // a slip in nameKinds
			}
			out[ind] = &nameKinds[k]
		}
	}
	return out
})

// allSuffixes are the endings of every kind of business, as a set.
var allSuffixes = sync.OnceValue(func() map[string]bool {
	out := map[string]bool{}
	for _, k := range nameKinds {
		for _, s := range k.suffixes {
			out[s] = true
		}
	}
	for _, s := range otherSuffixes {
		out[s] = true
	}
	return out
})

// saysOtherBusiness reports whether a name ends in an ending of another
// business than suffixes', the longest that fits: a partner's surname
// that is one ("Cheung & Law" of accountants reads as a law firm).
func saysOtherBusiness(name string, suffixes []string) bool {
	longest := ""
	for s := range allSuffixes() {
		if len(s) > len(longest) && strings.HasSuffix(name, " "+s) {
			longest = s
		}
	}
	return longest != "" && !slices.Contains(suffixes, longest)
}

// suffixesFor returns the name endings that fit an industry, whether it
// is one of technology and whether its firms go by partners' names.
func suffixesFor(industry string) (suffixes []string, tech, partners bool) {
	if k := kindOfIndustry()[industry]; k != nil {
		return k.suffixes, k.tech, k.partners
	}
	return otherSuffixes, false, false
}

// suffixSince is the year from which a name ending reads as one a
// company founded then would choose: no "Cloud" before cloud computing,
// no "AI" company before the deep-learning years, no "Data" or "Digital"
// start-up before the web. Endings not listed fit any year.
var suffixSince = map[string]int{
	"AI": 2012, "Cloud": 2008, "Data": 1995, "Digital": 1993, "Labs": 1995, "Networks": 1985,
	"Software": 1975, "Technologies": 1980, "Therapeutics": 1980, "Bio": 1985, "Talent": 2000,
	"Creative": 1990, "Learning": 1995, "Brands": 1990, "Solutions": 1985, "Global": 1990,
	"Cyber": 1995, "Interactive": 1990, "Biosciences": 1985, "Genomics": 1990, "Life Sciences": 1990,
	"Insights": 1995, "Robotics": 1980, "Experiences": 2005, "Content": 1995, "Payments": 1990,
	"People": 2005, "Localization": 1990,
}

// suffixesOf returns the endings of suffixes that fit a company founded
// in year; when none does, those that came into use first.
func suffixesOf(suffixes []string, year int) []string {
	var out []string
	for _, s := range suffixes {
		if since, ok := suffixSince[s]; !ok || year >= since {
			out = append(out, s)
		}
	}
	if len(out) > 0 {
		return out
	}
	first := slices.MinFunc(suffixes, func(a, b string) int { return suffixSince[a] - suffixSince[b] })
	for _, s := range suffixes {
		if suffixSince[s] == suffixSince[first] {
			out = append(out, s)
		}
	}
	return out
}

// multinational is the head count from which a company hires and keeps
// offices abroad.
const multinational = 1000

// legalForms are the suffixes companies of a country often carry.
var legalForms = map[string][]string{
	"US": {"Inc.", "LLC"}, "GB": {"Ltd"}, "IE": {"Ltd"}, "DE": {"GmbH", "AG"}, "AT": {"GmbH"},
	"CH": {"AG", "GmbH", "SA"}, "FR": {"SAS", "SA"}, "ES": {"S.L.", "S.A."}, "MX": {"S.A. de C.V."},
	"IT": {"S.r.l.", "S.p.A."}, "NL": {"B.V."}, "BE": {"NV", "SRL"}, "SE": {"AB"}, "NO": {"AS"},
	"DK": {"A/S", "ApS"}, "FI": {"Oy"}, "PL": {"Sp. z o.o."}, "BR": {"Ltda."}, "CA": {"Inc.", "Ltd."},
	"AU": {"Pty Ltd"}, "IN": {"Pvt. Ltd."}, "JP": {"K.K."},
}

// countryEndings are the domain endings a country's own companies
// register, the usual one first. A country not listed uses ".com" first
// and its own code second: there, local companies are as often on ".com".
var countryEndings = map[string][]string{
	"US": {"com", "net", "us"}, "GB": {"co.uk", "com", "uk"}, "IE": {"ie", "com"}, "CA": {"ca", "com"},
	"AU": {"com.au", "com"}, "NZ": {"co.nz", "com"}, "ZA": {"co.za", "com"}, "IN": {"in", "co.in", "com"},
	"DE": {"de", "com"}, "AT": {"at", "com"}, "CH": {"ch", "com"}, "FR": {"fr", "com"}, "BE": {"be", "com"},
	"NL": {"nl", "com"}, "LU": {"lu", "com"}, "ES": {"es", "com"}, "PT": {"pt", "com"}, "IT": {"it", "com"},
	"SE": {"se", "com"}, "NO": {"no", "com"}, "DK": {"dk", "com"}, "FI": {"fi", "com"}, "IS": {"is", "com"},
	"PL": {"pl", "com"}, "CZ": {"cz", "com"}, "SK": {"sk", "com"}, "HU": {"hu", "com"}, "RO": {"ro", "com"},
	"BG": {"bg", "com"}, "GR": {"gr", "com"}, "HR": {"hr", "com"}, "SI": {"si", "com"}, "RS": {"rs", "com"},
	"LT": {"lt", "com"}, "LV": {"lv", "com"}, "EE": {"ee", "com"}, "RU": {"ru", "com"}, "UA": {"com.ua", "ua", "com"},
	"BY": {"by", "com"}, "KZ": {"kz", "com"}, "TR": {"com.tr", "com"}, "IL": {"co.il", "com"},
	"BR": {"com.br", "com"}, "MX": {"com.mx", "mx", "com"}, "AR": {"com.ar", "com"}, "CO": {"com.co", "com"},
	"CL": {"cl", "com"}, "PE": {"com.pe", "pe", "com"}, "UY": {"com.uy", "com"}, "EC": {"com.ec", "com"},
	"VE": {"com.ve", "com"}, "JP": {"co.jp", "jp", "com"}, "KR": {"co.kr", "com"}, "CN": {"cn", "com.cn", "com"},
	"TW": {"com.tw", "com"}, "HK": {"com.hk", "com"}, "SG": {"com.sg", "sg", "com"}, "MY": {"com.my", "my", "com"},
	"ID": {"co.id", "com"}, "TH": {"co.th", "com"}, "VN": {"vn", "com.vn", "com"}, "PH": {"com.ph", "ph", "com"},
	"PK": {"com.pk", "pk", "com"}, "BD": {"com.bd", "com"}, "EG": {"com.eg", "com"}, "SA": {"com.sa", "sa", "com"},
	"AE": {"ae", "com"}, "NG": {"com.ng", "ng", "com"}, "KE": {"co.ke", "com"},
}

// techEndings are the endings start-ups favour.
var techEndings = []string{"io", "co", "ai"}

// genericEndings are the endings of no country, as companies use them:
// a web address with one reads as from anywhere.
var genericEndings = []string{"com", "net", "org", "io", "co", "ai"}

// domainEndings lists the endings a company's domain may take, the one it
// most likely registered first: its country's usual one for a local
// company, mostly ".com" for a multinational, now and then a start-up's
// ending for a tech company; then the others, in case the first is taken.
func domainEndings(r *rand.Rand, country string, staff int32, tech bool) []string {
	local, ok := countryEndings[country]
	if !ok {
		local = []string{"com", strings.ToLower(country)}
	}
	out := make([]string, 0, len(local)+len(techEndings)+2)
	add := func(e string) {
		if !slices.Contains(out, e) {
			out = append(out, e)
		}
	}
	switch {
	case staff >= multinational:
		add("com") // what hires abroad is known by a web address of no country
	case tech && chance(r, 25):
		add(pick(r, techEndings))
	}
	for _, e := range local {
		add(e)
	}
	add("com")
	if tech {
		for _, e := range techEndings {
			add(e)
		}
	}
	return out
}

// brand is a drawn company name before any legal form, with the words
// its domain can be made of.
type brand struct {
	name   string // "Goldenspark Labs", "Smith & Jones"
	stem   string // its distinctive words as a domain spells them: "goldenspark", "smithjones"
	hyphen string // the stem with its words apart, "golden-spark"; "" for a single word
	extra  string // a word of the industry as a domain spells it, "labs": the name's own ending, or one that fits
	// alone is whether the stem can be a domain by itself: a coined or
	// compound brand can, but no small firm owns smith.com, austin.com or
	// abc.com.
	alone bool
}

// coinAfter is the number of names drawn for a company, all taken, after
// which the next ones are coined from syllables: a space no world
// exhausts, so that the search always ends.
const coinAfter = 12

// drawBrand draws a company name of one of the forms companies carry: a
// compound brand, two words, a coined word, the founders' surnames or
// initials, most followed by a word of the industry.
func drawBrand(r *rand.Rand, c *Company, g *gazetteer, nb *nameBook, suffixes []string, partners, coin bool) brand {
	suffix := pick(r, suffixes)
	b := brand{extra: mailify(suffix)}
	x := intN(r, 100)
	if coin {
		stem := pick(r, coinSyllables) + pick(r, coinSyllables) + pick(r, coinEndings)
		b.name, b.stem, b.alone = strings.ToUpper(stem[:1])+stem[1:]+" "+suffix, stem, true
		return b
	}
	switch {
	case x < 52:
		head, tail := compound(r)
		b.stem, b.hyphen, b.alone = strings.ToLower(head)+tail, strings.ToLower(head)+"-"+tail, true
		b.name = head + tail
		// "Stoneworks", not "Stoneworks Works".
		if x < 40 && !strings.HasSuffix(b.stem, b.extra) {
			b.name += " " + suffix
		}
	case x < 62:
		head, tail := compound(r)
		b.stem, b.hyphen, b.alone = strings.ToLower(head)+tail, strings.ToLower(head)+"-"+tail, true
		b.name = head + " " + strings.ToUpper(tail[:1]) + tail[1:]
		if chance(r, 75) && !strings.HasSuffix(b.stem, b.extra) {
			b.name += " " + suffix
		}
	case x < 70, x < 95 && c.StaffCount >= multinational:
		// A company that hires abroad goes by a coined brand, not by its
		// home town or its founders: "Mumbai Shipping" or "Novák &
		// Dvořák" read wrong on an office in Jämsä.
		word := pick(r, coinRoots) + pick(r, coinEndings)
		b.stem, b.alone = strings.ToLower(word), true
		b.name = word
		if chance(r, 60) {
			b.name += " " + suffix
		}
	case x < 95:
		// No firm is named for its home town ("Buenos Aires Kitchen"):
		// its people work where they live, and a role of it in Trelew
		// reads as one of a firm of another city.
		cul := &nb.cultures[nb.byCountry[g.placeCountry[c.City]]]
		a, z := pick(r, cul.lastMale), pick(r, cul.lastMale)
		if a.latin != z.latin && chance(r, 50) && partners {
			b.name, b.stem, b.hyphen, b.alone = a.latin+" & "+z.latin, a.mail+z.mail, a.mail+"-"+z.mail, true
		} else {
			b.name, b.stem = a.latin+" "+suffix, a.mail
			if a.slug != a.mail {
				b.hyphen = a.slug // "van-der-linden"
			}
		}
	default:
		letters := make([]byte, between(r, 2, 3))
		for i := range letters {
			letters[i] = byte('A' + intN(r, 26))
		}
		b.name, b.stem = string(letters)+" "+suffix, strings.ToLower(string(letters))
	}
	return b
}

// compound draws the head and tail of a compound name: two different
// words that do not run three letters together ("Fernbrook", not
// "Fernfern" or "Quillline").
func compound(r *rand.Rand) (head, tail string) {
	head = pick(r, nameHeads)
	n := len(head)
	for {
		tail = pick(r, nameTails)
		triple := head[n-1] == tail[0] && head[n-2] == tail[0]
		if !triple && !strings.EqualFold(head, tail) {
			return head, tail
		}
	}
}

// name invents a name, slug and domain for a company that no other
// company has: names are drawn until one is free in all three, so that
// neither a reader nor a mail server confuses two companies.
func (b *companyBook) name(r *rand.Rand, c *Company, g *gazetteer, nb *nameBook, industry string) {
	country := g.countries[g.placeCountry[c.City]].Code
	suffixes, tech, partners := suffixesFor(industry)
	suffixes = suffixesOf(suffixes, int(c.Founded))
	endings := domainEndings(r, country, c.StaffCount, tech)
	for attempt := 0; ; attempt++ {
		br := drawBrand(r, c, g, nb, suffixes, partners, attempt >= coinAfter)
		name := br.name
		// Big companies go by their brand; the legal form is for the
		// register (and would follow them abroad, where they hire too).
		if forms := legalForms[country]; forms != nil && c.StaffCount < multinational && chance(r, 35) {
			name += " " + pick(r, forms)
		}
		if namedLikePlace(br.name, country, g.places[c.City].Name, b.cities) || saysOtherBusiness(br.name, suffixes) {
			continue
		}
		key, slug := strings.ToLower(br.name), slugify(name)
		if _, taken := b.slugs[slug]; taken || b.names[key] || slug == "" {
			continue
		}
		domain := b.freeDomain(br, endings, tech)
		if domain == "" {
			continue
		}
		b.names[key], b.domains[domain], b.slugs[slug] = true, true, c.Index
		c.Name, c.Slug, c.Domain = name, slug, domain
		return
	}
}

// namedCity is the population from which a place's name, on a company
// of its country, reads as the city's: "Aurora Logistics" in Chicago is
// a firm of Aurora, Illinois.
const namedCity = 100_000

// cityNames holds the names of the cities of each country as a domain
// spells them, keyed "US/aurora".
type cityNames map[string]bool

// citiesOf returns the names of the places of namedCity people or more,
// by country.
func citiesOf(g *gazetteer) cityNames {
	out := cityNames{}
	for i := range g.places {
		if p := &g.places[i]; p.Population >= namedCity {
			out[p.Country+"/"+mailify(p.Name)] = true
		}
	}
	return out
}

// namedLikePlace reports whether a company name begins with the name of
// its home town or of a city of its country, or a partner's surname
// after "&" does: a founder's surname that is also the town's name
// ("Warren International" of Warren, Michigan), a compound that spells
// it ("Spring Field Logistics" of Springfield) or a coined word that is
// a city's ("Novara"). Such a firm reads as named for the town, and a
// role of it elsewhere as one of a firm of another city.
func namedLikePlace(name, country, home string, cities cityNames) bool {
	town := mailify(home)
	for _, part := range strings.Split(name, " & ") {
		spelt := ""
		for _, word := range strings.Fields(part) {
			spelt += mailify(word)
			if spelt != "" && (spelt == town || cities[country+"/"+spelt]) {
				return true
			}
		}
	}
	return false
}

// freeDomain returns the first domain no company has among those a
// company of the brand would register, in the order it would try them:
// every form under its first ending before any under another
// ("goldenspark.de", "goldensparklabs.de", "golden-spark.de", ...,
// "goldenspark.com", ...), or "" when all are taken.
func (b *companyBook) freeDomain(br brand, endings []string, tech bool) string {
	var forms []string
	// No "stoneworksworks.com": a stem that ends in the industry's word
	// does not take it again.
	extra := !strings.HasSuffix(br.stem, br.extra)
	if br.alone {
		forms = append(forms, br.stem)
	}
	if extra {
		forms = append(forms, br.stem+br.extra)
	}
	if br.alone && br.hyphen != "" {
		forms = append(forms, br.hyphen)
	}
	if extra {
		forms = append(forms, br.stem+"-"+br.extra)
		if br.hyphen != "" {
			forms = append(forms, br.hyphen+"-"+br.extra)
		}
	}
	if tech && br.alone {
		forms = append(forms, "get"+br.stem, br.stem+"hq")
	}
	for _, e := range endings {
		for _, f := range forms {
			if d := f + "." + e; !b.domains[d] {
				return d
			}
		}
	}
	return ""
}
