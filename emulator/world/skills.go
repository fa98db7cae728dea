package world

import "sync"

// SkillID indexes the skill vocabulary (World.Skills).
type SkillID uint16

var deptSkills = [numDepartments][]string{
	NoDepartment: {"Leadership", "Strategic Planning", "Business Strategy", "Team Management",
		"Entrepreneurship", "Fundraising", "Corporate Governance", "Mergers & Acquisitions"},
	Marketing: {"Digital Marketing", "Content Marketing", "SEO", "SEM", "Google Analytics", "Social Media Marketing",
		"Brand Management", "Marketing Strategy", "Email Marketing", "Copywriting", "HubSpot", "Marketing Automation",
		"Product Marketing", "Market Research", "Public Relations"},
	Sales: {"Sales", "B2B Sales", "Business Development", "Account Management", "Salesforce", "Negotiation",
		"Lead Generation", "Cold Calling", "CRM", "Key Account Management", "Solution Selling", "Sales Management",
		"Pipeline Management", "SaaS"},
	ProductProject: {"Product Management", "Project Management", "Agile Methodologies", "Scrum", "Jira",
		"Roadmapping", "Stakeholder Management", "PMP", "Kanban", "Product Strategy", "User Stories", "Prince2"},
	Engineering: {"Go", "Python", "Java", "JavaScript", "TypeScript", "C++", "C#", "Rust", "Kotlin", "Swift",
		"React", "Node.js", "Kubernetes", "Docker", "AWS", "Google Cloud Platform", "Microsoft Azure", "Linux",
		"PostgreSQL", "SQL", "Git", "Microservices", "REST APIs", "Terraform", "CI/CD", "AutoCAD", "MATLAB",
		"SolidWorks", "Embedded Systems", "Software Development"},
	DataAnalytics: {"SQL", "Python", "R", "Machine Learning", "Data Analysis", "Tableau", "Power BI", "Statistics",
		"Apache Spark", "Data Visualization", "Deep Learning", "TensorFlow", "PyTorch", "ETL", "Big Data",
		"Excel", "dbt", "Snowflake"},
	Design: {"User Experience (UX)", "User Interface Design", "Figma", "Sketch", "Adobe Photoshop",
		"Adobe Illustrator", "Prototyping", "Wireframing", "User Research", "Design Thinking", "Typography",
		"Interaction Design", "Adobe InDesign"},
	HRRecruitment: {"Recruiting", "Talent Acquisition", "Human Resources", "Employee Relations", "Onboarding",
		"Technical Recruiting", "Sourcing", "Performance Management", "Compensation & Benefits", "HRIS",
		"Employer Branding", "Interviewing", "Workday"},
	FinanceAccounting: {"Financial Analysis", "Accounting", "Financial Reporting", "Budgeting", "Forecasting",
		"IFRS", "US GAAP", "SAP", "Excel", "Auditing", "Tax", "Financial Modeling", "Corporate Finance",
		"Accounts Payable", "QuickBooks"},
	LegalCompliance: {"Contract Law", "Corporate Law", "Legal Research", "Compliance", "Litigation", "GDPR",
		"Risk Management", "Regulatory Compliance", "Intellectual Property", "Contract Negotiation",
		"Anti-Money Laundering"},
	CustomerSupport: {"Customer Service", "Customer Success", "Customer Experience", "Zendesk",
		"Technical Support", "Troubleshooting", "Customer Retention", "Onboarding", "Intercom",
		"Conflict Resolution"},
	HealthHospitality: {"Patient Care", "Healthcare", "Nursing", "Clinical Research", "Hospitality",
		"Customer Service", "Food & Beverage", "Hotel Management", "First Aid", "Medicine", "Pharmacy",
		"Event Planning"},
	EducationTraining: {"Teaching", "Curriculum Development", "E-Learning", "Instructional Design", "Coaching",
		"Public Speaking", "Training & Development", "Classroom Management", "Higher Education", "Tutoring",
		"Moodle"},
	OperationsAdmin: {"Operations Management", "Supply Chain Management", "Logistics", "Procurement",
		"Process Improvement", "Lean Six Sigma", "Inventory Management", "ERP", "Vendor Management",
		"Administrative Assistance", "Microsoft Office", "Business Analysis"},
	FacilityServices: {"Facility Management", "Maintenance", "Building Maintenance", "Health & Safety",
		"HVAC", "Security", "Property Management", "Workplace Management"},
	Entertainment: {"Video Production", "Video Editing", "Adobe Premiere Pro", "Final Cut Pro",
		"After Effects", "Sound Design", "Film Production", "Storytelling", "Photography", "Animation",
		"Content Creation", "Cinematography"},
}

// genericSkills appear on profiles of every department.
var genericSkills = []string{"Microsoft Office", "Microsoft Excel", "Communication", "Teamwork",
	"Leadership", "Management", "Project Management", "Public Speaking", "Problem Solving",
	"Time Management", "English", "Negotiation", "Strategic Planning", "Customer Service", "Research",
	"PowerPoint", "Team Leadership", "Analytical Skills"}

// skillVocab is the skill vocabulary, deduplicated, with each
// department's skills as ids.
type skillVocab struct {
	names   []string
	byDept  [numDepartments][]SkillID
	generic []SkillID
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
	for d, names := range deptSkills {
		for _, n := range names {
			v.byDept[d] = append(v.byDept[d], id(n))
		}
	}
	for _, n := range genericSkills {
		v.generic = append(v.generic, id(n))
	}
	if len(v.names) > maxSkills {
		panic("world: skill vocabulary exceeds maxSkills")
	}
	return v
})

// Skills returns the skill vocabulary, indexed by Person.Skills. The slice
// is shared: do not modify it.
func (w *World) Skills() []string { return w.skills.names }

// maxSkills bounds the vocabulary so a person's skills fit drawSkills'
// bit set.
const maxSkills = 512
