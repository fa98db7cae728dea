package report

import (
	"embed"
	"fmt"
	"html/template"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/internal/human"
	"github.com/enrich-dev/enrich/internal/ident"
)

//go:embed page
var pageFiles embed.FS

// Templates: one per report kind, each with the shared head and parts.
var (
	runPage       = parsePage("run.html")
	employeesPage = parsePage("employees.html")
)

func parsePage(name string) *template.Template {
	funcs := template.FuncMap{
		"num":    func(n int) string { return thousands(int64(n)) },
		"add":    func(a, b int) int { return a + b },
		"plural": func(n int, one, many string) string { return human.Plural(int64(n), one, many) },
		// args splits a command line at its spaces, so that the page
		// wraps a long one between arguments, never inside "--flag";
		// joined again by one space each, it is the same text.
		"args": func(s string) []string { return strings.Split(s, " ") },
	}
	return template.Must(template.New(name).Funcs(funcs).ParseFS(pageFiles, "page/base.html", "page/style.css", "page/"+name))
}

// WriteHTML writes the run as one self-contained page: inline CSS and
// SVG, nothing fetched, every text from the run escaped.
func (r *Run) WriteHTML(w io.Writer) error {
	if err := runPage.Execute(w, newRunView(r)); err != nil {
		return fmt.Errorf("write run report page: %w", err)
	}
	return nil
}

// statusInfo is how the page shows a row status: its colour class and
// what it means.
var statusInfo = map[string]struct{ class, meaning string }{
	"success":            {"st-success", "a profile was found"},
	"not_found":          {"st-not-found", "every identifier was looked up; none matched"},
	"ambiguous":          {"st-ambiguous", "found only by name, and several people agree: the candidates are beside the output"},
	"no_identifier":      {"st-no-identifier", "the row has no identifier"},
	"invalid_identifier": {"st-invalid", "its identifiers are all invalid"},
	"suppressed":         {"st-suppressed", "the person asked to be forgotten (enrich forget): never looked up"},
	"credits_exhausted":  {"st-credits", "the account ran out of credits first"},
	"error":              {"st-error", "given up after --max-attempts"},
	"pending":            {"st-pending", "not final: the run stopped before it"},
}

// kindNames are what the page calls the identifier kinds, and the people
// found by name and company.
var kindNames = func() map[string]string {
	names := map[string]string{KindName: "name and company"}
	for _, k := range ident.Kinds {
		names[k.String()] = ident.Label(k)
	}
	return names
}()

// maxChangeRows bounds the people the page lists; the JSON has them all.
const maxChangeRows = 500

// runView is what the run page shows, worked out from the run.
type runView struct {
	R         *Run
	Title     string
	Head      header
	Figures   []figure
	Statuses  []statusRow
	StatusBar *statusBar
	Kinds     []kindRow
	// NameRate says Kinds holds the rows searched by name (KindName).
	NameRate bool
	Timeline *timelineChart
	Events   []eventRow
	// EventsLeft counts the events the table leaves out.
	EventsLeft int
	// Changes are the people a refresh found in another job, at most
	// maxChangeRows; ChangesLeft counts the others.
	Changes     []Change
	ChangesLeft int
	Credits     []ledgerRow
	CreditPool  string
	Traffic     []ledgerRow
	Files       []ledgerRow
	JSONName    string
	// Fix are the rows to fix, as the page lists them.
	Fix fixView
}

// header is the top of a page: what ran, how it ended, and what to run
// next.
type header struct {
	Kicker     string
	Heading    string
	State      string
	StateClass string // ok or warn
	Times      []ledgerRow
	Next       string // the command to run next
	NextNote   string
}

// figure is one of the key figures at the top of a page; Key names it
// for programs that read the page (data-figure).
type figure struct{ Key, Label, Value, Note string }

// ledgerRow is one line of a table of figures or facts; Note explains
// it, and Total marks a line that sums up those above. Key names it for
// programs that read the page (data-key).
type ledgerRow struct {
	Key, Label, Value, Note string
	Total                   bool
	// Wide marks words rather than a figure: a ledger gives the value
	// the width of the figure and its note together, the note below it,
	// where a figure's column would make a sentence run over its card.
	Wide bool
}

// count is a ledger row of a count.
func count(key, label string, n int, note string) ledgerRow {
	return ledgerRow{Key: key, Label: label, Value: thousands(int64(n)), Note: note}
}

// refusedText lists refused items by the service's answer: "200 (429),
// 100 (503)", or "0". A figure's column breaks the list between its
// parts, never inside one.
func refusedText(refused map[string]int) string {
	if parts := refusedParts(refused); len(parts) > 0 {
		return strings.ReplaceAll(strings.Join(parts, ", "), " (", "\u00a0(")
	}
	return "0"
}

// refusedParts names the refused items by the service's answer, in the
// order of its codes: "200 (429)".
func refusedParts(refused map[string]int) []string {
	var parts []string
	for _, code := range orderedKeys(refused, nil) {
		if n := refused[code]; n > 0 {
			parts = append(parts, thousands(int64(n))+" ("+code+")")
		}
	}
	return parts
}

// text is a row of words or a path.
func text(key, label, value, note string) ledgerRow {
	return ledgerRow{Key: key, Label: label, Value: value, Note: note, Wide: true}
}

type statusRow struct {
	Name, Class, Meaning string
	Count                int
	Share                string
}

type kindRow struct {
	Kind, Name   string
	Tried, Found int
	Rate         string
	TriedW       float64 // bar widths, in a 300-unit viewBox
	FoundW       float64
}

type eventRow struct {
	At, Clock, Label, Detail, Class string
}

// maxEventRows is the most events the page lists: stops, outages and
// credit stops always, 429s and overdue callbacks up to the rest.
const maxEventRows = 100

func newRunView(r *Run) *runView {
	v := &runView{R: r, JSONName: baseName(r.Output) + ".report.json"}
	v.Title = "enrich run: " + r.Input
	v.Head = header{Kicker: "enrich · run report", Heading: r.Input + " → " + r.Output}
	v.Head.setState(r.Complete, r.StopReason, r.Next, r.Command)
	v.Head.Times = times(r.Started, r.Finished, r.DurationSeconds, r.ExitCode)

	v.Statuses = statusRows(r.RowsByStatus)
	v.StatusBar = newStatusBar(v.Statuses)
	v.Kinds = kindRows(r.Rates())
	for _, k := range v.Kinds {
		v.NameRate = v.NameRate || k.Kind == KindName
	}
	v.Timeline = newTimeline(r)
	v.Events, v.EventsLeft = eventRows(r.Timeline.Events, r.Started)
	v.Changes = r.Changes
	if len(v.Changes) > maxChangeRows {
		v.Changes, v.ChangesLeft = v.Changes[:maxChangeRows], len(v.Changes)-maxChangeRows
	}

	found := r.RowsByStatus["success"]
	c := r.Coverage
	spent, _ := r.Credits.Spent()
	spentNote := thousands(r.Credits.ProfilesReceived) + " profiles received"
	if extra := spent - r.Credits.ProfilesReceived; extra != 0 {
		spentNote += fmt.Sprintf(" + %s more: see Credits", thousands(extra))
	}
	v.Figures = []figure{
		{"rows", "rows", thousands(int64(r.Rows)), "in the input"},
		{"found", "found", thousands(int64(found)), share(found, r.Rows) + " of rows"},
		{"with_work_email", "work e-mail", thousands(int64(c.WorkEmail)), share(c.WorkEmail, found) + " of found"},
		{"with_email", "any e-mail", thousands(int64(c.Email)), share(c.Email, found) + " of found"},
		{"with_phone", "phone", thousands(int64(c.Phone)), share(c.Phone, found) + " of found"},
		{"credits_spent", "credits spent", thousands(spent), spentNote},
		{"balance_end", "credits left", optional(r.Credits.BalanceEnd), "at the end"},
		{"items_per_minute", "items a minute", fmt.Sprintf("%.0f", r.ItemsPerMinute), fmt.Sprintf("budget %.0f; %s × 429", r.BudgetItemsPerMinute, thousands(int64(r.RateLimited)))},
	}
	v.Fix = newFixView(r.Fix)
	v.Credits, v.CreditPool = creditRows(r.Credits), r.Credits.Pool
	v.Traffic = trafficRows(r)
	v.Files = []ledgerRow{
		text("input", "input", r.Input, ""),
		text("output", "output", r.Output, ""),
		text("journal", "journal", r.Journal, "keeps every request and result; a run with it resumes"),
	}
	return v
}

// trafficRows is the Requests card: what the run sent and received, and
// what it met on the way when it met anything.
func trafficRows(r *Run) []ledgerRow {
	rows := []ledgerRow{
		count("lookups", "distinct identifiers", r.Lookups, "in the input"),
		count("requests", "requests sent", r.Requests, "by this run"),
		count("items_sent", "items sent", r.ItemsSent, "in those requests"),
		{Key: "refused_items", Label: "items refused", Value: refusedText(r.Refused), Note: "the service did not take them: sent again, not counted as sent"},
		count("resubmissions", "sent again", r.Resubmissions, "lost callback, duplicate_query, timeout or refused request"),
		count("expired", "callbacks overdue", r.Expired, "requests whose callback never came in time"),
		count("rate_limited", "rate-limited (429)", r.RateLimited, "answers; each one is a budget overrun"),
		count("callbacks", "result deliveries", r.Callbacks, "callbacks received"),
		count("duplicate_results", "results received again", r.Duplicates, "already known, not paid again"),
		count("uncertain_requests", "uncertain requests", r.Uncertain, "answer lost; the service may have taken them"),
	}
	if r.RefusedResults > 0 {
		rows = append(rows, count("refused_results", "results refused", r.RefusedResults, "their callback named no request of this journal: not stored, not shown"))
	}
	if r.SharedRequestIDs > 0 {
		rows = append(rows, count("shared_request_ids", "requestIds given twice", r.SharedRequestIDs, "the service gave a second request the same requestId; both requests' results were taken by their items"))
	}
	if b := r.ByName; b != nil {
		rows = append(rows, text("by_name", "found by name", b.Sentence(), "rows without a usable identifier, searched by name and company; a row is matched only when exactly one person agrees and nothing on the row is against them"))
	}
	if f := r.Fill; f != nil {
		rows = append(rows, text("filled", "cells filled", f.Sentence(), "found values written into the sheet's own columns, under the rule of each (--fill); every one listed with its value before"))
	}
	if u := r.Budget; u.Shared() {
		rows = append(rows, text("shared_budget", "shared budget", u.Sentence(), "every run on the account, on this machine (a ledger file) or on every machine (Redis), takes its share of one budget"))
	}
	if r.Kept > 0 {
		rows = append(rows, text("kept_results", "results kept", thousands(int64(r.Kept))+" in "+r.KeptFile, "the journal could not store them: the output holds them, and the next run takes them into the journal"))
	}
	if r.Damaged > 0 {
		rows = append(rows, count("damaged_results", "damaged results", r.Damaged, "unreadable; the next run looks them up again"))
	}
	return rows
}

// setState says how the job ended and what to run to go on.
func (h *header) setState(complete bool, reason, next, command string) {
	if complete {
		h.State, h.StateClass = "Complete", "ok"
		return
	}
	h.State, h.StateClass = "Incomplete", "warn"
	if reason != "" {
		h.State += ": " + reason
	}
	switch {
	case next != "":
		h.Next, h.NextNote = next, "To go on, run:"
	case command != "":
		h.Next, h.NextNote = command, "Running the same command again resumes:"
	default:
		h.NextNote = "Running the same command again resumes."
	}
}

func times(started, finished time.Time, seconds float64, exit int) []ledgerRow {
	code := fmt.Sprint(exit)
	if m, ok := fault.ExitMeanings[exit]; ok {
		code += " (" + m + ")"
	}
	return []ledgerRow{
		text("started", "started", clock(started), ""),
		text("finished", "finished", clock(finished), ""),
		text("duration_seconds", "took", duration(seconds), ""),
		text("exit_code", "exit code", code, ""),
	}
}

// statusRows lists the statuses rows have, known ones in the order of
// Statuses, then any other in name order.
func statusRows(counts map[string]int) []statusRow {
	total := 0
	for _, n := range counts {
		total += n
	}
	var rows []statusRow
	for _, st := range orderedKeys(counts, Statuses) {
		n := counts[st]
		if n <= 0 {
			continue
		}
		info, ok := statusInfo[st]
		if !ok {
			info.class, info.meaning = "st-other", "a status this version does not describe"
		}
		rows = append(rows, statusRow{Name: st, Class: info.class, Meaning: info.meaning, Count: n, Share: share(n, total)})
	}
	return rows
}

func kindRows(rates map[string]KindMatch) []kindRow {
	most := 0
	for _, km := range rates {
		most = max(most, km.Tried)
	}
	var rows []kindRow
	for _, k := range orderedKeys(rates, Kinds) {
		km := rates[k]
		name := kindNames[k]
		if name == "" {
			name = k
		}
		row := kindRow{Kind: k, Name: name, Tried: km.Tried, Found: km.Found, Rate: share(km.Found, km.Tried)}
		if most > 0 {
			row.TriedW = round1(300 * float64(km.Tried) / float64(most))
			row.FoundW = round1(300 * float64(km.Found) / float64(most))
		}
		rows = append(rows, row)
	}
	return rows
}

// eventRows lists the events in time order: every stop, outage and credit
// stop, and the smaller events while there is room.
func eventRows(events []Event, started time.Time) ([]eventRow, int) {
	evs := append([]Event(nil), events...)
	sort.SliceStable(evs, func(i, j int) bool { return evs[i].At < evs[j].At })
	major := 0
	for _, e := range evs {
		if isMajor(e.Kind) {
			major++
		}
	}
	room := max(maxEventRows-major, 0)
	var rows []eventRow
	left := 0
	for _, e := range evs {
		if !isMajor(e.Kind) {
			if room == 0 {
				left++
				continue
			}
			room--
		}
		row := eventRow{At: duration(e.At), Label: eventLabel(Event{Kind: e.Kind}), Detail: e.Detail, Class: eventClass(e.Kind)}
		if !started.IsZero() {
			row.Clock = started.Add(time.Duration(e.At * float64(time.Second))).Format("15:04:05")
		}
		rows = append(rows, row)
	}
	return rows, left
}

func isMajor(kind string) bool {
	return kind == EventStop || kind == EventOutageStart || kind == EventOutageEnd || kind == EventCredits
}

func eventClass(kind string) string {
	switch kind {
	case EventStop:
		return "ev-stop"
	case EventCredits:
		return "ev-credits"
	case EventOutageStart, EventOutageEnd:
		return "ev-outage"
	case EventRateLimited:
		return "ev-429"
	case EventExpired:
		return "ev-expired"
	}
	return "ev-other"
}

// eventLabel says what happened, with the event's detail when it has one.
func eventLabel(e Event) string {
	var s string
	switch e.Kind {
	case EventStop:
		s = "submission stopped"
	case EventOutageStart:
		s = "the service stopped answering"
	case EventOutageEnd:
		s = "the service answered again"
	case EventCredits:
		s = "credits ran out"
	case EventExpired:
		s = "a callback never came in time"
	case EventRateLimited:
		s = "429: over the budget"
	default:
		s = e.Kind
	}
	if e.Detail != "" {
		s += " (" + e.Detail + ")"
	}
	return s
}

// creditRows is the credit account, read as a statement: the balance at
// the start, less the profiles received and whatever else the balance
// lost, is what is left.
func creditRows(c Credits) []ledgerRow {
	known := c.BalanceStart != nil && c.BalanceEnd != nil
	received := thousands(c.ProfilesReceived)
	if known {
		received = minus(c.ProfilesReceived)
	}
	rows := []ledgerRow{
		{Key: "balance_start", Label: "balance at the start", Value: optional(c.BalanceStart), Note: "X-Credits-Left before the first request"},
		{Key: "profiles_received", Label: "profiles received", Value: received, Note: "one credit each"},
	}
	left := ledgerRow{Key: "balance_end", Label: "left at the end", Value: optional(c.BalanceEnd), Note: "after the last callback", Total: true}
	if known {
		// Computed, not read from BalanceDrop, so that the statement adds
		// up whatever the engine filled in.
		drop := *c.BalanceStart - *c.BalanceEnd
		if extra := drop - c.ProfilesReceived; extra != 0 {
			note := "credits added to the account meanwhile"
			if extra > 0 {
				note = c.explainExtra(extra)
			}
			rows = append(rows, ledgerRow{Key: "other_drop", Label: "other drop", Value: minus(extra), Note: note})
		}
		left.Note = "a drop of " + thousands(drop) + " while the run ran"
	}
	limit := "no limit"
	if c.MaxCredits > 0 {
		limit = thousands(c.Counted) + "\u00a0of\u00a0" + thousands(c.MaxCredits) // one figure, never broken
	}
	return append(rows, left,
		ledgerRow{Key: "relookups", Label: "re-lookups", Value: thousands(int64(c.Relookups)), Note: "items sent again because their delivery never came; each one found was paid twice"},
		ledgerRow{Key: "undelivered", Label: "never delivered", Value: thousands(c.Undelivered), Note: "items whose results never came; the service may have charged those it matched"},
		ledgerRow{Key: "max_credits", Label: "--max-credits", Value: limit, Note: "counted: matches received and items never delivered"})
}

// minus writes n as an amount taken off a balance.
func minus(n int64) string {
	if n < 0 {
		return "+" + thousands(-n)
	}
	return "−" + thousands(n)
}

// orderedKeys lists the keys of m: those of known in that order, then the
// others in name order, so that a page and a summary never depend on map
// order.
func orderedKeys[V any](m map[string]V, known []string) []string {
	var keys []string
	for _, k := range known {
		if _, ok := m[k]; ok {
			keys = append(keys, k)
		}
	}
	var other []string
	for k := range m {
		if !contains(known, k) {
			other = append(other, k)
		}
	}
	sort.Strings(other)
	return append(keys, other...)
}

func share(n, of int) string {
	if of <= 0 {
		return "–"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(of))
}

func optional(n *int64) string {
	if n == nil {
		return "not read"
	}
	return thousands(*n)
}

func clock(t time.Time) string {
	if t.IsZero() {
		return "–"
	}
	return t.Format("2006-01-02 15:04:05 MST")
}

// baseName is the last element of a slash- or backslash-separated path.
func baseName(p string) string {
	for i := len(p) - 1; i >= 0; i-- {
		if p[i] == '/' || p[i] == '\\' {
			return p[i+1:]
		}
	}
	return p
}
