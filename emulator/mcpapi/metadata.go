package mcpapi

import (
	"crypto/rand"
	"encoding/json"
	"net/http"
	"net/url"
	"time"

	"github.com/modelcontextprotocol/go-sdk/oauthex"
)

// authServerMetadata is the authorization server's metadata (RFC 8414).
// oauthex.AuthServerMeta would write an empty jwks_uri; this server has
// none, as its tokens are for itself only.
type authServerMetadata struct {
	Issuer                            string   `json:"issuer"`
	AuthorizationEndpoint             string   `json:"authorization_endpoint"`
	TokenEndpoint                     string   `json:"token_endpoint"`
	RegistrationEndpoint              string   `json:"registration_endpoint"`
	ResponseTypesSupported            []string `json:"response_types_supported"`
	GrantTypesSupported               []string `json:"grant_types_supported"`
	TokenEndpointAuthMethodsSupported []string `json:"token_endpoint_auth_methods_supported"`
	CodeChallengeMethodsSupported     []string `json:"code_challenge_methods_supported"`
	ServiceDocumentation              string   `json:"service_documentation,omitempty"`
}

// serveResourceMetadata is the protected resource metadata (RFC 9728) of
// /mcp, at the path derived from it and at the root, which names the
// whole host as the resource.
func (s *Server) serveResourceMetadata(w http.ResponseWriter, r *http.Request, path string) {
	if !allowMethod(w, r, http.MethodGet) {
		return
	}
	base := baseURL(r)
	resource := base
	if path == resourceMetadataForMCP {
		resource = base + PathMCP
	}
	writeJSON(w, http.StatusOK, &oauthex.ProtectedResourceMetadata{
		Resource:               resource,
		AuthorizationServers:   []string{base},
		BearerMethodsSupported: []string{"header"},
		ResourceName:           "Profile service emulator",
	})
}

// serveAuthServerMetadata is the authorization server's metadata: the
// emulator is its own authorization server.
func (s *Server) serveAuthServerMetadata(w http.ResponseWriter, r *http.Request) {
	if !allowMethod(w, r, http.MethodGet) {
		return
	}
	base := baseURL(r)
	writeJSON(w, http.StatusOK, authServerMetadata{
		Issuer:                            base,
		AuthorizationEndpoint:             base + PathAuthorize,
		TokenEndpoint:                     base + PathToken,
		RegistrationEndpoint:              base + PathRegister,
		ResponseTypesSupported:            []string{"code"},
		GrantTypesSupported:               []string{"authorization_code", "refresh_token"},
		TokenEndpointAuthMethodsSupported: []string{"none"},
		CodeChallengeMethodsSupported:     []string{"S256"},
	})
}

// client is a client registered by dynamic client registration. Clients
// are public (no secret): PKCE protects their codes.
type client struct {
	name         string
	redirectURIs []string
}

// serveRegister is dynamic client registration (RFC 7591), which MCP
// clients use to get a client id.
func (s *Server) serveRegister(w http.ResponseWriter, r *http.Request) {
	if !allowMethod(w, r, http.MethodPost) {
		return
	}
	var meta oauthex.ClientRegistrationMetadata
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 64<<10)).Decode(&meta); err != nil {
		oauthError(w, http.StatusBadRequest, "invalid_client_metadata", "the body must be the client's metadata as JSON")
		return
	}
	if len(meta.RedirectURIs) == 0 {
		oauthError(w, http.StatusBadRequest, "invalid_redirect_uri", "redirect_uris must name at least one URI")
		return
	}
	for _, u := range meta.RedirectURIs {
		if p, err := url.Parse(u); err != nil || !p.IsAbs() || p.Fragment != "" {
			oauthError(w, http.StatusBadRequest, "invalid_redirect_uri", "redirect URI "+u+" is not an absolute URI without a fragment")
			return
		}
	}
	id := rand.Text()
	s.mu.Lock()
	s.clients[id] = &client{name: meta.ClientName, redirectURIs: meta.RedirectURIs}
	s.mu.Unlock()

	meta.TokenEndpointAuthMethod = "none"
	meta.GrantTypes = []string{"authorization_code", "refresh_token"}
	meta.ResponseTypes = []string{"code"}
	writeJSON(w, http.StatusCreated, &oauthex.ClientRegistrationResponse{
		ClientRegistrationMetadata: meta,
		ClientID:                   id,
		ClientIDIssuedAt:           s.cfg.Now().Truncate(time.Second),
	})
}

// allowMethod answers 405 to a request with another method.
func allowMethod(w http.ResponseWriter, r *http.Request, methods ...string) bool {
	for _, m := range methods {
		if r.Method == m {
			return true
		}
	}
	w.Header().Set("Allow", methods[0])
	writeJSON(w, http.StatusMethodNotAllowed, map[string]string{"error": "Method not allowed"})
	return false
}

// oauthError answers with an OAuth error body (RFC 6749 5.2).
func oauthError(w http.ResponseWriter, status int, code, description string) {
	writeJSON(w, status, map[string]string{"error": code, "error_description": description})
}

// writeJSON answers with a JSON body that no cache keeps.
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		http.Error(w, `{"error":"Internal server error"}`, http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(b)
}
