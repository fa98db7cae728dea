package report

import (
	"fmt"
	"math"
	"sort"
	"unicode/utf8"

	"github.com/enrich-dev/enrich/internal/human"
)

// The charts are geometry computed here and drawn by the page's template
// as inline SVG: every coordinate is in the units of the chart's viewBox,
// rounded to a tenth so that the page stays small and stable.

// maxBars is the most bars the timeline draws: a run of more rate windows
// draws each bar for several consecutive windows, so that a week-long run
// still makes a page of a few hundred kilobytes.
const maxBars = 240

// Timeline chart layout, in viewBox units.
const (
	tlWidth  = 1000.0
	tlHeight = 330.0
	tlLeft   = 52.0
	tlRight  = 14.0
	tlTop    = 52.0 // room for three rows of event labels
	tlBottom = 34.0
	labelRow = 14.0
	charW    = 6.2 // width of one character of an 11-unit label, roughly
)

// timelineChart is the chart of items sent per rate window against the
// budget, with the run's events.
type timelineChart struct {
	W, H                     float64
	Left, Right, Top, Bottom float64 // edges of the plot area
	Bars                     []tlBar
	Budget                   *tlBudget
	XTicks, YTicks           []tick
	Bands                    []tlBand // outages
	Lines                    []tlLine // stops
	Points                   []tlPoint
	Labels                   []tlLabel
	PlotH, LabelTop, TickEnd float64
	// Group is how many rate windows one bar stands for.
	Group int
}

// tlBar is the bar of one rate window, or of Group consecutive ones: its
// full height is the busiest window's items, the Resent part on top the
// share of them that were sent again, and Limited marks a 429.
type tlBar struct {
	X, W, Y, H float64
	ResentH    float64
	Limited    bool
	Mark       string // the path of the 429 mark over the bar
	Title      string
}

type tlBudget struct {
	Y     float64
	Label string
}

type tick struct {
	Pos   float64 // x for XTicks, y for YTicks
	Label string
}

// tlBand is a span of the run the service did not answer.
type tlBand struct {
	X, W  float64
	Title string
}

// tlLine is an instant the run stopped sending, or ran out of credits.
type tlLine struct {
	X     float64
	Class string // ev-stop, ev-credits
	Title string
}

// tlPoint is a smaller event (a 429, an overdue callback) on the time
// axis.
type tlPoint struct {
	X     float64
	Class string
	Title string
	from  float64 // the first event's instant
	n     int     // events drawn as this point
}

// pointBin is the width, in viewBox units, within which events of one
// kind are drawn as one point.
const pointBin = 4.0

// tlLabel is the text over the plot that names a band or a line, in one
// of three rows so that labels close in time do not overlap.
type tlLabel struct {
	X, Y   float64
	Anchor string
	Class  string
	Text   string
}

// newTimeline lays the run's windows and events out; nil when the run
// neither sent anything nor recorded any event.
func newTimeline(r *Run) *timelineChart {
	tl := r.Timeline
	if len(tl.Windows) == 0 && len(tl.Events) == 0 {
		return nil
	}
	ws := tl.WindowSeconds
	if ws <= 0 {
		ws = 60
	}
	// The axis spans the run, not its last window: a run of 3 s is drawn
	// over 3 s, its one window cut at the run's end. A window the run's
	// duration does not reach (a report without one) is drawn whole.
	span := r.DurationSeconds
	for _, w := range tl.Windows {
		if w.Start >= span {
			span = w.Start + ws
		}
	}
	for _, e := range tl.Events {
		span = math.Max(span, e.At)
	}
	if span <= 0 {
		span = ws
	}
	slots := int(math.Ceil(span / ws))
	group := max(1, (slots+maxBars-1)/maxBars)

	c := &timelineChart{W: tlWidth, H: tlHeight, Left: tlLeft, Right: tlWidth - tlRight,
		Top: tlTop, Bottom: tlHeight - tlBottom, Group: group}
	c.PlotH, c.LabelTop, c.TickEnd = c.Bottom-c.Top, c.Top-8-3*labelRow+2, c.Bottom+5
	sx := (c.Right - c.Left) / span

	buckets, maxItems := bucketWindows(tl.Windows, ws, group)

	top := float64(max(maxItems, tl.Budget))
	if top == 0 {
		top = 1
	}
	step := niceStep(top*1.1, 5)
	yMax := math.Ceil(top*1.1/step) * step
	sy := (c.Bottom - c.Top) / yMax
	y := func(v float64) float64 { return round1(c.Bottom - v*sy) }
	for v := 0.0; v <= yMax+step/2; v += step {
		c.YTicks = append(c.YTicks, tick{Pos: y(v), Label: thousands(int64(v))})
	}
	if tl.Budget > 0 {
		c.Budget = &tlBudget{Y: y(float64(tl.Budget)),
			Label: fmt.Sprintf("budget %s per %s", thousands(int64(tl.Budget)), duration(ws))}
	}

	slotW := float64(group) * ws * sx
	gap := math.Min(1.5, slotW*0.15)
	for _, b := range buckets {
		c.Bars = append(c.Bars, c.bar(b, slotW, gap, sx, sy, float64(group)*ws, span, group == 1))
	}

	tstep := timeStep(span, 8)
	for t := 0.0; t <= span+tstep/1000; t += tstep {
		c.XTicks = append(c.XTicks, tick{Pos: round1(c.Left + t*sx), Label: duration(t)})
	}

	c.addEvents(tl.Events, span, sx)
	return c
}

// windowBucket is the windows one bar stands for.
type windowBucket struct {
	start                         float64
	busiest, items, resent, limit int
	requests, results, windows    int
}

// bucketWindows buckets the windows by slot, a bar standing for group
// windows of ws seconds, in the order of time; maxItems is the busiest
// window's items.
func bucketWindows(windows []Window, ws float64, group int) (buckets []*windowBucket, maxItems int) {
	byslot := map[int]*windowBucket{}
	var order []int
	for _, w := range windows {
		i := int(math.Floor(w.Start/ws)) / group
		b := byslot[i]
		if b == nil {
			b = &windowBucket{start: float64(i*group) * ws}
			byslot[i] = b
			order = append(order, i)
		}
		b.busiest = max(b.busiest, w.Items)
		b.items += w.Items
		b.resent += w.Resent
		b.limit += w.RateLimited
		b.requests += w.Requests
		b.results += w.Results
		b.windows++
		maxItems = max(maxItems, b.busiest)
	}
	sort.Ints(order)
	for _, i := range order {
		buckets = append(buckets, byslot[i])
	}
	return buckets, maxItems
}

// bar draws a bucket of slot seconds (single: one window) as a bar of
// its busiest window, with what was sent again, the 429s and its title.
func (c *timelineChart) bar(b *windowBucket, slotW, gap, sx, sy, slot, span float64, single bool) tlBar {
	x := c.Left + b.start*sx
	end := math.Min(b.start+slot, span) // the run's last window is cut at its end
	w := math.Min(slotW, (end-b.start)*sx)
	h := float64(b.busiest) * sy
	bar := tlBar{X: round1(x), W: round1(math.Max(w-gap, 0.4)), Y: round1(c.Bottom - h), H: round1(h)}
	if b.items > 0 {
		bar.ResentH = round1(h * float64(b.resent) / float64(b.items))
	}
	if b.limit > 0 {
		// A small red triangle pointing down at the bar's top.
		bar.Limited = true
		bar.Mark = fmt.Sprintf("M%.1f %.1fl-4.5 -8h9z", x+(w-gap)/2, c.Bottom-h-2)
	}
	from, to := duration(b.start), duration(end)
	if single {
		bar.Title = fmt.Sprintf("%s–%s: %s items in %s requests", from, to, thousands(int64(b.items)), thousands(int64(b.requests)))
	} else {
		bar.Title = fmt.Sprintf("%s–%s: %s items in %d windows, the busiest %s", from, to, thousands(int64(b.items)), b.windows, thousands(int64(b.busiest)))
	}
	if b.resent > 0 {
		bar.Title += fmt.Sprintf("; %s sent again", thousands(int64(b.resent)))
	}
	if b.limit > 0 {
		bar.Title += fmt.Sprintf("; %d × 429", b.limit)
	}
	bar.Title += fmt.Sprintf("; %s results", thousands(int64(b.results)))
	return bar
}

// addEvents draws outages as bands, stops and credits as lines, anything
// else as a point on the time axis, and labels the bands and lines.
func (c *timelineChart) addEvents(events []Event, span, sx float64) {
	evs := append([]Event(nil), events...)
	sort.SliceStable(evs, func(i, j int) bool { return evs[i].At < evs[j].At })
	x := func(at float64) float64 { return round1(c.Left + math.Max(0, at)*sx) }

	type pending struct {
		x     float64
		class string
		text  string
	}
	var labels []pending
	lastPoint := map[string]int{} // by kind, in c.Points
	outage := -1.0
	for _, e := range evs {
		switch e.Kind {
		case EventOutageStart:
			if outage < 0 {
				outage = e.At
			}
		case EventOutageEnd:
			if outage >= 0 {
				c.addOutage(outage, e.At, x)
				labels = append(labels, pending{x(outage), "ev-outage", "outage " + duration(e.At-outage)})
				outage = -1
			}
		case EventStop, EventCredits:
			class, text := "ev-stop", "stopped"
			if e.Detail != "" {
				text += ": " + e.Detail
			}
			if e.Kind == EventCredits {
				class, text = "ev-credits", "credits ran out"
			}
			c.Lines = append(c.Lines, tlLine{X: x(e.At), Class: class, Title: duration(e.At) + ": " + eventLabel(e)})
			labels = append(labels, pending{x(e.At), class, truncate(text, 40)})
		default:
			// Events of a kind within pointBin of the point before are
			// that point, which counts them, so that thousands of
			// overdue callbacks stay a small page.
			if i, ok := lastPoint[e.Kind]; ok && x(e.At)-c.Points[i].X < pointBin {
				p := &c.Points[i]
				p.n++
				p.Title = fmt.Sprintf("%s–%s: %d × %s", duration(p.from), duration(e.At), p.n, eventLabel(Event{Kind: e.Kind}))
				continue
			}
			lastPoint[e.Kind] = len(c.Points)
			c.Points = append(c.Points, tlPoint{X: x(e.At), Class: eventClass(e.Kind), Title: duration(e.At) + ": " + eventLabel(e), from: e.At, n: 1})
		}
	}
	if outage >= 0 { // the service never answered again before the end
		c.addOutage(outage, span, x)
		labels = append(labels, pending{x(outage), "ev-outage", "outage to the end"})
	}

	// Three rows of labels; each goes in the first row where it does not
	// run into the label before it.
	var rowEnd [3]float64
	for i := range rowEnd {
		rowEnd[i] = math.Inf(-1)
	}
	for _, l := range labels {
		w := float64(utf8.RuneCountInString(l.text)) * charW
		anchor, start, end := "start", l.x+3, l.x+3+w
		if end > c.Right {
			anchor, start, end = "end", l.x-3-w, l.x-3
		}
		row := 0
		for row < len(rowEnd)-1 && start < rowEnd[row]+6 {
			row++
		}
		rowEnd[row] = end
		tx := l.x + 3
		if anchor == "end" {
			tx = l.x - 3
		}
		c.Labels = append(c.Labels, tlLabel{X: round1(tx), Y: round1(c.Top - 8 - float64(row)*labelRow),
			Anchor: anchor, Class: l.class, Text: l.text})
	}
}

func (c *timelineChart) addOutage(from, to float64, x func(float64) float64) {
	x0, x1 := x(from), x(to)
	c.Bands = append(c.Bands, tlBand{X: x0, W: round1(math.Max(x1-x0, 1)),
		Title: fmt.Sprintf("the service did not answer from %s to %s", duration(from), duration(to))})
}

// statusBar is the stacked bar of rows by status.
type statusBar struct {
	W, H     float64
	Segments []segment
}

type segment struct {
	X, W  float64
	Class string
	Title string
}

// newStatusBar lays the status rows end to end; nil when there are no
// rows.
func newStatusBar(rows []statusRow) *statusBar {
	total := 0
	for _, r := range rows {
		total += r.Count
	}
	if total == 0 {
		return nil
	}
	b := &statusBar{W: 1000, H: 36}
	x := 0.0
	for _, r := range rows {
		w := b.W * float64(r.Count) / float64(total)
		b.Segments = append(b.Segments, segment{X: round1(x), W: round1(w), Class: r.Class,
			Title: fmt.Sprintf("%s: %s rows (%s)", r.Name, thousands(int64(r.Count)), r.Share)})
		x += w
	}
	return b
}

// niceStep is a round step (1, 2 or 5 times a power of ten) that divides
// [0, top] into at most n parts.
func niceStep(top float64, n int) float64 {
	raw := top / float64(n)
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= raw {
			return math.Max(m*p, 1)
		}
	}
	return 10 * p
}

// timeStep is a round duration in seconds that divides span into at most
// n parts.
func timeStep(span float64, n int) float64 {
	for _, s := range []float64{1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800,
		3600, 7200, 10800, 21600, 43200, 86400} {
		if span/s <= float64(n) {
			return s
		}
	}
	return niceStep(span/86400, n) * 86400
}

// duration says a number of seconds the short way: 45s, 12m, 12m30s,
// 2h05m, 3d4h.
func duration(sec float64) string {
	s := int64(math.Round(sec))
	switch {
	case s < 60:
		return fmt.Sprintf("%ds", s)
	case s < 3600 && s%60 == 0:
		return fmt.Sprintf("%dm", s/60)
	case s < 3600:
		return fmt.Sprintf("%dm%02ds", s/60, s%60)
	case s < 86400 && s%3600 == 0:
		return fmt.Sprintf("%dh", s/3600)
	case s < 86400:
		return fmt.Sprintf("%dh%02dm", s/3600, s%3600/60)
	}
	return fmt.Sprintf("%dd%dh", s/86400, s%86400/3600)
}

// thousands writes n with a comma between groups of three digits.
var thousands = human.Thousands

// truncate shortens s to at most n characters, ending in "…" when cut.
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

func round1(v float64) float64 { return math.Round(v*10) / 10 }
