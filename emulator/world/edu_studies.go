package world

import (
	"math/rand/v2"
	"slices"
	"strings"
)

// education fills in a person's schools and returns the year they left
// education (0 when they list none). Studies fit the family of work the
// person goes into, and for a regulated profession (World.stemNeed) are
// its degree, by the way the country trains it: a physician of the US has
// a bachelor's and then an MD, one of India an MBBS. Every school grants
// the degree and field drawn there (schoolVocab.grants), and degrees fit
// the field and the country's system.
func (gen *generator) education(r *rand.Rand, p *Person, fam family) int {
	s := gen.schools
	country := gen.geo.placeCountry[p.City]
	need := gen.stemNeed(p, fam)
	academic := gen.academic(p, fam)
	if need == profNone && !academic && chance(r, 8) {
		return 0
	}
	st := studies{gen: gen, r: r, country: country, fam: fam, edu: gen.edu[:0], born: int(p.BirthYear), academic: academic,
		region: regionKey(&gen.geo.places[gen.geo.cityOf[p.City]])}
	start := int(p.BirthYear) + 18 + intN(r, 2)
	var end int
	if need != profNone {
		end = st.professional(need, start)
	} else {
		end = st.general(start)
	}
	end = st.localize(end)
	st.edu = gen.liveAtSchool(p, st.edu)
	if u, ok := st.secondary(p.City); ok && len(st.edu) > 0 && chance(r, secondaryPercent) {
		// The secondary school before, listed without a degree.
		first := int(st.edu[0].Start)
		st.edu = append(st.edu, Education{University: u, Field: s.secondaryField, Start: uint16(first - 4), End: uint16(first)})
	}
	edu := st.edu
	// Oldest first so far; no studies begun after the world's date: a
	// master's or doctorate its student has not started is not on the
	// profile yet.
	year := uint16(gen.now.Year())
	edu = slices.DeleteFunc(edu, func(e Education) bool { return e.Start > year })
	slices.SortStableFunc(edu, func(a, b Education) int { return int(b.Start) - int(a.Start) })
	// Newest first, and the loose data of real profiles: missing years.
	for i := range edu {
		switch x := intN(r, 100); {
		case x < 7:
			edu[i].Start, edu[i].End = 0, 0
		case x < 11:
			edu[i].Start = 0
		}
	}
	gen.edu = edu
	p.Education = gen.eduSlab.take(edu)
	return end
}

// liveAtSchool makes a person's home and the studies they are still at
// on the world's date agree: students live where they study. One whose
// school is beyond a commute of home moves to its city; the owner of a
// business, tied to its place, and one whose school is abroad do not
// list those studies (a distance course, or one not begun after all).
func (gen *generator) liveAtSchool(p *Person, edu []Education) []Education {
	_, owner := gen.owners[p.Index]
	year, g := uint16(gen.now.Year()), gen.geo
	return slices.DeleteFunc(edu, func(e Education) bool {
		at := gen.schools.universities[e.University].City
		if e.Start > year || e.End <= year || commutable(g, p.City, at) {
			return false
		}
		if !owner && g.placeCountry[at] == g.placeCountry[p.City] {
			p.City = at
			return false
		}
		return true
	})
}

// secondaryPercent is the percent of people with studies who list their
// secondary school too.
const secondaryPercent = 12

// studies draws one person's schools.
type studies struct {
	gen     *generator
	r       *rand.Rand
	country countryID
	fam     family
	edu     []Education // oldest first
	born    int         // the person's year of birth
	// bachelorFirst is set while drawing the first degree of someone
	// bound for a graduate profession (law school, medical school), which
	// no community college grants.
	bachelorFirst bool
	// stayHome is set while drawing studies no school abroad is drawn
	// for: those the person is still at on the world's date (students
	// live where they study) and the law degree of a lawyer, who
	// practises the law of the country of their degree.
	stayHome bool
	// academic is set for someone whose role is an academic's (a
	// lecturer's), which needs a master's or a doctorate.
	academic bool
	// region is the region (see regionKey) the person lives in, whose
	// small schools they mostly went to.
	region string
	// at is the stage a school is being drawn for: people go abroad for
	// a master's more often than for a first degree.
	at stage
}

// academicRoles are the roles of the title vocabulary that universities
// give only to holders of a master's or a doctorate.
var academicRoles = []string{"Lecturer", "Professor"}

// academic reports whether the role a person keeps to in family f is an
// academic one (academicRoles) or one related to it, which its holders
// move to and from (a teacher becomes a lecturer).
func (w *World) academic(p *Person, f family) bool {
	stem := w.stemOf(p, f)
	if stem < 0 || stem >= len(w.titles.related[f]) {
		return false
	}
	for k, titles := range w.titles.stems[f] {
		name := w.titles.titles[titles[MidLevel][0]].Name
		if w.titles.related[f][stem]&(1<<k) != 0 && academicTitle(name) {
			return true
		}
	}
	return false
}

// academicTitle reports whether a title is an academic one (academicRoles).
func academicTitle(name string) bool {
	return slices.ContainsFunc(academicRoles, func(role string) bool { return strings.Contains(name, role) })
}

// draw draws a school the way people pick them: mostly the country's
// well-known ones (the most prominent the most), some of its long tail,
// now and then a well-known one abroad; for a country of no schools,
// those its people go to (studyAbroad).
func (st *studies) draw() int32 {
	s, r := st.gen.schools, st.r
	famous, tail := st.home(), s.tail[st.country]
	if len(famous) == 0 && len(tail) == 0 {
		return pick(r, s.international)
	}
	if !st.stayHome && intN(r, 1000) < st.gen.schools.abroadPermille(st.gen.geo.countries[st.country].Code, st.at) {
		if to := s.destinations[st.country]; len(to) > 0 {
			return pick(r, to)
		}
	}
	switch x := intN(r, 100); {
	case len(famous) > 0 && (x < 69 || len(tail) == 0):
		return famous[min(intN(r, len(famous)), intN(r, len(famous)))]
	}
	u := tail[min(intN(r, len(tail)), intN(r, len(tail)))]
	if near := s.tailIn[st.region]; len(near) > 0 && (s.community[u] || chance(r, regionalTail)) {
		// A small school of home: a Fachhochschule of the person's Land,
		// and a community college always of their state, which serves
		// its county.
		return near[intN(r, len(near))]
	}
	return u
}

// regionalTail is the percent of people who went to a small school of
// the long tail that went to one of the region they live in, where it has
// one.
const regionalTail = 80

// home returns the well-known schools of the person's country, or those
// its people study at where it has none (see studyAbroad).
func (st *studies) home() []int32 {
	s := st.gen.schools
	if famous := s.famous[st.country]; len(famous) > 0 || len(s.tail[st.country]) > 0 {
		return famous
	}
	return s.abroad[st.country]
}

// schoolTries is how many schools are drawn for a field before the
// country's are searched for one that teaches it.
const schoolTries = 6

// school draws a school that teaches field f at a stage and was founded
// by year start, and returns it with the stage it teaches it at: a
// community college drawn for a first degree teaches a short course
// instead (never to someone bound for a graduate profession, who needs a
// bachelor's). Schools are drawn as people pick them (at home only for
// studies that stay there, see stayHome), then searched (the country's,
// then the well-known ones abroad); false when none teaches the field.
func (st *studies) school(f uint16, at stage, start int, list []uint8) (int32, stage, bool) {
	s := st.gen.schools
	st.at = at
	for range schoolTries {
		u := st.draw()
		got := at
		if at == stageFirst && s.community[u] {
			if st.bachelorFirst {
				continue
			}
			got = stageShort // a community college: an associate's degree
		}
		if s.offers(u, f, got) && s.teachesIn(u, f, start) && st.ownFits(u, f, got, list) && st.doctoral(u, at, list) {
			return u, got, true
		}
	}
	search := [][]int32{st.home(), s.tailIn[st.region], s.tail[st.country], s.destinations[st.country]}
	for _, to := range s.destinationCountries[st.country] {
		search = append(search, s.famous[to])
	}
	for _, ids := range append(search, s.international) {
		if len(ids) == 0 {
			continue
		}
		from := intN(st.r, len(ids))
		for k := range ids {
			if u := ids[(from+k)%len(ids)]; s.offers(u, f, at) && s.teachesIn(u, f, start) && st.ownFits(u, f, at, list) &&
				st.doctoral(u, at, list) && !st.farCommunity(u) {
				return u, at, true
			}
		}
	}
	return 0, at, false
}

// farCommunity reports whether school u is a community college of
// another region than the person's, which has one of its own: a
// community college serves its county.
func (st *studies) farCommunity(u int32) bool {
	s := st.gen.schools
	if !s.community[u] {
		return false
	}
	near := s.tailIn[st.region]
	return slices.ContainsFunc(near, func(v int32) bool { return s.community[v] }) && !slices.Contains(near, u)
}

// doctoral reports whether school u may be drawn for graduate studies of
// a list of degrees: for a doctorate, only a real school, which has a
// doctoral programme (see doctorate).
func (st *studies) doctoral(u int32, at stage, list []uint8) bool {
	return at != stageGraduate || !slices.ContainsFunc(list, doctorate) || !st.gen.schools.invented[u]
}

// ownFits reports whether school u, if it names its degrees by a rule of
// its own (ownDegrees), grants a degree of list in field f at a stage by
// one of its names, or the stage's plain one: a Cambridge master's is an
// MPhil, and an Indian Institute of Management grants no master's in
// marketing, nor Harvard one but the MBA in business.
func (st *studies) ownFits(u int32, f uint16, at stage, list []uint8) bool {
	s := st.gen.schools
	if s.own[u] == nil || at == stageShort {
		return true
	}
	for _, d := range slices.Concat(list, plainDegrees[at]) {
		if d >= firstNational || stageOf(d) != at || d == degPhD && at == stageGraduate && !slices.Contains(list, degPhD) {
			continue // as degree draws: no national degree, and a doctorate stands for no master's drawn
		}
		if slices.ContainsFunc(s.ownNames(u, f, d), func(name uint8) bool { return s.grants(u, f, name) }) {
			return true
		}
	}
	return false
}

// degree draws a degree of list (of degrees that fit field f) that school
// u grants, by the school's own name of it where it has one (see
// ownDegrees), a short course's at stageShort only, else the stage's
// plain one ("Bachelor's degree"). A first degree may be a doctorate: the MD
// of a medical school outside North America.
func (st *studies) degree(list []uint8, f uint16, u int32, at stage) uint8 {
	s := st.gen.schools
	for range 4 {
		if len(list) == 0 {
			break
		}
		d := pick(st.r, list)
		if d >= firstNational {
			continue
		}
		if s.own[u] != nil {
			// The school's own name of the degree (a Cambridge MPhil).
			names := s.ownNames(u, f, d)
			if len(names) == 0 {
				continue
			}
			d = pick(st.r, names)
		}
		if s.grants(u, f, d) && (stageOf(d) == stageShort) == (at == stageShort) {
			return d
		}
	}
	fallback := plainDegrees[at]
	if s.own[u] != nil {
		// A school of its own names: the degrees drawn by its names
		// first, then the plain ones.
		fallback = slices.Concat(list, fallback)
	}
	for _, plain := range fallback {
		if plain >= firstNational || (stageOf(plain) == stageShort) != (at == stageShort) {
			continue
		}
		for _, d := range s.ownNames(u, f, plain) {
			if s.grants(u, f, d) {
				return d
			}
		}
	}
	return plainDegrees[at][0]
}

// plainDegrees are the degrees of each stage that name no field.
var plainDegrees = [...][]uint8{
	stageShort:    {degDiploma, degCertificate},
	stageFirst:    {degBachelor},
	stageGraduate: {degMaster, degPhD},
}

// add lists studies of field f at a stage, begun in year start and of
// years years, at a school that teaches it, with a degree of list, and
// returns the year they ended; false when no school teaches the field.
func (st *studies) add(f uint16, at stage, list []uint8, start, years int) (int, bool) {
	now := st.gen.now.Year()
	lawDegree := st.gen.schools.kinds[f] == kindLaw && (at != stageGraduate || slices.Contains(list, degJD))
	// Studies near the world's date may be current once localize has
	// given them their system's years (a bachelor's of the US of four).
	st.stayHome = start <= now+1 && start+years+2 > now || lawDegree
	u, got, ok := st.school(f, at, start, list)
	st.stayHome = false
	if !ok {
		return 0, false
	}
	if got != at {
		// A community college: an associate's degree, or in a trade or
		// a line of business a short course.
		list, years = []uint8{degAssociate}, 2
		if s := st.gen.schools; s.vocational(f) && !regulated(s.kinds[f]) {
			list = shortDegrees
		}
	}
	st.edu = append(st.edu, Education{University: u, Field: f, Degree: st.degree(list, f, u, got),
		Start: uint16(start), End: uint16(start + years)})
	return start + years, true
}

// associate lists an associate's degree in field f, begun in year start,
// of a college of the country that grants one, and returns the year it
// ended; false when none of the country's does.
func (st *studies) associate(f uint16, start int) (int, bool) {
	s := st.gen.schools
	ok := func(u int32) bool {
		return s.grants(u, f, degAssociate) && s.teachesIn(u, f, start) && !st.farCommunity(u)
	}
	u := st.draw()
	for range schoolTries {
		if ok(u) {
			break
		}
		u = st.draw()
	}
	if tail := s.tail[st.country]; !ok(u) && len(tail) > 0 {
		from := intN(st.r, len(tail))
		for k := range tail {
			if ok(tail[(from+k)%len(tail)]) {
				u = tail[(from+k)%len(tail)]
				break
			}
		}
	}
	if !ok(u) {
		return 0, false
	}
	st.edu = append(st.edu, Education{University: u, Field: f, Degree: degAssociate, Start: uint16(start), End: uint16(start + 2)})
	return start + 2, true
}

// field draws a field of study of the person's line of work, not one of
// a regulated profession (those are the professionals' own), or now and
// then one of any other line: a change of course after one's studies;
// of those that were degrees when the studies began in year (see
// existing).
func (st *studies) field(year int) uint16 {
	f := st.anyField()
	for tries := 0; tries < 4 && !st.taughtAtHome(f); tries++ {
		f = st.anyField()
	}
	return st.existing(f, year)
}

// existing returns field f if it was a degree subject in year, else one
// of its line that was (olderFields), taught in the person's country
// where one is: a data scientist who studied in 1998 holds a degree in
// statistics or computer science, a supply chain manager of 1985 one in
// business.
func (st *studies) existing(f uint16, year int) uint16 {
	s := st.gen.schools
	for int(s.since[f]) > year {
		var ok []uint16
		for _, o := range s.older[f] {
			if int(s.since[o]) <= year && st.taughtAtHome(o) {
				ok = append(ok, o)
			}
		}
		if len(ok) == 0 {
			ok = s.older[f] // the oldest of them is always a degree (see parseSchools)
		}
		f = pick(st.r, ok)
	}
	return f
}

// anyField draws a field of study as field does, taught at home or not.
func (st *studies) anyField() uint16 {
	s := st.gen.schools
	if lay := s.lay[st.fam]; len(lay) > 0 && chance(st.r, 95) {
		return pick(st.r, lay)
	}
	return pick(st.r, s.open)
}

// taughtAtHome reports whether a field of study is one the person's
// country teaches at all: no Briton studies industrial engineering, a
// field of no school of Britain's system, unless abroad.
func (st *studies) taughtAtHome(f uint16) bool {
	s := st.gen.schools
	return s.narrow[f] != narrowIndustrial || !industrialNone[st.gen.geo.countries[st.country].Code]
}

// general draws the studies of someone of no regulated profession: a
// first degree (now and then a short course), a master's for about a
// third (an MBA for some), a doctorate for a few; an academic's a
// degree of a discipline, a master's always and a doctorate often; it
// returns the year they ended.
func (st *studies) general(start int) int {
	s, r := st.gen.schools, st.r
	f := st.field(start)
	for tries := 0; st.academic && s.kinds[f] == kindVocational && tries < 8; tries++ {
		f = st.field(start) // an academic's studies are of a discipline
	}
	for tries := 0; st.academic && s.kinds[f] == kindVocational && tries < 64; tries++ {
		f = st.existing(pick(r, s.open), start) // of any line, where those of the person's are trades
	}
	short := !st.academic && chance(r, 6) && s.vocational(f) || s.kinds[f] == kindVocational
	at, list, years := stageFirst, bachelorsOf[s.kinds[f]], 3+intN(r, 2)
	if short {
		at, list, years = stageShort, shortDegrees, 2
	}
	// An academic's first degree is no short course (a diploma no
	// master's follows): a bachelor's, else no studies of the field.
	first := func(f uint16, at stage, list []uint8, years int) (int, bool) {
		end, ok := st.add(f, at, list, start, years)
		if ok && st.academic && stageOf(st.edu[len(st.edu)-1].Degree) == stageShort {
			st.edu = st.edu[:len(st.edu)-1]
			return 0, false
		}
		return end, ok
	}
	st.bachelorFirst = st.academic // no community college's short course
	end, ok := first(f, at, list, years)
	st.bachelorFirst = false
	for tries := 0; !ok && tries < 4; tries++ {
		// No school of the country teaches it (culinary arts in
		// Germany): another field of the line of work.
		if f = st.field(start); s.kinds[f] == kindVocational {
			continue
		}
		end, ok = first(f, stageFirst, bachelorsOf[s.kinds[f]], 3+intN(r, 2))
	}
	if !ok || s.kinds[f] == kindVocational || stageOf(st.edu[len(st.edu)-1].Degree) == stageShort ||
		!st.academic && !chance(r, 35) {
		return end // no master's after a short course
	}
	ms := end + intN(r, 4)
	mf := f
	if other := st.field(ms); !chance(r, 60) && s.leadsTo(f, other) {
		mf = other
	}
	list = mastersOf[s.kinds[mf]]
	if k := s.kinds[f]; !st.academic && chance(r, 20) && k != kindLaw || s.kinds[mf] == kindVocational {
		// The MBA of people who move into management, after some years
		// of work.
		mf, list, ms = s.businessField, []uint8{degMBA}, end+mbaGap+intN(r, 5)
	}
	me, ok := st.add(mf, stageGraduate, list, ms, 1+intN(r, 2))
	if !ok && st.academic {
		// No school teaches the field's master's (logistics, a field of
		// applied schools): an academic's master's is in a related one.
		for _, g := range st.relatedFields(f) {
			if me, ok = st.add(g, stageGraduate, mastersOf[s.kinds[g]], ms, 1+intN(r, 2)); ok {
				mf = g
				break
			}
		}
	}
	if !ok {
		return end
	}
	if chance(r, 8) || st.academic && chance(r, 40) {
		// A doctorate of three to five years, begun at 23 at the
		// earliest.
		de, ok := st.add(mf, stageGraduate, doctoratesOf[s.kinds[mf]], max(me+intN(r, 2), st.born+23), 3+intN(r, 3))
		if ok {
			return de
		}
	}
	return me
}

// mbaGap is the fewest years between a first degree and an MBA: its
// students come with two years' work at least.
const mbaGap = 3

// facultyLadders are the groups of faculties whose first degrees lead to
// master's degrees of each other's: the quantitative fields among
// themselves, the humanities and social sciences, the arts and design,
// the health professions and the sciences.
var facultyLadders = []faculties{
	facultiesOf("business", "economics", "hospitality", "social"),
	facultiesOf("economics", "math", "computing"),
	facultiesOf("computing", "engineering", "math", "science"),
	facultiesOf("engineering", "architecture", "design"),
	facultiesOf("social", "humanities", "film"),
	facultiesOf("arts", "music", "film", "design", "architecture"),
	facultiesOf("medicine", "nursing", "pharmacy", "health", "science"),
	facultiesOf("law", "social"),
	facultiesOf("education", "humanities", "social", "math", "science"),
}

// leadsTo reports whether a first degree in field from leads to a
// master's in field to: the same field, or one of a faculty of the same
// ladder (mathematics to statistics, not English literature to
// mathematics).
func (v *schoolVocab) leadsTo(from, to uint16) bool {
	a, b := v.faculty[from], v.faculty[to]
	return from == to || slices.ContainsFunc(facultyLadders, func(fs faculties) bool { return fs.has(a) && fs.has(b) })
}

// preLaw are the first degrees of those who go on to law school in the
// US and Canada.
var preLaw = []string{"Political Science", "History", "Economics", "English Language and Literature", "International Relations"}

// professional draws the studies of a regulated profession, as the
// person's country trains it, and returns the year they ended. Where the
// profession is a graduate one (law and medicine in North America,
// pharmacy in the US), a first degree comes before: biology before
// medicine and pharmacy, the humanities or social sciences before law.
func (st *studies) professional(need profession, start int) int {
	s := st.gen.schools
	code := st.gen.geo.countries[st.country].Code
	f := slices.Index(s.profession, need)
	if f < 0 {
		return st.general(start)
	}
	return st.qualify(need, uint16(f), code, start)
}

// qualify draws the studies of profession need, whose degree is in field
// f, for someone of country code.
func (st *studies) qualify(need profession, f uint16, code string, start int) int {
	s, r := st.gen.schools, st.r
	k := s.kinds[f]
	field := func(name string) uint16 { return uint16(slices.Index(s.fields, name)) }
	end, ok := 0, false
	switch {
	case graduateEntry(s.faculty[f], code):
		pre, preYears, list, years := field("Biology"), 4, []uint8{degMD}, 4
		switch need {
		case profLaw:
			pre, list, years = field(pick(r, preLaw)), []uint8{degJD}, 3
		case profPharmacy:
			list = []uint8{degPharmD}
		}
		st.bachelorFirst = true
		first, _ := st.add(pre, stageFirst, bachelorsOf[s.kinds[pre]], start, preYears)
		st.bachelorFirst = false
		if first == 0 {
			first = start + preYears
		}
		end, ok = st.add(f, stageGraduate, list, first+intN(r, 2), years)
		if ok {
			st.abroadFirst(f)
		}
	case need == profNursing && code == "US" && chance(r, 30), need == profDentalHygiene && code == "US" && chance(r, 60):
		// An associate's degree of a community college.
		if end, ok = st.associate(f, start); !ok {
			end, ok = st.add(f, stageFirst, bachelorsOf[k], start, 4)
		}
	default:
		years := 3 + intN(r, 2)
		if need == profMedicine {
			years = 5 + intN(r, 2)
		}
		end, ok = st.add(f, stageFirst, bachelorsOf[k], start, years)
	}
	if !ok {
		// No school of the country teaches the profession: a well-known
		// one abroad does, after any first degree.
		from := start
		if len(st.edu) > 0 {
			from = int(st.edu[len(st.edu)-1].End)
		}
		// One of the schools abroad the country's people go to first.
		u := pick(r, s.international)
		if to := s.destinations[st.country]; len(to) > 0 {
			u = pick(r, to)
		}
		for _, id := range slices.Concat(s.destinations[st.country], s.international) {
			if s.teachesIn(id, f, from) && (s.offers(id, f, stageGraduate) || !s.teachesIn(u, f, from)) {
				if u = id; s.offers(id, f, stageGraduate) {
					break
				}
			}
		}
		end = from + 4
		st.edu = append(st.edu, Education{University: u, Field: f, Degree: st.degree(doctoratesOf[k], f, u, stageGraduate),
			Start: uint16(from), End: uint16(end)})
		return end
	}
	// A master's for some: a nurse's, a physiotherapist's, an LLM.
	switch {
	case need == profNursing && chance(r, 20), need == profPhysio && chance(r, 15),
		need == profLaw && !graduateEntry(facLaw, code) && chance(r, 25):
		if me, ok := st.add(f, stageGraduate, mastersOf[k], end+intN(r, 4), 1+intN(r, 2)); ok {
			end = me
		}
	}
	return end
}

// twoYearMaster are the countries whose plain master's degrees take two
// years, never one: North America's, East Asia's, Latin America's, and
// those of continental Europe whose master's follows a bachelor's of
// three years. Britain's, Ireland's, Australasia's, Spain's and the Low
// Countries' take one.
var twoYearMaster = map[string]bool{
	"US": true, "CA": true, "JP": true, "KR": true, "CN": true, "TW": true, "BR": true, "MX": true, "AR": true,
	"CL": true, "CO": true, "PE": true, "TR": true, "EG": true, "DE": true, "AT": true, "CH": true, "FR": true,
	"IT": true, "FI": true, "NO": true, "DK": true, "CZ": true, "SK": true, "PL": true, "PT": true, "ID": true,
	"TH": true, "VN": true, "RU": true, "UA": true,
}

// careProfession reports whether a kind of field is nursing, pharmacy or
// an allied health profession, whose first degrees take four years in
// South Asia (a BSc in Nursing, a BPharm), where the BA and BCom take
// three.
func careProfession(k fieldKind) bool {
	return k == kindNursing || k == kindPharmacy || k == kindHealth
}

// fourYearBachelor are the countries whose bachelor's degrees take four
// years in every field: East and Southeast Asia's, Latin America's,
// Turkey's, the Arab world's, the former Soviet Union's, Spain's Grado,
// Greece's, and those of Nigeria, Ghana, Kenya, Pakistan and Bangladesh.
// Britain's, Australasia's, India's BA and BCom, and the Bologna
// bachelor's of most of Europe take three.
var fourYearBachelor = map[string]bool{
	"JP": true, "KR": true, "CN": true, "TW": true, "PH": true, "TH": true, "ID": true, "VN": true, "TR": true,
	"EG": true, "SA": true, "AE": true, "QA": true, "KW": true, "JO": true, "IR": true, "RU": true, "UA": true,
	"KZ": true, "GR": true, "ES": true, "BR": true, "CL": true, "CO": true, "PE": true, "VE": true, "EC": true,
	"NG": true, "GH": true, "KE": true, "PK": true, "BD": true,
}

// fourYearEngineering are the countries whose engineers' first degree
// takes four years: North America's, South and East Asia's, Australasia's.
var fourYearEngineering = map[string]bool{
	"US": true, "CA": true, "IN": true, "PK": true, "BD": true, "NP": true, "LK": true, "PH": true, "AU": true,
	"NZ": true, "SG": true, "HK": true, "MY": true, "CN": true, "KR": true, "JP": true, "TW": true,
}

// abroadFirst renames the graduate degree of a profession just listed,
// in field f, when its school is abroad, where the profession is a first
// degree: its first degree, which graduates of another field take too
// (an LLB after economics), not a master's.
func (st *studies) abroadFirst(f uint16) {
	s, e := st.gen.schools, &st.edu[len(st.edu)-1]
	if !graduateEntry(s.faculty[f], s.country[e.University]) && s.offers(e.University, f, stageFirst) {
		e.Degree = st.degree(bachelorsOf[s.kinds[f]], f, e.University, stageFirst)
	}
}

// localize names the degrees drawn by the system of each school's
// country at the time (see schoolVocab.national): a German's first
// degree of 1992 is a Diplom of five years, not a bachelor's of three,
// and no master's follows it. Studies that grow longer push the later
// ones back. It returns the year studies ended.
func (st *studies) localize(end int) int {
	s, shift, held := st.gen.schools, 0, false
	kept := st.edu[:0]
	for _, e := range st.edu {
		e.Start += uint16(shift)
		e.End += uint16(shift)
		d, years := s.national(st.r, e.University, e.Field, e.Degree, int(e.Start), held)
		if u := e.University; d == 0 && regulated(s.kinds[e.Field]) {
			// The degree of a profession, after a long one of another
			// field (History, then law): the system's long degree of it.
			d, years = s.longDegree(st.r, s.country[u], s.kind[u], u, e.Field, int(e.Start), s.faculty[e.Field])
		}
		if d == 0 {
			u, f, ok := st.academicDoctorate(e)
			if !ok {
				continue // a master's after a single long degree
			}
			// An academic's doctorate instead: a lecturer of the old
			// systems holds one after the long degree.
			e.University, e.Field, d, years = u, f, degPhD, 4
		}
		if d != e.Degree && (!fitsKind(d, s.kinds[e.Field]) || !s.grants(e.University, e.Field, d)) && years >= 4 {
			d = degMaster // the single long master's of a field the system's names do not cover
		}
		if d != e.Degree && fitsKind(d, s.kinds[e.Field]) && s.grants(e.University, e.Field, d) {
			// A single long degree in place of a first one: the
			// student holds a degree no plain master's follows.
			held = held || stageOf(e.Degree) == stageFirst && years >= 4
			e.Degree = d
			if years > 0 {
				// Longer studies push the later ones back; shorter ones
				// leave them where they were.
				shift += max(0, int(e.Start)+years-int(e.End))
				e.End = e.Start + uint16(years)
			}
		}
		if years := s.ownYears(e.University, e.Field, e.Degree); years > 0 && int(e.End-e.Start) != years {
			// The years of the degree's kind: four for a bachelor's of
			// the US, five for a BArch, three at Oxford.
			shift += max(0, years-int(e.End-e.Start))
			e.End = e.Start + uint16(years)
		}
		if code := s.country[e.University]; masterly(e.Degree) && e.End == e.Start+1 && twoYearMaster[code] ||
			stageOf(e.Degree) == stageFirst && e.End == e.Start+3 &&
				(s.faculty[e.Field] == facEngineering && fourYearEngineering[code] || fourYearBachelor[code] && e.Degree < firstNational ||
					southAsianSystems[code] && careProfession(s.kinds[e.Field])) {
			// A master's takes two years where it is a degree of two (the
			// US, Japan, Brazil, Germany), a first degree four where it
			// is a degree of four (Japan, Brazil, Spain's Grado), as an
			// engineer's does in more countries.
			e.End++
			shift++
		}
		if stageOf(e.Degree) == stageGraduate && len(kept) > 0 && stageOf(kept[len(kept)-1].Degree) == stageShort {
			continue // no master's after a state diploma of a nurse
		}
		kept = append(kept, e)
	}
	st.edu = kept
	if len(st.edu) == 0 {
		return end
	}
	end = 0
	for _, e := range st.edu {
		end = max(end, int(e.End))
	}
	return end
}

// academicDoctorate returns the school and field of the doctorate an
// academic takes in place of studies e, a plain master's no student of a
// single long degree takes (see schoolVocab.national): e's own school
// where it grants a doctorate in e's field, else a well-known one of its
// country that does, else the same in a related field (see
// relatedFields); false for someone who is no academic, holds a doctorate
// already, or finds no such school.
func (st *studies) academicDoctorate(e Education) (int32, uint16, bool) {
	s := st.gen.schools
	if !st.academic || slices.ContainsFunc(st.edu, func(x Education) bool { return doctorate(x.Degree) }) {
		return 0, 0, false
	}
	cid, ok := st.gen.geo.country[s.country[e.University]]
	if !ok {
		return 0, 0, false
	}
	for _, f := range append([]uint16{e.Field}, st.relatedFields(e.Field)...) {
		doctoral := func(u int32) bool { return s.grants(u, f, degPhD) && s.teachesIn(u, f, int(e.Start)) }
		if doctoral(e.University) {
			return e.University, f, true
		}
		if i := slices.IndexFunc(s.famous[cid], doctoral); i >= 0 {
			return s.famous[cid][i], f, true
		}
	}
	return 0, 0, false
}

// relatedFields returns the fields of study of no regulated profession
// or trade that a first degree in field f leads to graduate studies of
// (see schoolVocab.leadsTo), f's own faculty's first, from a drawn one
// on: where f's own graduate studies are taught nowhere, those of an
// academic are in one of them.
func (st *studies) relatedFields(f uint16) []uint16 {
	s := st.gen.schools
	var same, other []uint16
	from := intN(st.r, len(s.open))
	for k := range s.open {
		g := s.open[(from+k)%len(s.open)]
		switch {
		case g == f || !s.leadsTo(f, g):
		case s.faculty[g] == s.faculty[f]:
			same = append(same, g)
		default:
			other = append(other, g)
		}
	}
	return append(same, other...)
}

// secondary draws the secondary school of someone who lives in a city:
// the city's own, or another of its region (state, province); false
// when the region has none.
func (st *studies) secondary(city int32) (int32, bool) {
	s, g := st.gen.schools, st.gen.geo
	home := g.cityOf[city]
	ids := s.secondaryIn[regionKey(&g.places[home])]
	if len(ids) == 0 {
		return 0, false
	}
	for _, u := range ids {
		if s.universities[u].City == home && chance(st.r, 70) {
			return u, true
		}
	}
	return ids[min(intN(st.r, len(ids)), intN(st.r, len(ids)))], true
}
