package fault

import (
	"context"
	"errors"
	"fmt"
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
