package report

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/internal/jsondoc"
)

// TestRunSummary checks the summary's lines: statuses in the report's
// order then unknown ones by name, every identifier kind including one a
// newer engine reports, no "NaN%" for a kind with nothing tried, and no
// empty parentheses when an incomplete run gives no reason. It prints the
// same run the same way every time (a map's order once leaked into it).
func TestRunSummary(t *testing.T) {
	start, end := int64(1300), int64(0)
	r := &Run{
		Input: "leads.xlsx", Output: "out.csv",
		Rows:         10,
		RowsByStatus: map[string]int{"zeta": 1, "pending": 2, "alpha": 1, "success": 5, "not_found": 1, "error": 0},
		MatchRate: map[string]KindMatch{
			"email": {Tried: 4, Found: 1, Rate: .25}, "linkedin": {Tried: 8, Found: 6, Rate: .75},
			"uid": {}, "twitter": {Tried: 2, Found: 2, Rate: 1},
		},
		Lookups: 14, Requests: 3, ItemsSent: 14, Resubmissions: 1, RateLimited: 0, Refused: map[string]int{"503": 100, "429": 200, "no connection": 0},
		Credits:         Credits{ProfilesReceived: 1212, BalanceStart: &start, BalanceEnd: &end, Relookups: 300, Undelivered: 300},
		DurationSeconds: 468.4, ItemsPerMinute: 375, BudgetItemsPerMinute: 600,
		Coverage: Coverage{Found: 5, WorkEmail: 3, Email: 4, Phone: 2},
	}
	for _, f := range []FixRow{{Row: 4, Status: "invalid_identifier", Why: "e-mail address without @"}, {Row: 7, Status: "no_identifier"}, {Row: 9, Status: "ambiguous", Why: "2 people agree"}, {Row: 12, Status: "error", Why: "500"}} {
		r.Fix.Add(f)
	}
	want := `enrich: leads.xlsx → out.csv: incomplete
  found      5 of 10 rows (50.0%): 3 with a work e-mail, 4 with any e-mail, 2 with a phone
  to fix     4 rows: 1 ambiguous (row 9), 1 no_identifier (row 7), 1 invalid_identifier (row 4), 1 error (row 12); why, in out.csv.report.html
  rows       10: success 5, not_found 1, pending 2, alpha 1, zeta 1
  linkedin   6 of 8 found (75.0%)
  email      1 of 4 found (25.0%)
  uid        0 of 0 found (–)
  twitter    2 of 2 found (100.0%)
  lookups    14 distinct; 14 items sent in 3 requests; 1 sent again; refused 200 (429), 100 (503); 0 rate-limited
  credits    1,300 spent: 1,212 profiles received, 88 for matches whose delivery the service discarded (300 items were never delivered); balance 1,300 → 0
  time       7m48s at 375 items/min (budget 600)
  report     out.csv.report.html
`
	for range 20 {
		var b bytes.Buffer
		r.WriteSummary(&b)
		if b.String() != want {
			t.Fatalf("summary:\n%s\nwant:\n%s", b.String(), want)
		}
	}

	// A drop beyond what was never delivered is other use of the account;
	// --max-credits shows what the run counted against it.
	r.Credits.Undelivered, r.Credits.MaxCredits, r.Credits.Counted = 50, 2000, 1262
	var c bytes.Buffer
	r.WriteSummary(&c)
	if want := "  credits    1,300 spent: 1,212 profiles received, 88 for matches whose delivery the service discarded (50 items were never delivered), 38 other use of the account meanwhile; balance 1,300 → 0; 1,262 counted against --max-credits 2,000\n"; !bytes.Contains(c.Bytes(), []byte(want)) {
		t.Errorf("summary:\n%s\nwant the line:\n%s", c.String(), want)
	}

	r.StopReason, r.Next = "credits exhausted", "enrich run leads.xlsx -o out.csv"
	var b bytes.Buffer
	r.WriteSummary(&b)
	if line, _, _ := bytes.Cut(b.Bytes(), []byte("\n")); string(line) != "enrich: leads.xlsx → out.csv: incomplete (credits exhausted); to go on, run: enrich run leads.xlsx -o out.csv" {
		t.Errorf("first line %q", line)
	}
}

// TestEmployeesSummary checks the company export's summary, complete and
// not.
func TestEmployeesSummary(t *testing.T) {
	e := &Employees{
		Company: Company{ID: 48213, Slug: "acme-robotics", Name: "Acme Robotics"},
		Status:  "current", Output: "acme.xlsx",
		Expected: 1000, Written: 812, Batches: 9, Requested: true,
		StopReason:      "no more came within 15m0s",
		Next:            "enrich company employees acme-robotics -o acme.xlsx --refetch",
		Started:         time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC),
		DurationSeconds: 1049.2,
	}
	for _, tc := range []struct {
		change func()
		want   string
	}{
		{func() {}, `enrich: current employees of Acme Robotics (acme-robotics, id 48213) → acme.xlsx: incomplete (no more came within 15m0s); to go on, run: enrich company employees acme-robotics -o acme.xlsx --refetch
  profiles   812 of 1000 written, in 9 batches
  request    made by this run
  time       17m29s
  report     acme.xlsx.report.html
`},
		{func() {
			e.Complete, e.Written, e.Batches, e.Requested, e.Company.Name = true, 1000, 1, false, ""
		}, `enrich: current employees of acme-robotics (id 48213) → acme.xlsx: complete
  profiles   1000 of 1000 written, in 1 batch
  request    made earlier; this run waited for its deliveries
  time       17m29s
  report     acme.xlsx.report.html
`},
		// Run again after people left: the journal holds more than the
		// company counts now, and this run received nothing.
		{func() {
			e.Expected, e.Written, e.Batches = 514, 524, 0
		}, `enrich: current employees of acme-robotics (id 48213) → acme.xlsx: complete
  profiles   524 written; the company counts 514 now, fewer than the journal holds from earlier deliveries (--refetch asks for them as they are now), all from the journal
  request    made earlier; every profile was in the journal already
  time       17m29s
  report     acme.xlsx.report.html
`},
	} {
		tc.change()
		var b bytes.Buffer
		e.WriteSummary(&b)
		if b.String() != tc.want {
			t.Errorf("summary:\n%s\nwant:\n%s", b.String(), tc.want)
		}
	}
}

// TestSummaryJSONKeys: the run's JSON summary has every key docs/json.md
// lists, and no other, for an empty run (nothing found, nothing known of
// the balance, nothing to fix) as for a full one (stopped early, rows to
// fix, found by name, a shared budget).
func TestSummaryJSONKeys(t *testing.T) {
	listed := jsondoc.Keys(t, filepath.Join("..", "docs", "json.md"), "The run's summary")
	start, end := int64(100), int64(90)
	full := &Run{
		Input: "leads.csv", Output: "out.csv", StopReason: fault.StopInterrupted, ExitCode: fault.ExitInterrupted, Next: "enrich run leads.csv -o out.csv",
		Rows: 3, RowsByStatus: map[string]int{"success": 1, "not_found": 1, "pending": 1},
		Credits: Credits{ProfilesReceived: 10, BalanceStart: &start, BalanceEnd: &end},
		ByName:  &ByName{Rows: 1, CandidatesFile: "out.csv.candidates.csv", Stopped: "the run stopped"},
		Budget:  &BudgetUse{Where: "redis://host:6379", Items: 10, Limit: 600, Runs: 2, MostRuns: 2},
	}
	full.Fix.Add(FixRow{Row: 3, Status: "not_found", Why: "nobody"})
	for name, r := range map[string]*Run{"empty": {Complete: true}, "full": full} {
		t.Run(name, func(t *testing.T) {
			b, err := json.Marshal(r.Summary())
			if err != nil {
				t.Fatal(err)
			}
			jsondoc.Check(t, listed, b)
		})
	}
}
