package world

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
)

// careerChecks count what a reader notices in careers and studies.
var careerChecks = []realismCheck{
	{name: "roles begun before the employer was founded", count: countFounded},
	{name: "studies begun after the world's date", count: countFutureStudies},
	{name: "bachelor's, master's or doctorates from a community college", startOnly: true, count: countCommunityDegrees},
	{name: "current roles at VP or C-level", limit: 0.05, count: countLevels(VP, CLevel)},
	{name: "current roles as founder or owner", limit: 0.05, count: countLevels(Founder)},
	{name: "current roles at Head, Director, VP, C-level or founder", limit: 0.20, count: countLevels(Head, Directors, VP, CLevel, Founder)},
	{name: "people at VP level, per person at Junior or Mid-Level (the level filter)", limit: 0.15, count: countVPPerJunior},
	{name: "companies with two current holders of one chief office", count: countChiefs},
	{name: "companies with more than three current founders", count: countFounders},
	{name: "founder or owner roles begun more than two years after the company's founding", count: countLateFounders},
	{name: "companies founded more than 30 years before the clock with a current founder", count: countOldFounded},
	{name: "roles that start and end in the same month", count: countSameMonth},
	{name: "titles that return at one company (A → B → A)", count: countFlips},
	{name: "people with roles in two clinical professions", count: countProfessions},
	{name: "clinical roles at employers outside health care", count: countClinicalEmployers},
	{name: "company changes less than a year after joining (beyond a first role)", count: countHops},
	{name: "people at four companies within three years", limit: 0.01, count: countFourInThree},
	{name: "people past 70 with a current role", count: countPast70},
}

// countPast70 counts the people older than 70 at the clock who still
// hold a role.
func countPast70(w *World) tally {
	var n tally
	year := w.Clock().Year()
	for i := range w.Len() {
		p := w.Person(i)
		if age := year - int(p.BirthYear); age > 70 {
			j, working := p.CurrentJob()
			n.add(working, "person %d, %d, is %s", i, age, w.Title(j.Title).Name)
		}
	}
	return n
}

// countFounded counts the roles (with a known start) begun before the
// year their employer was founded.
func countFounded(w *World) tally {
	var n tally
	for i := range w.Len() {
		for _, j := range w.Person(i).Jobs {
			if j.Start == 0 {
				continue
			}
			c := w.Company(j.Company)
			n.add(j.Start.Year() < int(c.Founded), "person %d began at %s in %d; it was founded in %d", i, c.Name, j.Start.Year(), c.Founded)
		}
	}
	return n
}

// countFutureStudies counts the studies (with a known start) begun after
// the world's clock: studies are drawn with the person (a newcomer's as
// of the day they join), and a later clock adds none.
func countFutureStudies(w *World) tally {
	var n tally
	year := uint16(w.Clock().Year())
	for i := range w.Len() {
		for _, ed := range w.Person(i).Education {
			if ed.Start != 0 {
				n.add(ed.Start > year, "person %d enrolled in %d, after the world's date %d", i, ed.Start, year)
			}
		}
	}
	return n
}

// countCommunityDegrees counts the degrees beyond an associate's or a
// short course granted by a community college.
func countCommunityDegrees(w *World) tally {
	var n tally
	s := w.schools
	for i := range w.Len() {
		for _, ed := range w.Person(i).Education {
			if ed.Degree != 0 && s.community[ed.University] {
				n.add(!slices.Contains(shortDegrees, ed.Degree), "person %d: a %s from %s", i, degreeNames[ed.Degree], w.Universities()[ed.University].Name)
			}
		}
	}
	return n
}

// countLevels counts the people with a current role whose main role is
// at one of the levels.
func countLevels(levels ...Level) func(w *World) tally {
	return func(w *World) tally {
		var n tally
		for i := range w.Len() {
			p := w.Person(i)
			if _, ok := p.CurrentJob(); ok {
				n.add(slices.Contains(levels, p.Level), "person %d: %s", i, w.Title(p.Jobs[0].Title).Name)
			}
		}
		return n
	}
}

// countVPPerJunior counts the people a `level` filter of VP finds
// against those one of Junior or Mid-Level finds.
func countVPPerJunior(w *World) tally {
	var n tally
	for i := range w.Len() {
		switch w.Person(i).Level {
		case VP:
			n.bad++
		case Junior, MidLevel:
			n.of++
		}
	}
	return n
}

// chiefOffice is the office a title holds in its company ("CEO" and
// "Founder & CEO" are one office), or "" for a title of no office.
func chiefOffice(name string) string {
	switch name {
	case "Chief Executive Officer", "CEO", "Managing Director", "President", "Founder & CEO", "Co-Founder & CEO":
		return "CEO"
	case "Co-Founder & CTO":
		return "Chief Technology Officer"
	}
	if strings.HasPrefix(name, "Chief ") {
		return name
	}
	return ""
}

// currentRoles calls fn with every current role of every person.
func currentRoles(w *World, fn func(i int, j Job)) {
	for i := range w.Len() {
		for _, j := range w.Person(i).Jobs {
			if j.Current {
				fn(i, j)
			}
		}
	}
}

// countChiefs counts the companies where two people hold one chief
// office at once.
func countChiefs(w *World) tally {
	holders := map[int32]map[string][]int{}
	currentRoles(w, func(i int, j Job) {
		if o := chiefOffice(w.Title(j.Title).Name); o != "" {
			if holders[j.Company] == nil {
				holders[j.Company] = map[string][]int{}
			}
			holders[j.Company][o] = append(holders[j.Company][o], i)
		}
	})
	var n tally
	for _, c := range slices.Sorted(maps.Keys(holders)) {
		bad, what := false, ""
		for o, people := range holders[c] {
			if len(people) > 1 {
				bad, what = true, fmt.Sprintf("%s has %d: people %v", o, len(people), people)
			}
		}
		n.add(bad, "%s: %s", w.Company(c).Name, what)
	}
	return n
}

// currentFounders returns the people whose current role is a founder's,
// by company.
func currentFounders(w *World) map[int32][]int {
	out := map[int32][]int{}
	currentRoles(w, func(i int, j Job) {
		if w.Title(j.Title).Level == Founder {
			out[j.Company] = append(out[j.Company], i)
		}
	})
	return out
}

// countFounders counts the companies with more than three current
// founders.
func countFounders(w *World) tally {
	var n tally
	founders := currentFounders(w)
	for _, c := range slices.Sorted(maps.Keys(founders)) {
		n.add(len(founders[c]) > 3, "%s has %d current founders", w.Company(c).Name, len(founders[c]))
	}
	return n
}

// countOldFounded counts the companies founded more than thirty years
// before the clock that still have a current founder.
func countOldFounded(w *World) tally {
	var n tally
	year := w.Clock().Year()
	founders := currentFounders(w)
	for _, c := range slices.Sorted(maps.Keys(founders)) {
		co := w.Company(c)
		n.add(year-int(co.Founded) > 30, "%s, founded in %d, has founders %v", co.Name, co.Founded, founders[c])
	}
	return n
}

// countLateFounders counts the founder roles begun more than two years
// after the company was founded: joining an existing company as its
// founder.
func countLateFounders(w *World) tally {
	var n tally
	for i := range w.Len() {
		for _, j := range w.Person(i).Jobs {
			if w.Title(j.Title).Level == Founder && j.Start != 0 {
				c := w.Company(j.Company)
				n.add(j.Start.Year() > int(c.Founded)+2, "person %d: %s of %s (founded %d) from %d",
					i, w.Title(j.Title).Name, c.Name, c.Founded, j.Start.Year())
			}
		}
	}
	return n
}

// countSameMonth counts the past roles that began and ended in one month.
func countSameMonth(w *World) tally {
	var n tally
	for i := range w.Len() {
		for _, j := range w.Person(i).Jobs {
			if !j.Current && j.Start != 0 {
				n.add(j.End <= j.Start, "person %d: %s at %s, %s to %s", i, w.Title(j.Title).Name,
					w.Company(j.Company).Name, j.Start.Time().Format("Jan 2006"), j.End.Time().Format("Jan 2006"))
			}
		}
	}
	return n
}

// mainLine returns a person's roles oldest first, side roles held
// alongside the main one (a board seat) left out.
func mainLine(p *Person) []Job {
	var out []Job
	for k, j := range p.Jobs {
		if k > 0 && j.Current {
			continue
		}
		out = append(out, j)
	}
	slices.Reverse(out)
	return out
}

// countFlips counts the people who, in one stay at a company, held a
// title twice: A → B → A, or A → A.
func countFlips(w *World) tally {
	var n tally
	for i := range w.Len() {
		line := mainLine(w.Person(i))
		stays, bad := 0, ""
		for k := 0; k < len(line); {
			e := k + 1
			for e < len(line) && line[e].Company == line[k].Company {
				e++
			}
			if e-k > 1 {
				stays++
				seen := map[TitleID]bool{}
				for _, j := range line[k:e] {
					if seen[j.Title] {
						bad = fmt.Sprintf("%s twice at %s", w.Title(j.Title).Name, w.Company(j.Company).Name)
					}
					seen[j.Title] = true
				}
			}
			k = e
		}
		if stays > 0 {
			n.add(bad != "", "person %d: %s", i, bad)
		}
	}
	return n
}

// clinicalProfession is a clinical title's profession ("Senior Pharmacist" →
// "Pharmacist"), or "" for a title that names none (a head of nursing).
func clinicalProfession(t Title) string {
	if t.Level > Lead || strings.HasSuffix(t.Name, " Intern") || strings.HasSuffix(t.Name, " Team Lead") {
		return ""
	}
	name := t.Name
	for _, prefix := range []string{"Trainee ", "Junior ", "Senior ", "Lead ", "Principal "} {
		name = strings.TrimPrefix(name, prefix)
	}
	return name
}

// countProfessions counts the people who held clinical roles of two
// professions: a medical assistant does not become a physician.
func countProfessions(w *World) tally {
	var n tally
	for i := range w.Len() {
		seen := map[string]bool{}
		for _, j := range w.Person(i).Jobs {
			if w.titles.fam[j.Title] == famClinical {
				if pr := clinicalProfession(w.Title(j.Title)); pr != "" {
					seen[pr] = true
				}
			}
		}
		if len(seen) > 0 {
			n.add(len(seen) > 1, "person %d: %v", i, slices.Sorted(maps.Keys(seen)))
		}
	}
	return n
}

// healthIndustries are the employers of clinical staff.
var healthIndustries = []string{"Hospital & Health Care", "Medical Practice", "Pharmaceuticals",
	"Mental Health Care", "Medical Devices"}

// countClinicalEmployers counts the clinical roles (a nurse's, a head
// of nursing's) at employers outside health care.
func countClinicalEmployers(w *World) tally {
	var n tally
	for i := range w.Len() {
		for _, j := range w.Person(i).Jobs {
			if w.titles.fam[j.Title] == famClinical {
				c := w.Company(j.Company)
				ind := w.Industry(c.Industry)
				n.add(!slices.Contains(healthIndustries, ind), "person %d: %s at %s (%s)", i, w.Title(j.Title).Name, c.Name, ind)
			}
		}
	}
	return n
}

// countHops counts the stays at a company left for another less than a
// year after they began, a person's first stay and internships left out.
func countHops(w *World) tally {
	var n tally
	for i := range w.Len() {
		line := mainLine(w.Person(i))
		for k := 0; k < len(line); {
			e := k + 1
			for e < len(line) && line[e].Company == line[k].Company {
				e++
			}
			first, last := line[k], line[e-1]
			if k > 0 && e < len(line) && first.Start != 0 && w.Title(last.Title).Level != Entry {
				n.add(int(last.End)-int(first.Start) < 12, "person %d: %s at %s for %d months", i, w.Title(last.Title).Name,
					w.Company(last.Company).Name, int(last.End)-int(first.Start))
			}
			k = e
		}
	}
	return n
}

// countFourInThree counts the people who held roles at four companies
// within three years: four consecutive stays begun within 36 months.
func countFourInThree(w *World) tally {
	var n tally
	for i := range w.Len() {
		var starts []Month // of each stay at a company, oldest first
		line := mainLine(w.Person(i))
		for k, j := range line {
			if k == 0 || j.Company != line[k-1].Company {
				starts = append(starts, j.Start)
			}
		}
		if len(starts) < 4 {
			continue
		}
		bad := false
		for k := 3; k < len(starts); k++ {
			if starts[k-3] != 0 && starts[k] != 0 && int(starts[k])-int(starts[k-3]) < 36 {
				bad = true
			}
		}
		n.add(bad, "person %d: stays begun %v", i, starts)
	}
	return n
}

// TestUnrepeatAcrossFamilies: a stay whose roles were drawn in two
// families (a team lead, then a head of engineering, then a team lead
// again, the last drawn as management) is given another title beside the
// repeated one, from the title's own family when the role's has none
// free. The world of seed 1439984498 held that stay (person 15413) before
// the fix.
func TestUnrepeatAcrossFamilies(t *testing.T) {
	w := New(Config{Seed: 1439984498, People: 20000})
	if n := countFlips(w); n.bad > 0 {
		t.Errorf("%d of %d stays hold a title twice: %v", n.bad, n.of, n.examples)
	}
}
