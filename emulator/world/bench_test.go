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
