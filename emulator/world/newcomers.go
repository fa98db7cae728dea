package world

import (
	"math/rand/v2"
	"slices"
	"strings"
	"time"
)

// The world renews itself: besides the people of its start, it holds
// newcomers who join the network as its clock moves on, a cohort a year
// of young people who finish their studies and take a first job (or
// look for one). Each is generated with the world, as of the month they
// join (their history leads up to it), and is counted by Len, found and
// searched only from that day on; so a world at a date stays a pure
// function of its config and the date.

// newcomersPerMille is how many newcomers join a year, per thousand
// people of the start: more than retire (the network grows), and enough
// that the share of entry-level roles holds as the clock moves on, though
// interns and juniors move up within three years (dueDays).
const newcomersPerMille = 45

// newcomers returns how many newcomers a world of people holds: those
// who join over the ten years of the clock.
func newcomers(people int) int {
	return people * newcomersPerMille * MaxDays / 365 / 1000
}

// joinDay returns the day after the world's start on which newcomer k
// of n joins: they join evenly over the clock's ten years, in order.
func joinDay(k, n int) int {
	return 1 + k*MaxDays/n
}

// joined returns how many of n newcomers have joined by day.
func joined(n, day int) int {
	if n == 0 || day < 1 {
		return 0
	}
	// Newcomer k has joined when k·MaxDays/n < day.
	return min(n, (day*n+MaxDays-1)/MaxDays)
}

// hireDay returns the day after the world's start on which a person
// without a role at the start (or when they join, on day since) takes
// one, or -1 for someone not hired in the clock's ten years: a student
// some months after their studies end, a job seeker within a year and a
// half; about one in ten who worked before stays out of work, while a
// graduate with no role yet always finds a first one.
func (w *World) hireDay(p *Person, since int) int {
	h := mix64(careerSeed(p) ^ streamHire)
	if h%100 < 10 && len(p.Jobs) > 0 || w.Start().Year()-int(p.BirthYear)+since/365 >= 60 {
		return -1
	}
	day := since + 30 + int(h>>8%480)
	if len(p.Education) > 0 && p.Education[0].End != 0 {
		end := time.Date(int(p.Education[0].End), time.July, 1, 0, 0, 0, 0, time.UTC)
		if d := int(end.Sub(w.Start()).Hours()/24) + int(h>>20%240); d > day {
			day = d
		}
	}
	if day > MaxDays {
		return -1
	}
	return day
}

// hire gives person i (now p) a role in month m: a graduate's first,
// at entry level, in the line of work they studied for; a job seeker's
// next, at the level of their last (a VP's for a chief's), or for one who was
// an intern or a junior, the next one up.
func (a *advance) hire(r *rand.Rand, i int, p *Person, m Month) {
	w := a.w
	if _, ok := p.CurrentJob(); ok {
		return
	}
	country := w.geo.placeCountry[p.City]
	fam, level := w.studiedFor(r, p, country), Entry
	if chance(r, 40) {
		level = Junior
	}
	if len(p.Jobs) > 0 {
		last := p.Jobs[0]
		if f := lineOf(p.Jobs); f != famGeneral || last.fam == famGeneral {
			fam = f // an executive without a trade seeks another executive's post
		}
		if l := w.titles.titles[last.Title].Level; entryLevel(l) {
			level = rung(l, 1)
		} else if slices.Contains(ladder, l) {
			level = l
		} else {
			level = Senior
		}
		level = ladder[min(slices.Index(ladder, level), slices.Index(ladder, VP))]
	}
	// Not back at the last employer: a new title there would read as a
	// return, the old one as a role held twice.
	ok := func(c int32) bool {
		return w.fits(c, fam) && w.hiring.roleFits(c, fam, w.careerStem(p, fam)) && (len(p.Jobs) == 0 || c != p.Jobs[0].Company && stints(p.Jobs, c) < 2)
	}
	c := w.hiring.employerOfRole(r, country, fam, w.careerStem(p, fam), level)
	for range 8 {
		if ok(c) {
			break
		}
		c = w.hiring.employerOfRole(r, country, fam, w.careerStem(p, fam), level)
	}
	if !ok(c) {
		return
	}
	role := Job{Company: c, Location: w.jobPlace(r, p.City, country, true), Seed: r.Uint32(),
		Title: w.title(r, fam, w.careerStem(p, fam), level, m.Year()), Start: m, Current: true, fam: fam}
	if w.titles.fam[role.Title] == famGeneral {
		role.fam = famGeneral
	}
	if len(p.Jobs) == 0 && strings.Contains(w.titles.titles[role.Title].Name, "Manager") {
		// A graduate's first role is no manager's: a related role's
		// title of the level instead (an Account Executive's for a Key
		// Account Manager's).
		if t, ok := w.beginnersRole(r, p, nil, fam, role.Title, w.titles.titles[role.Title].Level, m.Year()); ok {
			role.Title = t
		}
	}
	if len(p.Jobs) > 0 && p.Jobs[0].fam == fam && w.titles.titles[p.Jobs[0].Title].Level == level {
		role.Title = p.Jobs[0].Title // the job seeker's own title, at a new employer
	}
	if !w.hiring.titleFits(c, fam, role.Title) {
		return // the employer has no such role (roleFunctions)
	}
	if len(p.Jobs) > 0 && !w.stepsAsCareers(p.Jobs[0], role) {
		return // no title of the level fits: the search goes on
	}
	role.Location = w.rolePlace(w.nearHome(role, p.City))
	emails := a.newWorkEmail(r, i, p, c)
	cp := a.own(i)
	cp.Jobs = append([]Job{role}, cp.Jobs...)
	w.keepSkillsOfWork(&cp.Person)
	cp.Emails, cp.OpenToWork = emails, false
	w.derive(&cp.Person, m)
}

// studiedFor returns the line of work a person's latest studies lead
// to, or one drawn for their country when they list none; never one
// whose titles need a degree they lack (biology does not make a
// physician).
func (w *World) studiedFor(r *rand.Rand, p *Person, country countryID) family {
	if len(p.Education) > 0 {
		field := p.Education[0].Field
		for f := famGeneral + 1; f < numFamilies; f++ {
			if slices.Contains(w.schools.byFamily[f], field) && w.hiring.employs(country, f) && w.mayWorkIn(p, f) {
				return f
			}
		}
	}
	g := generator{World: w, hiring: w.hiring}
	f := g.drawFamily(r, country)
	for range 8 {
		if w.mayWorkIn(p, f) {
			return f
		}
		f = g.drawFamily(r, country)
	}
	return famOperations // a line of no regulated profession
}
