package pipeline

import (
	"runtime/debug"
	"testing"
)

// TestLowerGCPercent: the export's target lowers the collector's, never
// raises it nor turns it on, and is undone after.
func TestLowerGCPercent(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	for _, tc := range []struct{ was, during int }{{100, 80}, {200, 80}, {50, 50}, {-1, -1}} {
		debug.SetGCPercent(tc.was)
		restore := lowerGCPercent(80)
		if got := debug.SetGCPercent(tc.during); got != tc.during {
			t.Errorf("GOGC=%d: %d while the output is written, want %d", tc.was, got, tc.during)
		}
		restore()
		if got := debug.SetGCPercent(100); got != tc.was {
			t.Errorf("GOGC=%d: %d after, want it back", tc.was, got)
		}
	}
}
