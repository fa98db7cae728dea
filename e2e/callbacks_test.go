package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/api"
)

// A callback that names no request of the run is refused, even with the
// callback path's token: results forged for identifiers in flight, with
// a made-up Request-Id or none, and for half of a request's items, are
// never stored or shown, the log warns, and the report counts them.
// Before, they were stored and the rows showed the forged person.
func TestForgedCallbacksRefused(t *testing.T) {
	t.Parallel()
	var once sync.Once
	forged := make(chan error, 1)
	forge := func(callbackURL string, items []string) {
		half := items[:len(items)/2]
		var body bytes.Buffer
		body.WriteString("[")
		for i, it := range half {
			if i > 0 {
				body.WriteString(",")
			}
			fmt.Fprintf(&body, `{"item":%q,"status":"success","candidate":{"uid":"forged%d","fullName":"Forged Person","headline":"Forged"}}`, it, i)
		}
		body.WriteString("]")
		for _, requestID := range []string{"987654321", ""} {
			req, _ := http.NewRequest(http.MethodPost, callbackURL, bytes.NewReader(body.Bytes()))
			req.Header.Set("Content-Type", "application/json")
			if requestID != "" {
				req.Header.Set("Request-Id", requestID)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				forged <- err
				return
			}
			resp.Body.Close()
		}
		forged <- nil
	}
	// The first lookup's callback address and items are forged to, once
	// the service has answered it.
	wrap := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method != http.MethodPost || r.URL.Path != api.PathLookup {
				next.ServeHTTP(w, r)
				return
			}
			raw, _ := io.ReadAll(r.Body)
			r.Body = io.NopCloser(bytes.NewReader(raw))
			next.ServeHTTP(w, r)
			var body struct {
				Items       []string `json:"items"`
				CallbackURL string   `json:"callbackUrl"`
			}
			if json.Unmarshal(raw, &body) == nil && body.CallbackURL != "" && len(body.Items) > 1 {
				once.Do(func() { go forge(body.CallbackURL, body.Items) })
			}
		})
	}
	cfg := fastService(10000)
	cfg.CallbackDelay = 2 * time.Second // the forgeries come before the true results
	cfg.MaxCallbackDelay = 3 * time.Second
	j := newJobWith(t, cfg, 150, wrap)
	res := j.enrich(t, j.args("--callback-timeout", "10s")...)
	res.expectCode(t, 0)
	select {
	case err := <-forged:
		if err != nil {
			t.Fatalf("forging: %v", err)
		}
	default:
		t.Fatal("no callback was forged")
	}
	j.checkRows(t)
	out, err := os.ReadFile(j.output)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(out, []byte("Forged")) {
		t.Error("the output shows the forged person")
	}
	rep := j.report(t)
	if rep.RefusedResults == 0 || rep.RefusedResults%2 != 0 {
		t.Errorf("report counts %d refused results; want both forgeries", rep.RefusedResults)
	}
	if !strings.Contains(res.stderr, "callback refused") {
		t.Errorf("no warning in the log:\n%s", lastLines(res.stderr, 20))
	}
}

// A service that gives two requests the same requestId: the callbacks of
// both are taken by their items, nothing is sent again or paid twice,
// and the report says how often. Before, the first request's results
// were refused as foreign, its items sent and paid again.
func TestRequestIDGivenTwice(t *testing.T) {
	t.Parallel()
	cfg := fastService(10000)
	cfg.ReusedIDRate = 1 // every request is given the first one's requestId
	// Most callbacks come after the next request was answered.
	cfg.CallbackDelay = 3 * time.Second
	cfg.MaxCallbackDelay = 3500 * time.Millisecond
	j := newJob(t, cfg, 600)
	j.enrich(t, j.args("--callback-timeout", "10s")...).expectCode(t, 0)
	j.checkRows(t)
	rep := j.report(t)
	if rep.SharedRequestIDs == 0 {
		t.Errorf("report counts no requestId given twice in %d requests", rep.Requests)
	}
	if used := j.stats().CreditsUsed["standard"]; used != found(rep) {
		t.Errorf("credits used %d for %d found: paid twice", used, found(rep))
	}
	if rep.Resubmissions != 0 {
		t.Errorf("%d identifiers sent again", rep.Resubmissions)
	}
}
