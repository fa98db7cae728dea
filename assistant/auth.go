package assistant

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"net/http"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// MinTokenLength is the shortest bearer token Handler takes.
const MinTokenLength = 16

// NewToken returns a new bearer token for Handler: 32 random bytes, in
// base64url without padding (43 characters).
func NewToken() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("make a token: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// CheckToken says what is wrong with a bearer token chosen by hand, or
// returns nil: it needs MinTokenLength characters or more, of those a
// bearer token may hold (letters, digits and -._~+/, then = at the end).
// The message never contains the token.
func CheckToken(token string) error {
	if len(token) < MinTokenLength {
		return fmt.Errorf("the token has %d characters; give at least %d (such as 32 random bytes in base64)", len(token), MinTokenLength)
	}
	body := strings.TrimRight(token, "=")
	for i, c := range body {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.ContainsRune("-._~+/", c)) {
			return fmt.Errorf("the token has a character a bearer token cannot hold at position %d; use letters, digits and -._~+/", i+1)
		}
	}
	return nil
}

// Handler serves sessions over streamable HTTP to clients that send the
// header "Authorization: Bearer TOKEN"; other requests are answered 401.
// The SDK's check of the Host header stays on: a request that reaches a
// loopback address with another host name (a web page's DNS rebinding) is
// answered 403.
func (s *Server) Handler(token string) (http.Handler, error) {
	if err := CheckToken(token); err != nil {
		return nil, err
	}
	want := sha256.Sum256([]byte(token))
	// Digests of equal length are compared, in constant time: the answer
	// tells nothing of how much of the token was right, nor of its length.
	verify := func(_ context.Context, got string, _ *http.Request) (*auth.TokenInfo, error) {
		sum := sha256.Sum256([]byte(got))
		if subtle.ConstantTimeCompare(sum[:], want[:]) != 1 {
			return nil, fmt.Errorf("%w: wrong bearer token", auth.ErrInvalidToken)
		}
		return &auth.TokenInfo{UserID: "enrich-mcp"}, nil
	}
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s.mcp },
		&mcp.StreamableHTTPOptions{Logger: s.log})
	return auth.RequireBearerToken(verify, &auth.RequireBearerTokenOptions{AllowMissingExpiration: true})(h), nil
}
