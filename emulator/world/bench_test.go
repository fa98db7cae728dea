package world

import (
	"fmt"
	"runtime"
	"testing"
)

// BenchmarkNew measures building worlds of the default size and of a
// million people (the overnight-sheet scale), and reports the heap the
// finished world holds.
func BenchmarkNew(b *testing.B) {
	for _, n := range []int{20000, 1000000} {
		b.Run(fmt.Sprintf("people=%d", n), func(b *testing.B) {
			if n > 100000 && testing.Short() {
				b.Skip("a million people take seconds; skipped with -short")
			}
			New(Config{People: 100}) // load the shared reference data outside the timing
			b.ReportAllocs()
			var w *World
			for b.Loop() {
				w = New(Config{People: n})
			}
			b.StopTimer()
			runtime.GC()
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			b.ReportMetric(float64(ms.HeapAlloc)/(1<<20), "MB-live")
			runtime.KeepAlive(w)
		})
	}
}

// BenchmarkCandidate measures rendering one full profile.
func BenchmarkCandidate(b *testing.B) {
	w := New(Config{People: 5000})
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		w.Candidate(w.Person(i%w.Len()), false)
		i++
	}
}

// BenchmarkFind measures resolving identifiers of every kind.
func BenchmarkFind(b *testing.B) {
	w := New(Config{People: 20000})
	s := w.Sample(100)
	items := append(append(append(s.LinkedIn, s.Email...), s.Phone...), s.UID...)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, ok := w.Find(items[i%len(items)]); !ok {
			b.Fatal("sampled identifier not found")
		}
		i++
	}
}

// BenchmarkAdvance measures moving a world half a year on (the career
// events of everyone, the employee lists of every company), and reports
// the heap the advanced world holds besides the world at its start.
func BenchmarkAdvance(b *testing.B) {
	for _, n := range []int{20000, 1000000} {
		b.Run(fmt.Sprintf("people=%d", n), func(b *testing.B) {
			if n > 100000 && testing.Short() {
				b.Skip("a million people take seconds; skipped with -short")
			}
			w := New(Config{People: n})
			runtime.GC()
			var before runtime.MemStats
			runtime.ReadMemStats(&before)
			b.ReportAllocs()
			var later *World
			for b.Loop() {
				var err error
				if later, err = w.Advance(180); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			runtime.GC()
			var after runtime.MemStats
			runtime.ReadMemStats(&after)
			b.ReportMetric(float64(int64(after.HeapAlloc)-int64(before.HeapAlloc))/(1<<20), "MB-added")
			b.ReportMetric(float64(later.MoveCount()), "moves")
			runtime.KeepAlive(w)
			runtime.KeepAlive(later)
		})
	}
}

// BenchmarkFindAfterMoves measures the lookup path half a year on: finding
// people who changed company by their old and new identifiers, and
// rendering their profiles as of the clock.
func BenchmarkFindAfterMoves(b *testing.B) {
	w, err := New(Config{People: 20000}).Advance(180)
	if err != nil {
		b.Fatal(err)
	}
	var items []string
	for _, m := range w.Moves(300) {
		p := w.Person(m.Person)
		items = append(items, p.ProfileURL(), p.UID.String())
		for _, e := range p.Emails {
			items = append(items, e.Address)
		}
	}
	b.Run("find", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			if _, ok := w.Find(items[i%len(items)]); !ok {
				b.Fatal("identifier of a person who moved not found")
			}
			i++
		}
	})
	b.Run("candidate", func(b *testing.B) {
		b.ReportAllocs()
		moves := w.Moves(300)
		i := 0
		for b.Loop() {
			w.Candidate(w.Person(moves[i%len(moves)].Person), false)
			i++
		}
	})
}
