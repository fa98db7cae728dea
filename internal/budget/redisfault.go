package budget

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/enrich-dev/enrich/internal/fault"
)

// EnvURL is the environment variable that gives the shared budget's
// Redis, named in the sentences that say what to fix.
const EnvURL = "ENRICH_BUDGET_URL"

// classify tells a failure of Redis that no wait mends (a password
// refused, a database that does not exist, TLS on one side only) from
// one a wait may mend (a server stopped, unreachable or slow), with the
// sentence that says what to fix (package fault). With probe, a server
// that seems not to answer is asked whether it speaks TLS.
func classify(ctx context.Context, err error, shown, addr string, useTLS, probe bool) error {
	if err == nil || errors.Is(err, fault.ErrFix) || errors.Is(err, fault.ErrWait) {
		return err // classified where it was met
	}
	fix := func(what string) error {
		return fault.Fixable(err, fmt.Sprintf("the shared budget: Redis at %s %s: fix %s (or --budget-url)", shown, what, EnvURL))
	}
	msg := err.Error()
	var rh tls.RecordHeaderError
	switch {
	case redis.IsAuthError(err), strings.HasPrefix(msg, "ERR AUTH"), strings.HasPrefix(msg, "ERR invalid password"),
		strings.HasPrefix(msg, "ERR invalid username-password"):
		return fix("refused the password (" + firstLine(msg) + ")")
	case redis.IsPermissionError(err):
		return fix("does not let this user use the budget (" + firstLine(msg) + ")")
	case strings.HasPrefix(msg, "ERR DB index") || strings.HasPrefix(msg, "ERR invalid DB index"):
		return fix("has no such database (" + firstLine(msg) + ")")
	case fault.Untrusted(err):
		return fix(fmt.Sprintf("presents a certificate this machine does not trust (%v)", err))
	case errors.As(err, &rh):
		return fix("does not speak TLS: give redis://, not rediss://")
	}
	if !probe || refused(err) {
		return fault.Waitable(err)
	}
	// A server that speaks TLS to a client that does not, or the other
	// way round, looks like one that does not answer: ask it plainly.
	switch speaksTLS(ctx, addr) {
	case yes:
		if !useTLS {
			return fix("speaks TLS: give rediss://, not redis://")
		}
	case no:
		if useTLS {
			return fix("does not speak TLS: give redis://, not rediss://")
		}
	}
	return fault.Waitable(err)
}

// refused reports whether err is a failure to connect at all, which says
// nothing of what the server speaks.
func refused(err error) bool {
	var op *net.OpError
	return errors.As(err, &op) && op.Op == "dial" && !errors.Is(err, context.DeadlineExceeded) && !op.Timeout()
}

type tlsAnswer int

const (
	unknownAnswer tlsAnswer = iota
	yes
	no
)

// speaksTLS asks the server at addr, within a second, whether it speaks
// TLS: a TLS handshake that completes says yes; a plain PING answered in
// Redis's protocol says no.
func speaksTLS(ctx context.Context, addr string) tlsAnswer {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	d := net.Dialer{}
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return unknownAnswer
	}
	deadline, _ := ctx.Deadline()
	conn.SetDeadline(deadline)
	if _, err := conn.Write([]byte("PING\r\n")); err == nil {
		buf := make([]byte, 1)
		if n, _ := conn.Read(buf); n == 1 && (buf[0] == '+' || buf[0] == '-') {
			conn.Close()
			return no
		}
	}
	conn.Close()
	conn, err = d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return unknownAnswer
	}
	defer conn.Close()
	tc := tls.Client(conn, &tls.Config{InsecureSkipVerify: true}) // only asks whether it speaks TLS; nothing is sent
	if tc.HandshakeContext(ctx) == nil {
		return yes
	}
	return unknownAnswer
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return strings.TrimSuffix(strings.TrimSpace(s), ".")
}
