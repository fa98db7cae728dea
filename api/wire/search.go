package wire

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"strings"

	"github.com/enrich-dev/enrich/internal/untrusted"
)

// The department and level values people search accepts (interface 4.2).
var (
	Departments = []string{
		"Marketing", "Sales", "Product & Project", "Engineering / Development",
		"Data & Analytics", "Design / UX", "HR & Recruitment", "Finance & Accounting",
		"Legal / Compliance", "Customer Support / Success", "Health, Beauty & Hospitality",
		"Education & Training", "Operations & Admin", "Facility Services",
		"Entertainment / Production",
	}
	Levels = []string{
		"Intern / Entry Level", "Junior", "Mid-Level", "Senior", "Lead", "Head", "VP",
		"C-Level", "Founder / Owner", "Board / Advisory", "Directors",
	}
)

// Search size bounds (interface 4.2).
const (
	DefaultSearchSize = 10
	MaxSearchSize     = 100
)

// SearchQuery is the body of POST /api/v1/candidate/searchByQuery. Zero
// values are left out of the request.
type SearchQuery struct {
	CurrentTitle       string       `json:"currentTitle,omitempty"`
	CurrentPastTitle   string       `json:"currentPastTitle,omitempty"`
	Location           Locations    `json:"location,omitempty"`
	Latitude           *float64     `json:"latitude,omitempty"`
	Longitude          *float64     `json:"longitude,omitempty"`
	Coordinates        []Coordinate `json:"coordinates,omitempty"`
	CurrentCompany     string       `json:"currentCompany,omitempty"`
	CurrentPastCompany string       `json:"currentPastCompany,omitempty"`
	FullName           string       `json:"fullName,omitempty"`
	Keywords           string       `json:"keywords,omitempty"`
	Industry           string       `json:"industry,omitempty"`
	Industries         []string     `json:"industries,omitempty"`
	// Years in the current role and company.
	YearsOfCurrentExperienceFrom *int `json:"yearsOfCurrentExperienceFrom,omitempty"`
	YearsOfCurrentExperienceTo   *int `json:"yearsOfCurrentExperienceTo,omitempty"`
	// Years across all roles.
	YearsOfCurrentPastExperienceFrom *int     `json:"yearsOfCurrentPastExperienceFrom,omitempty"`
	YearsOfCurrentPastExperienceTo   *int     `json:"yearsOfCurrentPastExperienceTo,omitempty"`
	Education                        string   `json:"education,omitempty"`
	Department                       []string `json:"department,omitempty"`
	Level                            []string `json:"level,omitempty"`
	OpenToWork                       *bool    `json:"openToWork,omitempty"`
	ExcludeRevealed                  bool     `json:"excludeRevealed,omitempty"`
	ExcludeWatched                   bool     `json:"excludeWatched,omitempty"`
	ExcludeInLists                   bool     `json:"excludeInLists,omitempty"`
	ExcludeInProgress                bool     `json:"excludeInProgress,omitempty"`
	ExcludeEmailed                   bool     `json:"excludeEmailed,omitempty"`
	Size                             int      `json:"size,omitempty"`
}

// Coordinate is a point for a radius search.
type Coordinate struct {
	Latitude  float64 `json:"latitude"`
	Longitude float64 `json:"longitude"`
}

// Locations is the search's location filter: the service takes a string or
// an array of strings. One location is sent as a string.
type Locations []string

// MarshalJSON implements json.Marshaler.
func (l Locations) MarshalJSON() ([]byte, error) {
	if len(l) == 1 {
		return json.Marshal(l[0])
	}
	return json.Marshal([]string(l))
}

// UnmarshalJSON implements json.Unmarshaler.
func (l *Locations) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '[' {
		var list []string
		if err := json.Unmarshal(b, &list); err != nil {
			return err
		}
		*l = list
		return nil
	}
	var s *string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	*l = nil
	if s != nil {
		*l = Locations{*s}
	}
	return nil
}

// ScrollRequest is the body of POST /api/v1/candidate/scrollSearch/{requestId}.
type ScrollRequest struct {
	ScrollID string `json:"scrollId"`
}

// SearchPage is the answer to a search or a scroll. ScrollID is empty when
// no more results remain.
type SearchPage struct {
	RequestID int64           `json:"requestId"`
	Total     int64           `json:"total"`
	ScrollID  string          `json:"scrollId,omitempty"`
	Profiles  []SearchProfile `json:"profiles"`
}

// UnmarshalJSON decodes a page, tolerating a null scrollId and numbers as text.
func (p *SearchPage) UnmarshalJSON(b []byte) error {
	var aux struct {
		RequestID Number          `json:"requestId"`
		Total     Number          `json:"total"`
		ScrollID  Text            `json:"scrollId"`
		Profiles  []SearchProfile `json:"profiles"`
	}
	if err := ignoreTypeErrors(json.Unmarshal(b, &aux)); err != nil {
		return err
	}
	id, _ := aux.RequestID.Int()
	total, _ := aux.Total.Int()
	*p = SearchPage{RequestID: id, Total: total, ScrollID: string(aux.ScrollID), Profiles: aux.Profiles}
	return nil
}

// SearchProfile is a brief profile from people search (interface 2.3). Raw
// holds the profile exactly as the service sent it.
type SearchProfile struct {
	UID             string          `json:"uid"`
	FullName        string          `json:"fullName"`
	Location        string          `json:"location"`
	Experience      []Role          `json:"experience"`
	Skills          []string        `json:"skills"`
	ContactsFetched string          `json:"contactsFetched,omitempty"`
	OpenToWork      bool            `json:"openToWork"`
	Raw             json.RawMessage `json:"-"`
}

// Role is a title at a company, as search profiles carry them.
type Role struct {
	Company string `json:"company"`
	Title   string `json:"title"`
}

// UnmarshalJSON decodes a search profile leniently and keeps its raw JSON.
// Its texts lose their control and bidirectional characters (tab and line
// feed kept, see untrusted.Text): a name or a title is shown in a row's
// error, a candidates sheet and a search's export. Raw is as sent.
func (s *SearchProfile) UnmarshalJSON(b []byte) error {
	var aux struct {
		UID        Text `json:"uid"`
		FullName   Text `json:"fullName"`
		Location   Text `json:"location"`
		Experience []struct {
			Company Text `json:"company"`
			Title   Text `json:"title"`
		} `json:"experience"`
		Skills          TextList `json:"skills"`
		ContactsFetched Text     `json:"contactsFetched"`
		OpenToWork      Text     `json:"openToWork"`
	}
	if err := ignoreTypeErrors(json.Unmarshal(b, &aux)); err != nil {
		return err
	}
	for i, sk := range aux.Skills {
		aux.Skills[i] = untrusted.Text(sk)
	}
	*s = SearchProfile{
		UID:             string(aux.UID),
		FullName:        untrusted.Text(string(aux.FullName)),
		Location:        untrusted.Text(string(aux.Location)),
		Skills:          aux.Skills,
		ContactsFetched: untrusted.Text(string(aux.ContactsFetched)),
		OpenToWork:      aux.OpenToWork == "true",
		Raw:             append(json.RawMessage(nil), b...),
	}
	for _, e := range aux.Experience {
		s.Experience = append(s.Experience, Role{Company: untrusted.Text(string(e.Company)), Title: untrusted.Text(string(e.Title))})
	}
	return nil
}

// Industries are the professional network's long-standing industry
// names, which the service's industry filters take. The service does not
// publish its list: it answers 422 to a name it does not know. The list
// serves shell completion and help.
var Industries = strings.Split(strings.TrimSpace(industriesText), "\n")

//go:embed industries.txt
var industriesText string
