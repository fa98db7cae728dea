package report

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// WriteSummary prints the run for a person, in a few aligned lines.
func (r *Run) WriteSummary(w io.Writer) {
	fmt.Fprintf(w, "enrich: %s → %s: %s\n", r.Input, r.Output, stateLine(r.Complete, r.StopReason, r.Next))
	fmt.Fprintf(w, "  %-10s %d: %s\n", "rows", r.Rows, statusList(r.RowsByStatus))
	for _, k := range orderedKeys(r.MatchRate, Kinds) {
		km := r.MatchRate[k]
		fmt.Fprintf(w, "  %-10s %d of %d found (%s)\n", k, km.Found, km.Tried, share(km.Found, km.Tried))
	}
	fmt.Fprintf(w, "  %-10s %d distinct; %d %s sent in %d %s; %d sent again%s; %d rate-limited\n",
		"lookups", r.Lookups, r.ItemsSent, plural(int64(r.ItemsSent), "item", "items"), r.Requests, plural(int64(r.Requests), "request", "requests"), r.Resubmissions, refusedList(r.Refused), r.RateLimited)
	fmt.Fprintf(w, "  %-10s %s\n", "credits", r.Credits.sentence())
	if r.Kept > 0 {
		fmt.Fprintf(w, "  %-10s %d the journal could not store, kept in %s: the output holds them, and the next run takes them into the journal\n", "results", r.Kept, r.KeptFile)
	}
	if r.ByName != nil {
		fmt.Fprintf(w, "  %-10s %s\n", "by name", r.ByName.Sentence())
	}
	if r.Refreshed > 0 {
		fmt.Fprintf(w, "  %-10s %d looked up again; %d %s changed company or title\n", "refreshed", r.Refreshed,
			len(r.Changes), plural(int64(len(r.Changes)), "person", "people"))
	}
	fmt.Fprintf(w, "  %-10s %s at %.0f items/min (budget %.0f)\n", "time",
		(time.Duration(r.DurationSeconds * float64(time.Second))).Round(time.Second), r.ItemsPerMinute, r.BudgetItemsPerMinute)
	fmt.Fprintf(w, "  %-10s %s\n", "report", r.Output+".report.html")
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

// sentence says what the run cost in one line: the profiles received, and
// the balance's drop when it was read, with what explains a difference.
func (c Credits) sentence() string {
	s := fmt.Sprintf("%d %s received", c.ProfilesReceived, plural(c.ProfilesReceived, "profile", "profiles"))
	if c.BalanceStart == nil || c.BalanceEnd == nil {
		return s + "; balance not read"
	}
	s += fmt.Sprintf("; balance %d → %d", *c.BalanceStart, *c.BalanceEnd)
	if extra := *c.BalanceStart - *c.BalanceEnd - c.ProfilesReceived; extra > 0 {
		s += fmt.Sprintf(" (%d more than received: %s)", extra, c.explainExtra(extra))
	}
	if c.MaxCredits > 0 {
		s += fmt.Sprintf("; %d counted against --max-credits %d", c.Counted, c.MaxCredits)
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
		return fmt.Sprintf("matches whose delivery the service discarded (%d %s never delivered)", c.Undelivered, plural(c.Undelivered, "item was", "items were"))
	}
	return fmt.Sprintf("%d for matches whose delivery the service discarded (%d %s never delivered), %d other use of the account meanwhile",
		discarded, c.Undelivered, plural(c.Undelivered, "item was", "items were"), extra-discarded)
}

func plural(n int64, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
