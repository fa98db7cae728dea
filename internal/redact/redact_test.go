package redact

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"
)

func TestURL(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"http://127.0.0.1:8700", "http://127.0.0.1:8700"},
		{"https://api.example.com/v1/", "https://api.example.com/v1/"},
		{"http://ana:secret@host:8700", "http://ana:xxxxx@host:8700"},
		{"http://ana:secret@host:8700/api/v1?x=1", "http://ana:xxxxx@host:8700/api/v1?x=1"},
		{"http://ana@host", "http://ana@host"},   // a user alone is no password
		{"http://ana:@host", "http://ana:@host"}, // nor an empty one
		{"http://ana:p@ss@host/", "http://ana:xxxxx@host/"},
		{"http://ana:p%40ss@host/", "http://ana:xxxxx@host/"},
		{"http://ana:pa/ss@host/x", "http://ana:xxxxx@host/x"},    // an unescaped slash: not a URL, still hidden
		{"ana:secret@127.0.0.1:8700", "ana:xxxxx@127.0.0.1:8700"}, // no scheme
		{"http://host/?api_key=k1&x=2&token=t1", "http://host/?api_key=xxxxx&x=2&token=xxxxx"},
		{"http://host/?key=k&sig=s&signature=s2&password=p&apikey=a&secret=c", "http://host/?key=xxxxx&sig=xxxxx&signature=xxxxx&password=xxxxx&apikey=xxxxx&secret=xxxxx"},
		{"http://host/?Access-Token=t&X-Amz-Signature=s&client_secret=c&API_KEY=k", "http://host/?Access-Token=xxxxx&X-Amz-Signature=xxxxx&client_secret=xxxxx&API_KEY=xxxxx"},
		{"http://host/?monkey=banana&keyword=go&q=a", "http://host/?monkey=banana&keyword=go&q=a"},
		{"http://host/?token=", "http://host/?token="},
		{"http://host/#access_token=t&state=s", "http://host/#access_token=xxxxx&state=s"},
		{"http://u:p@host/?token=t#sig=s", "http://u:xxxxx@host/?token=xxxxx#sig=xxxxx"},
		{"http://host/?next=http://u:p@other/", "http://host/?next=http://u:xxxxx@other/"},
		{"http://host/in/a@b.com", "http://host/in/a@b.com"},
		{"", ""},
	} {
		if got := URL(tc.in); got != tc.want {
			t.Errorf("URL(%q) = %q; want %q", tc.in, got, tc.want)
		}
	}
}

func TestText(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"no address here", "no address here"},
		{"service at http://u:pw@host:1 failed", "service at http://u:xxxxx@host:1 failed"},
		{`service address "http://u:pw@h" is bad`, `service address "http://u:xxxxx@h" is bad`},
		{"--api-url 'http://u:pw@h/?token=t' --sync", "--api-url 'http://u:xxxxx@h/?token=xxxxx' --sync"},
		{"--api-url=http://u:pw@h", "--api-url=http://u:xxxxx@h"},
		{"(at https://u:pw@h/x).", "(at https://u:xxxxx@h/x)."},
		{"two: http://a:1@h and https://b:2@k/?sig=3", "two: http://a:xxxxx@h and https://b:xxxxx@k/?sig=xxxxx"},
		{"a path /in/a@b.com and mail ana@example.com", "a path /in/a@b.com and mail ana@example.com"},
		{"http://host/in/a@b.com", "http://host/in/a@b.com"},
		{"://", "://"},
	} {
		if got := Text(tc.in); got != tc.want {
			t.Errorf("Text(%q) = %q; want %q", tc.in, got, tc.want)
		}
	}
}

type stringer string

func (s stringer) String() string { return string(s) }

func TestHandler(t *testing.T) {
	for _, format := range []string{"text", "json"} {
		var buf bytes.Buffer
		var h slog.Handler = slog.NewTextHandler(&buf, nil)
		if format == "json" {
			h = slog.NewJSONHandler(&buf, nil)
		}
		log := slog.New(NewHandler(h)).With("base", "http://u:w1@h").WithGroup("g")
		log.Info("calling http://u:w2@h",
			"service", "http://u:w3@h/?token=w4",
			"error", fmt.Errorf("GET %s: %w", "http://u:w5@h", errors.New("refused")),
			"stringer", stringer("http://u:w6@h"),
			"list", []string{"http://u:w7@h"},
			slog.Group("sub", "url", "http://u:w8@h"),
			"count", 3, "plain", "kept")
		out := buf.String()
		for i := 1; i <= 8; i++ {
			if strings.Contains(out, fmt.Sprintf("w%d", i)) {
				t.Errorf("%s: w%d shows in the log line:\n%s", format, i, out)
			}
		}
		for _, want := range []string{"u:xxxxx@h", "kept", "3", "refused"} {
			if !strings.Contains(out, want) {
				t.Errorf("%s: %q missing from the log line:\n%s", format, want, out)
			}
		}
	}
}

func FuzzText(f *testing.F) {
	f.Add("service http://u:pw@h/?token=t failed")
	f.Add("ana:secret@host")
	f.Fuzz(func(t *testing.T, s string) {
		got := Text(s)
		if !strings.Contains(s, "://") && got != s {
			t.Errorf("Text changed a text without an address: %q → %q", s, got)
		}
		if Text(got) != got {
			t.Errorf("Text is not idempotent: %q → %q → %q", s, got, Text(got))
		}
		_ = URL(s)
	})
}
