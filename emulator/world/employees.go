package world

import (
	"strconv"
	"strings"
)

// Employment statuses of the Company API.
const (
	StatusCurrent = "current"
	StatusPast    = "past"
	StatusBoth    = "both"
)

// indexEmployees fills in the employee lists of companies (a slice of
// the world's companies, which it modifies) from the people as of the
// world's clock, and returns the lists, so that Employees and
// EmployeeCount cost nothing per call. A person counts as current at a
// company where they hold a current role, and as past where they held
// only ended roles; "both" is the union, so the counts add up.
func (w *World) indexEmployees(companies []Company) ([]Company, []int32) {
	cur := make([]int32, len(companies))
	past := make([]int32, len(companies))
	w.eachEmployment(func(_ int32, c int32, current bool) {
		if current {
			cur[c]++
		} else {
			past[c]++
		}
	})
	total := int32(0)
	for i := range companies {
		c := &companies[i]
		c.empStart = total
		c.empMid = total + cur[i]
		c.empEnd = c.empMid + past[i]
		total = c.empEnd
		// Cursor positions for the fill below.
		cur[i], past[i] = c.empStart, c.empMid
		// The head count a company declares is never below the people
		// the world shows working there.
		c.StaffCount = max(c.StaffCount, c.empMid-c.empStart)
	}
	staff := make([]int32, total)
	w.eachEmployment(func(p int32, c int32, current bool) {
		if current {
			staff[cur[c]] = p
			cur[c]++
		} else {
			staff[past[c]] = p
			past[c]++
		}
	})
	return companies, staff
}

// eachEmployment calls fn once per (person, company) pair with the
// person's status there as of the world's clock, in person order.
func (w *World) eachEmployment(fn func(person, company int32, current bool)) {
	for i := range w.Len() {
		jobs := w.Person(i).Jobs
		for k, j := range jobs {
			seen, current := false, j.Current
			for m, o := range jobs {
				if o.Company != j.Company {
					continue
				}
				if m < k {
					seen = true // reported at its first job
					break
				}
				current = current || o.Current
			}
			if !seen {
				fn(int32(i), j.Company, current)
			}
		}
	}
}

// Companies returns every company, indexed by Company.Index and Job.Company.
// The slice is shared: do not modify it.
func (w *World) Companies() []*Company { return w.companyPtrs }

// Company returns company i.
func (w *World) Company(i int32) *Company { return &w.companies[i] }

// CompanyByRef resolves a company reference as the Company API receives
// it: a numeric id, a slug (any case), or a company page URL.
func (w *World) CompanyByRef(ref string) (*Company, bool) {
	ref = strings.TrimSpace(ref)
	if ref == "" {
		return nil, false
	}
	if id, err := strconv.ParseInt(ref, 10, 64); err == nil {
		i, ok := w.companyIDs[id]
		if !ok {
			return nil, false
		}
		return &w.companies[i], true
	}
	slug := strings.ToLower(ref)
	if k := strings.Index(slug, "/company/"); k >= 0 {
		slug = slug[k+len("/company/"):]
		if end := strings.IndexAny(slug, "/?#"); end >= 0 {
			slug = slug[:end]
		}
	}
	i, ok := w.companySlugs[slug]
	if !ok {
		return nil, false
	}
	return &w.companies[i], true
}

// employeeRange returns the company's person indexes for a status
// ("current", "past" or "both"); nil for an unknown status.
func (w *World) employeeRange(c *Company, status string) []int32 {
	switch status {
	case StatusCurrent:
		return w.staff[c.empStart:c.empMid]
	case StatusPast:
		return w.staff[c.empMid:c.empEnd]
	case StatusBoth:
		return w.staff[c.empStart:c.empEnd]
	}
	return nil
}

// EmployeeCount returns how many people have the status at the company
// (getCount's total_profiles); 0 for an unknown status.
func (w *World) EmployeeCount(c *Company, status string) int {
	return len(w.employeeRange(c, status))
}

// EmployeeIndexes returns the indexes of the people with the status at the
// company, ascending within current and within past. The slice is shared:
// do not modify it.
func (w *World) EmployeeIndexes(c *Company, status string) []int32 {
	return w.employeeRange(c, status)
}

// Employees returns the people with the status ("current", "past" or
// "both") at the company: current employees first, each group in person
// order. Unknown statuses return nil.
func (w *World) Employees(c *Company, status string) []*Person {
	ids := w.employeeRange(c, status)
	if ids == nil {
		return nil
	}
	out := make([]*Person, len(ids))
	for k, i := range ids {
		out[k] = w.Person(int(i))
	}
	return out
}
