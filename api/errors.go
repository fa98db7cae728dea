package api

import (
	"crypto/tls"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/internal/redact"
)

// Sentinel errors for the classes of HTTP error the service answers with.
// An *Error matches the sentinel of its status with errors.Is; callers
// decide on these, never on message text.
var (
	ErrUnauthorized = errors.New("unauthorized")                      // 401
	ErrNoCredits    = errors.New("no credits or quota left")          // 402
	ErrForbidden    = errors.New("forbidden")                         // 403
	ErrNotFound     = errors.New("not found")                         // 404
	ErrValidation   = errors.New("request rejected by validation")    // 406
	ErrBadParams    = errors.New("malformed or incorrect parameters") // 422
	ErrRateLimited  = errors.New("rate limited")                      // 429
	ErrServer       = errors.New("server error")                      // 5xx
)

// ErrMaybeDelivered marks a transport failure that happened after the
// request may have reached the service (the connection was made, the answer
// never came). A lookup that fails this way must not be sent again blindly:
// the service may be processing it and a callback may still arrive.
var ErrMaybeDelivered = errors.New("request may have reached the service")

// ErrAccepted marks an answer that shows the service took a request but
// does not say what it made of it: a 204 ("request still in progress"),
// or a 2xx whose body cannot be read or lacks what it must hold. A lookup
// answered so is under way: its results come by callback, without a
// requestId the client knows.
var ErrAccepted = errors.New("the service took the request, but its answer could not be read")

// Error is an HTTP error answered by the service.
type Error struct {
	Method     string
	Path       string
	Status     int           // HTTP status code
	Message    string        // the body's "error" text, or the body itself
	RetryAfter time.Duration // from a Retry-After header, 0 when absent
	// KeyFrom names the environment variable the key came from, "" for
	// EnvKey: a refused key is told by it.
	KeyFrom string
}

// Error implements error. It never contains the API key.
func (e *Error) Error() string {
	msg := e.Message
	if msg == "" {
		msg = http.StatusText(e.Status)
	}
	return fmt.Sprintf("%s %s: %d: %s", e.Method, e.Path, e.Status, msg)
}

// Is matches the sentinel of the error's status class, and the class of
// failure it is (package fault): a refused key or account, an endpoint
// that is not there or a request the address does not serve are mended
// by no wait; a 429 or a 5xx may be.
func (e *Error) Is(target error) bool {
	switch target {
	case fault.ErrFix:
		return refusedForGood(e.Status)
	case fault.ErrWait:
		return e.Status == http.StatusTooManyRequests || e.Status >= 500
	}
	return target == sentinelFor(e.Status)
}

// refusedForGood reports whether an answer says that no wait mends the
// call: the key or account (401, 403), an address that does not serve the
// interface (400, an endpoint that is not there 404, 405, 410).
func refusedForGood(status int) bool {
	switch status {
	case http.StatusBadRequest, http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound,
		http.StatusMethodNotAllowed, http.StatusGone:
		return true
	}
	return false
}

func sentinelFor(status int) error {
	switch {
	case status == http.StatusUnauthorized:
		return ErrUnauthorized
	case status == http.StatusPaymentRequired:
		return ErrNoCredits
	case status == http.StatusForbidden:
		return ErrForbidden
	case status == http.StatusNotFound:
		return ErrNotFound
	case status == http.StatusNotAcceptable:
		return ErrValidation
	case status == http.StatusUnprocessableEntity:
		return ErrBadParams
	case status == http.StatusTooManyRequests:
		return ErrRateLimited
	case status >= 500:
		return ErrServer
	}
	return nil
}

// TransportError is a failure to get an answer from the service at all.
type TransportError struct {
	Method string
	Path   string
	// Sent is true when the request may have reached the service.
	Sent bool
	Err  error
}

// Error implements error.
func (e *TransportError) Error() string {
	return fmt.Sprintf("%s %s: %v", e.Method, e.Path, e.Err)
}

// Unwrap returns the underlying network error.
func (e *TransportError) Unwrap() error { return e.Err }

// Is matches ErrMaybeDelivered when the request may have been sent, and
// fault.ErrWait: a service that does not answer may answer later.
func (e *TransportError) Is(target error) bool {
	return (target == ErrMaybeDelivered && e.Sent) || target == fault.ErrWait
}

// ErrRedirected matches a redirect to another address, which the client
// does not follow: the API key and the callback's secret would leave the
// service.
var ErrRedirected = errors.New("the service redirected to another address")

// redirectError is a redirect to another scheme or host.
type redirectError struct{ from, to string }

func (e *redirectError) Error() string {
	return fmt.Sprintf("the service redirected to %s, another address: not followed, so that the API key does not leave it", e.to)
}

func (e *redirectError) Is(target error) bool { return target == ErrRedirected }

// noWaitMends returns the failure no wait mends that err is, with the
// sentence that says what to fix, or nil: a redirect to another address,
// a TLS mismatch (https to a plain server) or a certificate the machine
// does not trust. base is the service's address as given.
func noWaitMends(err error, base string) error {
	shown := redact.URL(base)
	var re *redirectError
	var rh tls.RecordHeaderError
	var alert tls.AlertError
	switch {
	case errors.As(err, &re):
		return fault.Fixable(re, fmt.Sprintf("the service at %s redirected to %s, another address, which enrich does not follow so that the API key does not leave it: set %s (or --api-url) to the address the service is at (https:// instead of http://, or its new address)", shown, re.to, EnvURL))
	case errors.Is(err, http.ErrSchemeMismatch), errors.As(err, &rh):
		return fault.Fixable(err, fmt.Sprintf("the service at %s does not speak TLS: it answers plain HTTP to https://; fix the scheme in %s (or --api-url)", shown, EnvURL))
	case fault.Untrusted(err):
		return fault.Fixable(err, fmt.Sprintf("the certificate of the service at %s is not trusted (%v): fix the address in %s (or --api-url), or the machine's trusted certificates", shown, unwrapURLError(err), EnvURL))
	case errors.As(err, &alert):
		return fault.Fixable(err, fmt.Sprintf("the service at %s refused the TLS handshake (%v): check the address in %s (or --api-url)", shown, unwrapURLError(err), EnvURL))
	}
	return nil
}

// parseRetryAfter reads a Retry-After header in seconds or as an HTTP date.
func parseRetryAfter(h string, now time.Time) time.Duration {
	h = strings.TrimSpace(h)
	if h == "" {
		return 0
	}
	if secs, err := time.ParseDuration(h + "s"); err == nil && secs >= 0 {
		return secs
	}
	if t, err := http.ParseTime(h); err == nil && t.After(now) {
		return t.Sub(now)
	}
	return 0
}

// The environment variables that give enrich the account's key and the
// service's address, named in the sentences of Explain.
const (
	EnvKey = "ENRICH_API_KEY"
	EnvURL = "ENRICH_API_URL"
)

// Explain returns the sentence a user reads for a failed call to the
// service: what went wrong and what to do. It is the one place an API
// error becomes words, for the command line, the assistant server and
// every job; it never holds the key. IsAccount tells which of them are
// the account's.
func Explain(err error) string {
	var apiErr *Error
	var te *TransportError
	said := ""
	if errors.As(err, &apiErr) && apiErr.Message != "" {
		said = " (the service says: " + apiErr.Message + ")"
	}
	switch {
	case errors.Is(err, ErrUnauthorized) && apiErr != nil && apiErr.KeyFrom == EnvKey+"_FILE":
		return "the service did not accept the API key; check the key in the file " + EnvKey + "_FILE names" + said
	case errors.Is(err, ErrUnauthorized):
		return "the service did not accept the API key; check " + EnvKey + said
	case errors.Is(err, ErrForbidden):
		return "the account is disabled or not allowed to do this; check it in the service's web application" + said
	case errors.Is(err, fault.ErrFix) && apiErr == nil:
		return err.Error() // its sentence says what to fix
	case apiErr != nil && apiErr.Status == http.StatusNotFound:
		return fmt.Sprintf("the service has no %s (404): check %s (or --api-url), which must be the service's base address", apiErr.Path, EnvURL) + said
	case apiErr != nil && refusedForGood(apiErr.Status):
		return fmt.Sprintf("the service does not serve %s %s (%d): check %s (or --api-url), which must be the service's base address", apiErr.Method, apiErr.Path, apiErr.Status, EnvURL) + said
	case errors.As(err, &te):
		return fmt.Sprintf("cannot reach the service (%v); check %s (or --api-url) and the network", te.Err, EnvURL)
	case apiErr != nil && apiErr.Message != "":
		return fmt.Sprintf("the service answered %d: %s", apiErr.Status, apiErr.Message)
	}
	return err.Error()
}

// IsAccount reports whether err is the account's: a key the service does
// not accept, or an account it does not let do this (401, 403). Such an
// error is configuration, not a fault of the run.
func IsAccount(err error) bool {
	return errors.Is(err, ErrUnauthorized) || errors.Is(err, ErrForbidden)
}

// Explained returns err with the sentence of Explain as its text; it
// still matches what err matches.
func Explained(err error) error { return &explained{Explain(err), err} }

type explained struct {
	msg string
	err error
}

func (e *explained) Error() string { return e.msg }
func (e *explained) Unwrap() error { return e.err }
