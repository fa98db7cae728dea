package ident

import "fmt"

// InvalidError reports a value that is not a valid identifier of its kind.
// Its text is the reason alone, never the value, so that a summary can group
// rows by reason.
type InvalidError struct {
	Kind   Kind
	Reason string
}

// Error returns the reason.
func (e *InvalidError) Error() string { return e.Reason }

func invalid(kind Kind, format string, args ...any) error {
	return &InvalidError{Kind: kind, Reason: fmt.Sprintf(format, args...)}
}
