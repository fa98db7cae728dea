package mcpapi

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Keys of auth.TokenInfo.Extra.
const (
	extraKey     = "apikey"
	extraAccount = "account"
)

// tokenClaims are the claims of an access token.
type tokenClaims struct {
	// APIKey is the account's key: every request with the token acts with
	// it. It is empty for an account that has none.
	APIKey   string `json:"apikey"`
	ClientID string `json:"client_id,omitempty"`
	Scope    string `json:"scope,omitempty"`
	jwt.RegisteredClaims
}

// errDisabled is a bearer token of a disabled account.
var errDisabled = errors.New("the account is disabled")

// serveMCP answers /mcp for an authenticated request, 403 for a disabled
// account (interface 5.4, as over REST), and 401 with the challenge that
// points MCP clients at the OAuth metadata otherwise.
func (s *Server) serveMCP(w http.ResponseWriter, r *http.Request) {
	// The SDK's middleware answers 401 for every token it refuses, so a
	// disabled account is told apart before it.
	if token, ok := bearerToken(r); ok {
		if _, _, err := s.resolve(token); errors.Is(err, errDisabled) {
			writeJSON(w, http.StatusForbidden, map[string]string{"error": "Account is disabled"})
			return
		}
	}
	// The metadata's address depends on the listener the request came in
	// by, so the middleware is built per request; it is a closure.
	auth.RequireBearerToken(s.verify, &auth.RequireBearerTokenOptions{
		ResourceMetadataURL: baseURL(r) + resourceMetadataForMCP,
		// Expiry is checked by verify, on the server's clock.
		AllowMissingExpiration: true,
	})(s.mcp).ServeHTTP(w, r)
}

// bearerToken returns the token of the request's Authorization header.
func bearerToken(r *http.Request) (string, bool) {
	scheme, token, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	token = strings.TrimSpace(token)
	return token, token != ""
}

// verify authenticates a bearer token for the SDK's middleware.
func (s *Server) verify(_ context.Context, token string, _ *http.Request) (*auth.TokenInfo, error) {
	key, name, err := s.resolve(token)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", auth.ErrInvalidToken, err)
	}
	return tokenInfo(key, name), nil
}

// resolve finds the account a bearer token acts for: the token is an
// account's API key, or an access token of this server that carries one.
// It returns the key and the account's name, or errDisabled for a token
// of a disabled account.
func (s *Server) resolve(token string) (key, name string, err error) {
	if name, disabled, ok := s.cfg.Accounts.ByKey(token); ok {
		if disabled {
			return "", "", errDisabled
		}
		return token, name, nil
	}
	var c tokenClaims
	_, err = jwt.ParseWithClaims(token, &c, func(*jwt.Token) (any, error) { return s.secret, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithTimeFunc(s.cfg.Now),
		jwt.WithExpirationRequired())
	switch {
	case errors.Is(err, jwt.ErrTokenExpired):
		return "", "", errors.New("the access token has expired; log in again")
	case err != nil:
		return "", "", errors.New("neither an API key nor an access token of this server")
	case c.APIKey == "":
		return "", "", errors.New("the account has no API key; create one in the account's integrations")
	}
	name, disabled, ok := s.cfg.Accounts.ByKey(c.APIKey)
	switch {
	case !ok:
		return "", "", errors.New("the token's API key no longer belongs to an account")
	case disabled:
		return "", "", errDisabled
	}
	return c.APIKey, name, nil
}

// tokenInfo describes the account a request acts for. The user id, which
// the MCP handler holds a session to, is derived from the key, so that a
// session cannot be taken over by another account.
func tokenInfo(key, account string) *auth.TokenInfo {
	sum := sha256.Sum256([]byte(key))
	return &auth.TokenInfo{
		UserID: hex.EncodeToString(sum[:12]),
		Extra:  map[string]any{extraKey: key, extraAccount: account},
	}
}

// apiKeyOf returns the key a tool call acts with.
func apiKeyOf(req *mcp.CallToolRequest) (string, error) {
	if req.Extra != nil && req.Extra.TokenInfo != nil {
		if key, _ := req.Extra.TokenInfo.Extra[extraKey].(string); key != "" {
			return key, nil
		}
	}
	return "", errors.New("the request carries no API key")
}

// issueToken signs an access token for g, valid from now for the
// server's token lifetime.
func (s *Server) issueToken(issuer string, g *grant) (string, error) {
	now := s.cfg.Now()
	c := tokenClaims{
		APIKey:   g.key,
		ClientID: g.clientID,
		Scope:    g.scope,
		RegisteredClaims: jwt.RegisteredClaims{
			Issuer:    issuer,
			Subject:   g.account,
			Audience:  jwt.ClaimStrings{issuer + PathMCP},
			IssuedAt:  jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(now.Add(s.cfg.TokenTTL)),
			ID:        rand.Text(),
		},
	}
	t, err := jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(s.secret)
	if err != nil {
		return "", fmt.Errorf("sign access token: %w", err)
	}
	return t, nil
}

// grant is what an authorization code or a refresh token stands for: an
// account's login by a client.
type grant struct {
	clientID    string
	redirectURI string // where the code was sent
	// redirectGiven is whether the authorization request named the
	// redirect URI; the token request must then name it too (RFC 6749 4.1.3).
	redirectGiven bool
	challenge     string // PKCE S256 code challenge
	scope         string
	account       string
	key           string // the account's API key; "" for an account without one
	expires       time.Time
}
