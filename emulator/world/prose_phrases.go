package world

// Phrases for the prose derived on demand: summaries, role descriptions,
// headlines and company descriptions. They are written per line of work
// (family), not per department: a civil engineer and a backend
// developer are both in Engineering, but only one of them improves code
// quality, and a chef does not improve patient outcomes.

// famDoing are what people of a line of work say they do or enjoy,
// completing "Focused on …" and "I enjoy …".
var famDoing = [numFamilies][]string{
	famGeneral: {"building companies people want to work for", "turning strategy into execution",
		"growing teams and businesses", "leading organisations through change"},
	famMarketing: {"building brands that people remember", "running data-driven campaigns",
		"growing pipeline through content and SEO", "launching products into new markets"},
	famSales: {"helping customers find the right solution", "building long-term client relationships",
		"growing revenue in new territories", "closing complex B2B deals"},
	famProduct: {"shipping products customers love", "delivering projects on time and on budget",
		"turning customer problems into roadmaps", "aligning stakeholders around clear goals"},
	famSoftware: {"building reliable, scalable systems", "designing clean APIs and services",
		"automating infrastructure and deployments", "mentoring engineers and improving code quality"},
	famElectrical: {"designing reliable electronics from schematic to board", "developing firmware for embedded devices",
		"testing hardware against demanding standards", "making electronic products more power-efficient"},
	famMechanical: {"designing parts that are easy to manufacture", "taking products from CAD model to production",
		"improving reliability through testing and analysis", "solving manufacturing problems on the shop floor"},
	famCivil: {"designing safe, lasting infrastructure", "delivering construction projects on time and on budget",
		"structural analysis and design", "turning drawings into finished structures with contractors on site"},
	famData: {"turning data into decisions", "building models that predict what matters",
		"designing dashboards the business actually uses", "building robust data pipelines"},
	famDesign: {"designing simple, accessible experiences", "bringing research into product decisions",
		"crafting visual identities", "building design systems"},
	famHR: {"hiring great people", "building inclusive workplaces",
		"developing talent and leaders", "making onboarding a great experience"},
	famFinance: {"keeping the numbers honest", "planning budgets and forecasts",
		"closing the books on time", "improving financial controls"},
	famLegal: {"keeping the business compliant", "negotiating fair contracts",
		"managing regulatory risk", "advising on corporate matters"},
	famSupport: {"making customers successful", "solving problems quickly and kindly",
		"reducing churn through great onboarding", "turning feedback into improvements"},
	famClinical: {"caring for patients", "improving patient outcomes",
		"delivering safe, compassionate care", "working in multidisciplinary care teams"},
	famHospitality: {"delivering excellent service to guests", "running safe, welcoming venues",
		"creating memorable dining experiences", "leading kitchen and front-of-house teams"},
	famBeauty: {"helping clients look and feel their best", "keeping up with the latest styles and techniques",
		"building a loyal clientele", "running a welcoming salon"},
	famEducation: {"helping people learn", "designing engaging courses",
		"coaching people to grow", "making learning accessible"},
	famOperations: {"keeping operations running smoothly", "optimising supply chains",
		"improving processes and reducing costs", "coordinating teams and vendors"},
	famFacility: {"keeping buildings safe and efficient", "managing maintenance and vendors",
		"creating great workplaces", "running facilities on a budget"},
	famEntertainment: {"telling stories on screen", "producing content audiences love",
		"bringing creative projects to life", "editing, mixing and finishing productions"},
}

// famAchievements are the sentences of a role's achievements, by line of
// work. A "{lo-hi}" is a number drawn between lo and hi (sentence), so
// that every figure fits its sentence.
var famAchievements = [numFamilies][]string{
	famGeneral: {"Grew the company from {5-40} to {60-900} employees.", "Raised funding and built a founding team of {3-12} people.",
		"Led the business to {15-60}% revenue growth in {2-5} years.", "Oversaw {3-12} business units and their {15-80} managers."},
	famMarketing: {"Increased qualified leads by {15-120}% in {3-12} months.", "Managed a marketing budget of {50-900}k across {2-8} channels.",
		"Launched {3-25} campaigns reaching {20-900}k people."},
	famSales: {"Exceeded quota by {5-60}% for {2-8} consecutive quarters.", "Opened {5-40} new accounts worth {50-900}k in annual revenue.",
		"Built a pipeline of {200-900}k across {2-6} industries."},
	famProduct: {"Shipped {3-20} major releases with a team of {4-15}.", "Cut delivery time by {10-50}% over {3-12} months.",
		"Managed a portfolio of {3-15} projects worth {200-900}k."},
	famSoftware: {"Reduced latency by {15-70}% for a service handling {10-900}k requests a minute.",
		"Migrated {3-40} services to Kubernetes with {2-8} engineers.", "Raised test coverage by {10-45}% across {3-30} repositories."},
	famElectrical: {"Designed {2-12} circuit boards that went into series production.", "Cut the bill of materials by {5-30}% across {2-8} products.",
		"Brought {2-10} products through certification in {2-6} markets."},
	famMechanical: {"Designed {5-40} components now in series production.", "Cut part costs by {5-30}% across {2-8} product lines.",
		"Ran {3-15} prototype builds with a team of {3-10}."},
	famCivil: {"Delivered {3-15} projects worth {2-60}M on schedule.", "Designed the structures of {3-25} buildings over {2-8} years.",
		"Supervised {3-20} contractors across {2-6} construction sites."},
	famData: {"Built {4-30} dashboards used by {2-12} teams.", "Improved forecast accuracy by {5-35}% across {2-10} markets.",
		"Designed pipelines processing {50-900}k events a day from {3-20} sources."},
	famDesign: {"Redesigned {2-10} core flows, lifting conversion by {5-30}%.", "Ran {10-60} user interviews across {2-6} markets.",
		"Built a design system of {20-120} components used by {2-10} teams."},
	famHR: {"Hired {20-200} people in {6-24} months.", "Cut time-to-hire by {10-40}% across {2-8} offices.",
		"Ran onboarding for {30-500} new joiners in {2-10} countries."},
	famFinance: {"Cut the monthly close from {8-15} to {3-7} days.", "Managed budgets of {200-900}k across {3-20} cost centres.",
		"Cut costs by {5-20}% over {2-8} quarters."},
	famLegal: {"Negotiated {20-300} contracts across {2-12} jurisdictions.", "Led {3-20} audits and closed {5-60} findings.",
		"Handled {10-120} regulatory filings in {2-10} countries."},
	famSupport: {"Kept satisfaction above {85-98}% for {3-12} quarters.", "Handled {60-400} tickets a week with a team of {3-12}.",
		"Reduced churn by {5-30}% over {3-12} months."},
	famClinical: {"Cared for {10-60} patients a week in a team of {3-12}.", "Cut waiting times by {10-40}% in {3-12} months.",
		"Trained {3-20} new colleagues in clinical procedures."},
	famHospitality: {"Served {80-900} guests a day across {2-6} outlets.", "Raised guest satisfaction scores by {5-25}% in {3-12} months.",
		"Ran a kitchen of {4-25} staff serving {60-400} covers a night."},
	famBeauty: {"Built a clientele of {40-300} regulars in {6-24} months.", "Trained {2-10} junior stylists.",
		"Raised repeat bookings by {10-40}% in {3-12} months."},
	famEducation: {"Taught {40-400} students a year across {2-8} courses.", "Designed {3-20} courses completed by {1-90}k learners.",
		"Trained {20-300} managers in {2-10} countries."},
	famOperations: {"Cut fulfilment costs by {5-25}% across {2-12} warehouses.", "Coordinated {10-80} vendors for {2-15} sites.",
		"Improved on-time delivery by {5-30}% over {3-12} months."},
	famFacility: {"Managed {2-15} sites totalling {5-200}k square metres.", "Cut energy use by {5-25}% across {2-20} buildings.",
		"Ran maintenance for {2-30} buildings with a team of {3-15}."},
	famEntertainment: {"Produced {6-60} episodes watched by {50-900}k viewers.", "Edited {3-20} short films shown at {2-12} festivals.",
		"Delivered {10-80} commercials for {5-40} brands."},
}

// deptDoing are phrases that fit every line of work of a department,
// for texts that know the department only (a project's description).
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
