package world

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"time"
)

// educationChecks are the realism points of this file (see realismCheck):
// how long entry-level titles last, whether the regulated professions
// hold their degree, whether awards fall in the time at their issuer, and
// whether schools grant what profiles say they studied there.
var educationChecks = []realismCheck{
	{name: "entry-level titles (intern, trainee, apprentice, graduate, junior) held over 3 years, per holder", limit: 0.05, count: countLongEntryTitles(36)},
	{name: "internships held over a year, trainee and graduate programmes over two years, per holder", limit: 0.05, count: countLongEntryTitles(0)},
	{name: "clinical and legal roles without the matching degree (a physician's medicine, a lawyer's law)", count: countUnqualifiedRoles},
	{name: "awards from an employer or school dated outside the time there, or before studies began", count: countStrayAwards},
	{name: "education entries at an institution that does not grant that degree or field", count: countUngranted},
	{name: "university entries with an empty degree or field", count: countEmptyDegrees},
	{name: "fields of study begun before they were taught as degrees (logistics in 1985, data science in 1998, computer science in 1962)", count: countFieldsBeforeTheirTime},
	{name: "made-up schools named against their city's language or as a district of a bigger city (an Istituto Superiore di Florence, a Lycée de Le Havre, a Faculdade de Rio de Janeiro, an Escuela de Negocios de Sant Martí)", count: countMisnamedSchools},
	{name: "community colleges of another state than the person's when theirs has one (a Brooklyn Community College for a Floridian)", startOnly: true, count: countFarCommunityColleges},
	{name: "first degrees taken abroad, per person with one (a Chilean's bachelor's at King's College London)", limit: 0.03, count: countAbroad(stageFirst, false)},
	{name: "countries of whose people over 5 % took their first degree abroad (outside the small countries and the Gulf), of those with 200 first degrees", count: countAbroadCountries},
	{name: "degrees abroad in a country the person's people seldom study in (a South African at Simon Fraser), per person with studies", limit: 0.001, count: countAbroad(stageGraduate, true)},
	{name: "government degree colleges of India in one of its ten biggest cities (a Government Degree College, Mumbai)", startOnly: true, count: countMetroDegreeColleges},
	{name: "made-up schools of countries whose own take no such form (a University of Hebron, a Universidad Regional de Santiago in Chile, an École de Commerce de Diapaga)", count: countMadeUpSchools},
}

// countFieldsBeforeTheirTime counts the education entries in a field of
// study begun before the field was commonly a degree subject
// (fieldSince), as the profile dates them: by the start, or where the
// profile hides it, the year before the end (the latest start a reader
// would allow).
func countFieldsBeforeTheirTime(w *World) tally {
	var n tally
	for i := range w.Len() {
		for _, ed := range w.Person(i).Education {
			year := int(ed.Start)
			if year == 0 && ed.End != 0 {
				year = int(ed.End) - 1
			}
			if year == 0 {
				continue
			}
			field := w.Fields()[ed.Field]
			since := int(fieldSince[field])
			n.add(year < since, "person %d: %s from %d at %s, a degree from %d", i, field, year,
				w.Universities()[ed.University].Name, since)
		}
	}
	return n
}

// madeUpForms are the countries whose many small schools a reader does
// not know by name, so that one named after its city in a form the
// country's schools take passes (a Faculdade de Campinas, a Hochschule
// Kassel, a Jackson Community College); elsewhere a reader knows the
// country's few universities, and a school of another name is made up.
var madeUpForms = strings.Fields("US GB IE AU IN SE PH DE AT FR ES MX IT BR PT NL")

// countMadeUpSchools counts the education entries at a school beyond
// secondary that data/universities.tsv does not list, of a country
// outside madeUpForms.
func countMadeUpSchools(w *World) tally {
	listed := map[string]bool{}
	if err := eachRow("data/universities.tsv", 6, func(f []string) error {
		listed[f[3]] = true
		return nil
	}); err != nil {
		panic(err)
	}
	var n tally
	for i := range w.Len() {
		for _, ed := range w.Person(i).Education {
			u := w.Universities()[ed.University]
			if w.Fields()[ed.Field] == secondaryField {
				continue
			}
			code := w.geo.countries[w.geo.placeCountry[u.City]].Code
			n.add(!listed[u.Name] && !slices.Contains(madeUpForms, code), "person %d: %s of %s", i, u.Name, code)
		}
	}
	return n
}

// entryMonths is how long a reader expects an entry-level title to be
// held, by the word that makes it one: an internship months, a trainee or
// graduate programme two years at most, a junior's title three. It
// returns 0 for a title that is not entry-level.
func entryMonths(t Title) int {
	for _, word := range strings.Fields(t.Name) {
		switch word {
		case "Intern", "Internship":
			return 12
		case "Trainee", "Graduate", "Apprentice":
			return 24
		case "Junior":
			return 36
		}
	}
	if t.Level == Entry || t.Level == Junior {
		return 36
	}
	return 0
}

// countLongEntryTitles counts, per person and entry-level title they
// held, those held longer than limit months over all their roles of that
// title (a limit of 0: longer than the title's own, entryMonths). Titles
// held in a role of unknown start are left out.
func countLongEntryTitles(limit int) func(w *World) tally {
	return func(w *World) tally {
		var n tally
		for i := range w.Len() {
			held := map[TitleID]int{} // months, -1 for unknown
			for _, j := range mainLine(w.Person(i)) {
				if entryMonths(w.Title(j.Title)) == 0 || held[j.Title] < 0 {
					continue
				}
				if j.Start == 0 {
					held[j.Title] = -1
					continue
				}
				end := j.End
				if j.Current {
					end = w.month
				}
				held[j.Title] += int(end) - int(j.Start)
			}
			for _, t := range slices.Sorted(maps.Keys(held)) {
				months := held[t]
				if months < 0 {
					continue
				}
				most := limit
				if most == 0 {
					if most = entryMonths(w.Title(t)); most == 36 {
						continue // a junior's title: the other check
					}
				}
				n.add(months > most, "person %d: %s for %d months", i, w.Title(t).Name, months)
			}
		}
		return n
	}
}

// clinicalFields are the degrees of the clinical professions: the
// fields a head of clinical services has studied one of.
var clinicalFields = []string{"Medicine", "Nursing", "Pharmacy", "Physiotherapy", "Dental Hygiene", "Dentistry"}

// degreeWords maps the words of a regulated title to the fields of study
// its holder has a degree in.
var degreeWords = map[string][]string{
	"Physician": {"Medicine"}, "Surgeon": {"Medicine"}, "Medical Officer": {"Medicine"},
	"Nurse": {"Nursing"}, "Nursing": {"Nursing"}, "Midwife": {"Nursing"},
	"Pharmacist": {"Pharmacy"}, "Dentist": {"Dentistry"}, "Physiotherapist": {"Physiotherapy"},
	"Dental Hygienist": {"Dental Hygiene", "Dentistry"}, "Clinical Services": clinicalFields,
	"Lawyer": {"Law"}, "Attorney": {"Law"}, "Solicitor": {"Law"}, "Barrister": {"Law"}, "Counsel": {"Law"},
	"Legal": {"Law"}, // Head of Legal, Legal Team Lead, Chief Legal Officer; not Paralegal
}

// neededFields returns the fields of study a title's holder has a degree
// in, or nil for a title of no regulated profession.
func neededFields(name string) []string {
	for words, fields := range degreeWords {
		if strings.Contains(" "+name+" ", " "+words+" ") {
			return fields
		}
	}
	return nil
}

// professional reports whether an education entry is a degree that
// qualifies for a regulated profession: a degree listed, and for
// medicine, law and pharmacy more than a short course.
func professional(ed Education, field string) bool {
	if ed.Degree == 0 || ed.Degree == degCertificate {
		return false
	}
	switch field {
	case "Medicine", "Law", "Pharmacy", "Dentistry":
		return !slices.Contains(shortDegrees, ed.Degree)
	}
	return true
}

// countUnqualifiedRoles counts the roles of a regulated profession
// (physician, nurse, pharmacist, lawyer…) held by someone without a
// degree in its field.
func countUnqualifiedRoles(w *World) tally {
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		for _, j := range p.Jobs {
			name := w.Title(j.Title).Name
			need := neededFields(name)
			if need == nil {
				continue
			}
			ok := slices.ContainsFunc(p.Education, func(ed Education) bool {
				f := w.Fields()[ed.Field]
				return slices.Contains(need, f) && professional(ed, f)
			})
			var studied []string
			for _, ed := range p.Education {
				if !ok {
					studied = append(studied, degreeNames[ed.Degree]+" in "+w.Fields()[ed.Field])
				}
			}
			n.add(!ok, "person %d: %s, studied %v", i, name, studied)
		}
	}
	return n
}

// countStrayAwards counts the awards a profile shows issued by one of
// the person's employers (or schools) but dated outside their time there
// (or before their studies began, or after the clock).
func countStrayAwards(w *World) tally {
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		var c struct {
			HonorAward []struct{ Name, Issue, Date string }
		}
		if err := json.Unmarshal(w.Candidate(p, true), &c); err != nil {
			panic(err)
		}
		studies := 0 // the first year of studies
		for _, ed := range p.Education {
			if ed.Start != 0 && (studies == 0 || int(ed.Start) < studies) {
				studies = int(ed.Start)
			}
		}
		for _, h := range c.HonorAward {
			if h.Issue == "" || h.Date == "" {
				continue
			}
			at, err := time.Parse(time.RFC3339, h.Date)
			if err != nil {
				panic(err)
			}
			m := monthOfTime(at)
			inside := false
			for _, j := range p.Jobs {
				if w.Company(j.Company).Name != h.Issue || j.Start == 0 {
					continue
				}
				end := j.End
				if j.Current {
					end = w.month
				}
				inside = inside || m >= j.Start && m <= end
			}
			for _, ed := range p.Education {
				if w.Universities()[ed.University].Name == h.Issue && ed.Start != 0 {
					end := int(ed.End)
					if end == 0 {
						end = w.month.Year()
					}
					inside = inside || at.Year() >= int(ed.Start) && at.Year() <= end
				}
			}
			bad := !inside || studies != 0 && at.Year() < studies || m > w.month
			n.add(bad, "person %d: %s from %s in %s", i, h.Name, h.Issue, at.Format("Jan 2006"))
		}
	}
	return n
}

// countUngranted counts the education entries whose school does not
// grant the degree or field: a business degree from a school without a
// business school (a BBA from Princeton), medicine at a school of
// political science, history at an institute of technology, a bachelor's
// at a business school of graduate studies only.
func countUngranted(w *World) tally {
	var n tally
	s := w.schools
	for i := range w.Len() {
		for _, ed := range w.Person(i).Education {
			u := w.Universities()[ed.University].Name
			bad := !s.grants(ed.University, ed.Field, ed.Degree) || !byName(u, s.fields[ed.Field], s.kinds[ed.Field])
			n.add(bad, "person %d: %s in %s at %s", i, degreeNames[ed.Degree], s.fields[ed.Field], u)
		}
	}
	return n
}

// byName reports whether a school's name allows a field of study, as a
// reader judges from the name alone: a business school teaches business
// and economics, an institute of technology neither the humanities, law
// nor the clinical professions, a school of music music, Sciences Po
// neither medicine nor engineering.
func byName(school, field string, k fieldKind) bool {
	has := func(words ...string) bool {
		return slices.ContainsFunc(words, func(w string) bool { return strings.Contains(school, w) })
	}
	switch {
	case has(" High School", " Grammar School", " Public School", "Gymnasium ", "Lycée ", "Colegio ", "Liceo ",
		"Colégio ", "Escola Secundária", " Lyceum", " Secondary School"):
		return field == secondaryField
	case has("Business School", "Institute of Management", "École de Commerce", "Escuela de Negocios"):
		return k == kindBusiness
	case has("Institute of Technology"):
		return !slices.Contains([]fieldKind{kindArts, kindLaw, kindMedicine, kindNursing, kindPharmacy, kindHealth,
			kindEducation, kindVocational}, k)
	case has("College of Music", "Juilliard"):
		return field == "Music"
	case has("Sciences Po"):
		return k != kindMedicine && k != kindEngineering && k != kindScience
	case has("Medical Sciences", "Medicine", "Karolinska"):
		return k == kindMedicine || k == kindNursing || k == kindPharmacy || k == kindHealth || field == "Biology"
	}
	return true
}

// countEmptyDegrees counts the entries at a university or college (not
// a secondary school) with no degree or no field of study.
func countEmptyDegrees(w *World) tally {
	var n tally
	s := w.schools
	for i := range w.Len() {
		for _, ed := range w.Person(i).Education {
			if s.secondary[ed.University] {
				continue
			}
			n.add(ed.Degree == 0 || s.fields[ed.Field] == "", "person %d: %q in %q at %s", i,
				degreeNames[ed.Degree], s.fields[ed.Field], w.Universities()[ed.University].Name)
		}
	}
	return n
}

// misnamings are what a reader of a country's language finds wrong in a
// school's name (at its end, or anywhere for those that end in a space): an English name of a city its people name otherwise,
// the French "de Le" for "du", the Portuguese "de" before a city named
// with the article.
var misnamings = []string{
	" di Florence", " di Genoa", " di Venice", " di Padua", " di Syracuse", " Ostend", " Zurich", " de Sitten",
	" de Le ", " de Les ", " de Porto", " de Rio de Janeiro", " de Recife", " de Funchal",
}

// countMisnamedSchools counts the education entries at a made-up school
// (one data/universities.tsv does not list) whose name has one of
// misnamings, or is that of a town within 6 km of a bigger one of the
// same region among the country's thirty biggest: a district (Mokotów,
// Sant Martí), whose people name the city's schools.
func countMisnamedSchools(w *World) tally {
	listed := map[string]bool{}
	if err := eachRow("data/universities.tsv", 6, func(f []string) error {
		listed[f[3]] = true
		return nil
	}); err != nil {
		panic(err)
	}
	g, places := w.geo, w.Places()
	district := map[int32]bool{}
	for _, hubs := range g.hubs {
		for i, h := range hubs {
			p := &places[h]
			for _, b := range hubs[:min(i, 30)] {
				q := &places[b]
				if q.Admin1 == p.Admin1 && distanceKm(p.Latitude, p.Longitude, q.Latitude, q.Longitude) < 6 {
					district[h] = true
				}
			}
		}
	}
	var n tally
	for i := range w.Len() {
		for _, ed := range w.Person(i).Education {
			u := w.Universities()[ed.University]
			if listed[u.Name] {
				continue
			}
			bad := district[u.City] || slices.ContainsFunc(misnamings, func(m string) bool {
				return strings.HasSuffix(u.Name, m) || strings.HasSuffix(m, " ") && strings.Contains(u.Name, m)
			})
			n.add(bad, "person %d: %s", i, u.Name)
		}
	}
	return n
}

// countFarCommunityColleges counts the entries at a community college of
// another region (state, province) than every place the person has lived
// or worked, where a community college of the person's region is listed:
// a community college serves its county. Counted at the start only: by
// ten years on some have moved.
func countFarCommunityColleges(w *World) tally {
	s, g, places := w.schools, w.geo, w.Places()
	has := map[string]bool{}
	for u, uni := range w.Universities() {
		if s.community[u] {
			has[regionKey(&places[g.cityOf[uni.City]])] = true
		}
	}
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		home := regionKey(&places[g.cityOf[p.City]])
		for _, ed := range p.Education {
			if !s.community[ed.University] {
				continue
			}
			at := regionKey(&places[w.Universities()[ed.University].City])
			near := at == home || slices.ContainsFunc(p.Jobs, func(j Job) bool {
				c := w.rolePlace(j)
				return c >= 0 && regionKey(&places[c]) == at
			})
			n.add(!near && has[home], "person %d: %s, of %s", i, w.Universities()[ed.University].Name, places[p.City].Display)
		}
	}
	return n
}

// countAbroad counts the people whose degree of a stage (the first; with
// odd, any) was taken at a school of another country than the one they
// live in: of those with such a degree, all of them, or with odd those
// in a country the people of theirs seldom study in (not among
// abroadDestinations, nor the neighbour of a country without
// universities, studyAbroad). A person's own country with no schools is
// left out. A field that no school of home or of those countries teaches
// (hospitality management for a Bulgarian) is studied at the best-known
// schools abroad, hence the few allowed.
func countAbroad(at stage, odd bool) func(w *World) tally {
	return func(w *World) tally {
		var n tally
		for i := range w.Len() {
			p := w.Person(i)
			home := w.geo.countries[w.geo.placeCountry[p.City]].Code
			if _, none := studyAbroad[home]; none {
				continue
			}
			bad, any := false, false
			var where string
			for _, ed := range p.Education {
				if w.Fields()[ed.Field] == secondaryField || !odd && stageOf(ed.Degree) != at {
					continue
				}
				any = true
				u := w.Universities()[ed.University]
				code := w.geo.countries[w.geo.placeCountry[u.City]].Code
				if code == home || odd && (slices.Contains(studyDestinations(home), code) || studyAbroad[home] == code) {
					continue
				}
				bad, where = true, w.Fields()[ed.Field]+" at "+u.Name+" of "+code
			}
			if any {
				n.add(bad, "person %d of %s: %s", i, home, where)
			}
		}
		return n
	}
}

// countAbroadCountries counts the countries of at least 200 people with a
// first degree of which over 5 % took it abroad: for most countries the
// share is a per cent or two (OECD, outward mobility). The small
// countries and the Gulf states whose people study abroad the most
// (abroadGoers) are left out.
func countAbroadCountries(w *World) tally {
	type share struct{ abroad, of int }
	by := map[string]*share{}
	for i := range w.Len() {
		p := w.Person(i)
		home := w.geo.countries[w.geo.placeCountry[p.City]].Code
		if _, none := studyAbroad[home]; none || slices.Contains(abroadGoers, home) {
			continue
		}
		for _, ed := range p.Education {
			if w.Fields()[ed.Field] == secondaryField || stageOf(ed.Degree) != stageFirst {
				continue
			}
			s := by[home]
			if s == nil {
				s = &share{}
				by[home] = s
			}
			s.of++
			if w.geo.countries[w.geo.placeCountry[w.Universities()[ed.University].City]].Code != home {
				s.abroad++
			}
			break
		}
	}
	var n tally
	for _, code := range slices.Sorted(maps.Keys(by)) {
		if s := by[code]; s.of >= 200 {
			n.add(s.abroad*100 > s.of*5, "%s: %d of %d", code, s.abroad, s.of)
		}
	}
	return n
}

// countMetroDegreeColleges counts the schools named Government Degree
// College in one of India's ten biggest cities, whose colleges have names
// of their own: such colleges are of the smaller towns.
func countMetroDegreeColleges(w *World) tally {
	g := w.geo
	hubs := g.hubs[g.country["IN"]]
	var n tally
	for _, u := range w.Universities() {
		if strings.HasPrefix(u.Name, "Government Degree College") {
			n.add(slices.Contains(hubs[:min(10, len(hubs))], u.City), "%s", u.Name)
		}
	}
	return n
}
