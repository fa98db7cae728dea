package match

import "slices"

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
}

// Candidate is a person a people search returned.
type Candidate struct {
	FullName string
	Location string
	Jobs     []Job // the current role first
}

// Verdict is what a candidate has in common with a row.
type Verdict struct {
	Agrees   bool // name and company agree
	Moved    bool // the company is a past one: the person left it
	Location bool // the row gives a location and the candidate's agrees
	Title    bool // the row gives a title and one of the candidate's agrees
}

// Judge compares a candidate with a row.
func Judge(row Row, c Candidate) Verdict {
	var v Verdict
	if !NamesAgree(row.Name, c.FullName) {
		return v
	}
	for i, j := range c.Jobs {
		if CompaniesAgree(row.Company, j.Company) {
			v.Agrees, v.Moved = true, i > 0
			break
		}
	}
	if !v.Agrees {
		return v
	}
	v.Location = row.Location != "" && within(row.Location, c.Location)
	if want := words(row.Title); len(want) > 0 {
		for _, j := range c.Jobs {
			if within(row.Title, j.Title) {
				v.Title = true
				break
			}
		}
	}
	return v
}

// within reports whether every word of the first part of a (up to its
// first comma: the city of "Austin, TX") is a word of b.
func within(a, b string) bool {
	first := a
	for i, r := range a {
		if r == ',' {
			first = a[:i]
			break
		}
	}
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

// Choice is the outcome of Choose.
type Choice struct {
	// Index is the candidate matched, or -1.
	Index int
	// Agreeing are the candidates whose name and company agree, in the
	// order given: more than one without a match makes the row ambiguous.
	Agreeing []int
	Verdict  Verdict // of the candidate matched
}

// Choose matches a row to the one candidate whose name and company agree.
// When several do, those whose location agrees with the row's, then those
// whose title does, are kept, if any: the row is matched when exactly one
// is left. Otherwise Index is -1: no candidate (Agreeing empty), or an
// ambiguous row.
func Choose(row Row, candidates []Candidate) Choice {
	ch := Choice{Index: -1}
	verdicts := make([]Verdict, len(candidates))
	for i, c := range candidates {
		if verdicts[i] = Judge(row, c); verdicts[i].Agrees {
			ch.Agreeing = append(ch.Agreeing, i)
		}
	}
	left := ch.Agreeing
	for _, narrow := range []func(Verdict) bool{
		func(v Verdict) bool { return v.Location },
		func(v Verdict) bool { return v.Title },
	} {
		if len(left) <= 1 {
			break
		}
		var kept []int
		for _, i := range left {
			if narrow(verdicts[i]) {
				kept = append(kept, i)
			}
		}
		if len(kept) > 0 {
			left = kept
		}
	}
	if len(left) == 1 {
		ch.Index, ch.Verdict = left[0], verdicts[left[0]]
	}
	return ch
}
