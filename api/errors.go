package api

import (
	"bytes"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/internal/redact"
	"github.com/enrich-dev/enrich/internal/untrusted"
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
	Method string
	Path   string
	Status int // HTTP status code
	// Message is the body's "error" text, or an excerpt of the body, as
	// one clean line of at most untrusted.MaxMessage bytes: the service's
	// words, safe to show and to store (see refusal).
	Message    string
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

// maxErrorBytes bounds what the client reads of an error's body: its
// sentence is cut at untrusted.MaxMessage bytes anyway, and an answer of
// megabytes where a sentence was expected is not held in memory.
const maxErrorBytes = 64 << 10

// excerptBytes bounds the excerpt of an error body that is not the
// documented {"error": "..."}, such as a proxy's HTML page.
const excerptBytes = 200

// refusal reads the answer of a call the service did not take (any
// status but 2xx) into its *Error, reading no more than maxErrorBytes of
// the body, and counts a 429 in meta. The body's sentence becomes the
// error's Message, cleaned and bounded once, here, where the client
// reads the service's words: the journal, the outputs, the report and
// the terminal downstream get it clean. A body that cannot be read is a
// *TransportError: the request was sent.
func (c *Client) refusal(resp *http.Response, method, path string, meta *Meta) error {
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxErrorBytes+1))
	if err != nil {
		return &TransportError{Method: method, Path: path, Sent: true, Err: err}
	}
	if resp.StatusCode == http.StatusTooManyRequests {
		meta.RateLimited++
	}
	return &Error{
		Method:     method,
		Path:       path,
		Status:     resp.StatusCode,
		Message:    serviceMessage(body, len(body) > maxErrorBytes),
		RetryAfter: parseRetryAfter(resp.Header.Get("Retry-After"), c.clock.Now()),
		KeyFrom:    c.keyFrom,
	}
}

// serviceMessage returns the "error" (or "message") text of an error
// body, or a short excerpt of a body that is not the documented shape,
// as one clean bounded line (untrusted.Message). cut says the body is
// only the beginning of what the service sent: its text is then read
// from the beginning of the JSON string.
func serviceMessage(body []byte, cut bool) string {
	if cut {
		body = body[:min(len(body), maxErrorBytes)]
		if s, ok := cutErrorText(body); ok {
			return untrusted.Message(s)
		}
	} else {
		var e struct {
			Error   wire.Text `json:"error"`
			Message wire.Text `json:"message"`
		}
		if json.Unmarshal(body, &e) == nil {
			if e.Error != "" {
				return untrusted.Message(string(e.Error))
			}
			if e.Message != "" {
				return untrusted.Message(string(e.Message))
			}
		}
	}
	s := untrusted.Message(string(body))
	if len(s) > excerptBytes {
		end := excerptBytes
		for end > 0 && !utf8.RuneStart(s[end]) {
			end--
		}
		s = s[:end] + "…"
	}
	return s
}

// cutErrorText returns the beginning of the "error" (or "message") string
// of a JSON object cut short, as far as it was read, and whether the body
// is such an object.
func cutErrorText(body []byte) (string, bool) {
	dec := json.NewDecoder(bytes.NewReader(body))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return "", false
	}
	for {
		key, err := dec.Token()
		if err != nil {
			return "", false
		}
		if k, _ := key.(string); k == "error" || k == "message" {
			rest := bytes.TrimLeft(body[dec.InputOffset():], " \t\r\n:")
			return stringPrefix(rest)
		}
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return "", false
		}
	}
}

// stringPrefix decodes the JSON string that b begins with, or as much of
// it as b holds when it is cut short: it is cut before an escape sequence
// that b does not hold whole.
func stringPrefix(b []byte) (string, bool) {
	if len(b) == 0 || b[0] != '"' {
		return "", false
	}
	end := len(b)
	for i := 1; i < len(b); i++ {
		if b[i] == '"' {
			end = i
			break
		}
		if b[i] == '\\' {
			n := 2
			if i+1 < len(b) && b[i+1] == 'u' {
				n = 6
			}
			if i+n > len(b) {
				end = i
				break
			}
			i += n - 1
		}
	}
	var s string
	if err := json.Unmarshal(append(b[:end:end], '"'), &s); err != nil {
		return "", false
	}
	return s, true
}

// TransportError is a failure to get an answer from the service at all.
type TransportError struct {
	Method string
	Path   string
	// Sent is true when the request may have reached the service.
	Sent bool
	Err  error
}

// Error implements error. The network's error may quote what the
// service sent (a malformed status line, a header): it is shown as one
// clean bounded line.
func (e *TransportError) Error() string {
	return fmt.Sprintf("%s %s: %s", e.Method, e.Path, untrusted.Message(e.Err.Error()))
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
	return fmt.Sprintf("the service redirected to %s, another address: not followed, so that the API key does not leave it", untrusted.Message(e.to))
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
		return fault.Fixable(re, fmt.Sprintf("the service at %s redirected to %s, another address, which enrich does not follow so that the API key does not leave it: set %s (or --api-url) to the address the service is at (https:// instead of http://, or its new address)", shown, untrusted.Message(re.to), EnvURL))
	case errors.Is(err, http.ErrSchemeMismatch), errors.As(err, &rh):
		return fault.Fixable(err, fmt.Sprintf("the service at %s does not speak TLS: it answers plain HTTP to https://; fix the scheme in %s (or --api-url)", shown, EnvURL))
	case fault.Untrusted(err):
		return fault.Fixable(err, fmt.Sprintf("the certificate of the service at %s is not trusted (%s): fix the address in %s (or --api-url), or the machine's trusted certificates", shown, errText(unwrapURLError(err)), EnvURL))
	case errors.As(err, &alert):
		return fault.Fixable(err, fmt.Sprintf("the service at %s refused the TLS handshake (%s): check the address in %s (or --api-url)", shown, errText(unwrapURLError(err)), EnvURL))
	}
	return nil
}

// errText is the text of an error that may quote the service (a name of
// its certificate, a line it sent), as one clean bounded line.
func errText(err error) string { return untrusted.Message(err.Error()) }

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
		return fmt.Sprintf("cannot reach the service (%s); check %s (or --api-url) and the network", errText(te.Err), EnvURL)
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
