// Package fault is the failure vocabulary every layer shares: the exit
// codes, the stop reasons, the classes of failure that end a job
// (ErrAccount, ErrUsage, ...), and the one classification of failures that
// every command shares: what no wait can mend ends the command at once
// (exit 2) with the sentence that says what to fix; what a wait may mend
// is retried within --service-wait, then ends as an outage (exit 3).
//
// The packages that meet a failure first (the service's client, the
// shared budget) say which kind it is, by wrapping it with Fix or Wait;
// every caller asks Of, never the text.
package fault

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
)

// Class is what a failure calls for.
type Class int

// The classes of failure.
const (
	// None is no failure.
	None Class = iota
	// Other is a failure this package does not judge: its caller decides
	// (a request the service found invalid, a journal that cannot be
	// written).
	Other
	// Wait is a failure a wait may mend: no connection, a timeout, a 5xx,
	// a 429, a Redis that does not answer. It is retried within
	// --service-wait, then the command ends as an outage (exit 3).
	Wait
	// Fix is a failure no wait mends: a redirect to another address, a
	// key or password refused, a TLS mismatch, an endpoint that is not
	// there, a feature the account does not have. The command ends at
	// once (exit 2), saying what to fix.
	Fix
)

// String names the class.
func (c Class) String() string {
	switch c {
	case None:
		return "none"
	case Wait:
		return "a wait may mend it"
	case Fix:
		return "no wait mends it"
	}
	return "other"
}

// Sentinels of the classes, for errors.Is: an error of a class matches its
// sentinel.
var (
	ErrWait = errors.New("a wait may mend this")
	ErrFix  = errors.New("no wait mends this")
)

// Of classifies err. A context's deadline is a wait (a call cut at its
// bound); a cancelled context is Other (the caller stopped).
func Of(err error) Class {
	switch {
	case err == nil:
		return None
	case errors.Is(err, ErrFix):
		return Fix
	case errors.Is(err, ErrWait), errors.Is(err, context.DeadlineExceeded):
		return Wait
	}
	return Other
}

// NeedsFix reports whether no wait mends err.
func NeedsFix(err error) bool { return Of(err) == Fix }

// Fixable returns err as a failure no wait mends, whose text is the
// sentence that says what to fix; it still matches what err matches.
func Fixable(err error, sentence string) error {
	return &classed{err: err, msg: sentence, class: ErrFix}
}

// Waitable returns err as a failure a wait may mend; its text is err's.
func Waitable(err error) error {
	return &classed{err: err, class: ErrWait}
}

type classed struct {
	err   error
	msg   string
	class error
}

func (e *classed) Error() string {
	if e.msg != "" {
		return e.msg
	}
	return e.err.Error()
}

func (e *classed) Unwrap() error { return e.err }

func (e *classed) Is(target error) bool { return target == e.class }

// Untrusted reports whether err is a certificate the machine does not
// trust for the address (an unknown authority, another host's name, an
// invalid or unverifiable chain): no wait mends it.
func Untrusted(err error) bool {
	var unknown x509.UnknownAuthorityError
	var host x509.HostnameError
	var invalid x509.CertificateInvalidError
	var verify *tls.CertificateVerificationError
	return errors.As(err, &unknown) || errors.As(err, &host) || errors.As(err, &invalid) || errors.As(err, &verify)
}
