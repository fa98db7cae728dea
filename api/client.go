package api

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/internal/clock"
	"github.com/enrich-dev/enrich/internal/fault"
)

// Paths of the service's endpoints, relative to the base address.
const (
	PathLookup         = "/api/v1/candidate/search"
	PathSearch         = "/api/v1/candidate/searchByQuery"
	PathScroll         = "/api/v1/candidate/scrollSearch/" // + requestId
	PathCredits        = "/api/v1/credits"
	PathCompanyFind    = "/api/v1/company/findById"
	PathCompanyCount   = "/api/v1/company/getCount"
	PathCompanyInfo    = "/api/v1/company/info"
	PathCompanyProfile = "/api/v1/company/getProfiles"
)

// Header names of the interface.
const (
	HeaderAPIKey      = "apikey"
	HeaderCreditsLeft = "X-Credits-Left"
	HeaderRequestID   = "Request-Id"
)

// maxResponseBytes bounds what the client reads of one answer: a synchronous
// lookup of 100 full profiles is a few megabytes.
const maxResponseBytes = 64 << 20

// Meta is what a response says besides its body.
type Meta struct {
	// CreditsLeft is the X-Credits-Left header of the last answer, for the
	// credit pool that matches the request; HasCredits says it was present.
	CreditsLeft int64
	HasCredits  bool
	// Attempts is how many requests the call made, RateLimited how many of
	// them were answered 429.
	Attempts    int
	RateLimited int
}

// Backoff is the retry policy: exponential backoff with full jitter.
type Backoff struct {
	Attempts int           // total tries, the first included; 1 disables retries
	Base     time.Duration // the first delay's upper bound
	Max      time.Duration // no delay is longer
}

// DefaultBackoff suits an unattended run: six tries over up to a minute.
var DefaultBackoff = Backoff{Attempts: 6, Base: 500 * time.Millisecond, Max: 30 * time.Second}

// delay is the wait before retry n (0-based): uniform in [0, min(Max, Base·2ⁿ)].
func (b Backoff) delay(n int, random func() float64) time.Duration {
	ceiling := b.Max
	if n < 30 {
		if d := b.Base << n; d > 0 && d < ceiling {
			ceiling = d
		}
	}
	return time.Duration(random() * float64(ceiling))
}

// Client talks to the service. Its zero value is not usable; use New.
type Client struct {
	base    *url.URL
	key     string
	http    *http.Client
	backoff Backoff
	random  func() float64
	log     *slog.Logger
	// clock tells the time a Retry-After date is counted from and makes
	// the timers retries wait on: a test drives them on a fake clock.
	clock clock.Clock
	// wait bounds each call, its retries and the reading of its answer
	// included (--service-wait); 0 leaves it to the caller's context.
	wait time.Duration
	// searchSlot takes one of the account's searches at once before a
	// search call; nil takes none.
	searchSlot func(context.Context) (func(), error)
	// keyFrom names where the key came from, for the sentence of a key
	// the service refuses; "" is EnvKey.
	keyFrom string
}

// Option configures a Client.
type Option func(*Client)

// WithBackoff sets the retry policy.
func WithBackoff(b Backoff) Option { return func(c *Client) { c.backoff = b } }

// WithKeyFrom names the environment variable the key came from
// (ENRICH_API_KEY, or ENRICH_API_KEY_FILE for a key file), so that a key
// the service refuses is told by the variable that gave it.
func WithKeyFrom(env string) Option { return func(c *Client) { c.keyFrom = env } }

// WithLogger sets where retries are logged.
func WithLogger(l *slog.Logger) Option { return func(c *Client) { c.log = l } }

// WithClock sets the clock that retries wait on and Retry-After dates are
// read against; the system clock by default.
func WithClock(c clock.Clock) Option { return func(cl *Client) { cl.clock = c } }

// WithCallTimeout bounds every call, its retries and the reading of its
// answer included: a service that trickles its answer is cut there, as
// one that does not answer (--service-wait).
func WithCallTimeout(d time.Duration) Option { return func(c *Client) { c.wait = d } }

// WithSearchSlots makes every search call (a search and a scroll) take
// one of the account's searches at once from take first, and give it back
// when its answer is read: the service serves three at once per account,
// whichever process makes them (budget.Slots shares them).
func WithSearchSlots(take func(context.Context) (func(), error)) Option {
	return func(c *Client) { c.searchSlot = take }
}

// searchCall makes a search call (a search, or a scroll of one) in one of
// the account's searches at once: the slot is taken before the request
// goes and given back only once call returns, which is once the answer
// was read whole, or given up. The service counts a search until its
// answer is out, so a slot given back earlier (before the call, or at
// the answer's headers) lets a fourth search meet a 429.
func (c *Client) searchCall(ctx context.Context, path string, body any, out *wire.SearchPage) (Meta, error) {
	if c.searchSlot != nil {
		release, err := c.searchSlot(ctx)
		if err != nil {
			return Meta{}, err
		}
		defer release()
	}
	return c.call(ctx, http.MethodPost, path, nil, body, checkedFirst, out)
}

// New returns a client of the service at baseURL (such as
// http://127.0.0.1:8700; the /api/v1 paths are appended) with the account's
// API key.
func New(baseURL, apiKey string, opts ...Option) (*Client, error) {
	u, err := url.Parse(strings.TrimRight(strings.TrimSpace(baseURL), "/"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("service address %q is not an http(s) URL such as http://127.0.0.1:8700", baseURL)
	}
	// The paths carry /api/v1; an address given with it means the same
	// service.
	u.Path = strings.TrimSuffix(strings.TrimRight(u.Path, "/"), apiPrefix)
	if apiKey == "" {
		return nil, fmt.Errorf("no API key")
	}
	c := &Client{
		base: u,
		key:  apiKey,
		http: &http.Client{
			Timeout: 2 * time.Minute,
			Transport: &http.Transport{
				Proxy:                 http.ProxyFromEnvironment,
				DialContext:           (&net.Dialer{Timeout: 15 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
				TLSHandshakeTimeout:   15 * time.Second,
				ResponseHeaderTimeout: 90 * time.Second,
				IdleConnTimeout:       90 * time.Second,
				MaxIdleConnsPerHost:   8,
			},
		},
		backoff: DefaultBackoff,
		random:  rand.Float64,
		clock:   clock.Real{},
		log:     slog.New(slog.DiscardHandler),
	}
	for _, o := range opts {
		o(c)
	}
	c.http = guardRedirects(c.http)
	return c, nil
}

// apiPrefix is the path every endpoint lives under (interface 9).
const apiPrefix = "/api/v1"

// guardRedirects returns a copy of h that follows a redirect only to the
// same scheme and host: net/http drops Authorization and Cookie on a
// redirect to another host, but not the apikey header, and a POST body
// carries the callback URL with its secret.
func guardRedirects(h *http.Client) *http.Client {
	cp := *h
	next := h.CheckRedirect
	cp.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		first := via[0].URL
		if req.URL.Host != first.Host || req.URL.Scheme != first.Scheme {
			return &redirectError{from: first.Scheme + "://" + first.Host, to: req.URL.Scheme + "://" + req.URL.Host}
		}
		if next != nil {
			return next(req, via)
		}
		if len(via) >= 10 {
			return errors.New("stopped after 10 redirects")
		}
		return nil
	}
	return &cp
}

// With returns a copy of the client with more options applied.
func (c *Client) With(opts ...Option) *Client {
	cp := *c
	for _, o := range opts {
		o(&cp)
	}
	return &cp
}

// BaseURL returns the service's base address.
func (c *Client) BaseURL() string { return c.base.String() }

// Account names the account of the client's key at its service, for the
// budget its runs share (the ledger file and Redis key are named by it): a
// hash, so that neither the address nor the key is written anywhere.
func (c *Client) Account() string {
	sum := sha256.Sum256([]byte(c.BaseURL() + "\x00" + c.key))
	return hex.EncodeToString(sum[:8])
}

// retryPolicy says which failures of a call may be retried.
type retryPolicy int

const (
	// idempotent calls retry 429, 5xx and transport failures.
	idempotent retryPolicy = iota
	// checkedFirst calls (the POSTs) retry only what proves the service did
	// nothing: 429, which it answers before processing, and failures to
	// connect at all.
	checkedFirst
	// never retries: calls with side effects the service does not check
	// first (starting a profile delivery), and lookups, whose caller (the
	// run engine) waits for the budget's window after a 429 and bounds the
	// wait for an unreachable service itself.
	never
)

func (p retryPolicy) allows(err error) bool {
	if p == never {
		return false
	}
	var apiErr *Error
	if errors.As(err, &apiErr) {
		return apiErr.Status == http.StatusTooManyRequests || (p == idempotent && apiErr.Status >= 500)
	}
	var te *TransportError
	if errors.As(err, &te) {
		return p == idempotent || (p == checkedFirst && !te.Sent)
	}
	return false
}

// call performs one API call with retries and decodes a successful body
// into out (when out is not nil).
func (c *Client) call(ctx context.Context, method, path string, query url.Values, body any, policy retryPolicy, out any) (Meta, error) {
	var payload []byte
	if body != nil {
		var err error
		if payload, err = json.Marshal(body); err != nil {
			return Meta{}, fmt.Errorf("encode %s body: %w", path, err)
		}
	}
	if c.wait > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.wait)
		defer cancel()
	}
	var meta Meta
	for n := 0; ; n++ {
		meta.Attempts++
		respBody, err := c.once(ctx, method, path, query, payload, &meta)
		if err == nil {
			if out == nil {
				return meta, nil
			}
			if err := json.Unmarshal(respBody, out); err != nil {
				return meta, fmt.Errorf("%s %s: %w: %v", method, path, ErrAccepted, err)
			}
			return meta, nil
		}
		if ctx.Err() != nil || !policy.allows(err) || n+1 >= c.backoff.Attempts {
			return meta, err
		}
		wait := c.backoff.delay(n, c.random)
		var apiErr *Error
		if errors.As(err, &apiErr) && apiErr.RetryAfter > wait {
			wait = min(apiErr.RetryAfter, c.backoff.Max)
		}
		c.log.Warn("retrying service call", "method", method, "path", path, "error", err, "wait", wait.Round(time.Millisecond))
		if err := sleep(ctx, c.clock, wait); err != nil {
			return meta, err
		}
	}
}

// once makes a single request and classifies its outcome.
func (c *Client) once(ctx context.Context, method, path string, query url.Values, payload []byte, meta *Meta) ([]byte, error) {
	u := *c.base
	u.Path = strings.TrimRight(u.Path, "/") + path
	u.RawQuery = query.Encode()
	var body io.Reader
	if payload != nil {
		body = bytes.NewReader(payload)
	}
	req, err := http.NewRequestWithContext(ctx, method, u.String(), body)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", method, path, err)
	}
	req.Header.Set(HeaderAPIKey, c.key)
	req.Header.Set("Accept", "application/json")
	if payload != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.http.Do(req)
	if err != nil {
		if fix := noWaitMends(err, c.BaseURL()); fix != nil {
			return nil, fix
		}
		if fix := c.tlsOnly(ctx, req, err); fix != nil {
			return nil, fix
		}
		if ctx.Err() != nil && !mayHaveSent(err) {
			return nil, ctx.Err()
		}
		return nil, &TransportError{Method: method, Path: path, Sent: mayHaveSent(err), Err: unwrapURLError(err)}
	}
	defer resp.Body.Close()
	if v, err := strconv.ParseInt(strings.TrimSpace(resp.Header.Get(HeaderCreditsLeft)), 10, 64); err == nil {
		meta.CreditsLeft, meta.HasCredits = v, true
	}
	if resp.StatusCode < 200 || resp.StatusCode >= 300 {
		// Not taken: its body is read within bounds, and its words cleaned,
		// in refusal (errors.go).
		return nil, c.refusal(resp, method, path, meta)
	}
	respBody, err := io.ReadAll(io.LimitReader(resp.Body, maxResponseBytes+1))
	switch {
	case err != nil:
		// Taken, and cut off (or trickling past the call's bound): the
		// service is failing, and what it did with the request is unknown.
		return nil, fault.Waitable(fmt.Errorf("%s %s: %w: the answer %d was cut off: %v", method, path, ErrAccepted, resp.StatusCode, err))
	case len(respBody) > maxResponseBytes:
		return nil, fmt.Errorf("%s %s: answer larger than %d bytes", method, path, maxResponseBytes)
	}
	return respBody, nil
}

// mayHaveSent reports whether a failed request may have reached the
// service. Only failures to resolve or connect prove that it did not.
func mayHaveSent(err error) bool {
	var dnsErr *net.DNSError
	if errors.As(err, &dnsErr) {
		return false
	}
	var opErr *net.OpError
	if errors.As(err, &opErr) && opErr.Op == "dial" {
		return false
	}
	return true
}

// unwrapURLError drops the *url.Error layer, whose text repeats the URL.
func unwrapURLError(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}

// sleep waits for d on clk, or until ctx is done.
func sleep(ctx context.Context, clk clock.Clock, d time.Duration) error {
	t := clk.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C():
		return nil
	}
}
