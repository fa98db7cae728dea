package world

import (
	"bytes"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"
)

// The world's clock.
//
// A world is generated as of its start (Config.Now). From then on every
// person who holds a job has a schedule of career events, drawn from the
// world's seed and the person alone: a new title at the same company (a
// promotion, now and then a sideways move), or a move to another company
// of their line of work and country. A person's profile at a date is
// their generated history plus their events up to that date, so the
// world at a date does not depend on the steps its clock took to get
// there: advancing 90 days twice is advancing 180 days once.
//
// The schedule is a hash of the person's seed and the period (periodDays
// days): in each period an employed person changes company with
// probability movePerPeriod and otherwise changes title with probability
// retitlePerPeriod, on a day of the period the same hash gives. An event
// comes to nothing within a year (minTenure) of the person's last change,
// for those who hold a seat (a chief, a founder, a board member), and
// where nothing fits; a new title is a promotion two times in three, up
// to the peak the person's career was drawn with (peakOf) and never by
// an event to a chief's office, of which a company has one; a title below
// a lifelong level held for years in all (staleTitle) is promoted at the
// next event, past the peak if need be. No event moves a career down
// more than a rung, down within a stay, or up more than two
// (stepsAsCareers). Over a year about one employed person in six changes
// company and one in five changes only their title. Interns, trainees and juniors move up on
// days of their own instead (dueDays): an internship lasts months, a
// junior's title three years at most.
//
// People retire at 65 to 68 (retireDay): every current role ends, the
// work addresses and the work phone no longer show, and nothing changes
// for them after; in the year before, their job does not change.
//
// A move ends the main role in the month of the move and starts the new
// one the same month (experience dates are months, as on the network;
// the day is in Moves); side roles such as board seats stay. The person
// gets a work e-mail at the new company's domain, shown first among their
// contacts, and the address and the work phone of the company they left
// no longer show.
// Whatever identified a person at the start still finds them: profile URL,
// uid, phones, personal e-mails and the old work address; so does every
// work address gained since.
const (
	periodDays       = 30
	movePerPeriod    = 230 // basis points
	retitlePerPeriod = 750 // basis points
)

// MaxDays is how far the clock goes past the world's start: ten years.
const MaxDays = 3653

// eventKind is what a career event changes.
type eventKind uint8

const (
	retitle  eventKind = iota + 1 // a new title at the same company
	move                          // a new role at another company
	retire                        // every current role ends
	hire                          // a student or job seeker takes a role
	due                           // an intern's or a junior's promotion falls due
	longHeld                      // a title below a lifelong level has been held for years: a promotion
)

// event is one career event of one person.
type event struct {
	day    int32 // days after the world's start, from 1
	person int32
	period int32 // seeds the event's draws
	kind   eventKind
}

// careerSeed is the source of a person's career events.
func careerSeed(p *Person) uint64 { return mix64(p.Seed ^ streamCareer<<56) }

// eventIn returns the event of the person with career seed cs in period
// k (days k·periodDays+1 to (k+1)·periodDays after the start), if any,
// and its day.
func eventIn(cs uint64, k int) (eventKind, int) {
	h := mix64(cs + uint64(k))
	day := k*periodDays + 1 + int((h>>32)%periodDays)
	switch x := h % 10000; {
	case x < movePerPeriod:
		return move, day
	case x < movePerPeriod+retitlePerPeriod:
		return retitle, day
	}
	return 0, 0
}

// timeline is what the career events up to a world's clock changed.
type timeline struct {
	people []*career              // by person index; nil for a person no event changed
	emails map[uint64]gainedEmail // work addresses gained since the start, by index key
	moved  []int32                // people who changed company, by day of their latest move, then uid
}

// career is a person changed by career events, as of the world's clock.
type career struct {
	Person
	movedOn int32 // day of the latest change of company; 0 for none
	// firstMove is the day of the first change of company (the day the
	// role at the world's start ended), and moves how many there were.
	firstMove int32
	moves     int32
}

// gainedEmail is a work address a person gained with a move.
type gainedEmail struct {
	person  int32
	address string
}

// Advance returns the world days later. The receiver is unchanged. The
// clock goes forward only, and at most MaxDays past the start.
func (w *World) Advance(days int) (*World, error) {
	switch {
	case days < 0:
		return nil, fmt.Errorf("the world's clock goes forward only, not %d days", days)
	case days > MaxDays-w.day:
		return nil, fmt.Errorf("the world's clock goes at most %d days past its start: at day %d, it has %d days left, not %d",
			MaxDays, w.day, MaxDays-w.day, days)
	case days == 0:
		return w, nil
	}
	next := *w
	next.day = w.day + days
	next.month = monthOfTime(next.Clock())
	t := &timeline{}
	var before []*career
	if w.t != nil {
		before = w.t.people
		t.people = slices.Clone(w.t.people)
		t.emails = maps.Clone(w.t.emails)
	} else {
		t.people = make([]*career, len(w.people))
		t.emails = map[uint64]gainedEmail{}
	}
	next.t = t
	a := advance{w: &next, before: before, src: rand.NewPCG(0, 0)}
	a.r = rand.New(a.src)
	for _, ev := range w.eventsBetween(w.day, next.day) {
		a.apply(ev)
	}
	next.companies, next.staff = next.indexEmployees(slices.Clone(w.startCompanies))
	next.companyPtrs = pointers(next.companies)
	t.moved = next.movers()
	return &next, nil
}

// eventsBetween returns the career events of days from+1 to to, by day and
// then person. People are scanned in parallel; the order does not depend
// on how the work is split.
func (w *World) eventsBetween(from, to int) []event {
	first, last := from/periodDays, (to-1)/periodDays
	workers := runtime.GOMAXPROCS(0)
	parts := make([][]event, workers)
	n := len(w.people)
	var wg sync.WaitGroup
	for k := range workers {
		wg.Go(func() {
			var out []event
			for i := k * n / workers; i < (k+1)*n/workers; i++ {
				p := &w.people[i]
				// Changes of job come after one joins the network and
				// holds a job: a student or job seeker is hired first.
				since := 0
				if i >= w.cfg.People {
					since = joinDay(i-w.cfg.People, n-w.cfg.People)
				}
				joined, hired := since, -1
				if _, ok := p.CurrentJob(); !ok {
					day := w.hireDay(p, since)
					if day < 0 {
						continue // not hired in the clock's ten years
					}
					if day > from && day <= to {
						out = append(out, event{day: int32(day), person: int32(i), period: -1, kind: hire})
					}
					since, hired = day, day
				}
				for k, day := range w.dueDays(p, joined, hired) {
					if day > from && day <= to {
						out = append(out, event{day: int32(day), person: int32(i), period: int32(-2 - k), kind: due})
					}
				}
				for k, day := range w.longHeldDays(p, hired) {
					if day > from && day <= to {
						out = append(out, event{day: int32(day), person: int32(i), period: int32(-100 - k), kind: longHeld})
					}
				}
				cs := careerSeed(p)
				for period := first; period <= last; period++ {
					if kind, day := eventIn(cs, period); kind != 0 && day > from && day <= to && day > since {
						out = append(out, event{day: int32(day), person: int32(i), period: int32(period), kind: kind})
					}
				}
				if day := w.retireDay(p); day > from && day <= to {
					out = append(out, event{day: int32(day), person: int32(i), period: -1, kind: retire})
				}
			}
			parts[k] = out
		})
	}
	wg.Wait()
	all := slices.Concat(parts...)
	slices.SortStableFunc(all, func(a, b event) int { return int(a.day) - int(b.day) })
	return all
}

// advance applies events to a world being moved forward.
type advance struct {
	w      *World
	before []*career // the people of the world it started from; nil on day 0
	src    *rand.PCG
	r      *rand.Rand
}

// apply changes the person of ev as the event says. Events must come in
// order of day, then person: a new work address goes to the first to
// claim it, so the order decides who respells.
func (a *advance) apply(ev event) {
	w := a.w
	i := int(ev.person)
	p := w.Person(i)
	reseed(a.src, careerSeed(p)+uint64(ev.period), streamCareer)
	r := a.r
	m := monthOfTime(w.Start().AddDate(0, 0, int(ev.day)))
	if ev.kind == hire {
		a.hire(r, i, p, m)
		return
	}
	if len(p.Jobs) == 0 || !p.Jobs[0].Current {
		return // retired, or not hired
	}
	cur := p.Jobs[0]
	if ev.kind == retire {
		c := a.own(i)
		c.Jobs, c.Emails, c.Phones = retired(c.Jobs, m), personalEmails(c.Emails), personalPhones(c.Phones)
		w.derive(&c.Person, m)
		return
	}
	level := w.titles.titles[cur.Title].Level
	if ev.kind == longHeld && !w.staleTitle(p.Jobs, m) {
		return // promoted since, or another title
	}
	if ev.kind == due {
		// An intern becomes a junior, a junior of a year or more takes
		// a full title, at the same company: not in the first months of
		// a role (second chances come later: dueDays).
		if !w.promotionDue(p.Jobs, level, m) {
			return
		}
	} else {
		if w.retireDay(&w.people[i])-int(ev.day) < 365 {
			return // no change of job in the year before retiring
		}
		if level == CLevel || level == Founder || level == Board {
			return // chiefs, founders and boards hold their seats
		}
		if cur.Start != 0 && int(m)-int(cur.Start) < minTenure {
			return // too soon after the last change
		}
	}
	// No one rises past their peak, or by an event to a chief's office:
	// each company has one of each.
	top := min(slices.Index(ladder, peakOf(&w.people[i])), slices.Index(ladder, VP))
	up := func(l Level) Level {
		if entryLevel(l) {
			return l // an intern or a junior moves up when it falls due (dueDays)
		}
		if slices.Index(ladder, l) < top {
			return rung(l, 1)
		}
		return l
	}
	stem := w.careerStem(p, cur.fam)
	// A title below a lifelong level held for years in all moves on: a
	// promotion, past the peak if need be (a mid-level title of fifteen
	// years reads wrong).
	stale := ev.kind != due && w.staleTitle(p.Jobs, m)
	var role Job
	moveTo := int32(-1) // the city the person moves to with the new job, if any
	emails := p.Emails
	switch ev.kind {
	case retitle, due, longHeld:
		if ev.kind == retitle && !stale && cur.Start != 0 && int(m)-int(cur.Start) < promotionMonths {
			return // a promotion comes two years into a title at the soonest
		}
		if ev.kind == due || stale {
			level = rung(level, 1)
		} else if chance(r, 65) {
			level = up(level)
		} else if level == Entry {
			return // an intern is promoted or stays: no round of intern titles
		}
		if riseTooSoon(w, p.Jobs, level, m) {
			level = w.titles.titles[cur.Title].Level // a promotion too soon after a junior's title waits
		}
		// One exact title held more than maxRun months, role after role,
		// is renamed at the latest now.
		overdue := w.overdueTitle(p.Jobs, m)
		if ev.kind != due && !stale && !w.hiring.bigEnough(cur.Company, cur.fam, level) {
			if !overdue {
				return // no such post at a company of its size: a promotion waits for a move
			}
			level = w.titles.titles[cur.Title].Level // a new name for the title instead
		}
		held := heldAt(p.Jobs)
		role = cur
		if level != w.titles.titles[cur.Title].Level {
			// A promotion: a title of the next level, of the stay's
			// specialty, not one held before.
			for range 6 {
				if t := w.title(r, cur.fam, stem, level, m.Year()); !w.titles.heldIn(held, t) && !heldBefore(p.Jobs, t) {
					role.Title = t
					break
				}
			}
		} else if long(p.Jobs, m) && (chance(r, 40) || overdue) {
			// No promotion: the title stays, but now and then, years
			// into it, a reorganisation renames it.
			for range 4 {
				if t := w.titles.lateral(r, cur.fam, cur.Title, m.Year()); !heldBefore(p.Jobs, t) && !w.returnsTo(p.Jobs, t) {
					role.Title = t
					break
				}
			}
		}
		if role.Title == cur.Title && overdue && !stale && slices.Index(ladder, level) < slices.Index(ladder, VP) {
			// No other name of the title is free: a promotion, past the
			// peak if need be, as for a stale title, but not to a chief's
			// office (each company has one of each).
			if t := w.title(r, cur.fam, stem, rung(level, 1), m.Year()); !w.titles.heldIn(held, t) && !heldBefore(p.Jobs, t) {
				role.Title = t
			}
		}
		if role.Title == cur.Title && stale {
			// A starting role with no higher title of its own (no lead
			// medical assistant): a related role of the level instead.
			if t, ok := w.titles.relatedTitle(r, cur.fam, cur.Title, m.Year(), 0); ok && !heldBefore(p.Jobs, t) &&
				!w.returnsTo(p.Jobs, t) && w.qualified(p, w.titles.need[t]) {
				role.Title = t
			}
		}
		if role.Title == cur.Title {
			return // no other title fits: nothing happens
		}
	case move:
		c, ok := w.newEmployer(r, p, &w.people[i])
		if !ok {
			return // nowhere to go (a world of a few companies)
		}
		switch x := intN(r, 100); {
		case stale:
			level = rung(level, 1)
		case x < 40:
			level = up(level)
		case x >= 97 && slices.Index(ladder, level) >= slices.Index(ladder, Directors):
			// A step down, rare and only from a director's office up,
			// never back to a title held before.
			level = rung(level, -1)
		}
		if w.dueWithin(i, level, m) {
			// An intern or a junior whose promotion falls due in the
			// months ahead takes it with the move.
			level = rung(level, 1)
		}
		if riseTooSoon(w, p.Jobs, level, m) {
			level = w.titles.titles[cur.Title].Level // no rise too soon after a junior's title
		}
		country := w.geo.placeCountry[p.City]
		home := p.City
		if chance(r, relocatePercent) {
			home = w.relocate(r, p.City)
		}
		role = Job{Company: c, Location: w.jobPlace(r, home, country, true), Title: cur.Title}
		if level != w.titles.titles[cur.Title].Level {
			// Another level: a title of it, of the career's specialty,
			// not one held before (a move keeps the title otherwise).
			role.Title = w.title(r, cur.fam, stem, level, m.Year())
			for range 5 {
				if !heldBefore(p.Jobs, role.Title) {
					break
				}
				role.Title = w.title(r, cur.fam, stem, level, m.Year())
			}
		}
		if home != p.City {
			role.Location = home
			moveTo = home
		}
		role.Location = w.rolePlace(w.nearHome(role, home))
		if role.Title == cur.Title && (long(p.Jobs, m) || w.overdueTitle(p.Jobs, m)) {
			if t := w.titles.lateral(r, cur.fam, cur.Title, m.Year()); !w.returnsTo(p.Jobs, t) && !heldBefore(p.Jobs, t) {
				role.Title = t
			}
		}
		emails = a.newWorkEmail(r, i, p, c)
	}
	if !w.stepsAsCareers(cur, role) || !w.hiring.titleFits(role.Company, cur.fam, role.Title) {
		// No title of the level fits (no head of hair styling), or the
		// employer has no such role (roleFunctions): nothing happens.
		return
	}
	role.Seed, role.Start, role.End, role.Current = r.Uint32(), m, 0, true
	if role.fam = cur.fam; w.titles.fam[role.Title] == famGeneral {
		role.fam = famGeneral
	}

	c := a.own(i)
	if role.Company != cur.Company {
		c.Phones = personalPhones(c.Phones)
	}
	c.Jobs, c.Emails = withMainRole(c.Jobs, role, m), emails
	w.keepSkillsOfWork(&c.Person)
	if moveTo >= 0 {
		c.City = moveTo
	}
	// Skills follow roles: now and then the new role adds one of its
	// line of work's, or, for one who now leads, one of leading.
	if len(c.Skills) < maxPersonSkills && chance(r, 50) {
		f := role.fam
		if leads(w.titles.titles[role.Title].Level) && chance(r, 40) {
			f = famGeneral
		}
		if pool := w.skillsOfLine(&c.Person, f); len(pool) > 0 {
			if s := pick(r, pool); !slices.Contains(c.Skills, s) {
				c.Skills = append(slices.Clip(c.Skills), s)
			}
		}
	}
	if ev.kind == move {
		c.movedOn = ev.day
		if c.moves == 0 {
			c.firstMove = ev.day
		}
		c.moves++
	}
	w.derive(&c.Person, m)
}

// relocatePercent is the percent of moves to another company that come
// with a move to another city.
const relocatePercent = 12

// maxPersonSkills is the most skills a person lists (drawSkills).
const maxPersonSkills = 20

// relocate returns the city someone living in home moves to with a new
// job: one of the bigger cities of their country (of their state or
// province in the US and Canada, whose phone numbers carry it), or home
// when there is none other.
func (w *World) relocate(r *rand.Rand, home int32) int32 {
	g := w.geo
	country := g.placeCountry[home]
	var options []int32
	for _, pl := range g.hubs[country][:min(len(g.hubs[country]), 40)] {
		if pl == home || g.cityOf[pl] != pl {
			continue
		}
		if cc := g.countries[country].Code; (cc == "US" || cc == "CA") && g.places[pl].Admin1 != g.places[home].Admin1 {
			continue
		}
		options = append(options, pl)
	}
	if len(options) == 0 {
		return home
	}
	return pick(r, options)
}

// own returns the changed person i, copied first if the world advanced
// from shares them: a world never changes once returned.
func (a *advance) own(i int) *career {
	t := a.w.t
	c := t.people[i]
	if c != nil && (a.before == nil || c != a.before[i]) {
		return c
	}
	if c == nil {
		c = &career{Person: a.w.people[i]}
	} else {
		c = &career{Person: c.Person, movedOn: c.movedOn, firstMove: c.firstMove, moves: c.moves}
	}
	t.people[i] = c
	return c
}

// withMainRole returns jobs with role as the new main current role, the
// old main role ended in month m, and the side roles kept.
func withMainRole(jobs []Job, role Job, m Month) []Job {
	out := make([]Job, 0, len(jobs)+1)
	out = append(out, role)
	k := 1
	for k < len(jobs) && jobs[k].Current {
		out = append(out, jobs[k])
		k++
	}
	old := jobs[0]
	old.Current, old.End = false, m
	out = append(out, old)
	return append(out, jobs[k:]...)
}

// retireDay is the day after the world's start when a person retires,
// at an age of 65 to 68 drawn from their seed, on a day of that year
// after its first: never within the year after a start on 1 January,
// the people of the world being 64 at most.
func (w *World) retireDay(p *Person) int {
	h := mix64(careerSeed(p) ^ streamRetire)
	at := time.Date(int(p.BirthYear)+65+int(h%4), 1, 2+int(h>>8%363), 0, 0, 0, 0, time.UTC)
	return int(at.Sub(w.Start()).Hours() / 24)
}

// retired returns jobs with every current role ended in month m, the
// order kept: the main role, then side roles, then past ones.
func retired(jobs []Job, m Month) []Job {
	out := slices.Clone(jobs)
	for k := range out {
		if out[k].Current {
			out[k].Current, out[k].End = false, m
		}
	}
	return out
}

// personalEmails returns the e-mails without the work addresses: those of
// an employer one has left no longer show (they still find the person).
func personalEmails(emails []Email) []Email {
	return slices.DeleteFunc(slices.Clone(emails), func(e Email) bool { return e.Kind == EmailWork })
}

// personalPhones returns the phones without the work number: that of
// the desk at the employer left, which shows no more (as its work
// address; it still finds its owner, as everything they were found by
// at the start does).
func personalPhones(phones []Phone) []Phone {
	return slices.DeleteFunc(slices.Clone(phones), func(ph Phone) bool { return ph.Kind == PhoneWork })
}

// minTenure is the fewest months between two changes of a person's
// main role.
const minTenure = 12

// lateralAfter is how long one title is held, role after role, before
// a change of job at one's peak is a sideways move.
const lateralAfter = 6 * 12

// long reports whether the main role's exact title has been held, role
// after role, for lateralAfter months or more by month m.
func long(jobs []Job, m Month) bool {
	return heldSince(jobs, m) >= lateralAfter
}

// heldSince returns the months the main role's exact title has been
// held, role after role, by month m (0 when its start is unknown): past
// maxRun, the next retitle renames it, as a reorganisation would.
func heldSince(jobs []Job, m Month) int {
	from := jobs[0].Start
	for _, j := range jobs[1:] {
		if j.Current {
			continue // a side role
		}
		if j.Title != jobs[0].Title {
			break
		}
		from = j.Start
	}
	if from == 0 {
		return 0
	}
	return int(m) - int(from)
}

// riseYears is the fewest years from the start of an intern's or a
// junior's title to a title of each rung of the ladder (by its index):
// the fastest careers reach a senior's title in two years, a lead's in
// three, a head's office in seven, a director's in ten.
var riseYears = [...]int{0, 0, 0, 2, 3, 7, 10, 13, 16}

// riseTooSoon reports whether a title of level l, begun in month m,
// comes sooner after the start of the newest intern's or junior's title
// of the main line (jobs, newest first), or after the start of work (its
// oldest role, when of a known start and at most mid-level), than
// riseYears allows: a first role of mid-level takes a senior's title
// two years on at the soonest.
func riseTooSoon(w *World, jobs []Job, l Level, m Month) bool {
	k := slices.Index(ladder, l)
	if k < 0 {
		return false
	}
	for i := len(jobs) - 1; i >= 0; i-- {
		if j := jobs[i]; i == 0 || !j.Current {
			if j.Start != 0 && slices.Index(ladder, w.titles.titles[j.Title].Level) <= slices.Index(ladder, MidLevel) &&
				int(m)-int(j.Start) < 12*riseYears[k] {
				return true
			}
			break
		}
	}
	for i, j := range jobs {
		if i > 0 && j.Current || j.Start == 0 || !entryLevel(w.titles.titles[j.Title].Level) {
			continue
		}
		return int(m)-int(j.Start) < 12*riseYears[k]
	}
	return false
}

// overdueTitle reports whether the main role's exact title is due for
// another name by month m: held more than maxRun months role after role,
// or, for a title of a lifelong level, as long as a career holds it in
// all (titleVocab.heldMax), over every employer and with the gaps
// between left out.
func (w *World) overdueTitle(jobs []Job, m Month) bool {
	t := jobs[0].Title
	if long(jobs, m) && heldSince(jobs, m) >= maxRun {
		return true
	}
	if !w.titles.lifelong(t) {
		return false
	}
	months := 0
	for k, j := range jobs {
		if k > 0 && j.Current || j.Title != t || j.Start == 0 {
			continue
		}
		end := j.End
		if j.Current {
			end = m
		}
		months += int(end) - int(j.Start)
	}
	return months >= w.titles.heldMax(t)
}

// longHeldTries is how many times, longHeldMonths apart, a promotion
// falls due for a title held staleMonths months (longHeldDays): a
// change of job comes a year after the last at the soonest (minTenure).
const (
	longHeldTries  = 6
	longHeldMonths = 6
)

// longHeldDays returns the days after the world's start on which the
// title a person holds at the start, or held last for someone hired on
// day hired (-1 for no one), has been held staleMonths months in all,
// and second chances after: a title below a lifelong level is then
// promoted (staleTitle), whatever the career events of the person's
// seed. Each is -1 for none. A role begun since (a hire, a move) begins
// them a year after it at the soonest.
func (w *World) longHeldDays(p *Person, hired int) [longHeldTries]int {
	var out [longHeldTries]int
	for k := range out {
		out[k] = -1
	}
	if len(p.Jobs) == 0 || int(p.Index) >= w.cfg.People || w.titles.lifelong(p.Jobs[0].Title) ||
		entryLevel(w.titles.titles[p.Jobs[0].Title].Level) {
		return out // a newcomer's or an intern's and a junior's promotions fall due otherwise (dueDays)
	}
	months, key := 0, w.titles.runKey(p.Jobs[0].Title)
	for k, j := range p.Jobs {
		if k > 0 && j.Current || w.titles.runKey(j.Title) != key || j.Start == 0 {
			continue
		}
		end := j.End
		if j.Current {
			end = w.now
		}
		months += int(end) - int(j.Start)
	}
	at := w.now + Month(max(1, w.staleAfter(p.Jobs[0].Title)-months))
	if hired >= 0 {
		at = max(at, monthOfTime(w.Start().AddDate(0, 0, hired))+minTenure)
	}
	h := mix64(careerSeed(p) ^ streamHire<<40)
	for k := range out {
		m := at + Month(k*longHeldMonths)
		out[k] = max(1, int(m.Time().Sub(w.Start()).Hours()/24)+int(h%28))
	}
	return out
}

// stepsAsCareers reports whether a new main role may follow the one
// before on the ladder: down a rung at most and never at the same
// company, up two at most, and from a manager's post to an individual
// contributor's title only a rung up at another employer (a Controller
// does not become an Accountant, a Head of Engineering a Lead
// Developer). Roles off the ladder may follow any.
func (w *World) stepsAsCareers(before, after Job) bool {
	a := slices.Index(ladder, w.titles.titles[before.Title].Level)
	b := slices.Index(ladder, w.titles.titles[after.Title].Level)
	if a < 0 || b < 0 {
		return true
	}
	if w.titles.toContributor(before.Title, after.Title) && (b <= a || before.Company == after.Company) {
		return false
	}
	return b >= a-1 && b <= a+2 && !(b < a && before.Company == after.Company)
}

// lineOf returns the line of work of the newest of a person's roles that
// has one (not a chief executive's, a founder's or a board seat), or
// famGeneral when none has.
func lineOf(jobs []Job) family {
	for k, j := range jobs {
		if k > 0 && j.Current || j.fam == famGeneral {
			continue
		}
		return j.fam
	}
	return famGeneral
}

// careerStem returns the specialty of family f that a person's roles
// keep to: that of the newest role of their main line that has one of
// f, else the one drawn from their seed (stemOf). A career that moved on
// to a related specialty stays with it.
func (w *World) careerStem(p *Person, f family) int {
	for k, j := range p.Jobs {
		if k > 0 && j.Current {
			continue // a side role
		}
		if s := w.titles.stem[j.Title]; s >= 0 && w.titles.fam[j.Title] == f {
			return int(s)
		}
	}
	return w.stemOf(p, f)
}

// returnsTo reports whether title t, for a new main role, is of a
// specialty the person held before the one of their main role and has
// left: a QA engineer who became a software engineer does not become a
// QA engineer again.
func (w *World) returnsTo(jobs []Job, t TitleID) bool {
	v := w.titles
	s, now := v.stem[t], v.stem[jobs[0].Title]
	if s < 0 || s == now {
		return false
	}
	for _, j := range jobs[1:] {
		if j.Current {
			continue // a side role
		}
		if v.stem[j.Title] == s && v.fam[j.Title] == v.fam[t] {
			return true
		}
	}
	return false
}

// staleTitle reports whether the main role's title, of a level below a
// lifelong one (titleVocab.lifelong), has been held staleMonths months
// or more in all by month m, over the main line's roles (a starting
// role's titles of every level count as one: titleVocab.runKey).
func (w *World) staleTitle(jobs []Job, m Month) bool {
	t := jobs[0].Title
	if w.titles.lifelong(t) {
		return false
	}
	months, key := 0, w.titles.runKey(t)
	for k, j := range jobs {
		if k > 0 && j.Current || w.titles.runKey(j.Title) != key || j.Start == 0 {
			continue
		}
		end := j.End
		if j.Current {
			end = m
		}
		months += int(end) - int(j.Start)
	}
	return months >= w.staleAfter(t)
}

// staleAfter is the months title t is held in all before the clock
// promotes it: staleMonths, and for a starting role (an SDR, an
// assistant), whose levels count as one run, the most the generated
// history holds one (titleMonthsMax), so that its holder moves on
// within a dozen years.
func (w *World) staleAfter(t TitleID) int {
	if w.titles.starting(t) {
		return titleMonthsMax
	}
	return staleMonths
}

// staleMonths is how long a title below a lifelong level is held in all
// before the clock promotes it (staleTitle): two years past the longest
// the generated history holds one (titleMonthsMax), so that the
// promotions of those who reach it spread over the clock's years, and
// years before the fifteen that read wrong.
const staleMonths = titleMonthsMax + 24

// heldAt returns the titles of the main role's stay at its company: the
// main role and the past roles at the same company just before it. A
// retitle does not give one of them back (A → B → A).
func heldAt(jobs []Job) []TitleID {
	out := []TitleID{jobs[0].Title}
	for _, j := range jobs[1:] {
		if j.Current {
			continue // a side role
		}
		if j.Company != jobs[0].Company {
			break
		}
		out = append(out, j.Title)
	}
	return out
}

// promotionMonths is the least time in a title before a retitle at the
// same company: promotions come every few years, not every year.
const promotionMonths = 24

// heldBefore reports whether title t is one of the person's past main
// roles: a career does not go back to a title it left.
func heldBefore(jobs []Job, t TitleID) bool {
	for k, j := range jobs {
		if k > 0 && !j.Current && j.Title == t {
			return true
		}
	}
	return false
}

// rung returns the level steps rungs up (or down) the ladder; levels off
// the ladder (founder, board) and its ends stay where they are.
func rung(l Level, steps int) Level {
	k := slices.Index(ladder, l)
	if k < 0 || k+steps < 0 || k+steps >= len(ladder) {
		return l
	}
	return ladder[k+steps]
}

// newEmployer draws a company for p to move to: of their line of work and
// country, as hiring draws, and one they are not at now. Its name differs
// from that of the company they are leaving and of the one they worked
// for at the start (start), so that a reader sees the change of company.
func (w *World) newEmployer(r *rand.Rand, p, start *Person) (int32, bool) {
	cur := p.Jobs[0]
	country := w.geo.placeCountry[p.City]
	for range 8 {
		c := w.hiring.employerOfTitle(r, country, cur.fam, cur.Title)
		name := w.companies[c].Name
		ok := w.hiring.titleFits(c, cur.fam, cur.Title) && w.hiring.roleFits(c, cur.fam, w.careerStem(p, cur.fam)) && !strings.EqualFold(name, w.companies[cur.Company].Name) &&
			(len(start.Jobs) == 0 || !strings.EqualFold(name, w.companies[start.Jobs[0].Company].Name))
		for _, j := range p.Jobs {
			ok = ok && !(j.Current && j.Company == c)
		}
		// A third stint at one employer is rare enough in life to draw
		// another (roles are newest first, as stints counts them).
		ok = ok && stints(p.Jobs, c) < 2
		if ok {
			return c, true
		}
	}
	return -1, false
}

// newWorkEmail returns the e-mails of person i (now p) after a move to
// company c: a new work address at its domain first, if one is free in a
// few spellings, then the personal addresses. The new address is claimed
// in the world's index of gained addresses.
func (a *advance) newWorkEmail(r *rand.Rand, i int, p *Person, c int32) []Email {
	w := a.w
	b := appendWorkLocal(nil, r, partsOf(w.nameOf(&w.people[i])))
	addr := string(append(append(b, '@'), w.companies[c].Domain...))
	rating := uint8(70)
	if chance(r, 75) {
		rating = 100
	}
	out := make([]Email, 0, len(p.Emails)+1)
	try := addr
	for range 8 {
		key := keyHash(keyEmail, try)
		_, taken := w.index.get(key)
		if _, gained := w.t.emails[key]; !taken && !gained {
			w.t.emails[key] = gainedEmail{person: int32(i), address: try}
			out = append(out, Email{Address: try, Kind: EmailWork, Rating: rating})
			break
		}
		try = respellEmail(r, addr)
	}
	return append(out, personalEmails(p.Emails)...)
}

// nameOf replays the start of a person's generation to recover the
// spellings of their name that addresses are made of.
func (w *World) nameOf(p *Person) personName {
	r := newRand(p.Seed, streamPerson)
	drawUID(r)
	city := w.geo.residents.draw(r)
	return w.names.draw(r, w.geo.placeCountry[city])
}

// movers returns the people who changed company, by day of their latest
// move, then uid.
func (w *World) movers() []int32 {
	var out []int32
	for i, c := range w.t.people {
		if c != nil && c.movedOn > 0 {
			out = append(out, int32(i))
		}
	}
	slices.SortFunc(out, func(a, b int32) int {
		ca, cb := w.t.people[a], w.t.people[b]
		if ca.movedOn != cb.movedOn {
			return int(ca.movedOn) - int(cb.movedOn)
		}
		return bytes.Compare(ca.UID[:], cb.UID[:])
	})
	return out
}

// Move is a person's change of company between the world's start and
// its clock. A person who moved twice has one Move: from the role left at
// the first move to the role begun at the latest.
type Move struct {
	Person int // index, for World.Person and World.PersonAtStart
	// From is the main role at the world's start (for a newcomer, when
	// they joined), or for someone hired since, the role they left at
	// their first move; its company was left in the month of First.
	From  Job
	To    Job       // the main role begun at the latest move, with the title it began with
	At    time.Time // the day of the latest move
	First time.Time // the day of the first move: At, for a person who moved once
	Count int       // how many times the person changed company
	// Now is the main role as of the clock: To, or a later title at the
	// same company; Company is -1 for someone who has since retired.
	Now Job
	// Still says whether the person still works at the company of To.
	Still bool
}

// MoveCount returns how many people changed company between the world's
// start and its clock.
func (w *World) MoveCount() int {
	if w.t == nil {
		return 0
	}
	return len(w.t.moved)
}

// Moves returns up to n of the people who changed company between the
// world's start and its clock, newest first: by day of their latest move,
// then uid, both descending.
func (w *World) Moves(n int) []Move {
	out, _ := w.MovesBefore(MoveCursor{}, time.Time{}, n)
	return out
}

// MoveCursor is a place in the list of moves, newest first: the day of a
// latest move and the person's uid. The zero cursor is the list's head.
type MoveCursor struct {
	At  time.Time
	UID UID
}

// MovesBefore returns up to n moves, newest first, that come after cursor
// in that order and whose latest move is on or after the day since (zero
// for any), and the cursor of the last returned when more follow (the
// zero cursor when none do). A cursor stays good as the clock moves on:
// the next page starts after the same move.
func (w *World) MovesBefore(cursor MoveCursor, since time.Time, n int) ([]Move, MoveCursor) {
	if w.t == nil || n <= 0 {
		return nil, MoveCursor{}
	}
	moved := w.t.moved
	end := len(moved)
	if !cursor.At.IsZero() {
		day := int32(cursor.At.Sub(w.Start()).Hours() / 24)
		end, _ = slices.BinarySearchFunc(moved, 0, func(i int32, _ int) int {
			c := w.t.people[i]
			if c.movedOn != day {
				return int(c.movedOn) - int(day)
			}
			return bytes.Compare(c.UID[:], cursor.UID[:])
		})
	}
	first := int32(0)
	if !since.IsZero() {
		first = int32(math.Ceil(since.Sub(w.Start()).Hours() / 24))
	}
	var out []Move
	k := end - 1
	for ; k >= 0 && len(out) < n; k-- {
		if w.t.people[moved[k]].movedOn < first {
			break
		}
		out = append(out, w.move(int(moved[k])))
	}
	if k < 0 || len(out) == 0 || w.t.people[moved[k]].movedOn < first {
		return out, MoveCursor{}
	}
	last := w.t.people[moved[k+1]]
	return out, MoveCursor{At: w.Start().AddDate(0, 0, int(last.movedOn)), UID: last.UID}
}

// move returns the Move of person i, who changed company.
func (w *World) move(i int) Move {
	c := w.t.people[i]
	m := Move{Person: i, At: w.Start().AddDate(0, 0, int(c.movedOn)), First: w.Start().AddDate(0, 0, int(c.firstMove)),
		Count: int(c.moves), Now: Job{Company: -1}}
	if j, ok := w.people[i].CurrentJob(); ok {
		m.From = j
	} else {
		// Hired since: the role whose end the first move made, the
		// latest of those ended that month.
		left := monthOfTime(m.First)
		for _, j := range c.Jobs {
			if !j.Current && j.End == left {
				m.From = j
				break
			}
		}
	}
	// The role the latest move began: the earliest of the roles begun
	// that month that are not side roles (a retitle comes a year on at
	// the soonest).
	began := monthOfTime(m.At)
	for k := len(c.Jobs) - 1; k >= 0; k-- {
		if j := c.Jobs[k]; j.Start == began && (k == 0 || !j.Current) {
			m.To = j
			break
		}
	}
	if j, ok := c.CurrentJob(); ok {
		m.Now = j
		m.Still = j.Company == m.To.Company
	}
	return m
}

// TotalYears returns the person's whole years over all roles as of the
// world's clock (the profile's totalExperience).
func (w *World) TotalYears(p *Person) int { return totalMonths(p.Jobs, w.month) / 12 }

// YearsInRole returns the person's whole years in their main current
// role as of the world's clock, and false for someone without one.
func (w *World) YearsInRole(p *Person) (int, bool) {
	j, ok := p.CurrentJob()
	if !ok {
		return 0, false
	}
	return (int(w.month) - int(j.Start)) / 12, true
}
