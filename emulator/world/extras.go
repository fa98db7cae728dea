package world

import (
	"math/rand/v2"
	"strconv"
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
func (w *World) languages(r *rand.Rand, p *Person) []languageJSON {
	if !chance(r, 45) {
		return []languageJSON{}
	}
	own := cultureLanguage[w.names.cultures[p.culture].spec.code]
	local := cultureLanguage[w.names.cultures[w.names.byCountry[w.geo.placeCountry[p.City]]].spec.code]
	level := func(i int) *string {
		if chance(r, 12) {
			return nil
		}
		return ptr(proficiencies[i])
	}
	out := []languageJSON{{Name: own, Proficiency: level(0)}}
	if local != own {
		out = append(out, languageJSON{Name: local, Proficiency: level(between(r, 0, 2))})
	}
	if local != "English" && own != "English" {
		out = append(out, languageJSON{Name: "English", Proficiency: level(between(r, 1, 3))})
	}
	if chance(r, 25) {
		third := pick(r, []string{"German", "French", "Spanish", "Italian", "Japanese", "Chinese", "Portuguese"})
		if third != local && third != own {
			out = append(out, languageJSON{Name: third, Proficiency: level(between(r, 2, 4))})
		}
	}
	return out
}

// certificationsByDept pairs certificate names with their authority.
var certificationsByDept = [numDepartments][][2]string{
	NoDepartment:      {{"Certified Director", "Institute of Directors"}},
	Marketing:         {{"Google Analytics Individual Qualification", "Google"}, {"HubSpot Inbound Marketing", "HubSpot Academy"}, {"Meta Certified Digital Marketing Associate", "Meta"}},
	Sales:             {{"Salesforce Certified Administrator", "Salesforce"}, {"SPIN Selling", "Huthwaite International"}},
	ProductProject:    {{"Project Management Professional (PMP)", "Project Management Institute"}, {"Certified ScrumMaster (CSM)", "Scrum Alliance"}, {"PRINCE2 Practitioner", "AXELOS"}},
	Engineering:       {{"AWS Certified Solutions Architect – Associate", "Amazon Web Services (AWS)"}, {"Certified Kubernetes Administrator (CKA)", "The Linux Foundation"}, {"Professional Cloud Architect", "Google Cloud"}, {"Microsoft Certified: Azure Developer Associate", "Microsoft"}},
	DataAnalytics:     {{"Tableau Desktop Specialist", "Tableau"}, {"TensorFlow Developer Certificate", "Google"}, {"Databricks Certified Data Engineer Associate", "Databricks"}},
	Design:            {{"Google UX Design Certificate", "Google"}, {"Certified Usability Analyst", "Human Factors International"}},
	HRRecruitment:     {{"SHRM Certified Professional (SHRM-CP)", "SHRM"}, {"CIPD Level 5", "CIPD"}},
	FinanceAccounting: {{"Certified Public Accountant (CPA)", "AICPA"}, {"CFA Level I", "CFA Institute"}, {"ACCA", "ACCA"}},
	LegalCompliance:   {{"Certified Information Privacy Professional (CIPP/E)", "IAPP"}, {"Certified Anti-Money Laundering Specialist", "ACAMS"}},
	CustomerSupport:   {{"Customer Success Manager Certification", "SuccessCOACHING"}, {"Zendesk Support Administrator", "Zendesk"}},
	HealthHospitality: {{"Basic Life Support (BLS)", "American Heart Association"}, {"Food Safety Level 2", "Highfield"}},
	EducationTraining: {{"TEFL Certificate", "TEFL Org"}, {"Certified Professional in Learning and Performance", "ATD"}},
	OperationsAdmin:   {{"Lean Six Sigma Green Belt", "ASQ"}, {"APICS CSCP", "ASCM"}},
	FacilityServices:  {{"Facility Management Professional (FMP)", "IFMA"}, {"NEBOSH General Certificate", "NEBOSH"}},
	Entertainment:     {{"Adobe Certified Professional: Premiere Pro", "Adobe"}, {"Avid Certified User: Pro Tools", "Avid"}},
}

func (w *World) certifications(r *rand.Rand, d Department) []certificationJSON {
	if !chance(r, 15) {
		return []certificationJSON{}
	}
	var out []certificationJSON
	for i, c := range certificationsByDept[d] {
		if i > 0 && !chance(r, 40) {
			continue
		}
		cert := certificationJSON{Name: c[0], Authority: ptr(c[1])}
		if chance(r, 50) {
			cert.License = ptr(string(appendHex(nil, r, 10)))
		}
		if chance(r, 5) {
			cert.Authority = nil
		}
		out = append(out, cert)
	}
	return out
}

var courseNames = []string{"Machine Learning", "Financial Accounting", "Negotiation Skills", "Public Speaking",
	"Introduction to Psychology", "Data Structures and Algorithms", "Corporate Finance", "Marketing Management",
	"Operations Research", "Business Ethics", "Statistics 101", "Design Thinking", "Contract Law",
	"Organizational Behavior", "Microeconomics", "Cloud Computing"}

// courses lists a few distinct courses on the occasional profile.
func courses(r *rand.Rand) []nameJSON {
	out := []nameJSON{}
	if !chance(r, 8) {
		return out
	}
	for _, name := range pickDistinct(r, courseNames, between(r, 1, 5)) {
		out = append(out, nameJSON{Name: name})
	}
	return out
}

var (
	projectAdjectives = []string{"Customer", "Realtime", "Unified", "Global", "Mobile", "Self-Service", "Internal",
		"Automated", "Next-Gen", "Open"}
	projectNouns = []string{"Analytics Platform", "Onboarding Flow", "Data Warehouse", "Pricing Engine",
		"Rebranding", "CRM Migration", "Design System", "Loyalty Programme", "Marketplace", "Reporting Suite"}
)

func (w *World) projects(r *rand.Rand, d Department) []projectJSON {
	out := []projectJSON{}
	if !chance(r, 10) {
		return out
	}
	for range between(r, 1, 3) {
		start := w.now - Month(between(r, 6, 96))
		pr := projectJSON{
			Name:        pick(r, projectAdjectives) + " " + pick(r, projectNouns),
			Description: ptr("Project focused on " + pick(r, deptDoing[d]) + "."),
			StartDate:   ptr(isoDate(start)),
		}
		if chance(r, 70) {
			pr.EndDate = ptr(isoDate(start + Month(between(r, 2, 18))))
		}
		if chance(r, 30) {
			pr.URL = ptr("https://github.com/" + string(appendHex(nil, r, 8)))
		}
		if chance(r, 20) {
			pr.Description = nil
		}
		out = append(out, pr)
	}
	return out
}

var (
	journals    = []string{"Journal of Applied Statistics", "IEEE Access", "Harvard Business Review", "The Lancet", "Journal of Marketing", "ACM Computing Surveys", "Medium"}
	paperTopics = []string{"customer retention", "distributed systems", "pricing strategy", "remote work", "supply chain resilience", "machine learning fairness", "patient outcomes", "team productivity"}
)

func (w *World) publications(r *rand.Rand, p *Person) []publicationJSON {
	out := []publicationJSON{}
	percent := 4
	if p.Department == DataAnalytics || p.Department == EducationTraining {
		percent = 15
	}
	if !chance(r, percent) {
		return out
	}
	for range between(r, 1, 3) {
		pub := publicationJSON{
			Name:  "On " + pick(r, paperTopics) + ": " + pick(r, []string{"a case study", "lessons learned", "a survey", "an empirical analysis"}),
			Issue: ptr(pick(r, journals)),
			Date:  ptr(isoDate(w.now - Month(between(r, 3, 180)))),
		}
		if chance(r, 60) {
			pub.URL = ptr("https://doi.org/10." + strconv.Itoa(between(r, 1000, 9999)) + "/" + string(appendHex(nil, r, 8)))
		}
		if chance(r, 40) {
			pub.Description = ptr("A study of " + pick(r, paperTopics) + ".")
		}
		out = append(out, pub)
	}
	return out
}

func (w *World) patents(r *rand.Rand, p *Person) []patentJSON {
	out := []patentJSON{}
	if p.Department != Engineering && p.Department != DataAnalytics || !chance(r, 6) {
		return out
	}
	out = append(out, patentJSON{
		Name:         "System and method for " + pick(r, []string{"real-time data synchronisation", "adaptive caching", "secure device pairing", "predictive maintenance"}),
		Issue:        ptr(pick(r, []string{"US", "EP", "WO", "DE"})),
		PatentNumber: ptr("US " + strconv.Itoa(between(r, 9, 12)) + "," + strconv.Itoa(between(r, 100, 999)) + "," + strconv.Itoa(between(r, 100, 999)) + " B2"),
		Date:         ptr(isoDate(w.now - Month(between(r, 6, 120)))),
	})
	return out
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

// honors lists an award on the occasional profile: one of work, dated
// within a role of known dates and named after its employer more often
// than not, or one of studies, dated in a year of studies of known years
// and named after the school; never dated before one's studies began.
func (w *World) honors(r *rand.Rand, p *Person) []honorJSON {
	out := []honorJSON{}
	if !chance(r, 6) {
		return out
	}
	// Never before the first studies began: a role held before them
	// gives no award (a career, then a master's begun this year).
	var began Month
	for _, e := range p.Education {
		if e.Start != 0 && (began == 0 || MonthOf(int(e.Start), time.January) < began) {
			began = MonthOf(int(e.Start), time.January)
		}
	}
	var roles []Job // of the main line, of a known start, not a founder's or a board seat
	for k, j := range p.Jobs {
		l := w.titles.titles[j.Title].Level
		end := j.End
		if j.Current {
			end = w.month
		}
		if (k == 0 || !j.Current) && j.Start != 0 && l != Founder && l != Board && end >= began {
			j.Start = max(j.Start, began)
			roles = append(roles, j)
		}
	}
	var studies []Education // at a college or university, of known years
	for _, e := range p.Education {
		if e.Start != 0 && e.End > e.Start && !w.schools.secondary[e.University] {
			studies = append(studies, e)
		}
	}
	var h honorJSON
	switch {
	case len(roles) > 0 && (len(studies) == 0 || chance(r, 75)):
		j := pick(r, roles)
		end := j.End
		if j.Current {
			end = w.month
		}
		names := workHonors
		if d := w.titles.titles[j.Title].Department; len(deptHonors[d]) > 0 && chance(r, 40) {
			names = deptHonors[d]
		}
		// Not in the role's first months, where it is long enough.
		from := j.Start + Month(min(6, (int(end)-int(j.Start))/2))
		h = honorJSON{Name: pick(r, names), Date: ptr(isoDate(from + Month(intN(r, int(end)-int(from)+1))))}
		if chance(r, 70) {
			h.Issue = ptr(w.companies[j.Company].Name)
		}
		if chance(r, 30) {
			h.Description = ptr("Recognised for outstanding results.")
		}
	case len(studies) > 0:
		e := pick(r, studies)
		// At the end of one of its academic years, by the clock.
		at := min(MonthOf(between(r, int(e.Start)+1, int(e.End)), time.June), w.month)
		h = honorJSON{Name: pick(r, schoolHonors), Date: ptr(isoDate(at))}
		if chance(r, 70) {
			h.Issue = ptr(w.schools.universities[e.University].Name)
		}
		if chance(r, 30) {
			h.Description = ptr("Recognised for academic excellence.")
		}
	default:
		return out
	}
	return append(out, h)
}

// isoDate formats a month the way the service does,
// "2015-01-01T00:00:00+00:00".
func isoDate(m Month) string {
	return m.Time().Format("2006-01-02T15:04:05-07:00")
}
