package assistant_test

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/enrich-dev/enrich/assistant"
)

// initialize posts an MCP initialize request to url with the given
// Authorization and Host headers (none when empty) and returns the answer's
// status and body.
func initialize(t *testing.T, url, authorization, host string) (int, string) {
	t.Helper()
	body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if authorization != "" {
		req.Header.Set("Authorization", authorization)
	}
	if host != "" {
		req.Host = host
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func TestHandlerToken(t *testing.T) {
	h := newHarness(t, 1, true)
	for _, tc := range []struct {
		name, authorization, host string
		want                      int
	}{
		{"no token", "", "", http.StatusUnauthorized},
		{"another scheme", "Basic " + testToken, "", http.StatusUnauthorized},
		{"a wrong token", "Bearer test-token-0123456789abcdeX", "", http.StatusUnauthorized},
		{"a prefix of the token", "Bearer " + testToken[:len(testToken)-1], "", http.StatusUnauthorized},
		{"the token and more", "Bearer " + testToken + "0", "", http.StatusUnauthorized},
		{"the token", "Bearer " + testToken, "", http.StatusOK},
		{"the token, any case of the scheme", "bearer " + testToken, "", http.StatusOK},
		// DNS rebinding: a page whose name now resolves to loopback.
		{"the token from another host name", "Bearer " + testToken, "attacker.example:80", http.StatusForbidden},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, body := initialize(t, h.url, tc.authorization, tc.host)
			if code != tc.want {
				t.Errorf("answered %d %q, want %d", code, body, tc.want)
			}
			if code != http.StatusOK && strings.Contains(body, testToken[:16]) {
				t.Errorf("the refusal %q shows the token", body)
			}
		})
	}
}

func TestCheckToken(t *testing.T) {
	for _, tc := range []struct {
		token string
		want  string // in the error; "" for a good token
	}{
		{"", "at least 16"},
		{"short-token", "at least 16"},
		{"0123456789abcdef", ""},
		{"abcDEF0123456789-._~+/==", ""},
		{"with a space 0123456789", "position 5"},
		{"quote\"0123456789abcdef", "position 6"},
		{"équipe0123456789abcdef", "position 1"},
		{"0123456789abcdef=x", "position 17"},
	} {
		err := assistant.CheckToken(tc.token)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%q: %v", tc.token, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%q: %v, want an error saying %q", tc.token, err, tc.want)
		case err != nil && len(tc.token) > 3 && strings.Contains(err.Error(), tc.token):
			t.Errorf("%q: the error %q shows the token", tc.token, err)
		}
	}
	a, err := assistant.NewToken()
	if err != nil {
		t.Fatal(err)
	}
	b, err := assistant.NewToken()
	if err != nil {
		t.Fatal(err)
	}
	if a == b || len(a) != 43 || assistant.CheckToken(a) != nil {
		t.Errorf("new tokens %q and %q", a, b)
	}
	srv, err := assistant.New(assistant.Config{Roots: []string{t.TempDir()}})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	if _, err := srv.Handler(""); err == nil {
		t.Error("Handler took an empty token")
	}
}
