package report

import (
	"flag"
	"testing"
)

var wideShot = flag.String("chromium.wide-shot", "", "also write a screenshot of the page at 1280 px to this PNG")

// TestWidePage renders the page of TestNarrowPage's run in headless
// Chromium at a laptop's 1280 px, and at the widths between a phone's and
// a laptop's where the cards change their layout, and measures what a
// reader sees: no text over its card or its cell (the Requests card's
// figures once ran over their notes, and a sentence out of the card), and
// rows to fix that tell how many more follow and where they all are (a
// box once scrolled them, showing four, with no sign of the rest).
func TestWidePage(t *testing.T) {
	page := pageOf(t, richRun(t))
	if *wideShot != "" {
		screenshot(t, page, 1280, 2800, *wideShot)
	}
	widths := []int{1280, 1024, 901, 768, 601}
	measures := measureLayout(t, page, widths...)
	for _, w := range widths {
		got := measures[w]
		t.Logf("measured at %d px: %d overflows, %d of %d rows to fix in sight; %q", w, len(got.Overflows), got.Seen, got.Rows, got.Cue)
		checkLayout(t, got)
	}
	if got := measures[1280]; got.Seen < 8 {
		t.Errorf("at 1280 px %d rows to fix are whole in sight", got.Seen)
	}
}
