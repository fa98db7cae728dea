package world

import (
	"math/rand/v2"
	"slices"
	"sync"
)

// SkillID indexes the skill vocabulary (World.Skills).
type SkillID uint16

// lineSkills are the skills of one line of work: those every holder of
// its titles may list (Git for any engineer, Excel for anyone in
// finance), and those of its roles, which only the holders of a title of
// the role list (a mobile developer's Swift, a tax advisor's VAT): a
// DevOps engineer who never built apps does not list iOS.
type lineSkills struct {
	all   []string
	roles []roleSkills
}

// roleSkills are skills of the roles named, by their plain title as
// functions name them ("DevOps Engineer" for "Senior DevOps Engineer").
type roleSkills struct {
	roles  []string
	skills []string
}

// familySkills are the skills of each family's work: of the whole line
// and of its roles, each role's skills those a reader expects of its
// holders and of no other role of the line unless listed there too
// (Docker for a backend developer and a DevOps engineer, not for a
// frontend developer). famGeneral's are those of leading people and running a
// business, which leaders of every family also list; which of them a
// person may list depends on the highest roles they held
// (managementSkills).
var familySkills = [numFamilies]lineSkills{
	famGeneral: {all: []string{"Leadership", "Team Leadership", "Team Management", "People Management", "Management",
		"Strategic Planning", "Business Strategy", "Change Management", "P&L Management",
		"Entrepreneurship", "Fundraising", "Corporate Governance", "Mergers & Acquisitions",
		"Executive Management"}},
	famMarketing: {all: []string{"Marketing", "Marketing Strategy", "Digital Marketing", "Social Media Marketing",
		"Market Research", "Marketing Communications", "Campaign Management", "Content Marketing", "Google Analytics"},
		roles: []roleSkills{
			{[]string{"Marketing Manager"}, []string{"Brand Management", "Email Marketing", "Marketing Automation", "HubSpot",
				"Product Marketing", "Public Relations"}},
			{[]string{"Marketing Specialist"}, []string{"Email Marketing", "HubSpot", "Copywriting", "Marketing Automation"}},
			{[]string{"SEO Specialist"}, []string{"SEO", "SEM", "Google Ads", "Keyword Research"}},
			{[]string{"Digital Marketing Manager"}, []string{"SEO", "SEM", "Google Ads", "Email Marketing",
				"Marketing Automation", "HubSpot"}},
			{[]string{"Growth Marketer"}, []string{"SEM", "Google Ads", "A/B Testing", "Email Marketing", "Marketing Automation",
				"HubSpot"}},
			{[]string{"Content Marketing Manager"}, []string{"Copywriting", "Content Strategy", "Email Marketing", "SEO"}},
			{[]string{"Social Media Manager"}, []string{"Copywriting", "Community Management", "Content Strategy",
				"Social Media Advertising"}},
			{[]string{"Brand Manager"}, []string{"Brand Management", "Brand Strategy", "Advertising"}},
			{[]string{"Product Marketing Manager"}, []string{"Product Marketing", "Go-to-Market Strategy", "Competitive Analysis"}},
			{[]string{"Marketing Analyst"}, []string{"Marketing Analytics", "A/B Testing", "Competitive Analysis"}},
			{[]string{"Communications Specialist"}, []string{"Public Relations", "Corporate Communications", "Copywriting",
				"Media Relations"}},
		}},
	famSales: {all: []string{"Sales", "B2B Sales", "CRM", "Salesforce", "Negotiation"},
		roles: []roleSkills{
			{[]string{"Sales Development Representative", "Inside Sales Representative"}, []string{"Lead Generation",
				"Cold Calling", "Prospecting", "SaaS"}},
			{[]string{"Account Executive", "Sales Representative"}, []string{"Solution Selling", "Pipeline Management",
				"Lead Generation", "Cold Calling", "SaaS"}},
			{[]string{"Account Manager", "Key Account Manager"}, []string{"Account Management", "Key Account Management",
				"Upselling", "Customer Retention"}},
			{[]string{"Business Development Manager", "Partnerships Manager"}, []string{"Business Development",
				"Strategic Partnerships", "Lead Generation"}},
			{[]string{"Sales Manager"}, []string{"Sales Management", "Pipeline Management", "Sales Forecasting",
				"Business Development", "Key Account Management"}},
		}},
	famProduct: {all: []string{"Agile Methodologies", "Jira", "Scrum", "Stakeholder Management", "Confluence"},
		roles: []roleSkills{
			{[]string{"Product Manager", "Product Owner"}, []string{"Product Management", "Roadmapping", "Product Strategy",
				"User Stories", "Product Discovery"}},
			{[]string{"Project Manager", "Program Manager", "Delivery Manager", "Technical Project Manager"},
				[]string{"Project Management", "Kanban", "Prince2", "Microsoft Project", "Risk Management", "PMP"}},
			{[]string{"Scrum Master"}, []string{"Kanban", "Agile Coaching", "Sprint Planning", "Project Management"}},
		}},
	famSoftware: {all: []string{"Git", "SQL", "Linux", "Python", "Software Development", "CI/CD", "Unit Testing",
		"REST APIs"},
		roles: []roleSkills{
			{[]string{"Software Engineer"}, []string{"Java", "Go", "C++", "C#", "JavaScript", "TypeScript", "Microservices",
				"PostgreSQL", "Docker", "AWS"}},
			{[]string{"Backend Developer"}, []string{"Go", "Java", "C#", "Node.js", "PostgreSQL", "Microservices", "Docker",
				"Redis", "Rust", "AWS"}},
			{[]string{"Full Stack Developer"}, []string{"JavaScript", "TypeScript", "React", "Node.js", "HTML", "CSS",
				"PostgreSQL", "Docker"}},
			{[]string{"Java Developer"}, []string{"Java", "Spring Boot", "Microservices", "PostgreSQL", "Hibernate", "Maven"}},
			{[]string{"Frontend Developer"}, []string{"JavaScript", "TypeScript", "React", "HTML", "CSS", "Vue.js", "Angular"}},
			{[]string{"Mobile Developer"}, []string{"Swift", "Kotlin", "iOS Development", "Android Development",
				"Mobile Applications", "Objective-C", "React Native"}},
			{[]string{"DevOps Engineer", "Site Reliability Engineer", "Cloud Engineer"}, []string{"Kubernetes", "Docker",
				"Terraform", "AWS", "Google Cloud Platform", "Microsoft Azure", "Ansible", "Go"}},
			{[]string{"QA Engineer"}, []string{"Test Automation", "Selenium", "Software Testing", "Java", "Manual Testing",
				"Cypress"}},
			{[]string{"Security Engineer"}, []string{"Information Security", "Penetration Testing", "Network Security",
				"Cybersecurity", "Vulnerability Assessment"}},
		}},
	famElectrical: {all: []string{"Electronics", "Electrical Engineering", "MATLAB", "Microcontrollers", "Embedded Systems"},
		roles: []roleSkills{
			{[]string{"Embedded Software Engineer"}, []string{"C", "C++", "RTOS", "Firmware Development", "Linux"}},
			{[]string{"Electrical Engineer"}, []string{"Circuit Design", "PCB Design", "Altium Designer", "Power Systems",
				"PLC Programming", "FPGA"}},
		}},
	famMechanical: {all: []string{"SolidWorks", "AutoCAD", "Mechanical Engineering", "Product Design", "3D Modeling",
		"GD&T", "CATIA"},
		roles: []roleSkills{
			{[]string{"Mechanical Engineer"}, []string{"Finite Element Analysis", "ANSYS", "MATLAB", "Manufacturing",
				"Lean Manufacturing", "Thermodynamics"}},
			{[]string{"Design Engineer"}, []string{"Prototyping", "PTC Creo", "Siemens NX", "Design for Manufacturing",
				"Manufacturing"}},
		}},
	famCivil: {all: []string{"AutoCAD", "Civil Engineering", "Revit", "Building Information Modeling (BIM)",
		"Microsoft Project", "Site Supervision"},
		roles: []roleSkills{
			{[]string{"Civil Engineer"}, []string{"Civil 3D", "Surveying", "Geotechnical Engineering", "Primavera P6",
				"Construction Management"}},
			{[]string{"Structural Engineer"}, []string{"Structural Analysis", "Structural Design", "ETABS", "SAP2000",
				"Reinforced Concrete"}},
		}},
	famData: {all: []string{"SQL", "Python", "Data Analysis", "Excel", "Statistics", "Data Modeling"},
		roles: []roleSkills{
			{[]string{"Data Analyst", "Business Intelligence Analyst"}, []string{"Tableau", "Power BI", "Data Visualization",
				"R", "Looker"}},
			{[]string{"Research Analyst"}, []string{"R", "SPSS", "Data Visualization", "Quantitative Research"}},
			{[]string{"Data Engineer", "Analytics Engineer"}, []string{"Apache Spark", "ETL", "dbt", "Snowflake", "Big Data",
				"Apache Airflow", "Data Warehousing"}},
			{[]string{"Data Scientist", "Machine Learning Engineer"}, []string{"Machine Learning", "Deep Learning",
				"TensorFlow", "PyTorch", "R", "scikit-learn"}},
		}},
	famDesign: {all: []string{"Figma", "Design Thinking", "Sketch", "Adobe Photoshop"},
		roles: []roleSkills{
			{[]string{"UX Designer", "Product Designer", "Interaction Designer"}, []string{"User Experience (UX)",
				"User Interface Design", "Prototyping", "Wireframing", "Interaction Design", "User Research", "Usability Testing",
				"Adobe XD"}},
			{[]string{"UI Designer"}, []string{"User Interface Design", "Prototyping", "Wireframing", "Typography",
				"Adobe Illustrator", "Adobe XD"}},
			{[]string{"Graphic Designer", "Visual Designer"}, []string{"Adobe Illustrator", "Adobe InDesign", "Typography",
				"Graphic Design", "Brand Identity", "Logo Design"}},
			{[]string{"UX Researcher"}, []string{"User Research", "Usability Testing", "User Experience (UX)",
				"Qualitative Research", "Survey Design"}},
		}},
	famHR: {all: []string{"Human Resources", "Onboarding", "Interviewing", "Workday"},
		roles: []roleSkills{
			{[]string{"Recruiter", "Talent Acquisition Specialist", "Technical Recruiter"}, []string{"Recruiting",
				"Talent Acquisition", "Sourcing", "Employer Branding", "Applicant Tracking Systems"}},
			{[]string{"Technical Recruiter"}, []string{"Technical Recruiting"}},
			{[]string{"HR Generalist", "HR Business Partner", "People Operations Specialist", "HR Manager"},
				[]string{"Employee Relations", "Performance Management", "Compensation & Benefits", "HRIS", "Employment Law"}},
			{[]string{"HR Business Partner", "HR Manager"}, []string{"Succession Planning", "Talent Management"}},
			{[]string{"HR Manager"}, []string{"Recruiting"}},
		}},
	famFinance: {all: []string{"Accounting", "Excel", "SAP", "Account Reconciliation", "Financial Reporting"},
		roles: []roleSkills{
			{[]string{"Accountant"}, []string{"IFRS", "US GAAP", "Accounts Payable", "Accounts Receivable", "QuickBooks",
				"General Ledger"}},
			{[]string{"Bookkeeper"}, []string{"QuickBooks", "Accounts Payable", "Accounts Receivable", "Bookkeeping", "Xero",
				"General Ledger"}},
			{[]string{"Financial Analyst", "Finance Manager"}, []string{"Financial Analysis", "Financial Modeling",
				"Budgeting", "Forecasting", "Corporate Finance"}},
			{[]string{"Treasury Analyst"}, []string{"Cash Management", "Treasury", "Financial Analysis", "Forecasting",
				"Corporate Finance"}},
			{[]string{"Controller"}, []string{"IFRS", "US GAAP", "Budgeting", "Forecasting", "Financial Analysis",
				"Internal Controls", "General Ledger"}},
			{[]string{"Finance Manager"}, []string{"IFRS"}},
			{[]string{"Auditor"}, []string{"Auditing", "Internal Controls", "IFRS", "US GAAP", "Risk Assessment"}},
			{[]string{"Tax Advisor"}, []string{"Tax", "Tax Preparation", "Corporate Tax", "VAT", "Transfer Pricing"}},
			{[]string{"Payroll Specialist"}, []string{"Payroll", "ADP", "Benefits Administration"}},
		}},
	famLegal: {all: []string{"Legal Research", "Legal Writing", "Compliance", "GDPR"},
		roles: []roleSkills{
			{[]string{"Legal Counsel", "Corporate Lawyer", "Associate Attorney"}, []string{"Contract Law", "Corporate Law",
				"Litigation", "Intellectual Property", "Contract Negotiation", "Commercial Law", "Employment Law"}},
			{[]string{"Contract Manager"}, []string{"Contract Negotiation", "Contract Management", "Contract Law",
				"Commercial Law"}},
			{[]string{"Paralegal"}, []string{"Legal Documentation", "Litigation Support", "Document Review", "Contract Law"}},
			{[]string{"Compliance Officer", "Compliance Analyst"}, []string{"Regulatory Compliance", "Risk Management",
				"Anti-Money Laundering", "KYC", "Policy Development"}},
		}},
	famSupport: {all: []string{"Customer Service", "Customer Experience", "Zendesk", "Conflict Resolution", "Intercom"},
		roles: []roleSkills{
			{[]string{"Customer Success Manager", "Client Services Manager"}, []string{"Customer Success",
				"Customer Retention", "Onboarding", "Account Management", "Client Relations"}},
			{[]string{"Technical Support Engineer"}, []string{"Technical Support", "Troubleshooting", "Linux", "SQL",
				"Help Desk Support", "ITIL"}},
			{[]string{"Customer Support Specialist", "Customer Service Representative", "Support Agent"},
				[]string{"Troubleshooting", "Call Center", "Help Desk Support", "Data Entry"}},
			{[]string{"Customer Support Specialist"}, []string{"Technical Support"}},
		}},
	famClinical: {all: []string{"Patient Care", "Healthcare", "Patient Safety", "Basic Life Support (BLS)",
		"Electronic Medical Records (EMR)", "Clinical Documentation", "Infection Control"},
		roles: []roleSkills{
			{[]string{"Registered Nurse"}, []string{"Nursing", "Medication Administration", "Vital Signs", "Critical Care",
				"Hospitals", "First Aid"}},
			{[]string{"Physician"}, []string{"Medicine", "Clinical Research", "Internal Medicine", "Hospitals",
				"Advanced Cardiac Life Support (ACLS)", "Surgery"}},
			{[]string{"Pharmacist"}, []string{"Pharmacy", "Pharmacology", "Medication Therapy Management", "Clinical Research"}},
			{[]string{"Physiotherapist"}, []string{"Physical Therapy", "Rehabilitation", "Manual Therapy", "Exercise Prescription"}},
			{[]string{"Dental Hygienist"}, []string{"Dentistry", "Dental Care", "Periodontics", "Dental Radiography"}},
			{[]string{"Medical Assistant"}, []string{"Vital Signs", "Phlebotomy", "First Aid", "Medical Terminology"}},
		}},
	famHospitality: {all: []string{"Hospitality", "Customer Service", "Food & Beverage"},
		roles: []roleSkills{
			{[]string{"Hotel Manager"}, []string{"Hotel Management", "Revenue Management", "Guest Relations", "Front Office",
				"Event Planning"}},
			{[]string{"Front Desk Agent"}, []string{"Front Office", "Guest Relations", "Reservations", "Opera PMS"}},
			{[]string{"Restaurant Manager"}, []string{"Restaurant Management", "Food Safety", "Event Planning",
				"Guest Relations", "Menu Development"}},
			{[]string{"Chef"}, []string{"Culinary Skills", "Menu Development", "Food Safety", "Cooking", "Kitchen Management",
				"Food Preparation"}},
		}},
	famBeauty: {all: []string{"Beauty Industry", "Customer Service", "Retail Sales", "Client Consultation"},
		roles: []roleSkills{
			{[]string{"Hair Stylist"}, []string{"Hair Styling", "Hair Coloring", "Hair Cutting", "Balayage"}},
			{[]string{"Beauty Therapist"}, []string{"Skin Care", "Makeup Artistry", "Nail Care", "Facials", "Waxing"}},
			{[]string{"Salon Manager"}, []string{"Salon Management", "Appointment Scheduling", "Inventory Management"}},
		}},
	famEducation: {all: []string{"Curriculum Development", "Public Speaking", "Coaching", "E-Learning"},
		roles: []roleSkills{
			{[]string{"Teacher"}, []string{"Teaching", "Classroom Management", "Lesson Planning", "Differentiated Instruction"}},
			{[]string{"Lecturer"}, []string{"Teaching", "Higher Education", "Moodle", "Academic Writing"}},
			{[]string{"Teaching Assistant"}, []string{"Teaching", "Classroom Management", "Tutoring", "Lesson Planning"}},
			{[]string{"Tutor"}, []string{"Tutoring", "Teaching", "Lesson Planning", "Test Preparation"}},
			{[]string{"Corporate Trainer", "Learning & Development Specialist"}, []string{"Training & Development",
				"Training Delivery", "Facilitation", "Learning Management Systems"}},
			{[]string{"Instructional Designer"}, []string{"Instructional Design", "Articulate Storyline",
				"Learning Management Systems", "Training & Development"}},
		}},
	famOperations: {all: []string{"Microsoft Office", "Vendor Management", "Process Improvement"},
		roles: []roleSkills{
			{[]string{"Operations Manager"}, []string{"Operations Management", "Lean Six Sigma", "Logistics",
				"Supply Chain Management", "ERP", "Inventory Management"}},
			{[]string{"Office Manager", "Administrative Assistant", "Executive Assistant"}, []string{"Administrative Assistance",
				"Office Administration", "Diary Management", "Travel Arrangements", "Data Entry"}},
			{[]string{"Office Manager", "Executive Assistant"}, []string{"Event Planning"}},
			{[]string{"Supply Chain Analyst"}, []string{"Supply Chain Management", "Inventory Management", "Demand Planning",
				"ERP", "Logistics"}},
			{[]string{"Logistics Coordinator"}, []string{"Logistics", "Freight Forwarding", "Inventory Management",
				"Supply Chain Management", "Warehouse Management"}},
			{[]string{"Procurement Specialist"}, []string{"Procurement", "Purchasing", "Strategic Sourcing", "ERP"}},
			{[]string{"Operations Analyst", "Business Analyst"}, []string{"Business Analysis", "Requirements Gathering",
				"Process Mapping", "Lean Six Sigma", "ERP", "SQL"}},
		}},
	famFacility: {all: []string{"Health & Safety", "Fire Safety", "Emergency Response"},
		roles: []roleSkills{
			{[]string{"Facilities Coordinator", "Facility Manager", "Workplace Coordinator"}, []string{"Facility Management",
				"Workplace Management", "Property Management", "Space Planning", "Building Maintenance", "Maintenance"}},
			{[]string{"Maintenance Technician", "Building Engineer"}, []string{"Maintenance", "Building Maintenance", "HVAC",
				"Electrical Maintenance", "Plumbing", "Preventive Maintenance"}},
			{[]string{"Security Officer"}, []string{"Security", "CCTV", "Access Control", "First Aid"}},
		}},
	famEntertainment: {all: []string{"Video Production", "Film Production", "Storytelling"},
		roles: []roleSkills{
			{[]string{"Video Editor"}, []string{"Video Editing", "Adobe Premiere Pro", "Final Cut Pro", "After Effects",
				"DaVinci Resolve", "Color Grading"}},
			{[]string{"Sound Engineer"}, []string{"Sound Design", "Audio Mixing", "Pro Tools", "Audio Recording"}},
			{[]string{"Camera Operator"}, []string{"Cinematography", "Photography", "Camera Operation", "Lighting"}},
			{[]string{"Animator", "Motion Designer"}, []string{"Animation", "After Effects", "Motion Graphics", "Cinema 4D",
				"Autodesk Maya"}},
			{[]string{"Video Producer"}, []string{"Production Management", "Scriptwriting", "Content Creation", "Video Editing"}},
			{[]string{"Content Producer"}, []string{"Content Creation", "Scriptwriting", "Video Editing", "Photography"}},
			{[]string{"Production Assistant"}, []string{"Production Coordination", "Content Creation", "Photography"}},
		}},
}

// genericSkills appear on profiles of every department: none of
// leading people (those are famGeneral's, for those who led) and no
// languages (a profile lists those as languages).
var genericSkills = []string{"Microsoft Office", "Microsoft Excel", "Communication", "Teamwork",
	"Project Management", "Public Speaking", "Problem Solving", "Time Management", "Negotiation",
	"Customer Service", "Research", "PowerPoint", "Analytical Skills", "Critical Thinking",
	"Attention to Detail", "Presentation Skills"}

// managementSkills are the skills of leading and running a business by
// the levels whose holders may list them: leading people for anyone who
// led a team, strategy for heads and above, starting a business for
// founders and chief executives, governance for executives and board
// members only.
var managementSkills = []struct {
	levels []Level
	names  []string
}{
	{[]Level{Lead, Head, Directors, VP, CLevel, Founder, Board},
		[]string{"Leadership", "Team Leadership", "Team Management", "People Management", "Management"}},
	{[]Level{Head, Directors, VP, CLevel, Founder, Board},
		[]string{"Strategic Planning", "Business Strategy", "Change Management", "P&L Management"}},
	{[]Level{CLevel, Founder}, []string{"Entrepreneurship", "Fundraising"}},
	{[]Level{VP, CLevel, Board}, []string{"Corporate Governance", "Mergers & Acquisitions", "Executive Management"}},
}

// skillVocab is the skill vocabulary, deduplicated, with each family's
// skills as ids.
type skillVocab struct {
	names []string
	// byFamily holds all the skills of each line of work: those of the
	// whole line, of each of its roles and of its specialties.
	byFamily [numFamilies][]SkillID
	// byDept holds the skills of all of a department's families, for a
	// company's specialities.
	byDept  [numDepartments][]SkillID
	generic []SkillID
	// byLevel holds the management skills a holder of each level may
	// list; management marks all of them.
	byLevel    [numLevels][]SkillID
	management [maxSkills]bool
	// bySpecialty holds the skills of each specialty of famSpecialties,
	// by line of work and the specialty's index; each is also its line's.
	bySpecialty [numFamilies][][]SkillID
	// lineWide holds the skills any holder of a title of the line of
	// work may list (familySkills' all).
	lineWide [numFamilies][]SkillID
	// ofTitle holds, per line of work and title, the skills a holder of
	// the title in that line may list: the line's, the title's role's
	// (familySkills' roles), its specialty's (bySpecialty), and for a
	// title of no role of a specialty (a head of platform) the skills of
	// the specialty's roles. A skill of another role of the line is in
	// none of a person's titles' lists.
	ofTitle [numFamilies][][]SkillID
}

var loadSkills = sync.OnceValue(func() *skillVocab {
	v := &skillVocab{}
	index := map[string]SkillID{}
	id := func(name string) SkillID {
		if i, ok := index[name]; ok {
			return i
		}
		i := SkillID(len(v.names))
		index[name] = i
		v.names = append(v.names, name)
		return i
	}
	add := func(set []SkillID, names ...string) []SkillID {
		for _, n := range names {
			set = skillUnion(set, id(n))
		}
		return set
	}
	titles := loadTitles()
	// byRole holds each role's own skills, by line of work and role.
	var byRole [numFamilies][][]SkillID
	for f, line := range familySkills {
		v.lineWide[f] = add(nil, line.all...)
		byRole[f] = make([][]SkillID, len(titles.stems[f]))
		for _, g := range line.roles {
			for _, name := range g.roles {
				k := slices.IndexFunc(titles.stems[f], func(s stemTitles) bool {
					return titles.titles[s[MidLevel][0]].Name == name
				})
				if k < 0 {
					panic("world: skills of " + name + ", no role of its line")
				}
				byRole[f][k] = add(byRole[f][k], g.skills...)
			}
		}
		v.byFamily[f] = slices.Clone(v.lineWide[f])
		for _, own := range byRole[f] {
			v.byFamily[f] = skillUnion(v.byFamily[f], own...)
		}
	}
	for f, specs := range famSpecialties {
		v.bySpecialty[f] = make([][]SkillID, len(specs))
		for k, spec := range specs {
			v.bySpecialty[f][k] = add(nil, spec.skills...)
			v.byFamily[f] = add(v.byFamily[f], spec.skills...)
		}
	}
	for f := range familySkills {
		for _, s := range v.byFamily[f] {
			if d := familyDept[f]; !slices.Contains(v.byDept[d], s) {
				v.byDept[d] = append(v.byDept[d], s)
			}
		}
	}
	specialties := titleSpecialties()
	for f := range numFamilies {
		v.ofTitle[f] = make([][]SkillID, len(titles.titles))
		for t := range titles.titles {
			own := slices.Clone(v.lineWide[f])
			stem, of := int(titles.stem[t]), titles.fam[t]
			if stem >= 0 && of == family(f) {
				own = skillUnion(own, byRole[f][stem]...)
			}
			k := int(specialties[f][t])
			if k >= 0 && (stem < 0 || of == family(f)) {
				own = add(own, famSpecialties[f][k].skills...)
			}
			if k >= 0 && stem < 0 && len(famSpecialties[f][k].words) > 0 {
				// A title of no role, of a specialty: the skills of the
				// roles of that specialty ("Head of Platform" lists a
				// DevOps engineer's).
				for r, rs := range titles.stems[f] {
					if int(specialties[f][rs[MidLevel][0]]) == k {
						own = skillUnion(own, byRole[f][r]...)
					}
				}
			}
			v.ofTitle[f][t] = own
		}
	}
	for _, n := range genericSkills {
		v.generic = append(v.generic, id(n))
	}
	for _, tier := range managementSkills {
		for _, n := range tier.names {
			s := id(n)
			if !slices.Contains(v.byFamily[famGeneral], s) {
				panic("world: management skill " + n + " is not famGeneral's")
			}
			v.management[s] = true
			for _, l := range tier.levels {
				v.byLevel[l] = append(v.byLevel[l], s)
			}
		}
	}
	if len(v.names) > maxSkills {
		panic("world: skill vocabulary exceeds maxSkills")
	}
	return v
})

// skillUnion adds to set the skills ids it does not hold yet.
func skillUnion(set []SkillID, ids ...SkillID) []SkillID {
	for _, s := range ids {
		if !slices.Contains(set, s) {
			set = append(set, s)
		}
	}
	return set
}

// Skills returns the skill vocabulary, indexed by Person.Skills. The slice
// is shared: do not modify it.
func (w *World) Skills() []string { return w.skills.names }

// leadingSkills returns the management skills p may list: those of the
// level among p's roles that allows the most (a chief executive's
// include a lead's); for someone who never led, the generic skills
// instead.
func (w *World) leadingSkills(p *Person) []SkillID {
	var best []SkillID
	for _, j := range p.Jobs {
		if pool := w.skills.byLevel[w.titles.titles[j.Title].Level]; len(pool) > len(best) {
			best = pool
		}
	}
	if len(best) == 0 {
		return w.skills.generic
	}
	return best
}

// skillsOfLine returns the skills a role of line of work f adds to p's:
// the specialty's of p's latest role where p lists none of them yet,
// else those the latest role's title allows (its line's and its
// role's), or for running a business those p's roles allow.
func (w *World) skillsOfLine(p *Person, f family) []SkillID {
	if f == famGeneral {
		return w.leadingSkills(p)
	}
	if len(p.Jobs) == 0 || p.Jobs[0].fam != f {
		return w.skills.lineWide[f]
	}
	j := p.Jobs[0]
	if k := titleSpecialties()[f][j.Title]; k >= 0 {
		own := w.skills.bySpecialty[f][k]
		if len(own) > 0 && !slices.ContainsFunc(p.Skills, func(s SkillID) bool { return slices.Contains(own, s) }) {
			return own
		}
	}
	return w.skills.ofTitle[f][j.Title]
}

// earnedSkill reports whether p's roles allow skill s: a generic one;
// one of management of a level p held; one of a line of work of p's
// that the title of one of p's roles in it allows (a DevOps engineer's
// Terraform, not a mobile developer's Swift).
func (w *World) earnedSkill(p *Person, s SkillID) bool {
	if w.skills.management[s] {
		for _, j := range p.Jobs {
			if slices.Contains(w.skills.byLevel[w.titles.titles[j.Title].Level], s) {
				return true
			}
		}
		return false
	}
	return w.skillOfWork(p, s)
}

// dropUnearnedSkills drops the skills p's roles do not allow, after a
// role was retitled: a chief executive's governance once the seat went
// to another and the role became a VP's or a head's, a CTO's cloud
// skills once the role became a head of engineering's.
func (w *World) dropUnearnedSkills(p *Person) {
	kept := p.Skills[:0]
	for _, s := range p.Skills {
		if w.earnedSkill(p, s) {
			kept = append(kept, s)
		}
	}
	p.Skills = kept
	w.showSpecialty(p)
}

// showSpecialty makes a specialist's skills name their specialty once a
// role was retitled into one: where the latest role's specialty has
// skills of its own and the person lists none among their line's, the
// first of the line's gives way to the specialty's first. The list is
// changed in place, as dropUnearnedSkills changes it.
func (w *World) showSpecialty(p *Person) {
	if len(p.Jobs) == 0 {
		return
	}
	j := p.Jobs[0]
	k := titleSpecialties()[j.fam][j.Title]
	if k < 0 || len(w.skills.bySpecialty[j.fam][k]) == 0 {
		return
	}
	own := w.skills.bySpecialty[j.fam][k]
	first := -1
	for n, s := range p.Skills {
		if slices.Contains(own, s) {
			return
		}
		if first < 0 && slices.Contains(w.skills.byFamily[j.fam], s) {
			first = n
		}
	}
	if first >= 0 {
		p.Skills[first] = own[0]
	}
}

// maxSkills bounds the vocabulary so a person's skills fit drawSkills'
// bit set.
const maxSkills = 512

// keepSkillsOfWork drops, once a person works, the skills their roles
// do not account for: a student's skills of the line their studies led
// to, once they took up another (a camera operator does not keep a
// design student's wireframing). Generic skills and those of leading
// people stay. The list is shared with earlier snapshots, so a new one
// is made where anything goes.
func (w *World) keepSkillsOfWork(p *Person) {
	if len(p.Jobs) == 0 || !slices.ContainsFunc(p.Skills, func(s SkillID) bool { return !w.skillOfWork(p, s) }) {
		return
	}
	kept := make([]SkillID, 0, len(p.Skills))
	for _, s := range p.Skills {
		if w.skillOfWork(p, s) {
			kept = append(kept, s)
		}
	}
	p.Skills = kept
}

// skillOfWork reports whether skill s fits p's roles: a generic skill,
// one of leading people, or one the title of a role of theirs allows in
// its line of work (ofTitle).
func (w *World) skillOfWork(p *Person, s SkillID) bool {
	if slices.Contains(w.skills.generic, s) || slices.Contains(w.skills.byFamily[famGeneral], s) {
		return true
	}
	for _, j := range p.Jobs {
		if slices.Contains(w.skills.ofTitle[j.fam][j.Title], s) {
			return true
		}
	}
	return false
}

// lineSkillPool returns the skills a person draws one of line of work f
// from, given those drawn so far: those of the specialty of their latest
// role in the line (a frontend developer's JavaScript and React, a
// mobile developer's Swift) until one is drawn, so that a specialist's
// list always shows their specialty; then those the title of one of
// their roles in the line allows, the latest's most often. Someone who
// has not worked draws the skills of the whole line (lineWide) only.
func (w *World) lineSkillPool(r *rand.Rand, p *Person, f family, drawn []SkillID) []SkillID {
	latest := -1
	n := 0
	for k, j := range p.Jobs {
		if j.fam == f {
			if latest < 0 {
				latest = k
			}
			n++
		}
	}
	if latest < 0 {
		return w.skills.lineWide[f]
	}
	j := p.Jobs[latest]
	if k := titleSpecialties()[f][j.Title]; k >= 0 {
		own := w.skills.bySpecialty[f][k]
		if len(own) > 0 && !slices.ContainsFunc(drawn, func(s SkillID) bool { return slices.Contains(own, s) }) {
			return own
		}
	}
	if n > 1 && !chance(r, 60) {
		// An earlier role of the line.
		k := intN(r, n-1)
		for _, o := range p.Jobs[latest+1:] {
			if o.fam != f {
				continue
			}
			if k == 0 {
				j = o
				break
			}
			k--
		}
	}
	return w.skills.ofTitle[f][j.Title]
}
