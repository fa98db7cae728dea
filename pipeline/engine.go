package pipeline

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/enrich-dev/enrich/callback"
	"github.com/enrich-dev/enrich/export"
	"github.com/enrich-dev/enrich/internal/budget"
	"github.com/enrich-dev/enrich/internal/clock"
	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/internal/ident"
	"github.com/enrich-dev/enrich/report"
	"github.com/enrich-dev/enrich/runsheet"
	"github.com/enrich-dev/enrich/sinks"
	"github.com/enrich-dev/enrich/sources"
	"github.com/enrich-dev/enrich/state"
)

// engine runs one job. Its state is owned by the goroutine running loop;
// submissions, balance reads and the callback receiver talk to it through
// channels, and every goroutine it starts is waited for before the
// journal closes.
type engine struct {
	cfg    *Config
	clock  clock.Clock
	j      *state.Journal
	mode   state.Mode
	m      *runsheet.Sheet  // the run's model of its input, with the journal's answers
	x      *export.Exporter // the profiles the output is written from
	kept   *export.Kept     // results the journal could not store, kept beside the output
	layout sources.Layout
	budget budget.Budget
	cr     credits
	sr     searches
	// searcher makes the searches by name, within --max-searches.
	searcher *cappedSearcher

	queue   queue
	flights map[uint64]*flight
	// late holds the requests given up on whose own results have not
	// come: the service may have charged them, and after a stop their
	// results are awaited as long as a late delivery could still come
	// (LateWait from when each was given up).
	late map[uint64]lateRequest

	deliveries chan callback.Delivery // from the receiver, after commit
	outcomes   chan outcome           // from submissions and balance reads
	done       chan struct{}          // closed when the loop ends
	group      errgroup.Group         // submissions and balance reads
	// sendCtx is the context of submissions and balance reads: not
	// cancelled by Ctrl-C, but at --max-duration.
	sendCtx     context.Context
	cancelSends context.CancelFunc
	// cutAt is when requests still under way are cut after a signal
	// (SignalDrain); zero without one.
	cutAt time.Time

	receiver *callback.Receiver
	stop     string    // why submission stopped early, "" while it goes on
	stopAt   time.Time // when it stopped: the drain bound counts from here
	// signalled is when Ctrl-C or SIGTERM came, zero before: the drain
	// is cut to SignalDrain from then, whatever the reason of the stop.
	signalled time.Time
	err       error     // why the run cannot end well; set with stop
	pauseTil  time.Time // no submission before this (after 429s and outages)
	heldBy    string    // what holds the account's budget while items wait for room
	heldAt    time.Time // when heldBy was last found
	outage    outage
	// creditsHeld is when the credits began to hold submission while
	// results in flight might free some, zero while they do not; drainBy
	// ends the drain of a stop that waited so already (zero: no such end).
	creditsHeld, drainBy time.Time
	// budgetDown is a run of failures of the budget shared through Redis;
	// shared is how the runs sharing the budget used it, as last seen.
	budgetDown outage
	shared     report.BudgetUse
	deadline   time.Time // --max-duration: the run ends by then; zero without

	started    time.Time
	stats      runStats
	timeline   timeline
	lastTick   time.Time // last progress update
	eta        float64   // the time left as last shown, in seconds (smoothed)
	lastStatus time.Time // last status file
}

// pid is this process's id, for the status file.
var pid = os.Getpid()

// flight is a batch whose results have not all arrived.
type flight struct {
	batch    state.Batch
	res      budget.Reservation
	deadline time.Time // the reaper expires it after this; zero while unanswered
	sending  bool      // the request is under way
	// answered says the results all came while the request was still under
	// way (a callback can beat its 201): the flight lands with the answer.
	answered bool
}

// newEngine reads the input of a run that started at started into its
// model, with the journal's answers, for the run to submit what they lack
// within the budget b.
func newEngine(ctx context.Context, cfg *Config, j *state.Journal, b budget.Budget, started time.Time) (*engine, error) {
	e := &engine{
		cfg:        cfg,
		clock:      cfg.Clock,
		j:          j,
		mode:       cfg.mode(),
		budget:     b,
		flights:    make(map[uint64]*flight),
		late:       make(map[uint64]lateRequest),
		deliveries: make(chan callback.Delivery, 64),
		outcomes:   make(chan outcome, 64),
		done:       make(chan struct{}),
	}
	e.started = started
	e.cr.max = cfg.MaxCredits
	e.searcher = &cappedSearcher{s: cfg.Searcher, max: cfg.MaxSearches}
	e.timeline = timeline{start: e.started, span: cfg.RateWindow}
	e.sendCtx, e.cancelSends = context.WithCancel(context.WithoutCancel(ctx))
	if cfg.MaxDuration > 0 {
		e.deadline = e.started.Add(cfg.MaxDuration)
		e.sendCtx, e.cancelSends = context.WithDeadline(context.WithoutCancel(ctx), e.deadline)
	}
	var err error
	cfg.Log.Info("reading input", "file", cfg.shown().Input)
	if e.m, e.layout, err = runsheet.Load(ctx, cfg.Input, cfg.Source, cfg.FileProgress); err != nil {
		return nil, err
	}
	e.m.ByName, e.m.HighOnly = cfg.FindByName, cfg.MinConfidence == state.ConfidenceHigh
	if err := e.m.CheckWork(e.layout, cfg.Output, len(sinks.DefaultColumns())); err != nil {
		return nil, err
	}
	cfg.Log.Info("input read", "rows_with_identifiers", len(e.m.Rows)-e.m.NameOnly, "lookups", len(e.m.Lookups), "rows_by_name_only", e.m.NameOnly, "names", len(e.m.Names), "rows_without", e.m.NoIdentifier, "took", e.clock.Now().Sub(e.started).Round(time.Millisecond))
	if err := e.takeKept(); err != nil {
		return nil, err
	}
	start := e.clock.Now()
	if err := e.m.ReadJournal(j, e.mode, e.refreshCutoff()); err != nil {
		return nil, err
	}
	cfg.Log.Debug("journal read", "took", e.clock.Now().Sub(start).Round(time.Millisecond))
	e.m.Seal()
	e.x = export.NewExporter(e.mode, 0)
	e.m.Vouched = func(found, of int32) bool {
		f, o := &e.m.Lookups[found], &e.m.Lookups[of]
		rec := e.x.Profile(e.j, f.Result, ident.ID{Kind: f.Kind, Value: f.ID})
		return rec != nil && rec.Lists(ident.ID{Kind: o.Kind, Value: o.ID})
	}
	if err := e.checkAnswers(ctx); err != nil {
		return nil, err
	}
	e.kept = export.NewKept(cfg.sideFiles(), e.mode, e.m.Has)
	return e, nil
}

// run performs the job: checks, resume, the loop, and the output.
func (e *engine) run(ctx context.Context) (*report.Run, error) {
	cfg := e.cfg
	defer e.kept.Close() // after the receiver's, deferred below
	if err := e.resumeFlights(); err != nil {
		return nil, err
	}
	start := e.clock.Now()
	needsWork, err := e.place()
	if err != nil {
		return nil, err
	}
	cfg.Log.Debug("rows placed on their waterfalls", "ready", e.queue.len(), "took", e.clock.Now().Sub(start).Round(time.Millisecond))
	if err := e.refresh(); err != nil {
		return nil, err
	}
	// A run that only awaits the requests of an earlier run talks to the
	// service too (what no callback answers goes back to it): what no
	// wait mends ends it here, before its output is touched.
	if needsWork || len(e.flights) > 0 {
		if err := e.checkAccount(ctx, needsWork); err != nil && ctx.Err() == nil {
			return nil, err
		}
	}
	if needsWork {
		ctx = e.interruptedBeforeLoop(ctx)
		if e.stop == "" {
			if err := e.requeueCarriedOver(); err != nil {
				return nil, err
			}
		}
	}
	if !cfg.Sync && (needsWork || len(e.flights) > 0) && e.stop != fault.StopInterrupted {
		switch err := e.startReceiver(ctx); {
		case err == nil:
			defer e.receiver.Close()
		case ctx.Err() == nil:
			return nil, err
		}
		ctx = e.interruptedBeforeLoop(ctx)
	}
	if err := e.loop(ctx); err != nil && e.err == nil {
		e.err = err
	}
	// A request still under way when the drain ends is awaited: its answer
	// may hold paid results. --max-duration cuts it (sendCtx), and its
	// batch then stays open in the journal, for the next run.
	defer e.cancelSends()
	e.awaitSubmissions(ctx)
	e.refreshBalance(ctx)
	if e.sr.refused != nil {
		// No run mends it before the user does: the rows found only by
		// name say why they were not searched, and the run says what to
		// fix (exit 2), not that running again resumes.
		e.x.Unsearched("not searched by name: " + e.sr.refused.Error())
		if e.err == nil {
			e.err = fmt.Errorf("%w; the rows found only by name were not searched (their enrich_error says so), the others are done", e.sr.refused)
		}
	} else if e.sr.stopped != "" {
		// The rows that wait for their search say why this run made none.
		e.x.Unsearched("waits for its search by name and company: the next run makes it (this run's searches stopped: " + e.sr.stopped + ")")
	}
	e.tick(e.clock.Now(), true) // the last progress line shows the final balance
	if e.stats.requests > 0 || e.stop == fault.StopCredits {
		if err := e.j.SetFlag(state.FlagCreditsExhausted(e.mode), e.stop == fault.StopCredits); err != nil && e.err == nil {
			e.err = fmt.Errorf("%w: %v", fault.ErrStorage, err)
		}
	}
	r, err := e.finish(ctx)
	if err != nil {
		if e.err != nil {
			return nil, fmt.Errorf("%w (and the output was not written: %v)", e.err, err)
		}
		return nil, err
	}
	return r, e.err
}

// interruptedBeforeLoop stops the run as interrupted when Ctrl-C or
// SIGTERM came while it waited before its loop (for the credit balance,
// or the callback address's probe): nothing is sent, and the run writes
// what it knows and ends as the loop would have ended it. It returns the
// context the run goes on with.
func (e *engine) interruptedBeforeLoop(ctx context.Context) context.Context {
	if ctx.Err() == nil {
		return ctx
	}
	e.interrupted()
	return context.WithoutCancel(ctx)
}

// startReceiver serves callbacks and checks that the public URL reaches
// this very process before anything is submitted.
func (e *engine) startReceiver(ctx context.Context) error {
	cfg := e.cfg
	token, err := e.j.Token()
	if err != nil {
		return err
	}
	e.receiver, err = callback.Start(callback.Config{
		Listen:     cfg.Listen,
		Token:      token,
		Journal:    e.j,
		Policy:     cfg.policy(),
		Allow:      cfg.CallbackAllow,
		Deliveries: e.deliveries,
		Done:       e.done,
		Log:        cfg.Log,
		Clock:      e.clock,
		Keeper:     e.kept,
	})
	if err != nil {
		return fmt.Errorf("%w: callback receiver on %s: %v", callback.ErrListen, cfg.Listen, err)
	}
	if err := callback.Probe(ctx, e.callbackURL()+callback.ProbePath, token, http.DefaultClient); err != nil {
		e.receiver.Close()
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("%w: callback address %s does not reach this process (listening on %s): %v; the service must reach --public-url: give an address or tunnel that forwards to --listen, or use --sync", fault.ErrUnreachable, cfg.publicBase(e.receiver.Addr()), e.receiver.Addr(), err)
	}
	return nil
}

// callbackURL is where the service posts results: the public address and
// the journal's secret token.
func (e *engine) callbackURL() string {
	return e.cfg.publicBase(e.receiver.Addr()) + e.receiver.Path()
}

// awaitSubmissions waits for requests still under way when the loop ended
// (a synchronous answer must be stored before the journal closes), and
// journals what their answers say.
func (e *engine) awaitSubmissions(ctx context.Context) {
	finished := make(chan struct{})
	go func() {
		e.group.Wait()
		close(finished)
	}()
	if n := e.sendingCount(); n > 0 {
		e.cfg.Log.Info("waiting for requests under way to be answered", "requests", n)
	}
	var cut <-chan time.Time
	if !e.cutAt.IsZero() {
		t := e.clock.NewTimer(max(e.cutAt.Sub(e.clock.Now()), 0))
		defer t.Stop()
		cut = t.C()
	}
	signal := ctx.Done()
	for {
		select {
		case <-signal:
			// Ctrl-C or SIGTERM while requests are still under way: they
			// are cut within SignalDrain.
			signal = nil
			if e.signalled.IsZero() {
				e.signalled = e.clock.Now()
				t := e.clock.NewTimer(SignalDrain)
				defer t.Stop()
				if cut == nil {
					cut = t.C()
				}
			}
		case <-cut:
			// Ctrl-C or SIGTERM: what is still under way is cut, its
			// batch left open in the journal for the next run.
			if n := e.sendingCount(); n > 0 || e.sr.running > 0 {
				e.cfg.Log.Warn("interrupted: requests still under way are cut; the next run takes them over", "requests", n, "searches", e.sr.running)
			}
			e.cancelSends()
			cut = nil
		case o := <-e.outcomes:
			e.handle(o)
		case <-finished:
			for {
				select {
				case o := <-e.outcomes:
					e.handle(o)
				default:
					return
				}
			}
		}
	}
}

func (e *engine) sendingCount() int {
	n := 0
	for _, f := range e.flights {
		if f.sending {
			n++
		}
	}
	return n
}

// place puts every row on its waterfall and queues the lookups rows wait
// on. It reports whether anything needs the service.
func (e *engine) place() (bool, error) {
	for r := range e.m.Rows {
		switch li, out := e.m.Advance(int32(r)); out {
		case runsheet.Waiting, runsheet.CreditsOver, runsheet.Failed:
			e.want(li)
		case runsheet.Searching:
			e.wantSearch(li)
		case runsheet.Unread:
			e.sr.unread = append(e.sr.unread, int32(r))
		}
	}
	return e.queue.len() > 0 || len(e.sr.queue) > 0 || len(e.sr.unread) > 0 || e.carriedOver() > 0 || e.dueWaiting(), nil
}

// dueWaiting reports whether rows wait on an answer a refresh looks up
// again.
func (e *engine) dueWaiting() bool {
	for i := range e.m.Lookups {
		if e.m.Lookups[i].Due && len(e.m.Waiting[int32(i)]) > 0 {
			return true
		}
	}
	return false
}

// refreshCutoff is the instant before which answers are looked up again
// (--refresh-older-than); zero without a refresh.
func (e *engine) refreshCutoff() time.Time {
	if e.cfg.RefreshOlderThan <= 0 {
		return time.Time{}
	}
	return e.started.Add(-e.cfg.RefreshOlderThan)
}

// refresh queues again the answers older than the cutoff that rows wait
// on, keeping each previous answer in the journal to tell what changed.
func (e *engine) refresh() error {
	var stale []state.Stale
	var idx []int32
	for i := range e.m.Lookups {
		l := &e.m.Lookups[i]
		rows := e.m.Waiting[int32(i)]
		if !l.Due || len(rows) == 0 {
			continue
		}
		stale = append(stale, state.Stale{ID: l.ID, Origin: fmt.Sprintf("%s:%d", e.cfg.shown().Input, e.m.Rows[rows[0]].Num)})
		idx = append(idx, int32(i))
	}
	if len(stale) == 0 {
		return nil
	}
	if err := e.j.Refresh(e.mode, stale, e.refreshCutoff(), e.clock.Now()); err != nil {
		return err
	}
	for _, li := range idx {
		l := &e.m.Lookups[li]
		l.Due, l.Phase, l.NotBefore = false, state.Queued, 0
		e.want(li)
	}
	e.stats.refreshed = len(idx)
	e.cfg.Log.Info("answers older than --refresh-older-than are looked up again", "identifiers", len(idx), "older_than", e.cfg.RefreshOlderThan)
	return nil
}

// carriedOver counts lookups rows wait on that an earlier run left
// answered credits_are_over or given up.
func (e *engine) carriedOver() int {
	n := 0
	for i := range e.m.Lookups {
		if p := e.m.Lookups[i].Phase; (p == state.CreditsOver || p == state.Failed) && len(e.m.Waiting[int32(i)]) > 0 {
			n++
		}
	}
	return n
}

// requeueCarriedOver sends again, in a run that may submit, what an
// earlier run left answered credits_are_over or gave up after its
// attempts: an error is worth another try with a fresh count.
func (e *engine) requeueCarriedOver() error {
	for _, phase := range []state.Phase{state.CreditsOver, state.Failed} {
		var ids []string
		var idx []int32
		for i := range e.m.Lookups {
			if e.m.Lookups[i].Phase == phase && len(e.m.Waiting[int32(i)]) > 0 {
				ids = append(ids, e.m.Lookups[i].ID)
				idx = append(idx, int32(i))
			}
		}
		if len(ids) == 0 {
			continue
		}
		if err := e.j.Requeue(e.mode, ids, phase, e.clock.Now()); err != nil {
			return err
		}
		for _, li := range idx {
			e.m.Lookups[li].Phase = state.Queued
			e.want(li)
		}
		if phase == state.Failed {
			e.cfg.Log.Info("identifiers given up by an earlier run are tried again", "identifiers", len(ids))
		}
	}
	return nil
}

// retryGivenUp sends again, in a run that may submit, lookup li when an
// earlier run gave it up after its attempts, as requeueCarriedOver does
// before the loop: a row reaches such a lookup in the loop too (the uid
// its name's search found, once its identifiers found nobody). It
// reports whether li is sent again; one given up by this run is not.
func (e *engine) retryGivenUp(li int32) bool {
	l := &e.m.Lookups[li]
	if e.stop != "" || l.Sent || l.Phase != state.Failed {
		return false
	}
	if err := e.j.Requeue(e.mode, []string{l.ID}, state.Failed, e.clock.Now()); err != nil {
		e.storageFailed(err)
		return false
	}
	l.Phase = state.Queued
	e.want(li)
	return true
}

// resumeFlights takes over the batches of earlier runs whose results may
// still come. A synchronous request died with its process: it is expired
// at once. An asynchronous one gets its callback timeout from when it was
// answered (or sent), and at least the drain from now: a callback that
// failed while no process listened may be in the service's retries, and
// its request is better awaited than paid for again.
func (e *engine) resumeFlights() error {
	open, err := e.j.OpenBatches()
	if err != nil {
		return err
	}
	now := e.clock.Now()
	for _, b := range open {
		if b.Sync {
			changes, err := e.j.Expire(b.Seq, now, "the synchronous request was interrupted", e.cfg.policy())
			if err != nil {
				return err
			}
			e.applyAll(changes)
			continue
		}
		since := b.Answered
		if since.IsZero() {
			since = b.Created
		}
		deadline := since.Add(e.cfg.CallbackTimeout)
		if grace := now.Add(min(e.cfg.DrainTimeout, e.cfg.CallbackTimeout)); deadline.Before(grace) {
			deadline = grace
		}
		e.flights[b.Seq] = &flight{batch: b, deadline: deadline}
		if b.Mode == e.mode {
			e.cr.sent(b.Seq, int64(len(b.Items)))
		}
	}
	if len(open) > 0 {
		e.cfg.Log.Info("resuming requests of an earlier run", "open", len(open))
	}
	return nil
}
