package e2e

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/demo/namedraw"
	"github.com/enrich-dev/enrich/internal/redistest"
)

// namesAndURLs writes a sheet of 30 rows found only by name and company,
// and 10 more found by their profile URL.
func namesAndURLs(t *testing.T, j *job) {
	t.Helper()
	d := namedraw.New(j.emu.World(), rand.New(rand.NewPCG(5, 5)))
	var b strings.Builder
	b.WriteString("Name,Company,LinkedIn\n")
	seen := map[int]bool{} // thirty people, each searched once
	for i := range 30 {
		r := d.Draw(0)
		for seen[r.Person] {
			r = d.Draw(0)
		}
		seen[r.Person] = true
		fmt.Fprintf(&b, "%q,%q,\n", r.First+" "+r.Last+r.Name, r.Company)
		if i%3 == 0 {
			fmt.Fprintf(&b, "Someone Else,Acme,%s\n", j.emu.World().Person(i).ProfileURL())
		}
	}
	writeFile(t, j.input, b.String())
}

// searchesAnswer answers the people searches with status while refuse
// says so; the rest goes to the service.
func searchesAnswer(status int, refuse func(n int32) bool) func(http.Handler) http.Handler {
	var n atomic.Int32
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == api.PathSearch && refuse(n.Add(1)) {
				w.WriteHeader(status)
				w.Write([]byte(`{"error": "no"}`))
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

// A people search refused for good (a 404 endpoint, a 403 account
// without it) stops searching once, saying why: the rows found by their
// identifiers are done, the others say why in enrich_error, and the run
// ends with exit 2 and what to fix, never claiming that running again
// resumes. It used to end "incomplete … running the same command again
// resumes", exit 3.
func TestPeopleSearchRefusedForGood(t *testing.T) {
	t.Parallel()
	for _, status := range []int{404, 403} {
		t.Run(fmt.Sprint(status), func(t *testing.T) {
			t.Parallel()
			j := newJobWith(t, fastService(100000), 0, searchesAnswer(status, func(int32) bool { return true }))
			namesAndURLs(t, j)
			r := j.enrich(t, j.args()...)
			r.expectCode(t, 2)
			if strings.Contains(r.stderr, "resumes") || !strings.Contains(r.stderr, "not searched") {
				t.Errorf("stderr:\n%s", r.stderr)
			}
			header, rows := readCSV(t, j.output)
			status, foundBy, why := column(t, header, "enrich_status"), column(t, header, "enrich_found_by"), column(t, header, "enrich_error")
			counts := map[string]int{}
			for _, row := range rows {
				counts[row[status]+"/"+row[foundBy]]++
				if row[foundBy] == "" && !strings.Contains(row[why], "not searched by name") {
					t.Errorf("a row not searched says %q", row[why])
				}
			}
			if counts["success/linkedin"] != 10 || counts["pending/"] != 30 {
				t.Errorf("rows %v; want the 10 found by identifier done and 30 saying why not", counts)
			}
		})
	}
}

// A 429 for more than three searches at once waits and is made again: it
// no longer stops every search of the run; and --max-searches caps the
// searches a run makes.
func TestPeopleSearchLimits(t *testing.T) {
	t.Parallel()
	t.Run("429", func(t *testing.T) {
		t.Parallel()
		j := newJobWith(t, fastService(100000), 0, searchesAnswer(429, func(n int32) bool { return n <= 24 }))
		namesAndURLs(t, j)
		r := j.enrich(t, j.args()...)
		r.expectCode(t, 0)
		if st := j.stats(); st.SearchQueries < 30 {
			t.Errorf("%d searches made for 30 rows", st.SearchQueries)
		}
	})
	t.Run("max-searches", func(t *testing.T) {
		t.Parallel()
		j := newJob(t, fastService(100000), 0)
		namesAndURLs(t, j)
		start := time.Now()
		r := j.enrich(t, j.args("--max-searches", "5")...)
		r.expectCode(t, 3)
		if st := j.stats(); st.SearchQueries > 5 || st.SearchQueries == 0 {
			t.Errorf("%d searches with --max-searches 5", st.SearchQueries)
		}
		if !strings.Contains(r.stderr, "--max-searches 5 reached") {
			t.Errorf("stderr does not say why:\n%s", r.stderr)
		}
		if time.Since(start) > time.Minute {
			t.Error("slow")
		}
	})
}

// Two runs on one key share the account's three searches at once: on one
// machine through its state directory, on two machines through the Redis
// that shares their budget. Neither meets a 429 for concurrency, and both
// end complete. Two runs of 40 rows used to end with 24 and 32 rows
// pending, and then to wait out 429s.
func TestSearchSlotsShared(t *testing.T) {
	t.Parallel()
	for _, through := range []string{"machine", "redis"} {
		t.Run(through, func(t *testing.T) {
			t.Parallel()
			cfg := fastService(100000)
			cfg.SearchDelay = 150 * time.Millisecond
			j := newJob(t, cfg, 0)
			namesAndURLs(t, j)
			var env [2][]string
			if through == "redis" {
				srv := redistest.Start(t)
				for i := range env {
					env[i] = []string{"ENRICH_BUDGET_URL=" + srv.URL, "ENRICH_STATE_DIR=" + t.TempDir()}
				}
			}
			var wg sync.WaitGroup
			var results [2]result
			for i := range results {
				wg.Go(func() {
					args := j.args("-o", filepath.Join(j.dir, fmt.Sprintf("out%d.csv", i)),
						"--journal", filepath.Join(j.dir, fmt.Sprintf("run%d.journal", i)))
					results[i] = j.enrichEnv(t, env[i], args...)
				})
			}
			wg.Wait()
			for i, r := range results {
				if r.code != 0 {
					t.Errorf("run %d exited %d:\n%s", i, r.code, r.stderr)
				}
			}
			st := j.stats()
			if st.SearchConcurrencyLimited != 0 {
				t.Errorf("the service answered %d searches 429 for more than three at once", st.SearchConcurrencyLimited)
			}
			if st.SearchQueries < 60 {
				t.Errorf("%d searches made for two runs of 30 names", st.SearchQueries)
			}
		})
	}
}
