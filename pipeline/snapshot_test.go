package pipeline

import (
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/internal/jsondoc"
	"github.com/enrich-dev/enrich/report"
)

// TestSnapshotKeys: a snapshot of a run, as `enrich status --json` shows
// it, has every key docs/json.md lists, whether the run has just started
// or waits with results come and a shared budget.
func TestSnapshotKeys(t *testing.T) {
	listed := jsondoc.Keys(t, filepath.Join("..", "docs", "json.md"), "A running job")
	at := time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC)
	for name, s := range map[string]Snapshot{
		"just started": {Input: "leads.csv", Output: "out.csv", Started: at, Updated: at},
		"waiting": {Input: "leads.csv", Output: "out.csv", Started: at, Updated: at, Rows: 10, Waiting: 4, ETASeconds: 12,
			LastResult: &at, WaitingFor: "the service, which has not answered for 5s", Wait: "outage 5s",
			Budget: &report.BudgetUse{Where: "redis://redis.internal:6379/0", Items: 300, Limit: 600, Runs: 2, MostRuns: 2}},
	} {
		t.Run(name, func(t *testing.T) {
			b, err := json.Marshal(s)
			if err != nil {
				t.Fatal(err)
			}
			jsondoc.Check(t, listed, b)
		})
	}
}
