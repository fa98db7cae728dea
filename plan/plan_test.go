package plan

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/internal/fill"
	goldenfile "github.com/enrich-dev/enrich/internal/golden"
	"github.com/enrich-dev/enrich/internal/ident"
	"github.com/enrich-dev/enrich/internal/jsondoc"
	"github.com/enrich-dev/enrich/sources"
)

// planGolden compares a plan with testdata/plan/<name>, or rewrites it
// with: go test ./pipeline -run Plan -update
func planGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	goldenfile.Check(t, filepath.Join("testdata", "plan", name), got)
}

func TestPlanGolden(t *testing.T) {
	for _, tc := range []struct {
		name, input string
		opts        sources.Options
	}{
		{"leads", "leads.csv", sources.Options{}},
		{"leads-us-phone-first", "leads.csv", sources.Options{DefaultRegion: "US", Prefer: []ident.Kind{ident.Phone}}},
		{"xlsx", "leads.xlsx", sources.Options{}},
		{"messy", "leads-messy.csv", sources.Options{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Make(context.Background(), Options{Input: filepath.Join("..", "testdata", tc.input), Source: tc.opts})
			if err != nil {
				t.Fatal(err)
			}
			var text bytes.Buffer
			if err := p.WriteText(&text); err != nil {
				t.Fatal(err)
			}
			planGolden(t, tc.name+".txt", text.Bytes())
			js, err := json.MarshalIndent(p, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			planGolden(t, tc.name+".json", append(js, '\n'))
		})
	}
}

// TestPlanCounts checks the arithmetic on a generated sheet whose answer
// is known: 3,000 people, each on two rows (the second spelled
// differently), some rows without identifiers, some invalid.
func TestPlanCounts(t *testing.T) {
	var b strings.Builder
	b.WriteString("Name,Profile,Email,Phone\n")
	for i := 0; i < 3000; i++ {
		fmt.Fprintf(&b, "P%d,https://www.linkedin.com/in/person-%d,person%d@example.com,\n", i, i, i)
		fmt.Fprintf(&b, "P%d,HTTP://LINKEDIN.COM/in/Person-%d/?trk=x,,\n", i, i)
	}
	for i := 0; i < 500; i++ {
		b.WriteString("Nobody,,,\n")
		b.WriteString("Bad,https://www.linkedin.com/pub/x/1/2/3,not-an-email,\n")
	}
	path := filepath.Join(t.TempDir(), "gen.csv")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	resolved := 0
	p, err := Make(context.Background(), Options{
		Input: path, ItemsPerMinute: 600,
		Resolved: func(ids []ident.ID) int {
			n := 0
			for _, id := range ids {
				resolved++
				if id.Kind == ident.Email {
					n++
				}
			}
			return n
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		what      string
		got, want int
	}{
		{"rows", p.Rows, 7000},
		{"rows with identifier", p.RowsWithIdentifier, 6000},
		{"rows with only invalid", p.RowsWithOnlyInvalid, 500},
		{"rows without identifier", p.RowsWithoutIdentifier, 500},
		{"invalid identifiers", p.InvalidIdentifiers, 1000},
		{"duplicate rows", p.DuplicateRows, 3000},
		{"first-choice lookups", p.FirstChoiceLookups, 3000},
		{"unique lookups", p.UniqueLookups, 6000},
		{"worst-case credits", p.WorstCaseCredits, 6000},
		{"resolved hook calls", resolved, 6000},
		{"resolved", *p.Resolved, 3000},
	} {
		if tc.got != tc.want {
			t.Errorf("%s = %d; want %d", tc.what, tc.got, tc.want)
		}
	}
	if p.FirstChoiceLookupTime.Seconds != 300 || p.AllLookupTime.Text != "10m" {
		t.Errorf("times %+v, %+v; want 300 s and 10m at 600 items/min", p.FirstChoiceLookupTime, p.AllLookupTime)
	}
	if len(p.Invalid) != 2 || len(p.Invalid[0].Examples) != planExamples || p.Invalid[0].Examples[0].Row != 6003 {
		t.Errorf("invalid by reason = %+v; want two reasons with 5 examples from row 6003 on", p.Invalid)
	}
}

func TestPlanErrorsAndCancel(t *testing.T) {
	if _, err := Make(context.Background(), Options{Input: "../testdata/legacy.xls"}); err == nil || !strings.Contains(err.Error(), ".xls") {
		t.Errorf("legacy .xls: error %v", err)
	}
	if _, err := Make(context.Background(), Options{Input: "../testdata/leads.csv", ItemsPerMinute: -1}); err == nil {
		t.Error("negative budget accepted")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Make(ctx, Options{Input: "../testdata/leads.csv"}); err != context.Canceled {
		t.Errorf("cancelled: error %v", err)
	}
}

func TestHumanDuration(t *testing.T) {
	for _, tc := range []struct {
		d    time.Duration
		want string
	}{
		{0, "0s"}, {45 * time.Second, "45s"}, {12*time.Minute + 30*time.Second, "12m 30s"}, {10 * time.Minute, "10m"},
		{2*time.Hour + 46*time.Minute + 40*time.Second, "2h 46m"}, {100 * time.Hour, "4d 4h"},
	} {
		if got := humanDuration(tc.d); got != tc.want {
			t.Errorf("humanDuration(%v) = %q; want %q", tc.d, got, tc.want)
		}
	}
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 1234567: "1,234,567", -1000: "-1,000"} {
		if got := thousands(n); got != want {
			t.Errorf("thousands(%d) = %q; want %q", n, got, want)
		}
	}
}

// TestPlanWarnsXLSXLimits: a sheet an .xlsx output cannot hold (a cell
// over 32,767 characters) is named in the plan, before anything is paid.
func TestPlanWarnsXLSXLimits(t *testing.T) {
	path := filepath.Join(t.TempDir(), "long.csv")
	body := "Email,Notes\na@example.com," + strings.Repeat("x", 40000) + "\n"
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := Make(context.Background(), Options{Input: path})
	if err != nil {
		t.Fatal(err)
	}
	var text bytes.Buffer
	if err := p.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if len(p.Warnings) != 1 || !strings.Contains(text.String(), "Warning: an .xlsx output cannot hold this sheet") ||
		!strings.Contains(text.String(), "a cell of 40000 characters") || !strings.Contains(text.String(), ".csv or .jsonl") {
		t.Errorf("plan:\n%s\nwant a warning about the .xlsx cell limit", text.String())
	}
}

// TestPlanJSONKeys: plan --json has every key docs/json.md lists, and no
// other, for a sheet with nothing to look up (no identifier column, no
// person) as for a full one: lists empty as [], never null.
func TestPlanJSONKeys(t *testing.T) {
	listed := jsondoc.Keys(t, filepath.Join("..", "docs", "json.md"), "`enrich plan --json`")
	empty := filepath.Join(t.TempDir(), "empty.csv")
	if err := os.WriteFile(empty, []byte("Notes\nhello\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, input := range []string{empty, filepath.Join("..", "testdata", "leads-messy.csv"), filepath.Join("..", "testdata", "leads.xlsx")} {
		t.Run(filepath.Base(input), func(t *testing.T) {
			p, err := Make(context.Background(), Options{Input: input, ByName: true, Fill: fill.Rules{Default: fill.Blank}})
			if err != nil {
				t.Fatal(err)
			}
			b, err := json.Marshal(p)
			if err != nil {
				t.Fatal(err)
			}
			jsondoc.Check(t, listed, b)
			if bytes.Contains(b, []byte(`":null`)) && bytes.Contains(b, []byte(`"columns":null`)) {
				t.Errorf("a list as null: %s", b)
			}
		})
	}
}
