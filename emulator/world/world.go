package world

import "time"

// World is a generated population of people and companies at one date of
// its clock. It is read-only and safe for concurrent use: Advance returns
// another World, later, and leaves this one as it was.
type World struct {
	cfg Config
	now Month // the month of the world's start: generated histories end here

	geo        *gazetteer
	names      *nameBook
	titles     *titleVocab
	skills     *skillVocab
	schools    *schoolVocab
	industries *industryVocab
	phonePlans phonePlans
	hiring     *hiring

	people       []Person // as generated, at the world's start
	companies    []Company
	companyPtrs  []*Company
	companySlugs map[string]int32
	companyIDs   map[int64]int32
	staff        []int32 // employee lists of all companies, see Company.empStart
	index        *keyIndex

	// day is the world's clock in days after its start, month its month,
	// and t what the career events up to it changed (nil on day 0).
	// companies, companyPtrs and staff are those of the day;
	// startCompanies those of the start.
	day            int
	month          Month
	t              *timeline
	startCompanies []Company
}

// New builds the world of cfg at its start (Config.Now). The same cfg
// always builds the same world.
//
// New panics if the start is one CheckStart refuses.
func New(cfg Config) *World {
	cfg = cfg.withDefaults()
	if err := CheckStart(cfg.Now); err != nil {
		panic("world: " + err.Error())
	}
	w := &World{
		cfg:        cfg,
		now:        monthOfTime(cfg.Now),
		month:      monthOfTime(cfg.Now),
		geo:        loadGazetteer(),
		names:      loadNames(),
		titles:     loadTitles(),
		skills:     loadSkills(),
		schools:    loadSchools(),
		industries: loadIndustries(),
		phonePlans: loadPhonePlans(),
	}
	// One company for about every twenty people (the brief's 15 to 30).
	book := genCompanies(cfg.Seed, max(5, cfg.People/20), cfg.People+newcomers(cfg.People), w.geo, w.industries, w.names, w.now.Year())
	w.companies, w.companySlugs, w.companyIDs = book.companies, book.slugs, book.ids
	w.people = make([]Person, cfg.People+newcomers(cfg.People))
	owners := w.pickOwners()
	h := newHiring(w.companies, w.geo, w.industries)
	w.hiring = &h
	w.generatePeople(w.hiring, owners)
	w.settleOwners(owners)
	w.fillSeats()
	w.addNamesakes()
	w.makeUnique()
	w.companies, w.staff = w.indexEmployees(w.companies)
	w.companyPtrs = pointers(w.companies)
	w.startCompanies = w.companies
	return w
}

// pointers returns a pointer to each company.
func pointers(companies []Company) []*Company {
	out := make([]*Company, len(companies))
	for i := range companies {
		out[i] = &companies[i]
	}
	return out
}

// Len returns the number of people on the network as of the world's
// clock: those of its start, and the newcomers who joined since.
func (w *World) Len() int { return w.cfg.People + joined(len(w.people)-w.cfg.People, w.day) }

// Person returns person i, 0 <= i < Len(), as of the world's clock. The
// person is shared: do not modify it.
func (w *World) Person(i int) *Person {
	if w.t != nil {
		if c := w.t.people[i]; c != nil {
			return &c.Person
		}
	}
	return &w.people[i]
}

// PersonAtStart returns person i as generated, at the world's start,
// before any career event. The person is shared: do not modify it.
func (w *World) PersonAtStart(i int) *Person { return &w.people[i] }

// Now returns the month of the world's start, which the generated
// histories lead up to. The clock (Clock) may be later.
func (w *World) Now() Month { return w.now }

// Start returns the world's start: the day it was generated for
// (Config.Now, at midnight UTC).
func (w *World) Start() time.Time { return w.cfg.Now }

// Day returns the world's clock in days after its start.
func (w *World) Day() int { return w.day }

// Clock returns the date the world is at: its start plus Day days.
func (w *World) Clock() time.Time { return w.cfg.Now.AddDate(0, 0, w.day) }
