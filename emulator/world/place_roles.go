package world

import (
	"math"
	"sync"
)

// Where roles are held.
//
// A role's place is drawn with the person (mostly their home, now and
// then one of their country's big cities). A company of more than
// bigCompany staff has no office in a village, though: a role there is
// held at its head office, or in the nearest place of its country with
// officeTown people or more, where such a company keeps offices (a
// country without one: its largest place). The people live where they
// live; the office they commute to is what the profile names.

// officeTown is the population from which a place has offices of a
// company of more than bigCompany staff.
const officeTown = 50_000

// rolePlace returns where a role is held as its profile shows it: the
// place drawn for it, or for a role at a company of more than
// bigCompany staff drawn in a place too small for one of its offices,
// the nearer of the company's head office (in the role's country) and
// the nearest town of officeTown people (officeTownOf). -1 is unknown.
// It draws nothing, and it gives a place it returns back: calling it
// where roles are drawn or where they are shown gives the same place.
func (w *World) rolePlace(j Job) int32 {
	at := j.Location
	if at < 0 {
		return at
	}
	c := &w.companies[j.Company]
	if c.StaffCount <= bigCompany || at == c.City {
		return at
	}
	g := w.geo
	town := officeTowns()[at]
	if town == at {
		return at
	}
	if g.placeCountry[c.City] == g.placeCountry[at] && distance(g, at, c.City) < distance(g, at, town) {
		return c.City
	}
	return town
}

// inPerson are the lines of work done in person: at the patient's side,
// the guest's table, the salon's chair, the class, the building. Their
// roles are held within a commute of home; only office work may be
// remote.
var inPerson = [numFamilies]bool{famClinical: true, famHospitality: true, famBeauty: true, famEducation: true, famFacility: true}

// nearHome returns role j of someone living at home while they hold it,
// held where it was drawn, or at home when it is of a line of work done
// in person (inPerson, by its title) and was drawn beyond a commute of
// home: a medical assistant of Juneau works in Juneau, not in San Jose.
// Where roles are drawn it comes before rolePlace.
func (w *World) nearHome(j Job, home int32) Job {
	if j.Location >= 0 && home >= 0 && inPerson[w.titles.fam[j.Title]] && !commutable(w.geo, j.Location, home) {
		j.Location = home
	}
	return j
}

// officeTowns returns, for each place of the gazetteer, the place a
// giant's role drawn there is held: itself when it (or the city it is a
// neighbourhood of) has officeTown people or more, or is its country's
// largest; else the nearest place of its country that does, or, in a
// country without one, its largest place. Built once per process.
var officeTowns = sync.OnceValue(func() []int32 {
	g := loadGazetteer()
	out := make([]int32, len(g.places))
	for cid, hubs := range g.hubs {
		var towns []int32 // hubs are most populous first
		for _, i := range hubs {
			if g.places[i].Population < officeTown {
				break
			}
			towns = append(towns, i)
		}
		if len(towns) == 0 && len(hubs) > 0 {
			towns = hubs[:1]
		}
		for _, i := range g.byCountry[cid] {
			if city := g.cityOf[i]; g.places[city].Population >= officeTown || len(towns) > 0 && city == towns[0] || len(towns) == 0 {
				out[i] = i
				continue
			}
			best, bestD := towns[0], math.Inf(1)
			for _, t := range towns {
				if d := distance(g, i, t); d < bestD {
					best, bestD = t, d
				}
			}
			out[i] = best
		}
	}
	return out
})

// commuteKm is the farthest, as the crow flies, that people travel daily
// between home and work or school.
const commuteKm = 100

// commutable reports whether two places are within a daily commute of
// each other.
func commutable(g *gazetteer, a, b int32) bool {
	c := commuteKm / earthRadiusKm
	return a == b || distance(g, a, b) <= c*c
}

// earthRadiusKm is the mean radius of the earth.
const earthRadiusKm = 6371.0

// distance is a measure of how far apart two places are: the squared
// length of the chord between them on the unit sphere, which orders
// distances as the great circle does.
func distance(g *gazetteer, a, b int32) float64 {
	pa, pb := &g.places[a], &g.places[b]
	la, lb := pa.Latitude*math.Pi/180, pb.Latitude*math.Pi/180
	dl := (pa.Longitude - pb.Longitude) * math.Pi / 180
	x := math.Cos(la) - math.Cos(lb)*math.Cos(dl)
	y := -math.Cos(lb) * math.Sin(dl)
	z := math.Sin(la) - math.Sin(lb)
	return x*x + y*y + z*z
}
