package search

import (
	"math/bits"

	"github.com/enrich-dev/enrich/emulator/world"
)

// Exclusions are the sets of people an account's exclude* filters leave
// out. A nil set excludes no one.
type Exclusions struct {
	Revealed *Set
	Marked   [NumMarks]*Set
}

// Result is the people a search matched, in ascending person order: the
// order pages are served in, so that scrolling visits every match once.
type Result struct {
	set   *Set
	total int
}

// Total returns the number of matches.
func (r *Result) Total() int { return r.total }

// Page returns up to max matches from person index from on, and the index
// to continue from.
func (r *Result) Page(from int32, max int) (people []int32, next int32) {
	next = from
	for len(people) < max {
		i := r.set.next(next)
		if i < 0 {
			return people, int32(r.set.n)
		}
		people = append(people, i)
		next = i + 1
	}
	return people, next
}

// Run evaluates a query. Text filters are evaluated by set algebra over
// postings; the attribute filters then check each remaining person's
// columns; the exclusions go last.
func (ix *Index) Run(q *Query, ex Exclusions) *Result {
	var cand *Set
	and := func(s *Set) {
		if cand == nil {
			cand = s
		} else {
			cand.and(s)
		}
	}
	if q.title != nil {
		postings := ix.curTitle
		if q.anyTitle {
			postings = ix.anyTitle
		}
		and(ix.entityPeople(ix.titles.match(q.title), postings))
	}
	if q.curCompany != nil {
		and(ix.employees(ix.companies.match(q.curCompany), world.StatusCurrent))
	}
	if q.anyCompany != nil {
		and(ix.employees(ix.companies.match(q.anyCompany), world.StatusBoth))
	}
	if len(q.name) > 0 {
		for _, w := range q.name {
			s := newSet(ix.n)
			ix.names[w].orInto(s)
			and(s)
		}
	}
	if q.keywords != nil {
		and(ix.document(q.keywords, ix.keywordTerm))
	}
	if q.education != nil {
		and(ix.document(q.education, ix.educationTerm))
	}
	if cand == nil {
		cand = fullSet(ix.n)
	}
	if q.hasAttributes() {
		ix.filterAttributes(q, cand)
	}
	if ex.Revealed != nil {
		cand.andNot(ex.Revealed)
	}
	for _, m := range q.Exclude {
		if s := ex.Marked[m]; s != nil {
			cand.andNot(s)
		}
	}
	return &Result{set: cand, total: cand.Len()}
}

// entityPeople returns the people in the postings of the matched names.
func (ix *Index) entityPeople(names entitySet, postings []*posting) *Set {
	s := newSet(ix.n)
	names.each(func(id int32) { postings[id].orInto(s) })
	return s
}

// employees returns the people with the status at the matched companies.
func (ix *Index) employees(companies entitySet, status string) *Set {
	s := newSet(ix.n)
	all := ix.w.Companies()
	companies.each(func(id int32) {
		for _, i := range ix.w.EmployeeIndexes(all[id], status) {
			s.Add(i)
		}
	})
	return s
}

// document evaluates a query over each person's text as a whole: "a AND
// b" holds when a occurs anywhere in the person's fields and so does b.
func (ix *Index) document(n *node, term func(words []string) *Set) *Set {
	switch n.op {
	case opTerm:
		return term(n.words)
	case opNot:
		s := ix.document(n.kids[0], term)
		s.not()
		return s
	}
	s := ix.document(n.kids[0], term)
	for _, k := range n.kids[1:] {
		o := ix.document(k, term)
		if n.op == opAnd {
			s.and(o)
		} else {
			s.or(o)
		}
	}
	return s
}

// keywordTerm returns the people with a word or phrase in their skills,
// job titles (current and past), employers' names (current and past),
// industry, education, headline or summary. A phrase is matched within
// one field: a whole skill, title, company or school name, or consecutive
// words of the headline or summary.
func (ix *Index) keywordTerm(words []string) *Set {
	s := ix.educationTerm(words)
	for _, f := range []struct {
		v *vocab
		p []*posting
	}{{ix.skills, ix.skill}, {ix.titles, ix.anyTitle}, {ix.industries, ix.inIndustry}} {
		f.v.term(words).each(func(id int32) { f.p[id].orInto(s) })
	}
	s.or(ix.employees(ix.companies.term(words), world.StatusBoth))
	ix.proseTerm(words, s)
	return s
}

// educationTerm returns the people with a word or phrase in the name of a
// school they attended, their field of study or their degree.
func (ix *Index) educationTerm(words []string) *Set {
	s := newSet(ix.n)
	for _, f := range []struct {
		v *vocab
		p []*posting
	}{{ix.schools, ix.school}, {ix.fields, ix.field}, {ix.degrees, ix.degree}} {
		f.v.term(words).each(func(id int32) { f.p[id].orInto(s) })
	}
	return s
}

// proseTerm adds to s the people whose headline or summary has the word,
// or each neighbouring pair of words of the phrase. For phrases of three
// or more words this is a close approximation of consecutive words: each
// pair must occur, not necessarily in one run.
func (ix *Index) proseTerm(words []string, s *Set) {
	if len(words) == 1 {
		ix.prose[words[0]].orInto(s)
		return
	}
	var acc *Set
	for k := 1; k < len(words); k++ {
		p := ix.prose[words[k-1]+" "+words[k]]
		if p == nil {
			return
		}
		t := newSet(ix.n)
		p.orInto(t)
		if acc == nil {
			acc = t
		} else {
			acc.and(t)
		}
	}
	s.or(acc)
}

// hasAttributes reports whether the query filters on columns.
func (q *Query) hasAttributes() bool {
	return q.places != nil || q.industries != nil || q.depts != 0 || q.levels != 0 ||
		q.inRole != [2]int{-1, -1} || q.total != [2]int{-1, -1} || q.open != nil
}

// filterAttributes removes from cand the people whose columns fail the
// query's attribute filters.
func (ix *Index) filterAttributes(q *Query, cand *Set) {
	if q.open != nil {
		if *q.open {
			cand.and(ix.open)
		} else {
			cand.andNot(ix.open)
		}
	}
	inRange := func(v uint8, r [2]int) bool {
		return (r[0] < 0 || int(v) >= r[0]) && (r[1] < 0 || int(v) <= r[1])
	}
	checkRole, checkTotal := q.inRole != [2]int{-1, -1}, q.total != [2]int{-1, -1}
	for k, w := range cand.w {
		for rest := w; rest != 0; rest &= rest - 1 {
			bit := rest & -rest
			i := k*64 + bits.TrailingZeros64(rest)
			ok := (q.places == nil || q.places[ix.city[i]]) &&
				(q.industries == nil || int(ix.industry[i]) < len(q.industries) && q.industries[ix.industry[i]]) &&
				(q.depts == 0 || q.depts&(1<<ix.dept[i]) != 0) &&
				(q.levels == 0 || q.levels&(1<<ix.level[i]) != 0) &&
				(!checkRole || ix.yearsInRole[i] != noRole && inRange(ix.yearsInRole[i], q.inRole)) &&
				(!checkTotal || inRange(ix.totalYears[i], q.total))
			if !ok {
				w &^= bit
			}
		}
		cand.w[k] = w
	}
}
