package world

// World is a generated population of people and companies. It is
// read-only after New and safe for concurrent use.
type World struct {
	cfg Config
	now Month

	geo        *gazetteer
	names      *nameBook
	titles     *titleVocab
	skills     *skillVocab
	schools    *schoolVocab
	industries *industryVocab
	phonePlans phonePlans

	people       []Person
	companies    []Company
	companyPtrs  []*Company
	companySlugs map[string]int32
	companyIDs   map[int64]int32
	staff        []int32 // employee lists of all companies, see Company.empStart
	index        *keyIndex
}

// New builds the world of cfg. The same cfg always builds the same world.
func New(cfg Config) *World {
	cfg = cfg.withDefaults()
	w := &World{
		cfg:        cfg,
		now:        monthOfTime(cfg.Now),
		geo:        loadGazetteer(),
		names:      loadNames(),
		titles:     loadTitles(),
		skills:     loadSkills(),
		schools:    loadSchools(),
		industries: loadIndustries(),
		phonePlans: loadPhonePlans(),
	}
	// One company for about every twenty people (the brief's 15 to 30).
	book := genCompanies(cfg.Seed, max(5, cfg.People/20), w.geo, w.industries, w.names, w.now.Year())
	w.companies, w.companySlugs, w.companyIDs = book.companies, book.slugs, book.ids
	h := newHiring(w.companies, w.geo, w.industries)

	w.people = make([]Person, cfg.People)
	w.generatePeople(&h)
	w.makeUnique()
	w.indexEmployees()

	w.companyPtrs = make([]*Company, len(w.companies))
	for i := range w.companies {
		w.companyPtrs[i] = &w.companies[i]
	}
	return w
}

// Len returns the number of people.
func (w *World) Len() int { return len(w.people) }

// Person returns person i, 0 <= i < Len(). The person is shared: do not
// modify it.
func (w *World) Person(i int) *Person { return &w.people[i] }

// Now returns the reference date the world was built for.
func (w *World) Now() Month { return w.now }
