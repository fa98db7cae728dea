package budget

import (
	"slices"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/internal/redistest"
)

// BenchmarkTakeRoom measures what a request pays for its room in the
// account's budget: the look (Room), the take and the settlement, through
// the ledger file of one machine and through Redis, and reports the
// median of each request's cost. The window is a millisecond, so that
// the ledger holds what a real one does (a few requests) and the budget
// is never full: what is measured is the store, not the wait.
func BenchmarkTakeRoom(b *testing.B) {
	run := func(b *testing.B, open func() *Ledger) {
		l := open()
		defer l.Close()
		costs := make([]time.Duration, 0, b.N)
		for b.Loop() {
			start := time.Now()
			now := time.Now()
			l.Room(now)
			r := l.Take(now, 100)
			l.Settle(r, time.Now())
			costs = append(costs, time.Since(start))
		}
		slices.Sort(costs)
		b.ReportMetric(float64(costs[len(costs)/2].Microseconds()), "median-µs/request")
	}
	const limit, span = 600, time.Millisecond
	b.Run("file", func(b *testing.B) {
		dir := b.TempDir()
		run(b, func() *Ledger {
			l, err := Open(dir, testAccount, limit, span, Options{})
			if err != nil {
				b.Fatal(err)
			}
			return l
		})
	})
	b.Run("redis", func(b *testing.B) {
		srv := redistest.Start(b)
		run(b, func() *Ledger {
			l, err := OpenRedis(srv.URL, testAccount, limit, span, Options{})
			if err != nil {
				b.Fatal(err)
			}
			return l
		})
	})
}
