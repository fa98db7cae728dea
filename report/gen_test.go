package report

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"
)

// hostile are texts a user can put in a file name, a flag or a column, and
// that a page must show as text, never run or fetch.
var hostile = []string{
	`<script>alert("x")</script>`,
	`"><img src=x onerror=alert(1)>`,
	`</style><script src="https://evil.example/x.js"></script>`,
	`'; background:url(https://evil.example/p.png); '`,
	`<svg onload=alert(1)>`,
	`]]><!-- -->&amp;&lt;`,
	`javascript:alert(1)`,
	`{{.Input}} {{template "top"}}`,
	"R&D leads (Q3) — Zürich \u202egpj.exe",
	`C:\Users\sales\Desktop\<b>leads</b>.xlsx`,
}

// Shapes of runs the generator draws.
const (
	shapeEmpty    = "empty"
	shapeComplete = "complete"
	shapeHuge     = "huge" // thousands of windows and events
)

// Stop reasons the engine gives, and one for an outage that never ended.
var stopReasons = []string{
	"credits exhausted", "--max-credits reached", "--max-duration reached", "interrupted", "service unreachable",
}

// shapes lists every shape: empty, complete, huge, and incomplete with
// each stop reason.
func shapes() []string {
	return append([]string{shapeEmpty, shapeComplete, shapeHuge}, stopReasons...)
}

// genRun draws a run of the given shape. Its figures agree with each
// other as the engine's do (rows add up, items per window add up), and a
// third of its texts are hostile.
func genRun(rng *rand.Rand, shape string) *Run {
	text := func(normal string) string {
		if rng.IntN(3) == 0 {
			return hostile[rng.IntN(len(hostile))]
		}
		return normal
	}
	input := text("leads.xlsx")
	output := text("leads-enriched.xlsx")
	r := &Run{
		Input:        input,
		Output:       output,
		Journal:      text("enrich.journal"),
		Command:      "enrich run " + input + " -o " + output + " --max-credits " + text("5000"),
		Complete:     true,
		RowsByStatus: map[string]int{},
		MatchRate:    map[string]KindMatch{},
		Credits:      Credits{Pool: text("standard")},
		Started:      time.Date(2026, 11, 23, 8, 30, 0, 0, time.UTC).Add(time.Duration(rng.IntN(86400)) * time.Second),
		Timeline:     Timeline{WindowSeconds: 60, Budget: 600},
	}
	r.BudgetItemsPerMinute = 600
	for i := range rng.IntN(12) {
		r.Settings = append(r.Settings, Setting{Flag: text(fmt.Sprintf("--flag-%d", i)), Value: text(fmt.Sprint(rng.IntN(1000)))})
	}
	if rng.IntN(3) == 0 { // a refresh run
		r.Refreshed = 1 + rng.IntN(2000)
		for i := range rng.IntN(40) {
			r.Changes = append(r.Changes, Change{
				Name: text(fmt.Sprintf("Person %d", i)), UID: fmt.Sprintf("%032x", i), Identifier: text("a@x.co"), Origin: text("leads.csv:12"),
				From: Job{Company: text("Old Co"), Title: text("Engineer")}, To: Job{Company: text("New Co"), Title: text("Lead")},
				Changed: []string{"company", "title"}, Before: r.Started.AddDate(0, -6, 0), Seen: r.Started,
			})
		}
	}
	if shape == shapeEmpty {
		r.Finished = r.Started.Add(time.Second)
		r.DurationSeconds = 1
		return r
	}

	// Rows by status, and the identifiers behind them.
	r.Rows = 1 + rng.IntN(20000)
	final := []string{"success", "not_found", "no_identifier", "invalid_identifier", "error"}
	if rng.IntN(4) == 0 {
		final = append(final, text("a_status_from_a_newer_engine"))
	}
	left := r.Rows
	if shape != shapeComplete {
		r.Complete = false
		r.StopReason = shape
		if shape == shapeHuge {
			r.StopReason = stopReasons[rng.IntN(len(stopReasons))]
		}
		r.ExitCode = 3
		if r.StopReason == "interrupted" {
			r.ExitCode = 130
		}
		r.Next = text(r.Command)
		pending := rng.IntN(left + 1)
		r.RowsByStatus["pending"] = pending
		left -= pending
		if r.StopReason == "credits exhausted" {
			n := rng.IntN(left + 1)
			r.RowsByStatus["credits_exhausted"] = n
			left -= n
		}
	}
	for i, st := range final {
		n := left
		if i < len(final)-1 {
			n = rng.IntN(left + 1)
		}
		r.RowsByStatus[st] += n
		left -= n
	}
	kinds := append([]string(nil), Kinds...)
	if rng.IntN(4) == 0 {
		kinds = append(kinds, text("a_kind_from_a_newer_engine"))
	}
	for _, k := range kinds {
		if rng.IntN(4) == 0 {
			continue
		}
		km := KindMatch{Tried: rng.IntN(r.Rows + 1)}
		km.Found = rng.IntN(km.Tried + 1)
		if km.Tried > 0 {
			km.Rate = float64(km.Found) / float64(km.Tried)
		}
		r.MatchRate[k] = km
		r.Lookups += km.Tried
	}

	// Windows: mostly at the budget, some over it (a 429), some empty (an
	// outage); thousands of them for a huge run.
	windows := 1 + rng.IntN(60)
	if shape == shapeHuge {
		windows = 2000 + rng.IntN(8000)
	}
	outageFrom, outageTo := -1, -1
	if rng.IntN(2) == 0 || shape == "service unreachable" {
		outageFrom = rng.IntN(windows)
		outageTo = outageFrom + 1 + rng.IntN(5)
		if shape == "service unreachable" {
			outageTo = windows + 1 // never ended
		}
	}
	for i := range windows {
		w := Window{Start: float64(i) * 60}
		if i < outageFrom || i >= outageTo {
			w.Items = rng.IntN(601)
			if rng.IntN(20) == 0 {
				w.RateLimited = 1 + rng.IntN(3)
				w.Items = 600 + rng.IntN(100)
			}
			w.Resent = rng.IntN(w.Items/4 + 1)
			w.Requests = (w.Items + 99) / 100
			w.Results = rng.IntN(w.Items + 1)
		}
		if w.Items == 0 && w.Results == 0 && rng.IntN(2) == 0 {
			continue // the engine may leave a silent window out
		}
		r.Timeline.Windows = append(r.Timeline.Windows, w)
		r.ItemsSent += w.Items
		r.Requests += w.Requests
		r.RateLimited += w.RateLimited
		r.Resubmissions += w.Resent
		r.Callbacks += w.Requests
	}
	r.DurationSeconds = float64(windows)*60 + float64(rng.IntN(120))
	r.Finished = r.Started.Add(time.Duration(r.DurationSeconds * float64(time.Second)))
	r.ItemsPerMinute = float64(r.ItemsSent) / (r.DurationSeconds / 60)

	ev := func(at float64, kind, detail string) {
		r.Timeline.Events = append(r.Timeline.Events, Event{At: at, Kind: kind, Detail: detail})
	}
	for _, w := range r.Timeline.Windows {
		for range w.RateLimited {
			ev(w.Start+rng.Float64()*60, EventRateLimited, text("429 on submit"))
		}
	}
	extra := 0
	if shape == shapeHuge {
		extra = 1000 + rng.IntN(1000)
	}
	for range extra {
		ev(rng.Float64()*r.DurationSeconds, EventExpired, text("no callback in time"))
	}
	if outageFrom >= 0 {
		ev(float64(outageFrom)*60+rng.Float64()*30, EventOutageStart, text("submit: 503"))
		if outageTo <= windows {
			ev(float64(outageTo)*60+rng.Float64()*30, EventOutageEnd, text("answered again"))
		}
	}
	if !r.Complete {
		end := r.DurationSeconds - rng.Float64()*60
		if r.StopReason == "credits exhausted" {
			ev(end, EventCredits, text("402: no credits left"))
		}
		ev(end, EventStop, text(r.StopReason))
	}
	rng.Shuffle(len(r.Timeline.Events), func(i, j int) {
		r.Timeline.Events[i], r.Timeline.Events[j] = r.Timeline.Events[j], r.Timeline.Events[i]
	})

	// Credits: profiles received, and a balance read or not.
	found := r.RowsByStatus["success"]
	r.Credits.ProfilesReceived = int64(found)
	r.Credits.Relookups = rng.IntN(r.Resubmissions + 1)
	r.Credits.Undelivered = int64(rng.IntN(r.Credits.Relookups + 2))
	if rng.IntN(4) != 0 {
		start := int64(found + rng.IntN(100000))
		end := start - int64(found) - int64(rng.IntN(r.Credits.Relookups+1))
		if rng.IntN(8) == 0 {
			end += int64(rng.IntN(500)) // credits added meanwhile
		}
		drop := start - end
		r.Credits.BalanceStart, r.Credits.BalanceEnd, r.Credits.BalanceDrop = &start, &end, &drop
	}
	if strings.Contains(r.Command, "max-credits") && rng.IntN(2) == 0 {
		r.Credits.MaxCredits = int64(found + rng.IntN(5000))
		r.Credits.Counted = min(r.Credits.MaxCredits, int64(found)+r.Credits.Undelivered)
	}
	// Coverage of the rows found, and the rows to fix.
	r.Coverage.Found = found
	r.Coverage.Email = rng.IntN(found + 1)
	r.Coverage.WorkEmail = rng.IntN(r.Coverage.Email + 1)
	r.Coverage.Phone = rng.IntN(found + 1)
	row := 1
	for _, st := range []string{"invalid_identifier", "no_identifier", "ambiguous", "error"} {
		for range r.RowsByStatus[st] {
			row += 1 + rng.IntN(3)
			r.Fix.Add(FixRow{Row: row, Status: st, Why: text("why " + st)})
		}
	}
	if rng.IntN(3) == 0 {
		r.Refused = map[string]int{"429": rng.IntN(300), "503": rng.IntN(300), "no connection": rng.IntN(100)}
	}
	if rng.IntN(3) == 0 {
		r.Budget = &BudgetUse{Where: text("redis://cache.internal:6379/0"), Items: rng.IntN(600), Limit: 600, Runs: 1 + rng.IntN(3), MostRuns: 1 + rng.IntN(4)}
		if rng.IntN(3) == 0 {
			r.Budget.Unreachable = text("dial tcp 10.0.0.7:6379: connect: connection refused")
		}
	}
	if rng.IntN(3) == 0 { // the sheet names people by name and company
		b := &ByName{Rows: rng.IntN(found + 1), NotFound: r.RowsByStatus["not_found"], Ambiguous: r.RowsByStatus["ambiguous"],
			Searches: rng.IntN(1000), Profiles: rng.IntN(5000)}
		if rng.IntN(4) == 0 {
			b.Rows, b.NotFound, b.Ambiguous = 0, 0, 0 // searching stopped before any answer
			b.Stopped = text("the daily search quota is spent")
		}
		b.High = rng.IntN(b.Rows + 1)
		b.Medium = b.Rows - b.High
		b.Moved = rng.IntN(b.Rows + 1)
		r.ByName = b
	}
	r.Uncertain = rng.IntN(3)
	r.Expired = extra
	r.Duplicates = rng.IntN(10)
	return r
}

// genEmployees draws a company export: complete, or stopped for lack of
// deliveries or an interruption, with hostile texts a third of the time.
func genEmployees(rng *rand.Rand) *Employees {
	text := func(normal string) string {
		if rng.IntN(3) == 0 {
			return hostile[rng.IntN(len(hostile))]
		}
		return normal
	}
	e := &Employees{
		Command:   "enrich company employees " + text("acme"),
		Company:   Company{ID: rng.Int64N(1 << 40), Slug: text("acme"), Name: text("Acme Robotics")},
		Status:    []string{"current", "past", "both"}[rng.IntN(3)],
		Output:    text("acme.csv"),
		Journal:   text("enrich.journal"),
		Expected:  int64(rng.IntN(5000)),
		Requested: rng.IntN(2) == 0,
		Started:   time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC),
	}
	e.Written = rng.IntN(int(e.Expected) + 1)
	e.Batches = (e.Written + 99) / 100
	e.Complete = int64(e.Written) == e.Expected
	if !e.Complete {
		e.StopReason = text("no more came within 15m0s")
		e.ExitCode = 3
		e.Next = text(e.Command + " --refetch")
	}
	for i := range rng.IntN(6) {
		e.Settings = append(e.Settings, Setting{Flag: text(fmt.Sprintf("--flag-%d", i)), Value: text("value")})
	}
	e.DurationSeconds = float64(rng.IntN(3600))
	e.Finished = e.Started.Add(time.Duration(e.DurationSeconds) * time.Second)
	return e
}
