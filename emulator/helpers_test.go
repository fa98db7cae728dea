package emulator_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/emulator"
)

// fast is a configuration with time compressed for tests.
func fast(acc emulator.AccountConfig) emulator.Config {
	if acc.Key == "" {
		acc.Key = "test-key"
	}
	if acc.Name == "" {
		acc.Name = "default"
	}
	return emulator.Config{
		People:          2000,
		Default:         acc,
		RateWindow:      time.Minute,
		CallbackDelay:   20 * time.Millisecond,
		RetryGaps:       []time.Duration{30 * time.Millisecond, 30 * time.Millisecond, 30 * time.Millisecond},
		AnswerTimeout:   300 * time.Millisecond,
		DuplicatePeriod: time.Minute,
	}
}

// serve starts the emulator on loopback and returns it with a client of
// the default account. Both stop with the test.
func serve(t *testing.T, cfg emulator.Config) (*emulator.Emulator, *api.Client, string) {
	t.Helper()
	emu, err := emulator.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(emu)
	t.Cleanup(func() { srv.Close(); emu.Close() })
	key := cfg.Default.Key
	if len(cfg.Accounts) > 0 {
		key = cfg.Accounts[0].Key
	}
	return emu, client(t, srv.URL, key), srv.URL
}

// client returns an API client with quick retries.
func client(t *testing.T, url, key string) *api.Client {
	t.Helper()
	c, err := api.New(url, key, api.WithBackoff(api.Backoff{Attempts: 1}))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// receiver is a callback endpoint that records what it is sent and answers
// with the status its respond function chooses.
type receiver struct {
	*httptest.Server
	mu        sync.Mutex
	attempts  int
	callbacks []*api.Callback
	arrived   chan *api.Callback
	respond   func(attempt int) int // status for the n-th attempt (1-based)
	hang      time.Duration         // how long to stall before answering
}

func newReceiver(t *testing.T) *receiver {
	rc := &receiver{arrived: make(chan *api.Callback, 100), respond: func(int) int { return http.StatusOK }}
	rc.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		cb, err := api.ParseCallback(w, r, 0)
		if err != nil {
			t.Errorf("callback does not parse: %v", err)
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		rc.mu.Lock()
		rc.attempts++
		n := rc.attempts
		hang := rc.hang
		status := rc.respond(n)
		rc.mu.Unlock()
		if hang > 0 {
			select {
			case <-time.After(hang):
			case <-r.Context().Done():
				return
			}
		}
		w.WriteHeader(status)
		if status == http.StatusOK {
			rc.mu.Lock()
			rc.callbacks = append(rc.callbacks, cb)
			rc.mu.Unlock()
			rc.arrived <- cb
		}
	}))
	t.Cleanup(rc.Close)
	return rc
}

// next waits for the next callback answered 200.
func (rc *receiver) next(t *testing.T) *api.Callback {
	t.Helper()
	select {
	case cb := <-rc.arrived:
		return cb
	case <-time.After(10 * time.Second):
		t.Fatal("no callback arrived within 10 s")
		return nil
	}
}

// stats reads the emulator's counters over HTTP, as a user would.
func stats(t *testing.T, base string) emulator.Stats {
	t.Helper()
	resp, err := http.Get(base + "/_emulator/stats")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var s emulator.Stats
	if err := json.NewDecoder(resp.Body).Decode(&s); err != nil {
		t.Fatal(err)
	}
	return s
}

// sample reads known identifiers over HTTP.
func sample(t *testing.T, base string, n int) emulator.Sample {
	t.Helper()
	resp, err := http.Get(base + "/_emulator/sample?count=" + itoa(n))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var s emulator.Sample
	if err := json.NewDecoder(resp.Body).Decode(&s); err != nil {
		t.Fatal(err)
	}
	return s
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// eventually polls cond until it holds or 10 s pass.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	// The bound says only when to give up: the wait ends as soon as cond
	// holds, and a loaded machine may take long.
	deadline := time.Now().Add(2 * time.Minute)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

var bg = context.Background()
