package notify

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/internal/redact"
)

const doc = `{"input":"leads.csv","output":"out.csv","complete":false,"stop_reason":"--max-credits reached","exit_code":3,"rows":120,"rows_by_status":{"success":25,"pending":95},"credits":{"spent":25},"next":"enrich run leads.csv -o out.csv --max-credits 25"}`

// hook is a webhook that answers each post as answers says (the last
// answer repeats) and keeps what it received.
type hook struct {
	mu      sync.Mutex
	answers []int
	posts   []*http.Request
	bodies  [][]byte
}

func (h *hook) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	h.mu.Lock()
	n := len(h.posts)
	h.posts, h.bodies = append(h.posts, r), append(h.bodies, body)
	code := h.answers[min(n, len(h.answers)-1)]
	h.mu.Unlock()
	if code == http.StatusFound {
		http.Redirect(w, r, "/elsewhere", code)
		return
	}
	w.WriteHeader(code)
	io.WriteString(w, "said\nso")
}

func fast(t *Target, f Format) *Sender {
	return &Sender{Target: t, Format: f, Backoff: []time.Duration{time.Millisecond, 2 * time.Millisecond},
		AttemptTimeout: 2 * time.Second, Bound: 5 * time.Second, Secrets: []string{"sk-live-secret"}}
}

func TestSend(t *testing.T) {
	for _, tc := range []struct {
		name    string
		answers []int
		posts   int
		fails   string // what the error says, "" for none
	}{
		{"taken at once", []int{200}, 1, ""},
		{"204 is taken", []int{204}, 1, ""},
		{"a 500, then taken", []int{500, 200}, 2, ""},
		{"a 429 and a 503, then taken", []int{429, 503, 200}, 3, ""},
		{"always 500: the attempts are spent", []int{500}, Attempts, "3 attempts): answered 500 Internal Server Error: said so"},
		{"408 is retried", []int{408}, Attempts, "answered 408"},
		{"400 is for good", []int{400}, 1, "1 attempt): answered 400 Bad Request"},
		{"404 is for good", []int{404}, 1, "answered 404"},
		{"a redirect is not followed", []int{302}, 1, "redirects (302 Found)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := &hook{answers: tc.answers}
			srv := httptest.NewServer(h)
			defer srv.Close()
			target, err := ParseTarget(srv.URL + "/hooks/T0/B0/secretpath?token=tok123")
			if err != nil {
				t.Fatal(err)
			}
			err = fast(target, JSON).Send(context.Background(), []byte(doc), "")
			if len(h.posts) != tc.posts {
				t.Errorf("%d posts, want %d", len(h.posts), tc.posts)
			}
			switch {
			case tc.fails == "" && err != nil:
				t.Errorf("Send: %v", err)
			case tc.fails != "" && (err == nil || !strings.Contains(err.Error(), tc.fails)):
				t.Errorf("Send: %v, want an error saying %q", err, tc.fails)
			}
			if err != nil && (strings.Contains(err.Error(), "secretpath") || strings.Contains(err.Error(), "tok123")) {
				t.Errorf("the error shows the address's secrets: %v", err)
			}
			for i, r := range h.posts {
				if r.Method != http.MethodPost || r.Header.Get("Content-Type") != "application/json" || string(h.bodies[i]) != doc {
					t.Errorf("post %d: %s %q %s", i, r.Method, r.Header.Get("Content-Type"), h.bodies[i])
				}
			}
		})
	}
}

// A target that refuses connections, or takes them and never answers,
// costs the bounds and no more, and the error hides the password.
func TestSendBounded(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	refused := ln.Addr().String()
	ln.Close()
	release := make(chan struct{})
	hang := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	defer hang.Close()
	defer close(release) // before Close, which waits for the handlers

	for _, tc := range []struct {
		name, url string
		bound     time.Duration
		says      string
	}{
		{"refused", "http://user:hunter2@" + refused + "/x", 5 * time.Second, "3 attempts"},
		{"never answers", "http://user:hunter2@" + strings.TrimPrefix(hang.URL, "http://") + "/x", 5 * time.Second, "no answer in time"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			target, err := ParseTarget(tc.url)
			if err != nil {
				t.Fatal(err)
			}
			s := fast(target, JSON)
			s.AttemptTimeout, s.Bound = 200*time.Millisecond, 500*time.Millisecond
			start := time.Now()
			err = s.Send(context.Background(), []byte(doc), "")
			took := time.Since(start)
			var ne *Error
			if !errors.As(err, &ne) || !strings.Contains(err.Error(), tc.says) {
				t.Fatalf("Send: %v, want an *Error saying %q", err, tc.says)
			}
			if strings.Contains(err.Error(), "hunter2") || !strings.Contains(err.Error(), "user:xxxxx@") {
				t.Errorf("the error shows the password, or not which address: %v", err)
			}
			if took > 2*time.Second {
				t.Errorf("Send took %v; its bound is 500ms", took)
			}
		})
	}
}

// The key never leaves, whatever the summary holds; the Slack format
// posts {"text": …} that says how the run ended.
func TestBody(t *testing.T) {
	h := &hook{answers: []int{200}}
	srv := httptest.NewServer(h)
	defer srv.Close()
	target, _ := ParseTarget(srv.URL)
	leaky := strings.Replace(doc, "--max-credits reached", "--max-credits reached with sk-live-secret", 1)
	for _, f := range []Format{JSON, Slack} {
		if err := fast(target, f).Send(context.Background(), []byte(leaky), "stopped early at --max-credits reached with sk-live-secret"); err != nil {
			t.Fatal(err)
		}
	}
	for i, b := range h.bodies {
		if strings.Contains(string(b), "sk-live-secret") {
			t.Errorf("post %d holds the key: %s", i, b)
		}
	}
	var slack map[string]any
	if err := json.Unmarshal(h.bodies[1], &slack); err != nil || len(slack) != 1 {
		t.Fatalf("slack body %s: %v", h.bodies[1], err)
	}
	text, _ := slack["text"].(string)
	for _, want := range []string{"stopped early at --max-credits reached with " + redact.Mask} {
		if !strings.Contains(text, want) {
			t.Errorf("slack text %q does not say %q", text, want)
		}
	}
	if err := fast(target, JSON).Send(context.Background(), []byte("not json"), ""); err == nil {
		t.Error("a summary that is not JSON was sent")
	}
}

func TestParseTarget(t *testing.T) {
	for _, tc := range []struct {
		raw, shown string
		bad        string // what the error says
	}{
		{raw: "https://hooks.slack.com/services/T0/B0/XYZ", shown: "https://hooks.slack.com/xxxxx"},
		{raw: "http://127.0.0.1:9000", shown: "http://127.0.0.1:9000"},
		{raw: "http://127.0.0.1:9000/", shown: "http://127.0.0.1:9000/"},
		{raw: "https://ops:pw@example.com/hook?token=abc&team=x", shown: "https://ops:xxxxx@example.com/xxxxx?token=xxxxx&team=x"},
		{raw: "ftp://example.com/x", bad: "http:// or https://"},
		{raw: "example.com/hook", bad: "http:// or https://"},
		{raw: "https:///path", bad: "no host"},
		{raw: "https://exa mple.com/secret", bad: "no spaces"},
		{raw: "https://example.com/x#y", bad: "fragment"},
		{raw: "http://[::1", bad: "not an address"},
	} {
		target, err := ParseTarget(tc.raw)
		switch {
		case tc.bad != "" && (err == nil || !strings.Contains(err.Error(), tc.bad)):
			t.Errorf("ParseTarget(%q): %v, want an error saying %q", tc.raw, err, tc.bad)
		case tc.bad != "" && strings.Contains(err.Error(), "secret"):
			t.Errorf("ParseTarget(%q): the error quotes the address: %v", tc.raw, err)
		case tc.bad == "" && err != nil:
			t.Errorf("ParseTarget(%q): %v", tc.raw, err)
		case tc.bad == "" && target.String() != tc.shown:
			t.Errorf("ParseTarget(%q) shows %q, want %q", tc.raw, target.String(), tc.shown)
		}
	}
	if f, err := ParseFormat("Slack"); err != nil || f != Slack {
		t.Errorf("ParseFormat(Slack) = %q, %v", f, err)
	}
	if _, err := ParseFormat("teams"); err == nil {
		t.Error("ParseFormat(teams) took it")
	}
}
