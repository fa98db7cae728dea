package emulator

import (
	"encoding/json"
	"net/http"
	"sort"
	"strconv"

	"github.com/enrich-dev/enrich/emulator/world"
)

// AccountStats is what the emulator counted for one account; tests and the
// demo read it from GET /_emulator/stats.
type AccountStats struct {
	Name string `json:"name"`
	// Person lookup.
	Requests       int            `json:"requests"`       // lookup requests accepted
	ItemsAccepted  int            `json:"itemsAccepted"`  // items in those requests
	RateLimited    int            `json:"rateLimited"`    // 429 answers for the items-per-minute window
	MaxWindowItems int            `json:"maxWindowItems"` // the most items the window ever held
	LargestRequest int            `json:"largestRequest"` // the most items one request carried, refused or not
	SubmitErrors   int            `json:"submitErrors"`   // injected 500 answers, not processed
	Items          map[string]int `json:"items"`          // item outcomes by status
	// LostAnswers counts lookups accepted, processed and (async)
	// delivered but answered 500 (Config.LostAnswerRate), and
	// LostAnswerCharged the credits they cost: a client told 500 may pay
	// for them again.
	LostAnswers       int `json:"lostAnswers"`
	LostAnswerCharged int `json:"lostAnswerCharged"`
	// Credits by pool: standard, withoutContacts, company.
	CreditsUsed map[string]int64 `json:"creditsUsed"`
	CreditsLeft map[string]int64 `json:"creditsLeft"`
	// Callback delivery.
	Delivered      int `json:"delivered"`      // deliveries answered 200
	FailedAttempts int `json:"failedAttempts"` // attempts not answered 200 in time
	Discarded      int `json:"discarded"`      // deliveries given up after every retry
	Lost           int `json:"lost"`           // of those, lost by --callback-loss
	// DiscardedCharged counts credits spent on profiles whose delivery was
	// discarded: a client that looks them up again pays again.
	DiscardedCharged int `json:"discardedCharged"`
	// LateCharged counts credits spent on profiles delivered later than
	// Config.LateAfter after their request was accepted: a client that
	// gave up on the request by then pays for them again.
	LateCharged int `json:"lateCharged"`
	Duplicated  int `json:"duplicated"` // deliveries sent twice by --duplicate-rate
	Notices     int `json:"notices"`    // failed-delivery notices sent
	// People search.
	SearchQueries            int `json:"searchQueries"`            // searchByQuery requests served
	SearchScrolls            int `json:"searchScrolls"`            // scrollSearch requests served
	SearchProfiles           int `json:"searchProfiles"`           // profiles returned by both
	SearchConcurrencyLimited int `json:"searchConcurrencyLimited"` // 429 answers: more than 3 searches at once
	SearchQuotaExceeded      int `json:"searchQuotaExceeded"`      // 402 answers: a daily search quota spent
	SearchesInFlight         int `json:"searchesInFlight"`         // search and scroll requests in progress now
	// Company API.
	CompanyInfo            int `json:"companyInfo"`            // company/info answered 200
	CompanyProfileRequests int `json:"companyProfileRequests"` // company/getProfiles accepted
	CompanyProfilesSent    int `json:"companyProfilesSent"`    // their profiles handed to deliveries
	ProfileViewsLimited    int `json:"profileViewsLimited"`    // 429 answers: the profile-view quota
	// ProfileViewsPending are profiles whose delivery is in progress:
	// they count against the quota (Today.ProfileViews) once delivered.
	ProfileViewsPending int `json:"profileViewsPending"`
	// Daily quotas and today's use of them (the emulated day).
	Quotas usage `json:"quotas"`
	Today  usage `json:"today"`
}

func newAccountStats(name string) AccountStats {
	return AccountStats{
		Name:        name,
		Items:       make(map[string]int),
		CreditsUsed: make(map[string]int64),
	}
}

// Stats is the body of GET /_emulator/stats.
type Stats struct {
	Accounts []AccountStats `json:"accounts"`
	Notices  []Notice       `json:"notices"`
	// Outages are the outages placed in time so far (configured ones
	// from the first API request on, and those started on demand), and
	// OutageRefused the API requests they answered 503.
	Outages       []OutageSpan `json:"outages"`
	OutageRefused int          `json:"outageRefused"`
}

// Stats returns a snapshot of the counters of every account.
func (e *Emulator) Stats() Stats {
	e.mu.Lock()
	defer e.mu.Unlock()
	var s Stats
	for _, a := range e.order {
		st := a.stats
		st.Items = make(map[string]int, len(a.stats.Items))
		for k, v := range a.stats.Items {
			st.Items[k] = v
		}
		st.CreditsUsed = make(map[string]int64, numPools)
		st.CreditsLeft = make(map[string]int64, numPools)
		for p := pool(0); p < numPools; p++ {
			st.CreditsUsed[p.String()] = a.stats.CreditsUsed[p.String()]
			st.CreditsLeft[p.String()] = a.balance[p]
		}
		st.SearchesInFlight = a.searching
		st.ProfileViewsPending = a.viewsPending
		st.Quotas = a.quotas
		st.Today = *e.today(a, e.now())
		s.Accounts = append(s.Accounts, st)
	}
	s.Notices = e.noticesLocked()
	s.Outages = append([]OutageSpan{}, e.outage.spans...)
	s.OutageRefused = e.outage.refused
	return s
}

// Notices returns the failed-delivery notices sent so far, oldest first.
func (e *Emulator) Notices() []Notice {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.noticesLocked()
}

func (e *Emulator) noticesLocked() []Notice {
	out := make([]Notice, len(e.notices))
	for i, n := range e.notices {
		n.RequestIDs = append([]int64{}, n.RequestIDs...)
		out[i] = n
	}
	return out
}

// serveAdmin answers the emulator's own endpoints, which are not part of
// the service and need no key:
//
//	GET  /_emulator/stats             counters per account
//	GET  /_emulator/notices           failed-delivery notices, oldest first
//	GET  /_emulator/sample?count=N    N known identifiers of each kind
//	POST /_emulator/credits           top up a credit pool: {"account", "pool", "add"}
//	POST /_emulator/outage            start an outage now: {"seconds": N}
//	POST /_emulator/advance           move the world's clock on: {"days": N}
//	GET  /_emulator/clock             the world's start and the date it is at
//	GET  /_emulator/moves?count=N     up to N people who changed company since the start, newest
//	                                  first; since=YYYY-MM-DD, cursor=C (X-Next-Cursor) to page
//
// They answer during an outage too.
func (e *Emulator) serveAdmin(w http.ResponseWriter, r *http.Request, path string) {
	if r.Method == http.MethodPost {
		switch path {
		case "/_emulator/credits":
			e.serveTopUp(w, r)
		case "/_emulator/outage":
			e.serveStartOutage(w, r)
		case "/_emulator/advance":
			e.serveAdvance(w, r)
		default:
			writeJSON(w, http.StatusNotFound, errorBody(msgNotFound))
		}
		return
	}
	if r.Method != http.MethodGet {
		writeJSON(w, http.StatusNotFound, errorBody(msgNotFound))
		return
	}
	switch path {
	case "/_emulator/stats":
		writeJSON(w, http.StatusOK, e.Stats())
	case "/_emulator/notices":
		writeJSON(w, http.StatusOK, e.Notices())
	case "/_emulator/clock":
		writeJSON(w, http.StatusOK, clockOf(e.World()))
	case "/_emulator/moves":
		e.serveMoves(w, r)
	case "/_emulator/sample":
		n := 10
		if s := r.URL.Query().Get("count"); s != "" {
			v, err := strconv.Atoi(s)
			if err != nil || v < 1 || v > 10000 {
				writeJSON(w, http.StatusUnprocessableEntity, errorBody("count must be an integer from 1 to 10000"))
				return
			}
			n = v
		}
		writeJSON(w, http.StatusOK, e.sample(n))
	default:
		writeJSON(w, http.StatusNotFound, errorBody(msgNotFound))
	}
}

// Sample is the body of GET /_emulator/sample: known identifiers of each
// kind, each of a different person, and the people behind the profile
// URLs with all their identifiers.
type Sample struct {
	LinkedIn []string       `json:"linkedin"`
	Email    []string       `json:"email"`
	Phone    []string       `json:"phone"`
	UID      []string       `json:"uid"`
	People   []SamplePerson `json:"people"`
	// For people search and the Company API: companies with current
	// employees (the most staffed first), every industry the filters
	// accept, location strings that are recognized and match people
	// (countries, states and provinces, cities in turn), and job titles
	// people hold (the most held first).
	Companies  []SampleCompany `json:"companies"`
	Industries []string        `json:"industries"`
	Locations  []string        `json:"locations"`
	Titles     []string        `json:"titles"`
}

// SampleCompany is a company of the world as findById names it.
type SampleCompany struct {
	ID   int64  `json:"id"`
	Slug string `json:"slug"`
	Name string `json:"name"`
}

// sampleLists are the full lists the search parts of a sample are cut
// from; they are computed once.
type sampleLists struct {
	companies []SampleCompany
	locations []string
	titles    []string
}

func (ep *epoch) sampleLists() sampleLists {
	ix := ep.index()
	type staffed struct {
		c *world.Company
		n int
	}
	var cs []staffed
	for _, c := range ep.world.Companies() {
		if n := ep.world.EmployeeCount(c, world.StatusCurrent); n > 0 {
			cs = append(cs, staffed{c, n})
		}
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].n > cs[j].n })
	l := sampleLists{locations: ix.Locations(), titles: ix.HeldTitles()}
	for _, s := range cs {
		l.companies = append(l.companies, SampleCompany{ID: s.c.ID, Slug: s.c.Slug, Name: s.c.Name})
	}
	return l
}

// SamplePerson is a person of the world with every identifier they are
// found by, in canonical spelling.
type SamplePerson struct {
	UID      string   `json:"uid"`
	FullName string   `json:"fullName"`
	LinkedIn string   `json:"linkedin"`
	Emails   []string `json:"emails"`
	Phones   []string `json:"phones"`
}

func (e *Emulator) sample(n int) Sample {
	ep := e.current()
	s := ep.world.Sample(n)
	out := Sample{LinkedIn: s.LinkedIn, Email: s.Email, Phone: s.Phone, UID: s.UID}
	for _, url := range s.LinkedIn {
		p, ok := ep.world.Find(url)
		if !ok {
			continue
		}
		sp := SamplePerson{UID: p.UID.String(), FullName: p.FullName, LinkedIn: url}
		for _, em := range p.Emails {
			sp.Emails = append(sp.Emails, em.Address)
		}
		for _, ph := range p.Phones {
			sp.Phones = append(sp.Phones, ph.E164())
		}
		out.People = append(out.People, sp)
	}
	lists := ep.samples()
	out.Companies = lists.companies[:min(n, len(lists.companies))]
	out.Locations = lists.locations[:min(n, len(lists.locations))]
	out.Titles = lists.titles[:min(n, len(lists.titles))]
	out.Industries = ep.world.Industries()
	return out
}

// topUp is the body of POST /_emulator/credits.
type topUp struct {
	Account string `json:"account"` // account name; default the first
	Pool    string `json:"pool"`    // standard, withoutContacts or company; default standard
	Add     int64  `json:"add"`
}

func (e *Emulator) serveTopUp(w http.ResponseWriter, r *http.Request) {
	var t topUp
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 4096)).Decode(&t); err != nil {
		writeJSON(w, http.StatusBadRequest, errorBody("body must be {\"account\", \"pool\", \"add\"}"))
		return
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	a := e.order[0]
	if t.Account != "" {
		a = nil
		for _, c := range e.order {
			if c.cfg.Name == t.Account {
				a = c
			}
		}
		if a == nil {
			writeJSON(w, http.StatusNotFound, errorBody("no account "+t.Account))
			return
		}
	}
	p := poolStandard
	switch t.Pool {
	case "", "standard":
	case "withoutContacts":
		p = poolWithoutContacts
	case "company":
		p = poolCompany
	default:
		writeJSON(w, http.StatusBadRequest, errorBody("pool must be standard, withoutContacts or company"))
		return
	}
	a.balance[p] = max(0, a.balance[p]+t.Add)
	writeJSON(w, http.StatusOK, map[string]int64{"credits": a.balance[p]})
}
