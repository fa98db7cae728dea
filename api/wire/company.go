package wire

import (
	"encoding/json"
	"fmt"

	"github.com/enrich-dev/enrich/internal/untrusted"
)

// Employee statuses the company endpoints take.
const (
	EmployeesCurrent = "current"
	EmployeesPast    = "past"
	EmployeesBoth    = "both"
)

// ValidEmployeeStatus reports whether s is one of the company endpoints'
// status values.
func ValidEmployeeStatus(s string) bool {
	return s == EmployeesCurrent || s == EmployeesPast || s == EmployeesBoth
}

// CompanyRef is the answer of /company/findById (interface 2.5).
type CompanyRef struct {
	ID      int64  `json:"id"`
	Slug    string `json:"slug"`
	Company string `json:"company"`
}

// UnmarshalJSON tolerates the id as text. The slug and name are one
// clean line each (see untrusted.Message): `enrich company find` shows
// them on the terminal, and the report names the company.
func (c *CompanyRef) UnmarshalJSON(b []byte) error {
	var aux struct {
		ID      Number `json:"id"`
		Slug    Text   `json:"slug"`
		Company Text   `json:"company"`
	}
	if err := ignoreTypeErrors(json.Unmarshal(b, &aux)); err != nil {
		return err
	}
	id, _ := aux.ID.Int()
	*c = CompanyRef{ID: id, Slug: untrusted.Message(string(aux.Slug)), Company: untrusted.Message(string(aux.Company))}
	return nil
}

// CompanyInfo is the answer of /company/info (interface 2.4). Raw holds the
// body exactly as the service sent it.
type CompanyInfo struct {
	Name Text `json:"name"`
	// NetworkID is the professional-network id; it travels as "linkedinId"
	// and the interface calls it "professionalNetworkId". Either is read.
	NetworkID          Text              `json:"linkedinId"`
	Industry           Text              `json:"industry"`
	Description        Text              `json:"description"`
	Founded            Number            `json:"founded"`
	Logo               Text              `json:"logo"`
	URL                Text              `json:"url"`
	Website            Text              `json:"website"`
	Phone              Text              `json:"phone"`
	Type               Text              `json:"type"`
	StaffCount         Number            `json:"staffCount"`
	StaffCountRange    Number            `json:"staffCountRange"`
	StaffingCompany    bool              `json:"staffingCompany"`
	Specialities       TextList          `json:"specialities"`
	ConfirmedLocations []CompanyLocation `json:"confirmedLocations"`
	Raw                json.RawMessage   `json:"-"`
}

// UnmarshalJSON decodes company details leniently and keeps the raw JSON.
// The texts lose their control and bidirectional characters (see
// untrusted.Text): `enrich company info` shows them on the terminal. Raw
// is as sent.
func (c *CompanyInfo) UnmarshalJSON(b []byte) error {
	type plain CompanyInfo
	var aux struct {
		plain
		ProfessionalNetworkID Text `json:"professionalNetworkId"`
		StaffingCompany       Text `json:"staffingCompany"`
	}
	if err := ignoreTypeErrors(json.Unmarshal(b, &aux)); err != nil {
		return err
	}
	*c = CompanyInfo(aux.plain)
	if c.NetworkID == "" {
		c.NetworkID = aux.ProfessionalNetworkID
	}
	c.StaffingCompany = aux.StaffingCompany == "true"
	c.Raw = append(json.RawMessage(nil), b...)
	cleanTexts(&c.Name, &c.NetworkID, &c.Industry, &c.Description, &c.Logo, &c.URL, &c.Website, &c.Phone, &c.Type)
	for i, sp := range c.Specialities {
		c.Specialities[i] = untrusted.Text(sp)
	}
	return nil
}

// cleanTexts drops the control and bidirectional characters of texts
// (untrusted.Text).
func cleanTexts(texts ...*Text) {
	for _, t := range texts {
		*t = Text(untrusted.Text(string(*t)))
	}
}

// CompanyLocation is one of a company's confirmed locations. Every key may
// be absent.
type CompanyLocation struct {
	Country             Text `json:"country"`
	City                Text `json:"city"`
	GeographicArea      Text `json:"geographicArea"`
	PostalCode          Text `json:"postalCode"`
	Line1               Text `json:"line1"`
	Line2               Text `json:"line2"`
	Description         Text `json:"description"`
	Headquarter         bool `json:"headquarter"`
	StreetAddressOptOut bool `json:"streetAddressOptOut"`
}

// UnmarshalJSON tolerates the booleans as text or null.
func (l *CompanyLocation) UnmarshalJSON(b []byte) error {
	type plain CompanyLocation
	var aux struct {
		plain
		Headquarter         Text `json:"headquarter"`
		StreetAddressOptOut Text `json:"streetAddressOptOut"`
	}
	if err := ignoreTypeErrors(json.Unmarshal(b, &aux)); err != nil {
		return err
	}
	*l = CompanyLocation(aux.plain)
	cleanTexts(&l.Country, &l.City, &l.GeographicArea, &l.PostalCode, &l.Line1, &l.Line2, &l.Description)
	l.Headquarter = aux.Headquarter == "true"
	l.StreetAddressOptOut = aux.StreetAddressOptOut == "true"
	return nil
}

// DecodeProfiles decodes the body of a company profiles callback: an array
// of full candidates without contacts. Each element's raw JSON is kept.
func DecodeProfiles(body []byte) ([]json.RawMessage, error) {
	var profiles []json.RawMessage
	if err := json.Unmarshal(body, &profiles); err != nil {
		return nil, fmt.Errorf("decode profiles: %w", err)
	}
	return profiles, nil
}
