package export

import (
	"testing"

	"github.com/enrich-dev/enrich/internal/profile"
	"github.com/enrich-dev/enrich/internal/sheet"
)

// TestNamedAgrees: the profile a search by name and company matched is
// shown only when it has the row's name and a role at the row's company.
// The service's company filter matches words, so a search at "Müller
// GmbH" finds a Leon Schwarz of "Schneider & Müller", whose brief profile
// hid the employer: that is someone else (the generative suite's seed
// 1181 showed him).
func TestNamedAgrees(t *testing.T) {
	row := &named{person: sheet.Person{Name: "Leon Schwarz", Company: "Müller GmbH"}}
	for _, tc := range []struct {
		what string
		rec  profile.Record
		want bool
	}{
		{"another company with the word", profile.Record{FullName: "Leon Schwarz", Employers: []string{"Schneider & Müller", "Titanbase Store GmbH"}}, false},
		{"the company, in the past", profile.Record{FullName: "Leon Schwarz", Employers: []string{"Skyhub", "Müller GmbH"}}, true},
		{"the company, another legal form", profile.Record{FullName: "Leon Schwarz", Employers: []string{"Müller AG"}}, true},
		{"no employer to check", profile.Record{FullName: "Leon Schwarz"}, false},
		{"another name", profile.Record{FullName: "Leon Schwarzer", Employers: []string{"Müller GmbH"}}, false},
	} {
		if got := row.agrees(&tc.rec); got != tc.want {
			t.Errorf("%s: agrees %v, want %v", tc.what, got, tc.want)
		}
	}
	byDomain := &named{person: sheet.Person{Name: "Leon Schwarz", Company: "mueller.example"}}
	if !byDomain.agrees(&profile.Record{FullName: "Leon Schwarz", Employers: []string{"Müller GmbH"}}) {
		t.Error("a row whose company is a web domain, judged by the search's sites, is refused at export")
	}
}
