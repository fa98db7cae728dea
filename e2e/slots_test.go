package e2e

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/internal/redistest"
)

// runWithin runs the binary with env, and fails the test if it does not
// end within limit.
func (j *job) runWithin(t *testing.T, limit time.Duration, env []string, args ...string) (result, time.Duration) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := j.command(ctx, args...)
	cmd.Env = append(cmd.Env, env...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	start := time.Now()
	cmd.Run()
	took := time.Since(start)
	if ctx.Err() != nil {
		t.Fatalf("the run did not end within %v:\n%s", limit, lastLines(stderr.String(), 20))
	}
	return result{code: cmd.ProcessState.ExitCode(), stderr: stderr.String()}, took
}

// TestSlowRedisEndsTheRun: a Redis that answers each call in 1.5 s
// answers no update of the budget within its bound: it counts as down,
// and the run ends within --service-wait, incomplete (exit 3), naming
// the shared budget. Each update took six seconds and passed, and a run
// of hours never counted Redis down, nor ended.
func TestSlowRedisEndsTheRun(t *testing.T) {
	t.Parallel()
	srv := redistest.Start(t)
	slow := srv.Slow(1500 * time.Millisecond)
	j := newJob(t, fastService(10000), 0)
	jm := machineJobs(t, j, 1, 300)[0]
	res, took := jm.runWithin(t, time.Minute, machineEnv(j, 0, slow.URL), jm.args("--service-wait", "5s", "--drain-timeout", "1s")...)
	res.expectCode(t, 3)
	if r := jm.report(t); r.StopReason != "the shared budget (Redis) did not answer for --service-wait" {
		t.Errorf("stop reason %q", r.StopReason)
	}
	t.Logf("the run ended after %v", took.Round(time.Second))
}

// holdLocks takes the exclusive locks of the account's three search lock
// files in state, as a process that holds them for ever would, writing
// nothing in them; release, or the test's end, lets go.
func holdLocks(t *testing.T, state, acct string) (release func()) {
	t.Helper()
	if err := os.MkdirAll(state, 0o700); err != nil {
		t.Fatal(err)
	}
	var files []*os.File
	for i := range 3 {
		f, err := os.OpenFile(filepath.Join(state, fmt.Sprintf("search-%s.%d.lock", acct, i)), os.O_RDWR|os.O_CREATE, 0o600)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
			t.Fatal(err)
		}
	}
	release = func() {
		for _, f := range files {
			f.Close() // closing the file drops its lock
		}
	}
	t.Cleanup(release)
	return release
}

// TestSearchesHeldEndTheRun: a process that holds the account's three
// search lock files for ever holds its searches: a run that finds rows by
// name waits for a slot within --service-wait, then ends incomplete
// (exit 3) saying the account's searches are held and by whom, the rows
// found by identifier done. Three members forged into Redis with no end
// are removed by the first look, and the run completes. Both used to
// make every by-name run wait for ever.
func TestSearchesHeldEndTheRun(t *testing.T) {
	t.Parallel()
	t.Run("lock files", func(t *testing.T) {
		t.Parallel()
		j := newJob(t, fastService(100000), 0)
		namesAndURLs(t, j)
		state := filepath.Join(j.dir, "state")
		holdLocks(t, state, accountOf(t, j))
		res, took := j.runWithin(t, time.Minute, []string{"ENRICH_STATE_DIR=" + state}, j.args("--service-wait", "3s")...)
		res.expectCode(t, 3)
		if !strings.Contains(res.stderr, "the account's searches are held") || !strings.Contains(res.stderr, "a process that wrote no name in its lock file (3 slots)") {
			t.Errorf("the run does not say the searches are held, and by whom:\n%s", lastLines(res.stderr, 20))
		}
		header, rows := readCSV(t, j.output)
		status, why := column(t, header, "enrich_status"), column(t, header, "enrich_error")
		counts := map[string]int{}
		for _, row := range rows {
			counts[row[status]]++
			if row[status] == "pending" && (!strings.Contains(row[why], "searches are held") || strings.Contains(row[why], "quota")) {
				t.Errorf("a row waiting for its search says %q; want the searches held, not the quota", row[why])
			}
		}
		if counts["success"] != 10 || counts["pending"] != 30 {
			t.Errorf("rows %v; want the 10 found by identifier done, the 30 by name pending", counts)
		}
		if r := j.report(t); r.ByName == nil || r.ByName.Searches != 0 {
			t.Errorf("the report counts searches made: %+v; none was", r.ByName)
		}
		t.Logf("the run ended after %v", took.Round(time.Second))
		// enrich search ends so too: incomplete, what was fetched written.
		res, _ = j.runWithin(t, time.Minute, []string{"ENRICH_STATE_DIR=" + state}, "search", "--location", "United States", "--max", "20", "-o", filepath.Join(j.dir, "found.csv"), "--service-wait", "3s")
		if res.code != 3 || !strings.Contains(res.stderr, "the account's searches are held") {
			t.Errorf("enrich search with the searches held: exit %d\n%s\nwant 3, saying they are held", res.code, lastLines(res.stderr, 10))
		}
	})
	t.Run("forged in Redis", func(t *testing.T) {
		t.Parallel()
		srv := redistest.Start(t)
		j := newJob(t, fastService(100000), 0)
		namesAndURLs(t, j)
		c := redis.NewClient(&redis.Options{Addr: srv.Addr})
		defer c.Close()
		var forged []redis.Z
		for i := range 3 {
			forged = append(forged, redis.Z{Score: math.Inf(1), Member: fmt.Sprintf("forged%d someone", i)})
		}
		if err := c.ZAdd(context.Background(), "enrich:searches:"+accountOf(t, j), forged...).Err(); err != nil {
			t.Fatal(err)
		}
		res, _ := j.runWithin(t, time.Minute, []string{"ENRICH_BUDGET_URL=" + srv.URL, "ENRICH_STATE_DIR=" + t.TempDir()}, j.args("--service-wait", "10s")...)
		res.expectCode(t, 0)
	})
}

// slowAnswers stands for a service whose search answers come in two
// parts, 100 ms apart, and counts the searches under way at the service:
// from the request's arrival to the answer's last byte.
type slowAnswers struct {
	now, most atomic.Int32
}

func (s *slowAnswers) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != api.PathSearch && !strings.HasPrefix(r.URL.Path, api.PathScroll) {
			next.ServeHTTP(w, r)
			return
		}
		n := s.now.Add(1)
		defer s.now.Add(-1)
		for m := s.most.Load(); n > m && !s.most.CompareAndSwap(m, n); m = s.most.Load() {
		}
		next.ServeHTTP(&halves{ResponseWriter: w}, r)
	})
}

// halves writes an answer's first half at once and the rest 100 ms later.
type halves struct{ http.ResponseWriter }

func (h *halves) Write(b []byte) (int, error) {
	half := len(b) / 2
	n, err := h.ResponseWriter.Write(b[:half])
	if err != nil {
		return n, err
	}
	http.NewResponseController(h.ResponseWriter).Flush()
	time.Sleep(100 * time.Millisecond)
	m, err := h.ResponseWriter.Write(b[half:])
	return n + m, err
}

// TestSearchSlotUntilAnswerRead runs two runs on one key, each finding 30
// rows by name, against a service whose search answers come in two parts:
// a slot is given back only once its answer is read whole, so the service
// never has more than three searches under way, and has three. A slot
// given back before the call, or at the answer's first bytes, lets a
// fourth in; no other test noticed.
func TestSearchSlotUntilAnswerRead(t *testing.T) {
	t.Parallel()
	var count slowAnswers
	j := newJobWith(t, fastService(100000), 0, count.wrap)
	namesAndURLs(t, j)
	var wg sync.WaitGroup
	var results [2]result
	for i := range results {
		wg.Go(func() {
			args := j.args("-o", filepath.Join(j.dir, fmt.Sprintf("out%d.csv", i)),
				"--journal", filepath.Join(j.dir, fmt.Sprintf("run%d.journal", i)))
			results[i] = j.enrich(t, args...)
		})
	}
	wg.Wait()
	for i, r := range results {
		if r.code != 0 {
			t.Errorf("run %d exited %d:\n%s", i, r.code, lastLines(r.stderr, 20))
		}
	}
	if most := count.most.Load(); most != 3 {
		t.Errorf("the service had up to %d searches under way at once; want 3 (the account's), reached", most)
	}
	if st := j.stats(); st.SearchQueries < 60 || st.SearchConcurrencyLimited != 0 {
		t.Errorf("%d searches for two runs of 30 names, %d answered 429", st.SearchQueries, st.SearchConcurrencyLimited)
	}
}

// runsDeadSearches stands for the service as it is: a search runs to its
// end (a second) whether or not its caller is still there to read the
// answer, and a fourth at once is answered 429.
type runsDeadSearches struct {
	now, limited atomic.Int32
}

func (s *runsDeadSearches) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != api.PathSearch && !strings.HasPrefix(r.URL.Path, api.PathScroll) {
			next.ServeHTTP(w, r)
			return
		}
		defer s.now.Add(-1)
		if s.now.Add(1) > 3 {
			s.limited.Add(1)
			w.WriteHeader(http.StatusTooManyRequests)
			w.Write([]byte(`{"error": "Too many concurrent search requests"}`))
			return
		}
		time.Sleep(time.Second)
		if r.Context().Err() != nil {
			return // its caller died; the search ran all the same
		}
		next.ServeHTTP(w, r)
	})
}

// TestKilledSearchesStillCount kills with SIGKILL a run whose three
// searches are under way, and starts another at once: the dead run's
// slots stay taken until its searches may have ended at the service, and
// the next run meets no 429. The dead run's locks were dropped with it,
// and the next run's searches met the service still running the dead
// one's.
func TestKilledSearchesStillCount(t *testing.T) {
	t.Parallel()
	var svc runsDeadSearches
	j := newJobWith(t, fastService(100000), 0, svc.wrap)
	namesAndURLs(t, j)
	state := filepath.Join(j.dir, "state")
	env := []string{"ENRICH_STATE_DIR=" + state}
	cmd := j.command(context.Background(), j.args("--service-wait", "5s")...)
	cmd.Env = append(cmd.Env, env...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	waitFor(t, "three searches under way", func() bool { return svc.now.Load() == 3 })
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	res, _ := j.runWithin(t, time.Minute, env, j.args("--service-wait", "5s",
		"-o", filepath.Join(j.dir, "next.csv"), "--journal", filepath.Join(j.dir, "next.journal"))...)
	res.expectCode(t, 0)
	if n := svc.limited.Load(); n != 0 {
		t.Errorf("the next run met %d × 429: the killed run's searches still ran at the service", n)
	}
}
