package runsheet

import (
	"testing"
	"time"
	"unsafe"
)

// TestInstant: a lookup's time comes back as it was given, to the
// nanosecond, and the zero time stays zero.
func TestInstant(t *testing.T) {
	for _, at := range []time.Time{{}, time.Date(2026, 11, 27, 17, 30, 0, 123456789, time.UTC)} {
		if got := InstantOf(at).Time(); !got.Equal(at) || got.IsZero() != at.IsZero() {
			t.Errorf("%v came back as %v", at, got)
		}
	}
}

// TestLookupSize: a sheet holds a lookup for each of up to millions of
// identifiers; a field added or reordered carelessly costs them all.
func TestLookupSize(t *testing.T) {
	if n := unsafe.Sizeof(Lookup{}); n > 48 {
		t.Errorf("a lookup takes %d bytes, over 48", n)
	}
}
