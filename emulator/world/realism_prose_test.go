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

// profileExtras are the parts of a rendered profile these checks read.
type profileExtras struct {
	Language []struct {
		Name        string
		Proficiency *string
	}
	Certification []struct{ Name string }
	Project       []struct {
		Name      string
		StartDate *string
		EndDate   *string
	}
	Publication []struct {
		Name  string
		Issue *string
		Date  *string
	}
	Patent []struct {
		Name string
		Date *string
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
				return pub.Issue != nil && slices.Contains(familyWriting[f].journals, *pub.Issue) && slices.Contains(familyWriting[f].topics, topic)
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
		level := func(name string) int {
			for _, l := range x.Language {
				if l.Name == name && l.Proficiency != nil {
					return slices.Index(proficiencies, *l.Proficiency)
				}
			}
			return len(proficiencies)
		}
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
