package main

import (
	"strings"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/export"
	"github.com/enrich-dev/enrich/report"
)

// TestChangesTableHoldsTheServiceWords: a name or title from the service
// with a line break, a tab or an escape neither forges a line of the
// table nor reaches the terminal as a control.
func TestChangesTableHoldsTheServiceWords(t *testing.T) {
	var b strings.Builder
	writeChanges(&b, []export.Change{{
		Name: "Ann\nMALLORY\tMOVED\x1b]0;owned\x07", Identifier: "ann@example.com", Origin: "leads.csv:2",
		From: report.Job{Company: "Acme", Title: "CEO\r\nCFO"}, To: report.Job{Company: "Initech\u202e", Title: "CTO"},
		Seen: time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC),
	}})
	out := b.String()
	if lines := strings.Count(out, "\n"); lines != 2 {
		t.Errorf("%d lines for one change and the header:\n%s", lines, out)
	}
	if strings.ContainsAny(out, "\x1b\x07\r\u202e") {
		t.Errorf("the table holds controls: %q", out)
	}
}
