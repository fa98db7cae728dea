package export

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/enrich-dev/enrich/report"
	"github.com/enrich-dev/enrich/state"
	"github.com/enrich-dev/enrich/state/statetest"
)

// TestSettleStops: an export for a run (Config.Settle) writes nothing and
// says ErrUnsettled when one row is left to the run (an identifier the
// journal does not answer, a row that waits on its search by name), or
// when the run refuses the sheet itself (no identifier column, no data
// row, a journal too large to read whole); an output already there is
// left as it was. Of a sheet the journal settles, it counts the distinct
// identifiers, and those found, as a run's model does.
func TestSettleStops(t *testing.T) {
	answers := map[string][]byte{"nobody@x.co": nil}
	for i := range 3 {
		id := fmt.Sprintf("p%d@x.co", i)
		answers[id] = fmt.Appendf(nil, `{"item": %q, "status": "success", "candidate": {"fullName": "P %d"}}`, id, i)
	}
	j, err := state.Open(statetest.JournalWith(t, answers), state.Options{Command: "test"})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	dir := t.TempDir()
	for _, tc := range []struct {
		name, sheet string
		byName      bool
	}{
		{"an identifier the journal does not answer", "Email\np1@x.co\nnew@x.co\n", false},
		{"a row that waits on its search", "First Name,Last Name,Company,Email\nAna,Silva,Acme,nobody@x.co\n", true},
		{"a row named only by name, with finding by name", "First Name,Last Name,Company,Email\nAna,Silva,Acme,\n", true},
		{"no identifier column", "Name,Company\nAna Silva,Acme\n", false},
		{"no data row", "Email\n", false},
	} {
		input := filepath.Join(dir, "in.csv")
		if err := os.WriteFile(input, []byte(tc.sheet), 0o600); err != nil {
			t.Fatal(err)
		}
		output := filepath.Join(dir, "out.csv")
		if err := os.WriteFile(output, []byte("earlier\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := Export(context.Background(), j, Config{Input: input, Output: output, ByName: tc.byName, Settle: &Settled{ByName: tc.byName}})
		if !errors.Is(err, ErrUnsettled) {
			t.Errorf("%s: %v, want ErrUnsettled", tc.name, err)
		}
		if b, _ := os.ReadFile(output); string(b) != "earlier\n" {
			t.Errorf("%s: the output was written:\n%s", tc.name, b)
		}
		if left, _ := filepath.Glob(filepath.Join(dir, ".out.csv*")); len(left) > 0 {
			t.Errorf("%s: temporary files left: %v", tc.name, left)
		}
	}

	// A journal of more answers than the input could name is not read
	// whole: the run reads its input into its model.
	large := map[string][]byte{}
	for i := range minTableLookups + 1 {
		large[fmt.Sprintf("p%d@x.co", i)] = nil
	}
	jl, err := state.Open(statetest.JournalWith(t, large), state.Options{Command: "test"})
	if err != nil {
		t.Fatal(err)
	}
	defer jl.Close()
	input := filepath.Join(dir, "in.csv")
	if err := os.WriteFile(input, []byte("Email\np1@x.co\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Export(context.Background(), jl, Config{Input: input, Output: filepath.Join(dir, "large.csv"), Settle: &Settled{}}); !errors.Is(err, ErrUnsettled) {
		t.Errorf("a journal too large to read whole: %v, want ErrUnsettled", err)
	}

	// Settled: two rows name p1 (counted once), nobody is answered not
	// found, and a phone no journal answers is counted, not tried.
	sheet := "First Name,Last Name,Company,Email,Phone\nAna,Silva,Acme,p1@x.co,+1 212 555 0100\n,,,p1@x.co,\n,,,nobody@x.co,\n,,,p2@x.co,\n,,,not an email,\n"
	if err := os.WriteFile(input, []byte(sheet), 0o600); err != nil {
		t.Fatal(err)
	}
	s := &Settled{}
	res, err := Export(context.Background(), j, Config{Input: input, Output: filepath.Join(dir, "out.csv"), Settle: s})
	if err != nil {
		t.Fatal(err)
	}
	if res.Rows.Total() != 5 || s.Lookups() != 4 {
		t.Errorf("%d rows, %d lookups; want 5 rows naming 4 identifiers", res.Rows.Total(), s.Lookups())
	}
	rates := map[string]report.KindMatch{}
	s.MatchRates(rates)
	if e := rates["email"]; e.Tried != 3 || e.Found != 2 || len(rates) != 1 {
		t.Errorf("match rates %+v; want 3 e-mails tried, 2 found, and nothing else", rates)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "out.csv")); !strings.Contains(string(b), "invalid_identifier") {
		t.Errorf("the output:\n%s", b)
	}
}
