package world

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// CompanyInfo renders the company's details as /company/info returns
// them (interface 2.4, with the network id under the wire key
// `linkedinId`). Like Candidate it is a pure function of the world and the
// company: the description, offices and phone derive from Company.Seed.
func (w *World) CompanyInfo(c *Company) []byte {
	r := newRand(c.Seed, streamCompanyInfo)
	info := companyInfoJSON{
		Name:            c.Name,
		LinkedinID:      strconv.FormatInt(c.ID, 10),
		Industry:        w.industries.name(c.Industry),
		Founded:         int(c.Founded),
		Logo:            "https://media.licdn.com/dms/image/v2/C4D0BAQ" + strings.ToUpper(string(appendHex(nil, r, 16))) + "/company-logo_200_200/0/" + strconv.Itoa(between(r, 1500000000, 1760000000)) + "000",
		URL:             c.URL(),
		Website:         c.Website(),
		Type:            c.Type.String(),
		StaffCount:      int(c.StaffCount),
		StaffCountRange: c.StaffCountRange(),
		StaffingCompany: c.Staffing,
	}
	specialities := w.specialities(c)
	info.Specialities = []string{}
	for range intN(r, min(7, len(specialities)+1)) {
		s := pick(r, specialities)
		dup := false
		for _, t := range info.Specialities {
			dup = dup || t == s
		}
		if !dup {
			info.Specialities = append(info.Specialities, s)
		}
	}
	info.Description = w.describe(r, c, info.Industry, info.Specialities)
	if c.HasPhone {
		// A landline with the city's area code where the data has one;
		// elsewhere a fixed line would carry some other city's code, so
		// a small company gives a mobile number and a bigger one none.
		kind, ok := PhoneWork, w.phonePlans.hasArea(c.City)
		if !ok && c.StaffCount <= 50 {
			kind, ok = PhoneMobile, true
		}
		if num, drawn := w.phonePlans.draw(r, c.City, w.geo.placeCountry[c.City], kind); ok && drawn {
			info.Phone = ptr(Phone{Number: num}.E164())
		}
	}
	info.ConfirmedLocations = append(info.ConfirmedLocations, w.office(r, c.City, true))
	extra := 0
	switch {
	case c.StaffCount > 10000:
		extra = between(r, 2, 5)
	case c.StaffCount > 1000:
		extra = between(r, 1, 3)
	case c.StaffCount > 50:
		extra = intN(r, 2)
	}
	used := []int32{c.City}
	for range extra {
		place := w.officePlace(r, c)
		if slices.Contains(used, place) {
			continue // one office a city
		}
		used = append(used, place)
		info.ConfirmedLocations = append(info.ConfirmedLocations, w.office(r, place, false))
	}
	return marshal(info)
}

// describe writes a company's About text, from one of several templates.
func (w *World) describe(r *rand.Rand, c *Company, industry string, lines []string) string {
	hq := &w.geo.places[c.City]
	where := hq.Name + ", " + w.geo.countryName(hq.Country)
	founded, staff := strconv.Itoa(int(c.Founded)), headCount(int(c.StaffCount))
	doing := pick(r, w.industryDoing(c.Industry))
	ind := strings.ToLower(industry)
	var d string
	switch intN(r, 5) {
	case 0:
		d = c.Name + " is " + withArticle(ind) + " company headquartered in " + where + ". Founded in " + founded +
			", the team of " + staff + " focuses on " + doing + "."
	case 1:
		d = "Since " + founded + ", " + c.Name + " has served clients from " + hq.Name + "."
		if c.StaffCount > 1 {
			d += " Today " + staff + " people work on " + doing + "."
		}
	case 2:
		d = "Based in " + where + ", " + c.Name + " works in " + ind + "."
	case 3:
		d = "We are " + c.Name + ": " + withArticle(ind) + " business from " + hq.Name + ", founded in " + founded + "."
	default:
		d = c.Name + " (" + founded + ") — " + ind + ", " + where + "."
	}
	if len(lines) > 0 {
		switch intN(r, 3) {
		case 0:
			d += " Our work spans " + strings.Join(lines, ", ") + "."
		case 1:
			d += " What we offer: " + strings.Join(lines, ", ") + "."
		default:
			d += " Services: " + strings.Join(lines, ", ") + "."
		}
	}
	return d
}

// headCount writes a head count as a reader would: "12", "1,200".
func headCount(n int) string {
	s := strconv.Itoa(n)
	for k := len(s) - 3; k > 0; k -= 3 {
		s = s[:k] + "," + s[k:]
	}
	return s
}

// officePlace picks the city of a company's further office: another big
// city of its own country, or, for a multinational, one of the world's
// business centres.
func (w *World) officePlace(r *rand.Rand, c *Company) int32 {
	hubs := w.geo.hubs[w.geo.placeCountry[c.City]]
	if c.StaffCount >= multinational && chance(r, 50) || len(hubs) < 2 {
		return pick(r, loadBusinessCentres())
	}
	return hubs[intN(r, min(len(hubs), 15))]
}

// businessCentres are the cities where multinationals keep offices.
var businessCentres = []string{"GB/London", "US/New York City", "US/San Francisco", "US/Chicago",
	"US/Austin", "US/Boston", "US/Seattle", "CA/Toronto", "SG/Singapore", "AE/Dubai", "DE/Frankfurt am Main",
	"DE/Berlin", "DE/Munich", "FR/Paris", "NL/Amsterdam", "IE/Dublin", "CH/Zurich", "ES/Madrid",
	"IT/Milan", "SE/Stockholm", "PL/Warsaw", "JP/Tokyo", "HK/Hong Kong", "CN/Shanghai", "KR/Seoul",
	"IN/Bengaluru", "IN/Mumbai", "AU/Sydney", "BR/São Paulo", "MX/Mexico City", "ZA/Johannesburg",
	"IL/Tel Aviv"}

// loadBusinessCentres resolves businessCentres to places once per process.
var loadBusinessCentres = sync.OnceValue(func() []int32 {
	g := loadGazetteer()
	var out []int32
	for _, key := range businessCentres {
		cc, name, _ := strings.Cut(key, "/")
		for _, i := range g.byCountry[g.country[cc]] { // most populous first
			if g.places[i].Name == name {
				out = append(out, i)
				break
			}
		}
	}
	if len(out) != len(businessCentres) {
		panic("world: a business centre is not in the gazetteer") // the tests catch it
	}
	return out
})

// withArticle puts "a" or "an" before a phrase, by its first sound as
// far as spelling tells: "an information technology", "a university".
func withArticle(phrase string) string {
	lower := strings.ToLower(phrase)
	an := strings.IndexByte("aeiou", lower[0]) >= 0
	for _, p := range []string{"uni", "use", "usu", "one", "eu"} {
		if strings.HasPrefix(lower, p) {
			an = false
		}
	}
	for _, p := range []string{"hour", "honest", "honor", "honour"} {
		if strings.HasPrefix(lower, p) {
			an = true
		}
	}
	if an {
		return "an " + phrase
	}
	return "a " + phrase
}

// office renders a location object for a building in a place. Keys the
// world does not know (the postal code, often a second line) are left out.
func (w *World) office(r *rand.Rand, place int32, hq bool) officeJSON {
	pl := &w.geo.places[place]
	o := officeJSON{
		Country:     pl.Country,
		City:        pl.Name,
		Line1:       streetLine(r, pl.Country),
		Headquarter: hq,
	}
	if region := w.geo.regionName(pl.Country, pl.Admin1); region != "" {
		o.GeographicArea = region
	}
	if chance(r, 25) {
		o.Line2 = "Suite " + strconv.Itoa(between(r, 100, 2500))
	}
	if hq && chance(r, 70) {
		o.Description = "Headquarters"
	}
	if chance(r, 5) {
		o.Line1, o.Line2, o.StreetAddressOptOut = "", "", true
	}
	return o
}

// tradeFamilies are the lines of work whose trades (familyIndustries)
// make a company's business: a restaurant's prose is a kitchen's, not a
// clinic's, though both are of Health & Hospitality.
var tradeFamilies = []family{famClinical, famHospitality, famBeauty, famCivil, famMechanical, famElectrical}

// industryDoing is what a company of an industry says its people work
// on: the phrases of the line of work whose trade the industry is (a
// restaurant's are a kitchen's), else of the first line of work that
// clusters in it, else of the department most at home in it, else a
// company's of any trade.
func (w *World) industryDoing(id IndustryID) []string {
	for _, f := range tradeFamilies {
		if slices.Contains(w.industries.famAffinity[f], id) {
			return famDoing[f]
		}
	}
	for f := famGeneral + 1; f < numFamilies; f++ {
		if slices.Contains(w.industries.famAffinity[f], id) {
			return famDoing[f]
		}
	}
	if d := w.industryDept(id); d != NoDepartment {
		return deptDoing[d]
	}
	return companyDoing
}

// industryDept is the department most at home in an industry, for the
// company's prose; NoDepartment when none is.
func (w *World) industryDept(id IndustryID) Department {
	for d := Department(1); d < numDepartments; d++ {
		for _, ind := range w.industries.affinity[d] {
			if ind == id {
				return d
			}
		}
	}
	return NoDepartment
}

// specialities lists what a company of this industry might name as its
// specialities: its industry's lines of business.
func (w *World) specialities(c *Company) []string {
	return businessLinesOf(w.industries.name(c.Industry))
}
