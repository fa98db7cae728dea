package ident

import (
	"errors"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestNormalizeLinkedIn(t *testing.T) {
	const want = "https://www.linkedin.com/in/jane-doe-42"
	for _, tc := range []struct {
		raw, want, reason string
	}{
		{raw: "https://www.linkedin.com/in/jane-doe-42", want: want},
		{raw: "http://linkedin.com/in/jane-doe-42/", want: want},
		{raw: "linkedin.com/in/jane-doe-42", want: want},
		{raw: "www.linkedin.com/in/jane-doe-42", want: want},
		{raw: "  HTTPS://WWW.LINKEDIN.COM/in/Jane-Doe-42  ", want: want},
		{raw: "https://uk.linkedin.com/in/jane-doe-42?trk=public_profile", want: want},
		{raw: "https://m.linkedin.com/in/jane-doe-42#experience", want: want},
		{raw: "https://de.linkedin.com/in/jane-doe-42/en", want: want},
		{raw: "https://www.linkedin.com/in/jane-doe-42/details/experience/", want: want},
		{raw: "https://www.linkedin.com/IN/jane-doe-42", want: want},
		{raw: "//linkedin.com/in/jane-doe-42", want: want},
		{raw: "<https://www.linkedin.com/in/jane-doe-42>", want: want},
		{raw: "https://www.linkedin.com/in/j%C3%BCrgen-m%C3%BCller", want: "https://www.linkedin.com/in/jürgen-müller"},
		{raw: "https://www.linkedin.com/in/Jürgen-Müller", want: "https://www.linkedin.com/in/jürgen-müller"},
		{raw: "https://www.linkedin.com/in/%E7%8E%8B%E5%B0%8F%E6%98%8E", want: "https://www.linkedin.com/in/王小明"},
		{raw: "https://www.linkedin.com/pub/jane-doe/1/2/3", reason: "not a profile URL (/pub/ path)"},
		{raw: "https://www.linkedin.com/company/acme", reason: "not a profile URL (/company/ path)"},
		{raw: "https://www.linkedin.com/sales/lead/ACwAAA,NAME_SEARCH", reason: "not a profile URL (/sales/ path)"},
		{raw: "https://www.linkedin.com/", reason: "not a profile URL (no /in/ path)"},
		{raw: "https://www.linkedin.com/xyz/jane", reason: "not a profile URL (no /in/ path)"},
		{raw: "https://www.linkedin.com/in/", reason: "profile URL without a name after /in/"},
		{raw: "https://www.linkedin.com/in/jane%ZZ", reason: "not a URL"},
		{raw: "https://www.linkedin.com/in/jane.doe", reason: "profile URL with a malformed name"},
		{raw: "https://acme.com", reason: "not a professional-network URL"},
		{raw: "https://linkedin.com.evil.example/in/jane", reason: "not a professional-network URL"},
		{raw: "https://notlinkedin.com/in/jane", reason: "not a professional-network URL"},
		{raw: "ftp://linkedin.com/in/jane", reason: "not a web URL"},
		{raw: "jane doe", reason: "not a profile URL (contains spaces)"},
		{raw: "", reason: "empty profile URL"},
	} {
		got, err := NormalizeLinkedIn(tc.raw)
		checkNormalized(t, tc.raw, got, err, tc.want, tc.reason)
	}
}

func TestNormalizeEmail(t *testing.T) {
	for _, tc := range []struct {
		raw, want, reason string
	}{
		{raw: "jane@example.com", want: "jane@example.com"},
		{raw: "  Jane.Doe+leads@Example.COM ", want: "jane.doe+leads@example.com"},
		{raw: "mailto:jane@example.com", want: "jane@example.com"},
		{raw: "MAILTO:jane@example.com?subject=hi", want: "jane@example.com"},
		{raw: "<jane@example.com>", want: "jane@example.com"},
		{raw: "o'brien@example.ie", want: "o'brien@example.ie"},
		{raw: "José@Exemplo.com.br", want: "josé@exemplo.com.br"},
		{raw: "user@xn--80ak6aa92e.xn--p1ai", want: "user@xn--80ak6aa92e.xn--p1ai"},
		{raw: "", reason: "empty e-mail address"},
		{raw: "jane.example.com", reason: "e-mail address without @"},
		{raw: "jane@@example.com", reason: "e-mail address with more than one @"},
		{raw: "jane doe@example.com", reason: "e-mail address contains spaces"},
		{raw: "@example.com", reason: "e-mail address without a name before @"},
		{raw: "jane@", reason: "e-mail address without a domain after @"},
		{raw: "jane@localhost", reason: "e-mail domain without a dot"},
		{raw: "jane..doe@example.com", reason: "e-mail name before @ has misplaced dots"},
		{raw: ".jane@example.com", reason: "e-mail name before @ has misplaced dots"},
		{raw: "ja(ne)@example.com", reason: "e-mail name before @ has invalid characters"},
		{raw: "jane@exa_mple.com", reason: "e-mail domain is malformed"},
		{raw: "jane@-example.com", reason: "e-mail domain is malformed"},
		{raw: "jane@example..com", reason: "e-mail domain is malformed"},
		{raw: "jane@example.c", reason: "e-mail domain has no valid top-level domain"},
		{raw: "jane@example.123", reason: "e-mail domain has no valid top-level domain"},
		{raw: "jane@[10.0.0.1]", reason: "e-mail domain is malformed"},
		{raw: strings.Repeat("a", 65) + "@example.com", reason: "e-mail name before @ longer than 64 characters"},
		{raw: "a@" + strings.Repeat("b", 250) + ".com", reason: "e-mail address longer than 254 characters"},
	} {
		got, err := NormalizeEmail(tc.raw)
		checkNormalized(t, tc.raw, got, err, tc.want, tc.reason)
	}
}

func TestNormalizePhone(t *testing.T) {
	const noRegion = "phone number without country code; set --default-region"
	const lost = "the cell lost digits (scientific notation, e.g. 4.2E+11); format the column as text and export again"
	const extension = "a number with an extension reaches a desk through a switchboard, not a person's own line; it is not looked up"
	for _, tc := range []struct {
		raw, region, want, reason string
	}{
		{raw: "+1 415 555 0123", want: "+14155550123"},
		{raw: "+1 (415) 555-0123", region: "DE", want: "+14155550123"},
		{raw: "+49 30 901820", want: "+4930901820"},
		{raw: "+44 20 7946 0958", want: "+442079460958"},
		{raw: "0049 30 901820", want: "+4930901820"},
		{raw: "tel:+33-1-42-68-53-00", want: "+33142685300"},
		{raw: "+1 415 555 0123 ext. 45", reason: extension},
		{raw: "+1 415 555 0123 x14", reason: extension},
		{raw: "(415) 555-0123 ext 7", region: "US", reason: extension},
		{raw: "+44 20 7946 0958 #12", reason: extension},
		{raw: "(415) 555-0123", region: "US", want: "+14155550123"},
		{raw: "1-415-555-0123", region: "us", want: "+14155550123"},
		{raw: "030 901820", region: "DE", want: "+4930901820"},
		{raw: "0049 30 901820", region: "US", want: "+4930901820"},
		{raw: "14155550123", want: "+14155550123"},
		{raw: "14155550123.0", want: "+14155550123"},
		{raw: "14155550123", region: "FR", want: "+14155550123"},
		{raw: "(415) 555-0123", reason: noRegion},
		{raw: "4155550123", reason: noRegion},
		{raw: "030 901820", reason: noRegion},
		{raw: "4.15555E+11", reason: lost},
		{raw: "1.41556E+10", region: "US", reason: lost},
		{raw: "4,15555E+11", reason: lost},
		{raw: "555-0123", region: "US", reason: "not a valid phone number in region US"},
		{raw: "+1 555 555 0000", reason: "not a valid phone number for country code +1"},
		{raw: "+999 1234 5678", reason: "phone number with an unknown country code"},
		{raw: "123", reason: "not a phone number (too few digits)"},
		{raw: "call me", reason: "not a phone number (too few digits)"},
		{raw: "", reason: "empty phone number"},
		{raw: strings.Repeat("1", 70), reason: "too long to be a phone number"},
	} {
		got, err := NormalizePhone(tc.raw, tc.region)
		checkNormalized(t, tc.raw+" in "+tc.region, got, err, tc.want, tc.reason)
	}
}

func TestNormalizeUID(t *testing.T) {
	const bad = "uid is not 32 hex characters"
	for _, tc := range []struct {
		raw, want, reason string
	}{
		{raw: "0123456789abcdef0123456789abcdef", want: "0123456789abcdef0123456789abcdef"},
		{raw: " 0123456789ABCDEF0123456789ABCDEF ", want: "0123456789abcdef0123456789abcdef"},
		{raw: "0123456789abcdef0123456789abcde", reason: bad},
		{raw: "01234567-89ab-cdef-0123-456789abcdef", reason: bad},
		{raw: "0123456789abcdef0123456789abcdeg", reason: bad},
		{raw: "", reason: "empty uid"},
	} {
		got, err := NormalizeUID(tc.raw)
		checkNormalized(t, tc.raw, got, err, tc.want, tc.reason)
	}
}

func checkNormalized(t *testing.T, raw, got string, err error, want, reason string) {
	t.Helper()
	if reason != "" {
		var ie *InvalidError
		if err == nil || !errors.As(err, &ie) || err.Error() != reason {
			t.Errorf("%q: got %q, %v; want reason %q", raw, got, err, reason)
		}
		return
	}
	if err != nil || got != want {
		t.Errorf("%q: got %q, %v; want %q", raw, got, err, want)
	}
}

func TestNormalizeDispatch(t *testing.T) {
	for _, tc := range []struct {
		kind      Kind
		raw, want string
	}{
		{LinkedIn, "linkedin.com/in/x-y", "https://www.linkedin.com/in/x-y"},
		{Email, "A@B.CO", "a@b.co"},
		{Phone, "+14155550123", "+14155550123"},
		{UID, "ABCDEF0123456789ABCDEF0123456789", "abcdef0123456789abcdef0123456789"},
	} {
		got, err := Normalize(tc.kind, tc.raw, "")
		if err != nil || got != tc.want {
			t.Errorf("Normalize(%v, %q) = %q, %v; want %q", tc.kind, tc.raw, got, err, tc.want)
		}
	}
	if _, err := Normalize(Kind(0), "x", ""); err == nil {
		t.Error("Normalize with kind 0: no error")
	}
}

func TestKind(t *testing.T) {
	for _, k := range Kinds {
		got, err := ParseKind(" " + strings.ToUpper(k.String()) + " ")
		if err != nil || got != k {
			t.Errorf("ParseKind(%q) = %v, %v", k.String(), got, err)
		}
		b, err := k.MarshalText()
		if err != nil || string(b) != k.String() {
			t.Errorf("MarshalText(%v) = %s, %v", k, b, err)
		}
	}
	if _, err := ParseKind("fax"); err == nil || !strings.Contains(err.Error(), "linkedin, email, phone or uid") {
		t.Errorf("ParseKind(fax) error = %v", err)
	}
	for _, tc := range []struct {
		prefer, want []Kind
	}{
		{nil, []Kind{LinkedIn, Email, Phone, UID}},
		{[]Kind{Phone}, []Kind{Phone, LinkedIn, Email, UID}},
		{[]Kind{UID, Email, UID}, []Kind{UID, Email, LinkedIn, Phone}},
	} {
		if got := Order(tc.prefer); !equalKinds(got, tc.want) {
			t.Errorf("Order(%v) = %v; want %v", tc.prefer, got, tc.want)
		}
	}
}

func equalKinds(a, b []Kind) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestCheckRegion(t *testing.T) {
	for _, tc := range []struct {
		in, want, errPart string
	}{
		{in: "", want: ""},
		{in: "us", want: "US"},
		{in: " DE ", want: "DE"},
		{in: "UK", errPart: "did you mean GB?"},
		{in: "XX", errPart: "two-letter ISO 3166 code"},
	} {
		got, err := CheckRegion(tc.in)
		if tc.errPart != "" {
			if err == nil || !strings.Contains(err.Error(), tc.errPart) {
				t.Errorf("CheckRegion(%q) = %q, %v; want error containing %q", tc.in, got, err, tc.errPart)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("CheckRegion(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
}

func TestPlausible(t *testing.T) {
	for _, tc := range []struct {
		kind   Kind
		raw    string
		region string
		want   bool
	}{
		{LinkedIn, "linkedin.com/in/jane", "", true},
		{LinkedIn, "https://www.linkedin.com/pub/jane/1/2/3", "", true},
		{LinkedIn, "https://acme.com", "", false},
		{LinkedIn, "www.acme.io/in/jane", "", false},
		{LinkedIn, "https://www.linkedin.com/company/acme", "", false},
		{Email, "jane@example.com", "", true},
		{Email, "Verified", "", false},
		{Phone, "+1 415 555 0123", "", true},
		{Phone, "(415) 555-0123", "US", true},
		{Phone, "4155550123", "US", true},
		{Phone, "14155550123", "", false}, // a bare number with no region: an id as often as a phone
		{Phone, "2024-01-15", "", false},
		{Phone, "94105", "US", false},
		{Phone, "4.15555E+11", "", false},
		{Phone, "$1,200", "", false},
		{UID, "0123456789abcdef0123456789abcdef", "", true},
		{UID, "42", "", false},
	} {
		if got := Plausible(tc.kind, tc.raw, tc.region); got != tc.want {
			t.Errorf("Plausible(%v, %q, %q) = %v; want %v", tc.kind, tc.raw, tc.region, got, tc.want)
		}
	}
}

var (
	e164    = regexp.MustCompile(`^\+[1-9][0-9]{6,14}$`)
	hex32   = regexp.MustCompile(`^[0-9a-f]{32}$`)
	profile = regexp.MustCompile(`^https://www\.linkedin\.com/in/[^/?#\s]+$`)
)

// fuzzNormalizer checks the properties every normalizer keeps on any input:
// no panic, a result of the documented shape, a stable result when fed
// its own output, and a reason that does not echo the value.
func fuzzNormalizer(t *testing.T, raw string, norm func(string) (string, error), shape *regexp.Regexp) {
	got, err := norm(raw)
	if err != nil {
		var ie *InvalidError
		if !errors.As(err, &ie) || ie.Reason == "" {
			t.Fatalf("%q: error %v is not a reason", raw, err)
		}
		if len(raw) > 8 && strings.Contains(ie.Reason, raw) {
			t.Fatalf("%q: reason %q echoes the value", raw, ie.Reason)
		}
		return
	}
	if !utf8.ValidString(got) {
		t.Fatalf("%q: result %q is not valid UTF-8", raw, got)
	}
	if shape != nil && !shape.MatchString(got) {
		t.Fatalf("%q: result %q has the wrong shape", raw, got)
	}
	again, err := norm(got)
	if err != nil || again != got {
		t.Fatalf("%q: normalizing %q again gave %q, %v", raw, got, again, err)
	}
}

func FuzzNormalizeLinkedIn(f *testing.F) {
	for _, s := range []string{"https://www.linkedin.com/in/jane-doe", "uk.linkedin.com/in/J%C3%BCrgen/?trk=x",
		"https://www.linkedin.com/pub/x/1/2", "linkedin.com/in/", "http://[::1]/in/x", "https://a@linkedin.com:8080/in/x#y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		fuzzNormalizer(t, raw, NormalizeLinkedIn, profile)
		// The fast path gives the slow path's answer, or leaves it to it.
		got, gotErr := normalizeLinkedIn(raw, true)
		want, wantErr := normalizeLinkedIn(raw, false)
		if got != want || errText(gotErr) != errText(wantErr) {
			t.Errorf("NormalizeLinkedIn(%q) = %q, %v with the fast path; %q, %v without", raw, got, gotErr, want, wantErr)
		}
	})
}

func FuzzNormalizeEmail(f *testing.F) {
	for _, s := range []string{"jane@example.com", "MAILTO:J@X.IO?x", "a..b@c.d", "josé@exemplo.com.br", "@", "a@b@c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		fuzzNormalizer(t, raw, NormalizeEmail, nil)
		if got, err := NormalizeEmail(raw); err == nil && (got != strings.ToLower(got) || strings.Count(got, "@") != 1) {
			t.Fatalf("%q: result %q is not one lower-case address", raw, got)
		}
		got, gotErr := normalizeEmail(raw, true)
		want, wantErr := normalizeEmail(raw, false)
		if got != want || errText(gotErr) != errText(wantErr) {
			t.Errorf("NormalizeEmail(%q) = %q, %v with the fast path; %q, %v without", raw, got, gotErr, want, wantErr)
		}
	})
}

func FuzzNormalizePhone(f *testing.F) {
	for _, s := range []string{"+1 415 555 0123", "(415) 555-0123", "14155550123", "4.15555E+11", "0049 30 901820", "tel:+33 1 42 68 53 00", "+1 415 555 0123 x45", "１４１５５５５０１２３", "+44 20 7946 0958", "+1 (212) 200-0000", "030 901820", "(212) 200-0000"} {
		f.Add(s, "")
		f.Add(s, "US")
	}
	f.Fuzz(func(t *testing.T, raw, region string) {
		fuzzNormalizer(t, raw, func(s string) (string, error) { return NormalizePhone(s, region) }, e164)
		// The fast path gives libphonenumber's answer, or leaves it to it.
		got, gotErr := normalizePhone(raw, region, fastFirst)
		want, wantErr := normalizePhone(raw, region, libraryOnly)
		if got != want || errText(gotErr) != errText(wantErr) {
			t.Errorf("NormalizePhone(%q, %q) = %q, %v with the fast path; %q, %v without", raw, region, got, gotErr, want, wantErr)
		}
		if quick, quickErr := QuickPhone(raw, region); !errors.Is(quickErr, ErrNeedsLibrary) && (quick != want || errText(quickErr) != errText(wantErr)) {
			t.Errorf("QuickPhone(%q, %q) = %q, %v; NormalizePhone without the fast path %q, %v", raw, region, quick, quickErr, want, wantErr)
		}
	})
}

func FuzzNormalizeUID(f *testing.F) {
	for _, s := range []string{"0123456789abcdef0123456789abcdef", "0123456789ABCDEF0123456789ABCDEF", "xyz", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) { fuzzNormalizer(t, raw, NormalizeUID, hex32) })
}

func TestScientific(t *testing.T) {
	for s, want := range map[string]bool{
		"4.15555E+11": true, "4,15555E+11": true, "1E5": true, "-1.5e-3": true, "+2E+02": true,
		"": false, "E+11": false, "4.E+11": false, "4.1E": false, "4.1E+": false, "14155550123": false,
		"4.1E+11x": false, "1.2.3E4": false, "+1 415": false,
	} {
		if got := scientific(s); got != want {
			t.Errorf("scientific(%q) = %v; want %v", s, got, want)
		}
	}
}
