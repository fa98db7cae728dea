package pipeline_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/demo/leads"
	"github.com/enrich-dev/enrich/emulator"
	"github.com/enrich-dev/enrich/emulator/world"
	"github.com/enrich-dev/enrich/pipeline"
	"github.com/enrich-dev/enrich/sources"
	"github.com/enrich-dev/enrich/state"
)

// The benchmarks of the run engine's targets. They take minutes, real
// time, and run with `make bench`, never in `make test`.

// BenchmarkBudget enriches 2,000 distinct leads at the service's real
// budget of 600 items per 60 s. The ideal schedule sends 600 items at 0,
// 60 and 120 s and the last 200 at 180 s; the target is to finish within
// that plus 10 s, with no window over the limit.
func BenchmarkBudget(b *testing.B) {
	if testing.Short() {
		b.Skip("takes more than three minutes")
	}
	for i := 0; i < b.N; i++ {
		emu, err := emulator.New(emulator.Config{
			People:        20000,
			Default:       emulator.AccountConfig{Key: "k", Credits: 100000},
			CallbackDelay: 500 * time.Millisecond,
		})
		if err != nil {
			b.Fatal(err)
		}
		srv := httptest.NewServer(emu)
		dir := b.TempDir()
		input := filepath.Join(dir, "leads.csv")
		writeDistinct(b, emu.World(), input, 2000)
		c, _ := api.New(srv.URL, "k")
		start := time.Now()
		report, err := pipeline.Run(context.Background(), pipeline.Config{
			Input: input, Output: filepath.Join(dir, "out.csv"), Journal: filepath.Join(dir, "j"),
			Service: c, Listen: "127.0.0.1:0",
		})
		took := time.Since(start)
		if err != nil || !report.Complete {
			b.Fatalf("run: %v %+v", err, report)
		}
		st := emu.Stats().Accounts[0]
		ideal := 180 * time.Second
		b.ReportMetric(took.Seconds(), "s/run")
		b.ReportMetric((took - ideal).Seconds(), "s-over-ideal")
		b.ReportMetric(float64(st.MaxWindowItems), "max-window-items")
		b.ReportMetric(float64(st.RateLimited), "429s")
		if took > ideal+10*time.Second || st.MaxWindowItems > 600 || st.RateLimited > 0 {
			b.Errorf("took %v (ideal %v), window max %d, 429s %d", took, ideal, st.MaxWindowItems, st.RateLimited)
		}
		srv.Close()
		emu.Close()
	}
}

// writeDistinct writes a sheet of n profile URLs of n different people.
func writeDistinct(tb testing.TB, w *world.World, path string, n int) {
	sheet := make([]leads.Lead, n)
	for i := range sheet {
		p := w.Person(i)
		sheet[i] = leads.Lead{Cells: []string{p.FirstName, p.LastName, "", p.ProfileURL(), "", "", "", ""}}
	}
	if err := leads.WriteCSV(path, sheet); err != nil {
		tb.Fatal(err)
	}
}

// BenchmarkJournalSize stores profiles of about 30 KB of raw JSON and
// reports the journal's size per profile. Target: under 6 KB.
func BenchmarkJournalSize(b *testing.B) {
	if testing.Short() {
		b.Skip("writes a large journal")
	}
	w := world.New(world.Config{People: 25000})
	const profiles = 20000
	for n := 0; n < b.N; n++ {
		path := filepath.Join(b.TempDir(), "j")
		j, err := state.Open(path, state.Options{NoSync: true})
		if err != nil {
			b.Fatal(err)
		}
		var raw int
		for start := 0; start < profiles; start += 100 {
			items := make([]string, 100)
			results := make([]wire.Result, 100)
			for i := range items {
				p := w.Person(start + i)
				items[i] = p.ProfileURL()
				body, _ := json.Marshal(map[string]any{"item": items[i], "status": "success", "candidate": json.RawMessage(largeProfile(w, p))})
				raw += len(body)
				if err := json.Unmarshal(body, &results[i]); err != nil {
					b.Fatal(err)
				}
			}
			bt, _, _ := j.Begin(state.WithContacts, items, false, time.Now())
			j.Accepted(bt.Seq, int64(start+1), time.Now())
			if _, err := j.Deliver(state.Ref{RequestID: int64(start + 1)}, results, time.Now(), state.Policy{}); err != nil {
				b.Fatal(err)
			}
		}
		file, used, err := j.Usage()
		if err != nil {
			b.Fatal(err)
		}
		j.Close()
		b.ReportMetric(float64(raw)/profiles/1024, "KB-raw/profile")
		b.ReportMetric(float64(file)/profiles/1024, "KB-file/profile")
		b.ReportMetric(float64(used)/profiles/1024, "KB-used/profile")
	}
}

// largeProfile is a candidate grown to about 30 KB the way rich profiles
// are: a long history with descriptions, and long lists.
func largeProfile(w *world.World, p *world.Person) []byte {
	var c map[string]any
	json.Unmarshal(w.Candidate(p, false), &c)
	exp, _ := c["experience"].([]any)
	for k := 0; len(exp) > 0 && estimate(c) < 30000; k++ {
		job := map[string]any{}
		for key, v := range exp[k%len(exp)].(map[string]any) {
			job[key] = v
		}
		other := w.Person((int(p.Index)*7 + k + 1) % w.Len())
		job["summary"] = w.Summary(other)
		if len(other.Jobs) > 0 {
			job["summary"] = w.Summary(other) + " " + w.JobDescription(other, 0)
		}
		exp = append(exp, job)
		c["experience"] = exp
	}
	b, _ := json.Marshal(c)
	return b
}

func estimate(c map[string]any) int { b, _ := json.Marshal(c); return len(b) }

// BenchmarkResume runs a job over a journal that already holds 1,000,000
// resolved lookups, with 100 rows still to do, and measures the time from
// the start of the run to its first lookup request, less the time to read
// the input. Target: within 2 s.
func BenchmarkResume(b *testing.B) {
	if testing.Short() {
		b.Skip("builds a journal of a million lookups")
	}
	const resolved, todo = 1_000_000, 100
	// The fixture takes a minute to build; it is kept between runs in the
	// system's temporary folder, and each run works on a copy.
	fixture := filepath.Join(os.TempDir(), "enrich-bench-resume-v2")
	input, pristine := filepath.Join(fixture, "leads.csv"), filepath.Join(fixture, "journal")
	if _, err := os.Stat(pristine); err != nil {
		os.MkdirAll(fixture, 0o755)
		buildResumeFixture(b, input, pristine+".tmp", resolved, todo)
		if err := os.Rename(pristine+".tmp", pristine); err != nil {
			b.Fatal(err)
		}
	}
	dir := b.TempDir()
	journal := filepath.Join(dir, "j")

	emu, err := emulator.New(emulator.Config{People: 2000, Default: emulator.AccountConfig{Key: "k", Credits: 1000}})
	if err != nil {
		b.Fatal(err)
	}
	defer emu.Close()
	var first atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		if r.URL.Path == api.PathLookup {
			first.CompareAndSwap(0, time.Now().UnixNano())
		}
		emu.ServeHTTP(rw, r)
	}))
	defer srv.Close()
	c, _ := api.New(srv.URL, "k")
	for n := 0; n < b.N; n++ {
		first.Store(0)
		copyFile(b, pristine, journal)
		readStart := time.Now()
		inputRead := readInput(b, input)
		readTook := time.Since(readStart)
		start := time.Now()
		_, err := pipeline.Run(context.Background(), pipeline.Config{
			Input: input, Output: filepath.Join(dir, "out.csv"), Journal: journal,
			Service: c, Listen: "127.0.0.1:0", MaxDuration: time.Millisecond, DrainTimeout: time.Millisecond,
			Log: slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug})),
		})
		if err != nil {
			b.Fatal(err)
		}
		if first.Load() == 0 {
			b.Fatal("the run sent nothing")
		}
		toFirst := time.Duration(first.Load() - start.UnixNano())
		b.ReportMetric(toFirst.Seconds(), "s-to-first-request")
		b.ReportMetric(readTook.Seconds(), "s-read-input")
		b.ReportMetric((toFirst - readTook).Seconds(), "s-beyond-input")
		_ = inputRead
	}
}

// buildResumeFixture writes a sheet of resolved+todo rows, one e-mail
// each, and a journal in which the first resolved of them were found.
func buildResumeFixture(tb testing.TB, input, journal string, resolved, todo int) {
	f, err := os.Create(input)
	if err != nil {
		tb.Fatal(err)
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	bw.WriteString("Name,Email\n")
	for i := 0; i < resolved+todo; i++ {
		fmt.Fprintf(bw, "Person %d,person%d@resume.example\n", i, i)
	}
	if err := bw.Flush(); err != nil {
		tb.Fatal(err)
	}
	f.Close()

	j, err := state.Open(journal, state.Options{NoSync: true})
	if err != nil {
		tb.Fatal(err)
	}
	defer j.Close()
	for start := 0; start < resolved; start += wire.MaxItems {
		items := make([]string, wire.MaxItems)
		results := make([]wire.Result, wire.MaxItems)
		for i := range items {
			items[i] = fmt.Sprintf("person%d@resume.example", start+i)
			raw := fmt.Sprintf(`{"item":%q,"status":"success","candidate":{"uid":"%032x","fullName":"Person %d"}}`, items[i], start+i, start+i)
			if err := json.Unmarshal([]byte(raw), &results[i]); err != nil {
				tb.Fatal(err)
			}
		}
		b, _, err := j.Begin(state.WithContacts, items, false, time.Now().Add(-time.Hour))
		if err != nil {
			tb.Fatal(err)
		}
		if _, err := j.Deliver(state.Ref{Seq: b.Seq}, results, time.Now().Add(-time.Hour), state.Policy{}); err != nil {
			tb.Fatal(err)
		}
	}
}

// readInput reads every row of a sheet, as a run does before it starts.
func readInput(tb testing.TB, path string) int {
	t, err := sources.Open(path, sources.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	defer t.Close()
	n := 0
	for {
		_, err := t.Next()
		if errors.Is(err, io.EOF) {
			return n
		}
		if err != nil {
			tb.Fatal(err)
		}
		n++
	}
}

func copyFile(tb testing.TB, from, to string) {
	b, err := os.ReadFile(from)
	if err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o600); err != nil {
		tb.Fatal(err)
	}
}
