package world

import (
	"bytes"
	"encoding/json"
)

// The candidate object of the wire contract. Field order is the order on
// the wire; keys follow spec/wire-contract.md exactly.
type candidateJSON struct {
	UID             string              `json:"uid"`
	FullName        string              `json:"fullName"`
	Gender          *string             `json:"gender"`
	HeadLine        *string             `json:"headLine"`
	Summary         *string             `json:"summary"`
	Photo           *photoJSON          `json:"photo"`
	Locations       []nameJSON          `json:"locations"`
	Skills          []string            `json:"skills"`
	TotalExperience int                 `json:"totalExperience"`
	Contacts        []contactJSON       `json:"contacts"`
	Social          []socialJSON        `json:"social"`
	Experience      []experienceJSON    `json:"experience"`
	Education       []educationJSON     `json:"education"`
	Language        []languageJSON      `json:"language"`
	Organization    []organizationJSON  `json:"organization"`
	Certification   []certificationJSON `json:"certification"`
	Course          []nameJSON          `json:"course"`
	Project         []projectJSON       `json:"project"`
	Publication     []publicationJSON   `json:"publication"`
	Patent          []patentJSON        `json:"patent"`
	HonorAward      []honorJSON         `json:"honorAward"`
	// Occasional fields: omitted entirely when unknown, never null.
	Addresses        []addressJSON `json:"addresses,omitempty"`
	Birthday         string        `json:"birthday,omitempty"`
	AlternativeNames []string      `json:"alternativeNames,omitempty"`
}

type photoJSON struct {
	URL string `json:"url"`
}

type nameJSON struct {
	Name string `json:"name"`
}

// contactJSON is one contact. Rating is a number or, as the real service
// sometimes sends it, a string; SubType is a JSON value ("work", null) or
// absent (nil).
type contactJSON struct {
	Type    string          `json:"type"`
	Value   string          `json:"value"`
	Rating  any             `json:"rating"`
	SubType json.RawMessage `json:"subType,omitempty"`
	Info    string          `json:"info,omitempty"`
}

type socialJSON struct {
	Type   string `json:"type"`
	Link   string `json:"link"`
	Rating any    `json:"rating"`
}

// experienceJSON is one role. The company fields are strings or the
// sentinel "n/a"; staffCount is a number or "n/a".
type experienceJSON struct {
	Position    string  `json:"position"`
	Company     string  `json:"company"`
	Location    *string `json:"location"`
	Current     bool    `json:"current"`
	Started     *string `json:"started"`
	Ended       *string `json:"ended"`
	Summary     string  `json:"summary"`
	CompanyURL  string  `json:"companyUrl"`
	CompanyID   *string `json:"companyId"`
	CompanySize string  `json:"companySize"`
	StaffCount  any     `json:"staffCount"`
	Industry    string  `json:"industry"`
	Website     string  `json:"website"`
}

type educationJSON struct {
	University  string   `json:"university"`
	Faculty     *string  `json:"faculty"`
	Degree      []string `json:"degree"`
	URL         *string  `json:"url"`
	StartedYear *int     `json:"startedYear"`
	EndedYear   *int     `json:"endedYear"`
}

type languageJSON struct {
	Name        string  `json:"name"`
	Proficiency *string `json:"proficiency"`
}

type organizationJSON struct {
	Name      string  `json:"name"`
	Position  *string `json:"position"`
	StartDate *string `json:"startDate"`
	EndDate   *string `json:"endDate"`
}

type certificationJSON struct {
	Name      string  `json:"name"`
	License   *string `json:"license"`
	Authority *string `json:"authority"`
}

type projectJSON struct {
	Name        string  `json:"name"`
	Description *string `json:"description"`
	URL         *string `json:"url"`
	StartDate   *string `json:"startDate"`
	EndDate     *string `json:"endDate"`
}

type publicationJSON struct {
	Name        string  `json:"name"`
	Description *string `json:"description"`
	Issue       *string `json:"issue"`
	URL         *string `json:"url"`
	Date        *string `json:"date"`
}

type patentJSON struct {
	Name         string  `json:"name"`
	Issue        *string `json:"issue"`
	PatentNumber *string `json:"patentNumber"`
	Date         *string `json:"date"`
}

type honorJSON struct {
	Name        string  `json:"name"`
	Description *string `json:"description"`
	Issue       *string `json:"issue"`
	Date        *string `json:"date"`
}

type addressJSON struct {
	Display string `json:"display"`
}

// The company object of /company/info (interface 2.4, wire keys).
type companyInfoJSON struct {
	Name               string       `json:"name"`
	LinkedinID         string       `json:"linkedinId"`
	Industry           string       `json:"industry"`
	Description        string       `json:"description"`
	Founded            int          `json:"founded"`
	Logo               string       `json:"logo"`
	URL                string       `json:"url"`
	Website            string       `json:"website"`
	Phone              *string      `json:"phone"`
	Type               string       `json:"type"`
	StaffCount         int          `json:"staffCount"`
	StaffCountRange    int          `json:"staffCountRange"`
	StaffingCompany    bool         `json:"staffingCompany"`
	Specialities       []string     `json:"specialities"`
	ConfirmedLocations []officeJSON `json:"confirmedLocations"`
}

// officeJSON is a location object; absent keys are omitted.
type officeJSON struct {
	Country             string `json:"country,omitempty"`
	City                string `json:"city,omitempty"`
	GeographicArea      string `json:"geographicArea,omitempty"`
	PostalCode          string `json:"postalCode,omitempty"`
	Line1               string `json:"line1,omitempty"`
	Line2               string `json:"line2,omitempty"`
	Description         string `json:"description,omitempty"`
	Headquarter         bool   `json:"headquarter"`
	StreetAddressOptOut bool   `json:"streetAddressOptOut"`
}

// marshal encodes v without HTML escaping ("Founder & CEO" stays
// readable) and without a trailing newline.
func marshal(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		// Only plain structs of strings and numbers reach here.
		panic("world: encode JSON: " + err.Error())
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// ptr returns a pointer to v, for nullable JSON fields.
func ptr[T any](v T) *T { return &v }
