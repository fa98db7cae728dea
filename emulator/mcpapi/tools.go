package mcpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"reflect"
	"strconv"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/enrich-dev/enrich/emulator/wire"
)

// Tool inputs. Field names are the REST API's; limits are stated in the
// descriptions rather than the schemas, so that a request past them gets
// the service's own error, as over REST.

type lookupInput struct {
	Items           []string `json:"items" jsonschema:"the people to look up, at most 100: profile URLs (linkedin.com/in/...), e-mail addresses, phone numbers (E.164, such as +12016611343) or 32-character profile uids, freely mixed"`
	WithoutContacts bool     `json:"withoutContacts,omitempty" jsonschema:"true for profiles without contacts (e-mails, phones), paid from the separate without-contacts credits"`
}

type scrollInput struct {
	RequestID int64  `json:"requestId" jsonschema:"requestId of the search, from search_people"`
	ScrollID  string `json:"scrollId" jsonschema:"the latest scrollId of the search: each page returns a new one, valid 15 seconds"`
}

type creditsInput struct {
	WithoutContacts bool `json:"withoutContacts,omitempty" jsonschema:"true for the balance of without-contacts credits instead of standard credits"`
}

type companyInput struct {
	ID string `json:"id" jsonschema:"the company's numeric id or its slug (such as acme-corp)"`
}

type companyCountInput struct {
	ID     string `json:"id" jsonschema:"the company's numeric id or its slug"`
	Status string `json:"status" jsonschema:"which employees to count: current, past or both"`
}

// searchInput is the body of people search (interface 4.2).
type searchInput struct {
	CurrentTitle       string       `json:"currentTitle,omitempty" jsonschema:"boolean query on the current job title: AND, OR, NOT, parentheses, \"quoted phrases\"; ignored when currentPastTitle is given"`
	CurrentPastTitle   string       `json:"currentPastTitle,omitempty" jsonschema:"boolean query on current or past job titles; wins over currentTitle"`
	Location           locations    `json:"location,omitempty" jsonschema:"locations, any of which matches: a country (full English name), a US state or Canadian province, or a city with context such as \"Austin, Texas\" (10 km around it); an unrecognised location is an error"`
	Latitude           *float64     `json:"latitude,omitempty" jsonschema:"latitude of a point to search 10 km around; with longitude; overrides location"`
	Longitude          *float64     `json:"longitude,omitempty" jsonschema:"longitude of the point; with latitude"`
	Coordinates        []coordinate `json:"coordinates,omitempty" jsonschema:"several points to search 10 km around each; overrides location; used only without latitude and longitude"`
	CurrentCompany     string       `json:"currentCompany,omitempty" jsonschema:"boolean query on the current company"`
	CurrentPastCompany string       `json:"currentPastCompany,omitempty" jsonschema:"boolean query on current or past companies"`
	FullName           string       `json:"fullName,omitempty" jsonschema:"the person's full name"`
	Keywords           string       `json:"keywords,omitempty" jsonschema:"boolean query over skills, summary, education and other attributes"`
	Industry           string       `json:"industry,omitempty" jsonschema:"one industry from the service's list; an unrecognised one is an error"`
	Industries         []string     `json:"industries,omitempty" jsonschema:"several industries, any of which matches"`

	YearsOfCurrentExperienceFrom     *int `json:"yearsOfCurrentExperienceFrom,omitempty" jsonschema:"at least this many years in the current role and company"`
	YearsOfCurrentExperienceTo       *int `json:"yearsOfCurrentExperienceTo,omitempty" jsonschema:"at most this many years in the current role and company"`
	YearsOfCurrentPastExperienceFrom *int `json:"yearsOfCurrentPastExperienceFrom,omitempty" jsonschema:"at least this many years across all roles"`
	YearsOfCurrentPastExperienceTo   *int `json:"yearsOfCurrentPastExperienceTo,omitempty" jsonschema:"at most this many years across all roles"`

	Education         string   `json:"education,omitempty" jsonschema:"boolean query over university, faculty and degree"`
	Department        []string `json:"department,omitempty" jsonschema:"departments, any of which matches: Marketing, Sales, Product & Project, Engineering / Development, Data & Analytics, Design / UX, HR & Recruitment, Finance & Accounting, Legal / Compliance, Customer Support / Success, Health, Beauty & Hospitality, Education & Training, Operations & Admin, Facility Services, Entertainment / Production"`
	Level             []string `json:"level,omitempty" jsonschema:"seniority levels, any of which matches: Intern / Entry Level, Junior, Mid-Level, Senior, Lead, Head, VP, C-Level, Founder / Owner, Board / Advisory, Directors"`
	OpenToWork        *bool    `json:"openToWork,omitempty" jsonschema:"true for people open to work, false for the others"`
	ExcludeRevealed   bool     `json:"excludeRevealed,omitempty" jsonschema:"leave out people whose contacts this account already fetched"`
	ExcludeWatched    bool     `json:"excludeWatched,omitempty" jsonschema:"leave out people already viewed in the web app or extension"`
	ExcludeInLists    bool     `json:"excludeInLists,omitempty" jsonschema:"leave out people already in a list"`
	ExcludeInProgress bool     `json:"excludeInProgress,omitempty" jsonschema:"leave out people already added to a job"`
	ExcludeEmailed    bool     `json:"excludeEmailed,omitempty" jsonschema:"leave out people already e-mailed"`
	Size              int      `json:"size,omitempty" jsonschema:"profiles per page, 1 to 100; default 10"`
}

type coordinate struct {
	Latitude  float64 `json:"latitude"`
	Longitude float64 `json:"longitude"`
}

// addTools registers the tools, each a REST endpoint.
func (s *Server) addTools(srv *mcp.Server) {
	addTool(srv, s, &mcp.Tool{
		Name:  "lookup_people",
		Title: "Look people up",
		Description: "Look up to 100 people by profile URL, e-mail, phone or uid and return their full profiles (name, headline, experience, education, skills, and contacts: e-mails, phones, social links). " +
			"Synchronous: results come in the answer, one per item, with status success (candidate holds the profile), failed (no one found; free), credits_are_over or duplicate_query (the same item was looked up within the last minute: ask again later). " +
			"The profiles carry only the contacts the service already holds, fewer than an asynchronous lookup finds. " +
			"Costs one credit per person found: a standard credit, or a without-contacts credit with withoutContacts. The account may look up 600 items a minute (5 on a trial); more is refused with 429.",
		Annotations: &mcp.ToolAnnotations{OpenWorldHint: new(false)},
	}, func(ctx context.Context, key string, in lookupInput) (any, error) {
		ans, err := s.callREST(ctx, key, http.MethodPost, wire.PathLookup, nil, map[string]any{
			"items": in.Items, "withoutWaterfall": true, "withoutContacts": in.WithoutContacts,
		})
		if err != nil {
			return nil, err
		}
		return struct {
			Results     json.RawMessage `json:"results"`
			CreditsLeft *int64          `json:"creditsLeft,omitempty"`
		}{ans.body, ans.creditsLeft}, nil
	})

	addTool(srv, s, &mcp.Tool{
		Name:        "search_people",
		Title:       "Search people",
		InputSchema: searchSchema,
		Description: "Search the profile database with filters and return the first page of brief profiles (uid, full name, location, current and past titles and companies, skills, open to work; no contacts). " +
			"At least one filter other than the exclude* ones is required. The answer has requestId, total (all matches) and, when more pages remain, a scrollId for scroll_search, valid 15 seconds. " +
			"A uid can be looked up with lookup_people for the full profile. Each search counts against the daily search quota, and each profile returned against the daily profile quota; at most 3 searches or scrolls run at once.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: new(false)},
	}, func(ctx context.Context, key string, in searchInput) (any, error) {
		ans, err := s.callREST(ctx, key, http.MethodPost, wire.PathSearch, nil, in)
		if err != nil {
			return nil, err
		}
		return ans.body, nil
	})

	addTool(srv, s, &mcp.Tool{
		Name:  "scroll_search",
		Title: "Next page of a search",
		Description: "Fetch the next page of a people search with its requestId and the latest scrollId. Call it within 15 seconds of the previous page: an expired or already used scrollId is refused with 404 and the search must start over. " +
			"The answer has the same shape as search_people's; it has no scrollId once every result was returned. Profiles returned count against the daily profile quota.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: new(false)},
	}, func(ctx context.Context, key string, in scrollInput) (any, error) {
		ans, err := s.callREST(ctx, key, http.MethodPost, wire.PathScroll+strconv.FormatInt(in.RequestID, 10), nil,
			map[string]string{"scrollId": in.ScrollID})
		if err != nil {
			return nil, err
		}
		return ans.body, nil
	})

	addTool(srv, s, &mcp.Tool{
		Name:        "get_credits",
		Title:       "Credit balance",
		Description: "Return the account's balance of standard credits (lookups with contacts), or of without-contacts credits with withoutContacts. Free.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: new(false)},
	}, func(ctx context.Context, key string, in creditsInput) (any, error) {
		q := url.Values{}
		if in.WithoutContacts {
			q.Set("withoutContacts", "true")
		}
		ans, err := s.callREST(ctx, key, http.MethodGet, wire.PathCredits, q, nil)
		if err != nil {
			return nil, err
		}
		return ans.body, nil
	})

	addTool(srv, s, &mcp.Tool{
		Name:        "find_company",
		Title:       "Find a company",
		Description: "Resolve a company by numeric id or slug to its id, slug and name. Free. Needs the Company API, which the provider enables per account (403 otherwise).",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: new(false)},
	}, func(ctx context.Context, key string, in companyInput) (any, error) {
		return s.companyCall(ctx, key, wire.PathCompanyFind, url.Values{"id": {in.ID}})
	})

	addTool(srv, s, &mcp.Tool{
		Name:        "count_company_profiles",
		Title:       "Count a company's people",
		Description: "Count the profiles of a company's current, past or both employees; answers total_profiles. Free. Needs the Company API.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: new(false)},
	}, func(ctx context.Context, key string, in companyCountInput) (any, error) {
		return s.companyCall(ctx, key, wire.PathCompanyCount, url.Values{"id": {in.ID}, "status": {in.Status}})
	})

	addTool(srv, s, &mcp.Tool{
		Name:  "get_company_info",
		Title: "Company details",
		Description: "Return a company's details: name, industry, description, year founded, website, phone, type, staff count, specialities and locations. " +
			"Costs one company data credit (402 when none are left). Needs the Company API.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: new(false)},
	}, func(ctx context.Context, key string, in companyInput) (any, error) {
		return s.companyCall(ctx, key, wire.PathCompanyInfo, url.Values{"id": {in.ID}})
	})
}

func (s *Server) companyCall(ctx context.Context, key, path string, q url.Values) (any, error) {
	ans, err := s.callREST(ctx, key, http.MethodGet, path, q, nil)
	if err != nil {
		return nil, err
	}
	return ans.body, nil
}

// addTool registers a tool whose handler acts with the request's API key.
// Its result is the structured content and, as JSON text, the content;
// an error is a tool error.
func addTool[In any](srv *mcp.Server, s *Server, t *mcp.Tool, do func(ctx context.Context, key string, in In) (any, error)) {
	mcp.AddTool(srv, t, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		key, err := apiKeyOf(req)
		if err != nil {
			return nil, nil, err
		}
		out, err := do(ctx, key, in)
		return nil, out, err
	})
}

// locations is search_people's location: one as a string, or several in
// an array, as the REST endpoint takes them (interface 4.2). It goes on to
// the endpoint as it came.
type locations []string

// UnmarshalJSON implements json.Unmarshaler.
func (l *locations) UnmarshalJSON(b []byte) error {
	var one string
	if json.Unmarshal(b, &one) == nil {
		*l = locations{one}
		return nil
	}
	var many []string
	if err := json.Unmarshal(b, &many); err != nil {
		return err
	}
	*l = many
	return nil
}

// searchSchema is the schema of search_people's arguments: as inferred
// from searchInput, but with location a string or an array of strings,
// as the REST endpoint takes it (interface 4.2).
var searchSchema = func() *jsonschema.Schema {
	either := &jsonschema.Schema{OneOf: []*jsonschema.Schema{
		{Type: "string"},
		{Type: "array", Items: &jsonschema.Schema{Type: "string"}},
	}}
	schema, err := jsonschema.For[searchInput](&jsonschema.ForOptions{
		TypeSchemas: map[reflect.Type]*jsonschema.Schema{reflect.TypeFor[locations](): either},
	})
	if err != nil {
		panic(err)
	}
	return schema
}()
