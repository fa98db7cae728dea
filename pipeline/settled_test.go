package pipeline_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/demo/leads"
	"github.com/enrich-dev/enrich/pipeline"
	"github.com/enrich-dev/enrich/report"
)

// settledLog is what a run logs when its journal settles every row.
const settledLog = "every row is settled by the journal"

// TestSettledRunSameAsModel: a run whose journal already settles every row
// writes its output from the journal as it reads the input, once, and
// writes byte for byte the output, and the report, of a run that reads
// the input into its model first. Drawn sheets (spellings of the same
// people, invalid cells, strangers, rows named only by name and company),
// finding by name on and off, and CSV, .xlsx and JSONL outputs; on some
// seeds the job is first cut short by --max-credits, and a journal that
// does not settle every row must not settle the run.
func TestSettledRunSameAsModel(t *testing.T) {
	settled, model := 0, 0
	for seed := uint64(1); seed <= 10; seed++ {
		rng := rand.New(rand.NewPCG(seed, 0x736574746c6564))
		byName := seed%2 == 0
		// Seeds 1 and 5 begin the job finding by name, and go on without.
		begunByName := !byName && seed%4 == 1 && seed%3 != 0
		ext := []string{".csv", ".xlsx", ".jsonl"}[rng.IntN(3)]
		replay := fmt.Sprintf("seed %d (by name %v, output %s)", seed, byName, ext)
		h := newHarness(t, fastEmulator(1_000_000), 0)
		h.sheet = leads.Generate(h.emu.World(), 40+rng.IntN(120), seed)
		switch {
		case byName && rng.IntN(2) == 0:
			// Every row found by its identifiers: nobody to search for.
			h.sheet = slices.DeleteFunc(h.sheet, func(l leads.Lead) bool { return l.Status != "success" })
			replay += ", every row found"
		case begunByName || rng.IntN(2) == 0:
			h.sheet = append(h.sheet, leads.NameOnly(h.emu.World(), 1+rng.IntN(10), seed)...)
		}
		if err := leads.WriteCSV(h.input, h.sheet); err != nil {
			t.Fatal(err)
		}
		var log bytes.Buffer
		cfg := h.config(t, "out"+ext)
		cfg.FindByName, cfg.Searcher = byName, cfg.Service.(*api.Client)
		cfg.Log = slog.New(slog.NewTextHandler(&log, nil))
		if begunByName {
			// The job was begun finding by name: the journal holds
			// searches, which a run that does not find by name still
			// counts (report.KindName).
			first := cfg
			first.FindByName = true
			if _, err := pipeline.Run(context.Background(), first); err != nil {
				t.Fatalf("%s: %v", replay, err)
			}
			replay += ", begun finding by name"
		}
		if seed%3 == 0 {
			cut := cfg
			cut.MaxCredits = 3
			if r, err := pipeline.Run(context.Background(), cut); err != nil || r.Complete {
				t.Fatalf("%s: a run cut short by --max-credits: %v, complete %v", replay, err, r != nil && r.Complete)
			}
			log.Reset()
			r, err := pipeline.Run(context.Background(), cfg)
			if err != nil {
				t.Fatalf("%s: %v", replay, err)
			}
			if strings.Contains(log.String(), settledLog) || r.ItemsSent == 0 {
				t.Fatalf("%s: a run whose journal leaves rows to look up was settled (sent %d items)", replay, r.ItemsSent)
			}
		} else if _, err := pipeline.Run(context.Background(), cfg); err != nil {
			t.Fatalf("%s: %v", replay, err)
		}
		restore := pipeline.SetModelOnly(true)
		want, wantReport := runAgain(t, cfg, replay)
		restore()
		log.Reset()
		got, gotReport := runAgain(t, cfg, replay)
		if strings.Contains(log.String(), settledLog) {
			settled++
		} else {
			model++
		}
		t.Logf("%s: settled %v", replay, strings.Contains(log.String(), settledLog))
		if !bytes.Equal(got, want) {
			t.Errorf("%s: the settled run wrote another output than the run through its model", replay)
		}
		if gotReport != wantReport {
			t.Errorf("%s: the settled run's report differs:\n%s\nthe model's:\n%s", replay, gotReport, wantReport)
		}
	}
	t.Logf("%d runs settled by their journal, %d through their model", settled, model)
	if settled == 0 || model == 0 {
		t.Errorf("%d runs settled by their journal, %d through their model: the test sees one path only", settled, model)
	}
}

// runAgain runs cfg over a journal that answers every row, and returns
// its output and its report, without what differs between two runs.
func runAgain(t *testing.T, cfg pipeline.Config, replay string) ([]byte, string) {
	t.Helper()
	r, err := pipeline.Run(context.Background(), cfg)
	if err != nil {
		t.Fatalf("%s: %v", replay, err)
	}
	if !r.Complete || r.ItemsSent != 0 {
		t.Fatalf("%s: a run over a complete job: complete %v, %d items sent", replay, r.Complete, r.ItemsSent)
	}
	out, err := os.ReadFile(cfg.Output)
	if err != nil {
		t.Fatal(err)
	}
	var onDisk report.Run
	b, err := os.ReadFile(cfg.Output + ".report.json")
	if err == nil {
		err = json.Unmarshal(b, &onDisk)
	}
	if err != nil {
		t.Fatalf("%s: the report beside the output: %v", replay, err)
	}
	shown := withoutTimes(*r)
	if shown != withoutTimes(onDisk) {
		t.Fatalf("%s: the report returned is not the report written beside the output", replay)
	}
	return out, shown
}

// withoutTimes returns the report r as JSON, without the times of the run.
func withoutTimes(r report.Run) string {
	r.Started, r.Finished, r.DurationSeconds = time.Time{}, time.Time{}, 0
	b, _ := json.MarshalIndent(r, "", " ")
	return string(b)
}
