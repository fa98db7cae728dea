package world

import (
	"strconv"
	"strings"

	"github.com/nyaruka/phonenumbers"
)

// phoneChecks are the realism points of this file (see realismCheck).
var phoneChecks = []realismCheck{
	{
		// phonenumbers' own verdict on every number of every person.
		name:  "phone numbers not valid for their country",
		count: countInvalidPhones,
	},
	{
		// Outside the US and Canada (checkAreaCodes): a landline, or a
		// mobile where mobiles are geographic (Brazil, Mexico, China),
		// carries the area code of the person's city, or where the
		// geocoding names no prefix of the city, that of the nearest city
		// it names or of the city's region: the geocoding of the number
		// names that city (or region), and a Brazilian or Argentine
		// mobile's area code, or a French landline's zone, is that of the
		// city's landlines. Numbers the data places nowhere (India's
		// mobiles; Manila's landlines, in a country whose data names few
		// cities) are not counted. A number of the city the person lived
		// in when it was drawn counts as theirs (the next point counts
		// those).
		name:  "geographic numbers not of the area code of the person's city",
		count: func(w *World) tally { return countAreaCodes(w, false, "") },
	},
	{
		// Someone who moves to another city with a new job (relocate)
		// keeps their numbers, as the clock gives none new: ten years
		// on, about one geographic number in eight (13 % at 20,000
		// people) carries the area code of a city its owner left. People
		// do keep their mobiles when they move; a landline they would
		// not keep, which only the clock can mend.
		name:      "geographic numbers of a city the person left",
		limit:     0.2,
		laterOnly: true,
		count:     func(w *World) tally { return countAreaCodes(w, true, "") },
	},
	{
		// Outside the US and Canada, a landline (and a geographic mobile)
		// carries an area code of the person's region: it starts with a
		// head that the data gives a city of the region, or the region
		// itself. A city
		// the data names no code of takes its nearest named neighbour's
		// only within its region (Kladno dials Central Bohemia's 31, not
		// Prague's 2), but for the suburbs of a metropolis across a
		// region's border (metroAreas: Greater Buenos Aires dials the
		// capital's 11). A number of the region the person lived in when
		// it was drawn counts as theirs.
		//
		// Not a firm rule: some towns really dial a code of the next
		// region (Cipolletti, of Río Negro, Neuquén's 299; Petah Tikva,
		// of Israel's Central District, Tel Aviv's 03), which the data
		// does not tell from the faults this counts (Hyderabad with
		// Karnataka's Chincholi 8475, when the geocoding's "Andhra
		// Pradesh" hid Telangana's cities; Ramla, of the same district,
		// with Tel Aviv's 03 where it dials 08): about 3 % at 20,000
		// people, 6 % before those were mended.
		name:  "geographic numbers of an area code of another region",
		limit: 0.05,
		count: func(w *World) tally { return countForeignAreaCodes(w, "") },
	},
	{
		// A US or Canadian number carries an area code of the person's
		// town's exchanges (of the nearest town the data names, for a
		// town of none), or of the town they lived in when it was drawn:
		// a number of the state's other area codes reads as another
		// city's (a Lynn, Massachusetts mobile of Springfield's 413).
		name:  "US and Canadian numbers of an area code none of the town's exchanges has (413 in Lynn, Massachusetts)",
		count: countNorthAmericanAreaCodes,
	},
	{
		// A Czech landline starts with its region's range of the national
		// plan (czechRanges): 2 Prague, 31 or 32 Central Bohemia, 54 Brno.
		name:  "Czech landlines not of the range of the person's region",
		count: countCzechRanges,
	},
	{
		// Buenos Aires and the towns of Greater Buenos Aires (metroAreas)
		// dial 11: a landline +54 11, a mobile +54 9 11.
		name:  "Greater Buenos Aires numbers not of area code 11",
		count: countBuenosAires11,
	},
}

// countCzechRanges counts the landlines of people in Czechia that start
// with neither the range of their region nor that of the region they
// lived in when the number was drawn.
func countCzechRanges(w *World) tally {
	g := w.geo
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		if g.places[p.City].Country != "CZ" {
			continue
		}
		home := w.PersonAtStart(i).City
		for _, ph := range p.Phones {
			nsn := strings.TrimPrefix(strconv.FormatUint(ph.Number, 10), "420")
			if ph.Kind != PhoneWork {
				continue // mobiles carry no area code
			}
			of := func(place int32) bool {
				for _, r := range czechRanges[g.places[place].Admin1] {
					if strings.HasPrefix(nsn, r) {
						return true
					}
				}
				return false
			}
			n.add(!of(p.City) && !of(home), "%s of person %d in %s", ph.E164(), i, g.places[p.City].Display)
		}
	}
	return n
}

// countBuenosAires11 counts the numbers of people of Greater Buenos Aires
// that carry another area code than 11, but for those of the city the
// person lived in when the number was drawn.
func countBuenosAires11(w *World) tally {
	g, plan := w.geo, w.phonePlans.local
	// The city and its suburbs are the places that take its heads.
	inGreater := func(place int32) bool {
		from := plan.from[place]
		return g.places[place].Country == "AR" && from >= 0 && g.places[from].GeonameID == metroAreas[0].city
	}
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		if !inGreater(p.City) {
			continue
		}
		home := w.PersonAtStart(i).City
		for _, ph := range p.Phones {
			digits := strconv.FormatUint(ph.Number, 10)
			ok := strings.HasPrefix(digits, "5411") || strings.HasPrefix(digits, "54911")
			if !ok && home != p.City {
				heads := plan.fixed[home]
				if ph.Kind == PhoneMobile {
					heads = plan.mobile[home]
				}
				for _, h := range heads {
					ok = ok || ph.Number/pow10[h.tail] == h.head
				}
			}
			n.add(!ok, "%s of person %d in %s", ph.E164(), i, g.places[p.City].Display)
		}
	}
	return n
}

// regionHeads holds the heads of the numbers a region's people may have
// (of the cities the data names in it, and the region's own), by country
// and region ("AR/01").
type regionHeads map[string]map[phonePrefix]bool

// regionAreaHeads collects the heads of every region outside the US and
// Canada.
func regionAreaHeads(w *World) regionHeads {
	g, plan := w.geo, w.phonePlans.local
	set := regionHeads{}
	for i := range g.places {
		p := &g.places[i]
		if from := plan.from[i]; from >= 0 && from != int32(i) {
			continue // another city's heads
		}
		key := p.Country + "/" + p.Admin1
		if set[key] == nil {
			set[key] = map[phonePrefix]bool{}
		}
		for _, heads := range [][]phonePrefix{plan.fixed[i], plan.mobile[i]} {
			for _, h := range heads {
				set[key][h] = true
			}
		}
	}
	return set
}

// allows reports whether a number is of a head of a place's region, or
// of the metropolis whose suburb the place is.
func (set regionHeads) allows(w *World, place int32, number uint64) bool {
	g, plan := w.geo, w.phonePlans.local
	of := func(p *Place) bool {
		heads := set[p.Country+"/"+p.Admin1]
		for tail := range pow10 {
			if heads[phonePrefix{head: number / pow10[tail], tail: uint8(tail)}] {
				return true
			}
		}
		return false
	}
	if of(&g.places[place]) {
		return true
	}
	metro := plan.from[place]
	return metro >= 0 && inMetroArea(g, place, metro) && of(&g.places[metro])
}

// countForeignAreaCodes counts the geographic numbers of people outside
// the US and Canada (of one country, if country is not empty) whose area
// code is of neither their region nor the region they lived in when the
// number was drawn.
func countForeignAreaCodes(w *World, country string) tally {
	g, plan := w.geo, w.phonePlans.local
	set := regionAreaHeads(w)
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		pl := &g.places[p.City]
		if pl.Country == "US" || pl.Country == "CA" || country != "" && pl.Country != country {
			continue
		}
		for _, ph := range p.Phones {
			num, err := phonenumbers.Parse(ph.E164(), "")
			if err != nil || ph.Kind == PhoneMobile && !mobilesGeographic(pl.Country) {
				continue
			}
			a, class, ok := numberArea(num)
			heads := plan.fixed[p.City]
			if class == classMobile {
				heads = plan.mobile[p.City]
			}
			if !ok || a.code == "" || len(heads) == 0 {
				continue // a number the data places nowhere here
			}
			home := w.PersonAtStart(i).City
			bad := !set.allows(w, p.City, ph.Number) && !set.allows(w, home, ph.Number)
			n.add(bad, "%s (%q, area code %s) of person %d in %s", ph.E164(), a.desc, a.code, i, pl.Display)
		}
	}
	return n
}

// countInvalidPhones counts the numbers phonenumbers finds invalid, or
// of another country than their owner's.
func countInvalidPhones(w *World) tally {
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		country := w.Places()[p.City].Country
		for _, ph := range p.Phones {
			num, err := phonenumbers.Parse(ph.E164(), "")
			bad := err != nil || !phonenumbers.IsValidNumber(num) || phonenumbers.GetRegionCodeForNumber(num) != country
			n.add(bad, "%s of person %d in %s", ph.E164(), i, country)
		}
	}
	return n
}

// cityAreas is what the numbers a city's people get say, by class of
// number: the descriptions of their heads, and the area codes of its
// landlines.
type cityAreas struct {
	descs [4]map[string]bool // by numberClass
	codes map[string]bool
}

// areasOf reads the heads of a place's plan.
func areasOf(plan *localPlan, cc int, place int32) *cityAreas {
	ca := &cityAreas{codes: map[string]bool{}}
	for k := range ca.descs {
		ca.descs[k] = map[string]bool{}
	}
	for _, heads := range [][]phonePrefix{plan.fixed[place], plan.mobile[place]} {
		for _, h := range heads {
			num := numberOf(cc, strconv.FormatUint(h.head*pow10[h.tail]+pow10[h.tail]/2, 10))
			if num == nil {
				continue
			}
			a, class, ok := numberArea(num)
			if !ok {
				continue
			}
			ca.descs[landline(class)][a.desc] = true
			if class != classMobile {
				ca.codes[a.code] = true
			}
		}
	}
	return ca
}

// landline counts numbers that may be landlines or mobiles as landlines:
// a head of landlines may hold a range of either (Johannesburg's 010 49).
func landline(class numberClass) numberClass {
	if class == classBoth {
		return classFixed
	}
	return class
}

// fits reports whether a number's area fits a city: its description is
// one the city's numbers of its class have, and names the city whose
// prefixes they are; where the description says no more than the country
// (France), and for a mobile with an area code, the area code is one of
// the city's landlines.
func (ca *cityAreas) fits(g *gazetteer, plan *localPlan, place int32, a areaOf, class numberClass) bool {
	if !ca.descs[landline(class)][a.desc] {
		return false
	}
	codeFits := func() bool {
		for c := range ca.codes {
			if strings.HasPrefix(c, a.code) || strings.HasPrefix(a.code, c) {
				return true
			}
		}
		return false
	}
	switch {
	case class == classMobile && a.code == "":
		return true // China's, by block: their descriptions name their city
	case class == classMobile:
		return codeFits()
	case a.desc == g.countryName(g.places[place].Country):
		return codeFits() // France's, which the geocoding does not place
	}
	// A city whose code the numbering plan gives (cityCodes), though the
	// geocoding names its state, fits by its code.
	from := plan.from[place]
	return from < 0 || namesPlace(g, a.desc, from) || plannedCode(&g.places[from], a.code)
}

// countAreaCodes counts the geographic numbers of people outside the US
// and Canada (of one country, if country is not empty) whose area does
// not fit their city and did not fit it when they were drawn either; or
// (left) those that fit the city the person lived in then, and has left.
func countAreaCodes(w *World, left bool, country string) tally {
	g, plan := w.geo, w.phonePlans.local
	areas := map[int32]*cityAreas{}
	fits := func(place int32, cc int, a areaOf, class numberClass) bool {
		ca := areas[place]
		if ca == nil {
			ca = areasOf(plan, cc, place)
			areas[place] = ca
		}
		return ca.fits(g, plan, place, a, class)
	}
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		pl := &g.places[p.City]
		if pl.Country == "US" || pl.Country == "CA" || country != "" && pl.Country != country {
			continue
		}
		for _, ph := range p.Phones {
			num, err := phonenumbers.Parse(ph.E164(), "")
			if err != nil {
				continue // countInvalidPhones counts it
			}
			a, class, ok := numberArea(num)
			if ph.Kind == PhoneMobile && !mobilesGeographic(pl.Country) {
				// A mobile of a country whose mobiles carry no area code
				// (Chile's 9, which the library cannot tell from a landline).
				continue
			}
			heads := plan.fixed[p.City]
			if class == classMobile {
				heads = plan.mobile[p.City]
			}
			if !ok || len(heads) == 0 {
				continue // the data knows no place of such numbers here
			}
			cc := int(num.GetCountryCode())
			here := fits(p.City, cc, a, class)
			// Numbers are drawn when a person is generated, in the city
			// of the world's start: of its area, or where the data knows
			// none there (Santo Domingo), the country's.
			home := w.PersonAtStart(i).City
			homeHeads := plan.fixed[home]
			if class == classMobile {
				homeHeads = plan.mobile[home]
			}
			before := !here && home != p.City && (len(homeHeads) == 0 || fits(home, cc, a, class))
			if left {
				n.add(before, "%s (%q, area code %s) of person %d in %s, from %s", ph.E164(), a.desc, a.code, i, pl.Display, g.places[home].Display)
			} else if !before {
				n.add(!here, "%s (%q, area code %s) of person %d in %s", ph.E164(), a.desc, a.code, i, pl.Display)
			}
		}
	}
	return n
}

// countNorthAmericanAreaCodes counts the numbers of people in the US and
// Canada whose area code (NPA) is of none of the exchanges of their town,
// nor of the town they lived in when the number was drawn.
func countNorthAmericanAreaCodes(w *World) tally {
	g, a := w.geo, w.phonePlans.area
	npas := func(place int32) map[string]bool {
		out := map[string]bool{}
		for _, h := range a.byPlace[place] {
			out[strconv.Itoa(int(h / 1000))[1:]] = true
		}
		return out
	}
	var n tally
	for i := range w.Len() {
		p := w.Person(i)
		pl := &g.places[p.City]
		if pl.Country != "US" && pl.Country != "CA" || len(a.byPlace[p.City]) == 0 {
			continue
		}
		here, home := npas(p.City), npas(w.PersonAtStart(i).City)
		for _, ph := range p.Phones {
			e := ph.E164()
			if !strings.HasPrefix(e, "+1") || len(e) != 12 {
				continue
			}
			npa := e[2:5]
			n.add(!here[npa] && !home[npa], "%s of person %d in %s", e, i, pl.Display)
		}
	}
	return n
}
