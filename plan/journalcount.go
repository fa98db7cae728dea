package plan

import "github.com/enrich-dev/enrich/internal/ident"

// journalCount asks the journal about the distinct identifiers of a
// sheet (Options.Resolved and Due) in batches, on a goroutine of its own,
// while the rows are read on: the lookups touch pages all over the
// journal, and they took a fifth of a plan's time in the plan's own loop.
type journalCount struct {
	opts     Options
	batch    []ident.ID
	batches  chan []ident.ID
	done     chan struct{}
	resolved int
	refresh  int
	stopped  bool
}

// countBatch is how many identifiers are asked about in one read
// transaction.
const countBatch = 4096

// startJournalCount starts counting, if there is a journal to ask.
func startJournalCount(opts Options) *journalCount {
	c := &journalCount{opts: opts}
	if opts.Resolved == nil && opts.Due == nil {
		return c
	}
	c.batches = make(chan []ident.ID, 4)
	c.done = make(chan struct{})
	go func() {
		defer close(c.done)
		for ids := range c.batches {
			if opts.Resolved != nil {
				c.resolved += opts.Resolved(ids)
			}
			if opts.Due != nil {
				c.refresh += opts.Due(ids)
			}
		}
	}()
	return c
}

// add counts an identifier seen for the first time.
func (c *journalCount) add(id ident.ID) {
	if c.batches == nil {
		return
	}
	if c.batch = append(c.batch, id); len(c.batch) == countBatch {
		c.batches <- c.batch
		c.batch = make([]ident.ID, 0, countBatch)
	}
}

// stop asks about the last batch, waits for the counts and returns them
// (nil for what was not asked). It may be called more than once.
func (c *journalCount) stop() (resolved, refresh *int) {
	if c.batches != nil && !c.stopped {
		c.stopped = true
		if len(c.batch) > 0 {
			c.batches <- c.batch
		}
		close(c.batches)
		<-c.done
	}
	if c.opts.Resolved != nil {
		resolved = &c.resolved
	}
	if c.opts.Due != nil {
		refresh = &c.refresh
	}
	return resolved, refresh
}
