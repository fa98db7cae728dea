package world

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/enrich-dev/enrich/internal/human"
)

// companyFitChecks count companies whose industry, size and country fit the roles they hold.
var companyFitChecks = []realismCheck{
	{name: "roles of a trade (nurse, chef, hair stylist, lawyer, teacher, film crew) at a company neither of its industries nor, for an in-house role, big enough to have such a department", count: countTradeMisfits},
	{name: "companies of more than " + human.Thousands(giantStaff) + " staff outside the world's biggest economies or in an industry of smaller firms", count: countMisplacedGiants},
	{name: "companies of more than " + human.Thousands(giantStaff) + " staff", limit: 0.008, count: countGiants},
	{name: "companies with more staff than a share of their country's members on the network allows", count: countOversizedForCountry},
	{name: "companies in an industry their country's law bans (a wine merchant in Jeddah, a casino in Kuwait)", startOnly: true, count: countBannedIndustries},
	{name: "companies shown with \"n/a\" for a detail in one role and its value in another", count: countPatchyCompanies},
	{name: "engineers, software and data people at an employer outside their trade or too small to have them (an electronics designer at a courier, a developer at a bakery of six)", count: countEngineeringMisfits},
	{name: "engineers at employers of a business readers named as unrelated to their trade (a structural engineer at an airline, firmware at an architects')", count: countUnrelatedEngineering},
	// The two size checks allow a few: the roles of an earlier stay at a
	// company (drawn before the size rule is consulted, career.go's
	// existing) and promotions that come due at a small employer. Seed
	// 20261201 counts 0.04 % and 0.8 %.
	{name: "specialists at a company too small to have their function (a brand manager at a bank of nine, a product designer at a restaurant of four)", limit: 0.003, count: countUndersizedFunctions},
	{name: "leads, heads, directors and vice presidents at a company too small for their level (a Head of Engineering at a firm of eight)", limit: 0.02, count: countUndersizedLeads},
	{name: "companies named for a town or for founders that have roles abroad (Mumbai Shipping in Jämsä)", count: countForeignNamedOffices},
	{name: "companies of a public body's industry (a court, a parliament, an army, a ministry: none is a firm with a sales team and founders)", startOnly: true, count: countPublicBodies},
	{name: "companies with more staff than their head office's country's biggest employers have (Samoa's: 500)", count: countOverCeiling},
	{name: "roles in a country whose biggest employers have fewer than " + human.Thousands(officeHostStaff) + " staff at a foreign company bigger than they (a firm of 2,300 from Brazil in Tripoli, of thousands in Apia)", count: countOversizedOffices},
	{name: "companies of " + human.Thousands(multinational) + " to " + human.Thousands(bigCompany) + " staff headquartered in a town of fewer than " + human.Thousands(midCity) + " people that is not its country's largest (a fishery of 3,000 in Chalchuapa)", startOnly: true, count: countSmallTownFirms},
	{name: "companies named for their home town with a role held in another town (Buenos Aires Kitchen in Trelew)", count: countTownNamedFirms},
	{name: "companies named for two partners (\"Lourinho & Fraga\") outside law, finance and consulting", startOnly: true, count: countPartnerNames},
	{name: "sales and product roles at an employer of a business without them (a sales rep at a restaurant or a charity, an SVP Product at a mine)", count: countShunnedRoles},
	// Hiring draws a lead's employer big enough (leastStaff); a few come
	// from promotions that fall due at a small employer and from the
	// redraws of an employer founded too late (career.go's existing),
	// which look at the trade but not the level. Seeds 20261201 and
	// 96169043 count up to 2.1 % ten years on.
	{name: "team leads of a function at a company of fewer than five times the staff that has the function (a Tax Team Lead at a design firm of 35)", limit: 0.03, count: countSmallTeamLeads},
	{name: "skills of a specialty of the line the person never held (a DevOps engineer's Swift)", count: countUnheldSpecialtySkills},
}

// giantStaff is the head count few companies pass, all in big economies.
const giantStaff = 100_000

// tradeWorkplaces are the industries where the roles of each trade are
// held, and the head count from which a company of any industry has a
// department of the trade (0: none has).
var tradeWorkplaces = map[family]struct {
	industries []string
	inHouse    int32
}{
	famClinical: {[]string{"Hospital & Health Care", "Medical Practice", "Mental Health Care"}, 0},
	famHospitality: {[]string{"Hospitality", "Leisure, Travel & Tourism", "Recreational Facilities and Services",
		"Gambling & Casinos"}, 0},
	famBeauty: {[]string{"Cosmetics", "Health, Wellness and Fitness", "Consumer Services", "Hospitality"}, 0},
	famLegal: {[]string{"Law Practice", "Legal Services", "Judiciary", "Alternative Dispute Resolution",
		"Banking", "Insurance"}, 500},
	famEducation: {[]string{"Higher Education", "Primary/Secondary Education", "Education Management",
		"E-Learning", "Professional Training & Coaching"}, 0},
	famEntertainment: {[]string{"Entertainment", "Media Production", "Motion Pictures and Film", "Broadcast Media",
		"Music", "Animation", "Performing Arts", "Marketing and Advertising", "Online Media", "Computer Games",
		"Newspapers", "Publishing", "Events Services"}, 0},
}

// countTradeMisfits counts the roles, by their title's line of work, of
// a trade held at a company outside the trade's industries that is too
// small for an in-house department of it ("Director of Food &
// Beverage" at a supermarket, "Corporate Lawyer" at a bakery of twelve).
func countTradeMisfits(w *World) tally {
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		for _, j := range p.Jobs {
			t, ok := tradeWorkplaces[w.titles.fam[j.Title]]
			if !ok {
				continue
			}
			c := &w.companies[j.Company]
			ind := w.industries.name(c.Industry)
			bad := !slices.Contains(t.industries, ind) && (t.inHouse == 0 || c.StaffCount < t.inHouse)
			n.add(bad, "%s at %s (%s, %d staff)", w.titles.titles[j.Title].Name, c.Name, ind, c.StaffCount)
		}
	}
	return n
}

// bigEconomies are the countries whose biggest employers pass
// giantStaff: the largest economies of the world.
var bigEconomies = []string{"US", "CN", "JP", "DE", "IN", "GB", "FR", "IT", "BR", "CA", "RU", "KR", "AU", "MX",
	"ES", "ID", "NL", "SA", "TR", "CH"}

// smallFirmIndustries are industries none of whose companies passes
// giantStaff.
var smallFirmIndustries = []string{"Human Resources", "Consumer Services", "Marketing and Advertising", "Design",
	"Law Practice", "Legal Services", "Venture Capital & Private Equity", "Think Tanks", "Photography",
	"Wine and Spirits", "Gambling & Casinos", "Events Services", "Translation and Localization", "Fine Art",
	"Music", "Performing Arts", "Animation", "Market Research", "Public Relations and Communications",
	"Architecture & Planning", "Graphic Design", "Writing and Editing", "Alternative Medicine", "Veterinary",
	"Mental Health Care", "Fishery", "Ranching", "Executive Office", "Libraries", "Fund-Raising", "Philanthropy"}

// countMisplacedGiants counts the companies of more than giantStaff
// outside bigEconomies or in one of smallFirmIndustries (an HR firm of
// 242,713 in Egypt).
func countMisplacedGiants(w *World) tally {
	var n tally
	for _, c := range w.Companies() {
		if c.StaffCount <= giantStaff {
			continue
		}
		hq := &w.geo.places[c.City]
		ind := w.industries.name(c.Industry)
		bad := !slices.Contains(bigEconomies, hq.Country) || slices.Contains(smallFirmIndustries, ind)
		n.add(bad, "%s (%s, %s staff) in %s", c.Name, ind, human.Thousands(int64(c.StaffCount)), hq.Display)
	}
	return n
}

// countGiants counts the companies of more than giantStaff: a few in a
// thousand.
func countGiants(w *World) tally {
	var n tally
	for _, c := range w.Companies() {
		n.add(c.StaffCount > giantStaff, "%s (%s staff)", c.Name, human.Thousands(int64(c.StaffCount)))
	}
	return n
}

// countOversizedForCountry counts the companies whose head count passes
// a hundredth of their country's members on the network (Egypt's ten
// million members: no firm of more than 100,000), where the country is
// not one of bigEconomies, whose giants the network's members
// understate (Japan's, China's), and not under a staff of 1,000.
func countOversizedForCountry(w *World) tally {
	var n tally
	members := make([]uint64, len(w.geo.countries))
	for i, cid := range w.geo.placeCountry {
		members[cid] += w.geo.residentWeight[i]
	}
	for _, c := range w.Companies() {
		cid := w.geo.placeCountry[c.City]
		code := w.geo.countries[cid].Code
		if slices.Contains(bigEconomies, code) {
			continue
		}
		limit := max(1000, members[cid]/100)
		n.add(uint64(c.StaffCount) > limit, "%s (%d staff) in %s, %s members", c.Name, c.StaffCount,
			w.geo.places[c.City].Display, human.Thousands(int64(members[cid])))
	}
	return n
}

// lawBans lists, per industry, the countries whose law bans
// its business: alcohol in Saudi Arabia, Kuwait, Iran, Brunei and the
// like (in Qatar it is sold only by the state's one distributor),
// gambling in most of the Gulf, Iran, Pakistan, Indonesia and mainland
// China.
var lawBans = map[string][]string{
	"Wine and Spirits":   {"SA", "KW", "QA", "IR", "BN", "LY", "SD", "AF", "SO", "MR", "YE"},
	"Gambling & Casinos": {"SA", "KW", "QA", "AE", "OM", "BH", "IR", "IQ", "BN", "PK", "AF", "LY", "SD", "SO", "MR", "YE", "JO", "ID", "BD", "CN", "DZ", "IN"},
}

// lawAllows lists, per industry, the regions (country/admin1) that
// license a business their country bans: Goa, Daman and Sikkim of India
// license casinos.
var lawAllows = map[string][]string{
	"Gambling & Casinos": {"IN/33", "IN/32", "IN/29"},
}

// countBannedIndustries counts the companies of an industry banned in
// the country of their head office.
func countBannedIndustries(w *World) tally {
	var n tally
	for _, c := range w.Companies() {
		ind := w.industries.name(c.Industry)
		hq := &w.geo.places[c.City]
		bad := slices.Contains(lawBans[ind], hq.Country) && !slices.Contains(lawAllows[ind], hq.Country+"/"+hq.Admin1)
		n.add(bad, "%s (%s) in %s", c.Name, ind, hq.Display)
	}
	return n
}

// countPatchyCompanies counts the companies that profiles show with
// "n/a" for a detail (web page, size, industry, website) in one role and
// with its value in another, of the same profile or another: what the
// service knows of a company it knows in every profile.
func countPatchyCompanies(w *World) tally {
	seen := map[string]string{} // company → what it shows: 'k' known, 'u' unknown, per detail
	bad := map[string]bool{}
	for i := range w.Len() {
		p := w.Person(i)
		for _, e := range w.experience(p) {
			shows := fmt.Sprint(e.CompanyURL == "n/a", e.CompanySize == "n/a", e.Industry == "n/a",
				e.Website == "n/a", e.StaffCount == "n/a", e.CompanyID == nil)
			if was, ok := seen[e.Company]; ok && was != shows {
				bad[e.Company] = true
			}
			seen[e.Company] = shows
		}
	}
	var n tally
	for _, name := range slices.Sorted(maps.Keys(seen)) {
		n.add(bad[name], "%s", strconv.Quote(name))
	}
	return n
}

// engineeringTrades are the families whose roles only employers of their
// trade, or big enough to have it, hold.
var engineeringTrades = []family{famSoftware, famData, famElectrical, famMechanical, famCivil}

// countEngineeringMisfits counts the roles of the engineering trades and
// of software and data held at an employer that the trade's rules do not
// allow: a hardware engineer outside the trade's industries and the big
// plants, fleets and networks that keep engineers, a developer or an
// analyst outside the software industries at a company of fewer than
// softwareTeamStaff.
func countEngineeringMisfits(w *World) tally {
	var n tally
	for i := range w.Len() {
		for _, j := range w.Person(i).Jobs {
			f := j.fam
			if !slices.Contains(engineeringTrades, f) {
				continue
			}
			c := &w.companies[j.Company]
			if l := w.titles.titles[j.Title].Level; l == Founder || c.Type == SelfEmployed {
				continue // one's own business, of any size
			}
			n.add(!w.fits(j.Company, f), "%s at %s (%s, %d staff)", w.titles.titles[j.Title].Name, c.Name,
				w.industries.name(c.Industry), c.StaffCount)
		}
	}
	return n
}

// unrelatedEngineering are, per hardware trade, industries of employers
// that readers found to have no use for it, whatever their size.
var unrelatedEngineering = map[family][]string{
	famElectrical: {"Package/Freight Delivery", "Venture Capital & Private Equity", "Architecture & Planning",
		"Restaurants", "Supermarkets", "Broadcast Media", "Law Practice", "Hospitality"},
	famMechanical: {"Supermarkets", "Restaurants", "Venture Capital & Private Equity", "Broadcast Media",
		"Mental Health Care", "Law Practice"},
	famCivil: {"Airlines/Aviation", "Motion Pictures and Film", "Broadcast Media", "Restaurants", "Mental Health Care",
		"Medical Devices", "Outsourcing/Offshoring", "Supermarkets"},
}

// countUnrelatedEngineering counts the roles of a hardware trade at a
// company of one of unrelatedEngineering's industries for it.
func countUnrelatedEngineering(w *World) tally {
	var n tally
	for i := range w.Len() {
		for _, j := range w.Person(i).Jobs {
			f := w.titles.fam[j.Title]
			bad, ok := unrelatedEngineering[f]
			if !ok {
				continue
			}
			c := &w.companies[j.Company]
			ind := w.industries.name(c.Industry)
			n.add(slices.Contains(bad, ind), "%s at %s (%s)", w.titles.titles[j.Title].Name, c.Name, ind)
		}
	}
	return n
}

// countUndersizedFunctions counts the roles below a lead's held at a
// company with fewer staff than the role's line of work needs
// (leastStaff), but at one's own business.
func countUndersizedFunctions(w *World) tally {
	return countUndersized(w, func(l Level) bool { return !leads(l) })
}

// countUndersizedLeads counts the roles of a lead, a head, a director or
// a vice president held at a company with fewer staff than the role's
// line and level need (leastStaff).
func countUndersizedLeads(w *World) tally {
	return countUndersized(w, func(l Level) bool { return leads(l) })
}

// countUndersized counts the roles of the levels of counted held at a
// company with fewer staff than the role's line and level need
// (leastStaff), but at one's own business.
func countUndersized(w *World, counted func(Level) bool) tally {
	var n tally
	for i := range w.Len() {
		for _, j := range w.Person(i).Jobs {
			c := &w.companies[j.Company]
			t := &w.titles.titles[j.Title]
			if c.Type == SelfEmployed || !counted(t.Level) {
				continue
			}
			least := leastStaff(j.fam, t.Level, slices.Contains(w.industries.famAffinity[j.fam], c.Industry))
			n.add(c.StaffCount < least, "%s at %s (%d staff, %d needed)", t.Name, c.Name, c.StaffCount, least)
		}
	}
	return n
}

// countForeignNamedOffices counts the companies with a role located
// outside their head office's country whose name is its home town's and
// a word of its industry, or two founders' surnames: such a name, on an
// office abroad, reads as a company of another country's town.
func countForeignNamedOffices(w *World) tally {
	abroad := make([]bool, len(w.companies))
	for i := range w.Len() {
		for _, j := range w.Person(i).Jobs {
			if j.Location >= 0 && w.geo.placeCountry[j.Location] != w.geo.placeCountry[w.companies[j.Company].City] {
				abroad[j.Company] = true
			}
		}
	}
	endings := map[string]bool{} // the words of an industry a name ends in
	for _, k := range nameKinds {
		for _, e := range k.suffixes {
			endings[e] = true
		}
	}
	for _, e := range otherSuffixes {
		endings[e] = true
	}
	var n tally
	for k, c := range w.companies {
		if !abroad[k] {
			continue
		}
		// "Mumbai Shipping": its home town and a word of the industry,
		// not a compound or a coined word that happens to begin with a
		// town's name ("Keystone Peak Networks", "Solana Records").
		town := w.geo.places[c.City].Name
		rest, named := strings.CutPrefix(c.Name, town+" ")
		bad := named && endings[rest] || strings.Contains(c.Name, " & ") && !strings.Contains(c.Name, "& Partners")
		n.add(bad, "%s (%s staff) in %s", c.Name, human.Thousands(int64(c.StaffCount)), w.geo.places[c.City].Display)
	}
	return n
}

// publicBodyIndustries are the industries of the state's own bodies,
// as readers named them: courts, parliaments, armed forces, ministries,
// police and fire services, embassies, parties.
var publicBodyIndustries = []string{"Judiciary", "Legislative Office", "Military", "Government Administration",
	"Law Enforcement", "Public Safety", "Executive Office", "International Affairs", "Public Policy",
	"Political Organization"}

// countPublicBodies counts the companies of one of publicBodyIndustries:
// drawn as firms, they carried a firm's name and legal form ("Courts
// Service Inc."), a firm's head count (an army of 158,000 "staff") and
// its trades (sales staff at a parliament).
func countPublicBodies(w *World) tally {
	var n tally
	for _, c := range w.Companies() {
		ind := w.industries.name(c.Industry)
		n.add(slices.Contains(publicBodyIndustries, ind), "%s (%s, %d staff)", c.Name, ind, c.StaffCount)
	}
	return n
}

// countOverCeiling counts the companies with more staff than the
// biggest employers of their head office's country have
// (countryStaffCeilings): no firm of thousands is based in Samoa.
func countOverCeiling(w *World) tally {
	ceilings := countryStaffCeilings(w.geo)
	var n tally
	for _, c := range w.Companies() {
		cid := w.geo.placeCountry[c.City]
		n.add(c.StaffCount > ceilings[cid], "%s (%s staff) in %s, whose biggest have %s", c.Name,
			human.Thousands(int64(c.StaffCount)), w.geo.places[c.City].Display, human.Thousands(int64(ceilings[cid])))
	}
	return n
}

// countOversizedOffices counts the roles held in a country other than
// their employer's whose biggest employers have fewer than
// officeHostStaff staff, at an employer with more staff than they: a
// profile in Apia or Tripoli shows the local office of a firm of
// thousands from another continent.
func countOversizedOffices(w *World) tally {
	ceilings := countryStaffCeilings(w.geo)
	var n tally
	for i := range w.Len() {
		for _, j := range w.Person(i).Jobs {
			if j.Location < 0 {
				continue
			}
			c := &w.companies[j.Company]
			at := w.geo.placeCountry[j.Location]
			if at == w.geo.placeCountry[c.City] {
				continue
			}
			bad := ceilings[at] < officeHostStaff && c.StaffCount > ceilings[at]
			n.add(bad, "%s at %s (%s staff, %s) in %s", w.titles.titles[j.Title].Name, c.Name,
				human.Thousands(int64(c.StaffCount)), w.geo.places[c.City].Display, w.geo.places[j.Location].Display)
		}
	}
	return n
}

// countSmallTownFirms counts the companies of multinational to bigCompany
// staff whose head office is in a place of fewer than midCity people
// that is not the largest of its country: a firm of thousands is in a
// city of hundreds of thousands, or in a small country's capital.
func countSmallTownFirms(w *World) tally {
	var n tally
	for _, c := range w.Companies() {
		if c.StaffCount < multinational || c.StaffCount > bigCompany {
			continue
		}
		hq := &w.geo.places[c.City]
		hubs := w.geo.hubs[w.geo.placeCountry[c.City]]
		largest := len(hubs) > 0 && hubs[0] == c.City
		n.add(hq.Population < midCity && !largest, "%s (%s, %s staff) in %s, %s people", c.Name,
			w.industries.name(c.Industry), human.Thousands(int64(c.StaffCount)), hq.Display,
			human.Thousands(int64(hq.Population)))
	}
	return n
}

// countTownNamedFirms counts the companies whose name is their home
// town's and a word of their industry ("Buenos Aires Kitchen") with a
// role located in another town: it reads as a firm of another city.
func countTownNamedFirms(w *World) tally {
	elsewhere := make([]int32, len(w.companies)) // a place of a role away from the head office, +1
	for i := range w.Len() {
		for _, j := range w.Person(i).Jobs {
			if j.Location >= 0 && j.Location != w.companies[j.Company].City {
				elsewhere[j.Company] = j.Location + 1
			}
		}
	}
	endings := industryEndings()
	var n tally
	for k, c := range w.companies {
		rest, named := strings.CutPrefix(c.Name, w.geo.places[c.City].Name+" ")
		at := "its home town alone"
		if elsewhere[k] > 0 {
			at = w.geo.places[elsewhere[k]-1].Display
		}
		n.add(named && endings[firstWord(rest)] && elsewhere[k] > 0, "%s (%s) with a role in %s", c.Name,
			w.geo.places[c.City].Display, at)
	}
	return n
}

// firstWord returns s up to its first space.
func firstWord(s string) string {
	word, _, _ := strings.Cut(s, " ")
	return word
}

// industryEndings are the words of an industry a company name ends in
// ("Kitchen", "Partners").
func industryEndings() map[string]bool {
	endings := map[string]bool{}
	for _, k := range nameKinds {
		for _, e := range k.suffixes {
			endings[e] = true
		}
	}
	for _, e := range otherSuffixes {
		endings[e] = true
	}
	return endings
}

// partnerIndustries are the words of the industries whose firms go by
// two partners' surnames: law, finance, accounting and consulting.
var partnerIndustries = []string{"Law", "Legal", "Dispute", "Bank", "Financ", "Invest", "Capital", "Venture",
	"Insurance", "Accounting", "Consulting", "Research", "Think", "Staffing", "Human Resources", "Outsourcing"}

// countPartnerNames counts the companies named for two people ("Lourinho
// & Fraga") outside the industries of partnerIndustries: a clinic or a
// dairy so named reads as a law firm.
func countPartnerNames(w *World) tally {
	var n tally
	for _, c := range w.Companies() {
		if !strings.Contains(c.Name, " & ") || strings.Contains(c.Name, "& Partners") {
			continue
		}
		ind := w.industries.name(c.Industry)
		partners := slices.ContainsFunc(partnerIndustries, func(word string) bool { return strings.Contains(ind, word) })
		n.add(!partners, "%s (%s)", c.Name, ind)
	}
	return n
}

// rolesWithout are, by line of work, the industries readers named as
// holding none of its roles: sales at a restaurant, a charity or a
// mediation service; product management at a mine or a training
// institute.
var rolesWithout = map[family][]string{
	famSales:   {"Restaurants", "Philanthropy", "Alternative Dispute Resolution", "Fund-Raising"},
	famProduct: {"Mining & Metals", "Professional Training & Coaching", "Restaurants", "Primary/Secondary Education"},
}

// countShunnedRoles counts the roles of a line of work at a company of
// one of rolesWithout's industries for it.
func countShunnedRoles(w *World) tally {
	var n tally
	for i := range w.Len() {
		for _, j := range w.Person(i).Jobs {
			without, ok := rolesWithout[w.titles.fam[j.Title]]
			if !ok {
				continue
			}
			c := &w.companies[j.Company]
			ind := w.industries.name(c.Industry)
			n.add(slices.Contains(without, ind), "%s at %s (%s, %d staff)", w.titles.titles[j.Title].Name, c.Name,
				ind, c.StaffCount)
		}
	}
	return n
}

// countSmallTeamLeads counts the roles of a team lead of a function
// (functionStaff) at a company outside the function's own industries
// with fewer than teamOfFunction times the staff from which a company
// has the function: a team of it to lead. Roles at one's own business aside.
func countSmallTeamLeads(w *World) tally {
	var n tally
	for i := range w.Len() {
		for _, j := range w.Person(i).Jobs {
			t := &w.titles.titles[j.Title]
			function, ok := functionStaff[j.fam]
			c := &w.companies[j.Company]
			if !ok || t.Level != Lead || c.Type == SelfEmployed || slices.Contains(w.industries.famAffinity[j.fam], c.Industry) {
				continue
			}
			n.add(c.StaffCount < teamOfFunction*function, "%s at %s (%s, %d staff)", t.Name, c.Name,
				w.industries.name(c.Industry), c.StaffCount)
		}
	}
	return n
}

// levelWords are the words before a role's name in its titles ("Senior
// DevOps Engineer").
var levelWords = []string{"Trainee ", "Junior ", "Senior ", "Lead ", "Principal "}

// roleOfTitle returns the role a title names, without its level word
// ("DevOps Engineer" for "Senior DevOps Engineer"), and its line of
// work; "" for a title of no role ("Head of Platform", "Founder").
func roleOfTitle(name string) (string, family) {
	for _, l := range levelWords {
		if rest, ok := strings.CutPrefix(name, l); ok {
			name = rest
			break
		}
	}
	for _, f := range functions {
		for _, r := range f.roles {
			if r.name == name {
				return r.name, r.fam
			}
		}
	}
	return "", famGeneral
}

// countUnheldSpecialtySkills counts the skills, of a line of work of
// the person's roles, that only the holders of another role of the line
// list and none of the person's titles accounts for (a DevOps engineer's
// Swift, a tax advisor's financial modelling, a nurse's surgery). A
// title accounts for the skills of its whole line (familySkills' all),
// of its role (as its name says, without the level) and of its
// specialty (famSpecialties, by the title's words); a title of no role
// of a specialty (Head of Platform) for those of the specialty's roles.
// Skills of no line of the person's are countForeignSkills' business.
func countUnheldSpecialtySkills(w *World) tally {
	// roleTags are each line's skills by role; lineSkill marks every
	// skill of a line.
	roleTags := make([]map[string][]string, numFamilies)
	lineSkill := make([]map[string]bool, numFamilies)
	for f, line := range familySkills {
		roleTags[f], lineSkill[f] = map[string][]string{}, map[string]bool{}
		for _, s := range line.all {
			lineSkill[f][s] = true
		}
		for _, g := range line.roles {
			for _, r := range g.roles {
				roleTags[f][r] = append(roleTags[f][r], g.skills...)
			}
			for _, s := range g.skills {
				lineSkill[f][s] = true
			}
		}
		for _, spec := range famSpecialties[f] {
			for _, s := range spec.skills {
				lineSkill[f][s] = true
			}
		}
	}
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		if len(p.Jobs) == 0 {
			continue
		}
		allowed := map[string]bool{}
		for _, s := range genericSkills {
			allowed[s] = true
		}
		for _, s := range familySkills[famGeneral].all {
			allowed[s] = true // leading people: countSkillsAbove's business
		}
		for _, j := range p.Jobs {
			f := j.fam
			name := w.Title(j.Title).Name
			for _, s := range familySkills[f].all {
				allowed[s] = true
			}
			role, of := roleOfTitle(name)
			if role != "" && of != f {
				continue // a role of another line: its line's skills only
			}
			for _, s := range roleTags[f][role] {
				allowed[s] = true
			}
			k := matchSpecialty(famSpecialties[f], name)
			if k < 0 {
				continue
			}
			for _, s := range famSpecialties[f][k].skills {
				allowed[s] = true
			}
			if role != "" || len(famSpecialties[f][k].words) == 0 {
				continue
			}
			for r, skills := range roleTags[f] {
				if matchSpecialty(famSpecialties[f], r) == k {
					for _, s := range skills {
						allowed[s] = true
					}
				}
			}
		}
		for _, s := range p.Skills {
			name := w.skills.names[s]
			ofLine := slices.ContainsFunc(p.Jobs, func(j Job) bool { return lineSkill[j.fam][name] })
			if !ofLine {
				continue
			}
			n.add(!allowed[name], "person %d (%s) lists %q", i, roleNames(w, p), name)
		}
	}
	return n
}
