package world

import "math/rand/v2"

// ownerProbes bounds the people looked at for the owner of a
// self-employed company: the first of its country from a point its seed
// picks.
const ownerProbes = 100_000

// pickOwners picks the owner of each self-employed company, before
// careers are drawn: a person of the company's country (their home is the
// first draw of their own seed, replayed here), whose home becomes the
// company's. It returns the company of each owner. A company whose
// country has no one free becomes a private company.
func (w *World) pickOwners() map[int32]int32 {
	owners := map[int32]int32{}
	n := w.cfg.People // an owner is on the network from the start
	src := rand.NewPCG(0, 0)
	r := rand.New(src)
	home := func(i int) int32 {
		reseed(src, seedFor(w.cfg.Seed, streamPerson, i), streamPerson)
		drawUID(r)
		return int32(w.geo.residents.draw(r))
	}
	for i := range w.companies {
		c := &w.companies[i]
		if c.Type != SelfEmployed {
			continue
		}
		country := w.geo.placeCountry[c.City]
		industry := w.industries.name(c.Industry)
		from := int(seedFor(w.cfg.Seed, streamSeats, i) % uint64(n))
		c.Type = PrivateCompany
		for k := range min(n, ownerProbes) {
			p := int32((from + k) % n)
			if _, taken := owners[p]; taken {
				continue
			}
			if city := home(int(p)); w.geo.placeCountry[city] == country && !banned(industry, &w.geo.places[city]) {
				owners[p], c.City, c.Type = int32(i), city, SelfEmployed
				break
			}
		}
	}
	return owners
}

// settleOwners dates each self-employed company from its owner's role
// there (the world's companies were drawn before its people), and makes
// one whose owner has no current role there (still studying) a private
// company with no one on the network.
func (w *World) settleOwners(owners map[int32]int32) {
	for p, c := range owners {
		jobs := w.people[p].Jobs
		if len(jobs) > 0 && jobs[0].Current && jobs[0].Company == c {
			w.companies[c].Founded = uint16(jobs[0].Start.Year())
		} else {
			w.companies[c].Type = PrivateCompany
		}
	}
}
