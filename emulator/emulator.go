package emulator

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/enrich-dev/enrich/emulator/mcpapi"
	"github.com/enrich-dev/enrich/emulator/wire"
	"github.com/enrich-dev/enrich/emulator/world"
)

// Config describes the emulated service. Zero values take the defaults
// documented on each field.
type Config struct {
	Seed   int64 // world and fault seed; default 1
	People int   // size of the world; default 20,000
	// WorldStart is the date the world is generated for and its clock
	// starts at (only the date counts); Advance moves the clock on. Zero
	// means world.DefaultStart, 2026-01-01: a fixed date, so that the
	// same seed builds the same world on any day. world.CheckStart says
	// which dates are allowed.
	WorldStart time.Time
	// Namesakes adds namesakes at one company on purpose, for tests: that
	// many people in a thousand are given the full name of a colleague at
	// their current company (world.Config.Namesakes; 0 to
	// world.MaxNamesakes). Zero leaves the few that chance makes.
	Namesakes int

	// Accounts; when empty, one account from Default.
	Accounts []AccountConfig
	// Default is the account used when Accounts is empty.
	Default AccountConfig

	RateWindow time.Duration // length of the items-per-minute window; default 1m
	// CallbackDelay is the typical processing time of an asynchronous
	// lookup; default 3s. Nine in ten take up to it; the rest fall in a
	// long tail with no maximum (see processingDelay), which only
	// MaxCallbackDelay cuts.
	CallbackDelay time.Duration
	// MaxCallbackDelay, when not 0, is the longest processing time: a test
	// that must not wait for the tail sets it. The service has none.
	MaxCallbackDelay time.Duration
	RetryGaps        []time.Duration // gaps between callback attempts; default 10s,30s,60s
	AnswerTimeout    time.Duration   // how long a callback receiver has to answer 200; default 10s
	DuplicatePeriod  time.Duration   // a repeated item within it is duplicate_query; default 60s
	// NoticePeriod: an account gets at most one failed-delivery notice
	// per period, listing the requests discarded since the last; those
	// discarded within a period go out when it ends. Default 1h.
	NoticePeriod time.Duration
	// LateAfter, when not 0, is a client's callback timeout: a delivery
	// made later than this after its request was accepted counts its
	// credits in Stats' LateCharged, for the client may have sent its
	// items again by then. The service has no such count.
	LateAfter time.Duration

	CallbackLoss    float64 // probability that every attempt of a delivery is lost
	SubmitErrorRate float64 // probability that a submission is answered 500 (and not processed)
	TimeoutRate     float64 // probability that an async item ends timeout_exceeded
	DuplicateRate   float64 // probability that a delivered callback is delivered once more
	// LostAnswerRate is the probability that a person lookup is accepted,
	// processed, charged and (async) delivered, but answered 500, as when
	// the answer is lost on its way back.
	LostAnswerRate float64
	// ReusedIDRate is the probability that an asynchronous lookup is
	// given the requestId of the one accepted before it, on its 201 and
	// its callback alike: a service that numbers two requests the same.
	ReusedIDRate float64
	// Outages are times when every API request is answered 503, counted
	// from the first API request the emulator receives. The admin
	// endpoint POST /_emulator/outage starts one on demand.
	Outages []Outage
	// AnswerDelay holds the 201 of an asynchronous lookup for this long
	// after its delivery was scheduled; the delivery may start before the
	// answer is sent.
	AnswerDelay time.Duration
	// AnswerAfterCallback holds the 201 of an asynchronous lookup until
	// the first attempt of its callback has been answered (or has
	// failed), then AnswerDelay more: the client gets its callback before
	// it knows the requestId.
	AnswerAfterCallback bool
	// HostileText makes the service's words hostile: every error body's
	// message and every failed item's reason carry terminal escapes, NUL
	// and bidirectional controls (HostileEscapes), or are megabytes long
	// (HostileHuge), or both (HostileBoth). Off ("") by default.
	HostileText HostileText

	// People search and the Company API.
	ScrollTTL   time.Duration // a scroll id expires this long after the response that issued it; default 15s
	SearchDelay time.Duration // latency added to every search and scroll (to hold requests concurrent); default 0
	DayLength   time.Duration // length of the emulated day of the daily quotas; default 24h, days that begin at QuotaResetHour UTC; any other length is counted from New
	// Daily quotas of every account; 0 takes the plan's (see
	// PaidSearchQueriesPerDay and the constants beside it). An account's own
	// setting wins over these.
	SearchQueriesPerDay  int // searchByQuery requests
	SearchProfilesPerDay int // profiles returned by searches and scrolls
	ProfileViewsPerDay   int // profiles delivered by company/getProfiles

	// MCPTokenTTL is the lifetime of the OAuth access tokens the
	// assistant-protocol server at /mcp issues; default 1h.
	MCPTokenTTL time.Duration

	Logger *slog.Logger     // where the emulator logs; default discards
	Now    func() time.Time // clock; default time.Now
}

// Validate refuses settings out of range, each named by its flag of
// `enrich emulator`, which sets them: New checks a Config with it once
// its zeros have their defaults, and the command checks its flags with it
// before, so that a 0 there is refused where it has no meaning.
func (c *Config) Validate() error {
	for _, p := range []struct {
		flag string
		v    float64
	}{
		{"callback-loss", c.CallbackLoss}, {"submit-error-rate", c.SubmitErrorRate}, {"timeout-rate", c.TimeoutRate},
		{"duplicate-rate", c.DuplicateRate}, {"lost-answer-rate", c.LostAnswerRate}, {"reused-id-rate", c.ReusedIDRate},
	} {
		if p.v < 0 || p.v > 1 || p.v != p.v {
			return fmt.Errorf("--%s %v: give a probability from 0 to 1", p.flag, p.v)
		}
	}
	for _, d := range []struct {
		flag     string
		v        time.Duration
		positive bool
	}{
		{"rate-window", c.RateWindow, true}, {"callback-delay", c.CallbackDelay, true},
		{"answer-timeout", c.AnswerTimeout, true}, {"duplicate-period", c.DuplicatePeriod, true},
		{"notice-period", c.NoticePeriod, true}, {"scroll-ttl", c.ScrollTTL, true},
		{"day-length", c.DayLength, true}, {"mcp-token-ttl", c.MCPTokenTTL, true},
		{"max-callback-delay", c.MaxCallbackDelay, false}, {"answer-delay", c.AnswerDelay, false},
		{"search-delay", c.SearchDelay, false},
	} {
		switch {
		case d.positive && d.v <= 0:
			return fmt.Errorf("--%s %v: must be longer than 0", d.flag, d.v)
		case d.v < 0:
			return fmt.Errorf("--%s %v: cannot be negative", d.flag, d.v)
		}
	}
	switch {
	case c.People < 1:
		return fmt.Errorf("--people %d: must be at least 1", c.People)
	case c.Namesakes < 0 || c.Namesakes > world.MaxNamesakes:
		return fmt.Errorf("--namesakes %d: must be from 0 to %d (people in a thousand)", c.Namesakes, world.MaxNamesakes)
	case c.SearchQueriesPerDay < 0 || c.SearchProfilesPerDay < 0 || c.ProfileViewsPerDay < 0:
		return fmt.Errorf("--search-queries-per-day, --search-profiles-per-day and --profile-views-per-day cannot be negative")
	}
	for _, g := range c.RetryGaps {
		if g < 0 {
			return fmt.Errorf("--retry-gaps %v: a gap cannot be negative", g)
		}
	}
	if err := c.HostileText.check(); err != nil {
		return err
	}
	if !c.WorldStart.IsZero() {
		if err := world.CheckStart(c.WorldStart); err != nil {
			return fmt.Errorf("--world-start: %w", err)
		}
	}
	return nil
}

func (c *Config) setDefaults() {
	if c.Seed == 0 {
		c.Seed = 1
	}
	if c.People == 0 {
		c.People = 20000
	}
	if c.RateWindow == 0 {
		c.RateWindow = time.Minute
	}
	if c.CallbackDelay == 0 {
		c.CallbackDelay = 3 * time.Second
	}
	if c.RetryGaps == nil {
		c.RetryGaps = []time.Duration{10 * time.Second, 30 * time.Second, 60 * time.Second}
	}
	if c.AnswerTimeout == 0 {
		c.AnswerTimeout = 10 * time.Second
	}
	if c.DuplicatePeriod == 0 {
		c.DuplicatePeriod = 60 * time.Second
	}
	if c.NoticePeriod == 0 {
		c.NoticePeriod = time.Hour
	}
	if c.ScrollTTL == 0 {
		c.ScrollTTL = 15 * time.Second
	}
	if c.DayLength == 0 {
		c.DayLength = 24 * time.Hour
	}
	if c.MCPTokenTTL == 0 {
		c.MCPTokenTTL = time.Hour
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	if c.Now == nil {
		c.Now = time.Now
	}
}

// Emulator is the emulated service. It is safe for concurrent use.
type Emulator struct {
	cfg Config
	log *slog.Logger
	now func() time.Time

	// epoch is the world at the date of its clock, with its search
	// index; Advance replaces it. A request works on the epoch it began
	// with. advancing serializes Advance; prepared says PrepareSearch
	// was called, so that every later world is indexed before it serves.
	epoch     atomic.Pointer[epoch]
	advancing sync.Mutex
	prepared  atomic.Bool

	// callbacks posts results to clients; its timeout is the answer time.
	callbacks *http.Client
	// assistant is the assistant-protocol server (/mcp, OAuth endpoints).
	assistant *mcpapi.Server

	ctx    context.Context // cancelled by Close; deliveries stop
	cancel context.CancelFunc
	wg     sync.WaitGroup // deliveries in progress

	start time.Time // the first emulated day begins

	mu         sync.Mutex          // guards everything below
	accounts   map[string]*account // by API key
	logins     map[string]*account // by login, for the assistant-protocol server's login form
	order      []*account          // in configuration order, for stats
	nextID     int64               // last requestId (and searchId) issued
	lastLookup int64               // the requestId of the latest asynchronous lookup
	random     *rand.Rand          // faults and delays
	notices    []Notice
	scrolls    map[string]*scroll // live scroll ids
	outage     outageState
}

// New builds the world and the accounts. The emulator is ready to serve at
// once; Close stops its deliveries.
func New(cfg Config) (*Emulator, error) {
	cfg.setDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	accounts := cfg.Accounts
	if len(accounts) == 0 {
		accounts = []AccountConfig{cfg.Default}
	}
	ctx, cancel := context.WithCancel(context.Background())
	e := &Emulator{
		cfg:       cfg,
		log:       cfg.Logger,
		now:       cfg.Now,
		callbacks: &http.Client{Timeout: cfg.AnswerTimeout},
		ctx:       ctx,
		cancel:    cancel,
		accounts:  make(map[string]*account),
		logins:    make(map[string]*account),
		random:    rand.New(rand.NewPCG(uint64(cfg.Seed), 0x656d75)),
	}
	e.start = e.now()
	e.scrolls = make(map[string]*scroll)
	e.epoch.Store(newEpoch(world.New(world.Config{Seed: cfg.Seed, People: cfg.People, Now: cfg.WorldStart, Namesakes: cfg.Namesakes})))
	for i, ac := range accounts {
		a, err := newAccount(ac, i, cfg.RateWindow)
		if err == nil {
			err = a.setQuotas(cfg)
		}
		if err != nil {
			cancel()
			return nil, err
		}
		a.marks = e.markedSets(a.cfg.Key)
		if _, dup := e.accounts[a.cfg.Key]; dup {
			cancel()
			return nil, fmt.Errorf("account %q: the API key is used by another account", a.cfg.Name)
		}
		if _, dup := e.logins[a.cfg.Login]; dup {
			cancel()
			return nil, fmt.Errorf("account %q: the login is used by another account", a.cfg.Name)
		}
		// An account without a key (login only) is not found by any key:
		// its every request is 401.
		if a.cfg.Key != "" {
			e.accounts[a.cfg.Key] = a
		}
		if a.cfg.Login != "" {
			e.logins[a.cfg.Login] = a
		}
		e.order = append(e.order, a)
	}
	e.assistant = mcpapi.New(mcpapi.Config{
		REST:     http.HandlerFunc(e.serveREST),
		Accounts: assistantAccounts{e},
		TokenTTL: cfg.MCPTokenTTL,
		Now:      cfg.Now,
		Logger:   cfg.Logger,
	})
	return e, nil
}

// World returns the emulator's synthetic population as of its clock.
func (e *Emulator) World() *world.World { return e.current().world }

// current returns the world as of its clock, with its search index.
func (e *Emulator) current() *epoch { return e.epoch.Load() }

// PrepareSearch builds the people search index now rather than on the
// first search, which would otherwise wait for it (seconds for a million
// people); from then on Advance indexes each new date before it serves.
func (e *Emulator) PrepareSearch() {
	e.prepared.Store(true)
	e.current().index()
}

// Close stops scheduled deliveries and waits for those in progress.
func (e *Emulator) Close() {
	e.cancel()
	e.wg.Wait()
}

// MCPHandler returns the assistant-protocol server alone: /mcp and the
// OAuth endpoints, which ServeHTTP also serves. `enrich emulator
// --mcp-listen` serves it on a listener of its own.
func (e *Emulator) MCPHandler() http.Handler { return e.assistant }

// ServeHTTP routes a request to its endpoint. Unknown paths, and known paths
// with the wrong method, are 404 as on the service. The assistant-protocol
// server's paths authenticate in their own way (bearer tokens), so they
// are routed before the apikey check.
func (e *Emulator) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if mcpapi.Serves(r.URL.Path) {
		e.assistant.ServeHTTP(w, r)
		return
	}
	e.serveREST(w, r)
}

// serveREST answers the service's REST interface and the admin endpoints.
func (e *Emulator) serveREST(w http.ResponseWriter, r *http.Request) {
	path := strings.TrimRight(r.URL.Path, "/")
	if strings.HasPrefix(path, "/_emulator/") {
		e.serveAdmin(w, r, path)
		return
	}
	if e.unavailable(w) {
		return
	}
	a, ok := e.authenticate(w, r)
	if !ok {
		return
	}
	switch {
	case r.Method == http.MethodPost && path == wire.PathLookup:
		e.serveLookup(w, r, a)
	case r.Method == http.MethodGet && path == wire.PathCredits:
		e.serveCredits(w, r, a)
	case r.Method == http.MethodPost && path == wire.PathSearch:
		e.serveSearch(w, r, a)
	case r.Method == http.MethodPost && strings.HasPrefix(path, wire.PathScroll):
		e.serveScroll(w, r, a, strings.TrimPrefix(path, wire.PathScroll))
	case r.Method == http.MethodGet && isCompanyPath(path):
		e.serveCompany(w, r, a, path)
	default:
		e.fail(w, a, poolStandard, http.StatusNotFound, msgNotFound)
	}
}

// authenticate finds the account of the request's API key, answering 401
// or 403 when there is none or it is disabled.
func (e *Emulator) authenticate(w http.ResponseWriter, r *http.Request) (*account, bool) {
	key := r.Header.Get(wire.HeaderAPIKey)
	e.mu.Lock()
	a := e.accounts[key]
	e.mu.Unlock()
	if key == "" || a == nil {
		w.Header().Set(wire.HeaderCreditsLeft, "0")
		writeJSON(w, http.StatusUnauthorized, errorBody(msgUnauthorized))
		return nil, false
	}
	if a.cfg.Disabled {
		e.fail(w, a, poolStandard, http.StatusForbidden, msgDisabled)
		return nil, false
	}
	return a, true
}

// randFloat returns a uniform value in [0, 1) from the fault source.
func (e *Emulator) randFloat() float64 {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.random.Float64()
}
