package world

import (
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
)

// Department is the function a job title belongs to, one of the values of
// the search filter `department` (interface 4.2). The zero value means the
// title names no single department (a CEO, a board member).
type Department uint8

// Departments, in the order of interface 4.2.
const (
	NoDepartment Department = iota
	Marketing
	Sales
	ProductProject
	Engineering
	DataAnalytics
	Design
	HRRecruitment
	FinanceAccounting
	LegalCompliance
	CustomerSupport
	HealthHospitality
	EducationTraining
	OperationsAdmin
	FacilityServices
	Entertainment
	numDepartments
)

var departmentNames = [numDepartments]string{
	"", "Marketing", "Sales", "Product & Project", "Engineering / Development",
	"Data & Analytics", "Design / UX", "HR & Recruitment", "Finance & Accounting",
	"Legal / Compliance", "Customer Support / Success", "Health, Beauty & Hospitality",
	"Education & Training", "Operations & Admin", "Facility Services",
	"Entertainment / Production",
}

// String returns the department exactly as the search filter spells it, or
// "" for NoDepartment.
func (d Department) String() string {
	if d >= numDepartments {
		return ""
	}
	return departmentNames[d]
}

// Departments returns the values of the `department` search filter, in the
// order of interface 4.2.
func Departments() []string {
	return append([]string(nil), departmentNames[1:]...)
}

// Level is the seniority a job title implies, one of the values of the
// search filter `level` (interface 4.2). The zero value means unknown.
type Level uint8

// Levels, in the order of interface 4.2 (which is roughly a career ladder,
// except that Directors sits last in the service's list).
const (
	NoLevel Level = iota
	Entry
	Junior
	MidLevel
	Senior
	Lead
	Head
	VP
	CLevel
	Founder
	Board
	Directors
	numLevels
)

var levelNames = [numLevels]string{
	"", "Intern / Entry Level", "Junior", "Mid-Level", "Senior", "Lead", "Head",
	"VP", "C-Level", "Founder / Owner", "Board / Advisory", "Directors",
}

// String returns the level exactly as the search filter spells it, or ""
// for NoLevel.
func (l Level) String() string {
	if l >= numLevels {
		return ""
	}
	return levelNames[l]
}

// Levels returns the values of the `level` search filter, in the order of
// interface 4.2.
func Levels() []string {
	return append([]string(nil), levelNames[1:]...)
}

// Title is one job title of the vocabulary, with the department and level
// it implies ("VP of Sales" → Sales, VP).
type Title struct {
	Name       string     // as shown in experience[].position
	Department Department // NoDepartment for CEOs, founders and board members
	Level      Level
}

// TitleID indexes the title vocabulary (World.Titles).
type TitleID uint16

// family is a track of work inside a department, finer than the
// department: a civil engineer and a backend developer are both in
// Engineering, but their titles, skills and studies differ. A person
// keeps to one family through most of a career.
type family uint8

// Families of the title vocabulary.
const (
	famGeneral family = iota // chief executives, founders, board members
	famMarketing
	famSales
	famProduct
	famSoftware
	famElectrical
	famMechanical
	famCivil
	famData
	famDesign
	famHR
	famFinance
	famLegal
	famSupport
	famClinical
	famHospitality
	famBeauty
	famEducation
	famOperations
	famFacility
	famEntertainment
	numFamilies
)

// familyDept is the department of each family.
var familyDept = [numFamilies]Department{
	famGeneral: NoDepartment, famMarketing: Marketing, famSales: Sales, famProduct: ProductProject,
	famSoftware: Engineering, famElectrical: Engineering, famMechanical: Engineering, famCivil: Engineering,
	famData: DataAnalytics, famDesign: Design, famHR: HRRecruitment, famFinance: FinanceAccounting,
	famLegal: LegalCompliance, famSupport: CustomerSupport, famClinical: HealthHospitality,
	famHospitality: HealthHospitality, famBeauty: HealthHospitality, famEducation: EducationTraining,
	famOperations: OperationsAdmin, famFacility: FacilityServices, famEntertainment: Entertainment,
}

// familyWeights is how common each family is within its department.
var familyWeights = [numFamilies]uint64{
	famGeneral: 1, famMarketing: 1, famSales: 1, famProduct: 1,
	famSoftware: 72, famElectrical: 10, famMechanical: 10, famCivil: 8,
	famData: 1, famDesign: 1, famHR: 1, famFinance: 1, famLegal: 1, famSupport: 1,
	famClinical: 55, famHospitality: 35, famBeauty: 10,
	famEducation: 1, famOperations: 1, famFacility: 1, famEntertainment: 1,
}

// function describes the titles of one department: the roles of each of
// its families, the area words used in "Head of X" / "VP of X" (of one
// family, or of the whole department), and the chief officer, if the
// department has one.
type function struct {
	dept  Department
	areas []area
	roles []role
	chief role
}

// role is an individual-contributor role and its family.
type role struct {
	name string
	fam  family
}

// area is a management area word; shared areas ("Engineering") head every
// family of the department.
type area struct {
	name   string
	fam    family
	shared bool
}

// roles and areas of a one-family department.
func roles(f family, names ...string) []role {
	out := make([]role, len(names))
	for i, n := range names {
		out[i] = role{n, f}
	}
	return out
}

func areas(f family, names ...string) []area {
	out := make([]area, len(names))
	for i, n := range names {
		out[i] = area{name: n, fam: f}
	}
	return out
}

var functions = []function{
	{Marketing, areas(famMarketing, "Marketing", "Growth", "Brand", "Communications"),
		roles(famMarketing, "Marketing Manager", "Marketing Specialist", "Content Marketing Manager", "Growth Marketer",
			"SEO Specialist", "Brand Manager", "Digital Marketing Manager", "Product Marketing Manager",
			"Social Media Manager", "Marketing Analyst", "Communications Specialist"),
		role{"Chief Marketing Officer", famMarketing}},
	{Sales, areas(famSales, "Sales", "Business Development", "Partnerships"),
		roles(famSales, "Account Executive", "Sales Development Representative", "Account Manager",
			"Business Development Manager", "Sales Manager", "Key Account Manager", "Sales Representative",
			"Inside Sales Representative", "Partnerships Manager"),
		role{"Chief Revenue Officer", famSales}},
	{ProductProject, areas(famProduct, "Product", "Product Management", "Program Management", "Delivery"),
		roles(famProduct, "Product Manager", "Project Manager", "Product Owner", "Program Manager", "Scrum Master",
			"Delivery Manager", "Technical Project Manager"),
		role{"Chief Product Officer", famProduct}},
	{Engineering, []area{{name: "Engineering", shared: true}, {name: "Software Engineering", fam: famSoftware},
		{name: "Platform", fam: famSoftware}, {name: "Infrastructure", fam: famSoftware}},
		append(append(append(roles(famSoftware, "Software Engineer", "Backend Developer", "Frontend Developer",
			"Full Stack Developer", "DevOps Engineer", "QA Engineer", "Mobile Developer", "Site Reliability Engineer",
			"Java Developer", "Cloud Engineer", "Security Engineer"),
			roles(famElectrical, "Embedded Software Engineer", "Electrical Engineer")...),
			roles(famMechanical, "Mechanical Engineer", "Design Engineer")...),
			roles(famCivil, "Civil Engineer", "Structural Engineer")...),
		role{"Chief Technology Officer", famSoftware}},
	{DataAnalytics, areas(famData, "Data", "Analytics", "Data Science", "Business Intelligence"),
		roles(famData, "Data Analyst", "Data Scientist", "Data Engineer", "Business Intelligence Analyst",
			"Machine Learning Engineer", "Analytics Engineer", "Research Analyst"),
		role{"Chief Data Officer", famData}},
	{Design, areas(famDesign, "Design", "User Experience", "Creative"),
		roles(famDesign, "UX Designer", "Product Designer", "UI Designer", "Graphic Designer", "UX Researcher",
			"Visual Designer", "Interaction Designer"),
		role{"Chief Design Officer", famDesign}},
	{HRRecruitment, areas(famHR, "People", "Human Resources", "Talent Acquisition", "Recruiting"),
		roles(famHR, "Recruiter", "Talent Acquisition Specialist", "HR Generalist", "HR Business Partner",
			"People Operations Specialist", "Technical Recruiter", "HR Manager"),
		role{"Chief People Officer", famHR}},
	{FinanceAccounting, areas(famFinance, "Finance", "Accounting", "Financial Planning & Analysis", "Tax"),
		roles(famFinance, "Accountant", "Financial Analyst", "Auditor", "Tax Advisor", "Payroll Specialist",
			"Bookkeeper", "Finance Manager", "Controller", "Treasury Analyst"),
		role{"Chief Financial Officer", famFinance}},
	{LegalCompliance, areas(famLegal, "Legal", "Compliance", "Risk & Compliance"),
		roles(famLegal, "Legal Counsel", "Corporate Lawyer", "Paralegal", "Compliance Officer", "Compliance Analyst",
			"Contract Manager", "Associate Attorney"),
		role{"Chief Legal Officer", famLegal}},
	{CustomerSupport, areas(famSupport, "Customer Success", "Customer Support", "Customer Experience"),
		roles(famSupport, "Customer Success Manager", "Customer Support Specialist", "Technical Support Engineer",
			"Customer Service Representative", "Support Agent", "Client Services Manager"),
		role{"Chief Customer Officer", famSupport}},
	{HealthHospitality, []area{{name: "Nursing", fam: famClinical}, {name: "Clinical Services", fam: famClinical},
		{name: "Guest Services", fam: famHospitality}, {name: "Food & Beverage", fam: famHospitality}},
		append(append(roles(famClinical, "Registered Nurse", "Physician", "Pharmacist", "Physiotherapist",
			"Dental Hygienist", "Medical Assistant"),
			roles(famHospitality, "Hotel Manager", "Chef", "Front Desk Agent", "Restaurant Manager")...),
			roles(famBeauty, "Hair Stylist", "Beauty Therapist", "Salon Manager")...),
		role{"Chief Medical Officer", famClinical}},
	{EducationTraining, areas(famEducation, "Learning & Development", "Training", "Academic Affairs"),
		roles(famEducation, "Teacher", "Lecturer", "Corporate Trainer", "Instructional Designer",
			"Learning & Development Specialist", "Teaching Assistant", "Tutor"),
		role{"Chief Learning Officer", famEducation}},
	{OperationsAdmin, areas(famOperations, "Operations", "Supply Chain", "Procurement", "Business Operations"),
		roles(famOperations, "Operations Manager", "Office Manager", "Administrative Assistant", "Executive Assistant",
			"Operations Analyst", "Supply Chain Analyst", "Logistics Coordinator", "Procurement Specialist",
			"Business Analyst"),
		role{"Chief Operating Officer", famOperations}},
	{FacilityServices, areas(famFacility, "Facilities", "Workplace", "Maintenance"),
		roles(famFacility, "Facilities Coordinator", "Maintenance Technician", "Facility Manager", "Security Officer",
			"Building Engineer", "Workplace Coordinator"),
		role{}},
	{Entertainment, areas(famEntertainment, "Production", "Content", "Post-Production"),
		roles(famEntertainment, "Video Producer", "Video Editor", "Sound Engineer", "Production Assistant", "Camera Operator",
			"Content Producer", "Animator", "Motion Designer"),
		role{"Chief Content Officer", famEntertainment}},
}

// titleVocab is the title vocabulary with, for every family and level,
// the titles that imply them.
type titleVocab struct {
	titles []Title
	fam    []family // family of each title
	// byFamilyLevel lists, per family and level, the titles a person of
	// that family can hold: its own and those of its department's shared
	// areas ("Head of Engineering" for a civil engineer).
	byFamilyLevel [numFamilies][numLevels][]TitleID
	// stems lists, per family, its roles ("Physician") with the titles of
	// each at every level ("Senior Physician"): a person keeps to one
	// role of their line of work (World.stemOf), so a medical assistant
	// does not become a pharmacist.
	stems [numFamilies][]stemTitles
	// areas lists, per family and level, the titles of byFamilyLevel
	// that are of no role: "Nursing Team Lead", "Head of Engineering".
	areas [numFamilies][numLevels][]TitleID
	// need is the regulated profession each title needs a degree for
	// (profNone for most); stemAreas lists, per family and role, the
	// areas whose titles the role's holders may hold: not a nursing
	// team lead's for a pharmacist, nor a head of legal's for a
	// paralegal.
	need      []profession
	stemAreas [numFamilies][][numLevels][]TitleID
	// ids finds a title by its name.
	ids map[string]TitleID
	// since is the year each title came into use (titleSince), 0 for
	// one older than any career; stem is the role of its family each
	// title is of, -1 for a title of no role.
	since []uint16
	stem  []int16
	// related is, per family and role, the roles a career may move on
	// to from it (relatedTo).
	related [numFamilies][]uint32
	// familyOf draws a family for a department by familyWeights.
	familyOf [numDepartments]struct {
		fams  []family
		table weighted
	}
}

// startingRoles are the roles people hold in their first years of work
// and then leave for another (an SDR becomes an account executive, an
// administrative assistant an office manager): no lead or principal
// holds them, and their senior title is not held for life.
var startingRoles = map[string]bool{
	"Sales Development Representative": true, "Inside Sales Representative": true,
	"Administrative Assistant": true, "Customer Service Representative": true,
	"Support Agent": true, "Front Desk Agent": true, "Production Assistant": true, "Teaching Assistant": true,
	"Logistics Coordinator": true, "Facilities Coordinator": true, "Workplace Coordinator": true,
	"Customer Support Specialist": true, "Tutor": true, "Payroll Specialist": true, "Bookkeeper": true,
}

// expertLines are the lines of work whose individual contributors rise
// to a principal's title: engineering-like work, data, design and law.
var expertLines = [numFamilies]bool{
	famSoftware: true, famElectrical: true, famMechanical: true, famCivil: true, famData: true,
	famDesign: true, famLegal: true,
}

// stemTitles are the titles of one role, by level.
type stemTitles [numLevels][]TitleID

// loadTitles builds the vocabulary once per process. It depends on nothing
// but the tables above, so ids are stable across worlds and runs.
var loadTitles = sync.OnceValue(func() *titleVocab {
	v := &titleVocab{ids: map[string]TitleID{}}
	stem := -1 // the role the titles added belong to, if any
	base := "" // the role, area or office the titles added are named after
	add := func(name string, d Department, l Level, fams ...family) {
		id := TitleID(len(v.titles))
		v.titles = append(v.titles, Title{Name: name, Department: d, Level: l})
		v.ids[name] = id
		v.fam = append(v.fam, fams[0])
		v.since = append(v.since, uint16(max(sinceOf(base), sinceOf(name))))
		v.stem = append(v.stem, int16(stem))
		v.need = append(v.need, needOf(base, name))
		if stem >= 0 {
			v.stems[fams[0]][stem][l] = append(v.stems[fams[0]][stem][l], id)
		}
		for _, f := range fams {
			v.byFamilyLevel[f][l] = append(v.byFamilyLevel[f][l], id)
			if stem < 0 {
				v.areas[f][l] = append(v.areas[f][l], id)
			}
		}
	}
	for _, f := range functions {
		var own []family // the department's families, in order of first role
		for _, r := range f.roles {
			if !slices.Contains(own, r.fam) {
				own = append(own, r.fam)
			}
		}
		for _, r := range f.roles {
			stem, base = len(v.stems[r.fam]), r.name
			v.stems[r.fam] = append(v.stems[r.fam], stemTitles{})
			manager := strings.HasSuffix(r.name, "Manager")
			if !manager {
				add("Trainee "+r.name, f.dept, Entry, r.fam)
			}
			add("Junior "+r.name, f.dept, Junior, r.fam)
			add(r.name, f.dept, MidLevel, r.fam)
			add("Senior "+r.name, f.dept, Senior, r.fam)
			if !manager && !startingRoles[r.name] {
				// "Lead Marketing Manager" is not something people write,
				// nor "Lead Sales Development Representative": a
				// starting role's holders move on to another role.
				add("Lead "+r.name, f.dept, Lead, r.fam)
				if expertLines[r.fam] {
					add("Principal "+r.name, f.dept, Lead, r.fam)
				}
			}
			stem = -1
		}
		for _, a := range f.areas {
			base = a.name
			fams := []family{a.fam}
			if a.shared {
				fams = own
			}
			add(a.name+" Intern", f.dept, Entry, fams...)
			add(a.name+" Team Lead", f.dept, Lead, fams...)
			add("Head of "+a.name, f.dept, Head, fams...)
			add("Director of "+a.name, f.dept, Directors, fams...)
			add(a.name+" Director", f.dept, Directors, fams...)
			add("Senior Director, "+a.name, f.dept, Directors, fams...)
			add("VP of "+a.name, f.dept, VP, fams...)
			add("Vice President, "+a.name, f.dept, VP, fams...)
			add("SVP "+a.name, f.dept, VP, fams...)
		}
		base = ""
		if f.chief.name != "" {
			add(f.chief.name, f.dept, CLevel, f.chief.fam)
		}
	}
	add("Co-Founder & CTO", Engineering, Founder, famSoftware)
	add("Founder & Creative Director", Design, Founder, famDesign)
	add("Co-Founder & Head of Sales", Sales, Founder, famSales)
	for _, name := range []string{"Chief Executive Officer", "CEO", "Managing Director", "President"} {
		add(name, NoDepartment, CLevel, famGeneral)
	}
	for _, name := range []string{"Founder", "Co-Founder", "Founder & CEO", "Owner", "Co-Founder & CEO"} {
		add(name, NoDepartment, Founder, famGeneral)
	}
	for _, name := range []string{"Board Member", "Advisor", "Board Advisor", "Non-Executive Director",
		"Member of the Board of Directors", "Strategic Advisor"} {
		add(name, NoDepartment, Board, famGeneral)
	}
	for f := range numFamilies {
		for _, s := range v.stems[f] {
			need := v.need[s[MidLevel][0]]
			var areas [numLevels][]TitleID
			for l := range numLevels {
				for _, t := range v.areas[f][l] {
					if covers(need, v.need[t]) {
						areas[l] = append(areas[l], t)
					}
				}
			}
			v.stemAreas[f] = append(v.stemAreas[f], areas)
		}
	}
	v.related = v.relatedTo()
	for d := range numDepartments {
		var fams []family
		var weights []uint64
		for f := range numFamilies {
			if familyDept[f] == d {
				fams = append(fams, f)
				weights = append(weights, familyWeights[f])
			}
		}
		v.familyOf[d].fams, v.familyOf[d].table = fams, newWeighted(weights)
	}
	return v
})

// drawFamily picks the family of a person whose career is in department d.
func (v *titleVocab) drawFamily(r *rand.Rand, d Department) family {
	f := &v.familyOf[d]
	return f.fams[f.table.draw(r)]
}

// Titles returns the title vocabulary, indexed by Job.Title. The slice is
// shared: do not modify it.
func (w *World) Titles() []Title { return w.titles.titles }

// Title returns the title of a job.
func (w *World) Title(id TitleID) Title { return w.titles.titles[id] }

// maxRun is the longest a career keeps one exact title of a lifelong
// level in all (titleVocab.lifelong), before it moves sideways: most
// titles change within a few years, and fifteen years of one reads wrong
// outside the professions.
const maxRun = 12 * 12

// lateral returns another title of family f at the level of title t,
// in use in year: a sideways move ("Senior Backend Developer" to "Senior
// Software Engineer", "Associate Attorney" to "Legal Counsel"). In the
// clinical professions, where a nurse does not become a pharmacist, it
// is one of the same profession or of no profession ("Nursing Team
// Lead"). It returns t when there is none.
func (v *titleVocab) lateral(r *rand.Rand, f family, t TitleID, year int) TitleID {
	ids := v.byFamilyLevel[f][v.titles[t].Level]
	n := 0
	ok := func(o TitleID) bool { return v.besides(f, t, o, year) }
	for _, o := range ids {
		if ok(o) {
			n++
		}
	}
	if n == 0 {
		return t
	}
	k := intN(r, n)
	for _, o := range ids {
		if ok(o) {
			if k == 0 {
				return o
			}
			k--
		}
	}
	return t
}

// besides reports whether title o may stand beside t, of family f, in
// year: another title of its level and family that exists by then, of
// a related specialty (relatedStems) or of none when t is of none, of
// the same profession for a clinical one, and of no profession whose
// degree t does not need ("Compliance Officer" is not followed by "Legal
// Counsel").
func (v *titleVocab) besides(f family, t, o TitleID, year int) bool {
	if o == t || int(v.since[o]) > year || v.fam[o] != v.fam[t] || !covers(v.need[t], v.need[o]) {
		return false
	}
	if v.heldIn([]TitleID{t}, o) || v.stepsBackTo(t, o) {
		// Another wording of the same title ("VP of Accounting" for
		// "Vice President, Accounting") is no other title, and a
		// sideways move is no step down in kind, nor from a manager's
		// post to an individual contributor's.
		return false
	}
	if v.stem[t] < 0 && v.stem[o] >= 0 || v.stem[t] >= 0 && v.stem[o] >= 0 && !v.relatedStems(v.fam[t], int(v.stem[t]), int(v.stem[o])) {
		// Not a specialty that follows: a QA engineer's is not a
		// security engineer's, and a team lead of marketing's is none
		// in particular.
		return false
	}
	return f != famClinical || v.stem[o] < 0 || v.stem[o] == v.stem[t]
}

// lateralFree is the first title beside t (as lateral draws them) that
// taken does not hold, among those of family f, then of t's own family (a
// role drawn in one family may hold a title of another: a team lead
// promoted into management); t when there is none.
func (v *titleVocab) lateralFree(f family, t TitleID, year int, taken func(TitleID) bool) TitleID {
	for _, g := range []family{f, v.fam[t]} {
		for _, o := range v.byFamilyLevel[g][v.titles[t].Level] {
			if v.besides(g, t, o, year) && !taken(o) {
				return o
			}
		}
	}
	return t
}

// specialtyGroups are the roles of a line of work that lead to one
// another: a backend developer becomes a full stack developer or a
// software engineer, not a security engineer; a recruiter an HR
// generalist, not a payroll specialist. Two roles are related when a
// group holds both, or when one is the name the other's holders had
// before it came into use (titleSince). A role of no group stays itself
// (a physician, a nurse).
var specialtyGroups = [][]string{
	{"Software Engineer", "Backend Developer", "Frontend Developer", "Full Stack Developer", "Java Developer", "Mobile Developer"},
	{"Software Engineer", "Backend Developer", "DevOps Engineer", "Site Reliability Engineer", "Cloud Engineer"},
	{"Software Engineer", "QA Engineer"},
	{"Security Engineer", "DevOps Engineer", "Cloud Engineer", "Software Engineer"},
	{"Embedded Software Engineer", "Electrical Engineer"},
	{"Mechanical Engineer", "Design Engineer"},
	{"Civil Engineer", "Structural Engineer"},
	{"Marketing Manager", "Marketing Specialist", "Digital Marketing Manager", "Product Marketing Manager", "Brand Manager", "Marketing Analyst"},
	{"Digital Marketing Manager", "SEO Specialist", "Growth Marketer", "Content Marketing Manager", "Social Media Manager"},
	{"Communications Specialist", "Social Media Manager", "Content Marketing Manager", "Brand Manager"},
	{"Sales Development Representative", "Inside Sales Representative", "Sales Representative", "Account Executive"},
	{"Account Executive", "Account Manager", "Key Account Manager", "Sales Manager"},
	{"Business Development Manager", "Partnerships Manager", "Sales Manager", "Account Executive"},
	{"Product Manager", "Product Owner", "Program Manager", "Technical Project Manager"},
	{"Project Manager", "Program Manager", "Scrum Master", "Delivery Manager", "Technical Project Manager", "Product Owner"},
	{"Data Analyst", "Business Intelligence Analyst", "Research Analyst", "Data Scientist"},
	{"Data Scientist", "Machine Learning Engineer", "Data Engineer"},
	{"Data Engineer", "Analytics Engineer", "Business Intelligence Analyst", "Data Analyst"},
	{"UX Designer", "Product Designer", "UI Designer", "Interaction Designer", "UX Researcher"},
	{"Graphic Designer", "Visual Designer", "UI Designer"},
	{"Recruiter", "Talent Acquisition Specialist", "Technical Recruiter"},
	{"HR Generalist", "HR Business Partner", "People Operations Specialist", "HR Manager", "Recruiter"},
	{"Accountant", "Auditor", "Tax Advisor", "Bookkeeper", "Payroll Specialist", "Controller"},
	{"Financial Analyst", "Treasury Analyst", "Finance Manager", "Controller", "Accountant"},
	{"Legal Counsel", "Corporate Lawyer", "Associate Attorney"},
	{"Paralegal", "Contract Manager", "Compliance Analyst"},
	{"Compliance Officer", "Compliance Analyst"},
	{"Customer Support Specialist", "Customer Service Representative", "Support Agent", "Technical Support Engineer"},
	{"Customer Success Manager", "Client Services Manager", "Customer Support Specialist"},
	{"Hotel Manager", "Restaurant Manager", "Front Desk Agent"},
	{"Chef", "Restaurant Manager"},
	{"Hair Stylist", "Salon Manager"},
	{"Beauty Therapist", "Salon Manager"},
	{"Teacher", "Tutor", "Teaching Assistant", "Lecturer"},
	{"Corporate Trainer", "Instructional Designer", "Learning & Development Specialist"},
	{"Operations Manager", "Office Manager", "Operations Analyst", "Business Analyst"},
	{"Administrative Assistant", "Executive Assistant", "Office Manager"},
	{"Supply Chain Analyst", "Logistics Coordinator", "Procurement Specialist", "Operations Analyst"},
	{"Facilities Coordinator", "Facility Manager", "Workplace Coordinator", "Security Officer"},
	{"Maintenance Technician", "Building Engineer", "Facility Manager"},
	{"Video Producer", "Content Producer", "Production Assistant"},
	{"Video Editor", "Motion Designer", "Animator"},
	{"Sound Engineer", "Camera Operator", "Production Assistant"},
}

// relatedTo returns, per family and role, the set of the family's roles
// related to it (specialtyGroups), itself included, as bits by role.
func (v *titleVocab) relatedTo() [numFamilies][]uint32 {
	var out [numFamilies][]uint32
	stemNamed := func(f family, name string) int {
		for k, s := range v.stems[f] {
			if v.titles[s[MidLevel][0]].Name == name {
				return k
			}
		}
		return -1
	}
	for f := range numFamilies {
		out[f] = make([]uint32, len(v.stems[f]))
		for k, s := range v.stems[f] {
			out[f][k] |= 1 << k
			// The names the role's holders had before, back to the
			// oldest: a machine learning engineer of 2008 was a data
			// analyst.
			name := v.titles[s[MidLevel][0]].Name
			for range 4 {
				if name = titleSince[name].before; stemNamed(f, name) < 0 {
					break
				}
				b := stemNamed(f, name)
				out[f][k] |= 1 << b
				out[f][b] |= 1 << k
			}
		}
		for _, g := range specialtyGroups {
			var set uint32
			for _, name := range g {
				if k := stemNamed(f, name); k >= 0 {
					set |= 1 << k
				}
			}
			for k := range out[f] {
				if set&(1<<k) != 0 {
					out[f][k] |= set
				}
			}
		}
	}
	return out
}

// relatedStems reports whether roles a and b of family f lead to one
// another (or are one).
func (v *titleVocab) relatedStems(f family, a, b int) bool {
	if a < 0 || b < 0 || a >= len(v.related[f]) {
		return a == b
	}
	return v.related[f][a]&(1<<b) != 0
}

// relatedTitle draws a title to stand for t of family f in year: of t's
// level, beside it (besides), and of a related specialty the career has
// not held (used, bits by role) when t is of one; another area's when t
// is of none ("Head of Growth" for "Head of Marketing"). It returns false
// when there is none.
func (v *titleVocab) relatedTitle(r *rand.Rand, f family, t TitleID, year int, used uint32) (TitleID, bool) {
	return v.relatedTitleWhere(r, f, t, year, used, nil)
}

// relatedTitleWhere draws a title as relatedTitle does, among those keep
// accepts (all of them when keep is nil).
func (v *titleVocab) relatedTitleWhere(r *rand.Rand, f family, t TitleID, year int, used uint32, keep func(TitleID) bool) (TitleID, bool) {
	ok := func(o TitleID) bool {
		if keep != nil && !keep(o) || !v.besides(f, t, o, year) || (v.stem[o] < 0) != (v.stem[t] < 0) {
			return false
		}
		if v.stem[o] < 0 {
			// Another area: "Engineering Director" is "Director of
			// Engineering" by another name.
			return managedArea(v.titles[o].Name) != managedArea(v.titles[t].Name)
		}
		return used&(1<<v.stem[o]) == 0
	}
	n := 0
	for _, o := range v.byFamilyLevel[f][v.titles[t].Level] {
		if ok(o) {
			n++
		}
	}
	if n == 0 {
		return t, false
	}
	k := intN(r, n)
	for _, o := range v.byFamilyLevel[f][v.titles[t].Level] {
		if ok(o) {
			if k == 0 {
				return o, true
			}
			k--
		}
	}
	return t, false
}

// lifelong reports whether people hold title t for decades and it reads
// right: a level off the ladder, a senior's or above (a senior or
// principal individual contributor, a manager above team lead), and the
// full title of a regulated profession (a physician, a nurse, a lawyer).
// An intern's, a junior's and a mid-level title of other work are held
// some years, then a career moves on.
func (v *titleVocab) lifelong(t TitleID) bool {
	l := v.titles[t].Level
	k := slices.Index(ladder, l)
	if l == Senior && v.starting(t) {
		return false // a senior SDR moves on to another role
	}
	return k < 0 || k >= slices.Index(ladder, Senior) || l == MidLevel && v.need[t] != profNone
}

// runKey returns the title whose months title t's add to in a career's
// count of how long one title was held: a starting role's plain title
// for all its levels (an SDR and a senior SDR are one run), t itself
// for others.
func (v *titleVocab) runKey(t TitleID) TitleID {
	if !v.starting(t) {
		return t
	}
	return v.stems[v.fam[t]][v.stem[t]][MidLevel][0]
}

// starting reports whether title t is of a starting role (startingRoles).
func (v *titleVocab) starting(t TitleID) bool {
	s := v.stem[t]
	if s < 0 {
		return false
	}
	mid := v.stems[v.fam[t]][s][MidLevel]
	return len(mid) > 0 && startingRoles[v.titles[mid[0]].Name]
}

// relatedAt draws a title of level l and family f in use in year, of a
// specialty related to stem that the career has not held (used, bits by
// role), and false when there is none. The title drawn is of a role
// held before title newer, and does not step down in kind to it
// (roleStepsDown).
func (v *titleVocab) relatedAt(r *rand.Rand, f family, stem int, l Level, year int, used uint32, newer TitleID) (TitleID, bool) {
	var ids []TitleID
	for s := range v.stems[f] {
		if s != stem && used&(1<<s) == 0 && v.relatedStems(f, stem, s) {
			for _, t := range v.stems[f][s][l] {
				if !v.stepsBackTo(t, newer) {
					ids = append(ids, t)
				}
			}
		}
	}
	return v.pickIn(r, ids, year)
}

// areaWords are the words of an area's titles that name its level.
var areaWords = []string{"Head", "of", "Director", "Director,", "Senior", "VP", "Vice", "President,", "SVP", "Team", "Lead", "Intern"}

// managedArea returns the area a management title is of ("Engineering" for
// "Director of Engineering" and "Engineering Director").
func managedArea(name string) string {
	var out []string
	for _, w := range strings.Fields(name) {
		if !slices.Contains(areaWords, w) {
			out = append(out, w)
		}
	}
	return strings.Join(out, " ")
}

// heldIn reports whether title t, or one of its level and area by
// another name ("Engineering Director" for "Director of Engineering"),
// is among held: a stay at a company does not move from one to the
// other.
func (v *titleVocab) heldIn(held []TitleID, t TitleID) bool {
	for _, h := range held {
		if h == t || v.stem[h] < 0 && v.stem[t] < 0 && v.titles[h].Level == v.titles[t].Level &&
			v.fam[h] == v.fam[t] && managedArea(v.titles[h].Name) == managedArea(v.titles[t].Name) {
			return true
		}
	}
	return false
}

// roleStepsDown reports whether a role of title newer, following one of
// title older in the same line of work, steps down in kind: into a
// starting role's title from another role's (a teacher does not become
// a teaching assistant, a technical support engineer a customer service
// representative, nor a hotel manager a front desk agent), or into an
// assistant's from another starting role's (a tutor's). The name a
// role's holders had before it came into use steps to it, and titles of
// no role (a head of an area) step as their levels do.
func (v *titleVocab) roleStepsDown(older, newer TitleID) bool {
	if v.stem[older] < 0 || v.stem[newer] < 0 || v.fam[older] != v.fam[newer] || v.stem[older] == v.stem[newer] {
		return false
	}
	if titleSince[v.roleName(newer)].before == v.roleName(older) {
		return false
	}
	// Among starting roles, an assistant's is the lowest: a tutor does
	// not become a teaching assistant, nor a logistics coordinator an
	// administrative assistant.
	return v.starting(newer) && (!v.starting(older) || v.assistant(newer) && !v.assistant(older))
}

// assistant reports whether title t is of a role named for an assistant
// (a teaching assistant's, an administrative assistant's).
func (v *titleVocab) assistant(t TitleID) bool {
	return strings.HasSuffix(v.roleName(t), "Assistant")
}

// managerial reports whether title t names a manager's post: a role
// named for a manager ("Product Marketing Manager", "Office Manager") or
// a controller's, an area's title from team lead up ("Head of Growth"),
// and a chief's office. The titles of individual contributors (an
// analyst, an engineer, a lead or principal of a role) are none, nor a
// trainee's or a junior's.
func (v *titleVocab) managerial(t TitleID) bool {
	l := v.titles[t].Level
	if entryLevel(l) {
		return false // a junior project manager manages no one
	}
	if v.stem[t] < 0 {
		return l == Lead || l == Head || l == Directors || l == VP || l == CLevel
	}
	name := v.roleName(t)
	return strings.HasSuffix(name, "Manager") || name == "Controller"
}

// toContributor reports whether a role of title newer, following one of
// title older, leaves a manager's post for an individual contributor's
// title: a Product Marketing Manager become a Marketing Analyst. The
// name a role's holders had before it came into use is no manager's
// post left (a Project Manager of 1999 became a Scrum Master when the
// role took that name).
func (v *titleVocab) toContributor(older, newer TitleID) bool {
	if !v.managerial(older) || v.managerial(newer) {
		return false
	}
	return v.stem[older] < 0 || v.stem[newer] < 0 || v.fam[older] != v.fam[newer] ||
		titleSince[v.roleName(newer)].before != v.roleName(older)
}

// managerStepsBack reports whether a role of title newer, following one
// of title older, steps back from a manager's post to an individual
// contributor's title of no higher rung (a Marketing Manager become a
// Marketing Analyst, a Controller an Accountant, a Head of Engineering a
// Lead Software Engineer), which reads as a career run backwards.
func (v *titleVocab) managerStepsBack(older, newer TitleID) bool {
	if !v.toContributor(older, newer) {
		return false
	}
	a, b := slices.Index(ladder, v.titles[older].Level), slices.Index(ladder, v.titles[newer].Level)
	return a >= 0 && b >= 0 && b <= a
}

// stepsBackTo reports whether a role of title newer, following one of
// title older, reads as a career run backwards: a step down in kind
// (roleStepsDown) or from a manager's post (managerStepsBack); or as a
// leap over a rung, to a manager's post from an intern's or an agent's
// title (leapsTo).
func (v *titleVocab) stepsBackTo(older, newer TitleID) bool {
	return v.roleStepsDown(older, newer) || v.managerStepsBack(older, newer) || v.leapsTo(older, newer)
}

// heldMax is the most months a generated career holds title t in all,
// over every employer: below a lifelong level titleMonthsMax; at one, on
// the ladder below a chief's office and of no profession, maxRun (a
// Senior Embedded Software Engineer of twenty-five years at five firms
// reads wrong); a chief's, a founder's, a board seat and a profession's
// title (a physician's) without end.
func (v *titleVocab) heldMax(t TitleID) int {
	if !v.lifelong(t) {
		return titleMonthsMax
	}
	if l := slices.Index(ladder, v.titles[t].Level); l < 0 || l >= slices.Index(ladder, CLevel) || v.need[t] != profNone {
		return 1 << 20
	}
	return maxRun
}

// roleName returns the name of the role title t is of ("Growth
// Marketer" for "Senior Growth Marketer"), "" for a title of no role.
func (v *titleVocab) roleName(t TitleID) string {
	s := v.stem[t]
	if s < 0 {
		return ""
	}
	mid := v.stems[v.fam[t]][s][MidLevel]
	if len(mid) == 0 {
		return ""
	}
	return v.titles[mid[0]].Name
}

// startingStem reports whether role s of family f is a starting role
// (startingRoles).
func (v *titleVocab) startingStem(f family, s int) bool {
	mid := v.stems[f][s][MidLevel]
	return len(mid) > 0 && startingRoles[v.titles[mid[0]].Name]
}

// accountRoles are the roles named for a manager whose holders manage
// accounts or clients, not people: a support agent or a sales
// representative moves on to them as to any related role.
var accountRoles = map[string]bool{
	"Account Manager": true, "Key Account Manager": true, "Customer Success Manager": true,
	"Client Services Manager": true, "Partnerships Manager": true, "Business Development Manager": true,
	"Office Manager": true,
}

// leapsTo reports whether a role of title newer, following one of title
// older, leaps to a manager's post (a role named for one, or a
// controller's) from an intern's or trainee's title or from a starting
// role's (a Tax Intern become a Finance Manager, a Front Desk Agent a
// Hotel Manager): a reader expects the rung between.
func (v *titleVocab) leapsTo(older, newer TitleID) bool {
	if v.stem[newer] < 0 || !v.managerial(newer) {
		return false
	}
	if v.titles[older].Level == Entry {
		return true
	}
	return v.starting(older) && !v.starting(newer) && !accountRoles[v.roleName(newer)]
}
