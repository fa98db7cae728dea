// Package demo runs the real pipeline on a sample lead sheet against an
// emulator started in process, with time compressed so that it finishes in
// well under a minute.
package demo

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/demo/leads"
	"github.com/enrich-dev/enrich/emulator"
	"github.com/enrich-dev/enrich/internal/human"
	"github.com/enrich-dev/enrich/pipeline"
	"github.com/enrich-dev/enrich/report"
	"github.com/enrich-dev/enrich/sources"
)

// Options configure the demo.
type Options struct {
	Dir      string // where the sheets and the journal go
	Rows     int    // rows of the sample sheet
	Out      io.Writer
	Progress pipeline.Progress
	Log      *slog.Logger
}

// The demo's defaults, as its command's flags give them.
const (
	DefaultDir  = "demo-out"
	DefaultRows = 300
)

// The compressed budget: 100 items per 3-second window instead of 600 per
// minute, so that a few hundred rows show the limiter at work in seconds.
const (
	itemsPerWindow = 100
	window         = 3 * time.Second
)

// commandLine is the command that runs this demo again, as the report
// shows it.
func commandLine(o Options) string {
	s := "enrich demo"
	if o.Dir != DefaultDir {
		s += " --dir " + o.Dir
	}
	if o.Rows != DefaultRows {
		s += fmt.Sprintf(" --rows %d", o.Rows)
	}
	return s
}

// Run writes the sample sheet, enriches it and checks every row against
// what the emulator's world says it must become.
func Run(ctx context.Context, o Options) (*report.Run, error) {
	input, output, journal, err := prepare(o.Dir)
	if err != nil {
		return nil, err
	}
	emu, base, stop, err := serve()
	if err != nil {
		return nil, err
	}
	defer stop()

	sheet := leads.Generate(emu.World(), o.Rows, 2026)
	// A few people named only by name and company, found by a search.
	sheet = append(sheet, leads.NameOnly(emu.World(), max(o.Rows/40, 3), 2026)...)
	if err := leads.WriteXLSX(input, sheet); err != nil {
		return nil, err
	}
	fmt.Fprintf(o.Out, "demo: emulator at %s; sample sheet %s (%d rows: varied spellings, duplicates, invalid values, unknown people, people named only by name and company)\n", base, input, len(sheet))
	fmt.Fprintf(o.Out, "demo: budget %d items per %s, callbacks over loopback, 5%% of them lost\n", itemsPerWindow, window)

	client, err := api.New(base, "demo-key")
	if err != nil {
		return nil, err
	}
	report, err := pipeline.Run(ctx, pipeline.Config{
		Input:           input,
		Output:          output,
		Journal:         journal,
		Source:          sources.Options{DefaultRegion: leads.DefaultRegion},
		Service:         client,
		Searcher:        client,
		FindByName:      true,
		Listen:          "127.0.0.1:0",
		ItemsPerMinute:  itemsPerWindow,
		RateWindow:      window,
		CallbackTimeout: 5 * time.Second,
		RetryWait:       2 * time.Second,
		DrainTimeout:    10 * time.Second,
		Progress:        o.Progress,
		Log:             o.Log,
		Command:         "enrich demo",
		CommandLine:     commandLine(o),
	})
	if err != nil {
		return nil, err
	}
	report.WriteSummary(o.Out)
	if err := check(output, sheet, o.Out); err != nil {
		return report, err
	}
	st := emu.Stats().Accounts[0]
	fmt.Fprintf(o.Out, "demo: the emulator counted %d items in %d requests, at most %d in any %s window (limit %d), %d rate-limited, %d credits used, %d %s lost and recovered\n",
		st.ItemsAccepted, st.Requests, st.MaxWindowItems, window, itemsPerWindow, st.RateLimited, st.CreditsUsed["standard"], st.Lost, human.Plural(st.Lost, "callback", "callbacks"))
	return report, nil
}

// prepare makes the demo's folder and removes what an earlier demo left
// there, and returns the paths of its sheets and journal.
func prepare(dir string) (input, output, journal string, err error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", "", "", err
	}
	input = filepath.Join(dir, "leads.xlsx")
	output = filepath.Join(dir, "leads-enriched.xlsx")
	journal = filepath.Join(dir, "demo.journal")
	for _, stale := range []string{journal, output, output + ".report.json"} {
		if err := os.Remove(stale); err != nil && !errors.Is(err, os.ErrNotExist) {
			return "", "", "", err
		}
	}
	return input, output, journal, nil
}

// serve starts the demo's emulator on loopback; stop ends the server,
// waits for it, and closes the emulator.
func serve() (emu *emulator.Emulator, base string, stop func(), err error) {
	emu, err = emulator.New(emulator.Config{
		Default:         emulator.AccountConfig{Name: "demo", Key: "demo-key", Credits: 1000, ItemsPerMinute: itemsPerWindow},
		RateWindow:      window,
		CallbackDelay:   300 * time.Millisecond,
		RetryGaps:       []time.Duration{500 * time.Millisecond, time.Second, time.Second},
		DuplicatePeriod: 2 * time.Second,
		CallbackLoss:    0.05, // a lost callback or two, which the reaper recovers

		// The demo runs in under a minute: cut the delays' long tail.
		MaxCallbackDelay: 6 * time.Second,
	})
	if err != nil {
		return nil, "", nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		emu.Close()
		return nil, "", nil, err
	}
	srv := &http.Server{Handler: emu, ReadHeaderTimeout: 10 * time.Second}
	served := make(chan struct{})
	go func() {
		defer close(served)
		srv.Serve(ln)
	}()
	stop = func() {
		srv.Close()
		<-served
		emu.Close()
	}
	return emu, "http://" + ln.Addr().String(), stop, nil
}
