package world

// Entry-level titles are held a while only: an internship or a trainee
// programme lasts months, a junior's title one to three years. The
// generated history keeps them to the first months and years of a career
// (internMonths, juniorMonths); on the world's clock, everyone in an
// entry-level role at the start, and everyone hired since, has their
// promotions fall due on days drawn from their seed (dueDays), as the
// clock's other career events are.

// dueDays returns the days after the world's start on which a person's
// promotions fall due: the intern's or trainee's to a junior's title,
// then the junior's to a full one, each with second chances two and four
// months later for one whose role had just changed (promotionDue); -1
// for none. For someone in an entry-level role when they join the
// network (on day since: 0 for the people of the start), they fall due
// nine months to a year into the internship, and two and a quarter to
// nearly three years into the junior's title (or in the month after they
// join, when that is past); for someone hired on day hired (-1 for no
// one), nine months to a year after, and twenty months to two years
// later.
func (w *World) dueDays(p *Person, since, hired int) [2 * dueTries]int {
	var none [2 * dueTries]int
	for k := range none {
		none[k] = -1
	}
	h := mix64(careerSeed(p) ^ streamHire<<48)
	intern := Month(9 + h%4)      // months of an internship
	junior := Month(20 + h>>8%4)  // months of a junior's title after one
	onward := Month(27 + h>>16%8) // months of a junior's title in all
	// The day of month m on which it falls due: one of its first four
	// weeks, after the world's start.
	day := func(m Month) int {
		return max(1, int(m.Time().Sub(w.Start()).Hours()/24)+int(h>>24%28))
	}
	joined := monthOfTime(w.Start().AddDate(0, 0, since))
	next := func(m Month) Month { return max(m, joined+1) }
	// The days of the two promotions, due in months first and second
	// (0 for none), and of their second chances.
	days := func(first, second Month) [2 * dueTries]int {
		out := none
		for k := range dueTries {
			if first != 0 {
				out[k] = day(first + Month(k*retryMonths))
			}
			out[dueTries+k] = day(second + Month(k*retryMonths))
		}
		return out
	}
	if hired >= 0 {
		at := monthOfTime(w.Start().AddDate(0, 0, hired))
		return days(at+intern, at+intern+junior)
	}
	j, ok := p.CurrentJob()
	if !ok {
		return none
	}
	switch l := w.titles.titles[j.Title].Level; l {
	case Entry:
		first := next(runStart(w, p.Jobs, l) + intern)
		return days(first, first+junior)
	case Junior:
		return days(0, next(runStart(w, p.Jobs, l)+onward))
	}
	return none
}

// dueTries is how many times a promotion falls due, retryMonths apart:
// a promotion does not come in the first months of a role (promotionDue),
// which is one begun by a hire or a new title (a move in the months
// before the promotion brings it: dueWithin), and a role changes at most
// once in a year but for promotions.
const (
	dueTries    = 3
	retryMonths = 2
)

// runStart returns the month the run of roles at level l that ends with
// the main role began: the start of the oldest of the main line's roles
// at l just before it, each begun when the one before it ended (of a
// known start).
func runStart(w *World, jobs []Job, l Level) Month {
	from := jobs[0].Start
	for _, j := range jobs[1:] {
		if j.Current {
			continue // a side role
		}
		if w.titles.titles[j.Title].Level != l || j.Start == 0 {
			break
		}
		from = j.Start
	}
	if from == 0 {
		return w.now
	}
	return from
}

// promotionDue reports whether a promotion that falls due in month m
// comes about: an intern's always, a junior's after a year at the level;
// neither in the first months of the role (retryMonths), which a move to
// another company or a new title began.
func (w *World) promotionDue(jobs []Job, l Level, m Month) bool {
	if jobs[0].Start != 0 && int(m)-int(jobs[0].Start) < retryMonths {
		return false
	}
	switch l {
	case Entry:
		return true
	case Junior:
		return int(m)-int(runStart(w, jobs, Junior)) >= 12
	}
	return false
}

// dueWithin reports whether person i, at level l in month m, has the
// promotion from it fall due within dueAhead months, or overdue.
func (w *World) dueWithin(i int, l Level, m Month) bool {
	k := 0
	switch l {
	case Entry:
	case Junior:
		k = dueTries
	default:
		return false
	}
	p := &w.people[i]
	since, hired := 0, -1
	if i >= w.cfg.People {
		since = joinDay(i-w.cfg.People, len(w.people)-w.cfg.People)
	}
	if _, ok := p.CurrentJob(); !ok {
		if hired = w.hireDay(p, since); hired < 0 {
			return false
		}
	}
	day := w.dueDays(p, since, hired)[k]
	return day >= 0 && int(monthOfTime(w.Start().AddDate(0, 0, day)))-int(m) <= dueAhead
}

// dueAhead is how many months before a promotion falls due a move to
// another company brings it.
const dueAhead = 6
