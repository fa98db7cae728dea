package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/enrich-dev/enrich/callback"
	"github.com/enrich-dev/enrich/emulator"
	"github.com/enrich-dev/enrich/emulator/world"
	"github.com/enrich-dev/enrich/internal/human"
)

// emulatorKeyEnv holds the account's API key when --api-key is not given,
// so that the key need not show in the process list.
const emulatorKeyEnv = "ENRICH_EMULATOR_API_KEY"

// emulatorOptions are the flags of `enrich emulator`.
type emulatorOptions struct {
	listen     string
	mcpListen  string
	configFile string
	worldStart string   // YYYY-MM-DD
	outages    []string // AT:DUR
	account    emulator.AccountConfig
	cfg        emulator.Config
}

func newEmulatorCommand(g *globals) *cobra.Command {
	o := &emulatorOptions{}
	cmd := &cobra.Command{
		Use:   "emulator",
		Short: "Run a local emulator of the profile service",
		Long:  emulatorLong,
		Args:  exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if key := os.Getenv(emulatorKeyEnv); key != "" && !cmd.Flags().Changed("api-key") {
				o.account.Key = key
			}
			return o.run(cmd.Context(), g)
		},
	}
	o.register(cmd.Flags())
	return cmd
}

// emulatorLong is the emulator command's help: what it serves, its rules,
// its faults, its world and its own endpoints.
const emulatorLong = `Run a faithful local emulator of the profile service on --listen.

It serves the service's interface under /api/v1 over a deterministic synthetic
world of people, enforces its rules (item limits, the sliding window of items
per minute, credit pools, duplicate queries) and delivers asynchronous results
to callback URLs with the service's retries. Faults can be switched on to
test a client (below). Synchronous lookups (withoutWaterfall) return only the
contacts the service already holds: a fixed 60% or so of a person's, the
same ones every time.

Durations take Go syntax (250ms, 4s, 1m), so tests can compress time.

Without --config there is one account, described by --api-key (or the
environment variable ENRICH_EMULATOR_API_KEY, which keeps the key out of the
process list; the flag wins), --trial and the credit flags. --config names a
JSON file with several accounts instead:

  {"accounts": [
    {"name": "paid", "key": "k1", "credits": 1000, "withoutContactsCredits": 500,
     "companyCredits": 10, "companyApi": true},
    {"name": "trial", "key": "k2", "trial": true, "credits": 50},
    {"name": "off", "key": "k3", "disabled": true}
  ]}

People search (searchByQuery, scrollSearch) runs over the world with every
filter of the interface. Text filters take boolean queries (AND, OR and NOT
in any case, parentheses, "quoted phrases"; adjacent words are ANDed);
locations are countries, US states and Canadian provinces, or cities (10 km
around them), and sample below lists some that match people. Scroll ids are single-use and expire --scroll-ttl
after the response that issued them. An account may have 3 searches or
scrolls in progress at once (429 beyond), and has daily quotas (402 when
spent) that reset at 00:00 UTC (with another --day-length, every
--day-length from the emulator's start): searches
(500 a day paid, 20 trial) and profiles returned (5,000 paid, 200 trial). A
page that would pass the profile quota is cut short. The exclude* filters
read per-account state: revealed is what the account looked up with
contacts; watched, in lists, in progress and e-mailed cannot happen here,
so each account has marked a fixed share of people (8%, 5%, 3% and 4%),
chosen by a hash of its API key and the person's uid.

The Company API is off unless --company-api (or "companyApi" in --config)
enables it. company/info spends a company data credit; company/getProfiles
delivers the employees by callback, 100 a batch, and counts each profile
delivered against the daily profile-view quota (2,000; 429 when a company
has more profiles than remain, those being delivered deducted). In --config, "searchQueriesPerDay", "searchProfilesPerDay"
and "profileViewsPerDay" set an account's own quotas.

The assistant-protocol server (Model Context Protocol, streamable HTTP) is
at /mcp, and also alone on --mcp-listen when given. Its tools mirror the REST
API with the same rules, credits and errors: lookup_people, search_people,
scroll_search, get_credits, find_company, count_company_profiles,
get_company_info. A client authenticates with "Authorization: Bearer KEY", or
logs in by OAuth 2.0: the emulator is its own authorization server
(/.well-known/oauth-protected-resource/mcp, /.well-known/oauth-authorization-server,
/oauth/register, /oauth/authorize with a login form that takes the account's
key, or its login and password, /oauth/token with PKCE). Access tokens are
JWTs that carry the account's key and expire after --mcp-token-ttl. An
account may have "login" and "password" in --config, and no key: it can log
in, and its every request is then 401.

Asynchronous results take --callback-delay typically; one lookup in ten
takes longer, in a long tail with no maximum (one in 900 past 20 times the
delay) unless --max-callback-delay cuts it. A callback not answered 200
within --answer-timeout is retried after each of --retry-gaps, then
discarded; the account then gets a failed-delivery notice listing the
discarded request ids, at most one every --notice-period (those discarded
meanwhile go out when the period ends).

Faults for testing a client: --callback-loss (every attempt of a delivery
lost), --duplicate-rate (a delivery sent twice), --submit-error-rate (a
lookup answered 500 and not processed), --lost-answer-rate (a lookup
processed, charged and delivered, but answered 500), --reused-id-rate (a
lookup given the requestId of the one before it), --timeout-rate (an
item ends timeout_exceeded), --outage AT:DUR (every API request answered 503
from AT after the first request, for DUR; repeatable), --answer-delay and
--answer-after-callback (the 201 of an asynchronous lookup held, even until
its callback was answered), --hostile-text escapes|huge|both (every error
message and failed item's reason laden with terminal escapes, NUL and
bidirectional controls, or 8 MB long, or both).

The world moves in time. It is generated as of --world-start (a fixed
date by default, so that a seed builds the same world on any day), and its
clock moves on only when asked: POST /_emulator/advance {"days": N}. Every
person with a job then has career events drawn from the seed: over a year
about one in six moves to another company of their line of work and
country, and about one in five gets a new title where they are. A move ends
the old role in the month of the move and starts the new one; the person
gets a work e-mail at the new company, and stays findable by everything
they were found by (profile URL, uid, phones, personal and old work
e-mails). Lookups, search, the Company API and /mcp answer from the world
as of its clock (a request, from the world as of when it was accepted);
the same seed and the same days give the same world, in one step or
several. An advance answers once people search is indexed for the new
date (seconds for a million people). The emulator's own clock (rate
window, callbacks, quotas) is not the world's.

Endpoints outside the service help tests and demos (no key needed; they
answer during an outage too):
  GET  /_emulator/stats            counters per account (JSON)
  GET  /_emulator/notices          failed-delivery notices, oldest first:
                                   [{"account", "at", "requestIds", "error"}]
  GET  /_emulator/sample?count=N   N known identifiers of each kind, and companies,
                                   industries, locations and titles to search for (JSON)
  POST /_emulator/credits          top up a pool: {"account":"default","pool":"standard","add":100}
  POST /_emulator/outage           answer 503 to every API request from now: {"seconds": 30}
  POST /_emulator/advance          move the world's clock on: {"days": 180}; answers as /clock
  GET  /_emulator/clock            {"start", "clock", "days", "maxDays", "moved"}: the world's
                                   start, its date, and how many people changed company
  GET  /_emulator/moves?count=N    up to N (100; at most 10000) people who changed company
       &since=YYYY-MM-DD&cursor=C  since the start, newest first (by date of their latest
                                   move, then uid), those whose latest move is on or after
                                   since; X-Next-Cursor (and Link) give the next page's
                                   cursor; one row each (the net change): [{"uid",
                                   "fullName", "linkedin", "email", "workEmail", "from":
                                   {"company", "title"}, "to": {"company", "title"}, "at",
                                   "firstAt", "moves", "now": {"company", "title"}, "still"}];
                                   "from" is the main role at the start (or the one left at
                                   the first move), "to" the role begun at the latest move
                                   (at) as it was then, "now" the main role today (null when
                                   retired), "still" whether they still work at "to"'s
                                   company, "moves" how many times they changed company`

// register binds the emulator's flags.
func (o *emulatorOptions) register(f *pflag.FlagSet) {
	o.registerAccounts(f)
	o.registerDeliveries(f)
	o.registerSearchAndWorld(f)
}

// registerAccounts binds where the emulator serves, and its account.
func (o *emulatorOptions) registerAccounts(f *pflag.FlagSet) {
	f.StringVar(&o.listen, "listen", "127.0.0.1:8700", "address to serve on")
	f.StringVar(&o.mcpListen, "mcp-listen", "", "address to serve the assistant-protocol server (/mcp and its OAuth endpoints) on, besides --listen (empty: only on --listen)")
	f.DurationVar(&o.cfg.MCPTokenTTL, "mcp-token-ttl", time.Hour, "lifetime of the OAuth access tokens of the assistant-protocol server")
	f.StringVar(&o.configFile, "config", "", "JSON file of accounts; replaces the account flags")
	f.StringVar(&o.account.Key, "api-key", "demo-key", "API key of the account; without the flag, $"+emulatorKeyEnv+" when set")
	f.Int64Var(&o.account.Credits, "credits", 10000, "standard credits of the account")
	f.Int64Var(&o.account.WithoutContactsCredits, "without-contacts-credits", 10000, "without-contacts credits of the account")
	f.Int64Var(&o.account.CompanyCredits, "company-credits", 100, "company data credits of the account")
	f.BoolVar(&o.account.Trial, "trial", false, "trial plan: 5 items per minute unless --items-per-minute says otherwise")
	f.IntVar(&o.account.ItemsPerMinute, "items-per-minute", 0, "items admitted per rate window (0: the plan's, 600 paid or 5 trial)")
	f.DurationVar(&o.cfg.RateWindow, "rate-window", time.Minute, "length of the sliding window of items")
}

// registerDeliveries binds the delays of the lookups' deliveries, and the
// faults a client is tested with.
func (o *emulatorOptions) registerDeliveries(f *pflag.FlagSet) {
	f.DurationVar(&o.cfg.CallbackDelay, "callback-delay", 3*time.Second, "typical processing delay of an asynchronous lookup; one in ten takes longer, in a long tail with no maximum")
	f.DurationVar(&o.cfg.MaxCallbackDelay, "max-callback-delay", 0, "longest processing delay, cutting the long tail (0: no maximum, as on the service)")
	f.DurationSliceVar(&o.cfg.RetryGaps, "retry-gaps", []time.Duration{10 * time.Second, 30 * time.Second, 60 * time.Second}, "gaps before the 3 retries of a callback that was not answered 200")
	f.DurationVar(&o.cfg.AnswerTimeout, "answer-timeout", 10*time.Second, "how long a callback receiver has to answer 200")
	f.DurationVar(&o.cfg.DuplicatePeriod, "duplicate-period", 60*time.Second, "an item submitted again within this period is duplicate_query")
	f.DurationVar(&o.cfg.NoticePeriod, "notice-period", time.Hour, "an account gets at most one failed-delivery notice per period; requests discarded meanwhile go in a notice when it ends")
	f.Float64Var(&o.cfg.CallbackLoss, "callback-loss", 0, "probability (0 to 1) that every attempt of a delivery is lost")
	f.Float64Var(&o.cfg.SubmitErrorRate, "submit-error-rate", 0, "probability (0 to 1) that a submission is answered 500 and not processed")
	f.Float64Var(&o.cfg.TimeoutRate, "timeout-rate", 0, "probability (0 to 1) that an asynchronous item ends timeout_exceeded")
	f.Float64Var(&o.cfg.DuplicateRate, "duplicate-rate", 0, "probability (0 to 1) that a delivered callback is delivered a second time")
	f.Float64Var(&o.cfg.LostAnswerRate, "lost-answer-rate", 0, "probability (0 to 1) that a lookup is accepted, processed, charged and delivered, but answered 500")
	f.Float64Var(&o.cfg.ReusedIDRate, "reused-id-rate", 0, "probability (0 to 1) that an asynchronous lookup is given the requestId of the one before it")
	f.StringArrayVar(&o.outages, "outage", nil, "AT:DUR: answer 503 to every API request from AT after the first request, for DUR (repeatable; e.g. 30s:10s)")
	f.DurationVar(&o.cfg.AnswerDelay, "answer-delay", 0, "hold the 201 of an asynchronous lookup this long after its delivery is scheduled")
	f.BoolVar(&o.cfg.AnswerAfterCallback, "answer-after-callback", false, "hold the 201 of an asynchronous lookup until its callback's first attempt is over (then --answer-delay more)")
	f.StringVar((*string)(&o.cfg.HostileText), "hostile-text", "", "make the service's words hostile: escapes (terminal escapes, NUL and bidirectional controls in every error message and failed item's reason), huge (each 8 MB long) or both")
}

// registerSearchAndWorld binds the people search, the Company API, the
// daily quotas and the world.
func (o *emulatorOptions) registerSearchAndWorld(f *pflag.FlagSet) {
	f.BoolVar(&o.account.CompanyAPI, "company-api", false, "enable the Company API for the account")
	f.DurationVar(&o.cfg.ScrollTTL, "scroll-ttl", 15*time.Second, "a scroll id expires this long after the response that issued it")
	f.DurationVar(&o.cfg.SearchDelay, "search-delay", 0, "latency added to every search and scroll")
	f.DurationVar(&o.cfg.DayLength, "day-length", 24*time.Hour, "length of the emulated day of the daily quotas: 24h resets them at 00:00 UTC, another length every so long from the start")
	f.IntVar(&o.cfg.SearchQueriesPerDay, "search-queries-per-day", 0, "daily searchByQuery quota of every account (0: the plan's, 500 paid or 20 trial)")
	f.IntVar(&o.cfg.SearchProfilesPerDay, "search-profiles-per-day", 0, "daily quota of profiles returned by searches and scrolls (0: the plan's, 5000 paid or 200 trial)")
	f.IntVar(&o.cfg.ProfileViewsPerDay, "profile-views-per-day", 0, "daily quota of profiles delivered by company/getProfiles (0: 2000)")
	f.IntVar(&o.cfg.People, "people", 20000, "number of people in the synthetic world (at most what the memory available holds: about 4.5 KB a person, the peak of moving the clock ten years on; a million people take 1.9 GB once built, 4.1 GB at that peak)")
	f.IntVar(&o.cfg.Namesakes, "namesakes", 0, "people in a thousand given, on purpose, the full name of a colleague at their company, for tests of telling namesakes apart (0 to 250; 0: the few that chance makes)")
	f.Int64Var(&o.cfg.Seed, "seed", 1, "seed of the synthetic world and of the faults")
	f.StringVar(&o.worldStart, "world-start", world.DefaultStart.Format(time.DateOnly), "date (YYYY-MM-DD) the world is generated for and its clock starts at; POST /_emulator/advance moves the clock on")
}

func (o *emulatorOptions) run(ctx context.Context, g *globals) error {
	log, err := g.logger(os.Stderr)
	if err != nil {
		return err
	}
	if err := o.check(); err != nil {
		return err
	}
	holdMemory(o.cfg.People)
	cfg := o.cfg
	cfg.Logger = log
	if o.configFile != "" {
		if cfg.Accounts, err = emulator.LoadAccounts(o.configFile); err != nil {
			return withCode(ExitUsage, err)
		}
	} else {
		o.account.Name = "default"
		cfg.Default = o.account
	}
	// The ports are taken before the world is built: a busy one is told
	// at once, not after seconds of building.
	ln, err := net.Listen("tcp", o.listen)
	if err != nil {
		return withCode(ExitUsage, callback.ListenError("--listen", o.listen, err))
	}
	defer ln.Close()
	listeners := []net.Listener{ln}
	if o.mcpListen != "" {
		mln, err := net.Listen("tcp", o.mcpListen)
		if err != nil {
			return withCode(ExitUsage, callback.ListenError("--mcp-listen", o.mcpListen, err))
		}
		defer mln.Close()
		listeners = append(listeners, mln)
	}
	start := wall.Now()
	log.Info("building the world", "people", cfg.People)
	emu, err := buildWorld(ctx, cfg)
	if err != nil {
		return err
	}
	defer emu.Close()

	servers := []*http.Server{newEmulatorServer(emu)}
	if len(listeners) > 1 {
		servers = append(servers, newEmulatorServer(emu.MCPHandler()))
		log.Info("assistant-protocol server ready", "url", "http://"+listeners[1].Addr().String()+"/mcp")
	}
	log.Info("emulator ready", "url", "http://"+ln.Addr().String(), "mcp", "http://"+ln.Addr().String()+"/mcp", "people", cfg.People, "worldStart", emu.World().Start().Format(time.DateOnly), "accounts", max(1, len(cfg.Accounts)), "startup", wall.Now().Sub(start).Round(time.Millisecond))
	if err := serveUntilDone(ctx, servers, listeners); err != nil {
		return err
	}
	log.Info("emulator stopped")
	return nil
}

// check reads the flags that need reading (--outage, --world-start), and
// refuses what the emulator cannot serve, before anything is built.
func (o *emulatorOptions) check() error {
	for _, s := range o.outages {
		out, err := emulator.ParseOutage(s)
		if err != nil {
			return usageErrorf("--outage: %v", err)
		}
		o.cfg.Outages = append(o.cfg.Outages, out)
	}
	worldStart, err := time.Parse(time.DateOnly, o.worldStart)
	if err != nil {
		return usageErrorf("--world-start %q: give a date as YYYY-MM-DD", o.worldStart)
	}
	o.cfg.WorldStart = worldStart
	if len(o.cfg.RetryGaps) != 3 { // the service's schedule: three retries
		return usageErrorf("--retry-gaps takes 3 durations, such as 10s,30s,60s")
	}
	if err := o.cfg.Validate(); err != nil {
		return withCode(ExitUsage, err)
	}
	return checkPeople(o.cfg.People, memAvailable())
}

// serveUntilDone serves each server on its listener until ctx ends, then
// shuts them down, or until one fails.
func serveUntilDone(ctx context.Context, servers []*http.Server, listeners []net.Listener) error {
	errc := make(chan error, len(servers))
	for i, srv := range servers {
		go func() { errc <- srv.Serve(listeners[i]) }()
	}
	select {
	case err := <-errc:
		for _, srv := range servers {
			srv.Close()
		}
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for _, srv := range servers {
		if err := srv.Shutdown(shutdown); err != nil && !errors.Is(err, http.ErrServerClosed) {
			return fmt.Errorf("shut down: %w", err)
		}
	}
	return nil
}

// newEmulatorServer serves h with the emulator's timeouts. The write
// timeout is left out: an assistant-protocol session holds an event
// stream open for as long as the client stays.
func newEmulatorServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       time.Minute,
		IdleTimeout:       2 * time.Minute,
	}
}

// buildWorld builds the emulator and indexes its people search (on a
// large world the first search would otherwise wait seconds for it). A
// signal during the build ends the command at once (exit 130): the build
// is left to the process's end.
func buildWorld(ctx context.Context, cfg emulator.Config) (*emulator.Emulator, error) {
	type built struct {
		emu *emulator.Emulator
		err error
	}
	done := make(chan built, 1)
	go func() {
		emu, err := emulator.New(cfg)
		if err == nil {
			emu.PrepareSearch()
		}
		done <- built{emu, err}
	}()
	select {
	case b := <-done:
		if b.err != nil {
			return nil, withCode(ExitUsage, b.err)
		}
		return b.emu, nil
	case <-ctx.Done():
		return nil, withCode(ExitInterrupted, errors.New("interrupted while the world was being built"))
	}
}

// bytesPerPerson is the memory a person of the world takes at the most:
// at the peak of an advance to ten years on, when the world of the new
// date and its search index are built beside the old. Measured at a
// million people (peak resident memory of enrich emulator --people
// 1000000, then POST /_emulator/advance {"days": 3653}): 1.9 GB once
// built, 4.1 GB at the peak, which holdMemory keeps below this figure.
// emulator/world's TestMemoryPerPerson keeps the world's share of it in
// check.
const bytesPerPerson = 4608

// holdMemory sets the garbage collector's soft memory limit to 85 %
// of what a world of people may take (bytesPerPerson a person, and
// memoryFloor for the server itself), so that an advance of the clock,
// when the worlds of two dates and a new search index live side by side,
// collects before the heap passes the figure --people is refused by. With
// the collector's default target alone the heap grows to twice what is
// live before it collects, past the figure. A GOMEMLIMIT of the
// environment is left to rule.
func holdMemory(people int) {
	if os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetMemoryLimit(memoryFloor + int64(people)*bytesPerPerson*85/100)
}

// memoryFloor is the memory the emulator's server takes besides its
// world, ahead of holdMemory's share of the world's.
const memoryFloor = 256 << 20

// checkPeople refuses a world larger than the memory available holds
// (avail, in bytes; 0 when not known), before anything is built.
func checkPeople(people int, avail int64) error {
	need := int64(people) * bytesPerPerson
	if avail <= 0 || need <= avail*8/10 {
		return nil
	}
	most := avail * 8 / 10 / bytesPerPerson
	return usageErrorf("--people %s: a world that large needs about %s of memory, and this machine has %s available; give at most --people %s",
		human.Thousands(int64(people)), human.Bytes(need), human.Bytes(avail), human.Thousands(most))
}

// memAvailable is the memory the system says it can give without
// swapping (MemAvailable in /proc/meminfo), or 0 where it does not say.
func memAvailable() int64 {
	b, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "MemAvailable:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			if err == nil {
				return kb << 10
			}
		}
	}
	return 0
}
