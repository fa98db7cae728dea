package world

import (
	"math/rand/v2"
	"strconv"
	"strings"
)

// CompanyType is the legal kind of a company, as the Company API's `type`.
type CompanyType uint8

// Company types.
const (
	PrivateCompany CompanyType = iota
	PublicCompany
	Nonprofit
	Partnership
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
	names     map[string]bool
	domains   map[string]bool
}

// genCompanies builds n companies. Head offices follow the same
// population-and-network weighting as people, so every country with
// people has employers in proportion.
func genCompanies(seed int64, n int, g *gazetteer, iv *industryVocab, nb *nameBook, now int) *companyBook {
	b := &companyBook{
		companies: make([]Company, n),
		slugs:     make(map[string]int32, n),
		ids:       make(map[int64]int32, n),
		names:     make(map[string]bool, n),
		domains:   make(map[string]bool, n),
	}
	r := newRand(uint64(seed), streamCompany)
	for i := range b.companies {
		c := &b.companies[i]
		c.Index = int32(i)
		c.Seed = seedFor(seed, streamCompanyInfo, i)
		c.City = int32(g.residents.draw(r))
		c.Industry = IndustryID(iv.common.draw(r))
		ind := iv.name(c.Industry)
		c.StaffCount = drawStaff(r)
		if limit, ok := industryMaxStaff[ind]; ok && c.StaffCount > limit {
			// Agencies and studios do not employ tens of thousands.
			c.StaffCount = int32(between(r, int(limit)/10, int(limit)))
		}
		c.Type = companyType(r, ind, c.StaffCount)
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
		b.name(r, c, g, nb, ind)
	}
	return b
}

// drawStaff draws a declared head count: most companies are small, a few
// are huge, as on the network.
func drawStaff(r *rand.Rand) int32 {
	x := intN(r, 100)
	switch {
	case x < 25:
		return int32(between(r, 1, 10))
	case x < 50:
		return int32(between(r, 11, 50))
	case x < 70:
		return int32(between(r, 51, 200))
	case x < 81:
		return int32(between(r, 201, 500))
	case x < 88:
		return int32(between(r, 501, 1000))
	case x < 95:
		return int32(between(r, 1001, 5000))
	case x < 98:
		return int32(between(r, 5001, 10000))
	}
	return int32(between(r, 10001, 10001+intN(r, 300000)))
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
	"Market Research": 10000, "Motion Pictures and Film": 10000,
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

func companyType(r *rand.Rand, industry string, staff int32) CompanyType {
	switch industry {
	case "Higher Education", "Primary/Secondary Education":
		return EducationalInstitution
	case "Government Administration", "Military", "Judiciary", "Legislative Office", "Public Safety":
		return GovernmentAgency
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

// Words of made-up company names.
var (
	nameHeads = []string{"Blue", "Bright", "North", "Silver", "Iron", "Green", "Red", "Summit", "Apex", "Nova",
		"Terra", "Quantum", "Vertex", "Cobalt", "Crystal", "Golden", "Swift", "Clear", "True", "Stone", "Oak",
		"Pine", "Cedar", "Maple", "River", "Lake", "Ocean", "Sky", "Star", "Sun", "Polar", "Urban", "Prime",
		"Bold", "Harbor", "Pioneer", "Atlas", "Beacon", "Cascade", "Delta", "Echo", "Falcon", "Granite",
		"Horizon", "Lumen", "Meridian", "Nimbus", "Orbit", "Pixel", "Rapid", "Signal", "Titan", "Vector",
		"Zenith", "Arc", "Core", "Flux", "Amber", "Birch", "Coral", "Ember", "Frost", "Hazel", "Indigo",
		"Jade", "Kite", "Lark", "Mosaic", "Onyx", "Quill", "Raven", "Sage", "Tidal", "Vivid", "West", "East"}
	nameTails = []string{"peak", "wave", "stone", "field", "bridge", "path", "point", "line", "forge", "works",
		"light", "gate", "leaf", "river", "core", "scale", "sight", "mark", "stack", "base", "craft", "loop",
		"ware", "grid", "hub", "logic", "mind", "shift", "spark", "sphere", "stream", "vault", "view", "well",
		"wind", "wood", "yard", "bay", "crest", "dale", "ford", "haven", "ridge", "rock", "shore", "vale"}
)

// suffixesFor returns name endings that fit an industry.
func suffixesFor(industry string) []string {
	has := func(words ...string) bool {
		for _, w := range words {
			if strings.Contains(industry, w) {
				return true
			}
		}
		return false
	}
	switch {
	case has("Software", "Internet", "Computer", "Information", "Semiconductors", "Wireless", "Telecom", "Nanotech"):
		return []string{"Labs", "Systems", "Technologies", "Software", "Digital", "AI", "Cloud", "Networks", "Data"}
	case has("Bank", "Financ", "Invest", "Capital", "Venture", "Insurance", "Accounting"):
		return []string{"Capital", "Partners", "Financial", "Advisors", "Finance", "Assurance"}
	case has("Health", "Hospital", "Medical", "Pharma", "Biotech", "Veterinary", "Mental"):
		return []string{"Health", "Medical", "Care", "Clinic", "Therapeutics", "Bio"}
	case has("Law", "Legal", "Judiciary", "Dispute"):
		return []string{"Law", "Legal", "& Partners", "Attorneys"}
	case has("Consulting", "Research", "Think", "Staffing", "Human Resources", "Outsourcing"):
		return []string{"Consulting", "Group", "Partners", "Advisory", "Talent", "Associates"}
	case has("Media", "Entertainment", "Film", "Music", "Broadcast", "Animation", "Arts", "Publishing", "Photography"):
		return []string{"Media", "Studios", "Productions", "Pictures", "Records", "Creative"}
	case has("Education", "E-Learning", "Training", "Libraries"):
		return []string{"Academy", "Learning", "Institute", "Education", "School"}
	case has("Manufactur", "Engineering", "Machinery", "Automotive", "Chemicals", "Plastics", "Mining",
		"Construction", "Building", "Oil", "Utilities", "Renewables", "Shipbuilding", "Aerospace"):
		return []string{"Industries", "Manufacturing", "Engineering", "Energy", "Materials", "Works"}
	case has("Retail", "Consumer", "Food", "Apparel", "Wine", "Luxury", "Cosmetics", "Sporting", "Supermarkets"):
		return []string{"Goods", "Brands", "Co.", "Market", "Foods", "Store"}
	case has("Logistics", "Transport", "Freight", "Warehousing", "Maritime", "Airlines", "Import"):
		return []string{"Logistics", "Freight", "Shipping", "Transport", "Cargo"}
	case has("Hospitality", "Restaurants", "Leisure", "Recreational", "Events", "Gambling"):
		return []string{"Hospitality", "Hotels", "Events", "Travel", "Kitchen"}
	}
	return []string{"Group", "Solutions", "International", "Services", "Company", "Global"}
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

// tlds are the domain endings of a country, most common first.
var tlds = map[string][]string{
	"US": {"com", "com", "com", "io", "co"}, "GB": {"co.uk", "com", "io"}, "DE": {"de", "com"}, "FR": {"fr", "com"},
	"AU": {"com.au"}, "BR": {"com.br"}, "IN": {"in", "com"}, "JP": {"co.jp", "jp"}, "CN": {"cn", "com.cn"},
	"CA": {"ca", "com"},
}

// name invents a unique name, slug and domain for a company.
func (b *companyBook) name(r *rand.Rand, c *Company, g *gazetteer, nb *nameBook, industry string) {
	cid := g.placeCountry[c.City]
	country := g.countries[cid].Code
	suffixes := suffixesFor(industry)
	var base, name string
	for attempt := 0; ; attempt++ {
		switch x := intN(r, 100); {
		case x < 55:
			base = pick(r, nameHeads) + pick(r, nameTails)
			name = base + " " + pick(r, suffixes)
		case x < 70:
			base = pick(r, nameHeads) + pick(r, nameTails)
			name = base
		case x < 85:
			cul := &nb.cultures[nb.byCountry[cid]]
			a, z := pick(r, cul.lastMale), pick(r, cul.lastMale)
			base = a.latin
			if a.latin != z.latin && chance(r, 50) {
				name = a.latin + " & " + z.latin
			} else {
				name = a.latin + " " + pick(r, suffixes)
			}
		default:
			// Named after the home town, where the town's name is one a
			// company would carry ("Austin", not "Thành Phố Uông Bí").
			base = g.places[c.City].Name
			if foldASCII(base) != base || strings.Count(base, " ") > 1 {
				base = pick(r, nameHeads) + pick(r, nameTails)
			}
			name = base + " " + pick(r, suffixes)
		}
		// Big companies go by their brand; the legal form is for the
		// register (and would follow them abroad, where they hire too).
		if forms := legalForms[country]; forms != nil && c.StaffCount < multinational && chance(r, 35) {
			name += " " + pick(r, forms)
		}
		if !b.names[strings.ToLower(name)] || attempt >= 8 {
			break
		}
	}
	b.names[strings.ToLower(name)] = true
	c.Name = name
	c.Slug = slugify(name)
	if c.Slug == "" {
		c.Slug = "company"
	}
	slug := c.Slug
	for n := 2; ; n++ {
		if _, dup := b.slugs[c.Slug]; !dup {
			break
		}
		c.Slug = slug + "-" + strconv.Itoa(n)
	}
	b.slugs[c.Slug] = c.Index
	stem := mailify(base)
	if stem == "" {
		stem = mailify(c.Slug)
	}
	tld := "com"
	if ts := tlds[country]; ts != nil {
		tld = pick(r, ts)
	} else if chance(r, 40) {
		tld = strings.ToLower(country)
	}
	domain := stem + "." + tld
	for n := 2; b.domains[domain]; n++ {
		domain = stem + strconv.Itoa(n) + "." + tld
	}
	b.domains[domain] = true
	c.Domain = domain
}
