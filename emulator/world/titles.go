package world

import (
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

// function describes the titles of one department: the area word used in
// "Head of X" / "VP of X", the individual-contributor roles, and the chief
// officer, if the department has one.
type function struct {
	dept  Department
	areas []string
	roles []string
	chief string
}

var functions = []function{
	{Marketing, []string{"Marketing", "Growth", "Brand", "Communications"},
		[]string{"Marketing Manager", "Marketing Specialist", "Content Marketing Manager", "Growth Marketer",
			"SEO Specialist", "Brand Manager", "Digital Marketing Manager", "Product Marketing Manager",
			"Social Media Manager", "Marketing Analyst", "Communications Specialist"},
		"Chief Marketing Officer"},
	{Sales, []string{"Sales", "Business Development", "Partnerships"},
		[]string{"Account Executive", "Sales Development Representative", "Account Manager",
			"Business Development Manager", "Sales Manager", "Key Account Manager", "Sales Representative",
			"Inside Sales Representative", "Partnerships Manager"},
		"Chief Revenue Officer"},
	{ProductProject, []string{"Product", "Product Management", "Program Management", "Delivery"},
		[]string{"Product Manager", "Project Manager", "Product Owner", "Program Manager", "Scrum Master",
			"Delivery Manager", "Technical Project Manager"},
		"Chief Product Officer"},
	{Engineering, []string{"Engineering", "Software Engineering", "Platform", "Infrastructure"},
		[]string{"Software Engineer", "Backend Developer", "Frontend Developer", "Full Stack Developer",
			"DevOps Engineer", "QA Engineer", "Mobile Developer", "Site Reliability Engineer",
			"Embedded Software Engineer", "Mechanical Engineer", "Electrical Engineer", "Civil Engineer",
			"Java Developer", "Cloud Engineer", "Security Engineer"},
		"Chief Technology Officer"},
	{DataAnalytics, []string{"Data", "Analytics", "Data Science", "Business Intelligence"},
		[]string{"Data Analyst", "Data Scientist", "Data Engineer", "Business Intelligence Analyst",
			"Machine Learning Engineer", "Analytics Engineer", "Research Analyst"},
		"Chief Data Officer"},
	{Design, []string{"Design", "User Experience", "Creative"},
		[]string{"UX Designer", "Product Designer", "UI Designer", "Graphic Designer", "UX Researcher",
			"Visual Designer", "Interaction Designer"},
		"Chief Design Officer"},
	{HRRecruitment, []string{"People", "Human Resources", "Talent Acquisition", "Recruiting"},
		[]string{"Recruiter", "Talent Acquisition Specialist", "HR Generalist", "HR Business Partner",
			"People Operations Specialist", "Technical Recruiter", "HR Manager"},
		"Chief People Officer"},
	{FinanceAccounting, []string{"Finance", "Accounting", "Financial Planning & Analysis", "Tax"},
		[]string{"Accountant", "Financial Analyst", "Auditor", "Tax Advisor", "Payroll Specialist",
			"Bookkeeper", "Finance Manager", "Controller", "Treasury Analyst"},
		"Chief Financial Officer"},
	{LegalCompliance, []string{"Legal", "Compliance", "Risk & Compliance"},
		[]string{"Legal Counsel", "Corporate Lawyer", "Paralegal", "Compliance Officer", "Compliance Analyst",
			"Contract Manager", "Associate Attorney"},
		"Chief Legal Officer"},
	{CustomerSupport, []string{"Customer Success", "Customer Support", "Customer Experience"},
		[]string{"Customer Success Manager", "Customer Support Specialist", "Technical Support Engineer",
			"Customer Service Representative", "Support Agent", "Client Services Manager"},
		"Chief Customer Officer"},
	{HealthHospitality, []string{"Nursing", "Guest Services", "Clinical Services", "Food & Beverage"},
		[]string{"Registered Nurse", "Physician", "Pharmacist", "Physiotherapist", "Hotel Manager",
			"Chef", "Hair Stylist", "Dental Hygienist", "Front Desk Agent", "Medical Assistant"},
		"Chief Medical Officer"},
	{EducationTraining, []string{"Learning & Development", "Training", "Academic Affairs"},
		[]string{"Teacher", "Lecturer", "Corporate Trainer", "Instructional Designer",
			"Learning & Development Specialist", "Teaching Assistant", "Tutor"},
		"Chief Learning Officer"},
	{OperationsAdmin, []string{"Operations", "Supply Chain", "Procurement", "Business Operations"},
		[]string{"Operations Manager", "Office Manager", "Administrative Assistant", "Executive Assistant",
			"Operations Analyst", "Supply Chain Analyst", "Logistics Coordinator", "Procurement Specialist",
			"Business Analyst"},
		"Chief Operating Officer"},
	{FacilityServices, []string{"Facilities", "Workplace", "Maintenance"},
		[]string{"Facilities Coordinator", "Maintenance Technician", "Facility Manager", "Security Officer",
			"Building Engineer", "Workplace Coordinator"},
		""},
	{Entertainment, []string{"Production", "Content", "Post-Production"},
		[]string{"Video Producer", "Video Editor", "Sound Engineer", "Production Assistant", "Camera Operator",
			"Content Producer", "Animator", "Motion Designer"},
		"Chief Content Officer"},
}

// titleVocab is the title vocabulary with, for every department and level,
// the titles that imply them.
type titleVocab struct {
	titles []Title
	// byDeptLevel lists title ids per department and level.
	byDeptLevel [numDepartments][numLevels][]TitleID
}

// loadTitles builds the vocabulary once per process. It depends on nothing
// but the tables above, so ids are stable across worlds and runs.
var loadTitles = sync.OnceValue(func() *titleVocab {
	v := &titleVocab{}
	add := func(name string, d Department, l Level) {
		id := TitleID(len(v.titles))
		v.titles = append(v.titles, Title{Name: name, Department: d, Level: l})
		v.byDeptLevel[d][l] = append(v.byDeptLevel[d][l], id)
	}
	for _, f := range functions {
		for _, role := range f.roles {
			manager := strings.HasSuffix(role, "Manager")
			if !manager {
				add("Trainee "+role, f.dept, Entry)
			}
			add("Junior "+role, f.dept, Junior)
			add(role, f.dept, MidLevel)
			add("Senior "+role, f.dept, Senior)
			if !manager {
				// "Lead Marketing Manager" is not something people write.
				add("Lead "+role, f.dept, Lead)
				add("Principal "+role, f.dept, Lead)
			}
		}
		for _, area := range f.areas {
			add(area+" Intern", f.dept, Entry)
			add(area+" Team Lead", f.dept, Lead)
			add("Head of "+area, f.dept, Head)
			add("Director of "+area, f.dept, Directors)
			add(area+" Director", f.dept, Directors)
			add("Senior Director, "+area, f.dept, Directors)
			add("VP of "+area, f.dept, VP)
			add("Vice President, "+area, f.dept, VP)
			add("SVP "+area, f.dept, VP)
		}
		if f.chief != "" {
			add(f.chief, f.dept, CLevel)
		}
	}
	add("Co-Founder & CTO", Engineering, Founder)
	add("Founder & Creative Director", Design, Founder)
	add("Co-Founder & Head of Sales", Sales, Founder)
	for _, name := range []string{"Chief Executive Officer", "CEO", "Managing Director", "President"} {
		add(name, NoDepartment, CLevel)
	}
	for _, name := range []string{"Founder", "Co-Founder", "Founder & CEO", "Owner", "Co-Founder & CEO"} {
		add(name, NoDepartment, Founder)
	}
	for _, name := range []string{"Board Member", "Advisor", "Board Advisor", "Non-Executive Director",
		"Member of the Board of Directors", "Strategic Advisor"} {
		add(name, NoDepartment, Board)
	}
	return v
})

// Titles returns the title vocabulary, indexed by Job.Title. The slice is
// shared: do not modify it.
func (w *World) Titles() []Title { return w.titles.titles }

// Title returns the title of a job.
func (w *World) Title(id TitleID) Title { return w.titles.titles[id] }
