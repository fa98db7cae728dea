package api

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"syscall"
	"time"

	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/internal/redact"
)

// probeWait bounds the TLS handshake that tells whether a server that
// cut a plain HTTP request speaks TLS.
const probeWait = 5 * time.Second

// tlsOnly returns the failure no wait mends that a plain-HTTP call's
// err is when the server speaks TLS and cuts plain HTTP (a reset or an
// end of the connection, as many TLS servers answer it; Go's own answers
// a 400 instead), or nil. It asks the server for a TLS handshake to
// tell: a server that is merely failing cuts it too, and its outage is
// waited out as any other.
func (c *Client) tlsOnly(ctx context.Context, req *http.Request, err error) error {
	if c.base.Scheme != "http" || !cutConnection(err) {
		return nil
	}
	if proxy, perr := http.ProxyFromEnvironment(req); perr != nil || proxy != nil {
		return nil // the connection went to the proxy, not to the service
	}
	if !speaksTLS(ctx, c.base.Host) {
		return nil
	}
	return fault.Fixable(err, fmt.Sprintf("the service at %s speaks TLS and cuts plain HTTP: use https:// in %s (or --api-url)", redact.URL(c.BaseURL()), EnvURL))
}

// cutConnection reports whether err is a connection reset or closed
// before an answer came.
func cutConnection(err error) bool {
	return errors.Is(err, syscall.ECONNRESET) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)
}

// speaksTLS reports whether the server at hostport (port 80 when none)
// completes a TLS handshake, or answers one with a TLS alert; the
// certificate is not checked, nothing is sent after the handshake.
func speaksTLS(ctx context.Context, hostport string) bool {
	if _, _, err := net.SplitHostPort(hostport); err != nil {
		hostport = net.JoinHostPort(hostport, "80")
	}
	ctx, cancel := context.WithTimeout(ctx, probeWait)
	defer cancel()
	d := tls.Dialer{Config: &tls.Config{InsecureSkipVerify: true}} // #nosec G402 -- a probe of the protocol, never used to send
	conn, err := d.DialContext(ctx, "tcp", hostport)
	if err == nil {
		conn.Close()
		return true
	}
	var alert tls.AlertError
	return errors.As(err, &alert)
}
