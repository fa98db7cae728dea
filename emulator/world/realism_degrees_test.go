package world

import (
	"slices"
	"strings"
)

// degreeChecks count degrees of the country's system at the time, from schools that existed.
var degreeChecks = []realismCheck{
	{name: "degrees not of the school's country's system at the time (a bachelor's of a German university begun in 1992, a Diplom begun in 2015)", count: countOutOfSystem},
	{name: "plain master's after a single long degree of the old systems (a Diplom, then a master's of the same country)", count: countMasterAfterLong},
	{name: "education entries begun before their school was founded", count: countBeforeFounding},
	{name: "certificates and diplomas of a community college outside a trade or line of business", count: countCommunityAcademic},
	{name: "JDs, MDs and PharmDs of the US and Canada without a bachelor's", count: countGraduateWithoutFirst},
	{name: "graduate degrees of people whose only other studies are a short course (a certificate, then a master's)", count: countGraduateAfterShort},
	{name: "secondary schools outside the region of every place the person has lived or worked", startOnly: true, count: countFarSecondary},
	{name: "secondary schools named in another language than their region's (a Lycée in Flanders, a Gymnasium Munich)", count: countSecondaryLanguage},
	{name: "first degrees ended before the age of 21, doctorates before 26", count: countYoungDegrees},
	{name: "degree names not of the school's country's system or not of the field (a BE from Georgia Tech, a BS in engineering from Singapore, a BFA from Padova, a BBA in economics)", count: countForeignDegreeNames},
	{name: "diplomas, certificates and associate's degrees of well-known research universities and grandes écoles", count: countResearchShortCourses},
	{name: "fields a school does not teach (information systems at an institute of technology, building services engineering outside Britain's system, electronics and communication engineering outside South Asia)", count: countUntaughtFields},
	{name: "bachelor's degrees of French business schools and Sciences Po, whose programme is a master's", count: countGrandeEcoleBachelors},
	{name: "invented schools named as real ones of another kind are (Apia College, Chicago High School, Chennai Institute of Technology) or without a founding year", count: countCollidingSchoolNames},
	{name: "plain master's in a field no first degree of the person leads to (mathematics after English literature)", count: countUnrelatedMasters},
	{name: "MBAs begun less than three years after the first degree ended", count: countEarlyMBAs},
	{name: "master's of one year at schools of the US and Canada", count: countShortAmericanMasters},
	{name: "engineering bachelor's of three years where engineers study four (the US, India, East Asia, Australasia)", count: countShortEngineeringDegrees},
	{name: "invented schools named in a form no school of their country takes (a Polytechnic Institute in Britain or India, a Metropolitan College, an invented Business School)", count: countForeignSchoolForms},
	{name: "degrees of invented schools of countries whose long tail grants none (Britain's colleges of further education, Australia's TAFE, Singapore's polytechnics)", count: countDegreesOfFurtherEducation},
	{name: "degrees famous schools do not grant (a Cambridge MS, an Oxford BEng, MIT's BA or master's in accounting, Harvard's BBA, an IIT's BE)", count: countForeignFamousDegrees},
	{name: "degrees of another length than their kind's (a bachelor's of the US in three years, a BArch in less than five, an Oxbridge BA in four, a BTech in three, an Indian master's in one)", count: countOddDurations},
	{name: "narrow fields of applied schools at research universities (facility management at UNAM, logistics or building services engineering at Imperial)", count: countNarrowFieldsAtResearch},
	{name: "doctorates of invented schools (a PhD of an Instituto Tecnológico of a small city)", count: countInventedDoctorates},
	{name: "invented schools where real ones stand (a Phoenix State College in Arizona, a polytechnic of New Zealand)", count: countInventedBesideReal},
	{name: "students still at a school on the world's date who live beyond a commute of it (UNSW Sydney from Massachusetts)", startOnly: true, count: countStudentsAway},
	{name: "lawyers whose law degrees are all of another country than the one they practise in", startOnly: true, count: countForeignLawDegrees},
	{name: "studies of a faculty begun before the school opened it (medicine at Mackenzie before 2017, law at Texas A&M before 2013)", count: countBeforeFacultyOpened},
	{name: "studies of faculties and fields well-known schools lack (engineering at King's College London, industrial engineering at Harvard or in Britain, architecture at Imperial, medicine at Berkeley)", count: countLackingFaculties},
	{name: "plain master's of one year where a master's takes two (Japan, Brazil, Germany, Egypt, Mexico)", count: countShortTwoYearMasters},
	{name: "BAs in a business field (accounting, supply chain management) from schools of South Asia, Canada, Australasia and South Africa, whose business graduates hold a BCom or a BBA", count: countCommerceBusinessBAs},
	{name: "bachelor's degrees of three years where a bachelor's takes four (Japan, Korea, China, Brazil, Turkey, Egypt, Spain's Grado)", count: countShortFourYearBachelors},
	{name: "engineers' degrees in information systems (a BEng or a BTech in information systems) and first degrees in business from Imperial College London", count: countOddEngineeringNames},
	{name: "current roles done in person (clinical, hospitality, beauty, teaching, facilities) beyond a commute of home (a medical assistant of Juneau in San Jose)", count: countRemoteInPerson},
}

// countRemoteInPerson counts the current roles of the lines of work done
// in person (inPerson) held beyond a daily commute of the person's home,
// but where a company of more than bigCompany staff has its office
// nearest home.
func countRemoteInPerson(w *World) tally {
	var n tally
	places := w.Places()
	for i := range w.Len() {
		p := w.Person(i)
		for _, j := range p.Jobs {
			if !j.Current || !inPerson[w.titles.fam[j.Title]] {
				continue
			}
			at := w.rolePlace(j)
			if at < 0 {
				continue
			}
			// A giant's role drawn at home is held at the office town
			// nearest home (rolePlace), however far that is.
			atHome := w.rolePlace(Job{Company: j.Company, Location: p.City})
			n.add(at != atHome && !commutable(w.geo, at, p.City), "person %d: %s in %s, living in %s", i,
				w.titles.titles[j.Title].Name, places[at].Name, places[p.City].Name)
		}
	}
	return n
}

// countBeforeFacultyOpened counts the studies of a field whose faculty
// the school opened after the student began (by the year studies ended
// where the profile gives no start).
func countBeforeFacultyOpened(w *World) tally {
	var n tally
	s := w.schools
	for i := range w.Len() {
		for _, ed := range w.Person(i).Education {
			year := int(ed.Start)
			if year == 0 {
				year = int(ed.End)
			}
			opened := s.grant[ed.University].opened[s.faculty[ed.Field]]
			if year == 0 || opened == 0 {
				continue
			}
			n.add(year < int(opened), "person %d: %s at %s from %d, opened %d", i, s.fields[ed.Field],
				s.universities[ed.University].Name, year, opened)
		}
	}
	return n
}

// lackedFields are fields of study that well-known schools have never
// taught, or not before a year, as public facts (their faculties and
// schools), by the school's name: the test's own knowledge, apart from
// data/universities.tsv.
var lackedFields = map[string]map[string]int{
	"King's College London":                              fieldsNever("Civil Engineering", "Structural Engineering", "Industrial Engineering", "Architecture", "Industrial Design"),
	"Imperial College London":                            fieldsNever("Architecture", "Law", "Graphic Design", "Nursing"),
	"Harvard University":                                 fieldsNever("Industrial Engineering", "Civil Engineering", "Structural Engineering", "Nursing", "Pharmacy", "Information Systems", "Software Engineering", "Media Studies"),
	"Massachusetts Institute of Technology":              fieldsNever("Industrial Engineering", "Law", "Medicine", "Nursing"),
	"Stanford University":                                fieldsNever("Industrial Engineering", "Architecture", "Nursing", "Information Systems", "Software Engineering"),
	"Princeton University":                               fieldsNever("Industrial Engineering", "Law", "Medicine", "Nursing", "Information Systems", "Software Engineering", "Media Studies", "Graphic Design"),
	"Yale University":                                    fieldsNever("Industrial Engineering", "Civil Engineering", "Pharmacy", "Information Systems", "Software Engineering"),
	"University of California, Los Angeles":              fieldsNever("Industrial Engineering"),
	"University of California, Berkeley":                 fieldsNever("Medicine", "Nursing"),
	"New York University":                                fieldsNever("Architecture", "Industrial Engineering"),
	"Duke University":                                    fieldsNever("Architecture", "Pharmacy", "Industrial Engineering"),
	"Carnegie Mellon University":                         fieldsNever("Law", "Medicine", "Industrial Engineering"),
	"University of Oxford":                               fieldsNever("Architecture", "Nursing", "Industrial Engineering", "Information Systems", "Software Engineering", "Media Studies"),
	"University of Cambridge":                            fieldsNever("Nursing", "Industrial Engineering", "Information Systems", "Software Engineering", "Media Studies"),
	"University College London":                          fieldsNever("Industrial Engineering"),
	"London School of Economics and Political Science":   fieldsNever("Medicine", "Civil Engineering", "Architecture", "Nursing"),
	"Universidade Presbiteriana Mackenzie":               {"Medicine": 2017},
	"Universidade Estadual de Campinas":                  fieldsNever("Law"),
	"Boğaziçi University":                                fieldsNever("Medicine", "Law", "Architecture"),
	"Nanyang Technological University":                   {"Medicine": 2013, "Law": never, "Architecture": never},
	"The University of Texas at Austin":                  {"Medicine": 2016},
	"Texas A&M University":                               {"Law": 2013},
	"University of Houston":                              {"Medicine": 2020},
	"Florida State University":                           {"Medicine": 2000},
	"American University of Beirut":                      fieldsNever("Law"),
	"Koç University":                                     {"Medicine": 2010, "Architecture": never},
	"Tsinghua University":                                {"Medicine": 2001},
	"Christ University":                                  {"Law": 2006, "Medicine": never},
	"Université de Strasbourg":                           fieldsNever("Architecture"),
	"Universitat de Barcelona":                           fieldsNever("Architecture"),
	"The Hong Kong University of Science and Technology": fieldsNever("Architecture", "Medicine", "Law"),
	"Insper": {"Civil Engineering": never, "Mechanical Engineering": 2015, "Law": 2022, "Medicine": never},
}

// never is the year of a field a school has never taught.
const never = 1 << 30

// fieldsNever returns the fields of a school that never taught them.
func fieldsNever(fields ...string) map[string]int {
	m := map[string]int{}
	for _, f := range fields {
		m[f] = never
	}
	return m
}

// countLackingFaculties counts the studies of fields that well-known
// schools lack (lackedFields), or lacked when the student began, and of
// industrial engineering at schools of Britain's and Australasia's
// systems, which teach it as no degree of its own.
func countLackingFaculties(w *World) tally {
	var n tally
	s := w.schools
	byName := map[string]int32{}
	for u, uni := range s.universities {
		byName[uni.Name] = int32(u)
	}
	lacks := map[int32]map[string]int{}
	for name, fields := range lackedFields {
		if u, ok := byName[name]; ok {
			lacks[u] = fields
		}
	}
	for i := range w.Len() {
		for _, ed := range w.Person(i).Education {
			field := s.fields[ed.Field]
			year := int(ed.Start)
			if year == 0 {
				year = int(ed.End)
			}
			from, listed := lacks[ed.University][field]
			bad := listed && (from == never || year != 0 && year < from) ||
				field == "Industrial Engineering" && slices.Contains([]string{"GB", "IE", "AU", "NZ", "HK"}, s.country[ed.University])
			n.add(bad, "person %d: %s at %s from %d", i, field, s.universities[ed.University].Name, year)
		}
	}
	return n
}

// countNarrowFieldsAtResearch counts studies of facility management,
// logistics and building services engineering at the real research
// universities and grandes écoles, which teach none of them.
func countNarrowFieldsAtResearch(w *World) tally {
	var n tally
	s := w.schools
	narrow := map[string]bool{"Facility Management": true, "Logistics": true, "Building Services Engineering": true}
	for i := range w.Len() {
		for _, ed := range w.Person(i).Education {
			u := ed.University
			bad := !s.invented[u] && researchKinds[s.kind[u]] && narrow[s.fields[ed.Field]]
			n.add(bad, "person %d: %s in %s, %s", i, degreeNames[ed.Degree], s.fields[ed.Field], s.universities[u].Name)
		}
	}
	return n
}

// countInventedDoctorates counts the PhDs and DPhils of invented schools.
func countInventedDoctorates(w *World) tally {
	var n tally
	s := w.schools
	for i := range w.Len() {
		for _, ed := range w.Person(i).Education {
			if ed.Degree == 0 {
				continue
			}
			bad := (ed.Degree == degPhD || ed.Degree == degDPhil) && s.invented[ed.University]
			n.add(bad, "person %d: %s, %s", i, degreeNames[ed.Degree], s.universities[ed.University].Name)
		}
	}
	return n
}

// countInventedBesideReal counts the invented schools of New Zealand,
// whose polytechnics are gone, and the invented state colleges and
// polytechnic institutes of the US in a state with a real university of
// data/universities.tsv.
func countInventedBesideReal(w *World) tally {
	var n tally
	s, places := w.schools, w.Places()
	real := map[string]bool{}
	for u, uni := range s.universities {
		if !s.invented[u] && s.kind[u] == "university" {
			real[regionKey(&places[uni.City])] = true
		}
	}
	for u, uni := range s.universities {
		if !s.invented[u] || s.secondary[u] {
			continue
		}
		usForm := strings.HasSuffix(uni.Name, " State College") || strings.HasSuffix(uni.Name, " Polytechnic Institute")
		bad := s.country[u] == "NZ" || s.country[u] == "US" && usForm && real[regionKey(&places[uni.City])]
		n.add(bad, "%s (%s)", uni.Name, s.country[u])
	}
	return n
}

// countStudentsAway counts the people still at a school of a degree on
// the world's date whose home is beyond a daily commute of it.
func countStudentsAway(w *World) tally {
	var n tally
	s, year := w.schools, uint16(w.Now().Year())
	for i := range w.Len() {
		p := w.Person(i)
		for _, ed := range p.Education {
			if ed.Start == 0 || ed.Start > year || ed.End <= year || ed.Degree == 0 {
				continue
			}
			at := s.universities[ed.University].City
			n.add(!commutable(w.geo, p.City, at), "person %d: at %s %d-%d, living in %s", i,
				s.universities[ed.University].Name, ed.Start, ed.End, w.Places()[p.City].Name)
		}
	}
	return n
}

// lawTaughtIn reports whether a school of country code taught law in
// year (any year when it is 0).
func lawTaughtIn(w *World, code string, year int) bool {
	s := w.schools
	law := uint16(slices.Index(s.fields, "Law"))
	for u := range s.universities {
		if s.country[u] == code && (year == 0 || s.teachesIn(int32(u), law, year)) &&
			(s.offers(int32(u), law, stageFirst) || s.offers(int32(u), law, stageGraduate)) {
			return true
		}
	}
	return false
}

// firstLawYear returns the year a person began to study law: the
// earliest start of their law degrees, or where a profile hides it the
// earliest their studies could have begun (the end less the longest law
// degree, at least the year they turned 18); 0 for one of no law degree.
func firstLawYear(w *World, p *Person) int {
	s, first := w.schools, 0
	for _, ed := range p.Education {
		if s.profession[ed.Field] != profLaw || !professionalDegree(ed.Degree, profLaw) {
			continue
		}
		year := int(ed.Start)
		if year == 0 {
			year = int(p.BirthYear) + 18
			if ed.End != 0 {
				year = max(year, int(ed.End)-6)
			}
		}
		if first == 0 || year < first {
			first = year
		}
	}
	return first
}

// countForeignLawDegrees counts the people in a lawyer's role (one whose
// title needs a degree in law) none of whose law degrees is of the
// country of the role, where a school of that country taught law when
// they studied it.
func countForeignLawDegrees(w *World) tally {
	var n tally
	s, g := w.schools, w.geo
	for i := range w.Len() {
		p := w.Person(i)
		for _, j := range p.Jobs {
			if !j.Current || w.titles.need[j.Title] != profLaw {
				continue
			}
			at := w.rolePlace(j)
			if at < 0 {
				at = p.City
			}
			code := g.countries[g.placeCountry[at]].Code
			home := slices.ContainsFunc(p.Education, func(ed Education) bool {
				return s.profession[ed.Field] == profLaw && professionalDegree(ed.Degree, profLaw) && s.country[ed.University] == code
			})
			if since := firstLawYear(w, p); !home && since > 0 && !lawTaughtIn(w, code, since) {
				continue // no school of the country taught law then: the lawyer studied abroad
			}
			n.add(!home, "person %d: %s in %s", i, w.titles.titles[j.Title].Name, code)
		}
	}
	return n
}

// abolished are the degrees of single long studies that no student who
// enrolled after the reform of their country (reforms) could take there.
var abolished = map[uint8]bool{
	degDiplom: true, degDiplomFH: true, degMagisterArtium: true, degMagister: true, degMagisterInz: true,
	degLizentiat: true, degMaitrise: true, degDEA: true, degDESS: true, degLaurea: true, degIngenieriaSuperior: true,
	degDoctoraal: true, degIr: true, degLicentiaat: true, degBurgerlijkIngenieur: true, degIngenieurCivil: true,
	degSpecialist: true, degMagisterexamen: true, degSivilingenior: true, degSivilokonom: true, degCandMag: true,
	degCandPolyt: true, degCandMerc: true, degCandScient: true, degCandJur: true, degDiplomiInsinoori: true,
}

// longAbolished reports whether a degree of a school of country code is
// an abolished one there: the DiplIng stays in Austria, the Licenciatura
// in Portugal, Mexico and Argentina, the Licence in France.
func longAbolished(d uint8, code string) bool {
	switch {
	case d == degDiplIng:
		return code == "DE"
	case d == degLicenciatura:
		return code == "ES"
	case d == degLicence:
		return code == "BE" || code == "CH"
	}
	return abolished[d]
}

// countOutOfSystem counts the degrees of a country that moved to the
// bachelor's and master's that do not fit the time: a bachelor's begun
// before the first year of the reform, a single long degree begun in or
// after the year it became the rule; and bachelor's degrees of French
// universities, which grant the Licence.
func countOutOfSystem(w *World) tally {
	var n tally
	s := w.schools
	for i := range w.Len() {
		for _, ed := range w.Person(i).Education {
			if ed.Degree == 0 || ed.Start == 0 {
				continue
			}
			code := s.country[ed.University]
			rf, reformed := reforms[code]
			if !reformed && code != "FR" {
				continue
			}
			// The graduates of a Dutch hogeschool of before the reform
			// hold the title of bachelor.
			bachelor := strings.Contains(degreeNames[ed.Degree], "Bachelor") && !(code == "NL" && s.kind[ed.University] == "applied")
			year := int(ed.Start)
			bad := reformed && (bachelor && year < rf.from || longAbolished(ed.Degree, code) && year >= rf.general) ||
				code == "FR" && s.kind[ed.University] == "university" && bachelor
			n.add(bad, "person %d: %s, %s, %s, %d-%d", i, degreeNames[ed.Degree], s.fields[ed.Field],
				w.Universities()[ed.University].Name, ed.Start, ed.End)
		}
	}
	return n
}

// countMasterAfterLong counts, per single long degree of the old systems,
// those followed by a plain master's (not an MBA or an LLM) at a school
// of the same country begun before the reform there was the rule.
func countMasterAfterLong(w *World) tally {
	var n tally
	s := w.schools
	for i := range w.Len() {
		edu := w.Person(i).Education
		for _, long := range edu {
			code := s.country[long.University]
			if !longAbolished(long.Degree, code) || stageOf(long.Degree) != stageFirst || long.End == 0 {
				continue
			}
			bad := slices.ContainsFunc(edu, func(ed Education) bool {
				return masterly(ed.Degree) && s.country[ed.University] == code && ed.Start >= long.End &&
					int(ed.Start) < reforms[code].general
			})
			n.add(bad, "person %d: a master's after a %s of %s", i, degreeNames[long.Degree],
				w.Universities()[long.University].Name)
		}
	}
	return n
}

// countBeforeFounding counts the education entries begun (or, of unknown
// start, ended) before their school was founded: Aalto University in
// 1995.
func countBeforeFounding(w *World) tally {
	var n tally
	s := w.schools
	for i := range w.Len() {
		for _, ed := range w.Person(i).Education {
			year := int(ed.Start)
			if year == 0 {
				year = int(ed.End)
			}
			if year == 0 {
				continue
			}
			n.add(!s.openIn(ed.University, year), "person %d: %s from %d, founded %d", i,
				w.Universities()[ed.University].Name, year, s.founded[ed.University])
		}
	}
	return n
}

// countCommunityAcademic counts the certificates and diplomas of
// community colleges in fields that are neither a trade nor a line of
// business: a certificate in international relations.
func countCommunityAcademic(w *World) tally {
	var n tally
	s := w.schools
	for i := range w.Len() {
		for _, ed := range w.Person(i).Education {
			if !s.community[ed.University] || ed.Degree != degCertificate && ed.Degree != degDiploma {
				continue
			}
			n.add(!vocationalFaculties.has(s.faculty[ed.Field]), "person %d: %s, %s, %s", i,
				degreeNames[ed.Degree], s.fields[ed.Field], w.Universities()[ed.University].Name)
		}
	}
	return n
}

// countGraduateWithoutFirst counts the JDs, MDs and PharmDs of schools of
// the US and Canada, graduate degrees there, of people who list no
// bachelor's, nor a long degree abroad that stands for one.
func countGraduateWithoutFirst(w *World) tally {
	var n tally
	s := w.schools
	for i := range w.Len() {
		edu := w.Person(i).Education
		for _, ed := range edu {
			code := s.country[ed.University]
			if ed.Degree != degJD && ed.Degree != degMD && ed.Degree != degPharmD || code != "US" && code != "CA" {
				continue
			}
			first := slices.ContainsFunc(edu, func(e Education) bool {
				// A bachelor's, or a long degree of a system abroad that
				// admits to graduate studies as one does (a Diplom, a
				// French master's of five years).
				abroad := s.country[e.University] != "US" && s.country[e.University] != "CA" &&
					stageOf(e.Degree) == stageGraduate && (e.Start == 0 || e.End >= e.Start+4)
				return e.Degree != 0 && (stageOf(e.Degree) == stageFirst || abroad)
			})
			n.add(!first, "person %d: %s with no bachelor's", i, degreeNames[ed.Degree])
		}
	}
	return n
}

// countFarSecondary counts the secondary schools listed that are not in
// the region (state, province) of the person's home or of any place they
// worked.
func countFarSecondary(w *World) tally {
	var n tally
	s, places := w.schools, w.Places()
	for i := range w.Len() {
		p := w.Person(i)
		for _, ed := range p.Education {
			if !s.secondary[ed.University] {
				continue
			}
			region := regionKey(&places[w.Universities()[ed.University].City])
			near := regionKey(&places[p.City]) == region || slices.ContainsFunc(p.Jobs, func(j Job) bool {
				return j.Location >= 0 && regionKey(&places[j.Location]) == region
			})
			n.add(!near, "person %d of %s: %s", i, places[p.City].Display, w.Universities()[ed.University].Name)
		}
	}
	return n
}

// foreignSchoolWords are words of secondary schools' names, by the
// regions whose language they are not.
var foreignSchoolWords = []struct {
	regions []string
	words   []string
}{
	{[]string{"BE/VLG"}, []string{"Lycée", "Athénée", "Collège", "École"}},
	{[]string{"BE/WAL", "BE/BRU"}, []string{"Atheneum", "Lyceum", "College"}},
	{[]string{"CH/GE", "CH/VD", "CH/NE", "CH/JU", "CH/TI"}, []string{"Gymnasium", "Kantonsschule"}},
	{[]string{"CA/10"}, []string{"High School"}},
}

// countSecondaryLanguage counts the secondary schools named in another
// language than their region's: a Lycée in Flanders, a Kantonsschule in
// Geneva, or after the English name of a city that has its own
// (Gymnasium Munich).
func countSecondaryLanguage(w *World) tally {
	var n tally
	s, places := w.schools, w.Places()
	for u, uni := range w.Universities() {
		if !s.secondary[u] {
			continue
		}
		city := &places[uni.City]
		bad := localSpelling[city.Country] && localName(city) != city.Name &&
			strings.Contains(" "+uni.Name+" ", " "+city.Name+" ")
		for _, f := range foreignSchoolWords {
			if slices.Contains(f.regions, regionKey(city)) {
				bad = bad || slices.ContainsFunc(f.words, func(word string) bool { return strings.Contains(uni.Name, word) })
			}
		}
		n.add(bad, "%s in %s", uni.Name, city.Display)
	}
	return n
}

// countYoungDegrees counts the first degrees (bachelor's and single long
// degrees) ended before the age of 21, and the PhDs before 26: someone
// of three years' study after school at 18 is 21.
func countYoungDegrees(w *World) tally {
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		for _, ed := range p.Education {
			if ed.Degree == 0 || ed.End == 0 {
				continue
			}
			age := int(ed.End) - int(p.BirthYear)
			switch {
			case ed.Degree == degPhD:
				n.add(age < 26, "person %d: a PhD at %d", i, age)
			case stageOf(ed.Degree) == stageFirst:
				n.add(age < 21, "person %d: a %s at %d", i, degreeNames[ed.Degree], age)
			}
		}
	}
	return n
}

// countGraduateAfterShort counts the graduate degrees (master's,
// doctorates) of people who list a short course (an associate's degree,
// a diploma, a certificate) and no first degree: a master's needs a
// bachelor's, or one of the single long degrees, before it.
func countGraduateAfterShort(w *World) tally {
	var n tally
	for i := range w.Len() {
		edu := w.Person(i).Education
		short := slices.ContainsFunc(edu, func(e Education) bool { return e.Degree != 0 && stageOf(e.Degree) == stageShort })
		first := slices.ContainsFunc(edu, func(e Education) bool { return e.Degree != 0 && stageOf(e.Degree) == stageFirst })
		for _, ed := range edu {
			if ed.Degree != 0 && stageOf(ed.Degree) == stageGraduate {
				n.add(short && !first, "person %d: a %s after a short course only", i, degreeNames[ed.Degree])
			}
		}
	}
	return n
}

// degreeCountries are the countries whose systems name a degree, of the
// degrees only some systems grant.
var degreeCountries = map[uint8]string{
	degBE:    "IN PK NP BD LK AU NZ IE",
	degBFA:   "US CA PH AU NZ",
	degBSN:   "US CA PH",
	degMEng:  "GB SG HK MY IE IN AU NZ CA",
	degBTech: "IN", degMTech: "IN",
}

// countForeignDegreeNames counts the degrees named as the school's
// country does not name them, or as no degree of the field is named: a
// BE outside South Asia, Australasia and Ireland, a BEng outside the
// Commonwealth, East Asia and the Germanic and Nordic countries (of Latin
// America, the US or India), an MA in a business field, a BS in engineering of the British system or India, a BFA or a
// BSN outside North America, a BBA outside business, a BArch outside
// architecture or a BFA in it, an MEng of the US.
func countForeignDegreeNames(w *World) tally {
	var n tally
	s := w.schools
	british := " GB SG HK MY IE IN "
	for i := range w.Len() {
		for _, ed := range w.Person(i).Education {
			if ed.Degree == 0 {
				continue
			}
			code, fac := s.country[ed.University], s.faculty[ed.Field]
			bad := false
			if list, ok := degreeCountries[ed.Degree]; ok {
				bad = !strings.Contains(" "+list+" ", " "+code+" ")
			}
			switch ed.Degree {
			case degBEng:
				bad = !strings.Contains(" GB SG HK MY CA NG GH KE ZA UG TZ ZW ZM MT CY AE SA QA CN JP KR TW TH VN ID DE NL FI AT CH DK ", " "+code+" ")
			case degMA:
				bad = fac == facBusiness
			case degBS:
				bad = fac == facEngineering && strings.Contains(british, " "+code+" ")
			case degBBA:
				bad = fac != facBusiness && fac != facHospitality
			case degBArch:
				bad = fac != facArchitecture
			}
			if fac == facArchitecture && (ed.Degree == degBFA || ed.Degree == degBA && code != "GB") {
				bad = true
			}
			n.add(bad, "person %d: %s in %s from %s", i, degreeNames[ed.Degree], s.fields[ed.Field],
				w.Universities()[ed.University].Name)
		}
	}
	return n
}

// countResearchShortCourses counts the short courses (a diploma, a
// certificate, an associate's degree) of the well-known research
// universities and grandes écoles of universities.tsv, but the state
// diploma of a French university's nurses.
func countResearchShortCourses(w *World) tally {
	var n tally
	s := w.schools
	research := map[string]bool{"university": true, "technical": true, "business": true, "politics": true, "medical": true, "liberalarts": true}
	for i := range w.Len() {
		for _, ed := range w.Person(i).Education {
			u := ed.University
			if ed.Degree == 0 || s.invented[u] || !research[s.kind[u]] {
				continue
			}
			nurse := s.country[u] == "FR" && (s.faculty[ed.Field] == facNursing || s.faculty[ed.Field] == facHealth)
			n.add(stageOf(ed.Degree) == stageShort && !nurse, "person %d: %s in %s from %s", i,
				degreeNames[ed.Degree], s.fields[ed.Field], w.Universities()[u].Name)
		}
	}
	return n
}

// countUntaughtFields counts the studies of information systems at a
// well-known institute of technology, of building services engineering
// outside the countries of Britain's system, and of electronics and
// communication engineering outside South Asia.
func countUntaughtFields(w *World) tally {
	var n tally
	s := w.schools
	for i := range w.Len() {
		for _, ed := range w.Person(i).Education {
			u, field := ed.University, s.fields[ed.Field]
			bad := field == "Information Systems" && s.kind[u] == "technical" && !s.invented[u] ||
				field == "Building Services Engineering" && !strings.Contains(" GB IE HK SG MY AU NZ AE ", " "+s.country[u]+" ") ||
				field == "Electronics and Communication Engineering" && !strings.Contains(" IN PK BD NP LK ", " "+s.country[u]+" ")
			n.add(bad, "person %d: %s at %s", i, field, w.Universities()[u].Name)
		}
	}
	return n
}

// countGrandeEcoleBachelors counts the bachelor's degrees of the French
// business schools and Sciences Po.
func countGrandeEcoleBachelors(w *World) tally {
	var n tally
	s := w.schools
	for i := range w.Len() {
		for _, ed := range w.Person(i).Education {
			u := ed.University
			if s.country[u] != "FR" || s.kind[u] != "business" && s.kind[u] != "politics" || ed.Degree == 0 {
				continue
			}
			n.add(strings.Contains(degreeNames[ed.Degree], "Bachelor"), "person %d: %s from %s, %d", i,
				degreeNames[ed.Degree], w.Universities()[u].Name, ed.Start)
		}
	}
	return n
}

// countCollidingSchoolNames counts the invented schools named as real
// schools of another kind or age are: a city's name and "College" (a
// secondary school in much of the Commonwealth), "Institute of
// Technology" (many of them founded lately), and in the US "High School"
// (a big city's schools bear other names); and the invented schools of
// higher education with no founding year, whose graduates' years nothing
// bounds.
func countCollidingSchoolNames(w *World) tally {
	var n tally
	s, places := w.schools, w.Places()
	for u, uni := range w.Universities() {
		if !s.invented[u] {
			continue
		}
		city := places[uni.City].Name
		local := localName(&places[uni.City])
		bad := !s.secondary[u] && s.founded[u] == 0
		for _, c := range []string{city, local} {
			bad = bad || uni.Name == c+" College" || uni.Name == c+" Institute of Technology" ||
				s.country[u] == "US" && uni.Name == c+" High School"
		}
		n.add(bad, "%s (founded %d)", uni.Name, s.founded[u])
	}
	return n
}

// countUnrelatedMasters counts the plain master's (not an MBA, an LLM or
// a doctorate) of people whose first degrees are all of fields that do
// not lead to the master's field (see schoolVocab.leadsTo).
func countUnrelatedMasters(w *World) tally {
	var n tally
	s := w.schools
	for i := range w.Len() {
		edu := w.Person(i).Education
		for _, ed := range edu {
			if !masterly(ed.Degree) {
				continue
			}
			if s.kinds[ed.Field] == kindLaw {
				// Law admits graduates of any field to its master's in
				// many systems: Britain's conversion master's, Sciences
				// Po's law school, the path of a lawyer trained abroad.
				continue
			}
			firsts := 0
			related := slices.ContainsFunc(edu, func(e Education) bool {
				if e.Degree == 0 || stageOf(e.Degree) != stageFirst {
					return false
				}
				firsts++
				return s.leadsTo(e.Field, ed.Field)
			})
			n.add(firsts > 0 && !related, "person %d: %s in %s after a first degree elsewhere", i,
				degreeNames[ed.Degree], s.fields[ed.Field])
		}
	}
	return n
}

// countEarlyMBAs counts the MBAs begun less than three years after the
// person's first degree ended.
func countEarlyMBAs(w *World) tally {
	var n tally
	for i := range w.Len() {
		edu := w.Person(i).Education
		for _, ed := range edu {
			if ed.Degree != degMBA || ed.Start == 0 {
				continue
			}
			early := slices.ContainsFunc(edu, func(e Education) bool {
				return e.Degree != 0 && stageOf(e.Degree) == stageFirst && e.End != 0 && int(ed.Start) < int(e.End)+3
			})
			n.add(early, "person %d: an MBA begun %d", i, ed.Start)
		}
	}
	return n
}

// countShortAmericanMasters counts the plain master's of one year at
// schools of the US and Canada, where they take two.
func countShortAmericanMasters(w *World) tally {
	var n tally
	s := w.schools
	for i := range w.Len() {
		for _, ed := range w.Person(i).Education {
			code := s.country[ed.University]
			if !masterly(ed.Degree) || ed.Start == 0 || code != "US" && code != "CA" {
				continue
			}
			n.add(ed.End < ed.Start+2, "person %d: %s %d-%d at %s", i, degreeNames[ed.Degree], ed.Start, ed.End,
				w.Universities()[ed.University].Name)
		}
	}
	return n
}

// countShortTwoYearMasters counts the plain master's of one year at
// schools of countries whose master's degrees take two years.
func countShortTwoYearMasters(w *World) tally {
	var n tally
	s := w.schools
	two := " JP KR CN TW BR MX AR CL CO TR EG DE AT CH FR IT FI NO DK CZ PL PT "
	for i := range w.Len() {
		for _, ed := range w.Person(i).Education {
			if !masterly(ed.Degree) || ed.Start == 0 || !strings.Contains(two, " "+s.country[ed.University]+" ") {
				continue
			}
			n.add(ed.End < ed.Start+2, "person %d: %s in %s %d-%d at %s", i, degreeNames[ed.Degree], s.fields[ed.Field],
				ed.Start, ed.End, s.universities[ed.University].Name)
		}
	}
	return n
}

// countOddEngineeringNames counts the BEs, BEngs, BTechs, MEngs and
// MTechs in information systems, and the first degrees in business of
// Imperial College London, whose business school teaches graduates only.
func countOddEngineeringNames(w *World) tally {
	var n tally
	s := w.schools
	for i := range w.Len() {
		for _, ed := range w.Person(i).Education {
			if ed.Degree == 0 {
				continue
			}
			name, field := s.universities[ed.University].Name, s.fields[ed.Field]
			engineers := slices.Contains([]uint8{degBE, degBEng, degBTech, degMEng, degMTech}, ed.Degree)
			bad := engineers && field == "Information Systems" ||
				name == "Imperial College London" && s.faculty[ed.Field] == facBusiness && stageOf(ed.Degree) != stageGraduate
			n.add(bad, "person %d: %s in %s at %s", i, degreeNames[ed.Degree], field, name)
		}
	}
	return n
}

// countShortFourYearBachelors counts the bachelor's degrees (of the
// names the world over, not the long degrees of national systems) of
// three years or less at schools of countries whose bachelor's take four.
func countShortFourYearBachelors(w *World) tally {
	var n tally
	s := w.schools
	four := " JP KR CN TW BR TR EG ES RU ID PH SA "
	for i := range w.Len() {
		for _, ed := range w.Person(i).Education {
			if stageOf(ed.Degree) != stageFirst || ed.Degree >= firstNational || ed.Start == 0 || ed.End == 0 ||
				!strings.Contains(four, " "+s.country[ed.University]+" ") {
				continue
			}
			n.add(ed.End < ed.Start+4, "person %d: %s in %s %d-%d at %s", i, degreeNames[ed.Degree], s.fields[ed.Field],
				ed.Start, ed.End, s.universities[ed.University].Name)
		}
	}
	return n
}

// countCommerceBusinessBAs counts the Bachelors of Arts in the fields of
// business of schools of India, Pakistan, Bangladesh, Nepal, Sri Lanka,
// Canada, Australia, New Zealand and South Africa.
func countCommerceBusinessBAs(w *World) tally {
	var n tally
	s := w.schools
	for i := range w.Len() {
		for _, ed := range w.Person(i).Education {
			if !strings.Contains(" IN PK BD NP LK CA AU NZ ZA ", " "+s.country[ed.University]+" ") || s.faculty[ed.Field] != facBusiness {
				continue
			}
			n.add(ed.Degree == degBA, "person %d: %s in %s at %s", i, degreeNames[ed.Degree], s.fields[ed.Field],
				s.universities[ed.University].Name)
		}
	}
	return n
}

// countShortEngineeringDegrees counts the first degrees in engineering of
// three years at schools of the countries where engineers study four.
func countShortEngineeringDegrees(w *World) tally {
	var n tally
	s := w.schools
	four := " US CA IN PK BD NP LK PH AU NZ SG HK MY CN KR JP TW "
	for i := range w.Len() {
		for _, ed := range w.Person(i).Education {
			code := s.country[ed.University]
			if ed.Degree == 0 || stageOf(ed.Degree) != stageFirst || ed.Start == 0 || s.faculty[ed.Field] != facEngineering ||
				!strings.Contains(four, " "+code+" ") {
				continue
			}
			n.add(ed.End < ed.Start+4, "person %d: %s in %s %d-%d at %s", i, degreeNames[ed.Degree], s.fields[ed.Field],
				ed.Start, ed.End, w.Universities()[ed.University].Name)
		}
	}
	return n
}

// foreignSchoolForms are forms of a school's name that no school of a
// country takes today, with the countries where one does: the
// polytechnics of Britain became universities in 1992, India's
// engineering colleges are colleges or institutes of technology.
var foreignSchoolForms = []struct{ form, countries string }{
	{"Polytechnic Institute", "US"},
	{"Polytechnic", "US NZ SG"},
	{"Metropolitan College", ""},
	{"Business School", ""},
}

// countForeignSchoolForms counts the invented schools of higher education
// whose name takes a form no school of their country does.
func countForeignSchoolForms(w *World) tally {
	var n tally
	s := w.schools
	for u, uni := range w.Universities() {
		if !s.invented[u] || s.secondary[u] {
			continue
		}
		bad := false
		for _, f := range foreignSchoolForms {
			if strings.Contains(uni.Name, f.form) && !strings.Contains(" "+f.countries+" ", " "+s.country[u]+" ") {
				bad = true
			}
		}
		n.add(bad, "%s (%s)", uni.Name, s.country[u])
	}
	return n
}

// countDegreesOfFurtherEducation counts the bachelor's, master's and
// doctorates of invented schools of Britain, Ireland, Australia and
// Singapore, whose only invented schools are colleges of further
// education and institutes of TAFE, of diplomas and certificates.
func countDegreesOfFurtherEducation(w *World) tally {
	var n tally
	s := w.schools
	for i := range w.Len() {
		for _, ed := range w.Person(i).Education {
			u := ed.University
			if !s.invented[u] || s.secondary[u] || !strings.Contains(" GB IE AU SG ", " "+s.country[u]+" ") {
				continue
			}
			n.add(ed.Degree == 0 || stageOf(ed.Degree) != stageShort, "person %d: %s in %s from %s", i,
				degreeNames[ed.Degree], s.fields[ed.Field], w.Universities()[u].Name)
		}
	}
	return n
}

// famousDegrees says of famous schools the degrees they grant by their
// own names: the first degrees of every field but medicine and the
// health professions, the graduate degrees, and the fields of business
// they teach besides the MBA's.
var famousDegrees = map[string]struct {
	first, graduate string // degree abbreviations, as degreeNames end
	business        string // fields of business, comma-separated
}{
	"University of Oxford":                     {"BA", "MS MPhil MBA DPhil", "Finance"},
	"University of Cambridge":                  {"BA", "MPhil MRes MBA LLM MEd PhD", "Finance,Management"},
	"Massachusetts Institute of Technology":    {"BS", "MS MEng MBA PhD MArch", "Management,Finance,Supply Chain Management"},
	"California Institute of Technology":       {"BS", "MS PhD", ""},
	"Stanford University":                      {"BA BS", "MA MS MBA JD MD PhD MEd LLM", ""},
	"Harvard University":                       {"BA BS", "MA MS MEd MBA JD MD LLM PhD MArch", ""},
	"Princeton University":                     {"BA BS", "MA MS MEng PhD MArch", ""},
	"Yale University":                          {"BA BS", "MA MS MBA JD MD LLM PhD MArch", ""},
	"ETH Zürich":                               {"BS", "MS PhD", "Management"},
	"EPFL":                                     {"BS", "MS PhD", "Management,Finance"},
	"Indian Institute of Management Ahmedabad": {"", "MBA PhD", ""},
	"Indian Institute of Management Bangalore": {"", "MBA PhD", ""},
}

// abbreviation returns the short name a degree's name ends with ("BA" of
// "Bachelor of Arts - BA"), or the whole name.
func abbreviation(d uint8) string {
	name := degreeNames[d]
	if i := strings.LastIndex(name, " - "); i >= 0 {
		return name[i+3:]
	}
	return name
}

// countForeignFamousDegrees counts the degrees of famous schools that
// they do not grant (famousDegrees): a Cambridge MS, an Oxford BEng or
// LLB, MIT's BA or master's in accounting, Harvard's BBA, and of the
// Indian Institutes of Technology an engineer's first degree but the
// BTech. The single long degrees of before the Bologna process (ETH's
// Diplom) are their country's, not counted.
func countForeignFamousDegrees(w *World) tally {
	var n tally
	s := w.schools
	for i := range w.Len() {
		for _, ed := range w.Person(i).Education {
			u := ed.University
			name := w.Universities()[u].Name
			if ed.Degree == 0 || s.invented[u] {
				continue
			}
			bad := false
			fac := s.faculty[ed.Field]
			if strings.HasPrefix(name, "Indian Institute of Technology") {
				bad = stageOf(ed.Degree) == stageFirst && (fac == facEngineering || fac == facComputing) && ed.Degree != degBTech
				n.add(bad, "person %d: %s in %s from %s", i, degreeNames[ed.Degree], s.fields[ed.Field], name)
				continue
			}
			rule, famous := famousDegrees[name]
			if !famous || ed.Degree >= firstNational && !strings.Contains(" MPhil MRes DPhil MArch ", " "+abbreviation(ed.Degree)+" ") {
				continue
			}
			abbr := " " + abbreviation(ed.Degree) + " "
			switch stageOf(ed.Degree) {
			case stageFirst:
				clinical := fac == facMedicine || fac == facNursing || fac == facPharmacy || fac == facHealth
				bad = !clinical && !strings.Contains(" "+rule.first+" ", abbr)
			case stageGraduate:
				bad = !strings.Contains(" "+rule.graduate+" ", abbr)
			default:
				bad = true
			}
			if fac == facBusiness && ed.Degree != degMBA && ed.Degree != degPhD && ed.Degree != degDPhil &&
				!slices.Contains(strings.Split(rule.business, ","), s.fields[ed.Field]) {
				bad = true // a master's in accounting at MIT
			}
			n.add(bad, "person %d: %s in %s from %s", i, degreeNames[ed.Degree], s.fields[ed.Field], name)
		}
	}
	return n
}

// countOddDurations counts the degrees of known years that last other
// than their kind does: a bachelor's of the US shorter than four years, a
// BE or a BTech too, a BArch shorter than five, a first degree of Oxford
// or Cambridge but in medicine other than three, an MBA longer than two,
// a doctorate shorter than three.
func countOddDurations(w *World) tally {
	var n tally
	s := w.schools
	for i := range w.Len() {
		for _, ed := range w.Person(i).Education {
			if ed.Degree == 0 || ed.Start == 0 || ed.End == 0 {
				continue
			}
			u, years := ed.University, int(ed.End)-int(ed.Start)
			name, code := w.Universities()[u].Name, s.country[u]
			fac := s.faculty[ed.Field]
			first := stageOf(ed.Degree) == stageFirst && ed.Degree < firstNational
			bad := false
			switch {
			case ed.Degree == degBArch:
				bad = years < 5
			case first && code == "US", ed.Degree == degBE, ed.Degree == degBTech:
				bad = years < 4
			case first && (name == "University of Oxford" || name == "University of Cambridge") && fac != facMedicine:
				bad = years != 3
			case (masterly(ed.Degree) || ed.Degree == degMBA) && strings.Contains(" IN PK NP ", " "+code+" "),
				ed.Degree == degMBA && code == "US":
				bad = years != 2 // South Asia's master's and MBAs, and the MBAs of the US, take two years
			case ed.Degree == degMBA:
				bad = years > 2
			case ed.Degree == degPhD || ed.Degree == degDPhil:
				bad = years < 3
			}
			n.add(bad, "person %d: %s in %s from %s, %d-%d", i, degreeNames[ed.Degree], s.fields[ed.Field], name,
				ed.Start, ed.End)
		}
	}
	return n
}
