package budget

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

// openLabeled opens the account's ledger in dir for a budget of limit
// items a minute, for a process that runs label.
func openLabeled(t *testing.T, dir string, limit int, label string) *Ledger {
	t.Helper()
	l, err := Open(dir, testAccount, limit, time.Minute, Options{Label: label})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(l.Close)
	return l
}

// TestLedgerUsage: a run without room learns which other live runs hold
// the window, by the labels they were opened with, and how much each
// holds; the items of a run that stopped count without a name.
func TestLedgerUsage(t *testing.T) {
	dir := t.TempDir()
	const limit = 600
	pid := os.Getpid()
	a := openLabeled(t, dir, limit, "enrich run a.csv -o a-out.csv")
	b := openLabeled(t, dir, limit, "enrich run b.csv")
	gone := openLabeled(t, dir, limit, "enrich run gone.csv")
	me := openLabeled(t, dir, limit, "")

	gone.Want(t0, true)
	gone.Settle(gone.Take(t0, 100), t0.Add(time.Second))
	gone.Close()
	a.Want(t0, true)
	a.Settle(a.Take(t0, 250), t0.Add(time.Second))
	b.Want(t0, true)
	b.Take(t0, 150) // still under way
	me.Want(t0, true)
	me.Take(t0, 100)

	now := t0.Add(2 * time.Second)
	a.Want(now, false) // a has sent all it had
	if got := me.Room(now); got != 0 {
		t.Fatalf("room %d in a full window", got)
	}
	got := me.Usage(now)
	want := Usage{Limit: limit, Share: limit / 2, Own: 100, Others: 500, Peers: []Peer{
		{Label: fmt.Sprintf("pid %d: enrich run a.csv -o a-out.csv", pid), Items: 250},
		{Label: fmt.Sprintf("pid %d: enrich run b.csv", pid), Items: 150, Waiting: true},
	}}
	if !equalUsage(got, want) {
		t.Fatalf("usage\n%+v\nwant\n%+v", got, want)
	}
	line := fmt.Sprintf("other runs hold 500 of the 600 items the budget allows, and this run 100: "+
		"pid %d: enrich run a.csv -o a-out.csv, holding 250; pid %d: enrich run b.csv, holding 150; runs that stopped sending, 100", pid, pid)
	if s := got.String(); s != line {
		t.Errorf("usage says\n%s\nwant\n%s", s, line)
	}

	// The others see this one by its process id alone, as it gave no label.
	if runs := a.Usage(now).Peers; !slices.ContainsFunc(runs, func(r Peer) bool {
		return r.Label == fmt.Sprintf("pid %d", pid) && r.Items == 100 && r.Waiting
	}) {
		t.Errorf("a sees the runs %+v, want the unlabelled one as its pid with 100 items", runs)
	}
	// Once their claims are stale, nobody is named.
	if runs := me.Usage(now.Add(claimFresh)).Peers; len(runs) != 0 {
		t.Errorf("runs %+v named after their claims went stale", runs)
	}
}

// TestLedgerUsageShare: a run that holds its share while another waits
// says so, naming the run that waits.
func TestLedgerUsageShare(t *testing.T) {
	dir := t.TempDir()
	a := openLabeled(t, dir, 100, "enrich run a.csv")
	b := openLabeled(t, dir, 100, "enrich run b.csv")
	a.Want(t0, true)
	b.Want(t0, true)
	if r := a.Take(t0, 100); r.N != 50 {
		t.Fatalf("a took %d, want its share of 50", r.N)
	}
	u := a.Usage(t0)
	if a.Room(t0) != 0 || u.Own != 50 || u.Share != 50 || u.Others != 0 {
		t.Fatalf("usage %+v after taking the share", u)
	}
	line := fmt.Sprintf("this run holds its share, 50 of the 100 items the budget allows, while 1 other run waits for room: pid %d: enrich run b.csv, holding 0", os.Getpid())
	if s := u.String(); s != line {
		t.Errorf("usage says\n%s\nwant\n%s", s, line)
	}
}

// TestLedgerWithoutLabels: a ledger written before claims had labels
// still reads, and its runs are named by their process ids.
func TestLedgerWithoutLabels(t *testing.T) {
	dir := t.TempDir()
	me := openLabeled(t, dir, 100, "enrich run mine.csv")
	at := func(d time.Duration) string { return `"` + t0.Add(d).Format(time.RFC3339Nano) + `"` }
	raw := `{"entries":[` +
		`{"o":"4242-abcdef","i":1,"t":` + at(-30*time.Second) + `,"n":30},` +
		`{"o":"4343-fedcba","i":2,"t":` + at(-time.Second) + `,"n":20,"p":true}],` +
		`"claims":[{"o":"4242-abcdef","b":` + at(-time.Second) + `},` +
		`{"o":"4343-fedcba","w":true,"b":` + at(-time.Second) + `}],"next":2}`
	if err := writeRaw(me.Path(), raw); err != nil {
		t.Fatal(err)
	}
	me.Want(t0, true)
	if got := me.Room(t0); got != 50 {
		t.Errorf("room %d beside 50 items of the old ledger, want 50", got)
	}
	want := Usage{Limit: 100, Share: 50, Own: 0, Others: 50, Peers: []Peer{
		{Label: "pid 4242", Items: 30},
		{Label: "pid 4343", Items: 20, Waiting: true},
	}}
	if got := me.Usage(t0); !equalUsage(got, want) {
		t.Errorf("usage\n%+v\nwant\n%+v", got, want)
	}
	// Written back, the old claims keep what they said and ours has its label.
	l := readLedger(t, me.Path())
	if len(l.Entries) != 2 || len(l.Claims) != 3 || l.Claims[0].Label != "" || !l.Claims[1].Wants ||
		l.Claims[2].Label != fmt.Sprintf("pid %d: enrich run mine.csv", os.Getpid()) {
		t.Errorf("the ledger file holds %+v", l)
	}
}

// TestLocalUsage: a budget of one process reports its own items, and no
// other run.
func TestLocalUsage(t *testing.T) {
	l := NewLocal(10, time.Minute)
	l.Seed(t0.Add(-30*time.Second), 4)
	l.Take(t0, 6)
	want := Usage{Limit: 10, Share: 10, Own: 10}
	if got := l.Usage(t0); !equalUsage(got, want) {
		t.Errorf("usage %+v, want %+v", got, want)
	}
	if s, want := l.Usage(t0).String(), "this run holds 10 of the 10 items the budget allows"; s != want {
		t.Errorf("usage says %q, want %q", s, want)
	}
	if got := l.Usage(t0.Add(30 * time.Second)); got.Own != 6 {
		t.Errorf("usage %+v once the seeded 4 left the window, want 6 of its own", got)
	}
}

func equalUsage(a, b Usage) bool {
	return a.Limit == b.Limit && a.Share == b.Share && a.Own == b.Own && a.Others == b.Others && slices.Equal(a.Peers, b.Peers)
}

// TestUsageString: what the account's budget is held by, as a person
// would say it, in every state: this run's share while others wait,
// others' share, runs that stopped, a budget smaller than what others
// hold. The sentence follows "waiting for the account's budget: ".
func TestUsageString(t *testing.T) {
	run := func(label string, items int, waiting bool) Peer {
		return Peer{Label: label, Items: items, Waiting: waiting}
	}
	for _, tc := range []struct {
		name string
		u    Usage
		want string
	}{
		{"alone", Usage{Limit: 600, Share: 600, Own: 600},
			"this run holds 600 of the 600 items the budget allows"},
		{"alone beside an idle run", Usage{Limit: 600, Share: 600, Own: 600, Peers: []Peer{run("pid 1: x", 0, false)}},
			"this run holds 600 of the 600 items the budget allows"},
		{"others' share", Usage{Limit: 600, Share: 300, Own: 100, Others: 500, Peers: []Peer{run("pid 1: x", 500, true)}},
			"other runs hold 500 of the 600 items the budget allows, and this run 100: pid 1: x, holding 500"},
		{"others stopped", Usage{Limit: 600, Share: 600, Others: 600},
			"other runs hold 600 of the 600 items the budget allows, and this run 0: runs that stopped sending, 600"},
		{"own share, others waiting", Usage{Limit: 600, Share: 200, Own: 200, Others: 100, Peers: []Peer{
			run("pid 1: x", 100, true), run("pid 2: y", 0, true), run("pid 3: z", 0, false)}},
			"this run holds its share, 200 of the 600 items the budget allows, while 2 other runs wait for room: pid 1: x, holding 100; pid 2: y, holding 0"},
		{"own share and a full window", Usage{Limit: 600, Share: 300, Own: 300, Others: 300, Peers: []Peer{run("pid 812: enrich run b.csv", 300, true)}},
			"this run holds its share, 300 of the 600 items the budget allows, while 1 other run waits for room: pid 812: enrich run b.csv, holding 300"},
		// --items-per-minute 40 beside runs of 600: they hold more than
		// this run may ever hold.
		{"budget smaller than what others hold", Usage{Limit: 40, Share: 20, Own: 0, Others: 400, Peers: []Peer{run("pid 1: x", 400, true)}},
			"other runs hold 400 items, more than this run's whole budget of 40; it sends once theirs leave the window: pid 1: x, holding 400"},
		{"many", Usage{Limit: 600, Share: 120, Own: 100, Others: 500, Peers: []Peer{
			run("pid 1", 200, true), run("pid 2", 100, true), run("pid 3", 100, true), run("pid 4", 60, true), run("pid 5", 40, true)}},
			"other runs hold 500 of the 600 items the budget allows, and this run 100: pid 1, holding 200; pid 2, holding 100; pid 3, holding 100; 2 other runs, holding 100"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.u.String(); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

func TestProcessLabel(t *testing.T) {
	long := strings.Repeat("x", 200)
	for _, tc := range []struct{ label, want string }{
		{"", "pid 7"},
		{"enrich run leads.csv", "pid 7: enrich run leads.csv"},
		{"enrich run 'a\nb.csv'\t -o\x1b[2Jout.csv", "pid 7: enrich run 'a b.csv' -o [2Jout.csv"},
		{long, "pid 7: " + long[:maxLabel-1] + "…"},
	} {
		if got := processLabel(7, tc.label); got != tc.want {
			t.Errorf("processLabel(%q) = %q, want %q", tc.label, got, tc.want)
		}
	}
}
