package profile

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	goldenfile "github.com/enrich-dev/enrich/internal/golden"
	"github.com/enrich-dev/enrich/internal/ident"
	"github.com/enrich-dev/enrich/internal/untrusted"
)

// golden compares got with testdata/<name>, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	goldenfile.Check(t, filepath.Join("testdata", name), got)
}

// fields lists a record's values with the names of the enriched sheet's
// columns, in their order.
func fields(r Record) [][2]string {
	return [][2]string{{"enrich_uid", r.UID}, {"enrich_full_name", r.FullName}, {"enrich_headline", r.Headline},
		{"enrich_title", r.Title}, {"enrich_company", r.Company}, {"enrich_location", r.Location},
		{"enrich_email", r.Email}, {"enrich_emails", r.Emails}, {"enrich_phone", r.Phone}, {"enrich_phones", r.Phones},
		{"enrich_linkedin", r.LinkedIn}, {"enrich_skills", r.Skills},
		{"work_mail", r.WorkMail + sure(r.WorkMailSure)}, {"personal_mail", r.PersonalMail},
		{"work_phone", r.WorkPhone + sure(r.WorkPhoneSure)}, {"mobile", r.Mobile}}
}

// sure marks a contact the service is sure of.
func sure(b bool) string {
	if b {
		return " (sure)"
	}
	return ""
}

// TestDecodeGolden runs Decode over realistic and hostile candidates:
// everything missing, unknown keys, string ratings, wrong types, every
// script, broken JSON.
func TestDecodeGolden(t *testing.T) {
	inputs, err := filepath.Glob("testdata/flatten/*.json")
	if err != nil || len(inputs) == 0 {
		t.Fatalf("no inputs: %v", err)
	}
	for _, in := range inputs {
		name := strings.TrimSuffix(filepath.Base(in), ".json")
		t.Run(name, func(t *testing.T) {
			raw, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			for _, f := range fields(Decode(raw)) {
				fmt.Fprintf(&b, "%s: %q\n", f[0], f[1])
			}
			golden(t, filepath.Join("flatten", name+".golden"), []byte(b.String()))
		})
	}
}

// TestDecodeChoices states the rules a user relies on, apart from the
// golden files.
func TestDecodeChoices(t *testing.T) {
	raw, err := os.ReadFile("testdata/flatten/full.json")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, f := range fields(Decode(raw)) {
		got[f[0]] = f[1]
	}
	for _, tc := range []struct {
		column, want string
	}{
		{"enrich_title", "VP Engineering"}, // the current role started last
		{"enrich_company", "Acme Corp"},
		{"enrich_location", "San Francisco, California, United States"},
		{"enrich_email", "jane.doe@acme.example"}, // work before personal at the same rating
		{"enrich_emails", "jane.doe@acme.example; jane@personal.example; jd@old.example"},
		{"enrich_phone", "+14155550123"}, // mobile first, in E.164
		{"enrich_phones", "+14155550123; +14155550100; +14155550199"},
		{"enrich_linkedin", "https://www.linkedin.com/in/jane-doe-42"}, // highest rating
		{"enrich_skills", "Go; Distributed Systems; Hiring"},
	} {
		if v := got[tc.column]; v != tc.want {
			t.Errorf("%s = %q; want %q", tc.column, v, tc.want)
		}
	}
	for _, raw := range []json.RawMessage{nil, {}, json.RawMessage("null"), json.RawMessage("not json")} {
		if r := Decode(raw); !reflect.DeepEqual(r, Record{}) {
			t.Errorf("Decode(%q) = %+v; want empty", raw, r)
		}
	}
}

func TestDecodeLongText(t *testing.T) {
	long := strings.Repeat("long headline ", 5000) + "end"
	raw, _ := json.Marshal(map[string]any{"headLine": long, "skills": []string{strings.Repeat("s", 100000)}})
	got := Decode(raw)
	if got.Headline != long || len(got.Skills) != 100000 {
		t.Errorf("long text was cut: headline %d bytes, skills %d bytes", len(got.Headline), len(got.Skills))
	}
}

// TestE164 writes a phone in E.164 when it parses, and leaves it alone
// otherwise.
func TestE164(t *testing.T) {
	for in, want := range map[string]string{
		"+1 415 555 0123": "+14155550123", "+44 20 7946 0958": "+442079460958", "0041 44 668 18 00": "+41446681800",
		"415 555 0123": "415 555 0123", "+1 000": "+1 000", "ext. 12": "ext. 12",
	} {
		if got := E164(in); got != want {
			t.Errorf("E164(%q) = %q; want %q", in, got, want)
		}
	}
}

// TestEmployers: every role's company, current and past, once each; a
// search profile's roles the same.
func TestEmployers(t *testing.T) {
	full := json.RawMessage(`{"fullName":"Leon Schwarz","experience":[
		{"position":"Head of Sales","company":"Schneider & Müller","current":true},
		{"position":"Analyst","company":"Skyhub","current":false},
		{"position":"Trainee","company":"Skyhub"},
		{"position":"Intern","company":"n/a"},
		{"position":"Clerk","company":null}]}`)
	if got := Decode(full).Employers; !reflect.DeepEqual(got, []string{"Schneider & Müller", "Skyhub"}) {
		t.Errorf("employers %q", got)
	}
	brief := json.RawMessage(`{"fullName":"Leon Schwarz","experience":[{"title":"Head of Sales","company":"Schneider & Müller"}]}`)
	if got := Decode(brief).Employers; !reflect.DeepEqual(got, []string{"Schneider & Müller"}) {
		t.Errorf("employers of a search profile %q", got)
	}
}

// TestDecodeHostileText: a profile whose every text holds terminal
// escapes, NUL, C1 controls and bidirectional controls gives a record
// without one, in every field and employer, a full profile and a search
// profile alike; tabs and line feeds are data and stay. The raw profile
// is not Decode's to change.
func TestDecodeHostileText(t *testing.T) {
	const bad = "\x1b]0;title\x07\x1b]52;c;ZXZpbA==\x07\x1b[2J\u009b\x7f\x00\u202e\u202a\u2066\u2069\u200e\u200f\u061c"
	h := func(s string) string { return s + bad + "\tx\ny" }
	full, _ := json.Marshal(map[string]any{
		"uid": h("u"), "fullName": h("Jane"), "headLine": h("Head"),
		"locations": []any{map[string]any{"name": h("Paris")}},
		"skills":    []string{h("Go")},
		"contacts": []any{map[string]any{"type": "email", "value": h("j@x.example"), "subType": "work", "rating": 100},
			map[string]any{"type": "phone", "value": h("+33 1 23"), "subType": "mobile"}},
		"social":     []any{map[string]any{"type": "li", "link": h("https://www.linkedin.com/in/j")}},
		"experience": []any{map[string]any{"position": h("CTO"), "company": h("Acme"), "current": true}},
	})
	brief, _ := json.Marshal(map[string]any{"fullName": h("Jane"), "location": h("Paris"),
		"experience": []any{map[string]any{"title": h("CTO"), "company": h("Acme")}}})
	for name, raw := range map[string][]byte{"full": full, "search": brief} {
		r := Decode(raw)
		values := append(r.Employers, r.Title, r.Company, r.Location)
		for _, f := range fields(r) {
			values = append(values, f[1])
		}
		for _, v := range values {
			if i := strings.IndexFunc(v, func(c rune) bool { return c != '\t' && c != '\n' && untrusted.Hidden(c) }); i >= 0 {
				t.Errorf("%s profile: value %q holds %U", name, v, []rune(v[i:])[0])
			}
		}
		if r.Company != "Acme]0;title]52;c;ZXZpbA==[2J\tx\ny" {
			t.Errorf("%s profile: company %q, want the text without its controls, its tab and line feed kept", name, r.Company)
		}
	}
}

// TestLists: a profile lists its uid, its link, and each of its e-mails
// and phones, compared as normalized; nothing else.
func TestLists(t *testing.T) {
	r := Record{UID: "u-1", LinkedIn: "https://www.linkedin.com/in/ana-silva", Emails: "Ana@Acme.example; ana@home.example", Phones: "+14155550123; +442079460000"}
	for _, tc := range []struct {
		id   ident.ID
		want bool
	}{
		{ident.ID{Kind: ident.Email, Value: "ana@acme.example"}, true},
		{ident.ID{Kind: ident.Email, Value: "ana@home.example"}, true},
		{ident.ID{Kind: ident.Email, Value: "ana@other.example"}, false},
		{ident.ID{Kind: ident.Phone, Value: "+442079460000"}, true},
		{ident.ID{Kind: ident.Phone, Value: "+14155550124"}, false},
		{ident.ID{Kind: ident.UID, Value: "u-1"}, true},
		{ident.ID{Kind: ident.UID, Value: "u-2"}, false},
		{ident.ID{Kind: ident.LinkedIn, Value: normalized(t, ident.LinkedIn, "linkedin.com/in/ana-silva/")}, true},
		{ident.ID{Kind: ident.LinkedIn, Value: normalized(t, ident.LinkedIn, "linkedin.com/in/ana-silvia")}, false},
	} {
		if got := r.Lists(tc.id); got != tc.want {
			t.Errorf("Lists(%v) = %v, want %v", tc.id, got, tc.want)
		}
	}
}

func normalized(t *testing.T, kind ident.Kind, raw string) string {
	t.Helper()
	v, err := ident.Normalize(kind, raw, "")
	if err != nil {
		t.Fatal(err)
	}
	return v
}
