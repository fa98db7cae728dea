package report

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/enrich-dev/enrich/internal/human"
)

// WriteSummary prints the run for a person, in a few aligned lines.
func (r *Run) WriteSummary(w io.Writer) {
	fmt.Fprintf(w, "enrich: %s → %s: %s\n", r.Input, r.Output, stateLine(r.Complete, r.StopReason, r.Next))
	c, found := r.Coverage, r.RowsByStatus["success"]
	fmt.Fprintf(w, "  %-10s %s of %s rows (%s): %s with a work e-mail, %s with any e-mail, %s with a phone\n", "found",
		thousands(int64(found)), thousands(int64(r.Rows)), share(found, r.Rows), thousands(int64(c.WorkEmail)), thousands(int64(c.Email)), thousands(int64(c.Phone)))
	if r.Fix.Total > 0 {
		fmt.Fprintf(w, "  %-10s %s\n", "to fix", r.Fix.sentence(r.PagePath()))
	}
	fmt.Fprintf(w, "  %-10s %d: %s\n", "rows", r.Rows, statusList(r.RowsByStatus))
	rates := r.Rates()
	for _, k := range orderedKeys(rates, Kinds) {
		km, of := rates[k], ""
		if k == KindName {
			of = " rows searched" // rows, not identifiers: a row not found has none
		}
		fmt.Fprintf(w, "  %-10s %d of %d%s found (%s)\n", k, km.Found, km.Tried, of, share(km.Found, km.Tried))
	}
	fmt.Fprintf(w, "  %-10s %d distinct; %d %s sent in %d %s; %d sent again%s; %d rate-limited\n",
		"lookups", r.Lookups, r.ItemsSent, human.Plural(int64(r.ItemsSent), "item", "items"), r.Requests, human.Plural(int64(r.Requests), "request", "requests"), r.Resubmissions, refusedList(r.Refused), r.RateLimited)
	fmt.Fprintf(w, "  %-10s %s\n", "credits", r.Credits.sentence())
	if r.Kept > 0 {
		fmt.Fprintf(w, "  %-10s %d the journal could not store, kept in %s: the output holds them, and the next run takes them into the journal\n", "results", r.Kept, r.KeptFile)
	}
	if r.ByName != nil {
		fmt.Fprintf(w, "  %-10s %s\n", "by name", r.ByName.Sentence())
	}
	if r.Fill != nil {
		fmt.Fprintf(w, "  %-10s %s\n", "filled", r.Fill.Sentence())
	}
	if r.Budget.Shared() {
		fmt.Fprintf(w, "  %-10s %s\n", "budget", r.Budget.Sentence())
	}
	if r.Refreshed > 0 {
		fmt.Fprintf(w, "  %-10s %d looked up again; %d %s changed company or title\n", "refreshed", r.Refreshed,
			len(r.Changes), human.Plural(int64(len(r.Changes)), "person", "people"))
	}
	fmt.Fprintf(w, "  %-10s %s at %.0f items/min (budget %.0f)\n", "time",
		(time.Duration(r.DurationSeconds * float64(time.Second))).Round(time.Second), r.ItemsPerMinute, r.BudgetItemsPerMinute)
	fmt.Fprintf(w, "  %-10s %s\n", "report", r.PagePath())
}

// refusedList says which items the service refused, by its answer: ";
// refused 200 (429), 100 (503)", or "" when none were.
func refusedList(refused map[string]int) string {
	if parts := refusedParts(refused); len(parts) > 0 {
		return "; refused " + strings.Join(parts, ", ")
	}
	return ""
}

// stateLine says how a job ended and, for an incomplete one, what to run
// to go on.
func stateLine(complete bool, reason, next string) string {
	if complete {
		return "complete"
	}
	s := "incomplete"
	if reason != "" {
		s += " (" + reason + ")"
	}
	if next != "" {
		s += "; to go on, run: " + next
	}
	return s
}

// statusList lists the row counts in the order of Statuses, then any
// status this list does not know yet in name order, leaving out statuses
// no row has.
func statusList(counts map[string]int) string {
	var parts []string
	for _, st := range orderedKeys(counts, Statuses) {
		if n := counts[st]; n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", st, n))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// Spent is the one figure of what a run cost: the drop of the balance
// when it was read at both ends, else the profiles received; and a note
// that says in one line what makes it up.
func (c Credits) Spent() (int64, string) {
	received := fmt.Sprintf("%s %s received", thousands(c.ProfilesReceived), human.Plural(c.ProfilesReceived, "profile", "profiles"))
	if c.BalanceStart == nil || c.BalanceEnd == nil {
		return c.ProfilesReceived, received + "; balance not read"
	}
	drop := *c.BalanceStart - *c.BalanceEnd
	switch extra := drop - c.ProfilesReceived; {
	case extra > 0:
		return drop, fmt.Sprintf("%s, %s %s", received, thousands(extra), c.explainExtra(extra))
	case extra < 0:
		return drop, fmt.Sprintf("%s, %s credits added to the account meanwhile", received, thousands(-extra))
	}
	return drop, received
}

// sentence says what the run cost in one line: the credits spent (the
// balance's drop when it was read), what makes them up, and the balance.
func (c Credits) sentence() string {
	spent, note := c.Spent()
	s := fmt.Sprintf("%s spent: %s", thousands(spent), note)
	if c.BalanceStart != nil && c.BalanceEnd != nil {
		s += fmt.Sprintf("; balance %s → %s", thousands(*c.BalanceStart), thousands(*c.BalanceEnd))
	}
	if c.MaxCredits > 0 {
		s += fmt.Sprintf("; %s counted against --max-credits %s", thousands(c.Counted), thousands(c.MaxCredits))
	}
	return s
}

// explainExtra says what a balance that fell by extra more than the
// profiles received paid for: deliveries the service discarded, as far as
// the run's undelivered items go, and other use of the account beyond.
func (c Credits) explainExtra(extra int64) string {
	discarded := min(extra, c.Undelivered)
	switch {
	case discarded == 0:
		return "other use of the account meanwhile"
	case discarded == extra:
		return fmt.Sprintf("for matches whose delivery the service discarded (%s %s never delivered)", thousands(c.Undelivered), human.Plural(c.Undelivered, "item was", "items were"))
	}
	return fmt.Sprintf("for matches whose delivery the service discarded (%s %s never delivered), %s other use of the account meanwhile",
		thousands(c.Undelivered), human.Plural(c.Undelivered, "item was", "items were"), thousands(extra-discarded))
}

// summaryFixRows is how many rows of each status the summary names.
const summaryFixRows = 3

// sentence says how many rows to fix there are of each status, with the
// first rows of each, and where the list is.
func (f RowsToFix) sentence(page string) string {
	var parts []string
	for _, st := range orderedKeys(f.ByStatus, Statuses) {
		var rows []string
		named := human.Plural(int64(f.ByStatus[st]), "row ", "rows ")
		for _, r := range f.Rows {
			if r.Status == st && len(rows) < summaryFixRows {
				rows = append(rows, strconv.Itoa(r.Row))
				if r.Key != "" { // a table's row: named by its key
					rows[len(rows)-1] = strconv.Quote(r.Key)
					named = human.Plural(int64(f.ByStatus[st]), "key ", "keys ")
				}
			}
		}
		n := f.ByStatus[st]
		p := fmt.Sprintf("%s %s", thousands(int64(n)), st)
		if len(rows) > 0 {
			p += " (" + named + strings.Join(rows, ", ")
			if n > len(rows) {
				p += "…"
			}
			p += ")"
		}
		parts = append(parts, p)
	}
	return fmt.Sprintf("%s %s: %s; why, in %s", thousands(int64(f.Total)), human.Plural(int64(f.Total), "row", "rows"), strings.Join(parts, ", "), page)
}

// Summary is the summary of a run as one JSON object, for scripts: what
// the text summary says, each figure by name. Every key is there in
// every run, empty maps as {} and what is not known as null
// (docs/json.md).
type Summary struct {
	Input      string `json:"input"`
	Output     string `json:"output"`
	Report     string `json:"report"` // the report page
	Complete   bool   `json:"complete"`
	StopReason string `json:"stop_reason"`
	ExitCode   int    `json:"exit_code"`
	// ExitCodeMapped is the code the process ended with when
	// --incomplete-exit-code changed an exit 3; nil when nothing did.
	ExitCodeMapped *int   `json:"exit_code_mapped"`
	Next           string `json:"next"`

	Rows         int            `json:"rows"`
	RowsByStatus map[string]int `json:"rows_by_status"`
	Coverage     Coverage       `json:"coverage"`
	// RowsToFix counts the rows to fix by status; the report lists them.
	RowsToFix int            `json:"rows_to_fix"`
	FixStatus map[string]int `json:"rows_to_fix_by_status"`

	Credits SummaryCredits `json:"credits"`

	Lookups       int     `json:"lookups"`
	Requests      int     `json:"requests"`
	ItemsSent     int     `json:"items_sent"`
	Resubmissions int     `json:"resubmissions"`
	RateLimited   int     `json:"rate_limited"`
	ByName        *ByName `json:"by_name"`
	Fill          *Fill   `json:"fill"`
	Seconds       float64 `json:"duration_seconds"`
	Rate          float64 `json:"items_per_minute"`
	Budget        float64 `json:"budget_items_per_minute"`
	// SharedBudget is the account's budget as the runs sharing it used
	// it, when it was shared through Redis or with another run.
	SharedBudget *BudgetUse `json:"shared_budget"`
}

// SummaryCredits is the cost of a run: Spent is the one figure (the
// balance's drop when it was read, else the profiles received), Note what
// makes it up.
type SummaryCredits struct {
	Spent            int64  `json:"spent"`
	ProfilesReceived int64  `json:"profiles_received"`
	BalanceStart     *int64 `json:"balance_start"`
	BalanceEnd       *int64 `json:"balance_end"`
	Note             string `json:"note"`
}

// Summary returns the run's summary.
func (r *Run) Summary() Summary {
	spent, note := r.Credits.Spent()
	var shared *BudgetUse
	if r.Budget.Shared() {
		shared = r.Budget
	}
	byStatus, fix := r.RowsByStatus, r.Fix.ByStatus
	if byStatus == nil {
		byStatus = map[string]int{}
	}
	if fix == nil {
		fix = map[string]int{}
	}
	return Summary{
		Input: r.Input, Output: r.Output, Report: r.PagePath(),
		Complete: r.Complete, StopReason: r.StopReason, ExitCode: r.ExitCode, Next: r.Next,
		Rows: r.Rows, RowsByStatus: byStatus, Coverage: r.Coverage,
		RowsToFix: r.Fix.Total, FixStatus: fix,
		Credits: SummaryCredits{Spent: spent, ProfilesReceived: r.Credits.ProfilesReceived,
			BalanceStart: r.Credits.BalanceStart, BalanceEnd: r.Credits.BalanceEnd, Note: note},
		Lookups: r.Lookups, Requests: r.Requests, ItemsSent: r.ItemsSent,
		Resubmissions: r.Resubmissions, RateLimited: r.RateLimited, ByName: r.ByName, Fill: r.Fill,
		Seconds: r.DurationSeconds, Rate: r.ItemsPerMinute, Budget: r.BudgetItemsPerMinute,
		SharedBudget: shared,
	}
}

// Shared reports whether the budget is worth a line of its own: shared
// through Redis, or with another run, or out of reach.
func (u *BudgetUse) Shared() bool {
	return u != nil && (u.MostRuns > 1 || u.Unreachable != "" || strings.HasPrefix(u.Where, "redis"))
}

// Sentence says how the runs sharing the account's budget used it.
func (u *BudgetUse) Sentence() string {
	if u.Unreachable != "" {
		return fmt.Sprintf("shared through %s, which did not answer: %s", u.Where, u.Unreachable)
	}
	return fmt.Sprintf("shared through %s by up to %d %s at once; %s of its %s items in the window when last seen",
		u.Where, u.MostRuns, human.Plural(int64(u.MostRuns), "run", "runs"), thousands(int64(u.Items)), thousands(int64(u.Limit)))
}
