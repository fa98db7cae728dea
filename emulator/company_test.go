package emulator_test

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/emulator"
	"github.com/enrich-dev/enrich/emulator/world"
)

// profilesReceiver records company profile deliveries.
type profilesReceiver struct {
	*httptest.Server
	mu      sync.Mutex
	batches []*api.ProfilesCallback
}

func newProfilesReceiver(t *testing.T) *profilesReceiver {
	rc := &profilesReceiver{}
	rc.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		cb, err := api.ParseProfilesCallback(w, r, 0)
		if err != nil {
			t.Errorf("profiles callback does not parse: %v", err)
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		rc.mu.Lock()
		rc.batches = append(rc.batches, cb)
		rc.mu.Unlock()
	}))
	t.Cleanup(rc.Close)
	return rc
}

// profiles returns the deliveries so far and the profiles they carried.
func (rc *profilesReceiver) profiles() ([]*api.ProfilesCallback, int) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	n := 0
	for _, b := range rc.batches {
		n += len(b.Profiles)
	}
	return slices.Clone(rc.batches), n
}

// rawGet calls a company endpoint with a query the client would not build.
func rawGet(t *testing.T, base, path, key string, q url.Values) (int, string, http.Header) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, base+path+"?"+q.Encode(), nil)
	req.Header.Set(api.HeaderAPIKey, key)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), resp.Header
}

// biggest returns the company with the most people of a status.
func biggest(w *world.World, status string) *world.Company {
	var best *world.Company
	for _, c := range w.Companies() {
		if best == nil || w.EmployeeCount(c, status) > w.EmployeeCount(best, status) {
			best = c
		}
	}
	return best
}

func TestCompanyAPIOffByDefault(t *testing.T) {
	_, c, base := serve(t, fast(emulator.AccountConfig{CompanyCredits: 5}))
	ref := sample(t, base, 1).Companies[0].Slug
	_, _, err1 := c.CompanyFind(bg, ref)
	_, _, err2 := c.CompanyCount(bg, ref, wire.EmployeesBoth)
	_, _, err3 := c.CompanyInfo(bg, ref)
	_, _, err4 := c.CompanyProfiles(bg, ref, wire.EmployeesBoth, "http://127.0.0.1:9/cb")
	for i, err := range []error{err1, err2, err3, err4} {
		if !errors.Is(err, api.ErrForbidden) {
			t.Errorf("endpoint %d: %v, want 403", i+1, err)
		}
	}
	status, _, h := rawGet(t, base, api.PathCompanyProfile, "test-key", url.Values{"id": {ref}, "status": {"both"}, "callbackUrl": {"http://x/cb"}})
	if status != http.StatusForbidden || h.Get(api.HeaderCreditsLeft) != "" {
		t.Errorf("getProfiles: %d with X-Credits-Left %q, want 403 without", status, h.Get(api.HeaderCreditsLeft))
	}
	if st := stats(t, base).Accounts[0]; st.CreditsLeft["company"] != 5 {
		t.Errorf("company credits %d, want 5 untouched", st.CreditsLeft["company"])
	}
}

func TestCompanyFindAndCount(t *testing.T) {
	emu, c, base := serve(t, fast(emulator.AccountConfig{CompanyAPI: true}))
	w := emu.World()
	co := biggest(w, world.StatusBoth)
	for _, ref := range []string{strconv.FormatInt(co.ID, 10), co.Slug, strings.ToUpper(co.Slug), co.URL()} {
		got, meta, err := c.CompanyFind(bg, ref)
		if err != nil || got != (wire.CompanyRef{ID: co.ID, Slug: co.Slug, Company: co.Name}) || !meta.HasCredits {
			t.Errorf("findById %q: %+v, %v", ref, got, err)
		}
	}
	for _, status := range []string{wire.EmployeesCurrent, wire.EmployeesPast, wire.EmployeesBoth} {
		n, _, err := c.CompanyCount(bg, co.Slug, status)
		if err != nil || n != int64(w.EmployeeCount(co, status)) || n == 0 {
			t.Errorf("getCount %s: %d, %v; want %d", status, n, err, w.EmployeeCount(co, status))
		}
	}
	for _, tc := range []struct {
		path string
		q    url.Values
		code int
		want string
	}{
		{api.PathCompanyFind, url.Values{}, 422, "id is required"},
		{api.PathCompanyFind, url.Values{"id": {" "}}, 422, "id is required"},
		{api.PathCompanyFind, url.Values{"id": {"no-such-company-zz"}}, 404, "Company not found"},
		{api.PathCompanyFind, url.Values{"id": {"1"}}, 404, "Company not found"},
		{api.PathCompanyCount, url.Values{"id": {co.Slug}}, 422, "status is required: current, past or both"},
		{api.PathCompanyCount, url.Values{"id": {co.Slug}, "status": {"former"}}, 422, `status must be current, past or both, not "former"`},
		{api.PathCompanyCount, url.Values{"status": {"both"}}, 422, "id is required"},
		{api.PathCompanyCount, url.Values{"id": {"nope-zz"}, "status": {"both"}}, 404, "Company not found"},
	} {
		status, body, h := rawGet(t, base, tc.path, "test-key", tc.q)
		var e struct{ Error string }
		json.Unmarshal([]byte(body), &e)
		if status != tc.code || e.Error != tc.want || h.Get(api.HeaderCreditsLeft) == "" {
			t.Errorf("%s?%s: %d %s, want %d %q with X-Credits-Left", tc.path, tc.q.Encode(), status, body, tc.code, tc.want)
		}
	}
}

func TestCompanyInfo(t *testing.T) {
	emu, c, base := serve(t, fast(emulator.AccountConfig{CompanyAPI: true, CompanyCredits: 2, Credits: 50}))
	co := biggest(emu.World(), world.StatusCurrent)
	info, meta, err := c.CompanyInfo(bg, strconv.FormatInt(co.ID, 10))
	if err != nil || string(info.Name) != co.Name || string(info.NetworkID) != strconv.FormatInt(co.ID, 10) {
		t.Fatalf("info: %+v, %v", info, err)
	}
	if !meta.HasCredits || meta.CreditsLeft != 1 {
		t.Errorf("X-Credits-Left %d (present %v), want the company pool's 1", meta.CreditsLeft, meta.HasCredits)
	}
	if _, _, err := c.CompanyInfo(bg, "no-such-company-zz"); !errors.Is(err, api.ErrNotFound) {
		t.Errorf("unknown company: %v, want 404", err)
	}
	if _, meta, err := c.CompanyInfo(bg, co.Slug); err != nil || meta.CreditsLeft != 0 {
		t.Errorf("second info: %d left, %v", meta.CreditsLeft, err)
	}
	_, meta, err = c.CompanyInfo(bg, co.Slug)
	if !errors.Is(err, api.ErrNoCredits) || meta.CreditsLeft != 0 || !meta.HasCredits {
		t.Errorf("info without credits: %v (X-Credits-Left %d), want 402", err, meta.CreditsLeft)
	}
	if status, _, _ := rawGet(t, base, api.PathCompanyInfo, "test-key", url.Values{}); status != http.StatusUnprocessableEntity {
		t.Errorf("info without id: %d, want 422", status)
	}
	st := stats(t, base).Accounts[0]
	if st.CompanyInfo != 2 || st.CreditsUsed["company"] != 2 || st.CreditsLeft["standard"] != 50 {
		t.Errorf("stats %+v", st)
	}
}

func TestCompanyProfilesDelivery(t *testing.T) {
	cfg := fast(emulator.AccountConfig{CompanyAPI: true})
	// Batches of 100 full profiles take a while to read under -race: a
	// retry after a short answer time would deliver one twice.
	cfg.AnswerTimeout = 10 * time.Second
	emu, c, base := serve(t, cfg)
	w := emu.World()
	co := biggest(w, world.StatusBoth)
	want := w.EmployeeIndexes(co, world.StatusBoth)
	if len(want) <= 200 {
		t.Fatalf("the biggest company has %d people: too few for several batches", len(want))
	}
	rc := newProfilesReceiver(t)
	id, meta, err := c.CompanyProfiles(bg, co.Slug, wire.EmployeesBoth, rc.URL+"/profiles?token=s3cret")
	if err != nil || id <= 0 {
		t.Fatalf("getProfiles: %d, %v", id, err)
	}
	if meta.HasCredits {
		t.Error("getProfiles answered with X-Credits-Left")
	}
	eventually(t, "every profile delivered", func() bool { _, n := rc.profiles(); return n >= len(want) })
	batches, n := rc.profiles()
	if n != len(want) || len(batches) != (len(want)+99)/100 {
		t.Errorf("%d profiles in %d callbacks, want %d in %d", n, len(batches), len(want), (len(want)+99)/100)
	}
	var uids []string
	for _, b := range batches {
		if !b.HasRequestID || b.RequestID != id || len(b.Profiles) > 100 {
			t.Errorf("callback: Request-Id %d (present %v), %d profiles", b.RequestID, b.HasRequestID, len(b.Profiles))
		}
		for _, raw := range b.Profiles {
			var p struct {
				UID      string            `json:"uid"`
				Contacts []json.RawMessage `json:"contacts"`
				Social   []struct {
					Type string `json:"type"`
				} `json:"social"`
			}
			if err := json.Unmarshal(raw, &p); err != nil {
				t.Fatal(err)
			}
			if p.Contacts == nil || len(p.Contacts) != 0 || slices.ContainsFunc(p.Social, func(s struct {
				Type string `json:"type"`
			}) bool {
				return s.Type != "li"
			}) {
				t.Errorf("profile %s has contacts or social links other than li: %s", p.UID, raw)
			}
			uids = append(uids, p.UID)
		}
	}
	var wantUIDs []string
	for _, i := range want {
		wantUIDs = append(wantUIDs, w.Person(int(i)).UID.String())
	}
	slices.Sort(uids)
	slices.Sort(wantUIDs)
	if !slices.Equal(uids, wantUIDs) {
		t.Error("the delivered profiles are not the company's people")
	}
	// The last batch's views are counted once its callback has answered,
	// a moment after the receiver has read it.
	eventually(t, "the last delivery settled", func() bool { return stats(t, base).Accounts[0].ProfileViewsPending == 0 })
	st := stats(t, base).Accounts[0]
	if st.CompanyProfileRequests != 1 || st.CompanyProfilesSent != len(want) || st.Today.ProfileViews != len(want) {
		t.Errorf("stats %+v", st)
	}
}

// TestProfileViewsPerDeliveredProfile: the profile-view quota counts the
// profiles delivered (interface 4.8), not the company's size at
// getProfiles: deliveries the receiver refuses until they are discarded
// count nothing, and the same company can be asked for again.
func TestProfileViewsPerDeliveredProfile(t *testing.T) {
	cfg := fast(emulator.AccountConfig{CompanyAPI: true})
	emu, _, _ := serve(t, cfg)
	w := emu.World()
	big := biggest(w, world.StatusCurrent)
	n := w.EmployeeCount(big, world.StatusCurrent)
	cfg.ProfileViewsPerDay = n
	_, c, base := serve(t, cfg)

	refuse := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusServiceUnavailable)
	}))
	t.Cleanup(refuse.Close)
	if _, _, err := c.CompanyProfiles(bg, big.Slug, wire.EmployeesCurrent, refuse.URL); err != nil {
		t.Fatalf("getProfiles: %v", err)
	}
	// While its profiles are on their way they hold the quota.
	if _, _, err := c.CompanyProfiles(bg, big.Slug, wire.EmployeesCurrent, refuse.URL); !errors.Is(err, api.ErrRateLimited) {
		t.Errorf("getProfiles while the first is delivered: %v, want 429", err)
	}
	batches := (n + 99) / 100
	eventually(t, "every batch discarded", func() bool { return stats(t, base).Accounts[0].Discarded == batches })
	st := stats(t, base).Accounts[0]
	if st.Today.ProfileViews != 0 || st.ProfileViewsPending != 0 {
		t.Fatalf("discarded deliveries counted: %d views today, %d pending", st.Today.ProfileViews, st.ProfileViewsPending)
	}
	rc := newProfilesReceiver(t)
	if _, _, err := c.CompanyProfiles(bg, big.Slug, wire.EmployeesCurrent, rc.URL); err != nil {
		t.Fatalf("getProfiles after the discards: %v", err)
	}
	eventually(t, "deliveries", func() bool { _, got := rc.profiles(); return got >= n })
	eventually(t, "deliveries counted", func() bool { return stats(t, base).Accounts[0].Today.ProfileViews == n })
	if _, _, err := c.CompanyProfiles(bg, big.Slug, wire.EmployeesCurrent, rc.URL); !errors.Is(err, api.ErrRateLimited) {
		t.Errorf("getProfiles with the quota spent: %v, want 429", err)
	}
}

func TestCompanyProfilesQuota(t *testing.T) {
	clk := newClock()
	cfg := fast(emulator.AccountConfig{CompanyAPI: true})
	cfg.Now, cfg.DayLength, cfg.AnswerTimeout = clk.Now, time.Hour, 10*time.Second
	emu, _, _ := serve(t, cfg)
	w := emu.World()
	big := biggest(w, world.StatusCurrent)
	n := w.EmployeeCount(big, world.StatusCurrent)
	// A company with a few people, fewer than the big one.
	var small *world.Company
	for _, co := range w.Companies() {
		if k := w.EmployeeCount(co, world.StatusCurrent); k > 0 && k < n/2 && k <= 20 {
			small = co
			break
		}
	}
	cfg.ProfileViewsPerDay = n + 20
	_, c, base := serve(t, cfg)
	rc := newProfilesReceiver(t)
	if _, _, err := c.CompanyProfiles(bg, big.Slug, wire.EmployeesCurrent, rc.URL); err != nil {
		t.Fatalf("first getProfiles: %v", err)
	}
	// 20 views remain: the big company again is refused, the small one not.
	_, meta, err := c.CompanyProfiles(bg, big.Slug, wire.EmployeesCurrent, rc.URL)
	if !errors.Is(err, api.ErrRateLimited) || meta.HasCredits {
		t.Errorf("getProfiles over the quota: %v (X-Credits-Left present %v), want 429 without", err, meta.HasCredits)
	}
	if _, _, err := c.CompanyProfiles(bg, small.Slug, wire.EmployeesCurrent, rc.URL); err != nil {
		t.Errorf("getProfiles within the quota: %v", err)
	}
	// Delivered profiles count on the day they are delivered.
	today := n + w.EmployeeCount(small, world.StatusCurrent)
	eventually(t, "deliveries", func() bool { _, got := rc.profiles(); return got >= today })
	eventually(t, "deliveries counted", func() bool { return stats(t, base).Accounts[0].ProfileViewsPending == 0 })
	if st := stats(t, base).Accounts[0]; st.Today.ProfileViews != today {
		t.Errorf("profile views today %d, want %d", st.Today.ProfileViews, today)
	}
	clk.Advance(time.Hour)
	if _, _, err := c.CompanyProfiles(bg, big.Slug, wire.EmployeesCurrent, rc.URL); err != nil {
		t.Errorf("getProfiles on the next day: %v", err)
	}
	eventually(t, "deliveries", func() bool { _, got := rc.profiles(); return got >= today+n })
	eventually(t, "deliveries counted", func() bool { return stats(t, base).Accounts[0].ProfileViewsPending == 0 })
	st := stats(t, base).Accounts[0]
	if st.ProfileViewsLimited != 1 || st.CompanyProfileRequests != 3 || st.Today.ProfileViews != n {
		t.Errorf("stats %+v", st)
	}
	for _, tc := range []struct {
		q    url.Values
		want string
	}{
		{url.Values{"id": {big.Slug}, "status": {"current"}}, "callbackUrl is required"},
		{url.Values{"id": {big.Slug}, "status": {"current"}, "callbackUrl": {"ftp://x/y"}}, "callbackUrl must be an absolute http or https URL"},
		{url.Values{"id": {big.Slug}, "callbackUrl": {rc.URL}}, "status is required: current, past or both"},
		{url.Values{"status": {"current"}, "callbackUrl": {rc.URL}}, "id is required"},
	} {
		status, body, h := rawGet(t, base, api.PathCompanyProfile, "test-key", tc.q)
		if status != http.StatusUnprocessableEntity || !strings.Contains(body, tc.want) || h.Get(api.HeaderCreditsLeft) != "" {
			t.Errorf("%s: %d %s", tc.q.Encode(), status, body)
		}
	}
	if status, _, _ := rawGet(t, base, api.PathCompanyProfile, "test-key", url.Values{"id": {"nope-zz"}, "status": {"past"}, "callbackUrl": {rc.URL}}); status != http.StatusNotFound {
		t.Errorf("unknown company: %d, want 404", status)
	}
}
