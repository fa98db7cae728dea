package export_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/demo/leads"
	"github.com/enrich-dev/enrich/emulator"
	"github.com/enrich-dev/enrich/export"
	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/pipeline"
	"github.com/enrich-dev/enrich/runsheet"
	"github.com/enrich-dev/enrich/sources"
	"github.com/enrich-dev/enrich/state"
)

// TestKnownExportSameAsExport: an export takes the rows' identifiers and
// the answers read from the journal from a model (the run's own, or one
// read first), rather than parsing each row and looking its identifiers
// up as it is written. Over drawn sheets and faults, and runs that stop
// early and resume, the run's output and enrich export's are byte for
// byte what the row-by-row export writes from the same journal.
func TestKnownExportSameAsExport(t *testing.T) {
	for seed := uint64(1); seed <= 2; seed++ {
		t.Run(fmt.Sprint("seed=", seed), func(t *testing.T) {
			t.Logf("replay: go test ./export -run 'TestKnownExportSameAsExport/seed=%d$'", seed)
			knownExportCase(t, seed)
		})
	}
}

func knownExportCase(t *testing.T, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 0x6b6e6f776e))
	emu, err := emulator.New(emulator.Config{
		People:           2000,
		Seed:             int64(seed),
		Default:          emulator.AccountConfig{Key: "k", Credits: 100000, WithoutContactsCredits: 100000, ItemsPerMinute: 200},
		RateWindow:       time.Second,
		CallbackDelay:    30 * time.Millisecond,
		MaxCallbackDelay: 300 * time.Millisecond,
		RetryGaps:        []time.Duration{50 * time.Millisecond},
		AnswerTimeout:    time.Second,
		DuplicatePeriod:  200 * time.Millisecond,
		CallbackLoss:     rng.Float64() * 0.3,
		DuplicateRate:    rng.Float64() * 0.3,
		TimeoutRate:      rng.Float64() * 0.1,
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(emu)
	t.Cleanup(func() { srv.Close(); emu.Close() })
	client, err := api.New(srv.URL, "k", api.WithBackoff(api.Backoff{Attempts: 3, Base: 10 * time.Millisecond, Max: 50 * time.Millisecond}))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	input := filepath.Join(dir, "leads.csv")
	if err := leads.WriteCSV(input, leads.Generate(emu.World(), 150+rng.IntN(150), seed)); err != nil {
		t.Fatal(err)
	}
	output := "out.csv"
	if rng.IntN(2) == 0 {
		output = "out.jsonl"
	}
	cfg := pipeline.Config{
		Input:           input,
		Output:          filepath.Join(dir, output),
		Journal:         filepath.Join(dir, "job.journal"),
		Source:          sources.Options{DefaultRegion: leads.DefaultRegion},
		Service:         client,
		Listen:          "127.0.0.1:0",
		ItemsPerMinute:  200,
		RateWindow:      time.Second,
		CallbackTimeout: time.Second,
		RetryWait:       200 * time.Millisecond,
		DrainTimeout:    time.Second,
		MaxAttempts:     2,
	}
	exportCfg := export.Config{Input: cfg.Input, Output: filepath.Join(dir, "export"+filepath.Ext(output)), Source: cfg.Source}
	for run := 1; run <= 3; run++ {
		c := cfg
		if run == 1 {
			c.MaxCredits = 40 // stops early: later runs resume
		}
		if _, err := pipeline.Run(context.Background(), c); err != nil && !errors.Is(err, fault.ErrAccount) {
			t.Logf("run %d: %v", run, err)
		}
		j, err := state.Open(cfg.Journal, state.Options{Command: "test"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := export.ExportRows(context.Background(), j, exportCfg); err != nil {
			t.Fatal(err)
		}
		export.SameFiles(t, fmt.Sprintf("run %d's output", run), cfg.Output, exportCfg.Output)
		standalone := exportCfg
		standalone.Output = filepath.Join(dir, "standalone"+filepath.Ext(output))
		if _, err := export.Export(context.Background(), j, standalone); err != nil {
			t.Fatal(err)
		}
		export.SameFiles(t, fmt.Sprintf("after run %d, enrich export", run), standalone.Output, exportCfg.Output)

		// A model read afresh: every answered lookup is settled.
		m, _, err := runsheet.Load(context.Background(), cfg.Input, cfg.Source, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := m.ReadJournal(j, state.WithContacts, time.Time{}); err != nil {
			t.Fatal(err)
		}
		settled := 0
		for _, l := range m.Lookups {
			if l.Settled {
				settled++
			}
		}
		if settled == 0 {
			t.Fatalf("run %d: no lookup settled: the model's answers are not tried", run)
		}
		known := exportCfg
		known.Output = filepath.Join(dir, "known"+filepath.Ext(output))
		if _, err := export.ExportModel(context.Background(), j, known, m, 0); err != nil {
			t.Fatal(err)
		}
		export.SameFiles(t, fmt.Sprintf("after run %d, the export from the model (%d of %d lookups settled)", run, settled, len(m.Lookups)), known.Output, exportCfg.Output)

		// As CSV (the profiles are preloaded: JSONL reads each row's own)
		// with room for a few profiles only: the preload stops early, and
		// the cache starts again and again as the rows are written.
		rows := exportCfg
		rows.Output = filepath.Join(dir, "rows.csv")
		flat := export.FlatReads()
		if _, err := export.ExportRows(context.Background(), j, rows); err != nil {
			t.Fatal(err)
		}
		flat = export.FlatReads() - flat
		// The results read from their flat records, as the journal keeps
		// them, give what decoding each profile again gives.
		decoded := rows
		decoded.Output = filepath.Join(dir, "decoded.csv")
		export.DecodingEach(func() {
			if _, err := export.ExportRows(context.Background(), j, decoded); err != nil {
				t.Fatal(err)
			}
		})
		export.SameFiles(t, fmt.Sprintf("after run %d, the export from flat records (%d read)", run, flat), rows.Output, decoded.Output)
		if flat == 0 && strings.Contains(readFile(t, rows.Output), "success") {
			t.Fatalf("run %d: no result read from a flat record: the comparison compares nothing", run)
		}
		small := known
		small.Output = filepath.Join(dir, "small.csv")
		if _, err := export.ExportModel(context.Background(), j, small, m, 4<<10); err != nil {
			t.Fatal(err)
		}
		export.SameFiles(t, fmt.Sprintf("after run %d, the export from the model with a small cache", run), small.Output, rows.Output)
		j.Close()
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
