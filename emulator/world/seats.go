package world

import (
	"math/rand/v2"
	"slices"
	"strings"
)

// maxFounders is the most current founders a company has.
const maxFounders = 3

// office is a seat of which a company has one: its chief executive's
// (whatever the title: "CEO", "Managing Director", "Founder & CEO") and
// each chief officer's. Zero is none.
type office uint8

// offices returns the office of each title of the vocabulary.
func (v *titleVocab) offices() []office {
	byName := map[string]office{}
	out := make([]office, len(v.titles))
	for id, t := range v.titles {
		name := t.Name
		switch name {
		case "Chief Executive Officer", "CEO", "Managing Director", "President", "Founder & CEO", "Co-Founder & CEO":
			name = "CEO"
		case "Co-Founder & CTO":
			name = "Chief Technology Officer"
		}
		if name != "CEO" && !strings.HasPrefix(name, "Chief ") {
			continue
		}
		if byName[name] == 0 {
			byName[name] = office(len(byName) + 1)
		}
		out[id] = byName[name]
	}
	return out
}

// fillSeats makes each company's offices single and its founders few, as
// people's careers were drawn each on their own: the first person (by
// index) to hold an office keeps it, and those after take the title
// below (a VP of their line of work, or Co-Founder for a founder who was
// also to be the chief executive); founders beyond maxFounders take the
// head of their line of work's title, from the founding on; each within
// the steps a career takes from the role before (stepAfter).
func (w *World) fillSeats() {
	offices := w.titles.offices()
	type seat struct {
		company int32
		office  office
	}
	held := map[seat]bool{}
	founders := map[int32]int{}
	coFounder := w.titles.ids["Co-Founder"]
	r := newRand(uint64(w.cfg.Seed), streamSeats)
	for i := range w.cfg.People {
		p := &w.people[i]
		changed := false
		for k := range p.Jobs {
			j := &p.Jobs[k]
			if !j.Current {
				break // current roles come first
			}
			t := w.titles.titles[j.Title]
			if o := offices[j.Title]; o != 0 {
				s := seat{j.Company, o}
				if !held[s] {
					held[s] = true
				} else if t.Level == Founder {
					// The line of work stays: a co-founder who was to be
					// the CTO still describes engineering.
					j.Title, t = coFounder, w.titles.titles[coFounder]
					changed = true
				} else {
					w.lowerStay(r, p, j, VP)
					w.retitleTo(r, p, j, VP)
					changed = true
					continue
				}
			}
			if t.Level == Founder {
				if founders[j.Company] < maxFounders {
					founders[j.Company]++
				} else {
					w.lowerStay(r, p, j, Head)
					w.retitleTo(r, p, j, Head)
					changed = true
				}
			}
		}
		if changed {
			w.derive(p, w.now)
			w.keepSkillsOfRoles(p)
			w.fitSkills(p)
		}
	}
}

// retitleTo gives p's role j a title of level l in the person's line of
// work: the role's own, or for a title of no line (a chief executive's,
// a founder's) that of the person's other roles; where that has no title
// of the level (no head of hair styling) or is a trade the company is
// not in (no head of nursing at a software house), a line that follows
// it (tradesAfter) the company is in, for a career that has not changed
// trade before, else a board seat. The level is kept within the steps a
// career takes from the role before (stepAfter), below a chief's.
func (w *World) retitleTo(r *rand.Rand, p *Person, j *Job, l Level) {
	f := j.fam
	for _, other := range p.Jobs {
		if f != famGeneral {
			break
		}
		f = other.fam
	}
	fit := func(f family) bool {
		return f != famGeneral && w.fits(j.Company, f) && len(w.titles.byFamilyLevel[f][l]) > 0
	}
	if !fit(f) {
		next := famGeneral
		for _, g := range tradesAfter[f] {
			if fit(g) && !changedTrade(p.Jobs) {
				next = g
				break
			}
		}
		f = next
	}
	if l = w.stepAfter(p, j, f, l); slices.Index(ladder, l) > slices.Index(ladder, VP) {
		l = VP // not the chief's office, which another holds
	}
	if end := yearOf(j.End, w.now); f == famGeneral || l < Senior && j.Start != 0 && (end-j.Start.Year())*12 > titleMonthsMax {
		// No line the career may take fits, or the title would be one
		// below a lifelong level held too long: a seat on the board of
		// the company it is.
		j.Title, j.fam = w.title(r, famGeneral, -1, Board, yearOf(j.Start, w.now)), famGeneral
		return
	}
	v, prev := w.titles, w.ladderRoleBefore(p, j)
	// Not a title the person held at the company before, nor the title
	// before by another wording, nor an individual contributor's after
	// a manager's post (titleVocab.toContributor) of no higher rung or
	// in one stay, nor one whose degree the person lacks (a lecturer's).
	unfit := func(t TitleID) bool {
		if !w.qualified(p, v.need[t]) || !w.hiring.titleFits(j.Company, f, t) {
			return true
		}
		for k := range p.Jobs {
			if o := &p.Jobs[k]; o != j && o.Company == j.Company && (o.Title == t || v.heldIn([]TitleID{o.Title}, t)) {
				return true
			}
		}
		return prev != nil && (t != prev.Title && v.heldIn([]TitleID{prev.Title}, t) || v.stepsBackTo(prev.Title, t) ||
			prev.Company == j.Company && v.toContributor(prev.Title, t))
	}
	stem, year := w.careerStem(p, f), yearOf(j.Start, w.now)
	t := w.title(r, f, stem, l, year)
	for range 6 {
		if !unfit(t) {
			break
		}
		t = w.title(r, f, stem, l, year)
	}
	if unfit(t) {
		// A manager's title of the level, of an area the person's role
		// heads, where one fits.
		areas := v.areas[f][l]
		if stem >= 0 && stem < len(v.stemAreas[f]) {
			areas = v.stemAreas[f][stem][l]
		}
		o, ok := v.pickIn(r, slices.DeleteFunc(slices.Clone(areas), unfit), year)
		if !ok {
			// Every title of the level is one held in the stay (a VP
			// of Engineering whose chief's office went to another): a
			// seat on the board of the company instead.
			j.Title, j.fam = w.title(r, famGeneral, -1, Board, year), famGeneral
			return
		}
		t = o
	}
	j.Title, j.fam = t, f
	if j.Current {
		j.Location = w.rolePlace(w.nearHome(*j, p.City)) // a title done in person, near home
	}
}

// ladderRoleBefore returns the role of p's main line just before role j
// on the ladder (the newest past role older than j whose title is of a
// rung), or nil when there is none.
func (w *World) ladderRoleBefore(p *Person, j *Job) *Job {
	older := false
	for k := range p.Jobs {
		o := &p.Jobs[k]
		if o == j {
			older = true
			continue
		}
		if older && !o.Current && slices.Index(ladder, w.titles.titles[o.Title].Level) >= 0 {
			return o
		}
	}
	return nil
}

// yearOf returns the year of month m, or of now when m is unknown.
func yearOf(m, now Month) int {
	if m == 0 {
		return now.Year()
	}
	return m.Year()
}

// stepAfter returns level l for role j of p, of line f, kept within the
// steps a career takes from the role before it on the ladder (the
// newest of p's past roles older than j): down a rung at most and not
// within a stay at one company, up one at most (an intern's to a full
// title but for that), and a rung down into
// another line of work (a junior's at the least).
func (w *World) stepAfter(p *Person, j *Job, f family, l Level) Level {
	older := false
	for k := range p.Jobs {
		o := &p.Jobs[k]
		if o == j {
			older = true
			continue
		}
		if !older || o.Current {
			continue
		}
		b := slices.Index(ladder, w.titles.titles[o.Title].Level)
		if b < 0 {
			continue
		}
		lo, hi := b-1, b+1
		if b == 0 {
			hi = slices.Index(ladder, MidLevel) // an intern become a full professional
		}
		if o.Company == j.Company {
			lo = b
		}
		if o.fam != f && o.fam != famGeneral {
			lo, hi = max(b-1, 1), max(b-1, 1)
		}
		return ladder[max(lo, min(hi, slices.Index(ladder, l)))]
	}
	return l
}

// changedTrade reports whether the roles change line of work.
func changedTrade(jobs []Job) bool {
	f := famGeneral
	for _, j := range jobs {
		if j.fam == famGeneral {
			continue
		}
		if f != famGeneral && j.fam != f {
			return true
		}
		f = j.fam
	}
	return false
}

// lowerStay gives the past roles of the stay at the company of p's role
// j that are above level l a title of level l: the person whose office
// went to another (fillSeats) held no higher one there before.
func (w *World) lowerStay(r *rand.Rand, p *Person, j *Job, l Level) {
	for k := range p.Jobs {
		o := &p.Jobs[k]
		if o.Current {
			continue
		}
		if o.Company != j.Company {
			return
		}
		if slices.Index(ladder, w.titles.titles[o.Title].Level) > slices.Index(ladder, l) {
			w.retitleTo(r, p, o, l)
		}
	}
}

// keepSkillsOfRoles drops the skills of a line of work none of p's roles
// is in any longer: a founder's design skills once their seat became a
// board's.
func (w *World) keepSkillsOfRoles(p *Person) {
	leader := false
	for _, j := range p.Jobs {
		leader = leader || j.fam == famGeneral || leads(w.titles.titles[j.Title].Level)
	}
	kept := p.Skills[:0]
	for _, s := range p.Skills {
		if slices.Contains(w.skills.generic, s) || w.ownSkill(p, s) || leader && slices.Contains(w.skills.byFamily[famGeneral], s) {
			kept = append(kept, s)
		}
	}
	p.Skills = kept
}
