package world

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// The long tail of a profile: languages, certifications, courses,
// projects, publications, patents, awards. All derived on demand; most
// profiles have few or none of them.

// cultureLanguage is the language of each culture of names_data.go.
var cultureLanguage = map[string]string{
	"en": "English", "es": "Spanish", "pt": "Portuguese", "fr": "French", "de": "German", "it": "Italian",
	"nl": "Dutch", "pl": "Polish", "cs": "Czech", "nordic": "Swedish", "tr": "Turkish", "ro": "Romanian",
	"hu": "Hungarian", "hr": "Croatian", "baltic": "Lithuanian", "vi": "Vietnamese", "id": "Indonesian",
	"tl": "Filipino", "africa": "Swahili", "southasia": "Urdu", "th": "Thai", "ru": "Russian",
	"uk": "Ukrainian", "bg": "Bulgarian", "sr": "Serbian", "el": "Greek", "ar": "Arabic", "fa": "Persian",
	"he": "Hebrew", "hi": "Hindi", "zh": "Chinese", "ja": "Japanese", "ko": "Korean",
	"qc": "French", "ht": "Haitian Creole", "mt": "Maltese", "vls": "Dutch", "sk": "Slovak", "sl": "Slovenian",
	"bs": "Bosnian", "sq": "Albanian", "no": "Norwegian", "da": "Danish", "fi": "Finnish", "is": "Icelandic",
	"et": "Estonian", "lv": "Latvian", "mk": "Macedonian", "kk": "Kazakh", "mn": "Mongolian", "az": "Azerbaijani",
	"tk": "Turkmen", "uz": "Uzbek", "ka": "Georgian", "hy": "Armenian", "mr": "Marathi", "gu": "Gujarati",
	"bn": "Bengali", "ta": "Tamil", "te": "Telugu", "ml": "Malayalam", "kn": "Kannada", "bd": "Bengali",
	"si": "Sinhala", "ne": "Nepali", "dz": "Dzongkha", "dv": "Dhivehi", "tw": "Chinese", "yue": "Cantonese",
	"zhsea": "Chinese", "ms": "Malay", "lo": "Lao", "km": "Khmer", "my": "Burmese", "pg": "Tok Pisin",
	"yo": "Yoruba", "ig": "Igbo", "ha": "Hausa", "ak": "Twi", "gbe": "French", "ci": "French", "mos": "French",
	"sahel": "French", "mende": "Krio", "cm": "French", "ln": "French", "ssd": "English", "am": "Amharic",
	"so": "Somali", "ug": "English", "tz": "Swahili", "rw": "Kinyarwanda", "za": "Zulu", "af": "Afrikaans",
	"owambo": "Oshiwambo", "sn": "Shona", "ny": "English", "mg": "Malagasy",
}

var proficiencies = []string{"Native or bilingual proficiency", "Full professional proficiency",
	"Professional working proficiency", "Limited working proficiency", "Elementary proficiency"}

// languages lists the person's languages: their own, that of their
// name's culture (a migrant's is not their country's), then their
// country's where it is another, usually English, sometimes a third.
// Studies leave theirs: a degree in a language's literature or studies
// gives that language at full professional proficiency or better, and
// studies in a country its language at professional working
// proficiency or better. Drawn from the person's own seed, so that a
// move or a new role does not redraw the levels already listed.
func (w *World) languages(p *Person) []languageJSON {
	r := newRand(p.Seed, extraLanguages)
	if !chance(r, 45) && !w.names.bornAbroad(int(p.culture), w.geo.placeCountry[p.City]) {
		return []languageJSON{}
	}
	// Every level is drawn whether it is used or not, so that the
	// draws do not shift with the person's country.
	ownLevel, localLevel, englishLevel, thirdLevel := 0, between(r, 0, 2), between(r, 1, 3), between(r, 2, 4)
	third := pick(r, []string{"German", "French", "Spanish", "Italian", "Japanese", "Chinese", "Portuguese"})
	hasThird, studiedLevel, degreeLevel := chance(r, 25), between(r, 1, 2), between(r, 0, 1)
	var spoken languageLevels
	own := cultureLanguage[w.names.cultures[p.culture].spec.code]
	local := w.countryLanguage(w.geo.placeCountry[p.City])
	spoken.add(r, own, ownLevel, false)
	if local != own {
		spoken.add(r, local, localLevel, false)
	}
	if local != "English" && own != "English" {
		spoken.add(r, "English", englishLevel, false)
	}
	if hasThird && third != local && third != own {
		spoken.add(r, third, thirdLevel, false)
	}
	for _, e := range p.Education {
		u := w.schools.universities[e.University]
		if u.City >= 0 {
			spoken.add(r, w.teachingLanguage(u.City), studiedLevel, true)
		}
		if e.Degree != 0 {
			spoken.add(r, studiedLanguage(w.schools.fields[e.Field]), degreeLevel, true)
		}
	}
	return spoken.list
}

// extraLanguages and the salts after it keep the draws of the extras
// apart: a person's languages, and each role's certificates, projects,
// publications, patents and awards.
const (
	extraLanguages uint64 = 0x6578747261<<24 + iota
	extraCertificate
	extraProject
	extraPublication
	extraPatent
	extraAward
)

// countryLanguage returns the language of a country's names, "" where
// none is known.
func (w *World) countryLanguage(country countryID) string {
	return cultureLanguage[w.names.cultures[w.names.byCountry[country]].spec.code]
}

// teachingLanguage returns the language a school in a place teaches in:
// its region's where the country has several (French in Lausanne and
// Quebec), English where higher education is taught in it (India,
// Nigeria, the Philippines), else that of the country's names.
func (w *World) teachingLanguage(place int32) string {
	pl := &w.geo.places[place]
	if l, ok := regionTeaching[regionKey(pl)]; ok {
		return l
	}
	if l, ok := countryTeaching[pl.Country]; ok {
		return l
	}
	return w.countryLanguage(w.geo.placeCountry[place])
}

// regionTeaching are the languages of the regions of countries of
// several languages whose schools teach in another than the country's
// names would say.
var regionTeaching = map[string]string{
	"BE/WAL": "French", "BE/BRU": "French", "CH/GE": "French", "CH/VD": "French", "CH/NE": "French",
	"CH/JU": "French", "CH/FR": "French", "CH/VS": "French", "CH/TI": "Italian", "CA/10": "French",
}

// countryTeaching are the languages schools teach in where they are not
// those of the country's names: English in much of Africa and Asia.
var countryTeaching = map[string]string{
	"IN": "English", "PK": "English", "ZA": "English", "NG": "English", "KE": "English", "GH": "English",
	"ET": "English", "TZ": "English", "RW": "English", "ZW": "English", "BW": "English", "LS": "English",
	"SZ": "English", "NA": "English", "SL": "English", "LR": "English", "PH": "English", "SG": "English",
	"HK": "English", "MO": "English", "MU": "English", "GU": "English", "PG": "English", "MT": "English",
	"BI": "French", "NE": "French", "DJ": "French", "KM": "French", "YT": "French", "KG": "Russian", "TJ": "Russian",
}

// languageLevels are the languages a profile lists, each with the index
// of its level in proficiencies (lower is better), or an unknown level.
type languageLevels struct {
	list  []languageJSON
	ranks []int
}

// add lists a language at a level, or raises one listed to it; a level
// of no requirement is now and then left unknown (null), a required
// one (of studies) always shown.
func (s *languageLevels) add(r *rand.Rand, name string, rank int, required bool) {
	if name == "" {
		return
	}
	hidden := chance(r, 12) && !required
	if k := slices.IndexFunc(s.list, func(l languageJSON) bool { return l.Name == name }); k >= 0 {
		if rank < s.ranks[k] || required && s.list[k].Proficiency == nil {
			s.ranks[k] = min(rank, s.ranks[k])
			s.list[k].Proficiency = ptr(proficiencies[s.ranks[k]])
		}
		return
	}
	l := languageJSON{Name: name, Proficiency: ptr(proficiencies[rank])}
	if hidden {
		l.Proficiency = nil
	}
	s.list, s.ranks = append(s.list, l), append(s.ranks, rank)
}

// studiedLanguage returns the language whose literature or studies a
// field is ("English Language and Literature"), "" for any other field.
func studiedLanguage(field string) string {
	if !strings.Contains(field, "Language") && !strings.Contains(field, "Literature") && !strings.Contains(field, "Studies") {
		return ""
	}
	for _, word := range strings.Fields(field) {
		if languageNames()[word] {
			return word
		}
	}
	return ""
}

// languageNames are the names of the languages people speak.
var languageNames = sync.OnceValue(func() map[string]bool {
	out := map[string]bool{}
	for _, l := range cultureLanguage {
		out[l] = true
	}
	return out
})

// certification is a certificate a profile may list: its name and
// authority, the lines of work it belongs to, and what one must have to
// hold it: months of work, and for a regulated or professional one a
// finished degree in the line's fields.
type certification struct {
	name, authority string
	fams            []family
	workMonths      int
	degree          bool
}

// certifications are the certificates of each line of work. PMP asks for
// three years of leading projects, a CPA, a professional engineer's
// licence and life support courses for clinicians a degree of the field.
var certifications = []certification{
	{"Certified Director", "Institute of Directors", []family{famGeneral}, 120, false},
	{"Google Analytics Individual Qualification", "Google", []family{famMarketing, famData}, 0, false},
	{"HubSpot Inbound Marketing", "HubSpot Academy", []family{famMarketing}, 0, false},
	{"Meta Certified Digital Marketing Associate", "Meta", []family{famMarketing}, 0, false},
	{"Salesforce Certified Administrator", "Salesforce", []family{famSales}, 6, false},
	{"SPIN Selling", "Huthwaite International", []family{famSales}, 0, false},
	{"Project Management Professional (PMP)", "Project Management Institute", []family{famProduct, famCivil, famOperations}, 36, false},
	{"Certified ScrumMaster (CSM)", "Scrum Alliance", []family{famProduct, famSoftware}, 0, false},
	{"PRINCE2 Practitioner", "AXELOS", []family{famProduct}, 12, false},
	{"AWS Certified Solutions Architect – Associate", "Amazon Web Services (AWS)", []family{famSoftware}, 6, false},
	{"Certified Kubernetes Administrator (CKA)", "The Linux Foundation", []family{famSoftware}, 12, false},
	{"Professional Cloud Architect", "Google Cloud", []family{famSoftware}, 36, false},
	{"Microsoft Certified: Azure Developer Associate", "Microsoft", []family{famSoftware}, 12, false},
	{"IPC Certified Interconnect Designer (CID)", "IPC", []family{famElectrical}, 12, false},
	{"Certified LabVIEW Associate Developer", "NI", []family{famElectrical}, 0, false},
	{"Certified SOLIDWORKS Associate (CSWA)", "Dassault Systèmes", []family{famMechanical}, 0, false},
	{"Certified SOLIDWORKS Professional (CSWP)", "Dassault Systèmes", []family{famMechanical}, 12, false},
	{"Professional Engineer (PE)", "NCEES", []family{famCivil}, 48, true},
	{"LEED Green Associate", "U.S. Green Building Council", []family{famCivil, famFacility}, 0, false},
	{"Tableau Desktop Specialist", "Tableau", []family{famData}, 0, false},
	{"TensorFlow Developer Certificate", "Google", []family{famData}, 0, false},
	{"Databricks Certified Data Engineer Associate", "Databricks", []family{famData}, 6, false},
	{"Google UX Design Certificate", "Google", []family{famDesign}, 0, false},
	{"Certified Usability Analyst", "Human Factors International", []family{famDesign}, 12, false},
	{"SHRM Certified Professional (SHRM-CP)", "SHRM", []family{famHR}, 12, false},
	{"CIPD Level 5", "CIPD", []family{famHR}, 0, false},
	{"Certified Public Accountant (CPA)", "AICPA", []family{famFinance}, 12, true},
	{"CFA Level I", "CFA Institute", []family{famFinance}, 0, true},
	{"ACCA", "ACCA", []family{famFinance}, 36, false},
	{"Certified Information Privacy Professional (CIPP/E)", "IAPP", []family{famLegal}, 12, true},
	{"Certified Anti-Money Laundering Specialist", "ACAMS", []family{famLegal}, 24, false},
	{"Customer Success Manager Certification", "SuccessCOACHING", []family{famSupport}, 0, false},
	{"Zendesk Support Administrator", "Zendesk", []family{famSupport}, 0, false},
	{"Basic Life Support (BLS)", "American Heart Association", []family{famClinical}, 0, true},
	{"Advanced Cardiovascular Life Support (ACLS)", "American Heart Association", []family{famClinical}, 12, true},
	{"Food Safety Level 2", "Highfield", []family{famHospitality}, 0, false},
	{"WSET Level 2 Award in Wines", "WSET", []family{famHospitality}, 0, false},
	{"Level 3 Diploma in Hair Professional Services", "City & Guilds", []family{famBeauty}, 12, false},
	{"TEFL Certificate", "TEFL Org", []family{famEducation}, 0, false},
	{"Certified Professional in Talent Development (CPTD)", "ATD", []family{famEducation, famHR}, 60, false},
	{"Lean Six Sigma Green Belt", "ASQ", []family{famOperations, famMechanical}, 36, false},
	{"APICS CSCP", "ASCM", []family{famOperations}, 36, false},
	{"Facility Management Professional (FMP)", "IFMA", []family{famFacility}, 12, false},
	{"NEBOSH General Certificate", "NEBOSH", []family{famFacility, famOperations}, 0, false},
	{"Adobe Certified Professional: Premiere Pro", "Adobe", []family{famEntertainment}, 0, false},
	{"Avid Certified User: Pro Tools", "Avid", []family{famEntertainment}, 0, false},
}

// couldHold reports whether p could have earned certificate c in month
// m: they had worked the months it asks for by then, and finished the
// degree of line of work f it asks for.
func (w *World) couldHold(p *Person, f family, c certification, m Month) bool {
	return workedBy(p.Jobs, m) >= c.workMonths && (!c.degree || w.graduatedBy(p, f, m))
}

// workedBy returns the months of work of the roles of a known start up
// to month m, as totalMonths counts them (a side role held alongside the
// main one not counted).
func workedBy(jobs []Job, m Month) int {
	months := 0
	for k, j := range jobs {
		if j.Start.IsZero() || k > 0 && j.Current || j.Start >= m {
			continue
		}
		end := j.End
		if j.Current || end > m {
			end = m
		}
		months += max(int(end)-int(j.Start), 0)
	}
	return months
}

// graduatedBy reports whether p finished a degree in a field of line of
// work f by month m (in the June of the year their studies ended).
func (w *World) graduatedBy(p *Person, f family, m Month) bool {
	for _, e := range p.Education {
		if e.Degree != 0 && e.End != 0 && MonthOf(int(e.End), time.June) <= m && slices.Contains(w.schools.byFamily[f], e.Field) {
			return true
		}
	}
	return false
}

// certifications lists the certificates of the occasional profile: now
// and then a role brings one of its line of work, earned in its first
// years once the person could hold it. Each is drawn from the seed of its
// role, so that a certificate once listed stays in every later snapshot.
func (w *World) certifications(p *Person) []certificationJSON {
	var found []dated[certificationJSON]
	for _, s := range w.workSpans(p) {
		r := roleExtraRand(p, s.job, extraCertificate)
		if !chance(r, 5) {
			continue
		}
		at := s.from + Month(between(r, 0, 36))
		var fit []certification
		for _, c := range certifications {
			if slices.Contains(c.fams, s.fam) && w.couldHold(p, s.fam, c, at) && phraseSince[c.name] <= at.Year() {
				fit = append(fit, c)
			}
		}
		if len(fit) == 0 {
			continue
		}
		c := pick(r, fit)
		cert := certificationJSON{Name: c.name, Authority: ptr(c.authority)}
		if chance(r, 50) {
			cert.License = ptr(string(appendHex(nil, r, 10)))
		}
		if chance(r, 5) {
			cert.Authority = nil
		}
		if at <= s.to {
			found = append(found, dated[certificationJSON]{at, cert})
		}
	}
	return keepFirst(found, func(c certificationJSON) string { return c.Name })
}

// dated is an extra of a profile with the month it dates from.
type dated[T any] struct {
	at   Month
	item T
}

// keepFirst returns the items newest first, each key once, at its
// earliest month: an item dated later never hides one dated earlier, so
// that a later snapshot keeps every item an earlier one listed.
func keepFirst[T any](items []dated[T], key func(T) string) []T {
	slices.SortStableFunc(items, func(a, b dated[T]) int { return int(a.at) - int(b.at) })
	out := make([]T, 0, len(items))
	seen := make(map[string]bool, len(items))
	for _, d := range items {
		if k := key(d.item); !seen[k] {
			seen[k] = true
			out = append(out, d.item)
		}
	}
	slices.Reverse(out)
	return out
}

// roleExtraRand returns the generator of one kind of extra of role j:
// seeded by the role (the person's seed, the role's own and its start),
// so that a role's extras are the same in every snapshot of the world.
func roleExtraRand(p *Person, j Job, kind uint64) *rand.Rand {
	return newRand(mix64(jobSeed(p, j)^uint64(j.Start)<<44), kind)
}

// familyCourses are the courses people of each line of work take.
var familyCourses = [numFamilies][]string{
	famGeneral:       {"Corporate Finance", "Leading Organisations", "Business Strategy", "Mergers and Acquisitions"},
	famMarketing:     {"Marketing Management", "Digital Marketing", "Consumer Behaviour", "Search Engine Optimisation", "Brand Management"},
	famSales:         {"Negotiation Skills", "Consultative Selling", "Key Account Management", "Sales Forecasting"},
	famProduct:       {"Agile Project Management", "Product Discovery", "Project Risk Management", "Scrum Fundamentals"},
	famSoftware:      {"Data Structures and Algorithms", "Cloud Computing", "Distributed Systems", "Software Testing", "Computer Networks"},
	famElectrical:    {"Embedded Systems", "Digital Signal Processing", "Power Electronics", "PCB Design"},
	famMechanical:    {"Finite Element Analysis", "Design for Manufacturing", "Materials Science", "Thermodynamics"},
	famCivil:         {"Structural Analysis", "Geotechnical Engineering", "Construction Management", "Reinforced Concrete Design"},
	famData:          {"Machine Learning", "Statistics 101", "SQL for Data Analysis", "Data Visualisation", "Deep Learning"},
	famDesign:        {"Design Thinking", "User Research Methods", "Interaction Design", "Typography"},
	famHR:            {"Organizational Behavior", "Employment Law", "Talent Management", "Interviewing Skills"},
	famFinance:       {"Financial Accounting", "Corporate Finance", "Management Accounting", "Taxation"},
	famLegal:         {"Contract Law", "Data Protection Law", "Corporate Governance", "Compliance Management"},
	famSupport:       {"Customer Service Excellence", "Conflict Resolution", "Customer Success Fundamentals"},
	famClinical:      {"Anatomy and Physiology", "Pharmacology", "Infection Prevention and Control", "Patient Safety"},
	famHospitality:   {"Food Safety and Hygiene", "Hospitality Management", "Revenue Management", "Wine and Spirits"},
	famBeauty:        {"Colour Theory", "Advanced Cutting Techniques", "Skin Care Science"},
	famEducation:     {"Instructional Design", "Educational Psychology", "Classroom Management", "Assessment for Learning"},
	famOperations:    {"Operations Research", "Supply Chain Management", "Lean Six Sigma", "Business Process Modelling"},
	famFacility:      {"Building Services", "Health and Safety at Work", "Energy Management", "Facilities Management"},
	famEntertainment: {"Film Editing", "Cinematography", "Sound Design", "Screenwriting"},
}

// commonCourses are the courses people of any line of work take.
var commonCourses = []string{"Public Speaking", "Business Ethics", "Business Writing", "Time Management"}

// coursesOf lists a few distinct courses on the occasional profile: of
// the person's line of work, now and then one anyone takes.
func (w *World) coursesOf(r *rand.Rand, p *Person) []nameJSON {
	out := []nameJSON{}
	if !chance(r, 8) {
		return out
	}
	own := familyCourses[w.proseFamily(p)]
	for _, name := range pickDistinct(r, own, between(r, 1, min(4, len(own)))) {
		out = append(out, nameJSON{Name: name})
	}
	if chance(r, 30) {
		out = append(out, nameJSON{Name: pick(r, commonCourses)})
	}
	return out
}

// familyProjects are the projects people of each line of work list.
var familyProjects = [numFamilies][]string{
	famGeneral:       {"Company Turnaround", "Series A Fundraise", "Market Expansion", "Post-Merger Integration"},
	famMarketing:     {"Brand Refresh", "Website Relaunch", "Customer Loyalty Programme", "Product Launch Campaign", "SEO Overhaul"},
	famSales:         {"Key Account Programme", "CRM Migration", "New Territory Launch", "Channel Partner Programme"},
	famProduct:       {"Customer Portal", "Mobile App Launch", "Self-Service Onboarding", "Pricing Page Redesign", "ERP Rollout"},
	famSoftware:      {"Payments Service", "Realtime Messaging Backend", "Cloud Migration", "Internal Developer Platform", "Open-Source CLI Tool"},
	famElectrical:    {"Battery Management System", "Smart Meter Board", "Motor Controller Firmware", "IoT Sensor Node"},
	famMechanical:    {"Gearbox Redesign", "Injection-Moulded Housing", "Test Rig for Fatigue Testing", "Assembly Line Fixture"},
	famCivil:         {"Pedestrian Bridge", "Office Building Extension", "Road Resurfacing Programme", "Flood Defence Wall"},
	famData:          {"Churn Prediction Model", "Sales Forecasting Dashboard", "Data Warehouse Migration", "Demand Forecasting"},
	famDesign:        {"Design System", "Checkout Redesign", "Mobile App Redesign", "Brand Identity"},
	famHR:            {"Graduate Programme", "Onboarding Redesign", "Employer Branding Campaign", "HRIS Rollout"},
	famFinance:       {"Month-End Close Automation", "Budgeting Process Redesign", "IFRS 16 Implementation", "ERP Finance Rollout"},
	famLegal:         {"GDPR Compliance Programme", "Contract Management System", "Anti-Bribery Policy Rollout", "Whistleblowing Policy"},
	famSupport:       {"Help Centre Relaunch", "Customer Onboarding Programme", "Support Ticket Triage", "Live Chat Rollout"},
	famClinical:      {"Falls Prevention Initiative", "Hand Hygiene Audit", "Patient Discharge Pathway", "Sepsis Screening Pilot"},
	famHospitality:   {"Seasonal Menu", "Restaurant Refurbishment", "Guest Feedback Programme", "Wine List Redesign"},
	famBeauty:        {"Bridal Styling Portfolio", "Salon Relaunch", "Colour Technique Workshop"},
	famEducation:     {"Online Course Launch", "Curriculum Redesign", "Peer Tutoring Scheme", "Reading Programme"},
	famOperations:    {"Warehouse Relocation", "Supplier Consolidation", "Lean Process Review", "Inventory System Rollout"},
	famFacility:      {"Office Relocation", "HVAC Upgrade", "Energy Efficiency Programme", "Fire Safety Review"},
	famEntertainment: {"Short Documentary", "Music Video", "Brand Film", "Web Series"},
}

// workSpan is a stretch of a role within which the profile's extras may
// be dated: a role of known start, from the later of its start and the
// month the person's studies began, to its end or the world's clock.
type workSpan struct {
	job      Job
	fam      family
	from, to Month
}

// studiesBegan returns the month the person's earliest studies of a
// known start began, or 0 where none is known.
func studiesBegan(p *Person) Month {
	var began Month
	for _, e := range p.Education {
		if e.Start != 0 && (began == 0 || MonthOf(int(e.Start), time.January) < began) {
			began = MonthOf(int(e.Start), time.January)
		}
	}
	return began
}

// workSpans returns the spans of p's roles of a known start that lie
// after their studies began, in the order of the roles.
func (w *World) workSpans(p *Person) []workSpan {
	began := studiesBegan(p)
	var out []workSpan
	for _, j := range p.Jobs {
		if j.Start == 0 {
			continue
		}
		end := j.End
		if j.Current || end == 0 {
			end = w.month
		}
		from := max(j.Start, began)
		if end > w.month {
			end = w.month
		}
		if from <= end {
			out = append(out, workSpan{job: j, fam: j.fam, from: from, to: end})
		}
	}
	return out
}

// projects lists the projects of the occasional profile: now and then a
// role brings one or two of its line of work, begun within it and ended
// by the world's clock or still running. Each is drawn from the seed of
// its role and dated from the role's start, not from its end, so that a
// later snapshot lists the same projects and adds only those begun since.
func (w *World) projects(p *Person) []projectJSON {
	var found []dated[projectJSON]
	for _, s := range w.workSpans(p) {
		r := roleExtraRand(p, s.job, extraProject)
		if len(familyProjects[s.fam]) == 0 || !chance(r, 3) {
			continue
		}
		for range between(r, 1, 2) {
			start := s.from + Month(between(r, 0, 36))
			end := start + Month(between(r, 2, 18))
			names, doing := inUse(familyProjects[s.fam], start.Year()), inUse(w.roleDoing(s.job), start.Year())
			if len(names) == 0 || len(doing) == 0 {
				continue
			}
			pr := projectJSON{
				Name:        pick(r, names),
				Description: ptr("Project focused on " + pick(r, doing) + "."),
				StartDate:   ptr(isoDate(start)),
			}
			if chance(r, 70) && end <= s.to {
				pr.EndDate = ptr(isoDate(end))
			}
			if chance(r, 30) && start.Year() >= githubBegan {
				pr.URL = ptr("https://github.com/" + string(appendHex(nil, r, 8)))
			}
			if chance(r, 20) {
				pr.Description = nil
			}
			if start <= s.to {
				found = append(found, dated[projectJSON]{start, pr})
			}
		}
	}
	return keepFirst(found, func(pr projectJSON) string { return pr.Name })
}

// githubBegan is the year GitHub opened, before which no project of a
// profile links there.
const githubBegan = 2008

// familyWriting are where people of each line of work publish and what
// about: the trade press, blogs and conference talks most of them write
// for, and the journals of the line's researchers, academics and
// doctors; a line of work with none does not publish.
var familyWriting = [numFamilies]struct{ trade, journals, topics []string }{
	famGeneral:       {[]string{"Forbes", "Fast Company", "Medium"}, []string{"Harvard Business Review", "MIT Sloan Management Review"}, []string{"corporate strategy", "scaling a company", "remote work"}},
	famMarketing:     {[]string{"Marketing Week", "Campaign", "Medium"}, []string{"Journal of Marketing"}, []string{"customer retention", "brand building", "content marketing"}},
	famSales:         {[]string{"Medium", "Selling Power"}, nil, []string{"pricing strategy", "enterprise sales", "customer retention"}},
	famProduct:       {[]string{"Medium", "Mind the Product"}, nil, []string{"product discovery", "agile delivery", "team productivity"}},
	famSoftware:      {[]string{"Medium", "InfoQ", "Dev.to"}, []string{"ACM Computing Surveys", "IEEE Software"}, []string{"distributed systems", "software testing", "cloud cost"}},
	famElectrical:    {[]string{"EE Times", "Electronic Design"}, []string{"IEEE Access", "IEEE Transactions on Power Electronics"}, []string{"power-efficient circuit design", "embedded firmware updates", "battery management"}},
	famMechanical:    {[]string{"Machine Design", "The Engineer"}, []string{"Journal of Mechanical Design", "International Journal of Fatigue"}, []string{"fatigue of welded joints", "design for manufacture", "additive manufacturing"}},
	famCivil:         {[]string{"New Civil Engineer", "Engineering News-Record"}, []string{"Journal of Structural Engineering", "Construction and Building Materials"}, []string{"seismic retrofitting", "low-carbon concrete", "bridge inspection"}},
	famData:          {[]string{"Medium", "Towards Data Science"}, []string{"Journal of Applied Statistics", "IEEE Access"}, []string{"machine learning fairness", "demand forecasting", "causal inference"}},
	famDesign:        {[]string{"Medium", "UX Collective", "Smashing Magazine"}, []string{"Interactions"}, []string{"accessible design", "design systems", "user research"}},
	famHR:            {[]string{"People Management", "HR Magazine"}, nil, []string{"remote work", "employee retention", "structured interviewing"}},
	famFinance:       {[]string{"Financial Management", "Accounting Today"}, []string{"Journal of Corporate Finance"}, []string{"working capital", "financial controls", "IFRS adoption"}},
	famLegal:         {[]string{"Law360", "The Lawyer"}, []string{"International Data Privacy Law", "Journal of Financial Crime"}, []string{"GDPR enforcement", "anti-money laundering", "contract automation"}},
	famSupport:       {[]string{"Medium"}, nil, []string{"customer retention", "support automation"}},
	famClinical:      {[]string{"Nursing Times", "Nursing Standard"}, []string{"The Lancet", "BMJ Open", "Journal of Clinical Nursing"}, []string{"patient outcomes", "infection control", "nurse staffing"}},
	famHospitality:   {[]string{"Hospitality Net", "Caterer and Hotelkeeper"}, nil, []string{"guest experience", "revenue management"}},
	famEducation:     {[]string{"Times Educational Supplement", "Edutopia"}, []string{"Computers & Education", "Studies in Higher Education"}, []string{"online learning", "student engagement", "assessment design"}},
	famOperations:    {[]string{"Supply Chain Digital", "Logistics Manager"}, []string{"International Journal of Production Economics"}, []string{"supply chain resilience", "lean operations", "inventory optimisation"}},
	famFacility:      {[]string{"FM World", "Facilities Net"}, []string{"Journal of Facilities Management"}, []string{"energy efficiency in buildings", "workplace design"}},
	famEntertainment: {[]string{"Filmmaker Magazine", "American Cinematographer"}, nil, []string{"documentary production", "colour grading"}},
}

// scholarlyWords are the words of the titles whose holders publish in
// journals: researchers, academics and doctors.
var scholarlyWords = []string{"Research", "Researcher", "Scientist", "Professor", "Lecturer", "Academic",
	"PhD", "Doctoral", "Postdoctoral", "Physician", "Doctor", "Surgeon", "Consultant Physician", "Fellow"}

// scholarlyTitle reports whether a title is a researcher's, an
// academic's or a doctor's, whose writing goes to journals.
func scholarlyTitle(name string) bool {
	padded := " " + name + " "
	for _, word := range scholarlyWords {
		if strings.Contains(padded, " "+word+" ") {
			return true
		}
	}
	return false
}

// writingVenues returns where the holder of a role of line of work f
// publishes: journals for researchers, academics and doctors, and for
// the chief executives of business writing; the trade press, blogs and
// talks for everyone else.
func writingVenues(f family, t *Title) []string {
	writing := familyWriting[f]
	if len(writing.journals) > 0 && (scholarlyTitle(t.Name) || f == famGeneral && t.Level >= VP && t.Level <= Founder) {
		return writing.journals
	}
	return writing.trade
}

// publications lists the occasional profile's papers and articles: now
// and then a role brings one or two on its line of work, more often in
// data and education, dated within it, in the venues of the role's kind
// (writingVenues). Each is drawn from the seed of its role, so that a
// later snapshot lists the same ones.
func (w *World) publications(p *Person) []publicationJSON {
	var found []dated[publicationJSON]
	for _, s := range w.workSpans(p) {
		r := roleExtraRand(p, s.job, extraPublication)
		t := &w.titles.titles[s.job.Title]
		percent := 2
		if d := t.Department; d == DataAnalytics || d == EducationTraining || scholarlyTitle(t.Name) {
			percent = 8
		}
		writing := familyWriting[s.fam]
		if len(writing.topics) == 0 || !chance(r, percent) {
			continue
		}
		venues := writingVenues(s.fam, t)
		scholarly := slices.Contains(writing.journals, venues[0])
		for range between(r, 1, 2) {
			topic := pick(r, writing.topics)
			at := s.from + Month(between(r, 0, 60))
			pub := publicationJSON{
				Name:  "On " + topic + ": " + pick(r, []string{"a case study", "lessons learned", "a survey", "an empirical analysis"}),
				Issue: ptr(pick(r, venues)),
				Date:  ptr(isoDate(at)),
			}
			if chance(r, 60) && scholarly {
				pub.URL = ptr("https://doi.org/10." + strconv.Itoa(between(r, 1000, 9999)) + "/" + string(appendHex(nil, r, 8)))
			}
			if chance(r, 40) {
				pub.Description = ptr("A study of " + topic + ".")
			}
			if at <= s.to {
				found = append(found, dated[publicationJSON]{at, pub})
			}
		}
	}
	return keepFirst(found, func(pub publicationJSON) string { topic, _, _ := strings.Cut(pub.Name, ":"); return topic })
}

// familyInventions are what the patents of each line of work are for;
// the lines of work without any file none.
var familyInventions = [numFamilies][]string{
	famSoftware:   {"real-time data synchronisation", "adaptive caching", "secure device pairing"},
	famElectrical: {"low-power wake-up of sensor nodes", "battery cell balancing", "electromagnetic interference suppression"},
	famMechanical: {"vibration damping of rotating shafts", "a quick-release coupling", "cooling of electric motor housings"},
	famData:       {"predictive maintenance", "anomaly detection in sensor streams"},
}

// patentingIndustries are the industries whose companies file patents
// on their engineers' work: technology, manufacturing, pharmaceuticals,
// medical devices, energy and the like; a restaurant or a freight
// company does not.
var patentingIndustries = map[string]bool{
	"Automotive": true, "Aviation & Aerospace": true, "Biotechnology": true, "Building Materials": true,
	"Chemicals": true, "Computer & Network Security": true, "Computer Games": true, "Computer Hardware": true,
	"Computer Networking": true, "Computer Software": true, "Consumer Electronics": true, "Defense & Space": true,
	"Electrical/Electronic Manufacturing": true, "Industrial Automation": true, "Internet": true,
	"Machinery": true, "Mechanical or Industrial Engineering": true, "Medical Devices": true,
	"Nanotechnology": true, "Oil & Energy": true, "Pharmaceuticals": true, "Railroad Manufacture": true,
	"Renewables & Environment": true, "Research": true, "Semiconductors": true, "Shipbuilding": true,
	"Telecommunications": true, "Wireless": true, "Plastics": true, "Packaging and Containers": true,
	"Sporting Goods": true, "Consumer Goods": true, "Information Technology and Services": true,
}

// inventorPercent returns the percent of roles like j that bring a
// patent: none outside the lines of work that invent, the industries
// that patent and the research side of a line (a software engineer's,
// not a tester's or an operator's; a data scientist's, not an analyst's),
// few of mid-level staff and more of senior engineers and their leads.
func (w *World) inventorPercent(j Job) int {
	if len(familyInventions[j.fam]) == 0 || !patentingIndustries[w.industries.name(w.companies[j.Company].Industry)] {
		return 0
	}
	t := &w.titles.titles[j.Title]
	if t.Department != Engineering && t.Department != DataAnalytics || !inventiveSpecialty(j.fam, j.Title) {
		return 0
	}
	switch {
	case t.Level == MidLevel:
		return 1
	case t.Level >= Senior && t.Level <= VP || t.Level == Directors || t.Level == CLevel:
		return 5
	}
	return 0
}

// inventiveSpecialty reports whether title t is of the research side of
// line of work f: every electrical and mechanical engineer, the
// software engineers of no narrower specialty, the data scientists.
func inventiveSpecialty(f family, t TitleID) bool {
	s := specialtyOf(f, t)
	switch f {
	case famSoftware:
		return s != nil && len(s.words) == 0
	case famData:
		return s != nil && slices.Contains(s.words, "Scientist")
	}
	return true
}

// patentSeries are, per office, the first number it gave in some years:
// a patent's number is of its year's series.
var patentSeries = map[string][][2]int{
	"US": {{1976, 3930271}, {1980, 4180867}, {1985, 4490948}, {1990, 4890335}, {1995, 5377359},
		{2000, 6009555}, {2005, 6836899}, {2010, 7640598}, {2015, 8925111}, {2020, 10524336},
		{2025, 12185000}, {2040, 17000000}},
	"EP": {{1980, 1000}, {1985, 50000}, {1990, 200000}, {1995, 420000}, {2000, 650000},
		{2005, 1100000}, {2010, 1650000}, {2015, 2250000}, {2020, 3050000}, {2025, 3800000}, {2040, 6000000}},
}

// seriesNumber returns a number an office gave in a year: between the
// first numbers of that year and the next, from its series.
func seriesNumber(r *rand.Rand, series [][2]int, year int) int {
	at := func(y int) int {
		if y <= series[0][0] {
			return series[0][1]
		}
		for k := 1; k < len(series); k++ {
			if a, b := series[k-1], series[k]; y <= b[0] {
				return a[1] + (b[1]-a[1])*(y-a[0])/(b[0]-a[0])
			}
		}
		return series[len(series)-1][1]
	}
	lo, hi := at(year), at(year+1)
	return between(r, lo, max(lo, hi-1))
}

// grouped writes a number in groups of three digits joined by sep.
func grouped(n int, sep string) string {
	s := strconv.Itoa(n)
	var parts []string
	for len(s) > 3 {
		parts = append([]string{s[len(s)-3:]}, parts...)
		s = s[:len(s)-3]
	}
	return strings.Join(append([]string{s}, parts...), sep)
}

// patentNumber formats the number of a patent granted (or an
// application published) in a year the way its office wrote them that
// year, from the office's series of that year.
func patentNumber(r *rand.Rand, office string, year int) string {
	n := strconv.Itoa
	switch office {
	case "EP":
		s := strconv.Itoa(seriesNumber(r, patentSeries["EP"], year))
		for len(s) < 7 {
			s = "0" + s
		}
		return "EP " + s[:1] + " " + s[1:4] + " " + s[4:] + " B1"
	case "WO":
		if year < 2004 {
			yy := n(year % 100)
			if len(yy) < 2 {
				yy = "0" + yy
			}
			return "WO " + yy + "/" + n(between(r, 10000, 99999))
		}
		return "WO " + n(year) + "/" + n(between(r, 100000, 999999))
	case "DE":
		if year < 2004 {
			return "DE " + n(between(r, 30, 39)+(year-1980)/3) + " " + n(between(r, 10, 99)) + " " + n(between(r, 100, 999)) + " C2"
		}
		return "DE 10 " + n(year) + " " + n(between(r, 100, 999)) + " " + n(between(r, 100, 999)) + " B4"
	}
	kind := " B2"
	if year < 2001 {
		kind = " A"
	}
	return "US " + grouped(seriesNumber(r, patentSeries["US"], year), ",") + kind
}

// patents lists the patents of the occasional engineer or data
// scientist of an industry that patents (inventorPercent): now and then
// a role of theirs brings one of its line of work, granted during it.
// Each is drawn from the seed of its role, so that a later snapshot lists
// the same ones.
func (w *World) patents(p *Person) []patentJSON {
	var found []dated[patentJSON]
	for _, s := range w.workSpans(p) {
		percent := w.inventorPercent(s.job)
		if percent == 0 {
			continue
		}
		r := roleExtraRand(p, s.job, extraPatent)
		if !chance(r, percent) {
			continue
		}
		office, granted := pick(r, []string{"US", "EP", "WO", "DE"}), s.from+Month(between(r, 6, 60))
		pat := patentJSON{
			Name:         "System and method for " + pick(r, familyInventions[s.fam]),
			Issue:        ptr(office),
			PatentNumber: ptr(patentNumber(r, office, granted.Year())),
			Date:         ptr(isoDate(granted)),
		}
		if granted <= s.to {
			found = append(found, dated[patentJSON]{granted, pat})
		}
	}
	return keepFirst(found, func(pat patentJSON) string { return pat.Name })
}

// Awards of work, given by an employer during a role, and of studies,
// given by a school during them.
var (
	workHonors   = []string{"Employee of the Year", "Best Team Award", "Top Performer", "Innovation Award"}
	schoolHonors = []string{"Dean's List", "Scholarship", "Academic Excellence Award"}
	// deptHonors are the awards of work of one department.
	deptHonors = map[Department][]string{
		Sales: {"President's Club"}, Engineering: {"Hackathon Winner"}, DataAnalytics: {"Hackathon Winner"},
	}
)

// honors lists the awards of the occasional profile: of work, given
// during a role of known dates (not a founder's or a board seat, and
// not in its first months) and named after its employer more often than
// not, or of studies, given at the end of an academic year of studies of
// known years and named after the school; never dated before one's
// studies began. Each is drawn from the seed of its role or of its
// studies, so that a later snapshot lists the same awards.
func (w *World) honors(p *Person) []honorJSON {
	var found []dated[honorJSON]
	for _, s := range w.workSpans(p) {
		t := w.titles.titles[s.job.Title]
		if t.Level == Founder || t.Level == Board {
			continue
		}
		r := roleExtraRand(p, s.job, extraAward)
		if !chance(r, 2) {
			continue
		}
		names := workHonors
		if len(deptHonors[t.Department]) > 0 && chance(r, 40) {
			names = deptHonors[t.Department]
		}
		at := s.from + Month(between(r, 6, 48))
		h := honorJSON{Name: pick(r, names), Date: ptr(isoDate(at))}
		if chance(r, 70) {
			h.Issue = ptr(w.companies[s.job.Company].Name)
		}
		if chance(r, 30) {
			h.Description = ptr("Recognised for outstanding results.")
		}
		if at <= s.to {
			found = append(found, dated[honorJSON]{at, h})
		}
	}
	for _, e := range p.Education {
		if e.Start == 0 || e.End <= e.Start || w.schools.secondary[e.University] {
			continue // of a college or university, of known years
		}
		r := newRand(mix64(p.Seed^uint64(e.University)<<20^uint64(e.Start)<<48), extraAward)
		if !chance(r, 2) {
			continue
		}
		at := MonthOf(between(r, int(e.Start)+1, int(e.End)), time.June)
		h := honorJSON{Name: pick(r, schoolHonors), Date: ptr(isoDate(at))}
		if chance(r, 70) {
			h.Issue = ptr(w.schools.universities[e.University].Name)
		}
		if chance(r, 30) {
			h.Description = ptr("Recognised for academic excellence.")
		}
		if at <= w.month {
			found = append(found, dated[honorJSON]{at, h})
		}
	}
	return keepFirst(found, func(h honorJSON) string {
		if h.Issue == nil {
			return h.Name
		}
		return h.Name + "|" + *h.Issue
	})
}

// isoDate formats a month the way the service does,
// "2015-01-01T00:00:00+00:00".
func isoDate(m Month) string {
	return m.Time().Format("2006-01-02T15:04:05-07:00")
}

// professionalBody is an association people of a line of work join: its
// name and the countries whose people it serves, none for an
// international one.
type professionalBody struct {
	name      string
	countries []string
}

// anglophone are the countries whose people join the British and
// Commonwealth bodies.
var anglophone = []string{"GB", "IE", "AU", "NZ", "ZA", "IN", "SG", "HK", "MY", "NG", "KE", "GH", "PK", "LK", "MT", "CY"}

// familyBodies are the professional bodies of each line of work.
var familyBodies = [numFamilies][]professionalBody{
	famGeneral:       {{"Institute of Directors", anglophone}, {"Young Presidents' Organization", nil}, {"National Association of Corporate Directors", []string{"US"}}},
	famMarketing:     {{"American Marketing Association", []string{"US"}}, {"Chartered Institute of Marketing", anglophone}},
	famSales:         {{"Institute of Sales Professionals", []string{"GB", "IE"}}, {"National Association of Sales Professionals", []string{"US", "CA"}}},
	famProduct:       {{"Project Management Institute", nil}, {"Association for Project Management", []string{"GB", "IE"}}},
	famSoftware:      {{"IEEE Computer Society", nil}, {"ACM", nil}, {"BCS, The Chartered Institute for IT", anglophone}, {"Gesellschaft für Informatik", []string{"DE", "AT", "CH"}}},
	famElectrical:    {{"IEEE", nil}, {"Institution of Engineering and Technology", anglophone}, {"VDE", []string{"DE", "AT", "CH"}}},
	famMechanical:    {{"ASME", []string{"US", "CA"}}, {"Institution of Mechanical Engineers", anglophone}, {"VDI", []string{"DE", "AT", "CH"}}},
	famCivil:         {{"American Society of Civil Engineers", []string{"US"}}, {"Institution of Civil Engineers", anglophone}, {"Engineers Australia", []string{"AU"}}},
	famData:          {{"American Statistical Association", []string{"US"}}, {"Royal Statistical Society", anglophone}, {"ACM", nil}},
	famDesign:        {{"Interaction Design Association", nil}, {"AIGA", []string{"US"}}, {"Design Council", []string{"GB"}}},
	famHR:            {{"SHRM", []string{"US"}}, {"Chartered Institute of Personnel and Development", anglophone}},
	famFinance:       {{"AICPA", []string{"US"}}, {"ICAEW", []string{"GB"}}, {"ACCA", anglophone}, {"CFA Institute", nil}},
	famLegal:         {{"American Bar Association", []string{"US"}}, {"The Law Society", []string{"GB"}}, {"International Bar Association", nil}},
	famSupport:       {{"Customer Success Association", nil}, {"Institute of Customer Service", []string{"GB"}}},
	famClinical:      {{"American Nurses Association", []string{"US"}}, {"Royal College of Nursing", []string{"GB"}}, {"American Medical Association", []string{"US"}}, {"British Medical Association", []string{"GB"}}},
	famHospitality:   {{"Institute of Hospitality", anglophone}, {"American Hotel & Lodging Association", []string{"US"}}, {"Les Clefs d'Or", nil}},
	famBeauty:        {{"Professional Beauty Association", []string{"US"}}, {"Hair and Beauty Industry Authority", []string{"GB"}}},
	famEducation:     {{"National Education Association", []string{"US"}}, {"Chartered College of Teaching", []string{"GB"}}, {"Association for Talent Development", nil}},
	famOperations:    {{"ASCM", nil}, {"Chartered Institute of Procurement & Supply", anglophone}, {"Institute for Supply Management", []string{"US"}}},
	famFacility:      {{"IFMA", nil}, {"Institution of Occupational Safety and Health", anglophone}, {"National Safety Council", []string{"US"}}},
	famEntertainment: {{"BECTU", []string{"GB"}}, {"Society of Camera Operators", []string{"US"}}, {"International Documentary Association", nil}},
}

// bodiesOf returns the names of the professional bodies of line of work
// f that serve people of a country.
func bodiesOf(f family, country string) []string {
	var names []string
	for _, b := range familyBodies[f] {
		if len(b.countries) == 0 || slices.Contains(b.countries, country) {
			names = append(names, b.name)
		}
	}
	return names
}

// careerBegan returns the month the person began to work or study, the
// earliest known, or 0 where none is known.
func (w *World) careerBegan(p *Person) Month {
	began := studiesBegan(p)
	for _, j := range p.Jobs {
		if j.Start != 0 && (began == 0 || j.Start < began) {
			began = j.Start
		}
	}
	return began
}
