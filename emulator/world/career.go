package world

import (
	"math/rand/v2"
	"slices"
	"strings"
	"time"
)

// deptWeights is how common each department is among the world's people.
var deptWeights = newWeighted([]uint64{
	NoDepartment: 0, Marketing: 9, Sales: 14, ProductProject: 6, Engineering: 18, DataAnalytics: 5,
	Design: 4, HRRecruitment: 6, FinanceAccounting: 8, LegalCompliance: 3, CustomerSupport: 6,
	HealthHospitality: 5, EducationTraining: 4, OperationsAdmin: 10, FacilityServices: 1, Entertainment: 1,
})

// ladder is the usual order of promotion.
var ladder = []Level{Entry, Junior, MidLevel, Senior, Lead, Head, Directors, VP, CLevel}

// levelAfter returns the level of someone who has worked for the given
// number of months; ambition shifts the pace by whole rungs, and no one
// goes past their peak.
func levelAfter(months int, ambition int, peak Level) Level {
	years := months / 12
	rung := 0
	switch {
	case years < 1:
		rung = 0
	case years < 3:
		rung = 1
	case years < 6:
		rung = 2
	case years < 10:
		rung = 3
	case years < 14:
		rung = 4
	case years < 18:
		rung = 5
	case years < 22:
		rung = 6
	default:
		rung = 7
	}
	rung += ambition
	rung = max(0, min(rung, slices.Index(ladder, peak)))
	return ladder[rung]
}

// peakShares is, per thousand people, the highest rung of the ladder
// their career reaches: most peak as senior or lead individual
// contributors; a few head a department; VPs and chiefs are a few in a
// hundred, as in real organisations.
var peakShares = [...]struct {
	level    Level
	perMille uint64
}{{MidLevel, 305}, {Senior, 335}, {Lead, 195}, {Head, 65}, {Directors, 50}, {VP, 25}, {CLevel, 25}}

// peakOf is the highest level a person's career reaches, drawn from
// their seed alone, so that the career events of the world's clock
// respect it as the generated history does.
func peakOf(p *Person) Level {
	x := mix64(p.Seed^streamPeak<<56) % 1000
	for _, s := range peakShares {
		if x < s.perMille {
			return s.level
		}
		x -= s.perMille
	}
	return CLevel
}

// drawAge returns an age in years, shaped like a working population that
// uses a professional network (many in their late twenties and thirties).
func drawAge(r *rand.Rand) int {
	switch x := intN(r, 100); {
	case x < 30:
		return between(r, 21, 29)
	case x < 63:
		return between(r, 30, 39)
	case x < 85:
		return between(r, 40, 49)
	}
	return between(r, 50, 64)
}

// career fills in a person's education and jobs, newest first, and the
// fields derived from the current role. It returns the family of work the
// person has studied for and mostly done (which a CEO's title does not
// tell).
func (gen *generator) career(r *rand.Rand, p *Person, country countryID) family {
	now := gen.now
	age := drawAge(r)
	if int(p.Index) >= gen.cfg.People {
		age = between(r, 21, 22) // a newcomer, at the end of their studies
	}
	p.BirthYear = uint16(now.Year() - age)
	fam := gen.drawFamily(r, country)
	own, owner := gen.owners[p.Index]
	if owner {
		// The owner of a business works in its trade, one the country's
		// employers have for the roles before.
		if fams := gen.hiring.famsOf[gen.companies[own].Industry]; len(fams) > 0 {
			if f := pick(r, fams); gen.hiring.employs(country, f) {
				fam = f
			}
		}
	}
	eduEnd := gen.education(r, p, fam)

	careerStart := MonthOf(eduEnd, 7) + Month(intN(r, 6))
	if eduEnd == 0 {
		careerStart = MonthOf(int(p.BirthYear)+19, 9)
	}
	// A graduate's first listed role is no senior's: one begun before the
	// sixth year after studies is at most mid-level.
	seniorFrom := MonthOf(eduEnd+6, time.January)
	if eduEnd == 0 {
		seniorFrom = careerStart + 60
	}
	ambition := 0
	switch x := intN(r, 100); {
	case x < 25:
		ambition = -1
	case x >= 80:
		ambition = 1
	}
	peak := peakOf(p)
	if peak == VP || peak == CLevel {
		ambition = 1 // executives climb fast, from a first role no higher than others'
	}

	jobs := gen.jobs[:0]
	employed := chance(r, 90) || owner
	cursor := now
	if !employed {
		cursor = now - Month(between(r, 1, 14))
	}
	studying := careerStart >= cursor
	if studying {
		// Still studying: an internship (a student's: the intern's
		// level, whatever their ambition) or nothing, and nothing of a
		// profession whose degree the student has not begun.
		if chance(r, 20) && gen.mayWorkIn(p, fam) {
			careerStart = now - Month(between(r, 1, 5))
			cursor = now
			employed = true
		} else {
			employed = false
		}
	}
	prevCompany := int32(-1)
	var stay []TitleID // the titles of the stay at prevCompany
	// The months each title was held in the newer roles just drawn: one
	// title below a lifelong level held for more than fifteen years in
	// all reads wrong, and long before that a career moves on to a
	// related specialty (movedOn). The specialty (stem) the roles keep
	// to, and those the newer roles of the line held (used, bits by
	// role): a career does not return to one it left.
	var buf [10]titleMonths
	held := buf[:0]
	line := fam // the line of work, going back in time
	stem := gen.stemOf(p, line)
	used := uint32(0)
	newer := -1 // the rung of the newer role on the ladder, -1 for none yet
	// The line of work of the newer role, and its specialties.
	newerLine, newerStem, newerUsed := line, stem, used
	newerTitleStem := -1 // the specialty of the newest title of the line with one, -1 for none
	// At most eight roles (a profile shows the last eight), over at most
	// drawMax tries: a try that finds no role before the newer one starts
	// that one earlier (extendBack) and takes one of the tries, not of
	// the roles, so that a career's early years are not left empty.
	for k := 0; cursor > careerStart && len(jobs) < maxRoles && k < drawMax; k++ {
		current := len(jobs) == 0 && employed
		dur := Month(between(r, 12, 60))
		if chance(r, 15) {
			dur += Month(between(r, 24, 96)) // some stay long
		}
		if even := int(cursor-careerStart) / (maxRoles - len(jobs)); int(dur) < even {
			// A long career in few roles: the roles left share its years,
			// so that the oldest begins soon after studies.
			dur = max(dur, Month(even-intN(r, even/4+1)))
		}
		start := max(cursor-dur, careerStart)
		if start >= cursor {
			break
		}
		if len(jobs) > 0 && line == fam && chance(r, 10) {
			// Earlier roles in another line of work: a change of career,
			// from a line that leads to this one. Not out of a profession
			// whose degree the person lacks.
			if line = gen.earlierTrade(r, p, country, fam); line != fam {
				stem, used = gen.stemOf(p, line), 0
			}
		}
		// The role before the first of the new line: a rung above it
		// (none above a chief's).
		switched := len(jobs) > 0 && line != newerLine
		if switched && newer == len(ladder)-1 {
			line, stem, used, switched = newerLine, newerStem, newerUsed, false
		}
		// The level a role is remembered by is that of its middle: a
		// first job held for ten years was not an internship throughout.
		level := levelAfter((int(start)+int(cursor))/2-int(careerStart), ambition, peak)
		if start-careerStart < 24 && cursor-start < 48 && slices.Index(ladder, level) > slices.Index(ladder, MidLevel) {
			// A role of the first years after studies, held a few years, is no senior's.
			level = MidLevel
		}
		// Entry-level titles are held a while only: an intern's or a
		// trainee's in the first months of a career, a junior's in its
		// first years (the world's clock then promotes them: dueDays).
		if into := int(cursor) - int(careerStart); level == Entry && into > internMonths {
			level = Junior
		}
		if into := int(cursor) - int(careerStart); (level == Entry || level == Junior) && into > juniorMonths {
			level = MidLevel
		}
		if studying {
			level = Entry
		}
		if k := slices.Index(ladder, stepBefore(level, newer, switched)); k >= 0 && len(jobs) > 0 && !studying {
			// The rung the role will be of comes no sooner after the
			// start of work than the ladder's years allow (riseYears):
			// the role began later, after one below it.
			if floor := riseFrom(careerStart, k); start < floor && int(cursor)-int(floor) >= minTenure {
				start = floor
			}
		}
		if switched && start < seniorFrom && slices.Index(ladder, stepBefore(level, newer, true)) > slices.Index(ladder, MidLevel) {
			// The role before a change of trade is a rung above the first
			// after it: one that may be a graduate's first above
			// mid-level is none before a change of trade.
			line, stem, used, switched = newerLine, newerStem, newerUsed, false
		}
		if early := start-careerStart < 24 && cursor-start < 48; early && len(jobs) > 0 {
			if switched && slices.Index(ladder, stepBefore(level, newer, true)) > slices.Index(ladder, MidLevel) {
				// A change of trade a rung down from a first role of the
				// career, above a mid-level one: none it was.
				line, stem, used, switched = newerLine, newerStem, newerUsed, false
			}
			if slices.Index(ladder, stepBefore(level, newer, switched)) > slices.Index(ladder, MidLevel) {
				// A first role of the career more than two rungs below
				// the next would read wrong, and one above mid-level
				// too: the next began earlier.
				held, cursor = gen.extendBack(jobs, held, start, seniorFrom, careerStart), retryFrom(r, jobs)
				line, stem, used = newerLine, newerStem, newerUsed
				continue
			}
		}
		jobFam := line
		byYears := level
		level = stepBefore(level, newer, switched)
		if slices.Index(ladder, level) > slices.Index(ladder, byYears) && cursor-start > 36 && !studying {
			// The rung below the newer role's is above what the years
			// worked give (a career risen fast): it was held a short
			// while, so that the roles before climb one rung at a time
			// from a graduate's.
			start = max(start, cursor-Month(between(r, 24, 40)))
		}
		if k := slices.Index(ladder, level); !switched && newer >= 0 && k > newer && newer < slices.Index(ladder, Directors) {
			// No step down below a director's office: the role before
			// one of a rung below (rungBelow) is of its rung at most.
			level = ladder[newer]
		}
		if level == Entry && len(jobs) > 0 && gen.titles.managerial(jobs[len(jobs)-1].Title) {
			// An intern's title straight before a manager's reads as a
			// leap: a junior's it was.
			level = Junior
		}
		if entryLevel(level) && newer > slices.Index(ladder, MidLevel) {
			// An intern's or a junior's title is not followed by a
			// senior's: the role before one is mid-level (riseYears).
			level = MidLevel
		}
		for range 3 {
			if !firstTooHigh(level, start, cursor, careerStart, seniorFrom) || studying {
				break
			}
			// A first role of the career above mid-level: it began
			// later, and an earlier, lower one comes before it.
			start = cursor - (cursor-start)/2
			level = stepBefore(levelAfter((int(start)+int(cursor))/2-int(careerStart), ambition, peak), newer, switched)
		}
		company := int32(-1)
		switch {
		case current && owner && int(now-careerStart) >= 24:
			// One's own business, of twenty years at most (a founder's).
			company, level = own, Founder
			start = max(start, now-Month(12*foundersYears))
		case current && int(now-careerStart) >= 72 && chance(r, 5):
			// A founder, since the founding of a company young enough
			// to have one.
			if c, at, ok := gen.foundedBy(r, country, fam, careerStart); ok {
				company, start, level = c, at, Founder
			}
		case current && age >= 52 && senior(level) && chance(r, 20):
			level = Board // a portfolio of board seats late in a career
		}
		title := gen.title(r, jobFam, stem, level, start.Year())
		if owner && company == own {
			title = gen.titles.ids[pick(r, ownerTitles)]
		}
		if switched && gen.titles.titles[title].Level != level {
			// The trade left has no title of the level (no head of hair
			// styling): no change of trade it was.
			line, stem, used, switched, jobFam = newerLine, newerStem, newerUsed, false, newerLine
			level = stepBefore(levelAfter((int(start)+int(cursor))/2-int(careerStart), ambition, peak), newer, false)
			title = gen.title(r, jobFam, stem, level, start.Year())
		}
		if switched && len(jobs) > 0 && gen.titles.leapsTo(title, jobs[len(jobs)-1].Title) {
			// A starting role's title (a teaching assistant's) straight
			// before a manager's post of another trade (an HR manager's)
			// reads as a leap over the rung between: no change of trade
			// it was.
			line, stem, used, switched, jobFam = newerLine, newerStem, newerUsed, false, newerLine
			level = stepBefore(levelAfter((int(start)+int(cursor))/2-int(careerStart), ambition, peak), newer, false)
			title = gen.title(r, jobFam, stem, level, start.Year())
		}
		if company < 0 && len(jobs) > 0 && !switched {
			title = gen.keepTitle(r, jobs, held, int(cursor)-int(start), title, jobFam, stem, start.Year())
			title = gen.titles.unreworded(jobs[len(jobs)-1].Title, title)
		}
		newerTitle := TitleID(0) // the newer role's title; none is 0, of no role
		if len(jobs) > 0 {
			newerTitle = jobs[len(jobs)-1].Title
		}
		if s := gen.titles.stem[title]; s >= 0 && !switched && newerTitleStem >= 0 && int(s) != newerTitleStem &&
			(used&(1<<s) != 0 || !gen.titles.relatedStems(jobFam, newerTitleStem, int(s)) || gen.titles.roleStepsDown(title, newerTitle)) {
			// The name the specialty had before it came into use is that
			// of one the career left later, or of one unrelated to the
			// newer role's: another related one, which the older roles
			// keep to, or the newer role began earlier.
			t, ok := gen.titles.relatedAt(r, jobFam, newerTitleStem, gen.titles.titles[title].Level, start.Year(), used, newerTitle)
			if ok && !gen.qualified(p, gen.titles.need[t]) {
				ok = false // a profession whose degree the person lacks
			}
			if !ok {
				held, cursor = gen.extendBack(jobs, held, start, seniorFrom, careerStart), retryFrom(r, jobs)
				line, stem, used = newerLine, newerStem, newerUsed
				continue
			}
			title, stem = t, int(gen.titles.stem[t])
		}
		if t, ok := gen.movedOn(r, jobFam, title, newerTitle, start, cursor, held, used); ok {
			if title = t; gen.titles.stem[t] >= 0 {
				stem = int(gen.titles.stem[t]) // the older roles keep to it
			}
		}
		if before, limit := monthsOf(held, gen.titles.runKey(title)), gen.runMax(title, jobs); before+int(cursor)-int(start) > limit {
			// No related specialty is free: the title of the rung below,
			// the role begun later (a year at least), or the career
			// shows from the newer role.
			if t, ok := gen.rungBelow(r, jobs, held, title, jobFam, stem, start, cursor); ok {
				title = t
			} else if limit-before < minTenure {
				break
			} else {
				start = cursor - Month(limit-before)
			}
		}
		if len(jobs) > 0 && gen.titles.toContributor(title, newerTitle) {
			// A manager's post before an individual contributor's title
			// reads as a career run backwards: the role before was an
			// individual contributor's too, or, when the newer title is
			// of no higher rung, the newer role began earlier. One a rung
			// up (a Manager become a Senior Analyst) stays, where no
			// contributor's title fits: it happens, rarely.
			t, ok := gen.contributorBefore(r, p, jobFam, stem, title, newerTitle, start, cursor, held, used, jobs)
			if !ok && gen.titles.managerStepsBack(title, newerTitle) {
				held, cursor = gen.extendBack(jobs, held, start, seniorFrom, careerStart), retryFrom(r, jobs)
				line, stem, used = newerLine, newerStem, newerUsed
				continue
			}
			if title = t; ok && gen.titles.stem[t] >= 0 && gen.titles.fam[t] == jobFam {
				stem = int(gen.titles.stem[t])
			}
		}
		if len(jobs) > 0 && gen.titles.leapsTo(title, newerTitle) && gen.titles.fam[newerTitle] == jobFam {
			// A manager's title straight after an intern's or an
			// agent's reads as a leap: the role before was of the
			// manager's own role, a rung below (a Junior Hotel Manager
			// before a Hotel Manager).
			v := gen.titles
			below := v.stems[jobFam][v.stem[newerTitle]][rung(v.titles[newerTitle].Level, -1)]
			if t, ok := v.pickIn(r, slices.DeleteFunc(slices.Clone(below), func(t TitleID) bool { return t == newerTitle }), start.Year()); ok {
				title, stem = t, int(v.stem[t])
			}
		}
		if s := gen.titles.stem[title]; s >= 0 && gen.titles.fam[title] == jobFam {
			used |= 1 << s
		}
		// The rung of the title drawn: of its own level when it has no
		// title of the level asked for (no head of hair styling). One
		// too far below or above the newer role's: the newer role began
		// earlier instead.
		rank := slices.Index(ladder, gen.titles.titles[title].Level)
		if len(jobs) > 0 && rank >= 0 && newer >= 0 && stepBefore(ladder[rank], newer, switched) != ladder[rank] {
			held, cursor = gen.extendBack(jobs, held, start, seniorFrom, careerStart), retryFrom(r, jobs)
			line, stem, used = newerLine, newerStem, newerUsed
			continue
		}
		if floor := riseFrom(careerStart, max(rank, 0)); rank >= 0 && company < 0 && !studying && start < floor {
			// A title of this rung comes no sooner after the start of
			// work than the ladder's years allow (riseYears: a senior's
			// two years on, a lead's three): the role began later, after
			// one below it.
			if int(cursor)-int(floor) < minTenure {
				held, cursor = gen.extendBack(jobs, held, start, seniorFrom, careerStart), retryFrom(r, jobs)
				line, stem, used = newerLine, newerStem, newerUsed
				continue
			}
			start = floor
		}
		if company < 0 {
			// Staying on at the same company means a new title there (not
			// at one's own business: it begins with its owner's role),
			// and not a higher one than the role that followed, nor a
			// manager's post before an individual contributor's title.
			lower := newer < 0 || rank <= newer && !(gen.titles.toContributor(title, newerTitle))
			// A fourth title of one stay within five years reads as
			// churn: promotions come every few years.
			crowded := len(stay) >= 3 && int(jobs[len(jobs)-3].Start)-int(start) < 60
			lower = lower && !crowded
			if prevCompany >= 0 && !gen.titles.heldIn(stay, title) && lower && chance(r, 15) && gen.fits(prevCompany, jobFam) &&
				gen.companies[prevCompany].Type != SelfEmployed && gen.hiring.bigEnough(prevCompany, jobFam, gen.titles.titles[title].Level) &&
				gen.hiring.titleFits(prevCompany, jobFam, title) {
				company = prevCompany
			} else {
				company = gen.hiring.employerOfTitle(r, country, jobFam, title)
			}
			company = gen.existingAs(r, company, start, country, jobFam, title)
			// Another stay at the company of the newer role holds a title
			// not held in it, and not a higher one (a step down within a
			// stay, A → B → A or A → A, read wrong); a third stint at one
			// employer, others between, is rare enough in life to draw
			// another.
			fine := func(c int32) bool {
				if c == prevCompany {
					return !gen.titles.heldIn(stay, title) && lower
				}
				return stints(jobs, c) < 2
			}
			for range 8 {
				if fine(company) {
					break
				}
				company = gen.existingAs(r, gen.hiring.employerOfTitle(r, country, jobFam, title), start, country, jobFam, title)
			}
			if !fine(company) {
				// A country of few companies: the newer role began
				// earlier (extendBack).
				held, cursor = gen.extendBack(jobs, held, start, seniorFrom, careerStart), retryFrom(r, jobs)
				line, stem, used = newerLine, newerStem, newerUsed
				continue
			}
		}
		if len(jobs) > 0 {
			// The newer role's title by another wording ("VP of
			// Engineering" before "Vice President, Engineering") reads as
			// the same title: a move keeps the newer's own, a stay draws
			// another.
			newer := jobs[len(jobs)-1].Title
			if company != prevCompany {
				title = gen.titles.unreworded(newer, title)
			}
			for k := 0; k < 4 && title != newer && gen.titles.heldIn([]TitleID{newer}, title); k++ {
				title = gen.title(r, jobFam, stem, gen.titles.titles[title].Level, start.Year())
			}
		}
		if company != prevCompany {
			stay = stay[:0]
		}
		stay = append(stay, title)
		if y := int(gen.companies[company].Founded); start.Year() < y && !(owner && company == own) {
			// Only a younger employer would do: the role began when it
			// was founded (not if that leaves it under a year), and
			// earlier roles are not listed.
			if start = MonthOf(y, time.January); int(cursor)-int(start) < minTenure {
				break
			}
		}
		prevCompany = company
		j := Job{
			Company:  company,
			Location: gen.jobPlace(r, p.City, country, current),
			Seed:     r.Uint32(),
			Title:    title,
			Start:    start,
			Current:  current,
		}
		j.Location = gen.rolePlace(gen.nearHome(j, p.City))
		// The role's line of work: the person's own, unless the title is
		// of another (a founder's, a board seat).
		if j.fam = jobFam; gen.titles.fam[j.Title] == famGeneral {
			j.fam = famGeneral
		}
		if !current {
			j.End = cursor
		}
		held = addMonths(held, gen.titles.runKey(title), int(cursor)-int(start))
		if rank >= 0 {
			newer = rank
		}
		newerLine, newerStem, newerUsed = line, stem, used
		if s := gen.titles.stem[title]; s >= 0 && gen.titles.fam[title] == jobFam {
			newerTitleStem = int(s)
		} else if switched {
			newerTitleStem = -1
		}
		jobs = append(jobs, j)
		cursor = start - Month(intN(r, 5))
	}
	jobs = gen.stretchBack(r, p, country, jobs, held, careerStart, seniorFrom, studying)
	if n := len(jobs); n > 0 && !studying {
		gen.graduateTitle(r, p, jobs, held, seniorFrom)
		jobs = gen.beginnersTitle(r, p, jobs, eduEnd)
	}
	if n := len(jobs); n > 0 && !jobs[n-1].Current && jobs[n-1].Start != 0 && chance(r, 3) {
		// "Unknown" start dates exist on real profiles: of the oldest
		// role listed, whose beginning lies furthest back.
		jobs[n-1].Start = 0
	}
	gen.unrepeat(r, jobs)
	jobs = gen.fitRoles(p, jobs)
	jobs = gen.boardSeat(r, country, jobs)
	for k := range jobs {
		if jobs[k].Current {
			// A title settled after its place was drawn (a beginner's, a
			// graduate's) is held near home too, when done in person.
			jobs[k].Location = gen.rolePlace(gen.nearHome(jobs[k], p.City))
		}
	}
	gen.jobs = jobs
	p.Jobs = gen.jobSlab.take(jobs)

	gen.derive(p, now)
	p.OpenToWork = chance(r, 6) || !employed && chance(r, 45)
	return fam
}

// stretchBack reaches the oldest of a career's roles (jobs, newest
// first, with the months each title was held in held) back towards the
// start of work (careerStart) when the draw of roles left years before
// it: the oldest role begins earlier (extendBack), and, but for a
// student's, a first job, or two, of the line comes before it
// (firstJob). It returns jobs.
func (gen *generator) stretchBack(r *rand.Rand, p *Person, country countryID, jobs []Job, held []titleMonths,
	careerStart, seniorFrom Month, studying bool) []Job {
	if n := len(jobs); n > 0 && jobs[n-1].Start > careerStart+minTenure {
		// The tries or the roles ran out with years left before the
		// oldest role: it began soon after studies instead (extendBack).
		held = gen.extendBack(jobs, held, careerStart+Month(intN(r, 6)), seniorFrom, careerStart)
	}
	for range 2 {
		n := len(jobs)
		if n == 0 || n > maxRoles || studying || jobs[n-1].Start <= careerStart+minTenure {
			break
		}
		// Still years left: a first job of the line comes before (and
		// one before that where it leaves years too).
		j, ok := gen.firstJob(r, p, country, jobs, held, careerStart+Month(intN(r, 6)))
		if !ok {
			break
		}
		held = addMonths(held, gen.titles.runKey(j.Title), int(j.End)-int(j.Start))
		jobs = append(jobs, j)
	}
	return jobs
}

// boardSeat adds to a career's roles (jobs, newest first) now and then a
// board seat or advisory role on the side, for a current director and
// above, and returns them.
func (gen *generator) boardSeat(r *rand.Rand, country countryID, jobs []Job) []Job {
	if len(jobs) > 0 && jobs[0].Current {
		if l := gen.titles.titles[jobs[0].Title].Level; (slices.Index(ladder, l) >= slices.Index(ladder, Directors) || l == Founder) && chance(r, 12) {
			// A board seat or advisory role on the side, for a director
			// and above.
			board := Job{
				Company:  gen.hiring.employer(r, country, famGeneral),
				Location: -1,
				Seed:     r.Uint32(),
				Title:    gen.title(r, famGeneral, -1, Board, gen.now.Year()),
				Start:    gen.now - Month(between(r, 2, 60)),
				Current:  true,
				fam:      famGeneral,
			}
			// Taken up no later than the main role: the main role is the
			// current role started last, the one a reader takes for the
			// person's job, and the one career events change.
			board.Start = min(board.Start, jobs[0].Start)
			board.Company = gen.existing(r, board.Company, board.Start, country, famGeneral)
			if int(gen.companies[board.Company].Founded) > board.Start.Year() {
				// A world of young companies: a seat on its own board.
				board.Company, board.Start = jobs[0].Company, jobs[0].Start
			}
			jobs = append(jobs, Job{})
			copy(jobs[2:], jobs[1:])
			jobs[1] = board
		}
	}
	return jobs
}

// keepTitle returns the title for a role of the months given before the
// newer ones drawn (jobs, newest first), of line f and specialty stem:
// the newer role's own when it is of the same level and line and not
// yet held for years in all (held; a move to another employer keeps the
// title), else title t, or another of its level when t is one the
// career held after another (A → B → A reads wrong).
func (gen *generator) keepTitle(r *rand.Rand, jobs []Job, held []titleMonths, months int, t TitleID, f family, stem, year int) TitleID {
	v := gen.titles
	newer := jobs[len(jobs)-1]
	l := v.titles[t].Level
	if slices.Index(ladder, l) < 0 {
		return t
	}
	if newer.fam == f && v.titles[newer.Title].Level == l && int(v.since[newer.Title]) <= year &&
		monthsOf(held, v.runKey(newer.Title))+months <= lateralAfter {
		return newer.Title
	}
	later := func(t TitleID) bool {
		return slices.ContainsFunc(jobs[:len(jobs)-1], func(j Job) bool { return j.Title == t })
	}
	for range 4 {
		if !later(t) {
			return t
		}
		t = gen.title(r, f, stem, l, year)
	}
	if later(t) && newer.fam == f && v.titles[newer.Title].Level == l && int(v.since[newer.Title]) <= year {
		return newer.Title // rather the newer role's title, begun earlier
	}
	return t
}

// contributorBefore returns an individual contributor's title of the
// level of title t, of line f, for a role from start to cursor before
// one of title newer (the last of jobs), and true: of the older role's
// specialty (stem) where it has one of the level (a Lead Account
// Executive for a Partnerships Team Lead), else of newer's own role (a
// move keeps the title), else of a role of the line related to newer's
// that the newer roles did not hold (used). The title is in use in the
// start's year, needs no degree the person lacks, is not held later but
// in newer, and is not held too long in all (held). It returns false
// when none fits.
func (gen *generator) contributorBefore(r *rand.Rand, p *Person, f family, stem int, t, newer TitleID, start, cursor Month,
	held []titleMonths, used uint32, jobs []Job) (TitleID, bool) {
	v := gen.titles
	l := v.titles[t].Level
	months := int(cursor) - int(start)
	fits := func(o TitleID) bool {
		return v.titles[o].Level == l && !v.managerial(o) && gen.qualified(p, v.need[o]) && !v.stepsBackTo(o, newer) &&
			monthsOf(held, v.runKey(o))+months <= gen.runMax(o, jobs) &&
			!slices.ContainsFunc(jobs[:len(jobs)-1], func(j Job) bool { return j.Title == o })
	}
	newerStem := -1
	if v.fam[newer] == f {
		newerStem = int(v.stem[newer])
	}
	var tiers [3][]TitleID
	for s := range v.stems[f] {
		tier := 2
		switch {
		case s == stem && (newerStem < 0 || v.relatedStems(f, newerStem, s)):
			tier = 0
		case s == newerStem:
			tier = 1
		case newerStem >= 0 && (used&(1<<s) != 0 || !v.relatedStems(f, newerStem, s)), newerStem < 0 && !v.relatedStems(f, stem, s):
			continue
		}
		for _, o := range v.stems[f][s][l] {
			if fits(o) {
				tiers[tier] = append(tiers[tier], o)
			}
		}
	}
	for _, ids := range tiers {
		if o, ok := v.pickIn(r, ids, start.Year()); ok {
			return o, true
		}
	}
	return t, false
}

// firstTooHigh reports whether a role from start to cursor, of level l,
// would be a career's first above mid-level begun before seniorFrom: it
// reaches back to the career's start (careerStart), leaving no room for
// a role before it, and is long enough to be split.
func firstTooHigh(l Level, start, cursor, careerStart, seniorFrom Month) bool {
	return start-careerStart < minTenure && start < seniorFrom && cursor-start >= 24 &&
		slices.Index(ladder, l) > slices.Index(ladder, MidLevel)
}

// firstJob returns a role of the line of work of the oldest of jobs
// (newest first) held from month from (or later) until it began: the
// job a career began with when the roles drawn back from the current one
// leave years empty after studies. It is of the oldest role's level, at
// most mid-level (a graduate's), and a rung below it at most; of a
// title not held too long in all (held) and not held later but in the
// oldest role; at an employer of the trade the career has not worked at,
// founded by then. It returns false when none fits (an oldest role high
// above a graduate's, a young trade).
func (gen *generator) firstJob(r *rand.Rand, p *Person, country countryID, jobs []Job, held []titleMonths, from Month) (Job, bool) {
	v := gen.titles
	oldest := jobs[len(jobs)-1]
	rank := slices.Index(ladder, v.titles[oldest.Title].Level)
	mid := slices.Index(ladder, MidLevel)
	if oldest.Start == 0 || rank < mid || rank-1 > mid || oldest.fam == famGeneral {
		return Job{}, false
	}
	f := oldest.fam
	stem := -1 // the specialty of the oldest role of the line that has one
	for k := len(jobs) - 1; k >= 0 && stem < 0; k-- {
		if s := v.stem[jobs[k].Title]; s >= 0 && v.fam[jobs[k].Title] == f {
			stem = int(s)
		}
	}
	if stem < 0 {
		stem = gen.stemOf(p, f)
	}
	used := uint32(0) // the specialties the later roles of the line held
	for _, j := range jobs {
		if s := v.stem[j.Title]; s >= 0 && v.fam[j.Title] == f && int(s) != stem {
			used |= 1 << s
		}
	}
	end := oldest.Start - Month(intN(r, 3))
	// The months title t may be held before end: a junior's title some
	// years only, another below a lifelong level not too long in all
	// (runMax).
	room := func(t TitleID) int {
		months := int(end) - int(from)
		if v.titles[t].Level == Junior {
			months = min(months, firstJuniorMonths)
		}
		if !v.lifelong(t) {
			months = min(months, gen.runMax(t, jobs)-monthsOf(held, v.runKey(t)))
		}
		if int(v.since[t]) > (end - Month(months)).Year() {
			months = int(end) - int(MonthOf(int(v.since[t]), time.January)) // not before its name came into use
		}
		return months
	}
	// A mid-level title of the career's specialty or a related one, or a
	// junior's of it (two rungs below the oldest role at most): the one
	// that leaves the fewest months empty.
	title, best := TitleID(0), minTenure-1
	try := func(t TitleID, l Level) {
		later := t != oldest.Title && slices.ContainsFunc(jobs, func(j Job) bool { return j.Title == t })
		if s := int(v.stem[t]); s >= 0 && stem >= 0 && s != stem && (used&(1<<s) != 0 || !v.relatedStems(f, stem, s) || v.roleStepsDown(t, oldest.Title)) {
			later = true // a specialty the career holds later, or one unrelated to the oldest role's
		}
		if v.managerStepsBack(t, oldest.Title) || v.leapsTo(t, oldest.Title) {
			later = true // a manager's post before an individual contributor's title, or an agent's before a manager's
		}
		if m := room(t); v.titles[t].Level == l && !later && m > best && gen.qualified(p, v.need[t]) {
			title, best = t, m
		}
	}
	for range 4 {
		try(gen.title(r, f, stem, MidLevel, from.Year()), MidLevel)
	}
	if t, found := v.relatedAt(r, f, stem, MidLevel, from.Year(), used, oldest.Title); found && stem >= 0 {
		try(t, MidLevel)
	}
	if rank <= mid && int(end)-int(from) <= firstJuniorMonths+24 {
		// A junior's title only where it reaches back to studies, or
		// near enough that the years left read as a search for work.
		for range 2 {
			try(gen.title(r, f, stem, Junior, from.Year()), Junior)
		}
	}
	if best < minTenure {
		return Job{}, false
	}
	start := end - Month(room(title))
	for range 16 {
		c := gen.existingAs(r, gen.hiring.employerOfTitle(r, country, f, title), start, country, f, title)
		if c == oldest.Company && (title == oldest.Title || v.heldIn(stayOf(jobs), title)) || c != oldest.Company && stints(jobs, c) > 1 {
			continue
		}
		if c == oldest.Company && v.toContributor(title, oldest.Title) {
			continue // no manager's post before a contributor's title in one stay
		}
		if !gen.hiring.titleFits(c, f, title) || gen.companies[c].Type == SelfEmployed {
			continue
		}
		at := max(start, MonthOf(int(gen.companies[c].Founded), time.January))
		if int(end)-int(at) < minTenure || int(oldest.Start)-int(at) < 12*riseYears[rank] {
			continue // too short, or the oldest role's rung too soon after it (riseYears)
		}
		j := Job{Company: c, Location: gen.jobPlace(r, p.City, country, false), Seed: r.Uint32(), Title: title,
			Start: at, End: end, fam: f}
		j.Location = gen.rolePlace(j)
		return j, true
	}
	return Job{}, false
}

// graduateTitle gives the oldest of jobs (newest first), when it began
// before seniorFrom and above mid-level, a mid-level title of its
// specialty instead, where one fits: a graduate's first listed role is
// no senior's. The title must not be held in the newer roles, nor too
// long in all (held), and the next role must be a rung above at most.
func (gen *generator) graduateTitle(r *rand.Rand, p *Person, jobs []Job, held []titleMonths, seniorFrom Month) {
	v := gen.titles
	n := len(jobs)
	oldest := &jobs[n-1]
	rank := slices.Index(ladder, v.titles[oldest.Title].Level)
	mid := slices.Index(ladder, MidLevel)
	if oldest.Start == 0 || oldest.Start >= seniorFrom || rank <= mid || oldest.fam == famGeneral {
		return
	}
	if n > 1 && slices.Index(ladder, v.titles[jobs[n-2].Title].Level) > mid+1 {
		return // a next role too high above a graduate's
	}
	end := oldest.End
	if oldest.Current {
		end = gen.now
	}
	stem := int(v.stem[oldest.Title])
	for range 4 {
		t := gen.title(r, oldest.fam, stem, MidLevel, oldest.Start.Year())
		if v.titles[t].Level != MidLevel || int(v.stem[t]) != stem || !gen.qualified(p, v.need[t]) ||
			slices.ContainsFunc(jobs[:n-1], func(j Job) bool { return j.Title == t }) || n > 1 && v.managerStepsBack(t, jobs[n-2].Title) {
			continue
		}
		if !v.lifelong(t) && monthsOf(held, v.runKey(t))+int(end)-int(oldest.Start) > titleMonthsMax {
			continue
		}
		oldest.Title = t
		return
	}
}

// stayOf returns the titles of the stay at the employer of the oldest of
// jobs (newest first): the oldest role and the roles there just after it.
func stayOf(jobs []Job) []TitleID {
	var out []TitleID
	c := jobs[len(jobs)-1].Company
	for k := len(jobs) - 1; k >= 0 && jobs[k].Company == c; k-- {
		out = append(out, jobs[k].Title)
	}
	return out
}

// riseFrom is the month from which a career that began work in month
// careerStart may hold a title of rung k of the ladder: riseYears on,
// and half a year more, as a first job may begin a few months after
// studies.
func riseFrom(careerStart Month, k int) Month {
	if riseYears[k] == 0 {
		return careerStart
	}
	return careerStart + Month(12*riseYears[k]+6)
}

// firstJuniorMonths is the most months a first job of a junior's title
// drawn before the oldest role lasts (firstJob): a little longer than
// juniorYears, where the career's titles of its level are all held
// long already and no related specialty is free.
const firstJuniorMonths = 4 * 12

// juniorYears is the most years a first job of a junior's title lasts.
const juniorYears = 3

// maxRoles is the most roles a generated career lists (a profile shows
// the last eight).
const maxRoles = 8

// retryFrom returns the month before which the next try draws a role
// after one that did not fit: just before the newest role drawn (the
// last of jobs), however far back extendBack could start it, so that no
// years are skipped.
func retryFrom(r *rand.Rand, jobs []Job) Month {
	return jobs[len(jobs)-1].Start - Month(intN(r, 5))
}

// drawMax is the most tries at drawing a career's roles.
const drawMax = 24

// entryLevel reports whether a level is an intern's, a trainee's or a
// junior's.
func entryLevel(l Level) bool { return l == Entry || l == Junior }

// internMonths and juniorMonths are the most months into a career that
// the generated history ends an intern's or trainee's role and a junior's
// role: the clock's promotions (dueDays) come before a year of
// internship, three years of a junior's title.
const (
	internMonths = 10
	juniorMonths = 16
)

// ownerTitles are the titles of the owner of a self-employed company.
var ownerTitles = []string{"Owner", "Founder"}

// drawFamily draws the line of work of someone living in country, one
// its employers have.
func (gen *generator) drawFamily(r *rand.Rand, country countryID) family {
	f := gen.titles.drawFamily(r, Department(deptWeights.draw(r)))
	for range 8 {
		if gen.hiring.employs(country, f) {
			break
		}
		f = gen.titles.drawFamily(r, Department(deptWeights.draw(r)))
	}
	return f
}

// derive sets the fields that follow from a person's roles as of month
// now: the industry, department and level of the current role (or the
// industry of the latest), and the years in it and over all roles.
func (w *World) derive(p *Person, now Month) {
	p.Industry, p.Department, p.Level = NoIndustry, NoDepartment, NoLevel
	p.TotalYears = uint8(totalMonths(p.Jobs, now) / 12)
	p.YearsInRole = 0
	if j, ok := p.CurrentJob(); ok {
		t := w.titles.titles[j.Title]
		p.Department, p.Level = t.Department, t.Level
		p.Industry = w.companies[j.Company].Industry
		p.YearsInRole = uint8((int(now) - int(j.Start)) / 12)
	} else if len(p.Jobs) > 0 {
		p.Industry = w.companies[p.Jobs[0].Company].Industry
	}
}

// totalMonths is the months worked over all roles as of month now: the
// main role and past roles with a known start, side roles held alongside
// the main one left out.
func totalMonths(jobs []Job, now Month) int {
	months := 0
	for k, j := range jobs {
		if j.Start.IsZero() || k > 0 && j.Current {
			continue // unknown, or a side role held alongside the main one
		}
		end := j.End
		if j.Current {
			end = now
		}
		months += int(end) - int(j.Start)
	}
	return months
}

// title picks a title of a family and level for a role begun in year:
// the titles of the person's role (stem) in the family where it has one
// at the level ("Senior Physician"), else the family's own or those of
// its department's shared areas ("Head of Engineering"); the chief
// executive's, founder's and board titles where the family has none; its
// senior or plain titles where the level has no title of its own. A
// stem of -1 is none. Only titles in use in the year are drawn: before
// its role's name came into use, the role's is that of its predecessor
// (a DevOps engineer before there were site reliability engineers).
func (w *World) title(r *rand.Rand, f family, stem int, l Level, year int) TitleID {
	v := w.titles
	if l == Founder && chance(r, 75) || l == Board {
		f = famGeneral
	}
	stem = v.stemIn(f, stem, year)
	own, senior, plain := v.byFamilyLevel[f][l], v.byFamilyLevel[f][Senior], v.byFamilyLevel[f][MidLevel]
	if stem >= 0 && stem < len(v.stems[f]) {
		// A lead may also lead a team of the area instead; the titles of
		// the family's other roles are not the person's.
		s := &v.stems[f][stem]
		if t, ok := v.pickIn(r, s[l], year); ok && (l != Lead || chance(r, 70)) {
			return t
		}
		own, senior, plain = v.stemAreas[f][stem][l], s[Senior], s[MidLevel]
	}
	order := [][]TitleID{own, v.byFamilyLevel[famGeneral][l], senior, plain}
	if slices.Index(ladder, l) >= 0 && slices.Index(ladder, l) < slices.Index(ladder, Senior) {
		// Below senior, a plain title rather than a senior's: no senior
		// salon manager for a graduate.
		order[2], order[3] = plain, senior
	}
	for _, ids := range order {
		if t, ok := v.pickIn(r, ids, year); ok {
			return t
		}
	}
	return pick(r, v.byFamilyLevel[famSoftware][MidLevel])
}

// stemIn returns the role of family f that a person of role stem held
// in year: stem itself, or when its name was not yet in use, the role
// its holders had before (titleSince), else the family's oldest.
func (v *titleVocab) stemIn(f family, stem int, year int) int {
	for range 4 {
		if stem < 0 || stem >= len(v.stems[f]) {
			return stem
		}
		mid := v.stems[f][stem][MidLevel]
		if len(mid) == 0 || int(v.since[mid[0]]) <= year {
			return stem
		}
		before := titleSince[v.titles[mid[0]].Name].before
		next := -1
		for k, s := range v.stems[f] {
			if len(s[MidLevel]) > 0 && v.titles[s[MidLevel][0]].Name == before {
				next = k
			}
		}
		if next < 0 {
			break
		}
		stem = next
	}
	for k, s := range v.stems[f] {
		if len(s[MidLevel]) > 0 && int(v.since[s[MidLevel][0]]) <= year {
			return k
		}
	}
	return stem
}

// pickIn draws one of the titles of ids in use in year, and false when
// none is.
func (v *titleVocab) pickIn(r *rand.Rand, ids []TitleID, year int) (TitleID, bool) {
	n := 0
	for _, t := range ids {
		if int(v.since[t]) <= year {
			n++
		}
	}
	if n == 0 {
		return 0, false
	}
	k := intN(r, n)
	for _, t := range ids {
		if int(v.since[t]) <= year {
			if k == 0 {
				return t, true
			}
			k--
		}
	}
	return 0, false
}

// stemOf returns the role of family f that a person's career keeps to,
// drawn from their seed alone so that the clock's events keep to it as
// the generated history does, or -1 for a family of no roles.
//
// Someone past thirty at the world's start keeps to no starting role (an
// SDR, a support agent), which careers leave within their first years
// and which no other role steps down to (titleVocab.roleStepsDown): a
// related role that is none instead, where there is one.
func (w *World) stemOf(p *Person, f family) int {
	return w.hiring.stemIn(w.geo.placeCountry[p.City], f, w.seedStem(p, f))
}

// seedStem is stemOf's role before hiring.stemIn.
func (w *World) seedStem(p *Person, f family) int {
	n := len(w.titles.stems[f])
	if n == 0 {
		return -1
	}
	s := int(mix64(p.Seed^streamPeak<<56^(uint64(f)+1)<<40) % uint64(n))
	if !w.titles.startingStem(f, s) || int(p.BirthYear) > w.now.Year()-startingAgeMax {
		return s
	}
	for k := 1; k < n; k++ {
		if o := (s + k) % n; !w.titles.startingStem(f, o) && w.titles.relatedStems(f, s, o) {
			return o
		}
	}
	return s
}

// startingAgeMax is the age past which a career keeps to no starting role.
const startingAgeMax = 30

// senior reports whether a level is management above team lead.
func senior(l Level) bool {
	return l == Head || l == Directors || l == VP || l == CLevel
}

// jobPlace is where a role was held: mostly the person's city, sometimes
// another city of the country, sometimes unknown (-1, null on the wire).
func (w *World) jobPlace(r *rand.Rand, home int32, country countryID, current bool) int32 {
	x := intN(r, 100)
	same, other := 55, 80
	if current {
		same, other = 85, 95
	}
	switch {
	case x < same:
		return home
	case x < other:
		places := w.geo.hubs[country]
		return places[intN(r, min(len(places), 20))]
	}
	return -1
}

// existingTries bounds the employers drawn again for a role that began
// before the first one drawn was founded, or at one that is not of its
// trade.
const existingTries = 12

// existing returns company, or when it was founded after the year start
// falls in (or a clinical role's employer is not in health care),
// another employer of the role's family f that was; when a dozen draws
// find none (a role of the 1980s in a line of work of young companies),
// the next company of the person's country that was, from one drawn at
// random, else of the multinationals; in a world too small for that,
// one of the trade founded later.
func (gen *generator) existing(r *rand.Rand, company int32, start Month, country countryID, f family) int32 {
	h := gen.hiring
	founded := func(c int32) bool { return start == 0 || int(gen.companies[c].Founded) <= start.Year() }
	ok := func(c int32) bool { return founded(c) && gen.fits(c, f) }
	for range existingTries {
		if ok(company) {
			return company
		}
		company = h.employer(r, country, f)
	}
	// A world too small to have an employer of the trade that old: one of
	// the trade, younger (the caller starts the role at its founding).
	fits := func(c int32) bool { return gen.fits(c, f) }
	for _, fit := range []func(int32) bool{ok, fits} {
		for _, p := range h.fallbacks(country, f) {
			if p == nil || len(p.ids) == 0 {
				continue
			}
			from := intN(r, len(p.ids))
			for k := range p.ids {
				if c := p.ids[(from+k)%len(p.ids)]; fit(c) {
					return c
				}
			}
		}
	}
	return company
}

// foundedBy draws a company of the country (of the family f's trade
// where it has one) founded in the person's career, at least two years
// after it began (careerStart), and no more than foundersYears years
// before the world's start, and returns it with the month its founder's
// role began: the company's first.
func (gen *generator) foundedBy(r *rand.Rand, country countryID, f family, careerStart Month) (int32, Month, bool) {
	h := gen.hiring
	p := h.byCountry[country]
	if local := h.byFamilyLocal[country]; local != nil && local[f] != nil && chance(r, 60) {
		p = local[f]
	}
	if p == nil {
		return 0, 0, false
	}
	first := max(careerStart.Year()+2, gen.now.Year()-foundersYears)
	for range 16 {
		c := p.ids[intN(r, len(p.ids))]
		y := int(gen.companies[c].Founded)
		if y < first || y > gen.now.Year() || !gen.fits(c, f) {
			continue
		}
		at := min(MonthOf(y, time.Month(between(r, 1, 12))), gen.now-1)
		if at.Year() == y {
			return c, at, true
		}
	}
	return 0, 0, false
}

// foundersYears is how long before the world's start a company may have
// been founded to have its founder in a current role: the world's
// founders still run companies of twenty years at most, thirty when its
// clock has gone ten years on.
const foundersYears = 20

// stints counts the stays at a company among roles, a stay being a run of
// roles there with no other employer between.
func stints(jobs []Job, company int32) int {
	n, prev := 0, int32(-1)
	for _, j := range jobs {
		if j.Company == company && prev != company {
			n++
		}
		prev = j.Company
	}
	return n
}

// unrepeat gives the older of two roles of one title in one stay at a
// company (A → B → A, which the drawing of each role alone can leave when
// an earlier role was changed afterwards) a title beside it, when one is
// free in that stay.
func (gen *generator) unrepeat(r *rand.Rand, jobs []Job) {
	for k := 0; k < len(jobs); {
		e := k + 1
		for e < len(jobs) && jobs[e].Company == jobs[k].Company {
			e++
		}
		for a := k; a < e; a++ {
			for b := a + 1; b < e; b++ {
				if jobs[b].Title != jobs[a].Title {
					continue
				}
				year := jobs[b].Start.Year()
				if jobs[b].Start == 0 {
					year = jobs[b].End.Year()
				}
				taken := func(t TitleID) bool {
					return slices.ContainsFunc(jobs[k:e], func(j Job) bool { return j.Title == t })
				}
				t := gen.titles.lateral(r, jobs[b].fam, jobs[b].Title, year)
				if taken(t) {
					// The title drawn is held in the stay too: the first
					// one beside it that is not.
					t = gen.titles.lateralFree(jobs[b].fam, jobs[b].Title, year, taken)
				}
				if !taken(t) {
					jobs[b].Title = t
				}
			}
		}
		k = e
	}
}

// tradesAfter lists, for each line of work, the lines a career may change
// to from it: the near trades people really move into with what they
// learnt (a salesperson into marketing, a support agent into sales or
// customer success, an analyst of data into software, a teacher into
// corporate training), not a designer into software or a hairdresser
// into a hotel. A skilled trade (software, engineering, finance, law,
// medicine, design) is entered only from one whose studies and work
// teach it (an electrical engineer's into software, a data engineer's).
var tradesAfter = [numFamilies][]family{
	famMarketing:     {famSales, famProduct},
	famSales:         {famMarketing},
	famProduct:       {famMarketing},
	famSoftware:      {famData, famProduct},
	famElectrical:    {famSoftware},
	famMechanical:    {famOperations, famFacility},
	famCivil:         {famOperations},
	famData:          {famSoftware, famProduct},
	famDesign:        {famMarketing, famProduct},
	famHR:            {famOperations, famEducation},
	famFinance:       {famOperations},
	famLegal:         {famHR},
	famSupport:       {famSales, famOperations},
	famClinical:      {famEducation},
	famHospitality:   {famOperations, famSales},
	famBeauty:        {},
	famEducation:     {famHR},
	famOperations:    {famHR},
	famFacility:      {},
	famEntertainment: {famMarketing},
}

// tradeFollows reports whether a career may change from line of work
// from to line to (tradesAfter).
func tradeFollows(from, to family) bool { return slices.Contains(tradesAfter[from], to) }

// extendBack starts the newest role drawn (the last of jobs) as early as
// month start, when no role before it fits (a country of few companies,
// a trade without a title of the level): one longer role it is. It
// begins no earlier than its employer and its title, and does not make
// its title one held too long in all (held, which it returns updated).
// An entry-level role, or one of unknown start, is not made longer: a
// gap before ends it instead; one above mid-level begins no earlier than
// seniorFrom, the month from which a first listed role may be a senior's;
// and none sooner after the start of work (careerStart) than the
// ladder's years allow its rung (riseYears).
func (gen *generator) extendBack(jobs []Job, held []titleMonths, start, seniorFrom, careerStart Month) []titleMonths {
	last := &jobs[len(jobs)-1]
	if last.Start == 0 || entryLevel(gen.titles.titles[last.Title].Level) {
		return held
	}
	since := max(int(gen.companies[last.Company].Founded), int(gen.titles.since[last.Title]))
	from := min(last.Start, max(start, MonthOf(since, time.January)))
	if slices.Index(ladder, gen.titles.titles[last.Title].Level) > slices.Index(ladder, MidLevel) {
		from = max(from, min(last.Start, seniorFrom)) // a first listed role of the first years is no senior's
	}
	if k := slices.Index(ladder, gen.titles.titles[last.Title].Level); k >= 0 {
		from = max(from, min(last.Start, riseFrom(careerStart, k)))
	}
	limit := maxRun
	if !gen.titles.lifelong(last.Title) {
		limit = titleMonthsMax
	}
	from = max(from, last.Start-Month(max(0, limit-monthsOf(held, gen.titles.runKey(last.Title)))))
	held = addMonths(held, gen.titles.runKey(last.Title), int(last.Start)-int(from))
	last.Start = from
	return held
}

// stepBefore bounds the level of a role by the rung of the role after it
// (newer, -1 for none): going forward, a career falls by a rung at most
// and rises by one at most (Senior to Lead, Lead to Head), but for an
// intern's or trainee's title become a full mid-level one. A change of
// trade enters the new line a rung below the level left, so the last
// role before one (switched) is a rung above the first after it. Levels
// off the ladder stay.
func stepBefore(level Level, newer int, switched bool) Level {
	l := slices.Index(ladder, level)
	if newer < 0 || l < 0 {
		return level
	}
	lo, hi := newer-1, newer+1
	if newer == slices.Index(ladder, MidLevel) {
		lo = 0 // an intern become a full professional
	}
	if switched {
		lo = hi
	}
	return ladder[max(0, min(len(ladder)-1, max(lo, min(l, hi))))]
}

// earlierTrade draws the line of work of a career's roles before it
// changed to fam: one that leads to fam (tradesAfter), that the country's
// employers have, and whose role needs no degree the person lacks; fam
// itself when none is.
func (gen *generator) earlierTrade(r *rand.Rand, p *Person, country countryID, fam family) family {
	var from [numFamilies]family
	n := 0
	for f := range numFamilies {
		if tradeFollows(f, fam) && gen.hiring.employs(country, f) && gen.mayWorkIn(p, f) {
			from[n] = f
			n++
		}
	}
	if n == 0 {
		return fam
	}
	return from[intN(r, n)]
}

// stuckRunMax is the most months a career holds one title below a
// lifelong level in all when no related specialty is free to move on to
// (movedOn): a career whose related specialties are all a manager's,
// which an individual contributor's roles do not come after, holds its
// title a few years longer rather than leave the years after studies
// empty; still years before the fifteen that read wrong.
const stuckRunMax = 12 * 12

// runMax is the most months the roles drawn hold title t in all when
// no related specialty is free, before the newer roles drawn (jobs,
// newest first): heldMax, and stuckRunMax below a lifelong level. A
// starting role's titles, whose holders move on within a dozen years,
// keep to titleMonthsMax, and so does the title of the newest role drawn
// and that of a current role, which the world's clock holds on.
func (gen *generator) runMax(t TitleID, jobs []Job) int {
	v := gen.titles
	if m := v.heldMax(t); m != titleMonthsMax || v.starting(t) {
		return m
	}
	if len(jobs) == 0 || jobs[0].Current && v.runKey(jobs[0].Title) == v.runKey(t) {
		return titleMonthsMax // the newest role's own, or one held on in it
	}
	return stuckRunMax
}

// titleMonthsMax is the most months a generated career holds one title
// below a lifelong level (titleVocab.lifelong), in all: the world's clock
// moves such a title on a little later (staleTitle), years before the
// fifteen that read wrong.
const titleMonthsMax = 9 * 12

// titleMonths is how many months a title was held in all.
type titleMonths struct {
	title  TitleID
	months int
}

// monthsOf returns the months title t was held in held.
func monthsOf(held []titleMonths, t TitleID) int {
	for _, h := range held {
		if h.title == t {
			return h.months
		}
	}
	return 0
}

// addMonths adds months held of title t to held.
func addMonths(held []titleMonths, t TitleID, months int) []titleMonths {
	for k := range held {
		if held[k].title == t {
			held[k].months += months
			return held
		}
	}
	return append(held, titleMonths{t, months})
}

// movedOn returns a title of a related specialty to stand for title t in
// a role from start to cursor before one of title newer, and true, when the newer roles drawn (held)
// already hold t so long that this role would make it too long: below a
// lifelong level, more than titleMonthsMax months in all; at one, more
// than maxRun (a senior's title too changes now and then). The specialty
// is one the newer roles of the line did not hold (used): a career does
// not return to a specialty it left.
func (gen *generator) movedOn(r *rand.Rand, f family, t, newer TitleID, start, cursor Month, held []titleMonths, used uint32) (TitleID, bool) {
	v := gen.titles
	before, limit := monthsOf(held, v.runKey(t)), maxRun
	if !v.lifelong(t) {
		limit = titleMonthsMax
	}
	if before == 0 || before+int(cursor)-int(start) <= limit {
		return t, false
	}
	// Not into a profession whose degree the role did not need, nor a
	// title that runs the career backwards into the newer role's
	// (stepsBackTo).
	return v.relatedTitleWhere(r, f, t, start.Year(), used, func(n TitleID) bool {
		return (v.need[n] == profNone || v.need[n] == v.need[t]) && !v.stepsBackTo(n, newer)
	})
}

// unreworded returns title t for a role before one of title newer, or
// when t is newer's by another wording ("FP&A Director" before "Director
// of FP&A", which reads as the same title), newer's own: a move to
// another employer keeps the title, and a change of it is to another.
func (v *titleVocab) unreworded(newer, t TitleID) TitleID {
	if t == newer || !v.heldIn([]TitleID{newer}, t) {
		return t
	}
	return newer
}

// beginnersTitle gives the oldest of jobs (newest first), when it began
// within two years of the start of work (the end of studies in year
// eduEnd, or for someone of no studies the nineteenth birthday), a
// beginner's title: no manager's title (a Program Manager straight after
// a bachelor's reads wrong), and for someone of no degree none above a
// junior's (a first role of years is split: a junior's title, then the
// role's own at the same employer). It returns jobs, one longer when the
// role was split.
func (gen *generator) beginnersTitle(r *rand.Rand, p *Person, jobs []Job, eduEnd int) []Job {
	v := gen.titles
	n := len(jobs)
	oldest := &jobs[n-1]
	began := eduEnd
	if eduEnd == 0 {
		began = int(p.BirthYear) + 19
	}
	if oldest.Start == 0 || oldest.Start.Year() > began+2 || oldest.fam == famGeneral || v.fam[oldest.Title] != oldest.fam {
		return jobs
	}
	if strings.Contains(v.titles[oldest.Title].Name, "Manager") {
		next := oldest.Title // the role the title drawn leads to: the next of the line with one
		for k := n - 2; k >= 0; k-- {
			if v.fam[jobs[k].Title] == oldest.fam && v.stem[jobs[k].Title] >= 0 {
				next = jobs[k].Title
				break
			}
		}
		if t, ok := gen.beginnersRole(r, p, jobs[:n-1], oldest.fam, next, v.titles[oldest.Title].Level, oldest.Start.Year()); ok {
			oldest.Title = t
		}
	}
	if eduEnd != 0 || slices.Index(ladder, v.titles[oldest.Title].Level) <= slices.Index(ladder, Junior) {
		return jobs
	}
	if slices.Index(ladder, v.titles[oldest.Title].Level) > slices.Index(ladder, MidLevel) {
		return jobs // a role too high above a junior's to follow one
	}
	junior, ok := gen.juniorOf(r, oldest.fam, oldest.Title, oldest.Start.Year())
	if !ok {
		return jobs
	}
	end := oldest.End
	if oldest.Current {
		end = gen.now
	}
	if int(end)-int(oldest.Start) <= 36 || n >= maxRoles {
		if int(end)-int(oldest.Start) <= 12*juniorYears && (n == 1 || v.titles[jobs[n-2].Title].Level == MidLevel) {
			oldest.Title = junior
		}
		return jobs
	}
	// A first role of years: a junior's title for its first year or two,
	// then the role's own at the same employer.
	first := *oldest
	first.Title, first.Current, first.Seed = junior, false, r.Uint32()
	first.End = oldest.Start + Month(between(r, 12, 24))
	oldest.Start = first.End
	return append(jobs, first)
}

// beginnersRole draws a title of level l and line f in year for a role
// before one of title next, with newer roles (jobs, newest first) after
// it: the junior's title of next's own role when that is no manager's,
// else of a related role that is none (an Account Executive before a
// Key Account Manager, an Operations Analyst before an Operations
// Manager), not of a specialty the newer roles hold, nor one that steps
// down in kind to next (roleStepsDown), and of no profession the person
// lacks the degree for. It returns false when none is.
func (w *World) beginnersRole(r *rand.Rand, p *Person, jobs []Job, f family, next TitleID, l Level, year int) (TitleID, bool) {
	v := w.titles
	stem := int(v.stem[next])
	if stem < 0 || v.fam[next] != f {
		return 0, false
	}
	fits := func(t TitleID) bool {
		return !strings.Contains(v.titles[t].Name, "Manager") && w.qualified(p, v.need[t]) && !v.stepsBackTo(t, next) &&
			(len(jobs) == 0 || !v.stepsBackTo(t, jobs[len(jobs)-1].Title)) &&
			t != next && !slices.ContainsFunc(jobs, func(j Job) bool { return j.Title == t })
	}
	if t, ok := v.pickIn(r, slices.DeleteFunc(slices.Clone(v.stems[f][stem][l]), func(t TitleID) bool { return !fits(t) }), year); ok {
		return t, true
	}
	later := uint32(0) // the specialties of the line the newer roles hold
	for _, j := range jobs {
		if s := v.stem[j.Title]; s >= 0 && v.fam[j.Title] == f {
			later |= 1 << s
		}
	}
	var ids []TitleID
	for s := range v.stems[f] {
		if s == stem || later&(1<<s) != 0 || !v.relatedStems(f, stem, s) {
			continue
		}
		for _, t := range v.stems[f][s][l] {
			if fits(t) {
				ids = append(ids, t)
			}
		}
	}
	return v.pickIn(r, ids, year)
}

// rungBelow returns, for a role from start to cursor of a lifelong title
// t held so long in the newer roles (held) that this role would make it
// too long (titleVocab.heldMax), a title of the rung below of the same
// line f and specialty, and true: the years before a senior's title were
// spent at the level below it. It returns false when none fits: one of
// another level, held in the newer roles, or itself held too long.
func (gen *generator) rungBelow(r *rand.Rand, jobs []Job, held []titleMonths, t TitleID, f family, stem int, start, cursor Month) (TitleID, bool) {
	v := gen.titles
	if !v.lifelong(t) || v.heldMax(t) != maxRun {
		return t, false
	}
	l := rung(v.titles[t].Level, -1)
	if l == v.titles[t].Level || entryLevel(l) {
		return t, false
	}
	for range 3 {
		o := gen.title(r, f, stem, l, start.Year())
		if v.titles[o].Level != l || slices.ContainsFunc(jobs, func(j Job) bool { return j.Title == o }) ||
			monthsOf(held, v.runKey(o))+int(cursor)-int(start) > v.heldMax(o) {
			continue
		}
		return o, true
	}
	return t, false
}

// juniorOf draws the junior's title of the role of title t, of line f,
// in use in year, when it is no manager's ("Junior Chef" for "Chef"),
// and false when there is none.
func (gen *generator) juniorOf(r *rand.Rand, f family, t TitleID, year int) (TitleID, bool) {
	v := gen.titles
	s := v.stem[t]
	if s < 0 || v.fam[t] != f {
		return 0, false
	}
	ids := slices.DeleteFunc(slices.Clone(v.stems[f][s][Junior]), func(o TitleID) bool {
		return strings.Contains(v.titles[o].Name, "Manager")
	})
	return v.pickIn(r, ids, year)
}
