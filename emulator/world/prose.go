package world

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// The prose of a profile (role descriptions, the summary, the headline)
// is derived on demand from the person's seed and from the profile as it
// is at the world's clock: a summary says the years of experience, the
// title and the employer the profile shows today, not those of when the
// world was generated, and it talks in the phrases of the person's own
// line of work (famDoing, famAchievements) and of the role's specialty
// within it (famSpecialties).

// A role's achievements are templates whose numbers are drawn to fit
// the role: "{lo-hi}" is a number between lo and hi, and words after the
// range bound it by what the role could have done (sentence):
//
//	led     people the person leads: none for an individual contributor,
//	        a team for a lead, more further up, never the whole staff
//	per:N   at most the company's staff count divided by N (per:1, the
//	        staff count: a team, the employees one grew the company to)
//	by:N    at most N times the staff count (guests a day, covers)
//	rate:R  at most R a month over the sentence's period, or over the
//	        time in the role where the sentence names none
//	mo, qtr, yr  a period in months, quarters or years, within the time
//	        in the role
//	lvl     an amount that grows with the level: a quarter of the range's
//	        top for a junior, half for mid-level, three quarters for a
//	        senior individual contributor
//	bldg    buildings the employer's facilities span (buildingsRun)
//	svc     traffic a service of the employer handles: a tenth of the
//	        staff count (in thousands) at a company of no online trade, ten
//	        times it at a software or internet company
//	k:N     thousands of people or events the employer reaches: at most N
//	        per employee, ten times N at a software or internet company
//	        (learners of a school's courses, viewers, events a day)
//	ctry    countries, markets or jurisdictions the employer works in:
//	        one for a small company or a trade of one country (a school,
//	        a hospital, the state), a few more with each step of size
//	sqm     thousands of square metres the employer's sites span: thirty
//	        per employee (offices and plants), a thousand where buildings
//	        are the trade
//	paced   a percentage achieved over the sentence's period: the whole
//	        range over a year or more, less over a shorter one (pacedShare)
//
// A sentence whose bounds leave no room (a kitchen of four at a company
// of three, twelve quarters in a role of a year) is not said.

// roleFacts are what a role's achievements are bounded by: the level of
// its title, the employer's staff count in the role's years and the
// months in the role.
type roleFacts struct {
	level Level
	// staff is what the employer had when the role ended (staffIn), not
	// what it has today: a role of 2004 at a firm founded in 1999 does
	// not claim the figures of the 40,000 staff it has grown to since.
	staff  int
	months int
	// online is whether the employer's trade runs services online at
	// scale (software, internet, telecoms).
	online bool
	// began is the year the role began, for the technology of its time.
	began int
	// industry is the employer's industry, for what its trade does
	// (warehouses, tax, releases).
	industry string
}

// unknownTenure is the months assumed of a role whose start the profile
// does not show.
const unknownTenure = 24

// roleFactsOf returns the facts of role j at the world's clock.
func (w *World) roleFactsOf(j Job) roleFacts {
	months := unknownTenure
	if j.Start != 0 {
		end := j.End
		if j.Current || end == 0 {
			end = w.month
		}
		months = max(int(end)-int(j.Start), 0)
	}
	co := &w.companies[j.Company]
	industry := w.industries.name(co.Industry)
	return roleFacts{level: w.titles.titles[j.Title].Level, staff: w.staffIn(co, w.roleEnded(j)), months: months,
		online: onlineIndustries[industry], began: w.roleBegan(j), industry: industry}
}

// roleEnded returns the year role j ended, the world's clock's for a
// current role or one of no end shown.
func (w *World) roleEnded(j Job) int {
	if j.Current || j.End == 0 {
		return w.month.Year()
	}
	return j.End.Year()
}

// staffIn returns the staff an employer plausibly had in a year: its
// staff count, scaled by its age then against its age at the world's
// start. Nothing is known of a firm's growth but its founding year and
// its size, which the clock does not change, and a firm grows over its
// life: one founded in 1999 with 40,000 staff had some 7,000 in 2004,
// one founded in 1900 most of its staff already. Measured against the
// start, not the clock, a past role's figures stay as they were when
// the clock moves. A firm has at least one person.
func (w *World) staffIn(co *Company, year int) int {
	staff, now, founded := int(co.StaffCount), w.cfg.Now.Year(), int(co.Founded)
	if year >= now || founded == 0 {
		return staff
	}
	then, age := max(year-founded+1, 1), now-founded+1
	if then >= age {
		return staff
	}
	return max(staff*then/age, 1)
}

// roleBegan returns the year role j began, or for a role of unknown start
// the year its tenure is assumed to have begun.
func (w *World) roleBegan(j Job) int {
	if j.Start != 0 {
		return j.Start.Year()
	}
	return (w.month - unknownTenure).Year()
}

// onlineIndustries are the industries whose companies run online
// services of heavy traffic.
var onlineIndustries = map[string]bool{
	"Computer Software": true, "Internet": true, "Information Technology and Services": true,
	"Computer Games": true, "Computer & Network Security": true, "Online Media": true,
	"Telecommunications": true, "Wireless": true, "Computer Networking": true, "E-Learning": true,
}

// inUse returns the phrases in use in a year: those of no technology, or
// of one that had come into use by then (phraseSince).
func inUse(phrases []string, year int) []string {
	out := make([]string, 0, len(phrases))
	for _, s := range phrases {
		if phraseSince[s] <= year {
			out = append(out, s)
		}
	}
	return out
}

// seniority is a level's rank on the career ladder (ladder), a founder
// and a board member counted with the chief executives: Directors sit
// between Head and VP whatever their constant's value.
func seniority(l Level) int {
	switch l {
	case Founder, Board:
		return slices.Index(ladder, CLevel)
	}
	return slices.Index(ladder, l)
}

// atLevel returns the phrases a holder of level l says: those of no
// level (phraseLevel), and those of a level at or below l, so that a
// junior does not speak of mentoring others.
func atLevel(phrases []string, l Level) []string {
	out := make([]string, 0, len(phrases))
	for _, s := range phrases {
		if least, ok := phraseLevel[s]; !ok || seniority(l) >= seniority(least) {
			out = append(out, s)
		}
	}
	return out
}

// fitsEmployer reports whether an achievement template fits the role's
// employer and level: one the employer's trade does (achievementTrades:
// no tax rate cut at a charity, no warehouses at a design studio), and
// no individual contributor's work (individualWork) for a head, a
// director or an executive, whose achievements are their organisation's.
func fitsEmployer(tmpl string, f roleFacts) bool {
	if fits, ok := achievementTrades[tmpl]; ok && !fits(f) {
		return false
	}
	return !individualWork[tmpl] || seniority(f.level) < seniority(Head)
}

// employerFit returns the templates that fit the role's employer and
// level (fitsEmployer).
func employerFit(templates []string, f roleFacts) []string {
	out := make([]string, 0, len(templates))
	for _, t := range templates {
		if fitsEmployer(t, f) {
			out = append(out, t)
		}
	}
	return out
}

// peopleLedCap is the most people a holder of level l leads: nobody for
// an individual contributor, a team for a lead, a department for a head
// or director, a division for a VP, the company for its chief executive
// or founder.
func peopleLedCap(l Level) int {
	switch l {
	case Lead:
		return 12
	case Head:
		return 40
	case Directors:
		return 150
	case VP:
		return 500
	case CLevel, Founder:
		return 1 << 30
	}
	return 0 // an individual contributor, or a board member, who advises
}

// levelShare is the share of a "lvl" amount's range a level reaches, in
// quarters: an amount managed grows with seniority.
func levelShare(l Level) int {
	switch l {
	case Entry, Junior:
		return 1
	case MidLevel:
		return 2
	case Senior:
		return 3
	}
	return 4
}

// slot is one number of a template: its range and what bounds it.
type slot struct {
	lo, hi  int
	led     bool
	per, by int     // 0 when unbounded by the staff count
	rate    float64 // 0 when unbounded by time
	period  int     // months in one unit of a period (1, 3, 12), 0 for none
	lvl     bool
	svc     bool
	bldg    bool
	kper    int // thousands at most kper per employee (k:N), 0 for none
	ctry    bool
	sqm     bool
	paced   bool
}

// parseSlot reads the inside of a template's braces, "3-20 per:2 rate:0.5".
func parseSlot(spec string) slot {
	fields := strings.Fields(spec)
	lo, hi, _ := strings.Cut(fields[0], "-")
	var s slot
	s.lo, _ = strconv.Atoi(lo)
	s.hi, _ = strconv.Atoi(hi)
	for _, f := range fields[1:] {
		key, val, _ := strings.Cut(f, ":")
		switch key {
		case "led":
			s.led = true
		case "per":
			s.per, _ = strconv.Atoi(val)
		case "by":
			s.by, _ = strconv.Atoi(val)
		case "rate":
			s.rate, _ = strconv.ParseFloat(val, 64)
		case "mo":
			s.period = 1
		case "qtr":
			s.period = 3
		case "yr":
			s.period = 12
		case "lvl":
			s.lvl = true
		case "svc":
			s.svc = true
		case "bldg":
			s.bldg = true
		case "k":
			s.kper, _ = strconv.Atoi(val)
		case "ctry":
			s.ctry = true
		case "sqm":
			s.sqm = true
		case "paced":
			s.paced = true
		default:
			panic("world: unknown bound " + key + " in an achievement")
		}
	}
	return s
}

// top is the highest number a slot may take for a role, given the
// months of the sentence's period (the role's months where it names
// none); below lo, the sentence does not fit the role.
func (s slot) top(f roleFacts, months int) int {
	hi := s.hi
	if s.led {
		hi = min(hi, peopleLedCap(f.level), f.staff-1)
	}
	if s.per > 0 {
		hi = min(hi, f.staff/s.per)
	}
	if s.by > 0 {
		hi = min(hi, f.staff*s.by)
	}
	if s.rate > 0 {
		hi = min(hi, int(s.rate*float64(months)))
	}
	if s.period > 0 {
		hi = min(hi, f.months/s.period)
	}
	if s.lvl {
		hi = min(hi, max(s.lo, s.hi*levelShare(f.level)/4))
	}
	if s.svc {
		hi = min(hi, serviceTraffic(f))
	}
	if s.bldg {
		hi = min(hi, buildingsRun(f))
	}
	if s.kper > 0 {
		hi = min(hi, thousandsReached(f, s.kper))
	}
	if s.ctry {
		hi = min(hi, countriesRun(f))
	}
	if s.sqm {
		hi = min(hi, areaRun(f))
	}
	if s.paced {
		hi = min(hi, pacedShare(s.lo, s.hi, months))
	}
	return hi
}

// thousandsReached is the most thousands of people or events an
// employer reaches at perStaff per employee: ten times as many at a
// software or internet company, whose services reach people at scale.
func thousandsReached(f roleFacts, perStaff int) int {
	if f.online {
		perStaff *= 10
	}
	return f.staff * perStaff / 1000
}

// countriesRun is the most countries (markets, jurisdictions) an
// employer works in: one for a company under a hundred staff or of a
// trade of one country (domesticIndustries), then a few more with each
// step of size.
func countriesRun(f roleFacts) int {
	if domesticIndustries[f.industry] {
		return 1
	}
	return countriesOfStaff(f.staff)
}

// countriesOfStaff is the most countries a company of a staff count
// works in.
func countriesOfStaff(staff int) int {
	switch {
	case staff < 100:
		return 1
	case staff < 300:
		return 2
	case staff < 1000:
		return 4
	case staff < 5000:
		return 8
	case staff < 20000:
		return 15
	}
	return 30
}

// areaRun is the most thousands of square metres an employer's sites
// span: thirty square metres per employee of offices and plants, a
// thousand per employee where buildings are the trade (estates,
// facilities services), whose staff look after others' buildings.
func areaRun(f roleFacts) int {
	if estateIndustries[f.industry] {
		return f.staff
	}
	return f.staff * 30 / 1000
}

// serviceTraffic is the most thousands of requests a minute a service of
// the employer handles: ten per employee at a software or internet
// company, one per ten employees elsewhere, where only a large company
// runs a busy service.
func serviceTraffic(f roleFacts) int {
	if f.online {
		return f.staff * 10
	}
	return f.staff / 10
}

// buildingsRun is the most buildings the facilities of an employer
// span: one per eight staff where buildings are the trade (estates,
// facilities services, hospitals, schools, hotels), one per 150 staff
// elsewhere, where the buildings are the company's offices and plants.
func buildingsRun(f roleFacts) int {
	if estateIndustries[f.industry] {
		return f.staff / 8
	}
	return f.staff / 150
}

// sentence fills a template's numbers with ones drawn to fit the role
// (the bounds above), or reports false where one cannot fit. A period
// is drawn first, so that what is done "in N months" is bounded by N.
func sentence(r *rand.Rand, tmpl string, f roleFacts) (string, bool) {
	var lits []string
	var slots []slot
	for {
		i := strings.IndexByte(tmpl, '{')
		j := strings.IndexByte(tmpl, '}')
		if i < 0 || j < i {
			lits = append(lits, tmpl)
			break
		}
		lits = append(lits, tmpl[:i])
		slots = append(slots, parseSlot(tmpl[i+1:j]))
		tmpl = tmpl[j+1:]
	}
	values := make([]int, len(slots))
	months := f.months
	for k, s := range slots {
		if s.period == 0 {
			continue
		}
		hi := s.top(f, months)
		if hi < s.lo {
			return "", false
		}
		values[k] = between(r, s.lo, hi)
		months = values[k] * s.period
	}
	for k, s := range slots {
		if s.period != 0 {
			continue
		}
		hi := s.top(f, months)
		if hi < s.lo {
			return "", false
		}
		values[k] = between(r, s.lo, hi)
	}
	var b strings.Builder
	for k, lit := range lits {
		b.WriteString(lit)
		if k < len(values) {
			b.WriteString(strconv.Itoa(values[k]))
		}
	}
	return b.String(), true
}

// pacedShare is the most a percentage of lo to hi reaches over a period
// of months: the whole range over a year or more, less in a shorter one
// (churn is not cut by 28 % in three months, but it may be in a year).
func pacedShare(lo, hi, months int) int {
	return lo + (hi-lo)*min(months, 12)/12
}

// jobDescription derives the description of role j as of the world's
// clock from its seed: often empty, as on real profiles, otherwise one
// to three sentences in the phrases of its line of work. Achievements
// are distinct, few early in a career (an intern lists none, a junior
// one at most), and bounded by the employer's size, the level and the
// time in the role: a sentence that cannot fit them is left out. The
// caller says what the role focused on (roleFocus), asked only of a role
// the description of which is not left empty; a role that has nothing to
// say no earlier role said ("") is left empty too.
func (w *World) jobDescription(r *rand.Rand, j Job, focus func() string) string {
	if !described(r) {
		return ""
	}
	doing := focus()
	if doing == "" {
		return ""
	}
	facts := w.roleFactsOf(j)
	company := w.companies[j.Company].Name
	parts := []string{"Focused on " + doing + " at " + strings.TrimSuffix(company, ".") + "."}
	n := intN(r, 3)
	switch facts.level {
	case Entry:
		n = 0
	case Junior:
		n = min(n, 1)
	}
	for _, tmpl := range pickDistinct(r, employerFit(inUse(w.roleAchievements(j), facts.began), facts), n) {
		if s, ok := sentence(r, tmpl, facts); ok {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, " ")
}

// ofTrade returns the phrases the role's employer's trade does
// (doingTrades): no churn where nobody subscribes.
func ofTrade(phrases []string, f roleFacts) []string {
	out := make([]string, 0, len(phrases))
	for _, s := range phrases {
		if fits, ok := doingTrades[s]; !ok || fits(f) {
			out = append(out, s)
		}
	}
	return out
}

// focusPhrases returns the phrases role j may say it focused on: its
// line's and its specialty's that its level says and its time knew,
// else the line's own of the level, else the line's own.
func (w *World) focusPhrases(j Job) []string {
	facts := w.roleFactsOf(j)
	if doing := ofTrade(atLevel(inUse(w.roleDoing(j), facts.began), facts.level), facts); len(doing) > 0 {
		return doing
	}
	// The line's own phrases, of the employer's trade still: every line
	// has some that any employer's trade does.
	if doing := ofTrade(atLevel(famDoing[j.fam], facts.level), facts); len(doing) > 0 {
		return doing
	}
	return ofTrade(famDoing[j.fam], facts)
}

// roleFocus returns what the person's job k says it focused on: a phrase
// that turns with the role's place in the career, and never one that an
// earlier described role of the profile says, so that a profile does not
// repeat itself from role to role (a reader takes "Focused on keeping
// things running smoothly" at three employers for filler pasted in). A
// role all of whose phrases earlier roles have said says nothing: ""
// (its description is left empty, as many are). It walks the career from
// the first role, whose phrases later roles added at the front of the
// list do not change.
func (w *World) roleFocus(p *Person, k int) string {
	base := int(p.Seed >> 40)
	said := make([]string, 0, len(p.Jobs))
	s := ""
	for x := len(p.Jobs) - 1; x >= k; x-- {
		j := p.Jobs[x]
		if x > k && !described(newRand(jobSeed(p, j), streamJob)) {
			continue
		}
		doing := w.focusPhrases(j)
		turn := base + len(p.Jobs) - 1 - x
		s = ""
		for n := range doing {
			if c := doing[(turn+n)%len(doing)]; !slices.Contains(said, c) {
				s = c
				break
			}
		}
		if s != "" {
			said = append(said, s)
		}
	}
	return s
}

// described reports whether a role has a description at all: most do,
// many real profiles leave some roles bare. It is the first draw of the
// role's own text (r, seeded by jobSeed), so that roleFocus knows which
// earlier roles said something without writing them.
func described(r *rand.Rand) bool { return !chance(r, 40) }

// proseFamily is the line of work a person's summary and headline talk
// about: that of the main current role, or of the latest one; for
// someone who has not worked yet, the one their latest studies lead to,
// and of the lines a field leads to (business studies to sales, to
// marketing...) the one whose skills they list most.
func (w *World) proseFamily(p *Person) family {
	if len(p.Jobs) > 0 {
		return p.Jobs[0].fam
	}
	if len(p.Education) == 0 {
		return famGeneral
	}
	field := p.Education[0].Field
	best, most := famGeneral, -1
	for f := famGeneral + 1; f < numFamilies; f++ {
		if !slices.Contains(w.schools.byFamily[f], field) {
			continue
		}
		if n := w.skillsIn(p, f); n > most {
			best, most = f, n
		}
	}
	return best
}

// skillsIn counts the person's skills of line of work f.
func (w *World) skillsIn(p *Person, f family) int {
	n := 0
	for _, s := range p.Skills {
		if slices.Contains(w.skills.byFamily[f], s) {
			n++
		}
	}
	return n
}

// studying reports whether the person is still at school at the world's
// clock: their latest studies end this year or later, or, where the
// profile does not say when, began no more than four years ago (or,
// with no years at all, the person is of student age).
func (w *World) studying(p *Person) bool {
	if len(p.Education) == 0 {
		return false
	}
	year := w.month.Year()
	switch e := p.Education[0]; {
	case e.End != 0:
		return int(e.End) >= year
	case e.Start != 0:
		return int(e.Start)+4 >= year
	}
	return year-int(p.BirthYear) <= 24
}

// retiredNow reports whether someone without a current role has retired:
// has worked and is of retiring age at the world's clock.
func (w *World) retiredNow(p *Person) bool {
	_, working := p.CurrentJob()
	return !working && len(p.Jobs) > 0 && w.month.Year()-int(p.BirthYear) >= 65
}

// summaryText derives a person's "about" prose as of the world's clock:
// who they are now (the current title and employer with the years of
// experience the profile counts, the latest role of one between jobs or
// retired, the studies of one who has not worked), what they enjoy in
// their line of work f, their core skills in it.
func (w *World) summaryText(r *rand.Rand, p *Person, f family) string {
	var parts []string
	years := w.TotalYears(p)
	// experience says "N+ years of experience, now in <industry>": the
	// years are the career's, the industry the employer's (when, "now"
	// or "most recently").
	experience := func(ind IndustryID, when string) string {
		s := strconv.Itoa(years) + "+ years of experience"
		if name := w.industries.name(ind); name != "" {
			s += ", " + when + " in " + strings.ToLower(name)
		}
		return s
	}
	enjoy := "I enjoy "
	job, working := p.CurrentJob()
	switch {
	case working:
		t := w.titles.titles[job.Title]
		co := &w.companies[job.Company]
		at := strings.TrimSuffix(co.Name, ".")
		switch line := w.lineYears(p, job.fam); {
		case line >= 2 && line+1 >= years:
			parts = append(parts, t.Name+" with "+experience(co.Industry, "now")+".")
			if chance(r, 50) {
				parts = append(parts, "Currently at "+at+".")
			}
		case line >= 2:
			parts = append(parts, t.Name+" with "+strconv.Itoa(years)+"+ years of experience, "+
				strconv.Itoa(line)+" of them in this line of work.")
			if chance(r, 50) {
				parts = append(parts, "Currently at "+at+".")
			}
		case years >= 2:
			// The company's own name whole ("B.V.,"), as it ends a sentence nowhere.
			parts = append(parts, t.Name+" at "+co.Name+", after "+strconv.Itoa(years-line)+"+ years in "+w.formerLine(p, job.fam)+".")
		default:
			parts = append(parts, t.Name+" at "+at+".")
			if k := slices.Index(ladder, t.Level); k >= 0 && k <= slices.Index(ladder, MidLevel) {
				parts = append(parts, "Early in my career and eager to learn.")
			}
		}
	case len(p.Jobs) > 0:
		last := p.Jobs[0]
		title, co := w.titles.titles[last.Title].Name, &w.companies[last.Company]
		if w.retiredNow(p) {
			s := "Retired " + title
			if ind := w.industries.name(co.Industry); years >= 2 && ind != "" {
				s += " after " + strconv.Itoa(years) + " years of work, the last in " + strings.ToLower(ind)
			}
			parts = append(parts, s+".")
			enjoy = "I enjoyed "
			break
		}
		parts = append(parts, "Most recently "+title+" at "+strings.TrimSuffix(co.Name, ".")+".")
		if years >= 2 {
			parts = append(parts, experience(co.Industry, "most recently")+".")
		}
		parts = append(parts, "Open to new opportunities.")
	case len(p.Education) > 0:
		ed := p.Education[0]
		field, school := w.schools.fields[ed.Field], w.schools.universities[ed.University].Name
		if w.studying(p) {
			parts = append(parts, "Student of "+field+" at "+school+".")
		} else {
			parts = append(parts, field+" graduate of "+school+", looking for a first role.")
		}
		enjoy = "I am interested in "
	default:
		parts = append(parts, "Looking for a first role.")
		enjoy = "I am interested in "
	}
	parts = append(parts, enjoy+pick(r, w.doingOf(p, f))+".")
	if core := w.coreSkills(p, f); len(core) >= 3 {
		parts = append(parts, "Core skills: "+w.skills.names[core[0]]+", "+w.skills.names[core[1]]+
			" and "+w.skills.names[core[2]]+".")
	}
	if chance(r, 60) {
		parts = append(parts, pick(r, summaryClosers))
	}
	return strings.Join(parts, " ")
}

// formerLine names the line of work of most of the person's years
// outside line f ("law", "sales"): a founder of a law firm says they
// come from law, not from "other work". Where no line is known it says
// "other work".
func (w *World) formerLine(p *Person, f family) string {
	var months [numFamilies]int
	for k, j := range p.Jobs {
		if j.Start.IsZero() || k > 0 && j.Current || j.fam == f {
			continue
		}
		end := j.End
		if j.Current {
			end = w.month
		}
		months[j.fam] += int(end) - int(j.Start)
	}
	best := family(0)
	for g := range numFamilies {
		if months[g] > months[best] {
			best = g
		}
	}
	if months[best] == 0 || lineWork[best] == "" {
		return "other work"
	}
	return lineWork[best]
}

// lineYears returns the person's whole years of work in line of work f
// as of the world's clock, counted as TotalYears counts the whole career.
func (w *World) lineYears(p *Person, f family) int {
	months := 0
	for k, j := range p.Jobs {
		if j.Start.IsZero() || k > 0 && j.Current || j.fam != f {
			continue
		}
		end := j.End
		if j.Current {
			end = w.month
		}
		months += int(end) - int(j.Start)
	}
	return months / 12
}

// coreSkills returns the skills a summary names for line of work f, in
// the person's order: those of the line first, then the generic ones,
// then those of running a business; not the skills of a former career.
func (w *World) coreSkills(p *Person, f family) []SkillID {
	out := make([]SkillID, 0, 3)
	for _, pool := range [][]SkillID{w.skills.byFamily[f], w.skills.generic, w.skills.byFamily[famGeneral]} {
		for _, s := range p.Skills {
			if len(out) == 3 {
				return out
			}
			if slices.Contains(pool, s) && !slices.Contains(out, s) {
				out = append(out, s)
			}
		}
	}
	return out
}

// skillsOfWork returns the person's skills that belong to a line of work,
// in the person's order: a headline names those of the current role, not
// of a former career.
func (w *World) skillsOfWork(p *Person, f family) []SkillID {
	var out []SkillID
	for _, s := range p.Skills {
		if slices.Contains(w.skills.byFamily[f], s) {
			out = append(out, s)
		}
	}
	return out
}

// headline derives the one-line headline under a person's name as of
// the world's clock. It follows the current role; a student's is one
// only while they study and hold no role.
func (w *World) headline(r *rand.Rand, p *Person, f family) string {
	job, working := p.CurrentJob()
	if !working {
		switch {
		case w.retiredNow(p):
			return "Retired " + w.titles.titles[p.Jobs[0].Title].Name
		case w.studying(p):
			return "Student at " + w.schools.universities[p.Education[0].University].Name
		case len(p.Jobs) > 0 && chance(r, 60):
			return w.titles.titles[p.Jobs[0].Title].Name + " | Open to new opportunities"
		case len(p.Jobs) == 0 && len(p.Education) > 0 && int(p.Education[0].End)+3 >= w.month.Year():
			return w.schools.fields[p.Education[0].Field] + " graduate looking for a first role"
		}
		return "Looking for new opportunities"
	}
	title := w.titles.titles[job.Title].Name
	company := w.companies[job.Company].Name
	switch x := intN(r, 100); {
	case x < 55:
		return title + " at " + company
	case x < 70 && len(w.skillsOfWork(p, job.fam)) >= 2:
		own := w.skillsOfWork(p, job.fam)
		return title + " | " + w.skills.names[own[0]] + " | " + w.skills.names[own[1]]
	case x < 85:
		return title
	case x < 93:
		return title + " @ " + company
	}
	doing := pick(r, w.doingOf(p, f))
	return strings.ToUpper(doing[:1]) + doing[1:]
}

// specialtyOf returns the specialty of line of work f that title t is
// of: the first whose words the title has, or nil for a title of none
// (a line's intern or team lead of no named work), which says the line's
// own phrases only.
func specialtyOf(f family, t TitleID) *specialty {
	k := titleSpecialties()[f][t]
	if k < 0 {
		return nil
	}
	return &famSpecialties[f][k]
}

// titleSpecialties are, per line of work and title, the index of the
// title's specialty in famSpecialties, -1 for none; worked out once for
// the process's titles, whose ids are the same in every world.
var titleSpecialties = sync.OnceValue(func() [numFamilies][]int8 {
	v := loadTitles()
	var out [numFamilies][]int8
	for f := range numFamilies {
		out[f] = make([]int8, len(v.titles))
		for t, title := range v.titles {
			out[f][t] = int8(matchSpecialty(famSpecialties[f], title.Name))
		}
	}
	return out
})

// matchSpecialty returns the index of the first specialty whose words a
// title has (whole words), else -1: no specialty is a catch-all for the
// titles the others do not name.
func matchSpecialty(specs []specialty, title string) int {
	padded := " " + title + " "
	for k, s := range specs {
		for _, word := range s.words {
			if strings.Contains(padded, " "+word+" ") {
				return k
			}
		}
	}
	return -1
}

// roleDoing returns what the holder of role j says they do: the phrases
// of its line of work as a whole and of its title's specialty in it, not
// those of another specialty of the line (no contract manager advises on
// acquisitions, no receptionist negotiates with suppliers).
func (w *World) roleDoing(j Job) []string {
	if s := specialtyOf(j.fam, j.Title); s != nil {
		return slices.Concat(famDoing[j.fam], s.doing)
	}
	return famDoing[j.fam]
}

// roleAchievements returns the templates of the achievements of role j:
// those of its line of work and of its title's specialty in it.
func (w *World) roleAchievements(j Job) []string {
	if s := specialtyOf(j.fam, j.Title); s != nil {
		return slices.Concat(famAchievements[j.fam], s.achievements)
	}
	return famAchievements[j.fam]
}

// doingOf returns the phrases a person's summary and headline say of
// line of work f: those of their latest role where it is of that line,
// else those of the whole line (a student's, of every specialty).
func (w *World) doingOf(p *Person, f family) []string {
	level := Entry
	if len(p.Jobs) > 0 {
		level = w.titles.titles[p.Jobs[0].Title].Level
	}
	if len(p.Jobs) > 0 && p.Jobs[0].fam == f {
		j := p.Jobs[0]
		year := w.month.Year()
		if !j.Current && j.End != 0 {
			year = j.End.Year()
		}
		facts := w.roleFactsOf(j)
		if out := ofTrade(atLevel(inUse(w.roleDoing(j), year), level), facts); len(out) > 0 {
			return out
		}
		// The line's own phrases, of the employer's trade still (no shop
		// floor at a utilities firm): every line has some that any
		// employer's trade does.
		if out := ofTrade(atLevel(famDoing[f], level), facts); len(out) > 0 {
			return out
		}
		return ofTrade(famDoing[f], facts)
	} else if out := atLevel(familyDoing(f), level); len(out) > 0 {
		return out
	}
	if out := atLevel(famDoing[f], level); len(out) > 0 {
		return out
	}
	return famDoing[f]
}

// familyDoing returns every phrase of line of work f: its own and those
// of each of its specialties.
func familyDoing(f family) []string {
	out := famDoing[f]
	for _, s := range famSpecialties[f] {
		out = slices.Concat(out, s.doing)
	}
	return out
}

// familyAchievements returns every achievement template of line of work
// f: its own and those of each of its specialties.
func familyAchievements(f family) []string {
	out := famAchievements[f]
	for _, s := range famSpecialties[f] {
		out = slices.Concat(out, s.achievements)
	}
	return out
}
