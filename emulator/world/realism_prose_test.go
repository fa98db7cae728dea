package world

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"weak"
)

// proseChecks count achievements, skills, certificates and projects that fit the person and the company.
var proseChecks = []realismCheck{
	{name: "achievements beyond the employer's staff, the level or the time in the role", count: countAchievements},
	{name: "achievement sentences of no known template (the check above cannot read them)", count: countUnreadAchievements},
	{name: "skills of leading people on people who never led a team", count: countSkillsAbove(leadingSkillNames, Lead, Head, Directors, VP, CLevel, Founder, Board)},
	{name: "skills of strategy on people never head of anything, founder or board member", count: countSkillsAbove(strategySkillNames, Head, Directors, VP, CLevel, Founder, Board)},
	{name: "skills of corporate governance on people never executive or board member", count: countSkillsAbove(governanceSkillNames, VP, CLevel, Board)},
	{name: "languages listed as skills", count: countLanguageSkills},
	{name: "certificates the person could not hold (work years, degree)", count: countUnheldCertificates},
	{name: "certificates, projects, publications and patents outside the person's lines of work", count: countForeignExtras},
	{name: "projects, publications and patents dated before studies or work began, or in the future", count: countMisdatedExtras},
	{name: "role descriptions and summaries with a phrase of another specialty than the title's (a QA engineer's latency, an assistant's warehouses)", count: countForeignSpecialty},
	{name: "languages below what the person's studies give (a degree in English, studies in France)", count: countUnstudiedLanguages},
	{name: "courses of no line of work of the person's, nor of any", count: countForeignCourses},
	{name: "services of more requests a minute than the employer's staff and trade run (663k at a 19-staff restaurant company)", count: countServiceTraffic},
	{name: "role descriptions and projects naming technology not yet in use when they began (repositories in 1985)", count: countAnachronisms},
	{name: "patent numbers not of their year's series (an EP patent of 1984 with a 2024-era number)", count: countPatentSeries},
	{name: "patents of no research role at a company of an industry that patents (a restaurant's developer, a tester)", count: countForeignPatents},
	{name: "journal papers by people neither researcher, academic, doctor nor executive (The Lancet by a nurse)", count: countJournalPapers},
	{name: "organizations of another line of work or another country than the person's (IEEE for a marketer, NEBOSH for an American)", count: countForeignOrganizations},
	{name: "summaries joining the current title with years mostly of another line of work", count: countSummaryLineYears},
	{name: "skills of a line of work the person never worked in (a camera operator's wireframing)", count: countForeignSkills},
	{name: "certificates of a national body of another country than the person's or their roles' (CIPD or NEBOSH in the US, SHRM abroad)", count: countForeignCountryCertificates},
	{name: "certificates no title the person held earns (a supply-chain certificate on an executive assistant, an admin's on a support agent)", count: countUntitledCertificates},
	{name: "organization positions above the career at joining (a junior on a board, a volunteer before mid-career)", count: countOrganizationPositions},
	{name: "memberships dated while at school, before studies after it began, or before the first role of the body's line of work", count: countEarlyMemberships},
	{name: "memberships of a body of another profession than any title the person held (the American Medical Association for a nurse, ASCM for an assistant)", count: countForeignProfessionBodies},
	{name: "studies in another language than one's own whose language is missing or below professional working (limited English after a Dutch master's)", count: countUnlistedStudyLanguages},
	{name: "publications in a venue before it was founded, or in one of no founding year (Medium in 1997, Smashing Magazine in 2001)", count: countVenueYears},
	{name: "role descriptions and summaries of mentoring or leading others below Senior (a junior SRE mentoring engineers)", count: countLeadingBelowSenior},
	{name: "achievements the employer's trade or size does not do (a church's tax rate, a design firm's warehouses, 9 buildings of a 116-staff bank)", count: countAchievementsOfTrade},
	{name: "achievements of an individual contributor's own hands on heads, directors and executives (a Senior Director designed 4 APIs)", count: countIndividualWorkAbove},
	{name: "summaries of years \"in other work\" or in the current line when the earlier years were of a named line (a law firm's founder after corporate law)", count: countFormerLineSummaries},
	{name: "specialists whose skills of their line hold none of their specialty (a frontend developer of Rust, Swift and Go)", startOnly: true, count: countSpecialistSkills},
	{name: "adjacent roles whose descriptions open with the same phrase (\"Focused on improving financial controls\" twice in a row)", count: countRepeatedOpenings},
	{name: "articles of the trade press, blogs and talks titled as research, and journal papers titled as practice (an empirical analysis on Medium)", count: countPublicationKinds},
	{name: "achievements of products made in series at an employer that makes none, or of deliveries at one of no goods (an oil company's circuit boards, a school's on-time delivery)", count: countProductsOfNoMaker},
	{name: "churn cut at an employer whose customers do not subscribe (a real-estate firm's churn), in role descriptions, summaries and headlines", count: countChurnOfNoSubscribers},
	{name: "role descriptions, summaries and headlines of interns and juniors claiming a mid-level's deals, territories or launches", count: countBeginnersClaims},
	{name: "achievement figures of people, customers, premises, products, countries, reach or money with no bound of the employer's trade and size", startOnly: true, count: countUnboundedFigures},
	{name: "achievement figures beyond what an employer of the trade and size has (67k learners at a school of 14, 9 countries of an 882-staff builder)", count: countFiguresBeyondEmployer},
	{name: "role descriptions, summaries and headlines saying work of another specialty than the title names, or of work a reader ties to other titles (a contract manager who advised on 7 acquisitions, an office manager closing the books)", count: countCatchAllPhrases},
	{name: "past roles' figures beyond what the employer had in the role's years (a 2004 role claiming the staff of a firm founded in 1999 that has 40,000 now)", count: countFiguresOfPastStaff},
	{name: "role descriptions saying the role focused on what an earlier role of the profile says (\"Focused on keeping things running smoothly\" at three employers)", count: countRepeatedFocus},
	{name: "percentages achieved in a few months beyond what the months allow (churn cut by 28% in 3 months)", count: countHastyShares},
	{name: "descriptions that presume work the employer's trade does not do (shop floor at a utilities firm, checkout redesign at a law firm)", count: countPresumedTrades},
	{name: "foreigners' degrees in a country teaching foreigners in English without professional English, or a studied language above the English of studies in English", count: countEnglishOfStudies},
}

// nationalCertificates are certificates a reader knows to be of one
// country's body (or one region's), with a country whose people do not
// earn them.
var nationalCertificates = map[string]string{
	"CIPD Level 5": "US", "NEBOSH General Certificate": "US", "SHRM Certified Professional (SHRM-CP)": "GB",
	"Certified Public Accountant (CPA)": "GB", "Professional Engineer (PE)": "DE", "Chartered Accountant (ACA)": "US",
	"Food Safety Level 2": "US", "Level 3 Diploma in Hair Professional Services": "US", "Certified Director": "US",
	"Basic Life Support (BLS)": "GB", "Certified Information Privacy Professional (CIPP/E)": "US",
}

// certificateNamed returns the certificate of a name, nil for none.
func certificateNamed(name string) *certification {
	k := slices.IndexFunc(certifications, func(c certification) bool { return c.name == name })
	if k < 0 {
		return nil
	}
	return &certifications[k]
}

// countForeignCountryCertificates counts the certificates listed by
// someone who neither lives nor held a role in a country whose people
// earn them, and the certificates readers know to be national that the
// table gives to a country of none of their people.
func countForeignCountryCertificates(w *World) tally {
	var n tally
	for name, foreign := range nationalCertificates {
		c := certificateNamed(name)
		n.add(c == nil || c.earnedIn(foreign), "the certificate %q is earned in %s", name, foreign)
	}
	for i, x := range extrasOf(w) {
		p := w.Person(i)
		home := w.geo.places[p.City].Country
		for _, cert := range x.Certification {
			c := certificateNamed(cert.Name)
			if c == nil {
				continue
			}
			fit := c.earnedIn(home) || slices.ContainsFunc(p.Jobs, func(j Job) bool { return c.earnedIn(w.roleCountry(j)) })
			n.add(!fit, "person %d (%s, %s) lists %q", i, roleNames(w, p), home, cert.Name)
		}
	}
	return n
}

// deskCertificates are certificates a reader expects only of the
// holders of some titles: an administrative professional's of
// assistants and office managers, a payroll professional's of payroll
// staff.
var deskCertificates = map[string][]string{
	"Certified Administrative Professional (CAP)":   {"Assistant", "Office Manager"},
	"HDI Customer Service Representative (HDI-CSR)": {"Customer Service", "Support Agent", "Customer Support"},
	"Certified Bookkeeper (CB)":                     {"Bookkeeper"},
	"Certified Payroll Professional (CPP)":          {"Payroll"},
	"Diploma in Payroll Management":                 {"Payroll"},
	"Certified Paralegal (CP)":                      {"Paralegal"},
	"SIA Security Guard Licence":                    {"Security Officer"},
	"Certified Protection Officer (CPO)":            {"Security Officer"},
	"APICS CSCP":                                    {"Supply Chain", "Logistics", "Procurement", "Operations", "Operating"},
	"NEBOSH General Certificate":                    {"Operations", "Operating", "Facility", "Facilities", "Maintenance", "Building", "Workplace", "Security"},
}

// countUntitledCertificates counts the certificates that no role the
// person held earns: none of the certificate's lines of work, or a title
// the certificate is not of (a desk role's certificates name it), or a
// title of none of the words a reader expects of it (deskCertificates).
func countUntitledCertificates(w *World) tally {
	var n tally
	for i, x := range extrasOf(w) {
		p := w.Person(i)
		for _, cert := range x.Certification {
			c := certificateNamed(cert.Name)
			fit := c != nil && slices.ContainsFunc(p.Jobs, func(j Job) bool {
				name := w.Title(j.Title).Name
				words, known := deskCertificates[cert.Name]
				return slices.Contains(c.fams, j.fam) && c.earnedBy(name) &&
					(!known || slices.ContainsFunc(words, func(s string) bool { return strings.Contains(name, s) }))
			})
			n.add(!fit, "person %d (%s) lists %q", i, roleNames(w, p), cert.Name)
		}
	}
	return n
}

// positionNeeds are the months of work and the level a career must have
// reached to hold a position in an organization.
var positionNeeds = map[string]struct {
	months int
	level  Level
}{
	"Member": {0, NoLevel}, "Volunteer": {48, MidLevel}, "Committee Member": {48, MidLevel},
	"Chapter Lead": {48, MidLevel}, "Club Secretary": {48, MidLevel}, "Board Member": {180, Senior}, "Chair": {180, Senior},
	"Club President": {180, Senior},
}

// countOrganizationPositions counts the positions in organizations held
// by someone whose career had not reached them when they joined: a
// committee member or volunteer of fewer than four years of work or
// below mid-level, a board member or chair of fewer than fifteen or
// below senior.
func countOrganizationPositions(w *World) tally {
	var n tally
	for i, x := range extrasOf(w) {
		p := w.Person(i)
		for _, o := range x.Organization {
			if o.Position == nil || o.StartDate == nil {
				continue
			}
			at := monthOfISO(*o.StartDate)
			level := NoLevel
			for _, j := range p.Jobs {
				if l := w.Title(j.Title).Level; j.Start != 0 && j.Start <= at && l > level {
					level = l
				}
			}
			need, known := positionNeeds[*o.Position]
			worked := workedBy(p.Jobs, at)
			n.add(!known || worked < need.months || level < need.level, "person %d (%s): %s of %s from %s, %d months of work, level %s",
				i, roleNames(w, p), *o.Position, o.Name, (*o.StartDate)[:7], worked, level)
		}
	}
	return n
}

// studiesAfterSchool returns the month a person's studies after school
// began: the January their first college or university studies began,
// not before the June their secondary school ended; 0 where unknown.
func studiesAfterSchool(w *World, p *Person) Month {
	var school, college Month
	for _, e := range p.Education {
		switch {
		case w.schools.fields[e.Field] == secondaryField:
			if e.End != 0 {
				school = max(school, MonthOf(int(e.End), time.June))
			}
		case e.Start != 0 && (college == 0 || MonthOf(int(e.Start), time.January) < college):
			college = MonthOf(int(e.Start), time.January)
		}
	}
	return max(school, college)
}

// countEarlyMemberships counts the memberships that began while the
// person was at school or before their studies after it began, or, for
// a professional body, before their first role of a line of work the
// body serves.
func countEarlyMemberships(w *World) tally {
	var n tally
	for i, x := range extrasOf(w) {
		p := w.Person(i)
		country := w.geo.places[p.City].Country
		for _, o := range x.Organization {
			if o.StartDate == nil {
				continue
			}
			at := monthOfISO(*o.StartDate)
			var entered Month
			for _, j := range p.Jobs {
				if j.Start != 0 && (entered == 0 || j.Start < entered) && slices.Contains(bodiesOf(j.fam, country), o.Name) {
					entered = j.Start
				}
			}
			began := studiesAfterSchool(w, p)
			n.add(began != 0 && at < began || entered != 0 && at < entered, "person %d (%s): %s from %s; studies after school began %s, the line %s",
				i, roleNames(w, p), o.Name, (*o.StartDate)[:7], began.Time().Format("2006-01"), entered.Time().Format("2006-01"))
		}
	}
	return n
}

// bodyProfessions are professional bodies a reader knows to be of one
// profession, with words of its titles.
var bodyProfessions = map[string][]string{
	"American Nurses Association":     {"Nurse", "Nursing"},
	"Royal College of Nursing":        {"Nurse", "Nursing"},
	"American Medical Association":    {"Physician", "Medical Officer", "Clinical"},
	"British Medical Association":     {"Physician", "Medical Officer", "Clinical"},
	"The Law Society":                 {"Lawyer", "Counsel", "Attorney", "Legal"},
	"American Bar Association":        {"Lawyer", "Counsel", "Attorney", "Legal"},
	"ASCM":                            {"Supply", "Logistics", "Procurement", "Operations"},
	"Institute for Supply Management": {"Supply", "Logistics", "Procurement", "Operations"},
	"AICPA":                           {"Account", "Audit", "Controller", "Financ", "Tax"},
	"ICAEW":                           {"Account", "Audit", "Controller", "Financ", "Tax"},
	"Society of Camera Operators":     {"Camera", "Cinematographer"},
	"Project Management Institute":    {"Project", "Program", "Delivery", "Scrum"},
}

// countForeignProfessionBodies counts the memberships of a body of one
// profession (bodyProfessions) by someone who never held a title of it.
func countForeignProfessionBodies(w *World) tally {
	var n tally
	for i, x := range extrasOf(w) {
		p := w.Person(i)
		for _, o := range x.Organization {
			words, known := bodyProfessions[o.Name]
			if !known {
				continue
			}
			fit := slices.ContainsFunc(p.Jobs, func(j Job) bool {
				name := w.Title(j.Title).Name
				return slices.ContainsFunc(words, func(s string) bool { return strings.Contains(name, s) })
			})
			n.add(!fit, "person %d (%s) is a member of %q", i, roleNames(w, p), o.Name)
		}
	}
	return n
}

// graduateEnglish are the countries whose master's and doctorates a
// reader knows to be taught in English, since 2005, and whose
// universities teach foreigners in English.
var graduateEnglish = []string{"NL", "SE", "DK", "FI", "NO"}

// countUnlistedStudyLanguages counts the studies taught in a language
// other than the person's own (the school's, and English for a master's
// or doctorate of graduateEnglish since 2005) that the profile leaves
// out, lists without a level or lists below professional working
// proficiency.
func countUnlistedStudyLanguages(w *World) tally {
	var n tally
	for i, x := range extrasOf(w) {
		p := w.Person(i)
		own := cultureLanguage[w.names.cultures[p.culture].spec.code]
		level := func(name string) int { return languageRank(x.Language, name) }
		for _, e := range p.Education {
			u := w.Universities()[e.University]
			if u.City < 0 {
				continue
			}
			taught := []string{w.teachingLanguage(u.City)}
			degree := degreeNames[e.Degree]
			if slices.Contains(graduateEnglish, w.geo.places[u.City].Country) && e.End >= 2005 &&
				(strings.HasPrefix(degree, "Master") || strings.Contains(degree, "PhD")) {
				taught = append(taught, "English")
			}
			for _, l := range taught {
				if l == "" || l == own {
					continue
				}
				n.add(level(l) > 2, "person %d (own language %s) studied %s at %s and lists %s at %d", i, own, degree, u.Name, l, level(l))
			}
		}
	}
	return n
}

// countForeignSkills counts the skills of people who have worked that
// belong to no line of work of their roles: neither generic nor of
// leading people, nor of a line of any role of theirs.
func countForeignSkills(w *World) tally {
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		if len(p.Jobs) == 0 {
			continue
		}
		fams := linesOfWork(w, p)
		for _, s := range p.Skills {
			own := slices.Contains(w.skills.generic, s) || slices.Contains(w.skills.byFamily[famGeneral], s) ||
				slices.ContainsFunc(fams, func(f family) bool { return slices.Contains(w.skills.byFamily[f], s) })
			n.add(!own, "person %d (%s) lists %q", i, roleNames(w, p), w.skills.names[s])
		}
	}
	return n
}

// serviceRequests finds the traffic a role description claims.
var serviceRequests = regexp.MustCompile(`handling (\d+)k requests a minute`)

// trafficTrades are the industries whose companies run busy online
// services; elsewhere only a large company does.
var trafficTrades = []string{"Computer Software", "Internet", "Information Technology and Services",
	"Computer Games", "Computer & Network Security", "Online Media", "Telecommunications", "Wireless",
	"Computer Networking", "E-Learning"}

// countServiceTraffic counts the services whose traffic is beyond the
// employer: more than ten thousand requests a minute per employee at a
// software or internet company, more than a hundred per employee
// elsewhere.
func countServiceTraffic(w *World) tally {
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		for k, j := range p.Jobs {
			m := serviceRequests.FindStringSubmatch(w.JobDescription(p, k))
			if m == nil {
				continue
			}
			v, _ := strconv.Atoi(m[1])
			co := w.Company(j.Company)
			most := int(co.StaffCount) / 10
			if slices.Contains(trafficTrades, w.Industry(co.Industry)) {
				most = int(co.StaffCount) * 10
			}
			n.add(v > most, "person %d, %s at %s (%d staff, %s): %dk requests a minute",
				i, w.Title(j.Title).Name, co.Name, co.StaffCount, w.Industry(co.Industry), v)
		}
	}
	return n
}

// technologySince are words of technology a reader dates, with the year
// each came into common use.
var technologySince = []struct {
	words string
	year  int
}{
	{"repositories", 2005}, {"requests a minute", 1998}, {"test coverage", 1998}, {"app releases", 2008},
	{"crash-free", 2008}, {"app start-up", 2008}, {"iOS", 2008}, {"multi-factor", 2005},
	{"machine learning models", 2010}, {"machine learning into production", 2010}, {"deployments", 2005},
	{"APIs", 2000}, {"observable", 2008}, {"new platform", 2008}, {"events a day", 2005}, {"SEO", 2000},
	{"data-driven campaigns", 2003}, {"page load", 1998}, {"interface components", 2008}, {"learners", 2010},
	{"github.com", 2008}, {"Cloud Migration", 2008}, {"Mobile App", 2008}, {"GDPR", 2016},
	{"IFRS 16", 2016}, {"Design System", 2012}, {"Internal Developer Platform", 2014}, {"Web Series", 2005},
	{"design system", 2012}, {"core flows", 2003}, {"user interviews", 2001},
}

// datedTechnology returns the first word of technology of a text not yet
// in use in a year, or "".
func datedTechnology(text string, year int) string {
	for _, t := range technologySince {
		if year < t.year && strings.Contains(text, t.words) {
			return t.words
		}
	}
	return ""
}

// countAnachronisms counts the role descriptions and projects that name
// a technology before it came into use: in the year the role began, or
// the year the project began.
func countAnachronisms(w *World) tally {
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		for k, j := range p.Jobs {
			if j.Start == 0 {
				continue
			}
			desc := w.JobDescription(p, k)
			word := datedTechnology(desc, j.Start.Year())
			n.add(word != "", "person %d, %s from %d: %q in %q", i, w.Title(j.Title).Name, j.Start.Year(), word, desc)
		}
	}
	for i, x := range extrasOf(w) {
		for _, pr := range x.Project {
			if pr.StartDate == nil {
				continue
			}
			year, _ := strconv.Atoi((*pr.StartDate)[:4])
			text := pr.Name
			if pr.URL != nil {
				text += " " + *pr.URL
			}
			word := datedTechnology(text, year)
			n.add(word != "", "person %d: project %q of %d names %q", i, text, year, word)
		}
	}
	return n
}

// patentFirsts are the first numbers the US and European offices gave
// in some years, as a reader would look them up.
var patentFirsts = map[string][][2]int{
	"US": {{1980, 4180867}, {1990, 4890335}, {2000, 6009555}, {2010, 7640598}, {2020, 10524336}, {2025, 12185000}},
	"EP": {{1985, 50000}, {1995, 420000}, {2005, 1100000}, {2015, 2250000}, {2025, 3800000}},
}

// plausibleNumber reports whether a patent number fits its year: within
// the decade-wide span around the office's numbers of that year.
func plausibleNumber(office string, number, year int) bool {
	series := patentFirsts[office]
	lo, hi := 0, 1<<31
	for _, s := range series {
		if s[0] <= year-5 {
			lo = s[1]
		}
		if s[0] >= year+5 && hi == 1<<31 {
			hi = s[1]
		}
	}
	return number >= lo && number <= hi
}

// countPatentSeries counts the patents whose number is not of their
// year: a US or EP number of another decade, a WO or DE number naming
// another year.
func countPatentSeries(w *World) tally {
	var n tally
	digits := regexp.MustCompile(`\d+`)
	for i, x := range extrasOf(w) {
		for _, pat := range x.Patent {
			if pat.Date == nil || pat.PatentNumber == nil || pat.Issue == nil {
				continue
			}
			year, _ := strconv.Atoi((*pat.Date)[:4])
			num := *pat.PatentNumber
			bare := num[:strings.LastIndexByte(num, ' ')] // without the kind code, "B2"
			all := strings.Join(digits.FindAllString(bare, -1), "")
			v, _ := strconv.Atoi(all)
			bad := false
			switch *pat.Issue {
			case "US", "EP":
				bad = !plausibleNumber(*pat.Issue, v, year)
			case "WO":
				y, _, _ := strings.Cut(strings.TrimPrefix(num, "WO "), "/")
				bad = y != strconv.Itoa(year) && y != fmt.Sprintf("%02d", year%100)
			case "DE":
				bad = year >= 2004 && !strings.HasPrefix(num, "DE 10 "+strconv.Itoa(year)) ||
					year < 2004 && strings.HasPrefix(num, "DE 10 2")
			}
			n.add(bad, "person %d: patent %s of %d", i, num, year)
		}
	}
	return n
}

// researchWords are the words of titles that do not invent: testers,
// operators of systems, support, analysts.
var nonResearchWords = []string{"QA", "Test", "Testing", "Quality", "Reliability", "DevOps", "Support",
	"Security", "Analyst", "Intern", "Trainee", "Technician", "Administrator"}

// patentTrades are the industries a reader expects patents of.
var patentTrades = []string{"Automotive", "Aviation & Aerospace", "Biotechnology", "Building Materials",
	"Chemicals", "Computer & Network Security", "Computer Games", "Computer Hardware", "Computer Networking",
	"Computer Software", "Consumer Electronics", "Defense & Space", "Electrical/Electronic Manufacturing",
	"Industrial Automation", "Internet", "Machinery", "Mechanical or Industrial Engineering", "Medical Devices",
	"Nanotechnology", "Oil & Energy", "Pharmaceuticals", "Railroad Manufacture", "Renewables & Environment",
	"Research", "Semiconductors", "Shipbuilding", "Telecommunications", "Wireless", "Plastics",
	"Packaging and Containers", "Sporting Goods", "Consumer Goods", "Information Technology and Services"}

// countForeignPatents counts the patents the person held no research
// role for: one of mid level or above, of no testing, operations or
// support title, at a company of an industry that patents, held when the
// patent was granted.
func countForeignPatents(w *World) tally {
	var n tally
	for i, x := range extrasOf(w) {
		p := w.Person(i)
		for _, pat := range x.Patent {
			if pat.Date == nil {
				continue
			}
			at := monthOfISO(*pat.Date)
			fit := slices.ContainsFunc(p.Jobs, func(j Job) bool {
				t := w.Title(j.Title)
				padded := " " + t.Name + " "
				end := j.End
				if j.Current {
					end = w.month
				}
				return j.Start != 0 && j.Start <= at && at <= end && t.Level >= MidLevel && t.Level != Board &&
					slices.Contains(patentTrades, w.Industry(w.Company(j.Company).Industry)) &&
					!slices.ContainsFunc(nonResearchWords, func(s string) bool { return strings.Contains(padded, " "+s+" ") })
			})
			n.add(!fit, "person %d (%s) holds the patent %q of %s", i, roleNames(w, p), pat.Name, *pat.Date)
		}
	}
	return n
}

// monthOfISO reads the month of a date the service writes.
func monthOfISO(s string) Month {
	year, _ := strconv.Atoi(s[:4])
	month, _ := strconv.Atoi(s[5:7])
	return MonthOf(year, time.Month(month))
}

// scholarWords are the words of the titles of people who publish in
// journals.
var scholarWords = []string{"Research", "Researcher", "Scientist", "Professor", "Lecturer", "Academic",
	"PhD", "Doctoral", "Postdoctoral", "Physician", "Doctor", "Surgeon", "Fellow"}

// countJournalPapers counts the papers in a journal (not the trade
// press, a blog or a talk) by people who never held a researcher's, an
// academic's or a doctor's title, nor, for business journals, an
// executive's.
func countJournalPapers(w *World) tally {
	var n tally
	for i, x := range extrasOf(w) {
		p := w.Person(i)
		for _, pub := range x.Publication {
			if pub.Issue == nil {
				continue
			}
			journal := slices.ContainsFunc(familyWriting[:], func(f struct{ trade, journals, topics []string }) bool {
				return slices.Contains(f.journals, *pub.Issue)
			})
			if !journal {
				continue
			}
			fit := slices.ContainsFunc(p.Jobs, func(j Job) bool {
				t := w.Title(j.Title)
				padded := " " + t.Name + " "
				return slices.ContainsFunc(scholarWords, func(s string) bool { return strings.Contains(padded, " "+s+" ") }) ||
					slices.Contains(familyWriting[famGeneral].journals, *pub.Issue) && (t.Level == VP || t.Level == CLevel || t.Level == Founder)
			})
			n.add(!fit, "person %d (%s) published in %q", i, roleNames(w, p), *pub.Issue)
		}
	}
	return n
}

// countForeignOrganizations counts the memberships of a professional
// body of no line of work of the person's, or of another country's.
func countForeignOrganizations(w *World) tally {
	var n tally
	for i, x := range extrasOf(w) {
		p := w.Person(i)
		country := w.geo.places[p.City].Country
		for _, o := range x.Organization {
			fit := slices.Contains(clubs, o.Name) || slices.ContainsFunc(linesOfWork(w, p), func(f family) bool {
				return slices.Contains(bodiesOf(f, country), o.Name)
			})
			n.add(!fit, "person %d (%s, %s) is a member of %q", i, roleNames(w, p), country, o.Name)
		}
	}
	return n
}

// titleYears finds a summary that joins a title with years of
// experience, and whether it says how many were in the current line.
var titleYears = regexp.MustCompile(`^[^.]* with (\d+)\+ years of experience(, \d+ of them in this line of work)?`)

// countSummaryLineYears counts the summaries that join the current
// title with years of experience of which two or more, beyond one, were
// in another line of work, without saying so.
func countSummaryLineYears(w *World) tally {
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		job, ok := p.CurrentJob()
		if !ok {
			continue
		}
		m := titleYears.FindStringSubmatch(w.Summary(p))
		if m == nil || m[2] != "" {
			continue
		}
		claimed, _ := strconv.Atoi(m[1])
		months := 0
		for k, j := range p.Jobs {
			if j.Start != 0 && j.fam == job.fam && (k == 0 || !j.Current) {
				end := j.End
				if j.Current {
					end = w.month
				}
				months += int(end) - int(j.Start)
			}
		}
		n.add(claimed > months/12+2, "person %d (%s): %d years in the line, %q", i, roleNames(w, p), months/12, m[0])
	}
	return n
}

// The skills of management a reader expects only of people who held a
// role of a level: leading people of a team lead and above, strategy of
// heads and above, governance of executives and board members.
var (
	leadingSkillNames    = []string{"Leadership", "Team Leadership", "Team Management", "People Management", "Management"}
	strategySkillNames   = []string{"Strategic Planning", "Business Strategy", "Change Management", "P&L Management"}
	governanceSkillNames = []string{"Corporate Governance", "Mergers & Acquisitions", "Executive Management"}
)

// countSkillsAbove counts the people who list one of the skills without
// ever having held a role at one of the levels.
func countSkillsAbove(skills []string, levels ...Level) func(w *World) tally {
	return func(w *World) tally {
		var n tally
		for i := range w.Len() {
			p := w.Person(i)
			held := slices.ContainsFunc(p.Jobs, func(j Job) bool { return slices.Contains(levels, w.Title(j.Title).Level) })
			for _, s := range p.Skills {
				if name := w.Skills()[s]; slices.Contains(skills, name) {
					n.add(!held, "person %d (%s) lists %q", i, roleNames(w, p), name)
				}
			}
		}
		return n
	}
}

// roleNames lists a person's titles, for an example.
func roleNames(w *World, p *Person) string {
	var names []string
	for _, j := range p.Jobs {
		names = append(names, w.Title(j.Title).Name)
	}
	if len(names) == 0 {
		return "no role"
	}
	return strings.Join(names, ", ")
}

// countLanguageSkills counts the skills that are names of languages: a
// profile lists those among its languages.
func countLanguageSkills(w *World) tally {
	languages := map[string]bool{}
	for _, l := range cultureLanguage {
		languages[l] = true
	}
	var n tally
	for i := range w.Len() {
		for _, s := range w.Person(i).Skills {
			name := w.Skills()[s]
			n.add(languages[name], "person %d lists the skill %q", i, name)
		}
	}
	return n
}

// achievementPattern reads the sentences of one template: its numbers
// and what bounds each.
type achievementPattern struct {
	re    *regexp.Regexp
	slots []slot
	tmpl  string
}

var (
	achievementPatternsOnce sync.Once
	achievementPatterns     [numFamilies][]achievementPattern
)

// loadAchievementPatterns turns each line of work's templates into
// regular expressions whose groups are the numbers.
func loadAchievementPatterns() {
	braces := regexp.MustCompile(`\{[^}]*\}`)
	for f := range numFamilies {
		for _, tmpl := range familyAchievements(f) {
			var slots []slot
			for _, m := range braces.FindAllString(tmpl, -1) {
				slots = append(slots, parseSlot(m[1:len(m)-1]))
			}
			parts := braces.Split(tmpl, -1)
			for k := range parts {
				parts[k] = regexp.QuoteMeta(parts[k])
			}
			re := regexp.MustCompile("^" + strings.Join(parts, `(\d+)`) + "$")
			achievementPatterns[f] = append(achievementPatterns[f], achievementPattern{re, slots, tmpl})
		}
	}
}

// achievementSentences splits the description of a role at company into
// its achievements: the sentences after the first ("Focused on … at
// <company>."), whose company name may hold full stops of its own.
func achievementSentences(desc, company string) []string {
	at := " at " + strings.TrimSuffix(company, ".") + "."
	k := strings.Index(desc, at)
	if k < 0 {
		return nil
	}
	rest := strings.TrimSpace(desc[k+len(at):])
	if rest == "" {
		return nil
	}
	var out []string
	for _, s := range strings.SplitAfter(rest, ". ") {
		out = append(out, strings.TrimSpace(s))
	}
	return out
}

// readAchievement matches a sentence of line of work f with its
// template, returning its numbers; false where none matches.
func readAchievement(f family, s string) (achievementPattern, []int, bool) {
	achievementPatternsOnce.Do(loadAchievementPatterns)
	for _, pat := range achievementPatterns[f] {
		if m := pat.re.FindStringSubmatch(s); m != nil {
			values := make([]int, len(m)-1)
			for k := range values {
				values[k], _ = strconv.Atoi(m[k+1])
			}
			return pat, values, true
		}
	}
	return achievementPattern{}, nil, false
}

// mostLed is the most people a reader believes a holder of a level
// leads; an individual contributor leads nobody.
var mostLed = map[Level]int{Lead: 15, Head: 50, Directors: 200, VP: 600, CLevel: 1 << 30, Founder: 1 << 30, Board: 1 << 30}

// countAchievements counts the achievement sentences with a number the
// role could not reach: people led by an individual contributor, or
// more than the level leads or than the employer's staff; a share of the
// staff above what the sentence allows (hires, a team, offices); more
// done than the sentence's rate over its period or the time in the role
// (a role of a known start); a period longer than the role.
func countAchievements(w *World) tally {
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		for k, j := range p.Jobs {
			staff := int(w.Company(j.Company).StaffCount)
			level := w.Title(j.Title).Level
			tenure := -1
			if j.Start != 0 {
				end := j.End
				if j.Current || end == 0 {
					end = w.month
				}
				tenure = int(end) - int(j.Start)
			}
			for _, s := range achievementSentences(w.JobDescription(p, k), w.Company(j.Company).Name) {
				pat, values, ok := readAchievement(j.fam, s)
				if !ok {
					continue
				}
				why := achievementFault(pat.slots, values, staff, level, tenure)
				n.add(why != "", "person %d, %s at %s (%d staff, %d months): %q: %s",
					i, w.Title(j.Title).Name, w.Company(j.Company).Name, staff, tenure, s, why)
			}
		}
	}
	return n
}

// achievementFault says what is wrong with a sentence's numbers for a
// role, or "" where they fit. A tenure below zero is unknown.
func achievementFault(slots []slot, values []int, staff int, level Level, tenure int) string {
	months := tenure
	for k, s := range slots {
		if s.period > 0 {
			if tenure >= 0 && values[k]*s.period > tenure {
				return fmt.Sprintf("a period of %d months in a role of %d", values[k]*s.period, tenure)
			}
			months = values[k] * s.period
		}
	}
	for k, s := range slots {
		v := values[k]
		switch {
		case s.led && (mostLed[level] == 0 || v > mostLed[level]):
			return fmt.Sprintf("%d people led at level %s", v, level)
		case s.led && v >= staff:
			return fmt.Sprintf("%d people led of %d staff", v, staff)
		case s.per > 0 && v > staff/s.per:
			return fmt.Sprintf("%d is more than 1/%d of %d staff", v, s.per, staff)
		case s.by > 0 && v > staff*s.by:
			return fmt.Sprintf("%d is more than %d per each of %d staff", v, s.by, staff)
		case s.rate > 0 && months >= 0 && float64(v) > s.rate*float64(months):
			return fmt.Sprintf("%d in %d months, more than %g a month", v, months, s.rate)
		case s.lvl && level <= Senior && v > s.hi*levelShare(level)/4 && v > s.lo:
			return fmt.Sprintf("%d is a senior's amount for level %s", v, level)
		}
	}
	return ""
}

// countUnreadAchievements counts the achievement sentences no template
// of the role's line of work reads: countAchievements could not check
// them.
func countUnreadAchievements(w *World) tally {
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		for k, j := range p.Jobs {
			for _, s := range achievementSentences(w.JobDescription(p, k), w.Company(j.Company).Name) {
				_, _, ok := readAchievement(j.fam, s)
				n.add(!ok, "person %d: %q", i, s)
			}
		}
	}
	return n
}

// listedLanguage is a language as a rendered profile lists it.
type listedLanguage struct {
	Name        string
	Proficiency *string
}

// profileExtras are the parts of a rendered profile these checks read.
type profileExtras struct {
	Language      []listedLanguage
	Certification []struct{ Name string }
	Project       []struct {
		Name      string
		URL       *string
		StartDate *string
		EndDate   *string
	}
	Publication []struct {
		Name  string
		Issue *string
		Date  *string
	}
	Patent []struct {
		Name         string
		Issue        *string
		PatentNumber *string
		Date         *string
	}
	Organization []struct {
		Name      string
		Position  *string
		StartDate *string
	}
}

// The extras of the world last read, kept for the next check of the
// same world; the world itself is not kept alive by them.
var (
	extrasMu    sync.Mutex
	extrasWorld weak.Pointer[World]
	extrasLast  []profileExtras
)

// extrasOf renders every profile of the world once and keeps the parts
// these checks read.
func extrasOf(w *World) []profileExtras {
	extrasMu.Lock()
	defer extrasMu.Unlock()
	if extrasWorld.Value() == w {
		return extrasLast
	}
	out := make([]profileExtras, w.Len())
	for i := range w.Len() {
		if err := json.Unmarshal(w.Candidate(w.Person(i), true), &out[i]); err != nil {
			panic(err)
		}
	}
	extrasWorld, extrasLast = weak.Make(w), out
	return out
}

// certificateNeeds are the certificates a reader knows to ask for
// something: months of work, or a finished degree of a line of work.
var certificateNeeds = map[string]struct {
	months int
	degree family
}{
	"Project Management Professional (PMP)":               {months: 36},
	"Certified Public Accountant (CPA)":                   {degree: famFinance},
	"Professional Engineer (PE)":                          {months: 48, degree: famCivil},
	"Basic Life Support (BLS)":                            {degree: famClinical},
	"Advanced Cardiovascular Life Support (ACLS)":         {degree: famClinical},
	"Certified Director":                                  {months: 120},
	"Certified Information Privacy Professional (CIPP/E)": {degree: famLegal},
}

// countUnheldCertificates counts the certificates listed by someone
// without the work months or the finished degree they ask for.
func countUnheldCertificates(w *World) tally {
	var n tally
	year := w.Clock().Year()
	for i, x := range extrasOf(w) {
		p := w.Person(i)
		for _, c := range x.Certification {
			need, ok := certificateNeeds[c.Name]
			if !ok {
				continue
			}
			months := totalMonths(p.Jobs, w.month)
			degree := need.degree == famGeneral || slices.ContainsFunc(p.Education, func(e Education) bool {
				return e.Degree != 0 && e.End != 0 && int(e.End) <= year && slices.Contains(w.schools.byFamily[need.degree], e.Field)
			})
			n.add(months < need.months || !degree, "person %d (%s, %d months of work) lists %q", i, roleNames(w, p), months, c.Name)
		}
	}
	return n
}

// linesOfWork are the lines of work of a person's roles, or for someone
// who has not worked, the one their studies lead to.
func linesOfWork(w *World, p *Person) []family {
	var out []family
	for _, j := range p.Jobs {
		if !slices.Contains(out, j.fam) {
			out = append(out, j.fam)
		}
	}
	if len(out) == 0 {
		out = append(out, w.proseFamily(p))
	}
	return out
}

// countForeignExtras counts the certificates, projects, publications
// and patents that belong to no line of work of the person's.
func countForeignExtras(w *World) tally {
	var n tally
	for i, x := range extrasOf(w) {
		p := w.Person(i)
		fams := linesOfWork(w, p)
		own := func(in func(f family) bool) bool { return slices.ContainsFunc(fams, in) }
		for _, c := range x.Certification {
			n.add(!own(func(f family) bool {
				return slices.ContainsFunc(certifications, func(k certification) bool { return k.name == c.Name && slices.Contains(k.fams, f) })
			}), "person %d (%s) lists the certificate %q", i, roleNames(w, p), c.Name)
		}
		for _, pr := range x.Project {
			n.add(!own(func(f family) bool { return slices.Contains(familyProjects[f], pr.Name) }),
				"person %d (%s) lists the project %q", i, roleNames(w, p), pr.Name)
		}
		for _, pub := range x.Publication {
			n.add(!own(func(f family) bool {
				topic, _, _ := strings.Cut(strings.TrimPrefix(pub.Name, "On "), ":")
				return pub.Issue != nil && (slices.Contains(familyWriting[f].journals, *pub.Issue) || slices.Contains(familyWriting[f].trade, *pub.Issue)) &&
					slices.Contains(familyWriting[f].topics, topic)
			}), "person %d (%s) published %q", i, roleNames(w, p), pub.Name)
		}
		for _, pat := range x.Patent {
			n.add(!own(func(f family) bool {
				return slices.Contains(familyInventions[f], strings.TrimPrefix(pat.Name, "System and method for "))
			}), "person %d (%s) holds the patent %q", i, roleNames(w, p), pat.Name)
		}
	}
	return n
}

// countMisdatedExtras counts the dates of projects, publications and
// patents before the person's studies began (their earliest start), before
// their first role of a known start, or after the world's clock.
func countMisdatedExtras(w *World) tally {
	var n tally
	clock := w.month
	for i, x := range extrasOf(w) {
		p := w.Person(i)
		var began, worked Month
		for _, e := range p.Education {
			if m := MonthOf(int(e.Start), time.January); e.Start != 0 && (began == 0 || m < began) {
				began = m
			}
		}
		for _, j := range p.Jobs {
			if j.Start != 0 && (worked == 0 || j.Start < worked) {
				worked = j.Start
			}
		}
		check := func(what string, date *string) {
			if date == nil {
				return
			}
			t, err := time.Parse(time.RFC3339, *date)
			if err != nil {
				n.add(true, "person %d: %s dated %q", i, what, *date)
				return
			}
			m := MonthOf(t.Year(), t.Month())
			n.add(m < began || worked == 0 || m < worked || m > clock, "person %d: %s dated %s; studies began %s, work %s, clock %s",
				i, what, t.Format("2006-01"), began.Time().Format("2006-01"), worked.Time().Format("2006-01"), clock.Time().Format("2006-01"))
		}
		for _, pr := range x.Project {
			check("the project "+pr.Name, pr.StartDate)
			check("the end of the project "+pr.Name, pr.EndDate)
		}
		for _, pub := range x.Publication {
			check("the publication "+pub.Name, pub.Date)
		}
		for _, pat := range x.Patent {
			check("the patent "+pat.Name, pat.Date)
		}
	}
	return n
}

// countForeignSpecialty counts the phrases of role descriptions ("Focused
// on …" and each achievement) and of working people's summaries ("I enjoy
// …") that are neither of the role's line of work as a whole nor of its
// title's specialty in it: a QA engineer does not claim a backend's
// latency, nor an executive assistant a warehouse's fulfilment costs.
func countForeignSpecialty(w *World) tally {
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		for k, j := range p.Jobs {
			title, company := w.Title(j.Title).Name, w.Company(j.Company).Name
			d := w.JobDescription(p, k)
			if d == "" {
				continue
			}
			doing := strings.TrimPrefix(d[:strings.Index(d, " at ")], "Focused on ")
			n.add(!slices.Contains(w.roleDoing(j), doing), "person %d, %s: %q", i, title, doing)
			for _, s := range achievementSentences(d, company) {
				pat, _, ok := readAchievement(j.fam, s)
				n.add(ok && !slices.Contains(w.roleAchievements(j), pat.tmpl), "person %d, %s: %q", i, title, s)
			}
		}
		job, working := p.CurrentJob()
		summary := w.Summary(p)
		if at := strings.Index(summary, "I enjoy "); working && at >= 0 {
			doing, _, _ := strings.Cut(summary[at+len("I enjoy "):], ".")
			n.add(!slices.Contains(w.roleDoing(job), doing), "person %d, %s: summary %q", i, w.Title(job.Title).Name, doing)
		}
	}
	return n
}

// countUnstudiedLanguages counts, on the profiles that list languages,
// the studies whose language is missing or listed below what they give:
// a degree in a language's literature or studies gives it at full
// professional proficiency or better, studies in a country its language
// at professional working proficiency or better.
func countUnstudiedLanguages(w *World) tally {
	var n tally
	for i, x := range extrasOf(w) {
		if len(x.Language) == 0 {
			continue
		}
		p := w.Person(i)
		level := func(name string) int { return languageRank(x.Language, name) }
		for _, e := range p.Education {
			u := w.Universities()[e.University]
			field := w.schools.fields[e.Field]
			if u.City >= 0 {
				l := w.teachingLanguage(u.City)
				n.add(l != "" && level(l) > 2, "person %d studied at %s and lists %s at %d", i, u.Name, l, level(l))
			}
			if l := studiedLanguage(field); e.Degree != 0 && l != "" {
				n.add(level(l) > 1, "person %d has a degree in %s and lists %s at %d", i, field, l, level(l))
			}
		}
	}
	return n
}

// countForeignCourses counts the courses a profile lists (w.coursesOf)
// that are of none of the person's lines of work nor of every line.
func countForeignCourses(w *World) tally {
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		fams := linesOfWork(w, p)
		for _, c := range w.coursesOf(newRand(p.Seed, streamRender), p) {
			own := slices.Contains(commonCourses, c.Name) ||
				slices.ContainsFunc(fams, func(f family) bool { return slices.Contains(familyCourses[f], c.Name) })
			n.add(!own, "person %d (%s) took the course %q", i, roleNames(w, p), c.Name)
		}
	}
	return n
}

// TestExtrasKept checks that a profile's extras do not change with the
// world's clock: ten years on, a person lists the same certificates, and
// the same projects, publications, patents and awards dated before the
// first snapshot's clock, adding only those of later dates.
func TestExtrasKept(t *testing.T) {
	w := realismWorld(t)
	later, err := w.Advance(3650)
	if err != nil {
		t.Fatal(err)
	}
	n := countChangedExtras(w, later)
	t.Logf("people whose extras of before the start changed ten years on: %s", n)
	if n.bad > 0 {
		t.Errorf("extras changed ten years on: %s; for example %s", n, strings.Join(n.examples, "; "))
	}
	if n.of < 100 {
		t.Errorf("only %d people list extras: the check checked little", n.of)
	}
}

// keptExtras are the extras of a profile a later snapshot must keep.
type keptExtras struct {
	Certification []json.RawMessage
	Project       []struct {
		Name, Description, URL, StartDate, EndDate *string
	}
	Publication []struct{ Name, Description, Issue, URL, Date *string }
	Patent      []struct{ Name, Issue, PatentNumber, Date *string }
	HonorAward  []struct{ Name, Description, Issue, Date *string }
}

// countChangedExtras counts the people of world w (with extras in w or
// later) whose extras dated before w's clock differ in later, or whose
// certificates of w are not all in later. (A role may begin in the
// clock's own month after the snapshot, so that month is left out.)
func countChangedExtras(w, later *World) tally {
	var n tally
	upTo := func(date *string) bool { return date != nil && *date < isoDate(w.month) }
	str := func(v any) string { b, _ := json.Marshal(v); return string(b) }
	for i := range w.Len() {
		p, q := w.Person(i), later.Person(i)
		if p.UID != q.UID {
			continue
		}
		var before, after keptExtras
		if err := json.Unmarshal(w.Candidate(p, true), &before); err != nil {
			panic(err)
		}
		if err := json.Unmarshal(later.Candidate(q, true), &after); err != nil {
			panic(err)
		}
		var was, now []string
		for _, c := range before.Certification {
			was = append(was, string(c))
		}
		for _, c := range after.Certification {
			if slices.Contains(was, string(c)) {
				now = append(now, string(c))
			}
		}
		for _, x := range before.Project {
			if !upTo(x.EndDate) {
				x.EndDate = nil // ended in the clock's own month
			}
			if upTo(x.StartDate) {
				was = append(was, str(x))
			}
		}
		for _, x := range after.Project {
			if !upTo(x.EndDate) {
				x.EndDate = nil // still running before w's clock
			}
			if upTo(x.StartDate) {
				now = append(now, str(x))
			}
		}
		for _, x := range before.Publication {
			if upTo(x.Date) {
				was = append(was, str(x))
			}
		}
		for _, x := range after.Publication {
			if upTo(x.Date) {
				now = append(now, str(x))
			}
		}
		for _, x := range before.Patent {
			if upTo(x.Date) {
				was = append(was, str(x))
			}
		}
		for _, x := range after.Patent {
			if upTo(x.Date) {
				now = append(now, str(x))
			}
		}
		for _, x := range before.HonorAward {
			if upTo(x.Date) {
				was = append(was, str(x))
			}
		}
		for _, x := range after.HonorAward {
			if upTo(x.Date) {
				now = append(now, str(x))
			}
		}
		if len(was) == 0 && len(now) == 0 {
			continue
		}
		slices.Sort(was)
		slices.Sort(now)
		n.add(!slices.Equal(was, now), "person %d (%s): %v, ten years on %v", i, roleNames(w, p), was, now)
	}
	return n
}

// venueYears are the years a reader knows publications to have begun.
var venueYears = map[string]int{
	"Medium": 2012, "Smashing Magazine": 2006, "Mind the Product": 2010, "Dev.to": 2016,
	"UX Collective": 2016, "Towards Data Science": 2016, "IEEE Access": 2013, "BMJ Open": 2011, "InfoQ": 2006,
}

// countVenueYears counts the publications dated before their venue
// began, and the venues of the writing table with no founding year.
func countVenueYears(w *World) tally {
	var n tally
	for _, writing := range familyWriting {
		for _, v := range slices.Concat(writing.trade, writing.journals) {
			_, ok := venueFounded[v]
			n.add(!ok, "the venue %q has no founding year", v)
		}
	}
	for i, x := range extrasOf(w) {
		for _, pub := range x.Publication {
			if pub.Issue == nil || pub.Date == nil {
				continue
			}
			year, _ := strconv.Atoi((*pub.Date)[:4])
			founded, known := venueYears[*pub.Issue]
			n.add(known && year < founded, "person %d: %q in %s of %d, founded %d", i, pub.Name, *pub.Issue, year, founded)
		}
	}
	return n
}

// leadingWords are phrases of mentoring and leading others a reader
// expects of seniors and above only.
var leadingWords = []string{"mentoring", "leading kitchen teams", "leading front-of-house", "talent and leaders",
	"growing teams", "leading organisations", "companies people want to work for"}

// belowSenior reports whether a level is below Senior on the ladder.
func belowSenior(l Level) bool {
	k := slices.Index(ladder, l)
	return k >= 0 && k < slices.Index(ladder, Senior)
}

// leadingPhrase returns the phrase of leading others a text has, or "".
func leadingPhrase(text string) string {
	for _, word := range leadingWords {
		if strings.Contains(text, word) {
			return word
		}
	}
	return ""
}

// countLeadingBelowSenior counts the role descriptions of roles below
// Senior, and the summaries and headlines of people whose latest role is
// below Senior (or who never worked), that speak of mentoring or leading.
func countLeadingBelowSenior(w *World) tally {
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		for k, j := range p.Jobs {
			if l := w.Title(j.Title).Level; belowSenior(l) {
				desc := w.JobDescription(p, k)
				word := leadingPhrase(desc)
				n.add(word != "", "person %d, %s (%s): %q in %q", i, w.Title(j.Title).Name, l, word, desc)
			}
		}
		if len(p.Jobs) == 0 || belowSenior(w.Title(p.Jobs[0].Title).Level) {
			text := w.Summary(p) + " | " + w.Headline(p)
			word := leadingPhrase(text)
			n.add(word != "", "person %d (%s): %q in %q", i, roleNames(w, p), word, text)
		}
	}
	return n
}

// Trades a reader knows: those that pay no corporate tax, those of no
// goods to store, those that raise no venture funding, schools, those
// whose work is buildings, and those of neither software nor products.
var (
	untaxedTrades = []string{"Non-Profit Organization Management", "Religious Institutions", "Philanthropy",
		"Government Administration", "Higher Education", "Primary/Secondary Education", "Civic & Social Organization",
		"Military", "Judiciary", "Libraries"}
	goodsFreeTrades = []string{"Design", "Graphic Design", "Law Practice", "Legal Services", "Accounting",
		"Management Consulting", "Marketing and Advertising", "Higher Education", "Primary/Secondary Education",
		"Hospital & Health Care", "Financial Services", "Banking", "Insurance", "Computer Software", "Religious Institutions",
		"Non-Profit Organization Management", "Staffing and Recruiting", "Public Relations and Communications", "Architecture & Planning"}
	unfundedTrades = []string{"Law Practice", "Legal Services", "Accounting", "Religious Institutions", "Restaurants",
		"Government Administration", "Primary/Secondary Education", "Higher Education", "Non-Profit Organization Management",
		"Construction", "Civil Engineering", "Architecture & Planning", "Hospitality", "Retail"}
	schoolTrades   = []string{"Primary/Secondary Education", "Higher Education", "Education Management"}
	buildingTrades = []string{"Real Estate", "Commercial Real Estate", "Facilities Services", "Hospital & Health Care",
		"Higher Education", "Primary/Secondary Education", "Hospitality", "Government Administration", "Construction",
		"Security and Investigations", "Recreational Facilities and Services", "Leisure, Travel & Tourism", "Military",
		"Retail", "Supermarkets"}
	releaseFreeTrades = []string{"Civil Engineering", "Construction", "Architecture & Planning", "Law Practice",
		"Legal Services", "Hospital & Health Care", "Restaurants", "Hospitality", "Primary/Secondary Education",
		"Higher Education", "Religious Institutions", "Government Administration", "Accounting", "Real Estate"}
)

// buildingCount reads the buildings or sites a sentence says were run.
var buildingCount = regexp.MustCompile(`(\d+) (?:buildings|sites totalling)`)

// tradeFault says why an achievement does not fit its employer's trade
// and staff, or "".
func tradeFault(s, industry string, staff int) string {
	switch {
	case strings.Contains(s, "effective tax rate") && (slices.Contains(untaxedTrades, industry) || staff < 50):
		return "a tax rate cut"
	case strings.Contains(s, "warehouses") && slices.Contains(goodsFreeTrades, industry):
		return "warehouses"
	case strings.HasPrefix(s, "Raised funding") && (slices.Contains(unfundedTrades, industry) || staff < 12):
		return "funding raised"
	case strings.Contains(s, "managers in") && slices.Contains(schoolTrades, industry):
		return "managers trained abroad"
	case strings.Contains(s, "major releases") && slices.Contains(releaseFreeTrades, industry):
		return "major releases"
	}
	if m := buildingCount.FindStringSubmatch(s); m != nil && !strings.Contains(s, "structures") {
		v, _ := strconv.Atoi(m[1])
		most := staff / 100
		if slices.Contains(buildingTrades, industry) {
			most = staff / 8
		}
		if v > most {
			return fmt.Sprintf("%d buildings, more than %d", v, most)
		}
	}
	return ""
}

// countAchievementsOfTrade counts the achievement sentences the
// employer's trade or size does not do (tradeFault).
func countAchievementsOfTrade(w *World) tally {
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		for k, j := range p.Jobs {
			co := w.Company(j.Company)
			industry := w.Industry(co.Industry)
			for _, s := range achievementSentences(w.JobDescription(p, k), co.Name) {
				why := tradeFault(s, industry, int(co.StaffCount))
				n.add(why != "", "person %d, %s at %s (%s, %d staff): %q: %s", i, w.Title(j.Title).Name, co.Name, industry, co.StaffCount, s, why)
			}
		}
	}
	return n
}

// handsWork are the starts of achievements of one's own hands, which a
// reader does not expect of a head, a director or an executive.
var handsWork = []string{"Designed ", "Automated ", "Raised test coverage", "Closed ", "Prepared ", "Taught ",
	"Cared for ", "Edited ", "Mixed sound", "Shot ", "Animated ", "Handled ", "Mapped ", "Wrote requirements",
	"Organised the documents", "Managed diaries", "Built a design system", "Built a clientele"}

// handsSentence reports whether an achievement is of one's own hands:
// one of handsWork, dashboards or components built, interviews run.
func handsSentence(s string) bool {
	if strings.HasPrefix(s, "Built ") && (strings.Contains(s, "dashboards") || strings.Contains(s, "components")) ||
		strings.Contains(s, "user interviews") {
		return true
	}
	return slices.ContainsFunc(handsWork, func(h string) bool { return strings.HasPrefix(s, h) })
}

// countIndividualWorkAbove counts the achievements of one's own hands in
// the descriptions of roles of Head and above, and the templates of the
// exclusion tables that no line of work has.
func countIndividualWorkAbove(w *World) tally {
	var n tally
	var all []string
	for f := range numFamilies {
		all = append(all, familyAchievements(f)...)
	}
	for tmpl := range individualWork {
		n.add(!slices.Contains(all, tmpl), "individualWork names %q, of no line of work", tmpl)
	}
	for tmpl := range achievementTrades {
		n.add(!slices.Contains(all, tmpl), "achievementTrades names %q, of no line of work", tmpl)
	}
	for i := range w.Len() {
		p := w.Person(i)
		for k, j := range p.Jobs {
			l := w.Title(j.Title).Level
			if slices.Index(ladder, l) < slices.Index(ladder, Head) && l != Founder && l != Board {
				continue
			}
			for _, s := range achievementSentences(w.JobDescription(p, k), w.Company(j.Company).Name) {
				n.add(handsSentence(s), "person %d, %s (%s): %q", i, w.Title(j.Title).Name, l, s)
			}
		}
	}
	return n
}

// formerYears reads the line a summary says the earlier years were in.
var formerYears = regexp.MustCompile(`, after \d+\+ years in ([^.]+)\.`)

// countFormerLineSummaries counts the summaries that put the earlier
// years "in other work" though earlier roles of a line of work are
// dated, or in the line of the current role itself.
func countFormerLineSummaries(w *World) tally {
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		job, ok := p.CurrentJob()
		if !ok {
			continue
		}
		m := formerYears.FindStringSubmatch(w.Summary(p))
		if m == nil {
			continue
		}
		dated := slices.ContainsFunc(p.Jobs[1:], func(j Job) bool { return j.Start != 0 && !j.Current && j.fam != job.fam })
		n.add(m[1] == "other work" && dated || m[1] == lineWork[job.fam], "person %d (%s): earlier years %q", i, roleNames(w, p), m[0])
	}
	return n
}

// countSpecialistSkills counts the people whose latest role is of a
// specialty of its own skills and who list three or more skills of the
// role's line but none of the specialty's.
func countSpecialistSkills(w *World) tally {
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		if len(p.Jobs) == 0 {
			continue
		}
		j := p.Jobs[0]
		spec := specialtyOf(j.fam, j.Title)
		if spec == nil || len(spec.skills) == 0 {
			continue
		}
		line, own := 0, 0
		for _, s := range p.Skills {
			name := w.skills.names[s]
			if slices.Contains(w.skills.byFamily[j.fam], s) {
				line++
			}
			if slices.Contains(spec.skills, name) {
				own++
			}
		}
		n.add(line >= 3 && own == 0, "person %d, %s: %d skills of the line, none of %v", i, w.Title(j.Title).Name, line, spec.skills)
	}
	return n
}

// languageRank returns the rank in proficiencies of language name as
// languages list it, or len(proficiencies) where they leave it out or
// give it no level.
func languageRank(languages []listedLanguage, name string) int {
	for _, l := range languages {
		if l.Name == name && l.Proficiency != nil {
			return slices.Index(proficiencies, *l.Proficiency)
		}
	}
	return len(proficiencies)
}

// countEnglishOfStudies counts the foreigners with a degree since 2000
// from a university of graduateEnglish who list English below
// professional working proficiency, and the people who studied in
// English and list a foreign language of their studies above English.
func countEnglishOfStudies(w *World) tally {
	var n tally
	for i, x := range extrasOf(w) {
		p := w.Person(i)
		own := cultureLanguage[w.names.cultures[p.culture].spec.code]
		if own == "English" || len(p.Education) == 0 {
			continue
		}
		level := func(name string) int { return languageRank(x.Language, name) }
		inEnglish := false
		var studied []string
		for _, e := range p.Education {
			u := w.Universities()[e.University]
			if u.City < 0 {
				continue
			}
			taught := w.teachingLanguage(u.City)
			country := w.geo.places[u.City].Country
			studied = append(studied, taught, studiedLanguage(w.schools.fields[e.Field]))
			foreigner := e.Degree != 0 && (e.End == 0 || e.End >= 2000) && taught != own && slices.Contains(graduateEnglish, country)
			if foreigner {
				n.add(level("English") > 2, "person %d (own language %s) took a degree at %s and lists English at %d", i, own, u.Name, level("English"))
			}
			degree := degreeNames[e.Degree]
			graduate := slices.Contains(graduateEnglish, country) && e.End >= 2005 &&
				(strings.HasPrefix(degree, "Master") || strings.Contains(degree, "PhD"))
			inEnglish = inEnglish || foreigner || graduate || taught == "English"
		}
		if !inEnglish {
			continue
		}
		for _, l := range studied {
			if l != "" && l != own && l != "English" {
				n.add(level(l) < level("English"), "person %d (own language %s) studied in English and lists %s at %d, English at %d", i, own, l, level(l), level("English"))
			}
		}
	}
	return n
}

// figureRule is what a reader bounds one kind of figure by: the most an
// employer of a staff count and an industry has of it; nil for a figure
// no employer bounds (a client's buildings designed, percentages).
type figureRule func(staff int, industry string) int

// perStaff bounds a figure by a number per employee.
func perStaff(n int) figureRule { return func(staff int, _ string) int { return staff * n } }

// thousandsPerStaff bounds a figure in thousands by a number per
// employee, ten times as many at a software or internet company.
func thousandsPerStaff(n int) figureRule {
	return func(staff int, industry string) int {
		if slices.Contains(trafficTrades, industry) {
			return staff * n * 10 / 1000
		}
		return staff * n / 1000
	}
}

// oneCountryTrades are the trades a reader knows to work in one country:
// schools, hospitals, the state, churches, restaurants.
var oneCountryTrades = []string{"Primary/Secondary Education", "Higher Education", "Education Management",
	"Hospital & Health Care", "Medical Practice", "Mental Health Care", "Government Administration",
	"Legislative Office", "Judiciary", "Military", "Law Enforcement", "Public Safety", "Religious Institutions",
	"Restaurants", "Civic & Social Organization"}

// countriesOfEmployer is the most countries, markets or jurisdictions a
// reader believes an employer works in: one below a hundred staff or in
// a trade of one country, two below 300, four below 1,000, eight below
// 5,000, fifteen below 20,000, thirty above.
func countriesOfEmployer(staff int, industry string) int {
	if slices.Contains(oneCountryTrades, industry) {
		return 1
	}
	for _, step := range [][2]int{{100, 1}, {300, 2}, {1000, 4}, {5000, 8}, {20000, 15}} {
		if staff < step[0] {
			return step[1]
		}
	}
	return 30
}

// premisesOfEmployer is the most buildings, sites, offices, outlets or
// warehouses an employer runs: one per eight staff where buildings are
// the trade, one per fifteen elsewhere.
func premisesOfEmployer(staff int, industry string) int {
	if slices.Contains(buildingTrades, industry) {
		return staff / 8
	}
	return staff / 15
}

// figureNouns are the words after a figure that say what it counts, with
// the reader's bound; the longest first where one begins another.
var figureNouns = []struct {
	after string
	rule  figureRule
}{
	{" employees", perStaff(1)}, {" staff", perStaff(1)}, {" people", perStaff(1)}, {" managers", perStaff(1)},
	{" new joiners", perStaff(1)}, {" new colleagues", perStaff(1)}, {" junior stylists", perStaff(1)},
	{" executives", perStaff(1)}, {" clients", perStaff(3)}, {" new accounts", perStaff(5)},
	{" patients", perStaff(10)}, {" students", perStaff(15)}, {" guests", perStaff(30)}, {" covers", perStaff(15)},
	{" regulars", perStaff(100)}, {" vendors", perStaff(2)}, {" contractors", perStaff(2)},
	{" countries", countriesOfEmployer}, {" markets", countriesOfEmployer}, {" jurisdictions", countriesOfEmployer},
	{" construction sites", func(staff int, _ string) int { return staff / 8 }},
	{" buildings", premisesOfEmployer}, {" sites", premisesOfEmployer}, {" warehouses", premisesOfEmployer},
	{" outlets", premisesOfEmployer}, {" offices", premisesOfEmployer},
	{" products", func(staff int, _ string) int { return staff / 5 }}, {" product lines", func(staff int, _ string) int { return staff / 5 }},
	{"k learners", thousandsPerStaff(10)}, {"k viewers", thousandsPerStaff(5000)}, {"k people", thousandsPerStaff(2000)},
	{"k events", thousandsPerStaff(2000)},
	{"k square metres", func(staff int, industry string) int {
		if slices.Contains(buildingTrades, industry) {
			return staff
		}
		return staff * 30 / 1000
	}},
}

// moneyBefore are the words before a figure of money: a budget, a
// pipeline, what accounts or projects are worth.
var moneyBefore = []string{"budget of ", "budgets of ", "worth ", "pipeline of "}

// teamBefore are the words before a figure of people that make a team.
var teamBefore = []string{"team of ", "teams of up to ", "kitchen of "}

// figureRuleOf returns the reader's bound of a template's figure from
// the words around it, and whether the figure is of a kind a reader
// bounds by the employer. Money is at most 60 thousand per employee in
// thousands, half a million per employee in millions.
func figureRuleOf(before, after string) (figureRule, bool) {
	switch {
	case strings.HasSuffix(before, "structures of "):
		return nil, false // clients' buildings, designed
	case strings.HasPrefix(after, "k") && slices.ContainsFunc(moneyBefore, func(s string) bool { return strings.HasSuffix(before, s) }):
		return perStaff(60), true
	case strings.HasPrefix(after, "M") && strings.HasSuffix(before, "worth "):
		return func(staff int, _ string) int { return staff / 2 }, true
	case slices.ContainsFunc(teamBefore, func(s string) bool { return strings.HasSuffix(before, s) }):
		return perStaff(1), true
	}
	for _, n := range figureNouns {
		if strings.HasPrefix(after, n.after) {
			return n.rule, true
		}
	}
	return nil, false
}

// templateFigures splits a template into the words between its figures
// and the figures' bounds.
func templateFigures(tmpl string) (lits []string, slots []slot) {
	for {
		i, j := strings.IndexByte(tmpl, '{'), strings.IndexByte(tmpl, '}')
		if i < 0 || j < i {
			return append(lits, tmpl), slots
		}
		lits = append(lits, tmpl[:i])
		slots = append(slots, parseSlot(tmpl[i+1:j]))
		tmpl = tmpl[j+1:]
	}
}

// employerBound reports whether a figure is bounded by the employer:
// its staff, its trade's traffic, premises, reach, countries or area.
func employerBound(s slot) bool {
	return s.led || s.per > 0 || s.by > 0 || s.svc || s.bldg || s.kper > 0 || s.ctry || s.sqm
}

// countUnboundedFigures counts the figures of the achievement templates
// of every line of work that a reader bounds by the employer (people,
// customers, premises, products, countries, reach, money) but that have no bound
// of the employer's, and the figures in thousands or millions of a kind
// the reader's rules do not know.
func countUnboundedFigures(w *World) tally {
	var n tally
	seen := map[string]bool{}
	for f := range numFamilies {
		for _, tmpl := range familyAchievements(f) {
			if seen[tmpl] {
				continue
			}
			seen[tmpl] = true
			lits, slots := templateFigures(tmpl)
			for k, s := range slots {
				_, bounded := figureRuleOf(lits[k], lits[k+1])
				thousands := strings.HasPrefix(lits[k+1], "k") || strings.HasPrefix(lits[k+1], "M")
				unknown := thousands && !bounded && !s.svc
				n.add(bounded && !employerBound(s) || unknown, "figure %d of %q: bounded %v, of a known kind %v", k+1, tmpl, employerBound(s), bounded)
			}
		}
	}
	return n
}

// countFiguresBeyondEmployer counts the figures of achievements that
// exceed what the reader believes the employer has (figureRuleOf): more
// people than its staff, more countries than its size works in, more
// learners, viewers or money than its staff and trade reach.
func countFiguresBeyondEmployer(w *World) tally {
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		for k, j := range p.Jobs {
			co := w.Company(j.Company)
			staff, industry := int(co.StaffCount), w.Industry(co.Industry)
			for _, s := range achievementSentences(w.JobDescription(p, k), co.Name) {
				pat, values, ok := readAchievement(j.fam, s)
				if !ok {
					continue
				}
				lits, _ := templateFigures(pat.tmpl)
				for x, v := range values {
					rule, bounded := figureRuleOf(lits[x], lits[x+1])
					if !bounded {
						continue
					}
					most := rule(staff, industry)
					n.add(v > most, "person %d, %s at %s (%s, %d staff): %q: %d%s at most %d",
						i, w.Title(j.Title).Name, co.Name, industry, staff, s, v, strings.TrimSuffix(lits[x+1], "."), most)
				}
			}
		}
	}
	return n
}

// roleOpening returns what a role description says the role focused on,
// or "" for a role without one.
func roleOpening(desc string) string {
	doing, _, _ := strings.Cut(strings.TrimPrefix(desc, "Focused on "), " at ")
	if desc == "" {
		return ""
	}
	return doing
}

// countRepeatedOpenings counts the pairs of adjacent described roles of
// a person whose descriptions say they focused on the same thing: a
// reader sees a profile copied from role to role.
func countRepeatedOpenings(w *World) tally {
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		for k := 0; k+1 < len(p.Jobs); k++ {
			a, b := roleOpening(w.JobDescription(p, k)), roleOpening(w.JobDescription(p, k+1))
			if a == "" || b == "" {
				continue
			}
			n.add(a == b, "person %d, %s then %s: both %q", i, w.Title(p.Jobs[k+1].Title).Name, w.Title(p.Jobs[k].Title).Name, a)
		}
	}
	return n
}

// countPublicationKinds counts the publications whose title's kind does
// not fit the venue: a survey or an empirical analysis outside a
// journal, lessons learned or a practical guide in one.
func countPublicationKinds(w *World) tally {
	var n tally
	research := []string{": a survey", ": an empirical analysis"}
	practice := []string{": lessons learned", ": a practical guide", ": notes from practice"}
	for i, x := range extrasOf(w) {
		for _, pub := range x.Publication {
			if pub.Issue == nil {
				continue
			}
			journal := slices.ContainsFunc(familyWriting[:], func(f struct{ trade, journals, topics []string }) bool {
				return slices.Contains(f.journals, *pub.Issue)
			})
			kinds := research
			if journal {
				kinds = practice
			}
			bad := slices.ContainsFunc(kinds, func(k string) bool { return strings.HasSuffix(pub.Name, k) })
			n.add(bad, "person %d: %q in %s", i, pub.Name, *pub.Issue)
		}
	}
	return n
}

// Trades a reader knows to design and make products in series, and the
// words of achievements that speak of such products or of goods shipped.
var (
	productTrades = []string{"Automotive", "Aviation & Aerospace", "Building Materials", "Chemicals",
		"Computer Hardware", "Computer Networking", "Consumer Electronics", "Consumer Goods", "Defense & Space",
		"Electrical/Electronic Manufacturing", "Industrial Automation", "Machinery", "Mechanical or Industrial Engineering",
		"Medical Devices", "Nanotechnology", "Railroad Manufacture", "Renewables & Environment", "Semiconductors",
		"Shipbuilding", "Telecommunications", "Wireless", "Plastics", "Packaging and Containers", "Sporting Goods",
		"Furniture", "Glass, Ceramics & Concrete", "Textiles", "Apparel & Fashion", "Business Supplies and Equipment",
		"Luxury Goods & Jewelry", "Cosmetics", "Paper & Forest Products"}
	productWords   = []string{"series production", "bill of materials", "through certification", "product lines", "prototype builds"}
	deliveryWords  = []string{"on-time delivery"}
	shippingTrades = []string{"Retail", "Wholesale", "Import and Export", "Logistics and Supply Chain", "Warehousing",
		"Package/Freight Delivery", "Transportation/Trucking/Railroad", "Food & Beverages", "Food Production",
		"Supermarkets", "Pharmaceuticals", "Wine and Spirits", "Tobacco", "Dairy", "Mining & Metals", "Printing", "Internet"}
)

// countProductsOfNoMaker counts the achievements of products designed,
// costed or certified at an employer of no trade that makes products,
// and of goods delivered on time at one that neither makes nor ships
// goods.
func countProductsOfNoMaker(w *World) tally {
	var n tally
	has := func(s string, words []string) bool {
		return slices.ContainsFunc(words, func(x string) bool { return strings.Contains(s, x) })
	}
	for i := range w.Len() {
		p := w.Person(i)
		for k, j := range p.Jobs {
			co := w.Company(j.Company)
			industry := w.Industry(co.Industry)
			maker := slices.Contains(productTrades, industry)
			for _, s := range achievementSentences(w.JobDescription(p, k), co.Name) {
				bad := has(s, productWords) && !maker ||
					has(s, deliveryWords) && !maker && !slices.Contains(shippingTrades, industry)
				n.add(bad, "person %d, %s at %s (%s): %q", i, w.Title(j.Title).Name, co.Name, industry, s)
			}
		}
	}
	return n
}

// subscriberTrades are the trades a reader knows to have subscribers
// who may leave: software and the internet, telecoms, utilities, banks
// and insurers, gyms, the media, recruiters' clients.
var subscriberTrades = slices.Concat(trafficTrades, []string{"Telecommunications", "Wireless", "Utilities", "Banking",
	"Insurance", "Financial Services", "Health, Wellness and Fitness", "Publishing", "Newspapers", "Broadcast Media",
	"Online Media", "Information Services", "Entertainment", "Market Research", "Staffing and Recruiting", "Consumer Services"})

// countChurnOfNoSubscribers counts the role descriptions that speak of
// churn at an employer of no subscribers, and the summaries and
// headlines that do while the latest role is at one.
func countChurnOfNoSubscribers(w *World) tally {
	var n tally
	subscribed := func(j Job) bool { return slices.Contains(subscriberTrades, w.Industry(w.Company(j.Company).Industry)) }
	for i := range w.Len() {
		p := w.Person(i)
		for k, j := range p.Jobs {
			desc := w.JobDescription(p, k)
			if desc == "" {
				continue
			}
			n.add(strings.Contains(desc, "churn") && !subscribed(j), "person %d, %s at %s (%s): %q",
				i, w.Title(j.Title).Name, w.Company(j.Company).Name, w.Industry(w.Company(j.Company).Industry), desc)
		}
		if len(p.Jobs) > 0 {
			text := w.Summary(p) + " | " + w.Headline(p)
			j := p.Jobs[0]
			n.add(strings.Contains(text, "churn") && !subscribed(j), "person %d, %s at %s (%s): %q",
				i, w.Title(j.Title).Name, w.Company(j.Company).Name, w.Industry(w.Company(j.Company).Industry), text)
		}
	}
	return n
}

// beginnersClaims are phrases of work a reader does not believe of an
// intern or a junior: complex deals closed, territories grown, products
// launched into markets.
var beginnersClaims = []string{"closing complex B2B deals", "growing revenue in new territories", "launching products into new markets"}

// countBeginnersClaims counts the role descriptions of entry and junior
// roles, and the summaries and headlines of people whose latest role is
// one (or who never worked), that make a beginner's claim of a
// mid-level's work.
func countBeginnersClaims(w *World) tally {
	var n tally
	beginner := func(l Level) bool { return l == Entry || l == Junior }
	claim := func(text string) bool {
		return slices.ContainsFunc(beginnersClaims, func(c string) bool { return strings.Contains(text, c) })
	}
	for i := range w.Len() {
		p := w.Person(i)
		for k, j := range p.Jobs {
			if l := w.Title(j.Title).Level; beginner(l) {
				desc := w.JobDescription(p, k)
				n.add(claim(desc), "person %d, %s: %q", i, w.Title(j.Title).Name, desc)
			}
		}
		if len(p.Jobs) == 0 || beginner(w.Title(p.Jobs[0].Title).Level) {
			text := w.Summary(p) + " | " + w.Headline(p)
			n.add(claim(text), "person %d (%s): %q", i, roleNames(w, p), text)
		}
	}
	return n
}

// titleHasWord reports whether a title holds one of words as whole words
// ("Contract" in "Senior Contract Manager", not "Contractor").
func titleHasWord(title string, words []string) bool {
	padded := " " + title + " "
	return slices.ContainsFunc(words, func(word string) bool { return strings.Contains(padded, " "+word+" ") })
}

// readerWork are the kinds of work a reader ties to some titles only,
// whatever line of work the phrase comes from: acquisitions are a
// lawyer's or an executive's, the books an accountant's, suppliers a
// buyer's or an office's. A phrase of the work (a regular expression)
// on a title of none of the words (another) is one a reader does not
// believe.
var readerWork = []struct{ work, titles *regexp.Regexp }{
	{regexp.MustCompile(`acquisitions`), regexp.MustCompile(`Counsel|Lawyer|Attorney|Legal|CEO|Chief Executive|Founder|Managing Director|President`)},
	{regexp.MustCompile(`\bbooks\b|monthly close|financial statements`), regexp.MustCompile(`Accountant|Accounting|Controller|Bookkeep|Finance|Financial Officer`)},
	{regexp.MustCompile(`suppliers|vendors`), regexp.MustCompile(`Procurement|Purchasing|Supply Chain|Logistics|Operations|Operating|Office|Facilit|Workplace`)},
	{regexp.MustCompile(`contracts`), regexp.MustCompile(`Counsel|Lawyer|Attorney|Legal|Contract|Paralegal|Procurement|Purchasing`)},
	{regexp.MustCompile(`\btax\b`), regexp.MustCompile(`Tax|Payroll`)},
	{regexp.MustCompile(`budgets? of`), regexp.MustCompile(`Finance|Financial|Controller|Marketing|Project|Program|Delivery`)},
	{regexp.MustCompile(`diaries`), regexp.MustCompile(`Assistant|Administrative`)},
	{regexp.MustCompile(`kitchen|menus|covers a night`), regexp.MustCompile(`Chef|Cook|Kitchen|Food`)},
	{regexp.MustCompile(`stylists`), regexp.MustCompile(`Salon|Stylist|Hair`)},
	{regexp.MustCompile(`APIs|latency`), regexp.MustCompile(`Software|Backend|Full Stack|Java|Engineering|CTO|Technology`)},
	{regexp.MustCompile(`regression tests|defects`), regexp.MustCompile(`QA|Test|Quality`)},
	{regexp.MustCompile(`circuit boards|schematic|bill of materials`), regexp.MustCompile(`Electrical|Engineering`)},
	{regexp.MustCompile(`firmware|microcontrollers`), regexp.MustCompile(`Embedded|Electrical|Engineering`)},
	{regexp.MustCompile(`classroom|pass rates|students a year`), regexp.MustCompile(`Teacher|Lecturer|Teaching|Academic`)},
	{regexp.MustCompile(`episodes`), regexp.MustCompile(`Producer|Production|Content`)},
	{regexp.MustCompile(`tickets`), regexp.MustCompile(`Support|Service`)},
	{regexp.MustCompile(`churn`), regexp.MustCompile(`Success|Client Services|Experience|Customer Officer`)},
	{regexp.MustCompile(`[Hh]ired|hiring|time-to-hire|candidate`), regexp.MustCompile(`Recruit|Talent`)},
	{regexp.MustCompile(`deals|new accounts|territories`), regexp.MustCompile(`Account Executive|Business Development|Sales|Partnerships|Revenue`)},
	{regexp.MustCompile(`warehouses|fulfilment|on-time delivery`), regexp.MustCompile(`Supply Chain|Logistics|Operations|Operating`)},
	{regexp.MustCompile(`Led (\d+|\{[^}]*\}) audits`), regexp.MustCompile(`Audit|Compliance|Risk`)},
	{regexp.MustCompile(`dashboards|weekly reports`), regexp.MustCompile(`Data|Analytics|Business Intelligence|Research Analyst`)},
	{regexp.MustCompile(`guests a day|outlets|front-of-house|venues`), regexp.MustCompile(`Hotel|Restaurant`)},
	{regexp.MustCompile(`Grew the company|built a leadership team|Oversaw .*business units|revenue growth|running the business`), regexp.MustCompile(`CEO|Chief Executive|Managing Director|President|Founder|Owner`)},
}

// phraseOfTitle says why a phrase of a role's text (what it focused on,
// or an achievement's template) does not fit its title in line of work
// f, or "" where it does: a phrase of the line as a whole, or of a
// specialty whose words the title has; and in either case no work the
// reader ties to other titles (readerWork).
func phraseOfTitle(f family, title, phrase string) string {
	for _, rw := range readerWork {
		if rw.work.MatchString(phrase) && !rw.titles.MatchString(title) {
			return "work of " + rw.titles.String()
		}
	}
	if slices.Contains(famDoing[f], phrase) || slices.Contains(famAchievements[f], phrase) {
		return ""
	}
	for _, s := range famSpecialties[f] {
		if (slices.Contains(s.doing, phrase) || slices.Contains(s.achievements, phrase)) && titleHasWord(title, s.words) {
			return ""
		}
	}
	return "of a specialty the title does not name"
}

// countCatchAllPhrases counts the phrases of role descriptions (what the
// role focused on and each achievement) and of working people's
// summaries and headlines that are neither of their line of work as a
// whole nor of a specialty the title names, or that name work a reader
// ties to other titles: a trade's catch-all said by a title of the trade
// whose work is something else.
func countCatchAllPhrases(w *World) tally {
	var n tally
	// The same title says the same phrases in many profiles: each pair
	// is judged once.
	type said struct {
		f             family
		title, phrase string
	}
	judged := map[said]string{}
	phraseOfTitle := func(f family, title, phrase string) string {
		k := said{f, title, phrase}
		why, ok := judged[k]
		if !ok {
			why = phraseOfTitle(f, title, phrase)
			judged[k] = why
		}
		return why
	}
	for i := range w.Len() {
		p := w.Person(i)
		for k, j := range p.Jobs {
			d := w.JobDescription(p, k)
			if d == "" {
				continue
			}
			title, company := w.Title(j.Title).Name, w.Company(j.Company).Name
			doing := roleOpening(d)
			why := phraseOfTitle(j.fam, title, doing)
			n.add(why != "", "person %d, %s: %q: %s", i, title, doing, why)
			for _, s := range achievementSentences(d, company) {
				if pat, _, ok := readAchievement(j.fam, s); ok {
					why := phraseOfTitle(j.fam, title, pat.tmpl)
					n.add(why != "", "person %d, %s: %q: %s", i, title, s, why)
				}
			}
		}
		job, working := p.CurrentJob()
		if !working {
			continue
		}
		title := w.Title(job.Title).Name
		summary := w.Summary(p)
		if at := strings.Index(summary, "I enjoy "); at >= 0 {
			doing, _, _ := strings.Cut(summary[at+len("I enjoy "):], ".")
			why := phraseOfTitle(job.fam, title, doing)
			n.add(why != "", "person %d, %s: summary %q: %s", i, title, doing, why)
		}
		if h := w.Headline(p); h != "" && !strings.Contains(h, title) {
			doing := strings.ToLower(h[:1]) + h[1:]
			if slices.Contains(familyDoing(job.fam), doing) {
				why := phraseOfTitle(job.fam, title, doing)
				n.add(why != "", "person %d, %s: headline %q: %s", i, title, h, why)
			}
		}
	}
	return n
}

// countFiguresOfPastStaff counts the figures of past roles' achievements
// beyond what the employer had when the role ended: more people than its
// staff then, more countries, premises, learners or money than its size
// then allows, or more led or hired than its staff then (the bounds of
// countFiguresBeyondEmployer and countAchievements, with the staff of
// the role's years).
func countFiguresOfPastStaff(w *World) tally {
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		for k, j := range p.Jobs {
			if j.Current || j.End == 0 {
				continue
			}
			co := w.Company(j.Company)
			staff, industry := w.staffIn(co, j.End.Year()), w.Industry(co.Industry)
			for _, s := range achievementSentences(w.JobDescription(p, k), co.Name) {
				pat, values, ok := readAchievement(j.fam, s)
				if !ok {
					continue
				}
				why := achievementFault(pat.slots, values, staff, w.Title(j.Title).Level, -1)
				lits, _ := templateFigures(pat.tmpl)
				for x, v := range values {
					if rule, bounded := figureRuleOf(lits[x], lits[x+1]); bounded && why == "" && v > rule(staff, industry) {
						why = fmt.Sprintf("%d%s, at most %d", v, strings.TrimSuffix(lits[x+1], "."), rule(staff, industry))
					}
				}
				n.add(why != "", "person %d, %s at %s (founded %d, %d staff now, %d in %d): %q: %s",
					i, w.Title(j.Title).Name, co.Name, co.Founded, co.StaffCount, staff, j.End.Year(), s, why)
			}
		}
	}
	return n
}

// countRepeatedFocus counts the role descriptions that say the role
// focused on what an earlier role of the same profile says, however far
// apart: the same line pasted into role after role reads as filler.
func countRepeatedFocus(w *World) tally {
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		var said []string
		for k := len(p.Jobs) - 1; k >= 0; k-- {
			doing := roleOpening(w.JobDescription(p, k))
			if doing == "" {
				continue
			}
			n.add(slices.Contains(said, doing), "person %d, %s: %q said by an earlier role", i, w.Title(p.Jobs[k].Title).Name, doing)
			said = append(said, doing)
		}
	}
	return n
}

// countHastyShares counts the percentages of achievements over a period
// of months, quarters or years ("by 28% in 3 months", not a level kept
// "above 95% for 6 quarters") beyond what a reader believes the period
// allows: the template's whole range over a year or more, in a shorter
// period its least plus the share of the range the months are of a year
// (churn cut by 28 % in three months, but by 5 to 11 %).
func countHastyShares(w *World) tally {
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		for k, j := range p.Jobs {
			for _, s := range achievementSentences(w.JobDescription(p, k), w.Company(j.Company).Name) {
				pat, values, ok := readAchievement(j.fam, s)
				if !ok {
					continue
				}
				months := -1
				for x, sl := range pat.slots {
					if sl.period > 0 {
						months = values[x] * sl.period
					}
				}
				if months < 0 {
					continue
				}
				lits, _ := templateFigures(pat.tmpl)
				for x, sl := range pat.slots {
					if sl.period == 0 && (strings.HasPrefix(lits[x+1], "% in ") || strings.HasPrefix(lits[x+1], "% over ")) {
						most := pacedShare(sl.lo, sl.hi, months)
						n.add(values[x] > most, "person %d, %s: %q: %d%% in %d months, at most %d%%", i, w.Title(j.Title).Name, s, values[x], months, most)
					}
				}
			}
		}
	}
	return n
}

// presumedTrades are the words of role descriptions, summaries and
// headlines that presume what the employer does, with the trades a
// reader knows to do it: products made in series on a shop floor, a busy
// online service, sales through screens whose conversion is lifted,
// deals with other businesses.
var presumedTrades = []struct {
	words  []string
	trades func(industry string) bool
}{
	{[]string{"shop floor", "CAD model to production", "easy to manufacture", "prototype to production", "electronic products"},
		func(ind string) bool { return slices.Contains(productTrades, ind) }},
	{[]string{"requests a minute"}, func(ind string) bool { return slices.Contains(busyServiceTrades, ind) }},
	{[]string{"conversion"}, func(ind string) bool { return slices.Contains(onlineSellingTrades, ind) }},
	{[]string{"B2B deals", "pipeline of", "new accounts worth"}, func(ind string) bool {
		return !slices.Contains(publicServingTrades, ind) && !slices.Contains(untaxedTrades, ind)
	}},
}

// Trades a reader knows to run busy online services, to sell online, or
// to serve the public rather than other businesses.
var (
	busyServiceTrades = slices.Concat(trafficTrades, []string{"Banking", "Insurance", "Financial Services",
		"Capital Markets", "Investment Banking", "Retail", "Supermarkets", "Airlines/Aviation",
		"Leisure, Travel & Tourism", "Publishing", "Newspapers", "Broadcast Media", "Entertainment",
		"Gambling & Casinos", "Information Services"})
	onlineSellingTrades = slices.Concat(trafficTrades, []string{"Retail", "Supermarkets", "Consumer Goods",
		"Consumer Electronics", "Apparel & Fashion", "Cosmetics", "Sporting Goods", "Luxury Goods & Jewelry",
		"Furniture", "Banking", "Insurance", "Financial Services", "Airlines/Aviation", "Leisure, Travel & Tourism",
		"Hospitality", "Publishing", "Newspapers", "Entertainment", "Gambling & Casinos", "Events Services"})
	publicServingTrades = []string{"Hospital & Health Care", "Medical Practice", "Mental Health Care",
		"Health, Wellness and Fitness", "Alternative Medicine", "Veterinary", "Restaurants", "Hospitality",
		"Leisure, Travel & Tourism", "Recreational Facilities and Services", "Retail", "Supermarkets",
		"Individual & Family Services", "Consumer Services", "Primary/Secondary Education", "Higher Education",
		"Education Management", "Libraries", "Museums and Institutions", "Religious Institutions",
		"Performing Arts", "Fine Art", "Sports", "Gambling & Casinos"}
)

// countPresumedTrades counts the role descriptions that presume work the
// employer's trade does not do, and the summaries and headlines that do
// while the latest role is at such an employer.
func countPresumedTrades(w *World) tally {
	var n tally
	presumes := func(text, industry string) bool {
		for _, p := range presumedTrades {
			if slices.ContainsFunc(p.words, func(x string) bool { return strings.Contains(text, x) }) && !p.trades(industry) {
				return true
			}
		}
		return false
	}
	for i := range w.Len() {
		p := w.Person(i)
		for k, j := range p.Jobs {
			desc := w.JobDescription(p, k)
			if desc == "" {
				continue
			}
			co := w.Company(j.Company)
			industry := w.Industry(co.Industry)
			n.add(presumes(desc, industry), "person %d, %s at %s (%s): %q", i, w.Title(j.Title).Name, co.Name, industry, desc)
		}
		if len(p.Jobs) > 0 {
			j := p.Jobs[0]
			co := w.Company(j.Company)
			industry := w.Industry(co.Industry)
			text := w.Summary(p) + " | " + w.Headline(p)
			n.add(presumes(text, industry), "person %d, %s at %s (%s): %q", i, w.Title(j.Title).Name, co.Name, industry, text)
		}
	}
	return n
}
