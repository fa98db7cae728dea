package emulator_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/emulator"
)

// TestHostileText: under each value of Config.HostileText, a 422's and a
// 403's message and a failed item's reason, in a synchronous answer and in
// a callback, are what the value says: as the interface says them, with
// escapes, megabytes long, or both.
func TestHostileText(t *testing.T) {
	for _, mode := range emulator.HostileTexts {
		t.Run(string(mode)+"-", func(t *testing.T) {
			cfg := fast(emulator.AccountConfig{Credits: 10})
			cfg.HostileText = mode
			cfg.AnswerTimeout = 10 * time.Second // megabytes to a receiver under the race detector
			_, c, base := serve(t, cfg)
			v1 := base + "/api/v1"
			says := func(what, got, meant string, reason bool) {
				t.Helper()
				switch {
				case mode == emulator.HostileOff && reason && got != "":
					t.Errorf("%s: a reason %q, the interface gives none", what, got[:min(len(got), 80)])
				case mode == emulator.HostileOff && !reason && got != meant:
					t.Errorf("%s: %q, want %q", what, got, meant)
				case mode == emulator.HostileEscapes && got != meant+emulator.Escapes:
					t.Errorf("%s: %q, want %q and the escapes", what, got, meant)
				case mode == emulator.HostileHuge && (notHuge(got) || strings.Contains(got, "\x1b")):
					t.Errorf("%s: %d bytes, want %d without an escape", what, len(got), emulator.HugeTextBytes)
				case mode == emulator.HostileBoth && (notHuge(got) || !strings.Contains(got[len(got)/2:], "\x1b]52;c;")):
					t.Errorf("%s: %d bytes, want %d of escapes", what, len(got), emulator.HugeTextBytes)
				case mode != emulator.HostileOff && !strings.HasPrefix(got, meant):
					t.Errorf("%s: %q…, want it to begin %q", what, got[:min(len(got), 80)], meant)
				}
			}
			if r := call(t, "POST", v1+"/candidate/searchByQuery", "test-key", `{"location": "Xyzzyland"}`); r.status != 422 {
				t.Errorf("unknown location: %d, want 422", r.status)
			} else {
				says("the 422", r.errorMessage(), "Location is not recognized", false)
			}
			if r := call(t, "GET", v1+"/company/findById?id=1", "test-key", ""); r.status != 403 {
				t.Errorf("Company API off: %d, want 403", r.status)
			} else {
				says("the 403", r.errorMessage(), "The Company API is not enabled for this account", false)
			}
			reasons := func(what string, items []json.RawMessage) {
				t.Helper()
				n := 0
				for _, raw := range items {
					var it struct{ Status, Error string }
					json.Unmarshal(raw, &it)
					if it.Status != "failed" {
						continue
					}
					n++
					if n == 1 {
						says(what+"'s first failed item", it.Error, "No profile matches this item", true)
					} else if mode != emulator.HostileOff && !strings.HasPrefix(it.Error, "No profile matches this item") || len(it.Error) > 1000 {
						t.Errorf("%s's failed item %d: reason %q…, want a short one", what, n, it.Error[:min(len(it.Error), 80)])
					}
				}
				if n != 2 {
					t.Errorf("%s: %d failed items, want 2", what, n)
				}
			}
			nobody := []string{"nobody@example.invalid", "nobody2@example.invalid"}
			r := call(t, "POST", v1+"/candidate/search", "test-key", `{"items": ["nobody@example.invalid", "nobody2@example.invalid"], "withoutWaterfall": true}`)
			var items []json.RawMessage
			if err := json.Unmarshal(r.body, &items); err != nil || r.status != 200 {
				t.Fatalf("synchronous lookup: %d, %v", r.status, err)
			}
			reasons("the synchronous answer", items)
			rc := newReceiver(t)
			if _, _, err := c.LookupAsync(bg, wire.LookupRequest{Items: []string{"a" + nobody[0], "a" + nobody[1]}, CallbackURL: rc.URL}); err != nil {
				t.Fatal(err)
			}
			cb := rc.next(t)
			items = items[:0]
			for _, res := range cb.Results {
				items = append(items, res.Raw)
			}
			reasons("the callback", items)
		})
	}
}

// notHuge reports whether s is not a huge message.
func notHuge(s string) bool {
	return len(s) > emulator.HugeTextBytes || len(s) < emulator.HugeTextBytes-utf8.UTFMax
}

// TestHostileTextRefused: a value of Config.HostileText that is none of
// the faults is refused, named by its flag.
func TestHostileTextRefused(t *testing.T) {
	cfg := fast(emulator.AccountConfig{Credits: 1})
	cfg.HostileText = "loud"
	if _, err := emulator.New(cfg); err == nil || !strings.Contains(err.Error(), "--hostile-text") {
		t.Errorf("New: %v, want the flag refused", err)
	}
}
