package mcpapi_test

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/enrich-dev/enrich/api/wire"
)

func TestToolList(t *testing.T) {
	f := newFixture(t)
	cs := mustConnect(t, f.base+"/mcp", withBearer(keyPaid), nil)
	res, err := cs.ListTools(bg, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range res.Tools {
		names = append(names, tool.Name)
		if len(tool.Description) < 60 {
			t.Errorf("%s: description %q is too thin for an assistant to act on", tool.Name, tool.Description)
		}
		b, _ := json.Marshal(tool.InputSchema)
		var schema jsonschema.Schema
		if err := json.Unmarshal(b, &schema); err != nil {
			t.Fatalf("%s: input schema: %v", tool.Name, err)
		}
		if schema.Type != "object" || len(schema.Properties) == 0 {
			t.Errorf("%s: input schema %s has no properties", tool.Name, b)
		}
		for name, p := range schema.Properties {
			if p.Description == "" {
				t.Errorf("%s: property %s has no description", tool.Name, name)
			}
		}
	}
	slices.Sort(names)
	want := []string{"count_company_profiles", "find_company", "get_company_info", "get_credits", "lookup_people", "scroll_search", "search_people"}
	if !slices.Equal(names, want) {
		t.Errorf("tools %v, want %v", names, want)
	}
}

// lookupAnswer is lookup_people's result.
type lookupAnswer struct {
	Results []struct {
		Item      string `json:"item"`
		Status    string `json:"status"`
		Candidate *struct {
			UID      string            `json:"uid"`
			FullName string            `json:"fullName"`
			Contacts []json.RawMessage `json:"contacts"`
		} `json:"candidate"`
	} `json:"results"`
	CreditsLeft *int64 `json:"creditsLeft"`
}

func TestLookupPeople(t *testing.T) {
	f := newFixture(t)
	s := f.sample(t)
	cs := mustConnect(t, f.base+"/mcp", withBearer(keyPaid), nil)

	got := decode[lookupAnswer](t, cs, "lookup_people", map[string]any{
		"items": []string{s.LinkedIn[0], s.Email[1], "nobody-at-all@example.com"},
	})
	if len(got.Results) != 3 {
		t.Fatalf("%d results, want 3", len(got.Results))
	}
	status := map[string]string{}
	for _, r := range got.Results {
		status[r.Item] = r.Status
		if r.Status == "success" && (r.Candidate == nil || len(r.Candidate.UID) != 32) {
			t.Errorf("%s: success without a profile", r.Item)
		}
	}
	if status[s.LinkedIn[0]] != "success" || status[s.Email[1]] != "success" || status["nobody-at-all@example.com"] != "failed" {
		t.Errorf("statuses %v", status)
	}
	if got.CreditsLeft == nil || *got.CreditsLeft != 3 {
		t.Errorf("credits left %v, want 3 (5 less two people found)", got.CreditsLeft)
	}

	// Without contacts: the profile has none, and the other pool pays.
	got = decode[lookupAnswer](t, cs, "lookup_people", map[string]any{"items": []string{s.UID[2]}, "withoutContacts": true})
	if len(got.Results) != 1 || got.Results[0].Candidate == nil || len(got.Results[0].Candidate.Contacts) != 0 {
		t.Errorf("without contacts: %+v", got.Results)
	}
	if got.CreditsLeft == nil || *got.CreditsLeft != 99 {
		t.Errorf("without-contacts credits left %v, want 99", got.CreditsLeft)
	}
}

// TestToolErrorsMirrorREST checks that each tool refuses what the REST
// endpoint refuses, with its status and message.
func TestToolErrorsMirrorREST(t *testing.T) {
	f := newFixture(t)
	s := f.sample(t)
	paid := mustConnect(t, f.base+"/mcp", withBearer(keyPaid), nil)
	broke := mustConnect(t, f.base+"/mcp", withBearer(keyBroke), nil)
	many := make([]string, 101)
	for i := range many {
		many[i] = fmt.Sprintf("person%d@example.com", i)
	}
	for _, tc := range []struct {
		name string
		cs   *mcp.ClientSession
		tool string
		args map[string]any
		want string
	}{
		{"more than 100 items", paid, "lookup_people", map[string]any{"items": many}, "406 Not Acceptable: Maximum 100 items are allowed in one request"},
		{"no items", paid, "lookup_people", map[string]any{"items": []string{}}, "406 Not Acceptable: items must be a non-empty array"},
		{"no credits", broke, "lookup_people", map[string]any{"items": []string{s.LinkedIn[0]}}, "402 Payment Required: Not enough credits"},
		{"unknown location", paid, "search_people", map[string]any{"location": []string{"Atlantis, Neverland"}}, "422 Unprocessable Entity: Location is not recognized"},
		{"no filter", paid, "search_people", map[string]any{"excludeWatched": true}, "422 Unprocessable Entity"},
		{"size out of range", paid, "search_people", map[string]any{"currentTitle": s.Titles[0], "size": 101}, "422 Unprocessable Entity"},
		{"unknown scroll id", paid, "scroll_search", map[string]any{"requestId": 1, "scrollId": "no-such-scroll"}, "404 Not Found"},
		{"company API off", broke, "find_company", map[string]any{"id": s.Companies[0].Slug}, "403 Forbidden: The Company API is not enabled for this account"},
		{"unknown company", paid, "find_company", map[string]any{"id": "no-such-company-anywhere"}, "404 Not Found: Company not found"},
		{"empty company id", paid, "get_company_info", map[string]any{"id": ""}, "422 Unprocessable Entity: id is required"},
		{"bad employee status", paid, "count_company_profiles", map[string]any{"id": s.Companies[0].Slug, "status": "former"}, `422 Unprocessable Entity: status must be current, past or both, not "former"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := call(t, tc.cs, tc.tool, tc.args)
			if !res.IsError {
				t.Fatalf("no tool error; result %s", text(res))
			}
			if !strings.Contains(text(res), tc.want) {
				t.Errorf("tool error %q, want it to contain %q", text(res), tc.want)
			}
		})
	}
}

// TestSearchLocationStringOrArray: search_people takes a location as a
// string or an array, as the REST endpoint does, and both find the same
// people.
func TestSearchLocationStringOrArray(t *testing.T) {
	f := newFixture(t)
	cs := mustConnect(t, f.base+"/mcp", withBearer(keyPaid), nil)
	one := decode[wire.SearchPage](t, cs, "search_people", map[string]any{"location": "Germany", "size": 5})
	list := decode[wire.SearchPage](t, cs, "search_people", map[string]any{"location": []string{"Germany"}, "size": 5})
	if one.Total == 0 || one.Total != list.Total {
		t.Errorf("location as a string found %d, as an array %d", one.Total, list.Total)
	}
	res := call(t, cs, "search_people", map[string]any{"location": 7})
	if !res.IsError {
		t.Errorf("a number as the location was taken: %s", text(res))
	}
}

func TestSearchAndScroll(t *testing.T) {
	f := newFixture(t)
	s := f.sample(t)
	cs := mustConnect(t, f.base+"/mcp", withBearer(keyPaid), nil)

	first := decode[wire.SearchPage](t, cs, "search_people", map[string]any{"currentTitle": s.Titles[0], "size": 2})
	if len(first.Profiles) != 2 || first.Total <= 2 || first.ScrollID == "" || first.RequestID == 0 {
		t.Fatalf("first page: total %d, %d profiles, scroll id %q", first.Total, len(first.Profiles), first.ScrollID)
	}
	second := decode[wire.SearchPage](t, cs, "scroll_search", map[string]any{"requestId": first.RequestID, "scrollId": first.ScrollID})
	if len(second.Profiles) == 0 || second.Total != first.Total {
		t.Fatalf("second page: total %d, %d profiles", second.Total, len(second.Profiles))
	}
	if second.Profiles[0].UID == first.Profiles[0].UID || second.Profiles[0].UID == first.Profiles[1].UID {
		t.Errorf("the second page repeats the first")
	}
	// A scroll id is good once, as over REST.
	res := call(t, cs, "scroll_search", map[string]any{"requestId": first.RequestID, "scrollId": first.ScrollID})
	if !res.IsError || !strings.Contains(text(res), "404") {
		t.Errorf("a used scroll id answered %s", text(res))
	}
	st := f.emu.Stats().Accounts[0]
	if st.SearchQueries != 1 || st.SearchScrolls != 1 {
		t.Errorf("stats: %d searches, %d scrolls; want 1 and 1", st.SearchQueries, st.SearchScrolls)
	}
}

func TestCreditsAndCompany(t *testing.T) {
	f := newFixture(t)
	s := f.sample(t)
	cs := mustConnect(t, f.base+"/mcp", withBearer(keyPaid), nil)

	type credits struct {
		Credits int64 `json:"credits"`
	}
	if c := decode[credits](t, cs, "get_credits", map[string]any{}); c.Credits != 5 {
		t.Errorf("credits %d, want 5", c.Credits)
	}
	if c := decode[credits](t, cs, "get_credits", map[string]any{"withoutContacts": true}); c.Credits != 100 {
		t.Errorf("without-contacts credits %d, want 100", c.Credits)
	}

	co := s.Companies[0]
	ref := decode[wire.CompanyRef](t, cs, "find_company", map[string]any{"id": co.Slug})
	if ref.ID != co.ID || ref.Company != co.Name {
		t.Errorf("find_company %+v, want %+v", ref, co)
	}
	count := decode[struct {
		Total int `json:"total_profiles"`
	}](t, cs, "count_company_profiles", map[string]any{"id": fmt.Sprint(co.ID), "status": "current"})
	if count.Total < 1 {
		t.Errorf("%s has %d current employees, want some", co.Slug, count.Total)
	}
	info := decode[wire.CompanyInfo](t, cs, "get_company_info", map[string]any{"id": co.Slug})
	if string(info.Name) != co.Name {
		t.Errorf("info names %q, want %q", info.Name, co.Name)
	}
	// The one company data credit is spent: the next info is 402.
	res := call(t, cs, "get_company_info", map[string]any{"id": co.Slug})
	if !res.IsError || !strings.Contains(text(res), "402 Payment Required: Not enough company data credits") {
		t.Errorf("second info answered %s", text(res))
	}
}

// TestOwnListener serves the MCP handler alone, as --mcp-listen does.
func TestOwnListener(t *testing.T) {
	f := newFixture(t)
	srv := httptest.NewServer(f.emu.MCPHandler())
	t.Cleanup(srv.Close)
	cs := mustConnect(t, srv.URL+"/mcp", withBearer(keyPaid), nil)
	c := decode[struct {
		Credits int64 `json:"credits"`
	}](t, cs, "get_credits", map[string]any{})
	if c.Credits != 5 {
		t.Errorf("credits %d, want 5", c.Credits)
	}
	resp, err := srv.Client().Get(srv.URL + "/api/v1/credits")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 404 {
		t.Errorf("the MCP listener serves REST: %d", resp.StatusCode)
	}
}

// lookup_people answers from the world as of its clock: a person who
// changed company shows the new role.
func TestLookupPeopleAfterAdvance(t *testing.T) {
	f := newFixture(t)
	if err := f.emu.Advance(365); err != nil {
		t.Fatal(err)
	}
	moves := f.emu.Moves(3)
	if len(moves) != 3 {
		t.Fatalf("%d moves in a year", len(moves))
	}
	cs := mustConnect(t, f.base+"/mcp", withBearer(keyPaid), nil)
	var items []string
	for _, m := range moves {
		items = append(items, m.LinkedIn)
	}
	got := decode[struct {
		Results []struct {
			Item      string `json:"item"`
			Candidate *struct {
				Experience []struct {
					Position string `json:"position"`
					Company  string `json:"company"`
					Current  bool   `json:"current"`
					Started  string `json:"started"`
				} `json:"experience"`
			} `json:"candidate"`
		} `json:"results"`
	}](t, cs, "lookup_people", map[string]any{"items": items, "withoutContacts": true})
	for k, r := range got.Results {
		m := moves[k]
		if r.Candidate == nil || len(r.Candidate.Experience) == 0 {
			t.Fatalf("%s: no profile", r.Item)
		}
		// The main role comes first, and is the one started last.
		e := r.Candidate.Experience[0]
		if !e.Current || e.Company != m.To.Company || e.Position != m.To.Title {
			t.Errorf("%s moved to %+v; lookup_people shows %+v first", r.Item, m.To, e)
		}
	}
}
