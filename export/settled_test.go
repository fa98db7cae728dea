package export

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/enrich-dev/enrich/report"
	"github.com/enrich-dev/enrich/state"
	"github.com/enrich-dev/enrich/state/statetest"
)

// TestSettleStops: an export for a run (FromRun.Settle) writes nothing and
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
		_, err := ExportRun(context.Background(), j, Config{Input: input, Output: output, ByName: tc.byName}, FromRun{Settle: &Settled{ByName: tc.byName}})
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
	if _, err := ExportRun(context.Background(), jl, Config{Input: input, Output: filepath.Join(dir, "large.csv")}, FromRun{Settle: &Settled{}}); !errors.Is(err, ErrUnsettled) {
		t.Errorf("a journal too large to read whole: %v, want ErrUnsettled", err)
	}

	// Settled: two rows name p1 (counted once), nobody is answered not
	// found, and a phone no journal answers is counted, not tried.
	sheet := "First Name,Last Name,Company,Email,Phone\nAna,Silva,Acme,p1@x.co,+1 212 555 0100\n,,,p1@x.co,\n,,,nobody@x.co,\n,,,p2@x.co,\n,,,not an email,\n"
	if err := os.WriteFile(input, []byte(sheet), 0o600); err != nil {
		t.Fatal(err)
	}
	s := &Settled{}
	res, err := ExportRun(context.Background(), j, Config{Input: input, Output: filepath.Join(dir, "out.csv")}, FromRun{Settle: s})
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

// TestSettledCountsRest: the identifiers a row's waterfall does not read
// (it stopped at one that found the person) are counted once each, whether
// the person's earlier rows named them or others, over drawn sheets whose
// rows name a few people with a few phones each, the journal answering
// some phones and not others; the seed is in the failure.
func TestSettledCountsRest(t *testing.T) {
	for seed := uint64(1); seed <= 12; seed++ {
		rng := rand.New(rand.NewPCG(seed, 0x72657374))
		answers := map[string][]byte{}
		phone := func(i int) string { return fmt.Sprintf("+1212555%04d", 100+i) }
		for i := range 6 {
			id := fmt.Sprintf("p%d@x.co", i)
			answers[id] = fmt.Appendf(nil, `{"item": %q, "status": "success", "candidate": {"fullName": "P %d"}}`, id, i)
		}
		for i := range 12 {
			switch rng.IntN(3) {
			case 0:
				answers[phone(i)] = nil // found nobody
			case 1:
				answers[phone(i)] = fmt.Appendf(nil, `{"item": %q, "status": "success", "candidate": {"fullName": "Q %d"}}`, phone(i), i)
			}
		}
		j, err := state.Open(statetest.JournalWith(t, answers), state.Options{Command: "test"})
		if err != nil {
			t.Fatal(err)
		}
		sheet := "Email,Phone\n"
		named := map[string]bool{}
		tried, found := map[string]bool{}, map[string]bool{}
		for range 20 + rng.IntN(200) {
			email, ph := fmt.Sprintf("p%d@x.co", rng.IntN(6)), ""
			named[email], tried[email], found[email] = true, true, true
			if rng.IntN(4) > 0 {
				ph = phone(rng.IntN(12))
				named[ph] = true
				if raw, ok := answers[ph]; ok {
					tried[ph], found[ph] = true, raw != nil
				}
			}
			sheet += email + "," + ph + "\n"
		}
		input := filepath.Join(t.TempDir(), "in.csv")
		if err := os.WriteFile(input, []byte(sheet), 0o600); err != nil {
			t.Fatal(err)
		}
		s := &Settled{}
		if _, err := ExportRun(context.Background(), j, Config{Input: input, Output: input + ".out.csv"}, FromRun{Settle: s}); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		j.Close()
		rates := map[string]report.KindMatch{}
		s.MatchRates(rates)
		want := map[string]report.KindMatch{}
		for id := range tried {
			kind := "phone"
			if strings.Contains(id, "@") {
				kind = "email"
			}
			km := want[kind]
			km.Tried++
			if found[id] {
				km.Found++
			}
			km.Rate = float64(km.Found) / float64(km.Tried)
			want[kind] = km
		}
		if s.Lookups() != len(named) || fmt.Sprint(rates) != fmt.Sprint(want) {
			t.Errorf("seed %d: %d lookups, match rates %v; want %d, %v", seed, s.Lookups(), rates, len(named), want)
		}
	}
}
