package search

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/enrich-dev/enrich/emulator/wire"
)

// Size bounds of a search page (interface 4.2).
const (
	DefaultSize = 10
	MaxSize     = 100
)

// maxLocations bounds the location strings and coordinates of one search.
const maxLocations = 100

// ErrInvalidJSON is a request body that is not JSON at all; the service
// answers it 404.
var ErrInvalidJSON = errors.New("invalid JSON")

// BadRequest is a search the service refuses with 422; Msg is the text of
// the error body.
type BadRequest struct{ Msg string }

// Error implements error.
func (e *BadRequest) Error() string { return e.Msg }

func bad(format string, args ...any) error { return &BadRequest{Msg: fmt.Sprintf(format, args...)} }

// MsgUnknownLocation is the service's message for a location it does not
// recognize.
const MsgUnknownLocation = wire.MsgLocationNotRecognized

// point is a latitude and longitude as the request spells them.
type point struct {
	Latitude  *float64 `json:"latitude"`
	Longitude *float64 `json:"longitude"`
}

// request is the body of searchByQuery (interface 4.2). Pointers tell an
// absent field from a zero one.
type request struct {
	CurrentTitle       *string         `json:"currentTitle"`
	CurrentPastTitle   *string         `json:"currentPastTitle"`
	Location           json.RawMessage `json:"location"`
	Latitude           *float64        `json:"latitude"`
	Longitude          *float64        `json:"longitude"`
	Coordinates        []point         `json:"coordinates"`
	CurrentCompany     *string         `json:"currentCompany"`
	CurrentPastCompany *string         `json:"currentPastCompany"`
	FullName           *string         `json:"fullName"`
	Keywords           *string         `json:"keywords"`
	Industry           *string         `json:"industry"`
	Industries         []string        `json:"industries"`

	YearsOfCurrentExperienceFrom     *int `json:"yearsOfCurrentExperienceFrom"`
	YearsOfCurrentExperienceTo       *int `json:"yearsOfCurrentExperienceTo"`
	YearsOfCurrentPastExperienceFrom *int `json:"yearsOfCurrentPastExperienceFrom"`
	YearsOfCurrentPastExperienceTo   *int `json:"yearsOfCurrentPastExperienceTo"`

	Education  *string  `json:"education"`
	Department []string `json:"department"`
	Level      []string `json:"level"`
	OpenToWork *bool    `json:"openToWork"`

	ExcludeRevealed   bool `json:"excludeRevealed"`
	ExcludeWatched    bool `json:"excludeWatched"`
	ExcludeInLists    bool `json:"excludeInLists"`
	ExcludeInProgress bool `json:"excludeInProgress"`
	ExcludeEmailed    bool `json:"excludeEmailed"`

	Size *int `json:"size"`
}

// Query is a validated search, ready to run.
type Query struct {
	// Size is the page size, 1 to MaxSize.
	Size int
	// Exclude lists the marks whose people the search leaves out.
	Exclude []Mark
	// ExcludeRevealed leaves out the people whose contacts the account
	// already fetched.
	ExcludeRevealed bool

	title      *node
	anyTitle   bool // title is currentPastTitle
	curCompany *node
	anyCompany *node
	name       []string
	keywords   *node
	education  *node

	places     []bool // home places allowed; nil for any
	industries []bool // by IndustryID; nil for any
	depts      uint32 // bit per world.Department; 0 for any
	levels     uint32 // bit per world.Level; 0 for any
	inRole     [2]int // bounds of years in the current role; -1 for none
	total      [2]int // bounds of years over all roles; -1 for none
	open       *bool  // open to work
}

// Parse decodes and validates a searchByQuery body. Its errors are
// ErrInvalidJSON (404 on the service) and *BadRequest (422).
func (ix *Index) Parse(body []byte) (*Query, error) {
	var req request
	if err := json.Unmarshal(body, &req); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) {
			if typeErr.Field == "" {
				return nil, bad("The request body must be a JSON object")
			}
			return nil, bad("%s must be %s", typeErr.Field, jsonKind(typeErr.Type.Kind()))
		}
		return nil, ErrInvalidJSON
	}
	q := &Query{Size: DefaultSize, inRole: [2]int{-1, -1}, total: [2]int{-1, -1}}
	if req.Size != nil {
		if *req.Size < 1 || *req.Size > MaxSize {
			return nil, bad("size must be between 1 and %d", MaxSize)
		}
		q.Size = *req.Size
	}
	filters := 0
	query := func(dst **node, field string, s *string) error {
		if s == nil || strings.TrimSpace(*s) == "" {
			return nil
		}
		n, err := parseQuery(*s)
		if err != nil {
			return bad("%s: %v", field, err)
		}
		*dst = n
		filters++
		return nil
	}
	// currentPastTitle wins over currentTitle, which is then ignored.
	if err := query(&q.title, "currentPastTitle", req.CurrentPastTitle); err != nil {
		return nil, err
	}
	q.anyTitle = q.title != nil
	if !q.anyTitle {
		if err := query(&q.title, "currentTitle", req.CurrentTitle); err != nil {
			return nil, err
		}
	}
	for _, f := range []struct {
		dst   **node
		field string
		s     *string
	}{
		{&q.curCompany, "currentCompany", req.CurrentCompany},
		{&q.anyCompany, "currentPastCompany", req.CurrentPastCompany},
		{&q.keywords, "keywords", req.Keywords},
		{&q.education, "education", req.Education},
	} {
		if err := query(f.dst, f.field, f.s); err != nil {
			return nil, err
		}
	}
	if req.FullName != nil && strings.TrimSpace(*req.FullName) != "" {
		q.name = Tokens(*req.FullName)
		if len(q.name) == 0 {
			return nil, bad("fullName has no letters or digits")
		}
		filters++
	}
	n, err := ix.parseAttributes(q, &req)
	if err != nil {
		return nil, err
	}
	if filters+n == 0 {
		return nil, bad("At least one filter other than exclude* is required")
	}
	q.ExcludeRevealed = req.ExcludeRevealed
	for m, on := range [NumMarks]bool{Watched: req.ExcludeWatched, InLists: req.ExcludeInLists,
		InProgress: req.ExcludeInProgress, Emailed: req.ExcludeEmailed} {
		if on {
			q.Exclude = append(q.Exclude, Mark(m))
		}
	}
	return q, nil
}

// parseAttributes validates the filters on columns and returns how many
// were given.
func (ix *Index) parseAttributes(q *Query, req *request) (int, error) {
	filters := 0
	// Where: a point, else several points, else location strings.
	switch {
	case (req.Latitude == nil) != (req.Longitude == nil):
		return 0, bad("latitude and longitude must be given together")
	case req.Latitude != nil:
		if err := checkPoint("", *req.Latitude, *req.Longitude); err != nil {
			return 0, err
		}
		q.places = make([]bool, len(ix.loc.places))
		ix.loc.markRadius(*req.Latitude, *req.Longitude, q.places)
		filters++
	case len(req.Coordinates) > 0:
		if len(req.Coordinates) > maxLocations {
			return 0, bad("coordinates takes at most %d points", maxLocations)
		}
		q.places = make([]bool, len(ix.loc.places))
		for i, c := range req.Coordinates {
			where := fmt.Sprintf("coordinates[%d].", i)
			if c.Latitude == nil || c.Longitude == nil {
				return 0, bad("%s: latitude and longitude must be given together", strings.TrimSuffix(where, "."))
			}
			if err := checkPoint(where, *c.Latitude, *c.Longitude); err != nil {
				return 0, err
			}
			ix.loc.markRadius(*c.Latitude, *c.Longitude, q.places)
		}
		filters++
	default:
		locs, err := locationStrings(req.Location)
		if err != nil {
			return 0, err
		}
		if len(locs) > 0 {
			q.places = make([]bool, len(ix.loc.places))
			for _, s := range locs {
				a, ok := ix.loc.resolve(s)
				if !ok {
					return 0, bad(MsgUnknownLocation)
				}
				ix.loc.mark(a, q.places)
			}
			filters++
		}
	}

	var industries []string
	if req.Industry != nil && strings.TrimSpace(*req.Industry) != "" {
		industries = append(industries, *req.Industry)
	}
	industries = append(industries, req.Industries...)
	if len(industries) > 0 {
		q.industries = make([]bool, len(ix.w.Industries()))
		for _, name := range industries {
			id, ok := ix.industryID[fold(name)]
			if !ok {
				return 0, bad("Unknown industry: %q", name)
			}
			q.industries[id] = true
		}
		filters++
	}
	for _, d := range req.Department {
		id, ok := ix.deptID[fold(d)]
		if !ok {
			return 0, bad("Invalid department: %q", d)
		}
		q.depts |= 1 << id
	}
	for _, l := range req.Level {
		id, ok := ix.levelID[fold(l)]
		if !ok {
			return 0, bad("Invalid level: %q", l)
		}
		q.levels |= 1 << id
	}
	if q.depts != 0 {
		filters++
	}
	if q.levels != 0 {
		filters++
	}
	for _, r := range []struct {
		dst      *[2]int
		from, to *int
		name     string
	}{
		{&q.inRole, req.YearsOfCurrentExperienceFrom, req.YearsOfCurrentExperienceTo, "yearsOfCurrentExperience"},
		{&q.total, req.YearsOfCurrentPastExperienceFrom, req.YearsOfCurrentPastExperienceTo, "yearsOfCurrentPastExperience"},
	} {
		for k, v := range []*int{r.from, r.to} {
			if v == nil {
				continue
			}
			if *v < 0 {
				return 0, bad("%s%s must not be negative", r.name, [2]string{"From", "To"}[k])
			}
			r.dst[k] = min(*v, noRole-1)
		}
		if r.dst[0] >= 0 && r.dst[1] >= 0 && r.dst[0] > r.dst[1] {
			return 0, bad("%sFrom is greater than %sTo", r.name, r.name)
		}
		if r.from != nil || r.to != nil {
			filters++
		}
	}
	if req.OpenToWork != nil {
		q.open = req.OpenToWork
		filters++
	}
	return filters, nil
}

// checkPoint validates a latitude and longitude.
func checkPoint(where string, lat, lon float64) error {
	if !(lat >= -90 && lat <= 90) {
		return bad("%slatitude must be between -90 and 90", where)
	}
	if !(lon >= -180 && lon <= 180) {
		return bad("%slongitude must be between -180 and 180", where)
	}
	return nil
}

// locationStrings reads the location filter: a string or an array of
// strings. Empty strings are no location.
func locationStrings(raw json.RawMessage) ([]string, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var one string
	if json.Unmarshal(raw, &one) == nil {
		if strings.TrimSpace(one) == "" {
			return nil, nil
		}
		return []string{one}, nil
	}
	var list []string
	if err := json.Unmarshal(raw, &list); err != nil {
		return nil, bad("location must be a string or an array of strings")
	}
	if len(list) > maxLocations {
		return nil, bad("location takes at most %d strings", maxLocations)
	}
	var out []string
	for _, s := range list {
		if strings.TrimSpace(s) != "" {
			out = append(out, s)
		}
	}
	return out, nil
}

// jsonKind names a Go kind the way a JSON user would.
func jsonKind(k reflect.Kind) string {
	switch k {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "a boolean"
	case reflect.Int, reflect.Int64, reflect.Int32:
		return "an integer"
	case reflect.Float64, reflect.Float32:
		return "a number"
	case reflect.Slice:
		return "an array"
	case reflect.Struct:
		return "an object"
	}
	return "of another type"
}
