package match

import (
	"fmt"
	"slices"
	"strings"
)

// Row is what a sheet's row says of the person it names.
type Row struct {
	Name     Name
	Company  string // a name, web address or domain
	Location string // optional: "Austin, TX", "Berlin", "Germany"
	Title    string // optional
}

// Job is one role of a candidate, most recent first.
type Job struct {
	Company string
	Title   string
	// Vouched says the profile hides the company and the search found
	// a word of the row's in it: a near miss that may be the row's.
	Vouched bool
}

// Candidate is a person a people search returned.
type Candidate struct {
	FullName string
	// NameHidden says the profile hides the name, and the search found
	// the row's family name in it: a near miss that may be the person.
	// GivenFound says the search found the given name in it too: it may
	// be the person as much as one who shows the row's name.
	NameHidden, GivenFound bool
	Location               string
	Jobs                   []Job // the current role first
}

// The near misses of what a profile hides, where the search found the
// row's words.
const (
	nameHidden    = "name hidden by the profile"
	companyHidden = "company hidden by the profile"
)

// Verdict is what a candidate has in common with a row, and what the row
// says against them.
type Verdict struct {
	Agrees bool // name and company agree, as written or through near misses
	Moved  bool // the company is a past one: the person left it
	// NameNear and CompanyNear name the near misses that made name and
	// company agree ("nickname Bob→Robert", "short brand Oakworth for
	// Oakworth Software"); none when both agree as written.
	NameNear    []string
	CompanyNear string
	Location    bool // the row gives a place and the candidate's agrees
	Title       bool // the row gives a title and one of the candidate's agrees
	// Post says the row's title, made only of words of seniority
	// ("Executive Assistant"), is one of the candidate's: it tells
	// namesakes apart, and backs no near miss.
	Post bool
	// Against says what on the row disagrees with the candidate but may
	// be out of date (a city, a state, a title): a person must decide.
	Against []string
	// Refused says what on the row rules the candidate out (a country):
	// "" when nothing does.
	Refused string
}

// Near reports whether name and company agree only through near misses.
func (v Verdict) Near() bool { return len(v.NameNear) > 0 || v.CompanyNear != "" }

// Relaxed lists the near misses of name and company.
func (v Verdict) Relaxed() []string {
	if v.CompanyNear == "" {
		return v.NameNear
	}
	return append(slices.Clip(v.NameNear), v.CompanyNear)
}

// Corroborated reports whether something besides name and company agrees.
func (v Verdict) Corroborated() bool { return v.Location || v.Title }

// Judge compares a candidate with a row.
func Judge(row Row, c Candidate) Verdict {
	var v Verdict
	if c.NameHidden {
		v.NameNear = []string{nameHidden}
	} else if !NamesAgree(row.Name, c.FullName) {
		relaxed, ok := nearName(row.Name, c.FullName)
		if !ok {
			return v
		}
		v.NameNear = relaxed
	}
	company, near := -1, ""
	for i, j := range c.Jobs {
		if CompaniesAgree(row.Company, j.Company) {
			company, near = i, ""
			break
		}
		if company < 0 {
			if how, ok := nearCompany(row.Company, j.Company); ok {
				company, near = i, how
			}
		}
	}
	if company < 0 {
		company = slices.IndexFunc(c.Jobs, func(j Job) bool { return j.Vouched })
		near = companyHidden
	}
	if company < 0 {
		return Verdict{}
	}
	v.Agrees, v.Moved, v.CompanyNear = true, company > 0, near
	var against string
	v.Location, against, v.Refused = placeVerdict(row.Location, c.Location)
	if against != "" {
		v.Against = append(v.Against, against)
	}
	var titleAgainst bool
	v.Title, v.Post, titleAgainst = titleVerdict(row.Title, c.Jobs)
	if titleAgainst {
		v.Against = append(v.Against, fmt.Sprintf("title %s; the row says %s", titles(c.Jobs), row.Title))
	}
	return v
}

// titles names a candidate's titles for a sentence: the current one, and
// how many others.
func titles(jobs []Job) string {
	var t []string
	for _, j := range jobs {
		if j.Title != "" && !slices.Contains(t, j.Title) {
			t = append(t, j.Title)
		}
	}
	switch len(t) {
	case 0:
		return "unknown"
	case 1:
		return t[0]
	}
	return fmt.Sprintf("%s (and %d before)", t[0], len(t)-1)
}

// within reports whether every word of a's first part (before a comma)
// is a word of b.
func within(a, b string) bool {
	first, _, _ := strings.Cut(a, ",")
	want, have := words(first), words(b)
	if len(want) == 0 {
		return false
	}
	for _, w := range want {
		if !slices.Contains(have, w) {
			return false
		}
	}
	return true
}

// Choice is the outcome of judging every candidate of a search.
type Choice struct {
	// Index is the candidate matched, or -1.
	Index int
	// Agreeing are the candidates whose name and company agree and whom
	// nothing rules out: as written when any does, else through near
	// misses. An ambiguous row's candidates to choose from.
	Agreeing []int
	// Proposed is the one candidate left who is not matched, because
	// something on the row is against them or they agree only through a
	// near miss that nothing else backs; -1 when none.
	Proposed int
	// Refused are the candidates whose name and company agree but whom
	// the row rules out (Verdict.Refused).
	Refused  []int
	Verdicts []Verdict // of every candidate
}

// Verdict returns the verdict of the candidate matched or proposed.
func (ch Choice) Verdict() Verdict {
	switch {
	case ch.Index >= 0:
		return ch.Verdicts[ch.Index]
	case ch.Proposed >= 0:
		return ch.Verdicts[ch.Proposed]
	}
	return Verdict{}
}

// Choose judges every candidate and matches one only when a careful
// person would: exactly one agrees once a place or title on the row has
// narrowed them, nothing on the row is against them, and, when they agree
// only through a near miss, a place or title agrees too. Those the row
// rules out (a country) are never matched; those written as the row
// writes them come before near misses.
func Choose(row Row, candidates []Candidate) Choice {
	ch := Choice{Index: -1, Proposed: -1, Verdicts: make([]Verdict, len(candidates))}
	var exact, near, hidden []int
	for i, c := range candidates {
		v := Judge(row, c)
		ch.Verdicts[i] = v
		switch {
		case !v.Agrees:
		case v.Refused != "":
			ch.Refused = append(ch.Refused, i)
		case c.NameHidden && c.GivenFound:
			hidden = append(hidden, i)
		case v.Near():
			near = append(near, i)
		default:
			exact = append(exact, i)
		}
	}
	// Whose name is hidden but holds the row's given and family names
	// may be the person beside one written as the row writes it: only a
	// place or title tells them apart.
	ch.Agreeing = append(exact, hidden...)
	if len(exact) == 0 {
		ch.Agreeing = append(near, hidden...)
	}
	left := ch.Agreeing
	for _, narrow := range []func(Verdict) bool{
		func(v Verdict) bool { return v.Location },
		func(v Verdict) bool { return v.Title },
		func(v Verdict) bool { return v.Post },
	} {
		if len(left) <= 1 {
			break
		}
		var kept []int
		for _, i := range left {
			if narrow(ch.Verdicts[i]) {
				kept = append(kept, i)
			}
		}
		if len(kept) > 0 {
			left = kept
		}
	}
	if len(left) != 1 {
		return ch
	}
	v := ch.Verdicts[left[0]]
	if len(v.Against) > 0 || v.Near() && !v.Corroborated() {
		ch.Proposed = left[0]
		return ch
	}
	ch.Index = left[0]
	return ch
}

// Why says why a row's one candidate was proposed rather than matched.
func (v Verdict) Why() string {
	if len(v.Against) > 0 {
		return strings.Join(v.Against, "; ")
	}
	if v.Near() {
		return strings.Join(v.Relaxed(), ", ") + ", and nothing else on the row agrees"
	}
	return ""
}

// Agrees reports whether a person's full profile still names the row's
// person: the name agrees, as written or through a near miss, and so does
// one of the employers. A company given by its web address is not
// checked: the profile does not show the employers' addresses.
func Agrees(row Row, fullName string, employers []string) bool {
	if fullName != "" && !NamesAgree(row.Name, fullName) {
		if _, ok := nearName(row.Name, fullName); !ok {
			return false
		}
	}
	if row.Company == "" || IsDomain(row.Company) {
		return true
	}
	return slices.ContainsFunc(employers, func(e string) bool {
		if CompaniesAgree(row.Company, e) {
			return true
		}
		_, ok := nearCompany(row.Company, e)
		return ok
	})
}
