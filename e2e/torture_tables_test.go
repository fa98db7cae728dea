package e2e

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"syscall"
	"testing"
	"time"
)

// TestTableKilledAndResumed is the generative suite's draw of database
// inputs and outputs: for each seed, the leads of an SQLite or a
// PostgreSQL table enriched into a table of their own or back into
// themselves (--fill blank), the run killed at a random instant (SIGKILL,
// nothing flushed) once or twice, then run again until it completes.
// Whatever the instants: the output table holds every input row once,
// by key, its cells as a run that was never killed writes them; no
// identifier is paid twice but for the deliveries the kills discarded;
// and a run after it sends nothing. The seed is in each subtest's name
// (-seed and -seeds draw others, a third as many as TestTorture's).
func TestTableKilledAndResumed(t *testing.T) {
	t.Parallel()
	const rows = 80
	// A run that is never killed: the output every seed must reach.
	control := newJob(t, fastService(10000), rows)
	controlDB := sqliteDB(t, t.TempDir())
	controlDB.load(t, "leads", keyedSheet(t, control))
	args := control.args("--fill", "blank")
	args[1], args[3] = controlDB.ref("leads"), controlDB.ref("enriched")
	if r := control.enrich(t, args...); r.code != 0 {
		t.Fatalf("the control run: exit %d\n%s", r.code, r.stderr)
	}
	want := controlDB.query(t, "SELECT * FROM enriched ORDER BY CAST(id AS INTEGER)")
	args[3] = controlDB.ref("leads")
	if r := control.enrich(t, args...); r.code != 0 {
		t.Fatalf("the control run written back: exit %d\n%s", r.code, r.stderr)
	}
	wantBack := controlDB.query(t, "SELECT * FROM leads ORDER BY id")

	for seed := *firstSeed; seed < *firstSeed+uint64((*seeds+2)/3); seed++ {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			r := rand.New(rand.NewPCG(seed, 0x7461626c))
			replay := fmt.Sprintf("replay: go test ./e2e/ -run 'TestTableKilledAndResumed/seed=%d$' -seed %d -seeds 1", seed, seed)
			cfg := fastService(10000)
			cfg.CallbackDelay, cfg.MaxCallbackDelay = 300*time.Millisecond, 1200*time.Millisecond
			j := newJob(t, cfg, rows)
			db := sqliteDB(t, t.TempDir())
			if r.IntN(2) == 0 {
				db = postgresDB(t)
			}
			db.load(t, "leads", keyedSheet(t, j))
			inPlace := r.IntN(2) == 0
			out, table, expect := db.ref("enriched"), "enriched", want
			if inPlace {
				out, table, expect = db.ref("leads"), "leads", wantBack
			}
			args := j.args("--fill", "blank", "--listen", freePort(t))
			args[1], args[3] = db.ref("leads"), out
			kills := 1 + r.IntN(2)
			var instants []time.Duration
			for range kills {
				instants = append(instants, time.Duration(100+r.IntN(1400))*time.Millisecond)
			}
			t.Logf("seed %d: %s, %s, killed after %v; %s", seed, db.name, table, instants, replay)
			for _, after := range instants {
				cmd := j.command(context.Background(), args...)
				if err := cmd.Start(); err != nil {
					t.Fatal(err)
				}
				done := make(chan error, 1)
				go func() { done <- cmd.Wait() }()
				select {
				case err := <-done:
					t.Logf("the run ended before its kill: %v", err)
				case <-time.After(after):
					cmd.Process.Signal(syscall.SIGKILL)
					<-done
				}
			}
			for run := 0; ; run++ {
				res := j.enrich(t, args...)
				if res.code == 0 {
					break
				}
				if res.code != 3 || run == 3 {
					t.Fatalf("run after the kills: exit %d\n%s\n%s", res.code, res.stderr, replay)
				}
			}
			got := db.query(t, "SELECT * FROM "+table+" ORDER BY CAST(id AS INTEGER)")
			if len(got) != len(expect) {
				t.Fatalf("%d rows; want %d, every input row once\n%s", len(got)-1, len(expect)-1, replay)
			}
			for i := range expect {
				if !slices.Equal(got[i], expect[i]) {
					t.Errorf("row %d:\n killed %q\n never  %q\n%s", i, got[i], expect[i], replay)
				}
			}
			st := j.stats()
			bound := distinctFound(t, j) + int64(st.DiscardedCharged) + int64(st.LostAnswerCharged) + int64(st.LateCharged)
			if used := st.CreditsUsed["standard"]; used > bound {
				t.Errorf("credits used %d, more than %d distinct matches and paid discarded deliveries\n%s", used, bound, replay)
			}
			// A run after completion sends nothing, written back in place
			// too: the identifiers the fill wrote into the table (an e-mail
			// found through a phone) are the found person's own.
			before := j.stats().ItemsAccepted
			if res := j.enrich(t, args...); res.code != 0 || j.stats().ItemsAccepted != before {
				t.Errorf("the run after completion: exit %d, %d items sent; want 0 and none\n%s\n%s", res.code, j.stats().ItemsAccepted-before, res.stderr, replay)
			}
		})
	}
}
