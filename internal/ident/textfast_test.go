package ident

import (
	"flag"
	"math/rand/v2"
	"strings"
	"testing"
)

// textDraws is how many values each of TestFastLinkedInAgrees and
// TestFastEmailAgrees draws.
var textDraws = flag.Int("text-draws", 200_000, "URLs and e-mail addresses drawn by the fast-path tests")

// drawFrom builds a string of one piece drawn from each list of pieces
// (half the time among its first three, the usual spellings), now and
// then with a byte changed to one that the parsers treat apart.
func drawFrom(r *rand.Rand, pieces [][]string) string {
	var b strings.Builder
	for _, choice := range pieces {
		n := len(choice)
		if r.IntN(2) == 0 {
			n = min(n, 3)
		}
		b.WriteString(choice[r.IntN(n)])
	}
	s := []byte(b.String())
	const odd = "%:@/?#.-_ \t<>\"'ABZaz09~!+,;=[]\x00\x7f"
	for range r.IntN(3) {
		if len(s) > 0 && r.IntN(3) == 0 {
			s[r.IntN(len(s))] = odd[r.IntN(len(odd))]
		}
	}
	if r.IntN(40) == 0 && len(s) > 0 {
		i := r.IntN(len(s))
		s = append(s[:i], append([]byte("é"), s[i:]...)...)
	}
	return string(s)
}

// TestFastLinkedInAgrees draws profile URLs as sheets hold them (schemes,
// subdomains, cases, slugs, trailing segments, queries, fragments) and
// near misses, and reads each with and without the fast path.
func TestFastLinkedInAgrees(t *testing.T) {
	r := rand.New(rand.NewPCG(35, 1))
	pieces := [][]string{
		{"", " ", "<", "\""},
		{"https://", "http://", "HTTPS://", "Http://", "", "//", "ftp://", "https:/", "https:///"},
		{"www.", "", "uk.", "m.", "WWW.", "de.", "a.b.", "-.", ".", "x_y.", "user@www.", "é."},
		{"linkedin.com", "LinkedIn.com", "linkedin.com.", "linkedin.co", "linkedin.com:443", "notlinkedin.com", "linked.in"},
		{"/in/", "/IN/", "/in//", "//in/", "/pub/", "/company/", "/in", "/", "/In/", "/inx/"},
		{"jane-doe", "Jane-Doe-0a1b", "j_d", "", "jane.doe", "j%C3%BCrgen", "J%41NE", "x%zz", "jürgen", strings.Repeat("a", 100), strings.Repeat("B", 101), "a-b-c-123"},
		{"", "/", "/en", "/en/", "/details/experience/", "//x"},
		{"", "?trk=public_profile", "?", "?a=b%20c", "#x", "#%zz", "?x#y", "#a?b", "?u=http://x"},
		{"", " ", ">", "'"},
	}
	agree(t, "NormalizeLinkedIn", func() string { return drawFrom(r, pieces) }, normalizeLinkedIn, func(raw string) bool {
		_, ok := fastLinkedInSlug(strings.Trim(strings.TrimSpace(raw), "<>\"'"))
		return ok
	})
}

// TestFastEmailAgrees draws addresses and near misses and reads each with
// and without the fast path.
func TestFastEmailAgrees(t *testing.T) {
	r := rand.New(rand.NewPCG(35, 2))
	pieces := [][]string{
		{"", " ", "<", "mailto:", "MAILTO:", "\"", "Jane <"},
		{"jane", "Jane.Doe", "j", ".jane", "jane.", "ja..ne", "j+tag", "o'brien", "x!#$%&*/=?^_`{|}~-", "josé", strings.Repeat("a", 64), strings.Repeat("a", 65), ""},
		{"@", "@", "@", "", "@@", " @"},
		{"example", "Acme-Inc", "a", "-acme", "acme-", "", "xn--bcher-kva", "bücher", strings.Repeat("d", 63), strings.Repeat("d", 64)},
		{".com", ".co.uk", ".xn--p1ai", ".c", ".c0m", ".", "", ".COM", "..com", ".com.", ".museum", ".co-uk", ".xn--"},
		{"", " ", ">", "?subject=x", "'"},
	}
	agree(t, "NormalizeEmail", func() string { return drawFrom(r, pieces) }, normalizeEmail, func(raw string) bool {
		return fastEmailValid(strings.ToLower(strings.Trim(strings.TrimSpace(raw), "<>\"'")))
	})
}

// agree reads -text-draws drawn values with and without the fast path:
// the answers and the reasons must be the same, and the fast path must
// read a tenth of them at least (one that reads nothing would agree too).
func agree(t *testing.T, name string, draw func() string, norm func(string, bool) (string, error), tookFast func(string) bool) {
	t.Helper()
	var checked, fast int
	for range *textDraws {
		raw := draw()
		got, gotErr := norm(raw, true)
		want, wantErr := norm(raw, false)
		checked++
		if tookFast(raw) {
			fast++
		}
		if got != want || errText(gotErr) != errText(wantErr) {
			t.Errorf("%s(%q) = %q, %v with the fast path; %q, %v without (seed 35)", name, raw, got, gotErr, want, wantErr)
		}
	}
	t.Logf("%d readings, %d by the fast path", checked, fast)
	if fast < checked/10 {
		t.Errorf("the fast path read %d of %d; want at least a tenth", fast, checked)
	}
}
