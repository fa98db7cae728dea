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
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/internal/human"
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

// Find searches for a row's person and judges the candidates (package
// match). The first search is for the row's given and family names at its
// company, current or past; a company given as a web address is searched
// by the words its domain can begin with. When more people come than one
// page holds and the row gives a place, it searches again there. When
// nobody of the first search agrees, one more search may find the person
// under a near miss (see fallback). A row is matched only when every
// person the search found was seen and the judgement matches one. The
// error is ErrQuota when the daily quota is spent, or what else stopped
// the search; the outcome is then not to be kept.
func Find(ctx context.Context, s Searcher, p sheet.Person, now time.Time) (state.NameSearch, error) {
	f := finder{s: s, row: match.RowOf(p), name: p.Display(), out: state.NameSearch{At: now.UTC()}}
	q := query(f.row)
	res, err := f.search(ctx, q)
	if errors.Is(err, api.ErrBadParams) && q.CurrentPastCompany != "" {
		// The row's query refused (422: words of the company the service
		// does not take): searched again by the name alone, each
		// candidate judged against the row's company all the same. The
		// row's problem, not the run's.
		q.CurrentPastCompany = ""
		res, err = f.search(ctx, q)
	}
	if errors.Is(err, api.ErrBadParams) {
		f.out.Status = state.NameNone
		f.out.Reason = "the service refused a search for this row's name and company (422" + serviceSays(err) + "): check the cells"
		return f.out, nil
	}
	if err != nil {
		return f.out, err
	}
	if full := nameWords(append([]string{f.row.Name.Given}, f.row.Name.Family...)); !res.complete() && q.FullName != full {
		// More of the family name there than one page shows: the given
		// name too.
		q.FullName = full
		if res, err = f.search(ctx, q); err != nil {
			return f.out, err
		}
	}
	if !res.complete() && res.choice.Index < 0 && f.row.Location != "" {
		there := q
		there.Location = wire.Locations{f.row.Location}
		switch again, err := f.search(ctx, there); {
		case errors.Is(err, api.ErrBadParams):
			// A place the service does not know: the first search stands.
		case err != nil:
			return f.out, err
		case again.agreeing() || !res.agreeing():
			res = again
		}
	}
	tried := []wire.SearchQuery{q}
	for res.complete() && !res.agreeing() && len(res.choice.Refused) == 0 {
		fq, ok := fallback(f.row, q, res.page, tried)
		if !ok {
			break
		}
		tried = append(tried, fq)
		again, err := f.search(ctx, fq)
		if errors.Is(err, api.ErrBadParams) {
			break // a search the service does not take: the first one stands
		}
		if err != nil {
			return f.out, err
		}
		if again.agreeing() || len(again.choice.Refused) > 0 {
			res = again
			break
		}
		if fq.CurrentPastCompany == "" {
			res.elsewhere, res.searchedElsewhere = again.page.Total, true
		}
	}
	f.settle(res)
	return f.out, nil
}

// finder is one row's searches.
type finder struct {
	s    Searcher
	row  match.Row
	name string // the name as the row writes it, for sentences
	out  state.NameSearch
}

// result is one search and the judgement of its candidates.
type result struct {
	q      wire.SearchQuery
	page   wire.SearchPage
	choice match.Choice
	// elsewhere is how many people of the row's name a search without
	// the company found, when one was made and found nobody who agrees.
	elsewhere         int64
	searchedElsewhere bool
}

// complete reports whether the search showed everyone it found.
func (r result) complete() bool { return r.page.Total <= int64(len(r.page.Profiles)) }

// agreeing reports whether anyone the search found is matched, proposed
// or to choose from.
func (r result) agreeing() bool {
	return r.choice.Index >= 0 || r.choice.Proposed >= 0 || len(r.choice.Agreeing) > 0
}

// made reports whether a search call that ended with err was made at the
// service, counted among the searches: answered, or refused as a query
// (a 422). One refused before it was made is not: the account's searches
// held, at the service (429) or by the processes that share its slots, its
// quota spent (402), or a connection that failed.
func made(err error) bool {
	var apiErr *api.Error
	return err == nil || errors.As(err, &apiErr) && apiErr.Status != http.StatusTooManyRequests && apiErr.Status != http.StatusPaymentRequired
}

// search makes one search and judges what it found.
func (f *finder) search(ctx context.Context, q wire.SearchQuery) (result, error) {
	page, _, err := f.s.Search(ctx, q)
	if made(err) {
		f.out.Queries++
	}
	switch {
	case errors.Is(err, api.ErrNoCredits):
		return result{}, fmt.Errorf("%w: %v", ErrQuota, err)
	case err != nil:
		return result{}, err
	}
	f.out.Profiles += len(page.Profiles)
	f.out.Total = page.Total
	candidates := make([]match.Candidate, len(page.Profiles))
	for i, sp := range page.Profiles {
		candidates[i] = candidate(sp)
		// A profile that hides its name, in which the search found the
		// row's family name at the row's company: it may be the person,
		// or a namesake.
		candidates[i].NameHidden = sp.FullName == "" && q.CurrentPastCompany != "" && familySearched(q, f.row)
		candidates[i].GivenFound = candidates[i].NameHidden && slices.Contains(strings.Fields(q.FullName), f.row.Name.Given)
		if q.CurrentPastCompany != "" {
			vouchCompany(&candidates[i], f.row.Company, q.CurrentPastCompany)
		}
	}
	return result{q: q, page: page, choice: match.Choose(f.row, candidates)}, nil
}

// settle writes the outcome of the search that decides the row.
func (f *finder) settle(res result) {
	ch, profiles := res.choice, res.page.Profiles
	switch {
	case res.complete() && ch.Index >= 0:
		v := ch.Verdict()
		sp := profiles[ch.Index]
		f.out.Status, f.out.UID, f.out.Agreed, f.out.Moved = state.NameMatched, sp.UID, agreed(v), v.Moved
		f.out.Confidence = state.ConfidenceHigh
		if v.Near() {
			f.out.Confidence = state.ConfidenceMedium
		}
		f.out.Candidates = []state.NameCandidate{nameCandidate(sp, v)}
	case ch.Proposed >= 0 && res.complete():
		v := ch.Verdict()
		f.out.Status = state.NameAmbiguous
		f.out.Candidates = []state.NameCandidate{nameCandidate(profiles[ch.Proposed], v)}
		f.out.Reason = fmt.Sprintf("one person of this name at this company, not matched: %s; see the candidates sheet", v.Why())
	case ch.Index >= 0 || ch.Proposed >= 0 || len(ch.Agreeing) > 0 || !res.complete():
		f.out.Status = state.NameAmbiguous
		f.out.Candidates = pick(profiles, ch)
		f.out.Reason = match.Settle(len(f.out.Candidates), f.out.Total, f.row)
	case len(ch.Refused) > 0:
		f.out.Status = state.NameNone
		f.out.Reason = refusedReason(profiles, ch)
	default:
		f.out.Status = state.NameNone
		f.out.Reason = noneReason(f.name, f.row, res)
	}
	scoreOutcome(&f.out, res) // enrich_score, and each candidate's (score.go)
}

// serviceSays is what the service said of a refusal, after a colon, or
// nothing when it said nothing.
func serviceSays(err error) string {
	var apiErr *api.Error
	if errors.As(err, &apiErr) && strings.TrimSpace(apiErr.Message) != "" {
		return ": " + strings.TrimSpace(apiErr.Message)
	}
	return ""
}

// refusedReason says why the people whose name and company agree are not
// the row's.
func refusedReason(profiles []wire.SearchProfile, ch match.Choice) string {
	i := ch.Refused[0]
	if len(ch.Refused) == 1 {
		return fmt.Sprintf("the only person of this name at this company (%s) %s", profiles[i].FullName, ch.Verdicts[i].Refused)
	}
	return fmt.Sprintf("the %d people of this name at this company live elsewhere: %s", len(ch.Refused), ch.Verdicts[i].Refused)
}

// noneReason says why nobody was found.
func noneReason(name string, row match.Row, res result) string {
	at := "at " + row.Company
	if match.IsDomain(row.Company) {
		at = "at a company of " + row.Company
	}
	who := "nobody named " + name
	switch {
	case res.searchedElsewhere && res.elsewhere == 0:
		return who + " " + at + ", nor anywhere else: check the name's spelling"
	case res.searchedElsewhere:
		return fmt.Sprintf("%s %s; %d %s of that name elsewhere, none at a company like it: check the company", who, at, res.elsewhere, human.Plural(res.elsewhere, "person", "people"))
	case res.page.Total > 0:
		return fmt.Sprintf("%s %s (the search found %d %s, none of whom agrees): check the name and company", who, at, res.page.Total, human.Plural(res.page.Total, "person", "people"))
	}
	return who + " " + at + ": check the name and company, or add an e-mail or a profile URL"
}

// query is the first search for a row: its name's words as the service
// reads them (only the family name's when the given name has nicknames),
// at the company (current or past) by the words of its name,
// or, for a company given by its web address, by the words the domain's
// name can begin with.
func query(row match.Row) wire.SearchQuery {
	q := wire.SearchQuery{Size: PageSize, FullName: nameWords(append([]string{row.Name.Given}, row.Name.Family...))}
	if family := nameWords(row.Name.Family); match.HasNicknames(row.Name.Given) && family != "" {
		// Bob may be Robert there: everyone of the family name at the
		// company is judged, in the one search.
		q.FullName = family
	}
	if match.IsDomain(row.Company) {
		q.CurrentPastCompany = anyOf(match.DomainTerms(row.Company))
	} else {
		words := companyWords(row.Company)
		for i, w := range words {
			words[i] = `"` + w + `"`
		}
		q.CurrentPastCompany = strings.Join(words, " ")
	}
	if q.FullName == "" && q.CurrentPastCompany == "" {
		q.FullName = row.Name.Family[len(row.Name.Family)-1]
	}
	return q
}

// companyWords are the words of a company's name the service searches
// by: those of its key but "&", which the service does not read as a
// word.
func companyWords(company string) []string {
	var out []string
	for _, w := range strings.Fields(match.CompanyOf(company)) {
		if w != "and" {
			out = append(out, w)
		}
	}
	return out
}

// nameWords joins the words of a name the service searches by: folded as
// the service folds them, initials left out.
func nameWords(w []string) string {
	var out []string
	for _, x := range w {
		if len(x) > 1 && x != "and" {
			out = append(out, x)
		}
	}
	return strings.Join(out, " ")
}

// anyOf is a boolean query for any of the words.
func anyOf(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = `"` + w + `"`
	}
	return strings.Join(q, " OR ")
}

// fallback is one more search for a row nobody of the first search
// agrees with, chosen by what the row suggests and not yet tried (at most
// maxFallbacks), in this order: a name whose vowels may be written out
// (Joerg Mueller) is searched with one letter for each (jorg muller); a
// family name that may be spelt another way (AlQahtani) without the
// family name; a name nobody has at the company at a company of any of
// its words (a typo in one: "Rapiur Works"), or, for a company of one
// word, anywhere (a typo, or a brand the service spells otherwise); a
// given name that has nicknames without the given name (Bob finds
// Robert).
func fallback(row match.Row, first wire.SearchQuery, page wire.SearchPage, tried []wire.SearchQuery) (wire.SearchQuery, bool) {
	if len(tried) > maxFallbacks || first.CurrentPastCompany == "" {
		return first, false
	}
	var options []wire.SearchQuery
	name := append([]string{row.Name.Given}, row.Name.Family...)
	if umlautsOut(name) {
		// Joerg Mueller may be Jörg Müller, whom the service finds as
		// jorg muller.
		q := first
		q.FullName = nameWords(vowels(name))
		options = append(options, q)
	}
	if respelt(row.Name.Family) {
		q := first
		q.FullName = nameWords([]string{row.Name.Given})
		options = append(options, q)
	}
	if page.Total == 0 && !match.IsDomain(row.Company) {
		// A typo in the company ("Rapiur Works"): at a company of any of
		// its words, or, for a name of one word, anywhere.
		q := first
		q.FullName = nameWords(name)
		q.CurrentPastCompany = ""
		if w := companyWords(row.Company); len(w) > 1 {
			q.CurrentPastCompany = anyOf(w)
		}
		options = append(options, q)
	}
	if match.HasNicknames(row.Name.Given) {
		q := first
		q.FullName = nameWords(row.Name.Family)
		options = append(options, q)
	}
	for _, q := range options {
		if q.FullName != "" && !slices.ContainsFunc(tried, func(t wire.SearchQuery) bool {
			return t.FullName == q.FullName && t.CurrentPastCompany == q.CurrentPastCompany
		}) {
			return q, true
		}
	}
	return first, false
}

// maxFallbacks is how many more searches a row whose first search found
// nobody who agrees may make.
const maxFallbacks = 2

// umlautsOut reports whether a name's words write a vowel out as German
// and Nordic names do without their letters (ue for ü, oe for ö or ø, ae
// for ä, aa for å).
func umlautsOut(name []string) bool {
	return slices.ContainsFunc(name, func(w string) bool { return vowelOf(w) != w })
}

// vowels spells each word with its written-out vowels as one letter, as
// the service folds ü, ö, ä and å.
func vowels(name []string) []string {
	out := make([]string, len(name))
	for i, w := range name {
		out[i] = vowelOf(w)
	}
	return out
}

// vowelOf spells a word's written-out vowels as one letter (Joerg is
// Jorg, Mueller Muller), but not the pairs that are no umlaut: a pair
// after a vowel (Bauer, Neuer), a u after g or q inside a word (Miguel,
// Enrique; Guenther is Günther), and a name's last syllable -uel, -oel or
// -ael (Samuel, Noel, Michael).
func vowelOf(w string) string {
	lower := strings.ToLower(w)
	for _, end := range []string{"uel", "oel", "ael"} {
		if strings.HasSuffix(lower, end) {
			return vowelOf(w[:len(w)-len(end)]) + w[len(w)-len(end):]
		}
	}
	var b strings.Builder
	for i := 0; i < len(w); i++ {
		pair := strings.ToLower(w[i:min(i+2, len(w))])
		written := pair == "ue" || pair == "oe" || pair == "ae" || pair == "aa"
		if written && i > 0 && pair != "aa" && strings.ContainsRune("aeiouy", rune(lower[i-1])) ||
			pair == "ue" && i > 1 && strings.ContainsRune("gq", rune(lower[i-1])) {
			written = false
		}
		b.WriteByte(w[i])
		if written {
			i++ // the e (or second a) of the pair is the letter's mark
		}
	}
	return b.String()
}

// respelt reports whether a family name may be written otherwise on the
// profile: a particle glued to it (AlQahtani, Vanderberg, Abubakar).
// Vowels written out (Mueller) are umlautsOut's.
func respelt(family []string) bool {
	for _, f := range family {
		for _, p := range []string{"al", "el", "van", "von", "abu", "bin", "ben"} {
			if len(f) > len(p)+2 && strings.HasPrefix(f, p) {
				return true
			}
		}
	}
	return false
}

// vouchCompany vouches for a role of a candidate whose company the
// profile hides, when none of the employers it shows agrees with the row:
// the search found the words of its company clause in one of the
// employers' names, the first hidden one by its place (a past one makes
// the person moved). A clause of the row's company name, every word of
// it, gives the role the row's company; a clause of any of some words (a
// web address's beginnings, a typo's other words) only vouches for it as
// a near miss, and only when no employer shown holds one of the words.
func vouchCompany(c *match.Candidate, company, clause string) {
	hidden := -1
	for i, j := range c.Jobs {
		if match.CompaniesAgree(company, j.Company) {
			return
		}
		if j.Company == "" && hidden < 0 {
			hidden = i
		}
	}
	if hidden < 0 {
		return
	}
	if !strings.Contains(clause, " OR ") && !match.IsDomain(company) {
		c.Jobs[hidden].Company = company
		return
	}
	terms := strings.FieldsFunc(clause, func(r rune) bool { return r == ' ' || r == '"' })
	for _, j := range c.Jobs {
		for _, w := range strings.Fields(match.Fold(j.Company)) {
			if slices.Contains(terms, w) {
				return // the search's words are in an employer shown
			}
		}
	}
	c.Jobs[hidden].Vouched = true
}

// familySearched reports whether q searched for every word of the row's
// family name.
func familySearched(q wire.SearchQuery, row match.Row) bool {
	have := strings.Fields(q.FullName)
	for _, w := range row.Name.Family {
		if len(w) > 1 && !slices.Contains(have, w) {
			return false
		}
	}
	return len(have) > 0
}

func candidate(sp wire.SearchProfile) match.Candidate {
	c := match.Candidate{FullName: sp.FullName, Location: sp.Location}
	for _, r := range sp.Experience {
		c.Jobs = append(c.Jobs, match.Job{Company: r.Company, Title: r.Title})
	}
	return c
}

func nameCandidate(sp wire.SearchProfile, v match.Verdict) state.NameCandidate {
	c := state.NameCandidate{UID: sp.UID, Name: sp.FullName, Location: sp.Location, Moved: v.Moved,
		Why: strings.Join(append(slices.Clip(v.Relaxed()), v.Against...), "; ")}
	if len(sp.Experience) > 0 {
		c.Title, c.Company = sp.Experience[0].Title, sp.Experience[0].Company
	}
	return c
}

// pick returns the candidates of an ambiguous row to choose from: those
// whose name and company agree.
func pick(profiles []wire.SearchProfile, ch match.Choice) []state.NameCandidate {
	out := make([]state.NameCandidate, 0, len(ch.Agreeing))
	for _, i := range ch.Agreeing {
		out = append(out, nameCandidate(profiles[i], ch.Verdicts[i]))
	}
	return out
}

// agreed says what agreed between the row and the person matched, and
// through which near misses: "name (nickname Bob→Robert), company,
// location".
func agreed(v match.Verdict) string {
	name, company := "name", "company"
	if v.Moved {
		company = state.AgreedPastCompany
	}
	if len(v.NameNear) > 0 {
		name += " (" + strings.Join(v.NameNear, ", ") + ")"
	}
	if v.CompanyNear != "" {
		company += " (" + v.CompanyNear + ")"
	}
	parts := []string{name, company}
	if v.Location {
		parts = append(parts, "location")
	}
	if v.Title {
		parts = append(parts, "title")
	}
	return strings.Join(parts, ", ")
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
