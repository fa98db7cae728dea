package report

import (
	"flag"
	"testing"
)

var narrowShot = flag.String("chromium.shot", "", "also write a screenshot of the page at 390 px to this PNG (make report-narrow)")

// phoneWidth is the width of the phone the page is measured on, in CSS
// pixels (an iPhone 12 to 15).
const phoneWidth = 390

// TestNarrowPage renders the sample run's page, its rows to fix with
// names as a sheet of person columns gives them, rows found by name and a
// budget shared through Redis, in headless Chromium at 390 px, and
// measures what a reader on a phone sees: nothing wider than the screen,
// no text over its card or its cell, the reason a row needs fixing as
// wide as the table, several rows whole in sight, and a count of those
// that are not. (The chart's axis, no longer than the run, is
// TestTimelineSpansTheRun's.)
func TestNarrowPage(t *testing.T) {
	page := pageOf(t, richRun(t))
	if *narrowShot != "" {
		screenshot(t, page, phoneWidth, 2400, *narrowShot)
	}
	got := measureLayout(t, page, phoneWidth)[phoneWidth]
	t.Logf("measured at %d px: %+v", phoneWidth, got)
	checkLayout(t, got)
	if got.WhyWidth < 0.8*got.TableWidth {
		t.Errorf("the rows to fix say why in a column %v px wide of the table's %v", got.WhyWidth, got.TableWidth)
	}
	if got.Seen < 3 {
		t.Errorf("%d rows to fix are whole in sight", got.Seen)
	}
}
