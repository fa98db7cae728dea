package pipeline

import (
	"testing"
	"time"
)

func TestParseAge(t *testing.T) {
	day := 24 * time.Hour
	for in, want := range map[string]time.Duration{
		"90d": 90 * day, "2w": 14 * day, "1w3d": 10 * day, "36h": 36 * time.Hour, "1d12h": 36 * time.Hour, "0": 0,
	} {
		if got, err := ParseAge(in); err != nil || got != want {
			t.Errorf("%q: %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "d", "90 days", "-1d", "3x", "1d-2h"} {
		if _, err := ParseAge(in); err == nil && in != "" {
			t.Errorf("%q accepted", in)
		}
	}
}
