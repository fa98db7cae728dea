package company

import (
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/internal/clock"
)

// fakeService is a company with five current employees, of whom the
// service delivers two and then nothing.
type fakeService struct {
	posted chan error
}

func (s *fakeService) CompanyFind(context.Context, string) (wire.CompanyRef, api.Meta, error) {
	return wire.CompanyRef{ID: 42, Company: "Acme"}, api.Meta{}, nil
}

func (s *fakeService) CompanyCount(context.Context, string, string) (int64, api.Meta, error) {
	return 5, api.Meta{}, nil
}

func (s *fakeService) CompanyProfiles(_ context.Context, _, _, callbackURL string) (int64, api.Meta, error) {
	go func() {
		req, _ := http.NewRequest(http.MethodPost, callbackURL, strings.NewReader(`[{"uid":"u1","fullName":"Ana"},{"uid":"u2","fullName":"Bo"}]`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Request-Id", "77")
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				err = fmt.Errorf("callback answered %s", resp.Status)
			}
		}
		s.posted <- err
	}()
	return 77, api.Meta{}, nil
}

// The wait for the next batch runs on the export's clock: with a fake
// one, a test moves past the callback timeout at once, and the export
// ends incomplete with what arrived, saying why.
func TestEmployeesWaitOnTheClock(t *testing.T) {
	dir := t.TempDir()
	fake := clock.NewFake(time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC))
	svc := &fakeService{posted: make(chan error, 1)}
	var mu sync.Mutex
	received := 0
	type outcome struct {
		res *Result
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		res, err := ExportEmployees(context.Background(), Config{
			Company: "acme", Status: wire.EmployeesCurrent,
			Output: filepath.Join(dir, "acme.csv"), Journal: filepath.Join(dir, "j.journal"),
			Service: svc, Listen: "127.0.0.1:0", CallbackTimeout: 15 * time.Minute, Clock: fake,
			Progress: func(n int, _ int64) { mu.Lock(); received = n; mu.Unlock() },
		})
		done <- outcome{res, err}
	}()
	if err := <-svc.posted; err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(time.Minute) // when to give up, not a pace
	for {
		mu.Lock()
		n := received
		mu.Unlock()
		if n == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d profiles counted after the batch", n)
		}
		time.Sleep(5 * time.Millisecond)
	}
	var o outcome
	for o.res == nil && o.err == nil {
		fake.Advance(time.Minute)
		select {
		case o = <-done:
		case <-time.After(5 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatal("the export did not end when its clock passed the callback timeout")
		}
	}
	if o.err != nil {
		t.Fatal(o.err)
	}
	if o.res.Complete || o.res.Written != 2 || !strings.Contains(o.res.StopReason, "no more came within 15m0s") {
		t.Errorf("result %+v", o.res)
	}
	if o.res.Report.ExitCode != 3 {
		t.Errorf("exit code %d, want 3", o.res.Report.ExitCode)
	}
}
