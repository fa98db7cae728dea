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
// country's where it is another, usually English (at professional
// working proficiency or better where it is the language of higher
// education), sometimes a third, spoken no better than their English.
// Studies leave theirs: a degree in a language's literature or studies
// gives that language at full professional proficiency or better, and
// studies the languages they were taught in (studiesLanguages) at
// professional working proficiency or better; one who studied in
// another language than their own always lists theirs. Drawn from the
// person's own seed, so that a move or a new role does not redraw the
// levels already listed.
func (w *World) languages(p *Person) []languageJSON {
	r := newRand(p.Seed, extraLanguages)
	own := cultureLanguage[w.names.cultures[p.culture].spec.code]
	if !chance(r, 45) && !w.names.bornAbroad(int(p.culture), w.geo.placeCountry[p.City]) && !w.studiedInAnother(p, own) {
		return []languageJSON{}
	}
	// Every level is drawn whether it is used or not, so that the
	// draws do not shift with the person's country.
	ownLevel, localLevel, englishLevel, thirdLevel := 0, between(r, 0, 2), between(r, 1, 3), between(r, 2, 4)
	third := pick(r, []string{"German", "French", "Spanish", "Italian", "Japanese", "Chinese", "Portuguese"})
	hasThird, studiedLevel, degreeLevel := chance(r, 25), between(r, 1, 2), between(r, 0, 1)
	var spoken languageLevels
	local := w.countryLanguage(w.geo.placeCountry[p.City])
	spoken.add(r, own, ownLevel, false)
	if local != own {
		spoken.add(r, local, localLevel, false)
	}
	if local != "English" && own != "English" {
		if countryTeaching[w.geo.places[p.City].Country] == "English" {
			englishLevel = min(englishLevel, 2) // the language of work and of higher education
		}
		spoken.add(r, "English", englishLevel, false)
		thirdLevel = max(thirdLevel, englishLevel) // a third foreign language no better than English
	}
	if hasThird && third != local && third != own {
		spoken.add(r, third, thirdLevel, false)
	}
	inEnglish := false
	var studied []string
	for _, e := range p.Education {
		langs := w.studiesLanguages(e)
		if w.foreignerInEnglish(e, own) {
			langs = append(langs, "English")
		}
		for _, l := range langs {
			spoken.add(r, l, studiedLevel, true)
			inEnglish = inEnglish || l == "English"
			studied = append(studied, l)
		}
		if e.Degree != 0 {
			l := studiedLanguage(w.schools.fields[e.Field])
			spoken.add(r, l, degreeLevel, true)
			studied = append(studied, l)
		}
	}
	if inEnglish && own != "English" {
		spoken.noneAbove(r, "English", studied, own)
	}
	return spoken.list
}

// foreignerInEnglish reports whether degree studies were taught in
// English to a foreigner: one whose own language is not the school's, in
// a country whose universities teach foreigners in English (an Egyptian
// at the University of Amsterdam), since englishForeignersSince.
func (w *World) foreignerInEnglish(e Education, own string) bool {
	u := w.schools.universities[e.University]
	if u.City < 0 || e.Degree == 0 || e.End != 0 && int(e.End) < englishForeignersSince {
		return false
	}
	return englishGraduateSchools[w.geo.places[u.City].Country] && w.teachingLanguage(u.City) != own
}

// englishForeignersSince is the year from which the universities of
// englishGraduateSchools taught their foreign students in English.
const englishForeignersSince = 2000

// noneAbove raises language name to the best level of the other studied
// languages (but the person's own): one who studied in English too does
// not list the other language of their studies better than English.
func (s *languageLevels) noneAbove(r *rand.Rand, name string, studied []string, own string) {
	best := len(proficiencies)
	for k, l := range s.list {
		if l.Name != name && l.Name != own && slices.Contains(studied, l.Name) {
			best = min(best, s.ranks[k])
		}
	}
	if best < len(proficiencies) {
		s.add(r, name, best, true)
	}
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

// studiesLanguages returns the languages studies were taught in: the
// school's (teachingLanguage), and English for a master's or doctorate
// of the countries whose graduate schools teach in it (a Dutch or Swedish
// master's since the mid-2000s).
func (w *World) studiesLanguages(e Education) []string {
	u := w.schools.universities[e.University]
	if u.City < 0 {
		return nil
	}
	out := []string{w.teachingLanguage(u.City)}
	graduate := graduateDegree(e.Degree) && int(e.End) >= englishGraduateSince
	if englishSchools[u.Name] || graduate && (englishGraduateSchools[w.geo.places[u.City].Country] || englishGraduateSchoolNames[u.Name]) {
		out = append(out, "English")
	}
	return out
}

// englishSchools are the universities outside the English-speaking
// countries that teach every degree in English (Turkey's Boğaziçi, METU,
// Bilkent, Koç and Sabancı; the American universities of the Middle
// East and Central Asia), in a city of the country's language, which
// their students live in too.
var englishSchools = map[string]bool{
	"Boğaziçi University": true, "Middle East Technical University": true, "Bilkent University": true,
	"Koç University": true, "Sabancı University": true, "American University of Sharjah": true,
	"The American University in Cairo": true, "American University of Beirut": true,
	"Lebanese American University": true, "American University of Central Asia": true,
}

// englishGraduateSchoolNames are the business schools and universities
// of the other countries whose master's programmes are taught in
// English, since englishGraduateSince: a Vlerick or a Bocconi master's
// is an English-speaker's.
var englishGraduateSchoolNames = map[string]bool{
	"HEC Paris": true, "ESSEC Business School": true, "EDHEC Business School": true, "IE University": true,
	"IESE Business School": true, "Università Bocconi": true, "Vlerick Business School": true,
	"Universität St. Gallen": true, "Universität Mannheim": true,
}

// englishGraduateSchools are the countries whose master's and doctoral
// programmes are mostly taught in English, since englishGraduateSince.
var englishGraduateSchools = map[string]bool{"NL": true, "SE": true, "DK": true, "FI": true, "NO": true, "IS": true, "EE": true}

// englishGraduateSince is the year from which graduate studies in those
// countries were mostly taught in English.
const englishGraduateSince = 2005

// graduateDegree reports whether a degree is a master's or a doctorate
// of research.
func graduateDegree(d uint8) bool {
	name := degreeNames[d]
	return strings.HasPrefix(name, "Master") || name == "Doctor of Philosophy - PhD"
}

// studiedInAnother reports whether the person studied in a language
// other than their own.
func (w *World) studiedInAnother(p *Person, own string) bool {
	for _, e := range p.Education {
		for _, l := range w.studiesLanguages(e) {
			if l != "" && l != own {
				return true
			}
		}
	}
	return false
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
// finished degree in the line's fields. A national certificate names the
// countries whose people earn it (with except, every country but those);
// one of no countries is earned anywhere. titles are words of the titles
// of the line that earn it (none: every title of the line but a desk
// role), desks the desk roles that do; a certificate of onlyDesks is
// earned by those alone.
type certification struct {
	name, authority string
	fams            []family
	workMonths      int
	degree          bool
	countries       []string
	except          bool
	titles, desks   []string
	onlyDesks       bool
}

// The regions whose people earn a national body's certificates beyond
// its own country: the British bodies' in Ireland, the Gulf and the
// Commonwealth of Asia; the European ones' across Europe.
var (
	gulf        = []string{"AE", "SA", "QA", "KW", "BH", "OM"}
	britishAsia = []string{"GB", "IE", "MT", "CY", "AE", "HK", "SG", "MY"}
	europe      = []string{"AT", "BE", "BG", "HR", "CY", "CZ", "DK", "EE", "FI", "FR", "DE", "GR", "HU", "IE", "IT",
		"LV", "LT", "LU", "MT", "NL", "PL", "PT", "RO", "SK", "SI", "ES", "SE", "GB", "CH", "NO", "IS"}
	safetyReach   = append([]string{"GB", "IE", "IN", "PK", "NG", "ZA", "MY", "SG", "HK", "MT", "CY", "LK"}, gulf...)
	lifeSupport   = append([]string{"US", "CA", "PH", "IN", "SG"}, gulf...)
	procureReach  = append([]string{"GB", "IE", "AU", "NZ", "ZA", "NG", "KE", "GH", "HK", "SG", "MY"}, gulf...)
	foodHygiene   = []string{"GB", "IE", "AE", "QA", "SA"}
	northAmerica  = []string{"US", "CA"}
	unitedStates  = []string{"US"}
	unitedKingdom = []string{"GB"}
)

// deskRoles are the roles of people's first years and of the office
// (an SDR, an assistant, a support agent, an office manager): they earn
// only the certificates that name them, not those of their line's
// specialists (no supply-chain certificate for an executive assistant).
var deskRoles = func() []string {
	out := []string{"Executive Assistant", "Office Manager", "Security Officer", "Maintenance Technician", "Paralegal"}
	for name := range startingRoles {
		out = append(out, name)
	}
	slices.Sort(out)
	return out
}()

// certifications are the certificates of each line of work. PMP asks for
// three years of leading projects, a CPA, a professional engineer's
// licence and life support courses for clinicians a degree of the field.
var certifications = []certification{
	{name: "Certified Director", authority: "Institute of Directors", fams: []family{famGeneral}, workMonths: 120,
		countries: []string{"GB", "NZ", "IN"}, titles: boardWords},
	{name: "NACD Directorship Certification", authority: "NACD", fams: []family{famGeneral}, workMonths: 120,
		countries: unitedStates, titles: boardWords},
	{name: "Graduate of the Australian Institute of Company Directors (GAICD)", authority: "Australian Institute of Company Directors",
		fams: []family{famGeneral}, workMonths: 120, countries: []string{"AU"}, titles: boardWords},
	{name: "Google Analytics Individual Qualification", authority: "Google", fams: []family{famMarketing, famData},
		titles: []string{"Marketing", "Marketer", "SEO", "Growth", "Brand", "Digital", "Content", "Social Media",
			"Chief Marketing Officer", "Data Analyst", "Business Intelligence", "Analytics"}},
	{name: "HubSpot Inbound Marketing", authority: "HubSpot Academy", fams: []family{famMarketing}},
	{name: "Meta Certified Digital Marketing Associate", authority: "Meta", fams: []family{famMarketing}},
	{name: "Salesforce Certified Administrator", authority: "Salesforce", fams: []family{famSales}, workMonths: 6},
	{name: "SPIN Selling", authority: "Huthwaite International", fams: []family{famSales},
		desks: []string{"Sales Development Representative", "Inside Sales Representative"}},
	{name: "HubSpot Inbound Sales", authority: "HubSpot Academy", fams: []family{famSales},
		desks: []string{"Sales Development Representative", "Inside Sales Representative"}},
	{name: "Project Management Professional (PMP)", authority: "Project Management Institute",
		fams: []family{famProduct, famCivil, famOperations}, workMonths: 36},
	{name: "Certified ScrumMaster (CSM)", authority: "Scrum Alliance", fams: []family{famProduct, famSoftware}},
	{name: "PRINCE2 Practitioner", authority: "AXELOS", fams: []family{famProduct}, workMonths: 12},
	{name: "AWS Certified Solutions Architect – Associate", authority: "Amazon Web Services (AWS)", fams: []family{famSoftware}, workMonths: 6},
	{name: "Certified Kubernetes Administrator (CKA)", authority: "The Linux Foundation", fams: []family{famSoftware}, workMonths: 12},
	{name: "Professional Cloud Architect", authority: "Google Cloud", fams: []family{famSoftware}, workMonths: 36},
	{name: "Microsoft Certified: Azure Developer Associate", authority: "Microsoft", fams: []family{famSoftware}, workMonths: 12},
	{name: "ISTQB Certified Tester Foundation Level", authority: "ISTQB", fams: []family{famSoftware},
		titles: []string{"QA", "Test", "Testing", "Quality"}},
	{name: "CompTIA Security+", authority: "CompTIA", fams: []family{famSoftware}, titles: []string{"Security"}},
	{name: "Cisco Certified Network Associate (CCNA)", authority: "Cisco", fams: []family{famSoftware, famSupport}, workMonths: 6,
		titles: []string{"DevOps", "Site Reliability", "Reliability", "Platform", "Infrastructure", "Cloud", "Security", "Technical Support"}},
	{name: "IPC Certified Interconnect Designer (CID)", authority: "IPC", fams: []family{famElectrical}, workMonths: 12},
	{name: "Certified LabVIEW Associate Developer", authority: "NI", fams: []family{famElectrical}},
	{name: "Certified SOLIDWORKS Associate (CSWA)", authority: "Dassault Systèmes", fams: []family{famMechanical}},
	{name: "Certified SOLIDWORKS Professional (CSWP)", authority: "Dassault Systèmes", fams: []family{famMechanical}, workMonths: 12},
	{name: "Professional Engineer (PE)", authority: "NCEES", fams: []family{famCivil}, workMonths: 48, degree: true,
		countries: unitedStates},
	{name: "Professional Engineer (P.Eng.)", authority: "Engineers Canada", fams: []family{famCivil, famMechanical, famElectrical},
		workMonths: 48, degree: true, countries: []string{"CA"}},
	{name: "Chartered Engineer (CEng)", authority: "Engineering Council", fams: []family{famCivil, famMechanical, famElectrical},
		workMonths: 48, degree: true, countries: unitedKingdom},
	{name: "Chartered Professional Engineer (CPEng)", authority: "Engineers Australia", fams: []family{famCivil, famMechanical, famElectrical},
		workMonths: 48, degree: true, countries: []string{"AU"}},
	{name: "LEED Green Associate", authority: "U.S. Green Building Council", fams: []family{famCivil, famFacility},
		titles: []string{"Civil", "Structural", "Engineering", "Facility", "Facilities", "Building", "Workplace"}},
	{name: "Tableau Desktop Specialist", authority: "Tableau", fams: []family{famData}},
	{name: "TensorFlow Developer Certificate", authority: "Google", fams: []family{famData},
		titles: []string{"Scientist", "Machine Learning", "Data Science", "Data Engineer", "Analytics Engineer"}},
	{name: "Databricks Certified Data Engineer Associate", authority: "Databricks", fams: []family{famData}, workMonths: 6,
		titles: []string{"Data Engineer", "Analytics Engineer", "Data Engineering", "Machine Learning", "Scientist", "Data"}},
	{name: "Google UX Design Certificate", authority: "Google", fams: []family{famDesign}, titles: uxWords},
	{name: "Certified Usability Analyst", authority: "Human Factors International", fams: []family{famDesign}, workMonths: 12,
		titles: append([]string{"Researcher", "Research"}, uxWords...)},
	{name: "Adobe Certified Professional in Visual Design", authority: "Adobe", fams: []family{famDesign},
		titles: []string{"Graphic", "Visual", "Creative", "Brand", "UI", "Design"}},
	{name: "SHRM Certified Professional (SHRM-CP)", authority: "SHRM", fams: []family{famHR}, workMonths: 12, countries: unitedStates},
	{name: "CIPD Level 5", authority: "CIPD", fams: []family{famHR}, countries: britishAsia},
	{name: "Professional in Human Resources – International (PHRi)", authority: "HRCI", fams: []family{famHR}, workMonths: 12,
		countries: unitedStates, except: true},
	{name: "LinkedIn Certified Professional – Recruiter", authority: "LinkedIn", fams: []family{famHR},
		titles: []string{"Recruiter", "Recruiting", "Recruitment", "Talent Acquisition"}},
	{name: "Certified Public Accountant (CPA)", authority: "AICPA", fams: []family{famFinance}, workMonths: 12, degree: true,
		countries: unitedStates, titles: accountingWords},
	{name: "Chartered Accountant (ACA)", authority: "ICAEW", fams: []family{famFinance}, workMonths: 36, degree: true,
		countries: unitedKingdom, titles: accountingWords},
	{name: "Chartered Accountant (CA ANZ)", authority: "Chartered Accountants Australia and New Zealand", fams: []family{famFinance},
		workMonths: 36, degree: true, countries: []string{"AU", "NZ"}, titles: accountingWords},
	{name: "Chartered Professional Accountant (CPA Canada)", authority: "CPA Canada", fams: []family{famFinance},
		workMonths: 30, degree: true, countries: []string{"CA"}, titles: accountingWords},
	{name: "Chartered Accountant (ICAI)", authority: "The Institute of Chartered Accountants of India", fams: []family{famFinance},
		workMonths: 36, degree: true, countries: []string{"IN"}, titles: accountingWords},
	{name: "ACCA", authority: "ACCA", fams: []family{famFinance}, workMonths: 36, countries: northAmerica, except: true,
		titles: accountingWords},
	{name: "CFA Level I", authority: "CFA Institute", fams: []family{famFinance}, degree: true,
		titles: []string{"Financial Analyst", "Treasury", "Financial Planning", "Finance Manager", "Finance", "Chief Financial Officer"}},
	{name: "Enrolled Agent (EA)", authority: "IRS", fams: []family{famFinance}, workMonths: 12, countries: unitedStates,
		titles: []string{"Tax"}},
	{name: "Chartered Tax Adviser (CTA)", authority: "Chartered Institute of Taxation", fams: []family{famFinance}, workMonths: 36,
		countries: unitedKingdom, titles: []string{"Tax"}},
	{name: "Certified Payroll Professional (CPP)", authority: "American Payroll Association", fams: []family{famFinance},
		workMonths: 36, countries: unitedStates, desks: []string{"Payroll Specialist"}, onlyDesks: true},
	{name: "Diploma in Payroll Management", authority: "Chartered Institute of Payroll Professionals", fams: []family{famFinance},
		workMonths: 12, countries: unitedKingdom, desks: []string{"Payroll Specialist"}, onlyDesks: true},
	{name: "Certified Bookkeeper (CB)", authority: "AIPB", fams: []family{famFinance}, workMonths: 24, countries: unitedStates,
		desks: []string{"Bookkeeper"}, onlyDesks: true},
	{name: "AAT Level 3 Diploma in Accounting", authority: "AAT", fams: []family{famFinance}, countries: unitedKingdom,
		desks: []string{"Bookkeeper", "Payroll Specialist"}, onlyDesks: true},
	{name: "Xero Advisor Certification", authority: "Xero", fams: []family{famFinance},
		countries: []string{"AU", "NZ", "GB", "IE", "ZA", "SG"}, desks: []string{"Bookkeeper"}, onlyDesks: true},
	{name: "QuickBooks Online Certified ProAdvisor", authority: "Intuit", fams: []family{famFinance},
		countries: []string{"US", "CA", "GB", "AU"}, desks: []string{"Bookkeeper"}, onlyDesks: true},
	{name: "Certified Information Privacy Professional (CIPP/E)", authority: "IAPP", fams: []family{famLegal}, workMonths: 12,
		degree: true, countries: europe, titles: counselWords},
	{name: "Certified Information Privacy Professional (CIPP/US)", authority: "IAPP", fams: []family{famLegal}, workMonths: 12,
		degree: true, countries: unitedStates, titles: counselWords},
	{name: "Certified Anti-Money Laundering Specialist", authority: "ACAMS", fams: []family{famLegal}, workMonths: 24,
		titles: []string{"Compliance", "Risk", "Legal Counsel", "Chief Legal Officer"}},
	{name: "Certified Paralegal (CP)", authority: "NALA", fams: []family{famLegal}, countries: unitedStates,
		desks: []string{"Paralegal"}, onlyDesks: true},
	{name: "Customer Success Manager Certification", authority: "SuccessCOACHING", fams: []family{famSupport},
		titles: []string{"Customer Success", "Client Services", "Customer Experience", "Chief Customer Officer"}},
	{name: "Zendesk Support Administrator", authority: "Zendesk", fams: []family{famSupport},
		titles: []string{"Customer Support", "Technical Support", "Customer Experience"}, desks: []string{"Customer Support Specialist"}},
	{name: "ITIL 4 Foundation", authority: "AXELOS", fams: []family{famSupport},
		titles: []string{"Technical Support", "Customer Support"}, desks: []string{"Support Agent", "Customer Support Specialist"}},
	{name: "HDI Customer Service Representative (HDI-CSR)", authority: "HDI", fams: []family{famSupport},
		desks: []string{"Customer Service Representative", "Support Agent", "Customer Support Specialist"}, onlyDesks: true},
	{name: "Basic Life Support (BLS)", authority: "American Heart Association", fams: []family{famClinical}, degree: true,
		countries: lifeSupport},
	{name: "Advanced Cardiovascular Life Support (ACLS)", authority: "American Heart Association", fams: []family{famClinical},
		workMonths: 12, degree: true, countries: lifeSupport, titles: acuteCareWords},
	{name: "Immediate Life Support (ILS)", authority: "Resuscitation Council UK", fams: []family{famClinical}, degree: true,
		countries: []string{"GB", "IE"}},
	{name: "Advanced Life Support (ALS)", authority: "Resuscitation Council UK", fams: []family{famClinical}, workMonths: 12,
		degree: true, countries: []string{"GB", "IE"}, titles: acuteCareWords},
	{name: "Food Safety Level 2", authority: "Highfield", fams: []family{famHospitality}, countries: foodHygiene,
		titles: kitchenWords},
	{name: "ServSafe Food Protection Manager", authority: "National Restaurant Association", fams: []family{famHospitality},
		countries: unitedStates, titles: kitchenWords},
	{name: "WSET Level 2 Award in Wines", authority: "WSET", fams: []family{famHospitality},
		titles: []string{"Restaurant", "Food & Beverage", "Chef", "Hotel"}},
	{name: "Certified Guest Service Professional (CGSP)", authority: "American Hotel & Lodging Educational Institute",
		fams: []family{famHospitality}, titles: []string{"Hotel", "Guest Services"}, desks: []string{"Front Desk Agent"}},
	{name: "Level 3 Diploma in Hair Professional Services", authority: "City & Guilds", fams: []family{famBeauty}, workMonths: 12,
		countries: []string{"GB", "IE"}, titles: []string{"Hair", "Salon"}},
	{name: "Level 3 Diploma in Beauty Therapy", authority: "VTCT", fams: []family{famBeauty}, workMonths: 12,
		countries: unitedKingdom, titles: []string{"Beauty", "Salon"}},
	{name: "Licensed Cosmetologist", authority: "State Board of Cosmetology", fams: []family{famBeauty}, countries: unitedStates},
	{name: "CIDESCO Diploma", authority: "CIDESCO", fams: []family{famBeauty}, workMonths: 12, titles: []string{"Beauty"}},
	{name: "TEFL Certificate", authority: "TEFL Org", fams: []family{famEducation},
		titles: []string{"Teacher", "Lecturer", "Teaching", "Trainer", "Academic"}, desks: []string{"Teaching Assistant", "Tutor"}},
	{name: "Certified Professional in Talent Development (CPTD)", authority: "ATD", fams: []family{famEducation, famHR},
		workMonths: 60, titles: []string{"Trainer", "Instructional", "Learning", "Training", "HR Business Partner", "HR Manager",
			"People", "Human Resources", "Chief People Officer", "Chief Learning Officer"}},
	{name: "Lean Six Sigma Green Belt", authority: "ASQ", fams: []family{famOperations, famMechanical}, workMonths: 36},
	{name: "ISO 9001 Lead Auditor", authority: "CQI and IRCA", fams: []family{famOperations, famMechanical}, workMonths: 24,
		titles: append([]string{"Mechanical Engineer", "Design Engineer"}, opsLeadWords...)},
	{name: "Certified Business Analysis Professional (CBAP)", authority: "IIBA", fams: []family{famOperations}, workMonths: 60,
		titles: []string{"Business Analyst", "Operations Analyst"}},
	{name: "APICS CSCP", authority: "ASCM", fams: []family{famOperations}, workMonths: 36,
		titles: supplyWords, desks: []string{"Logistics Coordinator"}},
	{name: "Certified in Logistics, Transportation and Distribution (CLTD)", authority: "ASCM", fams: []family{famOperations},
		workMonths: 12, titles: supplyWords, desks: []string{"Logistics Coordinator"}},
	{name: "Certified Professional in Supply Management (CPSM)", authority: "Institute for Supply Management",
		fams: []family{famOperations}, workMonths: 36, countries: northAmerica, titles: supplyWords},
	{name: "CIPS Level 4 Diploma in Procurement and Supply", authority: "CIPS", fams: []family{famOperations}, workMonths: 12,
		countries: procureReach, titles: supplyWords},
	{name: "Certified Administrative Professional (CAP)", authority: "IAAP", fams: []family{famOperations}, workMonths: 24,
		countries: northAmerica, desks: []string{"Administrative Assistant", "Executive Assistant", "Office Manager"}, onlyDesks: true},
	{name: "Microsoft Office Specialist: Excel Associate", authority: "Microsoft", fams: []family{famOperations},
		titles: []string{"Operations Analyst", "Business Analyst", "Supply Chain Analyst"},
		desks:  []string{"Administrative Assistant", "Executive Assistant", "Office Manager"}},
	{name: "Facility Management Professional (FMP)", authority: "IFMA", fams: []family{famFacility}, workMonths: 12,
		titles: []string{"Facility", "Facilities", "Workplace"}, desks: []string{"Facilities Coordinator", "Workplace Coordinator"}},
	{name: "NEBOSH General Certificate", authority: "NEBOSH", fams: []family{famFacility, famOperations}, countries: safetyReach,
		titles: append([]string{"Facility", "Facilities", "Maintenance", "Building", "Workplace"}, opsLeadWords...),
		desks:  []string{"Facilities Coordinator", "Workplace Coordinator", "Security Officer", "Maintenance Technician"}},
	{name: "IOSH Managing Safely", authority: "IOSH", fams: []family{famFacility}, countries: safetyReach,
		titles: []string{"Facility", "Facilities", "Maintenance", "Building", "Workplace"},
		desks:  []string{"Facilities Coordinator", "Workplace Coordinator", "Security Officer", "Maintenance Technician"}},
	{name: "SIA Security Guard Licence", authority: "Security Industry Authority", fams: []family{famFacility},
		countries: unitedKingdom, desks: []string{"Security Officer"}, onlyDesks: true},
	{name: "Certified Protection Officer (CPO)", authority: "IFPO", fams: []family{famFacility}, workMonths: 6,
		countries: northAmerica, desks: []string{"Security Officer"}, onlyDesks: true},
	{name: "EPA Section 608 Technician Certification", authority: "U.S. Environmental Protection Agency", fams: []family{famFacility},
		countries: unitedStates, titles: []string{"Building Engineer"}, desks: []string{"Maintenance Technician"}},
	{name: "Level 3 Award in the Requirements for Electrical Installations (BS 7671)", authority: "City & Guilds",
		fams: []family{famFacility}, countries: unitedKingdom, titles: []string{"Building Engineer"}, desks: []string{"Maintenance Technician"}},
	{name: "Adobe Certified Professional: Premiere Pro", authority: "Adobe", fams: []family{famEntertainment},
		titles: []string{"Video", "Editor", "Editing", "Post-Production", "Content", "Production", "Motion", "Chief Content Officer"},
		desks:  []string{"Production Assistant"}},
	{name: "Avid Certified User: Pro Tools", authority: "Avid", fams: []family{famEntertainment}, titles: []string{"Sound", "Audio"}},
}

// The words of titles several certificates are earned by: board members
// and chief executives; designers of user experience; accountants;
// counsel; clinicians of acute care; kitchens; supply chains; the
// leaders of operations.
var (
	boardWords = []string{"Board", "Director", "Non-Executive", "Chief Executive Officer", "CEO", "President",
		"Advisor", "Managing Director"}
	uxWords         = []string{"UX", "UI", "Product Designer", "Interaction", "User Experience", "Design", "Chief Design Officer"}
	accountingWords = []string{"Accountant", "Auditor", "Audit", "Controller", "Finance Manager", "Tax", "Accounting",
		"Finance", "Chief Financial Officer"}
	counselWords   = []string{"Legal Counsel", "Corporate Lawyer", "Associate Attorney", "Compliance", "Legal", "Chief Legal Officer"}
	acuteCareWords = []string{"Nurse", "Nursing", "Physician", "Clinical Services", "Chief Medical Officer"}
	kitchenWords   = []string{"Chef", "Restaurant", "Food & Beverage", "Hotel Manager"}
	supplyWords    = append([]string{"Supply Chain", "Logistics", "Procurement"}, opsLeadWords...)
	opsLeadWords   = []string{"Operations Manager", "Operations Team Lead", "Head of Operations", "Director of Operations",
		"Operations Director", "Senior Director, Operations", "VP of Operations", "Vice President, Operations",
		"SVP Operations", "Chief Operating Officer"}
)

// earnedBy reports whether a title of the certificate's line earns it:
// a desk role only a certificate that names it, any other title one of
// no title words or of a word the title has.
func (c *certification) earnedBy(title string) bool {
	padded := " " + title + " "
	has := func(word string) bool { return strings.Contains(padded, " "+word+" ") }
	if k := slices.IndexFunc(deskRoles, has); k >= 0 {
		return slices.Contains(c.desks, deskRoles[k])
	}
	return !c.onlyDesks && (len(c.titles) == 0 || slices.ContainsFunc(c.titles, has))
}

// earnedIn reports whether people of a country earn the certificate.
func (c *certification) earnedIn(country string) bool {
	return len(c.countries) == 0 || slices.Contains(c.countries, country) != c.except
}

// roleCountry returns the country a role was held in, as its place on
// the profile shows it: the role's own place, else its employer's head
// office. Both stay as they are when the person moves, so the
// certificates of the role do too.
func (w *World) roleCountry(j Job) string {
	at := j.Location
	if at < 0 {
		at = w.companies[j.Company].City
	}
	return w.geo.places[at].Country
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
// and then a role brings one of its line of work that its title earns
// and the country it was held in gives, earned in its first years once
// the person could hold it. Each is drawn from the seed of its
// role, so that a certificate once listed stays in every later snapshot.
func (w *World) certifications(p *Person) []certificationJSON {
	var found []dated[certificationJSON]
	for _, s := range w.workSpans(p) {
		r := roleExtraRand(p, s.job, extraCertificate)
		if !chance(r, 5) {
			continue
		}
		at := s.from + Month(between(r, 0, 36))
		title, country := w.titles.titles[s.job.Title].Name, w.roleCountry(s.job)
		var fit []certification
		for _, c := range certifications {
			if slices.Contains(c.fams, s.fam) && c.earnedBy(title) && c.earnedIn(country) &&
				w.couldHold(p, s.fam, c, at) && phraseSince[c.name] <= at.Year() {
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

// venueFounded are the years the publications of familyWriting began:
// no Medium article before 2012, no Smashing Magazine before 2006. A
// venue missing began before anyone of the world wrote.
var venueFounded = map[string]int{
	"Medium": 2012, "Mind the Product": 2010, "Dev.to": 2016, "UX Collective": 2016,
	"Towards Data Science": 2016, "Smashing Magazine": 2006, "Fast Company": 1995, "InfoQ": 2006,
	"Hospitality Net": 1995, "Facilities Net": 1999, "Edutopia": 1991, "Supply Chain Digital": 2009,
	"Logistics Manager": 1994, "Law360": 2004, "Selling Power": 1981, "EE Times": 1972,
	"Electronic Design": 1952, "New Civil Engineer": 1972, "FM World": 2004, "People Management": 1995,
	"Accounting Today": 1987, "Financial Management": 1972, "IEEE Access": 2013, "BMJ Open": 2011,
	"Interactions": 1994, "International Data Privacy Law": 2011, "Journal of Financial Crime": 1993,
	"Filmmaker Magazine": 1992, "Computers & Education": 1976, "Journal of Facilities Management": 2002,
	"MIT Sloan Management Review": 1959, "IEEE Software": 1984, "ACM Computing Surveys": 1969,
	"Journal of Clinical Nursing": 1992, "Construction and Building Materials": 1987,
	"International Journal of Production Economics": 1991, "Journal of Corporate Finance": 1994,
	"IEEE Transactions on Power Electronics": 1986, "International Journal of Fatigue": 1979,
	"Journal of Mechanical Design": 1978, "Journal of Structural Engineering": 1983,
	"The Lawyer": 1987, "HR Magazine": 1950, "Marketing Week": 1978, "Campaign": 1968,
	"American Cinematographer": 1920, "Caterer and Hotelkeeper": 1878, "Engineering News-Record": 1874,
	"Forbes": 1917, "Harvard Business Review": 1922, "Journal of Applied Statistics": 1974,
	"Journal of Marketing": 1936, "Machine Design": 1929, "Nursing Standard": 1986, "Nursing Times": 1905,
	"Studies in Higher Education": 1976, "The Engineer": 1856, "The Lancet": 1823,
	"Times Educational Supplement": 1910,
}

// venuesOpen returns the venues already publishing in a year.
func venuesOpen(venues []string, year int) []string {
	out := make([]string, 0, len(venues))
	for _, v := range venues {
		if venueFounded[v] <= year {
			out = append(out, v)
		}
	}
	return out
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
			open := venuesOpen(venues, at.Year())
			if len(open) == 0 {
				continue
			}
			pub := publicationJSON{
				Name:  "On " + topic + ": " + pick(r, publicationKinds(scholarly)),
				Issue: ptr(pick(r, open)),
				Date:  ptr(isoDate(at)),
			}
			if chance(r, 60) && scholarly {
				pub.URL = ptr("https://doi.org/10." + strconv.Itoa(between(r, 1000, 9999)) + "/" + string(appendHex(nil, r, 8)))
			}
			if chance(r, 40) && scholarly {
				pub.Description = ptr("A study of " + topic + ".")
			} else if chance(r, 40) {
				pub.Description = ptr("An article on " + topic + ".")
			}
			if at <= s.to {
				found = append(found, dated[publicationJSON]{at, pub})
			}
		}
	}
	return keepFirst(found, func(pub publicationJSON) string { topic, _, _ := strings.Cut(pub.Name, ":"); return topic })
}

// Kinds of writing, as a title's end says: a journal's papers are
// research, the trade press's, blogs' and talks' are practice.
var (
	paperKinds   = []string{"a case study", "a survey", "an empirical analysis"}
	articleKinds = []string{"a case study", "lessons learned", "a practical guide", "notes from practice"}
)

// publicationKinds returns the kinds of writing of a venue: research for
// a journal, practice elsewhere.
func publicationKinds(scholarly bool) []string {
	if scholarly {
		return paperKinds
	}
	return articleKinds
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
		return s != nil && slices.Contains(s.words, "Backend")
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
// name, the countries whose people it serves (none for an international
// one), and the words of the titles of its profession (none where the
// whole line joins it).
type professionalBody struct {
	name      string
	countries []string
	titles    []string
}

// anglophone are the countries whose people join the British and
// Commonwealth bodies.
var anglophone = []string{"GB", "IE", "AU", "NZ", "ZA", "IN", "SG", "HK", "MY", "NG", "KE", "GH", "PK", "LK", "MT", "CY"}

// The words of the titles of the professions several bodies serve.
var (
	nurseWords    = []string{"Nurse", "Nursing"}
	doctorWords   = []string{"Physician", "Chief Medical Officer", "Clinical Services"}
	lawyerWords   = []string{"Legal Counsel", "Corporate Lawyer", "Associate Attorney", "Legal", "Chief Legal Officer"}
	projectWords  = []string{"Project", "Program", "Programme", "Delivery", "Scrum"}
	teacherWords  = []string{"Teacher", "Teaching"}
	trainerWords  = []string{"Trainer", "Instructional", "Learning & Development", "Training", "Chief Learning Officer"}
	facilityWords = []string{"Facility", "Facilities", "Workplace", "Building", "Maintenance"}
)

// familyBodies are the professional bodies of each line of work.
var familyBodies = [numFamilies][]professionalBody{
	famGeneral: {{"Institute of Directors", anglophone, nil}, {"Young Presidents' Organization", nil, nil},
		{"National Association of Corporate Directors", []string{"US"}, nil}},
	famMarketing: {{"American Marketing Association", []string{"US"}, nil}, {"Chartered Institute of Marketing", anglophone, nil}},
	famSales: {{"Institute of Sales Professionals", []string{"GB", "IE"}, nil},
		{"National Association of Sales Professionals", []string{"US", "CA"}, nil}},
	famProduct: {{"Project Management Institute", nil, projectWords}, {"Association for Project Management", []string{"GB", "IE"}, projectWords},
		{"Product Development and Management Association", nil, []string{"Product"}}},
	famSoftware: {{"IEEE Computer Society", nil, nil}, {"ACM", nil, nil}, {"BCS, The Chartered Institute for IT", anglophone, nil},
		{"Gesellschaft für Informatik", []string{"DE", "AT", "CH"}, nil}},
	famElectrical: {{"IEEE", nil, nil}, {"Institution of Engineering and Technology", anglophone, nil}, {"VDE", []string{"DE", "AT", "CH"}, nil}},
	famMechanical: {{"ASME", []string{"US", "CA"}, nil}, {"Institution of Mechanical Engineers", anglophone, nil},
		{"VDI", []string{"DE", "AT", "CH"}, nil}},
	famCivil: {{"American Society of Civil Engineers", []string{"US"}, nil}, {"Institution of Civil Engineers", anglophone, nil},
		{"Engineers Australia", []string{"AU"}, nil}},
	famData: {{"American Statistical Association", []string{"US"}, nil}, {"Royal Statistical Society", anglophone, nil}, {"ACM", nil, nil}},
	famDesign: {{"Interaction Design Association", nil, uxWords}, {"AIGA", []string{"US"}, nil},
		{"Chartered Society of Designers", []string{"GB"}, nil}},
	famHR: {{"SHRM", []string{"US"}, nil}, {"Chartered Institute of Personnel and Development", britishAsia, nil}},
	famFinance: {{"AICPA", []string{"US"}, accountingWords}, {"ICAEW", []string{"GB"}, accountingWords}, {"ACCA", anglophone, accountingWords},
		{"CFA Institute", nil, []string{"Financial Analyst", "Treasury", "Financial Planning", "Finance Manager", "Finance", "Chief Financial Officer"}},
		{"American Payroll Association", []string{"US"}, []string{"Payroll"}},
		{"Chartered Institute of Payroll Professionals", []string{"GB"}, []string{"Payroll"}},
		{"American Institute of Professional Bookkeepers", []string{"US"}, []string{"Bookkeeper"}},
		{"Institute of Certified Bookkeepers", []string{"GB"}, []string{"Bookkeeper"}}},
	famLegal: {{"American Bar Association", []string{"US"}, lawyerWords}, {"The Law Society", []string{"GB"}, lawyerWords},
		{"International Bar Association", nil, lawyerWords}, {"International Compliance Association", nil, []string{"Compliance", "Risk"}},
		{"National Association of Legal Assistants", []string{"US"}, []string{"Paralegal"}}},
	famSupport: {{"Customer Success Association", nil, []string{"Customer Success", "Client Services", "Customer Experience", "Chief Customer Officer"}},
		{"Institute of Customer Service", []string{"GB"}, nil}},
	famClinical: {{"American Nurses Association", []string{"US"}, nurseWords}, {"Royal College of Nursing", []string{"GB"}, nurseWords},
		{"American Medical Association", []string{"US"}, doctorWords}, {"British Medical Association", []string{"GB"}, doctorWords},
		{"American Pharmacists Association", []string{"US"}, []string{"Pharmacist"}},
		{"Royal Pharmaceutical Society", []string{"GB"}, []string{"Pharmacist"}},
		{"American Physical Therapy Association", []string{"US"}, []string{"Physiotherapist"}},
		{"Chartered Society of Physiotherapy", []string{"GB"}, []string{"Physiotherapist"}},
		{"American Dental Hygienists' Association", []string{"US"}, []string{"Dental Hygienist"}},
		{"British Society of Dental Hygiene and Therapy", []string{"GB"}, []string{"Dental Hygienist"}},
		{"American Association of Medical Assistants", []string{"US"}, []string{"Medical Assistant"}}},
	famHospitality: {{"Institute of Hospitality", anglophone, nil}, {"American Hotel & Lodging Association", []string{"US"}, nil},
		{"World Association of Chefs' Societies", nil, []string{"Chef"}}, {"American Culinary Federation", []string{"US"}, []string{"Chef"}}},
	famBeauty: {{"Professional Beauty Association", []string{"US"}, nil}, {"Hair and Beauty Industry Authority", []string{"GB"}, nil}},
	famEducation: {{"National Education Association", []string{"US"}, teacherWords}, {"Chartered College of Teaching", []string{"GB"}, teacherWords},
		{"Association for Talent Development", nil, trainerWords},
		{"University and College Union", []string{"GB"}, []string{"Lecturer", "Academic"}},
		{"American Association of University Professors", []string{"US"}, []string{"Lecturer", "Academic"}}},
	famOperations: {{"ASCM", nil, supplyWords}, {"Chartered Institute of Procurement & Supply", anglophone, supplyWords},
		{"Institute for Supply Management", []string{"US"}, supplyWords},
		{"International Association of Administrative Professionals", nil, []string{"Assistant", "Office Manager"}},
		{"International Institute of Business Analysis", nil, []string{"Business Analyst", "Operations Analyst"}}},
	famFacility: {{"IFMA", nil, facilityWords}, {"Institution of Occupational Safety and Health", anglophone, facilityWords},
		{"National Safety Council", []string{"US"}, facilityWords}, {"ASIS International", nil, []string{"Security"}}},
	famEntertainment: {{"BECTU", []string{"GB"}, nil}, {"Society of Camera Operators", []string{"US"}, []string{"Camera", "Cinematographer"}},
		{"International Documentary Association", nil, nil},
		{"Motion Picture Editors Guild", []string{"US"}, []string{"Editor", "Editing", "Post-Production"}},
		{"Audio Engineering Society", nil, []string{"Sound", "Audio"}}},
}

// bodiesOf returns the names of the professional bodies of line of work
// f that serve people of a country, of any profession of the line.
func bodiesOf(f family, country string) []string {
	var names []string
	for _, b := range familyBodies[f] {
		if len(b.countries) == 0 || slices.Contains(b.countries, country) {
			names = append(names, b.name)
		}
	}
	return names
}

// bodiesFor returns the names of the professional bodies of line of
// work f that serve people of a country and the profession of a title
// (for one of no title, a student, the bodies of the whole line).
func bodiesFor(f family, country, title string) []string {
	padded := " " + title + " "
	var names []string
	for _, b := range familyBodies[f] {
		serves := len(b.countries) == 0 || slices.Contains(b.countries, country)
		ofTitle := len(b.titles) == 0 || slices.ContainsFunc(b.titles, func(s string) bool { return strings.Contains(padded, " "+s+" ") })
		if serves && ofTitle && (title != "" || len(b.titles) == 0) {
			names = append(names, b.name)
		}
	}
	return names
}
