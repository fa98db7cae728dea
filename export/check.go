package export

import (
	"context"
	"runtime"
	"slices"
	"sync"

	"github.com/enrich-dev/enrich/internal/ident"
	"github.com/enrich-dev/enrich/runsheet"
	"github.com/enrich-dev/enrich/state"
)

// Check reads the stored result of each answer, in the order given, on
// every core, and returns the lookups whose result is missing, damaged or
// names another identifier. Results are decoded into the cache while it
// has room.
func (x *Exporter) Check(ctx context.Context, j *state.Journal, m *runsheet.Sheet, answers []runsheet.FoundAnswer) ([]int32, error) {
	var mu sync.Mutex
	var bad []int32
	err := inBlocks(ctx, j, len(answers), max(runtime.GOMAXPROCS(0), 1), func(s *journalScan, lo, hi int) bool {
		for _, a := range answers[lo:hi] {
			var res storedResult
			if x.nearlyFull() {
				res = x.peek(s, a.Result)
			} else {
				res = x.result(s, a.Result)
			}
			l := &m.Lookups[a.Lookup]
			if res.damaged || !x.answers(a.Result, ident.ID{Kind: l.Kind, Value: l.ID}, res) {
				mu.Lock()
				bad = append(bad, a.Lookup)
				mu.Unlock()
			}
		}
		return true
	})
	slices.Sort(bad)
	return bad, err
}
