package prof

import (
	"context"
	"os"
	"runtime"
	"runtime/pprof"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/pipeline"
	"github.com/enrich-dev/enrich/state"
)

func TestExportMem(t *testing.T) {
	j, err := state.Open("/tmp/enrich-bench-sheets-v1/journal-300k", state.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	done := make(chan struct{})
	var peak uint64
	go func() {
		dumped := false
		for {
			select {
			case <-done:
				return
			case <-time.After(20 * time.Millisecond):
			}
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			if m.HeapInuse > peak {
				peak = m.HeapInuse
			}
			if !dumped && m.HeapInuse > 60<<20 {
				dumped = true
				f, _ := os.Create("/tmp/prof/heap.out")
				pprof.WriteHeapProfile(f)
				f.Close()
			}
		}
	}()
	_, err = pipeline.Export(context.Background(), j, pipeline.ExportConfig{Input: "/tmp/enrich-bench-sheets-v1/leads-300k-30k.csv", Output: os.Getenv("OUT")})
	close(done)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("peak heap in use %d MiB", peak>>20)
}
