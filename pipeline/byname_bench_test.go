package pipeline_test

import (
	"context"
	"encoding/csv"
	"math/rand/v2"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/emulator"
	"github.com/enrich-dev/enrich/internal/namedraw"
	"github.com/enrich-dev/enrich/pipeline"
)

// BenchmarkFindByName enriches 1,000 rows drawn from the emulator's
// 20,000-person world that name people only by name and company (package
// namedraw: the spellings sheets use, companies people left, people the
// world does not know), and checks every row against the truth.
// Targets: precision (rows matched to their own person, of the rows
// matched) at least 99.5 %; recall (rows found, of those whose person is
// the only one of that name at that company) at least 90 %; at most 1.5
// searches per row matched; a second run makes no search and spends no
// credit. The budget's window is compressed to a second.
func BenchmarkFindByName(b *testing.B) {
	for n := 0; n < b.N; n++ {
		emu, err := emulator.New(emulator.Config{
			People:              20000,
			Default:             emulator.AccountConfig{Key: "k", Credits: 100000},
			RateWindow:          time.Second,
			CallbackDelay:       100 * time.Millisecond,
			MaxCallbackDelay:    2 * time.Second,
			SearchQueriesPerDay: 100000, SearchProfilesPerDay: 10000000,
		})
		if err != nil {
			b.Fatal(err)
		}
		srv := httptest.NewServer(emu)
		dir := b.TempDir()
		input := filepath.Join(dir, "attendees.csv")
		truth := writeAttendees(b, emu, input, 1000)
		c, _ := api.New(srv.URL, "k")
		cfg := pipeline.Config{
			Input: input, Output: filepath.Join(dir, "out.csv"), Journal: filepath.Join(dir, "j"),
			Service: c, Searcher: c, FindByName: true, Listen: "127.0.0.1:0", RateWindow: time.Second,
		}
		start := time.Now()
		rep, err := pipeline.Run(context.Background(), cfg)
		took := time.Since(start)
		if err != nil || !rep.Complete {
			b.Fatalf("run: %v %+v", err, rep)
		}
		first := emu.Stats().Accounts[0]
		matched, wrong, unique, found := scoreAttendees(b, cfg.Output, truth)
		if _, err := pipeline.Run(context.Background(), cfg); err != nil {
			b.Fatal(err)
		}
		second := emu.Stats().Accounts[0]

		precision := float64(matched-wrong) / float64(max(matched, 1))
		recall := float64(found) / float64(max(unique, 1))
		perMatch := float64(first.SearchQueries) / float64(max(matched, 1))
		b.ReportMetric(took.Seconds(), "s/run")
		b.ReportMetric(100*precision, "precision-%")
		b.ReportMetric(100*recall, "recall-%")
		b.ReportMetric(perMatch, "searches/match")
		b.ReportMetric(float64(first.SearchProfiles)/float64(first.SearchQueries), "profiles/search")
		b.ReportMetric(float64(second.SearchQueries-first.SearchQueries), "second-run-searches")
		b.ReportMetric(float64(second.CreditsUsed["standard"]-first.CreditsUsed["standard"]), "second-run-credits")
		b.Logf("1,000 rows: %d matched (%d to someone else), %d of %d unique people found, %d searches, %d profiles, %v",
			matched, wrong, found, unique, first.SearchQueries, first.SearchProfiles, took.Round(time.Millisecond))
		if precision < 0.995 || recall < 0.90 || perMatch > 1.5 || second.SearchQueries != first.SearchQueries ||
			second.CreditsUsed["standard"] != first.CreditsUsed["standard"] {
			b.Errorf("precision %.3f, recall %.3f, %.2f searches per match, second run %d searches and %d credits",
				precision, recall, perMatch, second.SearchQueries-first.SearchQueries, second.CreditsUsed["standard"]-first.CreditsUsed["standard"])
		}
		srv.Close()
		emu.Close()
	}
}

// writeAttendees writes an attendee list of n drawn rows (name, company,
// city, title), and returns the truth of each.
func writeAttendees(tb testing.TB, emu *emulator.Emulator, path string, n int) []namedraw.Row {
	d := namedraw.New(emu.World(), rand.New(rand.NewPCG(2026, 11)))
	f, err := os.Create(path)
	if err != nil {
		tb.Fatal(err)
	}
	w := csv.NewWriter(f)
	_ = w.Write([]string{"Name", "Company", "City", "Title"})
	truth := make([]namedraw.Row, n)
	for i := range truth {
		r := d.Draw(10)
		name := r.Name
		if name == "" {
			name = r.First + " " + r.Last
		}
		_ = w.Write([]string{name, r.Company, r.City, r.Title})
		truth[i] = r
	}
	w.Flush()
	if err := f.Close(); err != nil {
		tb.Fatal(err)
	}
	return truth
}

// scoreAttendees compares the output with the truth: the rows matched,
// those matched to someone else, the rows of people alone of their name
// at their company, and those of them found.
func scoreAttendees(tb testing.TB, output string, truth []namedraw.Row) (matched, wrong, unique, found int) {
	f, err := os.Open(output)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		tb.Fatal(err)
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	for i, row := range rows[1:] {
		t := truth[i]
		ok := row[col["enrich_status"]] == "success"
		if ok {
			matched++
			if row[col["enrich_uid"]] != t.UID {
				wrong++
			}
		}
		if t.Unique {
			unique++
			if ok && row[col["enrich_uid"]] == t.UID {
				found++
			}
		}
	}
	return matched, wrong, unique, found
}
