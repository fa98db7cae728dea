package world

import (
	"math/rand/v2"
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
// head of their line of work's title, from the founding on.
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
					w.retitleTo(r, p, j, VP)
					changed = true
					continue
				}
			}
			if t.Level == Founder {
				if founders[j.Company] < maxFounders {
					founders[j.Company]++
				} else {
					w.retitleTo(r, p, j, Head)
					changed = true
				}
			}
		}
		if changed {
			w.derive(p, w.now)
			w.fitSkills(p)
		}
	}
}

// retitleTo gives p's role j a title of level l in the person's line of
// work: the role's own, or for a title of no line (a chief executive's,
// a founder's) that of the person's other roles; operations where that
// is none, has no title of the level (no head of hair styling), or is a
// trade the company is not in (no head of nursing at a software house).
func (w *World) retitleTo(r *rand.Rand, p *Person, j *Job, l Level) {
	f := j.fam
	for _, other := range p.Jobs {
		if f != famGeneral {
			break
		}
		f = other.fam
	}
	if f == famGeneral || !w.fits(j.Company, f) || len(w.titles.byFamilyLevel[f][l]) == 0 {
		f = famOperations
	}
	held := func(t TitleID) bool {
		for k := range p.Jobs {
			if o := &p.Jobs[k]; o != j && o.Company == j.Company && o.Title == t {
				return true
			}
		}
		return false
	}
	t := w.title(r, f, w.stemOf(p, f), l, yearOf(j.Start, w.now))
	for range 6 {
		if !held(t) {
			break // not a title the person held at the company before
		}
		t = w.title(r, f, w.stemOf(p, f), l, yearOf(j.Start, w.now))
	}
	j.Title, j.fam = t, f
}

// yearOf returns the year of month m, or of now when m is unknown.
func yearOf(m, now Month) int {
	if m == 0 {
		return now.Year()
	}
	return m.Year()
}
