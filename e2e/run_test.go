package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/report"
	"github.com/enrich-dev/enrich/sources"
)

func TestCleanRun(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(10000), 250)
	j.enrich(t, j.args()...).expectCode(t, 0)
	j.checkRows(t)
	j.budgetKept(t)
	r := j.report(t)
	if used := j.stats().CreditsUsed["standard"]; used != found(r) || r.Credits.ProfilesReceived != used || r.Credits.BalanceDrop == nil || *r.Credits.BalanceDrop != used {
		t.Errorf("credits used %d (report %+v), want one per distinct identifier found: %d", used, r.Credits, found(r))
	}
	if fi, err := os.Stat(j.journal); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("journal mode %v, %v; want 0600", fi.Mode().Perm(), err)
	}
	if !r.Complete || r.Rows != len(j.sheet) || r.RateLimited != 0 || r.ExitCode != 0 {
		t.Errorf("report %+v", r)
	}
	reportsWritten(t, j.output)

	// The same command again: nothing is sent, nothing is paid.
	before := j.stats().ItemsAccepted
	j.enrich(t, j.args()...).expectCode(t, 0)
	if after := j.stats().ItemsAccepted; after != before {
		t.Errorf("a re-run submitted %d items", after-before)
	}
	j.checkRows(t)
}

func TestLostCallbacks(t *testing.T) {
	t.Parallel()
	cfg := fastService(10000)
	// Each request's delivery is lost or not as a whole: four in ten,
	// over some twenty requests, so that a run without a loss (which
	// would test nothing) is about one in ten thousand; twelve attempts
	// make an identifier lost every time about as rare.
	cfg.CallbackLoss = 0.4
	j := newJob(t, cfg, 1000)
	j.enrich(t, j.args("--callback-timeout", "1500ms", "--max-attempts", "12")...).expectCode(t, 0)
	j.checkRows(t)
	j.budgetKept(t)
	st, r := j.stats(), j.report(t)
	if st.Lost == 0 {
		t.Fatal("no callback was lost: the test tests nothing")
	}
	// Profiles in lost deliveries were paid once and must be looked up
	// again; nothing else may be paid twice.
	if want := found(r) + int64(st.DiscardedCharged); st.CreditsUsed["standard"] != want {
		t.Errorf("credits used %d, want %d found + %d paid in lost deliveries", st.CreditsUsed["standard"], found(r), st.DiscardedCharged)
	}
	if r.Expired == 0 || r.Resubmissions == 0 {
		t.Errorf("report shows no resubmission: %+v", r)
	}
}

func TestDuplicateDeliveries(t *testing.T) {
	t.Parallel()
	cfg := fastService(10000)
	cfg.DuplicateRate = 0.5
	j := newJob(t, cfg, 200)
	j.enrich(t, j.args()...).expectCode(t, 0)
	j.checkRows(t)
	j.budgetKept(t)
	st, r := j.stats(), j.report(t)
	if st.Duplicated == 0 {
		t.Fatal("no delivery was duplicated")
	}
	if st.CreditsUsed["standard"] != found(r) {
		t.Errorf("credits used %d, want %d", st.CreditsUsed["standard"], found(r))
	}
}

func TestSlowCallbacksPastTimeout(t *testing.T) {
	t.Parallel()
	cfg := fastService(10000)
	cfg.CallbackDelay = time.Second // two thirds of the deliveries come after the timeout
	j := newJob(t, cfg, 400)
	j.enrich(t, j.args("--callback-timeout", "400ms", "--max-attempts", "20", "--drain-timeout", "20s")...).expectCode(t, 0)
	j.checkRows(t)
	j.budgetKept(t)
	st, r := j.stats(), j.report(t)
	if r.Expired == 0 {
		t.Fatal("no callback came after the timeout: the test tests nothing")
	}
	// A request resubmitted after its timeout may be paid twice if the slow
	// callback comes too: at most the items of the expired requests.
	used := st.CreditsUsed["standard"]
	if used < found(r) || used > found(r)+int64(r.Expired*perWindow) {
		t.Errorf("credits used %d; found %d, %d requests expired", used, found(r), r.Expired)
	}
}

func TestCreditsRunOutThenResume(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(60), 250)
	res := j.enrich(t, j.args()...)
	res.expectCode(t, 3)
	if !strings.Contains(res.stderr, "credits") {
		t.Errorf("stderr does not say credits ran out:\n%s", res.stderr)
	}
	r := j.report(t)
	if r.Complete || r.RowsByStatus["credits_exhausted"] == 0 {
		t.Fatalf("report after credits ran out: %+v", r)
	}
	if used := j.stats().CreditsUsed["standard"]; used != 60 {
		t.Errorf("credits used %d, want all 60", used)
	}

	// Top up, and the same command finishes the job.
	resp, err := http.Post(j.url+"/_emulator/credits", "application/json", bytes.NewReader([]byte(`{"add": 1000}`)))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	j.enrich(t, j.args()...).expectCode(t, 0)
	j.checkRows(t)
	j.budgetKept(t)
	r = j.report(t)
	// Items answered credits_are_over cost nothing: every credit bought a
	// distinct profile.
	if used := j.stats().CreditsUsed["standard"]; used != found(r) {
		t.Errorf("credits used %d over both runs, want %d", used, found(r))
	}
}

func TestTrialAccount(t *testing.T) {
	t.Parallel()
	cfg := fastService(100)
	cfg.Default.Trial, cfg.Default.ItemsPerMinute = true, 0 // the plan's 5 items per window
	j := newJob(t, cfg, 20)
	start := time.Now()
	j.enrich(t, j.args("--items-per-minute", "5")...).expectCode(t, 0)
	j.checkRows(t)
	st := j.stats()
	if st.RateLimited != 0 || st.MaxWindowItems > 5 {
		t.Errorf("429s %d, window max %d (limit 5)", st.RateLimited, st.MaxWindowItems)
	}
	if items := st.ItemsAccepted; time.Since(start) < time.Duration((items-1)/5)*window {
		t.Errorf("%d items in %v: faster than 5 per window", items, time.Since(start))
	}
}

func TestSyncMode(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(10000), 150)
	// No callback address is needed: --listen is left unusable on purpose.
	j.enrich(t, j.args("--sync", "--listen", "256.0.0.1:1")...).expectCode(t, 0)
	j.checkRows(t)
	j.budgetKept(t)
	if st := j.stats(); st.Delivered != 0 || st.CreditsUsed["standard"] != found(j.report(t)) {
		t.Errorf("stats %+v", st)
	}
}

func TestMaxCredits(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(10000), 200)
	res := j.enrich(t, j.args("--max-credits", "25")...)
	res.expectCode(t, 3)
	if used := j.stats().CreditsUsed["standard"]; used > 25 || used < 20 {
		t.Errorf("credits used %d with --max-credits 25", used)
	}
	r := j.report(t)
	if r.Complete || r.StopReason != "--max-credits reached" || r.RowsByStatus["pending"] == 0 {
		t.Errorf("report %+v", r)
	}
	j.enrich(t, j.args()...).expectCode(t, 0)
	j.checkRows(t)
}

func TestWithoutContacts(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(10000), 80)
	j.output = j.dir + "/enriched.jsonl"
	j.enrich(t, j.args("--without-contacts", "-o", j.output)...).expectCode(t, 0)
	st := j.stats()
	if st.CreditsUsed["standard"] != 0 || st.CreditsUsed["withoutContacts"] == 0 {
		t.Errorf("credits %v", st.CreditsUsed)
	}
	b, err := os.ReadFile(j.output)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) != len(j.sheet) {
		t.Fatalf("%d JSON lines for %d rows", len(lines), len(j.sheet))
	}
	for i, line := range lines {
		var row struct {
			Status    string `json:"enrich_status"`
			Candidate struct {
				Contacts []any `json:"contacts"`
				UID      string
			} `json:"candidate"`
		}
		if err := json.Unmarshal([]byte(line), &row); err != nil {
			t.Fatal(err)
		}
		if row.Status != j.sheet[i].Status || (row.Status == "success" && (row.Candidate.UID != j.sheet[i].UID || len(row.Candidate.Contacts) != 0)) {
			t.Errorf("row %d: %s %s with %d contacts; want %s %s and none", i+1, row.Status, row.Candidate.UID, len(row.Candidate.Contacts), j.sheet[i].Status, j.sheet[i].UID)
		}
	}
}

func TestUsageErrors(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(10), 10)
	for _, tc := range []struct {
		name string
		env  []string
		args []string
		code int
		says string
	}{
		{"no key", []string{"ENRICH_API_KEY="}, j.args(), 2, "ENRICH_API_KEY"},
		{"no output", nil, []string{"run", j.input}, 2, "--output"},
		{"missing input", nil, append([]string{"run", j.dir + "/nope.csv"}, j.args()[2:]...), 2, "nope.csv"},
		{"bad key", []string{"ENRICH_API_KEY=wrong"}, j.args(), 2, "ENRICH_API_KEY"},
		{"unknown flag", nil, append(j.args(), "--colour"), 2, "unknown flag"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := j.enrichEnv(t, tc.env, tc.args...)
			res.expectCode(t, tc.code)
			if !strings.Contains(res.stderr, tc.says) {
				t.Errorf("stderr does not mention %q:\n%s", tc.says, res.stderr)
			}
			if strings.Contains(res.stderr, "e2e-key") {
				t.Errorf("the API key appears in the output:\n%s", res.stderr)
			}
		})
	}
	if st := j.stats(); st.ItemsAccepted != 0 {
		t.Errorf("failed runs submitted %d items", st.ItemsAccepted)
	}
}

func TestJournalLocked(t *testing.T) {
	t.Parallel()
	cfg := fastService(10000)
	cfg.Default.ItemsPerMinute = 5 // slow enough that the first run holds the journal
	j := newJob(t, cfg, 30)
	first := j.start(t, j.args("--items-per-minute", "5")...)
	waitFor(t, "the first run to hold the journal", func() bool {
		_, err := os.Stat(j.journal + ".owner")
		return err == nil
	})
	res := j.enrich(t, j.args("--items-per-minute", "5")...)
	res.expectCode(t, 4)
	if !strings.Contains(res.stderr, j.journal) || !strings.Contains(res.stderr, "pid") {
		t.Errorf("the message does not name the journal and its holder:\n%s", res.stderr)
	}
	// status works while the run holds the journal, from its status file.
	waitFor(t, "the status file", func() bool {
		_, err := os.Stat(j.journal + ".status.json")
		return err == nil
	})
	var out strings.Builder
	cmd := j.command(context.Background(), "status", "--journal", j.journal)
	cmd.Stdout = &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("status while running: %v", err)
	}
	if !strings.Contains(out.String(), "running (pid") || !strings.Contains(out.String(), "rows         30:") {
		t.Errorf("status while running:\n%s", out.String())
	}
	first.Process.Kill()
	first.Wait()
}

// TestInterrupt sends Ctrl-C to a run: it stops submitting, waits for what
// is in flight, writes the output with the rows still pending and exits
// 130; the same command then finishes the job.
func TestInterrupt(t *testing.T) {
	t.Parallel()
	cfg := fastService(10000)
	cfg.Default.ItemsPerMinute = 20
	j := newJob(t, cfg, 120)
	cmd := j.start(t, j.args("--items-per-minute", "20")...)
	waitFor(t, "the first results", func() bool { return j.stats().Delivered > 0 })
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("the run did not stop within 20 s of Ctrl-C")
	}
	if code := cmd.ProcessState.ExitCode(); code != 130 {
		t.Fatalf("exit code %d after Ctrl-C, want 130", code)
	}
	r := j.report(t)
	if r.Complete || r.StopReason != "interrupted" || r.RowsByStatus["pending"] == 0 || r.RowsByStatus["success"] == 0 {
		t.Errorf("report after Ctrl-C: %+v", r)
	}
	j.enrich(t, j.args("--items-per-minute", "20")...).expectCode(t, 0)
	j.checkRows(t)
	if st := j.stats(); st.CreditsUsed["standard"] != found(j.report(t)) {
		t.Errorf("credits used %d, want %d", st.CreditsUsed["standard"], found(j.report(t)))
	}
}

// TestReportAnswersTheSalesQuestion checks the report's lead figures
// against the output and the emulator's world: rows found, with a work
// e-mail, with any e-mail, with a phone; every row to fix with its row as
// the spreadsheet shows it and why; the settings with where each came
// from; and a --max-credits stop named as such, not as credits running out.
func TestReportAnswersTheSalesQuestion(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(10000), 120)
	j.enrich(t, j.args()...).expectCode(t, 0)
	r := j.report(t)

	tb, err := sources.Open(j.output, sources.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	h := tb.Layout().Header
	col := func(name string) int { return slices.Index(h, name) }
	status, uid, email, phone, why := col("enrich_status"), col("enrich_uid"), col("enrich_email"), col("enrich_phone"), col("enrich_error")
	var want report.Coverage
	var fix []report.FixRow
	for {
		row, err := tb.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		cell := func(i int) string {
			if i < len(row.Cells) {
				return row.Cells[i]
			}
			return ""
		}
		switch st := cell(status); st {
		case "success":
			want.Found++
			if cell(email) != "" {
				want.Email++
			}
			if cell(phone) != "" {
				want.Phone++
			}
			if _, ok := j.emu.World().Find(cell(uid)); !ok {
				t.Fatalf("row %d: uid %s is nobody in the world", row.Num, cell(uid))
			}
		case "invalid_identifier", "no_identifier", "ambiguous", "error":
			fix = append(fix, report.FixRow{Row: row.Num, Status: st, Why: cell(why)})
		case "not_found":
			// A row searched by name and not found says why, and is
			// to fix; one whose identifiers alone found nobody is not.
			if cell(why) != "" {
				fix = append(fix, report.FixRow{Row: row.Num, Status: st, Why: cell(why)})
			}
		}
	}
	// Work e-mails, as the service marked them on the profiles it sent.
	jsonl := filepath.Join(j.dir, "rows.jsonl")
	j.enrich(t, "export", j.input, "-o", jsonl, "--journal", j.journal, "--default-region", "US").expectCode(t, 0)
	type contact struct {
		Type    string  `json:"type"`
		SubType *string `json:"subType"`
	}
	for _, line := range readLines(t, jsonl) {
		var row struct {
			Candidate *struct {
				Contacts []contact `json:"contacts"`
			} `json:"candidate"`
		}
		if line == "" {
			continue
		}
		if err := json.Unmarshal([]byte(line), &row); err != nil {
			t.Fatal(err)
		}
		if row.Candidate != nil && slices.ContainsFunc(row.Candidate.Contacts, func(c contact) bool {
			return c.Type == "email" && c.SubType != nil && *c.SubType == "work"
		}) {
			want.WorkEmail++
		}
	}
	if r.Coverage != want {
		t.Errorf("coverage %+v; the output and the world say %+v", r.Coverage, want)
	}
	if want.Found == 0 || want.WorkEmail == 0 || want.Phone == 0 {
		t.Errorf("coverage %+v: the sheet should find people with work e-mails and phones", want)
	}
	if r.Fix.Total != len(fix) || len(fix) == 0 {
		t.Fatalf("%d rows to fix in the report, %d in the output", r.Fix.Total, len(fix))
	}
	for i, f := range fix {
		got := r.Fix.Rows[i]
		if got.Row != f.Row || got.Status != f.Status || (f.Why != "" && got.Why != f.Why) || got.Why == "" {
			t.Errorf("row to fix %d: %+v; the output says %+v", i, got, f)
		}
	}
	page, err := os.ReadFile(j.output + ".report.html")
	if err != nil {
		t.Fatal(err)
	}
	fixAt, chartAt := bytes.Index(page, []byte(`id="fix"`)), bytes.Index(page, []byte(`id="timeline"`))
	if fixAt < 0 || fixAt > chartAt || !bytes.Contains(page, []byte(`data-figure="with_work_email"`)) {
		t.Error("the page does not lead with the coverage and the rows to fix")
	}
	from := map[string]string{}
	for _, s := range r.Settings {
		from[s.Flag] = s.From
	}
	if from["--api-url"] != "ENRICH_API_URL" || from["--items-per-minute"] != report.FromCommandLine || from["--max-attempts"] != report.FromDefault {
		t.Errorf("settings' origins %v", from)
	}
	if _, listed := from["--column"]; listed {
		t.Error("a setting with no value is listed")
	}

	// A --max-credits stop says so, not that the credits ran out.
	k := newJob(t, fastService(10000), 120)
	k.enrich(t, k.args("--max-credits", "10")...).expectCode(t, 3)
	r = k.report(t)
	for _, e := range r.Timeline.Events {
		if e.Kind == report.EventCredits {
			t.Errorf("a --max-credits stop is drawn as credits running out: %+v", e)
		}
	}
	if page, err = os.ReadFile(k.output + ".report.html"); err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(page, []byte("credits ran out")) && !bytes.Contains(page, []byte(`<li><span class="sw sw-credits"></span>credits ran out</li>`)) || !bytes.Contains(page, []byte("--max-credits reached")) {
		t.Error("the page does not name the --max-credits stop")
	}
}
