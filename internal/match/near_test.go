package match

import (
	"strings"
	"testing"
)

func TestNamesAroundTheName(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Dipl.-Ing. Hans Müller", "hans muller"},
		{"Dr. med. Anna Schmidt", "anna schmidt"},
		{"Prof. Dr.-Ing. habil. Klaus Weber", "klaus weber"},
		{"Mag. Eva Huber", "eva huber"},
		{"Jane Doe, RN, BSN", "jane doe"},
		{"John Smith, CISSP", "john smith"},
		{"Hans Meier, Dipl.-Kfm.", "hans meier"},
		{"Meier, Hans, Dipl.-Ing.", "hans meier"},
		{"Dott.ssa Giulia Rossi", "giulia rossi"},
		{"Mgr. inż. Piotr Nowak", "piotr nowak"},
		{"Don Draper", "don draper"},
		{"Ing Chen", "ing chen"}, // two words: a name, not a title
	} {
		if got := ParseName(tc.in); got.String() != tc.want {
			t.Errorf("ParseName(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	n := ParseName("LIN Che-Wei")
	if n.Given != "che" || strings.Join(n.Family, " ") != "lin" || !NamesAgree(n, "Che-Wei Lin") || !NamesAgree(n, "Lin Che-Wei") {
		t.Errorf("family name first in capitals: %+v", n)
	}
	if n := ParseName("JANE DOE"); n.Given != "jane" || n.Family[0] != "doe" {
		t.Errorf("a name all in capitals is read in order: %+v", n)
	}
}

func TestNearNames(t *testing.T) {
	for _, tc := range []struct {
		row, candidate string
		near           string // the relaxation expected, "" for none
	}{
		{"Bob Smith", "Robert Smith", "nickname Bob→Robert"},
		{"Kate Jones", "Katherine Jones", "nickname Kate→Katherine"},
		{"Bill Gates", "William Gates", "nickname Bill→William"},
		{"Robert Smith", "Bob Smith", "nickname Robert→Bob"},
		{"Hans Mueller", "Hans Müller", "spelling Mueller→Müller"},
		{"Søren Jørgensen", "Soeren Joergensen", "spelling Jorgensen→Joergensen"},
		{"Mohammed AlQahtani", "Mohammed Al-Qahtani", "spelling Alqahtani→Al Qahtani"},
		{"Mohammed Al Qahtani", "Mohammed Al-Qahtani", ""}, // as written: not near
		{"Bob Jones", "Robert Smith", "-"},
		{"Jane Doe", "Janet Doe", "-"},
		{"Zed Doe", "Jane Doe", "-"},
	} {
		var row Name
		if first, last, ok := strings.Cut(tc.row, " "); ok {
			row = SplitName(first, last)
		}
		relaxed, ok := nearName(row, tc.candidate)
		exact := NamesAgree(row, tc.candidate)
		switch {
		case tc.near == "" && !exact:
			t.Errorf("%q, %q: want agreement as written", tc.row, tc.candidate)
		case tc.near == "-" && (ok || exact):
			t.Errorf("%q, %q: agree (%v), want no agreement", tc.row, tc.candidate, relaxed)
		case tc.near != "" && tc.near != "-" && (!ok || !strings.Contains(strings.Join(relaxed, ", "), tc.near)):
			t.Errorf("%q, %q: %v %v, want %q", tc.row, tc.candidate, relaxed, ok, tc.near)
		}
	}
	if r, ok := nearName(SplitName("Gabriel", "García"), "Gabriel García Márquez"); !ok || !strings.HasPrefix(r[0], "first surname") {
		t.Errorf("a Spanish first surname only: %v %v", r, ok)
	}
}

func TestNearCompanies(t *testing.T) {
	for _, tc := range []struct {
		row, candidate string
		near           bool
	}{
		{"Oakworth", "Oakworth Software", true},
		{"Oakworth Software Solutions", "Oakworth Software", true},
		{"Oakwroth Software", "Oakworth Software", true},
		{"Brihgtbay", "Brightbay", true}, // two letters swapped
		{"Brightbya", "Brightbay", true},
		{"Brightbay", "Brightday", true},
		{"Brightbay", "Brightwell", false},
		{"oakworth.com", "Oakworth Software", true},
		{"oakworthlabs.io", "Oakworth", true},
		{"getoakworth.com", "Oakworth", true},
		{"Oak", "Oakworth Software", false},
		{"Acme", "Apex", false},
		{"Apex Robotics", "Acme Robotics", false},
		{"oak.com", "Oakworth Software", false},
	} {
		if _, got := nearCompany(tc.row, tc.candidate); got != tc.near {
			t.Errorf("nearCompany(%q, %q) = %v, want %v", tc.row, tc.candidate, got, tc.near)
		}
	}
	if !CompaniesAgree("smithsons.com", "Smith & Sons") || !CompaniesAgree("smithandsons.com", "Smith & Sons") {
		t.Error("a domain that drops or spells the & of a name")
	}
}

func TestContradictions(t *testing.T) {
	jane := func(location, title string) Candidate {
		return Candidate{FullName: "Jane Doe", Location: location, Jobs: []Job{{Company: "Acme", Title: title}}}
	}
	row := func(location, title string) Row {
		return Row{Name: ParseName("Jane Doe"), Company: "Acme", Location: location, Title: title}
	}
	for _, tc := range []struct {
		name      string
		row       Row
		c         Candidate
		matched   bool
		proposed  bool
		refusedBy string
	}{
		{"the city agrees", row("Berlin", ""), jane("Berlin, Germany", ""), true, false, ""},
		{"a suburb", row("Potsdam", ""), jane("Berlin, Germany", ""), true, false, ""},
		{"another country", row("Paris, France", ""), jane("Berlin, Germany", ""), false, false, "Germany"},
		{"a city of another country", row("Lyon", ""), jane("Austin, Texas, United States", ""), false, false, "United States"},
		{"another city of the country", row("Munich", ""), jane("Hamburg, Germany", ""), false, true, ""},
		{"another state", row("Austin, TX", ""), jane("Denver, Colorado, United States", ""), false, true, ""},
		{"another line of work", row("", "Software Engineer"), jane("", "Registered Nurse"), false, true, ""},
		{"a promotion", row("", "Software Engineer"), jane("", "Engineering Manager"), true, false, ""},
		{"CEO", row("", "CEO"), jane("", "Chief Executive Officer"), true, false, ""},
		{"no place on the row", row("", ""), jane("Berlin, Germany", ""), true, false, ""},
	} {
		ch := Choose(tc.row, []Candidate{tc.c})
		v := ch.Verdicts[0]
		if (ch.Index == 0) != tc.matched || (ch.Proposed == 0) != tc.proposed || !strings.Contains(v.Refused, tc.refusedBy) || (tc.refusedBy == "") != (v.Refused == "") {
			t.Errorf("%s: %+v", tc.name, ch)
		}
	}
	// A nickname with nothing else agreeing is proposed; with the city, matched.
	bob := Candidate{FullName: "Robert Smith", Location: "Leeds, United Kingdom", Jobs: []Job{{Company: "Acme"}}}
	if ch := Choose(Row{Name: ParseName("Bob Smith"), Company: "Acme"}, []Candidate{bob}); ch.Index >= 0 || ch.Proposed != 0 {
		t.Errorf("a nickname alone: %+v", ch)
	}
	if ch := Choose(Row{Name: ParseName("Bob Smith"), Company: "Acme", Location: "Leeds"}, []Candidate{bob}); ch.Index != 0 {
		t.Errorf("a nickname and the city: %+v", ch)
	}
	// Written as the row writes it comes before a near miss.
	if ch := Choose(Row{Name: ParseName("Bob Smith"), Company: "Acme", Location: "Leeds"}, []Candidate{bob,
		{FullName: "Bob Smith", Location: "Leeds", Jobs: []Job{{Company: "Acme"}}}}); ch.Index != 1 {
		t.Errorf("exact before near: %+v", ch)
	}
}

func TestFoundByHand(t *testing.T) {
	// A family name spelt as a degree is a family name on a profile too.
	if !NamesAgree(ParseName("Ma, Hiu Tung"), "Hiu Tung Ma") || !NamesAgree(SplitName("Suk Yee", "Ma"), "Suk Yee Ma") {
		t.Error(`"Hiu Tung Ma": Ma is the family name, not a master's degree`)
	}
	if !NamesAgree(ParseName("Jane Doe"), "Jane Doe MA") {
		t.Error(`"Jane Doe MA": MA is a degree`)
	}
	// A title that says only how senior backs no near miss.
	patrick := Candidate{FullName: "Patrick Smith", Jobs: []Job{{Company: "The London Engineering", Title: "Owner"}}}
	if ch := Choose(Row{Name: ParseName("Pat Smith"), Company: "London Engineering", Title: "Owner"}, []Candidate{patrick}); ch.Index >= 0 {
		t.Errorf("a nickname backed by the title Owner alone: %+v", ch)
	}
	// Names the table lists from old records that are separate today.
	if isNickname("peter", "patrick") || isNickname("hannah", "susan") || !isNickname("bob", "robert") || !isNickname("robert", "bob") {
		t.Error("the nickname table's pairs")
	}
}
