package pipeline

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/export"
	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/state"
	"github.com/enrich-dev/enrich/state/statetest"
)

// A stored result that is damaged, or that names another identifier, is
// looked up again by the next run, once: its row then shows its own
// person, and a further run sends nothing. When it is unusable again
// after that lookup, its row is an error that says so, and no run pays
// for it again.
func TestRunLooksUpUnusableAnswersOnce(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "in.csv")
	if err := os.WriteFile(input, []byte("Email\ngood@example.com\nbroken@example.com\nswapped@example.com\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	journal := statetest.JournalWith(t, map[string][]byte{
		"good@example.com":    []byte(`{"item":"good@example.com","status":"success","candidate":{"fullName":"Good Person"}}`),
		"broken@example.com":  []byte(`{"item":"broken@exa`),
		"swapped@example.com": []byte(`{"item":"someone.else@example.com","status":"success","candidate":{"fullName":"Marcelo Carvalho"}}`),
	})
	var sent []string
	svc := &fakeService{sync: func(items []string) ([]wire.Result, api.Meta, error) {
		sent = append(sent, items...)
		var out []wire.Result
		for _, it := range items {
			out = append(out, success(it))
		}
		return out, api.Meta{}, nil
	}}
	run := func() map[string]string {
		t.Helper()
		cfg := Config{Input: input, Output: filepath.Join(dir, "out.jsonl"), Journal: journal, Service: svc, Sync: true}
		if _, err := Run(context.Background(), cfg); err != nil {
			t.Fatal(err)
		}
		return outputRows(t, cfg.Output)
	}

	rows := run()
	slices.Sort(sent)
	if !slices.Equal(sent, []string{"broken@example.com", "swapped@example.com"}) {
		t.Errorf("sent %v; want the two unusable answers looked up again", sent)
	}
	for id, st := range rows {
		if st != "success" {
			t.Errorf("%s: %s after its lookup again", id, st)
		}
	}
	sent = nil
	run()
	if len(sent) != 0 {
		t.Errorf("a further run sent %v", sent)
	}

	// The same two, unusable again.
	damageAgain(t, journal, "broken@example.com", "swapped@example.com")
	sent = nil
	rows = run()
	if len(sent) != 0 {
		t.Errorf("sent %v for answers already looked up again once", sent)
	}
	for _, id := range []string{"broken@example.com", "swapped@example.com"} {
		if !strings.Contains(rows[id], "unusable again after it was looked up again") {
			t.Errorf("%s: %q; want the error that says it is unusable again", id, rows[id])
		}
	}
	if rows["good@example.com"] != "success" {
		t.Errorf("good@example.com: %s", rows["good@example.com"])
	}
}

// damageAgain stores, for each identifier, a result that names another
// identifier, as a damaged result id does.
func damageAgain(t *testing.T, path string, ids ...string) {
	t.Helper()
	j, err := state.Open(path, state.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	if _, err := j.Redo(state.WithContacts, ids, time.Now()); err != nil {
		t.Fatal(err)
	}
	b, _, err := j.Begin(state.WithContacts, ids, true, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	var results []wire.Result
	for _, id := range ids {
		r := success(id)
		r.Raw = []byte(`{"item":"nobody@example.com","status":"success","candidate":{"fullName":"Marcelo Carvalho"}}`)
		results = append(results, r)
	}
	if _, err := j.Deliver(state.Ref{Seq: b.Seq}, results, time.Now(), state.Policy{}); err != nil {
		t.Fatal(err)
	}
}

// outputRows reads a JSONL output: each row's identifier and its status,
// with the error after it when there is one.
func outputRows(t *testing.T, path string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var r struct {
			Identifier string `json:"enrich_identifier"`
			Status     string `json:"enrich_status"`
			Error      string `json:"enrich_error"`
		}
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatal(err)
		}
		rows[r.Identifier] = r.Status
		if r.Error != "" {
			rows[r.Identifier] += ": " + r.Error
		}
	}
	return rows
}

// A refresh compares an answer only with a previous answer for the same
// identifier: one stored for another (a journal damaged or salvaged)
// gives no previous company or title, and no job move in `enrich
// changes`.
func TestRefreshComparesTheSameIdentifier(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "in.csv")
	if err := os.WriteFile(input, []byte("Email\nana@example.com\nbob@example.com\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	journal := statetest.JournalWith(t, map[string][]byte{
		"ana@example.com": []byte(`{"item":"ana@example.com","status":"success","candidate":{"fullName":"Ana","experience":[{"title":"Buyer","company":"Old Co","isCurrent":true}]}}`),
		"bob@example.com": []byte(`{"item":"someone.else@example.com","status":"success","candidate":{"fullName":"Marcelo","experience":[{"title":"CEO","company":"Elsewhere","isCurrent":true}]}}`),
	})
	j, err := state.Open(journal, state.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	now := time.Now()
	ids := []string{"ana@example.com", "bob@example.com"}
	if err := j.Refresh(state.WithContacts, []state.Stale{{ID: ids[0], Origin: "in.csv:2"}, {ID: ids[1], Origin: "in.csv:3"}}, now, now); err != nil {
		t.Fatal(err)
	}
	b, _, err := j.Begin(state.WithContacts, ids, true, now)
	if err != nil {
		t.Fatal(err)
	}
	var fresh []wire.Result
	for _, id := range ids {
		var r wire.Result
		raw := `{"item":"` + id + `","status":"success","candidate":{"uid":"` + id + `","fullName":"X","experience":[{"title":"Director","company":"New Co","isCurrent":true}]}}`
		if err := json.Unmarshal([]byte(raw), &r); err != nil {
			t.Fatal(err)
		}
		fresh = append(fresh, r)
	}
	if _, err := j.Deliver(state.Ref{Seq: b.Seq}, fresh, now, state.Policy{}); err != nil {
		t.Fatal(err)
	}

	changes, err := export.Changes(context.Background(), j, false, now.Add(-time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	if len(changes) != 1 || changes[0].Identifier != "ana@example.com" {
		t.Errorf("changes %+v; want Ana's move alone", changes)
	}
	out := filepath.Join(dir, "out.jsonl")
	if _, err := export.Export(context.Background(), j, export.Config{Input: input, Output: out, Refresh: true}); err != nil {
		t.Fatal(err)
	}
	b2, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(b2)), "\n") {
		switch {
		case strings.Contains(line, `"enrich_identifier":"ana@example.com"`) && !strings.Contains(line, `"enrich_previous_company":"Old Co"`):
			t.Errorf("Ana's row lost her previous company: %s", line)
		case strings.Contains(line, `"enrich_identifier":"bob@example.com"`) && strings.Contains(line, "Elsewhere"):
			t.Errorf("Bob's row shows another person's previous job: %s", line)
		}
	}
}

// A CSV taller than an .xlsx sheet is refused with .xlsx output before
// anything is sent, and no file is left behind.
func TestTallSheetRefusedForXLSX(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "tall.csv")
	var b strings.Builder
	b.WriteString("Email,Note\nana@example.com,x\n")
	for range 1048600 {
		b.WriteString(",x\n")
	}
	if err := os.WriteFile(input, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	svc := &fakeService{async: func(wire.LookupRequest) (int64, api.Meta, error) {
		t.Error("a request was sent")
		return 1, api.Meta{}, nil
	}}
	cfg := Config{Input: input, Output: filepath.Join(dir, "tall.xlsx"), Journal: filepath.Join(dir, "j"), Service: svc, Listen: "127.0.0.1:0"}
	_, err := Run(context.Background(), cfg)
	if !errors.Is(err, fault.ErrUsage) || !strings.Contains(err.Error(), ".csv") || !strings.Contains(err.Error(), "1048576") {
		t.Fatalf("error %v; want a usage error naming the row limit and .csv", err)
	}
	if _, err := os.Stat(cfg.Output); !os.IsNotExist(err) {
		t.Errorf("output left behind: %v", err)
	}
}

// A run refused for its usage (a missing input, a sheet without
// identifiers) leaves no journal behind; one it did not create is kept.
func TestRefusedRunCreatesNoJournal(t *testing.T) {
	dir := t.TempDir()
	noIDs := filepath.Join(dir, "names.csv")
	if err := os.WriteFile(noIDs, []byte("Name\nAna\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, input := range []string{filepath.Join(dir, "missing.csv"), noIDs} {
		cfg := Config{Input: input, Output: filepath.Join(dir, "out.csv"), Journal: filepath.Join(dir, "j"), Service: &fakeService{}}
		if _, err := Run(context.Background(), cfg); err == nil {
			t.Fatalf("%s: no error", input)
		}
		if _, err := os.Stat(cfg.Journal); !os.IsNotExist(err) {
			t.Errorf("%s: the journal was left behind (%v)", input, err)
		}
	}
	kept := statetest.JournalWith(t, map[string][]byte{"ana@example.com": nil})
	cfg := Config{Input: noIDs, Output: filepath.Join(dir, "out.csv"), Journal: kept, Service: &fakeService{}}
	if _, err := Run(context.Background(), cfg); err == nil {
		t.Fatal("no error")
	}
	if _, err := os.Stat(kept); err != nil {
		t.Errorf("an existing journal was removed: %v", err)
	}
}

// Phones that differ only in their extension are never one lookup: a
// number with an extension is not looked up at all, its row goes on to
// its other identifiers or ends invalid_identifier saying why.
func TestPhoneExtensionsNotLookedUp(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "in.csv")
	sheet := "Phone,Email\n+1 415 555 0100 ext. 12,\n+1 415 555 0100 ext. 13,\n+1 415 555 0100 x14,ana@example.com\n"
	if err := os.WriteFile(input, []byte(sheet), 0o644); err != nil {
		t.Fatal(err)
	}
	journal := statetest.JournalWith(t, map[string][]byte{
		"ana@example.com": []byte(`{"item":"ana@example.com","status":"success","candidate":{"fullName":"Ana"}}`),
	})
	var sent []string
	svc := &fakeService{sync: func(items []string) ([]wire.Result, api.Meta, error) {
		sent = append(sent, items...)
		return nil, api.Meta{}, errors.New("nothing is due")
	}}
	cfg := Config{Input: input, Output: filepath.Join(dir, "out.jsonl"), Journal: journal, Service: svc, Sync: true}
	if _, err := Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	if len(sent) != 0 {
		t.Errorf("sent %v", sent)
	}
	b, err := os.ReadFile(cfg.Output)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	for i, want := range []string{`"enrich_status":"invalid_identifier"`, `"enrich_status":"invalid_identifier"`, `"enrich_status":"success"`} {
		if !strings.Contains(lines[i], want) {
			t.Errorf("row %d: %s; want %s", i+2, lines[i], want)
		}
	}
	if !strings.Contains(lines[0], "extension") {
		t.Errorf("row 2 does not say why: %s", lines[0])
	}
}
