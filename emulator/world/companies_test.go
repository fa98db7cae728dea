package world

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestCompanyByRef(t *testing.T) {
	w := testWorld()
	c := w.Companies()[17]
	for _, tc := range []struct {
		name, ref string
		want      *Company
	}{
		{"numeric id", strconv.FormatInt(c.ID, 10), c},
		{"id with spaces", " " + strconv.FormatInt(c.ID, 10) + " ", c},
		{"slug", c.Slug, c},
		{"upper-case slug", strings.ToUpper(c.Slug), c},
		{"page URL", "https://www.linkedin.com/company/" + c.Slug + "/", c},
		{"unknown id", "1", nil},
		{"unknown slug", c.Slug + "-nope", nil},
		{"empty", "", nil},
	} {
		got, ok := w.CompanyByRef(tc.ref)
		if ok != (tc.want != nil) || got != tc.want {
			t.Errorf("%s: CompanyByRef(%q) = %v, %v", tc.name, tc.ref, got, ok)
		}
	}
	ids, slugs := map[int64]bool{}, map[string]bool{}
	for i, c := range w.Companies() {
		if c.Index != int32(i) || ids[c.ID] || slugs[c.Slug] || !slugRE.MatchString(c.Slug) {
			t.Fatalf("company %d: index %d id %d slug %q (duplicate or malformed)", i, c.Index, c.ID, c.Slug)
		}
		ids[c.ID], slugs[c.Slug] = true, true
		if got, ok := w.CompanyByRef(c.Slug); !ok || got != c {
			t.Fatalf("slug %q does not resolve to its company", c.Slug)
		}
	}
}

// Employees agrees with every person's jobs, and the counts add up.
func TestEmployees(t *testing.T) {
	w := testWorld()
	current := make([][]int32, len(w.Companies()))
	past := make([][]int32, len(w.Companies()))
	for i := range w.Len() {
		p := w.Person(i)
		status := map[int32]bool{} // company → current there
		for _, j := range p.Jobs {
			status[j.Company] = status[j.Company] || j.Current
		}
		for _, c := range sortedKeys(status) {
			if status[c] {
				current[c] = append(current[c], p.Index)
			} else {
				past[c] = append(past[c], p.Index)
			}
		}
	}
	busy := 0
	for i, c := range w.Companies() {
		for _, tc := range []struct {
			status string
			want   []int32
		}{
			{StatusCurrent, current[i]},
			{StatusPast, past[i]},
			{StatusBoth, append(slices.Clone(current[i]), past[i]...)},
		} {
			got := w.Employees(c, tc.status)
			if len(got) != len(tc.want) || w.EmployeeCount(c, tc.status) != len(tc.want) {
				t.Fatalf("%s %s: %d people (count %d), want %d", c.Slug, tc.status, len(got), w.EmployeeCount(c, tc.status), len(tc.want))
			}
			for k, p := range got {
				if p.Index != tc.want[k] {
					t.Fatalf("%s %s: person %d at %d, want %d", c.Slug, tc.status, p.Index, k, tc.want[k])
				}
			}
		}
		if int(c.StaffCount) < len(current[i]) {
			t.Fatalf("%s declares %d staff but employs %d", c.Slug, c.StaffCount, len(current[i]))
		}
		if len(current[i]) > 0 {
			busy++
		}
	}
	if w.Employees(w.Companies()[0], "former") != nil {
		t.Error("unknown status returned people")
	}
	if busy < len(w.Companies())/2 {
		t.Errorf("only %d of %d companies have current employees", busy, len(w.Companies()))
	}
}

func sortedKeys(m map[int32]bool) []int32 {
	keys := make([]int32, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
