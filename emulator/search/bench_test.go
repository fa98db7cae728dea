package search

import (
	"encoding/json"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/emulator/world"
)

// benchQueries are typical filtered searches: a title and a place,
// keywords and an industry, a company, a level, department and country,
// and a few mixed ones.
var benchQueries = []string{
	`{"currentTitle": "\"Software Engineer\"", "location": "United States"}`,
	`{"currentTitle": "Engineer OR Developer", "location": "Berlin, Germany"}`,
	`{"currentPastTitle": "Recruiter", "location": ["Texas", "California"]}`,
	`{"keywords": "Python AND (Kubernetes OR Docker)", "industry": "Computer Software"}`,
	`{"keywords": "\"machine learning\" NOT Java", "industries": ["Information Technology and Services", "Internet"]}`,
	`{"currentCompany": "Labs"}`,
	`{"currentPastCompany": "\"Blue Peak\" OR Stonebridge"}`,
	`{"level": ["VP", "C-Level"], "department": ["Sales", "Marketing"], "location": "United Kingdom"}`,
	`{"level": ["Senior"], "department": ["Engineering / Development"], "location": "India", "openToWork": true}`,
	`{"currentTitle": "Manager NOT Assistant", "yearsOfCurrentExperienceFrom": 3, "location": "Austin, TX"}`,
	`{"education": "\"Computer Science\" AND MBA", "yearsOfCurrentPastExperienceFrom": 10}`,
	`{"fullName": "Maria Garcia"}`,
}

// BenchmarkSearch measures typical filtered searches over a world of a
// million people: parsing the body, evaluating the filters, and rendering
// the first page of ten profiles. It reports the latency percentiles over
// the query mix, and the index's build time and heap.
func BenchmarkSearch(b *testing.B) {
	if testing.Short() {
		b.Skip("a world of a million people takes seconds to build; skipped with -short")
	}
	w := world.New(world.Config{People: 1000000})
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	ix := New(w)
	build := time.Since(start)
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)

	var lat []time.Duration
	k := 0
	for b.Loop() {
		body := []byte(benchQueries[k%len(benchQueries)])
		k++
		t0 := time.Now()
		q, err := ix.Parse(body)
		if err != nil {
			b.Fatal(err)
		}
		res := ix.Run(q, Exclusions{})
		page, _ := res.Page(0, q.Size)
		for _, i := range page {
			if _, err := json.Marshal(ix.Profile(i)); err != nil {
				b.Fatal(err)
			}
		}
		lat = append(lat, time.Since(t0))
	}
	slices.Sort(lat)
	pct := func(p float64) float64 { return float64(lat[int(p*float64(len(lat)-1))].Microseconds()) / 1000 }
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
	b.ReportMetric(build.Seconds(), "index-s")
	b.ReportMetric(float64(int64(after.HeapAlloc)-int64(before.HeapAlloc))/(1<<20), "index-MB")
	runtime.KeepAlive(ix)
}
