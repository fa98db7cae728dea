package pipeline

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"syscall"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/internal/clock"
	"github.com/enrich-dev/enrich/state"
)

// probePath, appended to the callback URL, answers a GET so that a run can
// check that the public URL reaches this very process: the answer proves
// knowledge of the journal's token without showing it or echoing the
// request.
const probePath = "/probe"

// profilesPath, appended to the callback URL, receives company profiles.
const profilesPath = "/profiles"

// maxCallbacksAtOnce bounds the callbacks read at the same time, and with
// api.MaxCallbackBytes the memory a flood of deliveries can take; a
// delivery beyond it waits its turn for callbackTurn, then is answered 503
// and retried by the service.
const (
	maxCallbacksAtOnce = 4
	callbackTurn       = 5 * time.Second
)

// receiverConfig describes the embedded callback server.
type receiverConfig struct {
	Listen  string
	Token   string // the journal's secret, the callback path's only credential
	Journal *state.Journal
	Policy  state.Policy
	// Allow lists the networks deliveries are accepted from; empty accepts
	// every address. The probe is answered from anywhere.
	Allow []*net.IPNet
	// Deliveries receives lookup results once committed (or the storage
	// failure); Profiles company profiles. Either may be nil.
	Deliveries chan<- delivered
	Profiles   chan<- state.ProfileDelivery
	// Done is closed when the run stops listening to Deliveries.
	Done <-chan struct{}
	// Kept keeps the results of a callback the journal cannot store, for
	// identifiers Known says the run looks up; nil keeps none.
	Kept  *kept
	Known func(id string) bool
	Log   *slog.Logger
	Clock clock.Clock
}

// receiver is the embedded callback server. The service posts lookup
// results to /callback/<token> and company profiles to
// /callback/<token>/profiles; every other path is 404. What arrives is
// committed to the journal before the answer, so a 200 means it is safe; a
// storage failure answers 500 and the service retries.
type receiver struct {
	cfg   receiverConfig
	srv   *http.Server
	ln    net.Listener
	path  string        // /callback/<token>
	slots chan struct{} // callbacks being read
	// served is closed when Serve returns; failed holds its error.
	served chan struct{}
	failed error
}

// startReceiver listens on cfg.Listen and serves callbacks until close.
func startReceiver(cfg receiverConfig) (*receiver, error) {
	if cfg.Clock == nil {
		cfg.Clock = clock.Real{}
	}
	ln, err := net.Listen("tcp", cfg.Listen)
	if err != nil {
		return nil, listenError(cfg.Listen, err)
	}
	rc := &receiver{
		cfg:    cfg,
		ln:     ln,
		path:   "/callback/" + cfg.Token,
		slots:  make(chan struct{}, maxCallbacksAtOnce),
		served: make(chan struct{}),
	}
	rc.srv = &http.Server{
		Handler:           rc,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       time.Minute,
		WriteTimeout:      time.Minute,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(cfg.Log.Handler(), slog.LevelDebug),
	}
	go func() {
		defer close(rc.served)
		if err := rc.srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			rc.failed = err
			cfg.Log.Error("the callback receiver stopped", "error", err)
		}
	}()
	return rc, nil
}

// listenError says why an address cannot be listened on, in the words a
// user acts on.
func listenError(addr string, err error) error {
	switch {
	case errors.Is(err, syscall.EADDRINUSE):
		return fmt.Errorf("%s is taken by another process; give --listen another port (or stop that process)", addr)
	case strings.Contains(err.Error(), "cannot assign requested address"):
		return fmt.Errorf("%s is not an address of this machine; --listen takes a local address such as 0.0.0.0:8701", addr)
	}
	return err
}

// addr is the address the receiver listens on.
func (rc *receiver) addr() string { return rc.ln.Addr().String() }

// close stops the server, letting callbacks being committed finish, and
// returns why it had stopped on its own, if it had.
func (rc *receiver) close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	rc.srv.Shutdown(ctx)
	<-rc.served
	return rc.failed
}

// ServeHTTP accepts callbacks on the secret path.
func (rc *receiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.URL.Path == rc.path+probePath && r.Method == http.MethodGet:
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		io.WriteString(w, probeAnswer(rc.cfg.Token, r.URL.Query().Get("nonce")))
		return
	case r.URL.Path != rc.path && r.URL.Path != rc.path+profilesPath:
		// The token is the callback's only credential: nothing in the
		// answer tells a prober whether it came close.
		http.NotFound(w, r)
		return
	case !rc.allowed(r.RemoteAddr):
		rc.cfg.Log.Warn("callback refused: its address is not in --callback-allow", "from", r.RemoteAddr)
		http.Error(w, "forbidden", http.StatusForbidden)
		return
	}
	select {
	case rc.slots <- struct{}{}:
		defer func() { <-rc.slots }()
	case <-time.After(callbackTurn):
		http.Error(w, "busy; retry", http.StatusServiceUnavailable)
		return
	case <-r.Context().Done():
		return
	}
	if r.URL.Path == rc.path+profilesPath {
		rc.serveProfiles(w, r)
		return
	}
	rc.serveResults(w, r)
}

// serveResults accepts a delivery of lookup results.
func (rc *receiver) serveResults(w http.ResponseWriter, r *http.Request) {
	cb, err := api.ParseCallback(w, r, api.MaxCallbackBytes)
	if err != nil {
		refuse(w, err, rc.cfg.Log)
		return
	}
	d, err := rc.cfg.Journal.Deliver(state.Ref{RequestID: cb.RequestID}, cb.Results, rc.cfg.Clock.Now(), rc.cfg.Policy)
	if err != nil {
		if keep := rc.keep(cb.Results); keep != nil {
			rc.cfg.Log.Error("the journal could not store a callback's results; they are kept beside the output", "requestId", cb.RequestID, "results", len(keep), "file", rc.cfg.Kept.path, "error", err)
			rc.report(delivered{err: err, kept: keep, requestID: cb.RequestID})
			w.WriteHeader(http.StatusOK)
			return
		}
		rc.cfg.Log.Error("callback not stored; answering 500 so that the service retries", "requestId", cb.RequestID, "error", err)
		rc.report(delivered{err: err})
		http.Error(w, "storage failure", http.StatusInternalServerError)
		return
	}
	if d.Refused > 0 {
		rc.cfg.Log.Warn("callback refused: its Request-Id names no request of this journal, and no request waiting for one sent exactly its items; nothing of it is stored", "requestId", cb.RequestID, "results", d.Refused, "from", r.RemoteAddr)
	}
	if d.Foreign > 0 {
		rc.cfg.Log.Warn("callback has results for identifiers its request did not send; they are ignored", "requestId", cb.RequestID, "foreign", d.Foreign)
	}
	if d.Unknown > 0 {
		rc.cfg.Log.Warn("callback has results for identifiers this journal has no lookup waiting for; they are ignored", "requestId", cb.RequestID, "unknown", d.Unknown)
	}
	if d.Malformed > 0 {
		rc.cfg.Log.Warn("callback has results that cannot be the service's answer; their identifiers are tried again", "requestId", cb.RequestID, "malformed", d.Malformed)
	}
	rc.cfg.Log.Debug("callback stored", "requestId", cb.RequestID, "results", len(cb.Results), "changed", len(d.Changes), "duplicates", d.Stale)
	rc.report(delivered{d: d})
	w.WriteHeader(http.StatusOK)
}

// keep keeps, beside the output, the results of a callback the journal
// could not store, for identifiers the run looks up, and returns them; nil
// when they could not be kept either (the callback is then answered 500,
// and the service tries again).
func (rc *receiver) keep(results []wire.Result) []wire.Result {
	if rc.cfg.Kept == nil {
		return nil
	}
	var known []wire.Result
	for _, r := range results {
		if rc.cfg.Known(r.Item) {
			known = append(known, r)
		}
	}
	if len(known) == 0 {
		return nil
	}
	if err := rc.cfg.Kept.add(known); err != nil {
		rc.cfg.Log.Error("the results could not be kept beside the output either", "file", rc.cfg.Kept.path, "error", err)
		return nil
	}
	return known
}

// report hands a delivery to the run, unless it has ended: the journal
// has the results for the next one.
func (rc *receiver) report(d delivered) {
	if rc.cfg.Deliveries == nil {
		return
	}
	select {
	case rc.cfg.Deliveries <- d:
	case <-rc.cfg.Done:
	}
}

// serveProfiles accepts a delivery of company profiles.
func (rc *receiver) serveProfiles(w http.ResponseWriter, r *http.Request) {
	cb, err := api.ParseProfilesCallback(w, r, api.MaxCallbackBytes)
	if err != nil {
		refuse(w, err, rc.cfg.Log)
		return
	}
	d, err := rc.cfg.Journal.DeliverProfiles(cb.RequestID, cb.Profiles, rc.cfg.Clock.Now())
	if err != nil {
		rc.cfg.Log.Error("profiles not stored; answering 500 so that the service retries", "searchId", cb.RequestID, "error", err)
		http.Error(w, "storage failure", http.StatusInternalServerError)
		return
	}
	if !d.Known {
		rc.cfg.Log.Warn("profiles for a request this journal never made", "searchId", cb.RequestID, "profiles", len(cb.Profiles))
	}
	if rc.cfg.Profiles != nil && d.Known {
		select {
		case rc.cfg.Profiles <- d:
		case <-rc.cfg.Done:
		}
	}
	w.WriteHeader(http.StatusOK)
}

// allowed reports whether a delivery from remote is accepted.
func (rc *receiver) allowed(remote string) bool {
	if len(rc.cfg.Allow) == 0 {
		return true
	}
	host, _, err := net.SplitHostPort(remote)
	if err != nil {
		host = remote
	}
	ip := net.ParseIP(host)
	for _, n := range rc.cfg.Allow {
		if ip != nil && n.Contains(ip) {
			return true
		}
	}
	return false
}

// refuse answers a callback that does not parse.
func refuse(w http.ResponseWriter, err error, log *slog.Logger) {
	var ce *api.CallbackError
	status := http.StatusBadRequest
	if errors.As(err, &ce) {
		status = ce.Status
	}
	log.Warn("callback refused", "status", status, "error", err)
	http.Error(w, http.StatusText(status), status)
}

// probeAnswer is what the receiver answers a probe with nonce: a keyed
// hash that only a holder of the token can make.
func probeAnswer(token, nonce string) string {
	m := hmac.New(sha256.New, []byte(token))
	io.WriteString(m, "enrich probe\x00"+nonce)
	return hex.EncodeToString(m.Sum(nil))
}

// probe checks that url (the public callback URL's probe path) reaches
// this process: the answer must be the one only it can make.
func probe(ctx context.Context, url, token string, c *http.Client) error {
	var nb [16]byte
	if _, err := io.ReadFull(rand.Reader, nb[:]); err != nil {
		return err
	}
	nonce := hex.EncodeToString(nb[:])
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
	if resp.StatusCode != http.StatusOK || !hmac.Equal([]byte(strings.TrimSpace(string(body))), []byte(probeAnswer(token, nonce))) {
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
		return "", fmt.Errorf("%w: %v", ErrListen, listenError(listen, err))
	}
	const path = "/callback/doctor"
	var tb [16]byte
	io.ReadFull(rand.Reader, tb[:])
	token := hex.EncodeToString(tb[:])
	srv := &http.Server{
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path != path+probePath {
				http.NotFound(w, r)
				return
			}
			io.WriteString(w, probeAnswer(token, r.URL.Query().Get("nonce")))
		}),
		ReadHeaderTimeout: 10 * time.Second,
	}
	go srv.Serve(ln)
	defer srv.Close()
	cfg := Config{PublicURL: publicURL}
	base := cfg.publicBase(ln.Addr().String())
	return base, probe(ctx, base+path+probePath, token, http.DefaultClient)
}
