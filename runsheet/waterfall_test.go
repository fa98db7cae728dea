package runsheet

import (
	"testing"

	"github.com/enrich-dev/enrich/state"
)

func TestWaterfall(t *testing.T) {
	const (
		nf = state.NotFound
		f  = state.Found
		q  = state.Queued
		fl = state.InFlight
		x  = state.Failed
		c  = state.CreditsOver
	)
	for _, tc := range []struct {
		name   string
		phases []state.Phase
		at     int
		phase  state.Phase
		asked  int
	}{
		{"no identifiers", nil, -1, nf, 0},
		{"first found", []state.Phase{f, q}, 0, f, 1},
		{"nobody, then found", []state.Phase{nf, nf, f}, 2, f, 3},
		{"nobody everywhere", []state.Phase{nf, nf}, -1, nf, 2},
		{"waits on the first without an answer", []state.Phase{nf, q, f}, 1, q, 2},
		{"waits in flight", []state.Phase{fl, f}, 0, fl, 1},
		{"given up", []state.Phase{nf, x, f}, 1, x, 2},
		{"credits over", []state.Phase{c, f}, 0, c, 1},
		{"a later found never jumps the queue", []state.Phase{q, f}, 0, q, 1},
	} {
		asked := 0
		at, phase := Waterfall(len(tc.phases), func(i int) state.Phase {
			if i != asked {
				t.Fatalf("%s: asked for %d after %d", tc.name, i, asked)
			}
			asked++
			return tc.phases[i]
		})
		if at != tc.at || phase != tc.phase || asked != tc.asked {
			t.Errorf("%s: %d %v after %d asked; want %d %v after %d", tc.name, at, phase, asked, tc.at, tc.phase, tc.asked)
		}
	}
}
