package callback

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/internal/clock"
	"github.com/enrich-dev/enrich/state"
)

func testReceiver(t *testing.T, allow string) (*Receiver, chan Delivery) {
	t.Helper()
	return testReceiverOn(t, allow, nil)
}

// testReceiverOn is testReceiver on a clock; nil is the real one.
func testReceiverOn(t *testing.T, allow string, clk clock.Clock) (*Receiver, chan Delivery) {
	t.Helper()
	j, err := state.Open(filepath.Join(t.TempDir(), "j"), state.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { j.Close() })
	nets, err := ParseAllow(allow)
	if err != nil {
		t.Fatal(err)
	}
	out := make(chan Delivery, 16)
	rc, err := Start(Config{Listen: "127.0.0.1:0", Token: "secret-token", Journal: j, Allow: nets, Deliveries: out, Done: make(chan struct{}), Log: slog.New(slog.DiscardHandler), Clock: clk})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rc.Close() })
	return rc, out
}

// The probe proves the receiver holds the token without echoing anything
// the prober sent.
func TestProbeEchoesNothing(t *testing.T) {
	rc, _ := testReceiver(t, "")
	base := "http://" + rc.Addr() + rc.path
	nonce := "<script>alert(1)</script>"
	resp, err := http.Get(base + ProbePath + "?nonce=" + strings.ReplaceAll(nonce, " ", "%20"))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if strings.Contains(string(body), "script") || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/plain") {
		t.Errorf("probe answered %q as %s", body, resp.Header.Get("Content-Type"))
	}
	if err := Probe(t.Context(), base+ProbePath, "secret-token", http.DefaultClient); err != nil {
		t.Errorf("probe with the right token: %v", err)
	}
	if err := Probe(t.Context(), base+ProbePath, "other-token", http.DefaultClient); err == nil {
		t.Error("a probe expecting another token passed")
	}
}

// --callback-allow refuses deliveries from other addresses, and still
// answers the probe.
func TestCallbackAllow(t *testing.T) {
	for _, tc := range []struct {
		allow string
		want  int
	}{
		{"", http.StatusOK},
		{"127.0.0.0/8", http.StatusOK},
		{"127.0.0.1", http.StatusOK},
		{"10.0.0.0/8, 192.168.1.1", http.StatusForbidden},
	} {
		t.Run(tc.allow, func(t *testing.T) {
			rc, _ := testReceiver(t, tc.allow)
			resp, err := http.Post("http://"+rc.Addr()+rc.path, "application/json", strings.NewReader(`[]`))
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != tc.want {
				t.Errorf("delivery answered %d, want %d", resp.StatusCode, tc.want)
			}
			if err := Probe(t.Context(), "http://"+rc.Addr()+rc.path+ProbePath, "secret-token", http.DefaultClient); err != nil {
				t.Errorf("probe refused: %v", err)
			}
		})
	}
}

// A flood of deliveries is read a few at a time: the others wait their
// turn, and beyond it are answered 503 for the service to retry.
func TestReceiverBoundsConcurrentBodies(t *testing.T) {
	fake := clock.NewFake(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	rc, _ := testReceiverOn(t, "", fake)
	// Hold every slot with bodies that never finish.
	var held []*io.PipeWriter
	var wg sync.WaitGroup
	for range maxCallbacksAtOnce {
		pr, pw := io.Pipe()
		held = append(held, pw)
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, _ := http.NewRequest(http.MethodPost, "http://"+rc.Addr()+rc.path, pr)
			if resp, err := http.DefaultClient.Do(req); err == nil {
				resp.Body.Close()
			}
		}()
		pw.Write([]byte("[")) // the handler has started reading
	}
	time.Sleep(100 * time.Millisecond)
	start, wall := fake.Now(), time.Now()
	var status int
	done := make(chan struct{})
	go func() {
		defer close(done)
		resp, err := http.Post("http://"+rc.Addr()+rc.path, "application/json", strings.NewReader(`[]`))
		if err != nil {
			t.Error(err)
			return
		}
		resp.Body.Close()
		status = resp.StatusCode
	}()
	if !fake.StepUntil(done, 10*time.Second) {
		t.Fatal("no answer to a delivery beyond the bound")
	}
	if status != http.StatusServiceUnavailable || fake.Now().Sub(start) != callbackTurn || time.Since(wall) >= callbackTurn {
		t.Errorf("a delivery beyond the bound: %d after %v of the receiver's clock, %v of the wall's; want 503 after waiting its turn on the receiver's clock", status, fake.Now().Sub(start), time.Since(wall))
	}
	for _, pw := range held {
		pw.Write([]byte("]"))
		pw.Close()
	}
	wg.Wait()
	resp, err := http.Post("http://"+rc.Addr()+rc.path, "application/json", strings.NewReader(fmt.Sprintf("[%s]", "")))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("after the flood: %d", resp.StatusCode)
	}
}

// A callback is answered 200 only once its results are committed: the
// journal holds them when the service reads the 200, and a journal that
// cannot store them answers 500, so that the service delivers them again.
func TestReceiverCommitsBefore200(t *testing.T) {
	rc, out := testReceiver(t, "")
	j := rc.cfg.Journal
	b, _, err := j.Begin(state.WithContacts, []string{"ana@example.com", "bob@example.com"}, false, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := j.Accepted(b.Seq, 5, time.Now()); err != nil {
		t.Fatal(err)
	}
	post := func(item string) int {
		t.Helper()
		req, _ := http.NewRequest(http.MethodPost, "http://"+rc.Addr()+rc.path, strings.NewReader(`[{"item":"`+item+`","status":"failed"}]`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Request-Id", "5")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if code := post("ana@example.com"); code != http.StatusOK {
		t.Fatalf("delivery answered %d", code)
	}
	var l state.Lookup
	if err := j.View(func(r *state.Reader) error {
		var err error
		l, _, err = r.Lookup(state.WithContacts, "ana@example.com")
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if l.Phase != state.NotFound {
		t.Errorf("answered 200 with the result not in the journal: %s", l.Phase)
	}
	<-out

	j.Close() // every write now fails
	if code := post("bob@example.com"); code != http.StatusInternalServerError {
		t.Errorf("a delivery the journal could not store answered %d, want 500", code)
	}
	if d := <-out; d.Err == nil {
		t.Error("the storage failure was not reported to the run")
	}
}

// Company profiles are answered 200 only once committed too, and 500
// when the journal cannot store them.
func TestReceiverCommitsProfilesBefore200(t *testing.T) {
	rc, _ := testReceiver(t, "")
	j := rc.cfg.Journal
	s, err := j.BeginEmployeeSearch(42, "current", 2, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if err := j.EmployeeSearchAccepted(s.Seq, 7); err != nil {
		t.Fatal(err)
	}
	post := func(uid string) int {
		t.Helper()
		req, _ := http.NewRequest(http.MethodPost, "http://"+rc.Addr()+rc.path+"/profiles", strings.NewReader(`[{"uid":"`+uid+`","fullName":"P"}]`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Request-Id", "7")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if code := post("0123456789abcdef0123456789abcdef"); code != http.StatusOK {
		t.Fatalf("profiles answered %d", code)
	}
	if n, err := j.EmployeeCount(42, "current"); err != nil || n != 1 {
		t.Errorf("answered 200 with %d profiles in the journal (%v)", n, err)
	}
	j.Close() // every write now fails
	if code := post("fedcba9876543210fedcba9876543210"); code != http.StatusInternalServerError {
		t.Errorf("profiles the journal could not store answered %d, want 500", code)
	}
}
