// Package mcpapi is the emulator's assistant-protocol server: the Model
// Context Protocol over streamable HTTP at /mcp, with tools that mirror
// the service's REST API, and the OAuth 2.0 authorization server that
// MCP clients log in through.
//
// A request to /mcp authenticates with "Authorization: Bearer" and either
// an account's API key or an access token this server issued. Tokens are
// JWTs (HS256, a secret drawn per server) that carry the account's key in
// the claim "apikey"; the key is checked on every request, so a token of
// an account with no key, like a missing, wrong or expired one, is 401.
//
// The tools call the REST API in process, through the handler they are
// given, with the key of the request: every rule, limit, credit and error
// is the REST one, and a REST error is a tool error with the service's
// message.
package mcpapi

import (
	"crypto/rand"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Paths of the assistant-protocol server.
const (
	PathMCP                = "/mcp"
	PathResourceMetadata   = "/.well-known/oauth-protected-resource"   // RFC 9728
	PathAuthServerMetadata = "/.well-known/oauth-authorization-server" // RFC 8414
	PathRegister           = "/oauth/register"                         // RFC 7591
	PathAuthorize          = "/oauth/authorize"
	PathToken              = "/oauth/token"
)

// resourceMetadataForMCP is the metadata of the resource /mcp, at the path
// RFC 9728 derives from it.
const resourceMetadataForMCP = PathResourceMetadata + PathMCP

const (
	defaultTokenTTL      = time.Hour
	authorizationCodeTTL = 5 * time.Minute
	sessionIdleTimeout   = time.Hour
)

// Serves reports whether path is the assistant-protocol server's rather
// than the REST API's: /mcp, the OAuth metadata under /.well-known/ and
// the endpoints under /oauth/.
func Serves(path string) bool {
	path = strings.TrimRight(path, "/")
	return path == PathMCP || strings.HasPrefix(path, "/.well-known/") || strings.HasPrefix(path, "/oauth/")
}

// Accounts is what the server needs to know of the service's accounts.
type Accounts interface {
	// ByKey returns the name of the account that holds key, and whether
	// it is disabled.
	ByKey(key string) (name string, disabled, ok bool)
	// ByLogin returns the account whose login and password these are,
	// with its API key, which is empty for an account that has none.
	ByLogin(login, password string) (name, key string, ok bool)
}

// Config describes the server.
type Config struct {
	// REST is the service's REST API; tools send it requests with the
	// header apikey, as a client would.
	REST     http.Handler
	Accounts Accounts
	// TokenTTL is the lifetime of access tokens; default 1h.
	TokenTTL time.Duration
	Now      func() time.Time // clock; default time.Now
	Logger   *slog.Logger     // default discards
}

// Server is the assistant-protocol server. It is an http.Handler for the
// paths Serves reports, and is safe for concurrent use.
type Server struct {
	cfg    Config
	secret []byte // signs access tokens
	mcp    *mcp.StreamableHTTPHandler

	mu      sync.Mutex // guards the OAuth state below
	clients map[string]*client
	codes   map[string]*grant // authorization codes, single use
	refresh map[string]*grant // refresh tokens, rotated on use
}

// New returns a server over cfg.REST.
func New(cfg Config) *Server {
	if cfg.TokenTTL <= 0 {
		cfg.TokenTTL = defaultTokenTTL
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	s := &Server{
		cfg:     cfg,
		secret:  make([]byte, 32),
		clients: make(map[string]*client),
		codes:   make(map[string]*grant),
		refresh: make(map[string]*grant),
	}
	rand.Read(s.secret) // never fails (crypto/rand)
	server := mcp.NewServer(&mcp.Implementation{Name: "profile-service-emulator", Title: "Profile service (emulator)", Version: "1.0.0"},
		&mcp.ServerOptions{Instructions: instructions})
	s.addTools(server)
	s.mcp = mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server },
		&mcp.StreamableHTTPOptions{Logger: cfg.Logger, SessionTimeout: sessionIdleTimeout})
	return s
}

// instructions tell an assistant what the server is for.
const instructions = `Tools of a professional-profile service: look people up by profile URL, e-mail, phone or uid (full profiles, with contacts unless withoutContacts), search people with filters and scroll through the results, read credit balances, and resolve, count and describe companies. Lookups spend credits (one per person found), searches spend daily quotas, company info spends a company data credit. Errors are the service's own, with its HTTP status.`

// ServeHTTP routes a request to the MCP endpoint, the OAuth metadata or
// the OAuth endpoints.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch path := strings.TrimRight(r.URL.Path, "/"); path {
	case PathMCP:
		s.serveMCP(w, r)
	case PathResourceMetadata, resourceMetadataForMCP:
		s.serveResourceMetadata(w, r, path)
	case PathAuthServerMetadata:
		s.serveAuthServerMetadata(w, r)
	case PathRegister:
		s.serveRegister(w, r)
	case PathAuthorize:
		s.serveAuthorize(w, r)
	case PathToken:
		s.serveToken(w, r)
	default:
		writeJSON(w, http.StatusNotFound, map[string]string{"error": "Not found"})
	}
}

// baseURL is the address the request reached the server at: metadata
// name endpoints by it, so that they work on any listener and port.
func baseURL(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}
