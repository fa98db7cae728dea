package world

// Phrases for the prose derived on demand: summaries, role descriptions,
// headlines and company descriptions. They are written per line of work
// (family), not per department: a civil engineer and a backend
// developer are both in Engineering, but only one of them improves code
// quality, and a chef does not improve patient outcomes.

// famDoing are what any holder of a title of a line of work may say they
// do or enjoy, completing "Focused on …" and "I enjoy …": phrases of the
// line as a whole, which fit its assistant as well as its head (a
// paralegal and a general counsel both protect the business from legal
// risk). What only some of its titles do is their specialty's
// (famSpecialties): no contract manager advises on acquisitions.
var famDoing = [numFamilies][]string{
	famGeneral:   {"turning strategy into execution", "building companies people want to work for"},
	famMarketing: {"reaching the right audiences with the right message", "understanding what customers need to hear"},
	famSales:     {"helping customers find the right solution", "building long-term client relationships"},
	famProduct:   {"aligning stakeholders around clear goals", "working closely with engineering and design"},
	famSoftware:  {"mentoring engineers and improving code quality", "writing software that is easy to change"},
	famElectrical: {"testing hardware against demanding standards",
		"bringing electronic products from prototype to production"},
	famMechanical: {"designing parts that are easy to manufacture", "taking products from CAD model to production",
		"improving reliability through testing and analysis", "solving manufacturing problems on the shop floor"},
	famCivil: {"designing safe, lasting infrastructure", "delivering construction projects on time and on budget",
		"structural analysis and design", "turning drawings into finished structures with contractors on site"},
	famData:    {"turning data into decisions", "making data easy to trust and use"},
	famDesign:  {"designing with the people who use the work in mind", "sweating the details that make work feel right"},
	famHR:      {"building inclusive workplaces", "putting people first"},
	famFinance: {"keeping the numbers honest", "getting the details of the numbers right"},
	famLegal:   {"keeping the business compliant", "protecting the business from legal risk"},
	famSupport: {"turning feedback into improvements", "keeping customers happy"},
	famClinical: {"caring for patients", "improving patient outcomes",
		"delivering safe, compassionate care", "working in multidisciplinary care teams"},
	famHospitality: {"delivering excellent service to guests", "making every guest feel welcome"},
	famBeauty: {"helping clients look and feel their best", "keeping up with the latest styles and techniques",
		"building a loyal clientele"},
	famEducation:     {"helping people learn", "making learning accessible"},
	famOperations:    {"keeping things running smoothly", "making everyday work easier for colleagues"},
	famFacility:      {"keeping workplaces safe", "looking after the places people work in"},
	famEntertainment: {"bringing creative projects to life", "working with crews to tell stories on screen"},
}

// famAchievements are the sentences of a role's achievements that any
// title of its line of work may claim (a nurse's and a physician's
// patients a week); what only some titles achieve is their specialty's.
// A "{lo-hi …}" is a number drawn between lo and hi within the bounds
// named after the range (see sentence): what a person led, hired or
// served is bounded by the employer's staff, what they did over time by
// the months they held the role, and people led by the level.
var famAchievements = [numFamilies][]string{
	famGeneral:    {},
	famMarketing:  {},
	famSales:      {"Exceeded quota by {5-60}% for {2-8 qtr} consecutive quarters."},
	famProduct:    {"Cut delivery time by {10-50 paced}% over {3-12 mo} months."},
	famSoftware:   {"Raised test coverage by {10-45}% across {3-30 rate:1} repositories."},
	famElectrical: {"Brought {2-10 rate:0.25 per:5} products through certification in {2-6 ctry} markets."},
	famMechanical: {"Designed {5-40 rate:1} components now in series production.", "Cut part costs by {5-30}% across {2-8 per:10} product lines.",
		"Ran {3-15 rate:0.3} prototype builds with a team of {3-10 per:1}."},
	famCivil: {"Delivered {3-15 rate:0.15} projects worth {2-60 lvl per:2}M on schedule.",
		"Supervised {3-20 by:2} contractors across {2-6 rate:0.2 per:8} construction sites."},
	famData:    {},
	famDesign:  {},
	famHR:      {},
	famFinance: {},
	famLegal:   {},
	famSupport: {"Kept satisfaction above {85-98}% for {3-12 qtr} quarters."},
	famClinical: {"Cared for {10-60 by:10} patients a week in a team of {3-12 per:1}.", "Cut waiting times by {10-40 paced}% in {3-12 mo} months.",
		"Trained {3-20 per:2 rate:0.5} new colleagues in clinical procedures."},
	famHospitality: {"Raised guest satisfaction scores by {5-25 paced}% in {3-12 mo} months."},
	famBeauty: {"Built a clientele of {40-300 rate:12 by:100} regulars in {6-24 mo} months.",
		"Raised repeat bookings by {10-40 paced}% in {3-12 mo} months."},
	famEducation:     {},
	famOperations:    {},
	famFacility:      {},
	famEntertainment: {"Worked on {10-80 rate:2 by:4} commercials for clients in {2-8} industries."},
}

// deptDoing are phrases that fit every line of work of a department,
// for texts that know the department only (a company's description).
var deptDoing = [numDepartments][]string{
	NoDepartment:   famDoing[famGeneral],
	Marketing:      famDoing[famMarketing],
	Sales:          famDoing[famSales],
	ProductProject: famDoing[famProduct],
	Engineering: {"solving hard engineering problems", "delivering engineering projects on time",
		"improving quality and reliability", "mentoring engineers"},
	DataAnalytics:     famDoing[famData],
	Design:            famDoing[famDesign],
	HRRecruitment:     famDoing[famHR],
	FinanceAccounting: famDoing[famFinance],
	LegalCompliance:   famDoing[famLegal],
	CustomerSupport:   famDoing[famSupport],
	HealthHospitality: {"delivering excellent service", "running safe, welcoming places",
		"raising standards of service", "improving the experience of the people we serve"},
	EducationTraining: famDoing[famEducation],
	OperationsAdmin:   famDoing[famOperations],
	FacilityServices:  famDoing[famFacility],
	Entertainment:     famDoing[famEntertainment],
}

// companyDoing are what a company of no particular line of work says
// its people work on.
var companyDoing = []string{"serving its customers well", "getting the details right",
	"quality products and reliable service", "long-term relationships with its customers"}

var summaryClosers = []string{
	"Always happy to connect and exchange ideas.",
	"Open to interesting conversations.",
	"Feel free to reach out.",
	"Outside work: running, reading and travelling.",
	"Passionate about continuous learning.",
	"I believe the best results come from great teams.",
}

// specialty is one kind of role within a line of work: a QA engineer
// and a backend developer are both in software, but only one of them cut
// a service's latency. Its phrases are said only by the holders of its
// titles, besides the line's own (famDoing, famAchievements), which
// every title of the line may say. A title of no specialty's words (a
// line's intern or team lead of no named work) says the line's own only.
type specialty struct {
	// words are the words of a title that make it of this specialty
	// ("QA", "Site Reliability"); every specialty names its titles, so
	// that no title says the work of another it merely shares a line
	// with.
	words        []string
	doing        []string
	achievements []string
	// skills are the specialty's own skills, which its holders list
	// first among their line's (a frontend developer's React); none
	// where the line's skills all fit.
	skills []string
}

// famSpecialties are the specialties of each line of work, in the order
// a title is matched against their words: the narrower first ("Product
// Marketing" before "Marketing", "Production Assistant" before
// "Production").
var famSpecialties = [numFamilies][]specialty{
	famGeneral: {
		{words: []string{"Board", "Advisor", "Non-Executive"},
			doing: []string{"advising leadership teams on strategy", "overseeing strategy and governance"}},
		{words: []string{"CEO", "Chief Executive Officer", "Managing Director", "President", "Founder", "Co-Founder", "Owner"},
			doing: []string{"growing teams and businesses", "leading organisations through change", "running the business day to day"},
			achievements: []string{"Grew the company to {20-900 per:1 rate:8} employees.", "Raised funding and built a leadership team of {3-12 led} people.",
				"Led the business to {15-60}% revenue growth in {2-5 yr} years.", "Oversaw {3-12 per:60} business units and their {15-80 led per:8} managers."}},
	},
	famMarketing: {
		{words: []string{"Analyst"},
			doing:        []string{"measuring what campaigns really bring in", "turning marketing data into clear recommendations"},
			achievements: []string{"Increased qualified leads by {15-120 paced}% in {3-12 mo} months."}},
		{words: []string{"Product Marketing"},
			doing:        []string{"launching products into new markets", "positioning products against the competition"},
			achievements: []string{"Launched {3-25 rate:1} campaigns reaching {20-900 lvl k:2000}k people."}},
		{words: []string{"Social Media"},
			doing:        []string{"growing audiences on social media", "running data-driven campaigns"},
			achievements: []string{"Launched {3-25 rate:1} campaigns reaching {20-900 lvl k:2000}k people."}},
		{words: []string{"Growth", "SEO", "Digital", "Content"},
			doing: []string{"growing pipeline through content and SEO", "running data-driven campaigns"},
			achievements: []string{"Increased qualified leads by {15-120 paced}% in {3-12 mo} months.",
				"Launched {3-25 rate:1} campaigns reaching {20-900 lvl k:2000}k people."}},
		{words: []string{"Brand", "Communications"},
			doing:        []string{"building brands that people remember", "telling the company's story clearly"},
			achievements: []string{"Launched {3-25 rate:1} campaigns reaching {20-900 lvl k:2000}k people."}},
		{words: []string{"Marketing"},
			doing: []string{"running data-driven campaigns", "building brands that people remember", "launching products into new markets"},
			achievements: []string{"Increased qualified leads by {15-120 paced}% in {3-12 mo} months.", "Managed a marketing budget of {50-900 lvl by:10}k across {2-8} channels.",
				"Launched {3-25 rate:1} campaigns reaching {20-900 lvl k:2000}k people."}},
	},
	famSales: {
		{words: []string{"Sales Development", "Inside Sales"},
			doing: []string{"booking meetings with the right prospects", "qualifying leads for the sales team"}},
		{words: []string{"Account Manager", "Key Account"},
			doing: []string{"growing existing accounts", "keeping key clients for the long term"}},
		{words: []string{"Account Executive", "Business Development", "Sales", "Partnerships", "Revenue"},
			doing: []string{"growing revenue in new territories", "closing complex B2B deals"},
			achievements: []string{"Opened {5-40 rate:1 by:5} new accounts worth {50-900 lvl by:30}k in annual revenue.",
				"Built a pipeline of {200-900 lvl by:60}k across {2-6} industries."}},
	},
	famSoftware: {
		{words: []string{"QA", "Test", "Testing", "Quality"},
			doing:  []string{"building test automation that catches bugs early", "making every release safe to ship", "finding bugs before customers do"},
			skills: []string{"Test Automation", "Selenium", "Software Testing", "Python", "Java", "CI/CD"},
			achievements: []string{"Automated {100-900 rate:40} regression tests across {2-8 per:10} products.",
				"Cut defects found in production by {15-60 paced}% over {3-12 mo} months."}},
		{words: []string{"Security"},
			doing:  []string{"keeping systems and data secure", "finding and fixing vulnerabilities before attackers do"},
			skills: []string{"Information Security", "Penetration Testing", "Network Security", "Linux", "Python"},
			achievements: []string{"Closed {20-300 rate:8} vulnerabilities found in audits and penetration tests.",
				"Rolled out multi-factor sign-in for {50-900 by:1} staff."}},
		{words: []string{"Frontend", "Front End", "Front-End", "UI", "Web"},
			doing:  []string{"building fast, accessible web interfaces", "turning designs into polished user interfaces"},
			skills: []string{"JavaScript", "TypeScript", "React", "HTML", "CSS", "Vue.js"},
			achievements: []string{"Cut page load times by {20-60}% across {3-40 rate:2} pages.",
				"Built {10-80 rate:3} reusable interface components used across {2-6 per:10} products."}},
		{words: []string{"Mobile", "iOS", "Android"},
			doing:  []string{"building mobile apps people use every day", "shipping polished iOS and Android apps", "building software for mobile devices"},
			skills: []string{"Swift", "Kotlin", "iOS Development", "Android Development", "Mobile Applications"},
			achievements: []string{"Shipped {3-30 rate:0.8} app releases with a crash-free rate above {97-99}%.",
				"Cut app start-up time by {15-50 paced}% in {3-12 mo} months."}},
		{words: []string{"DevOps", "Site Reliability", "Reliability", "Platform", "Infrastructure", "Cloud"},
			doing:  []string{"automating infrastructure and deployments", "keeping production reliable and observable", "keeping servers and networks running"},
			skills: []string{"Kubernetes", "Docker", "Terraform", "AWS", "Linux", "CI/CD"},
			achievements: []string{"Moved {3-20 rate:0.5} services to a new platform with a team of {3-8 per:1}.",
				"Cut deployment time from {30-90} to {5-15} minutes.", "Cut production incidents by {20-60 paced}% over {3-12 mo} months."}},
		// The builders of services: software, backend, full-stack and Java
		// developers, and those who lead engineering as a whole.
		{words: []string{"Software", "Backend", "Back End", "Full Stack", "Java", "Engineering", "CTO", "Technology"},
			doing: []string{"building reliable, scalable systems", "designing clean APIs and services"},
			achievements: []string{"Reduced latency by {15-70}% for a service handling {10-900 svc}k requests a minute.",
				"Designed {3-20 rate:0.5} APIs used by {2-12 per:5} teams."}},
	},
	famElectrical: {
		{words: []string{"Embedded"},
			doing: []string{"developing firmware for embedded devices", "getting the most out of small microcontrollers"}},
		{words: []string{"Electrical", "Engineering"},
			doing: []string{"designing reliable electronics from schematic to board", "making electronic products more power-efficient"},
			achievements: []string{"Designed {2-12 rate:0.25} circuit boards that went into series production.",
				"Cut the bill of materials by {5-30}% across {2-8 per:10} products.", "Cut unplanned downtime by {10-40 paced}% over {3-12 mo} months."}},
	},
	famMechanical: {
		{words: []string{"Mechanical", "Engineering"},
			doing:        []string{"keeping machines and plants running reliably"},
			achievements: []string{"Cut unplanned downtime by {10-40 paced}% over {3-12 mo} months."}},
	},
	famCivil: {
		{words: []string{"Structural"},
			doing:        []string{"designing structures that stand for generations"},
			achievements: []string{"Designed the structures of {3-25 rate:0.4} buildings over {2-8 yr} years."}},
	},
	famData: {
		{words: []string{"Data Engineer", "Analytics Engineer", "Data Engineering"},
			doing:  []string{"building robust data pipelines", "making data reliable and easy to find"},
			skills: []string{"SQL", "Python", "Apache Spark", "ETL", "dbt", "Snowflake"},
			achievements: []string{"Designed pipelines processing {50-900 k:2000}k events a day from {3-20} sources.",
				"Moved {5-40 rate:1} reports to a new data warehouse."}},
		{words: []string{"Scientist", "Machine Learning", "Data Science"},
			doing:  []string{"building models that predict what matters", "bringing machine learning into production"},
			skills: []string{"Python", "Machine Learning", "Statistics", "Deep Learning", "TensorFlow", "PyTorch"},
			achievements: []string{"Improved forecast accuracy by {5-35}% across {2-10 ctry} markets.",
				"Put {2-12 rate:0.3} machine learning models into production."}},
		{words: []string{"Data Analyst", "Business Intelligence", "Research Analyst", "Analytics", "Data"},
			doing: []string{"designing dashboards the business actually uses", "answering business questions with data"},
			achievements: []string{"Built {4-30 rate:1} dashboards used by {2-12 per:5} teams.",
				"Automated {5-40 rate:1} weekly reports, saving {5-40} hours a week."}},
	},
	famProduct: {
		{words: []string{"Project", "Program", "Programme", "Delivery", "Scrum"},
			doing:  []string{"delivering projects on time and on budget", "keeping teams unblocked and delivery predictable"},
			skills: []string{"Project Management", "Scrum", "Agile Methodologies", "Jira", "Kanban", "Prince2"},
			achievements: []string{"Managed a portfolio of {3-15 rate:0.5} projects worth {200-900 lvl by:50}k.",
				"Delivered {3-20 rate:0.4} projects with teams of up to {4-30 per:1}."}},
		{words: []string{"Product"},
			doing: []string{"shipping products customers love", "turning customer problems into roadmaps"},
			achievements: []string{"Shipped {3-20 rate:0.5} major releases with a team of {4-15 per:1}.",
				"Raised activation by {5-30 paced}% in {3-12 mo} months."}},
	},
	famHR: {
		{words: []string{"Recruiter", "Recruiting", "Recruitment", "Talent Acquisition"},
			doing: []string{"hiring great people", "building diverse candidate pipelines"},
			achievements: []string{"Hired {10-200 per:2 rate:3} people in {6-24 mo} months.",
				"Cut time-to-hire by {10-40}% across {2-8 per:60} offices."}},
		{words: []string{"HR", "People", "Human Resources"},
			doing: []string{"developing talent and leaders", "making onboarding a great experience"},
			achievements: []string{"Ran onboarding for {30-500 per:2 rate:5} new joiners in {2-10 ctry} countries.",
				"Cut staff turnover by {5-30 paced}% over {2-8 qtr} quarters.", "Rolled out a performance review process for {50-900 per:1} employees."}},
	},
	famHospitality: {
		{words: []string{"Chef", "Cook", "Kitchen", "Food"},
			doing: []string{"creating memorable dining experiences", "leading kitchen teams"},
			achievements: []string{"Ran a kitchen of {4-25 led per:2} staff serving {60-400 by:15} covers a night.",
				"Created {3-12 rate:0.3} seasonal menus."}},
		{words: []string{"Front Desk", "Guest Services", "Guest"},
			doing: []string{"checking guests in and out smoothly", "answering guests' requests day and night"}},
		{words: []string{"Hotel", "Restaurant"},
			doing:        []string{"running safe, welcoming venues", "leading front-of-house teams"},
			achievements: []string{"Served {80-900 by:30} guests a day across {2-6 per:15} outlets."}},
	},
	famBeauty: {
		{words: []string{"Salon"},
			doing:        []string{"running a welcoming salon", "keeping the appointment book full"},
			achievements: []string{"Trained {2-10 per:2 rate:0.3} junior stylists."}},
		{words: []string{"Hair", "Stylist"},
			doing: []string{"cutting and colouring hair that suits each client"}},
		{words: []string{"Beauty", "Therapist"},
			doing: []string{"giving treatments that leave clients relaxed"}},
	},
	famSupport: {
		{words: []string{"Success", "Client Services", "Experience", "Customer Officer"},
			doing:        []string{"making customers successful", "reducing churn through great onboarding"},
			achievements: []string{"Reduced churn by {5-30 paced}% over {3-12 mo} months."}},
		{words: []string{"Support", "Service"},
			doing:        []string{"solving problems quickly and kindly", "getting customers answers on the first contact"},
			achievements: []string{"Handled {60-400 by:40} tickets a week with a team of {3-12 per:1}."}},
	},
	famEducation: {
		{words: []string{"Teaching Assistant"},
			doing: []string{"supporting pupils who need extra help", "helping teachers run their classes"}},
		{words: []string{"Tutor"},
			doing: []string{"helping students grow in confidence", "tutoring students one to one"}},
		{words: []string{"Teacher", "Lecturer", "Teaching", "Academic"},
			doing: []string{"helping students grow in confidence", "bringing subjects to life in the classroom"},
			achievements: []string{"Taught {40-400 by:15} students a year across {2-8} courses.",
				"Raised pass rates in my courses by {5-25 paced}% over {2-6 yr} years."}},
		{words: []string{"Instructional"},
			doing:        []string{"designing engaging courses", "turning expert knowledge into clear lessons"},
			achievements: []string{"Designed {3-20 rate:0.3} courses completed by {1-90 k:10}k learners."}},
		{words: []string{"Trainer", "Training", "Learning"},
			doing: []string{"designing engaging courses", "coaching people to grow"},
			achievements: []string{"Designed {3-20 rate:0.3} courses completed by {1-90 k:10}k learners.",
				"Trained {20-300 rate:5 per:4} managers in {2-10 ctry} countries."}},
	},
	famOperations: {
		{words: []string{"Assistant", "Administrative"},
			doing: []string{"managing diaries, travel and events", "supporting executives so they can focus on what matters"},
			achievements: []string{"Organised {5-60 rate:2} events and offsites for up to {20-300 per:1} people.",
				"Managed diaries and travel for {2-6 per:8} executives."}},
		{words: []string{"Office", "Administration"},
			doing: []string{"keeping the office running smoothly", "coordinating people, vendors and schedules"},
			achievements: []string{"Organised {5-60 rate:2} events and offsites for up to {20-300 per:1} people.",
				"Cut office running costs by {5-25 paced}% in {3-12 mo} months."}},
		{words: []string{"Procurement", "Purchasing"},
			doing:        []string{"negotiating with suppliers", "buying the right goods for the right price"},
			achievements: []string{"Coordinated {10-80 by:2} vendors for {2-15 per:40} sites."}},
		{words: []string{"Supply Chain", "Logistics"},
			doing: []string{"optimising supply chains", "getting goods to customers on time"},
			achievements: []string{"Cut fulfilment costs by {5-25}% across {2-12 per:100} warehouses.",
				"Improved on-time delivery by {5-30 paced}% over {3-12 mo} months."}},
		{words: []string{"Business Analyst", "Operations Analyst", "Analyst"},
			doing: []string{"mapping processes and finding what to improve", "turning business needs into clear requirements"},
			achievements: []string{"Mapped {5-40 rate:1} business processes and cut manual steps by {10-50}%.",
				"Wrote requirements for {3-15 rate:0.4} system changes adopted by {2-12 per:5} teams."}},
		{words: []string{"Operations", "Operating"},
			doing: []string{"keeping operations running smoothly", "improving processes and reducing costs", "coordinating people, vendors and schedules"},
			achievements: []string{"Cut operating costs by {5-20 paced}% over {2-8 qtr} quarters.",
				"Coordinated {10-80 by:2} vendors for {2-15 per:40} sites."}},
	},
	famDesign: {
		{words: []string{"Researcher", "Research"},
			doing: []string{"bringing research into product decisions", "understanding what users really need"},
			achievements: []string{"Ran {10-60 rate:3} user interviews across {2-6 ctry} markets.",
				"Ran {3-20 rate:0.5} usability studies that shaped product decisions."}},
		{words: []string{"Graphic", "Visual", "Creative", "Brand"},
			doing: []string{"crafting visual identities", "designing for print and digital"},
			achievements: []string{"Designed {20-300 rate:8} print and digital assets for {3-20 by:3} clients.",
				"Refreshed the visual identity of {2-10 rate:0.3 per:5} products."}},
		{words: []string{"UX", "UI", "Product Designer", "Interaction", "Design", "User Experience"},
			doing: []string{"designing simple, accessible experiences", "building design systems"},
			achievements: []string{"Redesigned {2-10 rate:0.3} core flows, lifting conversion by {5-30}%.",
				"Built a design system of {20-120} components used by {2-10 per:5} teams.",
				"Ran {10-60 rate:3} user interviews across {2-6 ctry} markets."}},
	},
	famFinance: {
		{words: []string{"Payroll"},
			doing: []string{"paying people accurately and on time", "keeping payroll in line with tax rules"},
			achievements: []string{"Ran monthly payroll for {20-900 by:1} employees.",
				"Cut payroll errors by {20-80 paced}% in {3-12 mo} months."}},
		{words: []string{"Tax"},
			doing: []string{"keeping tax affairs in order", "planning for tax efficiently and lawfully"},
			achievements: []string{"Prepared {10-120 rate:2} tax returns across {2-10 ctry} countries.",
				"Cut the effective tax rate by {2-5} points over {2-5 yr} years."}},
		{words: []string{"Auditor", "Audit"},
			doing: []string{"auditing thoroughly and independently", "improving financial controls"},
			achievements: []string{"Led {3-20 rate:0.3} audits and closed {5-60 rate:1} findings.",
				"Tested {20-200 rate:5} financial controls across {2-10 per:50} business units."}},
		{words: []string{"Treasury"},
			doing: []string{"managing cash and liquidity", "forecasting cash flow week by week"}},
		{words: []string{"Bookkeeper", "Bookkeeping"},
			doing: []string{"keeping the books accurate and up to date", "reconciling accounts every month"}},
		{words: []string{"Accountant", "Accounting", "Controller"},
			doing:        []string{"closing the books on time", "improving financial controls", "preparing accurate financial statements"},
			achievements: []string{"Cut the monthly close from {8-15} to {3-7} days."}},
		{words: []string{"Financial Analyst", "Financial Planning"},
			doing: []string{"planning budgets and forecasts", "turning the numbers into business decisions"},
			achievements: []string{"Managed budgets of {200-900 lvl by:20}k across {3-20 per:10} cost centres.",
				"Cut costs by {5-20 paced}% over {2-8 qtr} quarters."}},
		{words: []string{"Finance", "Financial Officer"},
			doing: []string{"planning budgets and forecasts", "closing the books on time", "improving financial controls"},
			achievements: []string{"Cut the monthly close from {8-15} to {3-7} days.",
				"Managed budgets of {200-900 lvl by:20}k across {3-20 per:10} cost centres.", "Cut costs by {5-20 paced}% over {2-8 qtr} quarters."}},
	},
	famLegal: {
		{words: []string{"Paralegal"},
			doing: []string{"preparing documents and filings accurately", "supporting lawyers on complex matters"},
			achievements: []string{"Prepared {50-600 rate:20} contracts and filings for review.",
				"Organised the documents of {3-30 rate:0.5} cases and transactions."}},
		{words: []string{"Compliance", "Risk"},
			doing: []string{"building compliance programmes that work", "managing regulatory risk"},
			achievements: []string{"Led {3-20 rate:0.3} audits and closed {5-60 rate:1} findings.",
				"Handled {10-120 rate:2} regulatory filings in {2-10 ctry} countries."}},
		{words: []string{"Contract"},
			doing:        []string{"negotiating fair contracts", "managing contracts from draft to renewal"},
			achievements: []string{"Negotiated {10-300 rate:3} contracts across {2-12 ctry} jurisdictions."}},
		{words: []string{"Counsel", "Lawyer", "Attorney", "Legal"},
			doing: []string{"negotiating fair contracts", "advising on corporate matters"},
			achievements: []string{"Negotiated {10-300 rate:3} contracts across {2-12 ctry} jurisdictions.",
				"Advised on {3-20 rate:0.3} acquisitions and partnerships."}},
	},
	famEntertainment: {
		{words: []string{"Editor", "Editing", "Post-Production"},
			doing:        []string{"cutting footage into stories that hold attention", "finishing productions on tight deadlines"},
			achievements: []string{"Edited {3-20 rate:0.5} short films shown at {2-12} festivals."}},
		{words: []string{"Sound", "Audio"},
			doing:        []string{"recording and mixing clean, rich sound", "editing, mixing and finishing productions"},
			achievements: []string{"Mixed sound for {3-30 rate:0.8} productions shown at {2-12} festivals."}},
		{words: []string{"Camera", "Cinematographer"},
			doing:        []string{"capturing striking images on set", "lighting and shooting for the screen"},
			achievements: []string{"Shot {3-20 rate:0.5} short films and documentaries shown at {2-12} festivals."}},
		{words: []string{"Animator", "Motion", "Animation"},
			doing:        []string{"bringing characters and graphics to life in motion", "animating stories frame by frame"},
			achievements: []string{"Animated {20-300 rate:8} minutes of footage for {3-20 rate:0.5} productions."}},
		{words: []string{"Production Assistant"},
			doing: []string{"keeping shoots on schedule", "supporting crews on set"}},
		{words: []string{"Producer", "Production", "Content"},
			doing:        []string{"telling stories on screen", "producing content audiences love"},
			achievements: []string{"Produced {6-60 rate:1.5} episodes watched by {50-900 k:5000}k viewers."}},
	},
	famFacility: {
		{words: []string{"Security"},
			doing: []string{"keeping people and premises safe", "responding calmly to incidents"},
			achievements: []string{"Handled {20-300 rate:6} incidents on site without injury.",
				"Guarded {2-12 bldg} buildings on day and night shifts."}},
		{words: []string{"Maintenance", "Technician", "Building Engineer"},
			doing: []string{"keeping buildings safe and efficient", "fixing problems before they become failures"},
			achievements: []string{"Ran maintenance for {2-30 bldg} buildings with a team of {3-15 per:1}.",
				"Cut energy use by {5-25}% across {2-20 bldg} buildings."}},
		{words: []string{"Facilities", "Facility", "Workplace"},
			doing: []string{"managing maintenance and vendors", "creating great workplaces", "running facilities on a budget"},
			achievements: []string{"Managed {2-15 bldg} sites totalling {5-200 sqm}k square metres.",
				"Cut energy use by {5-25}% across {2-20 bldg} buildings."}},
	},
}

// phraseSince are the years the technology of a phrase came into use, by
// the phrase: a role begun before then does not say it (no repositories
// or requests a minute in 1985, no app releases before smartphones).
// Phrases of no technology are missing: they fit every year.
var phraseSince = map[string]int{
	// Achievements.
	"Raised test coverage by {10-45}% across {3-30 rate:1} repositories.":                   2008,
	"Reduced latency by {15-70}% for a service handling {10-900 svc}k requests a minute.":   2000,
	"Designed {3-20 rate:0.5} APIs used by {2-12 per:5} teams.":                             2002,
	"Automated {100-900 rate:40} regression tests across {2-8 per:10} products.":            1995,
	"Closed {20-300 rate:8} vulnerabilities found in audits and penetration tests.":         2000,
	"Rolled out multi-factor sign-in for {50-900 by:1} staff.":                              2010,
	"Cut page load times by {20-60}% across {3-40 rate:2} pages.":                           2000,
	"Built {10-80 rate:3} reusable interface components used across {2-6 per:10} products.": 2010,
	"Shipped {3-30 rate:0.8} app releases with a crash-free rate above {97-99}%.":           2009,
	"Cut app start-up time by {15-50 paced}% in {3-12 mo} months.":                          2009,
	"Moved {3-20 rate:0.5} services to a new platform with a team of {3-8 per:1}.":          2010,
	"Cut deployment time from {30-90} to {5-15} minutes.":                                   2008,
	"Cut production incidents by {20-60 paced}% over {3-12 mo} months.":                     2000,
	"Designed pipelines processing {50-900 k:2000}k events a day from {3-20} sources.":      2008,
	"Moved {5-40 rate:1} reports to a new data warehouse.":                                  1995,
	"Put {2-12 rate:0.3} machine learning models into production.":                          2012,
	"Built {4-30 rate:1} dashboards used by {2-12 per:5} teams.":                            2003,
	"Automated {5-40 rate:1} weekly reports, saving {5-40} hours a week.":                   1995,
	"Raised activation by {5-30 paced}% in {3-12 mo} months.":                               2008,
	"Designed {3-20 rate:0.3} courses completed by {1-90 k:10}k learners.":                  2012,
	"Reduced churn by {5-30 paced}% over {3-12 mo} months.":                                 2000,
	"Increased qualified leads by {15-120 paced}% in {3-12 mo} months.":                     2000,
	"Handled {60-400 by:40} tickets a week with a team of {3-12 per:1}.":                    1995,
	"Cut time-to-hire by {10-40}% across {2-8 per:60} offices.":                             2000,
	"Designed {2-12 rate:0.25} circuit boards that went into series production.":            1970,
	"Built a design system of {20-120} components used by {2-10 per:5} teams.":              2014,
	"Redesigned {2-10 rate:0.3} core flows, lifting conversion by {5-30}%.":                 2005,
	"Ran {10-60 rate:3} user interviews across {2-6 ctry} markets.":                         2003,
	// What people say they do.
	"running data-driven campaigns":                          2005,
	"growing pipeline through content and SEO":               2003,
	"designing clean APIs and services":                      2002,
	"automating infrastructure and deployments":              2008,
	"keeping production reliable and observable":             2010,
	"building mobile apps people use every day":              2009,
	"shipping polished iOS and Android apps":                 2009,
	"building fast, accessible web interfaces":               1998,
	"building robust data pipelines":                         2005,
	"bringing machine learning into production":              2012,
	"designing dashboards the business actually uses":        2003,
	"reducing churn through great onboarding":                2005,
	"building diverse candidate pipelines":                   2005,
	"making every release safe to ship":                      2005,
	"building test automation that catches bugs early":       1995,
	"finding and fixing vulnerabilities before attackers do": 1995,
	"building design systems":                                2014,
	"designing simple, accessible experiences":               2000,
	"bringing research into product decisions":               2000,
	// Projects.
	"Cloud Migration":             2010,
	"Internal Developer Platform": 2015,
	"Realtime Messaging Backend":  2005,
	"Open-Source CLI Tool":        2000,
	"Payments Service":            2000,
	"Mobile App Launch":           2009,
	"Mobile App Redesign":         2010,
	"Customer Portal":             2000,
	"Self-Service Onboarding":     2005,
	"Pricing Page Redesign":       2000,
	"Website Relaunch":            1998,
	"SEO Overhaul":                2003,
	"CRM Migration":               2000,
	"Churn Prediction Model":      2008,
	"Sales Forecasting Dashboard": 2003,
	"Data Warehouse Migration":    1998,
	"Design System":               2014,
	"Checkout Redesign":           2000,
	"HRIS Rollout":                1995,
	"Employer Branding Campaign":  2005,
	"GDPR Compliance Programme":   2016,
	"IFRS 16 Implementation":      2016,
	"Contract Management System":  1995,
	"Help Centre Relaunch":        2000,
	"Live Chat Rollout":           2005,
	"Online Course Launch":        2000,
	"Web Series":                  2006,
	"IoT Sensor Node":             2008,
	"Smart Meter Board":           2005,
	"Inventory System Rollout":    1990,
	"ERP Rollout":                 1992,
	"ERP Finance Rollout":         1992,
	"Month-End Close Automation":  1995,
	"Sepsis Screening Pilot":      2005,
	// Certificates, by the year they were first given.
	"Google Analytics Individual Qualification":           2010,
	"HubSpot Inbound Marketing":                           2012,
	"Meta Certified Digital Marketing Associate":          2021,
	"Salesforce Certified Administrator":                  2006,
	"Certified ScrumMaster (CSM)":                         2002,
	"PRINCE2 Practitioner":                                1996,
	"Project Management Professional (PMP)":               1984,
	"AWS Certified Solutions Architect – Associate":       2013,
	"Certified Kubernetes Administrator (CKA)":            2017,
	"Professional Cloud Architect":                        2017,
	"Microsoft Certified: Azure Developer Associate":      2018,
	"IPC Certified Interconnect Designer (CID)":           2003,
	"Certified LabVIEW Associate Developer":               2008,
	"Certified SOLIDWORKS Associate (CSWA)":               2008,
	"Certified SOLIDWORKS Professional (CSWP)":            2004,
	"LEED Green Associate":                                2009,
	"Tableau Desktop Specialist":                          2018,
	"TensorFlow Developer Certificate":                    2020,
	"Databricks Certified Data Engineer Associate":        2022,
	"Google UX Design Certificate":                        2021,
	"Certified Usability Analyst":                         2003,
	"SHRM Certified Professional (SHRM-CP)":               2015,
	"CIPD Level 5":                                        2010,
	"CFA Level I":                                         1963,
	"Certified Information Privacy Professional (CIPP/E)": 2012,
	"Certified Anti-Money Laundering Specialist":          2002,
	"Customer Success Manager Certification":              2016,
	"Zendesk Support Administrator":                       2016,
	"Advanced Cardiovascular Life Support (ACLS)":         1974,
	"WSET Level 2 Award in Wines":                         1969,
	"TEFL Certificate":                                    1990,
	"Certified Professional in Talent Development (CPTD)": 2006,
	"Lean Six Sigma Green Belt":                           2001,
	"APICS CSCP":                                          2006,
	"Facility Management Professional (FMP)":              2008,
	"NEBOSH General Certificate":                          1988,
	"Adobe Certified Professional: Premiere Pro":          2018,
	"Avid Certified User: Pro Tools":                      2010,
	"Certified Director":                                  1999,
	"Food Safety Level 2":                                 2000,

	// Certificates of national bodies, of specialties and of desk roles.
	"NACD Directorship Certification":                                          2019,
	"HubSpot Inbound Sales":                                                    2015,
	"ISTQB Certified Tester Foundation Level":                                  2002,
	"CompTIA Security+":                                                        2002,
	"Adobe Certified Professional: Visual Design":                              2018,
	"Professional in Human Resources – International (PHRi)":                   2016,
	"LinkedIn Certified Professional – Recruiter":                              2017,
	"Chartered Accountant (CA ANZ)":                                            2014,
	"Chartered Professional Accountant (CPA Canada)":                           2013,
	"Certified Bookkeeper (CB)":                                                1998,
	"AAT Level 3 Diploma in Accounting":                                        2010,
	"Xero Advisor Certification":                                               2012,
	"QuickBooks Online Certified ProAdvisor":                                   2001,
	"Certified Information Privacy Professional (CIPP/US)":                     2004,
	"ITIL 4 Foundation":                                                        2019,
	"HDI Customer Service Representative (HDI-CSR)":                            2000,
	"Immediate Life Support (ILS)":                                             2002,
	"Advanced Life Support (ALS)":                                              1993,
	"Certified Guest Service Professional (CGSP)":                              2010,
	"Level 3 Diploma in Beauty Therapy":                                        2010,
	"Level 3 Diploma in Hair Professional Services":                            2010,
	"Certified Business Analysis Professional (CBAP)":                          2006,
	"Certified in Logistics, Transportation and Distribution (CLTD)":           2016,
	"Certified Professional in Supply Management (CPSM)":                       2008,
	"CIPS Level 4 Diploma in Procurement and Supply":                           2000,
	"Certified Administrative Professional (CAP)":                              2001,
	"Microsoft Office Specialist: Excel Associate":                             2016,
	"IOSH Managing Safely":                                                     1995,
	"SIA Security Guard Licence":                                               2004,
	"EPA Section 608 Technician Certification":                                 1993,
	"Level 3 Award in the Requirements for Electrical Installations (BS 7671)": 1992,
}

// phraseLevel are the phrases of what people do that speak of leading
// others, with the least level that says them: a junior does not mentor
// engineers nor lead a kitchen.
var phraseLevel = map[string]Level{
	"mentoring engineers and improving code quality": Senior,
	"mentoring engineers":                            Senior,
	"leading kitchen teams":                          Senior,
	"leading front-of-house teams":                   Senior,
	"developing talent and leaders":                  Senior,
	"growing teams and businesses":                   Senior,
	"leading organisations through change":           Senior,
	"building companies people want to work for":     Senior,
	// Deals, territories and launches a beginner is not given.
	"closing complex B2B deals":           MidLevel,
	"growing revenue in new territories":  MidLevel,
	"launching products into new markets": MidLevel,
}

// lineWork names each line of work as a summary says where someone's
// earlier years went ("after 10+ years in law").
var lineWork = [numFamilies]string{
	famGeneral: "general management", famMarketing: "marketing", famSales: "sales",
	famProduct: "product and project management", famSoftware: "software", famElectrical: "electronics",
	famMechanical: "mechanical engineering", famCivil: "civil engineering", famData: "data and analytics",
	famDesign: "design", famHR: "HR", famFinance: "finance", famLegal: "law", famSupport: "customer support",
	famClinical: "healthcare", famHospitality: "hospitality", famBeauty: "beauty", famEducation: "education",
	famOperations: "operations", famFacility: "facilities", famEntertainment: "film and media",
}

// achievementTrades are the achievements only some employers' trades
// achieve, with what the role's employer must be: a tax rate cut at a
// company that pays tax, warehouses at one that ships goods, funding
// raised by a venture of a funded trade, releases shipped by a maker of
// software or products, managers trained abroad by no school.
var achievementTrades = map[string]func(roleFacts) bool{
	"Cut the effective tax rate by {2-5} points over {2-5 yr} years.": func(f roleFacts) bool {
		return !untaxedIndustries[f.industry] && f.staff >= 50
	},
	"Cut fulfilment costs by {5-25}% across {2-12 per:100} warehouses.": func(f roleFacts) bool { return goodsIndustries[f.industry] },
	"Raised funding and built a leadership team of {3-12 led} people.": func(f roleFacts) bool {
		return fundedIndustries[f.industry] && f.staff >= 12
	},
	"Trained {20-300 rate:5 per:4} managers in {2-10 ctry} countries.": func(f roleFacts) bool { return !schoolIndustries[f.industry] },
	"Shipped {3-20 rate:0.5} major releases with a team of {4-15 per:1}.": func(f roleFacts) bool {
		return f.online || patentingIndustries[f.industry]
	},
	"Raised activation by {5-30 paced}% in {3-12 mo} months.":                              func(f roleFacts) bool { return f.online },
	"Designed {2-12 rate:0.25} circuit boards that went into series production.":           madeHere,
	"Cut the bill of materials by {5-30}% across {2-8 per:10} products.":                   madeHere,
	"Brought {2-10 rate:0.25 per:5} products through certification in {2-6 ctry} markets.": madeHere,
	"Designed {5-40 rate:1} components now in series production.":                          madeHere,
	"Cut part costs by {5-30}% across {2-8 per:10} product lines.":                         madeHere,
	"Ran {3-15 rate:0.3} prototype builds with a team of {3-10 per:1}.":                    madeHere,
	"Reduced churn by {5-30 paced}% over {3-12 mo} months.":                                subscribedTo,
	"Reduced latency by {15-70}% for a service handling {10-900 svc}k requests a minute.":  servesTraffic,
	"Redesigned {2-10 rate:0.3} core flows, lifting conversion by {5-30}%.":                sellsOnline,
	"Built a pipeline of {200-900 lvl by:60}k across {2-6} industries.":                    sellsToBusinesses,
	"Opened {5-40 rate:1 by:5} new accounts worth {50-900 lvl by:30}k in annual revenue.":  sellsToBusinesses,
	"Improved on-time delivery by {5-30 paced}% over {3-12 mo} months.": func(f roleFacts) bool {
		return makerIndustries[f.industry] || goodsIndustries[f.industry]
	},
}

// madeHere reports whether the role's employer makes products of its own,
// which its engineers design, cost and certify.
func madeHere(f roleFacts) bool { return makerIndustries[f.industry] }

// makerIndustries are the trades that design and make products in
// series: machines, vehicles, electronics, materials, goods.
var makerIndustries = map[string]bool{
	"Automotive": true, "Aviation & Aerospace": true, "Building Materials": true, "Chemicals": true,
	"Computer Hardware": true, "Computer Networking": true, "Consumer Electronics": true, "Consumer Goods": true,
	"Defense & Space": true, "Electrical/Electronic Manufacturing": true, "Industrial Automation": true,
	"Machinery": true, "Mechanical or Industrial Engineering": true, "Medical Devices": true,
	"Nanotechnology": true, "Railroad Manufacture": true, "Renewables & Environment": true, "Semiconductors": true,
	"Shipbuilding": true, "Telecommunications": true, "Wireless": true, "Plastics": true,
	"Packaging and Containers": true, "Sporting Goods": true, "Furniture": true, "Glass, Ceramics & Concrete": true,
	"Textiles": true, "Apparel & Fashion": true, "Business Supplies and Equipment": true,
	"Luxury Goods & Jewelry": true, "Cosmetics": true, "Paper & Forest Products": true,
}

// untaxedIndustries are the trades of charities, churches, the state and
// public schools, which pay no corporate tax to cut.
var untaxedIndustries = map[string]bool{
	"Non-Profit Organization Management": true, "Religious Institutions": true, "Philanthropy": true,
	"Fund-Raising": true, "Civic & Social Organization": true, "Government Administration": true,
	"Government Relations": true, "Legislative Office": true, "Judiciary": true, "Military": true,
	"Law Enforcement": true, "Public Safety": true, "Public Policy": true, "Political Organization": true,
	"International Affairs": true, "Primary/Secondary Education": true, "Higher Education": true,
	"Libraries": true, "Museums and Institutions": true, "Think Tanks": true,
}

// goodsIndustries are the trades that store and ship goods, and so run
// warehouses.
var goodsIndustries = map[string]bool{
	"Retail": true, "Wholesale": true, "Import and Export": true, "Logistics and Supply Chain": true,
	"Warehousing": true, "Package/Freight Delivery": true, "Transportation/Trucking/Railroad": true,
	"Consumer Goods": true, "Consumer Electronics": true, "Food & Beverages": true, "Food Production": true,
	"Apparel & Fashion": true, "Supermarkets": true, "Furniture": true, "Sporting Goods": true,
	"Cosmetics": true, "Luxury Goods & Jewelry": true, "Business Supplies and Equipment": true,
	"Automotive": true, "Machinery": true, "Building Materials": true, "Chemicals": true,
	"Pharmaceuticals": true, "Medical Devices": true, "Electrical/Electronic Manufacturing": true,
	"Computer Hardware": true, "Paper & Forest Products": true, "Plastics": true,
	"Packaging and Containers": true, "Textiles": true, "Wine and Spirits": true, "Tobacco": true,
	"Dairy": true, "Mining & Metals": true, "Printing": true, "Internet": true,
}

// fundedIndustries are the trades of ventures that raise funding from
// investors: technology, life sciences, energy and fintech.
var fundedIndustries = map[string]bool{
	"Computer Software": true, "Internet": true, "Information Technology and Services": true,
	"Computer Games": true, "Computer & Network Security": true, "Biotechnology": true,
	"Medical Devices": true, "E-Learning": true, "Online Media": true, "Wireless": true,
	"Nanotechnology": true, "Renewables & Environment": true, "Consumer Electronics": true,
	"Financial Services": true, "Semiconductors": true, "Computer Hardware": true, "Pharmaceuticals": true,
}

// schoolIndustries are the trades of schools and universities.
var schoolIndustries = map[string]bool{
	"Primary/Secondary Education": true, "Higher Education": true, "Education Management": true,
}

// estateIndustries are the trades whose work is buildings: estates,
// facilities services, hospitals, schools, hotels, the state.
var estateIndustries = map[string]bool{
	"Real Estate": true, "Commercial Real Estate": true, "Facilities Services": true,
	"Hospital & Health Care": true, "Primary/Secondary Education": true, "Higher Education": true,
	"Hospitality": true, "Government Administration": true, "Construction": true,
	"Security and Investigations": true, "Recreational Facilities and Services": true,
	"Leisure, Travel & Tourism": true, "Military": true, "Retail": true, "Supermarkets": true,
}

// individualWork are the achievements of an individual contributor's
// own hands (APIs designed, tests automated, students taught): a head,
// director or executive lists what their organisation achieved instead.
var individualWork = map[string]bool{
	"Designed {3-20 rate:0.5} APIs used by {2-12 per:5} teams.":                             true,
	"Raised test coverage by {10-45}% across {3-30 rate:1} repositories.":                   true,
	"Automated {100-900 rate:40} regression tests across {2-8 per:10} products.":            true,
	"Closed {20-300 rate:8} vulnerabilities found in audits and penetration tests.":         true,
	"Built {10-80 rate:3} reusable interface components used across {2-6 per:10} products.": true,
	"Designed {2-12 rate:0.25} circuit boards that went into series production.":            true,
	"Designed {5-40 rate:1} components now in series production.":                           true,
	"Designed the structures of {3-25 rate:0.4} buildings over {2-8 yr} years.":             true,
	"Designed pipelines processing {50-900 k:2000}k events a day from {3-20} sources.":      true,
	"Built {4-30 rate:1} dashboards used by {2-12 per:5} teams.":                            true,
	"Automated {5-40 rate:1} weekly reports, saving {5-40} hours a week.":                   true,
	"Designed {20-300 rate:8} print and digital assets for {3-20 by:3} clients.":            true,
	"Ran {10-60 rate:3} user interviews across {2-6 ctry} markets.":                         true,
	"Prepared {10-120 rate:2} tax returns across {2-10 ctry} countries.":                    true,
	"Prepared {50-600 rate:20} contracts and filings for review.":                           true,
	"Organised the documents of {3-30 rate:0.5} cases and transactions.":                    true,
	"Mapped {5-40 rate:1} business processes and cut manual steps by {10-50}%.":             true,
	"Wrote requirements for {3-15 rate:0.4} system changes adopted by {2-12 per:5} teams.":  true,
	"Taught {40-400 by:15} students a year across {2-8} courses.":                           true,
	"Cared for {10-60 by:10} patients a week in a team of {3-12 per:1}.":                    true,
	"Edited {3-20 rate:0.5} short films shown at {2-12} festivals.":                         true,
	"Mixed sound for {3-30 rate:0.8} productions shown at {2-12} festivals.":                true,
	"Shot {3-20 rate:0.5} short films and documentaries shown at {2-12} festivals.":         true,
	"Animated {20-300 rate:8} minutes of footage for {3-20 rate:0.5} productions.":          true,
	"Handled {60-400 by:40} tickets a week with a team of {3-12 per:1}.":                    true,
	"Built a clientele of {40-300 rate:12 by:100} regulars in {6-24 mo} months.":            true,
	"Built a design system of {20-120} components used by {2-10 per:5} teams.":              true,
	"Designed {3-20 rate:0.3} courses completed by {1-90 k:10}k learners.":                  true,
	"Handled {10-120 rate:2} regulatory filings in {2-10 ctry} countries.":                  true,
	"Handled {20-300 rate:6} incidents on site without injury.":                             true,
	"Managed diaries and travel for {2-6 per:8} executives.":                                true,
}

// domesticIndustries are the trades whose employers work in one country
// only: schools, hospitals, the state, churches, restaurants, local
// services. Their people do not file, hire or sell across countries.
var domesticIndustries = map[string]bool{
	"Primary/Secondary Education": true, "Higher Education": true, "Education Management": true,
	"Hospital & Health Care": true, "Medical Practice": true, "Mental Health Care": true,
	"Government Administration": true, "Legislative Office": true, "Judiciary": true, "Military": true,
	"Law Enforcement": true, "Public Safety": true, "Religious Institutions": true, "Libraries": true,
	"Restaurants": true, "Civic & Social Organization": true, "Individual & Family Services": true,
	"Supermarkets": true, "Recreational Facilities and Services": true,
}

// doingTrades are the phrases of what people do that only some
// employers' trades do, with what the employer must be.
var doingTrades = map[string]func(roleFacts) bool{
	"reducing churn through great onboarding": subscribedTo,
	// Products designed for series production and a shop floor to solve
	// problems on are a maker's: a design engineer at a utilities firm
	// or a civil engineering firm has neither.
	"solving manufacturing problems on the shop floor":          madeHere,
	"taking products from CAD model to production":              madeHere,
	"designing parts that are easy to manufacture":              madeHere,
	"bringing electronic products from prototype to production": madeHere,
	"making electronic products more power-efficient":           madeHere,
	// Deals with other businesses are closed by those who sell to them,
	// not by a clinic or a school.
	"closing complex B2B deals": sellsToBusinesses,
}

// sellsToBusinesses reports whether the role's employer sells to other
// businesses, and so has accounts, a pipeline of deals and clients in
// several industries: not a trade that serves the public (a clinic, a
// school, a restaurant, a shop) nor the state or a charity.
func sellsToBusinesses(f roleFacts) bool {
	return !publicServingIndustries[f.industry] && !untaxedIndustries[f.industry]
}

// publicServingIndustries are the trades whose customers are people,
// patients, pupils and guests rather than other businesses.
var publicServingIndustries = map[string]bool{
	"Hospital & Health Care": true, "Medical Practice": true, "Mental Health Care": true,
	"Health, Wellness and Fitness": true, "Alternative Medicine": true, "Veterinary": true,
	"Restaurants": true, "Hospitality": true, "Leisure, Travel & Tourism": true,
	"Recreational Facilities and Services": true, "Retail": true, "Supermarkets": true,
	"Individual & Family Services": true, "Consumer Services": true, "Primary/Secondary Education": true,
	"Higher Education": true, "Education Management": true, "Libraries": true, "Museums and Institutions": true,
	"Religious Institutions": true, "Performing Arts": true, "Fine Art": true, "Sports": true,
	"Gambling & Casinos": true,
}

// servesTraffic reports whether the role's employer runs a service busy
// enough for its latency to be a developer's achievement: a software or
// internet company, or a bank, insurer, shop, airline or publisher whose
// customers use it online; not a law firm's or a builder's intranet.
func servesTraffic(f roleFacts) bool { return f.online || trafficIndustries[f.industry] }

// trafficIndustries are the trades besides the online ones whose
// customers use their services online in numbers.
var trafficIndustries = map[string]bool{
	"Banking": true, "Insurance": true, "Financial Services": true, "Capital Markets": true,
	"Investment Banking": true, "Retail": true, "Supermarkets": true, "Airlines/Aviation": true,
	"Leisure, Travel & Tourism": true, "Publishing": true, "Newspapers": true, "Broadcast Media": true,
	"Entertainment": true, "Gambling & Casinos": true, "Information Services": true,
}

// sellsOnline reports whether the role's employer sells to customers
// through screens of its own, whose conversion a designer lifts.
func sellsOnline(f roleFacts) bool { return f.online || onlineSalesIndustries[f.industry] }

// onlineSalesIndustries are the trades besides the online ones that sell
// through a shop, a booking or a sign-up online.
var onlineSalesIndustries = map[string]bool{
	"Retail": true, "Supermarkets": true, "Consumer Goods": true, "Consumer Electronics": true,
	"Apparel & Fashion": true, "Cosmetics": true, "Sporting Goods": true, "Luxury Goods & Jewelry": true,
	"Furniture": true, "Banking": true, "Insurance": true, "Financial Services": true,
	"Airlines/Aviation": true, "Leisure, Travel & Tourism": true, "Hospitality": true, "Publishing": true,
	"Newspapers": true, "Entertainment": true, "Gambling & Casinos": true, "Events Services": true,
}

// subscribedTo reports whether the role's employer has customers who
// subscribe and may leave (software, telecoms, banks, insurers, gyms,
// the media), and so a churn to cut.
func subscribedTo(f roleFacts) bool { return f.online || subscriptionIndustries[f.industry] }

// subscriptionIndustries are the trades besides the online ones whose
// customers subscribe: telecoms, utilities, banks and insurers, gyms,
// publishers and broadcasters, recruiters' clients.
var subscriptionIndustries = map[string]bool{
	"Telecommunications": true, "Wireless": true, "Utilities": true, "Banking": true, "Insurance": true,
	"Financial Services": true, "Health, Wellness and Fitness": true, "Publishing": true, "Newspapers": true,
	"Broadcast Media": true, "Online Media": true, "Information Services": true, "Entertainment": true,
	"Market Research": true, "Staffing and Recruiting": true, "Consumer Services": true,
}
