package emulator_test

import (
	"bytes"
	"errors"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/emulator"
)

// TestLostAnswer: a lookup whose answer is lost is accepted, processed,
// charged and delivered, and answered 500; the stats count it and what
// it cost, so that a test can bound a client's credits.
func TestLostAnswer(t *testing.T) {
	cfg := fast(emulator.AccountConfig{Credits: 10})
	cfg.LostAnswerRate = 1
	_, c, base := serve(t, cfg)
	rc := newReceiver(t)
	s := sample(t, base, 3)

	_, _, err := c.LookupAsync(bg, wire.LookupRequest{Items: []string{s.Email[0], s.Phone[1], "nobody@example.invalid"}, CallbackURL: rc.URL})
	if !errors.Is(err, api.ErrServer) {
		t.Fatalf("async lookup: %v, want 500", err)
	}
	cb := rc.next(t) // delivered all the same
	if len(cb.Results) != 3 || !cb.HasRequestID {
		t.Errorf("callback of the lost answer: %+v", cb)
	}
	_, _, err = c.LookupSync(bg, []string{s.UID[2]}, false)
	if !errors.Is(err, api.ErrServer) {
		t.Fatalf("sync lookup: %v, want 500", err)
	}
	eventually(t, "the async lookup's cost counted", func() bool { return stats(t, base).Accounts[0].LostAnswerCharged == 3 })
	st := stats(t, base).Accounts[0]
	if st.LostAnswers != 2 || st.Requests != 2 || st.ItemsAccepted != 4 || st.CreditsUsed["standard"] != 3 || st.SubmitErrors != 0 {
		t.Errorf("stats %+v: want 2 lost answers of 4 items that cost 3 credits", st)
	}
	// Credits are bounded by what the client was told of and what the
	// emulator knows it was not.
	if int(st.CreditsUsed["standard"]) > st.LostAnswerCharged+st.DiscardedCharged {
		t.Errorf("credits %d > lost-answer %d + discarded %d", st.CreditsUsed["standard"], st.LostAnswerCharged, st.DiscardedCharged)
	}
}

// TestLateCharged: a delivery made later than Config.LateAfter after its
// request was accepted counts its credits as late; one made before does
// not. A client whose callback timeout is LateAfter may pay those again.
func TestLateCharged(t *testing.T) {
	for _, c := range []struct {
		lateAfter time.Duration
		late      bool
	}{{time.Nanosecond, true}, {time.Hour, false}} {
		cfg := fast(emulator.AccountConfig{Credits: 10})
		cfg.LateAfter = c.lateAfter
		_, cl, base := serve(t, cfg)
		rc := newReceiver(t)
		s := sample(t, base, 2)
		if _, _, err := cl.LookupAsync(bg, wire.LookupRequest{Items: []string{s.Email[0], s.Phone[1]}, CallbackURL: rc.URL}); err != nil {
			t.Fatal(err)
		}
		rc.next(t)
		eventually(t, "the delivery counted", func() bool { return stats(t, base).Accounts[0].Delivered == 1 })
		st := stats(t, base).Accounts[0]
		want := 0
		if c.late {
			want = int(st.CreditsUsed["standard"])
		}
		if st.CreditsUsed["standard"] != 2 || st.LateCharged != want {
			t.Errorf("LateAfter %v: %d credits used, %d counted late; want 2 and %d", c.lateAfter, st.CreditsUsed["standard"], st.LateCharged, want)
		}
	}
}

// TestOutage: a configured outage answers 503 to every API request from
// its start after the first request, for its length; one started on
// demand too. The admin endpoints answer throughout.
func TestOutage(t *testing.T) {
	clk := newClock()
	cfg := fast(emulator.AccountConfig{Credits: 10})
	cfg.Now = clk.Now
	cfg.Outages = []emulator.Outage{{At: time.Minute, For: 30 * time.Second}}
	_, c, base := serve(t, cfg)
	up := func(when string) {
		t.Helper()
		if _, _, err := c.Credits(bg, false); err != nil {
			t.Errorf("%s: %v, want an answer", when, err)
		}
	}
	down := func(when string) {
		t.Helper()
		status, body, h := rawPost(t, base+api.PathLookup, "test-key", `{"items":["a@b.co"],"withoutWaterfall":true}`)
		if status != http.StatusServiceUnavailable || h.Get("X-Credits-Left") != "" {
			t.Errorf("%s: lookup %d %s (X-Credits-Left %q), want 503 without", when, status, body, h.Get("X-Credits-Left"))
		}
		if _, _, err := c.Credits(bg, false); !errors.Is(err, api.ErrServer) {
			t.Errorf("%s: credits %v, want 503", when, err)
		}
		if resp, err := http.Get(base + "/_emulator/stats"); err != nil || resp.StatusCode != http.StatusOK {
			t.Errorf("%s: stats unreachable: %v", when, err)
		} else {
			resp.Body.Close()
		}
	}
	up("first request")
	clk.Advance(time.Minute - time.Millisecond)
	up("just before the outage")
	clk.Advance(time.Millisecond)
	down("at the outage's start")
	clk.Advance(30*time.Second - time.Millisecond)
	down("at the outage's end")
	clk.Advance(time.Millisecond)
	up("after the outage")

	resp, err := http.Post(base+"/_emulator/outage", "application/json", bytes.NewReader([]byte(`{"seconds": 2.5}`)))
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("start an outage: %v", err)
	}
	resp.Body.Close()
	down("during the outage on demand")
	clk.Advance(2500 * time.Millisecond)
	up("after the outage on demand")

	for _, body := range []string{`{}`, `{"seconds": 0}`, `{"seconds": -1}`, `[1]`} {
		resp, err := http.Post(base+"/_emulator/outage", "application/json", bytes.NewReader([]byte(body)))
		if err != nil || resp.StatusCode != http.StatusBadRequest {
			t.Errorf("outage %s: %v %v, want 400", body, resp.Status, err)
		}
		resp.Body.Close()
	}
	st := stats(t, base)
	if st.OutageRefused != 6 || len(st.Outages) != 2 {
		t.Errorf("%d requests refused in %d outages, want 6 in 2", st.OutageRefused, len(st.Outages))
	}
}

func TestParseOutage(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want emulator.Outage
		ok   bool
	}{
		{"30s:10s", emulator.Outage{At: 30 * time.Second, For: 10 * time.Second}, true},
		{"0s:250ms", emulator.Outage{For: 250 * time.Millisecond}, true},
		{"1m30s : 2m", emulator.Outage{At: 90 * time.Second, For: 2 * time.Minute}, true},
		{"30s", emulator.Outage{}, false},
		{"30s:0s", emulator.Outage{}, false},
		{"-1s:5s", emulator.Outage{}, false},
		{"soon:5s", emulator.Outage{}, false},
	} {
		got, err := emulator.ParseOutage(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseOutage(%q) = %+v, %v", tc.in, got, err)
		}
	}
}

// TestAnswerAfterCallback: the 201 of an asynchronous lookup can come
// after its callback was answered 200, as a client must expect.
func TestAnswerAfterCallback(t *testing.T) {
	const delay = 50 * time.Millisecond
	cfg := fast(emulator.AccountConfig{Credits: 10})
	cfg.AnswerAfterCallback, cfg.AnswerDelay = true, delay
	_, c, base := serve(t, cfg)
	var mu sync.Mutex
	var answered time.Time // when the receiver answered 200
	rc := newReceiver(t)
	rc.respond = func(int) int {
		mu.Lock()
		answered = time.Now()
		mu.Unlock()
		return http.StatusOK
	}
	s := sample(t, base, 1)
	id, _, err := c.LookupAsync(bg, wire.LookupRequest{Items: s.Email, CallbackURL: rc.URL})
	got201 := time.Now()
	if err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	at := answered
	mu.Unlock()
	if at.IsZero() {
		t.Fatal("the 201 came before the callback")
	}
	if gap := got201.Sub(at); gap < delay {
		t.Errorf("the 201 came %v after the callback's 200, want at least %v", gap, delay)
	}
	if cb := rc.next(t); cb.RequestID != id {
		t.Errorf("callback for %d, 201 for %d", cb.RequestID, id)
	}
}

// TestAnswerDelay: the 201 is held for the answer delay, while the
// delivery goes on.
func TestAnswerDelay(t *testing.T) {
	const delay = 300 * time.Millisecond
	cfg := fast(emulator.AccountConfig{Credits: 10})
	cfg.AnswerDelay, cfg.MaxCallbackDelay = delay, 20*time.Millisecond
	_, c, base := serve(t, cfg)
	rc := newReceiver(t)
	var called atomic.Bool
	rc.respond = func(int) int { called.Store(true); return http.StatusOK }
	s := sample(t, base, 1)
	start := time.Now()
	if _, _, err := c.LookupAsync(bg, wire.LookupRequest{Items: s.Phone, CallbackURL: rc.URL}); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took < delay {
		t.Errorf("the 201 came after %v, want at least %v", took, delay)
	}
	if !called.Load() {
		t.Error("no callback before the delayed 201, though its processing takes at most 20ms")
	}
}

// TestReusedRequestID: with ReusedIDRate 1, every asynchronous lookup
// after the first is given the first one's requestId, on its 201 and on
// its callback.
func TestReusedRequestID(t *testing.T) {
	cfg := fast(emulator.AccountConfig{Credits: 10})
	cfg.ReusedIDRate = 1
	_, c, base := serve(t, cfg)
	rc := newReceiver(t)
	s := sample(t, base, 2)
	var ids []int64
	for _, item := range []string{s.Email[0], s.Email[1]} {
		id, _, err := c.LookupAsync(bg, wire.LookupRequest{Items: []string{item}, CallbackURL: rc.URL})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if ids[0] != ids[1] {
		t.Fatalf("requestIds %v, want one given twice", ids)
	}
	for range 2 {
		if cb := rc.next(t); cb.RequestID != ids[0] {
			t.Errorf("callback with Request-Id %d, want %d", cb.RequestID, ids[0])
		}
	}
}

// TestConfigValidated: New refuses every setting out of range, naming
// the flag of `enrich emulator` that sets it; zeros take their defaults.
func TestConfigValidated(t *testing.T) {
	base := emulator.Config{People: 50, Default: emulator.AccountConfig{Name: "default", Key: "k"}}
	if emu, err := emulator.New(base); err != nil {
		t.Fatalf("zeros: %v", err)
	} else {
		emu.Close()
	}
	for _, tc := range []struct {
		flag string
		set  func(*emulator.Config)
	}{
		{"--callback-loss", func(c *emulator.Config) { c.CallbackLoss = 1.5 }},
		{"--submit-error-rate", func(c *emulator.Config) { c.SubmitErrorRate = -0.1 }},
		{"--timeout-rate", func(c *emulator.Config) { c.TimeoutRate = 2 }},
		{"--duplicate-rate", func(c *emulator.Config) { c.DuplicateRate = 1.01 }},
		{"--lost-answer-rate", func(c *emulator.Config) { c.LostAnswerRate = -1 }},
		{"--reused-id-rate", func(c *emulator.Config) { c.ReusedIDRate = 3 }},
		{"--callback-delay", func(c *emulator.Config) { c.CallbackDelay = -time.Second }},
		{"--rate-window", func(c *emulator.Config) { c.RateWindow = -time.Minute }},
		{"--max-callback-delay", func(c *emulator.Config) { c.MaxCallbackDelay = -time.Second }},
		{"--answer-delay", func(c *emulator.Config) { c.AnswerDelay = -time.Second }},
		{"--retry-gaps", func(c *emulator.Config) { c.RetryGaps = []time.Duration{time.Second, -time.Second, time.Second} }},
		{"--people", func(c *emulator.Config) { c.People = -3 }},
		{"--profile-views-per-day", func(c *emulator.Config) { c.ProfileViewsPerDay = -1 }},
	} {
		cfg := base
		tc.set(&cfg)
		emu, err := emulator.New(cfg)
		if err == nil {
			emu.Close()
			t.Errorf("%s: a bad setting was taken", tc.flag)
			continue
		}
		if !strings.Contains(err.Error(), tc.flag) {
			t.Errorf("%s: %v; want the flag named", tc.flag, err)
		}
	}
}
