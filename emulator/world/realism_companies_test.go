package world

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/enrich-dev/enrich/internal/human"
)

// companyChecks count what a reader notices in companies: their domains,
// head offices and head counts.
var companyChecks = []realismCheck{
	{name: "company websites with a digit in the domain", startOnly: true, count: countDigitDomains},
	{name: "work e-mail addresses on a domain with a digit", count: countDigitWorkMail},
	{name: "companies sharing a name or a domain with another, or with a numbered slug", startOnly: true, count: countSharedNames},
	{name: "companies of more than " + human.Thousands(bigCompany) + " staff headquartered in a place of fewer than " + human.Thousands(bigCity) + " people, outside their country's three largest", count: countSmallTownGiants},
	{name: "self-employed companies with a staff count or a payroll other than one person, its owner since its founding", count: countSelfEmployed},
	{name: "head offices outside English-speaking countries on a street with an English name", startOnly: true, count: countEnglishStreets},
	{name: "company names with an ending not yet in use when the company was founded (\"Cloud\" in 1995)", startOnly: true, count: countAnachronisticNames},
	{name: "company specialities that are employees' skills, not lines of business", startOnly: true, count: countSkillSpecialities},
	{name: "specialists of an in-house function at employers too small for it or of a trade without it (a tax advisor at a fishery of 26)", count: countRoleFunctionMisfits},
	{name: "company names whose ending says another industry (Quillstar Foods in consumer electronics)", startOnly: true, count: countMisnamedBusinesses},
	{name: "endings a company name of an industry may take that the table of what each ending says does not judge to fit it", startOnly: true, count: countUnjudgedEndings},
}

// companyInfo is what the realism checks read of /company/info.
type companyInfo struct {
	Specialities []string `json:"specialities"`
	Locations    []struct {
		Line1   string `json:"line1"`
		Country string `json:"country"`
	} `json:"confirmedLocations"`
}

func readCompanyInfo(w *World, c *Company) companyInfo {
	var info companyInfo
	if err := json.Unmarshal(w.CompanyInfo(c), &info); err != nil {
		panic(err)
	}
	return info
}

// englishSpeaking are the countries where English street names are the
// local ones (or one of them).
var englishSpeaking = []string{"US", "GB", "CA", "AU", "NZ", "IE", "ZA", "NG", "GH", "KE", "UG", "TZ", "ZM", "ZW",
	"BW", "NA", "JM", "TT", "BS", "BB", "BZ", "GY", "SG", "PH", "MT", "PK", "LK", "MW", "SL", "LR", "GM", "FJ", "PG",
	"BM", "KY", "GI", "IM", "JE", "GG", "RW", "SS", "CM", "MU", "SC", "VU", "SB", "WS", "TO", "AG", "DM", "GD", "KN",
	"LC", "VC", "NP", "BD", "MM", "ET", "ER", "SD", "LS", "SZ", "BT", "MV", "HK", "IN", "AE", "SA", "EG", "QA", "KW",
	"BH", "OM", "JO", "TH", "MY", "BN", "AC", "AI", "AQ", "AS", "BV", "CC", "CK", "CX", "FK", "FM", "GS", "GU", "HM",
	"IO", "KI", "MH", "MP", "MS", "NF", "NR", "NU", "PN", "PW", "SH", "TA", "TC", "TK", "TV", "UM", "VG", "VI"}

// countEnglishStreets counts the head offices in countries whose streets
// are not named in English that are on a street of the English list
// ("145 Broadway, Esenler").
func countEnglishStreets(w *World) tally {
	var n tally
	english := streets[""].names
	for _, c := range w.Companies() {
		info := readCompanyInfo(w, c)
		hq := info.Locations[0]
		if slices.Contains(englishSpeaking, hq.Country) || hq.Line1 == "" {
			continue
		}
		bad := slices.ContainsFunc(english, func(s string) bool { return strings.Contains(hq.Line1, s) })
		n.add(bad, "%s: %s, %s", c.Name, hq.Line1, hq.Country)
	}
	return n
}

// countAnachronisticNames counts the companies whose name ends in a word
// that came into use after their founding (suffixSince).
func countAnachronisticNames(w *World) tally {
	var n tally
	for _, c := range w.Companies() {
		// The ending is the last word before the legal form; the others
		// are the brand's ("Cloud Dale", "Saint Cloud").
		name := c.Name
		for _, forms := range legalForms {
			for _, f := range forms {
				name = strings.TrimSuffix(name, " "+f)
			}
		}
		words := strings.Fields(name)
		since, ok := suffixSince[words[len(words)-1]]
		bad := ok && len(words) > 1 && int(c.Founded) < since
		n.add(bad, "%s, founded %d", c.Name, c.Founded)
	}
	return n
}

// countSkillSpecialities counts the specialities companies list that are
// skills of the vocabulary people list ("Culinary Skills" at a hospital)
// and no industry's line of business ("Video Production" is both).
func countSkillSpecialities(w *World) tally {
	var n tally
	skills := map[string]bool{}
	for _, s := range w.skills.names {
		skills[s] = true
	}
	for _, b := range businessLines {
		for _, l := range b.lines {
			delete(skills, l)
		}
	}
	for _, c := range w.Companies() {
		for _, s := range readCompanyInfo(w, c).Specialities {
			n.add(skills[s], "%s (%s): %s", c.Name, w.industries.name(c.Industry), s)
		}
	}
	return n
}

// countDigitDomains counts the companies whose domain has a digit: a
// name resolved by counting ("goldenspark3.com"), which no company
// registers.
func countDigitDomains(w *World) tally {
	var n tally
	for _, c := range w.Companies() {
		n.add(strings.ContainsAny(c.Domain, "0123456789"), "%s at %s", c.Name, c.Domain)
	}
	return n
}

// countDigitWorkMail counts the work addresses, as people show them at
// the world's clock, whose domain has a digit.
func countDigitWorkMail(w *World) tally {
	var n tally
	for i := range w.Len() {
		for _, e := range w.Person(i).Emails {
			if e.Kind != EmailWork {
				continue
			}
			_, domain, _ := strings.Cut(e.Address, "@")
			n.add(strings.ContainsAny(domain, "0123456789"), "person %d: %s", i, e.Address)
		}
	}
	return n
}

// countSharedNames counts the companies that a reader could mistake for
// another: the same name (in any case) or domain as an earlier company,
// or a slug told apart by a number ("goldenspark-2").
func countSharedNames(w *World) tally {
	var n tally
	names, domains := map[string]string{}, map[string]string{}
	for _, c := range w.Companies() {
		name := strings.ToLower(c.Name)
		numbered := false
		if k := strings.LastIndexByte(c.Slug, '-'); k >= 0 {
			numbered = strings.Trim(c.Slug[k+1:], "0123456789") == ""
		}
		n.add(names[name] != "" || domains[c.Domain] != "" || numbered,
			"%s (%s, %s); the name is also %q's, the domain %q's", c.Name, c.Slug, c.Domain, names[name], domains[c.Domain])
		if names[name] == "" {
			names[name] = c.Slug
		}
		if domains[c.Domain] == "" {
			domains[c.Domain] = c.Slug
		}
	}
	return n
}

// countSmallTownGiants counts the companies of more than bigCompany staff
// whose head office is in a place of fewer than bigCity people,
// unless that place is one of its country's three largest (a country
// without big cities has its giants in its largest towns).
func countSmallTownGiants(w *World) tally {
	var n tally
	largest := map[string][]int32{} // country → its three most populous towns (not sections of one)
	for i, pl := range w.Places() {
		if w.geo.cityOf[i] != int32(i) {
			continue
		}
		top := append(largest[pl.Country], int32(i))
		slices.SortFunc(top, func(a, b int32) int { return int(w.Places()[b].Population - w.Places()[a].Population) })
		largest[pl.Country] = top[:min(len(top), 3)]
	}
	for _, c := range w.Companies() {
		if c.StaffCount <= bigCompany {
			continue
		}
		hq := w.Places()[c.City]
		n.add(hq.Population < bigCity && !slices.Contains(largest[hq.Country], c.City),
			"%s (%d staff) in %s, %d people", c.Name, c.StaffCount, hq.Display, hq.Population)
	}
	return n
}

// countSelfEmployed counts the self-employed companies that declare a
// staff other than one or that other than one person has worked at: a
// self-employed person's business is that person, its owner since its
// founding (until they retire), at home.
func countSelfEmployed(w *World) tally {
	var n tally
	for _, c := range w.Companies() {
		if c.Type != SelfEmployed {
			continue
		}
		people := w.Employees(c, StatusBoth)
		bad := c.StaffCount != 1 || len(people) != 1
		if !bad {
			p := people[0]
			k := slices.IndexFunc(p.Jobs, func(j Job) bool { return j.Company == c.Index })
			bad = k < 0 || p.Jobs[k].Start.Year() != int(c.Founded) || w.Title(p.Jobs[k].Title).Level != Founder ||
				w.Places()[p.City].Country != w.Places()[c.City].Country
		}
		n.add(bad, "%s: staff count %d, %d people on its payroll", c.Name, c.StaffCount, len(people))
	}
	return n
}

// Self-employed companies exist, so that countSelfEmployed checks some.
func TestSelfEmployed(t *testing.T) {
	w := New(Config{Seed: 3, People: 4000})
	n := countSelfEmployed(w)
	if n.of == 0 || n.bad > 0 {
		t.Errorf("self-employed companies: %s bad; for example %v", n, n.examples)
	}
}

// endingBusiness are, for each ending a company name takes that says a
// business, the industries whose companies it fits: "Foods" those that
// make or sell food, "Labs" software, "Motors" the motor trade.
var endingBusiness = map[string][]string{
	"& Partners":         {"Accounting", "Law Practice", "Legal Services"},
	"Academy":            {"Higher Education", "Primary/Secondary Education", "E-Learning", "Professional Training & Coaching"},
	"Accountants":        {"Accounting"},
	"Accounting":         {"Accounting"},
	"Adventures":         {"Recreational Facilities and Services"},
	"Advertising":        {"Marketing and Advertising"},
	"Advisors":           {"Investment Banking", "Capital Markets", "Financial Services", "Accounting", "Government Relations"},
	"Advisory":           {"Management Consulting"},
	"Aero":               {"Aviation & Aerospace"},
	"Aerospace":          {"Aviation & Aerospace", "Defense & Space"},
	"Agency":             {"Marketing and Advertising"},
	"Agriculture":        {"Farming"},
	"AI":                 {"Computer Software", "Internet", "Information Technology and Services", "Information Services"},
	"Air":                {"Airlines/Aviation"},
	"Airlines":           {"Airlines/Aviation"},
	"Airways":            {"Airlines/Aviation"},
	"Alliance":           {"Non-Profit Organization Management"},
	"Analytics":          {"Research", "Market Research"},
	"Animal Care":        {"Veterinary"},
	"Animal Hospital":    {"Veterinary"},
	"Animation":          {"Animation"},
	"Apparel":            {"Apparel & Fashion"},
	"Appeal":             {"Fund-Raising"},
	"Arbitration":        {"Alternative Dispute Resolution"},
	"Architects":         {"Architecture & Planning"},
	"Architecture":       {"Architecture & Planning"},
	"Art":                {"Fine Art"},
	"Arts":               {"Performing Arts"},
	"Asset Management":   {"Investment Management", "Venture Capital & Private Equity"},
	"Associates":         {"Accounting", "Management Consulting", "Program Development"},
	"Association":        {"Civic & Social Organization"},
	"Assurance":          {"Insurance"},
	"Athletics":          {"Sporting Goods", "Sports"},
	"Attorneys":          {"Law Practice"},
	"Auto":               {"Automotive"},
	"Automation":         {"Industrial Automation"},
	"Automotive":         {"Automotive"},
	"Aviation":           {"Aviation & Aerospace", "Airlines/Aviation"},
	"Bancorp":            {"Banking"},
	"Bank":               {"Banking"},
	"Beauty":             {"Cosmetics"},
	"Beverages":          {"Food & Beverages"},
	"Bio":                {"Biotechnology"},
	"Biosciences":        {"Biotechnology"},
	"Books":              {"Publishing"},
	"Brands":             {"Consumer Goods", "Food & Beverages"},
	"Broadcasting":       {"Broadcast Media"},
	"Builders":           {"Construction"},
	"Building":           {"Construction"},
	"Capital":            {"Investment Banking", "Capital Markets", "Investment Management", "Venture Capital & Private Equity", "Financial Services"},
	"Care":               {"Hospital & Health Care", "Mental Health Care", "Individual & Family Services"},
	"Casino":             {"Gambling & Casinos"},
	"Casinos":            {"Gambling & Casinos"},
	"Cattle Company":     {"Ranching"},
	"Cellars":            {"Wine and Spirits"},
	"Chemical":           {"Chemicals"},
	"Chemicals":          {"Chemicals"},
	"Clinic":             {"Hospital & Health Care", "Medical Practice"},
	"Clothing":           {"Apparel & Fashion"},
	"Cloud":              {"Computer Software", "Internet", "Information Technology and Services", "Information Services"},
	"Co.":                {"Consumer Goods"},
	"Coaching":           {"Professional Training & Coaching"},
	"College":            {"Higher Education"},
	"Communications":     {"Telecommunications", "Wireless", "Computer Networking", "Public Relations and Communications"},
	"Community":          {"Religious Institutions"},
	"Community Services": {"Individual & Family Services"},
	"Construction":       {"Construction"},
	"Consulting":         {"Management Consulting", "Program Development"},
	"Containers":         {"Packaging and Containers"},
	"Content":            {"Writing and Editing"},
	"Contractors":        {"Construction"},
	"Controls":           {"Industrial Automation"},
	"Copywriting":        {"Writing and Editing"},
	"Cosmetics":          {"Cosmetics"},
	"Council":            {"Civic & Social Organization"},
	"Counselling":        {"Mental Health Care"},
	"Courier":            {"Package/Freight Delivery"},
	"Crafts":             {"Arts and Crafts"},
	"Creamery":           {"Dairy"},
	"Creative":           {"Media Production", "Marketing and Advertising", "Design", "Graphic Design"},
	"Cyber":              {"Computer & Network Security"},
	"Dairies":            {"Dairy"},
	"Dairy":              {"Dairy"},
	"Data":               {"Computer Software", "Internet", "Information Technology and Services", "Information Services"},
	"Defence":            {"Defense & Space"},
	"Delivery":           {"Package/Freight Delivery"},
	"Design":             {"Design", "Graphic Design"},
	"Development":        {"Program Development", "International Trade and Development"},
	"Devices":            {"Computer Hardware", "Semiconductors", "Consumer Electronics", "Electrical/Electronic Manufacturing", "Nanotechnology", "Medical Devices"},
	"Digital":            {"Computer Software", "Internet", "Information Technology and Services", "Information Services", "Online Media"},
	"Dispute Resolution": {"Alternative Dispute Resolution"},
	"Distillery":         {"Wine and Spirits"},
	"Distribution":       {"Wholesale", "Logistics and Supply Chain"},
	"Distributors":       {"Wholesale"},
	"Drinks":             {"Food & Beverages"},
	"Dynamics":           {"Defense & Space"},
	"Eatery":             {"Restaurants"},
	"Editorial":          {"Writing and Editing"},
	"Education":          {"Education Management", "E-Learning"},
	"Electronics":        {"Computer Hardware", "Semiconductors", "Consumer Electronics", "Electrical/Electronic Manufacturing", "Nanotechnology"},
	"Energy":             {"Oil & Energy", "Utilities", "Renewables & Environment"},
	"Engineering":        {"Machinery", "Mechanical or Industrial Engineering", "Civil Engineering", "Railroad Manufacture"},
	"Engineers":          {"Civil Engineering"},
	"Ensemble":           {"Performing Arts"},
	"Entertainment":      {"Entertainment"},
	"Environmental":      {"Environmental Services"},
	"Equipment":          {"Business Supplies and Equipment"},
	"Estates":            {"Real Estate"},
	"Event Management":   {"Events Services"},
	"Events":             {"Events Services"},
	"Experiences":        {"Events Services"},
	"Exports":            {"Import and Export"},
	"Express":            {"Package/Freight Delivery"},
	"Fabrics":            {"Textiles"},
	"Facilities":         {"Facilities Services"},
	"Facility Services":  {"Facilities Services"},
	"Family Services":    {"Individual & Family Services"},
	"Farms":              {"Food Production", "Farming"},
	"Fashion":            {"Apparel & Fashion"},
	"Fellowship":         {"Religious Institutions"},
	"Films":              {"Motion Pictures and Film"},
	"Finance":            {"Financial Services"},
	"Financial":          {"Banking", "Financial Services"},
	"Fine Art":           {"Fine Art"},
	"Fisheries":          {"Fishery"},
	"Fishing":            {"Fishery"},
	"Fitness":            {"Health, Wellness and Fitness"},
	"Food Products":      {"Food Production"},
	"Foods":              {"Supermarkets", "Food & Beverages", "Food Production"},
	"Forest Products":    {"Paper & Forest Products"},
	"Forum":              {"Think Tanks"},
	"Foundation":         {"Non-Profit Organization Management", "Philanthropy", "Fund-Raising", "Religious Institutions"},
	"Freight":            {"Logistics and Supply Chain", "Transportation/Trucking/Railroad", "Package/Freight Delivery"},
	"Fund":               {"Philanthropy"},
	"Fundraising":        {"Fund-Raising"},
	"Furnishings":        {"Furniture"},
	"Furniture":          {"Furniture"},
	"Gallery":            {"Fine Art", "Museums and Institutions"},
	"Games":              {"Computer Games"},
	"Gaming":             {"Gambling & Casinos"},
	"Gear":               {"Sporting Goods"},
	"Genomics":           {"Biotechnology"},
	"Goods":              {"Consumer Goods"},
	"Grill":              {"Restaurants"},
	"Grocers":            {"Supermarkets"},
	"Growers":            {"Farming"},
	"Guarding":           {"Security and Investigations"},
	"Gym":                {"Health, Wellness and Fitness"},
	"Haulage":            {"Transportation/Trucking/Railroad"},
	"Healing":            {"Alternative Medicine"},
	"Health":             {"Hospital & Health Care", "Medical Practice"},
	"Healthcare":         {"Hospital & Health Care"},
	"Herald":             {"Newspapers"},
	"Heritage":           {"Museums and Institutions"},
	"Holidays":           {"Leisure, Travel & Tourism"},
	"Home Services":      {"Consumer Services"},
	"Hospitality":        {"Hospitality"},
	"Hotels":             {"Hospitality"},
	"HR":                 {"Human Resources"},
	"HR Consulting":      {"Human Resources"},
	"Images":             {"Photography"},
	"Imports":            {"Import and Export"},
	"Industries":         {"Mechanical or Industrial Engineering", "Building Materials", "Glass, Ceramics & Concrete", "Chemicals", "Plastics", "Railroad Manufacture", "Packaging and Containers"},
	"Infrastructure":     {"Civil Engineering"},
	"Insights":           {"Market Research"},
	"Institute":          {"Research", "Think Tanks", "Higher Education"},
	"Instruments":        {"Computer Hardware", "Semiconductors", "Consumer Electronics", "Electrical/Electronic Manufacturing", "Nanotechnology", "Medical Devices"},
	"Insurance":          {"Insurance"},
	"Laboratories":       {"Biotechnology", "Pharmaceuticals"},
	"Interactive":        {"Computer Games"},
	"Interiors":          {"Furniture"},
	"Investments":        {"Investment Management", "Venture Capital & Private Equity"},
	"Jewelry":            {"Luxury Goods & Jewelry"},
	"Jewels":             {"Luxury Goods & Jewelry"},
	"Kitchen":            {"Restaurants"},
	"Labs":               {"Computer Software", "Internet", "Information Technology and Services", "Information Services", "Computer & Network Security"},
	"Languages":          {"Translation and Localization"},
	"Law":                {"Law Practice"},
	"Learning":           {"Education Management", "E-Learning", "Professional Training & Coaching"},
	"Legal":              {"Law Practice", "Legal Services"},
	"Legal Services":     {"Legal Services"},
	"Leisure":            {"Recreational Facilities and Services"},
	"Libraries":          {"Libraries"},
	"Library":            {"Libraries"},
	"Life Sciences":      {"Pharmaceuticals", "Biotechnology"},
	"Lines":              {"Maritime"},
	"Livestock":          {"Ranching"},
	"Localization":       {"Translation and Localization"},
	"Logistics":          {"Logistics and Supply Chain", "Warehousing"},
	"Luxury":             {"Luxury Goods & Jewelry"},
	"Machinery":          {"Machinery"},
	"Machines":           {"Machinery"},
	"Maintenance":        {"Facilities Services"},
	"Makers":             {"Arts and Crafts"},
	"Marine":             {"Shipbuilding", "Maritime"},
	"Maritime":           {"Maritime"},
	"Market":             {"Retail", "Supermarkets"},
	"Marketing":          {"Marketing and Advertising"},
	"Materials":          {"Building Materials", "Glass, Ceramics & Concrete", "Chemicals"},
	"Media":              {"Entertainment", "Media Production", "Broadcast Media", "Online Media", "Marketing and Advertising"},
	"Mediation":          {"Alternative Dispute Resolution"},
	"Medical":            {"Hospital & Health Care", "Medical Practice", "Medical Devices"},
	"Medical Centre":     {"Medical Practice"},
	"Mental Health":      {"Mental Health Care"},
	"Metals":             {"Mining & Metals"},
	"Mills":              {"Textiles"},
	"Minerals":           {"Mining & Metals"},
	"Mining":             {"Mining & Metals"},
	"Motors":             {"Automotive"},
	"Museum":             {"Museums and Institutions"},
	"Music":              {"Music"},
	"Mutual":             {"Insurance"},
	"Networks":           {"Telecommunications", "Wireless", "Computer Networking"},
	"News":               {"Newspapers"},
	"Oil":                {"Oil & Energy"},
	"Outdoor":            {"Sporting Goods"},
	"Outsourcing":        {"Outsourcing/Offshoring"},
	"Packaging":          {"Packaging and Containers"},
	"Paper":              {"Paper & Forest Products"},
	"Parks":              {"Recreational Facilities and Services"},
	"Partners":           {"Investment Banking", "Capital Markets", "Investment Management", "Venture Capital & Private Equity", "Management Consulting"},
	"Payments":           {"Financial Services"},
	"People":             {"Human Resources"},
	"Personnel":          {"Staffing and Recruiting"},
	"Petroleum":          {"Oil & Energy"},
	"Pharma":             {"Pharmaceuticals"},
	"Pharmaceuticals":    {"Pharmaceuticals"},
	"Photo":              {"Photography"},
	"Photography":        {"Photography"},
	"Pictures":           {"Motion Pictures and Film", "Animation"},
	"Planning":           {"Architecture & Planning"},
	"Plastics":           {"Plastics"},
	"Policy Centre":      {"Think Tanks"},
	"Polymers":           {"Plastics"},
	"Power":              {"Utilities", "Renewables & Environment"},
	"PR":                 {"Public Relations and Communications"},
	"Press":              {"Publishing", "Newspapers", "Printing"},
	"Print":              {"Printing"},
	"Printing":           {"Printing"},
	"Produce":            {"Farming"},
	"Productions":        {"Entertainment", "Media Production", "Motion Pictures and Film"},
	"Products":           {"Consumer Goods"},
	"Properties":         {"Real Estate", "Commercial Real Estate"},
	"Protection":         {"Security and Investigations"},
	"Psychology":         {"Mental Health Care"},
	"Public Affairs":     {"Government Relations"},
	"Public Relations":   {"Public Relations and Communications"},
	"Publishing":         {"Publishing"},
	"Radio":              {"Broadcast Media"},
	"Rail":               {"Railroad Manufacture"},
	"Ranch":              {"Ranching"},
	"Real Estate":        {"Real Estate", "Commercial Real Estate"},
	"Realty":             {"Real Estate", "Commercial Real Estate"},
	"Records":            {"Music"},
	"Recreation":         {"Recreational Facilities and Services"},
	"Recruitment":        {"Staffing and Recruiting"},
	"Recycling":          {"Environmental Services"},
	"Renewables":         {"Renewables & Environment"},
	"Research":           {"Research", "Market Research"},
	"Resorts":            {"Hospitality", "Gambling & Casinos"},
	"Resources":          {"Mining & Metals", "Oil & Energy"},
	"Restaurants":        {"Restaurants"},
	"Retail":             {"Retail"},
	"Robotics":           {"Industrial Automation"},
	"School":             {"Primary/Secondary Education"},
	"Schools":            {"Primary/Secondary Education", "Education Management"},
	"Seafood":            {"Fishery"},
	"Securities":         {"Investment Banking", "Capital Markets"},
	"Security":           {"Computer & Network Security", "Security and Investigations"},
	"Shipbuilding":       {"Shipbuilding"},
	"Shipping":           {"Maritime"},
	"Shipyard":           {"Shipbuilding"},
	"Shop":               {"Retail"},
	"Skincare":           {"Cosmetics"},
	"Society":            {"Civic & Social Organization"},
	"Software":           {"Computer Software", "Internet", "Information Technology and Services", "Information Services"},
	"Solar":              {"Renewables & Environment"},
	"Sound":              {"Music"},
	"Spirits":            {"Wine and Spirits"},
	"Sports":             {"Sporting Goods", "Sports"},
	"Sports Club":        {"Sports"},
	"Staffing":           {"Staffing and Recruiting"},
	"Storage":            {"Warehousing"},
	"Stores":             {"Retail"},
	"Strategies":         {"Government Relations"},
	"Studio":             {"Design", "Graphic Design", "Architecture & Planning"},
	"Studios":            {"Computer Games", "Entertainment", "Media Production", "Motion Pictures and Film", "Animation"},
	"Supermarkets":       {"Supermarkets"},
	"Supplies":           {"Business Supplies and Equipment"},
	"Supply":             {"Business Supplies and Equipment"},
	"Supply Chain":       {"Logistics and Supply Chain"},
	"Surgical":           {"Medical Devices"},
	"Systems":            {"Computer Software", "Internet", "Information Technology and Services", "Information Services", "Computer & Network Security", "Telecommunications", "Wireless", "Computer Networking", "Computer Hardware", "Semiconductors", "Consumer Electronics", "Electrical/Electronic Manufacturing", "Nanotechnology", "Defense & Space", "Industrial Automation"},
	"Talent":             {"Staffing and Recruiting", "Human Resources"},
	"Technologies":       {"Computer Software", "Internet", "Information Technology and Services", "Information Services", "Computer & Network Security", "Telecommunications", "Wireless", "Computer Networking", "Computer Hardware", "Semiconductors", "Consumer Electronics", "Electrical/Electronic Manufacturing", "Nanotechnology"},
	"Telecom":            {"Telecommunications", "Wireless", "Computer Networking"},
	"Television":         {"Broadcast Media"},
	"Textiles":           {"Textiles"},
	"Theatre":            {"Performing Arts"},
	"Therapeutics":       {"Pharmaceuticals", "Biotechnology"},
	"Therapies":          {"Alternative Medicine"},
	"Timber":             {"Paper & Forest Products"},
	"Tobacco":            {"Tobacco"},
	"Tourism":            {"Leisure, Travel & Tourism"},
	"Tours":              {"Leisure, Travel & Tourism"},
	"Trade":              {"International Trade and Development"},
	"Trading":            {"Wholesale", "Import and Export"},
	"Training":           {"Professional Training & Coaching"},
	"Translations":       {"Translation and Localization"},
	"Transport":          {"Transportation/Trucking/Railroad"},
	"Travel":             {"Leisure, Travel & Tourism"},
	"Trucking":           {"Transportation/Trucking/Railroad"},
	"Trust":              {"Non-Profit Organization Management", "Philanthropy"},
	"Underwriters":       {"Insurance"},
	"Utilities":          {"Utilities"},
	"Ventures":           {"Investment Management", "Venture Capital & Private Equity"},
	"Veterinary":         {"Veterinary"},
	"Vets":               {"Veterinary"},
	"Vineyards":          {"Wine and Spirits"},
	"Warehousing":        {"Warehousing"},
	"Waste Services":     {"Environmental Services"},
	"Wellness":           {"Health, Wellness and Fitness", "Alternative Medicine"},
	"Wholesale":          {"Wholesale"},
	"Wines":              {"Wine and Spirits"},
	"Workshop":           {"Arts and Crafts"},
}

// endingsOfNoBusiness are the endings that say no business, fitting any
// company.
var endingsOfNoBusiness = []string{"Group", "Solutions", "International", "Services", "Company", "Global"}

// nameEnding returns the ending of a company's name, without its legal
// form, among those of endingBusiness and endingsOfNoBusiness, the
// longest that fits ("& Partners", not "Partners"); "" for a name of no
// ending (a coined brand, two partners' surnames).
func nameEnding(c *Company, country string) string {
	name := c.Name
	for _, form := range legalForms[country] {
		name = strings.TrimSuffix(name, " "+form)
	}
	best := ""
	for _, e := range slices.Concat(slices.Collect(maps.Keys(endingBusiness)), endingsOfNoBusiness) {
		if len(e) > len(best) && strings.HasSuffix(name, " "+e) {
			best = e
		}
	}
	return best
}

// countMisnamedBusinesses counts the companies whose name ends in a word
// of another business than their industry's (endingBusiness): a maker
// of televisions named "Foods", a dairy named "Labs".
func countMisnamedBusinesses(w *World) tally {
	var n tally
	for _, c := range w.Companies() {
		ending := nameEnding(c, w.geo.places[c.City].Country)
		fits, says := endingBusiness[ending]
		ind := w.industries.name(c.Industry)
		n.add(says && !slices.Contains(fits, ind), "%s (%s)", c.Name, ind)
	}
	return n
}

// countUnjudgedEndings counts the pairs of an industry and an ending
// its company names may take (nameKinds, otherSuffixes for an industry
// of no kind) that endingBusiness does not judge to fit, but for the
// endings of no business: every ending is judged against every industry
// it can be given to.
func countUnjudgedEndings(w *World) tally {
	var n tally
	for _, ind := range w.industries.names {
		if slices.Contains(publicBodyIndustries, ind) {
			continue // no company is of one
		}
		suffixes, _, _ := suffixesFor(ind)
		for _, e := range suffixes {
			fits := slices.Contains(endingBusiness[e], ind) || slices.Contains(endingsOfNoBusiness, e)
			n.add(!fits, "%q for %s", e, ind)
		}
	}
	return n
}

// countRoleFunctionMisfits counts the roles, read from their titles'
// words ("Senior Tax Advisor"), of an office function of roleFunctions
// held at a company neither of the role's own trade nor of the staff
// from which a firm has it in house: a tax advisor at a fishery of 26, a
// corporate trainer at a primary school, a UX designer at a law firm of
// twelve. One's own business aside.
func countRoleFunctionMisfits(w *World) tally {
	keys := slices.Collect(maps.Keys(roleFunctions))
	// The longest first: "Technical Recruiter" before "Recruiter".
	slices.SortFunc(keys, func(a, b string) int { return len(b) - len(a) })
	var n tally
	for i := range w.Len() {
		for _, j := range w.Person(i).Jobs {
			t := w.Title(j.Title)
			c := &w.companies[j.Company]
			if c.Type == SelfEmployed || t.Level == Founder || t.Level == Board || t.Level == CLevel {
				continue
			}
			k := slices.IndexFunc(keys, func(key string) bool { return strings.Contains(t.Name, key) })
			if k < 0 {
				continue
			}
			fn := roleFunctions[keys[k]]
			ind := w.industries.name(c.Industry)
			bad := !slices.Contains(fn.homes, ind) && (fn.staff == 0 || c.StaffCount < fn.staff)
			n.add(bad, "%s at %s (%s, %d staff)", t.Name, c.Name, ind, c.StaffCount)
		}
	}
	return n
}
