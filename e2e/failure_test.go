package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/internal/human"
)

// column returns the index of name in header.
func column(t *testing.T, header []string, name string) int {
	t.Helper()
	i := index(header, name)
	if i < 0 {
		t.Fatalf("no column %s in %v", name, header)
	}
	return i
}

// statuses counts the rows of a CSV output by enrich_status.
func statuses(t *testing.T, path string) map[string]int {
	t.Helper()
	header, rows := readCSV(t, path)
	col := column(t, header, "enrich_status")
	out := map[string]int{}
	for _, r := range rows {
		out[r[col]]++
	}
	return out
}

// writeFile writes a test's input.
func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
}

// Ordinary attendance sheets: 1,100 rows, an e-mail on each, a profile URL
// on half, 800 or 300 distinct people. Sheets over 1,000 rows with repeats
// and two identifier columns once panicked in the sizing of the run's
// model (the one of 300 people did).
func TestOrdinarySheet(t *testing.T) {
	t.Parallel()
	for _, people := range []int{800, 300} {
		t.Run(fmt.Sprint(people, " people"), func(t *testing.T) {
			t.Parallel()
			ordinarySheet(t, people)
		})
	}
}

func ordinarySheet(t *testing.T, distinct int) {
	j := newJob(t, fastService(10000), 0)
	var b strings.Builder
	b.WriteString("Name,Email,LinkedIn\n")
	w := j.emu.World()
	var people []int
	for i := 0; len(people) < distinct; i++ {
		if len(w.Person(i).Emails) > 0 {
			people = append(people, i)
		}
	}
	uids := map[int]string{}
	for i := 0; i < 1100; i++ {
		p := w.Person(people[i%distinct])
		url := ""
		if i%2 == 0 {
			url = p.ProfileURL()
		}
		fmt.Fprintf(&b, "%s,%s,%s\n", p.FullName, p.Emails[0].Address, url)
		uids[i] = p.UID.String()
	}
	writeFile(t, j.input, b.String())
	j.enrich(t, j.args("--items-per-minute", "1000")...).expectCode(t, 0)
	header, rows := readCSV(t, j.output)
	if len(rows) != 1100 {
		t.Fatalf("%d rows out of 1100", len(rows))
	}
	st, uid := column(t, header, "enrich_status"), column(t, header, "enrich_uid")
	for i, r := range rows {
		if r[st] != "success" || r[uid] != uids[i] {
			t.Fatalf("row %d: %s %s, want success %s", i+2, r[st], r[uid], uids[i])
		}
	}
}

// Every usage error is found before anything is read or sent: the output's
// name and folder, numbers out of range, a sheet with nothing to look up.
func TestRefusedBeforeSpending(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(10000), 20)
	folder := filepath.Join(j.dir, "afolder")
	os.Mkdir(folder, 0o700)
	noIDs := filepath.Join(j.dir, "noids.csv")
	writeFile(t, noIDs, "Name,City\nAna,Lisbon\nBo,Oslo\n")
	headerOnly := filepath.Join(j.dir, "header.csv")
	writeFile(t, headerOnly, "Name,Email,LinkedIn\n")
	run := func(extra ...string) []string { return j.args(extra...) }
	for _, tc := range []struct {
		name string
		args []string
		says string
	}{
		{"output .txt", run("-o", filepath.Join(j.dir, "out.txt")), ".csv, .xlsx or .jsonl"},
		{"output folder missing", run("-o", filepath.Join(j.dir, "no/such/dir/out.csv")), "does not exist"},
		{"output is the input", run("-o", j.input), "is the input"},
		{"output is a folder", run("-o", folder), "is a folder"},
		{"output is the journal", append(run("--journal", filepath.Join(j.dir, "same.csv")), "-o", filepath.Join(j.dir, "same.csv")), "is the journal"},
		{"output is the status file", run("-o", j.journal+".status.json"), ".csv, .xlsx or .jsonl"},
		{"negative window", run("--rate-window", "-1s"), "--rate-window"},
		{"zero window", run("--rate-window", "0"), "--rate-window"},
		{"zero budget", run("--items-per-minute", "0"), "--items-per-minute"},
		{"zero attempts", run("--max-attempts", "0"), "--max-attempts"},
		{"zero callback timeout", run("--callback-timeout", "0"), "--callback-timeout"},
		{"negative retry wait", run("--retry-wait", "-1s"), "--retry-wait"},
		{"negative drain", run("--drain-timeout", "-1s"), "--drain-timeout"},
		{"negative duration", run("--max-duration", "-1s"), "--max-duration"},
		{"duration within the drain", run("--max-duration", "1m", "--drain-timeout", "2m"), "leaves no time"},
		{"zero service wait", run("--service-wait", "0"), "--service-wait"},
		{"negative credits", run("--max-credits", "-1"), "--max-credits"},
		{"bad allow list", run("--callback-allow", "nonsense"), "--callback-allow"},
		{"no identifier column", append([]string{"run", noIDs}, run()[2:]...), "no identifier column"},
		{"no data rows", append([]string{"run", headerOnly}, run()[2:]...), "no data rows"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := j.enrich(t, tc.args...)
			res.expectCode(t, 2)
			if !strings.Contains(res.stderr, tc.says) {
				t.Errorf("stderr does not say %q:\n%s", tc.says, res.stderr)
			}
			if strings.Count(strings.TrimSpace(res.stderr), "\n") > 0 && strings.Contains(res.stderr, "level=INFO msg=\"credits\"") {
				t.Errorf("the service was asked before the refusal:\n%s", res.stderr)
			}
		})
	}
	if st := j.stats(); st.ItemsAccepted != 0 || st.Requests != 0 {
		t.Errorf("refused runs sent %d items in %d requests", st.ItemsAccepted, st.Requests)
	}
	if _, err := os.Stat(filepath.Join(j.dir, "same.csv")); err == nil {
		t.Error("a journal was created at the output's name")
	}
}

// Rows a run gave up (every callback lost) end in error with exit 3, and
// the next run, against a healthy service, looks them up again.
func TestErrorsRetriedByNextRun(t *testing.T) {
	t.Parallel()
	lossy := fastService(10000)
	lossy.CallbackLoss = 1
	j := newJob(t, lossy, 60)
	res := j.enrich(t, j.args("--callback-timeout", "700ms", "--max-attempts", "1")...)
	res.expectCode(t, 3)
	if n := statuses(t, j.output)["error"]; n == 0 {
		t.Fatalf("no row in error after every callback was lost:\n%s", res.stderr)
	}
	r := j.report(t)
	if r.Complete || r.Next == "" {
		t.Errorf("report of a run with rows in error: complete %v, next %q", r.Complete, r.Next)
	}

	healthy := newJob(t, fastService(10000), 0)
	j.url = healthy.url
	j.emu = healthy.emu
	j.enrich(t, j.args()...).expectCode(t, 0)
	j.checkRows(t)
	if st := healthy.stats(); st.ItemsAccepted == 0 {
		t.Error("the second run sent nothing")
	}
}

// With every callback lost, --max-credits holds: the items of requests
// given up count as charged until the balance shows what they cost.
func TestMaxCreditsWithLostCallbacks(t *testing.T) {
	t.Parallel()
	cfg := fastService(10000)
	cfg.CallbackLoss = 1
	j := newJob(t, cfg, 0)
	var b strings.Builder
	b.WriteString("LinkedIn\n")
	for i := 0; i < 40; i++ {
		b.WriteString(j.emu.World().Person(i).ProfileURL() + "\n")
	}
	writeFile(t, j.input, b.String())
	res := j.enrich(t, j.args("--max-credits", "20", "--callback-timeout", "600ms")...)
	res.expectCode(t, 3)
	if used := j.stats().CreditsUsed["standard"]; used > 20 {
		t.Errorf("spent %d credits with --max-credits 20", used)
	}
}

// A service that answers 500 to every submission (and processes none)
// keeps no run going for ever: its requests wait out the callback timeout,
// then the outage bound stops the run, which writes its output.
func TestAlways500Ends(t *testing.T) {
	t.Parallel()
	cfg := fastService(10000)
	cfg.SubmitErrorRate = 1
	j := newJob(t, cfg, 30)
	start := time.Now()
	res := j.enrich(t, j.args("--callback-timeout", "500ms", "--service-wait", "2s", "--drain-timeout", "1s")...)
	res.expectCode(t, 3)
	if took := time.Since(start); took > 30*time.Second {
		t.Errorf("the run took %v against a failing service", took)
	}
	r := j.report(t)
	if r.StopReason != "the service did not answer for --service-wait" || r.Rows != 30 {
		t.Errorf("report: stop %q, rows %d", r.StopReason, r.Rows)
	}
	if !strings.Contains(res.stderr, "--service-wait") {
		t.Errorf("stderr does not say why:\n%s", res.stderr)
	}
}

// answerRewriter wraps the service: for the first n lookup submissions it
// lets the service process the request, then answers with status and body
// instead, after delay.
func answerRewriter(n int32, status int, body string, delay time.Duration) func(http.Handler) http.Handler {
	var seen atomic.Int32
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method != http.MethodPost || r.URL.Path != api.PathLookup || seen.Add(1) > n {
				next.ServeHTTP(w, r)
				return
			}
			rec := httptest.NewRecorder()
			next.ServeHTTP(rec, r)
			time.Sleep(delay)
			if status == 0 {
				for k, v := range rec.Header() {
					w.Header()[k] = v
				}
				w.WriteHeader(rec.Code)
				w.Write(rec.Body.Bytes())
				return
			}
			w.Header().Set(api.HeaderCreditsLeft, rec.Header().Get(api.HeaderCreditsLeft))
			w.WriteHeader(status)
			io.WriteString(w, body)
		})
	}
}

// Answers that show the service took a request without saying more (a
// 204, a 201 the client cannot read) are not rejections: their callbacks
// are matched by items, nothing is sent twice, nothing is paid twice.
func TestAcceptedButUnreadable(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		status int
		body   string
	}{
		{"204", http.StatusNoContent, ""},
		{"garbled 201", http.StatusCreated, `{"requestId": "#`},
		{"201 without id", http.StatusCreated, `{}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			j := newJobWith(t, fastService(10000), 150, answerRewriter(2, tc.status, tc.body, 0))
			res := j.enrich(t, j.args()...)
			res.expectCode(t, 0)
			j.checkRows(t)
			st := j.stats()
			if st.Items[string(wire.StatusDuplicateQuery)] != 0 {
				t.Errorf("%d items were sent again at once and answered duplicate_query", st.Items[string(wire.StatusDuplicateQuery)])
			}
			if used := st.CreditsUsed["standard"]; used != found(j.report(t)) {
				t.Errorf("credits used %d, want %d: paid twice", used, found(j.report(t)))
			}
		})
	}
}

// Callbacks that beat their 201: the service answers every submission 200
// ms after it processed it, while its callback comes at once. The run
// must neither stall nor lose budget.
func TestCallbackBeatsItsAnswer(t *testing.T) {
	t.Parallel()
	cfg := fastService(10000)
	cfg.CallbackDelay = time.Millisecond
	j := newJobWith(t, cfg, 250, answerRewriter(1000, 0, "", 200*time.Millisecond))
	start := time.Now()
	j.enrich(t, j.args()...).expectCode(t, 0)
	j.checkRows(t)
	j.budgetKept(t)
	// 250 rows need about three windows of 100 items; a lost reservation
	// would hold the budget until the end.
	if took := time.Since(start); took > 20*time.Second {
		t.Errorf("the run took %v", took)
	}
}

// Two runs on one account at once share its budget: together they never
// exceed it.
func TestTwoRunsShareTheBudget(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(10000), 300)
	other := *j
	other.input = filepath.Join(j.dir, "other.csv")
	other.output = filepath.Join(j.dir, "other-enriched.csv")
	other.journal = filepath.Join(j.dir, "other.journal")
	var b bytes.Buffer
	b.WriteString("Email\n")
	w := j.emu.World()
	for i := 1000; len(strings.Split(b.String(), "\n")) < 302; i++ {
		if p := w.Person(i); len(p.Emails) > 0 {
			b.WriteString(p.Emails[0].Address + "\n")
		}
	}
	writeFile(t, other.input, b.String())
	var wg sync.WaitGroup
	var codes [2]int
	for i, jj := range []*job{j, &other} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i] = jj.enrich(t, jj.args()...).code
		}()
	}
	wg.Wait()
	if codes != [2]int{0, 0} {
		t.Fatalf("exit codes %v", codes)
	}
	j.checkRows(t)
	j.budgetKept(t)
}

// In --sync, a request still under way when the drain ends is awaited, and
// its results stored, before the journal closes.
func TestSyncRequestAwaited(t *testing.T) {
	t.Parallel()
	var handling sync.WaitGroup
	slow := answerRewriter(1000, 0, "", 1500*time.Millisecond) // processed at once, answered late
	wrap := func(next http.Handler) http.Handler {
		h := slow(next)
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			handling.Add(1)
			defer handling.Done()
			h.ServeHTTP(w, r)
		})
	}
	j := newJobWith(t, fastService(10000), 100, wrap)
	cmd := j.command(context.Background(), j.args("--sync", "--drain-timeout", "100ms")...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	waitFor(t, "a request under way", func() bool { return j.stats().Requests > 0 })
	cmd.Process.Signal(syscall.SIGINT)
	cmd.Wait()
	if strings.Contains(stderr.String(), "panic") || strings.Contains(stderr.String(), "database not open") {
		t.Fatalf("the journal closed under a request:\n%s", stderr.String())
	}
	// Every item the service answered is in the journal, final.
	handling.Wait()
	out, res := j.stdout(t, "status", "--journal", j.journal, "--json")
	res.expectCode(t, 0)
	var status struct {
		Journal struct {
			Lookups map[string]map[string]int `json:"lookups"`
		} `json:"journal"`
	}
	if err := json.Unmarshal([]byte(out), &status); err != nil {
		t.Fatal(err)
	}
	phases := status.Journal.Lookups["with contacts"]
	if answered := j.stats().ItemsAccepted; phases["found"]+phases["not_found"] != answered {
		t.Errorf("the service answered %d items; the journal keeps %v", answered, phases)
	}
}

// A service killed in the middle of a run: submission is retried for
// --service-wait, then the run stops as incomplete, writes every row it
// resolved and its report, and exits 3; the next run, against the service
// back, finishes the job.
func TestServiceKilled(t *testing.T) {
	t.Parallel()
	cfg := fastService(10000)
	cfg.Default.ItemsPerMinute = 50
	j := newJob(t, cfg, 300)
	cmd := j.command(context.Background(), j.args("--items-per-minute", "50", "--service-wait", "2s", "--drain-timeout", "1s")...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	waitFor(t, "the first results", func() bool { return j.stats().Delivered > 0 })
	j.srv.Close()
	start := time.Now()
	cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != 3 {
		t.Fatalf("exit code %d with the service gone, want 3:\n%s", code, stderr.String())
	}
	if took := time.Since(start); took > 20*time.Second {
		t.Errorf("the run took %v to give up on a dead service", took)
	}
	r := j.report(t)
	if r.StopReason != "the service did not answer for --service-wait" || r.RowsByStatus["success"] == 0 || r.RowsByStatus["pending"] == 0 {
		t.Fatalf("report after the outage: stop %q, rows %v", r.StopReason, r.RowsByStatus)
	}
	if n := statuses(t, j.output)["success"]; n != r.RowsByStatus["success"] {
		t.Errorf("output has %d success rows, the report %d", n, r.RowsByStatus["success"])
	}

	back := httptest.NewServer(j.emu)
	t.Cleanup(back.Close)
	j.url = back.URL
	j.enrich(t, j.args("--items-per-minute", "50")...).expectCode(t, 0)
	j.checkRows(t)
}

// --max-duration bounds the whole run, its drain included.
func TestMaxDurationIncludesDrain(t *testing.T) {
	t.Parallel()
	cfg := fastService(10000)
	cfg.Default.ItemsPerMinute = 20
	cfg.CallbackDelay = 500 * time.Millisecond
	j := newJob(t, cfg, 200)
	start := time.Now()
	res := j.enrich(t, j.args("--items-per-minute", "20", "--max-duration", "3s", "--drain-timeout", "1s")...)
	res.expectCode(t, 3)
	if took := time.Since(start); took > 3*time.Second+2*time.Second {
		t.Errorf("a 3 s run took %v", took)
	}
	if r := j.report(t); r.StopReason != "--max-duration reached" {
		t.Errorf("stop %q", r.StopReason)
	}
}

// The progress lines, the summary and the report give the same two
// credit figures.
func TestOneCreditTruth(t *testing.T) {
	t.Parallel()
	cfg := fastService(10000)
	cfg.CallbackLoss = 0.2
	j := newJob(t, cfg, 200)
	res := j.enrich(t, j.args("--callback-timeout", "800ms", "--max-attempts", "10")...)
	res.expectCode(t, 0)
	r := j.report(t)
	var finished string
	for _, line := range strings.Split(res.stderr, "\n") {
		if strings.Contains(line, "msg=finished") {
			finished = line
		}
	}
	drop := *r.Credits.BalanceDrop
	for _, want := range []string{
		fmt.Sprintf("profiles_received=%d", r.Credits.ProfilesReceived),
		fmt.Sprintf("balance_drop=%d", drop),
	} {
		if !strings.Contains(finished, want) {
			t.Errorf("last progress line %q does not say %s", finished, want)
		}
	}
	// One figure, the balance's drop, made up of the profiles received.
	th := human.Thousands
	for _, part := range []string{
		fmt.Sprintf("credits    %s spent: %s %s received", th(drop), th(r.Credits.ProfilesReceived), map[bool]string{true: "profile", false: "profiles"}[r.Credits.ProfilesReceived == 1]),
		fmt.Sprintf("balance %s → %s", th(*r.Credits.BalanceStart), th(*r.Credits.BalanceEnd)),
	} {
		if !strings.Contains(res.stderr, part) {
			t.Errorf("the summary does not say %q:\n%s", part, res.stderr)
		}
	}
	st := j.stats()
	if drop != st.CreditsUsed["standard"] || r.Credits.ProfilesReceived != found(r) {
		t.Errorf("report %+v; the service charged %d, %d profiles found", r.Credits, st.CreditsUsed["standard"], found(r))
	}
	if st.DiscardedCharged > 0 && r.Credits.Relookups == 0 {
		t.Errorf("%d profiles paid in lost deliveries, but the report counts no re-lookup", st.DiscardedCharged)
	}
}

// A second Ctrl-C quits at once, and leaves no temporary file behind: the
// run is stopped while it writes its output, which the first Ctrl-C lets
// it finish.
func TestSecondInterrupt(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(10000), 0)
	// A long sheet whose rows need no lookup: the run spends its time
	// writing the output.
	var b strings.Builder
	b.WriteString("Name,Email,Notes\n")
	for i := 0; i < 300000; i++ {
		fmt.Fprintf(&b, "Person %d,not an address %d,%s\n", i, i, strings.Repeat("x", 40))
	}
	writeFile(t, j.input, b.String())
	j.output = filepath.Join(j.dir, "out.xlsx")
	cmd := j.command(context.Background(), j.args()...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	waitFor(t, "the output being written", func() bool {
		m, _ := filepath.Glob(filepath.Join(j.dir, ".out.xlsx.tmp-*"))
		return len(m) > 0
	})
	cmd.Process.Signal(os.Interrupt)
	time.Sleep(50 * time.Millisecond)
	cmd.Process.Signal(os.Interrupt)
	cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != 130 {
		t.Errorf("exit code %d, want 130", code)
	}
	entries, _ := os.ReadDir(j.dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
}
