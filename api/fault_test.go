package api

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/internal/fault"
)

// Every failure of a call is one of two kinds: what no wait mends (the
// command ends at once, saying what to fix) and what a wait may mend (it
// is retried within --service-wait). The table is the rule.
func TestFailureClasses(t *testing.T) {
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	t.Cleanup(other.Close)
	plain := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(`{"credits": 1}`))
	}))
	t.Cleanup(plain.Close)
	untrusted := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(`{"credits": 1}`))
	}))
	t.Cleanup(untrusted.Close)
	status := func(code int) string {
		return newScripted(t, answer{status: code, body: `{"error": "no"}`}).URL
	}
	redirect := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+r.URL.Path, http.StatusMovedPermanently)
	}))
	t.Cleanup(redirect.Close)
	for _, tc := range []struct {
		name string
		url  string
		want fault.Class
		says string
	}{
		{"a redirect to another host", redirect.URL, fault.Fix, "ENRICH_API_URL"},
		{"https to a plain server", strings.Replace(plain.URL, "http://", "https://", 1), fault.Fix, "does not speak TLS"},
		{"http to a TLS server", strings.Replace(untrusted.URL, "https://", "http://", 1), fault.Fix, "does not serve"},
		{"an untrusted certificate", untrusted.URL, fault.Fix, "not trusted"},
		{"a refused key", status(401), fault.Fix, "ENRICH_API_KEY"},
		{"an account refused", status(403), fault.Fix, "account"},
		{"an endpoint that is not there", status(404), fault.Fix, "ENRICH_API_URL"},
		{"a 429", status(429), fault.Wait, ""},
		{"a 500", status(500), fault.Wait, ""},
		{"a 503", status(503), fault.Wait, ""},
		{"no connection", "http://" + freeAddr(t), fault.Wait, ""},
		{"a request found invalid", status(406), fault.Other, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := testClient(t, tc.url).Credits(context.Background(), false)
			if got := fault.Of(err); got != tc.want {
				t.Fatalf("%v: class %v, want %v", err, got, tc.want)
			}
			if !strings.Contains(Explain(err), tc.says) {
				t.Errorf("Explain: %q, want it to say %q", Explain(err), tc.says)
			}
		})
	}
}

// A service that trickles its answer is cut at the call's bound: the
// reading of the body counts, and the failure is one a wait may mend.
func TestTrickleBoundedByCallTimeout(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusCreated)
		for {
			w.Write([]byte(" "))
			w.(http.Flusher).Flush()
			select {
			case <-release:
				return
			case <-r.Context().Done():
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}))
	t.Cleanup(func() { close(release); srv.Close() })
	c := testClient(t, srv.URL).With(WithCallTimeout(300 * time.Millisecond))
	start := time.Now()
	_, _, err := c.Credits(context.Background(), false)
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("the call took %v; the bound is 300ms", took)
	}
	if fault.Of(err) != fault.Wait || !errors.Is(err, ErrAccepted) {
		t.Errorf("err %v: class %v, want a wait-mendable ErrAccepted", err, fault.Of(err))
	}
}

func freeAddr(t *testing.T) string {
	srv := httptest.NewServer(http.NotFoundHandler())
	addr := srv.Listener.Addr().String()
	srv.Close()
	return addr
}
