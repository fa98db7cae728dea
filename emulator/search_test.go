package emulator_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/emulator"
	"github.com/enrich-dev/enrich/emulator/search"
	"github.com/enrich-dev/enrich/emulator/world"
)

// clock is a settable time source for the emulator's time rules (scroll
// lifetime, the emulated day).
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// searchAll searches and scrolls to the end, returning every profile.
func searchAll(t *testing.T, c *api.Client, q wire.SearchQuery) (wire.SearchPage, []wire.SearchProfile) {
	t.Helper()
	page, _, err := c.Search(bg, q)
	if err != nil {
		t.Fatalf("search %+v: %v", q, err)
	}
	first := page
	all := page.Profiles
	for page.ScrollID != "" {
		if page, _, err = c.Scroll(bg, first.RequestID, page.ScrollID); err != nil {
			t.Fatalf("scroll: %v", err)
		}
		all = append(all, page.Profiles...)
	}
	return first, all
}

// apiMessage is the error text of a failed call.
func apiMessage(err error) string {
	var e *api.Error
	if errors.As(err, &e) {
		return e.Message
	}
	return ""
}

// hasRun reports whether words occur in a row in the tokens of s.
func hasRun(s string, words ...string) bool {
	toks := search.Tokens(s)
	for k := 0; k+len(words) <= len(toks); k++ {
		if slices.Equal(toks[k:k+len(words)], words) {
			return true
		}
	}
	return false
}

func TestSearchFilters(t *testing.T) {
	cfg := fast(emulator.AccountConfig{})
	cfg.People = 3000
	emu, c, base := serve(t, cfg)
	w := emu.World()
	places := w.Places()
	smp := sample(t, base, 5)
	company := w.Companies()[slices.IndexFunc(w.Companies(), func(co *world.Company) bool { return co.ID == smp.Companies[0].ID })]
	someone := w.Person(77)
	// The industry most people work in, so that its filter finds some
	// whatever the world draws.
	byIndustry := map[world.IndustryID]int{}
	busiest := world.NoIndustry
	for i := range w.Len() {
		if ind := w.Person(i).Industry; ind != world.NoIndustry {
			if byIndustry[ind]++; busiest == world.NoIndustry || byIndustry[ind] > byIndustry[busiest] {
				busiest = ind
			}
		}
	}
	near := func(lat, lon float64) func(*world.Person) bool {
		return func(p *world.Person) bool {
			pl := places[p.City]
			const rad = math.Pi / 180
			a := math.Pow(math.Sin((pl.Latitude-lat)*rad/2), 2) +
				math.Cos(lat*rad)*math.Cos(pl.Latitude*rad)*math.Pow(math.Sin((pl.Longitude-lon)*rad/2), 2)
			return 2*6371.0088*math.Asin(math.Sqrt(a)) <= 10
		}
	}
	title := func(current bool, words ...string) func(*world.Person) bool {
		return func(p *world.Person) bool {
			for _, j := range p.Jobs {
				if (j.Current || !current) && hasRun(w.Title(j.Title).Name, words...) {
					return true
				}
			}
			return false
		}
	}
	kw := func(word string) func(*world.Person) bool {
		return func(p *world.Person) bool {
			texts := []string{w.Industry(p.Industry), w.Headline(p), w.Summary(p)}
			for _, s := range p.Skills {
				texts = append(texts, w.Skills()[s])
			}
			for _, j := range p.Jobs {
				texts = append(texts, w.Title(j.Title).Name, w.Company(j.Company).Name)
			}
			for _, e := range p.Education {
				texts = append(texts, w.Universities()[e.University].Name, w.Fields()[e.Field], w.Degrees()[e.Degree])
			}
			for _, s := range texts {
				if hasRun(s, word) {
					return true
				}
			}
			return false
		}
	}
	ptr := func(n int) *int { return &n }
	yes, no := true, false
	lat, lon := 40.7128, -74.0060
	austin := places[slices.IndexFunc(places, func(p world.Place) bool { return p.Name == "Austin" && p.Admin1 == "TX" })]
	for _, tc := range []struct {
		name string
		q    wire.SearchQuery
		want func(*world.Person) bool
	}{
		{"currentTitle", wire.SearchQuery{CurrentTitle: "Engineer"}, title(true, "engineer")},
		{"currentPastTitle wins", wire.SearchQuery{CurrentTitle: "Nurse", CurrentPastTitle: `"Account Manager"`}, title(false, "account", "manager")},
		{"currentCompany", wire.SearchQuery{CurrentCompany: `"` + company.Name + `"`}, func(p *world.Person) bool {
			for _, j := range p.Jobs {
				if j.Current && hasRun(w.Company(j.Company).Name, search.Tokens(company.Name)...) {
					return true
				}
			}
			return false
		}},
		{"currentPastCompany", wire.SearchQuery{CurrentPastCompany: `"` + company.Name + `"`}, func(p *world.Person) bool {
			for _, j := range p.Jobs {
				if hasRun(w.Company(j.Company).Name, search.Tokens(company.Name)...) {
					return true
				}
			}
			return false
		}},
		{"fullName", wire.SearchQuery{FullName: someone.FullName}, func(p *world.Person) bool {
			name := append(search.Tokens(p.FullName), search.Tokens(p.AltName)...)
			for _, tok := range search.Tokens(someone.FullName) {
				if !slices.Contains(name, tok) {
					return false
				}
			}
			return true
		}},
		{"keywords", wire.SearchQuery{Keywords: "Python"}, kw("python")},
		{"keywords in summaries", wire.SearchQuery{Keywords: "enjoy"}, kw("enjoy")},
		{"education", wire.SearchQuery{Education: `"Computer Science"`}, func(p *world.Person) bool {
			for _, e := range p.Education {
				if hasRun(w.Fields()[e.Field], "computer", "science") || hasRun(w.Universities()[e.University].Name, "computer", "science") {
					return true
				}
			}
			return false
		}},
		{"industry", wire.SearchQuery{Industry: w.Industry(busiest)}, func(p *world.Person) bool { return p.Industry == busiest }},
		{"industries", wire.SearchQuery{Industries: []string{"Banking", "Insurance"}}, func(p *world.Person) bool {
			return w.Industry(p.Industry) == "Banking" || w.Industry(p.Industry) == "Insurance"
		}},
		{"department", wire.SearchQuery{Department: []string{"Engineering / Development", "Design / UX"}}, func(p *world.Person) bool {
			return p.Department == world.Engineering || p.Department == world.Design
		}},
		{"level", wire.SearchQuery{Level: []string{"VP", "C-Level"}}, func(p *world.Person) bool { return p.Level == world.VP || p.Level == world.CLevel }},
		{"years in role", wire.SearchQuery{YearsOfCurrentExperienceFrom: ptr(3), YearsOfCurrentExperienceTo: ptr(5)}, func(p *world.Person) bool {
			_, ok := p.CurrentJob()
			return ok && p.YearsInRole >= 3 && p.YearsInRole <= 5
		}},
		{"years in total", wire.SearchQuery{YearsOfCurrentPastExperienceFrom: ptr(20)}, func(p *world.Person) bool { return p.TotalYears >= 20 }},
		{"openToWork", wire.SearchQuery{OpenToWork: &yes}, func(p *world.Person) bool { return p.OpenToWork }},
		{"not openToWork", wire.SearchQuery{OpenToWork: &no, Level: []string{"Junior"}}, func(p *world.Person) bool { return !p.OpenToWork && p.Level == world.Junior }},
		{"country", wire.SearchQuery{Location: wire.Locations{"United Kingdom"}}, func(p *world.Person) bool { return places[p.City].Country == "GB" }},
		{"state", wire.SearchQuery{Location: wire.Locations{"California"}}, func(p *world.Person) bool {
			return places[p.City].Country == "US" && places[p.City].Admin1 == "CA"
		}},
		{"state with country", wire.SearchQuery{Location: wire.Locations{"California, United States"}}, func(p *world.Person) bool {
			return places[p.City].Country == "US" && places[p.City].Admin1 == "CA"
		}},
		{"state by abbreviation and a province", wire.SearchQuery{Location: wire.Locations{"TX", "Ontario, Canada"}}, func(p *world.Person) bool {
			pl := places[p.City]
			return pl.Country == "US" && pl.Admin1 == "TX" || pl.Country == "CA" && pl.Admin1 == "08"
		}},
		{"city with context", wire.SearchQuery{Location: wire.Locations{"Austin, TX, United States"}}, near(austin.Latitude, austin.Longitude)},
		{"latitude and longitude", wire.SearchQuery{Latitude: &lat, Longitude: &lon, Location: wire.Locations{"Germany"}}, near(lat, lon)},
		{"coordinates", wire.SearchQuery{Coordinates: []wire.Coordinate{{Latitude: 51.5074, Longitude: -0.1278}, {Latitude: 48.8566, Longitude: 2.3522}},
			Location: wire.Locations{"Germany"}}, func(p *world.Person) bool { return near(51.5074, -0.1278)(p) || near(48.8566, 2.3522)(p) }},
		{"several filters", wire.SearchQuery{CurrentTitle: "Manager", Location: wire.Locations{"United States"}, Level: []string{"Mid-Level", "Senior"}},
			func(p *world.Person) bool {
				return title(true, "manager")(p) && places[p.City].Country == "US" && (p.Level == world.MidLevel || p.Level == world.Senior)
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want := map[string]bool{}
			for i := range w.Len() {
				if p := w.Person(i); tc.want(p) {
					want[p.UID.String()] = true
				}
			}
			if len(want) == 0 {
				t.Fatal("nobody matches: the case tests nothing")
			}
			tc.q.Size = 100
			page, meta, err := c.Search(bg, tc.q)
			if err != nil {
				t.Fatal(err)
			}
			if page.Total != int64(len(want)) {
				t.Errorf("total %d, want %d", page.Total, len(want))
			}
			for _, p := range page.Profiles {
				if !want[p.UID] {
					t.Errorf("profile %s (%s, %s) does not match", p.UID, p.FullName, p.Location)
					break
				}
			}
			if !meta.HasCredits {
				t.Error("no X-Credits-Left")
			}
		})
	}
}

func TestSearchValidation(t *testing.T) {
	_, _, base := serve(t, fast(emulator.AccountConfig{}))
	for _, tc := range []struct {
		body   string
		status int
		want   string
	}{
		{`{}`, 422, "At least one filter other than exclude* is required"},
		{`{"excludeRevealed": true, "excludeWatched": true, "excludeInLists": true, "excludeInProgress": true, "excludeEmailed": true}`, 422, "At least one filter other than exclude* is required"},
		{`{"currentTitle": "CEO", "size": 0}`, 422, "size must be between 1 and 100"},
		{`{"currentTitle": "CEO", "size": 101}`, 422, "size must be between 1 and 100"},
		{`{"location": "Atlantis, Germany"}`, 422, "Location is not recognized"},
		{`{"location": ["Germany", "Nowhere Land"]}`, 422, "Location is not recognized"},
		{`{"latitude": 52.5}`, 422, "latitude and longitude must be given together"},
		{`{"longitude": 13.4}`, 422, "latitude and longitude must be given together"},
		{`{"industry": "Foo"}`, 422, `Unknown industry: "Foo"`},
		{`{"industries": ["Banking", "Underwater Basket Weaving"]}`, 422, `Unknown industry: "Underwater Basket Weaving"`},
		{`{"department": ["Sales", "X"]}`, 422, `Invalid department: "X"`},
		{`{"level": ["Boss"]}`, 422, `Invalid level: "Boss"`},
		{`{"currentTitle": "(Sales OR Marketing"}`, 422, `currentTitle: "(" is never closed at position 1`},
		{`{"keywords": "Python AND"}`, 422, "keywords: query ends where a term is expected at position 11"},
		{`{"currentCompany": "Acme)"}`, 422, `currentCompany: unmatched ")" at position 5`},
		{`{"education": "\"MBA"}`, 422, "education: unterminated quoted phrase at position 1"},
		{`{"currentPastTitle": "OR Manager"}`, 422, "currentPastTitle: unexpected OR where a term is expected at position 1"},
		{`{"yearsOfCurrentExperienceFrom": 5, "yearsOfCurrentExperienceTo": 1}`, 422, "yearsOfCurrentExperienceFrom is greater than yearsOfCurrentExperienceTo"},
		{`{"currentTitle": "CEO", "size": "big"}`, 422, "size must be an integer"},
		{`{"currentTitle": `, 404, "Invalid JSON"},
	} {
		status, body, h := rawPost(t, base+api.PathSearch, "test-key", tc.body)
		var got struct{ Error string }
		json.Unmarshal([]byte(body), &got)
		if status != tc.status || got.Error != tc.want {
			t.Errorf("%s: %d %s, want %d %q", tc.body, status, body, tc.status, tc.want)
		}
		if h.Get(api.HeaderCreditsLeft) == "" {
			t.Errorf("%s: no X-Credits-Left", tc.body)
		}
	}
	if st := stats(t, base).Accounts[0]; st.SearchQueries != 0 || st.Today.SearchQueries != 0 {
		t.Errorf("refused searches were counted: %+v", st)
	}
}

func TestSearchBooleanQueries(t *testing.T) {
	_, c, _ := serve(t, fast(emulator.AccountConfig{}))
	total := func(q wire.SearchQuery) int64 {
		t.Helper()
		page, _, err := c.Search(bg, q)
		if err != nil {
			t.Fatalf("%+v: %v", q, err)
		}
		return page.Total
	}
	title := func(s string) int64 { return total(wire.SearchQuery{CurrentPastTitle: s}) }
	kw := func(s string) int64 { return total(wire.SearchQuery{Keywords: s}) }

	a, b, ab := title("Manager"), title("Senior"), title("Manager AND Senior")
	if a == 0 || b == 0 || ab == 0 || ab >= a || ab >= b {
		t.Fatalf("Manager %d, Senior %d, both %d: the test needs overlapping sets", a, b, ab)
	}
	// Titles match one title at a time; keywords the whole profile.
	for _, tc := range []struct {
		what      string
		got, want int64
	}{
		{"A OR B = A + B - (A AND B)", kw("Python OR Excel"), kw("Python") + kw("Excel") - kw("Python AND Excel")},
		{"A NOT B = A - (A AND B)", kw("Python NOT Excel"), kw("Python") - kw("Python AND Excel")},
		{"NOT B = all - B", kw("NOT Excel") + kw("Excel"), 2000},
		{"implicit AND", kw("Python Excel"), kw("Python AND Excel")},
		{"lower-case operators", kw("python and excel or sql"), kw("Python AND Excel OR SQL")},
		{"AND binds tighter than OR", kw("Python OR Excel AND SQL"), kw("Python OR (Excel AND SQL)")},
		{"parentheses group", kw("(Python OR Excel) AND SQL"), kw("Python AND SQL") + kw("Excel AND SQL") - kw("Python AND Excel AND SQL")},
		{"redundant parentheses", kw("((Python))"), kw("Python")},
		{"case-insensitive terms", title("MANAGER"), a},
		{"double negation", title("NOT NOT Manager"), a},
		{"title OR", title("Manager OR Senior"), total(wire.SearchQuery{CurrentPastTitle: "Senior OR Manager"})},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: %d, want %d", tc.what, tc.got, tc.want)
		}
	}
	// A person matches "A NOT B" on titles when one of their titles has A
	// and not B, even if another has both.
	if n := title("Manager NOT Senior"); n < a-ab || n > a {
		t.Errorf("Manager NOT Senior: %d, want between %d and %d", n, a-ab, a)
	}
	phrase, words := title(`"Account Manager"`), title("Account AND Manager")
	if phrase == 0 || phrase > words {
		t.Errorf(`"Account Manager" %d, Account AND Manager %d`, phrase, words)
	}
	if n := title(`"Manager Account"`); n != 0 {
		t.Errorf(`"Manager Account" (words out of order) matches %d`, n)
	}
	if n, m := kw(`"Node.js"`), kw("Node.js"); n == 0 || n != m {
		t.Errorf(`"Node.js" %d, Node.js %d`, n, m)
	}
}

func TestScrollVisitsEveryMatchOnce(t *testing.T) {
	_, c, _ := serve(t, fast(emulator.AccountConfig{}))
	q := wire.SearchQuery{CurrentTitle: "Manager", Size: 7}
	first, all := searchAll(t, c, q)
	if first.Total <= 14 || len(first.ScrollID) < 200 {
		t.Fatalf("total %d, scroll id of %d characters", first.Total, len(first.ScrollID))
	}
	seen := map[string]bool{}
	for _, p := range all {
		if seen[p.UID] {
			t.Fatalf("profile %s returned twice", p.UID)
		}
		seen[p.UID] = true
	}
	if int64(len(all)) != first.Total {
		t.Errorf("%d profiles over the scroll, total %d", len(all), first.Total)
	}
	// The same search again returns the same first page: the order is stable.
	again, _, _ := c.Search(bg, q)
	for k := range again.Profiles {
		if again.Profiles[k].UID != all[k].UID {
			t.Fatalf("page differs at %d", k)
		}
	}

	// A scroll id is good once, and only for its search.
	page, _, err := c.Scroll(bg, again.RequestID, again.ScrollID)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.Scroll(bg, again.RequestID, again.ScrollID); !errors.Is(err, api.ErrNotFound) {
		t.Errorf("used scroll id: %v, want 404", err)
	}
	if _, _, err := c.Scroll(bg, again.RequestID+1000, page.ScrollID); !errors.Is(err, api.ErrNotFound) {
		t.Errorf("scroll id under another requestId: %v, want 404", err)
	}
	if _, _, err := c.Scroll(bg, again.RequestID, "bm90IGEgc2Nyb2xsIGlk"); !errors.Is(err, api.ErrNotFound) {
		t.Errorf("unknown scroll id: %v, want 404", err)
	}
	if _, _, err := c.Scroll(bg, again.RequestID, page.ScrollID); err != nil {
		t.Errorf("the latest scroll id after failed attempts: %v", err)
	}

	// A search whose results fit one page has no scroll id.
	small, _, err := c.Search(bg, wire.SearchQuery{FullName: all[0].FullName, Size: 100})
	if err != nil || small.ScrollID != "" || small.Total > 100 {
		t.Errorf("one-page search: total %d, scroll id %q, %v", small.Total, small.ScrollID, err)
	}
	if st := stats(t, c.BaseURL()).Accounts[0]; st.SearchScrolls < int(first.Total/7) || st.SearchProfiles < len(all) {
		t.Errorf("stats %+v", st)
	}
}

func TestScrollOfAnotherAccount(t *testing.T) {
	cfg := fast(emulator.AccountConfig{})
	cfg.Accounts = []emulator.AccountConfig{{Name: "a", Key: "ka"}, {Name: "b", Key: "kb"}}
	_, a, base := serve(t, cfg)
	page, _, err := a.Search(bg, wire.SearchQuery{CurrentTitle: "Manager"})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := client(t, base, "kb").Scroll(bg, page.RequestID, page.ScrollID); !errors.Is(err, api.ErrForbidden) {
		t.Errorf("scroll with another account's id: %v, want 403", err)
	}
	if _, _, err := a.Scroll(bg, page.RequestID, page.ScrollID); err != nil {
		t.Errorf("the owner's scroll after that: %v", err)
	}
	if status, body, _ := rawPost(t, base+api.PathScroll+strconv.FormatInt(page.RequestID, 10), "ka", `{}`); status != http.StatusUnprocessableEntity {
		t.Errorf("scroll without scrollId: %d %s, want 422", status, body)
	}
	if status, _, _ := rawPost(t, base+api.PathScroll+"abc", "ka", `{"scrollId": "x"}`); status != http.StatusNotFound {
		t.Errorf("scroll of requestId abc: %d, want 404", status)
	}
}

func TestScrollExpiry(t *testing.T) {
	clk := newClock()
	cfg := fast(emulator.AccountConfig{})
	cfg.Now = clk.Now
	_, c, _ := serve(t, cfg)
	page, _, err := c.Search(bg, wire.SearchQuery{CurrentTitle: "Manager", Size: 5})
	if err != nil {
		t.Fatal(err)
	}
	clk.Advance(14 * time.Second)
	next, _, err := c.Scroll(bg, page.RequestID, page.ScrollID)
	if err != nil {
		t.Fatalf("scroll 14 s after the search: %v", err)
	}
	// The lifetime counts from the latest response.
	clk.Advance(14 * time.Second)
	next, _, err = c.Scroll(bg, page.RequestID, next.ScrollID)
	if err != nil {
		t.Fatalf("scroll 14 s after the previous scroll: %v", err)
	}
	clk.Advance(15 * time.Second)
	if _, _, err := c.Scroll(bg, page.RequestID, next.ScrollID); !errors.Is(err, api.ErrNotFound) {
		t.Errorf("scroll 15 s after the previous response: %v, want 404", err)
	}

	// --scroll-ttl sets the lifetime.
	cfg = fast(emulator.AccountConfig{})
	cfg.Now, cfg.ScrollTTL = clk.Now, 2*time.Second
	_, c, _ = serve(t, cfg)
	page, _, _ = c.Search(bg, wire.SearchQuery{CurrentTitle: "Manager", Size: 5})
	clk.Advance(2 * time.Second)
	if _, _, err := c.Scroll(bg, page.RequestID, page.ScrollID); !errors.Is(err, api.ErrNotFound) {
		t.Errorf("scroll after a 2 s lifetime: %v, want 404", err)
	}
}

func TestSearchConcurrencyLimit(t *testing.T) {
	cfg := fast(emulator.AccountConfig{})
	// Long enough for three searches to be seen in progress together, and
	// for two more requests to be refused meanwhile, on a loaded machine.
	cfg.SearchDelay = time.Second
	_, c, base := serve(t, cfg)
	q := wire.SearchQuery{CurrentTitle: "Engineer"}
	first, _, err := c.Search(bg, q)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make([]error, 3)
	for k := range 3 {
		wg.Go(func() { _, _, errs[k] = c.Search(bg, q) })
	}
	eventually(t, "three searches in progress", func() bool { return stats(t, base).Accounts[0].SearchesInFlight == 3 })
	if _, _, err := c.Search(bg, q); !errors.Is(err, api.ErrRateLimited) {
		t.Errorf("fourth concurrent search: %v, want 429", err)
	}
	if _, _, err := c.Scroll(bg, first.RequestID, first.ScrollID); !errors.Is(err, api.ErrRateLimited) {
		t.Errorf("scroll beside three searches: %v, want 429", err)
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Errorf("one of the three: %v", err)
		}
	}
	// The refused scroll did not use up its id.
	if _, _, err := c.Scroll(bg, first.RequestID, first.ScrollID); err != nil {
		t.Errorf("scroll once the others are done: %v", err)
	}
	st := stats(t, base).Accounts[0]
	if st.SearchConcurrencyLimited != 2 || st.SearchQueries != 4 || st.Today.SearchQueries != 4 || st.SearchesInFlight != 0 {
		t.Errorf("stats %+v", st)
	}
}

// chainWriter answers a search and, as the answer is being written,
// sends the next search: a client that sends one as soon as the previous
// answers. The account never has more than one search waiting for an
// answer, so none may be refused.
type chainWriter struct {
	*httptest.ResponseRecorder
	next func()
	sent bool
}

func (c *chainWriter) Write(b []byte) (int, error) {
	if !c.sent && c.next != nil {
		c.sent = true
		c.next()
	}
	return c.ResponseRecorder.Write(b)
}

func TestSearchSlotFreedBeforeAnswer(t *testing.T) {
	emu, err := emulator.New(fast(emulator.AccountConfig{}))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(emu.Close)
	body, _ := json.Marshal(wire.SearchQuery{CurrentTitle: "Engineer", Size: 1})
	const searches = 2 * emulator.MaxConcurrentSearches
	codes := make([]int, 0, searches)
	var send func(k int)
	send = func(k int) {
		r := httptest.NewRequest(http.MethodPost, api.PathSearch, bytes.NewReader(body))
		r.Header.Set("apikey", "test-key")
		w := &chainWriter{ResponseRecorder: httptest.NewRecorder()}
		if k+1 < searches {
			w.next = func() { send(k + 1) }
		}
		emu.ServeHTTP(w, r)
		if w.next != nil && !w.sent {
			w.next()
		}
		codes = append(codes, w.Code)
	}
	send(0)
	for k, code := range codes {
		if code != http.StatusOK {
			t.Errorf("search %d of %d, each sent once the previous answered: %d, want 200", searches-k, searches, code)
		}
	}
}

func TestSearchQueryQuota(t *testing.T) {
	clk := newClock()
	cfg := fast(emulator.AccountConfig{SearchQueriesPerDay: 3})
	cfg.Now, cfg.DayLength = clk.Now, time.Hour
	_, c, base := serve(t, cfg)
	q := wire.SearchQuery{CurrentTitle: "Manager"}
	var page wire.SearchPage
	for k := range 3 {
		p, _, err := c.Search(bg, q)
		if err != nil {
			t.Fatalf("search %d: %v", k+1, err)
		}
		page = p
	}
	// Scrolls are not new searches.
	if _, _, err := c.Scroll(bg, page.RequestID, page.ScrollID); err != nil {
		t.Errorf("scroll after 3 searches: %v", err)
	}
	_, _, err := c.Search(bg, q)
	if !errors.Is(err, api.ErrNoCredits) || !strings.Contains(apiMessage(err), "3 searches a day") {
		t.Errorf("fourth search: %v, want 402", err)
	}
	clk.Advance(59 * time.Minute)
	if _, _, err := c.Search(bg, q); !errors.Is(err, api.ErrNoCredits) {
		t.Errorf("search late in the day: %v, want 402", err)
	}
	clk.Advance(time.Minute)
	if _, _, err := c.Search(bg, q); err != nil {
		t.Errorf("search on the next day: %v", err)
	}
	if st := stats(t, base).Accounts[0]; st.SearchQuotaExceeded != 2 || st.Today.SearchQueries != 1 || st.Quotas.SearchQueries != 3 {
		t.Errorf("stats %+v", st)
	}
}

func TestSearchProfileQuota(t *testing.T) {
	clk := newClock()
	cfg := fast(emulator.AccountConfig{SearchProfilesPerDay: 25})
	cfg.Now, cfg.DayLength = clk.Now, 10*time.Second
	_, c, base := serve(t, cfg)
	page, _, err := c.Search(bg, wire.SearchQuery{CurrentTitle: "Manager", Size: 10})
	if err != nil || len(page.Profiles) != 10 {
		t.Fatalf("search: %d profiles, %v", len(page.Profiles), err)
	}
	next, _, err := c.Scroll(bg, page.RequestID, page.ScrollID)
	if err != nil || len(next.Profiles) != 10 {
		t.Fatalf("scroll: %d profiles, %v", len(next.Profiles), err)
	}
	// The page that reaches the quota is cut short; the rest stays.
	last, _, err := c.Scroll(bg, page.RequestID, next.ScrollID)
	if err != nil || len(last.Profiles) != 5 || last.ScrollID == "" {
		t.Fatalf("scroll at the quota: %d profiles, scroll id %q, %v", len(last.Profiles), last.ScrollID, err)
	}
	_, _, err = c.Scroll(bg, page.RequestID, last.ScrollID)
	if !errors.Is(err, api.ErrNoCredits) || !strings.Contains(apiMessage(err), "25 profiles a day") {
		t.Errorf("scroll past the quota: %v, want 402", err)
	}
	if _, _, err := c.Search(bg, wire.SearchQuery{CurrentTitle: "Engineer"}); !errors.Is(err, api.ErrNoCredits) {
		t.Errorf("search past the quota: %v, want 402", err)
	}
	// A new day: the refused scroll id still works, and continues where
	// the short page stopped.
	clk.Advance(10 * time.Second)
	more, _, err := c.Scroll(bg, page.RequestID, last.ScrollID)
	if err != nil || len(more.Profiles) != 10 {
		t.Fatalf("scroll on the next day: %d profiles, %v", len(more.Profiles), err)
	}
	if st := stats(t, base).Accounts[0]; st.Today.SearchProfiles != 10 || st.SearchProfiles != 35 || st.SearchQuotaExceeded != 2 {
		t.Errorf("stats %+v", st)
	}
	// The pages are those of the same search without a quota.
	_, ref, _ := serve(t, fast(emulator.AccountConfig{}))
	_, all := searchAll(t, ref, wire.SearchQuery{CurrentTitle: "Manager", Size: 100})
	for k, p := range slices.Concat(page.Profiles, next.Profiles, last.Profiles, more.Profiles) {
		if p.UID != all[k].UID {
			t.Fatalf("profile %d of the scroll is %s, want %s", k, p.UID, all[k].UID)
		}
	}
}

func TestSearchQuotaDefaults(t *testing.T) {
	cfg := fast(emulator.AccountConfig{})
	cfg.Accounts = []emulator.AccountConfig{
		{Name: "paid", Key: "k1"},
		{Name: "trial", Key: "k2", Trial: true},
		{Name: "own", Key: "k3", Trial: true, SearchQueriesPerDay: 7, SearchProfilesPerDay: 70, ProfileViewsPerDay: 700},
	}
	_, _, base := serve(t, cfg)
	want := map[string][3]int{"paid": {500, 5000, 2000}, "trial": {20, 200, 2000}, "own": {7, 70, 700}}
	for _, st := range stats(t, base).Accounts {
		if got := [3]int{st.Quotas.SearchQueries, st.Quotas.SearchProfiles, st.Quotas.ProfileViews}; got != want[st.Name] {
			t.Errorf("%s: quotas %v, want %v", st.Name, got, want[st.Name])
		}
	}
	// Config's quotas apply to every account without its own.
	cfg.SearchQueriesPerDay, cfg.SearchProfilesPerDay, cfg.ProfileViewsPerDay = 1, 2, 3
	_, _, base = serve(t, cfg)
	for _, st := range stats(t, base).Accounts {
		w := [3]int{1, 2, 3}
		if st.Name == "own" {
			w = want["own"]
		}
		if got := [3]int{st.Quotas.SearchQueries, st.Quotas.SearchProfiles, st.Quotas.ProfileViews}; got != w {
			t.Errorf("%s: quotas %v, want %v", st.Name, got, w)
		}
	}
	// A trial account's 21st search of the day is refused.
	_, _, base = serve(t, fast(emulator.AccountConfig{Trial: true}))
	c := client(t, base, "test-key")
	for k := range 20 {
		if _, _, err := c.Search(bg, wire.SearchQuery{Level: []string{"VP"}, Size: 5}); err != nil {
			t.Fatalf("trial search %d: %v", k+1, err)
		}
	}
	if _, _, err := c.Search(bg, wire.SearchQuery{Level: []string{"VP"}}); !errors.Is(err, api.ErrNoCredits) {
		t.Errorf("21st trial search: %v, want 402", err)
	}
}

func TestSearchExcludes(t *testing.T) {
	emu, c, base := serve(t, fast(emulator.AccountConfig{Credits: 10}))
	w := emu.World()
	s := sample(t, base, 1)
	person := s.People[0]
	// Revealed: looked up with contacts by this account.
	if _, _, err := c.LookupSync(bg, []string{person.LinkedIn}, false); err != nil {
		t.Fatal(err)
	}
	q := wire.SearchQuery{FullName: person.FullName, Size: 100}
	page, _, err := c.Search(bg, q)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(page.Profiles, func(p wire.SearchProfile) bool { return p.UID == person.UID })
	if i < 0 {
		t.Fatalf("%s not found by name", person.FullName)
	}
	if _, err := time.Parse(time.DateTime, page.Profiles[i].ContactsFetched); err != nil {
		t.Errorf("contactsFetched %q of a revealed person: %v", page.Profiles[i].ContactsFetched, err)
	}
	q.ExcludeRevealed = true
	page2, _, _ := c.Search(bg, q)
	if page2.Total != page.Total-1 || slices.ContainsFunc(page2.Profiles, func(p wire.SearchProfile) bool { return p.UID == person.UID }) {
		t.Errorf("excludeRevealed: total %d of %d", page2.Total, page.Total)
	}
	// Watched, in lists, in progress, e-mailed: the account's fixed marks.
	base2 := wire.SearchQuery{Level: []string{"Senior", "Lead"}, Size: 100}
	_, everyone := searchAll(t, c, base2)
	for _, tc := range []struct {
		set  func(*wire.SearchQuery)
		mark search.Mark
	}{
		{func(q *wire.SearchQuery) { q.ExcludeWatched = true }, search.Watched},
		{func(q *wire.SearchQuery) { q.ExcludeInLists = true }, search.InLists},
		{func(q *wire.SearchQuery) { q.ExcludeInProgress = true }, search.InProgress},
		{func(q *wire.SearchQuery) { q.ExcludeEmailed = true }, search.Emailed},
	} {
		q := base2
		tc.set(&q)
		_, got := searchAll(t, c, q)
		var want []string
		for _, p := range everyone {
			pp, _ := w.Find(p.UID)
			if !search.Marked("test-key", pp.UID, tc.mark) {
				want = append(want, p.UID)
			}
		}
		var uids []string
		for _, p := range got {
			uids = append(uids, p.UID)
		}
		if !slices.Equal(uids, want) || len(want) == len(everyone) {
			t.Errorf("exclude %s: %d profiles, want %d of %d", tc.mark, len(uids), len(want), len(everyone))
		}
	}
}

func TestSearchResponseShape(t *testing.T) {
	_, _, base := serve(t, fast(emulator.AccountConfig{}))
	status, body, h := rawPost(t, base+api.PathSearch, "test-key", `{"currentTitle": "Manager", "size": 3}`)
	if status != http.StatusOK || h.Get(api.HeaderCreditsLeft) == "" {
		t.Fatalf("%d %s", status, body)
	}
	var page struct {
		RequestID *int64           `json:"requestId"`
		Total     *int64           `json:"total"`
		ScrollID  *string          `json:"scrollId"`
		Profiles  []map[string]any `json:"profiles"`
	}
	if err := json.Unmarshal([]byte(body), &page); err != nil {
		t.Fatal(err)
	}
	if page.RequestID == nil || page.Total == nil || page.ScrollID == nil || len(page.Profiles) != 3 {
		t.Fatalf("page %s", body)
	}
	for _, p := range page.Profiles {
		for _, key := range []string{"uid", "fullName", "location", "experience", "skills", "contactsFetched", "openToWork"} {
			if _, ok := p[key]; !ok {
				t.Errorf("profile without %q: %v", key, p)
			}
		}
		if p["contactsFetched"] != nil {
			t.Errorf("contactsFetched %v, want null", p["contactsFetched"])
		}
		if _, ok := p["location"].(string); !ok {
			t.Errorf("location %v is not a string", p["location"])
		}
		for _, e := range p["experience"].([]any) {
			role := e.(map[string]any)
			if _, ok := role["company"]; !ok || len(role) != 2 {
				t.Errorf("experience entry %v", role)
			}
		}
	}
	// The last page carries no scroll id.
	status, body, _ = rawPost(t, base+api.PathSearch, "test-key", `{"fullName": "zzzz-nobody", "size": 3}`)
	if status != http.StatusOK || strings.Contains(body, "scrollId") || !strings.Contains(body, `"total":0`) {
		t.Errorf("empty search: %d %s", status, body)
	}
}

func TestSampleForSearch(t *testing.T) {
	cfg := fast(emulator.AccountConfig{CompanyAPI: true})
	emu, c, base := serve(t, cfg)
	s := sample(t, base, 12)
	if len(s.Companies) != 12 || len(s.Locations) != 12 || len(s.Titles) != 12 || len(s.Industries) != len(emu.World().Industries()) {
		t.Fatalf("sample: %d companies, %d locations, %d titles, %d industries", len(s.Companies), len(s.Locations), len(s.Titles), len(s.Industries))
	}
	for _, loc := range s.Locations {
		if page, _, err := c.Search(bg, wire.SearchQuery{Location: wire.Locations{loc}}); err != nil || page.Total == 0 {
			t.Errorf("location %q: %d people, %v", loc, page.Total, err)
		}
	}
	for _, title := range s.Titles {
		if page, _, err := c.Search(bg, wire.SearchQuery{CurrentTitle: `"` + title + `"`}); err != nil || page.Total == 0 {
			t.Errorf("title %q: %d people, %v", title, page.Total, err)
		}
	}
	for _, co := range s.Companies {
		ref, _, err := c.CompanyFind(bg, co.Slug)
		if err != nil || ref.ID != co.ID || ref.Company != co.Name {
			t.Errorf("company %+v: %+v, %v", co, ref, err)
		}
		if n, _, _ := c.CompanyCount(bg, co.Slug, wire.EmployeesCurrent); n == 0 {
			t.Errorf("company %+v has no current employees", co)
		}
	}
	if _, _, err := c.Search(bg, wire.SearchQuery{Industries: s.Industries}); err != nil {
		t.Errorf("every sampled industry: %v", err)
	}
}
