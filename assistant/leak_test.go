package assistant_test

import (
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"github.com/enrich-dev/enrich/assistant"
	"github.com/enrich-dev/enrich/demo/leads"
	"github.com/enrich-dev/enrich/state"
)

// TestSecretsNotShown: neither the API key nor a journal's secret callback
// token (the path under the callback address) shows in a tool's answer or
// in the server's log, at debug level, also when the callback address
// fails in every way an assistant can give it, and the service refuses.
func TestSecretsNotShown(t *testing.T) {
	var log assistant.LockedBuffer
	h := newLoggedHarness(t, 5, true, slog.New(slog.NewTextHandler(&log, &slog.HandlerOptions{Level: slog.LevelDebug})))
	cs := h.connect(t)
	var answers []string
	var tokens []string
	for i, public := range []string{"http://127.0.0.1:1", "http://127.0.0.1:1/a b", "http://[::1]:1/x?y=%", "http://127.0.0.1:1/#frag", "https://127.0.0.1:1/%41", "ftp://127.0.0.1/"} {
		journal := filepath.Join(h.root, fmt.Sprintf("j%d.journal", i))
		res := call(t, cs, "run", map[string]any{
			"input": "leads.csv", "output": fmt.Sprintf("out%d.csv", i), "journal": journal, "default_region": leads.DefaultRegion,
			"listen": "127.0.0.1:0", "public_url": public, "wait_seconds": 30,
		}, nil)
		answers = append(answers, text(res))
		switch {
		case strings.HasPrefix(public, "ftp:"): // refused before the job starts, as the command line refuses it
			if !res.IsError || !strings.Contains(text(res), "is not an http(s) URL") {
				t.Errorf("public_url %s: %s", public, text(res))
			}
		case res.IsError || !strings.Contains(text(res), `"state":"failed"`):
			t.Errorf("public_url %s: %s", public, text(res))
		}
		j, err := state.Open(journal, state.Options{ReadOnly: true})
		if err != nil {
			continue // refused before the journal was made
		}
		token, err := j.Token()
		j.Close()
		if err != nil {
			t.Fatal(err)
		}
		tokens = append(tokens, token)
	}
	if len(tokens) < 5 {
		t.Fatalf("%d journals made, want 5 or more", len(tokens))
	}
	// The service refuses a search, and answers one.
	answers = append(answers, text(call(t, cs, "search", map[string]any{"location": []string{"Atlantis, Neverland"}}, nil)))
	answers = append(answers, text(call(t, cs, "credits", map[string]any{}, nil)))
	answers = append(answers, text(call(t, cs, "status", map[string]any{}, nil)))
	for _, secret := range append(tokens, apiKey) {
		for _, a := range answers {
			if strings.Contains(a, secret) {
				t.Errorf("an answer shows the secret %s: %s", secret, a)
			}
		}
		if strings.Contains(log.String(), secret) {
			t.Errorf("the log shows the secret %s:\n%s", secret, log.String())
		}
	}
}
