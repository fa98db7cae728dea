package assistant

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/api/wire"
)

type creditsInput struct {
	WithoutContacts bool `json:"without_contacts,omitempty" jsonschema:"the balance of without-contacts credits instead of standard credits"`
}

type creditsOutput struct {
	Pool    string `json:"pool"`
	Credits int64  `json:"credits"`
}

// searchInput is a page of a people search: the filters of a new search,
// or request_id and scroll_id to continue one.
type searchInput struct {
	CurrentTitle       string   `json:"current_title,omitempty" jsonschema:"boolean query on the current job title: AND, OR, NOT, parentheses, \"quoted phrases\""`
	CurrentPastTitle   string   `json:"current_past_title,omitempty" jsonschema:"boolean query on current or past job titles; wins over current_title"`
	Location           []string `json:"location,omitempty" jsonschema:"locations, any of which matches: a country (full English name), a US state or Canadian province, or a city with context such as \"Austin, Texas\" (10 km around it)"`
	CurrentCompany     string   `json:"current_company,omitempty" jsonschema:"boolean query on the current company"`
	CurrentPastCompany string   `json:"current_past_company,omitempty" jsonschema:"boolean query on current or past companies"`
	FullName           string   `json:"full_name,omitempty" jsonschema:"the person's full name"`
	Keywords           string   `json:"keywords,omitempty" jsonschema:"boolean query over skills, summary, education and other attributes"`
	Industries         []string `json:"industries,omitempty" jsonschema:"industries from the service's list, any of which matches"`
	Education          string   `json:"education,omitempty" jsonschema:"boolean query over university, faculty and degree"`
	Department         []string `json:"department,omitempty" jsonschema:"departments, any of which matches, such as Sales or Engineering / Development"`
	Level              []string `json:"level,omitempty" jsonschema:"seniority levels, any of which matches: Intern / Entry Level, Junior, Mid-Level, Senior, Lead, Head, VP, C-Level, Founder / Owner, Board / Advisory, Directors"`
	OpenToWork         *bool    `json:"open_to_work,omitempty" jsonschema:"true for people open to work, false for the others"`
	YearsInRole        string   `json:"years_in_role,omitempty" jsonschema:"years in the current role and company, as FROM-TO, FROM- or -TO in whole years, such as 2-5"`
	YearsTotal         string   `json:"years_total,omitempty" jsonschema:"years across all roles, as FROM-TO, FROM- or -TO in whole years, such as 10-"`
	ExcludeRevealed    bool     `json:"exclude_revealed,omitempty" jsonschema:"leave out people whose contacts this account already fetched"`
	ExcludeWatched     bool     `json:"exclude_watched,omitempty" jsonschema:"leave out people already viewed"`
	ExcludeInLists     bool     `json:"exclude_in_lists,omitempty" jsonschema:"leave out people already in a list"`
	ExcludeInProgress  bool     `json:"exclude_in_progress,omitempty" jsonschema:"leave out people already added to a job"`
	ExcludeEmailed     bool     `json:"exclude_emailed,omitempty" jsonschema:"leave out people already e-mailed"`
	Size               int      `json:"size,omitempty" jsonschema:"profiles per page, 1 to 100; default 10"`
	RequestID          int64    `json:"request_id,omitempty" jsonschema:"to continue a search: its request_id, with scroll_id"`
	ScrollID           string   `json:"scroll_id,omitempty" jsonschema:"to continue a search: the scroll_id of its latest page, within 15 seconds of it; the filters are then ignored"`
}

// searchOutput is a page of results.
type searchOutput struct {
	RequestID int64             `json:"request_id"`
	Total     int64             `json:"total"`
	ScrollID  string            `json:"scroll_id,omitempty"`
	Profiles  []json.RawMessage `json:"profiles"`
	Next      string            `json:"next"`
}

func (s *Server) addServiceTools() {
	addTool(s, &mcp.Tool{
		Name:        "credits",
		Title:       "Credit balance",
		Description: "The account's balance of standard credits (lookups with contacts), or of without-contacts credits. Free. Needs ENRICH_API_KEY and ENRICH_API_URL in the server's environment.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: new(true)},
	}, s.credits)

	addTool(s, &mcp.Tool{
		Name:  "search",
		Title: "Search people",
		Description: "One page of a people search: brief profiles (uid, full name, location, titles and companies, skills, open to work; no contacts) matching the filters, with the total and, when more remain, a scroll_id. " +
			"To get the next page, call search again with request_id and scroll_id within 15 seconds. At least one filter is required. " +
			"Each new search counts against the account's daily search quota and each profile returned against its daily profile quota. A uid found here can go in a sheet's uid column for run.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: new(true)},
	}, s.search)
}

func (s *Server) credits(ctx context.Context, _ *mcp.CallToolRequest, in creditsInput) (any, error) {
	c, err := s.cfg.Service()
	if err != nil {
		return nil, err
	}
	n, _, err := c.Credits(ctx, in.WithoutContacts)
	if err != nil {
		return nil, serviceError(err)
	}
	pool := "standard"
	if in.WithoutContacts {
		pool = "without contacts"
	}
	return creditsOutput{Pool: pool, Credits: n}, nil
}

func (s *Server) search(ctx context.Context, _ *mcp.CallToolRequest, in searchInput) (any, error) {
	c, err := s.cfg.Service()
	if err != nil {
		return nil, err
	}
	// A 429 (more than 3 searches at once) is retried quickly, within a
	// scroll's lifetime, as `enrich search` does.
	c = c.With(api.WithBackoff(api.Backoff{Attempts: 10, Base: 100 * time.Millisecond, Max: time.Second}))
	var page wire.SearchPage
	switch {
	case in.ScrollID != "" || in.RequestID != 0:
		if in.ScrollID == "" || in.RequestID == 0 {
			return nil, errors.New("to continue a search give both request_id and scroll_id")
		}
		page, _, err = c.Scroll(ctx, in.RequestID, in.ScrollID)
	default:
		q, qerr := in.query()
		if qerr != nil {
			return nil, qerr
		}
		page, _, err = c.Search(ctx, q)
	}
	if err != nil {
		return nil, serviceError(err)
	}
	out := searchOutput{RequestID: page.RequestID, Total: page.Total, ScrollID: page.ScrollID, Profiles: make([]json.RawMessage, len(page.Profiles))}
	for i, p := range page.Profiles {
		out.Profiles[i] = p.Raw
	}
	out.Next = "no more results"
	if page.ScrollID != "" {
		out.Next = "call search with request_id and scroll_id within 15 seconds for the next page"
	}
	return out, nil
}

// query is the search body of the filters.
func (in searchInput) query() (wire.SearchQuery, error) {
	q := wire.SearchQuery{
		CurrentTitle:       in.CurrentTitle,
		CurrentPastTitle:   in.CurrentPastTitle,
		Location:           in.Location,
		CurrentCompany:     in.CurrentCompany,
		CurrentPastCompany: in.CurrentPastCompany,
		FullName:           in.FullName,
		Keywords:           in.Keywords,
		Industries:         in.Industries,
		Education:          in.Education,
		Department:         in.Department,
		Level:              in.Level,
		OpenToWork:         in.OpenToWork,
		ExcludeRevealed:    in.ExcludeRevealed,
		ExcludeWatched:     in.ExcludeWatched,
		ExcludeInLists:     in.ExcludeInLists,
		ExcludeInProgress:  in.ExcludeInProgress,
		ExcludeEmailed:     in.ExcludeEmailed,
		Size:               in.Size,
	}
	var err error
	if q.YearsOfCurrentExperienceFrom, q.YearsOfCurrentExperienceTo, err = yearRange("years_in_role", in.YearsInRole); err != nil {
		return q, err
	}
	if q.YearsOfCurrentPastExperienceFrom, q.YearsOfCurrentPastExperienceTo, err = yearRange("years_total", in.YearsTotal); err != nil {
		return q, err
	}
	return q, nil
}

// yearRange parses FROM-TO, FROM- or -TO, as `enrich search` takes
// --years-in-role and --years-total; empty is no bound.
func yearRange(name, s string) (from, to *int, err error) {
	if s == "" {
		return nil, nil, nil
	}
	a, b, ok := strings.Cut(s, "-")
	bound := func(v string) (*int, bool) {
		if v = strings.TrimSpace(v); v == "" {
			return nil, true
		}
		n, err := strconv.Atoi(v)
		return &n, err == nil && n >= 0
	}
	from, okFrom := bound(a)
	to, okTo := bound(b)
	if !ok || !okFrom || !okTo || from == nil && to == nil {
		return nil, nil, fmt.Errorf("%s %q: give FROM-TO, FROM- or -TO in whole years, such as 2-5", name, s)
	}
	return from, to, nil
}

// serviceError turns a failed call to the service into one sentence an
// assistant can act on (api.Explain). It never contains the key.
func serviceError(err error) error { return api.Explained(err) }
