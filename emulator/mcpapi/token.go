package mcpapi

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"net/http"
)

// tokenResponse is the token endpoint's answer (RFC 6749 5.1).
type tokenResponse struct {
	AccessToken  string `json:"access_token"`
	TokenType    string `json:"token_type"`
	ExpiresIn    int64  `json:"expires_in"`
	RefreshToken string `json:"refresh_token"`
	Scope        string `json:"scope,omitempty"`
}

// serveToken is the token endpoint: it exchanges an authorization code
// (with its PKCE verifier) or a refresh token for an access token and a
// new refresh token. Codes and refresh tokens are single use.
func (s *Server) serveToken(w http.ResponseWriter, r *http.Request) {
	if !allowMethod(w, r, http.MethodPost) {
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, 64<<10)
	if err := r.ParseForm(); err != nil {
		oauthError(w, http.StatusBadRequest, "invalid_request", "the body must be a form")
		return
	}
	clientID := r.PostForm.Get("client_id")
	if id, _, ok := r.BasicAuth(); ok && clientID == "" {
		clientID = id
	}
	var (
		g   *grant
		msg string
	)
	switch r.PostForm.Get("grant_type") {
	case "authorization_code":
		g, msg = s.redeemCode(r, clientID)
	case "refresh_token":
		g, msg = s.redeemRefresh(r.PostForm.Get("refresh_token"), clientID)
	default:
		oauthError(w, http.StatusBadRequest, "unsupported_grant_type", "grant_type must be authorization_code or refresh_token")
		return
	}
	if g == nil {
		oauthError(w, http.StatusBadRequest, "invalid_grant", msg)
		return
	}
	access, err := s.issueToken(baseURL(r), g)
	if err != nil {
		oauthError(w, http.StatusInternalServerError, "server_error", "the token could not be signed")
		return
	}
	refresh := rand.Text()
	s.mu.Lock()
	s.refresh[refresh] = g
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, tokenResponse{
		AccessToken:  access,
		TokenType:    "Bearer",
		ExpiresIn:    int64(s.cfg.TokenTTL.Seconds()),
		RefreshToken: refresh,
		Scope:        g.scope,
	})
}

// redeemCode takes an authorization code, once, and checks it against the
// token request: same client, same redirect URI, and the PKCE verifier
// that hashes to the code's challenge.
func (s *Server) redeemCode(r *http.Request, clientID string) (*grant, string) {
	s.mu.Lock()
	g := s.codes[r.PostForm.Get("code")]
	delete(s.codes, r.PostForm.Get("code"))
	s.mu.Unlock()
	redirectURI := r.PostForm.Get("redirect_uri")
	switch {
	case g == nil:
		return nil, "unknown or used authorization code"
	case s.cfg.Now().After(g.expires):
		return nil, "the authorization code has expired"
	case g.clientID != clientID:
		return nil, "the authorization code was issued to another client"
	case redirectURI != g.redirectURI && (redirectURI != "" || g.redirectGiven):
		return nil, "redirect_uri differs from the authorization request's"
	case !verifierMatches(r.PostForm.Get("code_verifier"), g.challenge):
		return nil, "code_verifier does not match the code challenge (PKCE S256)"
	}
	return g, ""
}

// redeemRefresh takes a refresh token, once: the answer carries a new one.
func (s *Server) redeemRefresh(token, clientID string) (*grant, string) {
	s.mu.Lock()
	g := s.refresh[token]
	delete(s.refresh, token)
	s.mu.Unlock()
	switch {
	case g == nil || token == "":
		return nil, "unknown or used refresh token"
	case g.clientID != clientID:
		return nil, "the refresh token was issued to another client"
	}
	return g, ""
}

// verifierMatches checks a PKCE verifier against an S256 challenge
// (RFC 7636 4.6).
func verifierMatches(verifier, challenge string) bool {
	if len(verifier) < 43 || len(verifier) > 128 {
		return false
	}
	sum := sha256.Sum256([]byte(verifier))
	want := base64.RawURLEncoding.EncodeToString(sum[:])
	return subtle.ConstantTimeCompare([]byte(want), []byte(challenge)) == 1
}
