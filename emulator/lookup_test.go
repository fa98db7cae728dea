package emulator_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/emulator"
)

// rawPost sends a body the client would refuse to build.
func rawPost(t *testing.T, url, key, body string) (int, string, http.Header) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if key != "" {
		req.Header.Set("apikey", key)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), resp.Header
}

func TestAuthentication(t *testing.T) {
	cfg := fast(emulator.AccountConfig{})
	cfg.Accounts = []emulator.AccountConfig{
		{Name: "on", Key: "good", Credits: 5},
		{Name: "off", Key: "disabled", Disabled: true, Credits: 5},
	}
	_, _, base := serve(t, cfg)
	for _, tc := range []struct {
		key  string
		want error
	}{
		{"wrong", api.ErrUnauthorized},
		{"disabled", api.ErrForbidden},
	} {
		_, meta, err := client(t, base, tc.key).Credits(bg, false)
		if !errors.Is(err, tc.want) {
			t.Errorf("key %q: err = %v, want %v", tc.key, err, tc.want)
		}
		if !meta.HasCredits {
			t.Errorf("key %q: error response has no X-Credits-Left", tc.key)
		}
	}
	status, body, _ := rawPost(t, base+api.PathLookup, "", `{"items":["x"],"withoutWaterfall":true}`)
	if status != http.StatusUnauthorized || !strings.Contains(body, `"error"`) {
		t.Errorf("no key: %d %s, want 401 with an error body", status, body)
	}
	n, _, err := client(t, base, "good").Credits(bg, false)
	if err != nil || n != 5 {
		t.Errorf("good key: credits %d, %v", n, err)
	}
}

func TestValidation(t *testing.T) {
	_, c, base := serve(t, fast(emulator.AccountConfig{Credits: 10}))
	items101 := make([]string, 101)
	for i := range items101 {
		items101[i] = fmt.Sprintf("nobody%d@example.com", i)
	}
	many, _ := json.Marshal(map[string]any{"items": items101, "withoutWaterfall": true})
	for _, tc := range []struct {
		name, path, body string
		status           int
		message          string
	}{
		{"too many items", api.PathLookup, string(many), 406, "Maximum 100 items are allowed in one request"},
		{"callback with withoutWaterfall", api.PathLookup, `{"items":["a@b.co"],"callbackUrl":"http://127.0.0.1:1/cb","withoutWaterfall":true}`, 406, "withoutWaterfall"},
		{"neither mode", api.PathLookup, `{"items":["a@b.co"]}`, 406, "callbackUrl"},
		{"relative callback", api.PathLookup, `{"items":["a@b.co"],"callbackUrl":"/cb"}`, 406, "callbackUrl"},
		{"no items", api.PathLookup, `{"withoutWaterfall":true}`, 406, "items"},
		{"invalid JSON", api.PathLookup, `{"items": [`, 404, "Invalid JSON"},
		{"unknown endpoint", "/api/v1/candidate/nothing", `{}`, 404, "Not found"},
	} {
		status, body, hdr := rawPost(t, base+tc.path, "test-key", tc.body)
		var e struct{ Error string }
		json.Unmarshal([]byte(body), &e)
		if status != tc.status || !strings.Contains(e.Error, tc.message) {
			t.Errorf("%s: %d %s, want %d with error containing %q", tc.name, status, body, tc.status, tc.message)
		}
		if hdr.Get("X-Credits-Left") != "10" {
			t.Errorf("%s: X-Credits-Left = %q, want 10", tc.name, hdr.Get("X-Credits-Left"))
		}
	}
	// The client refuses what the service would, before sending.
	if _, _, err := c.LookupSync(bg, items101, false); err == nil {
		t.Error("client sent 101 items")
	}
	if s := stats(t, base).Accounts[0]; s.Requests != 0 || s.ItemsAccepted != 0 || s.LargestRequest != 101 {
		t.Errorf("rejected requests were counted, or the largest (101 items) was not: %+v", s)
	}
}

func TestSyncLookupAndCredits(t *testing.T) {
	_, c, base := serve(t, fast(emulator.AccountConfig{Credits: 3, WithoutContactsCredits: 7}))
	s := sample(t, base, 3)
	items := []string{s.LinkedIn[0], "nobody-at-all@example.invalid", s.Email[1], s.UID[2]}
	results, meta, err := c.LookupSync(bg, items, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != len(items) {
		t.Fatalf("%d results for %d items", len(results), len(items))
	}
	want := []wire.Status{wire.StatusSuccess, wire.StatusFailed, wire.StatusSuccess, wire.StatusSuccess}
	for i, r := range results {
		if r.Item != items[i] || r.Status != want[i] {
			t.Errorf("result %d = %q %s, want %q %s", i, r.Item, r.Status, items[i], want[i])
		}
		if r.Status == wire.StatusSuccess {
			cand, err := r.Profile()
			if err != nil || len(cand.UID) != 32 {
				t.Errorf("result %d: candidate %v, %v", i, cand, err)
			}
		}
	}
	// Three matches spent three credits; the failure cost nothing.
	if !meta.HasCredits || meta.CreditsLeft != 0 {
		t.Errorf("X-Credits-Left = %d (present %v), want 0", meta.CreditsLeft, meta.HasCredits)
	}
	if n, _, _ := c.Credits(bg, false); n != 0 {
		t.Errorf("standard credits = %d, want 0", n)
	}
	if n, meta, _ := c.Credits(bg, true); n != 7 || meta.CreditsLeft != 7 {
		t.Errorf("without-contacts credits = %d (header %d), want 7", n, meta.CreditsLeft)
	}
	// An empty pool is 402 before anything is processed.
	_, _, err = c.LookupSync(bg, []string{s.Email[2]}, false)
	if !errors.Is(err, api.ErrNoCredits) {
		t.Errorf("empty pool: err = %v, want 402", err)
	}
	st := stats(t, base).Accounts[0]
	if st.CreditsUsed["standard"] != 3 || st.Items["failed"] != 1 {
		t.Errorf("stats = %+v", st)
	}
}

func TestCreditsRunOutMidRequest(t *testing.T) {
	_, c, base := serve(t, fast(emulator.AccountConfig{Credits: 2}))
	s := sample(t, base, 4)
	results, meta, err := c.LookupSync(bg, []string{s.Email[0], "ghost@example.invalid", s.Email[1], s.Email[2], s.Email[3]}, false)
	if err != nil {
		t.Fatal(err)
	}
	got := make([]wire.Status, len(results))
	for i, r := range results {
		got[i] = r.Status
	}
	want := []wire.Status{wire.StatusSuccess, wire.StatusFailed, wire.StatusSuccess, wire.StatusCreditsOver, wire.StatusCreditsOver}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("statuses = %v, want %v", got, want)
	}
	if meta.CreditsLeft != 0 {
		t.Errorf("credits left %d", meta.CreditsLeft)
	}
}

func TestWithoutContacts(t *testing.T) {
	_, c, base := serve(t, fast(emulator.AccountConfig{Credits: 5, WithoutContactsCredits: 5}))
	s := sample(t, base, 20)
	results, meta, err := c.LookupSync(bg, s.UID, true)
	if err != nil {
		t.Fatal(err)
	}
	matched := 0
	for _, r := range results {
		if r.Status != wire.StatusSuccess {
			continue
		}
		matched++
		cand, err := r.Profile()
		if err != nil {
			t.Fatal(err)
		}
		if len(cand.Contacts) != 0 || !bytes.Contains(r.Candidate, []byte(`"contacts":[]`)) {
			t.Errorf("%s: contacts %v, want []", r.Item, cand.Contacts)
		}
		for _, so := range cand.Social {
			if so.Type != "li" {
				t.Errorf("%s: social %q without contacts", r.Item, so.Type)
			}
		}
	}
	if matched != 5 || meta.CreditsLeft != 0 {
		t.Errorf("matched %d, without-contacts credits left %d; want 5 and 0", matched, meta.CreditsLeft)
	}
	if n, _, _ := c.Credits(bg, false); n != 5 {
		t.Errorf("standard pool touched: %d", n)
	}
}

func TestDuplicateQuery(t *testing.T) {
	cfg := fast(emulator.AccountConfig{Credits: 10})
	cfg.DuplicatePeriod = 300 * time.Millisecond
	_, c, base := serve(t, cfg)
	s := sample(t, base, 2)
	first, _, err := c.LookupSync(bg, []string{s.Email[0]}, false)
	if err != nil || first[0].Status != wire.StatusSuccess {
		t.Fatalf("first lookup: %v %v", first, err)
	}
	// The same item, even spelled in another case, within the period.
	again, meta, err := c.LookupSync(bg, []string{strings.ToUpper(s.Email[0]), s.Email[1]}, false)
	if err != nil {
		t.Fatal(err)
	}
	if again[0].Status != wire.StatusDuplicateQuery || again[1].Status != wire.StatusSuccess {
		t.Errorf("statuses %s %s, want duplicate_query success", again[0].Status, again[1].Status)
	}
	if meta.CreditsLeft != 8 {
		t.Errorf("a duplicate cost a credit: %d left", meta.CreditsLeft)
	}
	time.Sleep(350 * time.Millisecond) // the period itself is what is under test
	later, _, _ := c.LookupSync(bg, []string{s.Email[0]}, false)
	if later[0].Status != wire.StatusSuccess {
		t.Errorf("after the period: %s, want success", later[0].Status)
	}
}

// TestSlidingWindow sends random-sized requests as fast as it can and checks
// that no window of the rate span ever admitted more than the limit, that
// refusals are 429 with the documented body, and that items, not requests,
// are counted.
func TestSlidingWindow(t *testing.T) {
	cfg := fast(emulator.AccountConfig{Credits: 100000, ItemsPerMinute: 60})
	cfg.RateWindow = 400 * time.Millisecond
	_, c, base := serve(t, cfg)
	type admission struct {
		at time.Time
		n  int
	}
	var admitted []admission
	var refused int
	deadline := time.Now().Add(1500 * time.Millisecond)
	for i := 0; time.Now().Before(deadline); i++ {
		n := 1 + i%25
		items := make([]string, n)
		for j := range items {
			items[j] = fmt.Sprintf("nobody-%d-%d@example.invalid", i, j)
		}
		before := time.Now()
		_, _, err := c.LookupSync(bg, items, false)
		switch {
		case err == nil:
			admitted = append(admitted, admission{before, n})
		case errors.Is(err, api.ErrRateLimited):
			refused++
			var ae *api.Error
			errors.As(err, &ae)
			if ae.Message != "Limit of 60 items per minute is exceeded" {
				t.Fatalf("429 body %q", ae.Message)
			}
		default:
			t.Fatal(err)
		}
	}
	if refused == 0 || len(admitted) == 0 {
		t.Fatalf("admitted %d, refused %d: the test did not reach the limit", len(admitted), refused)
	}
	st := stats(t, base).Accounts[0]
	if st.MaxWindowItems > 60 {
		t.Errorf("a window held %d items, limit 60", st.MaxWindowItems)
	}
	if st.RateLimited != refused {
		t.Errorf("stats count %d 429s, client saw %d", st.RateLimited, refused)
	}
	total := 0
	for _, a := range admitted {
		total += a.n
	}
	// Over 1.5 s with a 0.4 s window the service admits at most 4 windows' worth.
	if total > 4*60 {
		t.Errorf("admitted %d items in 1.5 s at 60 per 0.4 s", total)
	}
}

func TestTrialLimit(t *testing.T) {
	_, c, base := serve(t, fast(emulator.AccountConfig{Credits: 100, Trial: true}))
	s := sample(t, base, 6)
	if _, _, err := c.LookupSync(bg, s.Email[:5], false); err != nil {
		t.Fatalf("5 items on a trial account: %v", err)
	}
	_, _, err := c.LookupSync(bg, s.Email[5:6], false)
	var ae *api.Error
	if !errors.As(err, &ae) || ae.Status != 429 || ae.Message != "Limit of 5 items per minute is exceeded" {
		t.Errorf("sixth item: %v, want 429 naming the limit of 5", err)
	}
}

func TestSubmitError(t *testing.T) {
	cfg := fast(emulator.AccountConfig{Credits: 10})
	cfg.SubmitErrorRate = 1
	_, c, base := serve(t, cfg)
	rc := newReceiver(t)
	_, meta, err := c.LookupAsync(bg, wire.LookupRequest{Items: []string{"a@b.co"}, CallbackURL: rc.URL})
	if !errors.Is(err, api.ErrServer) {
		t.Fatalf("err = %v, want a 5xx", err)
	}
	if meta.Attempts != 1 {
		t.Errorf("a POST answered 500 was retried (%d attempts)", meta.Attempts)
	}
	if st := stats(t, base).Accounts[0]; st.SubmitErrors != 1 || st.ItemsAccepted != 0 {
		t.Errorf("stats %+v", st)
	}
}

func TestSample(t *testing.T) {
	_, _, base := serve(t, fast(emulator.AccountConfig{Credits: 1}))
	s := sample(t, base, 5)
	for kind, ids := range map[string][]string{"linkedin": s.LinkedIn, "email": s.Email, "phone": s.Phone, "uid": s.UID} {
		if len(ids) != 5 {
			t.Errorf("%s: %d identifiers, want 5", kind, len(ids))
		}
	}
	resp, err := http.Get(base + "/_emulator/sample?count=zero")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnprocessableEntity {
		t.Errorf("bad count: %d", resp.StatusCode)
	}
}

// TestSyncReturnsHeldContacts: a synchronous lookup returns only the
// contacts the service already holds (interface 4.1): for the same
// people, fewer contacts than an asynchronous lookup, never one the
// asynchronous lookup does not return, the same ones every time, and the
// rest of the profile unchanged. So it is too for people who changed
// company since the world's start, with a new work address.
func TestSyncReturnsHeldContacts(t *testing.T) {
	cfg := fast(emulator.AccountConfig{})
	// Separate accounts, so that looking the same people up again is not
	// a duplicate_query.
	for _, name := range []string{"async", "sync", "again"} {
		for _, round := range []string{"", "-later"} {
			cfg.Accounts = append(cfg.Accounts, emulator.AccountConfig{Name: name + round, Key: "k-" + name + round, Credits: 100})
		}
	}
	emu, _, base := serve(t, cfg)
	s := sample(t, base, 60)
	t.Run("at the start", func(t *testing.T) { checkHeldContacts(t, base, "", s.LinkedIn) })
	if err := emu.Advance(365); err != nil {
		t.Fatal(err)
	}
	var moved []string
	for _, m := range emu.Moves(60) {
		moved = append(moved, m.LinkedIn)
	}
	t.Run("people who moved", func(t *testing.T) { checkHeldContacts(t, base, "-later", moved) })
}

func checkHeldContacts(t *testing.T, base, round string, items []string) {
	rc := newReceiver(t)
	if _, _, err := client(t, base, "k-async"+round).LookupAsync(bg, wire.LookupRequest{Items: items, CallbackURL: rc.URL}); err != nil {
		t.Fatal(err)
	}
	async := candidates(t, rc.next(t).Results)
	syncResults, _, err := client(t, base, "k-sync"+round).LookupSync(bg, items, false)
	if err != nil {
		t.Fatal(err)
	}
	sync := candidates(t, syncResults)
	againResults, _, err := client(t, base, "k-again"+round).LookupSync(bg, items, false)
	if err != nil {
		t.Fatal(err)
	}
	again := candidates(t, againResults)
	if len(async) != len(items) || len(sync) != len(items) {
		t.Fatalf("%d async and %d sync matches of %d people", len(async), len(sync), len(items))
	}
	var nAsync, nSync, fewer int
	for item, a := range async {
		sy := sync[item]
		nAsync += len(a.contacts)
		nSync += len(sy.contacts)
		if len(sy.contacts) < len(a.contacts) {
			fewer++
		}
		for _, c := range sy.contacts {
			if !slices.Contains(a.contacts, c) {
				t.Errorf("%s: sync returned %s, which async did not", item, c)
			}
		}
		if !slices.Equal(sy.contacts, again[item].contacts) {
			t.Errorf("%s: two sync lookups returned different contacts", item)
		}
		if sy.rest != a.rest {
			t.Errorf("%s: the profile beside the contacts differs:\nasync %s\nsync  %s", item, a.rest, sy.rest)
		}
	}
	share := float64(nSync) / float64(nAsync)
	t.Logf("sync returned %d of %d contacts (%.0f%%); fewer for %d of %d people", nSync, nAsync, 100*share, fewer, len(items))
	if share < 0.45 || share > 0.75 || fewer == 0 {
		t.Errorf("sync returned %d of %d contacts, want about half to two thirds", nSync, nAsync)
	}
}

// candidate is a profile split into its contacts and the rest.
type candidate struct {
	contacts []string // each contact's JSON
	rest     string   // the other keys, as JSON
}

// candidates splits the successful results by item.
func candidates(t *testing.T, results []wire.Result) map[string]candidate {
	t.Helper()
	out := map[string]candidate{}
	for _, r := range results {
		if r.Status != wire.StatusSuccess {
			continue
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(r.Candidate, &m); err != nil {
			t.Fatal(err)
		}
		var cs []json.RawMessage
		if err := json.Unmarshal(m["contacts"], &cs); err != nil || cs == nil {
			t.Fatalf("%s: contacts %s: %v", r.Item, m["contacts"], err)
		}
		delete(m, "contacts")
		rest, _ := json.Marshal(m)
		var c candidate
		for _, x := range cs {
			c.contacts = append(c.contacts, string(x))
		}
		c.rest = string(rest)
		out[r.Item] = c
	}
	return out
}
