package places

import (
	"runtime"
	"testing"
)

// BenchmarkLoad times the first use of the package: reading the embedded
// gazetteer into its maps. heap-MB is what the gazetteer keeps alive.
func BenchmarkLoad(b *testing.B) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	b.ReportAllocs()
	var g *gazetteer
	for b.Loop() {
		g = build()
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(int64(after.HeapAlloc)-int64(before.HeapAlloc))/(1<<20), "heap-MB")
	runtime.KeepAlive(g)
}
