package report

import (
	"fmt"
	"strings"
	"testing"
)

// TestFixFolds: the page shows the first rows to fix and folds the others
// behind "and N more", unless they are so few that the line would hide
// less than it takes; and it says where all of them are when it folds or
// cuts the list.
func TestFixFolds(t *testing.T) {
	for _, tc := range []struct {
		total, inSight int
		more, where    string
	}{
		{total: 3, inSight: 3},
		{total: fixShown + fixSlack, inSight: fixShown + fixSlack},
		{total: fixShown + fixSlack + 1, inSight: fixShown, more: fmt.Sprintf("and %d more rows to fix", fixSlack+1), where: "The output's enrich_status and enrich_error columns have them all."},
		{total: 1500, inSight: fixShown, more: fmt.Sprintf("and %d more rows to fix", MaxFixRows-fixShown), where: "The page lists the first 100 of the 1,500 rows to fix; the output's enrich_status and enrich_error columns have them all."},
	} {
		t.Run(fmt.Sprint(tc.total), func(t *testing.T) {
			r := &Run{Input: "in.csv", Output: "out.csv", Complete: true}
			for i := range tc.total {
				r.Fix.Add(FixRow{Row: i + 2, Status: "no_identifier", Why: "no identifier"})
			}
			fix := parseXHTML(t, pageOf(t, r)).one(t, "id", "fix")
			listed := func(n *node) int {
				return len(n.all(func(n *node) bool { _, ok := n.attr["data-row"]; return ok }))
			}
			if n := listed(fix.elems("table")[0]); n != tc.inSight {
				t.Errorf("%d rows to fix in sight, want %d", n, tc.inSight)
			}
			if n := listed(fix); n != min(tc.total, MaxFixRows) {
				t.Errorf("%d rows to fix listed, want %d", n, min(tc.total, MaxFixRows))
			}
			var more, where string
			if s := fix.elems("summary"); len(s) > 0 {
				more = s[0].text()
			}
			if p := fix.with("class", "note fix-all"); len(p) > 0 {
				where = p[0].text()
			}
			if more != tc.more || where != tc.where {
				t.Errorf("the list says %q and %q, want %q and %q", more, where, tc.more, tc.where)
			}
		})
	}
}

// TestFixKeys: the rows of a database's table are named by their keys, on
// the page beside their numbers and in the summary's sentence.
func TestFixKeys(t *testing.T) {
	r := &Run{Input: "sqlite:crm.db?table=leads", Output: "sqlite:crm.db?table=leads"}
	r.Fix.Add(FixRow{Row: 2, Key: "lead-17", Status: "no_identifier", Why: "no identifier"})
	r.Fix.Add(FixRow{Row: 3, Key: "lead-42", Status: "no_identifier", Why: "no identifier"})
	fix := parseXHTML(t, pageOf(t, r)).one(t, "id", "fix")
	keys := fix.with("class", "key")
	if len(keys) != 2 || keys[0].text() != "lead-17" || keys[1].text() != "lead-42" {
		t.Errorf("the page's keys: %d cells", len(keys))
	}
	if got, want := r.Fix.sentence("page.html"), `2 no_identifier (keys "lead-17", "lead-42")`; !strings.Contains(got, want) {
		t.Errorf("the summary says %q, want it to hold %q", got, want)
	}
}
