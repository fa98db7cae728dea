// Package report is what a job did, for the person who ran it and for the
// programs that read it: the JSON written beside an output
// (OUTPUT.report.json), the same as a self-contained page
// (OUTPUT.report.html), and the summary printed when a command ends.
//
// The pipeline fills these types; nothing here talks to the service or the
// journal. Run is an enrichment run, Employees a company employee export;
// each has WriteSummary, WriteHTML and WriteFiles (both files, each
// written atomically beside the output).
//
// The page is html/template with its CSS embedded and its charts as
// inline SVG, drawn from geometry computed in chart.go. A plotting
// library (gonum's plot through vg/vgsvg) was the other way; it is not
// used because the charts here are three simple shapes (bars against a
// line, one stacked bar, pairs of bars) and the library would cost more
// than it gives: it lays text out with the metrics of fonts it then
// either names (and a laptop without them shows the labels misplaced) or
// embeds (hundreds of kilobytes of base64 in every page), it writes a
// standalone SVG document at a fixed size rather than one that scales
// with the page and takes its colours from the page's CSS (one colour per
// status, the same in the chart, the table and print), and it brings a
// dozen modules into a command-line tool. The template is short, escapes
// every text from the data as html/template does anywhere else on the
// page, and lets the tests read the charts as elements.
package report

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/enrich-dev/enrich/internal/human"
	"github.com/enrich-dev/enrich/internal/ident"
)

// Row statuses in the order reports list them: final ones first, then
// those a further run changes.
var Statuses = []string{
	"success", "not_found", "ambiguous", "no_identifier", "invalid_identifier", "suppressed",
	"credits_exhausted", "error", "pending",
}

// Identifier kinds in the order reports list them: the default
// waterfall's, as package ident lists them, then KindName, which counts
// the uids that searches by name and company found, apart from the uids
// the sheet names: it is how those rows were found.
var Kinds = append(namesOf(ident.Kinds), KindName)

// KindName is the match rate's key of the people found by name and company.
const KindName = "name"

func namesOf(kinds []ident.Kind) []string {
	names := make([]string, len(kinds))
	for i, k := range kinds {
		names[i] = k.String()
	}
	return names
}

// Run is what one enrichment run (`enrich run`, `enrich search --enrich`)
// did.
type Run struct {
	Command string `json:"command"` // the command line, without secrets
	Input   string `json:"input"`
	Output  string `json:"output"`
	Journal string `json:"journal"`
	// Page is where the report's page is, when it is not beside Output
	// (OUTPUT.report.html): an output sent to standard output is written
	// first to a file beside the journal, and its report beside that.
	Page string `json:"page,omitempty"`

	// Complete is true when every row is final; otherwise StopReason says
	// why the run ended early, and Next what to run to go on.
	Complete   bool   `json:"complete"`
	StopReason string `json:"stop_reason,omitempty"`
	ExitCode   int    `json:"exit_code"`
	Next       string `json:"next,omitempty"`

	Settings []Setting `json:"settings"`

	Rows         int            `json:"rows"`
	RowsByStatus map[string]int `json:"rows_by_status"`
	// Coverage is what the rows found hold; Fix the rows the user can
	// mend for a next run to find them.
	Coverage Coverage  `json:"coverage"`
	Fix      RowsToFix `json:"rows_to_fix"`
	// MatchRate is, per identifier kind, how many distinct identifiers of
	// the input were looked up to a final answer and how many found someone;
	// under KindName, how many rows were searched by name and company and
	// how many of them were matched, which a report takes from ByName
	// (see Rates).
	MatchRate map[string]KindMatch `json:"match_rate"`

	Lookups int `json:"lookups"` // distinct identifiers in the input
	// Requests counts the lookup requests the service took, or may have
	// taken (its answer was lost), and ItemsSent their items.
	Requests  int `json:"requests"`
	ItemsSent int `json:"items_sent"`
	// Refused counts the items of requests the service did not take, by
	// its answer: "429", "402", "503", another status, "redirected" (to
	// another address) or "no connection" (the request never reached it).
	// They are sent again, and counted neither as sent nor in the rate
	// window.
	Refused       map[string]int `json:"refused_items,omitempty"`
	Resubmissions int            `json:"resubmissions"`     // identifiers sent again (lost callback, duplicate_query, timeout, refused request)
	Expired       int            `json:"expired"`           // requests whose callback never came in time
	RateLimited   int            `json:"rate_limited"`      // 429 answers
	Callbacks     int            `json:"callbacks"`         // result deliveries received
	Duplicates    int            `json:"duplicate_results"` // results received again
	// RefusedResults counts results of callbacks that named no request of
	// this journal (a Request-Id never given to it, and no request of
	// exactly those items waiting for one): not stored, not shown.
	// SharedRequestIDs counts requestIds the service gave to a second
	// request; callbacks of both are told apart by their items.
	RefusedResults   int `json:"refused_results,omitempty"`
	SharedRequestIDs int `json:"shared_request_ids,omitempty"`
	// Uncertain counts requests whose answer was lost (a 5xx, a timeout, a
	// cut connection) although the service may have taken them.
	Uncertain int `json:"uncertain_requests"`
	// Damaged counts rows whose stored result could not be read back; the
	// next run looks them up again. Redone counts the identifiers this run
	// looked up again for that.
	Damaged int `json:"damaged_results,omitempty"`
	Redone  int `json:"redone,omitempty"`
	// Kept counts the results the journal could not store (a full disk,
	// a journal damaged under the run), kept in KeptFile beside the
	// output instead: the output holds them, and the next run takes them
	// into the journal.
	Kept     int    `json:"kept_results,omitempty"`
	KeptFile string `json:"kept_file,omitempty"`

	Credits Credits `json:"credits"`

	Started         time.Time `json:"started"`
	Finished        time.Time `json:"finished"`
	DurationSeconds float64   `json:"duration_seconds"`
	// ItemsPerMinute is the rate achieved while submitting; Budget is the
	// most the rate window allows.
	ItemsPerMinute       float64 `json:"items_per_minute"`
	BudgetItemsPerMinute float64 `json:"budget_items_per_minute"`

	Timeline Timeline `json:"timeline"`

	// Refreshed counts the identifiers a refresh (--refresh-older-than)
	// looked up again; Changes lists the people it found in another job.
	Refreshed int      `json:"refreshed,omitempty"`
	Changes   []Change `json:"changes,omitempty"`

	// ByName is what finding rows by name and company did; nil when the
	// sheet names nobody so.
	ByName *ByName `json:"by_name,omitempty"`
	// Fill is what the run wrote into the sheet's own columns (--fill);
	// nil when it was not asked to.
	Fill *Fill `json:"fill,omitempty"`

	// Budget is the account's budget as the runs sharing it used it; nil
	// when this run kept its own.
	Budget *BudgetUse `json:"shared_budget,omitempty"`
}

// BudgetUse is the use of an account's budget by every run that shares
// it: on this machine through a ledger file, on every machine through
// Redis.
type BudgetUse struct {
	Where string `json:"where"` // the ledger file, or the Redis server (without its password)
	// Items is the items in the window of every run on the account, as
	// last seen, and Limit the budget.
	Items int `json:"items_in_window"`
	Limit int `json:"limit"`
	// Runs is how many runs shared it when last seen, this one included;
	// MostRuns the most at once during the run.
	Runs     int `json:"runs"`
	MostRuns int `json:"most_runs"`
	// Unreachable says why the budget could not be reached, when the run
	// stopped for it.
	Unreachable string `json:"unreachable"`
}

// Coverage is what a sales team asks of a run first: how many rows were
// found, and of them how many have a work e-mail, any e-mail, a phone.
type Coverage struct {
	Found     int `json:"found"`
	WorkEmail int `json:"with_work_email"`
	Email     int `json:"with_email"`
	Phone     int `json:"with_phone"`
}

// RowsToFix are the rows whose cells keep them from being found: an
// invalid identifier, none at all, several people agreeing with a name,
// or lookups that kept failing. Rows lists the first MaxFixRows, in row
// order; Total counts them all.
type RowsToFix struct {
	Total    int            `json:"total"`
	ByStatus map[string]int `json:"by_status,omitempty"`
	Rows     []FixRow       `json:"rows"`
}

// MaxFixRows is the most rows to fix a report lists; the output's
// enrich_status and enrich_error columns have them all.
const MaxFixRows = 100

// FixRow is one row to fix: its number as the spreadsheet shows it, its
// status, and what is wrong.
type FixRow struct {
	Row int `json:"row"`
	// Key is the row's key, for a database's table (or a file written
	// into one by --key): what names the row there.
	Key string `json:"key,omitempty"`
	// Name is the person the row names, on a sheet with person columns:
	// what tells a reader which row it is.
	Name   string `json:"name"`
	Status string `json:"status"`
	Why    string `json:"why"`
}

// Add counts a row to fix, and lists it while there is room.
func (f *RowsToFix) Add(row FixRow) {
	f.Total++
	if f.ByStatus == nil {
		f.ByStatus = map[string]int{}
	}
	f.ByStatus[row.Status]++
	if len(f.Rows) < MaxFixRows {
		f.Rows = append(f.Rows, row)
	}
}

// Fill is what a run wrote into the sheet's own columns: per column, the
// cells filled and those kept because they held a value the rule
// protects, and the file that lists every filled cell.
type Fill struct {
	Columns []FillColumn `json:"columns"`
	Filled  int          `json:"filled"`
	Kept    int          `json:"kept"`
	File    string       `json:"file"`
	// Conflicts counts the cells of a table written back that were not
	// written: changed in the table since the run read them; listed in
	// ConflictsFile.
	Conflicts     int    `json:"conflicts,omitempty"`
	ConflictsFile string `json:"conflicts_file,omitempty"`
}

// FillColumn is one column of the sheet's that a rule let the run fill.
type FillColumn struct {
	Column string `json:"column"` // its header
	Field  string `json:"field"`  // what it holds (email, title…)
	Rule   string `json:"rule"`   // blank or overwrite
	Filled int    `json:"filled"`
	Kept   int    `json:"kept"`
}

// Sentence says what was filled, for the summary.
func (f *Fill) Sentence() string {
	var parts []string
	for _, c := range f.Columns {
		if c.Filled > 0 {
			parts = append(parts, fmt.Sprintf("%s %s", c.Column, thousands(int64(c.Filled))))
		}
	}
	filled := "none"
	if len(parts) > 0 {
		filled = strings.Join(parts, ", ")
	}
	s := fmt.Sprintf("%s %s of the sheet's own (%s); %s kept for holding a value; listed in %s",
		thousands(int64(f.Filled)), human.Plural(int64(f.Filled), "cell", "cells"), filled, thousands(int64(f.Kept)), f.File)
	if f.Conflicts > 0 {
		s += fmt.Sprintf("; %s not written, changed in the table since the run read %s: listed in %s",
			thousands(int64(f.Conflicts)), human.Plural(int64(f.Conflicts), "it", "them"), f.ConflictsFile)
	}
	return s
}

// ByName is what finding rows by name and company did in a run.
type ByName struct {
	Rows  int `json:"rows_found"` // rows whose person was found by name
	Moved int `json:"rows_moved"` // of those, found at a company they left
	// High and Medium count the rows found by name by the confidence of
	// their match (enrich_confidence).
	High      int `json:"rows_high_confidence"`
	Medium    int `json:"rows_medium_confidence"`
	NotFound  int `json:"rows_not_found"` // rows searched whose person nobody agrees with
	Ambiguous int `json:"rows_ambiguous"` // rows several people agree with
	// CandidatesFile lists the ambiguous rows' candidates.
	CandidatesFile string `json:"candidates_file"`
	Searches       int    `json:"searches"` // searches this run made (the daily query quota)
	Profiles       int    `json:"profiles"` // profiles they returned (the daily profile quota)
	// Stopped says why searching stopped before every row was searched
	// ("" when it did not).
	Stopped string `json:"stopped"`
}

// Searched counts the rows searched by name and company to an answer:
// those matched, those several people agree with, and those nobody
// agrees with. Rows whose search the run never made (a quota spent, the
// run stopped first) are not among them.
func (b *ByName) Searched() int { return b.Rows + b.Ambiguous + b.NotFound }

// Match is the match rate of finding by name: the rows matched of the
// rows searched. It is not a rate of identifiers: a row searched and not
// found has none, so a rate counted by the uids searches found would
// count only the rows found, and read 100 %.
func (b *ByName) Match() KindMatch {
	m := KindMatch{Tried: b.Searched(), Found: b.Rows}
	if m.Tried > 0 {
		m.Rate = float64(m.Found) / float64(m.Tried)
	}
	return m
}

// Sentence says what finding by name did, for the summary.
func (b *ByName) Sentence() string {
	s := fmt.Sprintf("%d %s found by name and company (%d with high confidence, %d medium; %d at a company they left), %d ambiguous, %d not found; %d %s returning %d %s",
		b.Rows, human.Plural(int64(b.Rows), "row", "rows"), b.High, b.Medium, b.Moved, b.Ambiguous, b.NotFound,
		b.Searches, human.Plural(int64(b.Searches), "search", "searches"), b.Profiles, human.Plural(int64(b.Profiles), "profile", "profiles"))
	if b.CandidatesFile != "" {
		s += "; candidates in " + b.CandidatesFile
	}
	if b.Stopped != "" {
		s += "; searching stopped: " + b.Stopped
	}
	return s
}

// Change is a person whose current company or title changed between two
// answers stored in the journal.
type Change struct {
	Name       string `json:"name"`
	UID        string `json:"uid"`
	Identifier string `json:"identifier"` // the identifier looked up
	Origin     string `json:"origin"`     // where it was found, FILE:ROW
	From       Job    `json:"from"`
	To         Job    `json:"to"`
	// Changed lists what differs: company, title, location, email, phones.
	Changed []string  `json:"changed"`
	Before  time.Time `json:"before"` // when the previous answer came
	Seen    time.Time `json:"seen"`   // when the new one came
}

// Job is a current company and title.
type Job struct {
	Company string `json:"company"`
	Title   string `json:"title"`
}

// Setting is one option the run was started with, named as its flag,
// and where its value came from: FromCommandLine, FromDefault, or the
// environment variable that set it.
type Setting struct {
	Flag  string `json:"flag"`
	Value string `json:"value"`
	From  string `json:"from"`
}

// Where a setting came from, besides an environment variable.
const (
	FromCommandLine = "command line"
	FromDefault     = "default"
)

// Rates is the match rate per identifier kind as every view of the run
// shows it (the summary, the page, the JSON): MatchRate, with the rate of
// KindName that of ByName, the rows matched of the rows searched by name,
// when the run searched by name. ByName is the one count of those rows;
// taking the rate from it keeps the figures beside each other agreeing.
func (r *Run) Rates() map[string]KindMatch {
	if r.ByName == nil {
		return r.MatchRate
	}
	rates := make(map[string]KindMatch, len(r.MatchRate)+1)
	for k, m := range r.MatchRate {
		rates[k] = m
	}
	delete(rates, KindName)
	if m := r.ByName.Match(); m.Tried > 0 {
		rates[KindName] = m
	}
	return rates
}

// MarshalJSON writes the run as its fields say, with match_rate as Rates
// gives it, so that the JSON beside the output and every other reader of
// a run's JSON (enrich mcp's jobs) see the rate the summary and the page
// show.
func (r Run) MarshalJSON() ([]byte, error) {
	type fields Run // the same fields without this method
	f := fields(r)
	f.MatchRate = r.Rates()
	return json.Marshal(f)
}

// KindMatch is the match rate of one identifier kind.
type KindMatch struct {
	Tried int     `json:"tried"`
	Found int     `json:"found"`
	Rate  float64 `json:"rate"`
}

// Credits is the one account of what a run cost. Two figures, each named
// for what it is: the profiles the run received (each a credit spent), and
// the drop of the account's balance while it ran, which also holds
// profiles the service charged but never delivered (a delivery it
// discarded, or an answer lost) and any other use of the account
// meanwhile.
type Credits struct {
	Pool string `json:"pool"` // "standard" or "without contacts"
	// ProfilesReceived counts the matches delivered to this run.
	ProfilesReceived int64 `json:"profiles_received"`
	// BalanceStart and BalanceEnd are X-Credits-Left before the first
	// request and after the last callback; nil when not read.
	BalanceStart *int64 `json:"balance_start,omitempty"`
	BalanceEnd   *int64 `json:"balance_end,omitempty"`
	// BalanceDrop is BalanceStart − BalanceEnd.
	BalanceDrop *int64 `json:"balance_drop,omitempty"`
	// Relookups counts items sent again because the delivery of an earlier
	// request for them never came: each one found was paid twice if the
	// service had matched it the first time.
	Relookups int `json:"relookups"`
	// Undelivered counts the items of this run's requests whose results
	// never came (given up after --callback-timeout, or their answer and
	// callback lost): the service may have matched and charged them and
	// discarded their delivery.
	Undelivered int64 `json:"undelivered"`
	// MaxCredits is --max-credits, 0 when unlimited; Counted is what the
	// run counted against it: the matches in its requests' own results and
	// every item whose results never came, the most it can have been
	// charged.
	MaxCredits int64 `json:"max_credits,omitempty"`
	Counted    int64 `json:"counted,omitempty"`
}

// Timeline is the run over time: items sent per rate window against the
// budget, and what happened when.
type Timeline struct {
	WindowSeconds float64  `json:"window_seconds"`
	Budget        int      `json:"budget"` // items per window
	Windows       []Window `json:"windows"`
	Events        []Event  `json:"events"`
}

// Window counts what happened in one rate window of the run, the windows
// laid end to end from the run's start.
type Window struct {
	Start       float64 `json:"start"` // seconds from the run's start
	Items       int     `json:"items"` // items sent
	Requests    int     `json:"requests"`
	RateLimited int     `json:"rate_limited"`      // 429 answers
	Resent      int     `json:"resent"`            // items of Items sent again
	Refused     int     `json:"refused,omitempty"` // items of requests the service did not take, not in Items
	Results     int     `json:"results"`           // results received
}

// Event kinds.
const (
	EventStop        = "stop"         // submission stopped (Detail says why)
	EventOutageStart = "outage_start" // the service stopped answering
	EventOutageEnd   = "outage_end"   // it answered again
	EventCredits     = "credits"      // credits ran out
	EventExpired     = "expired"      // a request's callback never came in time
	EventRateLimited = "rate_limited" // a 429
)

// Event is something that happened at an instant of the run.
type Event struct {
	At     float64 `json:"at"` // seconds from the run's start
	Kind   string  `json:"kind"`
	Detail string  `json:"detail,omitempty"`
}

// PagePath is where the report's page is: Page, or beside the output.
func (r *Run) PagePath() string {
	if r.Page != "" {
		return r.Page
	}
	return r.Output + ".report.html"
}
