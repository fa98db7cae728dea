package e2e

import (
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/emulator"
)

// creditMeter holds every run of a job to its --max-credits. It counts
// what the service charged from just before a run starts to just before
// the next one starts (and to the end for the last), so that the results
// a run left in flight are charged to it.
//
// The service charges a lookup when it processes it, up to its slowest
// delay after the run sent it; before it reads, the meter waits until the
// service has processed every lookup it accepted. Without the wait, what
// a killed run left in flight would be charged to the run after it.
type creditMeter struct {
	emu    *emulator.Emulator
	max    int64 // --max-credits; 0 is none, and the meter does nothing
	replay string

	run    string // the run being measured; "" before the first
	from   int64  // the credits charged when it started
	failed bool   // a run overran the cap, and the log was shown
}

// next ends the interval of the run being measured, and writes what it
// was charged to log, and starts run's; "" ends the last.
func (m *creditMeter) next(t *testing.T, run string, log *strings.Builder) {
	t.Helper()
	if m.max == 0 {
		return
	}
	waitFor(t, "the service to process every lookup it accepted", func() bool {
		st := m.emu.Stats().Accounts[0]
		processed := 0
		for _, n := range st.Items {
			processed += n
		}
		return processed >= st.ItemsAccepted
	})
	used := m.emu.Stats().Accounts[0].CreditsUsed["standard"]
	if m.run != "" {
		fmt.Fprintf(log, "%s: charged %d credits (--max-credits %d)\n", m.run, used-m.from, m.max)
		if used-m.from > m.max {
			shown := log.String()
			if m.failed {
				shown = ""
			}
			t.Errorf("%s: the service charged %d credits, more than --max-credits %d\n%s%s", m.run, used-m.from, m.max, shown, m.replay)
			m.failed = true
		}
	}
	m.run, m.from = run, used
}

// downAtStart is how long the service was down once a run that began at
// began started: from its start, or from its first request for the run
// whose first request placed an outage that starts at once. It is 0 when
// the service was up as the run began.
func downAtStart(sch schedule, st emulator.Stats, began time.Time) time.Duration {
	if sch.outage == nil || len(st.Outages) == 0 {
		return 0
	}
	s := st.Outages[0]
	switch {
	case sch.outage.At == 0 && !s.From.Before(began):
		return s.Until.Sub(s.From)
	case !s.From.After(began) && began.Before(s.Until):
		return s.Until.Sub(began)
	}
	return 0
}

// checkWritten fails the test unless a run that stopped as incomplete
// wrote the output: a new file in place of the one before it (nil when
// there was none).
func checkWritten(t *testing.T, run int, output string, before os.FileInfo, context string) {
	t.Helper()
	after, err := os.Stat(output)
	switch {
	case err != nil:
		t.Fatalf("run %d stopped as incomplete without writing the output: %v\n%s", run, err, context)
	case before != nil && os.SameFile(before, after):
		t.Fatalf("run %d stopped as incomplete and left the output of the run before it\n%s", run, context)
	}
}

// salvage copies the job's journal into a new one with `enrich journal
// salvage OLD NEW`, as a user does after a disk trouble, and the job goes
// on with the copy. It returns what salvage said.
func (j *job) salvage(t *testing.T, replay string) string {
	t.Helper()
	next := filepath.Join(j.dir, fmt.Sprintf("salvaged-%d.journal", time.Now().UnixNano()))
	out, res := j.stdout(t, "journal", "salvage", j.journal, next)
	if res.code != 0 {
		t.Fatalf("journal salvage %s %s exited %d\n%s%s\n%s", j.journal, next, res.code, out, res.stderr, replay)
	}
	// A copy of a sound journal is sound: every lookup's result is its
	// own.
	if check, res := j.stdout(t, "journal", "check", next); res.code != 0 {
		t.Errorf("journal check of a journal salvaged from a sound one exited %d\n%s%s\n%s", res.code, check, res.stderr, replay)
	}
	j.journal = next
	return out
}

// exists reports whether there is a file at path.
func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// lateAnswers is the service with every answer of its API held for d on
// its way back, as over a slow network: the callback of a lookup may
// reach the client before the answer to the request, and the balance in
// that answer's X-Credits-Left is then older than what the client has
// received. The emulator's admin endpoints answer at once.
func lateAnswers(h http.Handler, d time.Duration) http.Handler {
	if d == 0 {
		return h
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/_emulator/") {
			h.ServeHTTP(w, r)
			return
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		timer := time.NewTimer(d)
		defer timer.Stop()
		select {
		case <-timer.C:
		case <-r.Context().Done():
			return
		}
		maps.Copy(w.Header(), rec.Header())
		w.WriteHeader(rec.Code)
		w.Write(rec.Body.Bytes())
	})
}

// damageWhileRunning damages the job's journal in place once results have
// come and a moment more has passed, unless the run ends first (ctx), and
// says on damaged whether it did. An older copy of the journal, taken at
// the first results, is what "another journal" copies over it.
func damageWhileRunning(t *testing.T, j *job, kind *damageKind, r *rand.Rand, ctx context.Context, damaged chan<- bool) {
	for j.emu.Stats().Accounts[0].Delivered == 0 {
		select {
		case <-ctx.Done():
			damaged <- false
			return
		case <-time.After(20 * time.Millisecond):
		}
	}
	older := filepath.Join(j.dir, "older.journal")
	b, err := os.ReadFile(j.journal)
	if err == nil {
		err = os.WriteFile(older, b, 0o600)
	}
	if err != nil {
		damaged <- false
		return
	}
	select {
	case <-ctx.Done():
		damaged <- false
		return
	case <-time.After(time.Duration(r.IntN(800)) * time.Millisecond):
	}
	kind.do(t, j.journal, older, r)
	damaged <- true
}
