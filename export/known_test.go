package export

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/runsheet"
	"github.com/enrich-dev/enrich/sources"
	"github.com/enrich-dev/enrich/state"
	"github.com/enrich-dev/enrich/state/statetest"
)

// TestKnownExportInputChanged: when the input is not the file the run's
// model was read from (its size or its modification time differ), the
// export does not pair rows with another row's identifiers: it reads the
// input again, and writes what an export without the model writes.
func TestKnownExportInputChanged(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "in.csv")
	write := func(body string) {
		if err := os.WriteFile(input, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write("Email\na@x.co\nb@x.co\n")
	m, _, err := runsheet.Load(context.Background(), input, sources.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	journal := statetest.JournalWith(t, map[string][]byte{"a@x.co": nil, "b@x.co": nil, "c@x.co": nil})
	j, err := state.Open(journal, state.Options{Command: "test"})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	if err := m.ReadJournal(j, state.WithContacts, time.Time{}); err != nil {
		t.Fatal(err)
	}
	for _, body := range []string{
		"Email\nc@x.co\nb@x.co\n",         // the same size, written later
		"Email\n\nb@x.co\n",               // the first row has no identifier now
		"Email\na@x.co\nb@x.co\nc@x.co\n", // a row more
		"Email\na@x.co\n",                 // a row less
	} {
		time.Sleep(20 * time.Millisecond) // past the file system's clock tick
		write(body)
		cfg := Config{Input: input, Output: filepath.Join(dir, "out.csv")}
		if _, err := ExportRun(context.Background(), j, cfg, FromRun{Model: m}); err != nil {
			t.Fatalf("%q: %v", body, err)
		}
		cfg.Output = filepath.Join(dir, "ref.csv")
		if _, err := ExportRows(context.Background(), j, cfg); err != nil {
			t.Fatal(err)
		}
		SameFiles(t, fmt.Sprintf("%q", body), filepath.Join(dir, "out.csv"), cfg.Output)
	}
}

// TestKnownExportInvalidOfNamedRow: a row whose only identifiers are
// invalid, and which names a person by name and company, is an invalid
// row with its reason when finding by name is off, from the model as row
// by row (the model wrote no_identifier without the reason).
func TestKnownExportInvalidOfNamedRow(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "in.csv")
	body := "First Name,Last Name,Company,Email,Phone\n" +
		"Ana,Silva,Acme Inc,ana@acme.example,\n" +
		"Wei,Rossi,Wonka Inc,,4.15555E+11\n" +
		"Liam,Doe,Hooli,liam at hooli.example,\n" +
		",,,,\n"
	if err := os.WriteFile(input, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	journal := statetest.JournalWith(t, map[string][]byte{"ana@acme.example": nil})
	j, err := state.Open(journal, state.Options{Command: "test"})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	cfg := Config{Input: input, Output: filepath.Join(dir, "known.csv")}
	if _, err := Export(context.Background(), j, cfg); err != nil {
		t.Fatal(err)
	}
	ref := cfg
	ref.Output = filepath.Join(dir, "rows.csv")
	if _, err := ExportRows(context.Background(), j, ref); err != nil {
		t.Fatal(err)
	}
	SameFiles(t, "the export from the model", cfg.Output, ref.Output)
	out, err := os.ReadFile(cfg.Output)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"scientific notation", "contains spaces"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the output does not give the reason %q:\n%s", want, out)
		}
	}
}

// TestExportJournalLargerThanInput: a journal of more answers than its
// input could name is not read whole: the export reads the input's
// identifiers first, then their answers, and writes what the row-by-row
// export writes.
func TestExportJournalLargerThanInput(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "in.csv")
	if err := os.WriteFile(input, []byte("Email\np1@x.co\nnobody@x.co\np2@x.co\np1@x.co\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	answers := map[string][]byte{}
	for i := range 2 * minTableLookups {
		id := fmt.Sprintf("p%d@x.co", i)
		answers[id] = fmt.Appendf(nil, `{"item": %q, "status": "success", "candidate": {"fullName": "P"}}`, id)
	}
	j, err := state.Open(statetest.JournalWith(t, answers), state.Options{Command: "test"})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	cfg := Config{Input: input, Output: filepath.Join(dir, "out.csv")}
	if a, err := readAnswers(context.Background(), j, cfg, nil); err != nil || a != nil {
		t.Fatalf("a journal of %d answers for an input of 4 rows was read whole (%v)", len(answers), err)
	}
	passes := map[string]bool{}
	cfg.Progress = func(pass string, _ int, _ int64) { passes[pass] = true }
	if _, err := Export(context.Background(), j, cfg); err != nil {
		t.Fatal(err)
	}
	if !passes[sources.PassRead] {
		t.Error("the input's identifiers were not read first")
	}
	ref := Config{Input: input, Output: filepath.Join(dir, "rows.csv")}
	if _, err := ExportRows(context.Background(), j, ref); err != nil {
		t.Fatal(err)
	}
	SameFiles(t, "the export of a large journal", cfg.Output, ref.Output)
	if b, _ := os.ReadFile(cfg.Output); strings.Count(string(b), "success") != 3 {
		t.Errorf("want 3 rows found:\n%s", b)
	}

	// A journal that counts fewer lookups than it holds: its table
	// fills up as it is read, and the identifiers past it are read from
	// the journal as rows name them; a run's export of it settles
	// nothing, and the run builds its model.
	if err := j.Count("lookups_"+string(state.WithContacts), -int64(len(answers))); err != nil {
		t.Fatal(err)
	}
	if _, err := Export(context.Background(), j, cfg); err != nil {
		t.Fatal(err)
	}
	settled := Config{Input: input, Output: filepath.Join(dir, "settled.csv")}
	if _, err := ExportRun(context.Background(), j, settled, FromRun{Settle: &Settled{}}); !errors.Is(err, ErrUnsettled) {
		t.Errorf("a run's export of a journal that counts too few lookups: %v, want ErrUnsettled", err)
	}
	SameFiles(t, "the export of a journal that counts too few lookups", cfg.Output, ref.Output)
}
