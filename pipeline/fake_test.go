package pipeline

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/internal/clock"
	"github.com/enrich-dev/enrich/state"
)

// fakeService is a Service made of functions; a nil one answers as an
// idle service would.
type fakeService struct {
	async   func(req wire.LookupRequest) (int64, api.Meta, error)
	sync    func(items []string) ([]wire.Result, api.Meta, error)
	credits func() (int64, api.Meta, error)
}

func (f *fakeService) LookupAsync(_ context.Context, req wire.LookupRequest) (int64, api.Meta, error) {
	if f.async == nil {
		return 1, api.Meta{}, nil
	}
	return f.async(req)
}

func (f *fakeService) LookupSync(_ context.Context, items []string, _ bool) ([]wire.Result, api.Meta, error) {
	if f.sync == nil {
		return nil, api.Meta{}, errors.New("no sync")
	}
	return f.sync(items)
}

func (f *fakeService) Credits(context.Context, bool) (int64, api.Meta, error) {
	if f.credits == nil {
		return 1000, api.Meta{CreditsLeft: 1000, HasCredits: true}, nil
	}
	return f.credits()
}

var epoch = time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)

// WriteEmails writes dir/in.csv, a sheet of n rows named P0, P1, … with
// the e-mails person0@example.com, person1@example.com, …, and returns
// its path. It is exported for the package's external tests.
func WriteEmails(t *testing.T, dir string, n int) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("Name,Email\n")
	for i := range n {
		fmt.Fprintf(&b, "P%d,person%d@example.com\n", i, i)
	}
	input := filepath.Join(dir, "in.csv")
	if err := os.WriteFile(input, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	return input
}

// testEngine builds an engine over a sheet of n e-mails, a real journal
// and a fake clock, with the account checked and, for an asynchronous
// run, the receiver listening.
func testEngine(t *testing.T, n int, svc *fakeService, tune func(*Config)) (*engine, *clock.Fake) {
	t.Helper()
	dir := t.TempDir()
	input := WriteEmails(t, dir, n)
	fake := clock.NewFake(epoch)
	cfg := Config{
		Input: input, Output: filepath.Join(dir, "out.csv"), Journal: filepath.Join(dir, "j"),
		Service: svc, Clock: fake, Listen: "127.0.0.1:0",
		ItemsPerMinute: 100, RateWindow: time.Minute, CallbackTimeout: 10 * time.Minute,
		MaxAttempts: 3, RetryWait: time.Minute, DrainTimeout: 5 * time.Minute, ServiceWait: 10 * time.Minute,
	}
	if tune != nil {
		tune(&cfg)
	}
	cfg.setDefaults()
	if err := cfg.validate(); err != nil {
		t.Fatal(err)
	}
	j, err := state.Open(cfg.Journal, state.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { j.Close() })
	ctx := context.Background()
	b, err := openRunBudget(&cfg, j)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	e, err := newEngine(ctx, &cfg, j, b, cfg.Clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.place(); err != nil {
		t.Fatal(err)
	}
	if err := e.checkAccount(ctx, true); err != nil {
		t.Fatal(err)
	}
	if !cfg.Sync {
		if err := e.startReceiver(ctx); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { e.receiver.Close() })
	}
	return e, fake
}

func result(item string, status wire.Status) wire.Result {
	var r wire.Result
	if err := r.UnmarshalJSON(fmt.Appendf(nil, `{"item":%q,"status":%q}`, item, status)); err != nil {
		panic(err)
	}
	return r
}
