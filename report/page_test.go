package report

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"
)

var seedFlag = flag.Uint64("seed", 0, "seed of the generated reports (0: from the clock)")

// seed returns the seed to draw reports from, and logs it so that a
// failure can be replayed with -seed.
func seed(t *testing.T) uint64 {
	s := *seedFlag
	if s == 0 {
		s = uint64(time.Now().UnixNano())
	}
	t.Logf("seed %d (replay with: go test ./report -run '%s' -seed %d)", s, t.Name(), s)
	return s
}

// TestRunPage renders pages of drawn runs of every shape and checks what a
// reader relies on: the page is well formed, fetches nothing, shows every
// text as text, has every section, and shows the run's own figures.
func TestRunPage(t *testing.T) {
	base := seed(t)
	for i, shape := range shapes() {
		n := 12
		if shape == shapeHuge || testing.Short() {
			n = 3
		}
		for j := range n {
			s := base + uint64(i*1000+j)
			r := genRun(rand.New(rand.NewPCG(s, 0)), shape)
			t.Run(fmt.Sprintf("%s/seed=%d", shape, s), func(t *testing.T) {
				var buf bytes.Buffer
				if err := r.WriteHTML(&buf); err != nil {
					t.Fatal(err)
				}
				checkRunPage(t, r, buf.Bytes())
			})
		}
	}
}

func checkRunPage(t *testing.T, r *Run, page []byte) {
	t.Helper()
	if len(page) > 512<<10 {
		t.Errorf("page is %d bytes; a report that is mailed should stay under 512 KiB", len(page))
	}
	root := parseXHTML(t, page)
	checkSelfContained(t, page, root)

	want := []string{"summary", "figures", "timeline", "rows", "match", "credits", "traffic", "settings", "files"}
	if !r.Complete {
		want = append(want, "next")
	}
	for _, id := range want {
		root.one(t, "id", id)
	}
	if r.Complete && len(root.with("id", "next")) != 0 {
		t.Error("a complete run's page says what to run next")
	}
	// A refresh run lists who changed jobs, each by name, as the text it is.
	if r.Refreshed > 0 {
		rows := root.one(t, "id", "changes").elems("tbody")[0].elems("tr")
		if want := max(len(r.Changes), 1); len(rows) != want {
			t.Errorf("changes table has %d rows for %d changes", len(rows), len(r.Changes))
		}
		for i, c := range r.Changes {
			sameText(t, "changed person", rows[i].elems("td")[0].text(), c.Name)
		}
	} else if len(root.with("id", "changes")) != 0 {
		t.Error("a run without refresh shows who changed jobs")
	}

	// What ran, how it ended, what to run next: shown as the text it is.
	sameText(t, "heading", root.elems("h1")[0].text(), r.Input+" → "+r.Output)
	sameText(t, "title", root.elems("title")[0].text(), "enrich run: "+r.Input)
	if !r.Complete {
		next := root.one(t, "id", "next")
		if r.Next != "" {
			sameText(t, "next command", next.elems("code")[0].text(), r.Next)
		}
		if !strings.Contains(root.one(t, "class", "state warn").text(), r.StopReason) {
			t.Errorf("state %q does not give the stop reason %q", root.one(t, "class", "state warn").text(), r.StopReason)
		}
	}
	exit := root.one(t, "data-key", "exit_code").elems("dd")[0].text()
	if !strings.HasPrefix(exit, strconv.Itoa(r.ExitCode)) {
		t.Errorf("exit code shown %q, want %d", exit, r.ExitCode)
	}

	// Key figures.
	figure := func(key string) string { return root.one(t, "data-figure", key).elems("p")[1].text() }
	sameNum(t, "rows figure", figure("rows"), int64(r.Rows))
	sameNum(t, "found figure", figure("found"), int64(r.RowsByStatus["success"]))
	spent := r.Credits.ProfilesReceived
	if r.Credits.BalanceStart != nil && r.Credits.BalanceEnd != nil {
		spent = *r.Credits.BalanceStart - *r.Credits.BalanceEnd
	}
	sameNum(t, "credits spent figure", figure("credits_spent"), spent)
	sameNum(t, "work e-mail figure", figure("with_work_email"), int64(r.Coverage.WorkEmail))
	sameNum(t, "e-mail figure", figure("with_email"), int64(r.Coverage.Email))
	sameNum(t, "phone figure", figure("with_phone"), int64(r.Coverage.Phone))

	// Rows to fix: listed first, each with its row and why.
	if r.Fix.Total == 0 {
		if len(root.with("id", "fix")) != 0 {
			t.Error("a run without rows to fix lists some")
		}
	} else {
		sec := root.one(t, "id", "fix")
		fix := sec.all(func(n *node) bool { _, ok := n.attr["data-row"]; return ok })
		if len(fix) != len(r.Fix.Rows) {
			t.Errorf("%d rows to fix listed, want %d", len(fix), len(r.Fix.Rows))
		}
		// Those past the first few are behind "and N more", never
		// without a word of them.
		if inSight := len(sec.elems("table")[0].all(func(n *node) bool { _, ok := n.attr["data-row"]; return ok })); inSight < len(fix) {
			more := sec.elems("summary")
			if len(more) != 1 || !strings.HasPrefix(more[0].text(), fmt.Sprintf("and %s more", thousands(int64(len(fix)-inSight)))) {
				t.Errorf("%d of %d rows to fix in sight, and the page does not say how many more: %q", inSight, len(fix), sec.text())
			}
		}
		if r.Fix.Total > len(r.Fix.Rows) && !strings.Contains(sec.text(), "enrich_status") {
			t.Errorf("the page lists %d of %d rows to fix without saying where they all are", len(r.Fix.Rows), r.Fix.Total)
		}
		for i, f := range r.Fix.Rows[:min(len(fix), len(r.Fix.Rows))] {
			c := fix[i].cells()
			sameNum(t, "row to fix", c[0], int64(f.Row))
			sameText(t, "status of row to fix", c[1], f.Status)
			sameText(t, "why of row to fix", c[2], f.Why)
		}
	}

	// Rows by status: one line per status rows have, in the report's order.
	var statuses []string
	for _, st := range orderedKeys(r.RowsByStatus, Statuses) {
		if r.RowsByStatus[st] > 0 {
			statuses = append(statuses, st)
		}
	}
	lines := root.one(t, "id", "rows").all(func(n *node) bool { _, ok := n.attr["data-status"]; return ok })
	if len(lines) != len(statuses) {
		t.Fatalf("%d status lines, want %d", len(lines), len(statuses))
	}
	for i, st := range statuses {
		if lines[i].attr["data-status"] != st {
			t.Errorf("status line %d is %q, want %q", i, lines[i].attr["data-status"], st)
		}
		sameNum(t, "rows of "+st, lines[i].cells()[1], int64(r.RowsByStatus[st]))
		sameText(t, "name of status", lines[i].elems("code")[0].text(), st)
	}
	segments := root.one(t, "id", "rows").elems("rect")
	if len(segments) != len(statuses) {
		t.Errorf("%d segments in the status bar, want %d", len(segments), len(statuses))
	}

	// Match rate by identifier kind; by name, the rows searched and those
	// matched.
	rates := map[string]KindMatch{}
	for k, m := range r.MatchRate {
		rates[k] = m
	}
	if b := r.ByName; b != nil {
		delete(rates, KindName)
		if searched := b.Rows + b.Ambiguous + b.NotFound; searched > 0 {
			rates[KindName] = KindMatch{Tried: searched, Found: b.Rows}
		}
	}
	if shown := root.all(func(n *node) bool { _, ok := n.attr["data-kind"]; return ok }); len(shown) != len(rates) {
		t.Errorf("%d match rates shown, want %d", len(shown), len(rates))
	}
	for _, k := range orderedKeys(rates, Kinds) {
		c := root.one(t, "data-kind", k).cells()
		sameNum(t, "tried "+k, c[1], int64(rates[k].Tried))
		sameNum(t, "found "+k, c[2], int64(rates[k].Found))
	}

	// Requests and credits.
	ledger := func(key string) string { return root.one(t, "data-key", key).cells()[1] }
	for key, v := range map[string]int{
		"lookups": r.Lookups, "requests": r.Requests, "items_sent": r.ItemsSent,
		"resubmissions": r.Resubmissions, "expired": r.Expired, "rate_limited": r.RateLimited,
		"callbacks": r.Callbacks, "duplicate_results": r.Duplicates, "uncertain_requests": r.Uncertain,
		"relookups": r.Credits.Relookups, "undelivered": int(r.Credits.Undelivered),
	} {
		sameNum(t, key, ledger(key), int64(v))
	}
	for key, v := range map[string]*int64{"balance_start": r.Credits.BalanceStart, "balance_end": r.Credits.BalanceEnd} {
		if v != nil {
			sameNum(t, key, ledger(key), *v)
		} else if got := ledger(key); got != "not read" {
			t.Errorf("%s shown %q, want %q", key, got, "not read")
		}
	}
	if c := r.Credits; c.BalanceStart != nil && c.BalanceEnd != nil {
		// A statement: the start, less what was received and what else
		// the balance lost, is what is left.
		sameNum(t, "profiles received", ledger("profiles_received"), -c.ProfilesReceived)
		if extra := *c.BalanceStart - *c.BalanceEnd - c.ProfilesReceived; extra != 0 {
			sameNum(t, "other drop", ledger("other_drop"), -extra)
		}
	} else {
		sameNum(t, "profiles received", ledger("profiles_received"), r.Credits.ProfilesReceived)
	}

	// Settings, in order, and the files.
	settings := root.one(t, "id", "settings").elems("tbody")
	if len(r.Settings) > 0 {
		trs := settings[0].elems("tr")
		if len(trs) != len(r.Settings) {
			t.Fatalf("%d settings shown, want %d", len(trs), len(r.Settings))
		}
		for i, s := range r.Settings {
			c := trs[i].cells()
			sameText(t, "flag", c[0], s.Flag)
			sameText(t, "value", c[1], s.Value)
		}
	}
	sameText(t, "input file", root.one(t, "data-key", "input").elems("code")[0].text(), r.Input)
	sameText(t, "journal file", root.one(t, "data-key", "journal").elems("code")[0].text(), r.Journal)

	checkTimeline(t, r, root)
}

// checkTimeline checks the chart of rate windows and the list of events.
func checkTimeline(t *testing.T, r *Run, root *node) {
	t.Helper()
	sec := root.one(t, "id", "timeline")
	charts := sec.all(func(n *node) bool { return n.name == "svg" && n.hasClass("chart") })
	if len(r.Timeline.Windows) == 0 && len(r.Timeline.Events) == 0 {
		if len(charts) != 0 {
			t.Error("a run that sent nothing has a chart")
		}
		return
	}
	if len(charts) != 1 {
		t.Fatalf("%d charts in the timeline, want 1", len(charts))
	}
	chart := charts[0]
	bars := chart.all(func(n *node) bool { return n.hasClass("bar") })
	if len(bars) > maxBars || (len(r.Timeline.Windows) > 0 && len(bars) == 0) {
		t.Errorf("%d bars for %d windows", len(bars), len(r.Timeline.Windows))
	}
	busiest, limited := 0, false
	for _, w := range r.Timeline.Windows {
		busiest = max(busiest, w.Items)
		limited = limited || w.RateLimited > 0
	}
	// The tallest bar is the busiest window, and says so.
	tallest, tallestH := (*node)(nil), -1.0
	for _, b := range bars {
		h, err := strconv.ParseFloat(b.attr["height"], 64)
		if err != nil || h < 0 {
			t.Fatalf("bar height %q", b.attr["height"])
		}
		if h > tallestH {
			tallest, tallestH = b, h
		}
	}
	if tallest != nil && busiest > 0 {
		title := tallest.parent.elems("title")[0].text()
		if !strings.Contains(title, thousands(int64(busiest))+" items") && !strings.Contains(title, "the busiest "+thousands(int64(busiest))) {
			t.Errorf("the tallest bar %q is not the busiest window's %d items", title, busiest)
		}
	}
	marks := chart.all(func(n *node) bool { return n.hasClass("mark429") })
	if limited != (len(marks) > 0) {
		t.Errorf("%d 429 marks; a window with a 429: %v", len(marks), limited)
	}
	if budget := chart.all(func(n *node) bool { return n.hasClass("budget") }); len(budget) != 1 ||
		!strings.Contains(budget[0].text(), thousands(int64(r.Timeline.Budget))) {
		t.Error("the chart does not draw the budget")
	}

	stops, outages, major := 0, 0, 0
	for _, e := range r.Timeline.Events {
		switch e.Kind {
		case EventStop, EventCredits:
			stops++
		case EventOutageStart:
			outages++
		}
		if isMajor(e.Kind) {
			major++
		}
	}
	if got := len(chart.all(func(n *node) bool { return n.name == "line" && n.parent.hasClass("lines") })); got != stops {
		t.Errorf("%d stop lines, want %d", got, stops)
	}
	if got := len(chart.all(func(n *node) bool { return n.hasClass("band") })); got != outages {
		t.Errorf("%d outage bands, want %d", got, outages)
	}
	rows := sec.all(func(n *node) bool { return n.name == "tr" && n.parent.name == "tbody" })
	want := min(len(r.Timeline.Events), max(maxEventRows, major))
	if len(rows) != want {
		t.Errorf("%d events listed of %d, want %d", len(rows), len(r.Timeline.Events), want)
	}
	if len(rows) < len(r.Timeline.Events) && !strings.Contains(sec.text(), fmt.Sprintf("%d more", len(r.Timeline.Events)-len(rows))) {
		t.Error("the page does not say how many events it leaves out")
	}
}

// TestEmployeesPage checks drawn company export pages as TestRunPage does
// runs.
func TestEmployeesPage(t *testing.T) {
	base := seed(t)
	for j := range 40 {
		s := base + uint64(j)
		e := genEmployees(rand.New(rand.NewPCG(s, 0)))
		t.Run(fmt.Sprintf("seed=%d", s), func(t *testing.T) {
			var buf bytes.Buffer
			if err := e.WriteHTML(&buf); err != nil {
				t.Fatal(err)
			}
			root := parseXHTML(t, buf.Bytes())
			checkSelfContained(t, buf.Bytes(), root)
			for _, id := range []string{"summary", "figures", "profiles", "company", "settings"} {
				root.one(t, "id", id)
			}
			if hasNext := len(root.with("id", "next")) == 1; hasNext == e.Complete {
				t.Errorf("complete: %v; the page says what to run next: %v", e.Complete, hasNext)
			}
			figure := func(key string) string { return root.one(t, "data-figure", key).elems("p")[1].text() }
			sameNum(t, "expected", figure("profiles_expected"), e.Expected)
			sameNum(t, "written", figure("profiles_written"), int64(e.Written))
			sameNum(t, "batches", figure("batches"), int64(e.Batches))
			sameText(t, "company name", root.one(t, "data-key", "name").elems("code")[0].text(), e.Company.Name)
			sameText(t, "slug", root.one(t, "data-key", "slug").elems("code")[0].text(), e.Company.Slug)
			sameNum(t, "company id", root.one(t, "data-key", "id").elems("code")[0].text(), e.Company.ID)
			if !e.Complete && e.Next != "" {
				sameText(t, "next command", root.one(t, "id", "next").elems("code")[0].text(), e.Next)
			}
			if e.Expected > 0 && len(root.one(t, "id", "profiles").elems("svg")) != 1 {
				t.Error("no progress bar")
			}
		})
	}
}

// checkSelfContained checks that the page fetches nothing and runs
// nothing: no element that loads or runs, no event handler, no URL in an
// attribute or a style, and a policy that forbids fetches to a browser.
func checkSelfContained(t *testing.T, page []byte, root *node) {
	t.Helper()
	forbidden := map[string]bool{"script": true, "img": true, "image": true, "iframe": true, "object": true,
		"embed": true, "link": true, "use": true, "foreignObject": true, "audio": true, "video": true,
		"source": true, "base": true, "form": true, "input": true, "a": true}
	for _, n := range root.all(func(*node) bool { return true }) {
		if forbidden[n.name] {
			t.Errorf("page has a <%s> element", n.name)
		}
		for a, v := range n.attr {
			low := strings.ToLower(a)
			if strings.HasPrefix(low, "on") || low == "src" || low == "href" || strings.HasSuffix(low, ":href") ||
				low == "srcset" || low == "action" || low == "background" || low == "poster" {
				t.Errorf("<%s> has attribute %s=%q", n.name, a, v)
			}
			// Data attributes carry the report's own names, which are
			// text to a browser; any other attribute with a URL in it
			// could be fetched.
			if strings.Contains(strings.ToLower(v), "url(") && !strings.HasPrefix(low, "data-") && !strings.HasPrefix(low, "aria-") {
				t.Errorf("<%s %s=%q> refers to a URL", n.name, a, v)
			}
		}
	}
	styles := root.elems("style")
	if len(styles) != 1 {
		t.Fatalf("%d style elements, want 1", len(styles))
	}
	css := strings.ToLower(styles[0].text())
	for _, bad := range []string{"url(", "@import", "http://", "https://", "@font-face"} {
		if strings.Contains(css, bad) {
			t.Errorf("the page's CSS contains %q", bad)
		}
	}
	csp := root.with("http-equiv", "Content-Security-Policy")
	if len(csp) != 1 || !strings.Contains(csp[0].attr["content"], "default-src 'none'") {
		t.Error("the page has no policy that forbids fetches")
	}
	if bytes.Contains(bytes.ToLower(page), []byte("<script")) {
		t.Error("the page's bytes contain <script")
	}
}

// sameText fails when got is not want, white space aside.
func sameText(t *testing.T, what, got, want string) {
	t.Helper()
	if w := strings.Join(strings.Fields(want), " "); got != w {
		t.Errorf("%s shown %q, want %q", what, got, w)
	}
}

// sameNum fails when the number shown is not want. It reads numbers as
// the page writes them: 1,234, −56 for an amount taken off, +7 for one
// added.
func sameNum(t *testing.T, what, shown string, want int64) {
	t.Helper()
	s := strings.NewReplacer(",", "", "−", "-", "+", "").Replace(strings.Fields(shown + " ")[0])
	got, err := strconv.ParseInt(s, 10, 64)
	if err != nil || got != want {
		t.Errorf("%s shown %q, want %d", what, shown, want)
	}
}
