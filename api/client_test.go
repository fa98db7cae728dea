package api

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/internal/clock"
)

// scripted is a server that answers the n-th request with answers[n]
// (the last one repeats) and counts requests.
type scripted struct {
	*httptest.Server
	hits atomic.Int32
}

type answer struct {
	status int
	body   string
	header map[string]string
	hangUp bool // close the connection without answering
}

func newScripted(t *testing.T, answers ...answer) *scripted {
	s := &scripted{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get(HeaderAPIKey) != "k" {
			t.Errorf("request without the API key header")
		}
		n := int(s.hits.Add(1)) - 1
		a := answers[min(n, len(answers)-1)]
		if a.hangUp {
			conn, _, _ := w.(http.Hijacker).Hijack()
			conn.Close()
			return
		}
		for k, v := range a.header {
			w.Header().Set(k, v)
		}
		w.WriteHeader(a.status)
		w.Write([]byte(a.body))
	}))
	t.Cleanup(s.Close)
	return s
}

func testClient(t *testing.T, url string) *Client {
	c, err := New(url, "k", WithBackoff(Backoff{Attempts: 4, Base: time.Millisecond, Max: 5 * time.Millisecond}))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestErrorClasses(t *testing.T) {
	for _, tc := range []struct {
		status int
		want   error
	}{
		{401, ErrUnauthorized}, {402, ErrNoCredits}, {403, ErrForbidden}, {404, ErrNotFound},
		{406, ErrValidation}, {422, ErrBadParams}, {429, ErrRateLimited}, {500, ErrServer}, {503, ErrServer},
	} {
		s := newScripted(t, answer{status: tc.status, body: `{"error":"the reason"}`, header: map[string]string{"X-Credits-Left": "42"}})
		_, meta, err := testClient(t, s.URL).Search(context.Background(), wire.SearchQuery{FullName: "x"})
		if !errors.Is(err, tc.want) {
			t.Errorf("%d: err %v is not %v", tc.status, err, tc.want)
		}
		var ae *Error
		if !errors.As(err, &ae) || ae.Message != "the reason" || ae.Status != tc.status {
			t.Errorf("%d: error %#v does not carry the body's text", tc.status, err)
		}
		if meta.CreditsLeft != 42 || !meta.HasCredits {
			t.Errorf("%d: credits header not returned: %+v", tc.status, meta)
		}
	}
}

func TestGetRetriesServerErrorsAndRateLimits(t *testing.T) {
	s := newScripted(t,
		answer{status: 503, body: "busy"},
		answer{status: 429, body: `{"error":"slow down"}`, header: map[string]string{"Retry-After": "0"}},
		answer{status: 200, body: `{"credits": 27}`, header: map[string]string{"X-Credits-Left": "27"}},
	)
	n, meta, err := testClient(t, s.URL).Credits(context.Background(), false)
	if err != nil || n != 27 {
		t.Fatalf("credits %d, %v", n, err)
	}
	if meta.Attempts != 3 || meta.RateLimited != 1 {
		t.Errorf("meta %+v, want 3 attempts and one 429", meta)
	}
}

func TestGetGivesUpAfterAttempts(t *testing.T) {
	s := newScripted(t, answer{status: 500, body: "down"})
	_, meta, err := testClient(t, s.URL).Credits(context.Background(), false)
	if !errors.Is(err, ErrServer) || meta.Attempts != 4 || s.hits.Load() != 4 {
		t.Errorf("err %v after %d attempts (%d hits), want 4", err, meta.Attempts, s.hits.Load())
	}
}

func TestLookupNotRetriedBlindly(t *testing.T) {
	req := wire.LookupRequest{Items: []string{"a@b.co"}, CallbackURL: "http://127.0.0.1:9/cb"}
	t.Run("server error", func(t *testing.T) {
		s := newScripted(t, answer{status: 500, body: "oops"}, answer{status: 201, body: `{"requestId": 5}`})
		_, _, err := testClient(t, s.URL).LookupAsync(context.Background(), req)
		if !errors.Is(err, ErrServer) || s.hits.Load() != 1 {
			t.Errorf("err %v after %d requests; a 500 on submission must not be retried", err, s.hits.Load())
		}
	})
	t.Run("connection dropped after sending", func(t *testing.T) {
		s := newScripted(t, answer{hangUp: true}, answer{status: 201, body: `{"requestId": 5}`})
		_, _, err := testClient(t, s.URL).LookupAsync(context.Background(), req)
		if !errors.Is(err, ErrMaybeDelivered) || s.hits.Load() != 1 {
			t.Errorf("err %v after %d requests; want ErrMaybeDelivered and no retry", err, s.hits.Load())
		}
	})
	t.Run("rate limited", func(t *testing.T) {
		s := newScripted(t, answer{status: 429, body: `{"error":"Limit of 600 items per minute is exceeded"}`}, answer{status: 201, body: `{"requestId": 5}`})
		_, meta, err := testClient(t, s.URL).LookupAsync(context.Background(), req)
		if !errors.Is(err, ErrRateLimited) || meta.RateLimited != 1 || s.hits.Load() != 1 {
			t.Errorf("meta %+v, err %v after %d requests; a 429 says the window is full: the caller waits for room, the client sends nothing again a moment later", meta, err, s.hits.Load())
		}
	})
	t.Run("nothing listening", func(t *testing.T) {
		ln, _ := net.Listen("tcp", "127.0.0.1:0")
		addr := ln.Addr().String()
		ln.Close()
		_, meta, err := testClient(t, "http://"+addr).LookupAsync(context.Background(), req)
		if err == nil || errors.Is(err, ErrMaybeDelivered) || meta.Attempts != 1 {
			t.Errorf("err %v after %d attempts; a refused connection proves nothing was sent, and is the caller's to retry within its bound", err, meta.Attempts)
		}
	})
}

// Answers that show the service took a lookup without saying more are
// ErrAccepted: the request is under way, not refused.
func TestLookupAcceptedUnreadable(t *testing.T) {
	req := wire.LookupRequest{Items: []string{"a@b.co"}, CallbackURL: "http://127.0.0.1:9/cb"}
	for _, a := range []answer{
		{status: 204},
		{status: 201, body: `{"requestId": "#`},
		{status: 201, body: `{}`},
		{status: 201, body: `{"requestId": -4}`},
		{status: 202, body: `not json`},
	} {
		s := newScripted(t, a)
		_, _, err := testClient(t, s.URL).LookupAsync(context.Background(), req)
		if !errors.Is(err, ErrAccepted) || s.hits.Load() != 1 {
			t.Errorf("%d %q: err %v after %d requests; want ErrAccepted and no retry", a.status, a.body, err, s.hits.Load())
		}
	}
}

// The API key never follows a redirect to another host; within the host
// a redirect is followed.
func TestRedirectsStayOnTheHost(t *testing.T) {
	var leaked atomic.Bool
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get(HeaderAPIKey) != "" {
			leaked.Store(true)
		}
		w.Write([]byte(`{"credits": 1}`))
	}))
	t.Cleanup(other.Close)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/away"+PathCredits:
			http.Redirect(w, r, other.URL+PathCredits, http.StatusTemporaryRedirect)
		case r.URL.Path == PathCredits:
			http.Redirect(w, r, "/moved", http.StatusTemporaryRedirect)
		default:
			w.Write([]byte(`{"credits": 7}`))
		}
	}))
	t.Cleanup(srv.Close)
	if n, _, err := testClient(t, srv.URL).Credits(context.Background(), false); err != nil || n != 7 {
		t.Errorf("a redirect within the host: %d, %v", n, err)
	}
	_, _, err := testClient(t, srv.URL+"/away").Credits(context.Background(), false)
	if err == nil || !strings.Contains(err.Error(), "redirected") {
		t.Errorf("redirect to another host: err %v", err)
	}
	if leaked.Load() {
		t.Error("the API key reached another host")
	}
}

// An address given with the /api/v1 prefix means the same service.
func TestBaseURLWithPrefix(t *testing.T) {
	s := newScripted(t, answer{status: 200, body: `{"credits": 3}`})
	c, err := New(s.URL+"/api/v1/", "k")
	if err != nil {
		t.Fatal(err)
	}
	if n, _, err := c.Credits(context.Background(), false); err != nil || n != 3 {
		t.Errorf("credits %d, %v", n, err)
	}
}

func TestRetryAfterHonoured(t *testing.T) {
	s := newScripted(t,
		answer{status: 429, body: `{}`, header: map[string]string{"Retry-After": "1"}},
		answer{status: 200, body: `{"credits": 1}`},
	)
	c, _ := New(s.URL, "k", WithBackoff(Backoff{Attempts: 2, Base: time.Millisecond, Max: 2 * time.Second}))
	start := time.Now()
	if _, _, err := c.Credits(context.Background(), false); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d < time.Second {
		t.Errorf("retried after %v, before the Retry-After of 1s", d)
	}
}

func TestRetryStopsWithContext(t *testing.T) {
	s := newScripted(t, answer{status: 503})
	c, _ := New(s.URL, "k", WithBackoff(Backoff{Attempts: 10, Base: time.Hour, Max: time.Hour}))
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, _, err := c.Credits(ctx, false)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("err = %v, want the context's", err)
	}
}

func TestBackoffFullJitter(t *testing.T) {
	b := Backoff{Base: 100 * time.Millisecond, Max: time.Second}
	for n, want := range []time.Duration{100 * time.Millisecond, 200 * time.Millisecond, 400 * time.Millisecond, 800 * time.Millisecond, time.Second, time.Second} {
		if got := b.delay(n, func() float64 { return 0.999999999 }); got > want || got < want*99/100 {
			t.Errorf("delay(%d) upper bound %v, want %v", n, got, want)
		}
		if got := b.delay(n, func() float64 { return 0 }); got != 0 {
			t.Errorf("delay(%d) lower bound %v, want 0", n, got)
		}
	}
	if got := b.delay(200, func() float64 { return 0.5 }); got != 500*time.Millisecond {
		t.Errorf("delay(200) = %v: exponent overflow", got)
	}
}

func TestNewValidates(t *testing.T) {
	for _, u := range []string{"", "127.0.0.1:8700", "ftp://x", "http://"} {
		if _, err := New(u, "k"); err == nil {
			t.Errorf("New(%q) accepted", u)
		}
	}
	if _, err := New("http://127.0.0.1:8700/", ""); err == nil {
		t.Error("New accepted an empty key")
	}
}

// TestRetriesOnFakeClock: the waits between retries, and the Retry-After
// the service asks for, are timers of the client's clock: a minute of
// retries runs in no time on a fake one.
func TestRetriesOnFakeClock(t *testing.T) {
	busy := answer{status: 429, body: `{"error":"slow down"}`, header: map[string]string{"Retry-After": "20"}}
	s := newScripted(t, busy, busy, answer{status: 200, body: `{}`})
	fake := clock.NewFake(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	c, err := New(s.URL, "k", WithClock(fake), WithBackoff(Backoff{Attempts: 4, Base: time.Second, Max: time.Hour}))
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, _, err = c.Search(context.Background(), wire.SearchQuery{FullName: "x"})
	}()
	start := fake.Now()
	if !fake.StepUntil(done, 10*time.Second) {
		t.Fatal("the retries wait on something other than the client's clock")
	}
	if err != nil || s.hits.Load() != 3 {
		t.Fatalf("err %v after %d requests; want success at the third", err, s.hits.Load())
	}
	if waited := fake.Now().Sub(start); waited != 40*time.Second {
		t.Errorf("waited %v on the client's clock; want the two Retry-After of 20s", waited)
	}
}
