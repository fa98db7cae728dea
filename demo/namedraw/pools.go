package namedraw

import (
	"github.com/enrich-dev/enrich/emulator/world"
)

// lenders are the kinds few people lend themselves to, each with what
// tells who does: the number of the group a person falls in (a kind
// draws its groups alike), or -1. Each kind draws its person from those
// who lend themselves, gathered once, so that drawing the kind seldom
// fails; the other kinds draw anyone.
var lenders = map[Kind]func(d *Drawer, p *world.Person) int{
	HiddenName: func(d *Drawer, p *world.Person) int { return when(HidesName(p)) },
	GermanGiven: func(d *Drawer, p *world.Person) int {
		_, ok := umlautsOut(p.FirstName)
		return when(ok && germanSpeaking[d.w.Places()[p.City].Country])
	},
	LocalPlace: func(d *Drawer, p *world.Person) int {
		return when(len(localForms[placeKey(d.w.Places()[p.City])]) > 0)
	},
	WebInitials: func(d *Drawer, p *world.Person) int { return when(shortHead(d.w.Company(p.Jobs[0].Company))) },
	// Half the rows hold the person's own title made of seniority words
	// alone ("Executive Assistant"), half the seniority words of a title
	// of some work ("Senior Specialist" of "Senior Procurement
	// Specialist"): the first are few.
	SeniorityTitle: func(d *Drawer, p *world.Person) int {
		t := d.w.Title(p.Jobs[0].Title).Name
		if seniorityOnly(t) {
			return 0
		}
		if _, ok := bare(t); ok {
			return 1
		}
		return -1
	},
}

// when is the group of a kind of one group: 0 for who lends themselves,
// else -1.
func when(ok bool) int {
	if ok {
		return 0
	}
	return -1
}

// person draws the index of a person to write a row of kind k of.
func (d *Drawer) person(k Kind) (int, bool) {
	lends, ok := lenders[k]
	if !ok {
		return d.rng.IntN(d.w.Len()), true
	}
	groups, built := d.pools[k]
	if !built {
		for i := range d.w.Len() {
			p := d.w.Person(i)
			if len(p.Jobs) == 0 {
				continue
			}
			if g := lends(d, p); g >= 0 {
				for len(groups) <= g {
					groups = append(groups, nil)
				}
				groups[g] = append(groups[g], int32(i))
			}
		}
		d.pools[k] = groups
	}
	var full [][]int32
	for _, g := range groups {
		if len(g) > 0 {
			full = append(full, g)
		}
	}
	if len(full) == 0 {
		return 0, false // nobody of the world lends themselves to the kind
	}
	g := full[d.rng.IntN(len(full))]
	return int(g[d.rng.IntN(len(g))]), true
}

// HidesName reports whether the emulator's search profile of p shows no
// name. The emulator decides it inside search.Index.Profile
// (emulator/search/profile.go: FullName is null when mix64(p.Seed ^
// 0x7365617263680000) % 100 == 0), which needs a whole index built; the
// rule is written again here, and kinds_test.go holds the two together.
func HidesName(p *world.Person) bool { return splitmix(p.Seed^0x7365617263680000)%100 == 0 }

// splitmix is the splitmix64 finalizer, emulator/search/marks.go's mix64.
func splitmix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}
