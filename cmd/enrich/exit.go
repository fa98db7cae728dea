package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/enrich-dev/enrich/internal/fault"
)

// Exit codes, documented in docs/cron.md (fault holds them); a run's come
// with its report.
const (
	ExitOK          = fault.ExitOK
	ExitError       = fault.ExitError
	ExitUsage       = fault.ExitUsage
	ExitIncomplete  = fault.ExitIncomplete
	ExitLocked      = fault.ExitLocked
	ExitInterrupted = fault.ExitInterrupted
)

// exitError carries an exit code with the error a user sees.
type exitError struct {
	code int
	err  error
	// mapped says code is --incomplete-exit-code's for a job that ended
	// incomplete (3): its sentence is said even when code is 0.
	mapped bool
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// withCode attaches an exit code to err.
func withCode(code int, err error) error {
	if err == nil {
		return nil
	}
	return &exitError{code: code, err: err}
}

// usageErrorf reports a bad command line or bad input (exit code 2).
func usageErrorf(format string, args ...any) error {
	return withCode(ExitUsage, fmt.Errorf(format, args...))
}

// exitCode maps the outcome of a command to the process exit code.
func exitCode(ctx context.Context, err error) int {
	var ee *exitError
	switch {
	case errors.As(err, &ee):
		return ee.code
	case err == nil:
		return ExitOK
	case ctx.Err() != nil && errors.Is(err, context.Canceled):
		return ExitInterrupted
	}
	return ExitError
}

// count writes n with the word for one or for several.
func count(n int, one, many string) string { return count64(int64(n), one, many) }

func count64(n int64, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
