package emulator_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/emulator"
	"github.com/enrich-dev/enrich/emulator/world"
)

// adminJSON calls an admin endpoint (a body makes it a POST) and decodes
// a 200 answer into out, returning the status.
func adminJSON(t *testing.T, base, path, body string, out any) int {
	t.Helper()
	var resp *http.Response
	var err error
	if body == "" {
		resp, err = http.Get(base + path)
	} else {
		resp, err = http.Post(base+path, "application/json", strings.NewReader(body))
	}
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode == http.StatusOK && out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			t.Fatalf("%s: %s does not decode: %v", path, raw, err)
		}
	}
	return resp.StatusCode
}

// currentRole is the role a reader takes for a profile's job: of the
// current entries, the one started last (the first listed on a tie).
func currentRole(c *wire.Candidate) (wire.Experience, bool) {
	best := -1
	for i, e := range c.Experience {
		if e.Current && (best < 0 || e.Started > c.Experience[best].Started) {
			best = i
		}
	}
	if best < 0 {
		return wire.Experience{}, false
	}
	return c.Experience[best], true
}

// lookupProfiles looks items up synchronously, 100 at a time, and returns
// the profiles found by item.
func lookupProfiles(t *testing.T, c *api.Client, items []string) map[string]*wire.Candidate {
	t.Helper()
	out := map[string]*wire.Candidate{}
	for start := 0; start < len(items); start += 100 {
		results, _, err := c.LookupSync(bg, items[start:min(start+100, len(items))], false)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range results {
			if r.Status != wire.StatusSuccess {
				t.Fatalf("%s: %s", r.Item, r.Status)
			}
			cand, err := r.Profile()
			if err != nil {
				t.Fatal(err)
			}
			out[r.Item] = cand
		}
	}
	return out
}

// The world's clock over HTTP: /_emulator/advance moves it, and then
// every person /_emulator/moves lists is found by their profile URL, their
// e-mail and their new work address, with `to` as the current role and
// `from` as an ended one; search and the Company API see them at the
// company they joined.
func TestWorldClockOverHTTP(t *testing.T) {
	cfg := fast(emulator.AccountConfig{Credits: 100000, ItemsPerMinute: 100000, CompanyAPI: true})
	cfg.People = 3000
	emu, c, base := serve(t, cfg)
	emu.PrepareSearch()

	var clock emulator.Clock
	if code := adminJSON(t, base, "/_emulator/clock", "", &clock); code != http.StatusOK || clock.Start != "2026-01-01" ||
		clock.Clock != "2026-01-01" || clock.Days != 0 || clock.Moved != 0 {
		t.Fatalf("clock at the start: %d %+v", code, clock)
	}
	var moves []emulator.Move
	if adminJSON(t, base, "/_emulator/moves", "", &moves); moves == nil || len(moves) != 0 {
		t.Fatalf("moves at the start: %v, want []", moves)
	}
	if code := adminJSON(t, base, "/_emulator/advance", `{"days": 180}`, &clock); code != http.StatusOK ||
		clock.Clock != "2026-06-30" || clock.Days != 180 || clock.Moved < 200 {
		t.Fatalf("advance: %d %+v", code, clock)
	}
	adminJSON(t, base, "/_emulator/moves?count=10000", "", &moves)
	if len(moves) != clock.Moved {
		t.Fatalf("%d moves listed, the clock says %d", len(moves), clock.Moved)
	}
	var urls, emails, works []string
	for k, m := range moves {
		if k > 0 && (m.At > moves[k-1].At || m.At == moves[k-1].At && m.UID > moves[k-1].UID) {
			t.Fatalf("moves %d and %d are out of order", k-1, k)
		}
		if m.At < "2026-01-02" || m.At > "2026-06-30" || m.From.Company == m.To.Company {
			t.Fatalf("move %+v", m)
		}
		urls = append(urls, m.LinkedIn)
		if m.Email != "" {
			emails = append(emails, m.Email)
		}
		if m.WorkEmail != "" && m.WorkEmail != m.Email { // one who had no address lists the new one as both
			works = append(works, m.WorkEmail)
		}
	}
	if len(emails) < len(moves)/2 || len(works) < len(moves)/3 {
		t.Fatalf("of %d moves, %d list an e-mail and %d a work address", len(moves), len(emails), len(works))
	}
	byURL := lookupProfiles(t, c, urls)
	byEmail := lookupProfiles(t, c, emails)
	byWork := lookupProfiles(t, c, works)
	for e, cand := range byEmail {
		byWork[e] = cand
	}
	for _, m := range moves {
		cand := byURL[m.LinkedIn]
		if string(cand.UID) != m.UID {
			t.Fatalf("%s finds %s, not %s", m.LinkedIn, cand.UID, m.UID)
		}
		role, ok := currentRole(cand)
		if !ok || string(role.Company) != m.To.Company || string(role.Position) != m.To.Title || string(role.Started) < "2026-01" {
			t.Fatalf("%s moved to %+v but the profile's current role is %s at %s since %s", m.LinkedIn, m.To, role.Position, role.Company, role.Started)
		}
		ended := slices.ContainsFunc(cand.Experience, func(e wire.Experience) bool {
			return !e.Current && string(e.Company) == m.From.Company && string(e.Position) == m.From.Title &&
				string(e.Ended) >= "2026-01" && string(e.Ended)[:min(10, len(e.Ended))] <= m.At
		})
		if !ended {
			t.Fatalf("%s left %+v on %s but the profile has no such ended role", m.LinkedIn, m.From, m.At)
		}
		if m.Email != "" && string(byEmail[m.Email].UID) != m.UID {
			t.Fatalf("%s finds %s, not %s", m.Email, byEmail[m.Email].UID, m.UID)
		}
		if m.WorkEmail == "" {
			continue
		}
		if string(byWork[m.WorkEmail].UID) != m.UID {
			t.Fatalf("%s finds %s, not %s", m.WorkEmail, byWork[m.WorkEmail].UID, m.UID)
		}
		if site := string(role.Website); site != "" && site != "n/a" && !strings.HasSuffix(site, "."+strings.SplitN(m.WorkEmail, "@", 2)[1]) {
			t.Fatalf("work address %s is not at %s, the site of %s", m.WorkEmail, site, m.To.Company)
		}
	}

	// Search sees the current state: the person among the current staff
	// of the company joined, and among the current and past staff of the
	// company left.
	for _, m := range moves[:30] {
		for _, q := range []wire.SearchQuery{
			{CurrentCompany: `"` + m.To.Company + `"`, FullName: m.FullName},
			{CurrentPastCompany: `"` + m.From.Company + `"`, FullName: m.FullName},
			{CurrentTitle: `"` + m.To.Title + `"`, FullName: m.FullName},
		} {
			q.Size = 100
			page, _, err := c.Search(bg, q)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.ContainsFunc(page.Profiles, func(p wire.SearchProfile) bool { return p.UID == m.UID }) {
				t.Fatalf("search %+v misses %s", q, m.UID)
			}
		}
	}

	// The Company API: the company joined counts and delivers the person
	// among its current staff.
	w := emu.World()
	smallest, size := moves[0], 1<<30
	for _, m := range moves {
		co := companyNamed(t, w, m.To.Company)
		if n := w.EmployeeCount(co, world.StatusCurrent); n < size {
			smallest, size = m, n
		}
	}
	co := companyNamed(t, w, smallest.To.Company)
	if n, _, err := c.CompanyCount(bg, co.Slug, wire.EmployeesCurrent); err != nil || int(n) != size {
		t.Fatalf("getCount of %s: %d, %v; want %d", co.Name, n, err, size)
	}
	rc := newProfilesReceiver(t)
	if _, _, err := c.CompanyProfiles(bg, co.Slug, wire.EmployeesCurrent, rc.URL); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the company's profiles", func() bool { _, n := rc.profiles(); return n >= size })
	batches, _ := rc.profiles()
	found := false
	for _, b := range batches {
		for _, raw := range b.Profiles {
			var p struct {
				UID string `json:"uid"`
			}
			if json.Unmarshal(raw, &p) == nil && p.UID == smallest.UID {
				found = true
			}
		}
	}
	if !found {
		t.Errorf("%s joined %s but getProfiles does not deliver them", smallest.UID, co.Name)
	}
}

// companyNamed returns the company of the world with a name.
func companyNamed(t *testing.T, w *world.World, name string) *world.Company {
	t.Helper()
	for _, c := range w.Companies() {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("no company %q", name)
	return nil
}

// Two emulators of one seed agree after the same time, whatever the steps
// their clocks took, and the old identifiers of those who moved still find
// them.
func TestWorldClockDeterministic(t *testing.T) {
	cfg := fast(emulator.AccountConfig{Credits: 100000, ItemsPerMinute: 100000})
	_, c1, base1 := serve(t, cfg)
	_, c2, base2 := serve(t, cfg)
	for _, days := range []string{"90", "90"} {
		adminJSON(t, base1, "/_emulator/advance", `{"days": `+days+`}`, nil)
	}
	adminJSON(t, base2, "/_emulator/advance", `{"days": 180}`, nil)
	var m1, m2 []emulator.Move
	adminJSON(t, base1, "/_emulator/moves?count=10000", "", &m1)
	adminJSON(t, base2, "/_emulator/moves?count=10000", "", &m2)
	if len(m1) == 0 || !reflect.DeepEqual(m1, m2) {
		t.Fatalf("90+90 days listed %d moves, 180 days %d, or they differ", len(m1), len(m2))
	}
	var urls []string
	for _, m := range m1[:min(50, len(m1))] {
		urls = append(urls, m.LinkedIn)
	}
	r1, _, err1 := c1.LookupSync(bg, urls, false)
	r2, _, err2 := c2.LookupSync(bg, urls, false)
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	for k := range r1 {
		if !bytes.Equal(r1[k].Candidate, r2[k].Candidate) {
			t.Fatalf("%s differs between the two emulators", urls[k])
		}
	}
}

func TestWorldClockValidation(t *testing.T) {
	_, _, base := serve(t, fast(emulator.AccountConfig{}))
	for _, tc := range []struct {
		path, body string
		want       int
	}{
		{"/_emulator/advance", `{}`, http.StatusBadRequest},
		{"/_emulator/advance", `{"days": "ten"}`, http.StatusBadRequest},
		{"/_emulator/advance", `{"days": 1.5}`, http.StatusBadRequest},
		{"/_emulator/advance", `{"days": 3, "weeks": 1}`, http.StatusBadRequest},
		{"/_emulator/advance", `not json`, http.StatusBadRequest},
		{"/_emulator/advance", `{"days": -1}`, http.StatusUnprocessableEntity},
		{"/_emulator/advance", `{"days": 3654}`, http.StatusUnprocessableEntity},
		{"/_emulator/advance", `{"days": 0}`, http.StatusOK},
		{"/_emulator/moves?count=0", "", http.StatusUnprocessableEntity},
		{"/_emulator/moves?count=10001", "", http.StatusUnprocessableEntity},
		{"/_emulator/moves?count=x", "", http.StatusUnprocessableEntity},
		{"/_emulator/moves?count=10000", "", http.StatusOK},
		{"/_emulator/moves?since=2026-13-01", "", http.StatusUnprocessableEntity},
		{"/_emulator/moves?cursor=2026-01-01", "", http.StatusUnprocessableEntity},
		{"/_emulator/moves?cursor=2026-01-01.abc", "", http.StatusUnprocessableEntity},
		{"/_emulator/moves?since=2026-01-01&cursor=2026-01-01.00000000000000000000000000000000", "", http.StatusOK},
	} {
		if got := adminJSON(t, base, tc.path, tc.body, nil); got != tc.want {
			t.Errorf("%s %s: %d, want %d", tc.path, tc.body, got, tc.want)
		}
	}
	var clock emulator.Clock
	adminJSON(t, base, "/_emulator/clock", "", &clock)
	if clock.Days != 0 {
		t.Errorf("refused advances moved the clock to day %d", clock.Days)
	}
	if _, err := emulator.New(emulator.Config{People: 100, WorldStart: time.Date(1990, 1, 1, 0, 0, 0, 0, time.UTC)}); err == nil {
		t.Error("a world starting in 1990 was accepted")
	}
}

// A world may start on another date: its clock and histories follow.
func TestWorldStart(t *testing.T) {
	cfg := fast(emulator.AccountConfig{})
	cfg.WorldStart = time.Date(2030, time.March, 10, 0, 0, 0, 0, time.UTC)
	_, _, base := serve(t, cfg)
	var clock emulator.Clock
	adminJSON(t, base, "/_emulator/advance", `{"days": 30}`, &clock)
	if clock.Start != "2030-03-10" || clock.Clock != "2030-04-09" {
		t.Errorf("clock %+v", clock)
	}
}

// Lookups, searches and advances at once: each request answers from one
// world, and the race detector sees no shared write.
func TestAdvanceUnderLoad(t *testing.T) {
	cfg := fast(emulator.AccountConfig{Credits: 100000, ItemsPerMinute: 100000})
	emu, c, base := serve(t, cfg)
	s := sample(t, base, 50)
	var wg sync.WaitGroup
	for k := range emulator.MaxConcurrentSearches {
		wg.Go(func() {
			for i := range 10 {
				items := []string{s.LinkedIn[(k*10+i)%50], s.Email[(k*10+i)%50]}
				results, _, err := c.LookupSync(bg, items, false)
				if err != nil {
					t.Error(err)
					return
				}
				for _, r := range results {
					if r.Status != wire.StatusSuccess && r.Status != wire.StatusDuplicateQuery {
						t.Errorf("%s: %s", r.Item, r.Status)
					}
				}
				if _, _, err := c.Search(bg, wire.SearchQuery{CurrentTitle: "Engineer"}); err != nil {
					t.Error(err)
				}
			}
		})
	}
	for range 10 {
		if err := emu.Advance(20); err != nil {
			t.Fatal(err)
		}
	}
	wg.Wait()
	if d := emu.World().Day(); d != 200 {
		t.Errorf("day %d after ten advances of 20", d)
	}
}

// A lookup answers from the world as of when it was accepted: one
// processed after an advance still shows the world it began with, and the
// next shows the new one.
func TestAsyncLookupKeepsItsWorld(t *testing.T) {
	cfg := fast(emulator.AccountConfig{Credits: 1000})
	cfg.CallbackDelay = 300 * time.Millisecond
	cfg.MaxCallbackDelay = 300 * time.Millisecond
	emu, c, _ := serve(t, cfg)
	later, err := emu.World().Advance(180)
	if err != nil {
		t.Fatal(err)
	}
	m := later.Moves(1)[0]
	p := later.Person(m.Person)
	rc := newReceiver(t)
	if _, _, err := c.LookupAsync(bg, wire.LookupRequest{Items: []string{p.ProfileURL()}, CallbackURL: rc.URL}); err != nil {
		t.Fatal(err)
	}
	if err := emu.Advance(180); err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.LookupAsync(bg, wire.LookupRequest{Items: []string{p.UID.String()}, CallbackURL: rc.URL}); err != nil {
		t.Fatal(err)
	}
	want := map[string]world.Job{p.ProfileURL(): m.From, p.UID.String(): m.To}
	for range 2 {
		r := rc.next(t).Results[0]
		cand, err := r.Profile()
		if err != nil {
			t.Fatal(err)
		}
		role, _ := currentRole(cand)
		j := want[r.Item]
		if string(role.Company) != later.Company(j.Company).Name || string(role.Position) != later.Title(j.Title).Name {
			t.Errorf("%s: current role %s at %s, want %s at %s", r.Item, role.Position, role.Company,
				later.Title(j.Title).Name, later.Company(j.Company).Name)
		}
	}
}

// GET /_emulator/moves pages newest first: X-Next-Cursor and Link lead
// from page to page until the list ends, since keeps the latest moves
// only, and each move says where the person is now.
func TestMovesPagedOverHTTP(t *testing.T) {
	cfg := fast(emulator.AccountConfig{})
	_, _, base := serve(t, cfg)
	var clock emulator.Clock
	adminJSON(t, base, "/_emulator/advance", `{"days": 1500}`, &clock)
	var all []emulator.Move
	adminJSON(t, base, "/_emulator/moves?count=10000", "", &all)
	if len(all) != clock.Moved || len(all) < 500 {
		t.Fatalf("%d moves listed, the clock says %d", len(all), clock.Moved)
	}
	var paged []emulator.Move
	path := "/_emulator/moves?count=200"
	for pages := 0; path != ""; pages++ {
		resp, err := http.Get(base + path)
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("%s: %v %v", path, resp, err)
		}
		var page []emulator.Move
		json.NewDecoder(resp.Body).Decode(&page)
		resp.Body.Close()
		paged = append(paged, page...)
		path = ""
		if c := resp.Header.Get("X-Next-Cursor"); c != "" {
			link := resp.Header.Get("Link")
			path = strings.TrimSuffix(strings.TrimPrefix(link, "<"), `>; rel="next"`)
			if !strings.Contains(path, "cursor="+c) || !strings.Contains(path, "count=200") {
				t.Fatalf("Link %q, cursor %q", link, c)
			}
		}
		if pages > len(all)/200+1 {
			t.Fatal("the pages do not end")
		}
	}
	if !reflect.DeepEqual(paged, all) {
		t.Fatalf("pages of 200 list %d moves, one page %d, or they differ", len(paged), len(all))
	}
	var recent []emulator.Move
	adminJSON(t, base, "/_emulator/moves?count=10000&since=2029-01-01", "", &recent)
	if len(recent) == 0 || len(recent) == len(all) || recent[len(recent)-1].At < "2029-01-01" || !reflect.DeepEqual(recent, all[:len(recent)]) {
		t.Fatalf("%d of %d moves since 2029-01-01", len(recent), len(all))
	}
	for _, m := range all {
		switch {
		case m.Now == nil && m.Still, m.Now != nil && m.Still != (m.Now.Company == m.To.Company):
			t.Fatalf("move %+v: still %v", m, m.Still)
		case m.Still && m.WorkEmail == "" && m.Now == nil:
			t.Fatalf("move %+v", m)
		}
	}
}
