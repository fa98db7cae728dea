package sinks

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/enrich-dev/enrich/api"
)

// flatCount is the number of values Flatten returns: Columns without
// enrich_status and enrich_identifier.
const flatCount = 12

// Flatten derives the appended columns after enrich_status and
// enrich_identifier from a raw candidate, in the order of Columns: uid,
// full name, headline, title, company, location, best e-mail, all e-mails,
// best phone, all phones, profile link, skills. It never fails: a nil or
// malformed candidate, or any field of an unexpected type, gives empty
// strings, because one odd profile must not stop an export.
//
// Title and company are those of the current role. The best e-mail is the
// one with the highest rating, work before personal on a tie; the best
// phone likewise, mobile first. The plural columns list every distinct
// value in that order, joined by "; ".
func Flatten(candidate json.RawMessage) []string {
	out := make([]string, flatCount)
	if len(candidate) == 0 {
		return out
	}
	c, err := api.DecodeCandidate(candidate)
	if err != nil {
		return out
	}
	out[0] = clean(c.UID)
	out[1] = clean(c.FullName)
	out[2] = clean(c.HeadLine)
	if role, ok := currentRole(c.Experience); ok {
		out[3], out[4] = clean(role.Position), clean(role.Company)
	}
	for _, l := range c.Locations {
		if name := clean(l.Name); name != "" {
			out[5] = name
			break
		}
	}
	emails := rankedContacts(c.Contacts, api.ContactEmail, []string{api.SubTypeWork, api.SubTypePersonal})
	phones := rankedContacts(c.Contacts, api.ContactPhone, []string{api.SubTypeMobile, api.SubTypeWorkTel})
	out[6], out[7] = first(emails), strings.Join(emails, ListSeparator)
	out[8], out[9] = first(phones), strings.Join(phones, ListSeparator)
	out[10] = profileLink(c.Social)
	var skills []string
	for _, s := range c.Skills {
		if s = clean(api.Text(s)); s != "" {
			skills = append(skills, s)
		}
	}
	out[11] = strings.Join(skills, ListSeparator)
	return out
}

// clean trims a value and drops control characters other than tab and
// line feed: a NUL or a bell from the service has no business in a
// spreadsheet cell, and some tools stop reading a CSV at a NUL.
func clean(t api.Text) string {
	s := strings.TrimSpace(string(t))
	if strings.IndexFunc(s, isControl) < 0 {
		return s
	}
	return strings.TrimSpace(strings.Map(func(r rune) rune {
		if isControl(r) {
			return -1
		}
		return r
	}, strings.ReplaceAll(s, "\r\n", "\n")))
}

func isControl(r rune) bool {
	return r < 0x20 && r != '\t' && r != '\n' || r == 0x7f || r >= 0x80 && r < 0xa0
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
func currentRole(exp []api.Experience) (api.Experience, bool) {
	best := -1
	for i, e := range exp {
		if !e.Current || clean(e.Position) == "" && clean(e.Company) == "" {
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
	return api.Experience{}, false
}

// rankedContacts returns the distinct values of the contacts of one type,
// best first: highest rating, then sub-type in the order given (others
// after), then as listed.
func rankedContacts(contacts []api.Contact, typ string, subTypes []string) []string {
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
func profileLink(social []api.Social) string {
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
