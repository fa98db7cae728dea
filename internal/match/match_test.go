package match

import (
	"strings"
	"testing"
)

func TestParseName(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Jane Doe", "jane doe"},
		{"  JANE   DOE ", "jane doe"},
		{"Doe, Jane", "jane doe"},
		{"Doe, Jane Q.", "jane q doe"},
		{"García Márquez, Gabriel", "gabriel garcia marquez"},
		{"Dr. Jane Doe, PhD", "jane doe"},
		{"Dr. Tao Ma, PhD", "tao ma"},
		{"Ma, Tao", "tao ma"},
		{"Zhong, Peng", "peng zhong"},
		{"Jane Doe, PEng", "jane doe"},
		{"Jia Hui Eng", "jia hui eng"},
		{"Jia Hui Eng, MEng", "jia hui eng"},
		{"John Smith Jr.", "john smith"},
		{"Seán O'Brien", "sean obrien"},
		{"Łukasz Żółć", "lukasz zolc"},
		{"Jean-Luc Picard", "jean luc picard"},
		{"Madonna", ""},
		{"Doe,", ""},
		{"", ""},
	} {
		if got := ParseName(tc.in); got.String() != tc.want && !(got.IsZero() && tc.want == "") {
			t.Errorf("ParseName(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if n := SplitName("Gabriel José", "García Márquez"); n.Given != "gabriel" || len(n.Middle) != 1 || len(n.Family) != 2 {
		t.Errorf("SplitName = %+v", n)
	}
	if !NamesAgree(SplitName("Minh Tuấn", "Huỳnh"), "Huỳnh Minh Tuấn") || !NamesAgree(SplitName("Tao", "Ma"), "Ma Tao") {
		t.Error("first and last name columns: a profile that writes the family name first")
	}
	if !SplitName("", "Doe").IsZero() || !SplitName("Mr.", "").IsZero() {
		t.Error("a name without a given or a family name is not zero")
	}
}

func TestNamesAgree(t *testing.T) {
	for _, tc := range []struct {
		row, candidate string
		want           bool
	}{
		{"Jane Doe", "Jane Doe", true},
		{"jane doe", "JANE DOE", true},
		{"Jose Garcia", "José García", true},
		{"Doe, Jane", "Jane Doe", true},
		{"Jane Doe", "Jane Quinn Doe", true},
		{"Jane Q. Doe", "Jane Quinn Doe", true},
		{"Jane Quinn Doe", "Jane Q Doe", true},
		{"Jane Quinn Doe", "Jane Doe", true},
		{"Jane Quinn Doe", "Jane Rose Doe", false},
		{"Jane Doe", "John Doe", false},
		{"Jane Doe", "Jane Dow", false},
		{"Jane Doe", "Janet Doe", false},
		{"J. Doe", "Jane Doe", false},  // an initial never stands for the first name
		{"Jane Doe", "Doe Jane", true}, // the same words, family first
		{"Jane Quinn Doe", "Doe Jane", false},
		{"Minh Tuan Huynh", "Huỳnh Minh Tuấn", true},
		{"Minh Huynh", "Huỳnh Minh Tuấn", false},
		{"Doe, Jane", "Doe Jane", true},
		{"Huynh, Minh Tuan", "Huỳnh Minh Tuấn", true},
		{"Tao Ma", "Tao Ma", true},
		{"Dr. Tao Ma, PhD", "Tao Ma", true},
		{"Gabriel García Márquez", "Gabriel José García Márquez", true},
		{"Gabriel Márquez", "Gabriel José García Márquez", true},
		{"Dr. Jane Doe", "Jane Doe, MBA", true},
		{"Jane Doe", "Jane", false},
	} {
		if got := NamesAgree(ParseName(tc.row), tc.candidate); got != tc.want {
			t.Errorf("NamesAgree(%q, %q) = %v, want %v", tc.row, tc.candidate, got, tc.want)
		}
	}
	if !NamesAgree(SplitName("Gabriel", "García Márquez"), "Gabriel José García Márquez") {
		t.Error("first and last name columns: a family name of two words")
	}
	if NamesAgree(SplitName("Gabriel", "García Márquez"), "Gabriel Márquez") {
		t.Error("a family name of two words agrees with one of them")
	}
}

func TestCompanies(t *testing.T) {
	for _, tc := range []struct {
		row, candidate string
		want           bool
	}{
		{"Acme", "Acme Inc.", true},
		{"ACME, INC.", "Acme", true},
		{"The Acme Company", "Acme Co", true},
		{"Müller GmbH", "Muller", true},
		{"Grupo Bimbo S.A. de C.V.", "Grupo Bimbo", true},
		{"Casa de", "Casa de", true},
		{"Novo Nordisk A/S", "Novo Nordisk", true},
		{"Smith & Sons", "Smith and Sons Ltd", true},
		{"Acme", "Acme Robotics", false},
		{"Acme Robotics", "Acme", false},
		{"Acme Inc.", "Apex Inc.", false},
		{"acme.com", "Acme Inc.", true},
		{"https://www.acme-robotics.co.uk/about", "Acme Robotics Ltd", true},
		{"www.acmerobotics.io", "Acme Robotics", true},
		{"acme.com", "Acme Robotics", false},
		{"Inc.", "Acme Inc.", false},
		{"", "Acme", false},
		{"Acme", "", false},
	} {
		if got := CompaniesAgree(tc.row, tc.candidate); got != tc.want {
			t.Errorf("CompaniesAgree(%q, %q) = %v, want %v (keys %q, %q)", tc.row, tc.candidate, got, tc.want, CompanyKey(tc.row), CompanyKey(tc.candidate))
		}
	}
}

func TestChoose(t *testing.T) {
	jane := func(company, location, title string) Candidate {
		return Candidate{FullName: "Jane Doe", Location: location, Jobs: []Job{{Company: company, Title: title}}}
	}
	moved := Candidate{FullName: "Jane Doe", Location: "Austin, Texas", Jobs: []Job{{Company: "Apex", Title: "CTO"}, {Company: "Acme Inc.", Title: "Engineer"}}}
	row := Row{Name: ParseName("Jane Doe"), Company: "Acme"}
	for _, tc := range []struct {
		name       string
		row        Row
		candidates []Candidate
		index      int
		agreeing   int
		moved      bool
	}{
		{"one", row, []Candidate{jane("Apex", "", ""), jane("Acme", "", "")}, 1, 1, false},
		{"none", row, []Candidate{jane("Apex", "", ""), {FullName: "John Doe", Jobs: []Job{{Company: "Acme"}}}}, -1, 0, false},
		{"moved", row, []Candidate{moved}, 0, 1, true},
		{"two, no way to tell", row, []Candidate{jane("Acme", "Austin", ""), jane("Acme Inc", "Boston", "")}, -1, 2, false},
		{"two, the city tells", Row{Name: row.Name, Company: "Acme", Location: "Boston, MA"},
			[]Candidate{jane("Acme", "Austin, Texas", ""), jane("Acme Inc", "Greater Boston Area", "")}, 1, 2, false},
		{"two, the title tells", Row{Name: row.Name, Company: "Acme", Title: "Head of Sales"},
			[]Candidate{jane("Acme", "", "Engineer"), jane("Acme", "", "Head of Sales EMEA")}, 1, 2, false},
		{"two in the city", Row{Name: row.Name, Company: "Acme", Location: "Austin"},
			[]Candidate{jane("Acme", "Austin", ""), jane("Acme", "Austin, Texas", "")}, -1, 2, false},
	} {
		ch := Choose(tc.row, tc.candidates)
		if ch.Index != tc.index || len(ch.Agreeing) != tc.agreeing || ch.Verdict().Moved != tc.moved {
			t.Errorf("%s: %+v; want index %d, %d agreeing, moved %v", tc.name, ch, tc.index, tc.agreeing, tc.moved)
		}
	}
}

// TestNamesAsListsWriteThem: the forms of names users' lists hold that
// were lost before: capitals with a middle initial (badge scans), the
// local part of an e-mail address, umlauts written out, an initial for
// the given name (a near miss).
func TestNamesAsListsWriteThem(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"ANDRE D. TAYLOR", "andre d taylor"},
		{"ANDRE D TAYLOR", "andre d taylor"},
		{"LIN Che-Wei", "che wei lin"},
		{"rahul.shukla", "rahul shukla"},
		{"rahul_shukla", "rahul shukla"},
		{"j.r.", ""},
		{"jane.doe2", ""},
	} {
		if got := ParseName(tc.in); got.String() != tc.want && !(got.IsZero() && tc.want == "") {
			t.Errorf("ParseName(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	for _, tc := range []struct {
		row, candidate string
		want           bool
	}{
		{"ANDRE D. TAYLOR", "Andre Taylor", true},
		{"Joerg Mueller", "Jörg Müller", true},
		{"Juergen Bauer", "Jürgen Bauer", true},
		{"Bjoern Aas", "Bjørn Aas", true},
		{"Joerg Mueller", "Jorg Muller", false},
		{"Jorg Muller", "Jörg Müller", true},
		{"Fahad AlQahtani", "Fahad Al-Qahtani", true},
		{"Pieter Vanderberg", "Pieter van der Berg", true},
	} {
		if got := NamesAgree(ParseName(tc.row), tc.candidate); got != tc.want {
			t.Errorf("NamesAgree(%q, %q) = %v, want %v", tc.row, tc.candidate, got, tc.want)
		}
	}
	if near, ok := nearName(ParseName("W. Gibson"), "William Gibson"); !ok || len(near) != 1 || !strings.HasPrefix(near[0], "initial W.") {
		t.Errorf("W. Gibson for William Gibson: %q %v", near, ok)
	}
	if _, ok := nearName(ParseName("W. Gibson"), "Robert Gibson"); ok {
		t.Error("W. Gibson for Robert Gibson")
	}
}

// TestTitlesOfPostsAndShortWork: a title of seniority words alone tells
// namesakes apart and contradicts another post; a work word of three
// letters is a work word.
func TestTitlesOfPostsAndShortWork(t *testing.T) {
	for _, tc := range []struct {
		row, candidate         string
		agrees, post, disagree bool
	}{
		{"Executive Assistant", "Executive Assistant", false, true, false},
		{"Lead Executive Assistant", "Senior Workplace Coordinator", false, false, true},
		{"Coordinator", "Project Coordinator", false, true, false},
		{"Consultant", "Senior Consultant", false, true, false},
		{"Executive Assistant", "Assistant to the CEO", false, false, false},
		{"Senior Supply Chain Analyst", "Trainee Tax Advisor", false, false, true},
		{"Tax Advisor", "Senior Tax Manager", true, false, false},
		{"Ops Lead", "Head of Operations", true, false, false},
		{"Owner", "Founder", false, false, false},
		{"Owner", "Office Manager", false, false, true},
		{"Senior", "Founder", false, false, false},
		{"Junior Specialist", "Engineering Team Lead", false, false, true},
		{"Senior Advisor", "Site Reliability Engineer", false, false, true},
		{"Junior Specialist", "", false, false, false},
		{"Head of Partnerships", "Executive Assistant", false, false, true},
		{"Controller", "Executive Assistant", false, false, true},
		{"Software Engineer", "Senior Coordinator", false, false, true},
		{"Controller", "Managing Director", false, false, false},
		{"Attorney", "Associate", false, false, false},
		{"Co-Founder & CTO", "Senior Maintenance Technician", false, false, true},
		{"Translator", "Transport Coordinator", false, false, true},
		{"Technical Lead", "Lab Technician", true, false, false},
		{"Partnerships Manager", "Manager", false, false, false},
		{"Software Engineer", "", false, false, false},
	} {
		a, p, d := titleVerdict(tc.row, []Job{{Title: tc.candidate}})
		if a != tc.agrees || p != tc.post || d != tc.disagree {
			t.Errorf("titleVerdict(%q, %q) = %v %v %v, want %v %v %v", tc.row, tc.candidate, a, p, d, tc.agrees, tc.post, tc.disagree)
		}
	}
	if k := CompanyKey("Weber Logistik GmbH & Co. KG"); k != "weber logistik" {
		t.Errorf("CompanyKey of a GmbH & Co. KG = %q", k)
	}
	// "ve" is "and" in Turkish between two words of a name, and "The"
	// is none of them.
	if a, b := CompanyKey("The VE Cargo"), CompanyKey("VE Cargo"); a != b {
		t.Errorf("CompanyKey: The VE Cargo %q, VE Cargo %q", a, b)
	}
}
