package wire

import (
	"encoding/json"
	"testing"
)

func TestDecodeCandidateLenient(t *testing.T) {
	raw := []byte(`{
		"uid": "0123456789abcdef0123456789abcdef",
		"fullName": "Zoë Ångström",
		"headLine": null,
		"summary": "n/a",
		"photo": null,
		"gender": 1,
		"locations": [{"name": "Berlin, Germany"}, null],
		"skills": ["Go", null, 7],
		"totalExperience": "12.5",
		"contacts": [
			{"type": "email", "value": "zoe@example.com", "rating": "100", "subType": "work"},
			{"type": "phone", "value": "+4930123456", "rating": 70, "info": "office"},
			{"type": "email", "value": "z@example.org", "rating": null, "subType": null}
		],
		"social": [{"type": "li", "link": "https://www.linkedin.com/in/zoe", "rating": "70"}],
		"experience": [{"position": "CTO", "company": "Acme", "current": "true", "staffCount": "n/a",
			"companySize": "n/a", "started": "2015-01-01T00:00:00+00:00", "ended": null}],
		"education": [{"university": "TU", "degree": "MSc", "startedYear": null, "endedYear": "2010"}],
		"language": "not an array",
		"somethingNew": {"nested": [1, 2, 3]}
	}`)
	c, err := DecodeCandidate(raw)
	if err != nil {
		t.Fatal(err)
	}
	checks := []struct {
		name      string
		got, want any
	}{
		{"fullName", c.FullName, Text("Zoë Ångström")},
		{"headLine null", c.HeadLine, Text("")},
		{"summary n/a", c.Summary, Text("")},
		{"gender number", c.Gender, Text("1")},
		{"skills", len(c.Skills), 2},
		{"totalExperience string", c.TotalExperience, Number{12.5, true}},
		{"rating string", c.Contacts[0].Rating, Number{100, true}},
		{"rating number", c.Contacts[1].Rating, Number{70, true}},
		{"rating null", c.Contacts[2].Rating.Valid, false},
		{"subType absent", c.Contacts[1].SubType, Text("")},
		{"info", c.Contacts[1].Info, Text("office")},
		{"current as text", c.Experience[0].Current, true},
		{"staffCount n/a", c.Experience[0].StaffCount.Valid, false},
		{"companySize n/a", c.Experience[0].CompanySize, Text("")},
		{"degree as a string", []string(c.Education[0].Degree), []string{"MSc"}},
		{"year as text", c.Education[0].EndedYear, Number{2010, true}},
		{"wrong-typed array left empty", len(c.Language), 0},
	}
	for _, ck := range checks {
		if g, w := jsonOf(ck.got), jsonOf(ck.want); g != w {
			t.Errorf("%s: got %s, want %s", ck.name, g, w)
		}
	}
}

func jsonOf(v any) string { b, _ := json.Marshal(v); return string(b) }

func TestDecodeCandidateRejectsNonObject(t *testing.T) {
	for _, raw := range []string{`[1,2]`, `"text"`, `{"uid": `} {
		if _, err := DecodeCandidate([]byte(raw)); err == nil {
			t.Errorf("%s: no error", raw)
		}
	}
}

func TestResultKeepsRaw(t *testing.T) {
	body := `[{"item":"https:\/\/www.linkedin.com\/in\/zoe","status":"success","candidate":{"uid":"u","extra":true},"unknown":1},
		{"item":"x@y.z","status":"failed","candidate":null}]`
	results, err := ParseResults([]byte(body))
	if err != nil {
		t.Fatal(err)
	}
	if results[0].Item != "https://www.linkedin.com/in/zoe" {
		t.Errorf("escaped slashes not decoded: %q", results[0].Item)
	}
	var back map[string]any
	if err := json.Unmarshal(results[0].Raw, &back); err != nil || back["unknown"] != 1.0 {
		t.Errorf("raw element lost the unknown key: %s", results[0].Raw)
	}
	if string(results[0].Candidate) != `{"uid":"u","extra":true}` {
		t.Errorf("candidate raw = %s", results[0].Candidate)
	}
	if results[1].Candidate != nil {
		t.Errorf("null candidate kept: %s", results[1].Candidate)
	}
	if _, err := results[1].Profile(); err == nil {
		t.Error("Profile of a failed result did not fail")
	}
}

func TestSearchPageLenient(t *testing.T) {
	var p SearchPage
	body := `{"requestId": "3", "total": 12, "scrollId": null, "profiles": [
		{"uid": "a", "fullName": null, "location": "Austin", "experience": [{"company": null, "title": "CTO"}],
		 "skills": null, "contactsFetched": "2026-01-02 03:04:05", "openToWork": true}]}`
	if err := json.Unmarshal([]byte(body), &p); err != nil {
		t.Fatal(err)
	}
	if p.RequestID != 3 || p.Total != 12 || p.ScrollID != "" || len(p.Profiles) != 1 {
		t.Fatalf("page = %+v", p)
	}
	pr := p.Profiles[0]
	if pr.FullName != "" || pr.Experience[0].Title != "CTO" || !pr.OpenToWork || pr.ContactsFetched == "" || len(pr.Raw) == 0 {
		t.Errorf("profile = %+v", pr)
	}
}

func TestLocationsWire(t *testing.T) {
	one, _ := json.Marshal(SearchQuery{Location: Locations{"Berlin, Germany"}})
	two, _ := json.Marshal(SearchQuery{Location: Locations{"Texas", "Ohio"}})
	if string(one) != `{"location":"Berlin, Germany"}` || string(two) != `{"location":["Texas","Ohio"]}` {
		t.Errorf("got %s and %s", one, two)
	}
	var q SearchQuery
	if err := json.Unmarshal([]byte(`{"location":"Texas"}`), &q); err != nil || len(q.Location) != 1 {
		t.Errorf("decode string: %v %v", q.Location, err)
	}
}

func TestCompanyInfoNetworkID(t *testing.T) {
	for _, body := range []string{
		`{"name":"Acme","linkedinId":"1441","staffCount":"n/a","staffingCompany":"false"}`,
		`{"name":"Acme","professionalNetworkId":1441,"staffCount":null}`,
	} {
		var c CompanyInfo
		if err := json.Unmarshal([]byte(body), &c); err != nil {
			t.Fatal(err)
		}
		if c.NetworkID != "1441" || c.StaffCount.Valid || c.StaffingCompany || len(c.Raw) == 0 {
			t.Errorf("%s: %+v", body, c)
		}
	}
}

// Numbers that are no numbers a service can mean are absent: NaN would
// rank above every rating, 1e300 overflows a count.
func TestNumberRefusesNonFinite(t *testing.T) {
	for _, in := range []string{`"NaN"`, `"Infinity"`, `"-Infinity"`, `1e300`, `"9.3e18"`, `-1e300`} {
		var n Number
		if err := n.UnmarshalJSON([]byte(in)); err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if v, ok := n.Int(); ok {
			t.Errorf("%s: Int() = %d, true; want absent", in, v)
		}
		if in == `"NaN"` || in == `"Infinity"` {
			if n.Valid {
				t.Errorf("%s decoded as a valid number", in)
			}
		}
	}
	var n Number
	n.UnmarshalJSON([]byte(`"9007199254740991"`))
	if v, ok := n.Int(); !ok || v != 9007199254740991 {
		t.Errorf("a large count: %d, %v", v, ok)
	}
}
