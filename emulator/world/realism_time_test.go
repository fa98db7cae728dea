package world

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/enrich-dev/enrich/internal/human"
)

// timeChecks count what a reader notices in the texts and places of
// profiles, at the world's start and as its clock moves on: prose of
// another line of work, summaries and headlines that no longer say what
// the profile does, and giants' roles in villages.
var timeChecks = []realismCheck{
	{name: "role descriptions with a phrase of another line of work (a civil engineer's \"code quality\")", count: countForeignDescriptions},
	{name: "summaries and headlines with a phrase of another line of work than the latest role's", count: countForeignProse},
	{name: "summaries whose years of experience are off by 3 or more", count: countSummaryYears},
	{name: "summaries that name a title or employer not current as if it were", count: countStaleSummaryRoles},
	{name: "student headlines of people in a current role begun more than " + strconv.Itoa(studentGrace) + " months before", count: countWorkingStudents},
	{name: "student headlines of people whose studies ended more than a year before", count: countFormerStudents},
	{name: "roles at companies of more than " + human.Thousands(bigCompany) + " staff in a place of fewer than " + human.Thousands(officeTown) +
		" people other than their head office (or their country's largest place, where none is bigger)", count: countVillageGiantRoles},
}

// lineWords are words a reader ties to one or a few lines of work: a
// text with one of them belongs to a role of one of those lines ("code"
// to a software engineer's, "patients" to a clinician's).
var lineWords = map[string][]family{
	"code": {famSoftware}, "apis": {famSoftware}, "kubernetes": {famSoftware}, "repositories": {famSoftware},
	"latency": {famSoftware}, "deployments": {famSoftware}, "releases": {famSoftware, famProduct},
	"circuit": {famElectrical}, "circuits": {famElectrical}, "embedded": {famElectrical}, "firmware": {famElectrical},
	"cad": {famMechanical}, "manufacturing": {famMechanical}, "prototype": {famMechanical, famElectrical},
	"construction": {famCivil}, "contractors": {famCivil, famFacility}, "structural": {famCivil}, "bridges": {famCivil},
	"patient": {famClinical}, "patients": {famClinical}, "clinical": {famClinical}, "care": {famClinical},
	"guest": {famHospitality}, "guests": {famHospitality}, "dining": {famHospitality}, "kitchen": {famHospitality},
	"salon": {famBeauty}, "clientele": {famBeauty}, "stylists": {famBeauty}, "treatments": {famBeauty, famClinical},
	"students": {famEducation}, "learners": {famEducation}, "courses": {famEducation}, "classroom": {famEducation},
	"episodes": {famEntertainment}, "films": {famEntertainment}, "festivals": {famEntertainment},
	"viewers": {famEntertainment}, "screen": {famEntertainment}, "productions": {famEntertainment},
	"quota": {famSales}, "deals": {famSales}, "pipeline": {famSales, famMarketing},
	"campaigns": {famMarketing}, "seo": {famMarketing},
	"dashboards": {famData}, "roadmaps": {famProduct},
	"hired": {famHR}, "time-to-hire": {famHR}, "hiring": {famHR},
	"books": {famFinance}, "regulatory": {famLegal}, "jurisdictions": {famLegal}, "compliant": {famLegal},
	"tickets": {famSupport}, "churn": {famSupport},
	"warehouses": {famOperations}, "fulfilment": {famOperations}, "supply": {famOperations},
	"buildings": {famFacility, famCivil},
}

// foreignWord returns the first word of text that a reader ties to
// lines of work none of which is f, or "". The names in the text that
// are no phrase of the writer's (titles, employers, schools, skills,
// industries: names gives them, called only for a text with such a
// word) are taken out first: a "Patient Care" skill is the skills'
// business.
func foreignWord(text string, f family, names func() []string) string {
	text = strings.ToLower(text)
	if lineWord(text, f) == "" {
		return ""
	}
	for _, n := range names() {
		if n != "" {
			text = replaceWord(text, strings.ToLower(n), " ")
		}
	}
	return lineWord(text, f)
}

// lineWord returns the first word of a lower-case text that lineWords
// ties to lines of work none of which is f, or "".
func lineWord(text string, f family) string {
	for _, word := range strings.FieldsFunc(text, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r == '-' || r >= '0' && r <= '9')
	}) {
		if lines, ok := lineWords[word]; ok && !slices.Contains(lines, f) {
			return word
		}
	}
	return ""
}

// properNames lists the names a person's texts may quote: the titles,
// employers and industries of their roles, their schools and fields, and
// their skills.
func properNames(w *World, p *Person) []string {
	var out []string
	for _, j := range p.Jobs {
		c := w.Company(j.Company)
		out = append(out, w.Title(j.Title).Name, c.Name, w.Industry(c.Industry))
	}
	for _, e := range p.Education {
		out = append(out, w.Universities()[e.University].Name, w.schools.fields[e.Field])
	}
	for _, s := range p.Skills {
		out = append(out, w.skills.names[s])
	}
	// Longest first, so that a name is not cut by a shorter one inside it.
	slices.SortFunc(out, func(a, b string) int { return len(b) - len(a) })
	return out
}

// countForeignDescriptions counts the role descriptions with a word of
// another line of work than the role's.
func countForeignDescriptions(w *World) tally {
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		names := func() []string { return properNames(w, p) }
		for k, j := range p.Jobs {
			d := w.JobDescription(p, k)
			if d == "" {
				continue
			}
			word := foreignWord(d, j.fam, names)
			n.add(word != "", "person %d, %s (%s): %q", i, w.Title(j.Title).Name, word, d)
		}
	}
	return n
}

// countForeignProse counts the summaries and headlines of people who
// have worked with a word of another line of work than their latest
// role's.
func countForeignProse(w *World) tally {
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		if len(p.Jobs) == 0 {
			continue
		}
		names := func() []string { return properNames(w, p) }
		for _, text := range []string{w.Summary(p), w.Headline(p)} {
			if text == "" {
				continue
			}
			word := foreignWord(text, p.Jobs[0].fam, names)
			n.add(word != "", "person %d, %s (%s): %q", i, w.Title(p.Jobs[0].Title).Name, word, text)
		}
	}
	return n
}

// yearsClaim finds the years of experience a text claims.
var yearsClaim = regexp.MustCompile(`(\d+)\+? years`)

// countSummaryYears counts the summaries claiming years of experience
// that are 3 or more off the profile's as of the world's clock.
func countSummaryYears(w *World) tally {
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		s := w.Summary(p)
		m := yearsClaim.FindStringSubmatch(s)
		if m == nil {
			continue
		}
		claimed, _ := strconv.Atoi(m[1])
		total := w.TotalYears(p)
		n.add(claimed-total >= 3 || total-claimed >= 3, "person %d, %d years: %q", i, total, s)
	}
	return n
}

// pastMarkers are the words that put a role in the past.
var pastMarkers = []string{"former", "retired", "previously", "most recently", "until"}

// countStaleSummaryRoles counts the summaries that name the title or
// employer of a role no longer held without saying, earlier in the
// sentence, that it is past ("Software Engineer at Acme" for one who
// left Acme). The current role's names and the person's skills are taken
// out first: "Electrical Engineer" inside "Senior Electrical Engineer"
// or "Electrical Engineering" is no past role.
func countStaleSummaryRoles(w *World) tally {
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		s := w.Summary(p)
		if s == "" {
			continue
		}
		var taken []string
		for _, j := range p.Jobs {
			if j.Current {
				taken = append(taken, w.Title(j.Title).Name, w.Company(j.Company).Name)
			}
		}
		for _, k := range p.Skills {
			taken = append(taken, w.skills.names[k])
		}
		slices.SortFunc(taken, func(a, b string) int { return len(b) - len(a) })
		// Names keep their capitals: "code quality" names no company
		// Quality.
		lower := s
		for _, name := range taken {
			lower = replaceWord(lower, name, "…")
		}
		stale := ""
		for _, j := range p.Jobs {
			if j.Current {
				continue
			}
			for _, name := range []string{w.Title(j.Title).Name, w.Company(j.Company).Name} {
				if k := wordIndex(lower, name); k >= 0 {
					sentence := strings.ToLower(lower[strings.LastIndex(lower[:k], ". ")+1 : k])
					if !slices.ContainsFunc(pastMarkers, func(m string) bool { return strings.Contains(sentence, m) }) {
						stale = name
					}
				}
			}
		}
		current := "no current role"
		if j, ok := p.CurrentJob(); ok {
			current = w.Title(j.Title).Name + " at " + w.Company(j.Company).Name
		}
		n.add(stale != "", "person %d (%s) names %q: %q", i, current, stale, s)
	}
	return n
}

// replaceWord replaces the occurrences of word in text that are not part
// of a longer word.
func replaceWord(text, word, with string) string {
	var b strings.Builder
	for {
		k := wordIndex(text, word)
		if k < 0 {
			b.WriteString(text)
			return b.String()
		}
		b.WriteString(text[:k] + with)
		text = text[k+len(word):]
	}
}

// wordIndex returns the index of the first occurrence of word in text
// that is not part of a longer word, or -1.
func wordIndex(text, word string) int {
	letter := func(b byte) bool { return b >= 'a' && b <= 'z' || b >= '0' && b <= '9' }
	for from := 0; ; {
		k := strings.Index(text[from:], word)
		if k < 0 {
			return -1
		}
		k += from
		end := k + len(word)
		if (k == 0 || !letter(text[k-1])) && (end == len(text) || !letter(text[end])) {
			return k
		}
		from = k + 1
	}
}

// studentGrace is how many months into a first role a student headline
// may linger: people update their headline some weeks after they begin.
const studentGrace = 3

// isStudentHeadline reports whether a headline says its writer studies.
func isStudentHeadline(h string) bool {
	return strings.HasPrefix(h, "Student") || strings.Contains(h, " student at ")
}

// countWorkingStudents counts the people in a current role begun more
// than studentGrace months before the clock whose headline says they
// study.
func countWorkingStudents(w *World) tally {
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		j, ok := p.CurrentJob()
		h := w.Headline(p)
		if !ok || h == "" || int(w.month)-int(j.Start) <= studentGrace {
			continue
		}
		n.add(isStudentHeadline(h), "person %d, %s since %s: %q", i, w.Title(j.Title).Name, isoDate(j.Start), h)
	}
	return n
}

// countFormerStudents counts the student headlines of people whose
// latest studies ended (as far as the profile tells: the end, else the
// start and the usual length, else the age) more than a year before
// the clock.
func countFormerStudents(w *World) tally {
	var n tally
	year := w.Clock().Year()
	for i := range w.Len() {
		p := w.Person(i)
		h := w.Headline(p)
		if !isStudentHeadline(h) {
			continue
		}
		end := 0
		if len(p.Education) > 0 {
			switch e := p.Education[0]; {
			case e.End != 0:
				end = int(e.End)
			case e.Start != 0:
				end = int(e.Start) + 5
			}
		}
		if end == 0 {
			end = int(p.BirthYear) + 25
		}
		n.add(end < year-1, "person %d, born %d, studies %v: %q", i, p.BirthYear, p.Education, h)
	}
	return n
}

// countVillageGiantRoles counts the roles, as profiles show their place,
// at companies of more than bigCompany staff in a place of fewer than
// officeTown people (a neighbourhood counting as its city) that is not
// the company's head office, nor, in a country without a place of
// officeTown people, its largest place.
func countVillageGiantRoles(w *World) tally {
	var n tally
	g := w.geo
	for i := range w.Len() {
		p := w.Person(i)
		for _, j := range p.Jobs {
			c := w.Company(j.Company)
			at := w.rolePlace(j)
			if c.StaffCount <= bigCompany || at < 0 {
				continue
			}
			town := g.cityOf[at]
			largest := g.hubs[g.placeCountry[town]][0]
			bad := g.places[town].Population < officeTown && at != c.City && town != largest
			n.add(bad, "person %d: %s (%s staff) in %s, %s people", i, c.Name, human.Thousands(int64(c.StaffCount)),
				g.places[at].Display, human.Thousands(int64(g.places[town].Population)))
		}
	}
	return n
}
