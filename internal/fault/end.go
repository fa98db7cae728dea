package fault

import (
	"errors"
	"fmt"
)

// The classes of failure that end a job, and choose its exit code:
// errors.Is tells them, whatever the job added to the sentence.
var (
	// ErrAccount is a key or account the service refuses (401, 403).
	ErrAccount = errors.New("the service refused the account")
	// ErrUnreachable is a service or callback address that cannot be reached.
	ErrUnreachable = errors.New("unreachable")
	// ErrUsage is a job refused before it started: a bad setting, output,
	// or an input with nothing to look up. Nothing was read or sent.
	ErrUsage = errors.New("bad usage")
	// ErrStorage is a journal that could not be written: the run stopped
	// submitting at once and kept what it could.
	ErrStorage = errors.New("the journal could not be written")
)

// Usagef returns an error of class ErrUsage whose text is the sentence
// alone; a %w in format keeps the error it wraps in the chain.
func Usagef(format string, args ...any) error {
	return &usageError{fmt.Errorf(format, args...)}
}

type usageError struct{ err error }

func (e *usageError) Error() string        { return e.err.Error() }
func (e *usageError) Is(target error) bool { return target == ErrUsage }
func (e *usageError) Unwrap() error        { return errors.Unwrap(e.err) }
