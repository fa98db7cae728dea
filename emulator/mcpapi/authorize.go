package mcpapi

import (
	"crypto/rand"
	"html/template"
	"net/http"
	"net/url"
	"slices"
)

// authRequest is an authorization request (RFC 6749 4.1.1 with PKCE, RFC
// 7636) as the login form carries it from GET to POST.
type authRequest struct {
	ClientID      string
	ClientName    string
	RedirectURI   string // where the answer goes
	RedirectGiven bool   // whether the request named it
	State         string
	Challenge     string
	Method        string
	Scope         string
	Resource      string
}

// loginForm asks for the account's API key, or its login and password.
var loginForm = template.Must(template.New("login").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in: profile service emulator</title>
<style>body{font-family:sans-serif;max-width:30em;margin:3em auto}label{display:block;margin:.8em 0 .2em}input[type=text],input[type=password]{width:100%}.error{color:#b00}</style></head>
<body>
<h1>Sign in</h1>
<p>{{if .Req.ClientName}}<b>{{.Req.ClientName}}</b>{{else}}An assistant{{end}} asks to use the profile service on behalf of your account.
It will spend the account's credits and quotas.</p>
{{if .Error}}<p class="error">{{.Error}}</p>{{end}}
<form method="post" action="{{.Action}}">
<input type="hidden" name="client_id" value="{{.Req.ClientID}}">
{{if .Req.RedirectGiven}}<input type="hidden" name="redirect_uri" value="{{.Req.RedirectURI}}">{{end}}
<input type="hidden" name="response_type" value="code">
<input type="hidden" name="state" value="{{.Req.State}}">
<input type="hidden" name="code_challenge" value="{{.Req.Challenge}}">
<input type="hidden" name="code_challenge_method" value="{{.Req.Method}}">
<input type="hidden" name="scope" value="{{.Req.Scope}}">
<input type="hidden" name="resource" value="{{.Req.Resource}}">
<label for="apikey">API key (from the account's integrations)</label>
<input type="password" id="apikey" name="apikey" autocomplete="off">
<p>or</p>
<label for="login">Login</label><input type="text" id="login" name="login" autocomplete="username">
<label for="password">Password</label><input type="password" id="password" name="password" autocomplete="current-password">
<p><button type="submit">Allow</button></p>
</form>
</body></html>
`))

// serveAuthorize is the authorization endpoint: GET shows the login form,
// POST checks what was entered and sends the browser back to the client
// with an authorization code.
func (s *Server) serveAuthorize(w http.ResponseWriter, r *http.Request) {
	if !allowMethod(w, r, http.MethodGet, http.MethodPost) {
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, 64<<10)
	if err := r.ParseForm(); err != nil {
		http.Error(w, "The form cannot be read.", http.StatusBadRequest)
		return
	}
	req, ok := s.authRequest(w, r.Form)
	if !ok {
		return
	}
	if r.Method == http.MethodGet {
		s.showLogin(w, http.StatusOK, req, "")
		return
	}
	var name, key string
	switch apikey, login := r.PostForm.Get("apikey"), r.PostForm.Get("login"); {
	case apikey != "":
		if name, _, ok = s.cfg.Accounts.ByKey(apikey); !ok {
			s.showLogin(w, http.StatusUnauthorized, req, "This API key does not belong to any account.")
			return
		}
		key = apikey
	case login != "":
		if name, key, ok = s.cfg.Accounts.ByLogin(login, r.PostForm.Get("password")); !ok {
			s.showLogin(w, http.StatusUnauthorized, req, "Wrong login or password.")
			return
		}
	default:
		s.showLogin(w, http.StatusUnauthorized, req, "Enter the account's API key, or its login and password.")
		return
	}
	// A disabled account is 403, on the form as on every request
	// (interface 5.4).
	if _, disabled, _ := s.cfg.Accounts.ByKey(key); disabled {
		s.showLogin(w, http.StatusForbidden, req, "This account is disabled.")
		return
	}
	code := rand.Text()
	s.mu.Lock()
	s.codes[code] = &grant{
		clientID:      req.ClientID,
		redirectURI:   req.RedirectURI,
		redirectGiven: req.RedirectGiven,
		challenge:     req.Challenge,
		scope:         req.Scope,
		account:       name,
		key:           key,
		expires:       s.cfg.Now().Add(authorizationCodeTTL),
	}
	s.mu.Unlock()
	redirect(w, req, url.Values{"code": {code}})
}

// authRequest checks the parameters of an authorization request. Errors
// about the client or its redirect URI are shown to the user (the
// redirect cannot be trusted); the others go back to the client.
func (s *Server) authRequest(w http.ResponseWriter, form url.Values) (*authRequest, bool) {
	req := &authRequest{
		ClientID:    form.Get("client_id"),
		RedirectURI: form.Get("redirect_uri"),
		State:       form.Get("state"),
		Challenge:   form.Get("code_challenge"),
		Method:      form.Get("code_challenge_method"),
		Scope:       form.Get("scope"),
		Resource:    form.Get("resource"),
	}
	s.mu.Lock()
	c := s.clients[req.ClientID]
	s.mu.Unlock()
	switch {
	case c == nil:
		http.Error(w, "Unknown client_id: a client registers at "+PathRegister+" first.", http.StatusBadRequest)
		return nil, false
	case req.RedirectURI == "" && len(c.redirectURIs) == 1:
		req.RedirectURI = c.redirectURIs[0]
	case !slices.Contains(c.redirectURIs, req.RedirectURI):
		http.Error(w, "The redirect_uri is not one the client registered.", http.StatusBadRequest)
		return nil, false
	default:
		req.RedirectGiven = true
	}
	req.ClientName = c.name
	switch {
	case form.Get("response_type") != "code":
		redirect(w, req, url.Values{"error": {"unsupported_response_type"}, "error_description": {"only response_type=code is supported"}})
		return nil, false
	case req.Challenge == "" || req.Method != "S256":
		redirect(w, req, url.Values{"error": {"invalid_request"}, "error_description": {"PKCE is required: code_challenge with code_challenge_method=S256"}})
		return nil, false
	}
	return req, true
}

func (s *Server) showLogin(w http.ResponseWriter, status int, req *authRequest, msg string) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	// The form takes secrets: it must not be framed by another site.
	w.Header().Set("X-Frame-Options", "DENY")
	w.WriteHeader(status)
	loginForm.Execute(w, struct {
		Req    *authRequest
		Error  string
		Action string
	}{req, msg, PathAuthorize})
}

// redirect sends the browser back to the client's redirect URI with
// params and the request's state.
func redirect(w http.ResponseWriter, req *authRequest, params url.Values) {
	u, err := url.Parse(req.RedirectURI)
	if err != nil {
		http.Error(w, "The redirect_uri is not a URI.", http.StatusBadRequest)
		return
	}
	q := u.Query()
	for k, v := range params {
		q[k] = v
	}
	if req.State != "" {
		q.Set("state", req.State)
	}
	u.RawQuery = q.Encode()
	w.Header().Set("Location", u.String())
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusFound)
}
