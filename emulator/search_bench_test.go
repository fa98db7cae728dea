package emulator_test

import (
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/emulator"
)

// BenchmarkSearchHTTP measures typical filtered searches as a client sees
// them: over loopback, through api.Client, against an emulator of a
// million people (as `enrich emulator --people 1000000`). It reports the
// latency percentiles over the query mix.
func BenchmarkSearchHTTP(b *testing.B) {
	if testing.Short() {
		b.Skip("a world of a million people takes seconds to build; skipped with -short")
	}
	emu, err := emulator.New(emulator.Config{People: 1000000, Default: emulator.AccountConfig{Key: "k",
		SearchQueriesPerDay: 1 << 30, SearchProfilesPerDay: 1 << 30}})
	if err != nil {
		b.Fatal(err)
	}
	emu.PrepareSearch()
	srv := httptest.NewServer(emu)
	defer func() { srv.Close(); emu.Close() }()
	c, err := api.New(srv.URL, "k", api.WithBackoff(api.Backoff{Attempts: 1}))
	if err != nil {
		b.Fatal(err)
	}
	queries := []wire.SearchQuery{
		{CurrentTitle: `"Software Engineer"`, Location: wire.Locations{"United States"}},
		{CurrentTitle: "Engineer OR Developer", Location: wire.Locations{"Berlin, Germany"}},
		{CurrentPastTitle: "Recruiter", Location: wire.Locations{"Texas", "California"}},
		{Keywords: "Python AND (Kubernetes OR Docker)", Industry: "Computer Software"},
		{Keywords: `"machine learning" NOT Java`, Industries: []string{"Information Technology and Services", "Internet"}},
		{CurrentCompany: "Labs"},
		{Level: []string{"VP", "C-Level"}, Department: []string{"Sales", "Marketing"}, Location: wire.Locations{"United Kingdom"}},
		{Level: []string{"Senior"}, Department: []string{"Engineering / Development"}, Location: wire.Locations{"India"}},
		{CurrentTitle: "Manager NOT Assistant", Location: wire.Locations{"Austin, TX"}},
		{Education: `"Computer Science" AND MBA`, Keywords: "SQL"},
	}
	var lat []time.Duration
	k := 0
	for b.Loop() {
		t0 := time.Now()
		if _, _, err := c.Search(bg, queries[k%len(queries)]); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(t0))
		k++
	}
	slices.Sort(lat)
	pct := func(p float64) float64 { return float64(lat[int(p*float64(len(lat)-1))].Microseconds()) / 1000 }
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
}
