package pipeline_test

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/demo/leads"
	"github.com/enrich-dev/enrich/emulator"
	"github.com/enrich-dev/enrich/pipeline"
	"github.com/enrich-dev/enrich/sources"
)

// harness is an emulator on loopback and a sheet drawn from its world.
type harness struct {
	emu   *emulator.Emulator
	url   string
	sheet []leads.Lead
	dir   string
	input string
}

func newHarness(t *testing.T, cfg emulator.Config, rows int) *harness {
	t.Helper()
	if cfg.People == 0 {
		cfg.People = 3000
	}
	if cfg.Default.Key == "" {
		cfg.Default.Key = "k"
	}
	emu, err := emulator.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(emu)
	t.Cleanup(func() { srv.Close(); emu.Close() })
	h := &harness{emu: emu, url: srv.URL, dir: t.TempDir()}
	h.sheet = leads.Generate(emu.World(), rows, 7)
	h.input = filepath.Join(h.dir, "leads.csv")
	if err := leads.WriteCSV(h.input, h.sheet); err != nil {
		t.Fatal(err)
	}
	return h
}

func (h *harness) config(t *testing.T, output string) pipeline.Config {
	c, err := api.New(h.url, "k", api.WithBackoff(api.Backoff{Attempts: 3, Base: 10 * time.Millisecond, Max: 100 * time.Millisecond}))
	if err != nil {
		t.Fatal(err)
	}
	return pipeline.Config{
		Input:           h.input,
		Output:          filepath.Join(h.dir, output),
		Journal:         filepath.Join(h.dir, "job.journal"),
		Source:          sources.Options{DefaultRegion: leads.DefaultRegion},
		Service:         c,
		Listen:          "127.0.0.1:0",
		ItemsPerMinute:  100,
		RateWindow:      time.Second,
		CallbackTimeout: 3 * time.Second,
		RetryWait:       300 * time.Millisecond,
		DrainTimeout:    3 * time.Second,
	}
}

func fastEmulator(credits int64) emulator.Config {
	return emulator.Config{
		Default:         emulator.AccountConfig{Key: "k", Credits: credits, WithoutContactsCredits: credits, ItemsPerMinute: 100},
		RateWindow:      time.Second,
		CallbackDelay:   50 * time.Millisecond,
		RetryGaps:       []time.Duration{100 * time.Millisecond, 100 * time.Millisecond, 100 * time.Millisecond},
		AnswerTimeout:   time.Second,
		DuplicatePeriod: 300 * time.Millisecond,

		// The runs time callbacks out after seconds: cut the delays' tail.
		MaxCallbackDelay: time.Second,
	}
}

// checkRows compares the output with what the world says each row is.
func checkRows(t *testing.T, output string, sheet []leads.Lead) {
	t.Helper()
	wrong, err := leads.Compare(output, sheet)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range wrong[:min(len(wrong), 10)] {
		t.Error(w)
	}
	if len(wrong) > 0 {
		t.Fatalf("%d of %d rows wrong", len(wrong), len(sheet))
	}
}

// matched counts the distinct people a sheet must find: the credits a run
// must spend at least.
func matched(sheet []leads.Lead) int {
	uids := map[string]bool{}
	for _, l := range sheet {
		if l.Status == "success" {
			uids[l.UID] = true
		}
	}
	return len(uids)
}

func TestRunClean(t *testing.T) {
	h := newHarness(t, fastEmulator(10000), 300)
	cfg := h.config(t, "out.csv")
	report, err := pipeline.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !report.Complete {
		t.Fatalf("incomplete: %+v", report)
	}
	checkRows(t, cfg.Output, h.sheet)
	st := h.emu.Stats().Accounts[0]
	if st.RateLimited != 0 || st.MaxWindowItems > 100 {
		t.Errorf("429s %d, max window %d (limit 100)", st.RateLimited, st.MaxWindowItems)
	}
	// Each distinct identifier that found someone costs one credit, and
	// rows naming the same person by different identifiers cost one each.
	if got := st.CreditsUsed["standard"]; got != *report.Credits.BalanceDrop || got != report.Credits.ProfilesReceived || got < int64(matched(h.sheet)) {
		t.Errorf("credits used %d, report says %+v, distinct people %d", got, report.Credits, matched(h.sheet))
	}

	// A second run of the same command costs nothing and changes nothing.
	again, err := pipeline.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if again.ItemsSent != 0 || !again.Complete {
		t.Errorf("re-run sent %d items", again.ItemsSent)
	}
	if st2 := h.emu.Stats().Accounts[0]; st2.ItemsAccepted != st.ItemsAccepted {
		t.Errorf("re-run submitted %d more items", st2.ItemsAccepted-st.ItemsAccepted)
	}
	checkRows(t, cfg.Output, h.sheet)
}
