package emulator

import (
	"math/rand/v2"
	"testing"
	"time"
)

// TestProcessingDelayTail: processing times are mostly within the typical
// delay, with a rare long tail and no fixed maximum (interface 6.1); only
// MaxCallbackDelay cuts it.
func TestProcessingDelayTail(t *testing.T) {
	const d = time.Second
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	const draws = 200_000
	e := &Emulator{cfg: Config{CallbackDelay: d}, random: rand.New(rand.NewPCG(seed, 1))}
	var within, past20, past100 int
	var longest time.Duration
	for range draws {
		x := e.processingDelay()
		if x < d/15 {
			t.Fatalf("seed %d: delay %v shorter than d/15", seed, x)
		}
		switch {
		case x <= d:
			within++
		case x > 100*d:
			past100++
			fallthrough
		case x > 20*d:
			past20++
		}
		longest = max(longest, x)
	}
	t.Logf("%d draws: %.1f%% within d, %d past 20d, %d past 100d, longest %v", draws, 100*float64(within)/draws, past20, past100, longest)
	// Nine in ten within d; P(> 20d) = 0.1·20^-1.5 ≈ 1/900; P(> 100d) = 1/10,000.
	if share := float64(within) / draws; share < 0.89 || share > 0.91 {
		t.Errorf("seed %d: %.3f of delays within d, want 0.9", seed, share)
	}
	if past20 < 150 || past20 > 310 {
		t.Errorf("seed %d: %d of %d delays past 20d, want about %d", seed, past20, draws, draws/894)
	}
	if past100 == 0 {
		t.Errorf("seed %d: no delay past 100d in %d draws: the tail is capped", seed, draws)
	}

	e.cfg.MaxCallbackDelay = 5 * d
	for range draws / 10 {
		if x := e.processingDelay(); x > 5*d {
			t.Fatalf("seed %d: delay %v past MaxCallbackDelay %v", seed, x, 5*d)
		}
	}
}
