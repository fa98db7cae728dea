package search

import (
	"errors"
	"strings"
	"testing"
)

func TestParseQuery(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Engineer", "engineer"},
		{"software engineer", "(software AND engineer)"},
		{"Software AND Engineer", "(software AND engineer)"},
		{"(Software AND Engineer) OR Developer", "((software AND engineer) OR developer)"},
		{"a OR b AND c", "(a OR (b AND c))"},
		{"a AND b OR c", "((a AND b) OR c)"},
		{"Manager NOT Assistant", "(manager AND NOT assistant)"},
		{"NOT Assistant", "NOT assistant"},
		{"NOT NOT a", "NOT NOT a"},
		{"a NOT b NOT c", "(a AND NOT b AND NOT c)"},
		{"a NOT (b OR c)", "(a AND NOT (b OR c))"},
		{`"Software Engineer"`, `"software engineer"`},
		{`“Software Engineer”`, `"software engineer"`},
		{`"Software Engineer" OR "Data Scientist"`, `("software engineer" OR "data scientist")`},
		{"Node.js", `"node js"`},
		{"C++ OR C#", "(c++ OR c#)"},
		{"sales and marketing", "(sales AND marketing)"},
		{"sales or marketing", "(sales OR marketing)"},
		{"Research & Development", "(research AND development)"},
		{"((a))", "a"},
		{"  a   b  ", "(a AND b)"},
		{"Müller", "muller"},
		{"a(b)", "(a AND b)"},
		{`"and"`, `"and"`},
	} {
		n, err := parseQuery(tc.in)
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		if got := n.String(); got != tc.want {
			t.Errorf("%q parses as %s, want %s", tc.in, got, tc.want)
		}
	}
}

func TestParseQueryErrors(t *testing.T) {
	for _, tc := range []struct {
		in   string
		pos  int
		want string
	}{
		{"", 1, "empty query"},
		{"   ", 1, "empty query"},
		{"(a", 1, `"(" is never closed`},
		{"a)", 2, `unmatched ")"`},
		{"a AND", 6, "query ends where a term is expected"},
		{"AND a", 1, "unexpected AND"},
		{"a OR OR b", 6, "unexpected OR"},
		{"a NOT", 6, "query ends"},
		{"()", 1, "empty parentheses"},
		{"a ()", 3, "empty parentheses"},
		{`"unterminated`, 1, "unterminated quoted phrase"},
		{`a "b`, 3, "unterminated quoted phrase"},
		{`""`, 1, "empty quoted phrase"},
		{"& -", 1, "no words"},
		{"(a OR b))", 9, `unmatched ")"`},
		{"é)", 2, `unmatched ")"`},
		{strings.Repeat("(", 40) + "a" + strings.Repeat(")", 40), 33, "nested too deeply"},
		{strings.Repeat("a ", 101), 201, "more than 100 terms"},
	} {
		_, err := parseQuery(tc.in)
		var qe *QueryError
		if !errors.As(err, &qe) {
			t.Errorf("%q: err = %v, want a QueryError", tc.in, err)
			continue
		}
		if qe.Pos != tc.pos || !strings.Contains(qe.Msg, tc.want) {
			t.Errorf("%q: %v, want %q at position %d", tc.in, err, tc.want, tc.pos)
		}
	}
}

func TestTokens(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string
	}{
		{"Senior Software Engineer", "senior|software|engineer"},
		{"C++, C# and Node.js", "c++|c#|and|node|js"},
		{"CI/CD", "ci|cd"},
		{"O'Brien D’Angelo", "obrien|dangelo"},
		{"Nguyễn Văn An", "nguyen|van|an"},
		{"Łukasz Straße", "lukasz|strasse"},
		{"王伟", "王伟"},
		{"27+ years", "27|years"},
		{"c+x", "c+|x"},
		{"Co-Founder & CTO", "co|founder|cto"},
	} {
		if got := strings.Join(Tokens(tc.in), "|"); got != tc.want {
			t.Errorf("Tokens(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

// FuzzParseQuery checks that any input parses or fails with a position
// inside it, and that a parsed query prints as a query that parses to the
// same thing (when the printed query is within the length a request may
// have).
func FuzzParseQuery(f *testing.F) {
	for _, s := range []string{"a AND (b OR c)", `"x y" NOT z`, "((", `"`, "NOT", "a)b(", "é“ü”"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := parseQuery(s)
		if err != nil {
			var qe *QueryError
			if !errors.As(err, &qe) || qe.Pos < 1 || qe.Pos > len([]rune(s))+1 {
				t.Fatalf("%q: error %v has no position inside the query", s, err)
			}
			return
		}
		if len(n.String()) > maxQueryBytes {
			// Printed with its ANDs and parentheses written out, a query
			// near the limit of what a client may send is longer than it:
			// the limit is the request's, not the grammar's.
			return
		}
		again, err := parseQuery(n.String())
		if err != nil {
			t.Fatalf("%q parsed as %s, which does not parse: %v", s, n, err)
		}
		if again.String() != n.String() {
			t.Fatalf("%q parsed as %s, then as %s", s, n, again)
		}
	})
}
