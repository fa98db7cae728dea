package search

import (
	"encoding/json"
	"sort"

	"github.com/enrich-dev/enrich/emulator/world"
)

// Profile is a brief search profile (interface 2.3) as the wire carries it.
type Profile struct {
	UID        string   `json:"uid"`
	FullName   *string  `json:"fullName"`
	Location   string   `json:"location"`
	Experience []Role   `json:"experience"`
	Skills     []string `json:"skills"`
	// ContactsFetched is null, or "YYYY-MM-DD HH:MM:SS" when the account
	// already fetched the person's contacts; left out (nil) where the
	// service omits it.
	ContactsFetched json.RawMessage `json:"contactsFetched,omitempty"`
	OpenToWork      bool            `json:"openToWork"`
}

// Role is a title at a company; either may be null, as on the service.
type Role struct {
	Company *string `json:"company"`
	Title   *string `json:"title"`
}

// Null is the JSON null, for Profile.ContactsFetched.
var Null = json.RawMessage("null")

// Profile renders person i's search profile, current roles first. The
// service's data is patchy, and so is the profile's, deterministically: a
// name is null for about one person in a hundred, a role's company or
// title for about one role in fifty.
func (ix *Index) Profile(i int32) Profile {
	p := ix.w.Person(int(i))
	out := Profile{
		UID:             p.UID.String(),
		Location:        ix.loc.places[p.City].Display,
		Experience:      make([]Role, 0, len(p.Jobs)),
		Skills:          make([]string, 0, len(p.Skills)),
		ContactsFetched: Null,
		OpenToWork:      p.OpenToWork,
	}
	h := mix64(p.Seed ^ 0x7365617263680000) // "search"
	if h%100 != 0 {
		name := p.FullName
		out.FullName = &name
	}
	companies := ix.w.Companies()
	for k, j := range p.Jobs {
		r := mix64(h + uint64(k) + 1)
		var role Role
		if r%50 != 0 {
			name := companies[j.Company].Name
			role.Company = &name
		}
		if r/50%50 != 0 {
			title := ix.w.Title(j.Title).Name
			role.Title = &title
		}
		out.Experience = append(out.Experience, role)
	}
	skills := ix.w.Skills()
	for _, s := range p.Skills {
		out.Skills = append(out.Skills, skills[s])
	}
	return out
}

// HeldTitles returns the titles people hold in a current role, the most
// held first (ties by name).
func (ix *Index) HeldTitles() []string {
	type held struct {
		name string
		n    int
	}
	var all []held
	for id, p := range ix.curTitle {
		if n := p.count(); n > 0 {
			all = append(all, held{ix.w.Title(world.TitleID(id)).Name, n})
		}
	}
	sort.Slice(all, func(a, b int) bool {
		if all[a].n != all[b].n {
			return all[a].n > all[b].n
		}
		return all[a].name < all[b].name
	})
	out := make([]string, len(all))
	for k, h := range all {
		out[k] = h.name
	}
	return out
}

// Locations returns location strings that the location filter recognizes
// and that match people, in turn a country, a US state or Canadian
// province and a city ("Austin, Texas, United States"), each kind the most
// populated first.
func (ix *Index) Locations() []string {
	l := ix.loc
	residents := make([]int, len(l.places))
	for _, c := range ix.city {
		residents[c]++
	}
	byCountry := make([]int, len(l.countries))
	byRegion := make([]int, len(l.regions))
	for place, n := range residents {
		byCountry[l.countryOf[place]] += n
		if r := l.regionOf[place]; r >= 0 {
			byRegion[r] += n
		}
	}
	ranked := func(counts []int, name func(int) string) []string {
		idx := make([]int, 0, len(counts))
		for i, n := range counts {
			if n > 0 {
				idx = append(idx, i)
			}
		}
		sort.SliceStable(idx, func(a, b int) bool { return counts[idx[a]] > counts[idx[b]] })
		var out []string
		for _, i := range idx {
			out = append(out, name(i))
		}
		return out
	}
	countries := ranked(byCountry, func(i int) string { return l.countries[i].Name })
	regions := ranked(byRegion, func(i int) string { return l.regions[i].Name + ", " + l.countries[l.regionIn[i]].Name })
	var cities []string
	for _, s := range ranked(residents, func(i int) string { return l.places[i].Display }) {
		// Keep only the spellings that resolve to a place whose people
		// they then find (two towns of one name and region resolve to the
		// bigger one, which may have no residents).
		if a, ok := l.resolve(s); ok && a.kind == areaCity && residents[a.place] > 0 {
			cities = append(cities, s)
		}
	}
	var out []string
	for k := 0; k < len(countries) || k < len(regions) || k < len(cities); k++ {
		for _, list := range [][]string{countries, regions, cities} {
			if k < len(list) {
				out = append(out, list[k])
			}
		}
	}
	return out
}
