package world

import (
	"strings"
	"testing"

	"github.com/nyaruka/phonenumbers"
)

func TestFind(t *testing.T) {
	w := testWorld()
	p := personWith(t, func(p *Person) bool { return len(p.Emails) > 0 && len(p.Phones) > 0 })
	other := personWith(t, func(o *Person) bool { return o != p && len(o.Phones) > 0 })
	slug, email, uid := p.Slug, p.Emails[0].Address, p.UID.String()
	e164 := p.Phones[0].E164()
	pn, err := phonenumbers.Parse(e164, "")
	if err != nil {
		t.Fatal(err)
	}
	intl := phonenumbers.Format(pn, phonenumbers.INTERNATIONAL) // "+49 151 23456789"
	national := phonenumbers.Format(pn, phonenumbers.NATIONAL)  // "0151 23456789"
	digits := strings.TrimPrefix(e164, "+")
	cc := len(digits) - len(phonenumbers.GetNationalSignificantNumber(pn))

	for _, tc := range []struct {
		name, item string
		want       *Person // nil: not found
	}{
		{"canonical URL", "https://www.linkedin.com/in/" + slug, p},
		{"http", "http://www.linkedin.com/in/" + slug, p},
		{"no scheme", "www.linkedin.com/in/" + slug, p},
		{"no www", "linkedin.com/in/" + slug, p},
		{"https no www", "https://linkedin.com/in/" + slug, p},
		{"mobile host", "https://m.linkedin.com/in/" + slug, p},
		{"country host", "https://de.linkedin.com/in/" + slug, p},
		{"upper-case host", "HTTPS://WWW.LINKEDIN.COM/in/" + slug, p},
		{"upper-case slug", "https://www.linkedin.com/in/" + strings.ToUpper(slug), p},
		{"trailing slash", "https://www.linkedin.com/in/" + slug + "/", p},
		{"tracking query", "https://www.linkedin.com/in/" + slug + "?trk=public_profile_browsemap", p},
		{"slash and query", "https://www.linkedin.com/in/" + slug + "/?originalSubdomain=de", p},
		{"fragment", "https://www.linkedin.com/in/" + slug + "#experience", p},
		{"spaces around URL", "  https://www.linkedin.com/in/" + slug + " \t", p},
		{"e-mail", email, p},
		{"e-mail upper case", strings.ToUpper(email), p},
		{"e-mail spaces", "  " + email + " ", p},
		{"e-mail mailto", "mailto:" + email, p},
		{"e-mail with name", "Someone <" + email + ">", p},
		{"E.164", e164, p},
		{"international format", intl, p},
		{"dashes", "+" + digits[:cc] + "-" + digits[cc:cc+3] + "-" + digits[cc+3:], p},
		{"dots", "+" + digits[:cc] + "." + digits[cc:cc+3] + "." + digits[cc+3:], p},
		{"parentheses", "+" + digits[:cc] + " (" + digits[cc:cc+3] + ") " + digits[cc+3:], p},
		{"00 prefix", "00" + digits, p},
		{"00 prefix spaced", "00 " + digits[:cc] + " " + digits[cc:], p},
		{"no plus", digits, p},
		{"tel URI", "tel:" + e164, p},
		{"uid", uid, p},
		{"uid upper case", strings.ToUpper(uid), p},
		{"uid spaces", " " + uid + " ", p},
		{"other person's phone", other.Phones[0].E164(), other},

		{"empty", "", nil},
		{"spaces", "   ", nil},
		{"unknown slug", "https://www.linkedin.com/in/" + slug + "-x9", nil},
		{"company page", "https://www.linkedin.com/company/" + slug, nil},
		{"no slug", "https://www.linkedin.com/in/", nil},
		{"other site", "https://www.example.com/in/" + slug, nil},
		{"lookalike host", "https://notlinkedin.com/in/" + slug, nil},
		{"unknown e-mail", "nobody-at-all@example.org", nil},
		{"e-mail local part only", strings.Split(email, "@")[0] + "@", nil},
		{"national number", national, nil},
		{"unknown phone", "+1 000 000 0000", nil},
		{"too short", "+12", nil},
		{"phone with letters", e164 + "x12", nil},
		{"unknown uid", strings.Repeat("0", 32), nil},
		{"31 hex digits", uid[:31], nil},
		{"garbage", "n/a", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := w.Find(tc.item)
			switch {
			case tc.want == nil && ok:
				t.Errorf("Find(%q) = person %d, want not found", tc.item, got.Index)
			case tc.want != nil && !ok:
				t.Errorf("Find(%q) not found, want person %d", tc.item, tc.want.Index)
			case tc.want != nil && got != tc.want:
				t.Errorf("Find(%q) = person %d, want %d", tc.item, got.Index, tc.want.Index)
			}
		})
	}
}

// Every identifier of every person resolves to that person.
func TestFindEveryIdentifier(t *testing.T) {
	w := testWorld()
	for i := 0; i < w.Len(); i += 7 {
		p := w.Person(i)
		items := []string{p.ProfileURL(), p.UID.String()}
		for _, e := range p.Emails {
			items = append(items, e.Address)
		}
		for _, ph := range p.Phones {
			items = append(items, ph.E164())
		}
		for _, item := range items {
			if got, ok := w.Find(item); !ok || got != p {
				t.Fatalf("Find(%q) = %v, %v; want person %d", item, got, ok, i)
			}
		}
	}
}

func TestPhoneDigits(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want uint64 // 0: rejected
	}{
		{"+4915123456789", 4915123456789},
		{"+49 151 2345 6789", 4915123456789},
		{"0049 151 23456789", 4915123456789},
		{"(+1) 512.555.0123", 15125550123},
		{"+1 (512) 555-0123", 15125550123},
		{"4915123456789", 4915123456789},
		{"+49/151/23456789", 4915123456789},
		{"0151 23456789", 0},
		{"+49 151 2345 6789 ext. 12", 0},
		{"1234", 0},
		{"+1+2345678", 0},
		{"", 0},
	} {
		got, ok := PhoneDigits(tc.in)
		if ok != (tc.want != 0) || got != tc.want {
			t.Errorf("PhoneDigits(%q) = %d, %v; want %d", tc.in, got, ok, tc.want)
		}
	}
}

func TestProfileSlug(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"https://www.linkedin.com/in/jane-doe-4a1b2c", "jane-doe-4a1b2c"},
		{"linkedin.com/in/Jane-Doe/", "jane-doe"},
		{"//uk.linkedin.com/in/jane?trk=x", "jane"},
		{"https://www.linkedin.com/in/jos%C3%A9", "josé"},
		{"https://www.linkedin.com/company/acme", ""},
		{"https://linkedin.com.evil.io/in/jane", ""},
		{"https://www.linkedin.com/in/", ""},
	} {
		got, ok := ProfileSlug(tc.in)
		if ok != (tc.want != "") || got != tc.want {
			t.Errorf("ProfileSlug(%q) = %q, %v; want %q", tc.in, got, ok, tc.want)
		}
	}
}

func FuzzFind(f *testing.F) {
	w := New(Config{People: 500})
	s := w.Sample(3)
	for _, seed := range [][]string{s.LinkedIn, s.Email, s.Phone, s.UID, {"", "n/a", "+", "00", "@", "linkedin.com/in/"}} {
		for _, item := range seed {
			f.Add(item)
		}
	}
	f.Fuzz(func(t *testing.T, item string) {
		p, ok := w.Find(item)
		if !ok {
			return
		}
		// Whatever matched must be one of the person's identifiers.
		again := []string{p.ProfileURL(), p.UID.String()}
		for _, e := range p.Emails {
			again = append(again, e.Address)
		}
		for _, ph := range p.Phones {
			again = append(again, ph.E164())
		}
		for _, id := range again {
			if q, ok := w.Find(id); !ok || q != p {
				t.Fatalf("Find(%q) found person %d, whose identifier %q does not resolve back", item, p.Index, id)
			}
		}
	})
}
