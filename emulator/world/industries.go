package world

import (
	"bufio"
	"fmt"
	"sync"
)

// IndustryID indexes the industry list (World.Industries).
type IndustryID uint8

// NoIndustry marks a person without any job, hence without an industry.
const NoIndustry IndustryID = 255

// industryVocab is the embedded industry list with, per department, the
// industries whose companies employ that department most.
type industryVocab struct {
	names []string
	index map[string]IndustryID
	// affinity lists, per department, the industries it clusters in
	// (engineers at software companies, nurses at hospitals).
	affinity [numDepartments][]IndustryID
	// famAffinity is the same per family, finer where a department's
	// families work in different trades (civil engineers at construction
	// firms, software engineers at software companies).
	famAffinity [numFamilies][]IndustryID
	// common draws a company's industry: those some department clusters
	// in are three times as common as the rest (more software companies
	// than ranches), and public bodies never (see publicBodies).
	common weighted
}

var deptIndustries = map[Department][]string{
	Marketing: {"Marketing and Advertising", "Public Relations and Communications", "Online Media",
		"Market Research", "Consumer Goods"},
	Sales: {"Computer Software", "Information Technology and Services", "Wholesale", "Retail",
		"Financial Services", "Telecommunications"},
	ProductProject: {"Computer Software", "Internet", "Information Technology and Services",
		"Management Consulting"},
	Engineering: {"Computer Software", "Information Technology and Services", "Internet",
		"Computer Hardware", "Semiconductors", "Telecommunications", "Computer & Network Security",
		"Computer Games", "Automotive", "Civil Engineering", "Mechanical or Industrial Engineering",
		"Aviation & Aerospace"},
	DataAnalytics: {"Information Technology and Services", "Computer Software", "Research",
		"Financial Services", "Market Research", "Information Services"},
	Design: {"Design", "Graphic Design", "Architecture & Planning", "Marketing and Advertising",
		"Computer Software", "Apparel & Fashion"},
	HRRecruitment: {"Staffing and Recruiting", "Human Resources", "Outsourcing/Offshoring"},
	FinanceAccounting: {"Accounting", "Banking", "Financial Services", "Investment Management",
		"Insurance", "Capital Markets", "Venture Capital & Private Equity", "Investment Banking"},
	LegalCompliance: {"Law Practice", "Legal Services", "Banking", "Insurance"},
	CustomerSupport: {"Consumer Services", "Telecommunications", "Computer Software", "Retail",
		"Outsourcing/Offshoring"},
	HealthHospitality: {"Hospital & Health Care", "Medical Practice", "Pharmaceuticals", "Hospitality",
		"Restaurants", "Health, Wellness and Fitness", "Cosmetics", "Mental Health Care", "Veterinary"},
	EducationTraining: {"Higher Education", "Primary/Secondary Education", "Education Management",
		"E-Learning", "Professional Training & Coaching"},
	OperationsAdmin: {"Logistics and Supply Chain", "Transportation/Trucking/Railroad", "Warehousing",
		"Package/Freight Delivery", "Import and Export", "Retail", "Construction"},
	FacilityServices: {"Facilities Services", "Real Estate", "Commercial Real Estate",
		"Security and Investigations", "Construction"},
	Entertainment: {"Entertainment", "Media Production", "Motion Pictures and Film", "Broadcast Media",
		"Music", "Animation", "Performing Arts"},
}

// publicBodies are the industries of the state's own bodies: courts,
// parliaments, ministries, armed forces, police and fire services,
// embassies and parties. They stay values of the search filter, but no
// company of the world is of one: a court or an army is no firm with a
// sales team, founders and a legal form, and one of a country's courts
// or its parliament would need a name, a size and trades of its own.
var publicBodies = []string{"Government Administration", "Judiciary", "Legislative Office", "Military",
	"Law Enforcement", "Public Safety", "Executive Office", "International Affairs", "Public Policy",
	"Political Organization"}

// familyIndustries are the trades of the families whose department's
// list would not fit them; the other families take their department's.
var familyIndustries = map[family][]string{
	famSoftware: {"Computer Software", "Information Technology and Services", "Internet", "Computer Games",
		"Computer & Network Security", "Telecommunications", "Financial Services", "Information Services"},
	famElectrical: {"Electrical/Electronic Manufacturing", "Semiconductors", "Computer Hardware",
		"Telecommunications", "Utilities", "Consumer Electronics", "Industrial Automation", "Automotive"},
	famMechanical: {"Mechanical or Industrial Engineering", "Automotive", "Aviation & Aerospace", "Machinery",
		"Industrial Automation", "Oil & Energy", "Defense & Space", "Plastics"},
	famCivil: {"Civil Engineering", "Construction", "Architecture & Planning", "Building Materials",
		"Real Estate", "Environmental Services", "Utilities"},
	famClinical: {"Hospital & Health Care", "Medical Practice", "Pharmaceuticals", "Mental Health Care",
		"Medical Devices"},
	famHospitality: {"Hospitality", "Restaurants", "Leisure, Travel & Tourism", "Food & Beverages"},
	famBeauty:      {"Cosmetics", "Health, Wellness and Fitness", "Consumer Services"},
}

// loadIndustries parses the embedded list once per process.
var loadIndustries = sync.OnceValue(func() *industryVocab {
	v, err := parseIndustries()
	if err != nil {
		panic(err) // embedded at build time; the tests catch a bad file
	}
	return v
})

func parseIndustries() (*industryVocab, error) {
	f, err := dataFS.Open("data/industries.txt")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	v := &industryVocab{index: map[string]IndustryID{}}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if sc.Text() == "" {
			continue
		}
		if len(v.names) >= int(NoIndustry) {
			return nil, fmt.Errorf("industries.txt: more than %d industries", NoIndustry)
		}
		v.index[sc.Text()] = IndustryID(len(v.names))
		v.names = append(v.names, sc.Text())
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	for d := Department(1); d < numDepartments; d++ {
		for _, name := range deptIndustries[d] {
			id, ok := v.index[name]
			if !ok {
				return nil, fmt.Errorf("department %q: unknown industry %q", d, name)
			}
			v.affinity[d] = append(v.affinity[d], id)
		}
	}
	for f := range numFamilies {
		names, own := familyIndustries[f]
		if !own {
			v.famAffinity[f] = v.affinity[familyDept[f]]
			continue
		}
		for _, name := range names {
			id, ok := v.index[name]
			if !ok {
				return nil, fmt.Errorf("family %d: unknown industry %q", f, name)
			}
			v.famAffinity[f] = append(v.famAffinity[f], id)
		}
	}
	weights := make([]uint64, len(v.names))
	for i := range weights {
		weights[i] = 1
	}
	for _, ids := range v.famAffinity {
		for _, id := range ids {
			weights[id] = 3
		}
	}
	for _, name := range publicBodies {
		id, ok := v.index[name]
		if !ok {
			return nil, fmt.Errorf("public bodies: unknown industry %q", name)
		}
		weights[id] = 0
	}
	v.common = newWeighted(weights)
	return v, nil
}

// name returns the industry's name, or "" for NoIndustry.
func (v *industryVocab) name(id IndustryID) string {
	if int(id) >= len(v.names) {
		return ""
	}
	return v.names[id]
}

// Industries returns the industry vocabulary, indexed by IndustryID: the
// values the `industry` search filter accepts. The slice is shared: do not
// modify it.
func (w *World) Industries() []string { return w.industries.names }

// Industry returns the name of an industry, or "" for NoIndustry.
func (w *World) Industry(id IndustryID) string { return w.industries.name(id) }
