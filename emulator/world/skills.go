package world

import (
	"math/rand/v2"
	"slices"
	"sync"
)

// SkillID indexes the skill vocabulary (World.Skills).
type SkillID uint16

// familySkills are the skills of each family's work. famGeneral's are
// those of leading people and running a business, which leaders of
// every family also list; which of them a person may list depends on
// the highest roles they held (managementSkills).
var familySkills = [numFamilies][]string{
	famGeneral: {"Leadership", "Team Leadership", "Team Management", "People Management", "Management",
		"Strategic Planning", "Business Strategy", "Change Management", "P&L Management",
		"Entrepreneurship", "Fundraising", "Corporate Governance", "Mergers & Acquisitions",
		"Executive Management"},
	famMarketing: {"Digital Marketing", "Content Marketing", "SEO", "SEM", "Google Analytics", "Social Media Marketing",
		"Brand Management", "Marketing Strategy", "Email Marketing", "Copywriting", "HubSpot", "Marketing Automation",
		"Product Marketing", "Market Research", "Public Relations"},
	famSales: {"Sales", "B2B Sales", "Business Development", "Account Management", "Salesforce", "Negotiation",
		"Lead Generation", "Cold Calling", "CRM", "Key Account Management", "Solution Selling", "Sales Management",
		"Pipeline Management", "SaaS"},
	famProduct: {"Product Management", "Project Management", "Agile Methodologies", "Scrum", "Jira",
		"Roadmapping", "Stakeholder Management", "Kanban", "Product Strategy", "User Stories", "Prince2"},
	famSoftware: {"Go", "Python", "Java", "JavaScript", "TypeScript", "C++", "C#", "Rust", "Kotlin", "Swift",
		"React", "Node.js", "Kubernetes", "Docker", "AWS", "Google Cloud Platform", "Microsoft Azure", "Linux",
		"PostgreSQL", "SQL", "Git", "Microservices", "REST APIs", "Terraform", "CI/CD", "Software Development"},
	famElectrical: {"Embedded Systems", "C", "C++", "Electronics", "Circuit Design", "PCB Design", "MATLAB",
		"Microcontrollers", "FPGA", "Altium Designer", "Power Systems", "PLC Programming", "Electrical Engineering"},
	famMechanical: {"SolidWorks", "AutoCAD", "CATIA", "Finite Element Analysis", "MATLAB", "Mechanical Engineering",
		"Product Design", "GD&T", "Manufacturing", "ANSYS", "Lean Manufacturing", "3D Modeling"},
	famCivil: {"AutoCAD", "Civil 3D", "Revit", "Structural Analysis", "Construction Management", "Civil Engineering",
		"Site Supervision", "Surveying", "Geotechnical Engineering", "Microsoft Project", "Primavera P6",
		"Building Information Modeling (BIM)"},
	famData: {"SQL", "Python", "R", "Machine Learning", "Data Analysis", "Tableau", "Power BI", "Statistics",
		"Apache Spark", "Data Visualization", "Deep Learning", "TensorFlow", "PyTorch", "ETL", "Big Data",
		"Excel", "dbt", "Snowflake"},
	famDesign: {"User Experience (UX)", "User Interface Design", "Figma", "Sketch", "Adobe Photoshop",
		"Adobe Illustrator", "Prototyping", "Wireframing", "User Research", "Design Thinking", "Typography",
		"Interaction Design", "Adobe InDesign"},
	famHR: {"Recruiting", "Talent Acquisition", "Human Resources", "Employee Relations", "Onboarding",
		"Technical Recruiting", "Sourcing", "Performance Management", "Compensation & Benefits", "HRIS",
		"Employer Branding", "Interviewing", "Workday"},
	famFinance: {"Financial Analysis", "Accounting", "Financial Reporting", "Budgeting", "Forecasting",
		"IFRS", "US GAAP", "SAP", "Excel", "Auditing", "Tax", "Financial Modeling", "Corporate Finance",
		"Accounts Payable", "QuickBooks"},
	famLegal: {"Contract Law", "Corporate Law", "Legal Research", "Compliance", "Litigation", "GDPR",
		"Risk Management", "Regulatory Compliance", "Intellectual Property", "Contract Negotiation",
		"Anti-Money Laundering"},
	famSupport: {"Customer Service", "Customer Success", "Customer Experience", "Zendesk",
		"Technical Support", "Troubleshooting", "Customer Retention", "Onboarding", "Intercom",
		"Conflict Resolution"},
	famClinical: {"Patient Care", "Healthcare", "Nursing", "Clinical Research", "First Aid", "Medicine",
		"Pharmacy", "Basic Life Support (BLS)", "Electronic Medical Records (EMR)", "Patient Safety",
		"Hospitals", "Clinical Documentation"},
	famHospitality: {"Hospitality", "Customer Service", "Food & Beverage", "Hotel Management", "Event Planning",
		"Restaurant Management", "Menu Development", "Culinary Skills", "Front Office", "Guest Relations",
		"Revenue Management", "Food Safety"},
	famBeauty: {"Hair Styling", "Hair Coloring", "Beauty Industry", "Skin Care", "Customer Service",
		"Makeup Artistry", "Salon Management", "Nail Care", "Retail Sales"},
	famEducation: {"Teaching", "Curriculum Development", "E-Learning", "Instructional Design", "Coaching",
		"Public Speaking", "Training & Development", "Classroom Management", "Higher Education", "Tutoring",
		"Moodle"},
	famOperations: {"Operations Management", "Supply Chain Management", "Logistics", "Procurement",
		"Process Improvement", "Lean Six Sigma", "Inventory Management", "ERP", "Vendor Management",
		"Administrative Assistance", "Microsoft Office", "Business Analysis"},
	famFacility: {"Facility Management", "Maintenance", "Building Maintenance", "Health & Safety",
		"HVAC", "Security", "Property Management", "Workplace Management"},
	famEntertainment: {"Video Production", "Video Editing", "Adobe Premiere Pro", "Final Cut Pro",
		"After Effects", "Sound Design", "Film Production", "Storytelling", "Photography", "Animation",
		"Content Creation", "Cinematography"},
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
	names    []string
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
	for f, names := range familySkills {
		d := familyDept[f]
		for _, n := range names {
			s := id(n)
			v.byFamily[f] = append(v.byFamily[f], s)
			if !slices.Contains(v.byDept[d], s) {
				v.byDept[d] = append(v.byDept[d], s)
			}
		}
	}
	for f, specs := range famSpecialties {
		v.bySpecialty[f] = make([][]SkillID, len(specs))
		for k, spec := range specs {
			for _, n := range spec.skills {
				s := id(n)
				v.bySpecialty[f][k] = append(v.bySpecialty[f][k], s)
				if !slices.Contains(v.byFamily[f], s) {
					v.byFamily[f] = append(v.byFamily[f], s)
				}
			}
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
// its line's, the specialty's of p's latest role where p lists none of
// them yet, or for running a business those p's roles allow.
func (w *World) skillsOfLine(p *Person, f family) []SkillID {
	if f == famGeneral {
		return w.leadingSkills(p)
	}
	if len(p.Jobs) > 0 && p.Jobs[0].fam == f {
		if k := titleSpecialties()[f][p.Jobs[0].Title]; k >= 0 {
			own := w.skills.bySpecialty[f][k]
			if len(own) > 0 && !slices.ContainsFunc(p.Skills, func(s SkillID) bool { return slices.Contains(own, s) }) {
				return own
			}
		}
	}
	return w.skills.byFamily[f]
}

// earnedSkill reports whether p's roles allow skill s: any skill but one
// of management, and those of a level p held.
func (w *World) earnedSkill(p *Person, s SkillID) bool {
	if !w.skills.management[s] {
		return true
	}
	for _, j := range p.Jobs {
		if slices.Contains(w.skills.byLevel[w.titles.titles[j.Title].Level], s) {
			return true
		}
	}
	return false
}

// dropUnearnedSkills drops the management skills p's roles do not allow,
// after a role was retitled: a chief executive's governance once the
// seat went to another and the role became a VP's or a head's.
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

// keepSkillsOfWork drops, once a person works, the skills of lines of
// work none of their roles is in: a student's skills of the line their
// studies led to, once they took up another (a camera operator does not
// keep a design student's wireframing). Generic skills and those of
// leading people stay. The list is shared with earlier snapshots, so a
// new one is made where anything goes.
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
// one of leading people, or one of the line of work of a role of theirs.
func (w *World) skillOfWork(p *Person, s SkillID) bool {
	if slices.Contains(w.skills.generic, s) || slices.Contains(w.skills.byFamily[famGeneral], s) {
		return true
	}
	for _, j := range p.Jobs {
		if slices.Contains(w.skills.byFamily[j.fam], s) {
			return true
		}
	}
	return false
}

// lineSkillPool returns the skills a person draws one of line of work f
// from, given those drawn so far: those of the specialty of their latest
// role in the line (a frontend developer's JavaScript and React, a
// mobile developer's Swift) until one is drawn and more often than not
// after, else the whole line's, so that a specialist's list always
// shows their specialty.
func (w *World) lineSkillPool(r *rand.Rand, p *Person, f family, drawn []SkillID) []SkillID {
	for _, j := range p.Jobs {
		if j.fam != f {
			continue
		}
		k := titleSpecialties()[f][j.Title]
		if k < 0 || len(w.skills.bySpecialty[f][k]) == 0 {
			break
		}
		own := w.skills.bySpecialty[f][k]
		if chance(r, 60) || !slices.ContainsFunc(drawn, func(s SkillID) bool { return slices.Contains(own, s) }) {
			return own
		}
		break
	}
	return w.skills.byFamily[f]
}
