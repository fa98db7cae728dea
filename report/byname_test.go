package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// TestByNameRate: the match rate of finding by name counts the rows
// searched, wherever a report shows it. The engine counts it by the uids
// searches found, so a row searched and not found, which has none, was
// left out and the rate read 100 % ("8 of 8" when 2 of 10 rows searched
// were not found; the demo's "7 of 7" beside "23 not found").
func TestByNameRate(t *testing.T) {
	r := &Run{
		Input: "leads.csv", Output: "out.csv", Complete: true,
		Rows: 40, RowsByStatus: map[string]int{"success": 37, "not_found": 2, "ambiguous": 1},
		// As the engine fills it: the uids found by name, each found.
		MatchRate: map[string]KindMatch{"email": {Tried: 30, Found: 29, Rate: 29. / 30}, KindName: {Tried: 8, Found: 8, Rate: 1}},
		ByName:    &ByName{Rows: 8, High: 7, Medium: 1, NotFound: 2, Ambiguous: 1, Searches: 11, Profiles: 15},
	}
	want := KindMatch{Tried: 11, Found: 8, Rate: 8. / 11}

	var sum bytes.Buffer
	r.WriteSummary(&sum)
	if line := "\n  name       8 of 11 rows searched found (72.7%)\n"; !strings.Contains(sum.String(), line) {
		t.Errorf("summary:\n%s\nwant the line:%s", sum.String(), line)
	}
	if !strings.Contains(sum.String(), "\n  email      29 of 30 found (96.7%)\n") {
		t.Errorf("summary:\n%s\nwant the e-mail's rate as it was", sum.String())
	}

	var page bytes.Buffer
	if err := r.WriteHTML(&page); err != nil {
		t.Fatal(err)
	}
	c := parseXHTML(t, page.Bytes()).one(t, "data-kind", KindName).cells()
	sameNum(t, "rows searched by name", c[1], int64(want.Tried))
	sameNum(t, "rows found by name", c[2], int64(want.Found))
	sameText(t, "rate by name", c[3], "72.7%")

	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var back Run
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if got := back.MatchRate[KindName]; got != want || back.MatchRate["email"] != r.MatchRate["email"] {
		t.Errorf("JSON match_rate %+v; want name %+v and the e-mail's as it was", back.MatchRate, want)
	}
	if r.MatchRate[KindName].Tried != 8 {
		t.Error("writing the run changed its MatchRate")
	}

	// A run that searched nobody to an answer (the quota spent first)
	// shows no rate by name, rather than 0 of 0.
	r.ByName = &ByName{Stopped: "the daily search quota is spent"}
	r.MatchRate = map[string]KindMatch{"email": r.MatchRate["email"]}
	sum.Reset()
	r.WriteSummary(&sum)
	if strings.Contains(sum.String(), "\n  name ") {
		t.Errorf("summary of a run that searched nobody:\n%s", sum.String())
	}
}
