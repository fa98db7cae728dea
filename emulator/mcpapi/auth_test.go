package mcpapi_test

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/oauthex"

	"github.com/enrich-dev/enrich/emulator"
)

// redirectURI is where the test client says it receives codes; nothing
// listens there, as the fetcher reads the code off the redirect.
const redirectURI = "http://127.0.0.1:9/callback"

// noRedirect is an HTTP client that shows redirects instead of following.
var noRedirect = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// login is what the user types on the login form.
type login struct {
	apikey, login, password string
}

// loginFetcher plays the user's browser: it opens the authorization URL,
// checks that it shows the login form, submits the form with the
// credentials, and reads the code off the redirect back to the client.
func loginFetcher(t *testing.T, creds login, calls *atomic.Int32) auth.AuthorizationCodeFetcher {
	return func(ctx context.Context, args *auth.AuthorizationArgs) (*auth.AuthorizationResult, error) {
		calls.Add(1)
		u, err := url.Parse(args.URL)
		if err != nil {
			return nil, err
		}
		page, err := http.Get(args.URL)
		if err != nil {
			return nil, err
		}
		page.Body.Close()
		if page.StatusCode != http.StatusOK || !strings.HasPrefix(page.Header.Get("Content-Type"), "text/html") {
			return nil, fmt.Errorf("the authorization URL shows %d %s, not the login form", page.StatusCode, page.Header.Get("Content-Type"))
		}
		form := u.Query()
		form.Set("apikey", creds.apikey)
		form.Set("login", creds.login)
		form.Set("password", creds.password)
		u.RawQuery = ""
		resp, err := noRedirect.PostForm(u.String(), form)
		if err != nil {
			return nil, err
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusFound {
			return nil, fmt.Errorf("login answered %d, not a redirect", resp.StatusCode)
		}
		back, err := url.Parse(resp.Header.Get("Location"))
		if err != nil {
			return nil, err
		}
		if !strings.HasPrefix(back.String(), redirectURI) {
			return nil, fmt.Errorf("redirected to %s, not the client", back)
		}
		q := back.Query()
		return &auth.AuthorizationResult{Code: q.Get("code"), State: q.Get("state"), Iss: q.Get("iss")}, nil
	}
}

// oauthClient is the SDK's authorization-code handler with dynamic client
// registration, logging in with creds.
func oauthClient(t *testing.T, creds login, calls *atomic.Int32) *auth.AuthorizationCodeHandler {
	t.Helper()
	h, err := auth.NewAuthorizationCodeHandler(&auth.AuthorizationCodeHandlerConfig{
		DynamicClientRegistrationConfig: &auth.DynamicClientRegistrationConfig{
			Metadata: &oauthex.ClientRegistrationMetadata{ClientName: "Test assistant", RedirectURIs: []string{redirectURI}},
		},
		AuthorizationCodeFetcher: loginFetcher(t, creds, calls),
	})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// accessToken is the access token the handler holds.
func accessToken(t *testing.T, h *auth.AuthorizationCodeHandler) string {
	t.Helper()
	ts, err := h.TokenSource(bg)
	if err != nil || ts == nil {
		t.Fatalf("no token source: %v", err)
	}
	tok, err := ts.Token()
	if err != nil {
		t.Fatal(err)
	}
	return tok.AccessToken
}

func TestBearerAPIKey(t *testing.T) {
	f := newFixture(t)
	cs := mustConnect(t, f.base+"/mcp", withBearer(keyPaid), nil)
	c := decode[struct {
		Credits int64 `json:"credits"`
	}](t, cs, "get_credits", map[string]any{})
	if c.Credits != 5 {
		t.Errorf("credits %d, want 5", c.Credits)
	}
}

func TestUnauthorized(t *testing.T) {
	f := newFixture(t)
	forged, err := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{
		"apikey": keyPaid, "exp": time.Now().Add(time.Hour).Unix(),
	}).SignedString([]byte("not the emulator's secret"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		header map[string]string
	}{
		{"no header", nil},
		{"not bearer", map[string]string{"Authorization": "Basic " + base64.StdEncoding.EncodeToString([]byte(keyPaid+":"))}},
		{"wrong key", map[string]string{"Authorization": "Bearer not-a-key"}},
		{"the REST header is not enough", map[string]string{"apikey": keyPaid}},
		{"forged token", map[string]string{"Authorization": "Bearer " + forged}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp := postMCPWith(t, f.base+"/mcp", tc.header)
			if resp.StatusCode != http.StatusUnauthorized {
				t.Fatalf("status %d, want 401", resp.StatusCode)
			}
			want := `resource_metadata="` + f.base + `/.well-known/oauth-protected-resource/mcp"`
			if got := resp.Header.Get("WWW-Authenticate"); !strings.Contains(got, want) {
				t.Errorf("WWW-Authenticate %q, want %s", got, want)
			}
		})
	}
	// The SDK's client without credentials cannot connect either.
	if _, err := connect(t, f.base+"/mcp", withBearer("not-a-key"), nil); err == nil || !strings.Contains(err.Error(), "Unauthorized") {
		t.Errorf("connect with a wrong key: %v, want Unauthorized", err)
	}
}

// TestDisabledAccount: a disabled account is 403 on /mcp, as over REST
// (interface 5.4), not 401: a client must not log in again for it.
func TestDisabledAccount(t *testing.T) {
	f := newFixture(t)
	resp := postMCP(t, f.base+"/mcp", "Bearer "+keyOff)
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("/mcp with a disabled account's key: %d, want 403", resp.StatusCode)
	}
	if _, err := connect(t, f.base+"/mcp", withBearer(keyOff), nil); err == nil || !strings.Contains(err.Error(), "Forbidden") {
		t.Errorf("connect with a disabled account's key: %v, want Forbidden", err)
	}
	req, _ := http.NewRequest(http.MethodGet, f.base+"/api/v1/credits", nil)
	req.Header.Set("apikey", keyOff)
	rest, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	rest.Body.Close()
	if rest.StatusCode != http.StatusForbidden {
		t.Errorf("REST with a disabled account's key: %d, want 403", rest.StatusCode)
	}
}

func TestOAuthLogin(t *testing.T) {
	for _, tc := range []struct {
		name  string
		creds login
	}{
		{"API key on the form", login{apikey: keyPaid}},
		{"login and password", login{login: loginPaid, password: passPaid}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			var logins atomic.Int32
			h := oauthClient(t, tc.creds, &logins)
			cs := mustConnect(t, f.base+"/mcp", nil, h)
			c := decode[struct {
				Credits int64 `json:"credits"`
			}](t, cs, "get_credits", map[string]any{})
			if c.Credits != 5 || logins.Load() != 1 {
				t.Fatalf("credits %d after %d logins; want 5 after 1", c.Credits, logins.Load())
			}

			// The token is a JWT that carries the account's key.
			token := accessToken(t, h)
			claims := jwt.MapClaims{}
			if _, _, err := jwt.NewParser().ParseUnverified(token, claims); err != nil {
				t.Fatalf("the access token is not a JWT: %v", err)
			}
			if claims["apikey"] != keyPaid || claims["exp"] == nil {
				t.Errorf("claims %v, want apikey %q and exp", claims, keyPaid)
			}
			if resp := postMCP(t, f.base+"/mcp", "Bearer "+token); resp.StatusCode != http.StatusOK {
				t.Errorf("the token on its own: %d", resp.StatusCode)
			}

			// Once it expires it is 401, and the client logs in again.
			f.clock.Advance(tokenTTL + time.Second)
			if resp := postMCP(t, f.base+"/mcp", "Bearer "+token); resp.StatusCode != http.StatusUnauthorized {
				t.Errorf("expired token: %d, want 401", resp.StatusCode)
			}
			c = decode[struct {
				Credits int64 `json:"credits"`
			}](t, cs, "get_credits", map[string]any{})
			if c.Credits != 5 || logins.Load() != 2 {
				t.Errorf("after expiry: credits %d after %d logins; want 5 after 2", c.Credits, logins.Load())
			}
		})
	}
}

// TestOAuthAccountWithoutKey logs in an account that has no API key: the
// login succeeds, and every request with its token is 401.
func TestOAuthAccountWithoutKey(t *testing.T) {
	f := newFixture(t)
	var logins atomic.Int32
	h := oauthClient(t, login{login: loginNone, password: passNone}, &logins)
	if _, err := connect(t, f.base+"/mcp", nil, h); err == nil {
		t.Fatal("an account without a key connected")
	}
	// The client logs in, is refused with the token, and gives up.
	if logins.Load() == 0 {
		t.Error("the client never logged in")
	}
	token := accessToken(t, h)
	claims := jwt.MapClaims{}
	if _, _, err := jwt.NewParser().ParseUnverified(token, claims); err != nil || claims["apikey"] != "" {
		t.Fatalf("token claims %v (%v), want an empty apikey", claims, err)
	}
	if resp := postMCP(t, f.base+"/mcp", "Bearer "+token); resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("token of an account without key: %d, want 401", resp.StatusCode)
	}
	// Over REST such an account has no key to send: 401 too.
	resp, err := http.Get(f.base + "/api/v1/credits")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("REST without key: %d", resp.StatusCode)
	}
}

// oauthFlow drives the endpoints by hand, to see what the SDK's client
// never shows: refused requests.
type oauthFlow struct {
	t        *testing.T
	base     string
	clientID string
	verifier string
}

func newOAuthFlow(t *testing.T, base string) *oauthFlow {
	t.Helper()
	reg, err := oauthex.RegisterClient(bg, base+"/oauth/register", &oauthex.ClientRegistrationMetadata{RedirectURIs: []string{redirectURI}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if reg.TokenEndpointAuthMethod != "none" {
		t.Errorf("registered with auth method %q, want none (a public client)", reg.TokenEndpointAuthMethod)
	}
	return &oauthFlow{t: t, base: base, clientID: reg.ClientID, verifier: strings.Repeat("v", 50)}
}

func (o *oauthFlow) params() url.Values {
	sum := sha256.Sum256([]byte(o.verifier))
	return url.Values{
		"client_id": {o.clientID}, "redirect_uri": {redirectURI}, "response_type": {"code"}, "state": {"st"},
		"code_challenge": {base64.RawURLEncoding.EncodeToString(sum[:])}, "code_challenge_method": {"S256"},
	}
}

// authorize submits the login form and returns the response.
func (o *oauthFlow) authorize(params url.Values) *http.Response {
	o.t.Helper()
	resp, err := noRedirect.PostForm(o.base+"/oauth/authorize", params)
	if err != nil {
		o.t.Fatal(err)
	}
	resp.Body.Close()
	return resp
}

// code logs in with the API key and returns the authorization code.
func (o *oauthFlow) code() string {
	o.t.Helper()
	p := o.params()
	p.Set("apikey", keyPaid)
	resp := o.authorize(p)
	loc, _ := url.Parse(resp.Header.Get("Location"))
	if resp.StatusCode != http.StatusFound || loc.Query().Get("code") == "" || loc.Query().Get("state") != "st" {
		o.t.Fatalf("login: %d to %q", resp.StatusCode, loc)
	}
	return loc.Query().Get("code")
}

// token posts to the token endpoint and decodes the answer.
func (o *oauthFlow) token(form url.Values) (int, map[string]any) {
	o.t.Helper()
	resp, err := http.PostForm(o.base+"/oauth/token", form)
	if err != nil {
		o.t.Fatal(err)
	}
	defer resp.Body.Close()
	var body map[string]any
	json.NewDecoder(resp.Body).Decode(&body)
	return resp.StatusCode, body
}

func TestOAuthEndpoints(t *testing.T) {
	f := newFixture(t)

	// Discovery: the resource's metadata names the emulator as its
	// authorization server, whose metadata names the endpoints.
	var prm oauthex.ProtectedResourceMetadata
	getJSON(t, f.base+"/.well-known/oauth-protected-resource/mcp", &prm)
	if prm.Resource != f.base+"/mcp" || len(prm.AuthorizationServers) != 1 || prm.AuthorizationServers[0] != f.base {
		t.Errorf("resource metadata %+v", prm)
	}
	asm, err := oauthex.GetAuthServerMeta(bg, f.base+"/.well-known/oauth-authorization-server", f.base, nil)
	if err != nil || asm == nil {
		t.Fatalf("authorization server metadata: %v", err)
	}
	if asm.TokenEndpoint != f.base+"/oauth/token" || asm.RegistrationEndpoint != f.base+"/oauth/register" || asm.CodeChallengeMethodsSupported[0] != "S256" {
		t.Errorf("authorization server metadata %+v", asm)
	}

	o := newOAuthFlow(t, f.base)
	t.Run("login form refusals", func(t *testing.T) {
		p := o.params()
		p.Set("apikey", "wrong")
		if resp := o.authorize(p); resp.StatusCode != http.StatusUnauthorized {
			t.Errorf("wrong key: %d, want 401 and the form again", resp.StatusCode)
		}
		p = o.params()
		p.Set("apikey", keyOff)
		if resp := o.authorize(p); resp.StatusCode != http.StatusForbidden {
			t.Errorf("disabled account: %d, want 403", resp.StatusCode)
		}
		p = o.params()
		p.Set("login", loginPaid)
		p.Set("password", "guess")
		if resp := o.authorize(p); resp.StatusCode != http.StatusUnauthorized {
			t.Errorf("wrong password: %d, want 401", resp.StatusCode)
		}
		p = o.params()
		p.Set("client_id", "unregistered")
		if resp := o.authorize(p); resp.StatusCode != http.StatusBadRequest {
			t.Errorf("unknown client: %d, want 400", resp.StatusCode)
		}
		p = o.params()
		p.Del("code_challenge")
		resp := o.authorize(p)
		if loc, _ := url.Parse(resp.Header.Get("Location")); resp.StatusCode != http.StatusFound || loc.Query().Get("error") != "invalid_request" {
			t.Errorf("no PKCE: %d to %q, want a redirect with error=invalid_request", resp.StatusCode, resp.Header.Get("Location"))
		}
	})

	t.Run("token exchange", func(t *testing.T) {
		exchange := func(code, verifier string) (int, map[string]any) {
			return o.token(url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {redirectURI}, "client_id": {o.clientID}, "code_verifier": {verifier}})
		}
		if status, body := exchange(o.code(), strings.Repeat("x", 50)); status != http.StatusBadRequest || body["error"] != "invalid_grant" {
			t.Errorf("wrong PKCE verifier: %d %v", status, body)
		}
		code := o.code()
		status, body := exchange(code, o.verifier)
		if status != http.StatusOK || body["token_type"] != "Bearer" || body["expires_in"] != float64(tokenTTL.Seconds()) {
			t.Fatalf("exchange: %d %v", status, body)
		}
		if status, _ := exchange(code, o.verifier); status != http.StatusBadRequest {
			t.Errorf("a code used twice: %d, want 400", status)
		}
		refresh, _ := body["refresh_token"].(string)
		status, renewed := o.token(url.Values{"grant_type": {"refresh_token"}, "refresh_token": {refresh}, "client_id": {o.clientID}})
		if status != http.StatusOK {
			t.Fatalf("refresh: %d %v", status, renewed)
		}
		if resp := postMCP(t, f.base+"/mcp", "Bearer "+renewed["access_token"].(string)); resp.StatusCode != http.StatusOK {
			t.Errorf("refreshed token: %d", resp.StatusCode)
		}
		if status, _ := o.token(url.Values{"grant_type": {"refresh_token"}, "refresh_token": {refresh}, "client_id": {o.clientID}}); status != http.StatusBadRequest {
			t.Errorf("a refresh token used twice: %d, want 400", status)
		}
		code = o.code()
		f.clock.Advance(6 * time.Minute)
		if status, body := exchange(code, o.verifier); status != http.StatusBadRequest || body["error_description"] != "the authorization code has expired" {
			t.Errorf("a code 6 minutes old: %d %v, want 400: expired", status, body)
		}
	})
}

func getJSON(t *testing.T, u string, v any) {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d", u, resp.StatusCode)
	}
	if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
		t.Fatal(err)
	}
}

func TestLoginAccountConfig(t *testing.T) {
	for _, tc := range []struct {
		name     string
		accounts []emulator.AccountConfig
		ok       bool
	}{
		{"key only", []emulator.AccountConfig{{Key: "k"}}, true},
		{"login only", []emulator.AccountConfig{{Login: "a@example.com", Password: "p"}}, true},
		{"two login-only accounts", []emulator.AccountConfig{{Login: "a@example.com", Password: "p"}, {Login: "b@example.com", Password: "p"}}, true},
		{"neither key nor login", []emulator.AccountConfig{{Name: "empty"}}, false},
		{"login without password", []emulator.AccountConfig{{Key: "k", Login: "a@example.com"}}, false},
		{"login used twice", []emulator.AccountConfig{{Key: "k1", Login: "a@example.com", Password: "p"}, {Key: "k2", Login: "a@example.com", Password: "q"}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			emu, err := emulator.New(emulator.Config{People: 10, Accounts: tc.accounts})
			if err == nil {
				emu.Close()
			}
			if (err == nil) != tc.ok {
				t.Errorf("New: %v, want ok=%v", err, tc.ok)
			}
		})
	}
}
