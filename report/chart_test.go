package report

import (
	"math"
	"testing"
)

func TestFormats(t *testing.T) {
	for _, tc := range []struct {
		got, want string
	}{
		{thousands(0), "0"}, {thousands(999), "999"}, {thousands(1000), "1,000"},
		{thousands(-1234567), "-1,234,567"}, {thousands(100000), "100,000"},
		{duration(0), "0s"}, {duration(59.6), "1m"}, {duration(90), "1m30s"}, {duration(3600), "1h"},
		{duration(3725), "1h02m"}, {duration(86400 + 7200), "1d2h"},
		{minus(88), "−88"}, {minus(-5), "+5"}, {minus(0), "−0"},
		{truncate("credits exhausted", 40), "credits exhausted"}, {truncate("αβγδε", 3), "αβ…"},
		{share(1, 3), "33.3%"}, {share(0, 0), "–"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}

// TestNiceSteps checks that the axis steps are round and give at most
// the number of ticks asked for.
func TestNiceSteps(t *testing.T) {
	for _, top := range []float64{1, 7, 660, 700, 1000, 12345, 1e6} {
		s := niceStep(top, 5)
		if top/s > 5 {
			t.Errorf("niceStep(%v) = %v: more than 5 parts", top, s)
		}
		m := s / math.Pow(10, math.Floor(math.Log10(s)))
		if m != 1 && m != 2 && m != 5 {
			t.Errorf("niceStep(%v) = %v is not round", top, s)
		}
	}
	for _, span := range []float64{1, 45, 468, 3600, 36000, 86400 * 3, 86400 * 40} {
		if s := timeStep(span, 8); span/s > 8 {
			t.Errorf("timeStep(%v) = %v: more than 8 parts", span, s)
		}
	}
}

// TestTimelineGroupsWindows checks a week of one-minute windows: at most
// maxBars bars, each as tall as the busiest window it stands for, and the
// one 429 marked.
func TestTimelineGroupsWindows(t *testing.T) {
	r := &Run{DurationSeconds: 7 * 86400, Timeline: Timeline{WindowSeconds: 60, Budget: 600}}
	for i := range 7 * 1440 {
		w := Window{Start: float64(i) * 60, Items: 300, Requests: 3}
		if i == 5000 {
			w.Items, w.RateLimited = 650, 1
		}
		r.Timeline.Windows = append(r.Timeline.Windows, w)
	}
	c := newTimeline(r)
	if len(c.Bars) > maxBars || c.Group != (7*1440+maxBars-1)/maxBars {
		t.Fatalf("%d bars of %d windows each", len(c.Bars), c.Group)
	}
	marked := 0
	var tallest tlBar
	for _, b := range c.Bars {
		if b.Limited {
			marked++
		}
		if b.H > tallest.H {
			tallest = b
		}
	}
	if marked != 1 || !tallest.Limited {
		t.Errorf("%d bars marked with a 429; the tallest marked: %v", marked, tallest.Limited)
	}
	// The busiest window (650) stands over the budget line, the others
	// (300) at half of it.
	if tallest.Y >= c.Budget.Y {
		t.Errorf("the 650-item bar's top %v is not over the budget line %v", tallest.Y, c.Budget.Y)
	}
	half := c.Bars[0]
	budgetH := c.Bottom - c.Budget.Y
	if math.Abs(half.H-budgetH/2) > 0.2 {
		t.Errorf("a 300-item bar is %v high, the budget %v", half.H, budgetH)
	}
}

// TestTimelineLabels checks that events at one instant get labels on
// different rows, and that an outage with no end runs to the run's end.
func TestTimelineLabels(t *testing.T) {
	r := &Run{DurationSeconds: 600, Timeline: Timeline{WindowSeconds: 60, Budget: 600,
		Windows: []Window{{Items: 600}},
		Events: []Event{
			{At: 372, Kind: EventStop, Detail: "credits exhausted"},
			{At: 372, Kind: EventCredits},
			{At: 400, Kind: EventOutageStart},
			{At: 95, Kind: EventRateLimited},
		}}}
	c := newTimeline(r)
	if len(c.Labels) != 3 {
		t.Fatalf("labels %+v", c.Labels)
	}
	if c.Labels[0].Y == c.Labels[1].Y {
		t.Errorf("two labels at one instant on one row: %+v", c.Labels[:2])
	}
	if len(c.Bands) != 1 || math.Abs(c.Bands[0].X+c.Bands[0].W-c.Right) > 0.2 {
		t.Errorf("the open outage %+v does not run to the end %v", c.Bands, c.Right)
	}
	if len(c.Points) != 1 || c.Points[0].Class != "ev-429" || len(c.Lines) != 2 {
		t.Errorf("points %+v, lines %+v", c.Points, c.Lines)
	}
}

// TestTimelineMergesPoints checks that events of one kind close in time
// are drawn as one point that counts them.
func TestTimelineMergesPoints(t *testing.T) {
	r := &Run{DurationSeconds: 3600, Timeline: Timeline{WindowSeconds: 60, Budget: 600}}
	for i := range 1000 {
		r.Timeline.Events = append(r.Timeline.Events, Event{At: 600 + float64(i)/100, Kind: EventExpired})
	}
	r.Timeline.Events = append(r.Timeline.Events, Event{At: 605, Kind: EventRateLimited}, Event{At: 3000, Kind: EventExpired})
	c := newTimeline(r)
	if len(c.Points) != 3 {
		t.Fatalf("%d points, want 3: %+v", len(c.Points), c.Points)
	}
	if want := "10m–10m10s: 1000 × a callback never came in time"; c.Points[0].Title != want {
		t.Errorf("the merged point says %q, want %q", c.Points[0].Title, want)
	}
}

// TestTimelineSpansTheRun checks that a run shorter than its rate window
// is drawn over its own duration: a 3-second run has an axis to 3s, and
// its one window's bar ends at the run's end, the plot's right edge.
func TestTimelineSpansTheRun(t *testing.T) {
	r := &Run{DurationSeconds: 3, Timeline: Timeline{WindowSeconds: 60, Budget: 600,
		Windows: []Window{{Start: 0, Items: 13, Requests: 1, Results: 13}}}}
	c := newTimeline(r)
	if last := c.XTicks[len(c.XTicks)-1]; last.Label != "3s" || last.Pos != c.Right {
		t.Errorf("the time axis ends at %s (x %v), want 3s at the plot's right edge %v", last.Label, last.Pos, c.Right)
	}
	if len(c.Bars) != 1 || c.Bars[0].X+c.Bars[0].W > c.Right {
		t.Fatalf("bars %+v: want one, within the plot (right edge %v)", c.Bars, c.Right)
	}
	if b := c.Bars[0]; b.W < (c.Right-c.Left)*0.9 {
		t.Errorf("the window's bar is %v wide of the plot's %v: the 3 s run is drawn as part of a longer axis", b.W, c.Right-c.Left)
	}
}
