// Package byname finds the person a row names only by name and company:
// it searches the service's people search (interface 4.2) for the name at
// the company, current or past, judges every candidate with package match,
// and says who the row's person is only when exactly one agrees. The
// outcome is a state.NameSearch, which the run journals under the row's
// match.Key so that the same row is never searched twice.
package byname

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/internal/match"
	"github.com/enrich-dev/enrich/internal/sheet"
	"github.com/enrich-dev/enrich/state"
)

// Searcher is what finding by name needs of the service; *api.Client is one.
type Searcher interface {
	Search(ctx context.Context, q wire.SearchQuery) (wire.SearchPage, api.Meta, error)
}

var _ Searcher = (*api.Client)(nil)

// PageSize is the number of people a search asks for: a name at one
// company rarely has more, and each profile returned counts against the
// daily profile quota.
const PageSize = 25

// MaxConcurrent is the most searches the service serves at once for an
// account (interface 8).
const MaxConcurrent = 3

// ErrQuota says the account's daily search quota is spent: searches can go
// on when it is reset.
var ErrQuota = errors.New("the daily search quota is spent")

// Find searches for a row's person and judges the candidates. It searches
// by name at the company, current or past; when more people come than one
// page holds and the row gives a place, it searches again there. A row is
// matched only when every person the search found was seen and exactly
// one agrees. The error is ErrQuota when the daily quota is spent, or
// what else stopped the search; the outcome is then not to be kept.
func Find(ctx context.Context, s Searcher, p sheet.Person, now time.Time) (state.NameSearch, error) {
	row := match.RowOf(p)
	out := state.NameSearch{At: now.UTC()}
	q := query(row, p)
	for attempt := 0; ; attempt++ {
		page, _, err := s.Search(ctx, q)
		out.Queries++
		switch {
		case errors.Is(err, api.ErrBadParams) && q.Location != nil:
			// A place the service does not know: the search without it
			// already said more came than one page holds.
			out.Status = state.NameAmbiguous
			return out, nil
		case errors.Is(err, api.ErrBadParams) && q.CurrentPastCompany != "":
			// The row's query refused (422: words of the company the
			// service does not take): searched again by the name alone,
			// each candidate judged against the row's company all the
			// same. The row's problem, not the run's.
			q.CurrentPastCompany = ""
			attempt--
			continue
		case errors.Is(err, api.ErrBadParams):
			// Refused by the name alone too: nobody can be found for
			// this row; the search is not made again.
			out.Status = state.NameNone
			return out, nil
		case errors.Is(err, api.ErrNoCredits):
			return out, fmt.Errorf("%w: %v", ErrQuota, err)
		case err != nil:
			return out, err
		}
		out.Profiles += len(page.Profiles)
		out.Total = page.Total
		candidates := make([]match.Candidate, len(page.Profiles))
		for i, sp := range page.Profiles {
			candidates[i] = candidate(sp)
			if sp.FullName == "" && nameSearched(q, row) {
				// A profile that hides its name: the search found every
				// word of the row's given and family names in it.
				candidates[i].FullName = searchedName(row)
			}
			if q.CurrentPastCompany != "" {
				vouchCompany(&candidates[i], row.Company)
			}
		}
		ch := match.Choose(row, candidates)
		complete := page.Total <= int64(len(page.Profiles))
		switch {
		case complete && ch.Index >= 0:
			sp := page.Profiles[ch.Index]
			out.Status, out.UID, out.Agreed, out.Moved = state.NameMatched, sp.UID, agreed(ch.Verdict), ch.Verdict.Moved
			out.Candidates = []state.NameCandidate{nameCandidate(sp, ch.Verdict)}
			return out, nil
		case complete && len(ch.Agreeing) == 0 && attempt == 0:
			out.Status = state.NameNone
			return out, nil
		case attempt > 0 && len(ch.Agreeing) == 0:
			// Nobody there: the first search's many stay to choose from.
			out.Status = state.NameAmbiguous
			return out, nil
		}
		out.Candidates = pick(page.Profiles, ch.Agreeing, row)
		if complete || attempt > 0 || row.Location == "" {
			out.Status = state.NameAmbiguous
			return out, nil
		}
		q.Location = wire.Locations{row.Location}
	}
}

// query is the first search for a row: its name's words as the service
// reads them, at the company (current or past) by the words of its name.
// A company given by its web domain is not searched by name: the domain is
// judged against each candidate's employers instead.
func query(row match.Row, p sheet.Person) wire.SearchQuery {
	q := wire.SearchQuery{Size: PageSize}
	raw := serviceWords(p.Name + " " + p.First + " " + p.Last)
	var name []string
	for _, w := range append([]string{row.Name.Given}, row.Name.Family...) {
		if slices.Contains(raw, w) && len(w) > 1 {
			name = append(name, w)
		}
	}
	q.FullName = strings.Join(name, " ")
	if !match.IsDomain(row.Company) {
		var words []string
		for _, w := range strings.Fields(match.CompanyOf(row.Company)) {
			if w != "and" { // "&", which the service does not read as a word
				words = append(words, `"`+w+`"`)
			}
		}
		q.CurrentPastCompany = strings.Join(words, " ")
	}
	if q.FullName == "" && q.CurrentPastCompany == "" {
		q.FullName = row.Name.Family[len(row.Name.Family)-1]
	}
	return q
}

// vouchCompany gives a candidate whose employers the search hid the row's
// company, when none it shows agrees: the search found the company's
// words in one of its employers' names, the first hidden one by its
// place (a past one makes the person moved).
func vouchCompany(c *match.Candidate, company string) {
	hidden := -1
	for i, j := range c.Jobs {
		if match.CompaniesAgree(company, j.Company) {
			return
		}
		if j.Company == "" && hidden < 0 {
			hidden = i
		}
	}
	if hidden >= 0 {
		c.Jobs[hidden].Company = company
	}
}

// nameSearched reports whether q searched for the row's given name and
// every word of its family name.
func nameSearched(q wire.SearchQuery, row match.Row) bool {
	have := strings.Fields(q.FullName)
	for _, w := range append([]string{row.Name.Given}, row.Name.Family...) {
		if !slices.Contains(have, w) {
			return false
		}
	}
	return true
}

// searchedName is the name a search by the row's given and family names
// vouches for.
func searchedName(row match.Row) string {
	return strings.Join(append([]string{row.Name.Given}, row.Name.Family...), " ")
}

// serviceWords splits s as the service does: runs of letters and digits,
// lower case, without accents.
func serviceWords(s string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(norm.NFD.String(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.Is(unicode.Mn, r)
	}) {
		var b strings.Builder
		for _, r := range f {
			if !unicode.Is(unicode.Mn, r) {
				b.WriteRune(unicode.ToLower(r))
			}
		}
		out = append(out, b.String())
	}
	return out
}

func candidate(sp wire.SearchProfile) match.Candidate {
	c := match.Candidate{FullName: sp.FullName, Location: sp.Location}
	for _, r := range sp.Experience {
		c.Jobs = append(c.Jobs, match.Job{Company: r.Company, Title: r.Title})
	}
	return c
}

func nameCandidate(sp wire.SearchProfile, v match.Verdict) state.NameCandidate {
	c := state.NameCandidate{UID: sp.UID, Name: sp.FullName, Location: sp.Location, Moved: v.Moved}
	if len(sp.Experience) > 0 {
		c.Title, c.Company = sp.Experience[0].Title, sp.Experience[0].Company
	}
	return c
}

// pick returns the candidates of an ambiguous row to choose from: those
// whose name and company agree.
func pick(profiles []wire.SearchProfile, agreeing []int, row match.Row) []state.NameCandidate {
	out := make([]state.NameCandidate, 0, len(agreeing))
	for _, i := range agreeing {
		out = append(out, nameCandidate(profiles[i], match.Judge(row, candidate(profiles[i]))))
	}
	return out
}

// PastCompany is what agreed, in NameSearch.Agreed, for a person matched
// at a company they left.
const PastCompany = "past company"

// agreed says what agreed between the row and the person matched.
func agreed(v match.Verdict) string {
	parts := []string{"name", "company"}
	if v.Moved {
		parts[1] = PastCompany
	}
	if v.Location {
		parts = append(parts, "location")
	}
	if v.Title {
		parts = append(parts, "title")
	}
	return strings.Join(parts, ", ")
}

// Settle says what would settle an ambiguous row, for its error column.
func Settle(s state.NameSearch, row match.Row) string {
	n := len(s.Candidates)
	var who string
	switch {
	case n > 1:
		who = fmt.Sprintf("%d people of this name at this company", n)
	case s.Total > 0:
		who = fmt.Sprintf("more people of this name at this company than one search shows (%d found)", s.Total)
	default:
		who = "several people of this name at this company"
	}
	var add []string
	add = append(add, "an e-mail", "a profile URL")
	if row.Location == "" {
		add = append(add, "a city")
	}
	if row.Title == "" {
		add = append(add, "a title")
	}
	return who + "; " + strings.Join(add[:len(add)-1], ", ") + " or " + add[len(add)-1] + " would settle it"
}

// ParseMode reads --find-by-name: auto (find rows by name and company
// when the sheet has both) or off.
func ParseMode(s string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "auto", "":
		return true, nil
	case "off":
		return false, nil
	}
	return false, fmt.Errorf("%q: use auto (find rows by name and company when the sheet has both) or off", s)
}
