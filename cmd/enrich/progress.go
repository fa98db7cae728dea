package main

import (
	"fmt"
	"log/slog"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/enrich-dev/enrich/pipeline"
)

// newProgress returns the progress display --progress names.
func newProgress(mode string, log *slog.Logger) (pipeline.Progress, error) {
	if mode == "auto" {
		mode = "log"
		if term.IsTerminal(int(os.Stderr.Fd())) {
			mode = "bar"
		}
	}
	switch mode {
	case "bar":
		return &barProgress{}, nil
	case "log":
		return &logProgress{log: log, every: 30 * time.Second}, nil
	case "none":
		return nil, nil
	}
	return nil, usageErrorf("--progress %q: use auto, bar, log or none", mode)
}

// barProgress draws a bar on the terminal: rows resolved, items per
// minute, credits used and the time left.
type barProgress struct {
	once sync.Once
	bar  *progressbar.ProgressBar
}

func (p *barProgress) Update(s pipeline.Snapshot) {
	p.once.Do(func() {
		p.bar = progressbar.NewOptions(s.Rows,
			progressbar.OptionSetWriter(os.Stderr),
			progressbar.OptionSetDescription("rows"),
			progressbar.OptionShowCount(),
			progressbar.OptionSetWidth(30),
			progressbar.OptionThrottle(200*time.Millisecond),
			progressbar.OptionClearOnFinish(),
		)
	})
	p.bar.Describe(fmt.Sprintf("rows │ %.0f items/min │ %d credits │ ETA %s", s.ItemsPerMinute, s.CreditsUsed, eta(s)))
	p.bar.Set(s.Resolved)
}

func (p *barProgress) Done(s pipeline.Snapshot) {
	if p.bar != nil {
		p.bar.Set(s.Resolved)
		p.bar.Finish()
	}
}

// logProgress writes one log line every so often, for runs without a
// terminal (cron, CI, a pipe).
type logProgress struct {
	log   *slog.Logger
	every time.Duration
	last  time.Time
}

func (p *logProgress) Update(s pipeline.Snapshot) {
	if time.Since(p.last) < p.every {
		return
	}
	p.last = time.Now()
	p.line("progress", s)
}

func (p *logProgress) Done(s pipeline.Snapshot) { p.line("finished", s) }

func (p *logProgress) line(msg string, s pipeline.Snapshot) {
	p.log.Info(msg, "rows", s.Rows, "resolved", s.Resolved, "queued", s.Queued, "in_flight", s.InFlight,
		"items_per_minute", fmt.Sprintf("%.0f", s.ItemsPerMinute), "credits_used", s.CreditsUsed, "eta", eta(s))
}

func eta(s pipeline.Snapshot) string {
	if s.Waiting == 0 {
		return "0s"
	}
	return s.ETA.Round(time.Second).String()
}

// counter shows a count that grows towards a total: profiles fetched of the
// search's matches.
type counter struct {
	what string
	bar  *progressbar.ProgressBar
	log  *slog.Logger
	last time.Time
	mode string
	n    int
	of   int64
}

// newCounter returns a counter for --progress mode (auto, bar, log, none);
// an unknown mode was refused by the flag check already and counts nothing.
func newCounter(mode, what string, log *slog.Logger) *counter {
	if mode == "auto" {
		mode = "log"
		if term.IsTerminal(int(os.Stderr.Fd())) {
			mode = "bar"
		}
	}
	return &counter{what: what, log: log, mode: mode}
}

func (c *counter) update(n int, of int64) {
	c.n, c.of = n, of
	switch c.mode {
	case "bar":
		if c.bar == nil {
			c.bar = progressbar.NewOptions64(of, progressbar.OptionSetWriter(os.Stderr),
				progressbar.OptionSetDescription(c.what), progressbar.OptionShowCount(), progressbar.OptionClearOnFinish())
		}
		c.bar.ChangeMax64(of)
		c.bar.Set(n)
	case "log":
		if time.Since(c.last) >= 30*time.Second {
			c.last = time.Now()
			c.log.Info("progress", c.what, n, "of", of)
		}
	}
}

func (c *counter) done() {
	if c.bar != nil {
		c.bar.Finish()
	}
}
