package budget

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"os"
	"strings"
	"testing"
	"time"
)

// readLedger returns what the ledger file holds: what every other process
// on the account reads.
func readLedger(t *testing.T, path string) ledger {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var l ledger
	if err := json.Unmarshal(data, &l); err != nil {
		t.Fatalf("ledger %s: %v", path, err)
	}
	return l
}

// openLedger opens the account's ledger in dir for a budget of limit items
// a minute, logging to log (nil: nowhere).
func openLedger(t *testing.T, dir string, limit int, log *slog.Logger) *Ledger {
	t.Helper()
	l, err := Open(dir, testAccount, limit, time.Minute, Options{Log: log})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(l.Close)
	return l
}

// TestLedgerFutureEntry: an entry dated more than a window ahead (a run
// whose clock was an hour ahead wrote it) counts from now, is written back
// as now so that it leaves the window, and holds no run for longer than a
// window; one less than a window ahead is left as it is.
func TestLedgerFutureEntry(t *testing.T) {
	const limit, span = 100, time.Minute
	for _, tc := range []struct {
		name string
		// write puts a settled entry of limit items, dated ahead of t0,
		// in the ledger of dir.
		write func(t *testing.T, dir string, ahead time.Duration)
	}{
		{"written by hand", func(t *testing.T, dir string, ahead time.Duration) {
			at := t0.Add(ahead).Format(time.RFC3339Nano)
			raw := `{"entries":[{"o":"4242-abcdef","i":1,"t":"` + at + `","n":100}],` +
				`"claims":[],"next":1}`
			if err := writeRaw(openLedger(t, dir, limit, nil).Path(), raw); err != nil {
				t.Fatal(err)
			}
		}},
		{"a run with its clock ahead", func(t *testing.T, dir string, ahead time.Duration) {
			l, err := Open(dir, testAccount, limit, span, Options{})
			if err != nil {
				t.Fatal(err)
			}
			now := t0.Add(ahead)
			l.Want(now, true)
			r := l.Take(now, limit)
			if r.N != limit {
				t.Fatalf("the run ahead took %d", r.N)
			}
			l.Settle(r, now)
			l.Close()
		}},
	} {
		t.Run(tc.name+", an hour ahead", func(t *testing.T) {
			dir := t.TempDir()
			tc.write(t, dir, time.Hour)
			var logged bytes.Buffer
			b := openLedger(t, dir, limit, slog.New(slog.NewTextHandler(&logged, nil)))
			b.Want(t0, true)
			if got := b.Room(t0); got != 0 {
				t.Errorf("room %d at once beside an entry of the whole budget", got)
			}
			if got := b.Next(t0, limit); !got.Equal(t0.Add(span)) {
				t.Errorf("the budget is free again %v after now, want one window", got.Sub(t0))
			}
			l := readLedger(t, b.Path())
			if len(l.Entries) != 1 || !l.Entries[0].At.Equal(t0) {
				t.Fatalf("the ledger file holds %+v, want the entry rewritten as %v", l.Entries, t0)
			}
			if got := b.Room(t0.Add(span)); got != limit {
				t.Errorf("room %d a window later, want %d", got, limit)
			}
			if r := b.Take(t0.Add(span), limit); r.N != limit {
				t.Errorf("took %d a window later, want %d", r.N, limit)
			}
			if n := strings.Count(logged.String(), "the clock of another run on this account was ahead"); n != 1 {
				t.Errorf("the future entry was told %d times in the log, want once:\n%s", n, &logged)
			}
		})
		t.Run(tc.name+", half a window ahead", func(t *testing.T) {
			dir := t.TempDir()
			tc.write(t, dir, span/2)
			b := openLedger(t, dir, limit, nil)
			b.Want(t0, true)
			if got := b.Room(t0.Add(span)); got != 0 {
				t.Errorf("room %d a window from now, before the entry leaves it", got)
			}
			if got := b.Room(t0.Add(span + span/2)); got != limit {
				t.Errorf("room %d once the entry left the window, want %d", got, limit)
			}
			l := readLedger(t, b.Path())
			if len(l.Entries) != 1 || !l.Entries[0].At.Equal(t0.Add(span/2)) {
				t.Errorf("the ledger file holds %+v, want the entry as it was", l.Entries)
			}
		})
	}
}

// TestLedgerFutureClaim: a claim whose beat is far ahead (its process's
// clock was ahead, and it died) does not keep the process alive: its
// share and its unanswered request are given up as for any dead process.
func TestLedgerFutureClaim(t *testing.T) {
	const limit, span = 100, time.Minute
	dir := t.TempDir()
	b := openLedger(t, dir, limit, nil)
	raw := `{"entries":[{"o":"4242-abcdef","i":1,"t":"` + t0.Format(time.RFC3339Nano) + `","n":40,"p":true}],` +
		`"claims":[{"o":"4242-abcdef","w":true,"b":"` + t0.Add(time.Hour).Format(time.RFC3339Nano) + `"}],"next":1}`
	if err := writeRaw(b.Path(), raw); err != nil {
		t.Fatal(err)
	}
	b.Want(t0, true)
	if got := b.Room(t0); got != limit/2 {
		t.Errorf("room %d beside a process that has just said it wants to send, want its share %d", got, limit/2)
	}
	if l := readLedger(t, b.Path()); len(l.Claims) != 2 || !l.Claims[0].Beat.Equal(t0) {
		t.Errorf("the ledger file holds the claims %+v, want the first rewritten as %v", l.Claims, t0)
	}
	if got := b.Room(t0.Add(claimFresh)); got != limit-40 {
		t.Errorf("room %d once the claim is stale, want all but the dead process's pending 40", got)
	}
	if got := b.Room(t0.Add(pendingHold + span)); got != limit {
		t.Errorf("room %d once the dead process's request must have left the window, want %d", got, limit)
	}
}

// TestLocalFuture: a budget of one process whose clock stepped back, or
// seeded with a request dated ahead, counts what is more than a window
// ahead from now.
func TestLocalFuture(t *testing.T) {
	const span = time.Minute
	for _, tc := range []struct {
		name  string
		fill  func(l *Local)
		freed time.Duration // when the room comes back, after t0
	}{
		{"seeded an hour ahead", func(l *Local) { l.Seed(t0.Add(time.Hour), 10) }, span},
		{"clock stepped back an hour", func(l *Local) {
			now := t0.Add(time.Hour)
			l.Settle(l.Take(now, 10), now.Add(time.Second))
		}, span},
		{"seeded half a window ahead", func(l *Local) { l.Seed(t0.Add(span/2), 10) }, span + span/2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := NewLocal(10, span)
			tc.fill(l)
			if got := l.Room(t0); got != 0 {
				t.Errorf("room %d beside a request of the whole budget", got)
			}
			if got := l.Next(t0, 10); !got.Equal(t0.Add(tc.freed)) {
				t.Errorf("the budget is free again %v after now, want %v", got.Sub(t0), tc.freed)
			}
			if got := l.Room(t0.Add(tc.freed - time.Millisecond)); got != 0 {
				t.Errorf("room %d before the request left the window", got)
			}
			if got := l.Room(t0.Add(tc.freed)); got != 10 {
				t.Errorf("room %d once the request left the window, want 10", got)
			}
		})
	}
}
