package wire

import (
	"encoding/json"
	"errors"
)

// Candidate is the decoded view of a full profile (interface 2.2, key names
// from the wire contract). It is a view only: the raw JSON the service sent is
// what gets stored, and a Candidate is decoded from it when needed, so keys
// this type does not know are never lost.
type Candidate struct {
	UID              Text         `json:"uid"`
	FullName         Text         `json:"fullName"`
	Gender           Text         `json:"gender"`
	HeadLine         Text         `json:"headLine"`
	Summary          Text         `json:"summary"`
	Photo            *Photo       `json:"photo"`
	Locations        []Place      `json:"locations"`
	Skills           TextList     `json:"skills"`
	TotalExperience  Number       `json:"totalExperience"`
	Contacts         []Contact    `json:"contacts"`
	Social           []Social     `json:"social"`
	Experience       []Experience `json:"experience"`
	Education        []Education  `json:"education"`
	Language         []Language   `json:"language"`
	Organization     []Org        `json:"organization"`
	Certification    []Cert       `json:"certification"`
	Course           []Course     `json:"course"`
	Project          []Project    `json:"project"`
	Publication      []Work       `json:"publication"`
	Patent           []Patent     `json:"patent"`
	HonorAward       []Work       `json:"honorAward"`
	Addresses        []Address    `json:"addresses,omitempty"`
	Birthday         Text         `json:"birthday,omitempty"`
	AlternativeNames TextList     `json:"alternativeNames,omitempty"`
}

// Photo is the profile picture.
type Photo struct {
	URL Text `json:"url"`
}

// Place is one of a profile's locations.
type Place struct {
	Name Text `json:"name"`
}

// Contact types and sub-types the interface names.
const (
	ContactEmail = "email"
	ContactPhone = "phone"

	SubTypeWork     = "work"
	SubTypePersonal = "personal"
	SubTypeWorkTel  = "work_phone"
	SubTypeMobile   = "mobile"
)

// Contact is an e-mail, phone, messenger handle or link.
type Contact struct {
	Type    Text   `json:"type"`
	Value   Text   `json:"value"`
	Rating  Number `json:"rating"`
	SubType Text   `json:"subType"`
	Info    Text   `json:"info,omitempty"`
}

// Social is a link to a profile on another platform; Type is a platform
// code such as "li" or "gh".
type Social struct {
	Type   Text   `json:"type"`
	Link   Text   `json:"link"`
	Rating Number `json:"rating"`
}

// Experience is one role. Title travels as "position".
type Experience struct {
	Position    Text   `json:"position"`
	Company     Text   `json:"company"`
	Location    Text   `json:"location"`
	Current     bool   `json:"current"`
	Started     Text   `json:"started"`
	Ended       Text   `json:"ended"`
	Summary     Text   `json:"summary"`
	CompanyURL  Text   `json:"companyUrl"`
	CompanyID   Text   `json:"companyId"`
	CompanySize Text   `json:"companySize"`
	StaffCount  Number `json:"staffCount"`
	Industry    Text   `json:"industry"`
	Website     Text   `json:"website"`
}

// UnmarshalJSON accepts "current" as a boolean or as the text "true".
func (e *Experience) UnmarshalJSON(b []byte) error {
	type plain Experience
	var aux struct {
		plain
		Current Text `json:"current"`
	}
	err := json.Unmarshal(b, &aux)
	*e = Experience(aux.plain)
	e.Current = aux.Current == "true" || aux.Current == "1"
	return ignoreTypeErrors(err)
}

// Education is one school entry.
type Education struct {
	University  Text     `json:"university"`
	Faculty     Text     `json:"faculty"`
	Degree      TextList `json:"degree"`
	URL         Text     `json:"url"`
	StartedYear Number   `json:"startedYear"`
	EndedYear   Number   `json:"endedYear"`
}

// Language is a spoken language.
type Language struct {
	Name        Text `json:"name"`
	Proficiency Text `json:"proficiency"`
}

// Org is a professional organization membership.
type Org struct {
	Name      Text `json:"name"`
	Position  Text `json:"position"`
	StartDate Text `json:"startDate"`
	EndDate   Text `json:"endDate"`
}

// Cert is a certification.
type Cert struct {
	Name      Text `json:"name"`
	License   Text `json:"license"`
	Authority Text `json:"authority"`
}

// Course is a course taken.
type Course struct {
	Name Text `json:"name"`
}

// Project is a project entry.
type Project struct {
	Name        Text `json:"name"`
	Description Text `json:"description"`
	URL         Text `json:"url"`
	StartDate   Text `json:"startDate"`
	EndDate     Text `json:"endDate"`
}

// Work is a publication or an award.
type Work struct {
	Name        Text `json:"name"`
	Description Text `json:"description"`
	Issue       Text `json:"issue"`
	URL         Text `json:"url"`
	Date        Text `json:"date"`
}

// Patent is a patent entry.
type Patent struct {
	Name         Text `json:"name"`
	Issue        Text `json:"issue"`
	PatentNumber Text `json:"patentNumber"`
	Date         Text `json:"date"`
}

// Address is a physical address, present for few profiles.
type Address struct {
	Display Text `json:"display"`
}

// DecodeCandidate decodes a candidate from raw JSON. A field of an
// unexpected type is left empty instead of failing the profile; only JSON
// that is not an object is an error.
func DecodeCandidate(raw []byte) (*Candidate, error) {
	var c Candidate
	if err := DecodeInto(raw, &c); err != nil {
		return nil, err
	}
	return &c, nil
}

// DecodeInto decodes raw into v, a struct of this package's lenient
// types, as DecodeCandidate does: a field of an unexpected type is left
// empty, and only malformed JSON is an error. A reader that needs a few of
// a profile's fields declares a struct of those alone, which decodes
// faster than the whole Candidate.
func DecodeInto(raw []byte, v any) error {
	return ignoreTypeErrors(json.Unmarshal(raw, v))
}

// ignoreTypeErrors drops the error encoding/json reports when a value has
// the wrong type; it still fills every other field in that case.
func ignoreTypeErrors(err error) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		return nil
	}
	return err
}
