package budget

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/enrich-dev/enrich/internal/clock"
)

// Slots bound the searches an account has under way at once: the service
// serves three per account and answers 429 to a fourth, whichever run,
// machine or tool makes it. Every process on the account takes a slot
// before each search call and gives it back when the answer is read, so
// that runs on one key wait for each other instead of meeting 429s. The
// slots are shared as the lookup budget is: through files in the state
// directory by the processes of one machine, through Redis by those of
// every machine (OpenSlots).
//
// A slot is taken until the search it was taken for can no longer run at
// the service: a process killed while searching gives its slot back when
// the search it sent has ended there, not when the process ends.
type Slots struct {
	// try takes a free slot without waiting, or returns nil when none is.
	try func(ctx context.Context) (release func(), err error)
	// holders names who holds the slots, for a wait that ran out.
	holders func() []string
	local   chan struct{} // NewLocalSlots: this process's slots alone
	n       int
	wait    time.Duration
	where   string
	clk     clock.Clock
	close   func()
}

// MaxSearches is how many searches an account may have under way at
// once (the service's "concurrent search requests").
const MaxSearches = 3

// MaxSearchTime is the longest a search is taken to run at the service.
// The interface gives a search no bound of its own (its 10-second limit
// is the processing of an asynchronous lookup), so this is the longest
// the client waits for the answer of one call (the HTTP client's timeout
// in package api, the run's bound on a call): past it, a live process
// gives its slot back too, whatever the service still does.
const MaxSearchTime = 2 * time.Minute

// SlotOptions are the settings of OpenSlots; the zero value works.
type SlotOptions struct {
	// Wait bounds a wait for a slot (the command's --service-wait): when
	// every slot stays taken that long, Take returns a *HeldError. 0 waits
	// as long as the context lets it. Wait bounds this process's search
	// calls too (the client cuts a call there), so a slot it took counts
	// as taken, even once the process is gone, until min(Wait,
	// MaxSearchTime) after it was taken: its search may run at the
	// service until then.
	Wait time.Duration
	// Label names this process to the processes that wait for its slots:
	// a command line without its secrets, as Options.Label. The process
	// id is put before it, and for Redis the host.
	Label string
	// Clock is what waits are timed on; nil is the system's.
	Clock clock.Clock
}

// HeldError is a wait for a search slot that ran out (SlotOptions.Wait):
// every slot of the account stayed taken, by the processes or hosts it
// names. No search was made; the command ends incomplete, and what was
// to be searched waits for a later run. It is not a failure a further
// wait is meant to mend (package fault: Other): the wait was made.
type HeldError struct {
	Slots  int           // the account's searches at once
	Waited time.Duration // how long the wait was
	// Holders are who held the slots when the wait ran out, as each
	// named itself ("pid 4242: enrich run leads.csv", with the host for
	// Redis), and how many each held; empty when none said.
	Holders []string
	Where   string // how the slots are shared: "shared through" their lock files, or Redis and its key
}

func (e *HeldError) Error() string {
	who := "processes that did not say who they are"
	if len(e.Holders) > 0 {
		who = strings.Join(e.Holders, "; ")
	}
	waited := e.Waited.Round(time.Millisecond)
	if waited >= time.Second {
		waited = waited.Round(time.Second)
	}
	return fmt.Sprintf("the account's searches are held: its %d searches at once, %s, stayed taken for %s, by %s; no search was made: end those processes, or run again once they are done",
		e.Slots, e.Where, waited, who)
}

// Take waits for a free slot, within SlotOptions.Wait and until ctx
// ends, and returns the function that gives it back. A wait that runs
// out returns a *HeldError; a Redis that cannot be reached is waited for
// by the caller: its error is one a wait may mend (package fault).
func (s *Slots) Take(ctx context.Context) (func(), error) {
	if s.local != nil {
		select {
		case s.local <- struct{}{}:
			return func() { <-s.local }, nil
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	start := s.clk.Now()
	pause := 5 * time.Millisecond
	bound := s.wait
	for {
		release, err := s.try(ctx)
		if errors.Is(err, errBegun) {
			// The slots were found begun again, and their holders are
			// putting theirs back: a wait for that is not one for them.
			release, err, bound = nil, nil, s.wait+slotGrace
		}
		if release != nil || err != nil {
			return release, err
		}
		step := pause
		if s.wait > 0 {
			waited := s.clk.Now().Sub(start)
			if waited >= bound {
				return nil, &HeldError{Slots: s.n, Waited: waited, Holders: tally(s.holders()), Where: s.where}
			}
			step = min(step, bound-waited)
		}
		t := s.clk.NewTimer(step)
		select {
		case <-t.C():
		case <-ctx.Done():
			t.Stop()
			return nil, ctx.Err()
		}
		pause = min(2*pause, slotPoll)
	}
}

// Close lets go of what the slots hold open; slots taken and not given
// back are given back by their lease.
func (s *Slots) Close() {
	if s.close != nil {
		s.close()
	}
}

// errBegun is a look at the slots that found them begun again (a Redis
// restarted empty): no slot is taken until their holders put theirs
// back.
var errBegun = errors.New("the search slots were found begun again")

// slotPoll bounds the wait between two looks for a free slot: a search
// takes a second or more, so a slot freed is taken within a fraction of it.
const slotPoll = 50 * time.Millisecond

// NewLocalSlots returns n slots for the searches of this process alone,
// for when the account's cannot be shared.
func NewLocalSlots(n int) *Slots {
	return &Slots{local: make(chan struct{}, n), n: n}
}

// OpenSlots returns the account's search slots (see Account): through the
// Redis server at redisURL when it is set, else through n lock files in
// the state folder dir (checked as CheckDir does), one per slot, which
// every process of the machine takes with an exclusive lock.
func OpenSlots(dir, redisURL, account string, n int, opts SlotOptions) (*Slots, error) {
	clk := opts.Clock
	if clk == nil {
		clk = clock.Real{}
	}
	hold := MaxSearchTime
	if opts.Wait > 0 {
		hold = min(hold, opts.Wait)
	}
	label := processLabel(os.Getpid(), opts.Label)
	s := &Slots{n: n, wait: opts.Wait, clk: clk}
	var err error
	if redisURL != "" {
		host, _ := os.Hostname()
		if host != "" {
			label = host + " " + label
		}
		err = openRedisSlots(s, redisURL, account, hold, label)
	} else {
		err = openFileSlots(s, dir, account, hold, label)
	}
	if err != nil {
		return nil, err
	}
	return s, nil
}

// tally names each holder once, with how many slots it holds.
func tally(holders []string) []string {
	var order []string
	count := map[string]int{}
	for _, h := range holders {
		if count[h] == 0 {
			order = append(order, h)
		}
		count[h]++
	}
	for i, h := range order {
		if c := count[h]; c > 1 {
			order[i] = fmt.Sprintf("%s (%d slots)", h, c)
		}
	}
	return order
}
