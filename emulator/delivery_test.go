package emulator_test

import (
	"encoding/json"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/emulator"
)

func TestAsyncDelivery(t *testing.T) {
	_, c, base := serve(t, fast(emulator.AccountConfig{Credits: 10}))
	rc := newReceiver(t)
	s := sample(t, base, 2)
	items := []string{s.Phone[0], "https://www.linkedin.com/in/nobody-here-0000", s.LinkedIn[1]}
	id, meta, err := c.LookupAsync(bg, wire.LookupRequest{Items: items, CallbackURL: rc.URL + "/cb/secret"})
	if err != nil {
		t.Fatal(err)
	}
	if id <= 0 || !meta.HasCredits || meta.CreditsLeft != 10 {
		t.Errorf("requestId %d, credits %d (present %v)", id, meta.CreditsLeft, meta.HasCredits)
	}
	cb := rc.next(t)
	if !cb.HasRequestID || cb.RequestID != id {
		t.Errorf("Request-Id %d (present %v), want %d", cb.RequestID, cb.HasRequestID, id)
	}
	byItem := map[string]wire.Status{}
	for _, r := range cb.Results {
		byItem[r.Item] = r.Status
	}
	if len(cb.Results) != 3 || byItem[items[0]] != wire.StatusSuccess || byItem[items[1]] != wire.StatusFailed || byItem[items[2]] != wire.StatusSuccess {
		t.Errorf("callback results %v", byItem)
	}
	// Credits are spent at matching time, for matches only.
	if n, _, _ := c.Credits(bg, false); n != 8 {
		t.Errorf("credits after delivery = %d, want 8", n)
	}
	// The delivery counts once the receiver's answer is in.
	eventually(t, "the delivery to be counted", func() bool {
		st := stats(t, base).Accounts[0]
		return st.Delivered == 1 && st.FailedAttempts == 0
	})
}

func TestCallbackRetriedUntil200(t *testing.T) {
	_, c, base := serve(t, fast(emulator.AccountConfig{Credits: 10}))
	rc := newReceiver(t)
	rc.respond = func(n int) int {
		if n < 3 {
			return http.StatusInternalServerError
		}
		return http.StatusOK
	}
	s := sample(t, base, 1)
	if _, _, err := c.LookupAsync(bg, wire.LookupRequest{Items: s.Email, CallbackURL: rc.URL}); err != nil {
		t.Fatal(err)
	}
	cb := rc.next(t)
	if len(cb.Results) != 1 || cb.Results[0].Status != wire.StatusSuccess {
		t.Errorf("results %+v", cb.Results)
	}
	eventually(t, "stats of the delivery", func() bool {
		st := stats(t, base).Accounts[0]
		return st.Delivered == 1 && st.FailedAttempts == 2
	})
}

func TestCallbackDiscardedAfterRetries(t *testing.T) {
	for _, tc := range []struct {
		name string
		set  func(*receiver)
	}{
		{"receiver answers 500", func(rc *receiver) { rc.respond = func(int) int { return http.StatusInternalServerError } }},
		{"receiver answers 204", func(rc *receiver) { rc.respond = func(int) int { return http.StatusNoContent } }},
		{"receiver hangs", func(rc *receiver) { rc.hang = 2 * time.Second }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, c, base := serve(t, fast(emulator.AccountConfig{Credits: 10}))
			rc := newReceiver(t)
			tc.set(rc)
			s := sample(t, base, 2)
			for i := 0; i < 2; i++ {
				if _, _, err := c.LookupAsync(bg, wire.LookupRequest{Items: s.Email[i : i+1], CallbackURL: rc.URL}); err != nil {
					t.Fatal(err)
				}
			}
			var st emulator.AccountStats
			eventually(t, "both deliveries discarded", func() bool {
				st = stats(t, base).Accounts[0]
				return st.Discarded == 2
			})
			if st.FailedAttempts != 8 || st.Delivered != 0 {
				t.Errorf("%d failed attempts, %d delivered; want 4 per delivery and none", st.FailedAttempts, st.Delivered)
			}
			rc.mu.Lock()
			attempts := rc.attempts
			rc.mu.Unlock()
			if attempts != 8 {
				t.Errorf("receiver saw %d attempts, want 8", attempts)
			}
			// One notice per account per period, however many discards.
			all := stats(t, base)
			if st.Notices != 1 || len(all.Notices) != 1 || len(all.Notices[0].RequestIDs) != 1 {
				t.Errorf("notices: %d, %+v", st.Notices, all.Notices)
			}
			// Credits stay spent.
			if n, _, _ := c.Credits(bg, false); n != 8 {
				t.Errorf("credits = %d, want 8", n)
			}
		})
	}
}

func TestCallbackLoss(t *testing.T) {
	cfg := fast(emulator.AccountConfig{Credits: 10})
	cfg.CallbackLoss = 1
	_, c, base := serve(t, cfg)
	rc := newReceiver(t)
	s := sample(t, base, 1)
	if _, _, err := c.LookupAsync(bg, wire.LookupRequest{Items: s.UID, CallbackURL: rc.URL}); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the delivery to be lost", func() bool { return stats(t, base).Accounts[0].Lost == 1 })
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if rc.attempts != 0 {
		t.Errorf("a lost delivery reached the receiver %d times", rc.attempts)
	}
}

func TestTimeoutExceeded(t *testing.T) {
	cfg := fast(emulator.AccountConfig{Credits: 10})
	cfg.TimeoutRate = 1
	_, c, base := serve(t, cfg)
	rc := newReceiver(t)
	s := sample(t, base, 3)
	if _, _, err := c.LookupAsync(bg, wire.LookupRequest{Items: s.Email, CallbackURL: rc.URL}); err != nil {
		t.Fatal(err)
	}
	for _, r := range rc.next(t).Results {
		if r.Status != wire.StatusTimeoutExceeded || len(r.Candidate) != 0 {
			t.Errorf("%s: %s with candidate %d bytes", r.Item, r.Status, len(r.Candidate))
		}
	}
	// Synchronous lookups never time out.
	results, _, err := c.LookupSync(bg, []string{"someone@example.invalid"}, false)
	if err != nil || results[0].Status != wire.StatusFailed {
		t.Errorf("sync: %v %v", results, err)
	}
	if n, _, _ := c.Credits(bg, false); n != 10 {
		t.Errorf("timed-out items cost credits: %d left", n)
	}
}

// TestNoticeAtPeriodEnd: a request discarded within the notice period
// after a notice goes out in a notice of its own when the period ends,
// with no further discard to carry it (interface 6.3).
func TestNoticeAtPeriodEnd(t *testing.T) {
	const period = 400 * time.Millisecond
	cfg := fast(emulator.AccountConfig{Credits: 10})
	cfg.NoticePeriod = period
	_, c, base := serve(t, cfg)
	rc := newReceiver(t)
	rc.respond = func(int) int { return http.StatusInternalServerError }
	s := sample(t, base, 2)
	var ids []int64
	for i := range 2 {
		id, _, err := c.LookupAsync(bg, wire.LookupRequest{Items: s.Email[i : i+1], CallbackURL: rc.URL})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	eventually(t, "both deliveries discarded", func() bool { return stats(t, base).Accounts[0].Discarded == 2 })
	eventually(t, "the second notice", func() bool { return len(notices(t, base)) == 2 })
	got := notices(t, base)
	if len(got[0].RequestIDs) != 1 || len(got[1].RequestIDs) != 1 ||
		got[0].RequestIDs[0] == got[1].RequestIDs[0] || !slices.Contains(ids, got[0].RequestIDs[0]) || !slices.Contains(ids, got[1].RequestIDs[0]) {
		t.Errorf("notices %+v, want one for each of %v", got, ids)
	}
	if gap := got[1].At.Sub(got[0].At); gap < period {
		t.Errorf("the second notice came %v after the first, within the period %v", gap, period)
	}
	if got[0].Error == "" || got[0].Account != "default" {
		t.Errorf("notice %+v: no error or account", got[0])
	}
	if st := stats(t, base); st.Accounts[0].Notices != 2 || len(st.Notices) != 2 {
		t.Errorf("stats: %d notices, %d listed", st.Accounts[0].Notices, len(st.Notices))
	}
}

// notices reads GET /_emulator/notices, checking its shape on the way.
func notices(t *testing.T, base string) []emulator.Notice {
	t.Helper()
	resp, err := http.Get(base + "/_emulator/notices")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var raw []map[string]json.RawMessage
	if err := json.NewDecoder(resp.Body).Decode(&raw); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("notices: %d, %v", resp.StatusCode, err)
	}
	out := make([]emulator.Notice, len(raw))
	for i, n := range raw {
		if n["at"] == nil || n["requestIds"] == nil {
			t.Fatalf("notice %d lacks at or requestIds: %v", i, n)
		}
		b, _ := json.Marshal(n)
		json.Unmarshal(b, &out[i])
	}
	for i := 1; i < len(out); i++ {
		if out[i].At.Before(out[i-1].At) {
			t.Errorf("notices not oldest first: %v before %v", out[i-1].At, out[i].At)
		}
	}
	return out
}
