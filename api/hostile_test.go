package api

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/internal/untrusted"
)

// hostile is what a hostile service says: a window title, a clipboard
// write (OSC 52), a cleared screen and a forged line, NUL, a C1 control,
// DEL and bidirectional controls.
const hostile = "\x1b]0;title\x07\x1b]52;c;ZXZpbA==\x07\x1b[2J\x1b[H\r\nenrich: all 11 rows found\n\u009b\x7f\x00\u202e\u2066\u200f\u061c"

// unclean returns the first character of s that no message may hold
// (untrusted.Hidden, a line break included), or -1.
func unclean(s string) rune {
	for _, r := range s {
		if untrusted.Hidden(r) || r == '\u2028' || r == '\u2029' {
			return r
		}
	}
	if !utf8.ValidString(s) {
		return utf8.RuneError
	}
	return -1
}

// huge is an error text of eight megabytes: escapes, again and again.
var huge = strings.Repeat("Location is not recognized"+hostile, 8<<20/len("Location is not recognized"+hostile))

// TestHostileErrorBody: whatever the body of an error (escapes, eight
// megabytes, JSON or not), the error's Message, its text and the
// sentence a user reads are clean lines, bounded, and begin with what the
// service meant to say.
func TestHostileErrorBody(t *testing.T) {
	jsonBody := func(key, text string) string {
		b, _ := json.Marshal(map[string]string{key: text})
		return string(b)
	}
	for _, tc := range []struct {
		name   string
		status int
		body   string
		want   string // the beginning of Message
	}{
		{"a 422 with escapes", 422, jsonBody("error", "Location is not recognized"+hostile), "Location is not recognized]0;title]52;c;ZXZpbA==[2J[H enrich: all 11 rows found"},
		{"a 403 with escapes", 403, jsonBody("error", "Account is disabled"+hostile), "Account is disabled]0;title"},
		{"a message key", 500, jsonBody("message", "down"+hostile), "down]0;title"},
		{"a huge 422", 422, jsonBody("error", huge), "Location is not recognized]0;title"},
		{"a huge 403", 403, jsonBody("error", huge), "Location is not recognized]0;title"},
		{"a huge 429", 429, jsonBody("error", huge), "Location is not recognized]0;title"},
		{"a huge body after another key", 422, `{"code": 7, "error": ` + jsonBody("e", huge)[5:], "Location is not recognized]0;title"},
		{"a body of escapes, not JSON", 404, "<html>" + hostile + "</html>", "<html>]0;title"},
		{"a huge body, not JSON", 502, huge, "Location is not recognized]0;title"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newScripted(t, answer{status: tc.status, body: tc.body})
			_, _, err := testClient(t, s.URL).Search(context.Background(), wire.SearchQuery{FullName: "x"})
			var ae *Error
			if !errors.As(err, &ae) || ae.Status != tc.status {
				t.Fatalf("err %v, want an *Error of %d", err, tc.status)
			}
			if !strings.HasPrefix(ae.Message, tc.want) {
				t.Errorf("Message begins %q, want %q", ae.Message[:min(len(ae.Message), len(tc.want)+20)], tc.want)
			}
			for what, text := range map[string]string{"Message": ae.Message, "Error()": err.Error(), "Explain": Explain(err)} {
				if r := unclean(text); r >= 0 {
					t.Errorf("%s holds %U: %q", what, r, text[:min(len(text), 200)])
				}
				if len(text) > untrusted.MaxMessage+300 {
					t.Errorf("%s is %d bytes", what, len(text))
				}
			}
		})
	}
}

// TestErrorBodyRead: the client reads a few kilobytes of an error's
// body, not the megabytes a service sends.
func TestErrorBodyRead(t *testing.T) {
	body, _ := json.Marshal(map[string]string{"error": huge})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusUnprocessableEntity)
		w.Write(body) // body is made once: the server allocates nothing here
	}))
	t.Cleanup(srv.Close)
	c := testClient(t, srv.URL)
	search := func() {
		if _, _, err := c.Search(context.Background(), wire.SearchQuery{FullName: "x"}); !errors.Is(err, ErrBadParams) {
			t.Fatalf("err %v, want a 422", err)
		}
	}
	search() // connections and buffers made
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	search()
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; got > 2<<20 {
		t.Errorf("an error body of %d bytes made the client allocate %d bytes", len(body), got)
	}
}

// TestServiceMessage reads the text of error bodies, whole or cut short
// at maxErrorBytes, escapes cut in the middle included.
func TestServiceMessage(t *testing.T) {
	pad := strings.Repeat("a", maxErrorBytes-len(`{"error": "`)-3)
	for _, tc := range []struct {
		name string
		body string
		cut  bool
		want string
	}{
		{"the documented shape", `{"error": "Location is not recognized"}`, false, "Location is not recognized"},
		{"message", `{"message": "no"}`, false, "no"},
		{"error before message", `{"message": "m", "error": "e"}`, false, "e"},
		{"empty", ``, false, ""},
		{"a page", "<html>\n<body>Bad gateway</body>\n</html>\n", false, "<html> <body>Bad gateway</body> </html>"},
		{"a long page", strings.Repeat("é", 300), false, strings.Repeat("é", 100) + "…"},
		{"cut in a \\u escape", `{"error": "` + pad + `\u00`, true, pad},
		{"cut after a \\u escape", `{"error": "` + pad[:len(pad)-3] + `\u00e9`, true, pad[:len(pad)-3] + "é"},
		{"cut in a \\n", `{"error": "` + pad + `b\`, true, pad + "b"},
		{"cut with escapes", `{"error": "x\u001b]0;t\u0007` + pad[:len(pad)-20], true, "x\x1b]0;t\a" + pad[:len(pad)-20]},
		{"cut, not an object", `["` + pad, true, `["` + pad[:excerptBytes-2] + "…"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := serviceMessage([]byte(tc.body), tc.cut)
			want := untrusted.Message(tc.want)
			if got != want {
				t.Errorf("got %q…, want %q…", got[:min(len(got), 60)], want[:min(len(want), 60)])
			}
		})
	}
}

// FuzzServiceMessage holds the message of any error body to one clean
// line within the bound.
func FuzzServiceMessage(f *testing.F) {
	f.Add([]byte(`{"error": "Location is not recognized"}`), false)
	f.Add([]byte(`{"error": "x\u001b]0;t\u0007\u202e`), true)
	f.Add([]byte("<html>\x1b[2J</html>"), false)
	f.Fuzz(func(t *testing.T, body []byte, cut bool) {
		if cut && len(body) < maxErrorBytes {
			body = append(body, make([]byte, maxErrorBytes-len(body))...)
		}
		got := serviceMessage(body, cut)
		if r := unclean(got); r >= 0 || len(got) > untrusted.MaxMessage {
			t.Fatalf("body %q: message %q of %d bytes holds %U", body[:min(len(body), 100)], got, len(got), r)
		}
	})
}

// TestHostileRedirect: a redirect to a host whose name holds a
// bidirectional override is told in a clean sentence.
func TestHostileRedirect(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Location", "http://exe.\u202etxt.example/")
		w.WriteHeader(http.StatusFound)
	}))
	t.Cleanup(srv.Close)
	_, _, err := testClient(t, srv.URL).Credits(context.Background(), false)
	if !errors.Is(err, ErrRedirected) {
		t.Fatalf("err %v, want a redirect", err)
	}
	for _, text := range []string{err.Error(), Explain(err)} {
		if r := unclean(text); r >= 0 || !strings.Contains(text, "exe.txt.example") {
			t.Errorf("%q holds %U", text, r)
		}
	}
}

// TestHostileStatusLine: a status line the transport cannot read is
// quoted in its error; the error's text is a clean bounded line.
func TestHostileStatusLine(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	line := "HTTP/1.1 2" + strings.Repeat("\u202e\x1b[2J", 100000) + " OK\r\n\r\n"
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer conn.Close()
				buf := make([]byte, 4096)
				conn.Read(buf)
				conn.Write([]byte(line))
			}()
		}
	}()
	c := testClient(t, "http://"+ln.Addr().String()).With(WithBackoff(Backoff{Attempts: 1}))
	_, _, err = c.Credits(context.Background(), false)
	if err == nil {
		t.Fatal("a malformed status line read as an answer")
	}
	for _, text := range []string{err.Error(), Explain(err)} {
		if r := unclean(text); r >= 0 || len(text) > untrusted.MaxMessage+300 {
			t.Errorf("%d bytes holding %U: %q", len(text), r, text[:min(len(text), 200)])
		}
	}
}
