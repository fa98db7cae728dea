package pipeline

import (
	"container/heap"
	"context"
	"fmt"
	"net/http"
	"os"
	"time"

	"github.com/enrich-dev/enrich/sources"
	"github.com/enrich-dev/enrich/state"
)

// engine runs one job. Its state is owned by the goroutine running loop;
// submissions and the callback receiver talk to it through channels.
type engine struct {
	cfg    *Config
	j      *state.Journal
	mode   state.Mode
	m      *model
	layout sources.Layout
	lim    *limiter
	cr     credits

	ready   []int32     // lookups to submit, in order
	delayed delayedHeap // lookups to submit once their NotBefore passes
	flights map[uint64]*flight

	deliveries chan state.Delivery // from the receiver, after commit
	outcomes   chan outcome        // from submissions
	done       chan struct{}       // closed when the loop ends

	receiver *receiver
	stop     string    // why submission stopped early, "" while it goes on
	stopAt   time.Time // when it stopped: the drain bound counts from here
	pauseTil time.Time // no submission before this (after 429s and 5xx)
	failures int       // consecutive failed submissions
	fatal    error

	started    time.Time
	stats      runStats
	lastTick   time.Time // last progress update
	lastStatus time.Time // last status file
}

// pid is this process's id, for the status file.
var pid = os.Getpid()

// flight is a batch whose results have not all arrived.
type flight struct {
	batch    state.Batch
	res      reservation
	deadline time.Time // the reaper expires it after this; zero while unanswered
	sending  bool      // the request is under way
}

func newEngine(ctx context.Context, cfg *Config, j *state.Journal) (*engine, error) {
	e := &engine{
		cfg:        cfg,
		j:          j,
		mode:       cfg.mode(),
		lim:        newLimiter(cfg.ItemsPerMinute, cfg.RateWindow),
		flights:    make(map[uint64]*flight),
		deliveries: make(chan state.Delivery, 64),
		outcomes:   make(chan outcome, 64),
		done:       make(chan struct{}),
		started:    time.Now(),
	}
	e.cr.max = cfg.MaxCredits
	var err error
	cfg.Log.Info("reading input", "file", cfg.Input)
	if e.m, e.layout, err = loadRows(ctx, cfg.Input, cfg.Source); err != nil {
		return nil, err
	}
	cfg.Log.Info("input read", "rows_with_identifiers", len(e.m.rows), "lookups", len(e.m.lookups), "rows_without", e.m.noIdentifier, "took", time.Since(e.started).Round(time.Millisecond))
	start := time.Now()
	if err := e.m.readJournal(j, e.mode); err != nil {
		return nil, err
	}
	cfg.Log.Debug("journal read", "took", time.Since(start).Round(time.Millisecond))
	return e, nil
}

// run performs the job: checks, resume, the loop, and the output.
func (e *engine) run(ctx context.Context) (*Report, error) {
	cfg := e.cfg
	if err := e.seedLimiter(); err != nil {
		return nil, err
	}
	if err := e.resumeFlights(); err != nil {
		return nil, err
	}
	start := time.Now()
	needsWork := e.place()
	cfg.Log.Debug("rows placed on their waterfalls", "ready", len(e.ready), "took", time.Since(start).Round(time.Millisecond))
	if needsWork {
		if err := e.checkAccount(ctx); err != nil {
			return nil, err
		}
		if e.stop == "" {
			if err := e.requeueCreditsOver(); err != nil {
				return nil, err
			}
		}
	}
	if !cfg.Sync && (needsWork || len(e.flights) > 0) {
		token, err := e.j.Token()
		if err != nil {
			return nil, err
		}
		e.receiver, err = startReceiver(cfg.Listen, token, e.j, cfg.policy(), e.deliveries, nil, e.done, cfg.Log)
		if err != nil {
			return nil, fmt.Errorf("%w: callback receiver on %s: %v", ErrUnreachable, cfg.Listen, err)
		}
		defer e.receiver.close()
		if err := probe(ctx, e.callbackURL()+probePath, http.DefaultClient); err != nil {
			return nil, fmt.Errorf("%w: callback address %s does not reach this process (listening on %s): %v; the service must reach --public-url: give an address or tunnel that forwards to --listen, or use --sync", ErrUnreachable, cfg.publicBase(e.receiver.addr()), e.receiver.addr(), err)
		}
	}
	if cfg.MaxDuration > 0 {
		stopAfter := time.AfterFunc(cfg.MaxDuration, func() {
			select {
			case e.outcomes <- outcome{maxDuration: true}:
			case <-e.done:
			}
		})
		defer stopAfter.Stop()
	}
	e.loop(ctx)
	if e.fatal != nil {
		return nil, e.fatal
	}
	e.refreshBalance(ctx)
	if err := e.j.SetFlag(flagCreditsExhausted, e.stop == StopCredits); err != nil {
		return nil, err
	}
	return e.finish(ctx)
}

// callbackURL is where the service posts results: the public address and
// the journal's secret token.
func (e *engine) callbackURL() string {
	return e.cfg.publicBase(e.receiver.addr()) + e.receiver.path
}

// place puts every row on its waterfall and queues the lookups rows wait
// on. It reports whether anything needs the service.
func (e *engine) place() bool {
	for r := range e.m.rows {
		li, out := e.m.advance(int32(r))
		if out == rowWaiting || out == rowCreditsOver {
			e.want(li)
		}
	}
	return len(e.ready) > 0 || e.delayed.Len() > 0 || e.creditsOverWaiting() > 0
}

// want queues lookup li if it is queued in the journal's sense and not yet
// in one of our queues.
func (e *engine) want(li int32) {
	l := &e.m.lookups[li]
	if l.queued || l.phase != state.Queued {
		return
	}
	l.queued = true
	if time.Now().Before(l.notBefore) {
		heap.Push(&e.delayed, delayedItem{li: li, at: l.notBefore})
		return
	}
	e.ready = append(e.ready, li)
}

// creditsOverWaiting counts lookups answered credits_are_over that rows
// wait on.
func (e *engine) creditsOverWaiting() int {
	n := 0
	for i := range e.m.lookups {
		if e.m.lookups[i].phase == state.CreditsOver && len(e.m.waiting[int32(i)]) > 0 {
			n++
		}
	}
	return n
}

// requeueCreditsOver sends again, in a run with credits, what an earlier
// run left answered credits_are_over.
func (e *engine) requeueCreditsOver() error {
	var ids []string
	var idx []int32
	for i := range e.m.lookups {
		if e.m.lookups[i].phase == state.CreditsOver && len(e.m.waiting[int32(i)]) > 0 {
			ids = append(ids, e.m.lookups[i].id)
			idx = append(idx, int32(i))
		}
	}
	if len(ids) == 0 {
		return nil
	}
	if err := e.j.Requeue(e.mode, ids, state.CreditsOver, time.Now()); err != nil {
		return err
	}
	for _, li := range idx {
		e.m.lookups[li].phase = state.Queued
		e.want(li)
	}
	return nil
}

// seedLimiter counts the requests of earlier runs that are still in the
// window, from the latest instant the service can have received each: its
// answer, or its results; a request with neither (the process died while
// sending it) counts from now.
func (e *engine) seedLimiter() error {
	now := time.Now()
	// A request created before the window may still count in it if its
	// answer came late; answers take at most the HTTP client's timeout.
	batches, err := e.j.BatchesSince(now.Add(-e.cfg.RateWindow - 5*time.Minute))
	if err != nil {
		return err
	}
	for _, b := range batches {
		if b.NotCounted {
			continue
		}
		at := b.Answered
		if at.IsZero() {
			at = b.Settled
		}
		if at.IsZero() {
			at = now
		}
		if now.Sub(at) < e.cfg.RateWindow {
			e.lim.seed(at, len(b.Items))
		}
	}
	return nil
}

// resumeFlights takes over the batches of earlier runs whose results may
// still come. A synchronous request died with its process: it is expired
// at once. An asynchronous one gets its callback timeout from when it was
// answered (or sent).
func (e *engine) resumeFlights() error {
	open, err := e.j.OpenBatches()
	if err != nil {
		return err
	}
	now := time.Now()
	for _, b := range open {
		if b.Sync {
			changes, err := e.j.Expire(b.Seq, now, "the synchronous request was interrupted", e.cfg.policy())
			if err != nil {
				return err
			}
			e.applyAll(changes, false)
			continue
		}
		since := b.Answered
		if since.IsZero() {
			since = b.Created
		}
		e.flights[b.Seq] = &flight{batch: b, deadline: since.Add(e.cfg.CallbackTimeout)}
		e.cr.inflight += int64(len(b.Items))
	}
	if len(open) > 0 {
		e.cfg.Log.Info("resuming requests of an earlier run", "open", len(open))
	}
	return nil
}
