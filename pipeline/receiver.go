package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/state"
)

// probePath, appended to the callback URL, answers a GET with its nonce so
// that a run can check the public URL reaches this very process.
const probePath = "/probe"

// receiver is the embedded callback server. The service posts lookup
// results to /callback/<token> and company profiles to
// /callback/<token>/profiles, where the token is the journal's secret;
// every other path is 404. What arrives is committed to the journal before
// the answer, so a 200 means it is safe; a storage failure answers 500 and
// the service retries.
type receiver struct {
	srv      *http.Server
	ln       net.Listener
	path     string // /callback/<token>
	j        *state.Journal
	p        state.Policy
	out      chan<- state.Delivery        // lookup results committed; may be nil
	profiles chan<- state.ProfileDelivery // profiles committed; may be nil
	done     <-chan struct{}
	log      *slog.Logger
}

// profilesPath, appended to the callback URL, receives company profiles.
const profilesPath = "/profiles"

// startReceiver listens on addr and serves callbacks until close. Lookup
// results go to out, profiles to profiles, once committed; either may be nil.
func startReceiver(addr, token string, j *state.Journal, p state.Policy, out chan<- state.Delivery, profiles chan<- state.ProfileDelivery, done <-chan struct{}, log *slog.Logger) (*receiver, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	rc := &receiver{ln: ln, path: "/callback/" + token, j: j, p: p, out: out, profiles: profiles, done: done, log: log}
	rc.srv = &http.Server{
		Handler:           rc,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       time.Minute,
		WriteTimeout:      time.Minute,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelDebug),
	}
	go rc.srv.Serve(ln)
	return rc, nil
}

// addr is the address the receiver listens on.
func (rc *receiver) addr() string { return rc.ln.Addr().String() }

// close stops the server, letting callbacks being committed finish.
func (rc *receiver) close() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	rc.srv.Shutdown(ctx)
}

// ServeHTTP accepts callbacks on the secret path.
func (rc *receiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.URL.Path == rc.path+probePath && r.Method == http.MethodGet:
		io.WriteString(w, r.URL.Query().Get("nonce"))
		return
	case r.URL.Path == rc.path+profilesPath:
		rc.serveProfiles(w, r)
		return
	case r.URL.Path != rc.path:
		// The token is the callback's only credential: nothing in the
		// answer tells a prober whether it came close.
		http.NotFound(w, r)
		return
	}
	cb, err := api.ParseCallback(w, r, api.MaxCallbackBytes)
	if err != nil {
		refuse(w, err, rc.log)
		return
	}
	d, err := rc.j.Deliver(state.Ref{RequestID: cb.RequestID}, cb.Results, time.Now(), rc.p)
	if err != nil {
		rc.log.Error("callback not stored; answering 500 so that the service retries", "requestId", cb.RequestID, "error", err)
		http.Error(w, "storage failure", http.StatusInternalServerError)
		return
	}
	if d.Unknown > 0 {
		rc.log.Warn("callback has results for identifiers this journal never submitted", "requestId", cb.RequestID, "unknown", d.Unknown)
	}
	rc.log.Debug("callback stored", "requestId", cb.RequestID, "results", len(cb.Results), "changed", len(d.Changes), "duplicates", d.Stale)
	if rc.out != nil {
		select {
		case rc.out <- d:
		case <-rc.done:
			// The run has ended; the journal has the results for the next one.
		}
	}
	w.WriteHeader(http.StatusOK)
}

// serveProfiles accepts a delivery of company profiles.
func (rc *receiver) serveProfiles(w http.ResponseWriter, r *http.Request) {
	cb, err := api.ParseProfilesCallback(w, r, api.MaxCallbackBytes)
	if err != nil {
		refuse(w, err, rc.log)
		return
	}
	d, err := rc.j.DeliverProfiles(cb.RequestID, cb.Profiles, time.Now())
	if err != nil {
		rc.log.Error("profiles not stored; answering 500 so that the service retries", "searchId", cb.RequestID, "error", err)
		http.Error(w, "storage failure", http.StatusInternalServerError)
		return
	}
	if !d.Known {
		rc.log.Warn("profiles for a request this journal never made", "searchId", cb.RequestID, "profiles", len(cb.Profiles))
	}
	if rc.profiles != nil && d.Known {
		select {
		case rc.profiles <- d:
		case <-rc.done:
		}
	}
	w.WriteHeader(http.StatusOK)
}

// refuse answers a callback that does not parse.
func refuse(w http.ResponseWriter, err error, log *slog.Logger) {
	var ce *api.CallbackError
	status := http.StatusBadRequest
	if errors.As(err, &ce) {
		status = ce.Status
	}
	log.Warn("callback refused", "status", status, "error", err)
	http.Error(w, err.Error(), status)
}

// probe checks that url (the public callback URL's probe path) reaches
// this process: the nonce must come back.
func probe(ctx context.Context, url string, c *http.Client) error {
	nonce := fmt.Sprintf("%d", time.Now().UnixNano())
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url+"?nonce="+nonce, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		var ue interface{ Unwrap() error }
		if errors.As(err, &ue) {
			return ue.Unwrap()
		}
		return err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 256))
	if resp.StatusCode != http.StatusOK || strings.TrimSpace(string(body)) != nonce {
		return fmt.Errorf("the address answered %s, but not as this process would", resp.Status)
	}
	return nil
}

// CheckCallback starts a listener on listen for a moment and checks that a
// request to publicURL (default http://LISTEN) reaches it: the commonest
// reason a callback never arrives is an address that leads elsewhere. It
// returns the public URL it checked.
func CheckCallback(ctx context.Context, listen, publicURL string) (string, error) {
	ln, err := net.Listen("tcp", listen)
	if err != nil {
		return "", fmt.Errorf("listen on %s: %w", listen, err)
	}
	const path = "/callback/doctor"
	srv := &http.Server{
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path != path+probePath {
				http.NotFound(w, r)
				return
			}
			io.WriteString(w, r.URL.Query().Get("nonce"))
		}),
		ReadHeaderTimeout: 10 * time.Second,
	}
	go srv.Serve(ln)
	defer srv.Close()
	cfg := Config{PublicURL: publicURL}
	base := cfg.publicBase(ln.Addr().String())
	return base, probe(ctx, base+path+probePath, http.DefaultClient)
}
