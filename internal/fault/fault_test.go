package fault

import (
	"context"
	"errors"
	"fmt"
	"os"
	"testing"
)

func TestOf(t *testing.T) {
	base := errors.New("boom")
	for _, tc := range []struct {
		err  error
		want Class
	}{
		{nil, None},
		{base, Other},
		{context.Canceled, Other},
		{context.DeadlineExceeded, Wait},
		{Waitable(base), Wait},
		{Fixable(base, "fix it"), Fix},
		{fmt.Errorf("read: %w", Fixable(base, "fix it")), Fix},
		// What no wait mends stays so, whatever wraps it.
		{Waitable(Fixable(base, "fix it")), Fix},
	} {
		if got := Of(tc.err); got != tc.want {
			t.Errorf("Of(%v) = %v, want %v", tc.err, got, tc.want)
		}
	}
	if err := Fixable(base, "fix it"); err.Error() != "fix it" || !errors.Is(err, base) {
		t.Errorf("Fixable: %q, Is base %v", err, errors.Is(err, base))
	}
}

// TestUsagefKeepsTheChain: a usage error made of another error is both:
// what it wraps is still found, and its text is the sentence alone.
func TestUsagefKeepsTheChain(t *testing.T) {
	cause := &os.PathError{Op: "open", Path: "leads.csv", Err: os.ErrNotExist}
	err := Usagef("%w; give another file", cause)
	var pe *os.PathError
	if !errors.Is(err, ErrUsage) || !errors.Is(err, os.ErrNotExist) || !errors.As(err, &pe) {
		t.Errorf("Usagef(%%w) lost its class or its cause: %v", err)
	}
	if err.Error() != "open leads.csv: file does not exist; give another file" {
		t.Errorf("text %q", err.Error())
	}
}
