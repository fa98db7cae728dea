package world

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
)

// lifeChecks count what a sceptical reader of a few dozen profiles
// notices in careers, employers, names and the world's renewal.
var lifeChecks = []realismCheck{
	{name: "people who held one exact title for 15 years or more", limit: 0.08, count: countLongTitles},
	{name: "roles begun before their title came into use", count: countEarlyTitles},
	{name: "roles at a company whose web address is another country's", limit: 0.02, count: countForeignDomains},
	{name: "companies in the careers of more than 4 % of people", count: countWideReach},
	{name: "people who share their full name with another (among the first " + fmt.Sprint(namesakeSample) + ")", limit: 0.15, count: countNamesakes},
	{name: "people who share their full name with someone at their current company, of as many as chance gives (people shuffled among the companies of their country)", nearChance: true, count: countColleagueNamesakes},
	{name: "intern, trainee and junior titles among current roles (ten years on: at least 60 % of the start's share)", floorOfStart: 0.60, count: countEntryRoles},
	{name: "students and job seekers of the start still so", limit: 0.30, laterOnly: true, count: countStuck},
	// A few lines have no title below the one drawn (Salon Manager).
	{name: "changes of line of work that enter at or above the level left", limit: 0.005, count: countSeniorSwitches},
	{name: "people with three stints or more at one employer", limit: 0.02, count: countThreeStints},
	{name: "first roles within two years of studies, of less than four years, above Mid-Level", limit: 0.005, count: countSeniorFirstRoles},
	{name: "first roles shown that began more than three years after studies ended (a profile shows the last eight roles)", limit: 0.12, count: countLateFirstRoles},
}

// countSeniorSwitches counts the changes of line of work, role to next
// role, whose new role is not below the old one on the ladder (but a
// junior's after a junior's) (Junior
// Full Stack Developer → Senior Accountant). Founders', owners' and board
// roles, of no line, are left out.
func countSeniorSwitches(w *World) tally {
	var n tally
	for i := range w.Len() {
		line := mainLine(w.Person(i))
		for k := 1; k < len(line); k++ {
			old, nw := line[k-1], line[k]
			if old.fam == famGeneral || nw.fam == famGeneral || old.fam == nw.fam {
				continue
			}
			lo, ln := slices.Index(ladder, w.Title(old.Title).Level), slices.Index(ladder, w.Title(nw.Title).Level)
			if lo < 0 || ln < 0 {
				continue
			}
			// From a junior's role (or an intern's) a junior's is the
			// first rung of the new line.
			n.add(ln >= lo && ln > slices.Index(ladder, Junior), "person %d: %s → %s", i, w.Title(old.Title).Name, w.Title(nw.Title).Name)
		}
	}
	return n
}

// longTitle is the months one exact title may be held before a reader
// wonders: fifteen years.
const longTitle = 15 * 12

// countLongTitles counts the people whose main roles, run together,
// show one exact title for fifteen years or more ("Associate Attorney"
// at three firms since 1990).
func countLongTitles(w *World) tally {
	var n tally
	for i := range w.Len() {
		line := mainLine(w.Person(i))
		if len(line) == 0 {
			continue
		}
		worst, what := 0, ""
		for k := 0; k < len(line); {
			e := k + 1
			for e < len(line) && line[e].Title == line[k].Title {
				e++
			}
			if from := line[k].Start; from != 0 {
				to := line[e-1].End
				if line[e-1].Current {
					to = w.month
				}
				if m := int(to) - int(from); m > worst {
					worst, what = m, w.Title(line[k].Title).Name
				}
			}
			k = e
		}
		n.add(worst >= longTitle, "person %d: %s for %d years", i, what, worst/12)
	}
	return n
}

// countEarlyTitles counts the roles (with a known start) begun before
// the year their title came into use: no Site Reliability Engineer in
// 2005.
func countEarlyTitles(w *World) tally {
	var n tally
	for i := range w.Len() {
		for _, j := range w.Person(i).Jobs {
			if j.Start == 0 {
				continue
			}
			since := int(w.titles.since[j.Title])
			n.add(j.Start.Year() < since, "person %d: %s in %d (in use from %d)", i, w.Title(j.Title).Name, j.Start.Year(), since)
		}
	}
	return n
}

// domainCountry returns the country a web address belongs to by its
// ending, or "" for a generic one (".com", ".io").
func domainCountry(domain string) string {
	for _, e := range genericEndings {
		if strings.HasSuffix(domain, "."+e) {
			return ""
		}
	}
	for cc, endings := range countryEndings {
		for _, e := range endings {
			if !slices.Contains(genericEndings, e) && strings.HasSuffix(domain, "."+e) {
				return cc
			}
		}
	}
	if k := strings.LastIndexByte(domain, '.'); k >= 0 {
		return strings.ToUpper(domain[k+1:])
	}
	return ""
}

// countForeignDomains counts the roles held in one country (where the
// role was, else where the person lives) at a company whose web address
// is of another: a ".com.sa" employer in Bochum.
func countForeignDomains(w *World) tally {
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		for _, j := range p.Jobs {
			place := j.Location
			if place < 0 {
				place = p.City
			}
			here := w.Places()[place].Country
			c := w.Company(j.Company)
			cc := domainCountry(c.Domain)
			n.add(cc != "" && cc != here, "person %d in %s: %s at %s (%s)", i, w.Places()[place].Display, w.Title(j.Title).Name, c.Name, c.Domain)
		}
	}
	return n
}

// countWideReach counts the companies that more than 4 % of the
// world's people have worked for.
func countWideReach(w *World) tally {
	reach := map[int32]int{}
	for i := range w.Len() {
		seen := map[int32]bool{}
		for _, j := range w.Person(i).Jobs {
			if !seen[j.Company] {
				seen[j.Company] = true
				reach[j.Company]++
			}
		}
	}
	var n tally
	for _, c := range slices.Sorted(maps.Keys(reach)) {
		n.add(reach[c]*25 > w.Len(), "%s in the careers of %d of %d people", w.Company(c).Name, reach[c], w.Len())
	}
	n.of = len(w.Companies())
	return n
}

// namesakeSample is the number of people among whom namesakes are
// counted: the rate grows with the world, and the bound is that of a
// world of 20,000.
const namesakeSample = 20000

// countNamesakes counts the people, among the first namesakeSample,
// whose full name another of them carries.
func countNamesakes(w *World) tally {
	k := min(w.Len(), namesakeSample)
	count := map[string]int{}
	for i := range k {
		count[w.Person(i).FullName]++
	}
	var n tally
	for i := range k {
		name := w.Person(i).FullName
		n.add(count[name] > 1, "%s ×%d", name, count[name])
	}
	return n
}

// countColleagueNamesakes counts the people with a current role who
// share their full name with someone else currently at the same
// company, and (as the tally's whole) how many would by chance: the
// mean count over shuffles that deal the same people out to the same
// companies at random, each person among the companies of their
// country.
func countColleagueNamesakes(w *World) tally {
	type holder struct {
		company int32
		name    string
	}
	byCountry := map[string][]holder{}
	currentRoles(w, func(i int, j Job) {
		p := w.Person(i)
		cc := w.Places()[p.City].Country
		byCountry[cc] = append(byCountry[cc], holder{j.Company, p.FullName})
	})
	namesakes := func(hs []holder) (int, []string) {
		count := map[holder]int{}
		for _, h := range hs {
			count[h]++
		}
		n, examples := 0, []string(nil)
		for _, h := range hs {
			if count[h] > 1 {
				n++
				if len(examples) < maxExamples {
					examples = append(examples, fmt.Sprintf("%s ×%d at %s", h.name, count[h], w.Company(h.company).Name))
				}
			}
		}
		return n, examples
	}
	const shuffles = 4
	r := rand.New(rand.NewPCG(1, 2))
	var n tally
	chance := 0
	for _, cc := range slices.Sorted(maps.Keys(byCountry)) {
		hs := byCountry[cc]
		got, examples := namesakes(hs)
		n.bad += got
		for _, e := range examples {
			if len(n.examples) < maxExamples {
				n.examples = append(n.examples, e)
			}
		}
		dealt := slices.Clone(hs)
		for range shuffles {
			r.Shuffle(len(dealt), func(a, b int) { dealt[a].name, dealt[b].name = dealt[b].name, dealt[a].name })
			k, _ := namesakes(dealt)
			chance += k
		}
	}
	n.of = (chance + shuffles/2) / shuffles
	return n
}

// countEntryRoles counts the main current roles at intern, trainee or
// junior level.
func countEntryRoles(w *World) tally {
	var n tally
	for i := range w.Len() {
		if j, ok := w.Person(i).CurrentJob(); ok {
			l := w.Title(j.Title).Level
			n.add(l == Entry || l == Junior, "person %d: %s", i, w.Title(j.Title).Name)
		}
	}
	return n
}

// idleAtStart reports whether someone at the world's start was a
// student or a job seeker: of working age, with no current role.
func idleAtStart(w *World, i int) bool {
	p := w.PersonAtStart(i)
	_, working := p.CurrentJob()
	return !working && w.Start().Year()-int(p.BirthYear) < 60
}

// countStuck counts the students and job seekers of the world's start
// who, at its clock, still have no role (and are not retired).
func countStuck(w *World) tally {
	var n tally
	for i := range w.Len() {
		if i >= w.cfg.People || !idleAtStart(w, i) {
			continue
		}
		p := w.Person(i)
		_, working := p.CurrentJob()
		n.add(!working && w.Clock().Year()-int(p.BirthYear) < 65, "person %d: %s", i, w.Headline(p))
	}
	return n
}

// firstRole returns a person's earliest role with a known start, or nil.
func firstRole(p *Person) *Job {
	var first *Job
	for k := range p.Jobs {
		j := &p.Jobs[k]
		if j.Start != 0 && (first == nil || j.Start < first.Start) {
			first = j
		}
	}
	return first
}

// lastDegree is the year a person's latest studies ended, or 0.
func lastDegree(p *Person) int {
	end := 0
	for _, e := range p.Education {
		end = max(end, int(e.End))
	}
	return end
}

// countSeniorFirstRoles counts the people whose first role began within
// two years of the end of their studies, lasted less than four years,
// and is above Mid-Level: a graduate's first job is an entry, a junior's
// or a mid-level one (a first job held for many years is remembered by
// the level it reached).
func countSeniorFirstRoles(w *World) tally {
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		first, end := firstRole(p), lastDegree(p)
		if first == nil || end == 0 || first.Start.Year() > end+2 {
			continue
		}
		stop := first.End
		if stop == 0 {
			stop = w.Now()
		}
		lvl := slices.Index(ladder, w.Title(first.Title).Level)
		if lvl < 0 || stop-first.Start >= 48 {
			continue
		}
		n.add(lvl > slices.Index(ladder, MidLevel), "person %d: first role %s in %d, studies ended %d", i, w.Title(first.Title).Name, first.Start.Year(), end)
	}
	return n
}

// countLateFirstRoles counts the people whose first role began more than
// three years after their studies ended.
func countLateFirstRoles(w *World) tally {
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		first, end := firstRole(p), lastDegree(p)
		if first == nil || end == 0 {
			continue
		}
		n.add(first.Start.Year() > end+3, "person %d: studies ended %d, first role %s in %d", i, end, w.Title(first.Title).Name, first.Start.Year())
	}
	return n
}

// countThreeStints counts the people who worked at one employer in three
// stints or more, other employers between them.
func countThreeStints(w *World) tally {
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		stints := map[int32]int{}
		prev := int32(-1)
		for k := len(p.Jobs) - 1; k >= 0; k-- { // oldest first
			c := p.Jobs[k].Company
			if c != prev {
				stints[c]++
			}
			prev = c
		}
		worst := int32(-1)
		for c, s := range stints {
			if s >= 3 {
				worst = c
			}
		}
		name := ""
		if worst >= 0 {
			name = w.Company(worst).Name
		}
		n.add(worst >= 0, "person %d: three stints at %s", i, name)
	}
	return n
}
