package gctarget

import (
	"runtime/debug"
	"testing"
)

// TestLower: the target is lowered, never raised nor turned on, and is
// undone after.
func TestLower(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	for _, tc := range []struct{ was, during int }{{100, 80}, {200, 80}, {50, 50}, {-1, -1}} {
		debug.SetGCPercent(tc.was)
		restore := Lower(80)
		if got := debug.SetGCPercent(tc.during); got != tc.during {
			t.Errorf("GOGC=%d: %d during, want %d", tc.was, got, tc.during)
		}
		restore()
		if got := debug.SetGCPercent(100); got != tc.was {
			t.Errorf("GOGC=%d: %d after, want it back", tc.was, got)
		}
	}
}

// TestRaise: the target is raised unless GOGC set one, and is undone
// after.
func TestRaise(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	for _, gogc := range []string{"", "50"} {
		t.Setenv("GOGC", gogc)
		restore := Raise(200)
		want := 200
		if gogc != "" {
			want = 100
		}
		if got := debug.SetGCPercent(want); got != want {
			t.Errorf("GOGC=%q: %d during, want %d", gogc, got, want)
		}
		restore()
		if got := debug.SetGCPercent(100); got != 100 {
			t.Errorf("GOGC=%q: %d after, want it back", gogc, got)
		}
	}
}
