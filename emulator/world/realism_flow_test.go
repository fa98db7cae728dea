package world

import (
	"fmt"
	"slices"
	"strings"
)

// careerFlowChecks count careers that move as careers do: levels, trades, stays.
var careerFlowChecks = []realismCheck{
	{name: "steps down of more than one rung, or within a stay, or up by more than two", count: countLevelSteps},
	{name: "specialties that hop to an unrelated one or back to the one before", count: countSpecialtyHops},
	{name: "one title below senior held more than 15 years in all", count: countTitleDecades},
	{name: "changes of trade: a second, one that does not follow, or entered above the level left", count: countTradeChanges},
	{name: "third stints at one employer, others between", limit: 0.002, count: countThirdStints},
	{name: "roles of unknown start that are not the oldest listed", count: countUnknownStarts},
	{name: "stays at one employer with more than three titles within five years", limit: 0.001, count: countStayChurn},
	{name: "careers that return to a title left for another", limit: 0.015, count: countTitleReturns},
	{name: "steps down on a change of employer from below a director's office", limit: 0.002, count: countMoveDowns},
	// A first role above mid-level within five years of studies is left
	// only where a young trade or employer cuts the listed career short
	// (a role begins no earlier than its employer's founding).
	{name: "first listed roles above Mid-Level begun within five years of studies", limit: 0.002, count: countSeniorFirstListed},
	// A career begins within a year or so of studies; a few percent of
	// profiles leave years empty after studies (a trainee's programme
	// after a gap, a young trade whose titles are all held already).
	// Careers that rise a rung a move reach back less far: up to 5.3 %
	// on some seeds (127592418).
	{name: "first listed roles begun more than three years after studies, in careers of fewer than eight roles", limit: 0.06, count: countLateFirstListed},
	{name: "starting roles (an SDR, an assistant) held more than twelve years in all, or as a lead or principal", limit: 0.001, count: countStartingRoleRuns},
	{name: "graduates of two years or more who never held a role, ten years on (the clock hires them)", laterOnly: true, limit: 0.002, count: countNeverHired},
	{name: "one exact title of the ladder (no founder's, owner's, chief's or board seat, nor a clinical or legal profession's) held 15 years or more, role after role", limit: 0.015, count: countLadderTitleRuns},
	// A first role of a line whose related roles are all a manager's
	// (product and project management before Scrum's roles of 2002), or
	// of no junior's title in its year, keeps its title: a few in a
	// hundred of the first roles of the first two years.
	{name: "first roles within two years of starting work with a manager's title, or above Junior for someone of no degree", limit: 0.035, count: countSeniorFirstJobs},
	// The generated history bounds each role by the next and the clock
	// waits with a promotion due too soon; a first role whose middle sets
	// its level may begin a little early.
	{name: "rises from an intern's or junior's title faster than the ladder's years (a head within 7 years, a director within 10)", limit: 0.006, count: countFastRises},
	{name: "changes of title that only reword it (Director of FP&A after FP&A Director)", count: countRewordings},
	{name: "changes of specialty down to a starting role, or to an assistant's from another starting role (Teacher to Teaching Assistant, Technical Support Engineer to Customer Service Representative, Tutor to Teaching Assistant)", count: countRoleStepsDown},
	// The clock renames a title held that long at the person's next
	// retitle or move, which may come a year or two later.
	{name: "one exact title of the ladder (no chief's office, nor a profession's) held more than 15 years in all, across employers and gaps", limit: 0.01, count: countTitleLifetimes},
	{name: "steps from a manager's title to an individual contributor's of no higher rung (Controller to Accountant, Head of Engineering to Lead Developer), or within a stay", count: countManagerStepsBack},
	// A manager's title a rung below an individual contributor's at
	// another employer (a Project Manager become a Senior Product Owner)
	// happens, rarely: a few in a thousand careers.
	{name: "steps from a manager's title to an individual contributor's of a higher rung at another employer (Manager to Senior Analyst)", limit: 0.004, count: countManagerToSeniorIC},
	{name: "academic titles (a lecturer's, a professor's, academic affairs) held without a master's or a doctorate", count: countAcademicsUnqualified},
	{name: "rises of more than one rung (beyond an intern's to a full title), or to a manager's title from an intern's or a starting role's (Tax Intern to Finance Manager, Front Desk Agent to Hotel Manager)", count: countRungLeaps},
	// A first listed role that began later than the career (its title
	// not yet in use, its employer not yet founded) may leave a rung
	// reached soon after it: a few in ten thousand careers, up to about
	// one in a thousand on some seeds (13 of 12,550 on seed 5150).
	{name: "titles above Mid-Level sooner after the first listed role than the ladder's years (a Senior within 2 years, a Lead within 3)", limit: 0.002, count: countEarlyRungs},
}

// ladderLine returns a person's main line of roles, oldest first, without
// the seats that are off the ladder (a founder's, an owner's, a board's).
func ladderLine(w *World, p *Person) []Job {
	return slices.DeleteFunc(mainLine(p), func(j Job) bool {
		return slices.Index(ladder, w.Title(j.Title).Level) < 0
	})
}

// describeLine says a line of roles as a reader sees it.
func describeLine(w *World, line []Job) string {
	var out []string
	for _, j := range line {
		since := "?"
		if j.Start != 0 {
			since = fmt.Sprint(j.Start.Year())
		}
		out = append(out, fmt.Sprintf("%s at %s (%s)", w.Title(j.Title).Name, w.Company(j.Company).Name, since))
	}
	return strings.Join(out, " → ")
}

// countLevelSteps counts the people whose consecutive roles on the ladder
// step down by more than a rung, step down within one stay at a company,
// or step up by more than two rungs.
func countLevelSteps(w *World) tally {
	var n tally
	for i := range w.Len() {
		line := ladderLine(w, w.Person(i))
		if len(line) < 2 {
			continue
		}
		bad := false
		for k := 1; k < len(line); k++ {
			a := slices.Index(ladder, w.Title(line[k-1].Title).Level)
			b := slices.Index(ladder, w.Title(line[k].Title).Level)
			same := line[k].Company == line[k-1].Company
			bad = bad || b < a-1 || same && b < a || b > a+2
		}
		n.add(bad, "person %d: %s", i, describeLine(w, line))
	}
	return n
}

// countSpecialtyHops counts the people whose specialty (the role a title
// is of, within its line of work) moves to one unrelated to it, or back
// to the one held before the last move.
func countSpecialtyHops(w *World) tally {
	var n tally
	v := w.titles
	for i := range w.Len() {
		line := ladderLine(w, w.Person(i))
		var stems []int // of the roles of one line of work, each change once
		fam, bad, seen := family(0), false, 0
		for _, j := range line {
			s := int(v.stem[j.Title])
			if s < 0 || v.fam[j.Title] == famGeneral {
				continue
			}
			seen++
			if f := v.fam[j.Title]; f != fam {
				fam, stems = f, stems[:0]
			}
			if len(stems) > 0 && stems[len(stems)-1] == s {
				continue
			}
			if len(stems) > 0 && !v.relatedStems(fam, stems[len(stems)-1], s) {
				bad = true
			}
			if len(stems) > 1 && stems[len(stems)-2] == s {
				bad = true
			}
			stems = append(stems, s)
		}
		if seen > 1 {
			n.add(bad, "person %d: %s", i, describeLine(w, line))
		}
	}
	return n
}

// exemptFromRun reports whether title t is of a level people stay at for
// life, so that holding it for decades reads right: a senior or lead
// individual contributor's, management's above team lead, and the full
// title of a regulated profession (a physician, a nurse, a lawyer). An
// intern's, a junior's and another mid-level title are not.
func exemptFromRun(w *World, t TitleID) bool {
	l := w.Title(t).Level
	return slices.Index(ladder, l) >= slices.Index(ladder, Senior) || l == MidLevel && w.titles.need[t] != profNone
}

// countTitleDecades counts the people who held one title below senior (or
// one role's titles of one level) for more than 15 years in all, across
// employers, as of the world's clock.
func countTitleDecades(w *World) tally {
	var n tally
	v := w.titles
	for i := range w.Len() {
		p := w.Person(i)
		line := mainLine(p)
		if len(line) == 0 {
			continue
		}
		type key struct {
			fam   family
			stem  int
			level Level
			title TitleID
		}
		months := map[key]int{}
		bad := ""
		for _, j := range line {
			t := w.Title(j.Title)
			if exemptFromRun(w, j.Title) || slices.Index(ladder, t.Level) < 0 || j.Start == 0 {
				continue
			}
			k := key{fam: v.fam[j.Title], stem: int(v.stem[j.Title]), level: t.Level}
			if k.stem < 0 {
				k.title = j.Title
			}
			end := j.End
			if j.Current {
				end = w.month
			}
			if months[k] += int(end) - int(j.Start); months[k] > 15*12 {
				bad = fmt.Sprintf("%s for %d years", t.Name, months[k]/12)
			}
		}
		n.add(bad != "", "person %d: %s: %s", i, bad, describeLine(w, line))
	}
	return n
}

// countTradeChanges counts the people whose roles change line of work
// more than once, into a line that does not follow the one left, or
// into the new line at a level above the role before (a chief
// executive's title, of no line, is the level left when it comes
// between).
func countTradeChanges(w *World) tally {
	var n tally
	for i := range w.Len() {
		line := ladderLine(w, w.Person(i))
		if len(line) < 2 {
			continue
		}
		changes, bad, last := 0, false, famGeneral
		for k, j := range line {
			if j.fam == famGeneral {
				continue
			}
			if last != famGeneral && j.fam != last {
				changes++
				left := slices.Index(ladder, w.Title(line[k-1].Title).Level)
				bad = bad || changes > 1 || !tradeFollows(last, j.fam) || slices.Index(ladder, w.Title(j.Title).Level) > left
			}
			last = j.fam
		}
		n.add(bad, "person %d: %s", i, describeLine(w, line))
	}
	return n
}

// countThirdStints counts the people who worked at one employer in three
// stays or more, with other employers between.
func countThirdStints(w *World) tally {
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		if len(p.Jobs) == 0 {
			continue
		}
		line := mainLine(p)
		bad := slices.ContainsFunc(line, func(j Job) bool { return stints(line, j.Company) > 2 })
		n.add(bad, "person %d: %s", i, describeLine(w, line))
	}
	return n
}

// countUnknownStarts counts the people with a role of unknown start that
// is not the oldest of their roles.
func countUnknownStarts(w *World) tally {
	var n tally
	for i := range w.Len() {
		line := mainLine(w.Person(i))
		if len(line) == 0 {
			continue
		}
		bad := slices.ContainsFunc(line[1:], func(j Job) bool { return j.Start == 0 })
		n.add(bad, "person %d: %s", i, describeLine(w, line))
	}
	return n
}

// countStayChurn counts the people with a stay at one employer in which
// four titles or more began within five years, an internship or a
// trainee's programme before the job proper left out: a retitle that is
// no promotion is rare, and promotions come every few years.
func countStayChurn(w *World) tally {
	var n tally
	for i := range w.Len() {
		line := mainLine(w.Person(i))
		if len(line) < 4 {
			continue
		}
		bad := false
		line = slices.DeleteFunc(line, func(j Job) bool { return w.Title(j.Title).Level == Entry })
		for k := 0; k+3 < len(line); k++ {
			a, b := line[k], line[k+3]
			bad = bad || a.Start != 0 && b.Company == a.Company && line[k+1].Company == a.Company &&
				line[k+2].Company == a.Company && int(b.Start)-int(a.Start) < 60
		}
		n.add(bad, "person %d: %s", i, describeLine(w, line))
	}
	return n
}

// countTitleReturns counts the people whose main line holds a title
// again after another one came between (Head of Creative → Head of UX →
// Head of Creative), at one employer or across several.
func countTitleReturns(w *World) tally {
	var n tally
	for i := range w.Len() {
		line := mainLine(w.Person(i))
		if len(line) < 3 {
			continue
		}
		bad := false
		for k := 2; k < len(line); k++ {
			t := line[k].Title
			bad = bad || line[k-1].Title != t && slices.ContainsFunc(line[:k-1], func(j Job) bool { return j.Title == t })
		}
		n.add(bad, "person %d: %s", i, describeLine(w, line))
	}
	return n
}

// countMoveDowns counts the people who took a lower level with a change
// of employer from below a director's office: a step down on a move is
// a senior executive's, when it comes.
func countMoveDowns(w *World) tally {
	var n tally
	for i := range w.Len() {
		line := ladderLine(w, w.Person(i))
		if len(line) < 2 {
			continue
		}
		bad := false
		for k := 1; k < len(line); k++ {
			a := slices.Index(ladder, w.Title(line[k-1].Title).Level)
			b := slices.Index(ladder, w.Title(line[k].Title).Level)
			same := line[k].fam == line[k-1].fam || line[k-1].fam == famGeneral
			bad = bad || same && line[k].Company != line[k-1].Company && b < a && a < slices.Index(ladder, Directors)
		}
		n.add(bad, "person %d: %s", i, describeLine(w, line))
	}
	return n
}

// firstListed returns a person's oldest main role, and false when there
// is none, it is of unknown start, or off the ladder.
func firstListed(w *World, p *Person) (Job, bool) {
	line := mainLine(p)
	if len(line) == 0 || line[0].Start == 0 {
		return Job{}, false // of unknown start: earlier roles may be left out
	}
	return line[0], slices.Index(ladder, w.Title(line[0].Title).Level) >= 0
}

// countSeniorFirstListed counts the people of fewer than eight main roles
// whose first listed role, begun within five years of the end of their
// studies, is above Mid-Level: however long it was held, a graduate's
// first job is no senior's.
func countSeniorFirstListed(w *World) tally {
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		first, ok := firstListed(w, p)
		end := lastDegree(p)
		if !ok || end == 0 || first.Start.Year() > end+5 || len(mainLine(p)) >= 8 {
			continue // a profile of eight roles shows the last eight
		}
		bad := slices.Index(ladder, w.Title(first.Title).Level) > slices.Index(ladder, MidLevel)
		n.add(bad, "person %d: studies ended %d: %s", i, end, describeLine(w, mainLine(p)))
	}
	return n
}

// countLateFirstListed counts the people of fewer than eight main roles
// whose first listed role began more than three years after their
// studies ended: the years between would be empty.
func countLateFirstListed(w *World) tally {
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		first, ok := firstListed(w, p)
		end := lastDegree(p)
		if !ok || end == 0 || len(mainLine(p)) >= 8 {
			continue
		}
		n.add(first.Start.Year() > end+3, "person %d: studies ended %d: %s", i, end, describeLine(w, mainLine(p)))
	}
	return n
}

// countStartingRoleRuns counts the people who held the titles of a
// starting role (startingRoles) more than twelve years in all, or a lead
// or principal title of one, or a principal title outside the expert
// lines.
func countStartingRoleRuns(w *World) tally {
	var n tally
	v := w.titles
	for i := range w.Len() {
		line := mainLine(w.Person(i))
		if len(line) == 0 {
			continue
		}
		months := map[int16]int{}
		bad := ""
		for _, j := range line {
			name := w.Title(j.Title).Name
			if strings.HasPrefix(name, "Principal ") && v.stem[j.Title] >= 0 && !expertLines[v.fam[j.Title]] {
				bad = name
			}
			if !v.starting(j.Title) {
				continue
			}
			if l := w.Title(j.Title).Level; l == Lead {
				bad = name
			}
			if j.Start == 0 {
				continue
			}
			end := j.End
			if j.Current {
				end = w.month
			}
			if months[v.stem[j.Title]] += int(end) - int(j.Start); months[v.stem[j.Title]] > 12*12 {
				bad = fmt.Sprintf("%s for %d years", name, months[v.stem[j.Title]]/12)
			}
		}
		n.add(bad != "", "person %d: %s: %s", i, bad, describeLine(w, line))
	}
	return n
}

// countNeverHired counts the people whose studies ended two years or
// more before the world's clock and who never held a role: a graduate
// finds a first job within a year or two (hireDay).
func countNeverHired(w *World) tally {
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		end := lastDegree(p)
		if end == 0 || w.Now().Year()-end < 2 || w.Now().Year()-int(p.BirthYear) >= 60 {
			continue
		}
		n.add(len(p.Jobs) == 0, "person %d: studies ended %d, no role by %d", i, end, w.Now().Year())
	}
	return n
}

// countLadderTitleRuns counts the people who held one exact title of the
// ladder below a chief's office for fifteen years or more, role after
// role: a title is renamed, or its holder promoted or moved sideways,
// within a dozen years (maxRun). A founder, an owner, a chief executive
// and a board member hold their seat for decades, as in life, and so do
// a physician, a nurse or a pharmacist their profession's title.
func countLadderTitleRuns(w *World) tally {
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
			l := slices.Index(ladder, w.Title(line[k].Title).Level)
			if from := line[k].Start; from != 0 && l >= 0 && l < slices.Index(ladder, CLevel) && w.titles.need[line[k].Title] == profNone {
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
		n.add(worst >= 15*12, "person %d: %s for %d years: %s", i, what, worst/12, describeLine(w, line))
	}
	return n
}

// startedWork returns the year a person began working as a reader sees
// it: the year studies ended, or for someone of no studies listed, the
// year they turned nineteen.
func startedWork(p *Person) int {
	if end := lastDegree(p); end != 0 {
		return end
	}
	return int(p.BirthYear) + 19
}

// countSeniorFirstJobs counts the people of fewer than eight main roles
// whose first listed role, begun within two years of starting work, has
// a manager's title (a Program Manager straight after a bachelor's) or,
// for someone of no degree, is above Junior (a Business Development
// Manager at nineteen).
func countSeniorFirstJobs(w *World) tally {
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		first, ok := firstListed(w, p)
		if !ok || len(mainLine(p)) >= 8 || first.Start.Year() > startedWork(p)+2 {
			continue
		}
		t := w.Title(first.Title)
		bad := strings.Contains(t.Name, "Manager") ||
			lastDegree(p) == 0 && slices.Index(ladder, t.Level) > slices.Index(ladder, Junior)
		n.add(bad, "person %d: born %d, studies ended %d: %s", i, p.BirthYear, lastDegree(p), describeLine(w, mainLine(p)))
	}
	return n
}

// countFastRises counts the people whose main line reaches a rung of the
// ladder sooner after an intern's or junior's title than riseYears
// allows (Junior QA Engineer to Senior Director in nine years).
func countFastRises(w *World) tally {
	var n tally
	for i := range w.Len() {
		line := ladderLine(w, w.Person(i))
		from, bad := Month(0), false
		for _, j := range line {
			l := slices.Index(ladder, w.Title(j.Title).Level)
			if j.Start == 0 {
				continue
			}
			if entryLevel(w.Title(j.Title).Level) {
				from = j.Start
				continue
			}
			bad = bad || from != 0 && int(j.Start)-int(from) < 12*riseYears[l]
		}
		n.add(bad, "person %d: %s", i, describeLine(w, line))
	}
	return n
}

// countRewordings counts the people two of whose consecutive main roles
// hold one management title in two wordings: a "Director of
// Maintenance" after a "Maintenance Director", "VP of Accounting" after
// "Vice President, Accounting".
func countRewordings(w *World) tally {
	var n tally
	v := w.titles
	for i := range w.Len() {
		line := ladderLine(w, w.Person(i))
		if len(line) < 2 {
			continue
		}
		bad := false
		for k := 1; k < len(line); k++ {
			a, b := line[k-1].Title, line[k].Title
			bad = bad || a != b && v.heldIn([]TitleID{a}, b) && seniorWording(w.Title(a).Name) == seniorWording(w.Title(b).Name)
		}
		n.add(bad, "person %d: %s", i, describeLine(w, line))
	}
	return n
}

// countRoleStepsDown counts the people two of whose consecutive main
// roles of one line of work step down in kind: to a starting role's
// title from another role's (Teacher to Teaching Assistant, Technical
// Support Engineer to Customer Service Representative, Senior Hotel
// Manager to Senior Front Desk Agent), or to an assistant's from another
// starting role's (Senior Tutor to Senior Teaching Assistant).
func countRoleStepsDown(w *World) tally {
	var n tally
	for i := range w.Len() {
		line := ladderLine(w, w.Person(i))
		if len(line) < 2 {
			continue
		}
		bad := false
		for k := 1; k < len(line); k++ {
			bad = bad || w.titles.roleStepsDown(line[k-1].Title, line[k].Title)
		}
		n.add(bad, "person %d: %s", i, describeLine(w, line))
	}
	return n
}

// countTitleLifetimes counts the people who held one exact title of the
// ladder below a chief's office (not a profession's) more than fifteen
// years in all, over every employer and with the gaps between left out:
// a Senior Embedded Software Engineer from 1992 to 2017 at five firms
// reads wrong.
func countTitleLifetimes(w *World) tally {
	var n tally
	for i := range w.Len() {
		line := mainLine(w.Person(i))
		var held []titleMonths
		what, worst := "", 0
		for _, j := range line {
			l := slices.Index(ladder, w.Title(j.Title).Level)
			if j.Start == 0 || l < 0 || l >= slices.Index(ladder, CLevel) || w.titles.need[j.Title] != profNone {
				continue
			}
			end := j.End
			if j.Current {
				end = w.month
			}
			held = addMonths(held, j.Title, int(end)-int(j.Start))
			if m := monthsOf(held, j.Title); m > worst {
				worst, what = m, w.Title(j.Title).Name
			}
		}
		n.add(worst > 15*12, "person %d: %s for %d years: %s", i, what, worst/12, describeLine(w, line))
	}
	return n
}

// seniorWording reports whether a management title is worded as the
// senior one of its level ("SVP Sales", "Senior Director, Sales"): one
// after the plain wording reads as a promotion, not as a rewording.
func seniorWording(name string) bool {
	return strings.HasPrefix(name, "SVP ") || strings.HasPrefix(name, "Senior Director")
}

// countManagerStepsBack counts the people two of whose consecutive main
// roles step from a manager's title to an individual contributor's of
// the same rung or a lower one, or to one of any rung within a stay at
// one employer: a Product Marketing Manager become a Marketing Analyst,
// a Controller an Accountant.
func countManagerStepsBack(w *World) tally {
	var n tally
	v := w.titles
	for i := range w.Len() {
		line := ladderLine(w, w.Person(i))
		if len(line) < 2 {
			continue
		}
		bad := false
		for k := 1; k < len(line); k++ {
			a, b := line[k-1], line[k]
			bad = bad || v.managerStepsBack(a.Title, b.Title) ||
				a.Company == b.Company && v.toContributor(a.Title, b.Title)
		}
		n.add(bad, "person %d: %s", i, describeLine(w, line))
	}
	return n
}

// countManagerToSeniorIC counts the people two of whose consecutive main
// roles, at two employers, step from a manager's title to an individual
// contributor's of a higher rung (a Marketing Manager become a Senior
// Data Analyst elsewhere): it happens, rarely.
func countManagerToSeniorIC(w *World) tally {
	var n tally
	v := w.titles
	for i := range w.Len() {
		line := ladderLine(w, w.Person(i))
		if len(line) < 2 {
			continue
		}
		bad := false
		for k := 1; k < len(line); k++ {
			a, b := line[k-1], line[k]
			bad = bad || a.Company != b.Company && v.toContributor(a.Title, b.Title) && !v.managerStepsBack(a.Title, b.Title)
		}
		n.add(bad, "person %d: %s", i, describeLine(w, line))
	}
	return n
}

// academicPost reports whether a title is an academic's (a lecturer's, a
// professor's, a head of academic affairs'), an intern's left out.
func academicPost(w *World, t TitleID) bool {
	name := w.Title(t).Name
	return w.Title(t).Level != Entry && (academicTitle(name) || strings.Contains(name, "Academic"))
}

// countAcademicsUnqualified counts the people who held an academic title
// without a master's or a doctorate listed (or a long degree of the old
// systems that stood for one: mastersStanding): universities give such
// posts only to holders of a graduate degree.
func countAcademicsUnqualified(w *World) tally {
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		var post TitleID
		held := slices.ContainsFunc(p.Jobs, func(j Job) bool { post = j.Title; return academicPost(w, j.Title) })
		if !held {
			continue
		}
		graduate := slices.ContainsFunc(p.Education, func(e Education) bool { return mastersStanding(e.Degree) })
		n.add(!graduate, "person %d: %s without a graduate degree: %s", i, w.Title(post).Name, describeLine(w, mainLine(p)))
	}
	return n
}

// countRungLeaps counts the people two of whose consecutive roles on the
// ladder rise by more than one rung (beyond an intern's or trainee's
// title to a full one: a Tax Intern become an Accountant is a career's
// usual start), or rise to a manager's title straight from an intern's
// or a starting role's: a Tax Intern become a Finance Manager, a Front
// Desk Agent a Hotel Manager (not an account manager's, whose holders
// manage clients: accountRoles).
func countRungLeaps(w *World) tally {
	var n tally
	v := w.titles
	for i := range w.Len() {
		line := ladderLine(w, w.Person(i))
		if len(line) < 2 {
			continue
		}
		bad := false
		for k := 1; k < len(line); k++ {
			a, b := line[k-1].Title, line[k].Title
			ra := slices.Index(ladder, w.Title(a).Level)
			rb := slices.Index(ladder, w.Title(b).Level)
			if rb > ra+1 && !(ra == 0 && rb == slices.Index(ladder, MidLevel)) {
				bad = true
			}
			if v.managerial(b) && v.stem[b] >= 0 && (ra == 0 || v.starting(a) && !v.starting(b) && !accountRoles[v.roleName(b)]) {
				bad = true
			}
		}
		n.add(bad, "person %d: %s", i, describeLine(w, line))
	}
	return n
}

// countEarlyRungs counts the people whose first listed role (of a known
// start, at most mid-level) is followed sooner than the ladder's years
// (riseYears) by a title of a higher rung: a Senior title in the first
// two years of work, a Lead's in the first three, a Head's in the first
// seven.
func countEarlyRungs(w *World) tally {
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		line := ladderLine(w, p)
		if len(line) < 2 || len(mainLine(p)) >= 8 || line[0].Start == 0 ||
			slices.Index(ladder, w.Title(line[0].Title).Level) > slices.Index(ladder, MidLevel) {
			continue
		}
		bad := false
		for _, j := range line[1:] {
			k := slices.Index(ladder, w.Title(j.Title).Level)
			bad = bad || j.Start != 0 && int(j.Start)-int(line[0].Start) < 12*riseYears[k]
		}
		n.add(bad, "person %d: %s", i, describeLine(w, line))
	}
	return n
}
