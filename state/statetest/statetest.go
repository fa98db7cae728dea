// Package statetest builds journals for the tests of the packages that
// read them.
package statetest

import (
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/state"
)

// JournalWith writes a journal in which each identifier was answered with
// the raw result given (nil: not found).
func JournalWith(t testing.TB, answers map[string][]byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "j")
	j, err := state.Open(path, state.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	var items []string
	var results []wire.Result
	for item, raw := range answers {
		items = append(items, item)
		var r wire.Result
		body := raw
		if raw == nil || !json.Valid(raw) {
			body, _ = json.Marshal(map[string]any{"item": item, "status": "success", "candidate": map[string]any{"fullName": "x"}})
		}
		if err := json.Unmarshal(body, &r); err != nil {
			t.Fatal(err)
		}
		if raw == nil {
			r.Status, r.Candidate = wire.StatusFailed, nil
		}
		if raw != nil && !json.Valid(raw) {
			r.Raw = raw // what a damaged record gives back
		}
		// A raw result that names another item is stored under this
		// identifier all the same: what a damaged result id gives.
		r.Item = item
		results = append(results, r)
	}
	b, _, err := j.Begin(state.WithContacts, items, false, time.Now().Add(-time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := j.Deliver(state.Ref{Seq: b.Seq}, results, time.Now().Add(-time.Hour), state.Policy{}); err != nil {
		t.Fatal(err)
	}
	return path
}
