package mcpapi

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// switchable is an account that can be disabled while its tokens live.
type switchable struct {
	mu       sync.Mutex
	disabled bool
}

func (s *switchable) ByKey(key string) (string, bool, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return "acme", s.disabled, key == "acme-key"
}

func (s *switchable) ByLogin(string, string) (string, string, bool) { return "", "", false }

// TestTokenOfDisabledAccount: an access token issued while the account
// was enabled is 403 once the account is disabled, not 401.
func TestTokenOfDisabledAccount(t *testing.T) {
	accounts := &switchable{}
	rest := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusOK) })
	var later atomic.Int64 // how far the server's clock is ahead
	s := New(Config{REST: rest, Accounts: accounts, Now: func() time.Time { return time.Now().Add(time.Duration(later.Load())) }})
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	token, err := s.issueToken(srv.URL, &grant{account: "acme", key: "acme-key", clientID: "c"})
	if err != nil {
		t.Fatal(err)
	}
	post := func() int {
		req, _ := http.NewRequest(http.MethodPost, srv.URL+PathMCP, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}`))
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if got := post(); got == http.StatusForbidden || got == http.StatusUnauthorized {
		t.Fatalf("token of an enabled account: %d", got)
	}
	accounts.mu.Lock()
	accounts.disabled = true
	accounts.mu.Unlock()
	if got := post(); got != http.StatusForbidden {
		t.Errorf("token of a disabled account: %d, want 403", got)
	}
	// An expired token stays 401 whatever the account.
	later.Store(int64(2 * defaultTokenTTL))
	accounts.mu.Lock()
	accounts.disabled = false
	accounts.mu.Unlock()
	if got := post(); got != http.StatusUnauthorized {
		t.Errorf("expired token: %d, want 401", got)
	}
}
