// Package callback is the receiver of the service's callbacks, shared by
// the run and the company export: a secret path (the journal's token),
// results and profiles committed to the journal before the answer, so
// that a 200 means they are safe, bounded bodies and concurrency, and a
// probe that proves a public address reaches this very process.
package callback

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

// ProbePath, appended to the callback URL, answers a GET so that a run can
// check that the public URL reaches this very process: the answer proves
// knowledge of the journal's token without showing it or echoing the
// request.
const ProbePath = "/probe"

// ProfilesPath, appended to the callback URL, receives company profiles.
const ProfilesPath = "/profiles"

// maxCallbacksAtOnce bounds the callbacks read at the same time, and with
// api.MaxCallbackBytes the memory a flood of deliveries can take; a
// delivery beyond it waits its turn for callbackTurn, then is answered 503
// and retried by the service.
const (
	maxCallbacksAtOnce = 4
	callbackTurn       = 5 * time.Second
)

// Config describes the callback server.
type Config struct {
	Listen  string
	Token   string // the journal's secret, the callback path's only credential
	Journal *state.Journal
	Policy  state.Policy
	// Allow lists the networks deliveries are accepted from; empty accepts
	// every address. The probe is answered from anywhere.
	Allow []*net.IPNet
	// Deliveries receives lookup results once committed (or the storage
	// failure); Profiles company profiles. Either may be nil.
	Deliveries chan<- Delivery
	Profiles   chan<- state.ProfileDelivery
	// Done is closed when the job stops listening to Deliveries.
	Done <-chan struct{}
	// Keeper keeps the results of a callback the journal cannot store;
	// nil keeps none.
	Keeper Keeper
	Log    *slog.Logger
	Clock  clock.Clock
}

// Delivery is what the receiver reports after a callback of lookup
// results: what the journal committed, or why it could not, and the
// results kept instead.
type Delivery struct {
	Stored    state.Delivery
	Err       error
	Kept      []wire.Result
	RequestID int64
}

// Keeper keeps, synced, the results of a callback the journal could not
// store, so that the callback can still be answered 200: those of them
// the job looks up. It returns the results it kept (none: the callback
// is answered 500, and the service delivers it again).
type Keeper interface {
	Keep(results []wire.Result) ([]wire.Result, error)
	Path() string
}

// Receiver is the callback server. The service posts lookup
// results to /callback/<token> and company profiles to
// /callback/<token>/profiles; every other path is 404. What arrives is
// committed to the journal before the answer, so a 200 means it is safe; a
// storage failure answers 500 and the service retries.
type Receiver struct {
	cfg   Config
	srv   *http.Server
	ln    net.Listener
	path  string        // /callback/<token>
	slots chan struct{} // callbacks being read
	// served is closed when Serve returns; failed holds its error.
	served chan struct{}
	failed error
}

// Start listens on cfg.Listen and serves callbacks until Close.
func Start(cfg Config) (*Receiver, error) {
	if cfg.Clock == nil {
		cfg.Clock = clock.Real{}
	}
	ln, err := net.Listen("tcp", cfg.Listen)
	if err != nil {
		return nil, ListenError("--listen", cfg.Listen, err)
	}
	rc := &Receiver{
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

// ListenError says why the address a flag gives cannot be listened on,
// in the words a user acts on.
func ListenError(flag, addr string, err error) error {
	switch {
	case errors.Is(err, syscall.EADDRINUSE):
		return fmt.Errorf("%s is taken by another process; give %s another port (or stop that process)", addr, flag)
	case strings.Contains(err.Error(), "cannot assign requested address"):
		return fmt.Errorf("%s is not an address of this machine; %s takes a local address such as 0.0.0.0:8701", addr, flag)
	}
	return err
}

// Addr is the address the receiver listens on.
func (rc *Receiver) Addr() string { return rc.ln.Addr().String() }

// Path is the secret path callbacks are posted to: /callback/<token>.
func (rc *Receiver) Path() string { return rc.path }

// Close stops the server, letting callbacks being committed finish, and
// returns why it had stopped on its own, if it had.
func (rc *Receiver) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	rc.srv.Shutdown(ctx)
	<-rc.served
	return rc.failed
}

// ServeHTTP accepts callbacks on the secret path.
func (rc *Receiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.URL.Path == rc.path+ProbePath && r.Method == http.MethodGet:
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		io.WriteString(w, probeAnswer(rc.cfg.Token, r.URL.Query().Get("nonce")))
		return
	case r.URL.Path != rc.path && r.URL.Path != rc.path+ProfilesPath:
		// The token is the callback's only credential: nothing in the
		// answer tells a prober whether it came close.
		http.NotFound(w, r)
		return
	case !rc.allowed(r.RemoteAddr):
		rc.cfg.Log.Warn("callback refused: its address is not in --callback-allow", "from", r.RemoteAddr)
		http.Error(w, "forbidden", http.StatusForbidden)
		return
	}
	if !rc.takeSlot(r.Context()) {
		if r.Context().Err() == nil {
			http.Error(w, "busy; retry", http.StatusServiceUnavailable)
		}
		return
	}
	defer func() { <-rc.slots }()
	if r.URL.Path == rc.path+ProfilesPath {
		rc.serveProfiles(w, r)
		return
	}
	rc.serveResults(w, r)
}

// takeSlot takes one of the slots of deliveries read at once, waiting up
// to callbackTurn on the receiver's clock; false when none came free, or
// the delivery went away.
func (rc *Receiver) takeSlot(ctx context.Context) bool {
	select {
	case rc.slots <- struct{}{}:
		return true
	default:
	}
	turn := rc.cfg.Clock.NewTimer(callbackTurn)
	defer turn.Stop()
	select {
	case rc.slots <- struct{}{}:
		return true
	case <-turn.C():
		return false
	case <-ctx.Done():
		return false
	}
}

// serveResults accepts a delivery of lookup results.
func (rc *Receiver) serveResults(w http.ResponseWriter, r *http.Request) {
	cb, err := api.ParseCallback(w, r, api.MaxCallbackBytes)
	if err != nil {
		refuse(w, err, rc.cfg.Log)
		return
	}
	answer(w, func() error {
		d, err := rc.cfg.Journal.Deliver(state.Ref{RequestID: cb.RequestID}, cb.Results, rc.cfg.Clock.Now(), rc.cfg.Policy)
		if err != nil {
			if keep := rc.keep(cb.Results); keep != nil {
				rc.cfg.Log.Error("the journal could not store a callback's results; they are kept beside the output", "requestId", cb.RequestID, "results", len(keep), "file", rc.cfg.Keeper.Path(), "error", err)
				rc.report(Delivery{Err: err, Kept: keep, RequestID: cb.RequestID})
				return nil
			}
			rc.cfg.Log.Error("callback not stored; answering 500 so that the service retries", "requestId", cb.RequestID, "error", err)
			rc.report(Delivery{Err: err})
			return err
		}
		rc.logDelivery(d, cb, r.RemoteAddr)
		rc.report(Delivery{Stored: d, RequestID: cb.RequestID})
		return nil
	})
}

// answer answers a callback once store has made what it carried safe:
// 200 when it did, 500 when it could not, so that the service delivers
// it again. It is the one place a callback is answered, for lookup
// results and company profiles alike.
func answer(w http.ResponseWriter, store func() error) {
	if err := store(); err != nil {
		http.Error(w, "storage failure", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusOK)
}

// logDelivery logs what a stored callback carried that the journal did
// not take.
func (rc *Receiver) logDelivery(d state.Delivery, cb *api.Callback, from string) {
	if d.Refused > 0 {
		rc.cfg.Log.Warn("callback refused: its Request-Id names no request of this journal, and no request waiting for one sent exactly its items; nothing of it is stored", "requestId", cb.RequestID, "results", d.Refused, "from", from)
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
}

// keep keeps the results of a callback the journal could not store, and
// returns those kept; nil when none could be (the callback is then
// answered 500, and the service tries again).
func (rc *Receiver) keep(results []wire.Result) []wire.Result {
	if rc.cfg.Keeper == nil {
		return nil
	}
	kept, err := rc.cfg.Keeper.Keep(results)
	if err != nil {
		rc.cfg.Log.Error("the results could not be kept beside the output either", "file", rc.cfg.Keeper.Path(), "error", err)
		return nil
	}
	return kept
}

// report hands a delivery to the run, unless it has ended: the journal
// has the results for the next one.
func (rc *Receiver) report(d Delivery) {
	if rc.cfg.Deliveries == nil {
		return
	}
	select {
	case rc.cfg.Deliveries <- d:
	case <-rc.cfg.Done:
	}
}

// serveProfiles accepts a delivery of company profiles.
func (rc *Receiver) serveProfiles(w http.ResponseWriter, r *http.Request) {
	cb, err := api.ParseProfilesCallback(w, r, api.MaxCallbackBytes)
	if err != nil {
		refuse(w, err, rc.cfg.Log)
		return
	}
	answer(w, func() error {
		d, err := rc.cfg.Journal.DeliverProfiles(cb.RequestID, cb.Profiles, rc.cfg.Clock.Now())
		if err != nil {
			rc.cfg.Log.Error("profiles not stored; answering 500 so that the service retries", "searchId", cb.RequestID, "error", err)
			return err
		}
		if !d.Known {
			rc.cfg.Log.Warn("profiles for a request this journal never made", "searchId", cb.RequestID, "profiles", len(cb.Profiles))
			return nil
		}
		if rc.cfg.Profiles != nil {
			select {
			case rc.cfg.Profiles <- d:
			case <-rc.cfg.Done:
			}
		}
		return nil
	})
}

// allowed reports whether a delivery from remote is accepted.
func (rc *Receiver) allowed(remote string) bool {
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

// Probe checks that url (the public callback URL's probe path) reaches
// this process: the answer must be the one only it can make.
func Probe(ctx context.Context, url, token string, c *http.Client) error {
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

// Check starts a listener on listen for a moment and checks that a
// request to publicURL (default http://LISTEN) reaches it: the commonest
// reason a callback never arrives is an address that leads elsewhere. It
// returns the public URL it checked.
func Check(ctx context.Context, listen, publicURL string) (string, error) {
	ln, err := net.Listen("tcp", listen)
	if err != nil {
		return "", fmt.Errorf("%w: %v", ErrListen, ListenError("--listen", listen, err))
	}
	const path = "/callback/doctor"
	var tb [16]byte
	io.ReadFull(rand.Reader, tb[:])
	token := hex.EncodeToString(tb[:])
	srv := &http.Server{
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path != path+ProbePath {
				http.NotFound(w, r)
				return
			}
			io.WriteString(w, probeAnswer(token, r.URL.Query().Get("nonce")))
		}),
		ReadHeaderTimeout: 10 * time.Second,
	}
	served := make(chan struct{})
	go func() {
		defer close(served)
		srv.Serve(ln)
	}()
	defer func() {
		srv.Close()
		<-served
	}()
	base := PublicBase(publicURL, ln.Addr().String())
	return base, Probe(ctx, base+path+ProbePath, token, http.DefaultClient)
}

// DefaultListen is the address a receiver listens on by default.
const DefaultListen = "127.0.0.1:8701"

// ErrListen is a callback address that cannot be listened on: taken by
// another process, or not this machine's.
var ErrListen = errors.New("cannot listen")

// PublicBase is the URL the service reaches a receiver listening on
// listenAddr at, without a trailing slash: publicURL when given, else the
// listening address (a wildcard one as 127.0.0.1).
func PublicBase(publicURL, listenAddr string) string {
	if publicURL != "" {
		return strings.TrimRight(publicURL, "/")
	}
	host := listenAddr
	if strings.HasPrefix(host, "0.0.0.0:") || strings.HasPrefix(host, "[::]:") || strings.HasPrefix(host, ":") {
		host = "127.0.0.1" + host[strings.LastIndex(host, ":"):]
	}
	return "http://" + host
}

// ParseAllow reads a comma-separated list of networks (CIDR, or single
// addresses) for --callback-allow.
func ParseAllow(list string) ([]*net.IPNet, error) {
	var nets []*net.IPNet
	for _, s := range strings.Split(list, ",") {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		if !strings.Contains(s, "/") {
			ip := net.ParseIP(s)
			if ip == nil {
				return nil, fmt.Errorf("%q is not an address or a network such as 203.0.113.0/24", s)
			}
			bits := 128
			if ip.To4() != nil {
				ip, bits = ip.To4(), 32
			}
			nets = append(nets, &net.IPNet{IP: ip, Mask: net.CIDRMask(bits, bits)})
			continue
		}
		_, n, err := net.ParseCIDR(s)
		if err != nil {
			return nil, fmt.Errorf("%q is not an address or a network such as 203.0.113.0/24", s)
		}
		nets = append(nets, n)
	}
	return nets, nil
}
