package api

import (
	"context"
	"crypto/tls"
	"net"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/internal/fault"
)

// resetter listens on loopback and, for every connection, reads what
// comes: a TLS handshake is completed (with httptest's certificate) and
// the connection closed; anything else is reset, as TLS servers other
// than Go's answer plain HTTP. tls says whether it speaks TLS at all.
func resetter(t *testing.T, speaksTLS bool) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	cert := httptest.NewTLSServer(nil)
	cfg := cert.TLS.Clone()
	cert.Close()
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer conn.Close()
				conn.SetDeadline(time.Now().Add(5 * time.Second))
				var first [1]byte
				if _, err := conn.Read(first[:]); err != nil {
					return
				}
				if speaksTLS && first[0] == 0x16 { // a TLS handshake record
					tc := tls.Server(&prefixed{Conn: conn, first: first[0]}, cfg)
					tc.Handshake()
					tc.Close()
					return
				}
				conn.(*net.TCPConn).SetLinger(0) // close with a reset
			}()
		}
	}()
	return ln.Addr().String()
}

// prefixed is a connection whose first byte was read already.
type prefixed struct {
	net.Conn
	first byte
	given bool
}

func (p *prefixed) Read(b []byte) (int, error) {
	if !p.given && len(b) > 0 {
		p.given, b[0] = true, p.first
		return 1, nil
	}
	return p.Conn.Read(b)
}

// TestHTTPToTLSPort: http:// to a port that speaks TLS and resets plain
// HTTP is a mistake no wait mends, told at once with what to fix; a
// plain server that resets connections is an outage, waited out.
func TestHTTPToTLSPort(t *testing.T) {
	for _, tc := range []struct {
		name string
		tls  bool
		fix  bool
	}{
		{"TLS port", true, true},
		{"plain server resetting", false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := testClient(t, "http://"+resetter(t, tc.tls))
			start := time.Now()
			_, _, err := c.Credits(context.Background(), false)
			if took := time.Since(start); took > 10*time.Second {
				t.Errorf("took %v", took)
			}
			if got := fault.NeedsFix(err); got != tc.fix {
				t.Fatalf("needs a fix: %v, want %v (%v)", got, tc.fix, err)
			}
			if tc.fix && !strings.Contains(Explain(err), "use https://") {
				t.Errorf("the sentence does not say what to fix: %s", Explain(err))
			}
		})
	}
}
