// Package profile turns a raw profile, as the service sent it, into the
// record of named values that exports write: the one place where a column
// such as enrich_title or an employee sheet's "linkedin" gets its value.
package profile

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/nyaruka/phonenumbers"

	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/internal/ident"
	"github.com/enrich-dev/enrich/internal/untrusted"
)

// ListSeparator joins several values in one cell (emails, phones, skills).
const ListSeparator = "; "

// Record is a profile's values as exports write them. Every field is
// cleaned text: trimmed, without control characters other than tab and
// line feed, without bidirectional controls (see clean). Emails, Phones and Skills hold every distinct value joined by
// ListSeparator, best first.
type Record struct {
	UID      string
	FullName string
	Headline string
	Title    string // of the current role
	Company  string // of the current role
	Location string
	Email    string // the best e-mail
	Emails   string
	Phone    string // the best phone, in E.164 when it parses
	Phones   string
	LinkedIn string // the professional-network link with the highest rating
	Skills   string
	// WorkEmail is true when an e-mail is marked as the person's work
	// address (subType work).
	WorkEmail bool
	// The best contact of each sub-type, for filling a sheet's own
	// columns (a work column takes only what the service rates highest,
	// Sure): the e-mail marked work, the one marked personal, the phone
	// marked work_phone (in E.164 when it parses), and the mobile.
	WorkMail, PersonalMail, WorkPhone, Mobile string
	WorkMailSure, WorkPhoneSure               bool
	// Employers are the companies of every role of the profile, current
	// and past, as it names them: what a row found by name and company is
	// checked against.
	Employers []string
}

// candidate is the part of a raw profile a record is made from: decoding
// the rest (education, projects, summaries) would only cost time.
type candidate struct {
	UID        wire.Text      `json:"uid"`
	FullName   wire.Text      `json:"fullName"`
	HeadLine   wire.Text      `json:"headLine"`
	Locations  []wire.Place   `json:"locations"`
	Skills     wire.TextList  `json:"skills"`
	Contacts   []wire.Contact `json:"contacts"`
	Social     []wire.Social  `json:"social"`
	Experience []role         `json:"experience"`
}

// role is the part of an experience entry a record uses. Current is text
// because the service sends it as a boolean or as the text "true".
type role struct {
	Position wire.Text `json:"position"`
	Company  wire.Text `json:"company"`
	Current  wire.Text `json:"current"`
	Started  wire.Text `json:"started"`
	Ended    wire.Text `json:"ended"`
}

// current reports whether the role is marked current, the way
// wire.Experience reads the mark.
func (r role) current() bool { return r.Current == "true" || r.Current == "1" }

// Decode derives the record of a raw candidate (a full profile, or a
// search profile). It never fails: a nil or malformed candidate, or any
// field of an unexpected type, gives empty values, because one odd profile
// must not stop an export.
//
// Title and company are those of the current role. The best e-mail is the
// one with the highest rating, work before personal on a tie; the best
// phone likewise, mobile first. Phones are written in E.164
// (+14155550123) when they parse as a valid number, as the service sent
// them otherwise.
func Decode(raw json.RawMessage) Record {
	if len(raw) == 0 {
		return Record{}
	}
	var c candidate
	if err := wire.DecodeInto(raw, &c); err != nil {
		return Record{}
	}
	r := Record{UID: clean(c.UID), FullName: clean(c.FullName), Headline: clean(c.HeadLine)}
	if role, ok := currentRole(c.Experience); ok {
		r.Title, r.Company = clean(role.Position), clean(role.Company)
	}
	for _, e := range c.Experience {
		if name := clean(e.Company); name != "" && !slices.Contains(r.Employers, name) {
			r.Employers = append(r.Employers, name)
		}
	}
	for _, l := range c.Locations {
		if name := clean(l.Name); name != "" {
			r.Location = name
			break
		}
	}
	emails := rankedContacts(c.Contacts, wire.ContactEmail, []string{wire.SubTypeWork, wire.SubTypePersonal}, nil)
	phones := rankedContacts(c.Contacts, wire.ContactPhone, []string{wire.SubTypeMobile, wire.SubTypeWorkTel}, E164)
	r.Email, r.Emails = first(emails), strings.Join(emails, ListSeparator)
	r.WorkEmail = hasWorkEmail(c.Contacts)
	r.WorkMail, r.WorkMailSure = bestOf(c.Contacts, wire.ContactEmail, wire.SubTypeWork, nil)
	r.PersonalMail, _ = bestOf(c.Contacts, wire.ContactEmail, wire.SubTypePersonal, nil)
	r.WorkPhone, r.WorkPhoneSure = bestOf(c.Contacts, wire.ContactPhone, wire.SubTypeWorkTel, E164)
	r.Mobile, _ = bestOf(c.Contacts, wire.ContactPhone, wire.SubTypeMobile, E164)
	r.Phone, r.Phones = first(phones), strings.Join(phones, ListSeparator)
	r.LinkedIn = profileLink(c.Social)
	var skills []string
	for _, s := range c.Skills {
		if s = clean(wire.Text(s)); s != "" {
			skills = append(skills, s)
		}
	}
	r.Skills = strings.Join(skills, ListSeparator)
	if r.Location == "" || r.Title == "" && r.Company == "" {
		r.searchFields(raw)
	}
	r.compact()
	return r
}

// hasWorkEmail reports whether one of the contacts is an e-mail marked
// as a work address.
func hasWorkEmail(contacts []wire.Contact) bool {
	for _, c := range contacts {
		if strings.EqualFold(clean(c.Type), wire.ContactEmail) && strings.EqualFold(clean(c.SubType), wire.SubTypeWork) && clean(c.Value) != "" {
			return true
		}
	}
	return false
}

// SureRating is the rating the service gives a contact it is sure of
// ("high confidence"); the other, 70, is "likely valid".
const SureRating = 100

// bestOf returns the highest rated contact of a type and sub-type (the
// first listed on a tie), norm applied, and whether the service is sure
// of it (SureRating).
func bestOf(contacts []wire.Contact, typ, sub string, norm func(string) string) (string, bool) {
	best, rating := "", -1.0
	for _, c := range contacts {
		if !strings.EqualFold(clean(c.Type), typ) || !strings.EqualFold(clean(c.SubType), sub) {
			continue
		}
		v := clean(c.Value)
		if v == "" {
			continue
		}
		r := 0.0
		if c.Rating.Valid {
			r = c.Rating.Value
		}
		if r > rating {
			best, rating = v, r
		}
	}
	if best != "" && norm != nil {
		best = norm(best)
	}
	return best, rating >= SureRating
}

// compact moves the record's values into one allocation. A sheet names a
// person on many rows, and each row's writer reads every value: side by
// side, they come into the processor's cache together rather than one
// miss each.
func (r *Record) compact() {
	fields := r.values()
	var b strings.Builder
	n := 0
	for _, f := range fields {
		n += len(*f)
	}
	b.Grow(n)
	for _, f := range fields {
		b.WriteString(*f)
	}
	all, at := b.String(), 0
	for _, f := range fields {
		*f, at = all[at:at+len(*f)], at+len(*f)
	}
}

// values are the record's text values, in the order of its flat form.
func (r *Record) values() [16]*string {
	return [...]*string{&r.UID, &r.FullName, &r.Headline, &r.Title, &r.Company, &r.Location,
		&r.Email, &r.Emails, &r.Phone, &r.Phones, &r.LinkedIn, &r.Skills,
		&r.WorkMail, &r.PersonalMail, &r.WorkPhone, &r.Mobile}
}

// searchFields fills what a search profile (interface 2.3) holds in other
// shapes than a full profile: location as a string, and roles with a
// "title".
func (r *Record) searchFields(raw json.RawMessage) {
	var s wire.SearchProfile
	if err := json.Unmarshal(raw, &s); err != nil {
		return
	}
	if r.Location == "" {
		r.Location = clean(wire.Text(s.Location))
	}
	if r.Title == "" && r.Company == "" && len(s.Experience) > 0 {
		r.Title, r.Company = clean(wire.Text(s.Experience[0].Title)), clean(wire.Text(s.Experience[0].Company))
	}
	if len(r.Employers) == 0 {
		for _, e := range s.Experience {
			if name := clean(wire.Text(e.Company)); name != "" && !slices.Contains(r.Employers, name) {
				r.Employers = append(r.Employers, name)
			}
		}
	}
}

// E164 returns a phone number in E.164 when it parses as a valid number
// with its country code, and the value unchanged otherwise.
func E164(v string) string {
	s := strings.TrimSpace(v)
	switch {
	case strings.HasPrefix(s, "00"):
		s = "+" + s[2:]
	case !strings.HasPrefix(s, "+"):
		return v
	}
	num, err := phonenumbers.Parse(s, "ZZ")
	if err != nil || !phonenumbers.IsValidNumber(num) {
		return v
	}
	return phonenumbers.Format(num, phonenumbers.E164)
}

// clean trims a value and drops its control characters other than tab
// and line feed, and its bidirectional controls (untrusted.Text): a NUL
// or an escape sequence from the service has no business in a
// spreadsheet cell or on a terminal, some tools stop reading a CSV at a
// NUL, and a right-to-left override shows a cell's text in another order
// than it holds.
func clean(t wire.Text) string {
	return strings.TrimSpace(untrusted.Text(string(t)))
}

func first(list []string) string {
	if len(list) == 0 {
		return ""
	}
	return list[0]
}

// currentRole returns the current role: among the entries marked current,
// the one started last (the first listed on a tie or without dates); if
// none is marked, the first entry without an end date. Dates are ISO 8601,
// so they compare as text.
func currentRole(exp []role) (role, bool) {
	best := -1
	for i, e := range exp {
		if !e.current() || clean(e.Position) == "" && clean(e.Company) == "" {
			continue
		}
		if best < 0 || clean(e.Started) > clean(exp[best].Started) {
			best = i
		}
	}
	if best >= 0 {
		return exp[best], true
	}
	for _, e := range exp {
		if clean(e.Ended) == "" && (clean(e.Position) != "" || clean(e.Company) != "") {
			return e, true
		}
	}
	return role{}, false
}

// rankedContacts returns the distinct values of the contacts of one type,
// best first: highest rating, then sub-type in the order given (others
// after), then as listed. norm, if set, rewrites each value first.
func rankedContacts(contacts []wire.Contact, typ string, subTypes []string, norm func(string) string) []string {
	type ranked struct {
		value  string
		rating float64
		sub    int
		index  int
	}
	var list []ranked
	for i, c := range contacts {
		if !strings.EqualFold(clean(c.Type), typ) {
			continue
		}
		v := clean(c.Value)
		if v == "" {
			continue
		}
		if norm != nil {
			v = norm(v)
		}
		sub := slices.Index(subTypes, strings.ToLower(clean(c.SubType)))
		if sub < 0 {
			sub = len(subTypes)
		}
		rating := 0.0
		if c.Rating.Valid {
			rating = c.Rating.Value
		}
		list = append(list, ranked{value: v, rating: rating, sub: sub, index: i})
	}
	slices.SortStableFunc(list, func(a, b ranked) int {
		switch {
		case a.rating != b.rating:
			if a.rating > b.rating {
				return -1
			}
			return 1
		case a.sub != b.sub:
			return a.sub - b.sub
		}
		return a.index - b.index
	})
	var out []string
	seen := map[string]bool{}
	for _, r := range list {
		key := strings.ToLower(r.value)
		if !seen[key] {
			seen[key] = true
			out = append(out, r.value)
		}
	}
	return out
}

// profileLink returns the professional-network link (platform code "li")
// with the highest rating.
func profileLink(social []wire.Social) string {
	best, bestRating := "", -1.0
	for _, s := range social {
		link := clean(s.Link)
		if !strings.EqualFold(clean(s.Type), "li") || link == "" {
			continue
		}
		rating := 0.0
		if s.Rating.Valid {
			rating = s.Rating.Value
		}
		if rating > bestRating {
			best, bestRating = link, rating
		}
	}
	return best
}

// Lists reports whether the profile gives the identifier id: its uid, its
// profile link, or one of its e-mails or phones, compared as normalized.
// A row whose identifier found this profile is not looked up again by
// another identifier the profile itself lists (an e-mail a fill wrote
// back from it).
func (r *Record) Lists(id ident.ID) bool {
	var list string
	switch id.Kind {
	case ident.UID:
		list = r.UID
	case ident.LinkedIn:
		list = r.LinkedIn
	case ident.Email:
		list = r.Emails
	case ident.Phone:
		list = r.Phones
	}
	for v := range strings.SplitSeq(list, ListSeparator) {
		if v == "" {
			continue
		}
		if n, err := ident.Normalize(id.Kind, v, ""); v == id.Value || err == nil && n == id.Value {
			return true
		}
	}
	return false
}
