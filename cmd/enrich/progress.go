package main

import (
	"fmt"
	"io"
	"log/slog"
	"math"
	"os"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/enrich-dev/enrich/internal/clock"
	"github.com/enrich-dev/enrich/pipeline"
)

// newProgress returns the progress display --progress names, and the
// logger to use beside it: on a terminal with a bar, log lines are printed
// above the bar, which redraws below them.
func newProgress(mode string, g *globals, log *slog.Logger) (pipeline.Progress, *slog.Logger, error) {
	if g.quiet {
		mode = "none"
	}
	if mode == "auto" {
		mode = "log"
		if term.IsTerminal(int(os.Stderr.Fd())) {
			mode = "bar"
		}
	}
	switch mode {
	case "bar":
		p := &barProgress{}
		log, err := g.loggerTo(p)
		return p, log, err
	case "log":
		return &logProgress{log: log, every: 30 * time.Second}, log, nil
	case "none":
		return nil, log, nil
	}
	return nil, nil, usageErrorf("--progress %q: use auto, bar, log or none", mode)
}

// barProgress draws a bar on the terminal: rows done, items per minute,
// profiles received, the balance's drop and the time left. It is also the
// writer of the log lines, which it prints above itself.
type barProgress struct {
	mu  sync.Mutex
	bar *progressbar.ProgressBar
}

func (p *barProgress) Update(s pipeline.Snapshot) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar == nil {
		p.bar = progressbar.NewOptions(s.Rows,
			progressbar.OptionSetWriter(os.Stderr),
			progressbar.OptionSetWidth(30), // narrowed to fit the terminal
			progressbar.OptionThrottle(200*time.Millisecond),
			progressbar.OptionSetPredictTime(false), // one ETA: the engine's, at the budget's pace
			progressbar.OptionClearOnFinish(),
		)
	}
	p.bar.Describe(barText(s, terminalWidth()))
	p.bar.Set(s.Resolved)
}

// barRoom is what the bar itself takes at the least beside its text:
// " 100% |", eight cells of bar, "| ".
const barRoom = 16

// barText is the text beside the bar, made to fit a terminal cols wide,
// from 40 columns up: why the run waits, the rows done, the time left,
// the credits spent and the pace, in that order of need, shown with the
// rows first. What does not fit is left out; the reason to wait is said
// as a sentence where there is room for it beside the figures, else in
// a few words, cut to the room at the narrowest.
func barText(s pipeline.Snapshot, cols int) string {
	room := cols - barRoom
	width := utf8.RuneCountInString // a terminal cell per rune: the text has no wide ones
	rows := fmt.Sprintf("rows %d/%d", s.Resolved, s.Rows)
	left := "ETA " + eta(s)
	credits := creditsText(s)
	pace := fmt.Sprintf("%.0f items/min", s.ItemsPerMinute)

	used, n := 0, 0 // the cells taken, and the parts
	fits := func(part string) bool {
		sep := 0
		if n > 0 {
			sep = 3
		}
		return part != "" && used+sep+width(part) <= room
	}
	take := func(part string) string {
		if !fits(part) {
			return ""
		}
		if n > 0 {
			used += 3
		}
		used, n = used+width(part), n+1
		return part
	}
	why := ""
	if s.WaitingFor != "" {
		long := "waiting for " + s.WaitingFor
		switch {
		case width(rows)+width(left)+width(long)+width(credits)+9 <= room:
			why = take(long)
		case width("waiting: "+s.Wait) <= room:
			why = take("waiting: " + s.Wait)
		default:
			why = take(cut(s.Wait, room))
		}
	}
	var parts []string
	for _, p := range []string{take(rows), why, take(left), take(credits), take(pace)} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, " │ ")
}

// cut shortens s to n cells, an ellipsis ending what was cut.
func cut(s string, n int) string {
	r := []rune(s)
	if len(r) <= n || n < 1 {
		return s
	}
	return string(r[:n-1]) + "…"
}

// terminalWidth is the width of the terminal on standard error, or 80.
func terminalWidth() int {
	if w, _, err := term.GetSize(int(os.Stderr.Fd())); err == nil && w > 0 {
		return w
	}
	return 80
}

func (p *barProgress) Done(s pipeline.Snapshot) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil {
		p.bar.Set(s.Resolved)
		p.bar.Finish()
		p.bar = nil
	}
}

// Write prints a log line above the bar, or as it is without one.
func (p *barProgress) Write(b []byte) (int, error) {
	p.mu.Lock()
	bar := p.bar
	p.mu.Unlock()
	if bar == nil {
		return os.Stderr.Write(b)
	}
	if _, err := progressbar.Bprintf(bar, "%s", b); err != nil {
		return 0, err
	}
	bar.RenderBlank()
	return len(b), nil
}

// logProgress writes one log line every so often, for runs without a
// terminal (cron, CI, a pipe).
type logProgress struct {
	log   *slog.Logger
	every time.Duration
	last  time.Time
}

func (p *logProgress) Update(s pipeline.Snapshot) {
	if wall.Now().Sub(p.last) < p.every {
		return
	}
	p.last = wall.Now()
	p.line("progress", s)
}

func (p *logProgress) Done(s pipeline.Snapshot) { p.line("finished", s) }

func (p *logProgress) line(msg string, s pipeline.Snapshot) {
	attrs := []any{"rows", s.Rows, "done", s.Resolved, "queued", s.Queued, "in_flight", s.InFlight,
		"items_per_minute", math.Round(s.ItemsPerMinute), "profiles_received", s.ProfilesReceived,
		"balance_drop", s.BalanceDrop, "eta", etaOf(s)}
	if s.WaitingFor != "" {
		attrs = append(attrs, "waiting_for", s.WaitingFor)
	}
	p.log.Info(msg, attrs...)
}

// creditsText is the credits the run has spent so far, as the report
// counts them: the balance's drop, or the profiles received while the
// balance has not dropped as far.
func creditsText(s pipeline.Snapshot) string {
	return fmt.Sprintf("%d credits", max(s.BalanceDrop, s.ProfilesReceived))
}

// etaOf is the time left, rounded to the second: a duration, which a JSON
// log writes in seconds.
func etaOf(s pipeline.Snapshot) time.Duration {
	if s.Waiting == 0 {
		return 0
	}
	return s.ETA().Round(time.Second)
}

// logKey is a progress pass's name as a log key: "rows written" is
// rows_written.
func logKey(what string) string { return strings.ReplaceAll(what, " ", "_") }

func eta(s pipeline.Snapshot) string { return etaOf(s).String() }

// counter shows a count that grows towards a total (-1: not known):
// profiles fetched of a search's matches, rows of an output written.
type counter struct {
	what string
	out  io.Writer // the bar's terminal; nil is standard error
	bar  *progressbar.ProgressBar
	log  *slog.Logger
	last time.Time
	// started is when the pass began: its bar shows only once the pass
	// has lasted barDelay, so that a pass over a small file draws no
	// frame that the end would leave behind ("rows written 0%").
	started time.Time
	mode    string
	n       int
	of      int64
}

// barDelay is how long a pass goes before its bar shows.
const barDelay = time.Second

// newCounter returns a counter for --progress mode (auto, bar, log or
// none); with --quiet it shows nothing.
func newCounter(mode, what string, g *globals, log *slog.Logger) (*counter, error) {
	switch mode {
	case "auto", "bar", "log", "none":
	default:
		return nil, usageErrorf("--progress %q: use auto, bar, log or none", mode)
	}
	if g.quiet {
		mode = "none"
	}
	if mode == "auto" {
		mode = "log"
		if term.IsTerminal(int(os.Stderr.Fd())) {
			mode = "bar"
		}
	}
	// A log line comes every 30 seconds, the first after 30: short work
	// logs none.
	return &counter{what: what, log: log, mode: mode, last: wall.Now(), started: wall.Now()}, nil
}

func (c *counter) update(n int, of int64) {
	c.n, c.of = n, of
	switch c.mode {
	case "bar":
		if of >= 0 && int64(n) >= of {
			c.done() // the end: the bar clears itself, before what is printed next
			return
		}
		if c.bar != nil && (of < 0) != (c.bar.GetMax64() < 0) {
			c.done() // a total learnt: counted against it from now on
		}
		if c.bar == nil && wall.Now().Sub(c.started) < barDelay {
			return
		}
		if c.bar == nil {
			out := c.out
			if out == nil {
				out = os.Stderr
			}
			// A count of no known total shows as the count alone, not
			// "(12/-)".
			c.bar = progressbar.NewOptions64(of, progressbar.OptionSetWriter(out),
				progressbar.OptionSetDescription(c.what), progressbar.OptionShowCount(), progressbar.OptionClearOnFinish(),
				progressbar.OptionShowTotalBytes(of >= 0), progressbar.OptionThrottle(200*time.Millisecond))
		}
		c.bar.ChangeMax64(of)
		c.bar.Set(n)
	case "log":
		if wall.Now().Sub(c.last) >= 30*time.Second {
			c.last = wall.Now()
			if of < 0 {
				c.log.Info("progress", logKey(c.what), n)
			} else {
				c.log.Info("progress", logKey(c.what), n, "of", of)
			}
		}
	}
}

// pass shows the passes over a file one after the other (a
// sources.FileProgress): a pass that starts finishes the bar of the one
// before.
func (c *counter) pass(what string, n int, of int64) {
	if what != c.what {
		c.done()
		c.what, c.started = what, wall.Now()
	}
	c.update(n, of)
}

func (c *counter) done() {
	if c.bar != nil {
		c.bar.Finish()
		c.bar = nil
	}
}

// wall is the clock of the command line's own displays and timings.
var wall clock.Clock = clock.Real{}
