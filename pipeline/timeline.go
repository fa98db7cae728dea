package pipeline

import (
	"time"

	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/report"
)

// timeline records the run per rate window, laid end to end from its
// start, and its events, for the report's chart.
type timeline struct {
	start   time.Time
	span    time.Duration
	windows []report.Window
	events  []report.Event
}

// maxEvents bounds the events kept: a night of lost callbacks must not
// fill the report.
const maxEvents = 500

// at returns the window holding instant t.
func (tl *timeline) at(t time.Time) *report.Window {
	i := max(0, int(t.Sub(tl.start)/tl.span))
	for len(tl.windows) <= i {
		n := len(tl.windows)
		tl.windows = append(tl.windows, report.Window{Start: (time.Duration(n) * tl.span).Seconds()})
	}
	return &tl.windows[i]
}

func (tl *timeline) sent(t time.Time, items, resent int) {
	w := tl.at(t)
	w.Items += items
	w.Requests++
	w.Resent += resent
}

// refused moves the items of a request sent at t that the service did
// not take out of the items sent.
func (tl *timeline) refused(t time.Time, items int) {
	w := tl.at(t)
	w.Items -= items
	w.Requests--
	w.Refused += items
}

func (tl *timeline) rateLimited(t time.Time, n int) {
	tl.at(t).RateLimited += n
	tl.event(t, report.EventRateLimited, "")
}

func (tl *timeline) results(t time.Time, n int) { tl.at(t).Results += n }

func (tl *timeline) event(t time.Time, kind, detail string) {
	if len(tl.events) >= maxEvents {
		return
	}
	tl.events = append(tl.events, report.Event{At: t.Sub(tl.start).Seconds(), Kind: kind, Detail: detail})
}

// eventForStop is the event kind a stop reason is marked with.
func eventForStop(reason string) string {
	if reason == fault.StopCredits {
		return report.EventCredits
	}
	return report.EventStop
}
