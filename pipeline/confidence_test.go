package pipeline_test

import (
	"context"
	"encoding/csv"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/demo/namedraw"
	"github.com/enrich-dev/enrich/export"
	"github.com/enrich-dev/enrich/pipeline"
	"github.com/enrich-dev/enrich/state"
)

// TestRunMinConfidence: a run with --min-confidence high shows no match
// of medium confidence, each proposed in the candidates sheet instead,
// and spends no credit on its person; an export of the same journal
// without it shows those rows pending, and a run without it looks them up
// (a credit each, no search more) and shows them matched, with their
// scores in the medium band.
func TestRunMinConfidence(t *testing.T) {
	h := newHarness(t, fastEmulator(1000), 0)
	d := namedraw.New(h.emu.World(), rand.New(rand.NewPCG(7, 8)))
	rows := [][]string{{"Name", "Company", "City"}}
	for _, k := range []namedraw.Kind{namedraw.Nickname, namedraw.ShortBrand, namedraw.Plain} {
		for range 6 {
			r, ok := d.DrawKind(k, namedraw.Mix{City: true})
			for try := 0; !ok && try < 50; try++ {
				r, ok = d.DrawKind(k, namedraw.Mix{City: true})
			}
			if ok {
				rows = append(rows, []string{r.Name, r.Company, r.City})
			}
		}
	}
	writeRows(t, h.input, rows)
	cfg := h.config(t, "out.csv")
	cfg.FindByName, cfg.Searcher, cfg.MinConfidence = true, cfg.Service.(*api.Client), state.ConfidenceHigh
	if _, err := pipeline.Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	high := columns(t, cfg.Output)
	account := h.emu.Stats().Accounts[0]
	searches, credits := account.SearchQueries, account.CreditsUsed["standard"]

	j, err := state.Open(cfg.Journal, state.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := export.Export(context.Background(), j, export.Config{Input: cfg.Input, Output: cfg.Output, Source: cfg.Source, ByName: true}); err != nil {
		t.Fatal(err)
	}
	j.Close()
	exported := columns(t, cfg.Output)

	cfg.MinConfidence = ""
	if _, err := pipeline.Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	medium := columns(t, cfg.Output)
	account = h.emu.Stats().Accounts[0]
	if account.SearchQueries != searches {
		t.Errorf("the run without --min-confidence high made %d more searches", account.SearchQueries-searches)
	}

	proposed := map[string]bool{}
	for i := range high["enrich_status"] {
		if high["enrich_confidence"][i] == state.ConfidenceMedium {
			t.Errorf("row %d: matched with medium confidence under --min-confidence high", i+2)
		}
		if medium["enrich_confidence"][i] != state.ConfidenceMedium {
			if high["enrich_status"][i] != medium["enrich_status"][i] || exported["enrich_status"][i] != medium["enrich_status"][i] {
				t.Errorf("row %d: %s under high, %s exported, %s without it", i+2, high["enrich_status"][i], exported["enrich_status"][i], medium["enrich_status"][i])
			}
			continue
		}
		proposed[medium["enrich_uid"][i]] = true
		score, _ := strconv.Atoi(medium["enrich_score"][i])
		if medium["enrich_status"][i] != "success" || score < 50 || score > 79 {
			t.Errorf("row %d without it: %s, score %q; want success, 50 to 79", i+2, medium["enrich_status"][i], medium["enrich_score"][i])
		}
		want := "medium confidence (score " + medium["enrich_score"][i] + ") is below --min-confidence high"
		if high["enrich_status"][i] != "ambiguous" || !strings.Contains(high["enrich_error"][i], want) {
			t.Errorf("row %d under high: %s %q; want ambiguous, %q", i+2, high["enrich_status"][i], high["enrich_error"][i], want)
		}
		if exported["enrich_status"][i] != "pending" {
			t.Errorf("row %d exported without high after a run under it: %s %q; want pending, its person not looked up", i+2, exported["enrich_status"][i], exported["enrich_error"][i])
		}
	}
	if len(proposed) == 0 {
		t.Fatalf("no row of %d matched with medium confidence: the test tests nothing", len(rows)-1)
	}
	if spent := account.CreditsUsed["standard"] - credits; spent != int64(len(proposed)) {
		t.Errorf("the run without --min-confidence high spent %d credits; want %d, one for each person of a medium match the run under high did not look up", spent, len(proposed))
	}
}

func writeRows(t *testing.T, path string, rows [][]string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := csv.NewWriter(f)
	_ = w.WriteAll(rows)
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// columns reads a CSV output by column.
func columns(t *testing.T, path string) map[string][]string {
	t.Helper()
	rows := readCSV(t, path)
	out := map[string][]string{}
	for i, h := range rows[0] {
		out[h] = []string{}
		for _, r := range rows[1:] {
			out[h] = append(out[h], r[i])
		}
	}
	return out
}
