package world

import (
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

var isoRE = regexp.MustCompile(`^\d{4}-\d{2}-01T00:00:00\+00:00$`)

// decode unmarshals a candidate into generic JSON values.
func decode(t *testing.T, b []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("candidate is not JSON: %v\n%s", err, b)
	}
	return m
}

// The candidate carries every key of the wire contract, with the types the
// contract allows.
func TestCandidateWireKeys(t *testing.T) {
	t.Parallel()
	w := testWorld()
	always := []string{"uid", "fullName", "gender", "headLine", "summary", "photo", "locations", "skills",
		"totalExperience", "contacts", "social", "experience", "education", "language", "organization",
		"certification", "course", "project", "publication", "patent", "honorAward"}
	occasional := []string{"addresses", "birthday", "alternativeNames"}
	arrays := []string{"locations", "skills", "contacts", "social", "experience", "education", "language",
		"organization", "certification", "course", "project", "publication", "patent", "honorAward"}
	for i := 0; i < w.Len(); i += 11 {
		p := w.Person(i)
		m := decode(t, w.Candidate(p, false))
		for _, k := range always {
			if _, ok := m[k]; !ok {
				t.Fatalf("person %d: key %q missing", i, k)
			}
		}
		for k := range m {
			if !slices.Contains(always, k) && !slices.Contains(occasional, k) {
				t.Fatalf("person %d: unexpected key %q", i, k)
			}
		}
		for _, k := range arrays {
			if _, ok := m[k].([]any); !ok {
				t.Fatalf("person %d: %q is %T, want an array (never null)", i, k, m[k])
			}
		}
		for _, k := range occasional {
			if v, ok := m[k]; ok && (v == nil || v == "" || isEmptyArray(v)) {
				t.Fatalf("person %d: occasional %q present but empty: %v", i, k, v)
			}
		}
		if m["uid"] != p.UID.String() || m["fullName"] != p.FullName {
			t.Fatalf("person %d: uid/fullName %v %v", i, m["uid"], m["fullName"])
		}
		if g := m["gender"]; g != nil && g != "male" && g != "female" {
			t.Fatalf("person %d: gender %v", i, g)
		}
		if _, ok := m["totalExperience"].(float64); !ok {
			t.Fatalf("person %d: totalExperience %T", i, m["totalExperience"])
		}
		checkContacts(t, m["contacts"].([]any))
		checkSocial(t, m["social"].([]any))
		checkExperience(t, m["experience"].([]any))
		checkEducation(t, m["education"].([]any))
	}
}

func isEmptyArray(v any) bool {
	a, ok := v.([]any)
	return ok && len(a) == 0
}

func checkRating(t *testing.T, v any) {
	t.Helper()
	switch v {
	case 70.0, 100.0, "70", "100":
	default:
		t.Fatalf("rating %#v, want 70 or 100 (number or string)", v)
	}
}

var contactTypes = []string{"email", "phone", "link", "skype", "telegram", "whatsapp", "viber", "hangouts",
	"wechat", "qq", "icq", "gtalk", "aim", "windows_live_messenger", "yahoo_messenger"}

func checkContacts(t *testing.T, contacts []any) {
	t.Helper()
	for _, c := range contacts {
		c := c.(map[string]any)
		typ, _ := c["type"].(string)
		if !slices.Contains(contactTypes, typ) {
			t.Fatalf("contact type %q", typ)
		}
		if v, _ := c["value"].(string); v == "" {
			t.Fatalf("contact %v has no value", c)
		}
		checkRating(t, c["rating"])
		sub, present := c["subType"]
		allowed := map[string][]any{"email": {"work", "personal", nil}, "phone": {"work_phone", "mobile", nil}}[typ]
		if allowed == nil {
			allowed = []any{nil}
		}
		if present && !slices.Contains(allowed, sub) {
			t.Fatalf("%s contact with subType %#v", typ, sub)
		}
		if info, ok := c["info"]; ok && (typ != "phone" || info == "") {
			t.Fatalf("info %#v on a %s contact", info, typ)
		}
	}
}

func checkSocial(t *testing.T, social []any) {
	t.Helper()
	for _, s := range social {
		s := s.(map[string]any)
		code, _ := s["type"].(string)
		if !slices.Contains(platformCodes[:], code) {
			t.Fatalf("social type %q is not a platform code", code)
		}
		if link, _ := s["link"].(string); !strings.HasPrefix(link, "https://") {
			t.Fatalf("social link %q", link)
		}
		checkRating(t, s["rating"])
	}
}

func checkExperience(t *testing.T, experience []any) {
	t.Helper()
	keys := []string{"position", "company", "location", "current", "started", "ended", "summary",
		"companyUrl", "companyId", "companySize", "staffCount", "industry", "website"}
	for _, e := range experience {
		e := e.(map[string]any)
		for _, k := range keys {
			if _, ok := e[k]; !ok {
				t.Fatalf("experience key %q missing: %v", k, e)
			}
		}
		for _, k := range []string{"started", "ended"} {
			if v, ok := e[k].(string); ok && !isoRE.MatchString(v) {
				t.Fatalf("%s %q is not ISO 8601 with offset", k, v)
			} else if !ok && e[k] != nil {
				t.Fatalf("%s is %T", k, e[k])
			}
		}
		if e["current"] == true && e["ended"] != nil {
			t.Fatalf("current role with an end: %v", e)
		}
		if _, ok := e["staffCount"].(float64); !ok && e["staffCount"] != "n/a" {
			t.Fatalf("staffCount %#v", e["staffCount"])
		}
		for _, k := range []string{"companyUrl", "companySize", "industry", "website", "summary", "position", "company"} {
			if _, ok := e[k].(string); !ok {
				t.Fatalf("experience %q is %T", k, e[k])
			}
		}
	}
}

func checkEducation(t *testing.T, education []any) {
	t.Helper()
	for _, e := range education {
		e := e.(map[string]any)
		for _, k := range []string{"university", "faculty", "degree", "url", "startedYear", "endedYear"} {
			if _, ok := e[k]; !ok {
				t.Fatalf("education key %q missing: %v", k, e)
			}
		}
		if _, ok := e["degree"].([]any); !ok {
			t.Fatalf("degree is %T", e["degree"])
		}
		for _, k := range []string{"startedYear", "endedYear"} {
			if y, ok := e[k].(float64); !ok && e[k] != nil || ok && (y < 1900 || y > 2100) {
				t.Fatalf("%s %#v", k, e[k])
			}
		}
	}
}

func TestCandidateWithoutContacts(t *testing.T) {
	t.Parallel()
	w := testWorld()
	for i := 0; i < w.Len(); i += 13 {
		p := w.Person(i)
		m := decode(t, w.Candidate(p, true))
		if c := m["contacts"].([]any); len(c) != 0 {
			t.Fatalf("person %d: withoutContacts has contacts %v", i, c)
		}
		social := m["social"].([]any)
		hasLI := p.Social&SocialLinkedIn != 0
		switch {
		case hasLI && len(social) != 1, !hasLI && len(social) != 0:
			t.Fatalf("person %d: withoutContacts social %v (has li: %v)", i, social, hasLI)
		case hasLI:
			s := social[0].(map[string]any)
			if s["type"] != "li" || s["link"] != p.ProfileURL() {
				t.Fatalf("person %d: social %v", i, s)
			}
		}
		// Apart from contacts and social, the profile is the same.
		full := decode(t, w.Candidate(p, false))
		for k, v := range m {
			if k == "contacts" || k == "social" {
				continue
			}
			a, _ := json.Marshal(v)
			b, _ := json.Marshal(full[k])
			if string(a) != string(b) {
				t.Fatalf("person %d: %q differs with and without contacts", i, k)
			}
		}
	}
}

// Across the world, every looseness the client must cope with occurs.
func TestCandidateLooseness(t *testing.T) {
	t.Parallel()
	w := testWorld()
	seen := map[string]bool{}
	mark := func(what string, cond bool) {
		if cond {
			seen[what] = true
		}
	}
	for i := 0; i < w.Len(); i += 5 {
		m := decode(t, w.Candidate(w.Person(i), false))
		mark("null headLine", m["headLine"] == nil)
		mark("null summary", m["summary"] == nil)
		mark("null photo", m["photo"] == nil)
		mark("null gender", m["gender"] == nil)
		mark("empty skills", isEmptyArray(m["skills"]))
		mark("empty experience", isEmptyArray(m["experience"]))
		for _, k := range []string{"addresses", "birthday", "alternativeNames"} {
			_, ok := m[k]
			mark(k+" present", ok)
			mark(k+" absent", !ok)
		}
		for _, k := range []string{"language", "organization", "certification", "course", "project",
			"publication", "patent", "honorAward"} {
			mark(k+" filled", !isEmptyArray(m[k]))
			mark(k+" empty", isEmptyArray(m[k]))
		}
		for _, c := range m["contacts"].([]any) {
			c := c.(map[string]any)
			_, isString := c["rating"].(string)
			mark("string rating", isString)
			sub, ok := c["subType"]
			mark("absent subType", !ok)
			mark("null subType", ok && sub == nil)
			_, info := c["info"]
			mark("phone info", info)
			for _, typ := range []string{"skype", "telegram", "whatsapp", "link"} {
				mark("contact "+typ, c["type"] == typ)
			}
		}
		for _, e := range m["experience"].([]any) {
			e := e.(map[string]any)
			mark("null job location", e["location"] == nil)
			mark("null start", e["started"] == nil)
			for _, k := range []string{"companyUrl", "companySize", "staffCount", "industry", "website"} {
				mark("n/a "+k, e[k] == "n/a")
			}
		}
		for _, e := range m["education"].([]any) {
			e := e.(map[string]any)
			mark("null education year", e["startedYear"] == nil)
			mark("no degree", isEmptyArray(e["degree"]))
		}
	}
	for _, what := range []string{"null headLine", "null summary", "null photo", "null gender", "empty skills",
		"empty experience", "addresses present", "addresses absent", "birthday present", "birthday absent",
		"alternativeNames present", "alternativeNames absent", "string rating", "absent subType",
		"null subType", "phone info", "contact skype", "contact telegram", "contact whatsapp", "contact link",
		"null job location", "null start", "n/a companyUrl", "n/a companySize", "n/a staffCount",
		"n/a industry", "n/a website", "null education year", "no degree",
		"language filled", "organization filled", "certification filled", "course filled", "project filled",
		"publication filled", "patent filled", "honorAward filled", "patent empty"} {
		if !seen[what] {
			t.Errorf("never saw %s", what)
		}
	}
}

func TestCompanyInfoJSON(t *testing.T) {
	w := testWorld()
	for _, c := range w.Companies()[:200] {
		var m map[string]any
		if err := json.Unmarshal(w.CompanyInfo(c), &m); err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			key  string
			kind string
		}{
			{"name", "string"}, {"linkedinId", "string"}, {"industry", "string"}, {"description", "string"},
			{"founded", "number"}, {"logo", "string"}, {"url", "string"}, {"website", "string"},
			{"phone", "string|null"}, {"type", "string"}, {"staffCount", "number"},
			{"staffCountRange", "number"}, {"staffingCompany", "bool"}, {"specialities", "array"},
			{"confirmedLocations", "array"},
		} {
			v, ok := m[tc.key]
			if !ok {
				t.Fatalf("company %s: key %q missing", c.Slug, tc.key)
			}
			var kind string
			switch v.(type) {
			case string:
				kind = "string"
			case float64:
				kind = "number"
			case bool:
				kind = "bool"
			case []any:
				kind = "array"
			case nil:
				kind = "null"
			}
			if !strings.Contains(tc.kind, kind) {
				t.Fatalf("company %s: %q is %s, want %s", c.Slug, tc.key, kind, tc.kind)
			}
		}
		if m["linkedinId"] != strings.TrimSpace(m["linkedinId"].(string)) || m["name"] != c.Name {
			t.Fatalf("company %s: %v", c.Slug, m)
		}
		locs := m["confirmedLocations"].([]any)
		if len(locs) == 0 || locs[0].(map[string]any)["headquarter"] != true {
			t.Fatalf("company %s: first location is not the head office: %v", c.Slug, locs)
		}
		allowed := []string{"country", "city", "geographicArea", "postalCode", "line1", "line2", "description",
			"headquarter", "streetAddressOptOut"}
		for _, l := range locs {
			for k := range l.(map[string]any) {
				if !slices.Contains(allowed, k) {
					t.Fatalf("company %s: location key %q", c.Slug, k)
				}
			}
		}
	}
}

// The texts a search engine reads through Headline, Summary and
// JobDescription are the ones Candidate shows, and the places of roles
// are rolePlace's, at the world's start and ten years on.
func TestDerivedTextsMatchCandidate(t *testing.T) {
	start := testWorld()
	later, err := start.Advance(3650)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []*World{start, later} {
		for i := 0; i < w.Len(); i += 97 {
			p := w.Person(i)
			m := decode(t, w.Candidate(p, false))
			asString := func(v any) string { s, _ := v.(string); return s }
			if got, want := w.Headline(p), asString(m["headLine"]); got != want {
				t.Fatalf("person %d: Headline %q, candidate %q", i, got, want)
			}
			if got, want := w.Summary(p), asString(m["summary"]); got != want {
				t.Fatalf("person %d: Summary %q, candidate %q", i, got, want)
			}
			for k, e := range m["experience"].([]any) {
				e := e.(map[string]any)
				if got, want := w.JobDescription(p, k), e["summary"]; got != want {
					t.Fatalf("person %d job %d: JobDescription %q, candidate %q", i, k, got, want)
				}
				want := any(nil)
				if at := w.rolePlace(p.Jobs[k]); at >= 0 {
					want = w.Places()[at].Display
				}
				if got := e["location"]; got != want {
					t.Fatalf("person %d job %d: location %v, rolePlace %v", i, k, got, want)
				}
			}
		}
	}
}

// A summary says the profile as it is at the world's clock: the years of
// experience it counts and the current title; ten years on, the same
// person's summary has moved on with them.
func TestSummaryFollowsClock(t *testing.T) {
	start := testWorld()
	later, err := start.Advance(3650)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for i := 0; i < start.Len() && checked < 200; i++ {
		p := later.Person(i)
		j, ok := p.CurrentJob()
		s := later.Summary(p)
		if !ok || s == "" || later.TotalYears(p) < 2 {
			continue
		}
		want := later.Title(j.Title).Name + " with " + strconv.Itoa(later.TotalYears(p)) + "+ years of experience"
		if !strings.HasPrefix(s, want) {
			t.Fatalf("person %d ten years on: summary %q, want it to begin %q", i, s, want)
		}
		if before := start.Summary(start.Person(i)); before == s && start.TotalYears(start.Person(i)) != later.TotalYears(p) {
			t.Fatalf("person %d: the summary of ten years before, %q, is unchanged", i, s)
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no summary of a current role checked")
	}
}

// A headline says "Student at" only while its writer studies and holds
// no role.
func TestStudentHeadlines(t *testing.T) {
	start := testWorld()
	later, err := start.Advance(3650)
	if err != nil {
		t.Fatal(err)
	}
	students := 0
	for _, w := range []*World{start, later} {
		for i := range w.Len() {
			p := w.Person(i)
			if p.Has&HasHeadline == 0 || !strings.HasPrefix(w.Headline(p), "Student at ") {
				continue
			}
			if _, working := p.CurrentJob(); working || !w.studying(p) {
				t.Fatalf("person %d (working %v, studies %v) at %s: %q", i, working, p.Education, w.Clock().Format("2006-01"), w.Headline(p))
			}
			students++
		}
	}
	if students == 0 {
		t.Fatal("no student headline: the test checked nothing")
	}
}

// A role at a company of more than bigCompany staff is shown at its head
// office or in a town of officeTown people (or the country's largest
// place); rolePlace gives back a place it returns, draws nothing, and
// leaves the roles of smaller companies where they were drawn.
func TestRolePlace(t *testing.T) {
	w := testWorld()
	g := w.geo
	var giant, small *Company
	for _, c := range w.Companies() {
		switch {
		case giant == nil && c.StaffCount > bigCompany:
			giant = c
		case small == nil && c.StaffCount <= bigCompany:
			small = c
		}
	}
	if giant == nil || small == nil {
		t.Fatal("the world lacks a giant or a small company")
	}
	for i := range g.places {
		at := int32(i)
		if got := w.rolePlace(Job{Company: small.Index, Location: at}); got != at {
			t.Fatalf("a role at %s (%d staff) in %s is shown in %s", small.Name, small.StaffCount, g.places[at].Display, g.places[got].Display)
		}
		got := w.rolePlace(Job{Company: giant.Index, Location: at})
		if again := w.rolePlace(Job{Company: giant.Index, Location: got}); again != got {
			t.Fatalf("%s: rolePlace moves %s on to %s", giant.Name, g.places[got].Display, g.places[again].Display)
		}
		if g.placeCountry[got] != g.placeCountry[at] {
			t.Fatalf("%s: a role drawn in %s is shown in %s", giant.Name, g.places[at].Display, g.places[got].Display)
		}
		town := g.cityOf[got]
		if got != giant.City && g.places[town].Population < officeTown && town != g.hubs[g.placeCountry[town]][0] {
			t.Fatalf("%s: a role drawn in %s is shown in %s, of %d people", giant.Name, g.places[at].Display, g.places[got].Display, g.places[town].Population)
		}
	}
	if got := w.rolePlace(Job{Company: giant.Index, Location: -1}); got != -1 {
		t.Fatalf("a role of unknown place is shown in %d", got)
	}
}

// A person's birthday is the same in every snapshot of the world, and
// their home address the same while they live in one city: a move to
// another city gives a street of the new one.
func TestSnapshotsKeepBirthdayAndHome(t *testing.T) {
	start := testWorld()
	later, err := start.Advance(3650)
	if err != nil {
		t.Fatal(err)
	}
	type home struct {
		Birthday  string `json:"birthday"`
		Addresses []struct {
			Display string `json:"display"`
		} `json:"addresses"`
	}
	read := func(w *World, i int) home {
		var h home
		if err := json.Unmarshal(w.Candidate(w.Person(i), false), &h); err != nil {
			t.Fatal(err)
		}
		return h
	}
	birthdays, stayed, moved := 0, 0, 0
	for i := range start.Len() {
		a, b := read(start, i), read(later, i)
		if a.Birthday != b.Birthday {
			t.Fatalf("person %d: born %s, and ten years on %s", i, a.Birthday, b.Birthday)
		}
		if a.Birthday != "" {
			birthdays++
		}
		if len(a.Addresses) == 0 || len(b.Addresses) == 0 {
			continue
		}
		was, is := start.Person(i).City, later.Person(i).City
		if was == is {
			stayed++
			if a.Addresses[0] != b.Addresses[0] {
				t.Fatalf("person %d stayed in %s, but lives at %q, then at %q", i, start.Places()[is].Display, a.Addresses[0].Display, b.Addresses[0].Display)
			}
			continue
		}
		moved++
		if !strings.Contains(b.Addresses[0].Display, later.Places()[is].Name) {
			t.Fatalf("person %d moved to %s, but lives at %q", i, later.Places()[is].Display, b.Addresses[0].Display)
		}
	}
	if birthdays == 0 || stayed == 0 || moved == 0 {
		t.Fatalf("%d birthdays, %d homes kept, %d homes moved: want some of each", birthdays, stayed, moved)
	}
}
