package wire

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/enrich-dev/enrich/internal/untrusted"
)

// hostile is what a hostile service puts in its words: a window title,
// a clipboard write (OSC 52), a cleared screen, a forged line, NUL, C1,
// and bidirectional overrides.
const hostile = "\x1b]0;title\x07\x1b]52;c;ZXZpbA==\x07\x1b[2J\r\nall rows found\u009b\x7f\x00\u202e\u2066\u200f\u061c"

// shown reports the first character of s a terminal or a file must not
// get, where tabs and line feeds are allowed only if lines is true.
func shown(s string, lines bool) (rune, bool) {
	for _, r := range s {
		if untrusted.Hidden(r) && !(lines && (r == '\t' || r == '\n')) {
			return r, true
		}
	}
	return 0, false
}

// TestResultStatusHostile: an item's status is the service's word on it;
// an unknown one, hostile or eight megabytes long, is read as one clean
// line of at most untrusted.MaxMessage bytes. The raw item is as sent.
func TestResultStatusHostile(t *testing.T) {
	huge := strings.Repeat("failed"+hostile, 8<<20/len("failed"+hostile))
	for name, status := range map[string]string{"escapes": "failed" + hostile, "huge": huge} {
		body, _ := json.Marshal([]map[string]string{{"item": "a@b.example", "status": status}, {"item": "c@d.example", "status": "failed"}})
		results, err := ParseResults(body)
		if err != nil {
			t.Fatal(err)
		}
		got := string(results[0].Status)
		if r, bad := shown(got, false); bad || len(got) > untrusted.MaxMessage || !strings.HasPrefix(got, "failed]0;title") {
			t.Errorf("%s: status of %d bytes %q, holds %U", name, len(got), got[:min(len(got), 80)], r)
		}
		if results[1].Status != StatusFailed {
			t.Errorf("%s: a known status read as %q", name, results[1].Status)
		}
		if !bytes.Contains(results[0].Raw, []byte(`\u001b]0;title`)) {
			t.Errorf("%s: the raw item lost what the service sent", name)
		}
	}
}

// TestSearchProfileHostile: a search profile's texts are shown (a row's
// error, the candidates sheet, a search's export): they lose their
// controls and bidirectional characters, and Raw keeps what was sent.
func TestSearchProfileHostile(t *testing.T) {
	body, _ := json.Marshal(map[string]any{"uid": "0123", "fullName": "Jane" + hostile, "location": "Paris" + hostile,
		"skills": []string{"Go" + hostile}, "experience": []any{map[string]any{"title": "CTO" + hostile, "company": "Acme" + hostile}}})
	var p SearchProfile
	if err := json.Unmarshal(body, &p); err != nil {
		t.Fatal(err)
	}
	for _, v := range []string{p.FullName, p.Location, p.Skills[0], p.Experience[0].Title, p.Experience[0].Company} {
		if r, bad := shown(v, true); bad {
			t.Errorf("value %q holds %U", v, r)
		}
	}
	if p.FullName != "Jane]0;title]52;c;ZXZpbA==[2J\nall rows found" {
		t.Errorf("full name %q", p.FullName)
	}
	if !bytes.Equal(p.Raw, body) {
		t.Error("Raw is not the profile as sent")
	}
}

// TestCompanyHostile: a company's slug and name (`enrich company find`)
// are one clean line each; its details (`enrich company info`) lose their
// control and bidirectional characters, and Raw keeps what was sent.
func TestCompanyHostile(t *testing.T) {
	var ref CompanyRef
	if err := json.Unmarshal([]byte(`{"id": 7, "slug": "acme\u001b[2J", "company": "Acme\u202e\u0000\r\nInc"}`), &ref); err != nil {
		t.Fatal(err)
	}
	if ref.Slug != "acme[2J" || ref.Company != "Acme Inc" {
		t.Errorf("slug %q, name %q", ref.Slug, ref.Company)
	}
	body, _ := json.Marshal(map[string]any{"name": "Acme" + hostile, "description": "We make\nthings" + hostile, "industry": "Tools" + hostile,
		"website": "acme.example" + hostile, "specialities": []string{"Anvils" + hostile},
		"confirmedLocations": []any{map[string]any{"city": "Paris" + hostile, "line1": "1 rue" + hostile}}})
	var info CompanyInfo
	if err := json.Unmarshal(body, &info); err != nil {
		t.Fatal(err)
	}
	for _, v := range []string{string(info.Name), string(info.Description), string(info.Industry), string(info.Website),
		info.Specialities[0], string(info.ConfirmedLocations[0].City), string(info.ConfirmedLocations[0].Line1)} {
		if r, bad := shown(v, true); bad {
			t.Errorf("value %q holds %U", v, r)
		}
	}
	if !strings.HasPrefix(string(info.Description), "We make\nthings]0;title") || !bytes.Equal(info.Raw, body) {
		t.Errorf("description %q; Raw as sent %v", info.Description, bytes.Equal(info.Raw, body))
	}
}
