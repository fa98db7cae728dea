package emulator_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/emulator"
)

// The contract test speaks to the emulator in the interface's own words:
// every path, header, status and documented message below is copied from
// spec/service-interface.md and spec/wire-contract.md, never taken from a
// constant of the emulator or of the client, so that a misspelling shared
// by both sides still fails here.

// wireCall is one request of the contract test and its answer.
type wireCall struct {
	status int
	header http.Header
	body   []byte
}

// call sends a request with the key in the header "apikey".
func call(t *testing.T, method, u, key, body string) wireCall {
	t.Helper()
	req, err := http.NewRequest(method, u, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if key != "" {
		req.Header.Set("apikey", key)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return wireCall{resp.StatusCode, resp.Header, b}
}

// errorMessage is the "error" of an error body, or "" when there is none.
func (c wireCall) errorMessage() string {
	var e struct {
		Error string `json:"error"`
	}
	json.Unmarshal(c.body, &e)
	return e.Error
}

// statuses returns the item statuses of a lookup's answer, by item.
func statuses(t *testing.T, body []byte) map[string]string {
	t.Helper()
	var items []map[string]json.RawMessage
	if err := json.Unmarshal(body, &items); err != nil {
		t.Fatalf("lookup answer is not an array of items: %s", body)
	}
	out := map[string]string{}
	for _, it := range items {
		var item, status string
		json.Unmarshal(it["item"], &item)
		json.Unmarshal(it["status"], &status)
		_, hasCandidate := it["candidate"]
		if hasCandidate != (status == "success") {
			t.Errorf("item %q %s: candidate present %v; it must be present exactly on success", item, status, hasCandidate)
		}
		out[item] = status
	}
	return out
}

func TestContract(t *testing.T) {
	cfg := fast(emulator.AccountConfig{})
	cfg.Accounts = []emulator.AccountConfig{
		{Name: "paid", Key: "k-paid", Credits: 2, WithoutContactsCredits: 5, CompanyCredits: 3, CompanyAPI: true},
		{Name: "limits", Key: "k-limits", Credits: 5},
		{Name: "off", Key: "k-off", Disabled: true},
		{Name: "trial", Key: "k-trial", Trial: true, Credits: 5},
		{Name: "rate", Key: "k-rate", Credits: 1},
	}
	_, _, base := serve(t, cfg)
	s := sample(t, base, 5)
	v1 := base + "/api/v1"

	t.Run("authentication", func(t *testing.T) {
		if c := call(t, "GET", v1+"/credits", "wrong", ""); c.status != 401 {
			t.Errorf("a wrong key: %d, want 401", c.status)
		}
		if c := call(t, "GET", v1+"/credits", "", ""); c.status != 401 {
			t.Errorf("no key: %d, want 401", c.status)
		}
		if c := call(t, "GET", v1+"/credits", "k-off", ""); c.status != 403 {
			t.Errorf("a disabled account: %d, want 403", c.status)
		}
	})

	t.Run("credits", func(t *testing.T) {
		for _, tc := range []struct {
			query string
			want  int64
		}{{"", 2}, {"?withoutContacts=true", 5}} {
			c := call(t, "GET", v1+"/credits"+tc.query, "k-paid", "")
			var body struct {
				Credits *int64 `json:"credits"`
			}
			json.Unmarshal(c.body, &body)
			if c.status != 200 || body.Credits == nil || *body.Credits != tc.want || c.header.Get("X-Credits-Left") != strconv.FormatInt(tc.want, 10) {
				t.Errorf("credits%s: %d %s X-Credits-Left %q, want {credits: %d}", tc.query, c.status, c.body, c.header.Get("X-Credits-Left"), tc.want)
			}
		}
	})

	t.Run("sync lookup statuses", func(t *testing.T) {
		body := fmt.Sprintf(`{"items": [%q, %q, %q, "nobody@example.invalid"], "withoutWaterfall": true}`, s.Email[0], s.Phone[1], s.UID[2])
		c := call(t, "POST", v1+"/candidate/search", "k-paid", body)
		if c.status != 200 || c.header.Get("X-Credits-Left") != "0" {
			t.Fatalf("sync lookup: %d %s, X-Credits-Left %q", c.status, c.body, c.header.Get("X-Credits-Left"))
		}
		got := statuses(t, c.body)
		want := map[string]string{s.Email[0]: "success", s.Phone[1]: "success", s.UID[2]: "credits_are_over", "nobody@example.invalid": "failed"}
		for item, st := range want {
			if got[item] != st {
				t.Errorf("%s: %q, want %q", item, got[item], st)
			}
		}
		// The same item again within the duplicate period.
		c = call(t, "POST", v1+"/candidate/search", "k-paid", fmt.Sprintf(`{"items": [%q], "withoutWaterfall": true, "withoutContacts": true}`, s.Email[0]))
		if got := statuses(t, c.body); c.status != 200 || got[s.Email[0]] != "duplicate_query" || c.header.Get("X-Credits-Left") != "5" {
			t.Errorf("repeated item: %d %s X-Credits-Left %q, want duplicate_query and the without-contacts balance", c.status, c.body, c.header.Get("X-Credits-Left"))
		}
	})

	t.Run("async lookup and its callback", func(t *testing.T) {
		type arrival struct {
			header http.Header
			body   []byte
		}
		got := make(chan arrival, 1)
		rc := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			b, _ := io.ReadAll(r.Body)
			got <- arrival{r.Header.Clone(), b}
		}))
		defer rc.Close()
		c := call(t, "POST", v1+"/candidate/search", "k-limits", fmt.Sprintf(`{"items": [%q], "callbackUrl": %q}`, s.LinkedIn[3], rc.URL+"/cb?token=x"))
		var accepted struct {
			RequestID *int64 `json:"requestId"`
		}
		json.Unmarshal(c.body, &accepted)
		if c.status != 201 || accepted.RequestID == nil || c.header.Get("X-Credits-Left") == "" {
			t.Fatalf("async lookup: %d %s, want 201 {requestId}", c.status, c.body)
		}
		select {
		case a := <-got:
			if a.header.Get("Request-Id") != strconv.FormatInt(*accepted.RequestID, 10) || !strings.HasPrefix(a.header.Get("Content-Type"), "application/json") {
				t.Errorf("callback headers %v, want Request-Id %d and JSON", a.header, *accepted.RequestID)
			}
			if st := statuses(t, a.body); st[s.LinkedIn[3]] != "success" {
				t.Errorf("callback %s", a.body)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("no callback")
		}
	})

	t.Run("lookup errors", func(t *testing.T) {
		items := make([]string, 101)
		for i := range items {
			items[i] = fmt.Sprintf("nobody%d@example.invalid", i)
		}
		many, _ := json.Marshal(map[string]any{"items": items, "withoutWaterfall": true})
		if c := call(t, "POST", v1+"/candidate/search", "k-limits", string(many)); c.status != 406 || c.errorMessage() != "Maximum 100 items are allowed in one request" {
			t.Errorf("101 items: %d %s", c.status, c.body)
		}
		if c := call(t, "POST", v1+"/candidate/search", "k-limits", `{"items": ["a@b.co"], "callbackUrl": "http://127.0.0.1:1/cb", "withoutWaterfall": true}`); c.status != 406 {
			t.Errorf("callbackUrl with withoutWaterfall: %d, want 406", c.status)
		}
		// The trial's 5 items a minute, then its 429 message.
		five := `{"items": ["n1@example.invalid", "n2@example.invalid", "n3@example.invalid", "n4@example.invalid", "n5@example.invalid"], "withoutWaterfall": true}`
		if c := call(t, "POST", v1+"/candidate/search", "k-trial", five); c.status != 200 {
			t.Fatalf("5 items on a trial: %d %s", c.status, c.body)
		}
		if c := call(t, "POST", v1+"/candidate/search", "k-trial", `{"items": ["n6@example.invalid"], "withoutWaterfall": true}`); c.status != 429 || c.errorMessage() != "Limit of 5 items per minute is exceeded" {
			t.Errorf("a 6th item on a trial: %d %s", c.status, c.body)
		}
		// The paid plan's 600: six requests of 100 pass, a seventh not.
		for i := range 7 {
			batch := make([]string, 100)
			for k := range batch {
				batch[k] = fmt.Sprintf("x%d-%d@example.invalid", i, k)
			}
			b, _ := json.Marshal(map[string]any{"items": batch, "withoutWaterfall": true})
			c := call(t, "POST", v1+"/candidate/search", "k-rate", string(b))
			switch {
			case i < 6 && c.status != 200:
				t.Fatalf("request %d of 100 items: %d %s", i+1, c.status, c.body)
			case i == 6 && (c.status != 429 || c.errorMessage() != "Limit of 600 items per minute is exceeded"):
				t.Errorf("a 7th request of 100 items: %d %s", c.status, c.body)
			}
		}
	})

	t.Run("people search and scroll", func(t *testing.T) {
		c := call(t, "POST", v1+"/candidate/searchByQuery", "k-paid", `{"location": "Xyzzyland"}`)
		if c.status != 422 || c.errorMessage() != "Location is not recognized" {
			t.Errorf("unknown location: %d %s", c.status, c.body)
		}
		if c := call(t, "POST", v1+"/candidate/searchByQuery", "k-paid", `{"excludeRevealed": true}`); c.status != 422 {
			t.Errorf("only an exclude filter: %d, want 422", c.status)
		}
		if c := call(t, "POST", v1+"/candidate/searchByQuery", "k-paid", `{"location": "United States", "size": 101}`); c.status != 422 {
			t.Errorf("size 101: %d, want 422", c.status)
		}
		c = call(t, "POST", v1+"/candidate/searchByQuery", "k-paid", `{"location": "United States", "size": 2}`)
		var page struct {
			RequestID *int64            `json:"requestId"`
			Total     *int              `json:"total"`
			ScrollID  string            `json:"scrollId"`
			Profiles  []json.RawMessage `json:"profiles"`
		}
		json.Unmarshal(c.body, &page)
		if c.status != 200 || page.RequestID == nil || page.Total == nil || *page.Total <= 2 || page.ScrollID == "" || len(page.Profiles) != 2 {
			t.Fatalf("search: %d %.300s", c.status, c.body)
		}
		for _, p := range page.Profiles {
			var keys map[string]json.RawMessage
			json.Unmarshal(p, &keys)
			for _, k := range []string{"uid", "fullName", "location", "experience", "skills", "contactsFetched", "openToWork"} {
				if _, ok := keys[k]; !ok {
					t.Errorf("search profile lacks %q: %s", k, p)
				}
			}
		}
		scroll := v1 + "/candidate/scrollSearch/" + strconv.FormatInt(*page.RequestID, 10)
		if c := call(t, "POST", scroll, "k-paid", fmt.Sprintf(`{"scrollId": %q}`, page.ScrollID)); c.status != 200 {
			t.Errorf("scroll: %d %s", c.status, c.body)
		}
		if c := call(t, "POST", scroll, "k-paid", fmt.Sprintf(`{"scrollId": %q}`, page.ScrollID)); c.status != 404 {
			t.Errorf("a used scroll id: %d, want 404", c.status)
		}
	})

	t.Run("company", func(t *testing.T) {
		co := s.Companies[0]
		q := func(kv ...string) string {
			v := url.Values{}
			for i := 0; i < len(kv); i += 2 {
				v.Set(kv[i], kv[i+1])
			}
			return "?" + v.Encode()
		}
		c := call(t, "GET", v1+"/company/findById"+q("id", co.Slug), "k-paid", "")
		var ref struct {
			ID      int64  `json:"id"`
			Slug    string `json:"slug"`
			Company string `json:"company"`
		}
		json.Unmarshal(c.body, &ref)
		if c.status != 200 || ref.ID != co.ID || ref.Slug != co.Slug || ref.Company != co.Name {
			t.Errorf("findById: %d %s", c.status, c.body)
		}
		for _, status := range []string{"current", "past", "both"} {
			c := call(t, "GET", v1+"/company/getCount"+q("id", strconv.FormatInt(co.ID, 10), "status", status), "k-paid", "")
			var n struct {
				Total *int `json:"total_profiles"`
			}
			json.Unmarshal(c.body, &n)
			if c.status != 200 || n.Total == nil {
				t.Errorf("getCount %s: %d %s", status, c.status, c.body)
			}
		}
		c = call(t, "GET", v1+"/company/info"+q("id", co.Slug), "k-paid", "")
		if c.status != 200 || c.header.Get("X-Credits-Left") != "2" || !strings.Contains(string(c.body), `"staffCount"`) {
			t.Errorf("info: %d X-Credits-Left %q %.200s", c.status, c.header.Get("X-Credits-Left"), c.body)
		}
		if c := call(t, "GET", v1+"/company/info", "k-paid", ""); c.status != 422 {
			t.Errorf("info without id: %d, want 422", c.status)
		}
		if c := call(t, "GET", v1+"/company/findById"+q("id", "no-such-company-zz"), "k-paid", ""); c.status != 404 {
			t.Errorf("unknown company: %d, want 404", c.status)
		}
		if c := call(t, "GET", v1+"/company/findById"+q("id", co.Slug), "k-limits", ""); c.status != 403 {
			t.Errorf("Company API off: %d, want 403", c.status)
		}
		rc := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
		defer rc.Close()
		c = call(t, "GET", v1+"/company/getProfiles"+q("id", co.Slug, "status", "current", "callbackUrl", rc.URL), "k-paid", "")
		var started struct {
			SearchID *int64 `json:"searchId"`
		}
		json.Unmarshal(c.body, &started)
		if c.status != 200 || started.SearchID == nil || c.header.Get("X-Credits-Left") != "" {
			t.Errorf("getProfiles: %d %s X-Credits-Left %q, want {searchId} and no credits header", c.status, c.body, c.header.Get("X-Credits-Left"))
		}
	})

	t.Run("unknown endpoint", func(t *testing.T) {
		if c := call(t, "GET", v1+"/candidate/nothing", "k-paid", ""); c.status != 404 || c.header.Get("X-Credits-Left") == "" {
			t.Errorf("unknown endpoint: %d, X-Credits-Left %q", c.status, c.header.Get("X-Credits-Left"))
		}
	})
}
